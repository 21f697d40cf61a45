package boardview

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/ui"
)

// The colours of the board view. All are our own choice: flat, clearly
// distinct fills that read at any zoom.
var (
	colOutline    = color.RGBA{0x2a, 0x2e, 0x30, 0xff}
	colBridgeDeck = color.RGBA{0x8a, 0x6a, 0x4a, 0xff}
	colHill       = color.RGBA{0x9a, 0x6e, 0x3e, 0xff} // the tint hills are blended with
	colContour    = color.RGBA{0x6b, 0x4a, 0x26, 0xff} // the edge of a hill towards lower ground
	colHedge      = color.RGBA{0x14, 0x48, 0x14, 0xff}
	colHedgerow   = color.RGBA{0x0a, 0x30, 0x0c, 0xff}
	colLabel      = color.RGBA{0x20, 0x20, 0x20, 0xc0}
)

// The colours of the board view that the game's own drawing and tests
// match (our own choice, as above).
var (
	BackgroundColour = color.RGBA{0x22, 0x26, 0x2a, 0xff} // outside the board
	RoadColour       = color.RGBA{0x8c, 0x8c, 0x88, 0xff}
	WallColour       = color.RGBA{0xd8, 0xd2, 0xc6, 0xff} // pale stone, clear on every fill
)

// terrainColours is the fill of each terrain at ground level.
var terrainColours = map[board.Terrain]color.RGBA{
	board.Open:     {0xa8, 0xc4, 0x82, 0xff},
	board.Field:    {0xc8, 0xc8, 0x94, 0xff},
	board.Crops:    {0xe6, 0xc8, 0x4a, 0xff},
	board.Road:     {0xa8, 0xc4, 0x82, 0xff}, // open ground; the road is a band over it
	board.Bridge:   {0x64, 0xa0, 0xdc, 0xff}, // the stream under the deck
	board.Building: {0x8c, 0x7d, 0x73, 0xff},
	board.Woods:    {0x2e, 0x64, 0x32, 0xff},
	board.Stream:   {0x64, 0xa0, 0xdc, 0xff},
	board.Orchard:  {0x8c, 0xd2, 0x6e, 0xff},
	board.Pond:     {0x3c, 0x78, 0xc8, 0xff},
	board.Marsh:    {0x6e, 0x9a, 0x8c, 0xff},
	board.Canal:    {0x46, 0x78, 0xbe, 0xff},
	board.River:    {0x32, 0x64, 0xbe, 0xff},
}

// hillTint is how far each hill level blends a fill towards colHill.
const hillTint = 0.22

// TerrainColour returns the fill of a cell: its terrain's colour, shaded
// towards brown by its hill level.
func TerrainColour(c board.Cell) color.RGBA {
	base, ok := terrainColours[c.Terrain]
	if !ok {
		base = color.RGBA{0xff, 0x00, 0xff, 0xff} // a terrain with no colour yet shows magenta
	}
	return ui.Lerp(base, colHill, hillTint*float64(c.Level))
}

// terrainPainter paints the ground of the visible hexes onto the terrain
// layer. paletteFill is the painter in use; a painter that draws the tiles
// of the assets tileset can replace it without touching the rest of the
// renderer (outlines and labels are drawn over either; hexside bands only
// over paletteFill, as the tilesets have hexside tiles of their own).
type terrainPainter interface {
	paint(dst *ebiten.Image, m *boardMesh, visible []int, cam Camera)
}

// paletteFill paints each hex as a flat polygon in TerrainColour, with
// roads as grey bands and hill edges as contour bands.
type paletteFill struct {
	batch *ui.TriBatch
}

func (p *paletteFill) paint(dst *ebiten.Image, m *boardMesh, visible []int, cam Camera) {
	z := float32(cam.Zoom)
	roadW := float32(m.tileH*0.2) * z
	contourW := max(float32(m.tileH*0.06)*z, 1)
	for _, i := range visible {
		g := &m.hexes[i]
		c, corners := screenHex(cam, g)
		p.batch.Fan(dst, TerrainColour(g.cell),
			corners[0], corners[1], corners[2], corners[3], corners[4], corners[5])
		if g.lower != 0 {
			inner := ui.Shrink(c, corners, contourW)
			for d := range board.Direction(6) {
				if g.lower&(1<<d) != 0 {
					e := m.edge[d]
					p.batch.Fan(dst, colContour, corners[e[0]], corners[e[1]], inner[e[1]], inner[e[0]])
				}
			}
		}
		if connectsRoad(g.cell) {
			col := RoadColour
			if g.cell.Terrain == board.Bridge {
				col = colBridgeDeck
			}
			hub := ui.Shrink(c, corners, sizeOf(corners, c)-roadW/2)
			p.batch.Fan(dst, col, hub[:]...)
			for d := range board.Direction(6) {
				if g.roads&(1<<d) != 0 {
					mx, my := m.edgeMid(g, d)
					sx, sy := cam.WorldToScreen(mx, my)
					p.batch.Segment(dst, c, ui.Pt(float32(sx), float32(sy)), roadW, col)
				}
			}
		}
	}
	p.batch.Flush(dst)
}

// overviewRaster returns the board at zoom z in an image of w×h pixels,
// each hex in its TerrainColour, or nil when a hex at z is flatHexPixels
// tall or more (paint draws it then, with its roads and contours). Drawn
// by paint hex by hex and outlined, the overview of a 200×200 board took
// the game to 534 MB.
func (p *paletteFill) overviewRaster(m *boardMesh, z float64, w, h int) *image.RGBA {
	if m.tileH*z >= flatHexPixels {
		return nil
	}
	return rasterHexes(m, z, w, h, func(g *hexGeom) color.RGBA { return TerrainColour(g.cell) })
}

// HexOnScreen returns the screen centre and corners of hex h of layout l
// as cam shows it.
func HexOnScreen(cam Camera, l board.Layout, h board.Hex) (ui.Point, [6]ui.Point) {
	g := hexGeom{corners: l.Corners(h)}
	g.x, g.y = l.Center(h)
	return screenHex(cam, &g)
}

// screenHex returns the screen centre and corners of g.
func screenHex(cam Camera, g *hexGeom) (ui.Point, [6]ui.Point) {
	var out [6]ui.Point
	for i, c := range g.corners {
		x, y := cam.WorldToScreen(c[0], c[1])
		out[i] = ui.Pt(float32(x), float32(y))
	}
	x, y := cam.WorldToScreen(g.x, g.y)
	return ui.Pt(float32(x), float32(y)), out
}

// sizeOf returns the distance from c to the first corner: the hex radius.
func sizeOf(corners [6]ui.Point, c ui.Point) float32 {
	dx, dy := corners[0].X-c.X, corners[0].Y-c.Y
	return float32(math.Hypot(float64(dx), float64(dy)))
}
