package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lafriks/go-tiled"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/mapgen"
	"hexfire/maps"
)

// generatedMaps is how many generated maps of each ground type
// TestGeneratedMapsPlay plays; CI plays a few, docs/SCENARIOS.md gives the
// command for the full run of 200.
var generatedMaps = flag.Int("generated-maps", 2, "generated maps per ground type that TestGeneratedMapsPlay plays")

func generate(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out := filepath.Join(dir, "quick.tmx")
	if _, err := runCombatCLI(t, append([]string{"generate", "--out", out}, args...)...); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGeneratedMapsPlay generates maps of every ground type in both
// orientations, opens each with go-tiled's own loader and with Hexfire's,
// walks its roads on the loaded board, and plays one battle on it between
// two computer opponents to a result, with no order refused.
func TestGeneratedMapsPlay(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sides := []string{"US,DE", "UK,DE", "SU,DE"}
	for _, g := range mapgen.Grounds {
		for i := range *generatedMaps {
			orientation := []string{"flat", "pointy"}[i%2]
			name := fmt.Sprintf("%s/seed=%d/%s", g, i+1, orientation)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				path := generate(t, t.TempDir(), "--seed", fmt.Sprint(i+1), "--ground", string(g), "--size", "24x16",
					"--points", "250", "--sides", sides[i%3], "--orientation", orientation)
				if _, err := tiled.LoadFile(path); err != nil {
					t.Fatalf("go-tiled: %v", err)
				}
				sc, err := maps.LoadFile(path, cat)
				if err != nil {
					t.Fatal(err)
				}
				walkRoads(t, sc.Board)
				res := simulateBattle(sc, cat, battle.Config{Seed: uint64(i + 1)}, map[maps.Side]string{maps.Allies: "opponent", maps.Axis: "opponent"}, applyOrder)
				if res.err != nil {
					t.Fatal(res.err)
				}
				if !res.ended {
					t.Errorf("the battle did not end (turn %d)", res.turns)
				}
			})
		}
	}
}

// walkRoads checks on a loaded board that the road hexes form one network
// that reaches both the west and the east edge.
func walkRoads(t *testing.T, b *board.Board) {
	t.Helper()
	road := func(h board.Hex) bool {
		c := b.Cell(h)
		return c.Road || c.Terrain == board.Road || c.Terrain == board.Bridge
	}
	var all []board.Hex
	for h := range b.Hexes() {
		if road(h) {
			all = append(all, h)
		}
	}
	if len(all) == 0 {
		t.Fatal("no road on the map")
	}
	seen := map[board.Hex]bool{all[0]: true}
	queue := []board.Hex{all[0]}
	edges := map[int]bool{}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		edges[b.Layout.ToOffset(h).Col] = true
		for d := range board.Direction(6) {
			if nb := h.Neighbor(d); b.Contains(nb) && road(nb) && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	if len(seen) != len(all) {
		t.Errorf("the roads fall apart: %d of %d road hexes reached from %s", len(seen), len(all), b.Label(all[0]))
	}
	if !edges[0] || !edges[b.Width-1] {
		t.Errorf("the road network does not reach both the west and the east edge")
	}
}

// TestGenerateSameBytes: the same flags write the same file, and the
// tilesets are copied beside a map written outside assets/.
func TestGenerateSameBytes(t *testing.T) {
	var files [2][]byte
	for i := range files {
		dir := t.TempDir()
		path := generate(t, dir, "--seed", "42", "--ground", "bocage", "--orientation", "pointy")
		var err error
		if files[i], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"hexfire-pointy.tsx", "hexfire-pointy.png"} {
			if _, err := os.Stat(filepath.Join(dir, "tiles", f)); err != nil {
				t.Errorf("tileset not copied: %v", err)
			}
		}
		if !bytes.Contains(files[i], []byte(`source="tiles/hexfire-pointy.tsx"`)) {
			t.Error("the map does not refer to the copied tileset")
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("the same flags wrote two different files")
	}
}

// TestGenerateBesideTiles: a map written in a folder beside a tiles folder
// (as assets/scenarios is) refers to the tileset there and copies nothing.
func TestGenerateBesideTiles(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "tiles"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tiles", "hexfire-flat.tsx"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	scenarios := filepath.Join(root, "scenarios")
	if err := os.MkdirAll(scenarios, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(generate(t, scenarios))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`source="../tiles/hexfire-flat.tsx"`)) {
		t.Error("the map does not refer to ../tiles")
	}
	if _, err := os.Stat(filepath.Join(scenarios, "tiles")); err == nil {
		t.Error("tilesets copied although ../tiles has them")
	}
}

func TestGenerateErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.tmx")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--size", "30by20"}, `--size "30by20"`},
		{[]string{"--size", "5x5"}, "size 5x5"},
		{[]string{"--ground", "desert"}, `ground "desert"`},
		{[]string{"--sides", "US"}, `--sides "US"`},
		{[]string{"--sides", "DE,US"}, `allied nation "DE"`},
		{[]string{"--orientation", "round"}, `--orientation "round"`},
		{[]string{"--points", "-5"}, "points -5"},
	}
	for _, tt := range tests {
		_, err := runCombatCLI(t, append([]string{"generate", "--out", out}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
	if _, err := runCombatCLI(t, "generate"); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("no --out: error %v", err)
	}
}
