package maps

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hexfire/assets"
	"hexfire/board"
	"hexfire/fileio"
)

// fakeTypes is a unit catalogue for tests: known names and their movers.
type fakeTypes map[string]board.Mover

func (f fakeTypes) Mover(name string) (board.Mover, error) {
	m, ok := f[name]
	if !ok {
		return 0, fmt.Errorf("no unit type %q in the catalogue", name)
	}
	return m, nil
}

var testTypes = fakeTypes{
	"M4A3E8": board.Wheeled, "Tiger I": board.Wheeled, "Sherman Firefly": board.Wheeled,
	"M4 (75)": board.Wheeled, "M10": board.Wheeled, "M3 Halftrack": board.Wheeled,
	"M38 Jeep": board.Wheeled, "3-Ton Truck": board.Wheeled, "6-Pndr Mk IV": board.Wheeled,
	"57mm M1": board.Wheeled, "Pz IV H": board.Wheeled, "StuG III G": board.Wheeled,
	"SdKfz 251": board.Wheeled, "Pak 40": board.Wheeled, "Panther": board.Wheeled,
	"US Rifle Squad": board.Foot, "US Rifle Half Squad": board.Foot, "US Bazooka Team": board.Foot,
	"US Leader": board.Foot, "German Rifle Squad": board.Foot, "German Panzerschreck Team": board.Foot,
	"German Leader": board.Foot,
}

