package game

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestTowingKeys: E hooks a Gun up whether the Gun or its tower is
// selected, and X unhooks it from the tower; infantry still embark.
func TestTowingKeys(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"GMC Truck", maps.Allies, "B3", 0},
		placed{"57mm M1", maps.Allies, "B3", 0},
		placed{"US Rifle Squad", maps.Allies, "B3", 0},
		placed{"Tiger I", maps.Axis, "F1", 3},
	)
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		sel  battle.UnitID
		want battle.Load
	}{
		{1, battle.Load{Unit: 2, Carrier: 1}},
		{2, battle.Load{Unit: 2, Carrier: 1}},
		{3, battle.Load{Unit: 3, Carrier: 1}},
	}
	for _, tt := range tests {
		o, err := loadOrder(b, b.Unit(tt.sel))
		if err != nil || o != tt.want {
			t.Errorf("loadOrder(#%d) = %v, %v; want %v", tt.sel, o, err, tt.want)
		}
	}
	if _, err := loadOrder(b, b.Unit(4)); err == nil {
		t.Errorf("loadOrder(Tiger): want an error, no Gun or transport with it")
	}
	if _, err := b.Apply(battle.Load{Unit: 2, Carrier: 1}); err != nil {
		t.Fatal(err)
	}
	if o, err := unloadOrder(b, b.Unit(1)); err != nil || o != (battle.Unload{Unit: 2}) {
		t.Errorf("unloadOrder(truck) = %v, %v; want the Gun unhooked", o, err)
	}
	if lines := unitInfo(b, b.Unit(1)); !slices.Contains(lines, "tows 57mm M1 #2") {
		t.Errorf("the truck's card %q does not say it tows the 57mm", lines)
	}
}
