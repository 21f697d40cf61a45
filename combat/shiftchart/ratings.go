package shiftchart

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Ratings from history (docs/RULES-shiftchart.md, "Ratings").
//
// Penetration P and armour are on one scale, tens of millimetres of armour
// met square on: P = ⌊mm / 10⌋ + 1 for the line-of-sight thickness a round
// defeats, and the armour value the same of a plate's effective thickness,
// mm / cos(slope). The excerpt prints P for its infantry weapons; for the
// catalogue's four rockets and its AT rifle this formula gives the printed
// contact P but for the Panzerfaust (see overrides). Guns, which the
// excerpt leaves to a Direct Fire phase it does not print, are rated by
// the formula at the shot's range, from their best full-calibre or hollow-
// charge round (sub-calibre rounds were scarce and kept for emergencies;
// our choice, as the default ruleset's).

// vulnLeast is the least margin P − armour of each vulnerability A to E;
// anything lower is F. Ours: a margin of 0 (the round just defeats the
// plate) is D, each two points more one letter better up to A at 6, and
// one point short is E.
var vulnLeast = [numVuln - 1]int{6, 4, 2, 0, -1}

// Vulnerability returns the letter index (0 = A … 5 = F) of a margin.
func Vulnerability(margin int) int {
	for v, least := range vulnLeast {
		if margin >= least {
			return v
		}
	}
	return numVuln - 1
}

// vulnLetter writes a vulnerability index as its letter.
func vulnLetter(v int) string { return string(rune('A' + v)) }

// rating is the formula's step from millimetres to the P and armour scale.
func rating(mm float64) int {
	if !(mm > 0) {
		return 0
	}
	return int(math.Floor(mm/10)) + 1
}

// gunBand is one range band of the guns' fire table (ours): the distance
// it reaches and its to-hit modifier. The steps follow the infantry
// table's, one point per 250 m to 1 km, then two per 500 m, so that a gun
// at 2–3 km shifts the full four columns.
type gunBand struct {
	metres, mod int
}

var gunBands = []gunBand{{250, 0}, {500, -1}, {750, -2}, {1000, -3}, {1500, -4}, {2000, -6}, {3000, -8}}

// catalogueRows names the excerpt's row each catalogue support weapon fires
// by (ours, from the weapon's history): the catalogue's Panzerfaust is a
// Panzerfaust 60, its Panzerschreck the RPzB 54, its AT rifle the PTRD-41.
// A weapon not listed (the rifle-calibre machine guns, the light mortar)
// has no anti-tank use: the excerpt gives none.
var catalogueRows = map[string]string{
	"Bazooka":       `2.36" Bazooka`,
	"PIAT":          "PIAT",
	"Panzerfaust":   "Panzerfaust 60",
	"Panzerschreck": "Panzerschreck 54",
	"AT Rifle":      "ATR, 14.5mm PTRD '41",
}

// RowOf returns the weapons table row a support weapon fires by: the row
// of that name, or the row its catalogue name maps to.
func RowOf(weapon string) (FireRow, bool) {
	if r, ok := rows[weapon]; ok {
		return r, true
	}
	r, ok := rows[catalogueRows[weapon]]
	return r, ok
}

// fire is what a weapon brings to one shot: its cell at the shot's range,
// whether it may immobilize, and the line saying where they come from.
type fire struct {
	cell        cell
	immobilizes bool
	line        string
}

// fireOf reads the weapon's cell at the shot's range: the excerpt's table
// for a support weapon, the guns' table and the formula for a main gun.
func fireOf(s combat.Shot) (fire, error) {
	w := s.Weapon
	row, ok := RowOf(w.Name)
	switch {
	case w.Class == combat.SupportWeapon && !ok:
		return fire{}, fmt.Errorf("the %s has no row in the infantry anti-tank weapons table: it cannot fire at vehicles", w.Name)
	case w.Class == combat.MainGun && !hasGun(w.History) && heavyMG(w.History):
		row, ok = rows[heavyMGRow], true
	}
	if ok {
		for b, reach := range bandMetres {
			if s.Metres <= reach {
				c := row.Cells[b]
				if !c.Reach {
					break
				}
				return fire{cell: c, immobilizes: row.Immobilizes,
					line: fmt.Sprintf("%s at %d m (%s column): %s", row.Weapon, s.Metres, bandNames[b], c)}, nil
			}
		}
		return fire{}, fmt.Errorf("the %s does not reach %d m", row.Weapon, s.Metres)
	}
	band := -1
	for i, b := range gunBands {
		if s.Metres <= b.metres {
			band = i
			break
		}
	}
	if band < 0 {
		return fire{}, fmt.Errorf("the %s does not reach %d m (guns fire to %d m)", w.Name, s.Metres, gunBands[len(gunBands)-1].metres)
	}
	mm, how, err := gunPenetration(w.History, float64(s.Metres))
	if err != nil {
		return fire{}, fmt.Errorf("the %s: %w", w.Name, err)
	}
	c := cell{P: rating(mm), Mod: gunBands[band].mod, Reach: true}
	return fire{cell: c, immobilizes: true,
		line: fmt.Sprintf("%s at %d m (gun, to %d m): %s, from %s", w.Name, s.Metres, gunBands[band].metres, c, how)}, nil
}

