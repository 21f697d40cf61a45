package game

import "testing"

// TestPhaseHeading: the log heads a phase with the side's name as the top
// bar writes it, not the scenario's internal one.
func TestPhaseHeading(t *testing.T) {
	for _, tc := range []struct{ event, want string }{
		{"turn 1, allies: Movement phase", "Turn 1, Allies: Movement phase"},
		{"turn 12, axis: Advance phase", "Turn 12, Axis: Advance phase"},
	} {
		if have := phaseHeading(tc.event); have != tc.want {
			t.Errorf("phaseHeading(%q) = %q, want %q", tc.event, have, tc.want)
		}
	}
}
