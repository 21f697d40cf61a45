package game

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// Colours of the fortification markers: earthworks brown, sandbags tan,
// concrete grey, wire dark steel, mines red.
var (
	colEarth    = color.RGBA{0x6b, 0x4a, 0x2a, 0xff}
	colEarthDim = color.RGBA{0x3e, 0x2a, 0x16, 0xff}
	colSandbag  = color.RGBA{0xc8, 0xb0, 0x78, 0xff}
	colConcrete = color.RGBA{0x9a, 0x9a, 0x94, 0xff}
	colTimber   = color.RGBA{0x7a, 0x5c, 0x3a, 0xff}
	colWire     = color.RGBA{0x22, 0x22, 0x26, 0xff}
	colMine     = color.RGBA{0xb0, 0x1c, 0x1c, 0xff}
)

// drawForts draws a marker for the fortification of every fortified hex
// in view, under the counters: a foxhole's pit, a trench's zigzag, a ring
// of sandbags, a bunker's block with the arc it fires through, a
// minefield's mines, barbed wire's coils. hexPx is the hex height on
// screen.
func drawForts(dst *ebiten.Image, t *triBatch, bd *board.Board, cam *Camera, hexPx float64, dirs *[6]point) {
	bounds := dst.Bounds()
	r := float32(hexPx) * 0.5
	for _, h := range bd.FortHexes() {
		x, y := cam.WorldToScreen(bd.Layout.Center(h))
		if x+hexPx < float64(bounds.Min.X) || x-hexPx > float64(bounds.Max.X) || y+hexPx < float64(bounds.Min.Y) || y-hexPx > float64(bounds.Max.Y) {
			continue
		}
		f := bd.Fort(h)
		drawFort(dst, t, f, point{float32(x), float32(y)}, r, dirs)
	}
	t.flush(dst)
}

// drawFort draws the marker of f round centre c of a hex of half-height r.
func drawFort(dst *ebiten.Image, t *triBatch, f board.Fort, c point, r float32, dirs *[6]point) {
	lw := max(r*0.07, 1.5)
	switch f.Kind {
	case board.Foxhole:
		// Three dug pits round the counter's place.
		for _, o := range [3]point{{-0.62, 0.5}, {0.62, 0.5}, {0, -0.72}} {
			p := point{c.X + o.X*r, c.Y + o.Y*r}
			t.disc(dst, p, r*0.17, colEarthDim)
			t.ellipse(dst, p, r*0.2, r*0.2, lw, colEarth)
		}
	case board.Trench:
		// A zigzag line of trench across the lower part of the hex.
		pts := []point{{-0.7, 0.42}, {-0.42, 0.62}, {-0.14, 0.42}, {0.14, 0.62}, {0.42, 0.42}, {0.7, 0.62}}
		for i := 1; i < len(pts); i++ {
			a := point{c.X + pts[i-1].X*r, c.Y + pts[i-1].Y*r}
			b := point{c.X + pts[i].X*r, c.Y + pts[i].Y*r}
			t.segment(dst, a, b, r*0.16, colEarthDim)
			t.segment(dst, a, b, r*0.08, colEarth)
		}
	case board.Sandbags:
		// A low wall of bags along the bottom of the hex.
		for i := range 5 {
			p := point{c.X + (float32(i)-2)*r*0.28, c.Y + r*0.6}
			t.ellipse(dst, p, r*0.15, r*0.1, lw, colEarthDim)
			t.disc(dst, p, r*0.12, colSandbag)
		}
	case board.Bunker, board.EarthBunker:
		body, rim := colConcrete, colInkDark
		if f.Kind == board.EarthBunker {
			body, rim = colTimber, colEarthDim
		}
		d := dirs[f.Facing]
		// The firing slit's arc: a wedge toward the facing hexside.
		tip := point{c.X + d.X*r*0.95, c.Y + d.Y*r*0.95}
		n := point{-d.Y, d.X}
		t.fan(dst, rim, c, point{tip.X + n.X*r*0.45, tip.Y + n.Y*r*0.45}, point{tip.X - n.X*r*0.45, tip.Y - n.Y*r*0.45})
		t.disc(dst, c, r*0.78, rim)
		t.disc(dst, c, r*0.7, body)
		t.fan(dst, color.RGBA{0xf0, 0xf0, 0xf0, 0xff}, point{c.X + d.X*r*0.7, c.Y + d.Y*r*0.7},
			point{c.X + d.X*r*0.35 + n.X*r*0.25, c.Y + d.Y*r*0.35 + n.Y*r*0.25},
			point{c.X + d.X*r*0.35 - n.X*r*0.25, c.Y + d.Y*r*0.35 - n.Y*r*0.25})
	case board.Minefield:
		// Mines scattered over the hex: red discs with a dark core.
		for _, o := range [5]point{{-0.6, -0.45}, {0.6, -0.45}, {-0.7, 0.45}, {0.7, 0.45}, {0, 0.78}} {
			p := point{c.X + o.X*r, c.Y + o.Y*r}
			t.disc(dst, p, r*0.13, colMine)
			t.disc(dst, p, r*0.05, colInkDark)
		}
	case board.Wire:
		// Coils of wire: a row of crosses joined by a strand.
		t.segment(dst, point{c.X - r*0.72, c.Y + r*0.58}, point{c.X + r*0.72, c.Y + r*0.58}, lw, colWire)
		t.segment(dst, point{c.X - r*0.72, c.Y - r*0.58}, point{c.X + r*0.72, c.Y - r*0.58}, lw, colWire)
		for i := range 4 {
			for _, yy := range [2]float32{0.58, -0.58} {
				x := c.X + (float32(i)-1.5)*r*0.4
				y := c.Y + yy*r
				s := r * 0.14
				t.segment(dst, point{x - s, y - s}, point{x + s, y + s}, lw, colWire)
				t.segment(dst, point{x - s, y + s}, point{x + s, y - s}, lw, colWire)
			}
		}
	}
}
