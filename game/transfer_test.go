package game

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// weaponsBattle is a battle on battletest.OpenMap at the allies' first Fire
// phase, their Command phase for weapons: in B2 a German squad #1 with an
// MG34, a squad #2, a leader #3 and a half squad #4 with a 5cm mortar.
func weaponsBattle(t *testing.T) *battle.Battle {
	t.Helper()
	bd := board.MustParseASCII(board.DefaultLayout, battletest.OpenMap)
	h, _ := bd.ParseHex("B2")
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{},
		Units: []maps.Placement{
			{ID: 1, Type: "German Rifle Squad", Side: maps.Allies, Hex: h, Properties: map[string]string{"weapons": "MG34"}},
			{ID: 2, Type: "German Rifle Squad", Side: maps.Allies, Hex: h},
			{ID: 3, Type: "German Leader", Side: maps.Allies, Hex: h},
			{ID: 4, Type: "German Rifle Half Squad", Side: maps.Allies, Hex: h, Properties: map[string]string{"weapons": "5cm Mortar"}},
		}}
	b, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTransferKey: Shift+W hands the selected unit's weapon to the next unit of
// its hex that may carry it, or takes one; the panel and the counter's
// tag show what each unit carries.
func TestTransferKey(t *testing.T) {
	tests := []struct {
		sel  battle.UnitID
		want battle.Order
	}{
		{1, battle.Transfer{Unit: 1, To: 2}}, // the next unit after #1
		{4, battle.Transfer{Unit: 4, To: 1}}, // the leader cannot take the mortar; round to #1 (an exchange)
		{3, battle.Transfer{Unit: 1, To: 3}}, // the leader takes the MG34, the one weapon he may carry
		{2, battle.Transfer{Unit: 4, To: 2}}, // the first weapon after #2 in the hex
	}
	for _, tt := range tests {
		b := weaponsBattle(t)
		o, err := transferOrder(b, b.Unit(tt.sel))
		if err != nil || o != tt.want {
			t.Errorf("Shift+W on #%d: %#v (%v), want %#v", tt.sel, o, err, tt.want)
		}
	}
	b := weaponsBattle(t)
	if _, err := b.Apply(battle.Transfer{Unit: 1, To: 3}); err != nil {
		t.Fatal(err)
	}
	leader := b.Unit(3)
	if !canAct(b, leader) {
		t.Errorf("a leader with an MG34 cannot act in the Fire phase; he may fire it")
	}
	if !slices.Contains(unitInfo(b, leader), "weapon MG34 [L AP 3 range 6]") {
		t.Errorf("the leader's panel %q has no line for his MG34", unitInfo(b, leader))
	}
	if !slices.Contains(unitInfo(b, b.Unit(4)), "weapon 5cm Mortar [H AP 5 range 2-6]") {
		t.Errorf("the half squad's panel %q has no line for its mortar", unitInfo(b, b.Unit(4)))
	}
}
