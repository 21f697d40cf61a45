package maps

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultScenarioTiles(t *testing.T) {
	s, err := Default(testTypes)
	if err != nil {
		t.Fatal(err)
	}
	tl := s.Tiles
	if tl == nil || len(tl.Layers) == 0 {
		t.Fatalf("Tiles = %+v, want the map's tile layers", tl)
	}
	b := s.Board
	ground := tl.Layers[0]
	if have, want := len(ground.Tiles), b.Width*b.Height; have != want {
		t.Fatalf("ground layer tiles = %d, want %d", have, want)
	}
	for h := range b.Hexes() {
		o := b.Layout.ToOffset(h)
		tile := ground.Tiles[o.Col+o.Row*b.Width]
		if tile.Set == 0 {
			t.Errorf("%s has no ground tile", b.Label(h))
			continue
		}
		ts := &tl.Tilesets[tile.Set-1]
		img, r, ok := ts.Source(tile.ID)
		if !ok || img == nil {
			t.Errorf("%s: tile %d of %s has no image", b.Label(h), tile.ID, ts.Name)
			continue
		}
		if have, want := r.Size(), image.Pt(ts.TileWidth, ts.TileHeight); have != want {
			t.Errorf("%s: tile rectangle %v, want size %v", b.Label(h), r, want)
		}
	}
}

// tilesPNG is a 3×2-tile PNG of 4×4 tiles with a 1-pixel margin and
// spacing: tile i is filled with grey level 10×(i+1).
func tilesPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 1+3*5, 1+2*5))
	for i := range 6 {
		x, y := 1+(i%3)*5, 1+(i/3)*5
		for dy := range 4 {
			for dx := range 4 {
				img.Set(x+dx, y+dy, color.Gray{uint8(10 * (i + 1))})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const gridTileset = ` <tileset firstgid="1" name="grid" tilewidth="4" tileheight="4" tilecount="6" columns="3" margin="1" spacing="1">
  <tileoffset x="2" y="-3"/>
  <image source="grid.png" width="16" height="11"/>
 </tileset>
`

func TestTileLayerExport(t *testing.T) {
	// gids: 0 none; 1..6 tiles; the high bits are Tiled's flags (H, V, D, 120).
	const h, v, d, r120 = 1 << 31, 1 << 30, 1 << 29, 1 << 28
	body := gridTileset + csvLayer("ground", 1, 2, 3, 4, 5, 6) + "\n" +
		csvLayer("top", 0, 6|d, 5|r120, 4|h|v, 3|h|v|d, 2|h) + "\n"
	fsys := fstest.MapFS{"test.tmx": {Data: []byte(fmt.Sprintf(mapOpen, 3, 2, body))}, "grid.png": {Data: tilesPNG(t)}}
	s, err := Load(fsys, "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	tl := s.Tiles
	if have, want := len(tl.Layers), 2; have != want {
		t.Fatalf("layers = %d, want %d", have, want)
	}
	if have, want := len(tl.Tilesets), 1; have != want {
		t.Fatalf("tilesets = %d, want %d", have, want)
	}
	ts := tl.Tilesets[0]
	if ts.Columns != 3 || ts.Margin != 1 || ts.Spacing != 1 || ts.OffsetX != 2 || ts.OffsetY != -3 || ts.FirstGID != 1 {
		t.Errorf("tileset = %+v, want 3 columns, margin 1, spacing 1, offset (2,-3), firstgid 1", ts)
	}
	for _, tc := range []struct {
		layer, i int
		want     Tile
		rotation int
		rotates  bool
	}{
		{0, 0, Tile{Set: 1, ID: 0}, 0, true},
		{0, 5, Tile{Set: 1, ID: 5}, 0, true},
		{1, 0, Tile{}, 0, true},
		{1, 1, Tile{Set: 1, ID: 5, Flip: FlipDiagonal}, 1, true},
		{1, 2, Tile{Set: 1, ID: 4, Flip: Rotate120}, 2, true},
		{1, 3, Tile{Set: 1, ID: 3, Flip: FlipHorizontal | FlipVertical}, 3, true},
		{1, 4, Tile{Set: 1, ID: 2, Flip: FlipHorizontal | FlipVertical | FlipDiagonal}, 4, true},
		{1, 5, Tile{Set: 1, ID: 1, Flip: FlipHorizontal}, 0, false},
	} {
		t.Run(fmt.Sprintf("layer%d/tile%d", tc.layer, tc.i), func(t *testing.T) {
			have := tl.Layers[tc.layer].Tiles[tc.i]
			if have != tc.want {
				t.Errorf("tile = %+v, want %+v", have, tc.want)
			}
			if r, ok := have.Flip.Rotation(); r != tc.rotation || ok != tc.rotates {
				t.Errorf("Rotation() = %d, %v; want %d, %v", r, ok, tc.rotation, tc.rotates)
			}
		})
	}
	// Tile 4 (second row, second column) starts at (1+5, 1+5) and is grey 50.
	img, r, ok := ts.Source(4)
	if !ok || r != image.Rect(6, 6, 10, 10) {
		t.Fatalf("Source(4) = %v, %v; want (6,6)-(10,10)", r, ok)
	}
	if have, want := color.GrayModel.Convert(img.At(r.Min.X, r.Min.Y)), (color.Gray{50}); have != want {
		t.Errorf("tile 4 pixel = %v, want %v", have, want)
	}
	if _, _, ok := ts.Source(6); ok {
		t.Errorf("Source(6) of a 6-tile tileset: want false")
	}
}

func TestTileImageErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		want  []string
	}{
		{"missing image", fstest.MapFS{}, []string{"test.tmx", "grid.png"}},
		{"not a PNG", fstest.MapFS{"grid.png": {Data: []byte("GIF89a")}}, []string{"test.tmx", "grid.png", "not a PNG"}},
		{"too large", fstest.MapFS{"grid.png": {Data: hugePNGHeader(t)}}, []string{"test.tmx", "grid.png", "limit"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.files["test.tmx"] = &fstest.MapFile{Data: []byte(fmt.Sprintf(mapOpen, 1, 1, gridTileset+csvLayer("ground", 1)))}
			_, err := Load(tc.files, "test.tmx", testTypes)
			if err == nil {
				t.Fatalf("Load: no error, want one naming %v", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

// hugePNGHeader is a PNG that claims to be 20000×20000 pixels; only its
// header is valid, which is all the size check reads.
func hugePNGHeader(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	// The IHDR chunk's width and height follow the 8-byte signature and the
	// chunk's length and type (8 bytes); its CRC covers type and data.
	copy(data[16:24], []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20})
	binary.BigEndian.PutUint32(data[29:33], crc32.ChecksumIEEE(data[12:29]))
	return data
}
