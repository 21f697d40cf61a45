package ui

import "testing"

// TestMissedClick: a release the platform counted since the last frame is
// a click the poll missed only when the poll saw no release this frame and
// the button is up now.
func TestMissedClick(t *testing.T) {
	for _, tc := range []struct {
		releases              int
		justReleased, pressed bool
		missed                bool
	}{
		{0, false, false, false}, // nothing happened
		{1, false, false, true},  // down and up between two frames
		{2, false, false, true},  // a double click between two frames: one click
		{1, true, false, false},  // the poll saw the release: a click already
		{1, false, true, false},  // up and down again: the press is the poll's
		{0, true, false, false},  // a release seen by the poll alone (the desktop)
	} {
		if got := missedClick(tc.releases, tc.justReleased, tc.pressed); got != tc.missed {
			t.Errorf("releases %d, released %t, pressed %t: missed %t, want %t", tc.releases, tc.justReleased, tc.pressed, got, tc.missed)
		}
	}
}
