package tohitkill

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// referenceRange is the range at which a gun's penetration gives its
// basic to-kill number: 500 m, the shortest range every source of the
// catalogue gives (ours; the range row then adds or takes off).
const referenceRange = 500.0

// The names of the ruleset's ratings.
const (
	ratingToKill = "to-kill"
	ratingToHit  = "to-hit"
	ratingFault  = "malfunction"
	ratingDates  = "in service"
)

// armourRatingNames are the ratings of the armour factors, by aspect.
var armourRatingNames = [...]struct {
	name   string
	aspect board.Aspect
	facing units.Facing
}{
	{"armour front", board.Front, units.FacingFront},
	{"armour side", board.Side, units.FacingSide},
	{"armour rear", board.Rear, units.FacingRear},
}

// gunPenetration returns the penetration of a gun by its historical facts:
// its best full-calibre or hollow-charge round at referenceRange, against
// an upright plate (mm over the cosine of the source's plate angle), with
// its working; ok is false when the facts give none.
func gunPenetration(h *units.History) (mm float64, how string, ok bool) {
	if h == nil {
		return 0, "", false
	}
	for _, p := range h.Pen {
		if !p.Ammo.FullCalibre() && p.Ammo != units.HEAT {
			continue
		}
		at, found := p.At(referenceRange)
		if !found {
			continue
		}
		upright := at / math.Cos(p.Angle*math.Pi/180)
		if upright > mm {
			mm, ok = upright, true
			how = fmt.Sprintf("%s %s mm at %g m vs %g°, %s mm upright", p.Ammo, round1(at), referenceRange, p.Angle, round1(upright))
		}
	}
	return mm, how, ok
}

