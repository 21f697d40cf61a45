package tohitkill

import (
	"errors"
	"fmt"

	"hexfire/combat"
	"hexfire/units"
)

// Smoke rounds: the guns of AFVs and Gun units fire them as in the default
// ruleset (ours: the excerpt is about infantry weapons), and the Bazooka 45
// fires white phosphorus (13.46, printed) within its range. Each places
// smoke of the default ruleset's level for the same cost (ours: Hexfire has
// one kind of smoke).
const (
	smokeLevel   = 2
	smokeFactors = 2
)

// The Bazooka 45's white phosphorus runs out by a depletion number (13.46
// applies one without printing it): before each round a d6, at or below
// wpDepletion the round is there and fired, above it the team has no white
// phosphorus left for the battle (our number and our reading of the check:
// a scarce special round, there two times in three).
const (
	wpDepletion = 4
	// NoWP is the state of a unit whose white phosphorus has run out.
	NoWP = "out of WP"
)

// States declares NoWP.
func (Ruleset) States() []combat.StateSpec {
	return []combat.StateSpec{{Name: NoWP, Tag: "WP-", Lasts: combat.Permanent,
		Explain: "no white phosphorus left: its Bazooka fires no more smoke rounds"}}
}

// CheckSmoke refuses a smoke round this ruleset does not allow.
func (Ruleset) CheckSmoke(s combat.SmokeShot) error {
	w := s.Weapon
	switch {
	case s.Passenger:
		return fmt.Errorf("%s is carried and cannot fire", nameOr(w.Name, "the firer"))
	case !s.FirerKind.Infantry() && (w.Class != combat.MainGun || w.ATFP == units.NoRating):
		return fmt.Errorf("%s has no gun to fire a smoke round", w.Name)
	case !s.FirerKind.Infantry():
		return nil
	case w.Name != "Bazooka" || dateOf(s.Date).Before(bazooka45.from.Year, bazooka45.from.Month):
		return errors.New("of the infantry weapons only the Bazooka 45 (from 1945) fires white phosphorus; infantry place smoke by hand before moving")
	case w.Spent:
		return errors.New("the Bazooka is used up")
	case s.FirerStates.Count(NoWP) > 0:
		return errors.New("the Bazooka has no white phosphorus left")
	case s.Range > maxRange(&bazooka45, s.Date):
		return fmt.Errorf("the Bazooka 45 reaches %d hexes; the hex is %d away", maxRange(&bazooka45, s.Date), s.Range)
	}
	return nil
}

// SmokeRound returns the level of smoke a round places and its cost.
func (Ruleset) SmokeRound() (level, factors int) { return smokeLevel, smokeFactors }

// RollSmoke rolls the depletion check of a white-phosphorus round
// (combat.SmokeDepletion); a gun's smoke rounds are bounded by the side's
// supply alone and roll nothing.
func (r Ruleset) RollSmoke(s combat.SmokeShot, d combat.Dice) combat.Outcome {
	if err := r.CheckSmoke(s); err != nil {
		return combat.Outcome{Err: err, Steps: []string{"refused: " + err.Error()}}
	}
	if !s.FirerKind.Infantry() {
		return combat.Outcome{Hit: true}
	}
	face := d.Roll(6)
	o := combat.Outcome{Rolls: []combat.Roll{{Purpose: "WP depletion", Sides: 6, Dice: []int{face}}}}
	line := fmt.Sprintf("white phosphorus d6 (there on %d or less): rolled %d", wpDepletion, face)
	if face <= wpDepletion {
		o.Hit = true
		o.Steps = []string{line + ": a round is fired"}
		return o
	}
	o.Steps = []string{line + ": none left for the rest of the battle"}
	o.Effects = []combat.Effect{{Kind: combat.AddState, On: combat.OnFirer, State: NoWP, N: 1}}
	return o
}
