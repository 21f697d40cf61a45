package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/maps"
)

// TestOpponentHandsOverWeapons: in its Command phase the opponent gives a
// weapon its carrier fires alone to an unarmed squad of the hex, and
// leaves the rest as they are; the hand-over is its first order.
func TestOpponentHandsOverWeapons(t *testing.T) {
	tests := []struct {
		name   string
		units  []unitAt
		placed map[int]map[string]string
		want   battle.Order // nil: no hand-over
	}{
		{"the leader's MG34 to the squad",
			[]unitAt{{"German Leader", maps.Allies, "B2", 0, ""}, {"German Rifle Squad", maps.Allies, "B2", 0, ""}},
			map[int]map[string]string{0: {"weapons": "MG34"}}, battle.Transfer{Unit: 1, To: 2}},
		{"the half squad's mortar to the squad",
			[]unitAt{{"German Rifle Half Squad", maps.Allies, "B2", 0, ""}, {"German Rifle Squad", maps.Allies, "B2", 0, ""}},
			map[int]map[string]string{0: {"weapons": "5cm Mortar"}}, battle.Transfer{Unit: 1, To: 2}},
		{"a half squad keeps its MG34: it fires it beside its own",
			[]unitAt{{"German Rifle Half Squad", maps.Allies, "B2", 0, ""}, {"German Rifle Squad", maps.Allies, "B2", 0, ""}},
			map[int]map[string]string{0: {"weapons": "MG34"}}, nil},
		{"no unarmed squad in the hex",
			[]unitAt{{"German Leader", maps.Allies, "B2", 0, ""}, {"German Rifle Squad", maps.Allies, "B2", 0, ""}},
			map[int]map[string]string{0: {"weapons": "MG34"}, 1: {"weapons": "MG34"}}, nil},
		{"a squad elsewhere",
			[]unitAt{{"German Leader", maps.Allies, "B2", 0, ""}, {"German Rifle Squad", maps.Allies, "C4", 0, ""}},
			map[int]map[string]string{0: {"weapons": "MG34"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			units := append(tt.units, unitAt{"US Rifle Squad", maps.Axis, "G6", 0, ""})
			b := fixture{grid: openMap, units: units, placed: tt.placed}.battle(t)
			o, why, ok := handOver(b, maps.Allies)
			if tt.want == nil {
				if ok {
					t.Errorf("hand-over %#v (%s), want none", o, why)
				}
				return
			}
			if !ok || o != tt.want {
				t.Fatalf("hand-over %#v (%v), want %#v", o, ok, tt.want)
			}
			opp, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			if first, _ := ask(opp, b); first != tt.want {
				t.Errorf("the opponent's first order %#v, want the hand-over", first)
			}
			if _, err := b.Apply(o); err != nil {
				t.Fatal(err)
			}
			if _, _, again := handOver(b, maps.Allies); again {
				t.Errorf("a second hand-over after the first")
			}
		})
	}
}
