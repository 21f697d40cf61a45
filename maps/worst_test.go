package maps

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"hexfire/assets"
)

// worstMap is the costliest map of issue 39's shapes within every limit:
// one 4096×2048 RGBA sheet (MaxImageBytes decoded) cut into 32,768 tiles of
// 16×16, each its own opaque colour, a 200×200 board whose hexes place
// 32,768 distinct tiles, and MaxUnits units, half of them from a template
// of 16 properties of 1 KB (8,000 unit properties of MaxUnitProperties).
func worstMap(t testing.TB) fstest.MapFS { return worstMapOf(t, 200, 200, false) }

// worstMapOf is worstMap on a board of w×h hexes (w at least 5, so that
// the units fit on 200 rows); with sixteen, the sheet is 2048×2048 in
// 16-bit RGBA (MaxImageBytes too), 16,384 tiles.
func worstMapOf(t testing.TB, w, h int, sixteen bool) fstest.MapFS {
	t.Helper()
	sw, sh := 4096, 2048
	if sixteen {
		sw = 2048
	}
	var sheet draw.Image = image.NewNRGBA(image.Rect(0, 0, sw, sh))
	if sixteen {
		sheet = image.NewNRGBA64(sheet.Bounds())
	}
	for y := range sh {
		for x := range sw {
			sheet.Set(x, y, color.NRGBA{uint8(x / 16 * 5), uint8(y / 16 * 3), uint8(x ^ y), 255})
		}
	}
	var img bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&img, sheet); err != nil {
		t.Fatal(err)
	}
	tiles := sw / 16 * sh / 16
	gids := make([]string, w*h)
	for i := range gids {
		gids[i] = fmt.Sprint(1 + i%tiles)
	}
	var objs strings.Builder
	for i := range MaxUnits {
		col, row := i%w, i/w
		x, y := 32+48*col, 56+56*row-28*(col%2)
		if i%2 == 1 {
			fmt.Fprintf(&objs, `<object id="%d" template="unit.tx" x="%d" y="%d"/>`, i+1, x, y)
			continue
		}
		fmt.Fprintf(&objs, `<object id="%d" x="%d" y="%d"><properties><property name="type" value="M4A3E8"/><property name="side" value="allies"/></properties><point/></object>`, i+1, x, y)
	}
	tmx := fmt.Sprintf(mapOpen, w, h, fmt.Sprintf(` <tileset firstgid="1" name="sheet" tilewidth="16" tileheight="16" tilecount="%d" columns="%d"><image source="sheet.png" width="%d" height="%d"/></tileset>`, tiles, sw/16, sw, sh)+
		fmt.Sprintf(` <layer id="1" name="ground"><data encoding="csv">%s</data></layer>`, strings.Join(gids, ","))+
		`<objectgroup id="2" name="units">`+objs.String()+`</objectgroup>`)
	return fstest.MapFS{
		"worst.tmx": {Data: []byte(tmx)},
		"sheet.png": {Data: img.Bytes()},
		"unit.tx":   {Data: unitTemplate(16, 1<<10)},
	}
}

// TestWorstLegalMap loads worstMap: every limit reached, none passed.
func TestWorstLegalMap(t *testing.T) {
	fsys := worstMap(t)
	var s *Scenario
	var err error
	n := allocated(func() { s, err = Load(fsys, "worst.tmx", testTypes) })
	if err != nil {
		t.Fatal(err)
	}
	if n > maxCaseAlloc {
		t.Errorf("Load allocated %d MB, want under %d MB", n>>20, maxCaseAlloc>>20)
	}
	if len(s.Units) != MaxUnits || len(s.Units[1].Properties) != 14 {
		t.Errorf("%d units, the second with %d properties of its own; want %d and 14", len(s.Units), len(s.Units[1].Properties), MaxUnits)
	}
	if ts := s.Tiles.Tilesets; len(ts) != 1 || ts[0].Image.Bounds().Dx() != 4096 {
		t.Errorf("tilesets %d: want the one 4096×2048 sheet", len(ts))
	}
}

// BenchmarkLoadWorst loads worstMap, reporting what one load allocates in
// all and what the scenario keeps (the heap after a collection, the
// scenario alive).
func BenchmarkLoadWorst(b *testing.B) {
	fsys := worstMap(b)
	var before, after runtime.MemStats
	var kept, alloc uint64
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		s, err := Load(fsys, "worst.tmx", testTypes)
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		alloc += after.TotalAlloc - before.TotalAlloc
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept = after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(s)
	}
	b.ReportMetric(float64(alloc)/float64(b.N)/(1<<20), "MB-alloc/op")
	b.ReportMetric(float64(kept)/(1<<20), "MB-kept")
}

var worstMapDir = flag.String("worstmap", "", "write issue 39's worst legal map and its plain peers into this folder (docs/BENCHMARKS.md)")

// TestWriteWorstMap writes, when -worstmap DIR is given, the maps
// docs/BENCHMARKS.md measures the game and hexfire-cli with: worst/map.tmx
// (worstMap), worst16/map.tmx (its 2048² sheet in 16-bit RGBA),
// worst100/map.tmx (worstMap's sheet and units on 100×100 hexes) and
// plainN/map.tmx for N of 100, 200 and 300 (one layer of the
// generated flat tileset, two units):
//
//	go test ./maps -run TestWriteWorstMap -worstmap /tmp/worst
func TestWriteWorstMap(t *testing.T) {
	if *worstMapDir == "" {
		t.Skip("no -worstmap folder given")
	}
	write := func(dir string, files fstest.MapFS) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, f := range files {
			if name == "worst.tmx" {
				name = "map.tmx"
			}
			if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := LoadFile(filepath.Join(dir, "map.tmx"), testTypes); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", filepath.Join(dir, "map.tmx"))
	}
	write(filepath.Join(*worstMapDir, "worst"), worstMap(t))
	write(filepath.Join(*worstMapDir, "worst16"), worstMapOf(t, 200, 200, true))
	write(filepath.Join(*worstMapDir, "worst100"), worstMapOf(t, 100, 100, false))
	tsx, err := fs.ReadFile(assets.FS, "tiles/hexfire-flat.tsx")
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := fs.ReadFile(assets.FS, "tiles/hexfire-flat.png")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{100, 200, 300} {
		write(filepath.Join(*worstMapDir, fmt.Sprintf("plain%d", n)), fstest.MapFS{
			"map.tmx":          {Data: []byte(squareMap(n, 1, "hexfire-flat.tsx"))},
			"hexfire-flat.tsx": {Data: tsx},
			"hexfire-flat.png": {Data: sheet},
		})
	}
}
