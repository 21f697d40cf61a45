package tohitkill

import (
	"fmt"

	"hexfire/combat"
)

// The anti-tank magnetic mine (13.7): German infantry from 1944, assaulting
// a hex an AFV or vehicle defends, first roll a d6: 1-3 a mine is placed,
// -3 to the assault roll (printed); 4-5 nothing (printed); an original 6
// pins the attackers (printed), whose assault then counts one less: +1 to
// the roll (ours, for the excerpt's close-combat value lowered by one). An
// original assault roll of 12 is the mine's malfunction: its -3 does not
// count (printed). Hexfire assaults an adjacent hex, so "the same hex" of
// the excerpt is the assaulted one (ours); the attackers of a hex roll one
// check together, as they make one assault roll (ours).
const (
	mineFrom       = 1944 // January 1944: "during or after 1944" (printed)
	minePlacedUpTo = 3
	minePinsOn     = 6
	mineModifier   = -3
	minePinnedMod  = 1
	mineFailsOn    = 12
)

// mineCheck reports whether an assault opens with the magnetic mine check.
func mineCheck(a combat.Assault) bool {
	return a.AttackerNation == "DE" && a.Vehicles && a.Defenders > 0 && !dateOf(a.Date).Before(mineFrom, 1)
}

// withMine returns the assault after a mine check of face: the modifier
// it adds to the roll and whether the attackers are pinned.
func withMine(a combat.Assault, face int) (combat.Assault, bool) {
	switch {
	case face == minePinsOn:
		a.Extra = combat.Modifier{Value: minePinnedMod, Label: "pinned by the mine check"}
		return a, true
	case face <= minePlacedUpTo:
		a.Extra = combat.Modifier{Value: mineModifier, Label: "magnetic mine"}
	}
	return a, false
}

// PlanAssault is the default close assault, with the magnetic mine check
// when it applies: its odds are then out of 6 × 36 rolls.
func (r Ruleset) PlanAssault(a combat.Assault) (combat.AssaultOdds, error) {
	odds, err := r.Rules.PlanAssault(a)
	if err != nil || !mineCheck(a) {
		return odds, err
	}
	odds.SuccessWays, odds.Total = 0, 6*36
	for face := 1; face <= 6; face++ {
		m, _ := withMine(a, face)
		mo, err := r.Rules.PlanAssault(m)
		if err != nil {
			return combat.AssaultOdds{}, err
		}
		mod := combat.SumModifiers(r.Rules.AssaultModifiers(m))
		for roll := 2; roll <= 12; roll++ {
			if roll+rollModifier(m, mod, roll) <= mo.Kill {
				odds.SuccessWays += combat.TwoDiceWays(roll)
			}
		}
	}
	return odds, nil
}

// rollModifier is the modifier to an assault roll of natural roll: mod,
// less the mine's -3 when the roll is its malfunction.
func rollModifier(m combat.Assault, mod, roll int) int {
	if roll == mineFailsOn && m.Extra.Value == mineModifier {
		return mod - mineModifier
	}
	return mod
}

// AttackerPointsOdds is the default distribution of the attackers'
// casualty points, over the mine check too when it applies: ways[n] of
// 6 × 36 rolls give n points.
func (r Ruleset) AttackerPointsOdds(a combat.Assault) ([]uint64, error) {
	if !mineCheck(a) {
		return r.Rules.AttackerPointsOdds(a)
	}
	var ways []uint64
	for face := 1; face <= 6; face++ {
		m, _ := withMine(a, face)
		mo, err := r.Rules.PlanAssault(m)
		if err != nil {
			return nil, err
		}
		mod := combat.SumModifiers(r.Rules.AssaultModifiers(m))
		for roll := 2; roll <= 12; roll++ {
			n := mo.FixedPoints + max(0, roll+rollModifier(m, mod, roll)-mo.Kill)
			for len(ways) <= n {
				ways = append(ways, 0)
			}
			ways[n] += combat.TwoDiceWays(roll)
		}
	}
	return ways, nil
}

// ResolveAssault rolls the magnetic mine check when it applies, then the
// default close assault.
func (r Ruleset) ResolveAssault(a combat.Assault, d combat.Dice) combat.AssaultOutcome {
	if !mineCheck(a) {
		return r.Rules.ResolveAssault(a, d)
	}
	if _, err := r.Rules.PlanAssault(a); err != nil {
		return r.Rules.ResolveAssault(a, d) // refused with the default's reason
	}
	face := d.Roll(6)
	m, pinned := withMine(a, face)
	line := fmt.Sprintf("magnetic mine check: rolled %d", face)
	switch {
	case pinned:
		line += ": an original 6, the attackers are pinned (+1 to the assault)"
	case m.Extra.Value == mineModifier:
		line += ": a mine is placed (-3 to the assault)"
	default:
		line += ": no mine in position"
	}
	out := r.Rules.ResolveAssault(m, d)
	if out.Natural == mineFailsOn && m.Extra.Value == mineModifier {
		// The mine malfunctions: the same roll without its -3.
		rolls := out.Rolls
		m.Extra = combat.Modifier{}
		out = r.Rules.ResolveAssault(m, combat.NewFixedDice(6, 6))
		out.Rolls = rolls
		out.Steps = append([]string{"an original 12: the magnetic mine malfunctions, its -3 does not count"}, out.Steps...)
	}
	out.AttackersPinned = pinned
	out.Rolls = append([]combat.Roll{{Purpose: "magnetic mine check", Sides: 6, Dice: []int{face}}}, out.Rolls...)
	out.Steps = append([]string{line}, out.Steps...)
	return out
}
