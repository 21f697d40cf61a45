package game

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/seamtest"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// TestRulesetStatesOnCounters plays the engine's test ruleset until a shot
// leaves the Tiger shocked and suppressed, then draws it: its counter
// carries a tag per state in the state-tag colour ("SHK", "SUP"), which a
// counter of the default ruleset, with no states, never shows.
func TestRulesetStatesOnCounters(t *testing.T) {
	const zoom = 2
	var b *battle.Battle
	for seed := uint64(1); seed <= 400 && b == nil; seed++ {
		c := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: seed, Ruleset: seamtest.Name},
			placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
			placed{"Sherman Firefly", maps.Allies, "B3", board.DirSE},
			placed{"Tiger I", maps.Axis, "D3", board.DirNW},
		)
		for _, o := range []battle.Order{battle.Fire{Unit: 1, Target: 3}, battle.Fire{Unit: 2, Target: 3}, battle.EndPhase{}} {
			if _, err := c.Apply(o); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if tiger := c.Unit(3); tiger.StateCount(seamtest.Shock) > 0 && tiger.StateCount(seamtest.Suppressed) > 0 {
			b = c
		}
	}
	if b == nil {
		t.Fatal("no seed of 400 left the Tiger shocked and suppressed")
	}
	img := renderUnits(unitScene(b.Board()), b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "states.png", img)
	if n := tagPixels(t, b, img, "D3", zoom, colStateTag); n < 40 {
		t.Errorf("the shocked, suppressed Tiger shows %d pixels of state tags, want two tags", n)
	}
	if n := tagPixels(t, b, img, "B2", zoom, colStateTag); n != 0 {
		t.Errorf("the M4A3E8, with no state, shows %d pixels of state tags", n)
	}
}

// TestComparePreview turns on the comparison (D) over a hovered AT shot:
// the preview adds every registered ruleset's summary of the same shot,
// from battle.CompareFire; off, it shows none; for a firer that fired,
// the same summaries.
func TestComparePreview(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
		placed{"Tiger I", maps.Axis, "D3", board.DirNW},
	)
	off := previewText(previewOf(t, b, previewKey{unit: 1}, "D3"))
	on := previewText(previewOf(t, b, previewKey{unit: 1, compare: true}, "D3"))
	if strings.Contains(off, "under every ruleset") {
		t.Errorf("the comparison shows while off:\n%s", off)
	}
	want := []string{"under every ruleset (D: hide)"}
	for _, ro := range b.CompareFire(battle.Fire{Unit: 1, Target: 2}) {
		if ro.Err != nil {
			want = append(want, ro.Ruleset+": refused: "+ro.Err.Error())
			continue
		}
		s := ro.Summary
		want = append(want, fmt.Sprintf("%s (to hit %d)", ro.Ruleset, ro.Plan.Odds.ToHit),
			fmt.Sprintf("hit %.0f%%  destroy %.0f%%  immobilize %.0f%%  still fighting %.0f%%",
				100*s.P(s.Hit), 100*s.P(s.Destroy), 100*s.P(s.Immobilize), 100*s.P(s.Fighting)))
	}
	for _, w := range want {
		if !strings.Contains(on, w) {
			t.Errorf("the comparison lacks %q:\n%s", w, on)
		}
	}
	if !strings.Contains(on, "seam-test (to hit") || !strings.Contains(on, "elimination (to hit 10)") {
		t.Errorf("want a column for elimination and one for the test ruleset:\n%s", on)
	}
	// Once the M4A3E8 has fired, the preview refuses the shot and the
	// comparison shows it as if it had not, saying so.
	b.Unit(1).Markers |= battle.Fired
	fired := previewText(previewOf(t, b, previewKey{unit: 1, compare: true}, "D3"))
	for _, w := range append(want, "it has fired already: the shot as if it had not") {
		if !strings.Contains(fired, w) {
			t.Errorf("the comparison after the M4A3E8 fired lacks %q:\n%s", w, fired)
		}
	}
}

// TestFireTipAspectFollowsTheRuleset hovers a shot at a Tiger turned so
// that the firer is on its flank: the default ruleset strikes a front or
// rear half, the test ruleset (front, side, rear by board.Sector) the side,
// and the preview says what the shot will roll.
func TestFireTipAspectFollowsTheRuleset(t *testing.T) {
	flanks := 0
	for facing := range board.Direction(6) {
		for _, rules := range []string{"", seamtest.Name} {
			b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: rules},
				placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
				placed{"Tiger I", maps.Axis, "D3", facing},
			)
			plan, err := b.PlanFire(battle.Fire{Unit: 1, Target: 2})
			if err != nil {
				t.Fatal(err)
			}
			if rules == seamtest.Name {
				if plan.Shot.Aspect != board.Side {
					break // not a flank shot
				}
				flanks++
			}
			want := "strikes its " + plan.Shot.Aspect.String() + " armour"
			if plan.Shot.Aspect == board.FrontRearTie {
				want = "strikes its front or rear armour"
			}
			if text := previewText(previewOf(t, b, previewKey{unit: 1}, "D3")); !strings.Contains(text, want) {
				t.Errorf("ruleset %q, Tiger facing %v: want %q in the preview:\n%s", rules, facing, want, text)
			}
		}
	}
	if flanks == 0 {
		t.Error("no facing put the firer on the Tiger's flank")
	}
}
