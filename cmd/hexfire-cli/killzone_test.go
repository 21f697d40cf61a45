package main

import (
	"encoding/json"
	"fmt"
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/combat/elimination"
	"hexfire/killzone"
	"hexfire/maps"
)

// killzoneJSON runs killzone with args and --json and decodes the report.
func killzoneJSON(t *testing.T, args ...string) killzoneReport {
	t.Helper()
	out, err := runCombatCLI(t, append(append([]string{"killzone"}, args...), "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var r killzoneReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return r
}

// defaultMap loads the embedded default scenario.
func defaultMap(t *testing.T) *maps.Scenario {
	t.Helper()
	sc, err := maps.Default(battletest.Catalogue(t, elimination.Ruleset{}))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestKillzoneEqualsOdds checks every hex with a shot against the odds
// command given the same shot by hand: range, aspect, the target hex's
// terrain, the line's hindrance and the difference in level. The firer's
// and target's hexes come from the default map.
func TestKillzoneEqualsOdds(t *testing.T) {
	sc := defaultMap(t)
	tests := []struct {
		args      []string
		wantShots int
	}{
		{[]string{"--firer", "M4A3E8", "--at", "E4", "--target", "Tiger I", "--facing", "SE"}, 100},
		{[]string{"--firer", "US Bazooka Team", "--at", "K8", "--target", "Panther", "--facing", "NW", "--reverse"}, 5},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := killzoneJSON(t, tt.args...)
			at, err := sc.Board.ParseHex(r.At)
			if err != nil {
				t.Fatal(err)
			}
			shots := 0
			for _, c := range r.Hexes {
				if c.Odds == nil {
					continue
				}
				shots++
				h, err := sc.Board.ParseHex(c.Hex)
				if err != nil {
					t.Fatal(err)
				}
				firerHex, targetHex := at, h
				if r.Reverse {
					firerHex, targetHex = h, at
				}
				args := []string{"odds", "--json", "--firer", r.Firer, "--target", r.Target, "--range", fmt.Sprint(c.Range),
					"--terrain", sc.Board.Cell(targetHex).Terrain.String(), "--hindrance", fmt.Sprint(c.Odds.Hindrance),
					"--elevation", fmt.Sprint(sc.Board.Cell(targetHex).Level - sc.Board.Cell(firerHex).Level)}
				if c.Odds.Aspect != "" {
					args = append(args, "--aspect", c.Odds.Aspect)
				}
				out, err := runCombatCLI(t, args...)
				if err != nil {
					t.Fatalf("%s: %v", c.Hex, err)
				}
				var o oddsJSON
				if err := json.Unmarshal([]byte(out), &o); err != nil {
					t.Fatal(err)
				}
				if o.ToHit == nil || *o.ToHit != c.Odds.ToHit || o.Summary.Hit != c.Odds.Hit || o.Summary.Destroy != c.Odds.Destroy || o.Summary.Immobilize != c.Odds.Immobilize {
					t.Fatalf("%s: killzone %+v, odds to-hit %v %+v", c.Hex, *c.Odds, o.ToHit, *o.Summary)
				}
			}
			if shots < tt.wantShots {
				t.Errorf("%d hexes with a shot, want at least %d", shots, tt.wantShots)
			}
		})
	}
}

// TestKillzoneOutOfSightIsEmpty: the hexes whose line of sight from the
// firer is blocked have no odds, and each hex is listed once but the
// fixed one.
func TestKillzoneOutOfSightIsEmpty(t *testing.T) {
	sc := defaultMap(t)
	r := killzoneJSON(t, "--firer", "M4A3E8", "--at", "E4", "--target", "Tiger I", "--facing", "S")
	if len(r.Hexes) != 24*16-1 {
		t.Fatalf("%d hexes, want every hex of the 24x16 map but E4", len(r.Hexes))
	}
	e4, err := sc.Board.ParseHex("E4")
	if err != nil {
		t.Fatal(err)
	}
	blocked := 0
	for _, c := range r.Hexes {
		h, err := sc.Board.ParseHex(c.Hex)
		if err != nil {
			t.Fatal(err)
		}
		l := sc.Board.LOS(e4, h, nil)
		if l.Clear != c.Clear || (!l.Clear && (c.Odds != nil || c.Refused != "")) {
			t.Fatalf("%s: killzone %+v, los clear %v", c.Hex, c, l.Clear)
		}
		if !l.Clear {
			blocked++
		}
	}
	if blocked == 0 {
		t.Error("no hex out of sight: the test checks nothing")
	}
}

func TestKillzonePNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "zone.png")
	r := killzoneJSON(t, "--firer", "M4A3E8", "--at", "E4", "--target", "Tiger I", "--facing", "SE", "--png", out)
	if r.PNG != out {
		t.Errorf("report names the picture %q, want %q", r.PNG, out)
	}
	img := readPNG(t, out)
	sc := defaultMap(t)
	w, h := sc.Board.Layout.PixelSize(sc.Board.Width, sc.Board.Height)
	if img.Bounds().Dx() != w || img.Bounds().Dy() <= h {
		t.Fatalf("picture %v, want %d wide and taller than the map's %d (the legend)", img.Bounds(), w, h)
	}
	// The legend's swatches, left to right, carry the bands' colours.
	found := map[color.RGBA]bool{}
	for x := range w {
		c := color.RGBAModel.Convert(img.At(x, h+12)).(color.RGBA)
		found[c] = true
	}
	for _, b := range killzone.Bands {
		if !found[color.RGBA{b.Colour.R, b.Colour.G, b.Colour.B, 255}] {
			t.Errorf("legend lacks the swatch of %s", b.Label)
		}
	}
}

func TestKillzoneErrors(t *testing.T) {
	base := []string{"--firer", "M4A3E8", "--at", "E4", "--target", "Tiger I", "--facing", "SE"}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--firer", "M4A3E8"}, "--firer and --target are required"},
		{[]string{"--firer", "M4A3E8", "--target", "Tiger I", "--facing", "S"}, "--at is required"},
		{[]string{"--firer", "M4A3E8", "--target", "Tiger I", "--at", "E4"}, "--facing is required"},
		{append(base, "--facing", "up"), `--facing "up"`},
		{append(base, "--facing", "6"), `--facing "6"`},
		{append(base, "--firer-facing", "west"), `--firer-facing "west"`},
		{append(base, "--at", "Z99"), `--at "Z99"`},
		{append(base, "--at", "E4x"), `--at "E4x"`},
		{append(base, "--firer", "Tiger II"), `--firer "Tiger II"`},
		{append(base, "--target", "Maus"), `--target "Maus"`},
		{append(base, "--rules", "chess"), `--rules "chess"`},
		{append(base, "--map", "no-such.tmx"), "no-such.tmx"},
		{append(base, "extra"), `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		_, err := runCombatCLI(t, append([]string{"killzone"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("killzone %q: err = %v, want it to say %q", tt.args, err, tt.want)
		}
	}
}
