package ai_test

import (
	"testing"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/combat/shiftchart"
	"hexfire/maps"
	"hexfire/units"
)

// TestShiftchartPlaysWholeBattles plays the default scenario under the
// shiftchart ruleset (simultaneous fire, the d10 chart, the close assault
// of vehicles) with the opponent and with random play on both sides:
// every battle ends with no refused order, held fire and vehicle assaults
// happen, and each battle replays from its save to the same state.
func TestShiftchartPlaysWholeBattles(t *testing.T) {
	cat, err := units.Default()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[battle.EventKind]int{}
	for seed := uint64(6); seed <= 7; seed++ { // seed 7 has the opponent close-assault a Sherman
		for _, players := range []string{"opponent", "random"} {
			b, err := battle.New(sc, cat, battle.Config{Seed: seed, Ruleset: shiftchart.Name, Source: battle.EmbeddedPrefix + maps.DefaultPath})
			if err != nil {
				t.Fatal(err)
			}
			var player ai.Player = ai.Random{}
			if players == "opponent" {
				if player, err = ai.NewOpponent(b); err != nil {
					t.Fatal(err)
				}
			}
			for n := 0; b.Result() == nil; n++ {
				if n > 50000 {
					t.Fatalf("seed %d, %s: no result after %d orders", seed, players, n)
				}
				o, why := player.Next(b)
				events, err := b.Apply(o)
				if err != nil {
					t.Fatalf("seed %d, %s: order %d refused (%s): %v", seed, players, n+1, why, err)
				}
				for _, e := range events {
					kinds[e.Kind]++
				}
			}
			if _, err := battle.Replay(sc, cat, b.Save()); err != nil {
				t.Errorf("seed %d, %s: the save does not replay: %v", seed, players, err)
			}
		}
	}
	if kinds[battle.VehicleAssaulted] == 0 || kinds[battle.UnitFired] == 0 {
		t.Errorf("over 4 battles: %d vehicle assaults, %d shots; want both", kinds[battle.VehicleAssaulted], kinds[battle.UnitFired])
	}
}
