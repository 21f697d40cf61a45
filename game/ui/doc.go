// Package ui is the game's kit of basic drawing and input: the fonts and
// the text helpers (Wrap, FitText, Plural), the triangle batch, the canvas
// the menu screens draw on, their buttons and the yes/no question box, the
// input a menu screen reads in one frame, and the screen-sized image cache
// (ImageCache) the scenes compose their still pictures in.
//
// It sits below the scenes of hexfire/game and never imports them
// (.ci/run checks the direction).
package ui
