package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestOpponentWalksAroundMinefields: a squad told to move to E3 goes round
// the minefields of column C (rows 1 to 5) by C6 rather than through them,
// and gets past them.
func TestOpponentWalksAroundMinefields(t *testing.T) {
	grid := openMap + `
minefield C1
minefield C2
minefield C3
minefield C4
minefield C5
`
	b := fixture{grid: grid, turns: 6, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "A3", 0, "move-to E3"},
		{"German Rifle Squad", maps.Axis, "H6", 0, "hold"},
	}}.battle(t)
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	orders := play(t, b, op, turnIs(4))
	for _, o := range orders {
		if a, ok := o.(battle.Advance); ok && b.Board().Fort(a.To).Kind == board.Minefield {
			t.Errorf("unit %d advances into the minefield in %s", a.Unit, b.Board().Label(a.To))
		}
		m, ok := o.(battle.Move)
		if !ok || m.Unit != 1 {
			continue
		}
		for _, p := range m.Path {
			if b.Board().Fort(p.Hex).Kind == board.Minefield {
				t.Errorf("the squad's move %v enters the minefield in %s", m.Path, b.Board().Label(p.Hex))
			}
		}
	}
	u := b.Unit(1)
	if col := b.Board().Layout.ToOffset(u.Pose.Hex).Col; u.Eliminated || col < 3 {
		t.Errorf("squad in %s (eliminated %v), want past the minefields (column D or beyond) by turn 4", b.Board().Label(u.Pose.Hex), u.Eliminated)
	}
}
