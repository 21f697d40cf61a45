package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRenderDefault draws the default scenario: the picture has the map's
// size in pixels, the Tiger I in C1 has a field-grey counter, the
// objective K8 a gold ring, and --no-units leaves the counter out.
func TestRenderDefault(t *testing.T) {
	cat, err := units.Default()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	l := sc.Board.Layout
	wantW, wantH := l.PixelSize(sc.Board.Width, sc.Board.Height)
	c1, err := sc.Board.ParseHex("C1")
	if err != nil {
		t.Fatal(err)
	}
	cx, cy := l.Center(c1)
	side := int(0.7 * float64(min(l.TileWidth, l.TileHeight)))
	inCounter := image.Pt(int(cx)-side/2+3, int(cy)-side/2+3)
	k8, err := sc.Board.ParseHex("K8")
	if err != nil {
		t.Fatal(err)
	}
	corner := l.Corners(k8)[0]
	kx, ky := l.Center(k8)
	onRing := image.Pt(int(corner[0]+(kx-corner[0])/16), int(corner[1]+(ky-corner[1])/16))

	dir := t.TempDir()
	for _, noUnits := range []bool{false, true} {
		out := filepath.Join(dir, "default.png")
		args := []string{"render", "--out", out}
		if noUnits {
			args = append(args, "--no-units")
		}
		text, err := runCombatCLI(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "Hedgerow Crossroads") {
			t.Errorf("output %q does not name the scenario", text)
		}
		img := readPNG(t, out)
		if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
			t.Fatalf("picture %dx%d, want %dx%d", b.Dx(), b.Dy(), wantW, wantH)
		}
		grey := color.RGBAModel.Convert(img.At(inCounter.X, inCounter.Y)) == color.RGBA{92, 104, 118, 255}
		if grey == noUnits {
			t.Errorf("no-units %v: field-grey counter at %v is %v", noUnits, inCounter, grey)
		}
		if got := color.RGBAModel.Convert(img.At(onRing.X, onRing.Y)); got != (color.RGBA{255, 200, 0, 255}) {
			t.Errorf("objective ring pixel %v is %v, want gold", onRing, got)
		}
	}
}

func TestRenderScaleAndPointy(t *testing.T) {
	dir := t.TempDir()
	tmx := generate(t, dir, "--ground", "town", "--orientation", "pointy", "--size", "12x10")
	out := filepath.Join(dir, "thumb.png")
	if _, err := runCombatCLI(t, "render", "--map", tmx, "--out", out, "--scale", "0.25"); err != nil {
		t.Fatal(err)
	}
	w, h := board.Layout{TileWidth: 56, TileHeight: 64, HexSide: 32}.PixelSize(12, 10)
	if b := readPNG(t, out).Bounds(); b.Dx() != w/4 || b.Dy() != h/4 {
		t.Errorf("thumbnail %dx%d, want %dx%d", b.Dx(), b.Dy(), w/4, h/4)
	}
}

func TestRenderErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"render"}, "--out is required"},
		{[]string{"render", "--out", out, "--scale", "0"}, "--scale 0"},
		{[]string{"render", "--out", out, "--scale", "2"}, "--scale 2"},
		{[]string{"render", "--out", out, "--map", "missing.tmx"}, "missing.tmx"},
		{[]string{"render", "--out", filepath.Join(out, "no", "dir.png")}, "dir.png"},
	}
	for _, tt := range tests {
		_, err := runCombatCLI(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
}
