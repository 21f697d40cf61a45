package ai

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestOpponentLaysFireLane: an American squad crossing open ground toward
// a German squad with an MG34 draws its opportunity fire, which lays a
// straight lane down the line (rules 13.9); the same squad without the MG
// fires with no lane. Random play lays lanes too.
func TestOpponentLaysFireLane(t *testing.T) {
	for _, tt := range []struct {
		name   string
		placed map[int]map[string]string
		want   battle.LanePattern
	}{
		{"with an MG34", map[int]map[string]string{1: {"weapons": "MG34"}}, battle.LaneStraight},
		{"without", nil, battle.NoLane},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "E6", 0, ""},
				{"German Rifle Squad", maps.Axis, "E1", 0, ""},
			}, placed: tt.placed}.battle(t)
			h := func(s string) board.Hex { x, _ := b.Board().ParseHex(s); return x }
			if _, err := b.Apply(battle.EndPhase{}); err != nil {
				t.Fatal(err)
			}
			if _, err := b.Apply(battle.Move{Unit: 1, Path: []board.Pose{{Hex: h("E5")}, {Hex: h("E4")}, {Hex: h("E3")}}}); err != nil {
				t.Fatal(err)
			}
			opp, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			o, why := ask(opp, b)
			ap, ok := o.(battle.FireAP)
			if !ok || ap.Lane != tt.want {
				t.Fatalf("order %#v (%s), want AP fire laying lane %q", o, why, tt.want)
			}
			if b.Check(o) != nil {
				t.Fatal(b.Check(o))
			}
		})
	}
}

// TestRandomLaysFireLanes: among the random player's candidate orders at
// a moving enemy are lanes of each pattern the engine accepts.
func TestRandomLaysFireLanes(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E6", 0, ""},
		{"German Rifle Squad", maps.Axis, "E1", 0, ""},
	}, placed: map[int]map[string]string{1: {"weapons": "MG34"}}}.battle(t)
	h := func(s string) board.Hex { x, _ := b.Board().ParseHex(s); return x }
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(battle.Move{Unit: 1, Path: []board.Pose{{Hex: h("E5")}, {Hex: h("E4")}}}); err != nil {
		t.Fatal(err)
	}
	var legal []battle.LanePattern
	for o := range randomAP(b, maps.Axis, []board.Hex{h("E5")}).orders() {
		if ap := o.(battle.FireAP); ap.Lane != battle.NoLane && b.Check(o) == nil {
			legal = append(legal, ap.Lane)
		}
	}
	if !slices.Equal(legal, []battle.LanePattern{battle.LaneStraight}) {
		t.Errorf("legal random lanes %v, want the straight one (the line runs through hex centres)", legal)
	}
}
