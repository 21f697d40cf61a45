package ai

import (
	"fmt"
	"slices"

	"hexfire/battle"
	"hexfire/combat"
)

// repair orders the first of the side's units with a broken weapon to try
// to repair it (battle.Repair, under a ruleset with combat.WeaponRepairs),
// spending its fire on it, while an enemy vehicle or Gun, something only
// that weapon can harm, is on the map. Whether the unit may try now is the
// battle's to say (battle.Check).
func (d *decision) repair() (battle.Order, string, bool) {
	if combat.RepairsOf(d.b.Rules()) == nil || !slices.ContainsFunc(d.enemies, func(e *battle.Unit) bool { return !e.Type.Kind.Infantry() }) {
		return nil, "", false
	}
	for _, u := range d.mine {
		if u.WeaponLost != "broken" {
			continue
		}
		o := battle.Repair{Unit: u.ID}
		if d.b.Check(o) != nil {
			continue
		}
		return o, fmt.Sprintf("%s tries to repair its broken weapon: enemy vehicles or Guns are on the map", u.Label()), true
	}
	return nil, "", false
}
