package board

import (
	"math"
	"testing"
)

// TestAcross checks moves straight along, square to and oblique to the
// line of sight.
func TestAcross(t *testing.T) {
	v := Hex{0, 0}
	tests := []struct {
		name       string
		start, end Hex
		want       float64
	}{
		{"straight towards", Hex{6, 0}, Hex{4, 0}, 0},
		{"straight away", Hex{4, 0}, Hex{6, 0}, 0},
		{"oblique, closing", Hex{6, -2}, Hex{4, 0}, 1.732},
		{"square across at range 4", Hex{5, -2}, Hex{4, 0}, 1.732},
		{"viewer in the end hex", Hex{1, 0}, Hex{0, 0}, 0},
		{"still", Hex{3, 2}, Hex{3, 2}, 0},
	}
	for _, tt := range tests {
		if got := Across(v, tt.start, tt.end); math.Abs(got-tt.want) > 0.001 {
			t.Errorf("%s: %.3f hexes across, want %.3f", tt.name, got, tt.want)
		}
	}
}

// TestOffAxis checks the angle off a unit's centre line: along it, along
// a neighbouring hexside's line, through a corner, behind, and a hex
// between two lines, for more than one facing.
func TestOffAxis(t *testing.T) {
	o := Hex{0, 0}
	v := func(d Direction, n int) Hex { return Hex{d.Vector().Q * n, d.Vector().R * n} }
	tests := []struct {
		name   string
		facing Direction
		target Hex
		want   float64
	}{
		{"straight ahead", 0, v(0, 3), 0},
		{"straight ahead, facing 2", 2, v(2, 4), 0},
		{"one hexside round", 0, v(1, 2), 60},
		{"one hexside round the other way", 0, v(5, 2), 60},
		{"through the front corner", 0, v(0, 1).Add(v(1, 1)), 30},
		{"two ahead, one round", 0, v(0, 2).Add(v(1, 1)), 19.107},
		{"square to the side", 0, v(1, 1).Add(v(2, 1)), 90},
		{"behind, facing 2", 2, v(5, 3), 180},
		{"its own hex", 4, o, 0},
	}
	for _, tt := range tests {
		if got := OffAxis(o, tt.facing, tt.target); math.Abs(got-tt.want) > 0.001 {
			t.Errorf("%s: %.3f°, want %.3f°", tt.name, got, tt.want)
		}
	}
}
