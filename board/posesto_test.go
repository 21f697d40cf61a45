package board

import (
	"slices"
	"testing"
)

// TestPosesToFollowsPathTo checks PosesTo against PathTo for every pose a
// unit of each kind of movement can reach on a board of mixed terrain:
// the same route, step for step, without the steps' costs and notes.
func TestPosesToFollowsPathTo(t *testing.T) {
	b := fixture(t, `
. . W . .
. W1 . . .
. . . W .
. . W2 . .
. . . . .
hedge B2 B3`)
	for _, kind := range []MoveKind{Infantry, Vehicle, Gun} {
		r := b.Reachable(MoveSpec{Kind: kind, MP: 6}, at(t, "C3", DirN), Occupancy{})
		poses := r.Poses()
		if len(poses) < 2 {
			t.Fatalf("%v: %d poses reachable, want more to compare", kind, len(poses))
		}
		for _, p := range poses {
			path, ok := r.PathTo(p)
			got, gotOK := r.PosesTo(p)
			var want []Pose
			for _, s := range path {
				want = append(want, s.To)
			}
			if gotOK != ok || !slices.Equal(got, want) {
				t.Errorf("%v to %s %v: PosesTo = %v, %v; PathTo's poses %v, %v", kind, b.Label(p.Hex), p.Facing, got, gotOK, want, ok)
			}
		}
	}
}
