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

// FS holds tiles/, scenarios/ and tutorial/.
//
//go:embed tiles scenarios tutorial
var FS embed.FS

// Primer is the help's "How to play" page (help/primer.txt): the sequence
// of play and the rules in brief, a section under each line that starts
// with "# ", paragraphs and "- " items under it.
//
//go:embed help/primer.txt
var Primer string

// Tutorial is the scenario of the guided first battle (Learn to play), a
// path in FS; TutorialSteps are its steps (tutorial/steps.txt): a step
// under each line that starts with "# ", its "do:" and "show:" lines, then
// its text.
const Tutorial = "tutorial/tutorial.tmx"

// TutorialSteps is the text of the tutorial's steps (tutorial/steps.txt).
//
//go:embed tutorial/steps.txt
var TutorialSteps string
