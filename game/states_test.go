package game

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/seamtest"
	"hexfire/maps"
)

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
