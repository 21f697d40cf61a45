// Package assets holds Hexfire's embedded art and scenarios: the hex
// tilesets drawn by the program in gen/ (tiles/hexfire-flat.* for
// flat-topped maps, tiles/hexfire-pointy.* for pointy-topped ones) and the
// scenario maps under scenarios/, which reference the tilesets by relative
// path so that Tiled opens them in place.
//
// Run `go generate ./assets` after changing gen/; the generated files are
// committed, and a test checks that they are up to date.
package assets

import "embed"

//go:generate go run ./gen

// FS holds tiles/ and scenarios/.
//
//go:embed tiles scenarios
var FS embed.FS

// Primer is the help's "How to play" page (help/primer.txt): the sequence
// of play and the rules in brief, a section under each line that starts
// with "# ", paragraphs and "- " items under it.
//
//go:embed help/primer.txt
var Primer string
