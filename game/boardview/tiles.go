package boardview

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/ui"
	"hexfire/maps"
)

// newTerrainPainter returns the painter for a scenario's board: its tile
// layers drawn from the tileset images when it has any and every tile they
// place can be cut from its image, the palette fill otherwise.
func newTerrainPainter(sc *maps.Scenario) terrainPainter {
	if p := newTilePainter(sc); p != nil {
		return p
	}
	return &paletteFill{batch: ui.NewTriBatch()}
}

// tilePainter draws the tile layers of a map as Tiled shows them: layer by
// layer, bottom to top, each tile anchored at the bottom of its hex's tile
// cell and moved by its tileset's and layer's offsets, rotated in 60° steps
// as Tiled's hex rotation sets its flags, at the layer's opacity.
//
// What it costs scales with the screen, not the map. The world is cut into
// square chunks of chunkSide pixels at a zoom level (a power of two); each
// chunk is drawn once, all layers together, into an image of its own, and a
// frame draws the few chunk images it shows. At most chunkBudget tiles are
// drawn into new chunks per frame, so a jump to an unseen part of a large
// map fills in over a few frames (pending reports it) over the flat
// colours below. Far out, where a hex is under flatHexPixels high, the
// chunks hold every hex as one flat polygon in the colour its tiles give it
// on average.
type tilePainter struct {
	layout        board.Layout
	width, height int // board size: a layer's tile index is Col + Row×width
	layers        []maps.TileLayer
	sets          []tileSheet
	reach         float64 // how far a tile can reach from its cell: size and tileset offset
	colPitch      float64 // world pixels from one column, and one row, to the next
	rowPitch      float64
	flat          []color.RGBA // per hex (Col + Row×width), the mean colour of its tiles
	batch         *ui.TriBatch
	// sources are the distinct images the tiles are cut from, textures
	// their Ebiten images, each uploaded when a tile of it is first drawn.
	sources  []image.Image
	textures []*ebiten.Image

	chunks     map[chunkKey]*chunk
	frame      int  // counts paints, for evicting the chunks used longest ago
	incomplete bool // the last paint left chunks to build
}

// tileSheet is one tileset: where each tile its layers place lies in the
// painter's sources, with its tileset's offset.
type tileSheet struct {
	tiles            map[uint32]*sheetTile
	offsetX, offsetY float64
}

// sheetTile is one tile of a tileset: the rectangle r of source image
// src, and once drawn the sub-image of its texture.
type sheetTile struct {
	src int
	r   image.Rectangle
	img *ebiten.Image
}

// The chunk cache's limits, our own choice: chunks of 256² pixels (a
// quarter of a megabyte each), at most maxChunks of them (48 MB, more
// than four full 1920×1080 screens at the coarsest level), at most
// chunkBudget tiles drawn into new chunks per frame (a 1920×1080 screen of
// 16 layers at zoom 1 in one frame),
// and flat hexes below flatHexPixels, where a tile's detail is a few
// pixels anyway.
const (
	chunkSide     = 256
	maxChunks     = 192
	chunkBudget   = 8_000
	flatHexPixels = 10
	// The chunk zoom levels: 2^minChunkLevel to 2^maxChunkLevel; a frame
	// at zoom z uses the smallest level ≥ z, drawn scaled by at most ½.
	minChunkLevel = -6
	maxChunkLevel = 3
)

type chunkKey struct {
	level, cx, cy int
	flat          bool // hexes in their flat colours rather than tiles
}

type chunk struct {
	img   *ebiten.Image // the chunk and a border of one pixel
	inner *ebiten.Image // the chunk
	used  int           // the frame that last drew it
}

