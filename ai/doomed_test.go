package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/seamtest"
	"hexfire/maps"
)

// TestOpponentSparesDoomedTargets: under simultaneous fire the opponent
// fires at the truck until a shot's rolled result dooms it, and then no
// more at it, though it stays on the map until the phase ends.
func TestOpponentSparesDoomedTargets(t *testing.T) {
	b := fixture{rules: seamtest.Name, grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C2", 0, ""}, // 1-4
		{"M4A3E8", maps.Allies, "D2", 0, ""},
		{"M4A3E8", maps.Allies, "E2", 0, ""},
		{"M4A3E8", maps.Allies, "F2", 0, ""},
		{"Opel Blitz", maps.Axis, "D4", 0, ""}, // 5
		{"Tiger I", maps.Axis, "G6", 0, ""},    // 6
	}}.battle(t)
	o := &Opponent{}
	for n := 0; !b.Doomed(5); n++ {
		order, why := o.Next(b)
		fire, ok := order.(battle.Fire)
		if !ok || fire.Target != 5 || n == 4 {
			t.Fatalf("shot %d: %#v (%s); want a shot at the live truck", n+1, order, why)
		}
		if _, err := b.Apply(order); err != nil {
			t.Fatal(err)
		}
	}
	if b.Unit(5).Eliminated {
		t.Fatal("the truck is eliminated before the phase ends")
	}
	for range 4 {
		order, why := o.Next(b)
		if fire, ok := order.(battle.Fire); ok && fire.Target == 5 {
			t.Fatalf("%s: a shot at the doomed truck", why)
		}
		if _, ok := order.(battle.EndPhase); ok {
			break
		}
		if _, err := b.Apply(order); err != nil {
			t.Fatal(err)
		}
	}
}
