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

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// MaxPixels bounds the picture drawn, after Options.Scale: a 500×500 map
// (board.MaxDimension) drawn at full size would need a gigabyte. Our own
// choice: 12 megapixels (48 MiB) holds a 68×68 map of 64×56 tiles at full
// size and a 200×200 one at a scale of ⅓, and hexfire-cli render draws and
// writes it within 256 MB and 2 s.
const MaxPixels = 12 << 20

// MaxLayerPixels bounds the picture's pixels times the map's visible tile
// layers, what drawing the tiles costs: our own choice, four layers at
// MaxPixels, or the 500×500 map of 16 layers (docs/BENCHMARKS.md) at a
// scale of 0.068, drawn within 2 s.
const MaxLayerPixels = 48 << 20

// Options says what to draw besides the map.
type Options struct {
	// Objectives are hexes to ring in gold (the hexes a side must hold).
	Objectives []board.Hex
	// NoUnits leaves the counters out.
	NoUnits bool
	// Tints colours hexes over the map and under the counters (a kill
	// zone); each colour's alpha says how much of the map shows through.
	Tints map[board.Hex]color.RGBA
	// Scale is the size of the picture against the map's own pixels,
	// above 0 and at most 1 (0 means 1): the map is drawn at that size,
	// each tile scaled once, so what MaxPixels bounds is the picture
	// written.
	Scale float64
}

// Size returns the size in pixels of the picture of b at scale (above 0,
// at most 1): the map's own size scaled, rounded down, at least 1.
func Size(b *board.Board, scale float64) (w, h int) {
	w, h = b.Layout.PixelSize(b.Width, b.Height)
	if scale == 1 {
		return w, h
	}
	return max(1, int(float64(w)*scale)), max(1, int(float64(h)*scale))
}

// Draw renders sc: its tile layers bottom to top, then the objectives and
// the counters. Types looks up each unit's catalogue entry for its nation
// and kind. A picture over MaxPixels at opt.Scale is refused before any is
// drawn.
func Draw(sc *maps.Scenario, types *units.Catalogue, opt Options) (*image.RGBA, error) {
	b := sc.Board
	s := opt.Scale
	if s == 0 {
		s = 1
	}
	if !(s > 0 && s <= 1) {
		return nil, fmt.Errorf("preview: %s: scale %v: want a number above 0 and at most 1", sc.Path, opt.Scale)
	}
	w, h := Size(b, s)
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxPixels {
		fw, fh := b.Layout.PixelSize(b.Width, b.Height)
		return nil, fmt.Errorf("preview: %s: picture of %dx%d pixels (the map's %dx%d at scale %v) is over the limit of %d pixels", sc.Path, w, h, fw, fh, s, MaxPixels)
	}
	if n := visibleLayers(sc.Tiles); int64(w)*int64(h)*int64(n) > MaxLayerPixels {
		return nil, fmt.Errorf("preview: %s: picture of %dx%d pixels at scale %v in %d tile layers is over the limit of %d pixels times layers", sc.Path, w, h, s, n, MaxLayerPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{40, 44, 36, 255}), image.Point{}, draw.Src)
	if sc.Tiles != nil {
		drawTiles(img, b, sc.Tiles, s)
	}
	for hex, c := range opt.Tints {
		tintHex(img, b.Layout, s, hex, c)
	}
	for _, hex := range b.FortHexes() {
		c := fortColours[b.Fort(hex).Kind]
		tintHex(img, b.Layout, s, hex, color.RGBA{c.R, c.G, c.B, 110})
		ringHex(img, b.Layout, s, hex, c, 2)
	}
	for _, hex := range opt.Objectives {
		ringHex(img, b.Layout, s, hex, color.RGBA{255, 200, 0, 255}, 3)
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
		drawCounter(img, b.Layout, s, p, t, stacks[p.Hex])
		stacks[p.Hex]++
	}
	return img, nil
}

