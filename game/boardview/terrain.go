package boardview

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/ui"
	"hexfire/maps"
)

// Terrain is the board as drawn from the camera: terrain, outlines,
// hexside features and labels, cached in an offscreen image the size of the
// screen and redrawn only when the camera, the screen size or the label
// switch changes.
//
// Zoomed far out, a large board has too many hexes to redraw at every step
// of a pan, so below overviewZoom the whole board is drawn once into the
// overview image at that zoom, and each frame only scales that image.
type Terrain struct {
	mesh    *boardMesh
	painter terrainPainter
	batch   *ui.TriBatch
	fonts   *ui.Fonts

	img     *ebiten.Image
	drawn   bool
	cam     Camera
	labels  bool // the labels switch of the last Draw, which Counters.Draw follows
	visible []int

	overview        *ebiten.Image
	overviewZoom    float64
	overviewPending bool // the overview image still lacks part of the board
}

// NewTerrain returns the terrain of sc's board, painted from the tiles of
// its map where every tile they place can be cut from its tilesets' images
// and in flat colours otherwise, its labels in fonts; it queues its
// outlines and hexside bands in batch.
func NewTerrain(sc *maps.Scenario, fonts *ui.Fonts, batch *ui.TriBatch) *Terrain {
	mesh := newBoardMesh(sc.Board)
	return &Terrain{mesh: mesh, painter: newTerrainPainter(sc), batch: batch, fonts: fonts, overviewZoom: overviewZoomFor(mesh)}
}

// WorldSize returns the size of the board in world pixels.
func (l *Terrain) WorldSize() (w, h float64) { return l.mesh.worldW, l.mesh.worldH }

// HexHeight returns the height of a hex's tile in world pixels (the
// smaller of the tile's sides): the unit the counters and the bands are
// sized in.
func (l *Terrain) HexHeight() float64 { return l.mesh.tileH }

// SideCorners returns the indices, in board.Layout.Corners order, of the
// two corners that bound hexside d of every hex of the board.
func (l *Terrain) SideCorners(d board.Direction) [2]int { return l.mesh.edge[d] }

// EdgeMid returns the world midpoint of hexside d of hex h.
func (l *Terrain) EdgeMid(h board.Hex, d board.Direction) (x, y float64) {
	return sideMid(l.mesh.board.Layout.Corners(h), l.mesh.edge[d])
}

// Overview limits (our own choice): the overview image is drawn at most
// at maxOverviewZoom, and its longer side is at most maxOverviewSide pixels
// (16 MB of texture at most).
const (
	maxOverviewZoom = 0.5
	maxOverviewSide = 2048
)

// overviewZoomFor returns the zoom of the overview image of m's world. It
// is below the zoom where a hex is flatHexPixels tall, so that the
// overview is the hexes' flat colours filled on the CPU (overviewRaster of
// tilePainter and paletteFill), as the tile painter would draw them at
// that size anyway. At a zoom where its tiles show, a board of 200×200
// hexes had its overview drawn from some 110 chunks and outlined hex by
// hex, 40,000 hexes of triangles queued for the GPU: 650 MB.
func overviewZoomFor(m *boardMesh) float64 {
	flat := math.Nextafter(flatHexPixels/max(m.tileH, 1), 0)
	return min(maxOverviewZoom, flat, maxOverviewSide/max(m.worldW, m.worldH, 1))
}

// Label sizes: labels are drawn only when a hex is at least minLabelHex
// screen pixels tall, in a font scaled with the zoom between these sizes.
const (
	minLabelHex  = 34
	minLabelSize = 9
	maxLabelSize = 15
)

// Draw brings the cached picture up to date and draws it onto screen.
func (l *Terrain) Draw(screen *ebiten.Image, cam Camera, labels bool) {
	b := screen.Bounds()
	if l.img == nil || l.img.Bounds() != b {
		if l.img != nil {
			l.img.Deallocate()
		}
		l.img = ui.NewScreenImage(b.Dx(), b.Dy())
		l.drawn = false
	}
	if !l.drawn || l.cam != cam || l.labels != labels {
		l.drawn, l.cam, l.labels = true, cam, labels
		l.img.Fill(BackgroundColour)
		if cam.Zoom < l.overviewZoom {
			l.drawOverview(l.img, cam)
		} else {
			l.render(l.img, cam, labels)
		}
		// A painter that builds its images over several frames asks to be
		// drawn again until it is done.
		l.drawn = !l.Pending()
	}
	screen.DrawImage(l.img, nil)
}

// Pending reports whether the last Draw left part of the board for a
// later frame: the caller must draw the terrain again even if nothing
// changed.
func (l *Terrain) Pending() bool {
	p, ok := l.painter.(interface{ pending() bool })
	return ok && p.pending()
}

