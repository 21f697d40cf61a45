package elimination

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"hexfire/combat"
	"hexfire/units"
)

// The reference conditions of the ATFP formula.
const (
	referenceRange = 500.0 // metres
	referenceAngle = 30.0  // degrees from the vertical
	hollowCharge   = 0.5   // the weight of a HEAT round's penetration
)

// Letter thresholds in mm: the least value for B, C, D, E and F; anything
// above zero below the first is A.
var (
	atfpScale   = [5]float64{25, 40, 85, 105, 160}
	armourScale = [5]float64{20, 28, 55, 92.5, 160}
)

// The names of the ratings this ruleset derives.
const (
	ratingATFP        = "ATFP"
	ratingArmourFront = "armour front"
	ratingArmourRear  = "armour rear"
)

// letterFor returns the letter of mm on a scale: NoRating for 0 or less.
func letterFor(mm float64, scale [5]float64) units.Rating {
	if !(mm > 0) {
		return units.NoRating
	}
	r := units.A
	for _, least := range scale {
		if mm >= least {
			r++
		}
	}
	return r
}

// derivation is what the formula makes of one rating, with its working.
type derivation struct {
	value   units.Rating
	working string
}

// deriveATFP applies the ATFP formula to h.
func deriveATFP(h units.History) derivation {
	best, how := 0.0, ""
	cos := math.Cos(referenceAngle * math.Pi / 180)
	for _, p := range h.Pen {
		if !p.Ammo.FullCalibre() && p.Ammo != units.HEAT {
			continue
		}
		mm, ok := p.At(referenceRange)
		if !ok {
			continue
		}
		mm *= cos / math.Cos(p.Angle*math.Pi/180)
		at := fmt.Sprintf("at %g m", referenceRange)
		if len(p.Metres) == 0 {
			at = "at any range"
		}
		what := fmt.Sprintf("%s %s mm %s vs %g°", p.Ammo, round1(mm), at, referenceAngle)
		if p.Ammo == units.HEAT {
			mm *= hollowCharge
			what = fmt.Sprintf("%s, halved for a hollow charge: %s mm", what, round1(mm))
		}
		if mm > best {
			best, how = mm, what
		}
	}
	switch {
	case best == 0 && h.Gun.MM == 0:
		return derivation{units.NoRating, "no gun or launcher"}
	case best == 0:
		return derivation{units.NoRating, "no full-calibre or hollow-charge penetration figure"}
	}
	r := letterFor(best, atfpScale)
	return derivation{r, how + " → " + r.String()}
}

// deriveArmour applies the armour formula to one plate.
func deriveArmour(p units.Plate, facing units.Facing) derivation {
	eff := p.Effective()
	r := letterFor(eff, armourScale)
	return derivation{r, fmt.Sprintf("%s %s, effective %s mm → %s", facing, p, round1(eff), r)}
}

