package game

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
)

// TestVictoryNamesTheLost: the victory screen names each side's units
// lost: the Tiger eliminated in the duel, none of the Allies.
func TestVictoryNamesTheLost(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		d := duel(t, seed)
		if _, err := d.Apply(battle.Fire{Unit: 1, Target: 2}); err != nil {
			t.Fatal(err)
		}
		if !d.Unit(2).Eliminated {
			continue
		}
		if got := lostUnits(d, maps.Axis); !slices.Equal(got, []string{"Tiger I #2"}) {
			t.Errorf("the Axis lost %q, want the Tiger", got)
		}
		if got := lostUnits(d, maps.Allies); len(got) != 0 {
			t.Errorf("the Allies lost %q, want none", got)
		}
		return
	}
	t.Fatal("no seed of 30 eliminates the Tiger")
}
