package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// FuzzParseVictory feeds mangled "victory" properties to ParseVictory: it
// must return conditions or an error, never panic, and what it returns
// must hold only hexes of the board, destroy and exit counts from 1, known edges and a known side.
func FuzzParseVictory(f *testing.F) {
	for _, s := range []string{
		"allies hold K8 L8; allies destroy 4; axis destroy 4; axis otherwise",
		"allies hold A1 B2; axis destroy 3", "allies", "russians hold A1", "allies hold Z99",
		"axis destroy none", "axis capture A1", "axis otherwise; allies otherwise", ";;", "AXIS Destroy 99999999999999999999",
		"allies hold a1 A1 AA1 ZZZZZZZZZZZZ999999999", "allies destroy -1", "axis otherwise extra",
		"allies exit 3", "axis exit 2 north", "allies exit 2 up", "allies exit 0", "axis exit 1 east west", "allies exit many",
	} {
		f.Add(s)
	}
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVictory(s, bd)
		if err != nil {
			return
		}
		for side, hexes := range v.Hold {
			if side != maps.Allies && side != maps.Axis {
				t.Errorf("hold clause of side %q", side)
			}
			for _, h := range hexes {
				if !bd.Contains(h) {
					t.Errorf("%s must hold %v, off the board", side, h)
				}
			}
		}
		for side, n := range v.Destroy {
			if (side != maps.Allies && side != maps.Axis) || n < 1 {
				t.Errorf("destroy clause %q %d", side, n)
			}
		}
		for side, g := range v.Exit {
			if (side != maps.Allies && side != maps.Axis) || g.N < 1 {
				t.Errorf("exit clause %q %+v", side, g)
			}
			if _, err := maps.ParseEdge(string(g.Edge)); g.Edge != "" && err != nil {
				t.Errorf("exit clause by edge %q", g.Edge)
			}
		}
		if o := v.Otherwise; o != "" && o != maps.Allies && o != maps.Axis {
			t.Errorf("otherwise side %q", o)
		}
	})
}
