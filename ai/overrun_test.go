package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// TestRandomOffersOverruns: in the Movement phase random play lists an
// AFV's overrun of an enemy squad it can reach head-on (rules 19), one the
// battle accepts, and none by the squad of its own side.
func TestRandomOffersOverruns(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN, ""},
		{"US Rifle Squad", maps.Allies, "A5", 0, ""},
		{"German Rifle Squad", maps.Axis, "C3", 0, ""},
	}}.battle(t)
	if _, err := b.Apply(battle.EndPhase{}); err != nil || b.Phase() != battle.Movement {
		t.Fatalf("not in the Movement phase: %v, %v", b.Phase(), err)
	}
	var overruns []battle.Overrun
	for _, k := range randomKinds(b, maps.Allies) {
		for o := range k.orders() {
			if ov, ok := o.(battle.Overrun); ok {
				overruns = append(overruns, ov)
			}
		}
	}
	if len(overruns) != 1 || overruns[0].Unit != 1 || b.Check(overruns[0]) != nil {
		t.Fatalf("random play offers the overruns %v, want the M4A3E8's of C3", overruns)
	}
	if target := overruns[0].Path[len(overruns[0].Path)-2].Hex; b.Board().Label(target) != "C3" {
		t.Errorf("the overrun targets %s, want C3", b.Board().Label(target))
	}
}

// TestOpponentTakesTheFinalShot: German squads dug into the woods of C3,
// marked Fire this segment, are overrun by an M4A3E8; as it leaves for C2
// the computer opponent fires a Panzerfaust at its rear from C3 all the
// same, the final shot rules 19.2 give them.
func TestOpponentTakesTheFinalShot(t *testing.T) {
	b := fixture{grid: `
. . . . . . . .
. . . . . . . .
. . W . . . . .
. . . . . . . .
. . . . . . . .
foxhole C3
`, props: map[string]string{"panzerfausts_axis": "2"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN, ""},
		{"German Rifle Squad", maps.Axis, "C3", 0, ""},
		{"German Rifle Squad", maps.Axis, "C3", 0, ""},
	}}.battle(t)
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []battle.UnitID{2, 3} {
		b.Unit(id).Markers |= battle.Fired // as after opportunity fire earlier in the segment
	}
	o, err := b.OverrunTo(b.Unit(1), battletest.Hex(t, b, "C3"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(o); err != nil {
		t.Fatal(err)
	}
	if m := b.Moving(); m == nil || b.Board().Label(m.Pose.Hex) != "C2" {
		t.Fatalf("the overrun does not wait in C2 for the final shot (moving %v)", m)
	}
	next, why := ask(mustOpponent(t, b), b)
	f, ok := next.(battle.Fire)
	if !ok || !f.Panzerfaust || b.Board().Label(b.Unit(f.Unit).Pose.Hex) != "C3" {
		t.Fatalf("the opponent gives %#v (%s), want a Panzerfaust from C3", next, why)
	}
	if _, err := b.Apply(f); err != nil {
		t.Fatal(err)
	}
}

// TestOpponentOverruns: an M4A3E8 with two German squads in the open two
// hexes ahead, nothing on the map able to hurt it, overruns them in its
// Movement phase (38 APFP on the open ground, with no Panzerfausts in the
// pool), rather than merely driving up to them.
func TestOpponentOverruns(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "D6", 0, ""},
		{"German Rifle Squad", maps.Axis, "D4", 0, ""},
		{"German Rifle Squad", maps.Axis, "D4", 0, ""},
	}}.battle(t)
	play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement && b.Acting() == maps.Allies })
	o, why := ask(mustOpponent(t, b), b)
	if _, ok := o.(battle.Overrun); !ok {
		t.Fatalf("the opponent gives %#v (%s), want an overrun", o, why)
	}
	if _, err := b.Apply(o); err != nil {
		t.Errorf("%#v refused: %v", o, err)
	}
}
