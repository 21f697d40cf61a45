package boardview

import (
	"image"
	"math"
	"testing"
)

const eps = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) < eps*math.Max(1, math.Abs(a)+math.Abs(b)) }

func TestCameraRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		cam    Camera
		wx, wy float64
	}{
		{"identity", Camera{Zoom: 1}, 10, 20},
		{"offset", Camera{X: -100, Y: 50, Zoom: 1}, 0, 0},
		{"zoomed in", Camera{X: 13.5, Y: -7.25, Zoom: 3.5}, 400.25, 123.75},
		{"zoomed out", Camera{X: 1000, Y: 2000, Zoom: 0.05}, -3000, 9000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sx, sy := tt.cam.WorldToScreen(tt.wx, tt.wy)
			wx, wy := tt.cam.ScreenToWorld(sx, sy)
			if !near(wx, tt.wx) || !near(wy, tt.wy) {
				t.Errorf("ScreenToWorld(WorldToScreen(%v, %v)) = (%v, %v), want (%v, %v)", tt.wx, tt.wy, wx, wy, tt.wx, tt.wy)
			}
			// The camera's corner world point is the screen origin.
			ox, oy := tt.cam.WorldToScreen(tt.cam.X, tt.cam.Y)
			if !near(ox, 0) || !near(oy, 0) {
				t.Errorf("WorldToScreen(camera corner) = (%v, %v), want (0, 0)", ox, oy)
			}
		})
	}
}

func TestCameraZoomAtKeepsCursorPoint(t *testing.T) {
	tests := []struct {
		name     string
		cam      Camera
		sx, sy   float64
		factor   float64
		wantZoom float64
	}{
		{"in at centre", Camera{Zoom: 1}, 640, 400, 1.2, 1.2},
		{"out at corner", Camera{X: 50, Y: 80, Zoom: 2}, 0, 0, 0.5, 1},
		{"in off centre", Camera{X: -30, Y: 10, Zoom: 0.7}, 123, 456, 2, 1.4},
		{"clamped at max", Camera{Zoom: MaxZoom / 1.1}, 300, 200, 2, MaxZoom},
		{"clamped at min", Camera{Zoom: MinZoom * 1.1}, 300, 200, 0.1, MinZoom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wx, wy := tt.cam.ScreenToWorld(tt.sx, tt.sy)
			c := tt.cam
			c.ZoomAt(tt.sx, tt.sy, tt.factor)
			if !near(c.Zoom, tt.wantZoom) {
				t.Errorf("zoom = %v, want %v", c.Zoom, tt.wantZoom)
			}
			gx, gy := c.ScreenToWorld(tt.sx, tt.sy)
			if !near(gx, wx) || !near(gy, wy) {
				t.Errorf("world under cursor = (%v, %v), want (%v, %v)", gx, gy, wx, wy)
			}
		})
	}
}

func TestCameraPan(t *testing.T) {
	tests := []struct {
		name   string
		cam    Camera
		dx, dy float64
	}{
		{"right at 1x", Camera{Zoom: 1}, 10, 0},
		{"up at 2x", Camera{X: 5, Y: 5, Zoom: 2}, 0, -30},
		{"diagonal at 0.25x", Camera{X: -5, Y: 7, Zoom: 0.25}, 12, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sx, sy := tt.cam.WorldToScreen(100, 100)
			c := tt.cam
			c.Pan(tt.dx, tt.dy)
			gx, gy := c.WorldToScreen(100, 100)
			if !near(gx, sx+tt.dx) || !near(gy, sy+tt.dy) {
				t.Errorf("after Pan(%v, %v) point at (%v, %v), want (%v, %v)", tt.dx, tt.dy, gx, gy, sx+tt.dx, sy+tt.dy)
			}
		})
	}
}

func TestFitCamera(t *testing.T) {
	tests := []struct {
		name           string
		worldW, worldH float64
		view           image.Rectangle
		margin         float64
		wantZoom       float64
	}{
		{"wide world", 2000, 500, image.Rect(0, 0, 1000, 1000), 0, 0.5},
		{"tall world", 500, 2000, image.Rect(0, 28, 1000, 1028), 0, 0.5},
		{"margin", 1000, 1000, image.Rect(0, 0, 520, 720), 10, 0.5},
		{"small world clamps", 10, 10, image.Rect(0, 0, 1000, 1000), 0, MaxZoom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := FitCamera(tt.worldW, tt.worldH, tt.view, tt.margin)
			if !near(c.Zoom, tt.wantZoom) {
				t.Errorf("zoom = %v, want %v", c.Zoom, tt.wantZoom)
			}
			cx, cy := c.WorldToScreen(tt.worldW/2, tt.worldH/2)
			wantX, wantY := float64(tt.view.Min.X+tt.view.Max.X)/2, float64(tt.view.Min.Y+tt.view.Max.Y)/2
			if !near(cx, wantX) || !near(cy, wantY) {
				t.Errorf("world centre at (%v, %v), want (%v, %v)", cx, cy, wantX, wantY)
			}
			x0, y0 := c.WorldToScreen(0, 0)
			x1, y1 := c.WorldToScreen(tt.worldW, tt.worldH)
			if c.Zoom < MaxZoom && (x0 < float64(tt.view.Min.X)+tt.margin-eps || y0 < float64(tt.view.Min.Y)+tt.margin-eps ||
				x1 > float64(tt.view.Max.X)-tt.margin+eps || y1 > float64(tt.view.Max.Y)-tt.margin+eps) {
				t.Errorf("world spans (%v, %v)-(%v, %v), want inside %v less margin %v", x0, y0, x1, y1, tt.view, tt.margin)
			}
		})
	}
}

func TestCameraKeep(t *testing.T) {
	view := image.Rect(0, 0, 200, 100)
	tests := []struct {
		name         string
		cam          Camera
		wantX, wantY float64
	}{
		{"inside stays", Camera{X: 10, Y: 10, Zoom: 1}, 10, 10},
		{"far left comes back", Camera{X: -500, Y: 10, Zoom: 1}, -100, 10},
		{"far down comes back", Camera{X: 10, Y: 900, Zoom: 1}, 10, 450},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.cam
			c.Keep(1000, 500, view)
			if !near(c.X, tt.wantX) || !near(c.Y, tt.wantY) {
				t.Errorf("after Keep camera at (%v, %v), want (%v, %v)", c.X, c.Y, tt.wantX, tt.wantY)
			}
		})
	}
}
