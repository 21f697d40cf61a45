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

// shippedScenarios loads every scenario in assets/scenarios, checking its
// scripts and victory conditions, and returns them by file name with the
// catalogue.
func shippedScenarios(t *testing.T) (*units.Catalogue, map[string]*maps.Scenario) {
	t.Helper()
	cat, err := loadCatalogue()
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
	scenarios := map[string]*maps.Scenario{}
	for _, file := range files {
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
		scenarios[path.Base(file)] = sc
	}
	return cat, scenarios
}

// TestShippedScenariosPlay plays one battle on every shipped scenario
// between two computer opponents (the balance runs of docs/SCENARIOS.md,
// short) to a result, with no order refused.
func TestShippedScenariosPlay(t *testing.T) {
	cat, scenarios := shippedScenarios(t)
	for name, sc := range scenarios {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
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