func label(t *testing.T, b *board.Board, s string) board.Hex {
	t.Helper()
	h, err := b.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestDefaultScenarioSeedGeometry(t *testing.T) {
	s, err := Default(testTypes)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	if b.Layout != board.DefaultLayout {
		t.Errorf("layout = %+v, want board.DefaultLayout", b.Layout)
	}
	e4, c1 := label(t, b, "E4"), label(t, b, "C1")
	if d := e4.Distance(c1); d != 4 {
		t.Errorf("E4-C1 distance = %d, want 4", d)
	}
	for _, tc := range []struct {
		hex  string
		want board.Terrain
	}{{"C1", board.Woods}, {"C2", board.Woods}, {"D2", board.Open}, {"D3", board.Open}, {"E3", board.Open}, {"D4", board.Open}, {"E4", board.Open}} {
		t.Run(tc.hex, func(t *testing.T) {
			c := b.Cell(label(t, b, tc.hex))
			if c.Terrain != tc.want || c.Level != 0 {
				t.Errorf("%s = %v level %d, want %v level 0", tc.hex, c.Terrain, c.Level, tc.want)
			}
		})
	}
	at := map[string]Placement{}
	for _, u := range s.Units {
		at[b.Label(u.Hex)] = u
	}
	if u := at["E4"]; u.Type != "M4A3E8" || u.Side != Allies {
		t.Errorf("unit in E4 = %q %q, want M4A3E8 allies", u.Type, u.Side)
	}
	if u := at["C1"]; u.Type != "Tiger I" || u.Side != Axis || u.Facing != board.DirN {
		t.Errorf("unit in C1 = %q %q facing %v, want Tiger I axis facing N", u.Type, u.Side, u.Facing)
	}
	if s.Title != "Hedgerow Crossroads" || s.HexMetres != 50 || s.Ruleset != "elimination" || s.Turns != 8 || s.FirstSide != Allies {
		t.Errorf("properties = %q %d %q %d %q, want Hedgerow Crossroads 50 elimination 8 allies", s.Title, s.HexMetres, s.Ruleset, s.Turns, s.FirstSide)
	}
	if v := s.Properties["victory"]; !strings.Contains(v, "hold K8 L8") {
		t.Errorf("victory = %q, want a clause holding K8 L8", v)
	}
	sides := map[Side]int{}
	for _, u := range s.Units {
		sides[u.Side]++
	}
	if sides[Allies] < 5 || sides[Axis] < 5 {
		t.Errorf("units per side = %v, want at least 5 each", sides)
	}
}

// TestDefaultScenarioFeatures checks that the default map has what the
// issue asks of it: village, walls, woods, orchards, crops, a stream with a
// bridge, roads and a two-level hill.
func TestDefaultScenarioFeatures(t *testing.T) {
	s, err := Default(testTypes)
	if err != nil {
		t.Fatal(err)
	}
	terrains := map[board.Terrain]int{}
	levels := map[int]int{}
	roads := 0
	walls := 0
	for h := range s.Board.Hexes() {
		c := s.Board.Cell(h)
		terrains[c.Terrain]++
		levels[c.Level]++
		if c.Road {
			roads++
		}
		for d := range board.Direction(6) {
			if s.Board.Hexside(h, d) == board.Wall {
				walls++
			}
		}
	}
	for _, want := range []board.Terrain{board.Building, board.Woods, board.Orchard, board.Crops, board.Stream, board.Bridge} {
		if terrains[want] == 0 {
			t.Errorf("no %v hex on the default map", want)
		}
	}
	if levels[1] == 0 || levels[2] == 0 {
		t.Errorf("hill levels = %v, want hexes at level 1 and 2", levels)
	}
	if roads == 0 || walls == 0 {
		t.Errorf("roads = %d, wall hexsides = %d, want some of each", roads, walls)
	}
	if s.Board.Width < 20 || s.Board.Height < 14 {
		t.Errorf("size = %dx%d, want about 24x16", s.Board.Width, s.Board.Height)
	}
}

// TestStaggerVariants loads the same little map in all four Tiled layouts.
// The units sit at pixel positions worked out by hand from Tiled's
// geometry: a point object at the centre of C2, a tile object whose
// bottom-left corner is that of hex B3.
func TestStaggerVariants(t *testing.T) {
	for _, name := range []string{"flat-even", "flat-odd", "pointy-even", "pointy-odd"} {
		t.Run(name, func(t *testing.T) {
			s, err := LoadFile(filepath.Join("testdata", name+".tmx"), testTypes)
			if err != nil {
				t.Fatal(err)
			}
			b := s.Board
			if b.Width != 4 || b.Height != 3 {
				t.Fatalf("size = %dx%d, want 4x3", b.Width, b.Height)
			}
			if c := b.Cell(label(t, b, "C1")); c.Terrain != board.Woods {
				t.Errorf("C1 = %v, want woods", c.Terrain)
			}
			if c := b.Cell(label(t, b, "D2")); c.Terrain != board.Building {
				t.Errorf("D2 = %v, want building", c.Terrain)
			}
			if len(s.Units) != 2 {
				t.Fatalf("units = %d, want 2", len(s.Units))
			}
			want := []struct {
				hex, typ string
				facing   board.Direction
			}{{"C2", "M4A3E8", board.DirS}, {"B3", "Tiger I", board.DirN}}
			for i, w := range want {
				u := s.Units[i]
				if have := b.Label(u.Hex); have != w.hex || u.Type != w.typ || u.Facing != w.facing {
					t.Errorf("unit %d = %s %q facing %v, want %s %q facing %v", i, have, u.Type, u.Facing, w.hex, w.typ, w.facing)
				}
			}
			if s.Title != name {
				t.Errorf("title = %q, want the file name %q", s.Title, name)
			}
		})
	}
}

// testFS returns a file system with the test tileset and one map.
func testFS(t testing.TB, tmx string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{"test.tmx": {Data: []byte(tmx)}}
	for _, f := range []string{"terrain.tsx", "terrain.png"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		fsys[f] = &fstest.MapFile{Data: data}
	}
	return fsys
}

const mapOpen = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="%d" height="%d" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="even">
%s
</map>
`

// tmxMap builds a w×h flat-topped map with the test tileset and body.
func tmxMap(w, h int, body string) string {
	return fmt.Sprintf(mapOpen, w, h, ` <tileset firstgid="1" source="terrain.tsx"/>`+"\n"+body)
}

func csvLayer(name string, gids ...int) string {
	s := make([]string, len(gids))
	for i, g := range gids {
		s[i] = fmt.Sprint(g)
	}
	return fmt.Sprintf(` <layer id="%d" name="%s"><data encoding="csv">%s</data></layer>`, len(name), name, strings.Join(s, ","))
}

func encoded(gids []int, compression string) string {
	var raw bytes.Buffer
	for _, g := range gids {
		_ = binary.Write(&raw, binary.LittleEndian, uint32(g))
	}
	var packed bytes.Buffer
	switch compression {
	case "zlib":
		w := zlib.NewWriter(&packed)
		w.Write(raw.Bytes())
		w.Close()
	case "gzip":
		w := gzip.NewWriter(&packed)
		w.Write(raw.Bytes())
		w.Close()
	default:
		packed = raw
	}
	attr := ""
	if compression != "" {
		attr = fmt.Sprintf(` compression="%s"`, compression)
	}
	return fmt.Sprintf(` <layer id="1" name="ground"><data encoding="base64"%s>%s</data></layer>`, attr, base64.StdEncoding.EncodeToString(packed.Bytes()))
}

func TestLayerEncodings(t *testing.T) {
	gids := []int{1, 2, 3, 1, 7, 1} // open woods building / open pond open, 3x2
	var xmlTiles strings.Builder
	for _, g := range gids {
		fmt.Fprintf(&xmlTiles, `<tile gid="%d"/>`, g)
	}
	for _, tc := range []struct{ name, layer string }{
		{"csv", csvLayer("ground", gids...)},
		{"base64", encoded(gids, "")},
		{"zlib", encoded(gids, "zlib")},
		{"gzip", encoded(gids, "gzip")},
		{"xml", ` <layer id="1" name="ground"><data>` + xmlTiles.String() + `</data></layer>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Load(testFS(t, tmxMap(3, 2, tc.layer)), "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			want := []board.Terrain{board.Open, board.Woods, board.Building, board.Open, board.Pond, board.Open}
			for i, w := range want {
				h := s.Board.Layout.ToHex(board.Offset{Col: i % 3, Row: i / 3})
				if have := s.Board.Cell(h).Terrain; have != w {
					t.Errorf("%s = %v, want %v", s.Board.Label(h), have, w)
				}
			}
		})
	}
}

