package board

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"hexfire/fileio"
)

// Layout is how a map's hexes sit on the screen and in Tiled's offset
// coordinates: Tiled's orientation="hexagonal" with its stagger axis, stagger
// index and tile metrics. The pixel geometry is that of Tiled's hexagonal
// renderer, so HexSide need not be half the tile size.
type Layout struct {
	// StaggerX is true for flat-topped hexes in staggered columns
	// (staggeraxis="x") and false for pointy-topped hexes in staggered rows
	// (staggeraxis="y").
	StaggerX bool
	// StaggerEven is true when the even columns (or rows), counting from 0,
	// are the ones shifted by half a hex (staggerindex="even").
	StaggerEven bool
	// TileWidth, TileHeight and HexSide are Tiled's tilewidth, tileheight and
	// hexsidelength in pixels.
	TileWidth, TileHeight, HexSide int
}

// DefaultLayout is the layout of Hexfire's own maps: flat-topped hexes with
// the even columns (A, C, E …) shifted down, 64×56 pixel tiles with 32-pixel
// sides: the layout in which the rules' examples hold.
var DefaultLayout = Layout{StaggerX: true, StaggerEven: true, TileWidth: 64, TileHeight: 56, HexSide: 32}

// Validate reports whether the tile metrics describe a drawable hexagon.
func (l Layout) Validate() error {
	if l.TileWidth <= 0 || l.TileHeight <= 0 {
		return fmt.Errorf("tile size %dx%d must be positive", l.TileWidth, l.TileHeight)
	}
	along := l.TileHeight
	if l.StaggerX {
		along = l.TileWidth
	}
	if l.HexSide < 0 || l.HexSide > along {
		return fmt.Errorf("hexsidelength %d must be between 0 and %d", l.HexSide, along)
	}
	return nil
}

// staggered reports whether column (StaggerX) or row index i is shifted.
func (l Layout) staggered(i int) bool { return (i&1 == 1) != l.StaggerEven }

// Offset is a hex in Tiled's offset coordinates: column and row from 0.
type Offset struct{ Col, Row int }

// ToHex converts offset coordinates to an axial hex.
func (l Layout) ToHex(o Offset) Hex {
	if l.StaggerX {
		return Hex{o.Col, o.Row - l.shiftedHalf(o.Col)}
	}
	return Hex{o.Col - l.shiftedHalf(o.Row), o.Row}
}

// ToOffset converts an axial hex to offset coordinates.
func (l Layout) ToOffset(h Hex) Offset {
	if l.StaggerX {
		return Offset{h.Q, h.R + l.shiftedHalf(h.Q)}
	}
	return Offset{h.Q + l.shiftedHalf(h.R), h.R}
}

// shiftedHalf is the axial correction for column (or row) i: how many of the
// half-hex steps before it are taken up by the stagger.
func (l Layout) shiftedHalf(i int) int {
	if l.StaggerEven {
		return (i + i&1) / 2
	}
	return (i - i&1) / 2
}

// metrics returns Tiled's RenderParams: the flat cap on each side and the
// step between columns or rows along the staggered axis.
func (l Layout) metrics() (sideOffsetX, sideOffsetY, columnWidth, rowHeight int) {
	sideX, sideY := 0, 0
	if l.StaggerX {
		sideX = l.HexSide
	} else {
		sideY = l.HexSide
	}
	sideOffsetX = (l.TileWidth - sideX) / 2
	sideOffsetY = (l.TileHeight - sideY) / 2
	return sideOffsetX, sideOffsetY, sideOffsetX + sideX, sideOffsetY + sideY
}

// TileOrigin returns the top-left pixel of the tile cell of hex h, as
// Tiled places it.
func (l Layout) TileOrigin(h Hex) (x, y int) {
	o := l.ToOffset(h)
	_, _, columnWidth, rowHeight := l.metrics()
	if l.StaggerX {
		x, y = o.Col*columnWidth, o.Row*l.TileHeight
		if l.staggered(o.Col) {
			y += rowHeight
		}
		return x, y
	}
	x, y = o.Col*l.TileWidth, o.Row*rowHeight
	if l.staggered(o.Row) {
		x += columnWidth
	}
	return x, y
}

// Center returns the pixel centre of hex h.
func (l Layout) Center(h Hex) (x, y float64) {
	ox, oy := l.TileOrigin(h)
	return float64(ox) + float64(l.TileWidth)/2, float64(oy) + float64(l.TileHeight)/2
}

