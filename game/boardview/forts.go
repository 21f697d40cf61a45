package boardview

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/ui"
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
func drawForts(dst *ebiten.Image, t *ui.TriBatch, bd *board.Board, cam *Camera, hexPx float64, dirs *[6]ui.Point) {
	bounds := dst.Bounds()
	r := float32(hexPx) * 0.5
	for _, h := range bd.FortHexes() {
		x, y := cam.WorldToScreen(bd.Layout.Center(h))
		if x+hexPx < float64(bounds.Min.X) || x-hexPx > float64(bounds.Max.X) || y+hexPx < float64(bounds.Min.Y) || y-hexPx > float64(bounds.Max.Y) {
			continue
		}
		f := bd.Fort(h)
		drawFort(dst, t, f, ui.Pt(float32(x), float32(y)), r, dirs)
	}
	t.Flush(dst)
}

// drawFort draws the marker of f round centre c of a hex of half-height r.
func drawFort(dst *ebiten.Image, t *ui.TriBatch, f board.Fort, c ui.Point, r float32, dirs *[6]ui.Point) {
	lw := max(r*0.07, 1.5)
	switch f.Kind {
	case board.Foxhole:
		// Three dug pits round the counter's place.
		for _, o := range [3]ui.Point{{X: -0.62, Y: 0.5}, {X: 0.62, Y: 0.5}, {X: 0, Y: -0.72}} {
			p := ui.Pt(c.X+o.X*r, c.Y+o.Y*r)
			t.Disc(dst, p, r*0.17, colEarthDim)
			t.Ellipse(dst, p, r*0.2, r*0.2, lw, colEarth)
		}
	case board.Trench:
		// A zigzag line of trench across the lower part of the hex.
		pts := []ui.Point{{X: -0.7, Y: 0.42}, {X: -0.42, Y: 0.62}, {X: -0.14, Y: 0.42}, {X: 0.14, Y: 0.62}, {X: 0.42, Y: 0.42}, {X: 0.7, Y: 0.62}}
		for i := 1; i < len(pts); i++ {
			a := ui.Pt(c.X+pts[i-1].X*r, c.Y+pts[i-1].Y*r)
			b := ui.Pt(c.X+pts[i].X*r, c.Y+pts[i].Y*r)
			t.Segment(dst, a, b, r*0.16, colEarthDim)
			t.Segment(dst, a, b, r*0.08, colEarth)
		}
	case board.Sandbags:
		// A low wall of bags along the bottom of the hex.
		for i := range 5 {
			p := ui.Pt(c.X+(float32(i)-2)*r*0.28, c.Y+r*0.6)
			t.Ellipse(dst, p, r*0.15, r*0.1, lw, colEarthDim)
			t.Disc(dst, p, r*0.12, colSandbag)
		}
	case board.Bunker, board.EarthBunker:
		body, rim := colConcrete, InkDark
		if f.Kind == board.EarthBunker {
			body, rim = colTimber, colEarthDim
		}
		d := dirs[f.Facing]
		// The firing slit's arc: a wedge toward the facing hexside.
		tip := ui.Pt(c.X+d.X*r*0.95, c.Y+d.Y*r*0.95)
		n := ui.Pt(-d.Y, d.X)
		t.Fan(dst, rim, c, ui.Pt(tip.X+n.X*r*0.45, tip.Y+n.Y*r*0.45), ui.Pt(tip.X-n.X*r*0.45, tip.Y-n.Y*r*0.45))
		t.Disc(dst, c, r*0.78, rim)
		t.Disc(dst, c, r*0.7, body)
		t.Fan(dst, color.RGBA{0xf0, 0xf0, 0xf0, 0xff}, ui.Pt(c.X+d.X*r*0.7, c.Y+d.Y*r*0.7),
			ui.Pt(c.X+d.X*r*0.35+n.X*r*0.25, c.Y+d.Y*r*0.35+n.Y*r*0.25),
			ui.Pt(c.X+d.X*r*0.35-n.X*r*0.25, c.Y+d.Y*r*0.35-n.Y*r*0.25))
	case board.Minefield:
		// Mines scattered over the hex: red discs with a dark core.
		for _, o := range [5]ui.Point{{X: -0.6, Y: -0.45}, {X: 0.6, Y: -0.45}, {X: -0.7, Y: 0.45}, {X: 0.7, Y: 0.45}, {X: 0, Y: 0.78}} {
			p := ui.Pt(c.X+o.X*r, c.Y+o.Y*r)
			t.Disc(dst, p, r*0.13, colMine)
			t.Disc(dst, p, r*0.05, InkDark)
		}
	case board.Wire:
		// Coils of wire: a row of crosses joined by a strand.
		t.Segment(dst, ui.Pt(c.X-r*0.72, c.Y+r*0.58), ui.Pt(c.X+r*0.72, c.Y+r*0.58), lw, colWire)
		t.Segment(dst, ui.Pt(c.X-r*0.72, c.Y-r*0.58), ui.Pt(c.X+r*0.72, c.Y-r*0.58), lw, colWire)
		for i := range 4 {
			for _, yy := range [2]float32{0.58, -0.58} {
				x := c.X + (float32(i)-1.5)*r*0.4
				y := c.Y + yy*r
				s := r * 0.14
				t.Segment(dst, ui.Pt(x-s, y-s), ui.Pt(x+s, y+s), lw, colWire)
				t.Segment(dst, ui.Pt(x-s, y+s), ui.Pt(x+s, y-s), lw, colWire)
			}
		}
	}
}