func round1(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") }

// fixed is a letter of the rules' text or of our overrides, for one
// catalogue entry.
type fixed struct {
	entry, rating string
	value         units.Rating
	why           string // where it is printed, or why it overrides the formula
}

// printed lists every letter the rule text prints for the catalogue's
// entries. The formula or an override gives each of them (tested).
var printed = []fixed{
	{"M4A3E8", ratingATFP, units.D, "default-ruleset §11 and the worked example of seed 001"},
	{"M4A3E8", ratingArmourFront, units.E, "default-ruleset §11"},
	{"M4A3E8", ratingArmourRear, units.C, "default-ruleset §11"},
	{"Panther", ratingATFP, units.E, "default-ruleset §11"},
	{"Panther", ratingArmourFront, units.E, "default-ruleset §11"},
	{"Panther", ratingArmourRear, units.D, "default-ruleset §11"},
	{"Tiger I", ratingATFP, units.E, "default-ruleset §11"},
	{"Tiger I", ratingArmourFront, units.E, "default-ruleset §11"},
	{"Tiger I", ratingArmourRear, units.D, "default-ruleset §11 and the worked example of seed 001"},
	{"Sherman Firefly", ratingATFP, units.E, "default-ruleset §11"},
	{"Sherman Firefly", ratingArmourFront, units.D, "default-ruleset §11"},
	{"Sherman Firefly", ratingArmourRear, units.C, "default-ruleset §11"},
	{"M3 Halftrack", ratingATFP, units.NoRating, "default-ruleset §11"},
	{"M3 Halftrack", ratingArmourFront, units.A, "default-ruleset §11"},
	{"M3 Halftrack", ratingArmourRear, units.A, "default-ruleset §11"},
	{"M38 Jeep", ratingATFP, units.NoRating, "default-ruleset §11"},
	{"3-Ton Truck", ratingATFP, units.NoRating, "default-ruleset §11"},
	{"6-Pndr Mk IV", ratingATFP, units.C, "default-ruleset §11"},
	{"Panzerfaust", ratingATFP, units.D, "default-ruleset §8 and §11"},
	{"5cm Mortar", ratingATFP, units.A, "default-ruleset §11"},
	{"Bren", ratingATFP, units.NoRating, "default-ruleset §11"},
	{"M1919A6", ratingATFP, units.NoRating, "default-ruleset §11"},
	{"MG34", ratingATFP, units.NoRating, "default-ruleset §11"},
}

// overrides lists the letters set against the formula, each with its
// reason. Keep it short: a new entry needs a reason the formula cannot
// express.
var overrides = []fixed{
	{"5cm Mortar", ratingATFP, units.A,
		"printed A, but a light mortar fires high explosive only and has no penetration figure to rate"},
	{"M10", ratingArmourFront, units.C,
		"our C from before the historical facts: the formula's D would change play; the thin open turret above the glacis argues for C"},
	{"T-34/85", ratingArmourRear, units.C,
		"our C from before the historical facts: the formula's D would change play; its side plate is half the Tiger's, nearer the Shermans' C"},
}

func find(list []fixed, entry, rating string) (fixed, bool) {
	i := slices.IndexFunc(list, func(f fixed) bool { return f.entry == entry && f.rating == rating })
	if i < 0 {
		return fixed{}, false
	}
	return list[i], true
}

// rate returns the rating of one derived letter of an entry: the override
// if there is one, else the formula's value, marked printed when the rules
// print it.
func rate(entry, rating string, d derivation) (combat.Rating, units.Rating) {
	if o, ok := find(overrides, entry, rating); ok {
		return combat.Rating{Name: rating, Value: o.value.String(), Origin: combat.Overridden,
			Reason: fmt.Sprintf("the formula gives %s (%s); %s", d.value, d.working, o.why)}, o.value
	}
	r := combat.Rating{Name: rating, Value: d.value.String(), Origin: combat.Derived, Reason: d.working}
	if p, ok := find(printed, entry, rating); ok && p.value == d.value {
		r.Origin, r.Reason = combat.Printed, p.why+"; the formula agrees: "+d.working
	}
	return r, d.value
}

// TypeATFP returns the ATFP this ruleset gives a unit type (NoRating for
// infantry): the formula's (see RateType), or an override.
func (Ruleset) TypeATFP(t *units.Type) units.Rating {
	if t.Kind.Infantry() {
		return units.NoRating
	}
	_, letter := rate(t.Name, ratingATFP, deriveATFP(t.History))
	return letter
}

// TypeArmour returns the armour factors this ruleset gives an AFV: the
// formula's (see RateType), or overrides. An AFV whose history lacks its front or side
// plate is an error; other kinds have none.
func (Ruleset) TypeArmour(t *units.Type) (units.Armour, error) {
	rs, err := armourRatings(t)
	if err != nil || len(rs) < 2 {
		return units.Armour{}, err
	}
	front, _ := units.ParseRating(rs[0].Value)
	rear, _ := units.ParseRating(rs[1].Value)
	return units.Armour{Front: front, Rear: rear}, nil
}

// WeaponATFP returns the ATFP this ruleset gives a support weapon.
func (Ruleset) WeaponATFP(w *units.Weapon) units.Rating {
	_, letter := rate(w.Name, ratingATFP, deriveATFP(w.History))
	return letter
}

// typeLetterRatings returns the derived letters of a unit type: none for
// infantry (they fire AT with support weapons only), ATFP for the rest, and
// the armour factors of an AFV.
func typeLetterRatings(t *units.Type) ([]combat.Rating, error) {
	if t.Kind.Infantry() {
		return nil, nil
	}
	atfp, _ := rate(t.Name, ratingATFP, deriveATFP(t.History))
	armour, err := armourRatings(t)
	if err != nil {
		return nil, err
	}
	return append([]combat.Rating{atfp}, armour...), nil
}

// armourRatings returns the front and rear armour ratings of an AFV, none
// for other kinds.
func armourRatings(t *units.Type) ([]combat.Rating, error) {
	if t.Kind != units.AFV {
		return nil, nil
	}
	var out []combat.Rating
	for _, f := range [...]struct {
		facing units.Facing
		name   string
	}{{units.FacingFront, ratingArmourFront}, {units.FacingSide, ratingArmourRear}} {
		plate := t.History.Armour[f.facing]
		if plate.MM == 0 {
			return nil, fmt.Errorf("elimination: %s (%s) is an AFV without armour_%s in its history: its %s cannot be derived",
				t.Name, t.Source, f.facing, f.name)
		}
		r, _ := rate(t.Name, f.name, deriveArmour(plate, f.facing))
		out = append(out, r)
	}
	return out, nil
}

// RateType returns the ratings of a unit type under this ruleset: the
// derived letters, then the values kept as typed in the catalogue.
//
// The letters of this ruleset follow from the catalogue's historical facts
// (units.History) by one formula:
//
//   - ATFP rates the best standard round at the reference range. For each
//     full-calibre round (AP, APHE, API, APC, APBC, APCBC) it takes the
//     penetration at 500 m, interpolated between the source's ranges, and
//     for each hollow charge (HEAT) its penetration at any range, halved:
//     a hollow charge that just gets through does far less behind the plate
//     than a full-calibre shot. Each figure is first brought to a plate
//     sloped 30° from the vertical, pen × cos 30° / cos(the source's
//     angle), since sources test against upright or sloped plates. The best
//     of these, in mm, gives the letter: below 25 A, 25 B, 40 C, 85 D, 105
//     E, 160 F. Sub-calibre rounds (APCR, HVAP, APDS) do not count: they
//     were few, kept for the heaviest targets. No round: no ATFP ("-").
//   - Armour rates the effective thickness of the hull's main plate,
//     mm / cos(slope): the front letter from the upper front plate, the
//     rear letter from the upper side, because the rear half of the rules
//     covers every shot from behind the front line and most of those strike
//     the long hull side. In mm: below 20 A, 20 B, 28 C, 55 D, 92.5 E, 160 F.
//
// The thresholds are calibrated so that every letter the rules print comes
// out (printed); the few letters no such formula reproduces are overrides,
// each with its reason (overrides). The other values of a counter (gun and
// MG APFP, MP, CR, infantry APFP and range, a leader's modifier) stay as
// typed in the catalogue: the catalogue records no effect of HE or small
// arms fire to rate them from, and the printed MPs do not follow the
// recorded speeds (the Panther has 12, the M4A3E8 10, at similar speeds).
func (Ruleset) RateType(t *units.Type) ([]combat.Rating, error) {
	out, err := typeLetterRatings(t)
	if err != nil {
		return nil, err
	}
	typed := func(name, field, value, why string) {
		out = append(out, typedRating(t.Ours, name, field, value, why))
	}
	const (
		noEffects = "the catalogue records no effect of HE or small-arms fire to rate it from"
		noSpeed   = "the printed MPs do not follow the recorded speeds"
		noMeasure = "it rates men and training, not a measured fact"
	)
	switch t.Kind {
	case units.AFV, units.Vehicle, units.Gun:
		if t.GunAPFP > 0 {
			typed("gun APFP", "gun_apfp", fmt.Sprint(t.GunAPFP), noEffects)
		}
		if len(t.MGs) > 0 {
			var mgs []string
			for _, m := range t.MGs {
				mgs = append(mgs, fmt.Sprintf("%s %d", m.Arc, m.APFP))
			}
			typed("MG", "mg", strings.Join(mgs, ", "), noEffects)
		}
		if t.Kind != units.AFV {
			typed("CR", "cr", fmt.Sprint(t.CR), noMeasure)
		}
		typed("MP", "mp", fmt.Sprint(t.MP), noSpeed)
	default:
		typed("APFP", "apfp", fmt.Sprint(t.APFP), noEffects)
		typed("range", "range", fmt.Sprint(t.Range), noMeasure)
		typed("CR", "cr", fmt.Sprint(t.CR), noMeasure)
		if t.Kind == units.Leader {
			typed("modifier", "modifier", fmt.Sprint(t.Modifier), noMeasure)
		}
	}
	return out, nil
}

// RateWeapon returns the ratings of a support weapon under this ruleset.
func (Ruleset) RateWeapon(w *units.Weapon) ([]combat.Rating, error) {
	atfp, _ := rate(w.Name, ratingATFP, deriveATFP(w.History))
	const noEffects = "the catalogue records no effect of HE or small-arms fire to rate it from"
	out := []combat.Rating{atfp,
		typedRating(w.Ours, "APFP", "apfp", fmt.Sprint(w.APFP), noEffects),
		typedRating(w.Ours, "range", "range", fmt.Sprint(w.Range), "the hex range is a game value, not a measured one"),
	}
	return out, nil
}

// typedRating is a value kept as typed: printed unless the catalogue marks
// the field as our own.
func typedRating(ours []units.Note, name, field, value, why string) combat.Rating {
	r := combat.Rating{Name: name, Value: value, Origin: combat.Printed,
		Reason: "default-ruleset §11; no formula: " + why}
	for _, n := range ours {
		if slices.Contains(n.Fields, field) {
			r.Origin, r.Reason = combat.Typed, "ours: "+n.Reason+"; no formula: "+why
		}
	}
	return r
}

var (
	_ combat.Rater      = Ruleset{}
	_ units.LetterRater = Ruleset{}
)