func TestEmbeddedTileset(t *testing.T) {
	tmx := fmt.Sprintf(mapOpen, 2, 1, ` <tileset firstgid="1" name="inline" tilewidth="64" tileheight="56" tilecount="2" columns="2">
  <image source="terrain.png" width="16" height="8"/>
  <tile id="1"><properties><property name="terrain" value="orchard"/></properties></tile>
 </tileset>
`+csvLayer("ground", 1, 2))
	s, err := Load(testFS(t, tmx), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	if have := b.Cell(label(t, b, "A1")).Terrain; have != board.Open {
		t.Errorf("A1 = %v, want open (tile without properties)", have)
	}
	if have := b.Cell(label(t, b, "B1")).Terrain; have != board.Orchard {
		t.Errorf("B1 = %v, want orchard", have)
	}
}

// TestLayersCombine puts a hill, a road and a wall layer over the ground.
func TestLayersCombine(t *testing.T) {
	// tiles: 1 open, 2 woods, 4 level 1, 5 road, 6 wall on side 2 (SE),
	// 8 crops level 2, 9 no properties
	body := strings.Join([]string{
		csvLayer("ground", 2, 1, 1, 8, 1, 1),
		csvLayer("hills", 4, 4, 0, 0, 9, 0),
		csvLayer("roads", 5, 0, 5, 0, 0, 0),
		csvLayer("hexsides", 6, 0, 0, 0, 0, 0),
	}, "\n")
	s, err := Load(testFS(t, tmxMap(3, 2, body)), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	for _, tc := range []struct {
		hex  string
		want board.Cell
	}{
		{"A1", board.Cell{Terrain: board.Woods, Level: 1, Road: true}},
		{"B1", board.Cell{Terrain: board.Open, Level: 1}},
		{"C1", board.Cell{Terrain: board.Open, Road: true}},
		{"A2", board.Cell{Terrain: board.Crops, Level: 2}},
		{"B2", board.Cell{Terrain: board.Open}},
	} {
		if have := b.Cell(label(t, b, tc.hex)); have != tc.want {
			t.Errorf("%s = %+v, want %+v", tc.hex, have, tc.want)
		}
	}
	a1 := label(t, b, "A1")
	if f := b.Hexside(a1, board.DirSE); f != board.Wall {
		t.Errorf("A1 SE hexside = %v, want wall", f)
	}
	if f := b.HexsideBetween(a1.Neighbor(board.DirSE), a1); f != board.Wall {
		t.Errorf("hexside seen from the other hex = %v, want wall", f)
	}
	if f := b.Hexside(a1, board.DirS); f != board.NoFeature {
		t.Errorf("A1 S hexside = %v, want none", f)
	}
}

func TestPlainTiledMap(t *testing.T) {
	tmx := fmt.Sprintf(mapOpen, 3, 2, ` <tileset firstgid="1" name="plain" tilewidth="64" tileheight="56" tilecount="4" columns="4">
  <image source="terrain.png" width="16" height="8"/>
 </tileset>
`+csvLayer("Tile Layer 1", 1, 2, 3, 4, 0, 1)+`
 <objectgroup id="2" name="Object Layer 1"><object id="1" x="10" y="10"/></objectgroup>`)
	s, err := Load(testFS(t, tmx), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	for h := range s.Board.Hexes() {
		if c := s.Board.Cell(h); c != (board.Cell{}) {
			t.Errorf("%s = %+v, want open level 0", s.Board.Label(h), c)
		}
	}
	if len(s.Units) != 0 {
		t.Errorf("units = %d, want 0", len(s.Units))
	}
	if s.Title != "test" || s.HexMetres != DefaultHexMetres || s.Ruleset != DefaultRuleset || s.FirstSide != Allies || s.Turns != 0 {
		t.Errorf("defaults = %q %d %q %q %d, want test %d %s allies 0", s.Title, s.HexMetres, s.Ruleset, s.FirstSide, s.Turns, DefaultHexMetres, DefaultRuleset)
	}
}

func TestUnitProperties(t *testing.T) {
	body := csvLayer("ground", 1, 1, 1, 1, 1, 1) + `
 <objectgroup id="9" name="units">
  <object id="7" name="Lead tank" x="32" y="56"><properties>
   <property name="type" value="M4A3E8"/><property name="side" value="Allies"/>
   <property name="facing" type="int" value="5"/><property name="script" value="move:C2"/>
   <property name="veteran" type="bool" value="true"/>
  </properties><point/></object>
 </objectgroup>`
	s, err := Load(testFS(t, tmxMap(3, 2, body)), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Units) != 1 {
		t.Fatalf("units = %d, want 1", len(s.Units))
	}
	u := s.Units[0]
	if u.ID != 7 || u.Name != "Lead tank" || u.Side != Allies || u.Facing != board.DirNW || u.Script != "move:C2" || u.Properties["veteran"] != "true" {
		t.Errorf("placement = %+v, want id 7, Lead tank, allies, facing NW, script move:C2, veteran=true", u)
	}
	if have := s.Board.Label(u.Hex); have != "A1" {
		t.Errorf("hex = %s, want A1", have)
	}
}

func TestLoadErrors(t *testing.T) {
	unit := func(x, y int, typ string) string {
		return fmt.Sprintf(`<objectgroup id="9" name="units"><object id="3" x="%d" y="%d"><properties><property name="type" value="%s"/><property name="side" value="axis"/></properties><point/></object></objectgroup>`, x, y, typ)
	}
	inline := func(tile string) string {
		return fmt.Sprintf(mapOpen, 2, 1, ` <tileset firstgid="1" name="inline" tilewidth="64" tileheight="56" tilecount="2" columns="2">
  <image source="terrain.png" width="16" height="8"/>
  <tile id="0"><properties>`+tile+`</properties></tile>
 </tileset>
`+csvLayer("ground", 1, 1))
	}
	ground := csvLayer("ground", 1, 1, 1, 1, 3, 1) // building in B2
	for _, tc := range []struct {
		name, tmx, want string
	}{
		{"not hexagonal", strings.Replace(tmxMap(3, 2, ground), `"hexagonal"`, `"orthogonal"`, 1), `orientation "orthogonal"`},
		{"bad stagger axis", strings.Replace(tmxMap(3, 2, ground), `staggeraxis="x"`, `staggeraxis="z"`, 1), `staggeraxis "z"`},
		{"missing tileset", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "nowhere.tsx", 1), `tileset "nowhere.tsx"`},
		{"missing image", strings.Replace(inline(`<property name="terrain" value="open"/>`), "terrain.png", "nowhere.png", 1), `image "nowhere.png"`},
		{"unknown terrain", inline(`<property name="terrain" value="lava"/>`), `unknown terrain "lava"`},
		{"level out of range", inline(`<property name="level" value="3"/>`), `level "3" out of range`},
		{"bad hexside direction", inline(`<property name="wall" value="7"/>`), `direction "7"`},
		{"unit off the map", tmxMap(3, 2, ground+unit(-300, 20, "Tiger I")), `object 3 "": position (-300, 20) is off the 3x2 map`},
		{"unit on prohibited terrain", tmxMap(3, 2, ground+unit(80, 84, "Tiger I")), `Tiger I in hex B2: Tiger I may not be on building`},
		{"unknown unit type", tmxMap(3, 2, ground+unit(32, 28, "Maus")), `unit type "Maus"`},
		{"map too large", tmxMap(board.MaxDimension+1, 2, ground), `map size 501x2`},
		{"map huge", tmxMap(100000, 100000, ground), `map size 100000x100000`},
		{"map empty", tmxMap(0, 2, ground), `map size 0x2`},
		{"layer too small", tmxMap(3, 2, csvLayer("ground", 1, 1)), `layer "ground": data holds 2 tiles, want 6`},
		{"layer too big base64", tmxMap(1, 1, encoded([]int{1, 1, 1}, "zlib")), `layer "ground": data holds 2 tiles, want 1`},
		{"unknown compression", tmxMap(3, 2, strings.Replace(encoded(make([]int, 6), "zlib"), "zlib", "zstd", 1)), `compression "zstd"`},
		{"malformed XML", tmxMap(3, 2, ground)[:200], `malformed XML`},
		{"not a map", `<?xml version="1.0"?><tileset/>`, `root element is <tileset>`},
		{"infinite", strings.Replace(tmxMap(3, 2, ground), `infinite="0"`, `infinite="1"`, 1), `infinite maps`},
		{"bad facing", tmxMap(3, 2, ground+`<objectgroup id="9" name="units"><object id="3" x="32" y="28"><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/><property name="facing" value="6"/></properties><point/></object></objectgroup>`), `facing "6"`},
		{"bad side", tmxMap(3, 2, ground+`<objectgroup id="9" name="units"><object id="3" x="32" y="28"><properties><property name="type" value="Tiger I"/><property name="side" value="russia"/></properties><point/></object></objectgroup>`), `side "russia"`},
		{"no side", tmxMap(3, 2, ground+`<objectgroup id="9" name="units"><object id="3" x="32" y="28"><properties><property name="type" value="Tiger I"/></properties><point/></object></objectgroup>`), `no side`},
		{"bad hex_m", tmxMap(3, 2, `<properties><property name="hex_m" value="-5"/></properties>`+ground), `hex_m "-5"`},
		{"hex_m at the largest int", tmxMap(3, 2, `<properties><property name="hex_m" value="9223372036854775807"/></properties>`+ground), `hex_m "9223372036854775807": want metres per hex, a whole number from 1 to 10000`},
		{"hex_m just beyond its bound", tmxMap(3, 2, `<properties><property name="hex_m" value="10001"/></properties>`+ground), `hex_m "10001"`},
		{"tile not in tileset", tmxMap(3, 2, csvLayer("ground", 1, 1, 1, 1, 1, 40)), `tile 39 is not in tileset "terrain.tsx"`},
		{"flipped hexside tile", tmxMap(3, 2, csvLayer("ground", 1, 1, 1, 1, 1, 6|0x80000000)), `hexside tile 5 of tileset "terrain.tsx" is flipped`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Load(testFS(t, tc.tmx), "test.tmx", testTypes)
			if err == nil {
				t.Fatalf("Load = %+v, want an error containing %q", s, tc.want)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "maps: test.tmx: ") || !strings.Contains(msg, tc.want) {
				t.Errorf("error = %q, want it to start with %q and contain %q", msg, "maps: test.tmx: ", tc.want)
			}
		})
	}
}

func TestLoadFileMissing(t *testing.T) {
	_, err := LoadFile(filepath.Join("testdata", "nowhere.tmx"), testTypes)
	if err == nil || !strings.Contains(err.Error(), "nowhere.tmx") {
		t.Errorf("error = %v, want one naming nowhere.tmx", err)
	}
}

func BenchmarkLoadDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Default(testTypes); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzLoad feeds mangled maps to the loader: it must return a scenario or
// an error of one short line, never panic. Seeds are the stagger fixtures
// and every hostile map of issue 17 (hostile_test.go) and "arrives" values
// good and bad (arrival_test.go), over a file system
// that holds what they refer to: a template, a named pipe, a device, files
// that are no tileset, fake huge images.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"flat-even", "pointy-odd"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".tmx"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(tmxMap(2, 1, encoded([]int{1, 2}, "gzip"))))
	for _, arrives := range []string{"3", "2 north", "7 up", "0", "99999999999999999999 east"} {
		f.Add([]byte(arrivalMap(6, 80, 84, arrives)))
	}
	for _, tc := range hostileCases(f, false) {
		f.Add([]byte(tc.tmx))
	}
	base := hostileFS(f, false)
	f.Fuzz(func(t *testing.T, tmx []byte) {
		fsys := fstest.MapFS{"test.tmx": {Data: tmx}}
		for k, v := range base {
			fsys[k] = v
		}
		s, err := Load(fsys, "test.tmx", testTypes)
		if err == nil && s.Board == nil {
			t.Errorf("Load returned no board and no error")
		}
		if err != nil && (len(err.Error()) > fileio.MaxErrorLength || strings.Contains(err.Error(), "TOPSECRET")) {
			t.Errorf("error %q: longer than %d bytes or quoting another file", err, fileio.MaxErrorLength)
		}
	})
}

