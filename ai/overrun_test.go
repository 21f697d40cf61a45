package ai

import (
	"testing"

	"hexfire/battle"
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
		for _, o := range k {
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
