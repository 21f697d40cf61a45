package ai_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/combat/elimination"
	"hexfire/combat/seamtest"
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

// TestSeamRulesetPlaysWholeBattles plays the default scenario under the
// engine's test ruleset (d20 and d10, front/side/rear, shock and suppressed,
// simultaneous fire, no infantry combat) with the opponent on both sides,
// and with random play: every battle ends with no refused order, the
// ruleset's states appear on units, and a save of each replays to the same
// state.
func TestSeamRulesetPlaysWholeBattles(t *testing.T) {
	states := map[string]int{}
	declared := 0
	for _, e := range playedEvents(t, seamtest.Name, 1, 2, 3, 4, 5, 6) {
		if e.Kind == battle.UnitStateChanged {
			states[e.State]++
		}
		if e.Kind == battle.FireDeclared {
			declared++
		}
	}
	if states[seamtest.Shock] == 0 || states[seamtest.Suppressed] == 0 || declared == 0 {
		t.Errorf("over 12 battles: state events %v, declared shots %d; want shock, suppressed and declared fire to appear", states, declared)
	}
}

// playedEvents plays the default scenario under ruleset rules from each
// seed, with the opponent and with random play on both sides, and returns
// every event: a refused order, a battle without a result after 50000
// orders or a save that does not replay fails the test.
func playedEvents(t *testing.T, rules string, seeds ...uint64) []battle.Event {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	var all []battle.Event
	for _, seed := range seeds {
		for _, players := range []string{"opponent", "random"} {
			b, err := battle.New(sc, cat, battle.Config{Seed: seed, Ruleset: rules, Source: battle.EmbeddedPrefix + maps.DefaultPath, Fog: battle.FogOff})
			if err != nil {
				t.Fatal(err)
			}
			seats := map[maps.Side]ai.Player{}
			for _, side := range b.Scenario().Sides {
				seats[side] = ai.Random{}
				if players == "opponent" {
					if seats[side], err = ai.NewOpponent(b.View(side), umpire.SeatSeed(seed, side)); err != nil {
						t.Fatal(err)
					}
				}
			}
			for n := 0; b.Result() == nil; n++ {
				if n > 50000 {
					t.Fatalf("%s, seed %d, %s: no result after %d orders", rules, seed, players, n)
				}
				o, why := seats[b.Acting()].Next(b.View(b.Acting()))
				events, err := b.Apply(o)
				if err != nil {
					t.Fatalf("%s, seed %d, %s: order %d refused (%s): %v", rules, seed, players, n+1, why, err)
				}
				all = append(all, events...)
			}
			path := filepath.Join(t.TempDir(), fmt.Sprintf("%s-%d.json", rules, seed))
			if err := b.WriteSave(path); err != nil {
				t.Fatal(err)
			}
			if _, err := battle.LoadSave(path, cat); err != nil {
				t.Errorf("%s, seed %d, %s: the save does not replay: %v", rules, seed, players, err)
			}
		}
	}
	return all
}
