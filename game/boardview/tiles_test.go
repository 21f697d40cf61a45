package boardview

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/assets"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/game/ui"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// paintScene draws the terrain of sc with the painter newTerrainPainter
// picks, at zoom with the board's top-left at the screen's, labels off.
func paintScene(t *testing.T, sc *maps.Scenario, zoom float64, w, h int) (*image.RGBA, terrainPainter) {
	t.Helper()
	l := testTerrain(t, sc)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	l.Draw(img, Camera{Zoom: zoom}, false)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out, l.painter
}

// tmxFS is a file system with a map using the generated tileset of the
// given orientation ("flat" or "pointy") and that tileset's files.
func tmxFS(t *testing.T, orientation, layers string, w, h int) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, ext := range []string{"tsx", "png"} {
		name := "tiles/hexfire-" + orientation + "." + ext
		data, err := fs.ReadFile(assets.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
	}
	geometry := `tilewidth="64" tileheight="56" hexsidelength="32" staggeraxis="x" staggerindex="even"`
	if orientation == "pointy" {
		geometry = `tilewidth="56" tileheight="64" hexsidelength="32" staggeraxis="y" staggerindex="odd"`
	}
	fsys["maps/test.tmx"] = &fstest.MapFile{Data: []byte(fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="%d" height="%d" %s infinite="0">
 <tileset firstgid="1" source="../tiles/hexfire-%s.tsx"/>
%s
</map>`, w, h, geometry, orientation, layers))}
	return fsys
}

func csv(name string, gids ...int) string {
	s := make([]string, len(gids))
	for i, g := range gids {
		s[i] = fmt.Sprint(g)
	}
	return fmt.Sprintf(` <layer id="%d" name="%s"><data encoding="csv">%s</data></layer>`, len(name), name, strings.Join(s, ","))
}

// tilePixel returns the colour of the tileset image of sc under the centre
// of the tile placed on hex h of layer 0.
func tilePixel(t *testing.T, sc *maps.Scenario, h board.Hex) color.RGBA {
	t.Helper()
	o := sc.Board.Layout.ToOffset(h)
	tile := sc.Tiles.Layers[0].Tiles[o.Col+o.Row*sc.Board.Width]
	img, r, ok := sc.Tiles.Tilesets[tile.Set-1].Source(tile.ID)
	if !ok {
		t.Fatalf("no image for the tile of %s", sc.Board.Label(h))
	}
	return color.RGBAModel.Convert(img.At(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2)).(color.RGBA)
}

func TestTilePainterDrawsTheTiles(t *testing.T) {
	for _, orientation := range []string{"flat", "pointy"} {
		t.Run(orientation, func(t *testing.T) {
			// Ground only: open, field, crops / woods, building, orchard.
			fsys := tmxFS(t, orientation, csv("ground", 1, 2, 3, 8, 7, 9), 3, 2)
			sc, err := maps.Load(fsys, "maps/test.tmx", battletest.Catalogue(t, nil))
			if err != nil {
				t.Fatal(err)
			}
			img, p := paintScene(t, sc, 1, 300, 300)
			uitest.SavePNG(t, "tiles-"+orientation+".png", img)
			if _, ok := p.(*tilePainter); !ok {
				t.Fatalf("painter = %T, want *tilePainter", p)
			}
			for h := range sc.Board.Hexes() {
				x, y := sc.Board.Layout.Center(h)
				have, want := img.RGBAAt(int(x), int(y)), tilePixel(t, sc, h)
				if !uitest.ColourNear(have, want, 6) {
					t.Errorf("%s centre = %v, want the tile's %v", sc.Board.Label(h), have, want)
				}
			}
		})
	}
}

func TestTilePainterRotates(t *testing.T) {
	// One 64×56 tile, red on the left half and blue on the right, placed
	// as is on A1 and turned 180° (Tiled's H+V flags) on B1.
	tile := image.NewRGBA(image.Rect(0, 0, 64, 56))
	red, blue := color.RGBA{0xff, 0, 0, 0xff}, color.RGBA{0, 0, 0xff, 0xff}
	for y := range 56 {
		for x := range 64 {
			c := red
			if x >= 32 {
				c = blue
			}
			tile.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, tile); err != nil {
		t.Fatal(err)
	}
	const flip180 = 1<<31 | 1<<30
	fsys := fstest.MapFS{
		"halves.png": {Data: buf.Bytes()},
		"test.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="2" height="1" tilewidth="64" tileheight="56" hexsidelength="32" staggeraxis="x" staggerindex="even" infinite="0">
 <tileset firstgid="1" name="halves" tilewidth="64" tileheight="56" tilecount="1" columns="1"><image source="halves.png" width="64" height="56"/></tileset>
` + csv("ground", 1, 1|flip180) + `
</map>`)},
	}
	sc, err := maps.Load(fsys, "test.tmx", battletest.Catalogue(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	img, _ := paintScene(t, sc, 1, 200, 200)
	for _, tc := range []struct {
		hex         string
		left, right color.RGBA
	}{{"A1", red, blue}, {"B1", blue, red}} {
		h, err := sc.Board.ParseHex(tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		x, y := sc.Board.Layout.Center(h)
		if have := img.RGBAAt(int(x)-12, int(y)); !uitest.ColourNear(have, tc.left, 4) {
			t.Errorf("%s left of centre = %v, want %v", tc.hex, have, tc.left)
		}
		if have := img.RGBAAt(int(x)+12, int(y)); !uitest.ColourNear(have, tc.right, 4) {
			t.Errorf("%s right of centre = %v, want %v", tc.hex, have, tc.right)
		}
	}
}

func TestTerrainPainterFallsBack(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, ". . .\n. . .\n")
	for _, tc := range []struct {
		name  string
		tiles *maps.TileLayers
	}{
		{"no tile layers", nil},
		{"a tile outside its image", &maps.TileLayers{
			Tilesets: []maps.Tileset{{Name: "tiny", TileWidth: 64, TileHeight: 56, Columns: 1, Image: image.NewRGBA(image.Rect(0, 0, 8, 8))}},
			Layers:   []maps.TileLayer{{Name: "ground", Visible: true, Opacity: 1, Tiles: []maps.Tile{{Set: 1}}}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTerrainPainter(&maps.Scenario{Board: bd, Tiles: tc.tiles})
			if _, ok := p.(*paletteFill); !ok {
				t.Errorf("painter = %T, want *paletteFill", p)
			}
		})
	}
}

// TestOverviewWithTiles draws the default scenario far out, through the
// overview image, and checks a hex shows its ground tile's colour.
func TestOverviewWithTiles(t *testing.T) {
	sc, err := maps.Default(battletest.Catalogue(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	l := testTerrain(t, sc)
	l.overviewZoom = 0.5
	img := ebiten.NewImage(400, 300)
	defer img.Deallocate()
	l.Draw(img, Camera{Zoom: 0.4}, false)
	if l.overview == nil {
		t.Fatal("no overview image at zoom 0.4")
	}
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	uitest.SavePNG(t, "overview-tiles.png", out)
	h := sc.Board.Layout.ToHex(board.Offset{Col: 1, Row: 1})
	x, y := sc.Board.Layout.Center(h)
	if have, want := out.RGBAAt(int(x*0.4), int(y*0.4)), tilePixel(t, sc, h); !uitest.ColourNear(have, want, 24) {
		t.Errorf("B2 in the overview = %v, want near its ground tile %v", have, want)
	}
}

// BenchmarkPaintTiles measures redrawing the terrain of the default
// scenario from its tiles over a 1280×800 screen (what a pan costs), then
// waits for the GPU by reading a pixel back. "palette" is the same board
// with the palette fill, for comparison.
func BenchmarkPaintTiles(b *testing.B) {
	sc, err := maps.Default(battletest.Catalogue(b, nil))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name    string
		painter terrainPainter
	}{{"tiles", newTerrainPainter(sc)}, {"palette", &paletteFill{batch: ui.NewTriBatch()}}} {
		b.Run(bc.name, func(b *testing.B) {
			l := testTerrain(b, sc)
			l.painter = bc.painter
			cam := FitCamera(l.mesh.worldW, l.mesh.worldH, image.Rect(0, 0, 1280, 800), 0)
			screen := ebiten.NewImage(1280, 800)
			defer screen.Deallocate()
			b.ReportAllocs()
			for b.Loop() {
				l.render(screen, cam, true)
				screen.At(0, 0)
			}
		})
	}
}

// bigScenario is a w×h board of the default layout with layers full tile
// layers of the default scenario's tileset, every hex a terrain tile.
func bigScenario(tb testing.TB, w, h, layers int) *maps.Scenario {
	tb.Helper()
	def, err := maps.Default(battletest.Catalogue(tb, nil))
	if err != nil {
		tb.Fatal(err)
	}
	bd, err := board.New(board.DefaultLayout, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	terrain := []uint32{0, 1, 2, 6, 7, 8, 24, 25, 30, 31, 32, 35, 36, 37, 42}
	tl := &maps.TileLayers{Tilesets: def.Tiles.Tilesets[:1]}
	for l := range layers {
		tiles := make([]maps.Tile, w*h)
		for i := range tiles {
			tiles[i] = maps.Tile{Set: 1, ID: terrain[(i*7+l*3+i/w)%len(terrain)]}
		}
		tl.Layers = append(tl.Layers, maps.TileLayer{Name: fmt.Sprint("layer ", l), Visible: true, Opacity: 1, Tiles: tiles})
	}
	return &maps.Scenario{Board: bd, Tiles: tl}
}

// TestChunksFillIn draws a map of 16 layers zoomed out to 0.2, where a
// 640×400 view shows some 38,000 tiles: each frame builds at most the
// chunk budget's worth, with the flat colours under the rest, until the
// view is complete; the chunk cache stays within its limit, and the hexes
// show their top tiles.
func TestChunksFillIn(t *testing.T) {
	sc := bigScenario(t, 70, 40, 16)
	l := testTerrain(t, sc)
	p := newTilePainter(sc)
	l.painter = p
	l.overviewZoom = 0.1 // the chunks, not the overview image
	img := ebiten.NewImage(640, 400)
	defer img.Deallocate()
	cam := Camera{Zoom: 0.2}
	frames := 0
	for {
		frames++
		l.Draw(img, cam, false)
		if !p.pending() {
			break
		}
		if frames > 100 {
			t.Fatal("the view is not complete after 100 frames")
		}
	}
	if frames < 4 {
		t.Errorf("complete after %d frames: want the chunk budget to spread the work over several", frames)
	}
	if len(p.chunks) > maxChunks {
		t.Errorf("%d chunks cached, want at most %d", len(p.chunks), maxChunks)
	}
	// The cached layer is complete: drawing again builds nothing.
	l.Draw(img, cam, false)
	if p.pending() {
		t.Error("pending after a complete frame")
	}
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	uitest.SavePNG(t, "chunks-0.2.png", out)
	layout := sc.Board.Layout
	for _, o := range []board.Offset{{Col: 30, Row: 20}, {Col: 60, Row: 32}, {Col: 10, Row: 5}} {
		h := layout.ToHex(o)
		top := sc.Tiles.Layers[15].Tiles[o.Col+o.Row*sc.Board.Width]
		src, r, _ := sc.Tiles.Tilesets[0].Source(top.ID)
		want := color.RGBAModel.Convert(src.At(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2)).(color.RGBA)
		x, y := layout.Center(h)
		sx, sy := cam.WorldToScreen(x, y)
		if have := out.RGBAAt(int(sx), int(sy)); !uitest.ColourNear(have, want, 40) {
			t.Errorf("%s = %v, want near its top tile %v", sc.Board.Label(h), have, want)
		}
	}
}

// BenchmarkBigMap measures the largest map the loader takes, 500×500 in 16
// tile layers, on a 1280×800 screen: "open" builds the painter and draws
// the fitted first frame (the overview), waiting for the GPU; the others
// pan 7 pixels a frame at a zoom, chunks built as they come into view, and
// time only the CPU of the draw (as BenchmarkPlayFrameCPU: the queue is
// flushed and a pixel read back with the timer stopped).
func BenchmarkBigMap(b *testing.B) {
	sc := bigScenario(b, board.MaxDimension, board.MaxDimension, 16)
	screen := ebiten.NewImage(1280, 800)
	defer screen.Deallocate()
	b.Run("open", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l := testTerrain(b, sc)
			cam := FitCamera(l.mesh.worldW, l.mesh.worldH, screen.Bounds(), 0)
			l.Draw(screen, cam, false)
			screen.At(0, 0)
		}
	})
	for _, zoom := range []float64{1, 0.3, 0.12} {
		b.Run(fmt.Sprintf("pan-zoom%g", zoom), func(b *testing.B) {
			l := testTerrain(b, sc)
			cam := Camera{X: 2000, Y: 2000, Zoom: zoom}
			b.ReportAllocs()
			for b.Loop() {
				cam.Pan(-7, -3)
				l.Draw(screen, cam, true)
				b.StopTimer()
				screen.At(0, 0)
				b.StartTimer()
			}
		})
	}
}

// TestLargeMapOpensWithoutTextures opens boards of 100×100 to 300×300
// hexes of the default scenario's tiles fitted to a 1280×800 screen, as
// the game opens them: the overview is the tiles' flat colours filled on
// the CPU (at 100×100 and 200×200 it was drawn from the tiles, outlined
// hex by hex: 500–650 MB in the game), so no tileset image is uploaded;
// zoomed in, the sheet is uploaded once and the tiles show.
func TestLargeMapOpensWithoutTextures(t *testing.T) {
	screen := ebiten.NewImage(1280, 800)
	defer screen.Deallocate()
	for _, n := range []int{100, 200, 300} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			sc := bigScenario(t, n, n, 1)
			l := testTerrain(t, sc)
			p := newTilePainter(sc)
			l.painter = p
			if z := l.overviewZoom; l.mesh.tileH*z >= flatHexPixels {
				t.Fatalf("overview zoom %v: hexes %v pixels tall, want under %v", z, l.mesh.tileH*z, flatHexPixels)
			}
			cam := FitCamera(l.mesh.worldW, l.mesh.worldH, screen.Bounds(), 0)
			l.Draw(screen, cam, false)
			if l.overview == nil || p.pending() {
				t.Fatalf("fitted zoom %v: overview %v, pending %v; want a complete overview", cam.Zoom, l.overview != nil, p.pending())
			}
			for i, tex := range p.textures {
				if tex != nil {
					t.Errorf("texture %d uploaded for the fitted overview", i)
				}
			}
			h := sc.Board.Layout.ToHex(board.Offset{Col: 2, Row: 2})
			x, y := sc.Board.Layout.Center(h)
			cam = Camera{X: x - 640, Y: y - 400, Zoom: 1}
			l.Draw(screen, cam, false)
			if p.textures[0] == nil {
				t.Fatal("zoomed in, the sheet is not uploaded")
			}
			if have, want := screen.At(640, 400), tilePixel(t, sc, h); !uitest.ColourNear(have, want, 0) {
				t.Errorf("C3 at zoom 1 = %v, want its tile's %v", have, want)
			}
		})
	}
}

