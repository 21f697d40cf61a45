package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// approachMap: woods in row 3 (A–I) and column I (rows 3–7) hide the
// south from rows 1 and 2, but for the gap J3–L3; woods in J5–K5 hide
// J6–K7 from the north.
const approachMap = `
. . . . . . . . . . . .
. . . . . . . . . . . .
W W W W W W W W W . . .
. . . . . . . . W . . .
. . . . . . . . W W W .
. . . . . . . . W . . .
. . . . . . . . W . . .
`

// TestCoversApproaches: the allies must leave the map by its east edge
// (their way runs east along rows 1 and 2) and the axis win if they do
// not. A Pz IV waiting in the woods of I7, where it sees none of that way
// and no enemy sees it, moves before any enemy is in its sight to a hex
// that overlooks the way's east end (K1 or L1), and that the enemy in A1
// does not see; without weighing the approaches it has no reason to move
// (the woods of I7 are as good cover as any, and a side that wins when
// time runs out hunts nothing).
func TestCoversApproaches(t *testing.T) {
	b := fixture{grid: approachMap, turns: 6, units: []unitAt{
		{"M4A3E8", maps.Allies, "A1", board.DirSE, ""},
		{"Pz IV H", maps.Axis, "I7", board.DirN, ""},
	}, props: map[string]string{"victory": "allies exit 1 east; axis otherwise"}}.battle(t)
	play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement && b.Acting() == maps.Axis })
	m, ok := moveOf(t, b, 2).(battle.Move)
	if !ok {
		t.Fatal("the Pz IV stays in I7, out of sight of the enemy's way")
	}
	end := m.Path[len(m.Path)-1].Hex
	bd := b.Board()
	sees := func(from, to string) bool {
		return bd.Sight(battletest.Hex(t, b, from), battletest.Hex(t, b, to), nil).Visible
	}
	label := bd.Label(end)
	if !sees(label, "K1") && !sees(label, "L1") {
		t.Errorf("the Pz IV moves to %s, which overlooks neither K1 nor L1", label)
	}
	if sees("A1", label) {
		t.Errorf("the Pz IV moves to %s, in sight of the enemy in A1", label)
	}
}
