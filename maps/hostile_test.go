package maps

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io/fs"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"hexfire/fileio"
)

// The cases of this file are the crafted inputs of issue 17: each ends with
// one short error line naming the file and what is wrong, or loads where it
// is valid, and allocates far less than 256 MB.

// maxCaseAlloc is what one hostile case may allocate in all.
const maxCaseAlloc = 256 << 20

// pngHeader is a grey PNG that claims to be w×h pixels; only its header
// is valid, which is all the size checks read.
func pngHeader(t testing.TB, w, h uint32) []byte { return pngHeaderOf(t, w, h, 8, 0) }

// pngHeaderOf is pngHeader with the header's bit depth and colour type
// (0 grey, 6 RGBA: PNG specification, 11.2.2).
func pngHeaderOf(t testing.TB, w, h uint32, depth, colourType byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	// IHDR's width and height follow the 8-byte signature and the chunk's
	// length and type; its CRC covers type and data.
	binary.BigEndian.PutUint32(data[16:20], w)
	binary.BigEndian.PutUint32(data[20:24], h)
	data[24], data[25] = depth, colourType
	binary.BigEndian.PutUint32(data[29:33], crc32.ChecksumIEEE(data[12:29]))
	return data
}

// grayPNG is a real w×h grey PNG.
func grayPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zlibBomb is base64 zlib data that inflates to n zero bytes.
func zlibBomb(n int) string {
	var packed bytes.Buffer
	w := zlib.NewWriter(&packed)
	zeros := make([]byte, 1<<20)
	for n > 0 {
		k := min(n, len(zeros))
		w.Write(zeros[:k])
		n -= k
	}
	w.Close()
	return base64.StdEncoding.EncodeToString(packed.Bytes())
}

// hostileFS holds the files the hostile maps refer to, beside the test
// tileset: templates, special files, fake and real images; big as for
// hostileCases.
func hostileFS(t testing.TB, big bool) fstest.MapFS {
	fsys := testFS(t, "")
	delete(fsys, "test.tmx")
	fsys["unit.tx"] = &fstest.MapFile{Data: []byte(`<?xml version="1.0"?><template><object name="T" width="0" height="0"><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/></properties><point/></object></template>`)}
	fsys["pipe.tsx"] = &fstest.MapFile{Mode: fs.ModeNamedPipe}
	fsys["zero"] = &fstest.MapFile{Mode: fs.ModeDevice | fs.ModeCharDevice}
	fsys["empty.tsx"] = &fstest.MapFile{}
	fsys["secret.tsx"] = &fstest.MapFile{Data: []byte("<secrets>TOPSECRET</secrets>")}
	fsys["broken.tsx"] = &fstest.MapFile{Data: []byte("<tileset><TOPSECRET></tileset>")}
	fsys["huge.png"] = &fstest.MapFile{Data: pngHeader(t, 20000, 20000)}
	fsys["side8192.png"] = &fstest.MapFile{Data: pngHeader(t, 8192, 8192)}
	fsys["other8192.png"] = &fstest.MapFile{Data: pngHeader(t, 8192, 8192)}
	fsys["sheet.png"] = &fstest.MapFile{Data: grayPNG(t, 512, 512)}
	fsys["rgba8192.png"] = &fstest.MapFile{Data: pngHeaderOf(t, 8192, 8192, 8, 6)}
	fsys["rgba16-8192.png"] = &fstest.MapFile{Data: pngHeaderOf(t, 8192, 8192, 16, 6)}
	fsys["grey4096.png"] = &fstest.MapFile{Data: pngHeader(t, 4096, 4096)}
	fsys["half1.png"] = &fstest.MapFile{Data: pngHeader(t, 6000, 3000)}
	fsys["half2.png"] = &fstest.MapFile{Data: pngHeader(t, 6000, 3000)}
	fsys["tile2000.png"] = &fstest.MapFile{Data: pngHeader(t, 2000, 2000)}
	for i := range 60 {
		fsys[fmt.Sprintf("c%d.png", i)] = &fstest.MapFile{Data: pngHeaderOf(t, 1024, 1024, 8, 6)}
	}
	// Issue 39's templates, each shared by thousands of units: 100,000
	// properties, and 3,900 of 16 KB (62 MB); for the fuzzer, one over
	// the limit.
	fsys["fat100k.tx"] = &fstest.MapFile{Data: unitTemplate(MaxProperties+1, 1)}
	fsys["fat16k.tx"] = fsys["fat100k.tx"]
	if big {
		fsys["fat100k.tx"] = &fstest.MapFile{Data: unitTemplate(100_000, 1)}
		fsys["fat16k.tx"] = &fstest.MapFile{Data: unitTemplate(3_900, 16<<10)}
	}
	fsys["wide.tx"] = &fstest.MapFile{Data: unitTemplate(MaxProperties, 1)}
	return fsys
}