// TestUploadImage uploads images of every decoded kind the loader gives
// (8-bit RGBA with and without alpha, 16-bit, grey, paletted), the wider
// ones larger than a tile and written in several bands, and reads each
// back: the texture holds the image's premultiplied pixels.
func TestUploadImage(t *testing.T) {
	nrgba := image.NewNRGBA(image.Rect(0, 0, 1500, 300))
	rgba64 := image.NewNRGBA64(image.Rect(0, 0, 1100, 150))
	gray := image.NewGray(image.Rect(0, 0, 70, 1200))
	pal := image.NewPaletted(image.Rect(0, 0, 33, 17), color.Palette{color.RGBA{}, color.RGBA{200, 10, 10, 255}, color.NRGBA{10, 200, 10, 128}})
	for y := range 1200 {
		for x := range 1500 {
			c := color.NRGBA{uint8(x), uint8(y), uint8(x ^ y), uint8(x * y)}
			nrgba.SetNRGBA(x, y, c)
			rgba64.Set(x, y, c)
			gray.Set(x, y, c)
			pal.Set(x, y, c)
		}
	}
	sub := nrgba.SubImage(image.Rect(100, 20, 1400, 290)) // bounds not at the origin
	for _, img := range []image.Image{nrgba, sub, rgba64, gray, pal} {
		b := img.Bounds()
		t.Run(fmt.Sprintf("%T %dx%d", img, b.Dx(), b.Dy()), func(t *testing.T) {
			if rows := uploadBand / (4 * b.Dx()); b.Dx() > maps.MaxTileSize && rows >= b.Dy() {
				t.Fatalf("%d rows a band: want several bands", rows)
			}
			e := uploadImage(img)
			defer e.Deallocate()
			got := image.NewRGBA(e.Bounds())
			e.ReadPixels(got.Pix)
			for y := range b.Dy() {
				for x := range b.Dx() {
					want := color.RGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.RGBA)
					if have := got.RGBAAt(x, y); have != want {
						t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, have, want)
					}
				}
			}
		})
	}
}

