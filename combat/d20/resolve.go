package d20

import (
	"slices"
	"strconv"

	"hexfire/combat"
)

// The dice of the procedure.
const (
	hitDie = 20
	penDie = 10
)

// maxAutoBonus is the most an automatic weapon's burst adds to its
// penetration.
const maxAutoBonus = 6

// result is what a shot does to its target, from least to most.
type result uint8

const (
	miss result = iota
	suppressed
	neutralised
	disabled
	numResults
)

var resultWords = [numResults]string{"miss", "suppressed", "neutralised", "disabled"}

// hitCuts are the faces of the d20 where a band of the shot begins: the
// near miss, the hit, the two hits, and for an automatic weapon each 2
// more that adds to its penetration.
func (p plan) hitCuts() []int {
	cuts := []int{p.fn - 1, p.fn, p.fn + 5}
	if p.barrels > 0 {
		for k := 1; k*p.barrels <= maxAutoBonus; k++ {
			cuts = append(cuts, p.fn+2*k)
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	return slices.DeleteFunc(cuts, func(c int) bool { return c < 2 || c > hitDie })
}

// hits returns the hits a d20 face scores.
func (p plan) hits(face int) int {
	switch {
	case face < p.fn:
		return 0
	case face >= p.fn+5 && !p.oneHit:
		return 2
	}
	return 1
}

// autoBonus is an automatic weapon's penetration bonus for a d20 face.
func (p plan) autoBonus(face int) int {
	if p.barrels == 0 {
		return 0
	}
	return min(maxAutoBonus, p.barrels*((face-p.fn)/2))
}

// penetrate rolls the d10 of one hit, or rolls nothing when the hit
// cannot harm the target beyond suppressing it; it returns the result and
// the face (0: no roll).
func (p plan) penetrate(d combat.Dice, bonus int) (result, int) {
	row, ok := penRowOf(p.margin(bonus))
	if !ok || (p.atRifle && p.armour > 4) {
		return suppressed, 0
	}
	face := combat.RollBanded(d, penDie, p.penCuts[bonus]...)
	switch {
	case p.spaced && face == 7:
		return suppressed, face
	case p.spaced && face >= 8:
		return neutralised, face
	case p.heat && face == 9: // spaced armour read 9 and 10 above
		return suppressed, face
	case p.heat && face == 10:
		return neutralised, face
	case face <= row.disabledTo:
		return disabled, face
	case row.neutralFrom > 0 && face >= row.neutralFrom:
		return neutralised, face
	}
	return suppressed, face
}

// penetrationCuts are the d10's bands of a hit with each automatic
// bonus, 0 to maxAutoBonus: where disabled ends and neutralised begins,
// and a HEAT round's faces that read on their own (heatCut).
func (p plan) penetrationCuts() [maxAutoBonus + 1][]int {
	var all [maxAutoBonus + 1][]int
	for bonus := range all {
		row, _ := penRowOf(p.margin(bonus))
		var cuts []int
		for _, c := range []int{row.disabledTo + 1, row.neutralFrom, p.heatCut(7), p.heatCut(8), p.heatCut(9), p.heatCut(10)} {
			if c >= 2 && c <= penDie && !slices.Contains(cuts, c) {
				cuts = append(cuts, c)
			}
		}
		slices.Sort(cuts)
		all[bonus] = cuts
	}
	return all
}

// heatCut is face c where a HEAT round reads it on its own (9 and 10;
// against spaced armour 7 and 8 up), and 0 (no cut) elsewhere.
func (p plan) heatCut(c int) int {
	switch {
	case p.spaced && (c == 7 || c == 8), p.heat && !p.spaced && (c == 9 || c == 10):
		return c
	}
	return 0
}

// penetrationLine is the step line of one hit's penetration roll.
func (p plan) penetrationLine(bonus, face int, r result) string {
	m := p.margin(bonus)
	switch {
	case p.atRifle && p.armour > 4:
		return "AT rifle against armour over 4: suppressed"
	case face == 0:
		return "margin " + strconv.Itoa(m) + ": no penetration, suppressed"
	}
	return "margin " + strconv.Itoa(m) + ", d10 rolled " + strconv.Itoa(face) + ": " + resultWords[r]
}

// Resolve rolls the shot: the d20 against the fire number, then a d10 for
// each hit on the penetration table; the worst result stands.
func (Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	p, err := planShot(s)
	if err != nil {
		return combat.Outcome{Err: err, Steps: []string{"refused: " + err.Error()}}
	}
	return p.resolve(s, d)
}

// resolve rolls a planned shot with its rolls and step lines.
func (p plan) resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	return p.roll(s, d, true)
}

// roll rolls a planned shot; the enumerator's walks (told false) skip the
// rolls and step lines, which only the log reads.
func (p plan) roll(s combat.Shot, d combat.Dice, told bool) combat.Outcome {
	o := combat.Outcome{ToHit: p.fn}
	face := combat.RollBanded(d, hitDie, p.cuts...)
	if told {
		o.Steps = p.steps[:len(p.steps):len(p.steps)] // appending copies
		o.Rolls = []combat.Roll{{Purpose: "to-hit", Sides: hitDie, Dice: []int{face}}}
	}
	r, second := miss, miss
	hits := p.hits(face)
	switch {
	case hits > 0:
		o.Hit, o.Aspect = true, s.Aspect
		if told {
			o.Steps = append(o.Steps, "d20 rolled "+strconv.Itoa(face)+": "+strconv.Itoa(hits)+" hit"+plural(hits))
		}
		for i := range hits {
			hp, on := &p, ""
			if i == 1 && p.second != nil {
				hp, on = p.second, "second vehicle: "
			}
			hr, pf := hp.penetrate(d, p.autoBonus(face))
			if told {
				if pf > 0 {
					o.Rolls = append(o.Rolls, combat.Roll{Purpose: "penetration", Sides: penDie, Dice: []int{pf}})
				}
				o.Steps = append(o.Steps, on+hp.penetrationLine(p.autoBonus(face), pf, hr))
			}
			if on != "" {
				second = hr
				continue
			}
			r = max(r, hr)
		}
	case face == p.fn-1:
		r = suppressed
		if told {
			o.Steps = append(o.Steps, "d20 rolled "+strconv.Itoa(face)+": near miss, suppressed")
		}
	case told:
		o.Steps = append(o.Steps, "d20 rolled "+strconv.Itoa(face)+": miss")
	}
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
		return o
	}
	o.Effects = effects(r, spends(s.Weapon))
	if second != miss {
		o.Effects = slices.Concat(o.Effects, secondEffects.Of(int(second), false))
	}
	return o
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// spends reports whether a shot uses up a round the battle counts.
func spends(w combat.Weapon) bool { return (w.Expendable && !w.Inherent) || w.Rounds > 0 }

// effects returns the effects of a result, and the firer's round when it
// is counted. The lists are shared: read them only.
func effects(r result, spent bool) []combat.Effect { return resultEffects.Of(int(r), spent) }

// resultEffects are the effects of each result, by its index.
var resultEffects = combat.NewEffectLists(
	nil, // miss
	[]combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Suppressed, N: 1}},
	[]combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Neutralised, N: 1}},
	[]combat.Effect{{Kind: combat.Eliminated, On: combat.OnTarget}},
)