// unitTemplate is a template of a Tiger I with n properties in all (n ≥ 2),
// the ones beyond type and side holding size bytes each.
func unitTemplate(n, size int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><template><object name="T"><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/>`)
	v := strings.Repeat("v", size)
	for i := range n - 2 {
		fmt.Fprintf(&b, `<property name="p%d" value="%s"/>`, i, v)
	}
	b.WriteString(`</properties><point/></object></template>`)
	return []byte(b.String())
}

// templated is n unit objects of template tpl in one units layer.
func templated(n int, tpl string) string {
	var b strings.Builder
	b.WriteString(`<objectgroup id="9" name="units">`)
	for i := range n {
		fmt.Fprintf(&b, `<object id="%d" template="%s" x="32" y="56"/>`, i+1, tpl)
	}
	b.WriteString(`</objectgroup>`)
	return b.String()
}

// inlineTileset is an embedded tileset of 64×56 tiles on image src.
func inlineTileset(firstGID int, attrs, src string) string {
	return fmt.Sprintf(` <tileset firstgid="%d" name="inline%d" tilewidth="64" tileheight="56" tilecount="4" columns="2"%s><image source="%s" width="128" height="112"/></tileset>
`, firstGID, firstGID, attrs, src)
}

func unitObject(id int, extra string) string {
	return fmt.Sprintf(`<object id="%d" x="32" y="28"%s><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/></properties><point/></object>`, id, extra)
}

type hostileCase struct {
	name string
	tmx  string
	want []string // what the error must say; nil: the map loads
}

// hostileCases are the maps of issue 17 that need no file system of
// their own; FuzzLoad starts from them too, with big false: the large
// inputs are then a few kilobytes (the fuzzer handles those far faster)
// and still over their limits.
func hostileCases(t testing.TB, big bool) []hostileCase {
	mega, bomb, script := 1<<20, 64<<20, 5<<20
	deep, crowd, many39, few39, thousand39 := 150_000, 20_000, 2_000, 200, 1_000
	if !big {
		mega, bomb, script = 200, 64<<10, MaxPropertyLength+1
		deep, crowd, many39, few39, thousand39 = MaxDepth+1, MaxUnits+1, 20, 10, 15
	}
	var crowded strings.Builder
	for i := range crowd {
		crowded.WriteString(unitObject(i+1, ""))
	}
	side200 := 200 // issue 39's 20,000 units lay on 200×200 hexes
	if !big {
		side200 = 3
	}
	ones200 := make([]int, side200*side200)
	for i := range ones200 {
		ones200[i] = 1
	}
	var atLimit strings.Builder // MaxUnits units, in big; a few for the fuzzer
	for i := range MaxUnits {
		if !big && i == 4 {
			break
		}
		atLimit.WriteString(strings.Replace(unitObject(i+1, ""), `y="28"`, `y="56"`, 1)) // in A1
	}
	var collection60 strings.Builder
	for i := range 60 {
		fmt.Fprintf(&collection60, `<tile id="%d"><image source="c%d.png" width="1024" height="1024"/></tile>`, i, i)
	}
	b64 := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{1, 0, 0, 0}, 6))
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	units := func(objs string) string { return `<objectgroup id="9" name="units">` + objs + `</objectgroup>` }
	var many strings.Builder
	for i := range 200 {
		fmt.Fprintf(&many, `<object id="%d" template="unit.tx" x="32" y="56"/>`, i+1)
	}
	var collection strings.Builder
	for i := range 60 {
		fmt.Fprintf(&collection, `<tile id="%d"><image source="sheet.png" width="512" height="512"/></tile>`, i)
	}
	sharing := ""
	for i := range 12 {
		sharing += inlineTileset(1+4*i, "", "sheet.png")
	}
	return []hostileCase{
		{"width twice", strings.Replace(tmxMap(3, 2, ground), `width="3"`, `width="3" width="100000"`, 1), []string{`line 2: <map> gives the attribute "width" twice`}},
		{"height twice", strings.Replace(tmxMap(3, 2, ground), `height="2"`, `height="2" height="100000"`, 1), []string{`attribute "height" twice`}},
		{"data twice, bomb second", tmxMap(3, 2, `<layer id="1" name="ground"><data encoding="csv">1,1,1,1,1,1</data><data encoding="base64" compression="zlib">`+zlibBomb(bomb)+`</data></layer>`), []string{`<layer> has more than one <data>`}},
		{"data bomb", tmxMap(3, 2, `<layer id="1" name="ground"><data encoding="base64" compression="zlib">`+zlibBomb(bomb)+`</data></layer>`), []string{`layer "ground": data holds 7 tiles, want 6`}},
		{"image twice", fmt.Sprintf(mapOpen, 3, 2, strings.Replace(inlineTileset(1, "", "terrain.png"), "</tileset>", `<image source="huge.png"/></tileset>`, 1)+ground), []string{`<tileset> has more than one <image>`}},
		{"property twice", tmxMap(3, 2, `<properties><property name="title" value="A"/><property name="title" value="B"/></properties>`+ground), []string{`property "title" given twice`}},
		{"negative spacing", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, ` spacing="-64"`, "terrain.png")+ground), []string{`tileset "inline1": spacing -64`}},
		{"columns 0", fmt.Sprintf(mapOpen, 3, 2, strings.Replace(inlineTileset(1, ` spacing="-64"`, "terrain.png"), `columns="2"`, `columns="0"`, 1)+ground), []string{`spacing -64`}},
		{"map tiles 200000 px", strings.Replace(tmxMap(3, 2, ground), `tilewidth="64" tileheight="56"`, `tilewidth="200000" tileheight="200000"`, 1), []string{`map tile size 200000x200000`}},
		{"tileset tiles 200000 px", fmt.Sprintf(mapOpen, 3, 2, strings.Replace(inlineTileset(1, "", "terrain.png"), `tilewidth="64"`, `tilewidth="200000"`, 1)+ground), []string{`tilewidth 200000`}},
		{"tileset is a pipe", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "pipe.tsx", 1), []string{`tileset "pipe.tsx"`, "not a regular file (a named pipe)"}},
		{"tileset is a device", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "zero", 1), []string{`tileset "zero"`, "not a regular file"}},
		{"image is a device", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "zero")+ground), []string{`image "zero"`, "not a regular file"}},
		{"template is a pipe", tmxMap(3, 2, ground+units(`<object id="1" template="pipe.tsx" x="32" y="28"/>`)), []string{`template "pipe.tsx"`, "named pipe"}},
		{"template shared by 200 objects", tmxMap(3, 2, ground+units(many.String())), nil},
		{"image shared by 60 collection tiles", fmt.Sprintf(mapOpen, 3, 2, `<tileset firstgid="1" name="c" tilewidth="64" tileheight="56" tilecount="60" columns="0">`+collection.String()+`</tileset>`+csvLayer("ground", 1, 2, 3, 58, 59, 60)), nil},
		{"sheet shared by 12 tilesets", fmt.Sprintf(mapOpen, 3, 2, sharing+csvLayer("ground", 1, 5, 9, 13, 17, 45)), nil},
		{"image over the side limit", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "huge.png")+ground), []string{`image "huge.png"`, "20000×20000 pixels"}},
		{"grey 8192² over the byte budget", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "side8192.png")+ground), []string{`tileset "inline1": image "side8192.png": image is 8192×8192 pixels, 67108864 bytes decoded`, "limit of 33554432 bytes in all"}},
		{"images over the byte budget together", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "half1.png")+inlineTileset(5, "", "half2.png")+ground), []string{`tileset "inline5": image "half2.png"`, "18000000 bytes decoded", "limit of 33554432 bytes in all"}},
		{"RGBA 8192² sheet", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "rgba8192.png")+ground), []string{`image "rgba8192.png": image is 8192×8192 pixels, 268435456 bytes decoded`, "limit of 33554432 bytes"}},
		{"16-bit RGBA 8192² sheet", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "rgba16-8192.png")+ground), []string{`image "rgba16-8192.png": image is 8192×8192 pixels, 536870912 bytes decoded`}},
		{"1-pixel tiles", fmt.Sprintf(mapOpen, 3, 2, strings.NewReplacer(`tilewidth="64" tileheight="56"`, `tilewidth="1" tileheight="1"`).Replace(inlineTileset(1, "", "grey4096.png"))+ground), []string{`tileset "inline1": image "grey4096.png" of 4096×4096 pixels in tiles of 1×1`, "more than the limit of 65536 tiles in all"}},
		{"60 collection images of 1024² RGBA", fmt.Sprintf(mapOpen, 3, 2, `<tileset firstgid="1" name="c" tilewidth="64" tileheight="56" tilecount="60" columns="0">`+collection60.String()+`</tileset>`+csvLayer("ground", 1, 2, 3, 58, 59, 60)), []string{`tileset "c": tile 8: image "c8.png"`, "limit of 33554432 bytes in all"}},
		{"collection image over the tile limit", fmt.Sprintf(mapOpen, 3, 2, `<tileset firstgid="1" name="c" tilewidth="64" tileheight="56" tilecount="1" columns="0"><tile id="0"><image source="tile2000.png"/></tile></tileset>`+ground), []string{`tile 0: image "tile2000.png"`, "limit of 1024"}},
		{"template of 100,000 properties shared by 2,000 units", tmxMap(3, 2, ground+templated(many39, "fat100k.tx")), []string{`template "fat100k.tx": line 1: more than 100 properties in one <properties>`}},
		{"template of 3,900 properties of 16 KB shared by 2,000 units", tmxMap(3, 2, ground+templated(many39, "fat16k.tx")), []string{`template "fat16k.tx": line 1: more than 100 properties in one <properties>`}},
		// Issue 39's shapes as its probe gave them, where the cases
		// above differ in a count or a size.
		{"template of 100,000 properties shared by 200 units", tmxMap(3, 2, ground+templated(few39, "fat100k.tx")), []string{`template "fat100k.tx": line 1: more than 100 properties in one <properties>`}},
		{"template of 3,900 properties of 16 KB shared by 1,000 units", tmxMap(3, 2, ground+templated(thousand39, "fat16k.tx")), []string{`template "fat16k.tx": line 1: more than 100 properties in one <properties>`}},
		{"1-pixel tiles over an 8192² RGBA sheet", fmt.Sprintf(mapOpen, 3, 2, strings.NewReplacer(`tilewidth="64" tileheight="56"`, `tilewidth="1" tileheight="1"`).Replace(inlineTileset(1, "", "rgba8192.png"))+ground), []string{`tileset "inline1": image "rgba8192.png": image is 8192×8192 pixels, 268435456 bytes decoded`, "limit of 33554432 bytes in all"}},
		{"units at the limit", tmxMap(3, 2, ground+units(atLimit.String())), nil},
		{"units over the properties in all", tmxMap(3, 2, ground+templated(MaxUnitProperties/MaxProperties+1, "wide.tx")), []string{`layer "units": object 161 "": the units hold more than the limit of 16000 properties in all`}},
		{"too many units", tmxMap(3, 2, ground+units(crowded.String())), []string{fmt.Sprintf(`layer "units": the units layers hold %d objects, more than the limit of 1000 units`, crowd)}},
		{"nested past the depth limit", tmxMap(3, 2, strings.Repeat("<x>", deep)+strings.Repeat("</x>", deep)+ground), []string{`<x> nests more than 64 elements deep`}},
		{"firstgid 0", strings.Replace(tmxMap(3, 2, csvLayer("ground", 0, 0, 0, 0, 0, 0)), `firstgid="1"`, `firstgid="0"`, 1), []string{`line 3: tileset firstgid "0": want 1 or more`}},
		{"base64 wrapped in spaces and newlines", tmxMap(3, 2, `<layer id="1" name="ground"><data encoding="base64">`+"\n   "+b64[:7]+"\n   "+b64[7:20]+" \t\r\n "+b64[20:]+"\n  </data></layer>"), nil},
		{"empty tileset file", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "empty.tsx", 1), []string{`tileset "empty.tsx": malformed XML`}},
		{"tile id below every firstgid", strings.Replace(tmxMap(3, 2, ground), `firstgid="1"`, `firstgid="5"`, 1), []string{`layer "ground" tile 0 uses tile id 1, below the first tileset's firstgid 5`}},
		{"tile id without tileset", fmt.Sprintf(mapOpen, 3, 2, ground), []string{`layer "ground" tile 0 uses tile id 1 but the map has no tileset`}},
		{"not a tileset", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "secret.tsx", 1), []string{`tileset "secret.tsx": the root element is not <tileset>`}},
		{"tileset not XML", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "broken.tsx", 1), []string{`tileset "broken.tsx": malformed XML on line 1`}},
		{"1 MB title", tmxMap(3, 2, `<properties><property name="title" value="`+strings.Repeat("T", mega)+`"/></properties>`+ground), []string{fmt.Sprintf("map property title is %d characters long, more than the limit of 48", mega)}},
		{"1 MB unit name", tmxMap(3, 2, ground+units(strings.Replace(unitObject(3, ""), `x="32"`, `name="`+strings.Repeat("N", mega)+`" x="32"`, 1))), []string{`layer "units": object 3 "NNNN`, fmt.Sprintf("the name is %d characters long", mega)}},
		{"5 MB script", tmxMap(3, 2, ground+units(strings.Replace(unitObject(3, ""), `<property name="side"`, `<property name="script" value="`+strings.Repeat("x", script)+`"/><property name="side"`, 1))), []string{`layer "units": object 3 "": property "script" is ` + fmt.Sprint(script) + ` bytes long, more than the limit of 16384`}},
		{"1 MB layer name", tmxMap(3, 2, csvLayer(strings.Repeat("L", mega), 1, 1)), []string{`layer "LLLL`, `data holds 2 tiles, want 6`}},
		{"absolute path in a file system", strings.Replace(tmxMap(3, 2, ground), "terrain.tsx", "/etc/passwd", 1), []string{`tileset "/etc/passwd": absolute path`}},
		{"external tileset with content", strings.Replace(tmxMap(3, 2, ground), `source="terrain.tsx"/>`, `source="terrain.tsx"><image source="huge.png"/></tileset>`, 1), []string{`refers to a file and must have no content`}},
		{"20,000 units on 200×200", tmxMap(side200, side200, csvLayer("ground", ones200...)+units(crowded.String())), []string{fmt.Sprintf(`layer "units": the units layers hold %d objects, more than the limit of 1000 units`, crowd)}},
		{"too many layers", tmxMap(500, 500, strings.Repeat(`<layer id="1" name="l"><data encoding="base64" compression="zlib">`+zlibBomb(500*500*4)+`</data></layer>`, 17)), []string{`the layers hold more than 4000000 tiles in all`}},
	}
}