// newTilePainter finds in the tilesets of sc every tile its layers place
// and its mean colour. It returns nil when sc has no tile layers, or places
// a tile that lies outside its tileset's image or is mirrored rather than
// rotated. No image is uploaded yet: zoomed out, the board is drawn in the
// tiles' flat colours, and a map that opens fitted on a large board never
// needs a texture of its tilesets.
func newTilePainter(sc *maps.Scenario) *tilePainter {
	tl := sc.Tiles
	if tl == nil || len(tl.Layers) == 0 {
		return nil
	}
	l := sc.Board.Layout
	p := &tilePainter{layout: l, width: sc.Board.Width, height: sc.Board.Height, layers: tl.Layers,
		sets: make([]tileSheet, len(tl.Tilesets)), batch: ui.NewTriBatch(), chunks: map[chunkKey]*chunk{}}
	x0, y0 := l.TileOrigin(l.ToHex(board.Offset{}))
	x1, _ := l.TileOrigin(l.ToHex(board.Offset{Col: 1}))
	_, y1 := l.TileOrigin(l.ToHex(board.Offset{Row: 1}))
	p.colPitch, p.rowPitch = float64(max(1, x1-x0)), float64(max(1, y1-y0))
	sources := map[image.Image]int{}
	source := func(img image.Image) int {
		i, ok := sources[img]
		if !ok {
			i = len(p.sources)
			p.sources = append(p.sources, img)
			sources[img] = i
		}
		return i
	}
	means := make([]map[uint32]color.RGBA64, len(tl.Tilesets))
	for i := range tl.Tilesets {
		ts := &tl.Tilesets[i]
		p.sets[i] = tileSheet{tiles: map[uint32]*sheetTile{}, offsetX: float64(ts.OffsetX), offsetY: float64(ts.OffsetY)}
		means[i] = map[uint32]color.RGBA64{}
	}
	for _, layer := range tl.Layers {
		for _, t := range layer.Tiles {
			if t.Set == 0 || int(t.Set) > len(tl.Tilesets) {
				continue
			}
			if _, ok := t.Flip.Rotation(); !ok {
				return nil
			}
			sheet := &p.sets[t.Set-1]
			if _, ok := sheet.tiles[t.ID]; ok {
				continue
			}
			img, r, ok := tl.Tilesets[t.Set-1].Source(t.ID)
			if !ok {
				return nil
			}
			sheet.tiles[t.ID] = &sheetTile{src: source(img), r: r.Sub(img.Bounds().Min)}
			means[t.Set-1][t.ID] = meanColour(img, r)
			p.reach = max(p.reach, float64(max(r.Dx(), r.Dy()))+math.Abs(sheet.offsetX)+math.Abs(sheet.offsetY))
		}
	}
	p.flat = flatColours(tl.Layers, means, sc.Board.Width*sc.Board.Height)
	p.textures = make([]*ebiten.Image, len(p.sources))
	return p
}

// tileImage returns the sub-image of tile t's texture, uploading its
// source image on first use.
func (p *tilePainter) tileImage(t *sheetTile) *ebiten.Image {
	if t.img == nil {
		tex := p.textures[t.src]
		if tex == nil {
			tex = uploadImage(p.sources[t.src])
			p.textures[t.src] = tex
		}
		t.img = tex.SubImage(t.r).(*ebiten.Image)
	}
	return t.img
}

// uploadBand is the most bytes of premultiplied pixels uploadImage
// converts and hands Ebiten at once: our own choice, a few rows of the
// widest sheet.
const uploadBand = 256 << 10

// uploadImage returns img as an Ebiten image, written band by band: each
// band of rows converted to premultiplied RGBA in one small buffer and
// handed to WritePixels. ebiten.NewImageFromImage converts the whole image
// into a copy of its own, and Ebiten keeps the buffer it copies written
// pixels into for reuse, so a 32 MiB sheet stayed in memory three times
// over (the scenario's decoded image, Ebiten's buffer, the texture); a
// band's buffer is at most uploadBand bytes. A sheet larger than any one
// tile gets a texture of its own: in Ebiten's shared atlas an 8192² sheet
// grew the atlas to 16384², a gigabyte.
func uploadImage(img image.Image) *ebiten.Image {
	b := img.Bounds()
	big := b.Dx() > maps.MaxTileSize || b.Dy() > maps.MaxTileSize
	e := ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: big})
	rows := max(1, min(b.Dy(), uploadBand/(4*max(1, b.Dx()))))
	band := image.NewRGBA(image.Rect(0, 0, b.Dx(), rows))
	for y := 0; y < b.Dy(); y += rows {
		n := min(rows, b.Dy()-y)
		part := band.SubImage(image.Rect(0, 0, b.Dx(), n)).(*image.RGBA)
		draw.Draw(part, part.Bounds(), img, image.Pt(b.Min.X, b.Min.Y+y), draw.Src)
		e.SubImage(image.Rect(0, y, b.Dx(), y+n)).(*ebiten.Image).WritePixels(part.Pix[:4*b.Dx()*n])
	}
	return e
}

