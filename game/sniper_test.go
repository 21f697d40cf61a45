package game

import (
	"image/color"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// TestSniperMarker: a sniper in play is drawn in its hex (rules 17.2: the
// marker is in plain view), a sight picture in its side's colour at the
// hex's lower right.
func TestSniperMarker(t *testing.T) {
	const zoom = 2
	const grid = `
. . . . . .
. . . . . .
. W . . B .
. . . . . .
. . . . . .
`
	// The Germans in B3 roll a natural 12 at the Americans in D3; the
	// sniper's 1 does nothing and the Germans' check of 1 fails.
	b := gridBattle(t, board.DefaultLayout, grid, map[string]string{"sniper_allies": "1"},
		battle.Config{Dice: combat.NewFixedDice(6, 6, 1, 1)},
		placed{"US Rifle Squad", maps.Allies, "D3", 0},
		placed{"German Rifle Squad", maps.Axis, "B3", 0},
	)
	for b.Phasing() != maps.Axis || b.Phase() != battle.FirePhase {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	d3, _ := b.Board().ParseHex("D3")
	if _, err := b.Apply(battle.FireAP{Units: []battle.UnitID{2}, Target: d3}); err != nil {
		t.Fatal(err)
	}
	h, ok := b.SniperAt(maps.Allies)
	if !ok || b.Board().Label(h) != "E3" {
		t.Fatalf("the sniper is in %s (in play: %v), want the building in E3", b.Board().Label(h), ok)
	}
	img := renderUnits(unitScene(b.Board()), b, zoom, 800, 600, 0)
	savePNG(t, "sniper.png", img)
	x, y, s := counterCentre(t, b, "E3", zoom)
	hexPx := 56.0 * zoom
	cx, cy := x+0.24*hexPx, y+0.2*hexPx
	r := 0.22 * s
	side := sideColour(maps.Allies)
	for _, p := range []struct {
		what   string
		dx, dy float64
		want   color.RGBA
	}{
		{"ring", 0.6 * r, 0.6 * r, side},
		{"sight", 0.35 * r, 0.35 * r, colSniperSight},
		{"cross hair", 0.5 * r, 0, side},
	} {
		if have := pixel(img, cx+p.dx, cy+p.dy); !colourNear(have, p.want, 8) {
			t.Errorf("sniper marker %s = %v, want %v", p.what, have, p.want)
		}
	}
}
