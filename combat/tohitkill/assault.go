package tohitkill

import (
	"errors"
	"fmt"

	"hexfire/combat"
)

// The anti-tank magnetic mine (13.7): German infantry from 1944 may
// declare a mine attack on a hex an AFV or vehicle defends (printed: at
// their option). A d6 opens the assault: 1-3 a mine is placed, -3 to the
// assault roll (printed); 4-5 nothing (printed); an original 6 pins the
// attackers (printed), whose assault then counts one less: +1 to the roll
// (ours, for the excerpt's close-combat value lowered by one). An original
// assault roll of 12 is the mine's malfunction: its -3 does not count
// (printed). The mine acts on the vehicles alone (printed 13.72): a roll
// that succeeds only with its -3 eliminates the defending vehicles, and
// against the rest of the hex it is the failure it is without the mine
// (ours: Hexfire rolls one assault for the hex). Hexfire assaults an
// adjacent hex, so "the same hex" of the excerpt is the assaulted one
// (ours); the attackers of a hex roll one check together, as they make one
// assault roll (ours).
const (
	mineFrom       = 1944 // January 1944: "during or after 1944" (printed)
	minePlacedUpTo = 3
	minePinsOn     = 6
	mineModifier   = -3
	minePinnedMod  = 1
	mineFailsOn    = 12
)

// checkMine refuses a mine declared by attackers who have none: any but
// German infantry, or before 1944.
func checkMine(a combat.Assault) error {
	if a.Mine == combat.MineDeclared && (a.AttackerNation != "DE" || dateOf(a.Date).Before(mineFrom, 1)) {
		return errors.New("only German infantry carry magnetic mines, from 1944")
	}
	return nil
}

// mineCheck reports whether an assault opens with the magnetic mine check.
func mineCheck(a combat.Assault) bool {
	return a.Mine != combat.NoMine && a.AttackerNation == "DE" && a.Vehicles > 0 && a.Defenders > 0 && !dateOf(a.Date).Before(mineFrom, 1)
}

// plain is the assault as the default close assault rolls it, without a
// mine.
func plain(a combat.Assault) combat.Assault {
	a.Mine = combat.NoMine
	return a
}

// withMine returns the assault after a mine check of face, as the default
// rolls it: the modifier the check adds to the roll, and whether the
// attackers are pinned.
func withMine(a combat.Assault, face int) (combat.Assault, bool) {
	a = plain(a)
	switch {
	case face == minePinsOn:
		a.Extra = combat.Modifier{Value: minePinnedMod, Label: "pinned by the mine check"}
		return a, true
	case face <= minePlacedUpTo:
		a.Extra = combat.Modifier{Value: mineModifier, Label: "magnetic mine"}
	}
	return a, false
}

// placed reports whether m, an assault after its mine check, carries the
// mine's -3.
func placed(m combat.Assault) bool { return m.Extra.Value == mineModifier }

// assaultResult is one assault roll after its mine check: the hex taken, the
// vehicles alone eliminated, or neither; and the attackers' casualty points.
type assaultResult struct {
	success, vehicles bool
	points            int
}

// assaultResultOf is the result of the natural roll of assault a after a mine
// check that left m, whose default odds are mo and roll modifier mod.
func assaultResultOf(a, m combat.Assault, mo combat.AssaultOdds, mod, roll int) assaultResult {
	if placed(m) && roll == mineFailsOn {
		mod -= mineModifier // the mine malfunctions
		m.Extra = combat.Modifier{}
	}
	total := roll + mod
	switch {
	case total > mo.Kill:
		return assaultResult{points: mo.FixedPoints + total - mo.Kill}
	case vehiclesOnly(a, m, mo.Kill, total):
		return assaultResult{vehicles: true, points: mo.FixedPoints + total - mineModifier - mo.Kill}
	}
	return assaultResult{success: true, points: mo.FixedPoints}
}

// vehiclesOnly reports whether a successful total of assault a, after a
// mine check that left m, succeeds against the defending vehicles alone:
// it needed the mine's -3, and others defend with them. A battle that
// follows the earlier reading (MineWherever) takes the whole hex.
func vehiclesOnly(a, m combat.Assault, kill, total int) bool {
	return a.Mine == combat.MineDeclared && placed(m) && a.Defenders > a.Vehicles && total-mineModifier > kill
}