// meanColour is the average premultiplied colour of the middle half of r
// in img (the part of a hex tile inside the hex), from at most 16×16
// samples.
func meanColour(img image.Image, r image.Rectangle) color.RGBA64 {
	in := image.Rect(r.Min.X+r.Dx()/4, r.Min.Y+r.Dy()/4, r.Max.X-r.Dx()/4, r.Max.Y-r.Dy()/4)
	if in.Empty() {
		in = r
	}
	stepX, stepY := max(1, in.Dx()/16), max(1, in.Dy()/16)
	var sr, sg, sb, sa, n uint64
	for y := in.Min.Y; y < in.Max.Y; y += stepY {
		for x := in.Min.X; x < in.Max.X; x += stepX {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			sr, sg, sb, sa, n = sr+uint64(cr), sg+uint64(cg), sb+uint64(cb), sa+uint64(ca), n+1
		}
	}
	if n == 0 {
		return color.RGBA64{}
	}
	return color.RGBA64{uint16(sr / n), uint16(sg / n), uint16(sb / n), uint16(sa / n)}
}

// flatColours composes, for each of n hexes, the mean colours of the tiles
// its visible layers place, bottom to top at each layer's opacity.
func flatColours(layers []maps.TileLayer, means []map[uint32]color.RGBA64, n int) []color.RGBA {
	acc := make([][4]float32, n) // premultiplied, 0..1
	for _, l := range layers {
		if !l.Visible || l.Opacity <= 0 {
			continue
		}
		op := float32(min(1, l.Opacity))
		for i, t := range l.Tiles[:min(n, len(l.Tiles))] {
			if t.Set == 0 {
				continue
			}
			m := means[t.Set-1][t.ID]
			a := float32(m.A) / 0xffff * op
			c := &acc[i]
			c[0] = float32(m.R)/0xffff*op + c[0]*(1-a)
			c[1] = float32(m.G)/0xffff*op + c[1]*(1-a)
			c[2] = float32(m.B)/0xffff*op + c[2]*(1-a)
			c[3] = a + c[3]*(1-a)
		}
	}
	out := make([]color.RGBA, n)
	for i, c := range acc {
		if c[3] <= 0 {
			continue
		}
		out[i] = color.RGBA{uint8(min(1, c[0]/c[3])*255 + 0.5), uint8(min(1, c[1]/c[3])*255 + 0.5), uint8(min(1, c[2]/c[3])*255 + 0.5), uint8(c[3]*255 + 0.5)}
	}
	return out
}

// chunkLevel returns the chunk zoom level for a camera zoom.
func chunkLevel(zoom float64) int {
	return min(maxChunkLevel, max(minChunkLevel, int(math.Ceil(math.Log2(zoom)))))
}

// pending reports whether the last paint left part of the view in flat
// colours, to be drawn again next frame.
func (p *tilePainter) pending() bool { return p.incomplete }

