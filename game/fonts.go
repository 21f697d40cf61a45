package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text" //lint:ignore SA1019 see fonts
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
)

// fonts makes the faces the view writes with. For now it is the 7×13
// bitmap font of golang.org/x/image/font/basicfont drawn with ebiten's
// first text package: the Go TrueType fonts (gofont) and ebiten's text/v2
// need golang.org/x/text and github.com/go-text/typesetting, which go.mod
// does not require yet. All text goes through fonts.face, textWidth and
// drawText, so the move to text/v2 and gofont changes this file alone.
type fonts struct{}

func newFonts() (*fonts, error) { return &fonts{}, nil }

// face is a font at a size: the bitmap font scaled by a whole number, and
// drawn twice one pixel apart for bold.
type face struct {
	font  font.Face
	scale float64
	bold  bool
}

// face returns the face nearest the given pixel size.
func (f *fonts) face(size float64, bold bool) face {
	return face{font: basicfont.Face7x13, scale: max(1, math.Round(size/13)), bold: bold}
}

// align is where a drawn text sits relative to its x coordinate.
type align int

const (
	alignStart align = iota
	alignCenter
	alignEnd
)

// textWidth returns the advance of s in f, in pixels.
func textWidth(f face, s string) float64 {
	w := float64(font.MeasureString(f.font, s)) / 64 * f.scale
	if f.bold {
		w += f.scale
	}
	return w
}

// drawText draws s with its vertical centre at y, aligned on x.
func drawText(dst *ebiten.Image, s string, f face, x, y float64, a align, c color.RGBA) {
	switch a {
	case alignCenter:
		x -= textWidth(f, s) / 2
	case alignEnd:
		x -= textWidth(f, s)
	}
	m := f.font.Metrics()
	baseline := y + float64(m.Ascent-m.Descent)/64/2*f.scale
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(f.scale, f.scale)
	op.GeoM.Translate(math.Round(x), math.Round(baseline))
	op.ColorScale.ScaleWithColor(c)
	text.DrawWithOptions(dst, s, f.font, &op)
	if f.bold {
		op.GeoM.Translate(f.scale, 0)
		text.DrawWithOptions(dst, s, f.font, &op)
	}
}
