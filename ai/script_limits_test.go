package ai

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/fileio"
	"hexfire/maps"
)

// TestBadScriptErrorsShort checks that the error of a 5 MB bad script (a
// scenario built in code: a map file holds at most maps.MaxPropertyLength
// bytes of script) is one line of at most fileio.MaxErrorLength bytes
// that still says where and what is wrong.
func TestBadScriptErrorsShort(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	h, _ := bd.ParseHex("B2")
	for _, tt := range []struct {
		name, script, want string
	}{
		{"one unknown word", huge, "position 1: unknown command \"xxxx"},
		{"a huge hex label", "advance " + huge, "position 9: want a hex label such as E4, not \"xxxx"},
		{"huge after a rule", "hold " + huge, "position 6: unexpected \"xxxx"},
		{"many short rules, the last bad", strings.Repeat("hold; ", 1<<14) + "ambush", "position 98311: want a number of hexes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := &maps.Scenario{Path: "x.tmx", Board: bd, HexMetres: maps.DefaultHexMetres, Ruleset: "elimination", FirstSide: maps.Allies, Properties: map[string]string{},
				Units: []maps.Placement{{ID: 3, Name: "Gun", Type: "Pak 40", Side: maps.Axis, Hex: h, Script: tt.script}}}
			err := CheckScripts(sc)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if len(msg) > fileio.MaxErrorLength || strings.Contains(msg, "\n") || !strings.HasPrefix(msg, `x.tmx: unit 3 "Gun": script "`) || !strings.Contains(msg, tt.want) {
				t.Errorf("error of %d bytes %.200q…: want one line of at most %d bytes naming the file and the unit, saying %q", len(msg), msg, fileio.MaxErrorLength, tt.want)
			}
		})
	}
}
