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
