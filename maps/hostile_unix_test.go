//go:build unix

package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"hexfire/fileio"
)

// TestHostileFiles covers what a file system of the operating system can
// hold: devices, named pipes, huge sparse files, absolute paths.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for k, v := range testFS(t, "") {
		if k != "test.tmx" {
			write(filepath.Join("tiles", k), v.Data)
		}
	}
	write("unit.tx", hostileFS(t, false)["unit.tx"].Data)
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	big := filepath.Join(dir, "big.tsx")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(629 << 20); err != nil { // sparse: takes no disk
		t.Fatal(err)
	}
	f.Close()
	// A tileset reached through a link finds its image beside the file
	// the link points to.
	if err := os.Symlink(filepath.Join("tiles", "terrain.tsx"), filepath.Join(dir, "link.tsx")); err != nil {
		t.Fatal(err)
	}
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	tsxAbs := filepath.Join(dir, "tiles", "terrain.tsx")
	pngAbs := filepath.Join(dir, "tiles", "terrain.png")
	withTileset := func(src, body string) string {
		return fmt.Sprintf(mapOpen, 3, 2, fmt.Sprintf(` <tileset firstgid="1" source="%s"/>`, src)+"\n"+body)
	}
	units := func(tpl string) string {
		return `<objectgroup id="9" name="units"><object id="1" template="` + tpl + `" x="32" y="56"/></objectgroup>`
	}
	for _, tc := range []struct {
		name, tmx string
		want      []string
	}{
		{"relative paths", withTileset("tiles/terrain.tsx", ground+units("unit.tx")), nil},
		{"tileset through a symbolic link", withTileset("link.tsx", ground+units("unit.tx")), nil},
		{"absolute tileset and template", withTileset(tsxAbs, ground+units(filepath.Join(dir, "unit.tx"))), nil},
		{"absolute image", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", pngAbs)+ground), nil},
		{"tileset /dev/zero", withTileset("/dev/zero", ground), []string{`tileset "/dev/zero"`, "not a regular file (a character device)"}},
		{"template /dev/zero", withTileset("tiles/terrain.tsx", ground+units("/dev/zero")), []string{`template "/dev/zero"`, "not a regular file"}},
		{"image /dev/zero", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "/dev/zero")+ground), []string{`image "/dev/zero"`, "not a regular file"}},
		{"tileset FIFO", withTileset("pipe", ground), []string{`tileset "pipe"`, "named pipe"}},
		{"template FIFO", withTileset("tiles/terrain.tsx", ground+units("pipe")), []string{`template "pipe"`, "named pipe"}},
		{"image FIFO", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "pipe")+ground), []string{`image "pipe"`, "named pipe"}},
		{"629 MB tileset", withTileset("big.tsx", ground), []string{`tileset "big.tsx"`, "larger than the limit of 67108864 bytes"}},
		{"629 MB template", withTileset("tiles/terrain.tsx", ground+units("big.tsx")), []string{`template "big.tsx"`, "larger than the limit of 67108864 bytes"}},
		{"629 MB image", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "big.tsx")+ground), []string{`image "big.tsx"`, "larger than the limit of 67108864 bytes"}},
		{"missing tileset", withTileset("tiles/nowhere.tsx", ground), []string{`tileset "tiles/nowhere.tsx"`, "no such file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := write("map.tmx", []byte(tc.tmx))
			var s *Scenario
			var err error
			if n := allocated(func() { s, err = LoadFile(name, testTypes) }); n > maxCaseAlloc {
				t.Errorf("LoadFile allocated %d MB, want under %d MB", n>>20, maxCaseAlloc>>20)
			}
			if tc.want != nil {
				checkError(t, err, name, tc.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c := s.Board.Cell(label(t, s.Board, "A1")); c.Terrain.String() != "open" {
				t.Errorf("A1 = %+v, want open", c)
			}
		})
	}
	// The map itself, as hexfire -scenario, hexfire-cli --map and a save's
	// scenario open it (all through LoadFile).
	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{"map FIFO", fifo, []string{"not a regular file (a named pipe)"}},
		{"map /dev/zero", "/dev/zero", []string{"not a regular file (a character device)"}},
		{"map of 629 MB", big, []string{"larger than the limit of 67108864 bytes"}},
		{"map a folder", dir, []string{"not a regular file (a directory)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if n := allocated(func() { _, err = LoadFile(tc.path, testTypes) }); n > maxCaseAlloc {
				t.Errorf("LoadFile allocated %d MB, want under %d MB", n>>20, maxCaseAlloc>>20)
			}
			checkError(t, err, tc.path, tc.want)
		})
	}
}