func (p *tilePainter) paint(dst *ebiten.Image, m *boardMesh, _ []int, cam Camera) {
	p.frame++
	p.incomplete = false
	flat := m.tileH*cam.Zoom < flatHexPixels
	level := chunkLevel(cam.Zoom)
	s := math.Ldexp(1, level)
	side := chunkSide / s // world pixels
	b := dst.Bounds()
	x0, y0 := cam.ScreenToWorld(float64(b.Min.X), float64(b.Min.Y))
	x1, y1 := cam.ScreenToWorld(float64(b.Max.X), float64(b.Max.Y))
	// Only the board's area has chunks.
	x0, y0 = max(x0, -p.reach), max(y0, -p.reach)
	x1, y1 = min(x1, m.worldW+p.reach), min(y1, m.worldH+p.reach)
	cx0, cy0 := int(math.Floor(x0/side)), int(math.Floor(y0/side))
	cx1, cy1 := int(math.Floor(x1/side)), int(math.Floor(y1/side))
	budget := chunkBudget
	var missing []image.Rectangle // the screen areas of chunks not built yet
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			k := chunkKey{level, cx, cy, flat}
			c := p.chunks[k]
			if c == nil {
				if budget <= 0 {
					sx0, sy0 := cam.WorldToScreen(float64(cx)*side, float64(cy)*side)
					sx1, sy1 := cam.WorldToScreen(float64(cx+1)*side, float64(cy+1)*side)
					r := image.Rect(int(math.Floor(sx0)), int(math.Floor(sy0)), int(math.Ceil(sx1)), int(math.Ceil(sy1)))
					missing = append(missing, r.Intersect(b))
					continue
				}
				// A texture of its own: drawn into and then drawn from,
				// a chunk kept in Ebiten's shared atlas grew the atlas
				// by some 240 MB on the default map. It has a border of
				// one pixel drawn like the rest, so that filtering at its
				// edges blends in its neighbour's pixels, not a seam.
				img := ebiten.NewImageWithOptions(image.Rect(0, 0, chunkSide+2, chunkSide+2), &ebiten.NewImageOptions{Unmanaged: true})
				c = &chunk{img: img, inner: img.SubImage(image.Rect(1, 1, chunkSide+1, chunkSide+1)).(*ebiten.Image)}
				chunkCam := Camera{X: float64(cx)*side - 1/s, Y: float64(cy)*side - 1/s, Zoom: s}
				if flat {
					budget -= p.drawFlat(c.img, m, chunkCam)
				} else {
					budget -= p.drawTiles(c.img, chunkCam)
				}
				p.chunks[k] = c
			}
			c.used = p.frame
			op.GeoM.Reset()
			op.GeoM.Scale(cam.Zoom/s, cam.Zoom/s)
			sx, sy := cam.WorldToScreen(float64(cx)*side, float64(cy)*side)
			op.GeoM.Translate(sx, sy)
			dst.DrawImage(c.inner, &op)
		}
	}
	// Flat colours where chunks are missing, until a later frame builds
	// them.
	for _, r := range missing {
		if !r.Empty() {
			p.drawFlat(dst.SubImage(r).(*ebiten.Image), m, cam)
		}
	}
	p.incomplete = len(missing) > 0
	p.evict()
}

// evict drops the chunks drawn longest ago while there are more than
// maxChunks, never one of the current frame.
func (p *tilePainter) evict() {
	for len(p.chunks) > maxChunks {
		var oldest chunkKey
		first := true
		for k, c := range p.chunks {
			if first || c.used < p.chunks[oldest].used {
				oldest, first = k, false
			}
		}
		if p.chunks[oldest].used == p.frame {
			return
		}
		p.chunks[oldest].img.Deallocate()
		delete(p.chunks, oldest)
	}
}

// drawFlat draws the hexes that reach dst as the camera shows it, each as
// a polygon in its flat colour, and returns how many it drew.
func (p *tilePainter) drawFlat(dst *ebiten.Image, m *boardMesh, cam Camera) int {
	b := dst.Bounds()
	wx0, wy0 := cam.ScreenToWorld(float64(b.Min.X), float64(b.Min.Y))
	wx1, wy1 := cam.ScreenToWorld(float64(b.Max.X), float64(b.Max.Y))
	c0 := max(0, int(math.Floor(wx0/p.colPitch))-1)
	c1 := min(p.width-1, int(math.Ceil(wx1/p.colPitch))+1)
	r0 := max(0, int(math.Floor(wy0/p.rowPitch))-1)
	r1 := min(p.height-1, int(math.Ceil(wy1/p.rowPitch))+1)
	n := 0
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			c := p.flat[col+row*p.width]
			if c.A == 0 {
				continue
			}
			g := &m.hexes[m.index[p.layout.ToHex(board.Offset{Col: col, Row: row})]]
			_, corners := screenHex(cam, g)
			p.batch.Fan(dst, c, corners[0], corners[1], corners[2], corners[3], corners[4], corners[5])
			n++
		}
	}
	p.batch.Flush(dst)
	return n
}

