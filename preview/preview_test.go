package preview

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

func TestShortName(t *testing.T) {
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, want string }{
		{"Tiger I", "Tiger"},
		{"Pz IV H", "PzIV"},
		{"M4A3E8", "M4A3E"},
		{"US Rifle Squad", "Sqd"},
		{"US Rifle Half Squad", "HS"},
		{"US Para Half Squad", "Para"},
		{"US Bazooka Team", "Bazo"},
		{"German Leader", "Ldr"},
		{"6-Pndr Mk IV", "6-Pnd"},
	}
	for _, tt := range tests {
		ty, err := cat.Lookup(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := ShortName(ty); got != tt.want {
			t.Errorf("ShortName(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFortificationsTinted: a minefield's hex is drawn red, wire's dark,
// and an unfortified hex keeps the background.
func TestFortificationsTinted(t *testing.T) {
	b := board.MustParseASCII(board.DefaultLayout, ". . .\nminefield A1\nwire B1\n")
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	img, err := Draw(&maps.Scenario{Path: "t.tmx", Board: b}, cat, Options{NoUnits: true})
	if err != nil {
		t.Fatal(err)
	}
	at := func(label string) color.RGBA {
		h, _ := b.ParseHex(label)
		x, y := b.Layout.Center(h)
		return img.RGBAAt(int(x), int(y))
	}
	background := color.RGBA{40, 44, 36, 255}
	if c := at("A1"); c.R <= c.G || c.R <= background.R {
		t.Errorf("minefield hex A1 is %v, want red over the background", c)
	}
	if c := at("B1"); c == background || c.R > background.R {
		t.Errorf("wire hex B1 is %v, want darkened", c)
	}
	if c := at("C1"); c != background {
		t.Errorf("open hex C1 is %v, want the background %v", c, background)
	}
}

// TestScaleBoundsThePicture: the size limit is the picture's at the
// scale asked. A 200×200 map is 9616×11228 pixels at full size, over
// MaxPixels, and is refused naming the file and the limit; at 0.25 it is
// drawn at 2404×2807. Sixteen tile layers at 0.25 pass MaxPixels but not
// MaxLayerPixels, and at 0.15 are drawn.
func TestScaleBoundsThePicture(t *testing.T) {
	b, err := board.New(board.DefaultLayout, 200, 200)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := &maps.Scenario{Path: "big.tmx", Board: b}
	if _, err := Draw(sc, cat, Options{}); err == nil || !strings.Contains(err.Error(), "big.tmx: picture of 9616x11228 pixels (the map's 9616x11228 at scale 1) is over the limit of 12582912 pixels") {
		t.Errorf("scale 1: error %v, want the picture over MaxPixels", err)
	}
	img, err := Draw(sc, cat, Options{Scale: 0.25})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 2404 || h != 2807 {
		t.Errorf("scale 0.25: %dx%d pixels, want 2404x2807", w, h)
	}
	for _, s := range []float64{-1, 1.5, math.NaN()} {
		if _, err := Draw(sc, cat, Options{Scale: s}); err == nil || !strings.Contains(err.Error(), "want a number above 0 and at most 1") {
			t.Errorf("scale %v: error %v", s, err)
		}
	}
	sc.Tiles = &maps.TileLayers{}
	for range 16 {
		sc.Tiles.Layers = append(sc.Tiles.Layers, maps.TileLayer{Visible: true, Opacity: 1, Tiles: make([]maps.Tile, 200*200)})
	}
	if _, err := Draw(sc, cat, Options{Scale: 0.25}); err == nil || !strings.Contains(err.Error(), "big.tmx: picture of 2404x2807 pixels at scale 0.25 in 16 tile layers is over the limit of 50331648 pixels times layers") {
		t.Errorf("16 layers at 0.25: error %v, want over MaxLayerPixels", err)
	}
	if _, err := Draw(sc, cat, Options{Scale: 0.15}); err != nil {
		t.Errorf("16 layers at 0.15: %v", err)
	}
}

// TestScaledLikeShrunk draws the default scenario at scales 0.5 and 0.3,
// each tile and counter scaled on its own, and compares the pictures with
// the full-size picture shrunk whole (what render did before): the same
// map, not a pixel's shift or a seam, so on average each channel within a
// few levels.
func TestScaledLikeShrunk(t *testing.T) {
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Draw(sc, cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{0.5, 0.3} {
		img, err := Draw(sc, cat, Options{Scale: s})
		if err != nil {
			t.Fatal(err)
		}
		shrunk := image.NewRGBA(img.Bounds())
		xdraw.CatmullRom.Scale(shrunk, shrunk.Bounds(), full, full.Bounds(), xdraw.Src, nil)
		var sum, n float64
		for i := range img.Pix {
			sum += math.Abs(float64(img.Pix[i]) - float64(shrunk.Pix[i]))
			n++
		}
		if mean := sum / n; mean > 6 {
			t.Errorf("scale %v: mean difference %.1f levels a channel from the shrunk picture, want at most 6", s, mean)
		} else {
			t.Logf("scale %v: mean difference %.2f levels a channel", s, mean)
		}
	}
}
