//go:build unix

package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
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
	write("unit.tx", hostileFS(t)["unit.tx"].Data)
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
		{"absolute tileset and template", withTileset(tsxAbs, ground+units(filepath.Join(dir, "unit.tx"))), nil},
		{"absolute image", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", pngAbs)+ground), nil},
		{"tileset /dev/zero", withTileset("/dev/zero", ground), []string{`tileset "/dev/zero"`, "not a regular file (a character device)"}},
		{"template /dev/zero", withTileset("tiles/terrain.tsx", ground+units("/dev/zero")), []string{`template "/dev/zero"`, "not a regular file"}},
		{"image /dev/zero", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "/dev/zero")+ground), []string{`image "/dev/zero"`, "not a regular file"}},
		{"tileset FIFO", withTileset("pipe", ground), []string{`tileset "pipe"`, "named pipe"}},
		{"template FIFO", withTileset("tiles/terrain.tsx", ground+units("pipe")), []string{`template "pipe"`, "named pipe"}},
		{"image FIFO", fmt.Sprintf(mapOpen, 3, 2, inlineTileset(1, "", "pipe")+ground), []string{`image "pipe"`, "named pipe"}},
		{"629 MB tileset", withTileset("big.tsx", ground), []string{`tileset "big.tsx"`, "larger than the limit of 67108864 bytes"}},
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
}
