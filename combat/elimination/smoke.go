package elimination

import (
	"errors"
	"fmt"

	"hexfire/combat"
	"hexfire/units"
)

// Smoke rounds (§7, §10): instead of attacking, a Gun or an AFV with a gun
// places a Smoke marker of this level in a hex it sees, paying this many
// factors of its side's smoke supply, and is marked Fire.
const (
	SmokeLevel   = 2
	SmokeFactors = 2
)

// CheckSmoke refuses a smoke round from a firer that may not fire one: only
// a Gun, or an AFV or vehicle with a gun, fires smoke, and not while being
// towed or carried. Line of sight, arc and the phase are the battle's checks;
// the battle engine finds this method on any ruleset that has smoke rounds.
func (Ruleset) CheckSmoke(s combat.SmokeShot) error {
	w := s.Weapon
	switch {
	case s.FirerKind.Infantry() && w.Mortar && s.Passenger:
		return fmt.Errorf("the %s is carried and cannot fire", w.Name)
	case s.FirerKind.Infantry() && w.Mortar && (s.Range < w.MinRange || w.Range > 0 && s.Range > w.Range):
		return fmt.Errorf("the %s fires from %d to %d hexes; the hex is %d away", w.Name, w.MinRange, w.Range, s.Range)
	case s.FirerKind.Infantry() && w.Mortar:
		return nil // a mortar's smoke round, as its attacks (rules 12.66)
	case s.FirerKind.Infantry():
		return errors.New("infantry place Smoke 1 by hand before moving; smoke rounds are for Guns and AFVs")
	case w.Class != combat.MainGun || w.ATFP == units.NoRating:
		return fmt.Errorf("%s has no gun to fire a smoke round", w.Name)
	case s.Passenger:
		return fmt.Errorf("%s is being towed or carried and cannot fire", w.Name)
	}
	return nil
}

// SmokeRound returns the smoke level a round places and the factors it
// costs.
func (Ruleset) SmokeRound() (level, factors int) { return SmokeLevel, SmokeFactors }
