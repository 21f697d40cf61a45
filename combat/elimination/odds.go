package elimination

import (
	"fmt"
	"strconv"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Weights of one full dice sequence. Every shot is counted out of
// 36 · 6 · 36 · 6 equally likely sequences (to-hit, tie-break, elimination,
// abandonment); a step that is not rolled on a branch counts all its faces.
const (
	waysTwoDice = 36
	waysOneDie  = 6
	oddsTotal   = waysTwoDice * waysOneDie * waysTwoDice * waysOneDie
)

// Odds returns the exact distribution of Resolve's outcomes for the shot,
// enumerating every face of every die the procedure rolls. It is a closed
// form of combat.Enumerate over Resolve, which the tests prove equal.
func (r Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	var o combat.Odds
	if err := r.Check(s); err != nil {
		return o, err
	}
	var buf [5]combat.Modifier
	mods := modifiers(s, &buf)
	mod := combat.SumModifiers(mods)
	need, row := ToHitNumber(s.Weapon, s.Range)
	o.ToHit = need
	o.Total = oddsTotal

	// After the to-hit roll: the weight (out of 6·36·6) of each result
	// given a hit, and given a miss. weights[natural two][hit][result]
	// adds them up over the 36 rolls.
	afterHit := hitOdds(s)
	afterMiss := survived(s, miss, oddsTotal/waysTwoDice)
	var weights [2][2][numResults]uint64
	var hitWays uint64
	for roll := 2; roll <= 12; roll++ {
		ways := combat.TwoDiceWays(roll)
		branch, hit := afterMiss, roll+mod <= need
		if hit {
			branch = afterHit
			hitWays += ways
		}
		valor := valorCheck(s, roll)
		for res, w := range branch {
			weights[b2i(valor)][b2i(hit)][res] += ways * w
		}
	}
	o.Outcomes = make([]combat.WeightedOutcome, 0, 8)
	for valor := range 2 {
		for hit := range 2 {
			for res, w := range weights[valor][hit] {
				if w > 0 {
					o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: hit == 1,
						Effects: effects(result(res), s.Weapon.Expendable, valor == 1), Weight: w})
				}
			}
		}
	}
	o.Steps = oddsSteps(s, need, row, mods, hitWays)
	return o, nil
}

// hitOdds returns the weights (out of 6·36·6) of each result once the
// target is hit.
func hitOdds(s combat.Shot) [numResults]uint64 {
	const rest = oddsTotal / waysTwoDice
	var w [numResults]uint64
	if s.Target.Kind != units.AFV {
		w[eliminated] = rest
		return w
	}
	add := func(x [numResults]uint64) {
		for i := range w {
			w[i] += x[i]
		}
	}
	switch aspectStruck(s) {
	case board.FrontRearTie:
		for die := 1; die <= 6; die++ {
			armour := s.Target.Armour.Front
			if die > frontArmourUpTo {
				armour = s.Target.Armour.Rear
			}
			add(armourOdds(s, armour, rest/waysOneDie))
		}
	case board.Rear:
		add(armourOdds(s, s.Target.Armour.Rear, rest))
	default:
		add(armourOdds(s, s.Target.Armour.Front, rest))
	}
	return w
}

// armourOdds returns the weights of each result of a hit on one armour
// factor, out of `ways` (the weight left for elimination and abandonment).
func armourOdds(s combat.Shot, armour units.Rating, ways uint64) [numResults]uint64 {
	var w [numResults]uint64
	en := EliminationNumber(s.Weapon.ATFP, armour)
	switch en {
	case AlwaysEliminates:
		w[eliminated] = ways
		return w
	case NoEffectPossible:
		return survived(s, noEffect, ways)
	}
	per := ways / waysTwoDice
	for roll := 2; roll <= 12; roll++ {
		n := combat.TwoDiceWays(roll) * per
		switch {
		case eliminates(s, roll, en):
			w[eliminated] += n
		case roll == en:
			immob := s
			immob.Target.Immobile = true
			add := survived(immob, immobilized, n)
			for i := range w {
				w[i] += add[i]
			}
		default:
			add := survived(s, noEffect, n)
			for i := range w {
				w[i] += add[i]
			}
		}
	}
	return w
}

// survived splits `ways` between res and abandoned when the target is an
// immobile AFV that makes the abandonment check, or gives it all to result.
func survived(s combat.Shot, res result, ways uint64) [numResults]uint64 {
	var w [numResults]uint64
	if s.Target.Kind != units.AFV || !s.Target.Immobile {
		w[res] = ways
		return w
	}
	w[abandoned] = ways * abandonUpTo / waysOneDie
	w[res] = ways - w[abandoned]
	return w
}

// oddsSteps describes the procedure that Resolve will roll.
func oddsSteps(s combat.Shot, need int, row string, mods []combat.Modifier, hitWays uint64) []string {
	var steps []string
	line := fmt.Sprintf("to-hit: needs %d or less (%s)", need, row)
	if len(mods) > 0 {
		line += ", roll" + combat.FormatModifiers(mods)
	}
	steps = append(steps, fmt.Sprintf("%s: hits with %d of 36 rolls", line, hitWays))
	switch s.Target.Kind {
	case units.Vehicle, units.Gun:
		steps = append(steps, "a hit eliminates "+kindNoun[s.Target.Kind])
		return steps
	}
	aspects := []board.Aspect{aspectStruck(s)}
	if s.Weapon.Mortar {
		steps = append(steps, roundFromAbove(s.Weapon))
	}
	if aspects[0] == board.FrontRearTie {
		steps = append(steps, "line of fire along the hexside: 1d6, 1-3 front, 4-6 rear")
		aspects = []board.Aspect{board.Front, board.Rear}
	}
	for _, a := range aspects {
		armour := s.Target.Armour.Front
		if a == board.Rear {
			armour = s.Target.Armour.Rear
		}
		head := s.Weapon.ATFP.String() + " vs " + a.String() + " " + armour.String() + ": "
		switch en := EliminationNumber(s.Weapon.ATFP, armour); en {
		case AlwaysEliminates:
			steps = append(steps, head+"E, any hit eliminates")
		case NoEffectPossible:
			steps = append(steps, head+"-, a hit has no effect")
		default:
			if s.Weapon.Mortar {
				steps = append(steps, head+"elimination number "+strconv.Itoa(en)+
					": 2d6 at or below it eliminates (a round from above never immobilizes)")
				break
			}
			steps = append(steps, head+"elimination number "+strconv.Itoa(en)+
				": 2d6 below it eliminates, equal immobilizes")
		}
	}
	switch {
	case s.Target.Immobile:
		return append(steps, "already immobile: 1d6 after any attack it survives, miss included; the crew abandons on 1-2")
	case s.Weapon.Mortar:
		return steps // its rounds never immobilize, so no crew check follows
	}
	return append(steps, "immobilized: 1d6, the crew abandons on 1-2")
}
