package game

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// Overlay is a layer drawn over the map, after the terrain and before the
// bars: the selection highlight today; lines of sight, viewsheds, movement
// ranges and units later. Overlays are drawn in the order they were added.
type Overlay interface {
	Draw(screen *ebiten.Image, v *View)
}

// View is what an overlay may read about the board view during one Draw,
// with helpers that paint hexes in screen space.
type View struct {
	Board  *board.Board
	Camera Camera
	g      *Game
}

// Hovered returns the hex under the cursor, and false when there is none.
func (v *View) Hovered() (board.Hex, bool) { return v.g.Hovered() }

// Selected returns the selected hex, and false when none is.
func (v *View) Selected() (board.Hex, bool) { return v.g.Selected() }

// HexRadius is the distance in screen pixels from a hex's centre to its
// corners at the current zoom (approximately, for Tiled's irregular hexes).
func (v *View) HexRadius() float64 {
	return v.g.layer.mesh.tileH / 2 * v.Camera.Zoom
}

// FillHex paints hex h with colour c (alpha blends over what is there).
func (v *View) FillHex(dst *ebiten.Image, h board.Hex, c color.RGBA) {
	_, corners := v.hexOnScreen(h)
	v.g.batch.fan(dst, c, corners[:]...)
	v.g.batch.flush(dst)
}

// RingHex paints a band of the given screen width just inside the edge of
// hex h.
func (v *View) RingHex(dst *ebiten.Image, h board.Hex, width float64, c color.RGBA) {
	ctr, corners := v.hexOnScreen(h)
	v.g.batch.ring(dst, ctr, corners, float32(width), c)
	v.g.batch.flush(dst)
}

// LineBetween paints a band of the given screen width from the centre of
// hex a to the centre of hex b.
func (v *View) LineBetween(dst *ebiten.Image, a, b board.Hex, width float64, c color.RGBA) {
	pa, _ := v.hexOnScreen(a)
	pb, _ := v.hexOnScreen(b)
	v.g.batch.segment(dst, pa, pb, float32(width), c)
	v.g.batch.flush(dst)
}

func (v *View) hexOnScreen(h board.Hex) (point, [6]point) {
	l := v.Board.Layout
	g := hexGeom{corners: l.Corners(h)}
	g.x, g.y = l.Center(h)
	return screenHex(v.Camera, &g)
}

// selectionOverlay washes the hovered hex and rings the selected one.
type selectionOverlay struct{}

func (selectionOverlay) Draw(screen *ebiten.Image, v *View) {
	r := v.HexRadius()
	if h, ok := v.Hovered(); ok {
		v.FillHex(screen, h, colHover)
		v.RingHex(screen, h, max(1.5, r/16), colHoverRing)
	}
	if h, ok := v.Selected(); ok {
		v.RingHex(screen, h, max(3, r/6), colSelected)
	}
}
