package game

import (
	"testing"

	"hexfire/board"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// TestRoundsTag: a support weapon whose rounds are counted shows them on
// its counter ("R3"); one whose rounds are not counted shows none.
func TestRoundsTag(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"US Bazooka Team", maps.Allies, "B2", 0},
		placed{"US Bazooka Team", maps.Allies, "D2", 0},
	)
	b.Unit(1).Rounds = 3
	g := unitScene(b.Board())
	img := renderUnits(g, b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "rounds.png", img)
	for hex, want := range map[string]bool{"B2": true, "D2": false} {
		if n := tagPixels(t, b, img, hex, zoom, colRoundsTag); (n >= 40) != want || (!want && n != 0) {
			t.Errorf("%s: %d pixels of the rounds tag, want a tag: %v", hex, n, want)
		}
	}
	if g.counters.tags["R3"] == nil {
		t.Errorf("tags drawn: %v, want R3", g.counters.tags)
	}
}
