package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/board"
	"hexfire/maps"
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
	cat, err := loadCatalogue()
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

// TestRenderScaleChecksThePicture: a 200×200 map is refused at full size,
// its picture over preview.MaxPixels, and drawn at --scale 0.25 (before,
// the size was checked before scaling, so no scale helped), at the
// scaled size, its hexes in their tiles' colours.
func TestRenderScaleChecksThePicture(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"hexfire-flat.tsx", "hexfire-flat.png"} {
		data, err := fs.ReadFile(assets.FS, "tiles/"+f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const n = 200
	tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="%d" height="%d" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="even">
 <tileset firstgid="1" source="hexfire-flat.tsx"/>
 <layer id="1" name="ground"><data encoding="csv">%s</data></layer>
</map>`, n, n, strings.TrimSuffix(strings.Repeat("1,", n*n), ","))
	mapFile := filepath.Join(dir, "big.tmx")
	if err := os.WriteFile(mapFile, []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "big.png")
	if _, err := runCombatCLI(t, "render", "--map", mapFile, "--out", out); err == nil || !strings.Contains(err.Error(), "big.tmx: picture of 9616x11228 pixels (the map's 9616x11228 at scale 1) is over the limit of") {
		t.Errorf("full size: error %v, want the picture over the limit", err)
	}
	text, err := runCombatCLI(t, "render", "--map", mapFile, "--out", out, "--scale", "0.25")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "2404x2807 pixels") {
		t.Errorf("output %q, want a 2404x2807 picture", text)
	}
	img := readPNG(t, out)
	if b := img.Bounds(); b.Dx() != 2404 || b.Dy() != 2807 {
		t.Fatalf("picture %dx%d, want 2404x2807", b.Dx(), b.Dy())
	}
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.LoadFile(mapFile, cat)
	if err != nil {
		t.Fatal(err)
	}
	src, r, _ := sc.Tiles.Tilesets[0].Source(0)
	want := color.RGBAModel.Convert(src.At(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2)).(color.RGBA)
	h, _ := sc.Board.ParseHex("CV100")
	x, y := sc.Board.Layout.Center(h)
	have := color.RGBAModel.Convert(img.At(int(x/4), int(y/4))).(color.RGBA)
	if d := max(absDiff(have.R, want.R), absDiff(have.G, want.G), absDiff(have.B, want.B)); d > 24 {
		t.Errorf("hex CV100 at %v = %v, want near its tile's %v", image.Pt(int(x/4), int(y/4)), have, want)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
