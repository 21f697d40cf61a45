package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

// TestBelief: the opponent believes an enemy unit last seen this turn is
// still where it was (0.8 of it), one seen two turns ago barely (0.2), one
// three turns ago not at all, and a contact to be the most dangerous type
// it has seen (half of it); the belief adds to the danger of a pose in
// their lines, and gives nothing to aim at.
func TestBelief(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B2", board.DirNE, ""},
		{"German Rifle Squad", maps.Axis, "H6", board.DirSW, ""},
	}}.battle(t)
	tiger, err := battletest.Catalogue(t, elimination.Ruleset{}).Lookup("Tiger I")
	if err != nil {
		t.Fatal(err)
	}
	sherman := b.Unit(1)
	at := func(label string) board.Pose {
		return board.Pose{Hex: battletest.Hex(t, b, label), Facing: board.DirSW}
	}
	view := &battle.View{Side: maps.Allies, Fog: true, Turn: 4, Enemy: []battle.Enemy{
		{ID: 7, Name: "Tiger I", Type: tiger, Pose: at("F2"), Turn: 4},
		{ID: 8, Name: "Tiger I", Type: tiger, Pose: at("F4"), Turn: 2},
		{ID: 9, Name: "Tiger I", Type: tiger, Pose: at("F6"), Turn: 1},
		{Known: battle.Contact, Contact: 1, Pose: board.Pose{Hex: battletest.Hex(t, b, "E1")}},
	}}
	d := newDecision(t, b, maps.Allies)
	before, _ := d.threatTo(sherman, sherman.Pose)
	d.believe(view)
	want := []struct {
		hex    string
		weight float64
	}{{"F2", 0.8}, {"F4", 0.2}, {"E1", 0.5}}
	if len(d.ghosts) != len(want) {
		t.Fatalf("%d ghosts, want %d: %+v", len(d.ghosts), len(want), d.ghosts)
	}
	for i, w := range want {
		g := d.ghosts[i]
		if got := b.Board().Label(g.unit.Pose.Hex); got != w.hex || g.weight != w.weight || g.unit.Type != tiger {
			t.Errorf("ghost %d: a %s in %s weighing %v, want a Tiger I in %s weighing %v", i, g.unit.Type.Name, got, g.weight, w.hex, w.weight)
		}
	}
	after, _ := d.threatTo(sherman, sherman.Pose)
	if after <= before {
		t.Errorf("the Sherman's danger in B2 is %.3f with the belief, %.3f without: want more", after, before)
	}
	if best, target := d.attackFrom(sherman, sherman.Pose, nil); target != nil && target.ID != 2 {
		t.Errorf("the Sherman's best attack (%.2f) is at %s, a ghost", best, target.Label())
	}
}
