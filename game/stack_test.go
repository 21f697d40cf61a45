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

// TestStackMoveKeys: with a squad selected in the Movement phase, the move
// preview lists the units of its hex that may go with it; 1 takes the
// leader in, which gives the stack 6 MP, so M reaches a hex 6 MP away and
// both move there.
func TestStackMoveKeys(t *testing.T) {
	grid := strings.Repeat(". . . .\n", 9)
	b := gridBattle(t, board.DefaultLayout, grid, nil, battle.Config{Seed: 1},
		placed{"US Rifle Squad", maps.Allies, "B9", 0},
		placed{"US Leader", maps.Allies, "B9", 0},
		placed{"German Rifle Squad", maps.Axis, "D1", 0},
	)
	b.Unit(3).Markers |= battle.Pinned // no opportunity fire
	phaseOf(t, b, battle.Movement, maps.Allies)
	far := farthestInRow(t, b, "B9", 6)
	g := shotGame(t, b, "B9", far)
	if g.play.pv.reachable(battletest.Hex(t, b, far)) {
		t.Fatalf("%s is reachable for the squad alone", far)
	}
	var in Intents
	in.Triggered[ActionMember], in.Member = true, 1
	g.apply(in)
	g.refresh()
	text := previewText(&g.play.pv)
	for _, want := range []string{"of 6 MP", "1 in   US Leader #2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the move preview lacks %q:\n%s", want, text)
		}
	}
	uitest.SavePNG(t, "stack-move.png", frame(g))
	trigger(g, ActionMoveTo)
	for _, id := range []battle.UnitID{1, 2} {
		if at := b.Board().Label(b.Unit(id).Pose.Hex); at != far {
			t.Errorf("%s in %s, want %s (toast %q)", b.Unit(id).Label(), at, far, g.play.toast)
		}
	}
}

// farthestInRow returns the hex straight north of label at mp MP in the
// test map's open ground (one hex per MP).
func farthestInRow(t *testing.T, b *battle.Battle, label string, mp int) string {
	t.Helper()
	h := battletest.Hex(t, b, label)
	for range mp {
		h = h.Neighbor(board.DirN)
	}
	if !b.Board().Contains(h) {
		t.Fatalf("%d hexes north of %s is off the map", mp, label)
	}
	return b.Board().Label(h)
}
