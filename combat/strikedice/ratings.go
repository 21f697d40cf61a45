package strikedice

import (
	"fmt"
	"math"
	"strings"

	"hexfire/combat"
	"hexfire/units"
)

// The formulas that rate the catalogue (ours: the excerpt does not print
// its national arsenals; docs/RULES-strikedice.md, "Ratings from history").
//
// A.P. Strike = round(2·ln(P)), P the weapon's penetration in mm at
// strikeMetres with its full-calibre round (its best other round when it
// has none; a hollow charge's at any range). Doubling the penetration adds
// about 1.4 dice. It reproduces the three values the seed prints:
// Panzer IV H 96 mm → 9, 6-pounder 73 mm → 9, Panzerschreck 200 mm → 11.
//
// Armour dice = round(E/armourMMPerDie), E the facing's effective
// thickness (mm / cos slope): the Sherman's 51 mm at 56° is 91 mm → 6.
const (
	strikeMetres   = 500
	strikePerLog   = 2.0
	armourMMPerDie = 15.0
)

// StrikeDice returns a weapon's A.P. Strike dice from its history and the
// working; 0 dice for a weapon without any penetration figure (a machine
// gun or mortar team fires as the excerpt's team with no A.P. Strike).
func StrikeDice(h *units.History) (int, string, error) {
	if h == nil {
		return 0, "", fmt.Errorf("no historical record")
	}
	row, ok := strikeRow(h)
	if !ok {
		return 0, "no penetration figure: no A.P. Strike", nil
	}
	mm := penAt(row, strikeMetres)
	if mm < 1 {
		return 0, "", fmt.Errorf("penetration %s gives %.0f mm", row, mm)
	}
	n := int(math.Round(strikePerLog * math.Log(mm)))
	at := fmt.Sprintf("at %d m", strikeMetres)
	if len(row.Metres) == 0 {
		at = "at any range"
	}
	return n, fmt.Sprintf("%s %s: %.0f mm %s → round(2·ln %.0f) = %d", row.Ammo, row, mm, at, mm, n), nil
}

// strikeRow picks the penetration row a weapon is rated by: the best
// full-calibre row at strikeMetres, else the best row.
func strikeRow(h *units.History) (units.Penetration, bool) {
	var best units.Penetration
	found, foundFull := false, false
	for _, p := range h.Pen {
		full := p.Ammo.FullCalibre()
		switch {
		case !found, full && !foundFull, full == foundFull && penAt(p, strikeMetres) > penAt(best, strikeMetres):
			best, found, foundFull = p, true, full
		}
	}
	return best, found
}

// penAt is a row's penetration at metres, the nearest range the source
// gives when metres lies outside them.
func penAt(p units.Penetration, metres float64) float64 {
	if mm, ok := p.At(metres); ok {
		return mm
	}
	switch {
	case len(p.MM) == 0:
		return 0
	case len(p.Metres) > 0 && metres < p.Metres[0]:
		return p.MM[0]
	}
	return p.MM[len(p.MM)-1]
}

// ArmourDice returns a vehicle's Armour dice on one facing and the
// working: 0 for no armour.
func ArmourDice(h *units.History, f units.Facing) (int, string) {
	plate := h.Armour[f]
	if plate.MM == 0 {
		return 0, fmt.Sprintf("no %s armour", f)
	}
	e := plate.Effective()
	n := int(math.Round(e / armourMMPerDie))
	return n, fmt.Sprintf("%s %s = %.0f mm effective → round(%.0f/15) = %d", f, plate, e, e, n)
}

// printedStrike and printedArmour are the values seed 000 prints, by
// catalogue name, with where (the formula must give them; tests check).
var printedStrike = map[string]string{
	"Pz IV H":       "seed 000, AT fire example: the Panzer IVH's A.P. Strike is 9",
	"6-Pndr Mk IV":  "seed 000, public clarification: the 6-pounder's A.P. Strike is 9",
	"Panzerschreck": "seed 000, Panzerschreck table: 11 strike dice in every band",
}

var printedArmour = map[string]string{
	"M4 (75)": "seed 000, AT fire example: the Sherman has 6 Armour Dice (front)",
}

// The names of the ratings this ruleset lists.
const (
	ratingStrike  = "A.P. Strike"
	ratingBands   = "range bands"
	ratingFront   = "armour dice front"
	ratingSide    = "armour dice side"
	ratingRear    = "armour dice rear"
	ratingTop     = "armour dice top"
	ratingTable   = "damage table"
	ratingGrenade = "AT grenade or charge"
)

