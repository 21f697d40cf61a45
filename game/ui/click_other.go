//go:build !js

package ui

// takeReleases counts no releases off the browser: the desktop's poll of
// the button sees every click a player can make between two frames.
func takeReleases() int { return 0 }
