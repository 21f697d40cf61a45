package ai

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
)

// TestTakesTheObjectiveInTime: the allies must hold L3, where an enemy
// squad stands; another stands in A3. In the first half of the battle
// the allied squad's goals are the enemy units (it hunts them and wears
// the holders down); from half-way on (takeFrom) L3 is its only goal
// though the enemy holds it, since it must be taken by the end. Where
// both sides must hold L3 the enemy's hex stays out of its goals: its
// own hexes are what the enemy comes for. Before mustTake an objective
// the enemy stood in was never a goal, and the squad hunted to the end.
func TestTakesTheObjectiveInTime(t *testing.T) {
	for _, tt := range []struct {
		victory string
		turn    int
		want    []string
	}{
		{"allies hold L3; axis otherwise", 1, []string{"L3", "A3"}},
		{"allies hold L3; axis otherwise", 3, []string{"L3", "A3"}},
		{"allies hold L3; axis otherwise", 4, []string{"L3"}},
		{"allies hold L3; axis otherwise", 8, []string{"L3"}},
		{"allies hold L3; axis hold L3", 8, []string{"L3", "A3"}},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "E3", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
			{"German Rifle Squad", maps.Axis, "A3", 0, ""},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": tt.victory}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		op, err := NewOpponent(b)
		if err != nil {
			t.Fatal(err)
		}
		d := &decision{o: op, view: newView(b, &op.memo, maps.Allies), rng: decisionRNG(b, maps.Allies, b.OrderCount())}
		var goals []string
		for _, h := range d.objectives(b.Unit(1)) {
			goals = append(goals, b.Board().Label(h))
		}
		if !slices.Equal(goals, tt.want) {
			t.Errorf("%q, turn %d: goals %v, want %v", tt.victory, tt.turn, goals, tt.want)
		}
	}
}

// openMap12 is open ground, 12 hexes by 5.
const openMap12 = `
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
`

// TestLastChance: the allies must hold L3, where an enemy squad stands,
// and lose when the battle ends without it. Their squad in G3 keeps its
// distance in turn 7 of 8; in the last turn, when failing is the same
// defeat as dying, its losses count a tenth (lastChanceLoss) and it
// moves next to L3, to assault it in the Advance phase. Before, it waited
// in G3 to the end.
func TestLastChance(t *testing.T) {
	for _, tt := range []struct {
		turn int
		next bool
	}{
		{7, false},
		{8, true},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "G3", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": "allies hold L3; axis otherwise"}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		to := hexOf(t, b, "G3")
		if m, ok := moveOf(t, b, 1).(battle.Move); ok {
			to = m.Path[len(m.Path)-1].Hex
		}
		if next := to.Distance(hexOf(t, b, "L3")) == 1; next != tt.next {
			t.Errorf("turn %d: the squad moves G3 → %s; want it next to L3 %v", tt.turn, b.Board().Label(to), tt.next)
		}
	}
}

// alliesMoveIn stops play at the allies' Movement phase of turn n.
func alliesMoveIn(n int) func(*battle.Battle) bool {
	return func(b *battle.Battle) bool {
		return b.Turn() >= n && b.Phase() == battle.Movement && b.Acting() == maps.Allies
	}
}