// TestPaletteOverviewRaster: a board without tiles, of 100×100 to
// 500×500 hexes, has its overview filled on the CPU in each hex's
// TerrainColour (drawn polygon by polygon and outlined, a 200×200 board
// took the game to 534 MB).
func TestPaletteOverviewRaster(t *testing.T) {
	for _, n := range []int{100, 200, 500} {
		b, err := board.New(board.DefaultLayout, n, n)
		if err != nil {
			t.Fatal(err)
		}
		m := newBoardMesh(b)
		z := overviewZoomFor(m)
		w, h := int(m.worldW*z)+1, int(m.worldH*z)+1
		img := (&paletteFill{}).overviewRaster(m, z, w, h)
		if img == nil {
			t.Fatalf("%d×%d: no raster at the overview zoom %v", n, n, z)
		}
		g := &m.hexes[len(m.hexes)/2]
		if have, want := img.RGBAAt(int(g.x*z), int(g.y*z)), TerrainColour(g.cell); have != want {
			t.Errorf("%d×%d: hex centre %v, want %v", n, n, have, want)
		}
	}
}

// testTerrain returns the terrain of sc, with fonts for its labels, for
// drawing offscreen.
func testTerrain(tb testing.TB, sc *maps.Scenario) *Terrain {
	tb.Helper()
	f, err := ui.NewFonts()
	if err != nil {
		tb.Fatal(err)
	}
	return NewTerrain(sc, f, ui.NewTriBatch())
}
