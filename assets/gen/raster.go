package main

import (
	"image"
	"image/color"
)

// The rasterizer works in integer arithmetic only, so the PNGs come out
// byte for byte the same on every machine (no float rounding or fused
// multiply-add differences). One pixel is split into sub×sub samples, and
// geometry is given in units of 1/unit pixel; the sample centres sit at odd
// unit positions.
const (
	sub  = 4
	unit = 2 * sub // units per pixel
)

// px converts whole pixels to units.
func px(p int) int { return p * unit }

// pt is a point in units.
type pt struct{ x, y int }

// shape is a set of points given by a test, with a bounding box in units.
type shape struct {
	minX, minY, maxX, maxY int
	in                     func(x, y int) bool
}

// canvas is one tile being drawn: premultiplied RGBA per sample.
type canvas struct {
	w, h int // in samples
	pix  []uint16
	clip shape
}

func newCanvas(wPx, hPx int, clip shape) *canvas {
	w, h := wPx*sub, hPx*sub
	return &canvas{w: w, h: h, pix: make([]uint16, w*h*4), clip: clip}
}

// fill paints the shape with colour c at alpha a (0..255) over what is there.
func (c *canvas) fill(s shape, col color.NRGBA, a int) {
	a = a * int(col.A) / 255
	x0, y0 := max(s.minX/2-1, 0), max(s.minY/2-1, 0)
	x1, y1 := min(s.maxX/2+1, c.w-1), min(s.maxY/2+1, c.h-1)
	for sy := y0; sy <= y1; sy++ {
		for sx := x0; sx <= x1; sx++ {
			ux, uy := 2*sx+1, 2*sy+1
			if !s.in(ux, uy) || !c.clip.in(ux, uy) {
				continue
			}
			i := (sy*c.w + sx) * 4
			p := c.pix[i : i+4 : i+4]
			p[0] = uint16((int(col.R)*a + int(p[0])*(255-a)) / 255)
			p[1] = uint16((int(col.G)*a + int(p[1])*(255-a)) / 255)
			p[2] = uint16((int(col.B)*a + int(p[2])*(255-a)) / 255)
			p[3] = uint16((255*a + int(p[3])*(255-a)) / 255)
		}
	}
}

// image averages the samples into pixels.
func (c *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, c.w/sub, c.h/sub))
	for y := 0; y < c.h/sub; y++ {
		for x := 0; x < c.w/sub; x++ {
			var r, g, b, a int
			for j := range sub {
				for i := range sub {
					k := ((y*sub+j)*c.w + x*sub + i) * 4
					r += int(c.pix[k])
					g += int(c.pix[k+1])
					b += int(c.pix[k+2])
					a += int(c.pix[k+3])
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{
				R: uint8(r * 255 / a), G: uint8(g * 255 / a), B: uint8(b * 255 / a),
				A: uint8(a / (sub * sub)),
			})
		}
	}
	return img
}

// everything covers the whole canvas.
var everything = shape{-1 << 30, -1 << 30, 1 << 30, 1 << 30, func(int, int) bool { return true }}

// circle is a disc with centre c and radius r, in units.
func circle(c pt, r int) shape {
	return shape{c.x - r, c.y - r, c.x + r, c.y + r, func(x, y int) bool {
		dx, dy := x-c.x, y-c.y
		return dx*dx+dy*dy <= r*r
	}}
}

// ellipse is an axis-aligned ellipse.
func ellipse(c pt, rx, ry int) shape {
	return shape{c.x - rx, c.y - ry, c.x + rx, c.y + ry, func(x, y int) bool {
		dx, dy := int64(x-c.x), int64(y-c.y)
		return dx*dx*int64(ry*ry)+dy*dy*int64(rx*rx) <= int64(rx*rx)*int64(ry*ry)
	}}
}

