package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/maps"
)

// writeUploadable writes a map of the program's own into a new folder
// with its tileset and image beside it, its reference to the tileset made
// the tileset's plain name (ref "" leaves it as shipped), and returns the
// map's path.
func writeUploadable(t *testing.T, ref string) string {
	t.Helper()
	dir := t.TempDir()
	copyAsset := func(from, to string, edit func([]byte) []byte) {
		data, err := fs.ReadFile(assets.FS, from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), edit(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	same := func(b []byte) []byte { return b }
	copyAsset("scenarios/villers-bocage.tmx", "villers.tmx", func(b []byte) []byte {
		if ref == "" {
			return b
		}
		return bytes.ReplaceAll(b, []byte(`source="../tiles/hexfire-flat.tsx"`), []byte(`source="`+ref+`"`))
	})
	copyAsset("tiles/hexfire-flat.tsx", "hexfire-flat.tsx", same)
	copyAsset("tiles/hexfire-flat.png", "hexfire-flat.png", same)
	return filepath.Join(dir, "villers.tmx")
}

// TestMatchUploaded: match new --scenario FILE.tmx uploads a map of the
// user's with its tileset; a bot plays the battle on it against the
// server's computer, fetching the map from the server (GET /scenario),
// and it ends as simulate plays the same file with the same seed.
func TestMatchUploaded(t *testing.T) {
	url := startMatchServer(t)
	path := writeUploadable(t, "hexfire-flat.tsx")
	var tokens map[string]any
	runJSON(t, &tokens, "match", "new", "--server", url, "--scenario", path, "--seed", "9", "--fog=true", "--axis", "opponent")
	token, _ := tokens["allies"].(string)
	if token == "" {
		t.Fatalf("match new printed %v", tokens)
	}
	var report botReport
	runJSON(t, &report, "bot", "--server", url, "--token", token, "--player", "opponent", "--rate", "0")

	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario(path, cat)
	if err != nil {
		t.Fatal(err)
	}
	players := map[maps.Side]string{maps.Allies: "opponent", maps.Axis: "opponent"}
	want := simulateBattle(sc, cat, battle.Config{Seed: 9, Fog: battle.FogSettingOf(true), Source: scenarioSource(path)}, players, applyOrder)
	if want.err != nil {
		t.Fatal(want.err)
	}
	if report.Winner != winnerName(want.winner) || report.Turn != want.turns || !reflect.DeepEqual(report.Losses, want.losses) {
		t.Errorf("the bot: %s on turn %d, losses %v; simulate: %s on turn %d, losses %v", report.Winner, report.Turn, report.Losses, want.winner, want.turns, want.losses)
	}
	t.Logf("uploaded villers.tmx, seed 9: %s on turn %d", report.Winner, report.Turn)
}

// TestMatchUploadRefused: a map that refers to a file not beside it, or
// that the loader refuses (the server's loader and limits: maps), is
// refused by match new before anything is sent, naming the file and the
// field.
func TestMatchUploadRefused(t *testing.T) {
	url := startMatchServer(t)
	for _, c := range []struct{ ref, want string }{
		{"", `refers to "../tiles/hexfire-flat.tsx", not a file beside it`},
		{"missing.tsx", `tileset "missing.tsx"`},
	} {
		path := writeUploadable(t, c.ref)
		err := run([]string{"match", "new", "--server", url, "--scenario", path}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("match new of a map referring to %q: %v, want an error saying %q", c.ref, err, c.want)
		}
	}
	// A tileset with a tile width out of bounds.
	path := writeUploadable(t, "hexfire-flat.tsx")
	tsx := filepath.Join(filepath.Dir(path), "hexfire-flat.tsx")
	data, _ := os.ReadFile(tsx)
	os.WriteFile(tsx, bytes.Replace(data, []byte(`tilewidth="`), []byte(`tilewidth="99999`), 1), 0o644)
	err := run([]string{"match", "new", "--server", url, "--scenario", path}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `hexfire-flat.tsx`) || !strings.Contains(err.Error(), "tilewidth") {
		t.Errorf("match new of a tileset with a bad tile width: %v", err)
	}
}
