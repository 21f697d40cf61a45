package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedUpToDate regenerates the tilesets into a temporary
// directory and compares them with the committed files in ../tiles.
func TestGeneratedUpToDate(t *testing.T) {
	dir := t.TempDir()
	if err := generate(dir); err != nil {
		t.Fatal(err)
	}
	files := []string{"tiles/hexfire-flat.png", "tiles/hexfire-flat.tsx", "tiles/hexfire-pointy.png", "tiles/hexfire-pointy.tsx"}
	for _, s := range soundSpecs() {
		files = append(files, "sounds/"+s.name+".wav")
	}
	for _, size := range iconSizes {
		files = append(files, fmt.Sprintf("icon/hexfire-%d.png", size))
	}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			have, err := os.ReadFile(filepath.Join("..", name))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, want) {
				t.Errorf("assets/%s differs from the generator's output: run go generate ./assets", name)
			}
		})
	}
}

// TestTileProperties checks the tile list: every terrain of the chart has
// a tile, and tile kinds are unique.
func TestTileProperties(t *testing.T) {
	seen := map[string]bool{}
	terrains := map[string]bool{}
	for _, s := range tileSpecs() {
		if seen[s.kind] {
			t.Errorf("tile kind %q twice", s.kind)
		}
		seen[s.kind] = true
		for _, p := range s.props {
			if p[0] == "terrain" {
				terrains[p[1]] = true
			}
		}
	}
	for _, name := range []string{"open", "field", "crops", "road", "bridge", "building", "woods", "stream", "orchard", "pond", "marsh", "canal", "river"} {
		if !terrains[name] {
			t.Errorf("no tile with terrain %q", name)
		}
	}
}
