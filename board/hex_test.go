package board

import "testing"

// TestRoundHex: a fractional point goes to the hex whose centre is
// nearest in cube distance.
func TestRoundHex(t *testing.T) {
	for _, tt := range []struct {
		q, r float64
		want Hex
	}{{0, 0, Hex{0, 0}}, {0.4, 0.1, Hex{0, 0}}, {0.6, 0.1, Hex{1, 0}}, {-0.2, -0.7, Hex{0, -1}}, {2.5, -1.1, Hex{2, -1}}, {0.3, 0.3, Hex{0, 0}}, {0.34, 0.34, Hex{0, 1}}, {0.45, 0.45, Hex{0, 1}}} {
		if have := RoundHex(tt.q, tt.r); have != tt.want {
			t.Errorf("RoundHex(%v, %v) = %v, want %v", tt.q, tt.r, have, tt.want)
		}
	}
}
