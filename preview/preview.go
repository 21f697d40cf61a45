// Package preview draws a scenario headless, with the standard library's
// image/draw and nothing else: the map's tile layers as Tiled shows them
// (terrain, hills, roads, hexsides), the objective hexes and a counter for
// every unit. hexfire-cli render writes its pictures for the docs and the
// scenario picker's thumbnails; the package never imports ebiten.
package preview

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// MaxPixels bounds the picture: a 500×500 map (board.MaxDimension) drawn
// at full size would need a gigabyte. Our own choice: 64 megapixels holds
// a 200×200 map of 64×56 tiles and stays under 256 MB.
const MaxPixels = 64 << 20

// Options says what to draw besides the map.
type Options struct {
	// Objectives are hexes to ring in gold (the hexes a side must hold).
	Objectives []board.Hex
	// NoUnits leaves the counters out.
	NoUnits bool
	// Tints colours hexes over the map and under the counters (a kill
	// zone); each colour's alpha says how much of the map shows through.
	Tints map[board.Hex]color.RGBA
}

// Draw renders sc: its tile layers bottom to top, then the objectives and
// the counters. Types looks up each unit's catalogue entry for its nation
// and kind.
func Draw(sc *maps.Scenario, types *units.Catalogue, opt Options) (*image.RGBA, error) {
	b := sc.Board
	w, h := b.Layout.PixelSize(b.Width, b.Height)
	if w <= 0 || h <= 0 || w*h > MaxPixels {
		return nil, fmt.Errorf("preview: %s: picture of %dx%d pixels is over the limit of %d pixels", sc.Path, w, h, MaxPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{40, 44, 36, 255}), image.Point{}, draw.Src)
	if sc.Tiles != nil {
		drawTiles(img, b, sc.Tiles)
	}
	for hex, c := range opt.Tints {
		tintHex(img, b.Layout, hex, c)
	}
	for _, hex := range b.FortHexes() {
		c := fortColours[b.Fort(hex).Kind]
		tintHex(img, b.Layout, hex, color.RGBA{c.R, c.G, c.B, 110})
		ringHex(img, b.Layout, hex, c, 2)
	}
	for _, hex := range opt.Objectives {
		ringHex(img, b.Layout, hex, color.RGBA{255, 200, 0, 255}, 3)
	}
	if opt.NoUnits {
		return img, nil
	}
	stacks := map[board.Hex]int{}
	for _, p := range sc.Units {
		t, err := types.Lookup(p.Type)
		if err != nil {
			return nil, fmt.Errorf("preview: %s: unit %d: %w", sc.Path, p.ID, err)
		}
		drawCounter(img, b.Layout, p, t, stacks[p.Hex])
		stacks[p.Hex]++
	}
	return img, nil
}

// fortColours mark the fortified hexes of a picture (the game draws each
// kind's own marker): earthworks brown, sandbags tan, bunkers grey, wire
// dark steel, mines red.
var fortColours = map[board.FortKind]color.RGBA{
	board.Foxhole:     {107, 74, 42, 255},
	board.Trench:      {107, 74, 42, 255},
	board.Sandbags:    {200, 176, 120, 255},
	board.Bunker:      {154, 154, 148, 255},
	board.EarthBunker: {122, 92, 58, 255},
	board.Minefield:   {176, 28, 28, 255},
	board.Wire:        {34, 34, 38, 255},
}

