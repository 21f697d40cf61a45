package game

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// benchBoard returns a w×h board with a mix of every terrain, hill levels,
// roads and hexside features, the same pattern at every size.
func benchBoard(b *testing.B, w, h int) *board.Board {
	b.Helper()
	bd, err := board.New(board.DefaultLayout, w, h)
	if err != nil {
		b.Fatal(err)
	}
	for hx := range bd.Hexes() {
		o := bd.Layout.ToOffset(hx)
		c := board.Cell{Terrain: board.Terrain((o.Col/3 + o.Row/2*5) % (int(board.River) + 1)), // every terrain of the chart, Open to River
			Level: (o.Col / 5 % 3) * (o.Row / 4 % 2), Road: o.Row%9 == 4}
		if err := bd.SetCell(hx, c); err != nil {
			b.Fatal(err)
		}
		if o.Col%4 == 1 {
			if err := bd.SetHexside(hx, board.DirSE, board.Wall); err != nil {
				b.Fatal(err)
			}
		}
	}
	return bd
}

// BenchmarkFrame measures one Update and Draw of a 1280×800 screen, then
// waits for the GPU by reading a pixel back, so the figure is a whole frame.
// "still" redraws from the cached terrain layer; "panning" moves the camera
// every frame, so the layer is rebuilt each time.
func BenchmarkFrame(b *testing.B) {
	sizes := []struct {
		name string
		w, h int
		zoom float64 // 0 keeps the fitted zoom
	}{
		{"24x16", 24, 16, 0},
		{"200x160-fit", 200, 160, 0},
		{"200x160-zoom1", 200, 160, 1},
	}
	for _, sz := range sizes {
		for _, panning := range []bool{false, true} {
			name := sz.name + "/still"
			if panning {
				name = sz.name + "/panning"
			}
			b.Run(name, func(b *testing.B) {
				g, err := NewGame(benchBoard(b, sz.w, sz.h), Options{Scripted: true, Select: "E4", Hover: "C1", Size: image.Pt(1280, 800)})
				if err != nil {
					b.Fatal(err)
				}
				g.Layout(1280, 800)
				if sz.zoom != 0 {
					g.cam.ZoomAt(640, 400, sz.zoom/g.cam.Zoom)
				}
				screen := ebiten.NewImage(1280, 800)
				defer screen.Deallocate()
				g.Draw(screen) // the first frame draws the cached layer: not timed
				screen.At(0, 0)
				step := 1.0
				b.ReportAllocs()
				for b.Loop() {
					if panning {
						g.cam.Pan(step, 0)
						step = -step
					}
					if err := g.Update(); err != nil {
						b.Fatal(err)
					}
					g.Draw(screen)
					screen.At(0, 0)
				}
			})
		}
	}
}
