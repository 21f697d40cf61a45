package ai

import (
	"errors"
	"reflect"
	"testing"
	"unicode/utf8"

	"hexfire/board"
)

// FuzzParseScript feeds mangled unit scripts to ParseScript: it must
// return a script or a *ScriptError at a position inside the script (or
// just after it), never panic. A parsed rule's Source, parsed again, gives
// the same rule: what the explanations show is what the unit follows.
func FuzzParseScript(f *testing.F) {
	for _, s := range []string{
		"hold", "ambush 4", "advance E7 F8 H9", "move-to H5; hold", "patrol A3 D3",
		"withdraw when immobile or 2 lost; advance E7", "WITHDRAW C1 when enemy within 3 and turn 5\nface C1",
		"free", "", "ambush 0", "ambush 99999999999999999999", "advance", "move-to A1 B2", "face", "hold when",
		"hold when enemy near 3", "hold when 3", "hold when turn", "advance E7,F8;;withdraw", "fly A1", "hold extra",
		"advance ZZZZZZZZZZZZZZ99999999999", "hold when immobile and", "ñ hold ; ; when",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := ParseScript(src)
		if err != nil {
			var se *ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *ScriptError", err)
			}
			if se.Pos < 1 || se.Pos > utf8.RuneCountInString(src)+1 {
				t.Errorf("error position %d outside a script of %d characters", se.Pos, utf8.RuneCountInString(src))
			}
			return
		}
		for _, r := range s.Rules {
			if int(r.Verb) >= len(verbNames) {
				t.Errorf("rule %q: verb %d", r.Source, r.Verb)
			}
			if r.Verb == Ambush && r.Range < 1 {
				t.Errorf("rule %q: ambush range %d", r.Source, r.Range)
			}
			for _, h := range r.Hexes {
				if _, err := board.ParseLabel(h.Label); err != nil {
					t.Errorf("rule %q: hex %q: %v", r.Source, h.Label, err)
				}
			}
			again, err := ParseScript(r.Source)
			if err != nil || len(again.Rules) != 1 {
				t.Fatalf("rule source %q parses to %+v, %v; want the one rule", r.Source, again, err)
			}
			want, have := r, again.Rules[0]
			want.Hexes, have.Hexes = labels(r.Hexes), labels(have.Hexes) // positions differ
			if !reflect.DeepEqual(want, have) {
				t.Errorf("rule %q parses again to %+v, want %+v", r.Source, have, want)
			}
		}
	})
}

// labels returns hs without their positions.
func labels(hs []HexRef) []HexRef {
	var out []HexRef
	for _, h := range hs {
		out = append(out, HexRef{Label: h.Label})
	}
	return out
}