// drawTiles draws every visible tile layer. A tile sits with its
// bottom-left corner on the bottom-left of its hex's cell, as Tiled places
// tiles larger or smaller than the map's; the layer's offset and opacity
// apply. Flipped tiles are mirrored; Tiled's hex rotations (60° steps)
// are drawn unrotated.
func drawTiles(img *image.RGBA, b *board.Board, tl *maps.TileLayers) {
	for _, layer := range tl.Layers {
		if !layer.Visible || layer.Opacity <= 0 {
			continue
		}
		mask := image.NewUniform(color.Alpha{uint8(math.Round(255 * min(layer.Opacity, 1)))})
		for i, t := range layer.Tiles {
			if t.Set == 0 || int(t.Set) > len(tl.Tilesets) || i >= b.Width*b.Height {
				continue
			}
			ts := &tl.Tilesets[t.Set-1]
			src, r, ok := ts.Source(t.ID)
			if !ok {
				continue
			}
			if t.Flip&(maps.FlipHorizontal|maps.FlipVertical) != 0 && t.Flip&(maps.FlipDiagonal|maps.Rotate120) == 0 {
				src, r = mirrored(src, r, t.Flip&maps.FlipHorizontal != 0, t.Flip&maps.FlipVertical != 0), image.Rect(0, 0, r.Dx(), r.Dy())
			}
			hex := b.Layout.ToHex(board.Offset{Col: i % b.Width, Row: i / b.Width})
			x, y := b.Layout.TileOrigin(hex)
			x += ts.OffsetX + int(math.Round(layer.OffsetX))
			y += b.Layout.TileHeight - r.Dy() + ts.OffsetY + int(math.Round(layer.OffsetY))
			dst := image.Rect(x, y, x+r.Dx(), y+r.Dy())
			draw.DrawMask(img, dst, src, r.Min, mask, image.Point{}, draw.Over)
		}
	}
}

// mirrored returns the part r of src flipped left-right and/or top-bottom.
func mirrored(src image.Image, r image.Rectangle, horizontal, vertical bool) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := range r.Dy() {
		for x := range r.Dx() {
			sx, sy := r.Min.X+x, r.Min.Y+y
			if horizontal {
				sx = r.Max.X - 1 - x
			}
			if vertical {
				sy = r.Max.Y - 1 - y
			}
			out.Set(x, y, src.At(sx, sy))
		}
	}
	return out
}

// nationColours are the counters' background colours; our own choice,
// the usual wargame colours of each army.
var nationColours = map[string]color.RGBA{
	"US": {96, 116, 60, 255},  // olive drab
	"UK": {150, 128, 84, 255}, // khaki
	"SU": {150, 52, 40, 255},  // red-brown
	"DE": {92, 104, 118, 255}, // field grey
}

// drawCounter draws unit p as a square counter on its hex, shifted down
// and right by stacked units already drawn there: a background in its
// nation's colour (white edge for allies, black for axis), a short name
// and, for vehicles and Guns, a tick toward its facing.
func drawCounter(img *image.RGBA, l board.Layout, p maps.Placement, t *units.Type, stacked int) {
	cx, cy := l.Center(p.Hex)
	side := int(0.7 * float64(min(l.TileWidth, l.TileHeight)))
	shift := 4 * min(stacked, 3)
	x0, y0 := int(cx)-side/2+shift-6*min(stacked, 1), int(cy)-side/2+shift-6*min(stacked, 1)
	r := image.Rect(x0, y0, x0+side, y0+side)
	edge := color.RGBA{0, 0, 0, 255}
	if p.Side == maps.Allies {
		edge = color.RGBA{240, 240, 230, 255}
	}
	fill, ok := nationColours[t.Nation]
	if !ok {
		fill = color.RGBA{128, 128, 128, 255}
	}
	draw.Draw(img, r, image.NewUniform(edge), image.Point{}, draw.Src)
	draw.Draw(img, r.Inset(2), image.NewUniform(fill), image.Point{}, draw.Src)
	if !t.Kind.Infantry() {
		ncx, ncy := l.Center(p.Hex.Neighbor(p.Facing))
		dx, dy := ncx-cx, ncy-cy
		n := math.Hypot(dx, dy)
		mx, my := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		for s := float64(side) * 0.5; s <= float64(side)*0.7; s++ {
			for w := -1.0; w <= 1; w++ {
				img.Set(int(mx+dx/n*s-dy/n*w), int(my+dy/n*s+dx/n*w), color.RGBA{255, 230, 80, 255})
			}
		}
	}
	label := ShortName(t)
	face := basicfont.Face7x13
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.White), Face: face}
	width := d.MeasureString(label).Ceil()
	d.Dot = fixed.P((r.Min.X+r.Max.X-width)/2, (r.Min.Y+r.Max.Y)/2+4)
	d.DrawString(label)
}

