package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/shiftchart"
	"hexfire/maps"
)

// TestOpponentAssaultsVehicles: in the Advance phase under a ruleset with
// a close assault of vehicles, a free squad next to an enemy tank assaults
// it (its chances read from the odds summary), and random play offers the
// assault too; under the default ruleset neither does.
func TestOpponentAssaultsVehicles(t *testing.T) {
	for _, rules := range []string{shiftchart.Name, "elimination"} {
		b := fixture{rules: rules, grid: openMap, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "C3", 0, ""},
			{"Tiger I", maps.Axis, "C4", 0, ""},
			{"German Rifle Squad", maps.Axis, "H1", 0, ""},
		}}.battle(t)
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.AdvancePhase })
		o, why := ask(mustOpponent(t, b), b)
		_, assaults := o.(battle.AssaultVehicle)
		if assaults != (rules == shiftchart.Name) {
			t.Errorf("%s: the opponent gives %#v (%s)", rules, o, why)
		}
		offered := false
		for _, k := range randomKinds(b, maps.Allies) {
			for o := range k.orders() {
				if _, ok := o.(battle.AssaultVehicle); ok && b.Check(o) == nil {
					offered = true
				}
			}
		}
		if offered != (rules == shiftchart.Name) {
			t.Errorf("%s: random play offers a vehicle assault: %v", rules, offered)
		}
	}
}
