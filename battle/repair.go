package battle

import (
	"errors"
	"fmt"

	"hexfire/combat"
)

// repair rolls a unit's attempt to repair its broken weapon, in its side's
// Fire or Defensive Fire phase, instead of firing (combat.WeaponRepairs).
func (b *Battle) repair(o Repair) ([]Event, error) {
	repairs := combat.RepairsOf(b.rules)
	if repairs == nil {
		return nil, fmt.Errorf("the %s ruleset repairs no weapons", b.rules.Name())
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	switch {
	case b.pending != nil:
		return nil, errors.New("a move waits for opportunity fire: fire at it or pass")
	case b.phase != FirePhase && b.phase != DefensiveFire:
		return nil, fmt.Errorf("weapons are repaired in the Fire and Defensive Fire phases; this is the %s phase", b.phase)
	case u.WeaponLost != "broken":
		return nil, fmt.Errorf("%s has no broken weapon to repair", u.Label())
	}
	if err := b.checkCanFire(u); err != nil {
		return nil, err
	}
	w, err := b.WeaponOf(u)
	if err != nil {
		return nil, err
	}
	out := repairs.RepairWeapon(w, u.Quality, b.dice)
	if out.Err != nil {
		return nil, out.Err
	}
	u.Markers |= Fired
	text := fmt.Sprintf("%s tries to repair its %s: ", u.Label(), w.Name)
	switch {
	case combat.HasEffect(out.Effects, combat.OnFirer, combat.WeaponRepaired):
		text += "repaired"
	case combat.HasEffect(out.Effects, combat.OnFirer, combat.WeaponRemoved):
		text += "beyond repair"
	default:
		text += "still broken"
	}
	events := []Event{{Kind: WeaponRepairTried, Unit: u.ID, Hex: u.Pose.Hex, Outcome: &out, Text: text}}
	return append(events, b.applyEffects(attack{firer: u, target: u}, out.Effects)...), nil
}
