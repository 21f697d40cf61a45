package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// TriBatch collects solid-colour triangles and draws them in as few
// DrawTriangles calls as ebiten's index limit allows. Its slices are reused
// from frame to frame, so a warm batch does not allocate.
type TriBatch struct {
	white    *ebiten.Image // a 1×1 white sub-image, the source of every triangle
	vertices []ebiten.Vertex
	indices  []uint16
	opts     ebiten.DrawTrianglesOptions
}

// NewTriBatch returns an empty batch with its white source image.
func NewTriBatch() *TriBatch {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return &TriBatch{white: img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)}
}

// Point is a screen position in float32, the vertex precision.
type Point struct{ X, Y float32 }

// reserve makes room for nv vertices and ni indices, drawing what is queued
// onto dst first if they would not fit in one call.
func (t *TriBatch) reserve(dst *ebiten.Image, nv, ni int) {
	if len(t.vertices)+nv > math.MaxUint16 || len(t.indices)+ni > ebiten.MaxIndicesCount {
		t.Flush(dst)
	}
}

// Flush draws the queued triangles onto dst and empties the batch.
func (t *TriBatch) Flush(dst *ebiten.Image) {
	if len(t.indices) > 0 {
		dst.DrawTriangles(t.vertices, t.indices, t.white, &t.opts)
	}
	t.vertices = t.vertices[:0]
	t.indices = t.indices[:0]
}

func (t *TriBatch) vertex(p Point, c color.RGBA) uint16 {
	t.vertices = append(t.vertices, ebiten.Vertex{
		DstX: p.X, DstY: p.Y, SrcX: 1, SrcY: 1,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255,
	})
	return uint16(len(t.vertices) - 1)
}

// Fan queues a convex polygon as a triangle fan around its first point.
func (t *TriBatch) Fan(dst *ebiten.Image, c color.RGBA, pts ...Point) {
	t.reserve(dst, len(pts), 3*(len(pts)-2))
	base := t.vertex(pts[0], c)
	for i := 1; i < len(pts); i++ {
		t.vertex(pts[i], c)
	}
	for i := 1; i+1 < len(pts); i++ {
		t.indices = append(t.indices, base, base+uint16(i), base+uint16(i+1))
	}
}

// Segment queues a straight band of the given width from a to b.
func (t *TriBatch) Segment(dst *ebiten.Image, a, b Point, width float32, c color.RGBA) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	t.Fan(dst, c,
		Point{a.X + nx, a.Y + ny}, Point{b.X + nx, b.Y + ny},
		Point{b.X - nx, b.Y - ny}, Point{a.X - nx, a.Y - ny})
}

// Ring queues the band between a convex polygon and the same polygon
// shrunk by width towards its centre c.
func (t *TriBatch) Ring(dst *ebiten.Image, c Point, outer [6]Point, width float32, col color.RGBA) {
	inner := Shrink(c, outer, width)
	for i := range outer {
		j := (i + 1) % len(outer)
		t.Fan(dst, col, outer[i], outer[j], inner[j], inner[i])
	}
}

// Shrink moves each corner of a hexagon towards its centre c so that the
// edges move inwards by d pixels (a regular-enough hexagon is assumed).
func Shrink(c Point, corners [6]Point, d float32) [6]Point {
	var out [6]Point
	for i, p := range corners {
		dx, dy := p.X-c.X, p.Y-c.Y
		r := float32(math.Hypot(float64(dx), float64(dy)))
		k := float32(0)
		if r > d {
			k = (r - d) / r
		}
		out[i] = Point{c.X + dx*k, c.Y + dy*k}
	}
	return out
}

// Lerp mixes two colours: t = 0 gives a, t = 1 gives b.
func Lerp(a, b color.RGBA, t float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}

// Rect queues a filled axis-aligned rectangle.
func (t *TriBatch) Rect(dst *ebiten.Image, x, y, w, h float32, c color.RGBA) {
	t.Fan(dst, c, Point{x, y}, Point{x + w, y}, Point{x + w, y + h}, Point{x, y + h})
}

// Outline queues the border of an axis-aligned rectangle, lw wide, inside
// its bounds.
func (t *TriBatch) Outline(dst *ebiten.Image, x, y, w, h, lw float32, c color.RGBA) {
	t.Rect(dst, x, y, w, lw, c)
	t.Rect(dst, x, y+h-lw, w, lw, c)
	t.Rect(dst, x, y+lw, lw, h-2*lw, c)
	t.Rect(dst, x+w-lw, y+lw, lw, h-2*lw, c)
}

// roundSides is the number of sides of the polygons that stand for discs
// and ellipses.
const roundSides = 20

// Disc queues a filled circle of radius r centred on c.
func (t *TriBatch) Disc(dst *ebiten.Image, c Point, r float32, col color.RGBA) {
	var pts [roundSides]Point
	for i := range pts {
		a := 2 * math.Pi * float64(i) / roundSides
		pts[i] = Point{c.X + r*float32(math.Cos(a)), c.Y + r*float32(math.Sin(a))}
	}
	t.Fan(dst, col, pts[:]...)
}

// Ellipse queues the outline, lw wide, of an ellipse with radii rx, ry
// centred on c.
func (t *TriBatch) Ellipse(dst *ebiten.Image, c Point, rx, ry, lw float32, col color.RGBA) {
	at := func(i int, dr float32) Point {
		a := 2 * math.Pi * float64(i) / roundSides
		return Point{c.X + (rx+dr)*float32(math.Cos(a)), c.Y + (ry+dr)*float32(math.Sin(a))}
	}
	for i := range roundSides {
		t.Fan(dst, col, at(i, -lw/2), at(i, lw/2), at(i+1, lw/2), at(i+1, -lw/2))
	}
}

// Star queues a filled five-pointed star of outer radius r centred on c,
// pointing up.
func (t *TriBatch) Star(dst *ebiten.Image, c Point, r float32, col color.RGBA) {
	var pts [10]Point
	for i := range pts {
		a := -math.Pi/2 + math.Pi*float64(i)/5
		k := r
		if i%2 == 1 {
			k = r * 0.4
		}
		pts[i] = Point{c.X + k*float32(math.Cos(a)), c.Y + k*float32(math.Sin(a))}
	}
	// The star is not convex: a fan from its centre.
	for i := range pts {
		t.Fan(dst, col, c, pts[i], pts[(i+1)%len(pts)])
	}
}

// Shield queues a small shield (a pentagon pointing down) of half width r
// centred on c.
func (t *TriBatch) Shield(dst *ebiten.Image, c Point, r float32, col color.RGBA) {
	t.Fan(dst, col,
		Point{c.X - r, c.Y - r}, Point{c.X + r, c.Y - r}, Point{c.X + r, c.Y + r*0.3},
		Point{c.X, c.Y + r*1.2}, Point{c.X - r, c.Y + r*0.3})
}

// Pt is shorthand for Point{x, y}, as image.Pt is for image.Point.
func Pt(x, y float32) Point { return Point{x, y} }
