// Package uitest holds helpers for the tests of the game's drawing layers:
// comparing the colours of a rendered image and saving it for a look.
// Only test files import it.
package uitest

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// ColourNear reports whether two colours differ by at most tol per
// channel, alpha left out.
func ColourNear(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) bool { return abs(int(x>>8)-int(y>>8)) <= tol }
	return d(ar, br) && d(ag, bg) && d(ab, bb)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Over blends a straight-alpha colour c over an opaque base.
func Over(base, c color.RGBA) color.RGBA {
	a := float64(c.A) / 255
	mix := func(b, x uint8) uint8 { return uint8(float64(b)*(1-a) + float64(x)*a + 0.5) }
	return color.RGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 0xff}
}

// SavePNG writes img as name into the directory HEXFIRE_TEST_PNG names,
// for a look with an image viewer; without that variable it does nothing.
func SavePNG(t testing.TB, name string, img image.Image) {
	t.Helper()
	dir := os.Getenv("HEXFIRE_TEST_PNG")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// RunInGame runs the tests of m inside Ebiten's game loop, as a TestMain
// does for the packages whose tests draw (Ebiten reads pixels back only
// once its game has started), and returns their exit code.
func RunInGame(m *testing.M) int {
	code := 1
	if err := ebiten.RunGame(&testLoop{m: m, code: &code}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return code
}

type testLoop struct {
	m    *testing.M
	code *int
}

func (l *testLoop) Update() error {
	*l.code = l.m.Run()
	return ebiten.Termination
}

func (*testLoop) Draw(*ebiten.Image)         {}
func (*testLoop) Layout(int, int) (int, int) { return 320, 240 }