// TestOutsideFilesNotQuoted loads maps whose tileset or template lies
// outside the map's folder and holds TOPSECRET where the loader reads a
// value: the error names the file and says where the problem is, never
// what the file holds. The same files beside the map are quoted, so the
// check can fail.
func TestOutsideFilesNotQuoted(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for k, v := range testFS(t, "") {
		if k != "test.tmx" {
			write(filepath.Join("map", k), string(v.Data))
		}
	}
	const secret = "TOPSECRET"
	sheet := `<image source="../map/terrain.png" width="16" height="8"/>`
	tileset := func(attrs, body string) string {
		return `<tileset name="a" tilewidth="2" tileheight="2" tilecount="8" columns="8"` + attrs + `>` + body + `</tileset>`
	}
	tileProperty := func(name, value string) string {
		return tileset("", sheet+`<tile id="0"><properties><property name="`+name+`" value="`+value+`"/></properties></tile>`)
	}
	template := func(props string) string {
		return `<template><object name="x"><properties>` + props + `</properties><point/></object></template>`
	}
	typeSide := `<property name="type" value="Tiger I"/><property name="side" value="axis"/>`
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	for _, tc := range []struct {
		name, file, data string
		want             string // what the error says of the file outside the folder
	}{
		{"tileset: unknown element", "element.tsx", tileset("", `<`+secret+`/>`), "an error on the file"},
		{"tileset: attribute twice", "twice.tsx", tileset(` `+secret+`="1" `+secret+`="2"`, sheet), "an error on line 1 of the file"},
		{"tileset: terrain", "terrain.tsx", tileProperty("terrain", secret), "an error on the file"},
		{"tileset: level", "level.tsx", tileProperty("level", secret), "an error on the file"},
		{"tileset: wall", "wall.tsx", tileProperty("wall", secret), "an error on the file"},
		{"tileset: image", "image.tsx", tileset("", `<image source="`+secret+`.png" width="16" height="8"/>`), "an error on the file"},
		{"tileset: margin", "margin.tsx", tileset(` margin="`+secret+`"`, sheet), "an error on the file"},
		{"tileset: not XML", "plain.tsx", secret + "\n" + secret, "an error on the file"},
		{"template: type", "type.tx", template(`<property name="type" value="` + secret + `"/><property name="side" value="axis"/>`), "an error on the file"},
		{"template: side", "side.tx", template(`<property name="type" value="Tiger I"/><property name="side" value="` + secret + `"/>`), "an error on the file"},
		{"template: facing", "facing.tx", template(typeSide + `<property name="facing" value="` + secret + `"/>`), "an error on the file"},
		{"template: property twice", "twice.tx", template(`<property name="` + secret + `" value="1"/><property name="` + secret + `" value="2"/>`), "an error on line 1 of the file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hidden string // the error outside the folder
			for _, folder := range []string{"outside", "map"} {
				p := write(filepath.Join(folder, "x-"+tc.file), tc.data)
				var tmx string
				if filepath.Ext(tc.file) == ".tx" {
					tmx = tmxMap(3, 2, ground+`<objectgroup id="9" name="units"><object id="1" template="`+p+`" x="32" y="28"/></objectgroup>`)
				} else {
					tmx = fmt.Sprintf(mapOpen, 3, 2, ` <tileset firstgid="1" source="`+p+`"/>`+ground)
				}
				name := write(filepath.Join("map", "test.tmx"), tmx)
				_, err := LoadFile(name, testTypes)
				if err == nil {
					t.Fatalf("%s: no error", folder)
				}
				msg := err.Error()
				if folder == "map" {
					if msg == hidden {
						t.Errorf("beside the map: error %q, the same as outside it: the case shows nothing", msg)
					}
					continue
				}
				hidden = strings.ReplaceAll(msg, "outside", "map")
				if !strings.HasPrefix(msg, "maps: "+name+": ") || strings.Contains(msg, secret) || !strings.Contains(msg, tc.want) || len(msg) > fileio.MaxErrorLength {
					t.Errorf("error %q: want one naming the map, saying %q and quoting nothing of the file", msg, tc.want)
				}
			}
		})
	}
}