// secondEffects are the effects of each result on a volley's second
// vehicle, by its index.
var secondEffects = combat.NewEffectLists(
	nil, // miss
	[]combat.Effect{{Kind: combat.AddState, On: combat.OnSecond, State: Suppressed, N: 1}},
	[]combat.Effect{{Kind: combat.AddState, On: combat.OnSecond, State: Neutralised, N: 1}},
	[]combat.Effect{{Kind: combat.Eliminated, On: combat.OnSecond}},
)

// Odds returns the exact odds of the shot, by the enumerator over the
// banded dice.
func (Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	p, err := planShot(s)
	if err != nil {
		return combat.Odds{}, err
	}
	o, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return p.roll(s, d, false) })
	if err != nil {
		return combat.Odds{}, err
	}
	o.ToHit, o.Steps = p.fn, p.steps
	return o, nil
}

var (
	_ combat.Ruleset             = Ruleset{}
	_ combat.AspectRules         = Ruleset{}
	_ combat.StateRules          = Ruleset{}
	_ combat.Rater               = Ruleset{}
	_ combat.InfantryRules       = Ruleset{}
	_ combat.AmmoRules           = Ruleset{}
	_ combat.ExpendableAllotment = Ruleset{}
	_ combat.TwoTargetVolleys    = Ruleset{}
)