// checkError checks that err is one short line naming the file and
// holding each of want.
func checkError(t *testing.T, err error, file string, want []string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one saying %q", want)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "maps: "+file+": ") || strings.Contains(msg, "\n") || len(msg) > fileio.MaxErrorLength {
		t.Errorf("error %q: want one line of at most %d bytes starting with %q", msg, fileio.MaxErrorLength, "maps: "+file+": ")
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
	if strings.Contains(msg, "TOPSECRET") {
		t.Errorf("error %q quotes another file", msg)
	}
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestHostileMaps(t *testing.T) {
	base := hostileFS(t, true)
	for _, tc := range hostileCases(t, true) {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"test.tmx": {Data: []byte(tc.tmx)}}
			for k, v := range base {
				fsys[k] = v
			}
			var s *Scenario
			var err error
			if n := allocated(func() { s, err = Load(fsys, "test.tmx", testTypes) }); n > maxCaseAlloc {
				t.Errorf("Load allocated %d MB, want under %d MB", n>>20, maxCaseAlloc>>20)
			}
			if tc.want != nil {
				checkError(t, err, "test.tmx", tc.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Board == nil {
				t.Fatal("no board")
			}
		})
	}
}

// TestDecodedOnce checks that a template or an image many things share is
// decoded once: every user gets the very same value.
func TestDecodedOnce(t *testing.T) {
	base := hostileFS(t, true)
	for _, tc := range hostileCases(t, true) {
		fsys := fstest.MapFS{"test.tmx": {Data: []byte(tc.tmx)}}
		for k, v := range base {
			fsys[k] = v
		}
		switch tc.name {
		case "template shared by 200 objects":
			s, err := Load(fsys, "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Units) != 200 || s.Units[199].Type != "Tiger I" || s.Units[199].Name != "T" || s.Units[199].Side != Axis {
				t.Errorf("units = %d, last %+v; want 200 Tiger I named T of the axis", len(s.Units), s.Units[len(s.Units)-1])
			}
		case "image shared by 60 collection tiles":
			s, err := Load(fsys, "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			images := s.Tiles.Tilesets[0].TileImages
			if len(images) != 60 {
				t.Fatalf("collection images = %d, want 60", len(images))
			}
			for id, img := range images {
				if img != images[0] {
					t.Errorf("tile %d has an image of its own: want the one decoded image", id)
				}
			}
		case "sheet shared by 12 tilesets":
			s, err := Load(fsys, "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			sets := s.Tiles.Tilesets
			if len(sets) != 6 {
				t.Fatalf("tilesets in use = %d, want 6", len(sets))
			}
			for _, ts := range sets[1:] {
				if ts.Image != sets[0].Image {
					t.Errorf("tileset %s has an image of its own: want the one decoded image", ts.Name)
				}
			}
		}
	}
}

func TestFilesTotalLimit(t *testing.T) {
	fsys := fstest.MapFS{"a": {Data: make([]byte, 10)}, "b": {Data: make([]byte, 10)}}
	f := newFiles(fsSource{fsys})
	f.left = 15
	if _, err := f.get("a"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.get("a"); err != nil || f.left != 5 {
		t.Fatalf("second read of a: %v, %d bytes left; want it cached and 5 left", err, f.left)
	}
	if _, err := f.get("b"); err == nil || !strings.Contains(err.Error(), "in all") {
		t.Errorf("b over the total: error %v, want the total limit", err)
	}
}

func TestBeside(t *testing.T) {
	for _, tt := range []struct {
		src     source
		name, p string
		want    bool
	}{
		{fsSource{}, "test.tmx", "tiles/a.tsx", true},
		{fsSource{}, "maps/test.tmx", "maps/tiles/a.tsx", true},
		{fsSource{}, "maps/test.tmx", "other/a.tsx", false},
		{fsSource{}, "maps/test.tmx", "mapsx/a.tsx", false},
		{osSource{}, "/srv/maps/test.tmx", "/srv/maps/a.tsx", true},
		{osSource{}, "/srv/maps/test.tmx", "/srv/maps/tiles/a.tsx", true},
		{osSource{}, "/srv/maps/test.tmx", "/srv/other/a.tsx", false},
		{osSource{}, "/srv/maps/test.tmx", "/srv/maps/../secret", false},
		{osSource{}, "/srv/maps/test.tmx", "/srv/maps/..x/a.tsx", true},
		{osSource{}, "/srv/maps/test.tmx", "/etc/passwd", false},
		{osSource{}, "test.tmx", "tiles/a.tsx", true},
		{osSource{}, "test.tmx", "../a.tsx", false},
	} {
		if got := tt.src.beside(tt.name, tt.p); got != tt.want {
			t.Errorf("%T beside(%q, %q) = %t, want %t", tt.src, tt.name, tt.p, got, tt.want)
		}
	}
}

// TestBase64Wrapped reads base64 layer data wrapped and indented the ways
// Tiled and editors write it: tile ids 1 (open) and 2 (woods) on a 2×1 map.
// Whitespace beside a comment inside the data is refused, by go-tiled as by
// the scan, since the text is then not the file's bytes alone.
func TestBase64Wrapped(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       string // "" when it loads
	}{
		{"one line", "AQAAAAIAAAA=", ""},
		{"Tiled's line ends", "\n   AQAAAAIAAAA=\n  ", ""},
		{"wrapped and indented", "\n   AQAA\n   AAIA \t\r\n   AAA=\n  ", ""},
		{"spaces inside", "AQAA AAIA AAA=", ""},
		{"a comment and spaces", "AQAA <!-- c --> AAIAAAA=", "illegal base64 data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmx := tmxMap(2, 1, `<layer id="1" name="ground"><data encoding="base64">`+tc.data+`</data></layer>`)
			s, err := Load(testFS(t, tmx), "test.tmx", testTypes)
			if tc.want != "" {
				checkError(t, err, "test.tmx", []string{tc.want})
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a, b := s.Board.Cell(label(t, s.Board, "A1")).Terrain, s.Board.Cell(label(t, s.Board, "B1")).Terrain; a.String() != "open" || b.String() != "woods" {
				t.Errorf("A1 %v, B1 %v: want open and woods", a, b)
			}
		})
	}
}
