package ui

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Fonts makes the faces the view writes with: the Go fonts (regular and
// bold) drawn with ebiten's text/v2, which shapes the text and caches the
// glyphs it renders. Faces are cached by size, so asking for the same size
// every frame allocates nothing.
type Fonts struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceSize]Face
}

// faceSize is a cached face's size in half pixels and weight.
type faceSize struct {
	half int
	bold bool
}

// NewFonts loads the Go regular and bold fonts.
func NewFonts() (*Fonts, error) {
	regular, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("game: Go regular font: %w", err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, fmt.Errorf("game: Go bold font: %w", err)
	}
	return &Fonts{regular: regular, bold: bold, faces: map[faceSize]Face{}}, nil
}

// Face is a font at a size.
type Face struct {
	// GoText is the face itself, for a caller that draws with options
	// of its own (a value narrowed to fit a counter).
	GoText *text.GoTextFace
}

// Face returns the face of the given pixel size (rounded to half a pixel,
// at least one pixel).
func (f *Fonts) Face(size float64, bold bool) Face {
	key := faceSize{half: max(2, int(math.Round(size*2))), bold: bold}
	if fc, ok := f.faces[key]; ok {
		return fc
	}
	src := f.regular
	if bold {
		src = f.bold
	}
	fc := Face{GoText: &text.GoTextFace{Source: src, Size: float64(key.half) / 2}}
	f.faces[key] = fc
	return fc
}

// Align is where a drawn text sits relative to its x coordinate.
type Align int

const (
	AlignStart Align = iota
	AlignCenter
	AlignEnd
)

// TextWidth returns the advance of s in f, in pixels.
func TextWidth(f Face, s string) float64 {
	return text.Advance(s, f.GoText)
}

// DrawText draws s with its vertical centre at y, aligned on x.
func DrawText(dst *ebiten.Image, s string, f Face, x, y float64, a Align, c color.RGBA) {
	var op text.DrawOptions
	switch a {
	case AlignCenter:
		op.PrimaryAlign = text.AlignCenter
	case AlignEnd:
		op.PrimaryAlign = text.AlignEnd
	}
	// Centre the line box (ascent and descent) on y, which puts the middle
	// of the capitals near y: the baseline falls (ascent - descent)/2 below.
	m := f.GoText.Metrics()
	top := y - (m.HAscent+m.HDescent)/2
	op.GeoM.Translate(x, math.Round(top))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, f.GoText, &op)
}
