package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestRepeatShots: a unit's AT shots at one target run on from one
// segment to the next; a shot carries how many came before, and a
// segment without a shot ends the run.
func TestRepeatShots(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{6, 6}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN},
		{"Tiger I", maps.Axis, "C1", board.DirS},
	}}
	b := f.battle(t)
	firer, target := b.Unit(1), b.Unit(2)
	apply(t, b, Fire{Unit: 1, Target: 2}) // 12: a miss
	seg := b.segment()
	if a := firer.Aim; a.Target != 2 || a.Shots != 1 || a.Segment != seg || a.From != firer.Pose || a.At != target.Pose {
		t.Fatalf("after one shot: %+v", firer.Aim)
	}
	shotNow := func() int {
		s, err := b.ShotAt(firer, firer.Pose, target, target.Pose)
		if err != nil {
			t.Fatal(err)
		}
		return s.RepeatShots
	}
	if got := shotNow(); got != 0 {
		t.Errorf("the same segment: %d shots before, want 0 (one AT shot a segment)", got)
	}
	for b.segment() == seg {
		apply(t, b, EndPhase{})
	}
	if got := shotNow(); got != 1 {
		t.Errorf("the next segment: %d shots before, want 1", got)
	}
	for b.segment() == seg+1 {
		apply(t, b, EndPhase{})
	}
	if got := shotNow(); got != 0 {
		t.Errorf("after a segment without a shot: %d shots before, want 0", got)
	}
}

// TestFireAmmo: a Fire order's ammunition reaches the shot, and a saved
// order with an overlong ammunition name is refused, naming the field.
func TestFireAmmo(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN},
		{"Tiger I", maps.Axis, "C1", board.DirS},
	}}
	b := f.battle(t)
	p, err := b.PlanFire(Fire{Unit: 1, Target: 2, Ammo: "HVAP"})
	if err != nil || p.Shot.Ammo != "HVAP" {
		t.Errorf("shot ammo %q, %v", p.Shot.Ammo, err)
	}
	_, err = OrderRecord{Order: Fire{}.Name(), Unit: 1, Target: 2, Ammo: strings.Repeat("x", 17)}.order(b.Board())
	if err == nil || !strings.Contains(err.Error(), `"ammo"`) {
		t.Errorf("overlong ammo: %v", err)
	}
}
