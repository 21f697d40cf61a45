package game

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// laneScene: a German squad with an MG34 in B1 and an American squad that
// has moved from B4 to B3, waiting for the Germans' opportunity fire.
func laneScene(t *testing.T) *battle.Battle {
	t.Helper()
	bd, err := board.ParseASCII(board.DefaultLayout, battletest.OpenMap)
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) board.Hex { h, _ := bd.ParseHex(s); return h }
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}, Units: []maps.Placement{
			{ID: 1, Type: "US Rifle Squad", Side: maps.Allies, Hex: at("B4")},
			{ID: 2, Type: "German Rifle Squad", Side: maps.Axis, Hex: at("B1"), Properties: map[string]string{"weapons": "MG34"}},
		}}
	b, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []battle.Order{battle.EndPhase{}, battle.Move{Unit: 1, Path: []board.Pose{{Hex: at("B3")}, {Hex: at("B2")}}}} {
		if _, err := b.Apply(o); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// TestFireLanePreview: with a lane asked for (Shift+J), the opportunity AP
// fire the preview offers lays it, and the preview names its markers;
// without, it offers to lay one.
func TestFireLanePreview(t *testing.T) {
	b := laneScene(t)
	pv := previewOf(t, b, previewKey{unit: 2, lane: battle.LaneStraight}, "B3")
	o, ok := pv.attack.(battle.FireAP)
	if !ok || o.Lane != battle.LaneStraight {
		t.Fatalf("previewed attack %#v, want AP fire laying a straight lane", pv.attack)
	}
	if text := previewText(pv); !strings.Contains(text, "fire lane: straight") || !strings.Contains(text, "lane markers: B2 B3") {
		t.Errorf("preview:\n%s", text)
	}
	pv = previewOf(t, b, previewKey{unit: 2}, "B3")
	if text := previewText(pv); !strings.Contains(text, "fire lane: none  (Shift+J") {
		t.Errorf("preview without a lane:\n%s", text)
	}
}
