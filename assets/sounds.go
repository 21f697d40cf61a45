package assets

import "embed"

// Sounds holds the game's sound effects, sounds/NAME.wav (mono 16-bit
// PCM), synthesised by gen/ like the tiles.
//
//go:embed sounds
var Sounds embed.FS