// RateType returns a unit type's ratings: an infantry type's are its
// support weapon's; the others' their gun's A.P. Strike, their Armour dice
// per facing and their damage table.
func (r Ruleset) RateType(t *units.Type) ([]combat.Rating, error) {
	if t.Kind.Infantry() {
		return infantryRatings(t), nil
	}
	var out []combat.Rating
	if t.History.Gun.MM > 0 || len(t.History.Pen) > 0 {
		out = append(out, strikeRating(t.Name, &t.History))
	}
	if t.Kind == units.AFV {
		for _, f := range []struct {
			name   string
			facing units.Facing
		}{{ratingFront, units.FacingFront}, {ratingSide, units.FacingSide}, {ratingRear, units.FacingRear}, {ratingTop, units.FacingTop}} {
			n, how := ArmourDice(&t.History, f.facing)
			rt := combat.Rating{Name: f.name, Value: fmt.Sprint(n), Origin: combat.Derived, Reason: how}
			if where, ok := printedArmour[t.Name]; ok && f.facing == units.FacingFront {
				rt.Origin, rt.Reason = combat.Printed, where+"; the formula agrees: "+how
			}
			out = append(out, rt)
		}
	}
	table := apcTable.name
	why := "no gun: the excerpt's carrier table (ours for Guns and soft vehicles)"
	if t.Kind == units.AFV && t.History.Gun.MM > 0 {
		table, why = afvTable.name, "an armoured vehicle with a gun"
	}
	return append(out, combat.Rating{Name: ratingTable, Value: table, Origin: combat.Derived, Reason: why}), nil
}

// infantryRatings are an infantry type's: the A.P. Strike of the support
// weapon it carries, and the grenade or charge its squads and half squads
// attack vehicles with.
func infantryRatings(t *units.Type) []combat.Rating {
	var out []combat.Rating
	if t.Weapon != "" {
		out = append(out, combat.Rating{Name: ratingStrike, Value: "its " + t.Weapon + "'s", Origin: combat.Derived,
			Reason: "fires its support weapon, rated under the weapons"})
	}
	if t.Kind == units.Squad || t.Kind == units.HalfSquad {
		g := GrenadeOf(t.Nation)
		where := "seed 000, Anti tank Grenades & Charges"
		if _, listed := grenades[t.Nation]; !listed {
			where += ", Universal"
		}
		out = append(out, combat.Rating{Name: ratingGrenade, Value: fmt.Sprintf("%s %d", g.Name, g.Strike), Origin: combat.Printed,
			Reason: where + "; ours: the nation's strongest"})
	}
	return out
}

// RateWeapon returns a support weapon's A.P. Strike and range bands.
func (Ruleset) RateWeapon(w *units.Weapon) ([]combat.Rating, error) {
	out := []combat.Rating{strikeRating(w.Name, &w.History)}
	ends := bandsOf(combat.SupportWeaponOf(w))
	how, origin := "ours: the Panzerschreck's shares (1/2, 2/3, all) of the weapon's effective range, 1\" = 4 m", combat.Derived
	if strings.HasPrefix(w.Name, "Panzerschreck") {
		how, origin = "seed 000, Panzerschreck table; -1 to hit per band beyond the first", combat.Printed
	}
	return append(out, combat.Rating{Name: ratingBands, Origin: origin, Reason: how,
		Value: fmt.Sprintf("0-%d\" %d-%d\" %d-%d\"", ends[0], ends[0], ends[1], ends[1], ends[2])}), nil
}

func strikeRating(name string, h *units.History) combat.Rating {
	n, how, err := StrikeDice(h)
	if err != nil {
		return combat.Rating{Name: ratingStrike, Value: "-", Origin: combat.Derived, Reason: err.Error()}
	}
	r := combat.Rating{Name: ratingStrike, Value: fmt.Sprint(n), Origin: combat.Derived, Reason: how}
	if where, ok := printedStrike[name]; ok {
		r.Origin, r.Reason = combat.Printed, where+"; the formula agrees: "+how
	}
	return r
}

var _ combat.Rater = Ruleset{}

// launcherRounds is seed 000's limited ammunition of the Bazooka, PIAT and
// Panzerschreck: three rounds (AT rifles have no limit).
const launcherRounds = 3

// StartingRounds gives the infantry's rocket and spigot launchers three
// rounds: by the catalogue's facts, a hollow-charge weapon that is not
// thrown away after one shot (a one-shot Panzerfaust is counted by its
// side's pool).
func (Ruleset) StartingRounds(w *units.Weapon) int {
	if w.Type == units.Expendable {
		return 0
	}
	for _, p := range w.History.Pen {
		if p.Ammo == units.HEAT {
			return launcherRounds
		}
	}
	return 0
}

var _ combat.LimitedAmmunition = Ruleset{}
