package maps

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
)

// worstMap is the costliest map of issue 39's shapes within every limit:
// one 4096×2048 RGBA sheet (MaxImageBytes decoded) cut into 32,768 tiles of
// 16×16, a 200×200 board whose hexes place 32,768 distinct tiles, and
// MaxUnits units, half of them from a template of 16 properties of 1 KB
// (8,000 unit properties of MaxUnitProperties).
func worstMap(t testing.TB) fstest.MapFS {
	t.Helper()
	sheet := image.NewRGBA(image.Rect(0, 0, 4096, 2048))
	for i := 0; i < len(sheet.Pix); i += 4093 {
		sheet.Pix[i] = byte(i)
	}
	var img bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&img, sheet); err != nil {
		t.Fatal(err)
	}
	const w, h, tiles = 200, 200, 256 * 128
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
	tmx := fmt.Sprintf(mapOpen, w, h, fmt.Sprintf(` <tileset firstgid="1" name="sheet" tilewidth="16" tileheight="16" tilecount="%d" columns="256"><image source="sheet.png" width="4096" height="2048"/></tileset>`, tiles)+
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