func round1(v float64) string { return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") }

// gunToKillOf returns a gun's basic AP to-kill number: from its
// penetration when the facts give it, else from its ATFP letter.
func gunToKillOf(w combat.Weapon) int {
	if mm, _, ok := gunPenetration(w.History); ok {
		return toKillFromPenetration(mm)
	}
	return gunToKill[w.ATFP]
}

// armourFactorOf returns the armour factor of the aspect a target is hit
// on: from the plate of that facing when its facts give one, else from its
// armour letter (the front letter for the front, the rear letter for the
// side and the rear).
func armourFactorOf(t combat.Target, aspect board.Aspect) int {
	for _, r := range armourRatingNames {
		if r.aspect == aspect && t.History != nil && t.History.Armour[r.facing].MM > 0 {
			p := t.History.Armour[r.facing]
			return armourFactorFromPlate(p.MM, p.Slope)
		}
	}
	if aspect == board.Front {
		return armourFactor[t.Armour.Front]
	}
	return armourFactor[t.Armour.Rear]
}

// RateType returns the ruleset's ratings of a unit type: the basic AP
// to-kill number of its gun (mm of penetration at 500 m upright × 31 /
// 200) and, for an AFV, the armour factor of each facing (effective mm /
// 10), each derived from the catalogue's historical facts, or typed from
// the catalogue's letter where the facts give none.
func (Ruleset) RateType(t *units.Type) ([]combat.Rating, error) {
	var rs []combat.Rating
	if !t.Kind.Infantry() && (t.ATFP != units.NoRating || len(t.History.Pen) > 0) {
		w := combat.MainGunOf(t)
		if mm, how, ok := gunPenetration(w.History); ok {
			rs = append(rs, combat.Rating{Name: ratingToKill, Value: strconv.Itoa(toKillFromPenetration(mm)), Origin: combat.Derived,
				Reason: fmt.Sprintf("%s × 31/200 = %d", how, toKillFromPenetration(mm))})
		} else {
			rs = append(rs, combat.Rating{Name: ratingToKill, Value: strconv.Itoa(gunToKill[t.ATFP]), Origin: combat.Typed,
				Reason: fmt.Sprintf("no penetration figure: ATFP %s stands for %g mm", t.ATFP, letterPenMM[t.ATFP])})
		}
	}
	if t.Kind != units.AFV {
		return rs, nil
	}
	target := combat.TargetOf(t)
	for _, r := range armourRatingNames {
		af := armourFactorOf(target, r.aspect)
		if p := t.History.Armour[r.facing]; p.MM > 0 {
			rs = append(rs, combat.Rating{Name: r.name, Value: strconv.Itoa(af), Origin: combat.Derived,
				Reason: fmt.Sprintf("%s, effective %s mm / 10 = %d", p, round1(p.Effective()), af)})
			continue
		}
		letter := t.Armour.Rear
		if r.aspect == board.Front {
			letter = t.Armour.Front
		}
		rs = append(rs, combat.Rating{Name: r.name, Value: strconv.Itoa(af), Origin: combat.Typed,
			Reason: fmt.Sprintf("no plate given: armour %s stands for %g mm", letter, letterArmourMM[letter])})
	}
	return rs, nil
}

// weaponModels are the ruleset's models of each catalogue weapon, the
// Bazooka's by date.
var weaponModels = map[string][]*model{
	"Panzerfaust":       {&panzerfaustEarly, &panzerfaust},
	"Bazooka":           {&bazooka43, &bazooka44, &bazooka45},
	"Panzerschreck":     {&panzerschreck},
	"PIAT":              {&piat},
	"AT Rifle":          {&atRifle},
	"Molotov Projector": {&molotovProjector},
}

// printedToKill are the to-kill numbers the excerpt prints (13.34).
var printedToKill = map[*model]string{&panzerfaust: "13.34 prints 31", &panzerfaustEarly: "13.34 prints 22"}

// RateWeapon returns the ruleset's ratings of a support weapon: for each
// of its models, the to-hit numbers by range, the to-kill number (derived
// from its penetration by the formula; the catalogue's figure for the
// models it describes, ours for the others), its malfunction and its
// dates. A weapon that is not a light anti-tank weapon has none.
func (Ruleset) RateWeapon(w *units.Weapon) ([]combat.Rating, error) {
	var rs []combat.Rating
	for _, m := range weaponModels[w.Name] {
		prefix := ""
		if len(weaponModels[w.Name]) > 1 {
			prefix = m.name + " "
		}
		rs = append(rs, combat.Rating{Name: prefix + ratingToHit, Value: toHitText(m), Origin: combat.Typed,
			Reason: "the weapon's own table (docs/RULES-tohit-tokill.md)"})
		switch {
		case m == &molotovProjector:
			rs = append(rs, combat.Rating{Name: ratingToKill, Value: fmt.Sprintf("%d AFV, %d unarmoured", molotovKillAFV, molotovKillUnarmoured),
				Origin: combat.Typed, Reason: "kill numbers, not penetration: 9 printed (13.55), 6 ours"})
		default:
			origin, reason := combat.Derived, fmt.Sprintf("%g mm × 31/200 = %d", m.penMM, m.toKill)
			if p, ok := printedToKill[m]; ok {
				origin, reason = combat.Printed, p+"; "+reason
			}
			rs = append(rs, combat.Rating{Name: prefix + ratingToKill, Value: strconv.Itoa(m.toKill), Origin: origin, Reason: reason})
		}
		if m.fault != noMalfunction {
			kind := "X"
			if m.fault == brokenOnB {
				kind = "B"
			}
			rs = append(rs, combat.Rating{Name: prefix + ratingFault, Value: kind + strconv.Itoa(m.faultAt), Origin: combat.Typed,
				Reason: "docs/RULES-tohit-tokill.md"})
		}
		rs = append(rs, combat.Rating{Name: prefix + ratingDates, Value: "from " + m.from.String(), Origin: combat.Typed,
			Reason: "docs/RULES-tohit-tokill.md"})
	}
	return rs, nil
}

// toHitText writes a model's to-hit numbers by range: "10 9 8" or the
// Panzerfaust's "10 -2/hex".
func toHitText(m *model) string {
	switch {
	case m == &panzerfaust:
		return fmt.Sprintf("%d -%d/hex, range 1-3 by date", pfBasicToHit, pfPerHex)
	case m == &panzerfaustEarly:
		return fmt.Sprintf("%d -%d/hex, range 1", pfBasicToHit, pfPerHex)
	case m.toHit == nil:
		return "general table, range " + strconv.Itoa(maxRange(m, combat.Date{}))
	}
	parts := make([]string, len(m.toHit))
	for i, n := range m.toHit {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}
