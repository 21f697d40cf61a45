package maps

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hexfire/assets"
	"hexfire/board"
)

var bigMapDir = flag.String("bigmap", "", "write the largest benchmark map (bigmap.tmx, 500×500, 16 layers) and its tileset into this folder")

// bigMap returns a board.MaxDimension-square map of layers full tile
// layers over the generated flat tileset at tileset, with two units: the
// size docs/BENCHMARKS.md measures the loader and the game with.
func bigMap(layers int, tileset string) string { return squareMap(board.MaxDimension, layers, tileset) }

// squareMap returns an n×n map of layers full tile layers over the
// generated flat tileset at tileset, with two units.
func squareMap(n, layers int, tileset string) string {
	// Terrain tiles only (every layer sets each hex's terrain); the top
	// layer leaves A1, B1 and B2 open for the two units.
	terrain := []uint32{0, 1, 2, 6, 7, 8, 24, 25, 30, 31, 32, 35, 36, 37, 42}
	var body strings.Builder
	raw := make([]byte, 4*n*n)
	for l := range layers {
		for i := range n * n {
			id := terrain[(i*7+l*3+i/n)%len(terrain)]
			if l == layers-1 && (i < 2 || i == n+1) {
				id = 0
			}
			binary.LittleEndian.PutUint32(raw[4*i:], id+1)
		}
		var packed bytes.Buffer
		w := zlib.NewWriter(&packed)
		w.Write(raw)
		w.Close()
		fmt.Fprintf(&body, ` <layer id="%d" name="layer %d" width="%d" height="%d"><data encoding="base64" compression="zlib">%s</data></layer>
`, l+1, l+1, n, n, base64.StdEncoding.EncodeToString(packed.Bytes()))
	}
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="%d" height="%d" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="even">
 <properties><property name="title" value="Benchmark %dx%d, %d layers"/><property name="turns" type="int" value="10"/></properties>
 <tileset firstgid="1" source="%s"/>
%s <objectgroup id="%d" name="units">
  <object id="1" x="32" y="56"><properties><property name="type" value="M4A3E8"/><property name="side" value="allies"/></properties><point/></object>
  <object id="2" x="80" y="84"><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/></properties><point/></object>
 </objectgroup>
</map>
`, n, n, n, n, layers, tileset, body.String(), layers+1)
}

// TestWriteBigMap writes the benchmark map when -bigmap DIR is given:
//
//	go test ./maps -run TestWriteBigMap -bigmap /tmp/big
func TestWriteBigMap(t *testing.T) {
	if *bigMapDir == "" {
		t.Skip("no -bigmap folder given")
	}
	for _, f := range []string{"hexfire-flat.tsx", "hexfire-flat.png"} {
		data, err := fs.ReadFile(assets.FS, "tiles/"+f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*bigMapDir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(*bigMapDir, "bigmap.tmx")
	if err := os.WriteFile(p, []byte(bigMap(16, "hexfire-flat.tsx")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadFile(p, testTypes)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %dx%d, %d layers", p, s.Board.Width, s.Board.Height, len(s.Tiles.Layers))
}

// BenchmarkLoadBig loads the largest map the loader takes in full: 500×500
// hexes in 16 tile layers.
func BenchmarkLoadBig(b *testing.B) {
	tsx, err := fs.ReadFile(assets.FS, "tiles/hexfire-flat.tsx")
	if err != nil {
		b.Fatal(err)
	}
	png, err := fs.ReadFile(assets.FS, "tiles/hexfire-flat.png")
	if err != nil {
		b.Fatal(err)
	}
	mfs := fstest.MapFS{"big.tmx": {Data: []byte(bigMap(16, "hexfire-flat.tsx"))}, "hexfire-flat.tsx": {Data: tsx}, "hexfire-flat.png": {Data: png}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(mfs, "big.tmx", testTypes); err != nil {
			b.Fatal(err)
		}
	}
}