// capsule is every point within r of the segment a-b: a thick line with
// round ends.
func capsule(a, b pt, r int) shape {
	return shape{min(a.x, b.x) - r, min(a.y, b.y) - r, max(a.x, b.x) + r, max(a.y, b.y) + r, func(x, y int) bool {
		abx, aby := int64(b.x-a.x), int64(b.y-a.y)
		apx, apy := int64(x-a.x), int64(y-a.y)
		ab2 := abx*abx + aby*aby
		dot := apx*abx + apy*aby
		r2 := int64(r) * int64(r)
		switch {
		case ab2 == 0 || dot <= 0:
			return apx*apx+apy*apy <= r2
		case dot >= ab2:
			bx, by := int64(x-b.x), int64(y-b.y)
			return bx*bx+by*by <= r2
		}
		// distance² = |ap|² − dot²/|ab|²
		return (apx*apx+apy*apy)*ab2-dot*dot <= r2*ab2
	}}
}

// polyline is a chain of capsules through the points.
func polyline(ps []pt, r int) shape {
	parts := make([]shape, 0, len(ps))
	for i := 1; i < len(ps); i++ {
		parts = append(parts, capsule(ps[i-1], ps[i], r))
	}
	return union(parts...)
}

// union is the set of points in any of the shapes.
func union(ss ...shape) shape {
	u := shape{1 << 30, 1 << 30, -1 << 30, -1 << 30, func(x, y int) bool {
		return false
	}}
	for _, s := range ss {
		u.minX, u.minY = min(u.minX, s.minX), min(u.minY, s.minY)
		u.maxX, u.maxY = max(u.maxX, s.maxX), max(u.maxY, s.maxY)
	}
	u.in = func(x, y int) bool {
		for _, s := range ss {
			if x >= s.minX && x <= s.maxX && y >= s.minY && y <= s.maxY && s.in(x, y) {
				return true
			}
		}
		return false
	}
	return u
}

// minus is the points of a that are not in b.
func minus(a, b shape) shape {
	return shape{a.minX, a.minY, a.maxX, a.maxY, func(x, y int) bool { return a.in(x, y) && !b.in(x, y) }}
}

// polygon is a simple polygon (even-odd rule).
func polygon(ps []pt) shape {
	s := shape{1 << 30, 1 << 30, -1 << 30, -1 << 30, nil}
	for _, p := range ps {
		s.minX, s.minY = min(s.minX, p.x), min(s.minY, p.y)
		s.maxX, s.maxY = max(s.maxX, p.x), max(s.maxY, p.y)
	}
	s.in = func(x, y int) bool {
		inside := false
		for i := range ps {
			a, b := ps[i], ps[(i+1)%len(ps)]
			if (a.y > y) == (b.y > y) {
				continue
			}
			// x < a.x + (y-a.y)(b.x-a.x)/(b.y-a.y), multiplied out
			lhs := int64(x-a.x) * int64(b.y-a.y)
			rhs := int64(y-a.y) * int64(b.x-a.x)
			if (b.y > a.y && lhs < rhs) || (b.y < a.y && lhs > rhs) {
				inside = !inside
			}
		}
		return inside
	}
	return s
}

// hash is a small integer mixer for repeatable "random" variation.
func hash(vals ...int) int {
	h := uint32(2166136261)
	for _, v := range vals {
		h ^= uint32(v)
		h *= 16777619
		h ^= h >> 13
		h *= 0x5bd1e995
		h ^= h >> 15
	}
	return int(h & 0x7fffffff)
}

// isqrt is the integer square root.
func isqrt(n int) int {
	if n <= 0 {
		return 0
	}
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	return x
}

// towards returns the point at distance d from a in the direction of b.
func towards(a, b pt, d int) pt {
	dx, dy := b.x-a.x, b.y-a.y
	l := isqrt(dx*dx + dy*dy)
	if l == 0 {
		return a
	}
	return pt{a.x + dx*d/l, a.y + dy*d/l}
}

// lerp returns a + (b-a)·n/m.
func lerp(a, b pt, n, m int) pt {
	return pt{a.x + (b.x-a.x)*n/m, a.y + (b.y-a.y)*n/m}
}
