package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
)

func TestRunRefusesBadInput(t *testing.T) {
	// Each case fails before a window opens, so no display is needed for
	// the check itself (the package links ebiten, so the test binary runs
	// under Xvfb in CI like the game's tests).
	tests := []struct {
		name string
		args []string
		want []string // parts of the error
	}{
		{"bad unit script", []string{"-scenario", "testdata/bad-script.tmx"},
			[]string{"testdata/bad-script.tmx", "Sherman", "ambush x", "position"}},
		{"missing scenario", []string{"-scenario", "testdata/no-such.tmx"}, []string{"no-such.tmx"}},
		{"bad seed", []string{"-seed", "abc"}, []string{"-seed", "abc"}},
		{"seed with trailing letters", []string{"-seed", "12abc"}, []string{"-seed", "12abc"}},
		{"hexadecimal seed", []string{"-seed", "0x10"}, []string{"-seed", "0x10"}},
		{"negative seed", []string{"-seed", "-3"}, []string{"-seed", "-3"}},
		{"zero width", []string{"-width", "0"}, []string{"-width 0"}},
		{"negative height", []string{"-height", "-5"}, []string{"-height -5"}},
		{"too wide", []string{"-width", "8193"}, []string{"-width 8193"}},
		{"too high", []string{"-height", "10000"}, []string{"-height 10000"}},
		{"unknown side for -ai", []string{"-ai", "russians"}, []string{"russians"}},
		{"unknown level for -ai-level", []string{"-ai-level", "expert"}, []string{"-ai-level", "expert"}},
		{"stray argument", []string{"map.tmx"}, []string{"unexpected arguments"}},
		{"unknown flag", []string{"-fullscreen"}, []string{"fullscreen"}},
		{"no frames", []string{"-frames", "0"}, []string{"-frames 0"}},
		{"frames beyond the bound", []string{"-frames", "3601"}, []string{"-frames 3601"}},
		{"frames at the largest int", []string{"-frames", "9223372036854775807"}, []string{"-frames 9223372036854775807"}},
		{"load with scenario", []string{"-load", "s.json", "-scenario", "x.tmx"}, []string{"-scenario", "-load"}},
		{"load with seed", []string{"-load", "s.json", "-seed", "4"}, []string{"-seed", "-load"}},
		{"replay with rules", []string{"-replay", "s.json", "-rules", "shiftchart"}, []string{"-rules", "-replay"}},
		{"load with fog", []string{"-load", "s.json", "-fog=false"}, []string{"-fog", "-load"}},
		{"force-load alone", []string{"-force-load"}, []string{"-force-load", "-load"}},
		{"study with a screenshot", []string{"-study", "-screenshot", "x.png"}, []string{"-study", "-screenshot"}},
		{"study of a save", []string{"-study", "-load", "s.json"}, []string{"-study", "-load"}},
		{"study on a blank map too small", []string{"-study", "-scenario", "blank:3x3"}, []string{"blank:3x3", "size 3x3"}},
		{"study of a missing scenario", []string{"-study", "-scenario", "testdata/no-such.tmx"}, []string{"no-such.tmx"}},
		{"unknown scene", []string{"-screenshot", "x.png", "-scene", "credits"}, []string{"-scene", "credits", "menu, picker, briefing, victory, study, settings, help or quick"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(tt.args)
			if err == nil || err == flag.ErrHelp {
				t.Fatalf("run(%q) = %v, want an error", tt.args, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("run(%q) error %q does not name %q", tt.args, err, w)
				}
			}
		})
	}
}

func TestParseSeed(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
	}{
		{"0", 0},
		{"12", 12},
		{" 42\n", 42},
		{"18446744073709551615", 18446744073709551615},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			have, err := parseSeed(tt.in)
			if err != nil || have != tt.want {
				t.Errorf("parseSeed(%q) = %d, %v, want %d", tt.in, have, err, tt.want)
			}
		})
	}
}

// TestLoadRefusesAChangedCatalogue loads a save whose catalogue digest is
// not this catalogue's: -load refuses it, naming the field and -force-load.
func TestLoadRefusesAChangedCatalogue(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	source := battle.EmbeddedPrefix + maps.DefaultPath
	sc, err := battle.OpenScenario(source, cat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: 1, Source: source})
	if err != nil {
		t.Fatal(err)
	}
	s := b.Save()
	s.CatalogueDigest = strings.Repeat("0", 64)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	err = run([]string{"-load", path})
	if err == nil || !strings.Contains(err.Error(), "catalogue_digest") || !strings.Contains(err.Error(), "-force-load") || !strings.Contains(err.Error(), path) {
		t.Errorf("-load over a changed catalogue: error %v, want one naming %s, the catalogue digest and -force-load", err, path)
	}
}
