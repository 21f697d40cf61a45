package game

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// pausedBattle is a battle in which the M4A3E8 (unit 1), driving north
// from C5 towards C1, came through the Pak 40's opportunity fire in C2 and
// waits for its owner (battle.MovePaused). It tries seeds until the Pak
// misses or leaves the tank mobile.
func pausedBattle(t *testing.T) *battle.Battle {
	t.Helper()
	const grid = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . W . . .
. . . . W . . .
. . . . . . . .
`
	for seed := uint64(1); seed <= 40; seed++ {
		b := gridBattle(t, board.DefaultLayout, grid, nil, battle.Config{Seed: seed},
			placed{"M4A3E8", maps.Allies, "C5", board.DirN},
			placed{"Pak 40", maps.Axis, "G4", board.DirNW},
		)
		var path []board.Pose
		for _, l := range []string{"C4", "C3", "C2", "C1"} {
			path = append(path, board.Pose{Hex: battletest.Hex(t, b, l), Facing: board.DirN})
		}
		for _, o := range []battle.Order{battle.EndPhase{}, battle.Move{Unit: 1, Path: path}, battle.Fire{Unit: 2, Target: 1}} {
			if _, err := b.Apply(o); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if b.Moving() == nil {
			continue // the shot stopped the tank
		}
		if _, err := b.Apply(battle.Pass{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if u, _, _ := b.MovePaused(); u != nil {
			return b
		}
	}
	t.Fatal("in 40 seeds the Pak never left the tank able to go on")
	return nil
}

// TestPausedMoveKeys: a unit that came through opportunity fire waits for
// its owner (rules 13.8); the banner says so, Space takes it on along its
// path, P halts it where it stands, and M (or a click) on another hex
// gives it a new path within the MP it has left.
func TestPausedMoveKeys(t *testing.T) {
	tests := []struct {
		name   string
		act    func(g *Game)
		end    string
		halted bool
	}{
		{"Space: on along the path", func(g *Game) { trigger(g, ActionEndPhase) }, "C1", true},
		{"P: halt", func(g *Game) { trigger(g, ActionPass) }, "C2", true},
		{"M: another path", func(g *Game) { trigger(g, ActionMoveTo) }, "B2", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := pausedBattle(t)
			if text := bannerText(b); !strings.Contains(text, "came through the fire in C2 (7 MP left)") {
				t.Errorf("banner %q, want the pause and the MP left", text)
			}
			g := shotGame(t, b, "", "B2")
			g.play.lastActing = maps.Axis // the Pak fired last
			g.play.checkHandOver()
			if g.play.unit != 1 {
				t.Fatalf("selected unit %d after the pause, want the paused tank (1)", g.play.unit)
			}
			g.refresh()
			uitest.SavePNG(t, "paused-move.png", frame(g))
			tt.act(g)
			if u, _, _ := b.MovePaused(); u != nil {
				t.Fatalf("the move still waits; toast %q", g.play.toast)
			}
			if at := b.Board().Label(b.Unit(1).Pose.Hex); at != tt.end {
				t.Errorf("the tank stands in %s, want %s", at, tt.end)
			}
		})
	}
}