// visibleLayers returns how many tile layers of tl drawTiles draws.
func visibleLayers(tl *maps.TileLayers) int {
	n := 0
	if tl != nil {
		for _, l := range tl.Layers {
			if l.Visible && l.Opacity > 0 {
				n++
			}
		}
	}
	return n
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

// drawTiles draws every visible tile layer at scale s. A tile sits with
// its bottom-left corner on the bottom-left of its hex's cell, as Tiled
// places tiles larger or smaller than the map's; the layer's offset and
// opacity apply. Flipped tiles are mirrored; Tiled's hex rotations (60°
// steps) are drawn unrotated. Below scale 1 the tiles come from a tileArt,
// each drawn where its cell's scaled position puts it to an eighth of a
// pixel: the work follows the picture's pixels and the tiles placed, not
// the map's own size.
func drawTiles(img *image.RGBA, b *board.Board, tl *maps.TileLayers, s float64) {
	art := newTileArt(s)
	for _, layer := range tl.Layers {
		if !layer.Visible || layer.Opacity <= 0 {
			continue
		}
		var mask image.Image // nil: opaque, draw's fastest path
		if op := uint8(math.Round(255 * min(layer.Opacity, 1))); op < 255 {
			mask = image.NewUniform(color.Alpha{op})
		}
		for i, t := range layer.Tiles {
			if t.Set == 0 || int(t.Set) > len(tl.Tilesets) || i >= b.Width*b.Height {
				continue
			}
			ts := &tl.Tilesets[t.Set-1]
			src, r, ok := ts.Source(t.ID)
			if !ok {
				continue
			}
			mirror := t.Flip&(maps.FlipHorizontal|maps.FlipVertical) != 0 && t.Flip&(maps.FlipDiagonal|maps.Rotate120) == 0
			hex := b.Layout.ToHex(board.Offset{Col: i % b.Width, Row: i / b.Width})
			x, y := b.Layout.TileOrigin(hex)
			x += ts.OffsetX + int(math.Round(layer.OffsetX))
			y += b.Layout.TileHeight - r.Dy() + ts.OffsetY + int(math.Round(layer.OffsetY))
			if s >= 1 {
				if mirror {
					src, r = mirrored(src, r, t.Flip&maps.FlipHorizontal != 0, t.Flip&maps.FlipVertical != 0), image.Rect(0, 0, r.Dx(), r.Dy())
				}
				draw.DrawMask(img, image.Rect(x, y, x+r.Dx(), y+r.Dy()), src, r.Min, mask, image.Point{}, draw.Over)
				continue
			}
			k := tileKey{set: t.Set, id: t.ID}
			if mirror {
				k.flip = t.Flip & (maps.FlipHorizontal | maps.FlipVertical)
			}
			v, at := art.place(k, src, r, float64(x)*s, float64(y)*s)
			draw.DrawMask(img, v.Bounds().Add(at), v, image.Point{}, mask, image.Point{}, draw.Over)
		}
	}
}

// tileKey names a tile of a map, mirrored as flip says.
type tileKey struct {
	set  uint16
	id   uint32
	flip maps.TileFlip
}

// tileArt holds a picture's tiles drawn at its scale below 1: each tile
// (mirrored where placed so) shrunk once with Catmull-Rom to about twice
// the scale, and from that, bilinearly, one picture for each eighth of a
// pixel it is placed at, across and down, kept while they hold at most
// maxArtPixels.
type tileArt struct {
	s       float64
	halfway map[tileKey]*image.RGBA
	placed  map[artKey]*image.RGBA
	pixels  int // held in placed
}

// artKey is a tile at a phase: its position's fraction of a pixel, in
// eighths, across and down.
type artKey struct {
	tileKey
	fx, fy uint8
}

// artPhases is how finely tileArt places a tile: an eighth of a pixel.
const artPhases = 8

// maxArtPixels bounds the pixels tileArt keeps of its placed pictures:
// our own choice, 16 MB.
const maxArtPixels = 4 << 20

func newTileArt(s float64) *tileArt {
	return &tileArt{s: s, halfway: map[tileKey]*image.RGBA{}, placed: map[artKey]*image.RGBA{}}
}

// place returns the picture of tile k (the part r of src) whose top-left
// corner lies at (x, y) of the picture, and the pixel to draw it at.
func (a *tileArt) place(k tileKey, src image.Image, r image.Rectangle, x, y float64) (*image.RGBA, image.Point) {
	ix, iy := math.Floor(x), math.Floor(y)
	fx, fy := int(math.Round((x-ix)*artPhases)), int(math.Round((y-iy)*artPhases))
	if fx == artPhases {
		ix, fx = ix+1, 0
	}
	if fy == artPhases {
		iy, fy = iy+1, 0
	}
	at := image.Pt(int(ix), int(iy))
	key := artKey{k, uint8(fx), uint8(fy)}
	if v := a.placed[key]; v != nil {
		return v, at
	}
	h := a.halfway[k]
	if h == nil {
		if k.flip != 0 {
			src, r = mirrored(src, r, k.flip&maps.FlipHorizontal != 0, k.flip&maps.FlipVertical != 0), image.Rect(0, 0, r.Dx(), r.Dy())
		}
		h = shrunk(src, r, min(1, 2*a.s))
		a.halfway[k] = h
	}
	// The tile's exact size at the scale, from the halfway picture's
	// own size: its edges fall where the map's do, between its cells'.
	w, ht := a.s*float64(r.Dx()), a.s*float64(r.Dy())
	ox, oy := float64(fx)/artPhases, float64(fy)/artPhases
	v := image.NewRGBA(image.Rect(0, 0, max(1, int(math.Ceil(ox+w))), max(1, int(math.Ceil(oy+ht)))))
	hb := h.Bounds()
	kx, ky := w/float64(hb.Dx()), ht/float64(hb.Dy())
	xdraw.ApproxBiLinear.Transform(v, f64.Aff3{kx, 0, ox, 0, ky, oy}, h, hb, xdraw.Src, nil)
	if a.pixels += len(v.Pix) / 4; a.pixels > maxArtPixels {
		clear(a.placed)
		a.pixels = len(v.Pix) / 4
	}
	a.placed[key] = v
	return v, at
}

// shrunk returns the part r of src at scale s (at least a pixel a side),
// or a copy of it at scale 1.
func shrunk(src image.Image, r image.Rectangle, s float64) *image.RGBA {
	if s >= 1 {
		out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(out, out.Bounds(), src, r.Min, draw.Src)
		return out
	}
	out := image.NewRGBA(image.Rect(0, 0, max(1, int(math.Round(float64(r.Dx())*s))), max(1, int(math.Round(float64(r.Dy())*s)))))
	xdraw.CatmullRom.Scale(out, out.Bounds(), src, r, xdraw.Src, nil)
	return out
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

// drawCounter draws unit p as a square counter on its hex at scale s:
// below 1, drawn at the map's own size into a picture of its own, then
// scaled onto img.
func drawCounter(img *image.RGBA, l board.Layout, s float64, p maps.Placement, t *units.Type, stacked int) {
	if s >= 1 {
		drawFullCounter(img, l, p, t, stacked)
		return
	}
	cx, cy := l.Center(p.Hex)
	// The counter, shifted by at most 6 pixels, and its facing tick,
	// which reaches 0.7 of its side from its centre.
	reach := int(0.7*0.7*float64(min(l.TileWidth, l.TileHeight))) + 8
	box := image.Rect(int(cx)-reach, int(cy)-reach, int(cx)+reach, int(cy)+reach)
	full := image.NewRGBA(box) // transparent but for the counter
	drawFullCounter(full, l, p, t, stacked)
	dst := image.Rect(int(math.Round(float64(box.Min.X)*s)), int(math.Round(float64(box.Min.Y)*s)),
		int(math.Round(float64(box.Max.X)*s)), int(math.Round(float64(box.Max.Y)*s)))
	xdraw.CatmullRom.Scale(img, dst, full, box, xdraw.Over, nil)
}

// drawFullCounter draws unit p as a square counter on its hex, shifted
// down and right by stacked units already drawn there: a background in
// its nation's colour (white edge for allies, black for axis), a short
// name and, for vehicles and Guns, a tick toward its facing.
func drawFullCounter(img *image.RGBA, l board.Layout, p maps.Placement, t *units.Type, stacked int) {
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
// the pixels of hex h at scale s whose centres lie inside its polygon,
// scanline by scanline: a row of the convex hexagon runs between its
// edges' crossings.
func tintHex(img *image.RGBA, l board.Layout, s float64, h board.Hex, c color.RGBA) {
	corners := scaledCorners(l, s, h)
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

// ringHex outlines hex h at scale s with a line of the given width just
// inside its edges.
func ringHex(img *image.RGBA, l board.Layout, s float64, h board.Hex, c color.Color, width int) {
	corners := scaledCorners(l, s, h)
	cx, cy := l.Center(h)
	cx, cy = cx*s, cy*s
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

// scaledCorners returns the corners of hex h at scale s.
func scaledCorners(l board.Layout, s float64, h board.Hex) [6][2]float64 {
	corners := l.Corners(h)
	for i := range corners {
		corners[i][0] *= s
		corners[i][1] *= s
	}
	return corners
}
