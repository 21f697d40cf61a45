package d20

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"hexfire/combat"
	"hexfire/units"
)

// Ratings from history (docs/RULES-d20.md, "Ratings"). The excerpt leaves
// the national vehicle lists out; every formula here is ours [DECIDED]
// and reproduces the two values the excerpt prints, Tiger size 11 and
// SU-85 size 7.
//
//   - Size is the hull's frontal area, width × height in m², rounded
//     (Tiger 3.56 × 3.00 = 10.7 → 11; SU-85 3.00 × 2.45 = 7.4 → 7).
//   - Armour of a facing and penetration share one scale, tens of
//     millimetres met square on, rounded: a plate's value is
//     MM / cos(slope) / 10; a round's is the catalogue's figure at the
//     range (interpolated, held before the first range, carried on from
//     the last two past the last) divided by the cosine of the source's
//     trial angle, / 10.
//   - Rate of fire: -1 for anti-tank guns up to 57 mm and the 88 mm L56
//     (printed); for other guns -1 at 10 rounds a minute or more
//     (the "higher rate of fire" of the excerpt) for the guns of
//     vehicles, else none.

// noSize is the size of a target without dimensions: no size modifier.
const noSize = 10

// sizeOf returns a target's size and whether it comes from its
// dimensions.
func sizeOf(h *units.History) (int, bool) {
	if h == nil || h.Width <= 0 || h.Height <= 0 {
		return noSize, false
	}
	return int(math.Round(h.Width * h.Height)), true
}

// sizeModifier is the fire number modifier of a target size: +1 per full
// 3 below 10, -1 per full 3 above.
func sizeModifier(size int) int { return (noSize - size) / 3 }

// tens is the step from millimetres to the armour and penetration scale.
func tens(mm float64) int {
	if !(mm > 0) {
		return 0
	}
	return int(math.Round(mm / 10))
}

// facingOf is the catalogue facing an aspect strikes.
var facingOf = map[string]units.Facing{"front": units.FacingFront, "side": units.FacingSide, "rear": units.FacingRear}

// armourValue returns the value of a plate and its working.
func armourValue(p units.Plate) (int, string) {
	if p.MM == 0 {
		return 0, "no armour"
	}
	return tens(p.Effective()), fmt.Sprintf("%s = %s mm square on", p, round1(p.Effective()))
}

// penMM is a penetration row's figure at metres: interpolated between the
// source's ranges, held at the first before the first range, carried on
// from the last two past the last (at least 0).
func penMM(p units.Penetration, metres float64) float64 {
	if mm, ok := p.At(metres); ok {
		return mm
	}
	n := len(p.Metres)
	if n < 2 || metres < p.Metres[0] {
		return p.MM[0]
	}
	slope := (p.MM[n-1] - p.MM[n-2]) / (p.Metres[n-1] - p.Metres[n-2])
	return max(0, p.MM[n-1]+slope*(metres-p.Metres[n-1]))
}

// penValue returns a round's penetration value at metres and its working.
func penValue(p units.Penetration, metres float64) (int, string) {
	mm := penMM(p, metres)
	sq := mm / math.Cos(p.Angle*math.Pi/180)
	return tens(sq), fmt.Sprintf("%s %s mm vs %g° = %s mm square on", p.Ammo, round1(mm), p.Angle, round1(sq))
}