// PlanAssault is the default close assault, with the magnetic mine check
// when it applies: its odds are then out of 6 × 36 rolls.
func (r Ruleset) PlanAssault(a combat.Assault) (combat.AssaultOdds, error) {
	if err := checkMine(a); err != nil {
		return combat.AssaultOdds{}, err
	}
	odds, err := r.Rules.PlanAssault(plain(a))
	if err != nil || !mineCheck(a) {
		return odds, err
	}
	odds.SuccessWays, odds.Total = 0, 6*36
	err = r.eachRoll(a, func(res assaultResult, ways uint64) {
		switch {
		case res.success:
			odds.SuccessWays += ways
		case res.vehicles:
			odds.VehicleWays += ways
		}
	})
	if err != nil {
		return combat.AssaultOdds{}, err
	}
	return odds, nil
}

// eachRoll calls f with the result of every mine check face and assault
// roll of a, an assault that opens with the check, and its ways of the
// 36 rolls of two dice.
func (r Ruleset) eachRoll(a combat.Assault, f func(res assaultResult, ways uint64)) error {
	for face := 1; face <= 6; face++ {
		m, _ := withMine(a, face)
		mo, err := r.Rules.PlanAssault(m)
		if err != nil {
			return err
		}
		mod := combat.SumModifiers(r.Rules.AssaultModifiers(m))
		for roll := 2; roll <= 12; roll++ {
			f(assaultResultOf(a, m, mo, mod, roll), combat.TwoDiceWays(roll))
		}
	}
	return nil
}

// AttackerPointsOdds is the default distribution of the attackers'
// casualty points, over the mine check too when it applies: ways[n] of
// 6 × 36 rolls give n points.
func (r Ruleset) AttackerPointsOdds(a combat.Assault) ([]uint64, error) {
	if err := checkMine(a); err != nil {
		return nil, err
	}
	if !mineCheck(a) {
		return r.Rules.AttackerPointsOdds(plain(a))
	}
	var ways []uint64
	err := r.eachRoll(a, func(res assaultResult, w uint64) {
		for len(ways) <= res.points {
			ways = append(ways, 0)
		}
		ways[res.points] += w
	})
	if err != nil {
		return nil, err
	}
	return ways, nil
}

// ResolveAssault rolls the magnetic mine check when it applies, then the
// default close assault.
func (r Ruleset) ResolveAssault(a combat.Assault, d combat.Dice) combat.AssaultOutcome {
	if err := checkMine(a); err != nil {
		return combat.AssaultOutcome{Err: err, Steps: []string{"refused: " + err.Error()}}
	}
	if !mineCheck(a) {
		return r.Rules.ResolveAssault(plain(a), d)
	}
	if _, err := r.Rules.PlanAssault(plain(a)); err != nil {
		return r.Rules.ResolveAssault(plain(a), d) // refused with the default's reason
	}
	face := d.Roll(6)
	m, pinned := withMine(a, face)
	line := fmt.Sprintf("magnetic mine check: rolled %d", face)
	switch {
	case pinned:
		line += ": an original 6, the attackers are pinned (+1 to the assault)"
	case placed(m):
		line += ": a mine is placed (-3 to the assault)"
	default:
		line += ": no mine in position"
	}
	out := r.Rules.ResolveAssault(m, d)
	switch {
	case out.Natural == mineFailsOn && placed(m):
		// The mine malfunctions: the same roll without its -3.
		rolls := out.Rolls
		m.Extra = combat.Modifier{}
		out = r.Rules.ResolveAssault(m, combat.NewFixedDice(6, 6))
		out.Rolls = rolls
		out.Steps = append([]string{"an original 12: the magnetic mine malfunctions, its -3 does not count"}, out.Steps...)
	case out.Success && vehiclesOnly(a, m, out.Kill, out.Total):
		// The mine takes the vehicles; the rest of the hex meets the
		// same roll without its -3, a failure.
		rolls, total := out.Rolls, out.Total
		dice := out.Rolls[len(out.Rolls)-1].Dice
		m.Extra = combat.Modifier{}
		out = r.Rules.ResolveAssault(m, combat.NewFixedDice(dice...))
		out.Rolls, out.VehiclesOnly = rolls, true
		out.Steps = append(out.Steps[:1:1], append([]string{
			fmt.Sprintf("with the magnetic mine %d %+d = %d: success against the vehicles alone, which are eliminated", out.Natural, mineModifier, total),
			"against the rest of the hex, without the mine: " + out.Steps[1]}, out.Steps[2:]...)...)
	}
	out.AttackersPinned = pinned
	out.Rolls = append([]combat.Roll{{Purpose: "magnetic mine check", Sides: 6, Dice: []int{face}}}, out.Rolls...)
	out.Steps = append([]string{line}, out.Steps...)
	return out
}
