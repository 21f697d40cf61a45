package boardview

import (
	"fmt"
	"image"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// labelBand counts, in the band above the counter of the hex labelled
// hex (a lone counter's top edge up to the hex's label height above it,
// across the hex's width), the pixels of a covered label's light ink and
// those of its dark backing.
func labelBand(t *testing.T, b *battle.Battle, img *image.RGBA, hex string, zoom float64) (ink, dark int) {
	t.Helper()
	x, y, s := counterCentre(t, b, hex, zoom)
	hexPx := s / counterScale
	h := labelSize(hexPx) // the covered label is at most its type's size tall
	for py := int(y - s/2 - h); py < int(y-s/2); py++ {
		for px := int(x - 0.45*hexPx); px < int(x+0.45*hexPx); px++ {
			c := img.RGBAAt(px, py)
			switch {
			case c.R >= 0xb0 && c.G >= 0xb0 && c.B >= 0xb0 && int(c.R)-int(c.B) < 0x18: // light grey, not the facing arrow's cream
				ink++
			case c.R < 0x40 && c.G < 0x40 && c.B < 0x40:
				dark++
			}
		}
	}
	return ink, dark
}

// TestLabelsOverCounters: a counter covers the label that the terrain
// writes near the top of its hex, so the counter layer writes it again
// over the counters, light on a dark backing at the hex's top edge,
// wherever the terrain writes labels: not with the labels switch off
// (G), nor on hexes smaller than minLabelHex, nor over an empty hex
// (where the terrain's label shows). A counter facing the top hexside
// keeps its arrow; the label stands beside it.
func TestLabelsOverCounters(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout board.Layout
		zoom   float64
		labels bool
		facing board.Direction
		want   bool
	}{
		{"fit zoom of a 30×20 map", board.DefaultLayout, 0.62, true, board.DirSE, true},
		{"default zoom", board.DefaultLayout, 0.77, true, board.DirSE, true},
		{"close", board.DefaultLayout, 2, true, board.DirSE, true},
		{"pointy", pointyLayout, 0.77, true, board.DirSE, true},
		{"facing the label", board.DefaultLayout, 0.77, true, board.DirN, true},
		{"labels off", board.DefaultLayout, 0.77, false, board.DirSE, false},
		{"hexes too small", board.DefaultLayout, 33.0 / 56, true, board.DirSE, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := testBattle(t, tc.layout, nil,
				placed{"M4A3E8", maps.Allies, "C3", tc.facing},
				placed{"US Rifle Squad", maps.Allies, "E3", 0})
			img := newCounterScene(t, b.Scenario()).drawLabels(b, tc.zoom, 800, 700, 0, tc.labels)
			uitest.SavePNG(t, fmt.Sprintf("labels-%s.png", tc.name), img)
			for _, hex := range []string{"C3", "E3"} {
				ink, dark := labelBand(t, b, img, hex, tc.zoom)
				if tc.want && (ink < 8 || dark < 20) {
					t.Errorf("%s: %d pixels of label ink and %d of backing above the counter, want a label", hex, ink, dark)
				}
				if !tc.want && ink != 0 {
					t.Errorf("%s: %d pixels of label ink above the counter, want no label", hex, ink)
				}
			}
			if ink, _ := labelBand(t, b, img, "D2", tc.zoom); ink != 0 {
				t.Errorf("empty D2: %d pixels of label ink over it, want the terrain's label only", ink)
			}
			if tc.facing == board.DirN {
				x, y, s := counterCentre(t, b, "C3", tc.zoom)
				if have := pixel(img, x, y-0.5*s-0.1*s); !uitest.ColourNear(have, colFacing, 12) {
					t.Errorf("pixel of the arrow facing the label = %v, want the arrow %v", have, colFacing)
				}
			}
		})
	}
}