// drawTiles draws, layer by layer, every tile that reaches dst as the
// camera shows it, and returns how many it drew.
func (p *tilePainter) drawTiles(dst *ebiten.Image, cam Camera) int {
	b := dst.Bounds()
	wx0, wy0 := cam.ScreenToWorld(float64(b.Min.X), float64(b.Min.Y))
	wx1, wy1 := cam.ScreenToWorld(float64(b.Max.X), float64(b.Max.Y))
	n := 0
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	for _, l := range p.layers {
		if !l.Visible || l.Opacity <= 0 {
			continue
		}
		// The cells whose tiles can reach the rectangle, the layer's
		// offset taken off.
		c0 := max(0, int(math.Floor((wx0-l.OffsetX-p.reach)/p.colPitch))-1)
		c1 := min(p.width-1, int(math.Ceil((wx1-l.OffsetX+p.reach)/p.colPitch))+1)
		r0 := max(0, int(math.Floor((wy0-l.OffsetY-p.reach)/p.rowPitch))-1)
		r1 := min(p.height-1, int(math.Ceil((wy1-l.OffsetY+p.reach)/p.rowPitch))+1)
		for row := r0; row <= r1; row++ {
			for col := c0; col <= c1; col++ {
				t := l.Tiles[col+row*p.width]
				if t.Set == 0 {
					continue
				}
				sheet := &p.sets[t.Set-1]
				st := sheet.tiles[t.ID]
				if st == nil {
					continue
				}
				img := p.tileImage(st)
				h := p.layout.ToHex(board.Offset{Col: col, Row: row})
				ib := img.Bounds()
				w, ht := float64(ib.Dx()), float64(ib.Dy())
				ox, oy := p.layout.TileOrigin(h)
				x := float64(ox) + sheet.offsetX + l.OffsetX
				y := float64(oy) + float64(p.layout.TileHeight) - ht + sheet.offsetY + l.OffsetY
				// A rotated tile stays within the circle round its centre.
				r := math.Hypot(w, ht) / 2
				if cxw, cyw := x+w/2, y+ht/2; cxw+r < wx0 || cxw-r > wx1 || cyw+r < wy0 || cyw-r > wy1 {
					continue
				}
				op.GeoM.Reset()
				if sixths, _ := t.Flip.Rotation(); sixths != 0 {
					op.GeoM.Translate(-w/2, -ht/2)
					op.GeoM.Rotate(float64(sixths) * math.Pi / 3) // clockwise: y points down
					op.GeoM.Translate(w/2, ht/2)
				}
				op.GeoM.Translate(x-cam.X, y-cam.Y)
				op.GeoM.Scale(cam.Zoom, cam.Zoom)
				op.ColorScale.Reset()
				op.ColorScale.ScaleAlpha(float32(l.Opacity))
				dst.DrawImage(img, &op)
				n++
			}
		}
	}
	return n
}

// overviewRaster returns the board at zoom z in an image of w×h pixels,
// each hex filled with its flat colour, or nil when a hex at z is tall
// enough for its tiles to show (paint draws those).
func (p *tilePainter) overviewRaster(m *boardMesh, z float64, w, h int) *image.RGBA {
	if m.tileH*z >= flatHexPixels {
		return nil
	}
	return rasterHexes(m, z, w, h, func(g *hexGeom) color.RGBA {
		o := p.layout.ToOffset(g.hex)
		return p.flat[o.Col+o.Row*p.width]
	})
}

// rasterHexes returns the board at zoom z in an image of w×h pixels, each
// hex filled with colour(g) (not premultiplied). It is filled on the CPU,
// hex by hex, so it costs the image's pixels and not one polygon per hex
// of the map.
func rasterHexes(m *boardMesh, z float64, w, h int, colour func(g *hexGeom) color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range m.hexes {
		g := &m.hexes[i]
		c := colour(g)
		if c.A == 0 {
			continue
		}
		a := uint32(c.A)
		px := [4]uint8{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
		var pts [6][2]float64
		for k, corner := range g.corners {
			pts[k] = [2]float64{corner[0] * z, corner[1] * z}
		}
		x0, y0 := max(0, int(math.Floor(g.box[0]*z))), max(0, int(math.Floor(g.box[1]*z)))
		x1, y1 := min(w-1, int(math.Ceil(g.box[2]*z))), min(h-1, int(math.Ceil(g.box[3]*z)))
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if inConvex(pts, float64(x)+0.5, float64(y)+0.5) {
					copy(img.Pix[img.PixOffset(x, y):], px[:])
				}
			}
		}
	}
	return img
}

// inConvex reports whether (x, y) lies inside or on the convex polygon
// pts, whichever way round its corners go.
func inConvex(pts [6][2]float64, x, y float64) bool {
	var pos, neg bool
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		cross := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		pos, neg = pos || cross > 0, neg || cross < 0
	}
	return !(pos && neg)
}
