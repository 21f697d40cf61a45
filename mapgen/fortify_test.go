package mapgen

import (
	"strings"
	"testing"

	"hexfire/board"
)

// TestFortify: Fortify checks the site, the map and one fortification a
// hex, and TMX writes the fortifications layer with a bunker's facing.
func TestFortify(t *testing.T) {
	m := New(Options{Width: 3, Height: 2})
	woods := m.Hex(1, 0)
	m.At(woods).Terrain = board.Woods
	for _, tc := range []struct {
		h    board.Hex
		k    board.FortKind
		want string
	}{
		{m.Hex(0, 0), board.Bunker, ""},
		{m.Hex(0, 0), board.Wire, "A1 already holds a bunker"},
		{woods, board.Sandbags, "B1: a sandbags stands only in open, field or road hexes, not in woods"},
		{woods, board.Foxhole, ""},
		{m.Hex(5, 0), board.Wire, "off the map"},
	} {
		err := m.Fortify(tc.h, tc.k, board.DirS)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Fortify(%v, %s) = %v, want %q", tc.h, tc.k, err, tc.want)
		}
	}
	data, err := m.TMX()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`nextlayerid="7" nextobjectid="5"`, `<objectgroup id="6" name="fortifications">`,
		`<object id="3" name="bunker" x="32" y="56">`, `<property name="facing" type="int" value="3"/>`, `<property name="kind" value="foxhole"/>`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("TMX lacks %q", want)
		}
	}
}