// round1 writes a number to a tenth, without a trailing ".0".
func round1(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// calibreClass returns the gun rows' calibre class of a bore in mm.
func calibreClass(mm float64) int {
	switch {
	case mm > 100:
		return over100
	case mm > 85:
		return cal86to100
	case mm > 60:
		return cal61to85
	case mm > 45:
		return cal46to60
	}
	return upTo45
}

// lengthClass returns the gun rows' length class of a barrel in calibres.
func lengthClass(l float64) int {
	switch {
	case l >= 55:
		return l55plus
	case l >= 30:
		return l30to54
	}
	return upToL29
}

// cannonClass returns the cannon and HMG rows' class of a bore in mm.
func cannonClass(mm float64) int {
	switch {
	case mm > 30:
		return cannonOver30
	case mm > 22:
		return cannon23to30
	case mm > 15:
		return cannon20
	}
	return hmg13
}

// smallestGun is the least bore, in mm, that fires by the gun rows; below
// it a main gun is a cannon (ours [DECIDED]: the excerpt's cannon rows
// reach 30 mm, and the catalogue's smallest gun is 45 mm; 37 mm and 40 mm
// guns, which fired aimed single rounds, take the gun rows).
const smallestGun = 31

// heavyMGCalibre is the least calibre of a heavy machine gun, in mm.
const heavyMGCalibre = 12.7

// hmgPen is the penetration value of a heavy machine gun's AP bullet,
// which the catalogue does not give (ours [DECIDED]: the .50 M2's AP M2
// bullet defeats about 20 mm square on at 100 to 500 m).
const hmgPen = 2

// rofModifier is a firer's rate-of-fire modifier and the reason.
func rofModifier(kind units.Kind, h *units.History) (int, string) {
	if h == nil || h.Gun.MM == 0 {
		return 0, ""
	}
	switch {
	case kind == units.Gun && (h.Gun.MM <= 57 || (h.Gun.MM == 88 && h.Gun.Length == 56)):
		return -1, "anti-tank gun up to 57 mm or 88 mm L56"
	case kind == units.Gun:
		return 0, "an anti-tank gun over 57 mm: the excerpt gives it none"
	case h.ROF >= 10:
		return -1, strconv.Itoa(h.ROF) + " rounds a minute"
	}
	return 0, ""
}

// heavyMGs returns the barrels of 12.7 mm or more a history lists, and
// their calibre.
func heavyMGs(h *units.History) (barrels int, calibre float64) {
	if h == nil {
		return 0, 0
	}
	for _, m := range h.MGs {
		if m.Calibre >= heavyMGCalibre {
			barrels += m.Count
			calibre = max(calibre, m.Calibre)
		}
	}
	return barrels, calibre
}

// defaultAmmo returns a gun's round when the shot names none: its first
// full-calibre row, else its first row of any kind.
func defaultAmmo(h *units.History) (units.Penetration, bool) {
	if h == nil || len(h.Pen) == 0 {
		return units.Penetration{}, false
	}
	if i := slices.IndexFunc(h.Pen, func(p units.Penetration) bool { return p.Ammo.FullCalibre() }); i >= 0 {
		return h.Pen[i], true
	}
	return h.Pen[0], true
}

// ammoOf returns the round a shot fires: the one it names, or the gun's
// default.
func ammoOf(h *units.History, name string) (units.Penetration, error) {
	if name == "" {
		if p, ok := defaultAmmo(h); ok {
			return p, nil
		}
		return units.Penetration{}, fmt.Errorf("no penetration figure in its history")
	}
	names := make([]string, 0, 4)
	if h != nil {
		for _, p := range h.Pen {
			if strings.EqualFold(p.Ammo.String(), name) {
				return p, nil
			}
			names = append(names, p.Ammo.String())
		}
	}
	if len(names) == 0 {
		return units.Penetration{}, fmt.Errorf("no ammunition %q: it has no penetration figure", name)
	}
	return units.Penetration{}, fmt.Errorf("no ammunition %q: it fires %s", name, strings.Join(names, ", "))
}

// Ammunition lists the rounds a main gun may fire, from its history: the
// default (defaultAmmo) first, then the others in the catalogue's order;
// none for a weapon without a choice.
func (Ruleset) Ammunition(w combat.Weapon) []string {
	h := w.History
	if w.Class != combat.MainGun || h == nil || len(h.Pen) < 2 || h.Gun.MM == 0 {
		return nil
	}
	first, _ := defaultAmmo(h)
	names := []string{first.Ammo.String()}
	for _, p := range h.Pen {
		if p.Ammo != first.Ammo {
			names = append(names, p.Ammo.String())
		}
	}
	return names
}

// ammoRow returns the Direct Fire Table's ammunition row of a round, or -1.
func ammoRow(a units.Ammo) int {
	switch a {
	case units.HEAT:
		return rowHEAT
	case units.APCR:
		return rowAPCR
	case units.HVAP, units.APDS:
		return rowHVAP
	}
	return -1
}

// ratingPoints are the ranges at which the ratings list a round's
// penetration value.
var ratingPoints = []float64{250, 500, 1000, 1500, 2000}

// RateType returns a unit type's ratings: size, armour per facing, fire
// row, rate of fire and each round's penetration by range.
func (Ruleset) RateType(t *units.Type) ([]combat.Rating, error) {
	h := &t.History
	var rs []combat.Rating
	if t.Kind.Infantry() {
		return []combat.Rating{{Name: "AT fire", Value: "-", Origin: combat.Typed,
			Reason: "infantry are fired at with AP fire; they fire AT with a support weapon"}}, nil
	}
	size, ok := sizeOf(h)
	origin, reason := combat.Derived, fmt.Sprintf("%g × %g m frontal area, rounded", h.Width, h.Height)
	if !ok {
		origin, reason = combat.Typed, "no dimensions in the catalogue: no size modifier"
	}
	if t.Name == "Tiger I" || t.Name == "SU-85" {
		origin, reason = combat.Printed, reason+"; the excerpt's worked example prints it"
	}
	rs = append(rs, combat.Rating{Name: "size", Value: strconv.Itoa(size), Origin: origin, Reason: reason})
	for _, f := range []string{"front", "side", "rear"} {
		v, how := armourValue(h.Armour[facingOf[f]])
		rs = append(rs, combat.Rating{Name: "armour " + f, Value: strconv.Itoa(v), Origin: combat.Derived, Reason: how})
	}
	rs = append(rs, fireRatings(t.Kind, h)...)
	return append(rs, mountRatings(t)...), nil
}

// fireRatings lists a gun's or HMG's fire row, rate of fire and rounds.
func fireRatings(kind units.Kind, h *units.History) []combat.Rating {
	var rs []combat.Rating
	switch {
	case h.Gun.MM >= smallestGun:
		rs = append(rs, combat.Rating{Name: "fire row", Value: calibreNames[calibreClass(h.Gun.MM)] + " " + lengthNames[lengthClass(h.Gun.Length)],
			Origin: combat.Derived, Reason: h.Gun.String()})
	case h.Gun.MM > 0:
		rs = append(rs, combat.Rating{Name: "fire row", Value: "cannon " + cannonNames[cannonClass(h.Gun.MM)], Origin: combat.Derived, Reason: h.Gun.String()})
	default:
		if n, cal := heavyMGs(h); n > 0 {
			return append(rs, combat.Rating{Name: "fire row", Value: "HMG " + cannonNames[cannonClass(cal)], Origin: combat.Derived,
				Reason: fmt.Sprintf("%d × %g mm, automatic; penetration %d ours", n, cal, hmgPen)})
		}
		return append(rs, combat.Rating{Name: "fire row", Value: "-", Origin: combat.Typed, Reason: "no gun or heavy MG: no AT fire"})
	}
	rof, why := rofModifier(kind, h)
	if why == "" {
		why = strconv.Itoa(h.ROF) + " rounds a minute"
	}
	rs = append(rs, combat.Rating{Name: "ROF", Value: fmt.Sprintf("%+d", rof), Origin: combat.Derived, Reason: why})
	for _, p := range h.Pen {
		vals := make([]string, len(ratingPoints))
		for i, m := range ratingPoints {
			v, _ := penValue(p, m)
			vals[i] = strconv.Itoa(v)
		}
		rs = append(rs, combat.Rating{Name: "pen " + p.Ammo.String(), Value: strings.Join(vals, "/"), Origin: combat.Derived,
			Reason: p.String() + "; at 250/500/1000/1500/2000 m"})
	}
	return rs
}

// RateWeapon returns a support weapon's ratings: its row of the infantry
// anti-tank table, or its AT rifle penetration.
func (Ruleset) RateWeapon(w *units.Weapon) ([]combat.Rating, error) {
	if r, ok := infantryRowOf(w.Name); ok {
		fns := make([]string, 0, numInfantryColumns)
		for _, fn := range r.fn {
			if fn == 0 {
				fns = append(fns, "-")
				continue
			}
			fns = append(fns, strconv.Itoa(fn))
		}
		return []combat.Rating{
			{Name: "HEAT pen", Value: strconv.Itoa(r.pen), Origin: combat.Printed, Reason: "the excerpt's " + r.weapon + " row"},
			{Name: "FN", Value: strings.Join(fns, " "), Origin: combat.Printed, Reason: "at 50/100/150/200/250 m (our reading of the columns)"},
		}, nil
	}
	if p, ok := atRifleRound(&w.History); ok {
		vals := make([]string, 0, 3)
		for _, m := range []float64{100, 300, 500} {
			v, _ := penValue(p, m)
			vals = append(vals, strconv.Itoa(v))
		}
		return []combat.Rating{
			{Name: "fire row", Value: "AT rifle, HMG 13mm", Origin: combat.Derived, Reason: w.History.Gun.String() + "; the national lists are not in the excerpt"},
			{Name: "pen API", Value: strings.Join(vals, "/"), Origin: combat.Derived, Reason: p.String() + "; at 100/300/500 m; no effect on armour over 4"},
		}, nil
	}
	return []combat.Rating{{Name: "AT fire", Value: "-", Origin: combat.Typed, Reason: "no anti-tank use in the excerpt"}}, nil
}

// atRifleRound returns the API round of an AT rifle: a bore of 15 mm or
// less with an API or AP penetration figure.
func atRifleRound(h *units.History) (units.Penetration, bool) {
	if h == nil || h.Gun.MM == 0 || h.Gun.MM > 15 {
		return units.Penetration{}, false
	}
	for _, p := range h.Pen {
		if p.Ammo == units.API || p.Ammo == units.AP {
			return p, true
		}
	}
	return units.Penetration{}, false
}
