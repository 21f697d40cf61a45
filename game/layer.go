package game

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// terrainLayer is the board as drawn from the camera: terrain, outlines,
// hexside features and labels, cached in an offscreen image the size of the
// screen and redrawn only when the camera, the screen size, the board or
// the label switch changes.
type terrainLayer struct {
	mesh    *boardMesh
	painter terrainPainter
	batch   *triBatch
	fonts   *fonts

	img     *ebiten.Image
	drawn   bool
	cam     Camera
	labels  bool
	visible []int
}

// Label sizes: labels are drawn only when a hex is at least minLabelHex
// screen pixels tall, in a font scaled with the zoom between these sizes.
const (
	minLabelHex  = 34
	minLabelSize = 9
	maxLabelSize = 15
)

// invalidate forces a redraw on the next draw.
func (l *terrainLayer) invalidate() { l.drawn = false }

// draw brings the cached layer up to date and draws it onto screen.
func (l *terrainLayer) draw(screen *ebiten.Image, cam Camera, labels bool) {
	b := screen.Bounds()
	if l.img == nil || l.img.Bounds() != b {
		if l.img != nil {
			l.img.Deallocate()
		}
		l.img = ebiten.NewImage(b.Dx(), b.Dy())
		l.drawn = false
	}
	if !l.drawn || l.cam != cam || l.labels != labels {
		l.redraw(cam, labels)
	}
	screen.DrawImage(l.img, nil)
}

func (l *terrainLayer) redraw(cam Camera, labels bool) {
	l.drawn, l.cam, l.labels = true, cam, labels
	dst := l.img
	dst.Fill(colBackground)
	b := dst.Bounds()
	x0, y0 := cam.ScreenToWorld(float64(b.Min.X), float64(b.Min.Y))
	x1, y1 := cam.ScreenToWorld(float64(b.Max.X), float64(b.Max.Y))
	l.visible = l.mesh.visible(l.visible[:0], x0, y0, x1, y1)

	l.painter.paint(dst, l.mesh, l.visible, cam)

	hexPx := l.mesh.tileH * cam.Zoom
	if hexPx >= 6 {
		w := float32(max(1, hexPx/48))
		for _, i := range l.visible {
			g := &l.mesh.hexes[i]
			_, corners := screenHex(cam, g)
			for d := range board.Direction(6) {
				if g.outline&(1<<d) != 0 {
					e := l.mesh.edge[d]
					l.batch.segment(dst, corners[e[0]], corners[e[1]], w, colOutline)
				}
			}
		}
	}
	sideW := float32(max(2, l.mesh.tileH*0.12*cam.Zoom))
	for _, s := range l.mesh.sides {
		ax, ay := cam.WorldToScreen(s.a[0], s.a[1])
		bx, by := cam.WorldToScreen(s.b[0], s.b[1])
		if max(ax, bx) < float64(b.Min.X) || min(ax, bx) > float64(b.Max.X) || max(ay, by) < float64(b.Min.Y) || min(ay, by) > float64(b.Max.Y) {
			continue
		}
		col, w := colWall, sideW
		switch s.feature {
		case board.Hedge:
			col = colHedge
		case board.Hedgerow:
			col, w = colHedgerow, sideW*1.5
		}
		l.batch.segment(dst, point{float32(ax), float32(ay)}, point{float32(bx), float32(by)}, w, col)
	}
	l.batch.flush(dst)

	if labels && hexPx >= minLabelHex {
		l.drawLabels(dst, cam, hexPx)
	}
}

func (l *terrainLayer) drawLabels(dst *ebiten.Image, cam Camera, hexPx float64) {
	face := l.fonts.face(min(maxLabelSize, max(minLabelSize, hexPx/5)), false)
	for _, i := range l.visible {
		g := &l.mesh.hexes[i]
		x, y := cam.WorldToScreen(g.x, g.y)
		drawText(dst, g.label, face, x, y-hexPx*0.34, alignCenter, colLabel)
	}
}

// hexAt returns the on-board hex under the screen point p.
func (l *terrainLayer) hexAt(cam Camera, p image.Point) (board.Hex, bool) {
	wx, wy := cam.ScreenToWorld(float64(p.X), float64(p.Y))
	h := l.mesh.board.Layout.HexAt(wx, wy)
	return h, l.mesh.board.Contains(h)
}
