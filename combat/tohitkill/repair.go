package tohitkill

import (
	"fmt"

	"hexfire/combat"
)

// repairTable is the repair d6 of each weapon that breaks down rather than
// being removed: repaired at or below repairedUpTo, removed on removedOn,
// otherwise still broken. The PIAT's 1-2 and 6 are printed (13.63); the AT
// rifle's and the Molotov projector's 1 and 6 are ours, the excerpt's
// "normal" repair read as the PIAT's without its easier mechanism.
var repairTable = map[string]struct{ repairedUpTo, removedOn int }{
	"PIAT":              {2, 6},
	"AT Rifle":          {1, 6},
	"Molotov Projector": {1, 6},
}

// RepairWeapon rolls a d6 to repair a broken weapon (combat.WeaponRepairs).
func (Ruleset) RepairWeapon(w combat.Weapon, _ combat.Quality, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	t, ok := repairTable[w.Name]
	if !ok {
		o.Err = fmt.Errorf("the %s cannot be repaired in this ruleset", w.Name)
		return o
	}
	face := d.Roll(6)
	o.Rolls = []combat.Roll{{Purpose: "repair", Sides: 6, Dice: []int{face}}}
	line := fmt.Sprintf("repair d6 (repaired on %d or less, removed on %d): rolled %d", t.repairedUpTo, t.removedOn, face)
	switch {
	case face <= t.repairedUpTo:
		o.Effects = []combat.Effect{{Kind: combat.WeaponRepaired, On: combat.OnFirer}}
		o.Steps = []string{line + ": repaired"}
	case face >= t.removedOn:
		o.Effects = []combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}}
		o.Steps = []string{line + ": removed"}
	default:
		o.Steps = []string{line + ": still broken"}
	}
	return o
}
