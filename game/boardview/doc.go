// Package boardview draws the board: the camera that maps world pixels to
// the screen, the geometry of every hex, and the terrain painted from a
// map's tiles or in flat colours, with outlines, hexside bands and labels,
// cached so that a still frame only copies it.
//
// It sits below the scenes of hexfire/game and never imports them
// (.ci/run checks the direction); it imports ebiten, and the game's kit
// hexfire/game/ui.
package boardview
