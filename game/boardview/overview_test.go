package boardview

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// allTerrains are the terrain types of board's chart.
var allTerrains = []board.Terrain{board.Open, board.Field, board.Crops, board.Road, board.Bridge, board.Building,
	board.Woods, board.Stream, board.Orchard, board.Pond, board.Marsh, board.Canal, board.River}

// nearestTerrain returns the terrain whose ground-level colour is closest
// to c.
func nearestTerrain(c color.Color) board.Terrain {
	r, g, b, _ := c.RGBA()
	best, bestD := board.Open, -1
	for _, t := range allTerrains {
		tc := TerrainColour(board.Cell{Terrain: t})
		dr, dg, db := int(r>>8)-int(tc.R), int(g>>8)-int(tc.G), int(b>>8)-int(tc.B)
		if d := dr*dr + dg*dg + db*db; bestD < 0 || d < bestD {
			best, bestD = t, d
		}
	}
	return best
}

func TestOverviewOfLargeBoard(t *testing.T) {
	const w, h = 200, 160
	b, err := board.New(board.DefaultLayout, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for hx := range b.Hexes() {
		c := board.Cell{Terrain: board.Woods}
		if b.Layout.ToOffset(hx).Col >= w/2 {
			c.Terrain = board.Crops
		}
		if err := b.SetCell(hx, c); err != nil {
			t.Fatal(err)
		}
	}
	l := testTerrain(t, &maps.Scenario{Board: b})
	screen := ebiten.NewImage(800, 600)
	defer screen.Deallocate()
	cam := FitCamera(l.mesh.worldW, l.mesh.worldH, screen.Bounds(), 8)
	l.Draw(screen, cam, true)
	if l.overview == nil {
		t.Fatalf("fitted zoom %v drew no overview (overview zoom %v)", cam.Zoom, l.overviewZoom)
	}
	tests := []struct {
		name string
		col  int
		want board.Terrain
	}{
		{"woods half", w / 4, board.Woods},
		{"crops half", 3 * w / 4, board.Crops},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hx := b.Layout.ToHex(board.Offset{Col: tt.col, Row: h / 2})
			x, y := cam.WorldToScreen(b.Layout.Center(hx))
			if have := nearestTerrain(screen.At(int(x), int(y))); have != tt.want {
				t.Errorf("colour at %s (%v, %v) is nearest %s, want %s", b.Label(hx), int(x), int(y), have, tt.want)
			}
		})
	}
	// Zoomed in past the overview, the board is drawn hex by hex again
	// and a hex centre has its exact colour.
	hx := b.Layout.ToHex(board.Offset{Col: w / 4, Row: h / 2})
	cx, cy := b.Layout.Center(hx)
	l.Draw(screen, Camera{X: cx - 400, Y: cy - 300, Zoom: 1}, true)
	if have, want := screen.At(400, 300), TerrainColour(board.Cell{Terrain: board.Woods}); !uitest.ColourNear(have, want, 0) {
		t.Errorf("colour at zoom 1 = %v, want %v", have, want)
	}
}
