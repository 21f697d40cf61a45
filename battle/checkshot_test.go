package battle

import (
	"strings"
	"testing"

	"hexfire/board"
)

// TestCheckShotAtPoses checks the hypothetical-pose query against poses
// the units are not in: the StuG's gun does not traverse, so only the
// facing given decides, and the ruleset's own refusals come first.
func TestCheckShotAtPoses(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"StuG III G", "axis", "A1", 0},
		{"M4A3E8", "allies", "H6", 0},
		{"US Rifle Squad", "allies", "H1", 0},
	}}.battle(t)
	stug, sherman, squad := b.Unit(1), b.Unit(2), b.Unit(3)
	tests := []struct {
		name   string
		from   board.Pose
		target *Unit
		to     string
		want   string // "" for accepted, else a piece of the error
	}{
		{"facing the target", pose(t, b, "D3", 3), sherman, "D6", ""},
		{"target behind", pose(t, b, "D3", 0), sherman, "D6", "outside the forward firing arc"},
		{"infantry is no AT target", pose(t, b, "D3", 3), squad, "D6", "infantry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			to := pose(t, b, tt.to, 0)
			s, err := b.ShotAt(stug, tt.from, tt.target, to)
			if err != nil {
				t.Fatal(err)
			}
			err = b.CheckShotAt(stug, tt.from, to.Hex, s)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("err = %v, want it to say %q", err, tt.want)
			}
		})
	}
}