// Corners returns the six corners of hex h in pixels, clockwise from the
// leftmost (flat-topped) or topmost (pointy-topped) one, as Tiled draws them.
func (l Layout) Corners(h Hex) [6][2]float64 {
	ox, oy := l.TileOrigin(h)
	sx, sy, _, _ := l.metrics()
	w, t := l.TileWidth, l.TileHeight
	var pts [6][2]int
	if l.StaggerX {
		pts = [6][2]int{{0, t / 2}, {sx, 0}, {w - sx, 0}, {w, t / 2}, {w - sx, t}, {sx, t}}
	} else {
		pts = [6][2]int{{w / 2, 0}, {w, sy}, {w, t - sy}, {w / 2, t}, {0, t - sy}, {0, sy}}
	}
	var out [6][2]float64
	for i, p := range pts {
		out[i] = [2]float64{float64(ox + p[0]), float64(oy + p[1])}
	}
	return out
}

// HexAt returns the hex whose polygon contains the pixel (x, y): the inverse
// of Center, used for mouse picking. A point on a shared edge goes to the
// hex whose centre is nearest, then to the smaller offset.
func (l Layout) HexAt(x, y float64) Hex {
	_, _, columnWidth, rowHeight := l.metrics()
	var guess Offset
	if l.StaggerX {
		guess.Col = int(math.Floor(x / float64(max(columnWidth, 1))))
		guess.Row = int(math.Floor(y / float64(l.TileHeight)))
	} else {
		guess.Col = int(math.Floor(x / float64(l.TileWidth)))
		guess.Row = int(math.Floor(y / float64(max(rowHeight, 1))))
	}
	base := l.ToHex(guess)
	best, bestDist, bestInside := base, math.Inf(1), false
	for dq := -2; dq <= 2; dq++ {
		for dr := -2; dr <= 2; dr++ {
			h := Hex{base.Q + dq, base.R + dr}
			inside := pointInPolygon(x, y, l.Corners(h))
			cx, cy := l.Center(h)
			dist := (cx-x)*(cx-x) + (cy-y)*(cy-y)
			if (inside && !bestInside) || (inside == bestInside && dist < bestDist) {
				best, bestDist, bestInside = h, dist, inside
			}
		}
	}
	return best
}

// pointInPolygon reports whether (x, y) is inside or on the convex polygon.
func pointInPolygon(x, y float64, poly [6][2]float64) bool {
	sign := 0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		cross := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		switch {
		case cross > 0:
			if sign < 0 {
				return false
			}
			sign = 1
		case cross < 0:
			if sign > 0 {
				return false
			}
			sign = -1
		}
	}
	return true
}

// PixelSize returns the size in pixels of a map of w×h tiles, as Tiled
// computes it.
func (l Layout) PixelSize(w, h int) (width, height int) {
	sideOffsetX, sideOffsetY, columnWidth, rowHeight := l.metrics()
	if l.StaggerX {
		width, height = w*columnWidth+sideOffsetX, h*l.TileHeight
		if w > 1 {
			height += rowHeight
		}
		return width, height
	}
	width, height = w*l.TileWidth, h*rowHeight+sideOffsetY
	if h > 1 {
		width += columnWidth
	}
	return width, height
}

// Label returns the players' name of offset coordinates: column letters
// (A … Z, AA, AB …) and the row number from 1, as in "E4".
func (o Offset) Label() string {
	var buf [24]byte // letters of any int column and a row, without allocating
	return string(o.appendLabel(buf[:0]))
}

// appendLabel appends o's label to b.
func (o Offset) appendLabel(b []byte) []byte {
	return strconv.AppendInt(appendColumnLetters(b, o.Col), int64(o.Row)+1, 10)
}

// appendColumnLetters appends the letters of column col (A, B, …, Z, AA,
// …) to b, or "?" and the number for a negative column.
func appendColumnLetters(b []byte, col int) []byte {
	if col < 0 {
		return strconv.AppendInt(append(b, '?'), int64(col), 10)
	}
	start := len(b)
	for n := col + 1; n > 0; n = (n - 1) / 26 {
		b = append(b, byte('A'+(n-1)%26))
	}
	slices.Reverse(b[start:])
	return b
}

// ParseLabel turns a label such as "E4" or "aa12" back into offset coordinates.
func ParseLabel(s string) (Offset, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	i := 0
	col := 0
	for i < len(t) && t[i] >= 'A' && t[i] <= 'Z' {
		col = col*26 + int(t[i]-'A'+1)
		if col > 1<<20 {
			return Offset{}, fmt.Errorf("hex label %s: column out of range", fileio.Quote(s))
		}
		i++
	}
	if i == 0 || i == len(t) {
		return Offset{}, fmt.Errorf("hex label %s: want column letters then a row number, like E4", fileio.Quote(s))
	}
	row, err := strconv.Atoi(t[i:])
	if err != nil || row < 1 {
		return Offset{}, fmt.Errorf("hex label %s: row %s must be a number from 1", fileio.Quote(s), fileio.Quote(t[i:]))
	}
	return Offset{col - 1, row - 1}, nil
}