// drawOverview draws the board scaled from the overview image, making that
// image on first use (and again while the painter reports it incomplete).
func (l *Terrain) drawOverview(dst *ebiten.Image, cam Camera) {
	if l.overview == nil || l.overviewPending {
		z := l.overviewZoom
		w, h := int(l.mesh.worldW*z)+1, int(l.mesh.worldH*z)+1
		// Where the painter can fill the overview on the CPU, it costs
		// the overview's pixels, not a polygon per hex.
		if rp, ok := l.painter.(overviewRasterer); ok {
			if img := rp.overviewRaster(l.mesh, z, w, h); img != nil {
				l.overview = ebiten.NewImageFromImageWithOptions(img, &ebiten.NewImageFromImageOptions{Unmanaged: true})
			}
		}
		if l.overview == nil || l.overviewPending {
			if l.overview == nil {
				l.overview = ui.NewScreenImage(w, h)
			}
			l.overview.Clear()
			l.render(l.overview, Camera{Zoom: z}, false)
			l.overviewPending = l.Pending()
		}
	}
	var op ebiten.DrawImageOptions
	k := cam.Zoom / l.overviewZoom
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(-cam.X*cam.Zoom, -cam.Y*cam.Zoom)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(l.overview, &op)
}

// overviewRasterer is a painter that can fill the overview image on the
// CPU: overviewRaster returns the board at zoom z in w×h pixels, or nil
// where the painter must draw it.
type overviewRasterer interface {
	overviewRaster(m *boardMesh, z float64, w, h int) *image.RGBA
}

// render draws the hexes that the camera shows within dst's bounds.
func (l *Terrain) render(dst *ebiten.Image, cam Camera, labels bool) {
	b := dst.Bounds()
	x0, y0 := cam.ScreenToWorld(float64(b.Min.X), float64(b.Min.Y))
	x1, y1 := cam.ScreenToWorld(float64(b.Max.X), float64(b.Max.Y))
	l.visible = l.mesh.visible(l.visible[:0], x0, y0, x1, y1)

	l.painter.paint(dst, l.mesh, l.visible, cam)

	hexPx := l.mesh.tileH * cam.Zoom
	// Tiles far out are flat colours (tiles.go): outlines on hexes that
	// small would be all there is to see, and a line per hexside to draw.
	minOutlineHex := 6.0
	if _, tiles := l.painter.(*tilePainter); tiles {
		minOutlineHex = flatHexPixels
	}
	if hexPx >= minOutlineHex {
		w := float32(max(1, hexPx/48))
		for _, i := range l.visible {
			g := &l.mesh.hexes[i]
			_, corners := screenHex(cam, g)
			for d := range board.Direction(6) {
				if g.outline&(1<<d) != 0 {
					e := l.mesh.edge[d]
					l.batch.Segment(dst, corners[e[0]], corners[e[1]], w, colOutline)
				}
			}
		}
	}
	// The tileset has its own hexside tiles: the bands are drawn only
	// over the palette fill.
	if _, palette := l.painter.(*paletteFill); palette {
		l.drawHexsides(dst, cam)
	}
	l.batch.Flush(dst)

	if labelsShown(labels, hexPx) {
		l.drawLabels(dst, cam, hexPx)
	}
}

// labelsShown reports whether the labels are drawn on hexes hexPx screen
// pixels tall with the labels switch at labels: on the terrain and, over
// the counters, on the hexes they cover (Counters.Draw).
func labelsShown(labels bool, hexPx float64) bool { return labels && hexPx >= minLabelHex }

// labelSize is the size of the labels' type on hexes hexPx screen pixels
// tall.
func labelSize(hexPx float64) float64 { return min(maxLabelSize, max(minLabelSize, hexPx/5)) }

// labelFace is the face of the labels on hexes hexPx screen pixels tall.
func labelFace(f *ui.Fonts, hexPx float64) ui.Face { return f.Face(labelSize(hexPx), false) }

// drawHexsides queues the bands of the walls, hedges and hedgerows that
// lie within dst's bounds.
func (l *Terrain) drawHexsides(dst *ebiten.Image, cam Camera) {
	b := dst.Bounds()
	sideW := float32(max(2, l.mesh.tileH*0.12*cam.Zoom))
	for _, s := range l.mesh.sides {
		ax, ay := cam.WorldToScreen(s.a[0], s.a[1])
		bx, by := cam.WorldToScreen(s.b[0], s.b[1])
		if max(ax, bx) < float64(b.Min.X) || min(ax, bx) > float64(b.Max.X) || max(ay, by) < float64(b.Min.Y) || min(ay, by) > float64(b.Max.Y) {
			continue
		}
		col, w := WallColour, sideW
		switch s.feature {
		case board.Hedge:
			col = colHedge
		case board.Hedgerow:
			col, w = colHedgerow, sideW*1.5
		}
		l.batch.Segment(dst, ui.Pt(float32(ax), float32(ay)), ui.Pt(float32(bx), float32(by)), w, col)
	}
}

// drawLabels writes each visible hex's label near the top of the hex.
func (l *Terrain) drawLabels(dst *ebiten.Image, cam Camera, hexPx float64) {
	face := labelFace(l.fonts, hexPx)
	for _, i := range l.visible {
		g := &l.mesh.hexes[i]
		x, y := cam.WorldToScreen(g.x, g.y)
		ui.DrawText(dst, g.label, face, x, y-hexPx*0.34, ui.AlignCenter, colLabel)
	}
}

// HexAt returns the on-board hex under the screen point p, and false
// where p lies off the board.
func (l *Terrain) HexAt(cam Camera, p image.Point) (board.Hex, bool) {
	wx, wy := cam.ScreenToWorld(float64(p.X), float64(p.Y))
	h := l.mesh.board.Layout.HexAt(wx, wy)
	return h, l.mesh.board.Contains(h)
}