// ShortName is the label a counter carries: at most five characters, from
// the unit's kind for infantry (Sqd, HS, Ldr, a weapon team's weapon,
// Para) and from its name for vehicles and Guns (Tiger, PzIV, M4A3E).
func ShortName(t *units.Type) string {
	switch {
	case t.Kind == units.Leader:
		return "Ldr"
	case t.Kind == units.Squad:
		return "Sqd"
	case t.Kind == units.HalfSquad && t.Weapon != "":
		return clip(strings.ReplaceAll(t.Weapon, " ", ""), 4)
	case t.Kind == units.HalfSquad && t.Elite:
		return "Para"
	case t.Kind == units.HalfSquad:
		return "HS"
	}
	words := strings.Fields(t.Name)
	if len(words) == 0 {
		return "?"
	}
	name := words[0]
	if len(name) < 3 && len(words) > 1 {
		name += words[1]
	}
	return clip(name, 5)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// tintHex blends colour c (non-premultiplied, its alpha the weight) over
// the pixels of hex h whose centres lie inside its polygon, scanline by
// scanline: a row of the convex hexagon runs between its edges' crossings.
func tintHex(img *image.RGBA, l board.Layout, h board.Hex, c color.RGBA) {
	corners := l.Corners(h)
	top, bottom := math.Inf(1), math.Inf(-1)
	for _, p := range corners {
		top, bottom = min(top, p[1]), max(bottom, p[1])
	}
	a := uint32(c.A)
	for y := max(int(math.Floor(top)), img.Bounds().Min.Y); y < min(int(math.Ceil(bottom)), img.Bounds().Max.Y); y++ {
		py := float64(y) + 0.5
		left, right := math.Inf(1), math.Inf(-1)
		for i, p := range corners {
			q := corners[(i+1)%len(corners)]
			if (p[1] <= py) == (q[1] <= py) {
				continue // the edge does not cross this row
			}
			x := p[0] + (py-p[1])*(q[0]-p[0])/(q[1]-p[1])
			left, right = min(left, x), max(right, x)
		}
		for x := max(int(math.Ceil(left-0.5)), img.Bounds().Min.X); float64(x)+0.5 < right && x < img.Bounds().Max.X; x++ {
			o := img.RGBAAt(x, y)
			img.SetRGBA(x, y, color.RGBA{
				uint8((uint32(o.R)*(255-a) + uint32(c.R)*a) / 255),
				uint8((uint32(o.G)*(255-a) + uint32(c.G)*a) / 255),
				uint8((uint32(o.B)*(255-a) + uint32(c.B)*a) / 255),
				o.A,
			})
		}
	}
}

// ringHex outlines hex h with a line of the given width just inside its
// edges.
func ringHex(img *image.RGBA, l board.Layout, h board.Hex, c color.Color, width int) {
	corners := l.Corners(h)
	cx, cy := l.Center(h)
	for i := range corners {
		a, b := corners[i], corners[(i+1)%len(corners)]
		steps := int(math.Hypot(b[0]-a[0], b[1]-a[1])) + 1
		for s := 0; s <= steps; s++ {
			f := float64(s) / float64(steps)
			x, y := a[0]+(b[0]-a[0])*f, a[1]+(b[1]-a[1])*f
			for k := range width {
				inset := float64(k+1) / 16
				img.Set(int(x+(cx-x)*inset), int(y+(cy-y)*inset), c)
			}
		}
	}
}
