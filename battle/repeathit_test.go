package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestRepeatHit: after a hit, a shot from the same pose at the target in
// its same pose is a repeat hit; after a miss, or from another pose, or at
// another target, it is not.
func TestRepeatHit(t *testing.T) {
	tests := []struct {
		name string
		dice []int
		want bool
	}{
		{"hit, no effect", []int{3, 3, 6, 6}, true},
		{"miss", []int{6, 6}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, dice: tt.dice, units: []unitAt{
				{"M4A3E8", maps.Allies, "B5", board.DirN},
				{"Tiger I", maps.Axis, "B2", board.DirS},
				{"Tiger I", maps.Axis, "D2", board.DirS},
			}}.battle(t)
			firer, tiger, other := b.Unit(1), b.Unit(2), b.Unit(3)
			before, err := b.ShotAt(firer, firer.Pose, tiger, tiger.Pose)
			if err != nil {
				t.Fatal(err)
			}
			if before.RepeatHit {
				t.Error("a first shot is a repeat hit")
			}
			apply(t, b, Fire{Unit: 1, Target: 2})
			again, err := b.ShotAt(firer, firer.Pose, tiger, tiger.Pose)
			if err != nil {
				t.Fatal(err)
			}
			if again.RepeatHit != tt.want {
				t.Errorf("the same shot again: repeat hit %v, want %v", again.RepeatHit, tt.want)
			}
			moved, _ := b.ShotAt(firer, pose(t, b, "B4", board.DirN), tiger, tiger.Pose)
			elsewhere, _ := b.ShotAt(firer, firer.Pose, other, other.Pose)
			if moved.RepeatHit || elsewhere.RepeatHit {
				t.Errorf("repeat hit from another hex %v, at another target %v", moved.RepeatHit, elsewhere.RepeatHit)
			}
		})
	}
}