// heavyMGRow is the row a vehicle without a gun fires its heavy machine
// gun by (ours: the excerpt's .50-cal and 12.7 mm DShK rows are the same).
const heavyMGRow = ".50-cal Machine Gun"

// heavyMGCalibre is the least calibre of a heavy machine gun, in mm.
const heavyMGCalibre = 12.7

// hasGun reports whether a history has a penetration figure to rate a gun
// from.
func hasGun(h *units.History) bool {
	_, _, err := gunPenetration(h, 0)
	return err == nil
}

// heavyMG reports whether a history lists a machine gun of 12.7 mm or more.
func heavyMG(h *units.History) bool {
	return h != nil && slices.ContainsFunc(h.MGs, func(m units.MGFacts) bool { return m.Calibre >= heavyMGCalibre })
}

// gunPenetration is the line-of-sight thickness the gun's best round
// defeats at metres: each full-calibre or hollow-charge row's figure at
// that range (the nearest figure before the first range; straight on from
// the last two past the last), divided by the cosine of the source's plate
// angle.
func gunPenetration(h *units.History, metres float64) (float64, string, error) {
	if h == nil {
		return 0, "", fmt.Errorf("no historical facts to rate its gun from")
	}
	best, how := 0.0, ""
	for _, p := range h.Pen {
		if !p.Ammo.FullCalibre() && p.Ammo != units.HEAT {
			continue
		}
		mm := penAt(p, metres)
		los := mm / math.Cos(p.Angle*math.Pi/180)
		if los > best {
			best, how = los, fmt.Sprintf("%s %s mm vs %g° = %s mm square on", p.Ammo, round1(mm), p.Angle, round1(los))
		}
	}
	if best == 0 {
		return 0, "", fmt.Errorf("no full-calibre or hollow-charge penetration figure")
	}
	return best, how, nil
}

// penAt is a penetration row's figure at metres, held at the first figure
// before the first range and carried on from the last two past the last.
func penAt(p units.Penetration, metres float64) float64 {
	if mm, ok := p.At(metres); ok {
		return mm
	}
	n := len(p.Metres)
	switch {
	case n == 0 || metres < p.Metres[0]:
		return p.MM[0]
	case n == 1:
		return p.MM[0]
	}
	slope := (p.MM[n-1] - p.MM[n-2]) / (p.Metres[n-1] - p.Metres[n-2])
	return max(0, p.MM[n-1]+slope*(metres-p.Metres[n-1]))
}

// armourOf returns the target's armour value on the struck half and the
// line saying where it comes from: the front plate on the front half, the
// side plate on the rear half (most shots from behind the front line
// strike the long hull side; the default ruleset's reading), the thicker
// of the two on the hexside between. An unarmoured target has 0.
func armourOf(t combat.Target, aspect board.Aspect) (int, string) {
	if t.History == nil || t.History.Armour[units.FacingFront].MM == 0 {
		return 0, "unarmoured"
	}
	front, side := t.History.Armour[units.FacingFront], t.History.Armour[units.FacingSide]
	plate, facing := front, "front"
	switch aspect {
	case board.Rear:
		plate, facing = side, "side"
	case board.FrontRearTie:
		if side.Effective() > front.Effective() {
			plate, facing = side, "side"
		}
	}
	eff := plate.Effective()
	return rating(eff), fmt.Sprintf("%s %s, %s mm square on", facing, plate, round1(eff))
}

// round1 writes millimetres to a tenth, without a trailing ".0".
func round1(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