// TestGeneratedTilesets places every tile of each generated tileset on a
// map of the matching orientation: all their properties must load, and a
// few tiles must give the terrain their name says.
func TestGeneratedTilesets(t *testing.T) {
	for _, tc := range []struct{ name, axis, size string }{
		{"hexfire-flat", "x", `tilewidth="64" tileheight="56"`},
		{"hexfire-pointy", "y", `tilewidth="56" tileheight="64"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, ext := range []string{".tsx", ".png"} {
				data, err := fs.ReadFile(assets.FS, "tiles/"+tc.name+ext)
				if err != nil {
					t.Fatal(err)
				}
				fsys["tiles/"+tc.name+ext] = &fstest.MapFile{Data: data}
			}
			gids := make([]int, 100)
			for i := range 100 {
				if i < 87 {
					gids[i] = i + 1
				}
			}
			tmx := fmt.Sprintf(`<map orientation="hexagonal" width="10" height="10" %s hexsidelength="32" staggeraxis="%s" staggerindex="odd">
 <tileset firstgid="1" source="../tiles/%s.tsx"/>
%s
</map>`, tc.size, tc.axis, tc.name, csvLayer("all", gids...))
			fsys["scenarios/test.tmx"] = &fstest.MapFile{Data: []byte(tmx)}
			s, err := Load(fsys, "scenarios/test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []struct {
				id   int
				want board.Cell
			}{{0, board.Cell{Terrain: board.Open}}, {6, board.Cell{Terrain: board.Building}}, {7, board.Cell{Terrain: board.Woods}}} {
				h := s.Board.Layout.ToHex(board.Offset{Col: w.id % 10, Row: w.id / 10})
				if have := s.Board.Cell(h); have != w.want {
					t.Errorf("tile %d gives %+v, want %+v", w.id, have, w.want)
				}
			}
		})
	}
}
