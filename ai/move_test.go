package ai

import (
	"slices"
	"testing"

	"hexfire/board"
)

// TestBestPerHex pins the candidate cap of bestPose: of poses sorted best
// first, only the best pose of each of the first n hexes is kept, however
// many hexes follow (the cap once let every hex after the n+1st through).
func TestBestPerHex(t *testing.T) {
	var cands []scored
	for i := range 12 {
		for f := range board.Direction(2) {
			cands = append(cands, scored{pose: board.Pose{Hex: board.Hex{Q: i, R: 0}, Facing: f}, score: float64(100 - 2*i - int(f))})
		}
	}
	got := bestPerHex(slices.Clone(cands), 8)
	if len(got) != 8 {
		t.Fatalf("kept %d poses, want 8: %+v", len(got), got)
	}
	for i, c := range got {
		if want := (board.Pose{Hex: board.Hex{Q: i, R: 0}}); c.pose != want {
			t.Errorf("pose %d = %+v, want %+v (the best of hex %d)", i, c.pose, want, i)
		}
	}
	if got := bestPerHex(cands[:6], 8); len(got) != 3 {
		t.Errorf("3 hexes under a cap of 8: kept %d, want 3", len(got))
	}
}
