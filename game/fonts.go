package game

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

// fonts makes the faces the view writes with: the Go fonts (regular and
// bold) drawn with ebiten's text/v2, which shapes the text and caches the
// glyphs it renders. Faces are cached by size, so asking for the same size
// every frame allocates nothing.
type fonts struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceSize]face
}

// faceSize is a cached face's size in half pixels and weight.
type faceSize struct {
	half int
	bold bool
}

func newFonts() (*fonts, error) {
	regular, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("game: Go regular font: %w", err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, fmt.Errorf("game: Go bold font: %w", err)
	}
	return &fonts{regular: regular, bold: bold, faces: map[faceSize]face{}}, nil
}

// face is a font at a size.
type face struct {
	f *text.GoTextFace
}

// face returns the face of the given pixel size (rounded to half a pixel,
// at least one pixel).
func (f *fonts) face(size float64, bold bool) face {
	key := faceSize{half: max(2, int(math.Round(size*2))), bold: bold}
	if fc, ok := f.faces[key]; ok {
		return fc
	}
	src := f.regular
	if bold {
		src = f.bold
	}
	fc := face{f: &text.GoTextFace{Source: src, Size: float64(key.half) / 2}}
	f.faces[key] = fc
	return fc
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
	return text.Advance(s, f.f)
}

// drawText draws s with its vertical centre at y, aligned on x.
func drawText(dst *ebiten.Image, s string, f face, x, y float64, a align, c color.RGBA) {
	var op text.DrawOptions
	switch a {
	case alignCenter:
		op.PrimaryAlign = text.AlignCenter
	case alignEnd:
		op.PrimaryAlign = text.AlignEnd
	}
	// Centre the line box (ascent and descent) on y, which puts the middle
	// of the capitals near y: the baseline falls (ascent - descent)/2 below.
	m := f.f.Metrics()
	top := y - (m.HAscent+m.HDescent)/2
	op.GeoM.Translate(x, math.Round(top))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, f.f, &op)
}
