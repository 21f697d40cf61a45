package game

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// TestOverrunKey: in the Movement phase, with an AFV selected and an enemy
// hex it can overrun hovered, the preview offers the overrun with its
// attack and cost, and Shift+A gives it: the M4A3E8 drives from C5
// through the squad in C3 and out to C2 (rules 19).
func TestOverrunKey(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "C5", board.DirN},
		placed{"German Rifle Squad", maps.Axis, "C3", 0},
	)
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	g := shotGame(t, b, "C5", "C3")
	var tip []string
	for _, l := range g.play.pv.tip {
		tip = append(tip, l.text)
	}
	text := strings.Join(tip, "\n")
	for _, want := range []string{"Shift+A: overrun C3 from C4, out to C2 (5 MP)", "38 APFP", "for one casualty point or more"} {
		if !strings.Contains(text, want) {
			t.Errorf("the preview %q lacks %q", text, want)
		}
	}
	var in Intents
	in.Triggered[ActionOverrun] = true
	g.apply(in)
	if u := b.Unit(1); u.Pose.Hex != battletest.Hex(t, b, "C2") || !u.Has(battle.Moved) {
		t.Errorf("after Shift+A the M4A3E8 is in %s (moved %v), want C2, its move over", b.Board().Label(u.Pose.Hex), u.Has(battle.Moved))
	}
	g.apply(in) // again: it has moved
	if !g.play.toastBad || !strings.Contains(g.play.toast, "moved") {
		t.Errorf("a second Shift+A: toast %q, want the refusal", g.play.toast)
	}
}
