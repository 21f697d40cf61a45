package main

import (
	"io/fs"
	"path"
	"testing"

	"hexfire/ai"
	"hexfire/assets"
	"hexfire/battle"
	"hexfire/maps"
	"hexfire/units"
)

// TestShippedScenariosPlay loads every scenario in assets/scenarios, checks
// its scripts and victory conditions, and plays one battle on it between
// two computer opponents (the balance runs of docs/SCENARIOS.md, short) to
// a result, with no order refused.
func TestShippedScenariosPlay(t *testing.T) {
	cat, err := units.Default()
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(assets.FS, "scenarios/*.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 9 {
		t.Errorf("%d scenarios shipped, want the default and a pack of at least eight", len(files))
	}
	for _, file := range files {
		t.Run(path.Base(file), func(t *testing.T) {
			t.Parallel()
			sc, err := maps.Load(assets.FS, file, cat)
			if err != nil {
				t.Fatal(err)
			}
			if err := ai.CheckScripts(sc); err != nil {
				t.Fatal(err)
			}
			if _, err := battle.ParseVictory(sc.Properties["victory"], sc.Board); err != nil {
				t.Fatal(err)
			}
			if sc.Turns < 1 {
				t.Errorf("no turn limit")
			}
			res := simulateBattle(sc, cat, battle.Config{Seed: 1}, map[maps.Side]string{maps.Allies: "opponent", maps.Axis: "opponent"}, applyOrder)
			if res.err != nil {
				t.Fatal(res.err)
			}
			if !res.ended {
				t.Errorf("the battle did not end (turn %d)", res.turns)
			}
		})
	}
}
