package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/seamtest"
	"hexfire/maps"
)

// TestOpponentSpreadsDeclaredFire: under simultaneous fire the opponent
// declares its shots, no die rolled, each at the target the shots already
// declared leave most likely standing: a hit eliminates a truck half the
// time under the test ruleset, so after one shot at a truck the other is
// worth twice as much, and four Shermans declare two shots at each. Then
// it resolves them all, and declares no more in the phase.
func TestOpponentSpreadsDeclaredFire(t *testing.T) {
	b := fixture{rules: seamtest.Name, grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C2", 0, ""}, // 1-4
		{"M4A3E8", maps.Allies, "D2", 0, ""},
		{"M4A3E8", maps.Allies, "E2", 0, ""},
		{"M4A3E8", maps.Allies, "F2", 0, ""},
		{"Opel Blitz", maps.Axis, "D4", 0, ""}, // 5
		{"Opel Blitz", maps.Axis, "E4", 0, ""}, // 6
	}}.battle(t)
	o := mustOpponent(t, b)
	at := map[battle.UnitID]int{}
	for n := 0; ; n++ {
		order, why := ask(o, b)
		if _, ok := order.(battle.Resolve); ok {
			break
		}
		fire, ok := order.(battle.Fire)
		if !ok || n == 4 {
			t.Fatalf("order %d: %#v (%s); want a declared shot, then Resolve", n+1, order, why)
		}
		at[fire.Target]++
		if _, err := b.Apply(order); err != nil {
			t.Fatal(err)
		}
		if b.DiceRolled() != 0 {
			t.Fatalf("shot %d (%s) rolled dice", n+1, why)
		}
	}
	if at[5] != 2 || at[6] != 2 {
		t.Errorf("declared shots by target %v, want two at each truck", at)
	}
	if _, err := b.Apply(battle.Resolve{}); err != nil {
		t.Fatal(err)
	}
	if order, why := ask(o, b); order != (battle.EndPhase{}) {
		t.Errorf("after Resolve: %#v (%s), want the phase's end", order, why)
	}
}
