package boardview

import (
	"image"
	"math"
)

// The zoom limits, in screen pixels per world pixel. Our own choice: at
// MinZoom a 500-column board still fits a large monitor, and at MaxZoom a
// hex fills a laptop screen.
const (
	MinZoom = 0.02
	MaxZoom = 6.0
)

// Camera maps world pixels (the board's Tiled pixel space, board.Layout) to
// screen pixels: screen = (world - (X, Y)) × Zoom. (X, Y) is the world point
// at the screen's top-left corner. Camera is pure math, with no ebiten.
type Camera struct {
	X, Y float64
	Zoom float64
}

// WorldToScreen returns the screen position of the world point (wx, wy).
func (c Camera) WorldToScreen(wx, wy float64) (sx, sy float64) {
	return (wx - c.X) * c.Zoom, (wy - c.Y) * c.Zoom
}

// ScreenToWorld returns the world point under the screen position (sx, sy).
func (c Camera) ScreenToWorld(sx, sy float64) (wx, wy float64) {
	return sx/c.Zoom + c.X, sy/c.Zoom + c.Y
}

// ZoomAt multiplies the zoom by factor, clamped to [MinZoom, MaxZoom],
// keeping the world point under the screen position (sx, sy) where it is.
func (c *Camera) ZoomAt(sx, sy, factor float64) {
	wx, wy := c.ScreenToWorld(sx, sy)
	c.Zoom = clampZoom(c.Zoom * factor)
	c.X = wx - sx/c.Zoom
	c.Y = wy - sy/c.Zoom
}

// Pan moves the view so that the picture slides by (dx, dy) screen pixels:
// a drag to the right moves the map to the right.
func (c *Camera) Pan(dx, dy float64) {
	c.X -= dx / c.Zoom
	c.Y -= dy / c.Zoom
}

// Keep stops the view from losing a world of worldW×worldH pixels: after
// it, the centre of the viewport lies over the world rectangle.
func (c *Camera) Keep(worldW, worldH float64, view image.Rectangle) {
	cx, cy := c.ScreenToWorld(float64(view.Min.X+view.Max.X)/2, float64(view.Min.Y+view.Max.Y)/2)
	nx, ny := math.Max(0, math.Min(cx, worldW)), math.Max(0, math.Min(cy, worldH))
	c.X += nx - cx
	c.Y += ny - cy
}

// FitCamera returns the camera that shows the whole world of worldW×worldH
// pixels centred in the viewport, margin screen pixels from its edges.
func FitCamera(worldW, worldH float64, view image.Rectangle, margin float64) Camera {
	vw := math.Max(1, float64(view.Dx())-2*margin)
	vh := math.Max(1, float64(view.Dy())-2*margin)
	zoom := 1.0
	if worldW > 0 && worldH > 0 {
		zoom = clampZoom(math.Min(vw/worldW, vh/worldH))
	}
	cx := float64(view.Min.X+view.Max.X) / 2
	cy := float64(view.Min.Y+view.Max.Y) / 2
	return Camera{X: worldW/2 - cx/zoom, Y: worldH/2 - cy/zoom, Zoom: zoom}
}

func clampZoom(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return math.Max(MinZoom, math.Min(MaxZoom, z))
}
