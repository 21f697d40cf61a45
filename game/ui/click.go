package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// frameClick is what BeginFrame read of the left button for this frame.
var frameClick struct {
	// missed: a click came and went between the last frame and this one.
	missed bool
}

// BeginFrame reads, once a frame before any input is read, whether a
// click came and went since the last frame too fast for the frame's poll
// of the button to see it: in a browser at a low frame rate a short click
// falls between two frames, and was lost (MissedClick).
func BeginFrame() {
	frameClick.missed = missedClick(takeReleases(),
		inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft), ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft))
}

// MissedClick reports whether this frame has a click the poll of the
// button did not see (BeginFrame): a click all the same, where the
// cursor is now.
func MissedClick() bool { return frameClick.missed }

// missedClick decides it from the releases of the left button the platform
// counted since the last frame and what the poll shows: a release the poll
// did not see (no release this frame, the button up) is a click it missed.
func missedClick(releases int, justReleased, pressed bool) bool {
	return releases > 0 && !justReleased && !pressed
}
