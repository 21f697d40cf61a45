package ui

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The colours of the panels and the menu screens (our own choice): a
// panel's background, its highlight (keys, the focused button's text, a
// question's frame), its text and dimmed text.
var (
	ColPanel     = color.RGBA{0x10, 0x12, 0x14, 0xe8}
	ColPanelKey  = color.RGBA{0xff, 0xc8, 0x00, 0xff}
	ColPanelText = color.RGBA{0xe8, 0xe6, 0xe0, 0xff}
	ColPanelDim  = color.RGBA{0xa8, 0xaa, 0xac, 0xff}

	colButton      = color.RGBA{0x26, 0x2b, 0x30, 0xff}
	ColButtonFocus = color.RGBA{0x4a, 0x3c, 0x10, 0xff}
	ColButtonOff   = color.RGBA{0x1a, 0x1d, 0x20, 0xff}
	colFrame       = color.RGBA{0x5a, 0x60, 0x66, 0xff}
)

// Canvas draws the menu screens: rectangles and text at the app's scale.
type Canvas struct {
	Dst   *ebiten.Image // the image drawn on
	Fonts *Fonts
	Batch *TriBatch // fills go through it and are flushed at once
	Scale float64   // window pixels to screen pixels
}

// Clip returns the canvas drawing only inside r (in the same
// coordinates): a panel's text longer than the panel is cut at its edge.
func (c Canvas) Clip(r image.Rectangle) Canvas {
	c.Dst = c.Dst.SubImage(r.Intersect(c.Dst.Bounds())).(*ebiten.Image)
	return c
}

// Fill fills the rectangle [x0, x1]×[y0, y1].
func (c Canvas) Fill(x0, y0, x1, y1 float64, col color.RGBA) {
	c.Batch.Fan(c.Dst, col,
		Point{float32(x0), float32(y0)}, Point{float32(x1), float32(y0)},
		Point{float32(x1), float32(y1)}, Point{float32(x0), float32(y1)})
	c.Batch.Flush(c.Dst)
}

// FillRect fills r.
func (c Canvas) FillRect(r image.Rectangle, col color.RGBA) {
	c.Fill(float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y), col)
}

// Face is the regular or bold face of size window pixels.
func (c Canvas) Face(size float64, bold bool) Face { return c.Fonts.Face(size*c.Scale, bold) }

// Text draws s centred vertically on y.
func (c Canvas) Text(s string, f Face, x, y float64, a Align, col color.RGBA) {
	DrawText(c.Dst, s, f, x, y, a, col)
}

// Paragraph draws s wrapped to width from (x, y), line by line, and
// returns the y below it.
func (c Canvas) Paragraph(s string, f Face, x, y, width, line float64, col color.RGBA) float64 {
	for _, l := range Wrap(f, s, width) {
		c.Text(strings.TrimLeft(l, " "), f, x, y+line/2, AlignStart, col)
		y += line
	}
	return y
}

// BarTextSize is the font size of the bars and the menu screens in window
// pixels.
const BarTextSize = 14
