package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/tohitkill"
	"hexfire/maps"
)

// TestOpponentRepairs: in its Fire phase and in Defensive Fire, a PIAT
// team whose weapon is broken tries to repair it under a ruleset with
// repairs while an enemy tank is on the map; not against infantry alone,
// and not under the default ruleset, which repairs nothing.
func TestOpponentRepairs(t *testing.T) {
	tests := []struct {
		name, rules, enemy string
		phase              battle.Phase
		repairs            bool
	}{
		{"tank, own Fire phase", tohitkill.Name, "Pz IV H", battle.FirePhase, true},
		{"tank, Defensive Fire", tohitkill.Name, "Pz IV H", battle.DefensiveFire, true},
		{"infantry only", tohitkill.Name, "German Rifle Squad", battle.FirePhase, false},
		{"default ruleset", "elimination", "Pz IV H", battle.FirePhase, false},
	}
	for _, tt := range tests {
		b := fixture{rules: tt.rules, grid: openMap, units: []unitAt{
			{"British PIAT Team", maps.Allies, "C5", 0, ""},
			{tt.enemy, maps.Axis, "C1", 3, ""},
		}}.battle(t)
		b.Unit(1).WeaponLost = "broken"
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == tt.phase && b.Acting() == maps.Allies })
		o, why := ask(mustOpponent(t, b), b)
		if got := o == battle.Order(battle.Repair{Unit: 1}); got != tt.repairs {
			t.Errorf("%s: the opponent gives %#v (%s)", tt.name, o, why)
			continue
		}
		if _, err := b.Apply(o); err != nil {
			t.Errorf("%s: %#v refused: %v", tt.name, o, err)
		}
	}
}
