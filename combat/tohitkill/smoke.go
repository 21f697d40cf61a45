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
// one kind of smoke); the excerpt's ammunition depletion number is not
// modelled (ours: the side's smoke supply already bounds the rounds).
const (
	smokeLevel   = 2
	smokeFactors = 2
)

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
	case s.Range > maxRange(&bazooka45, s.Date):
		return fmt.Errorf("the Bazooka 45 reaches %d hexes; the hex is %d away", maxRange(&bazooka45, s.Date), s.Range)
	}
	return nil
}

// SmokeRound returns the level of smoke a round places and its cost.
func (Ruleset) SmokeRound() (level, factors int) { return smokeLevel, smokeFactors }
