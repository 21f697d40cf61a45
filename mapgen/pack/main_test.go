package main

import (
	"bytes"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"hexfire/ai"
	"hexfire/assets"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// TestPackUpToDate: the committed scenarios are what the program writes
// (run `go run ./mapgen/pack` after changing a battle).
func TestPackUpToDate(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range pack {
		want, err := build(s, cat)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.ReadFile(assets.FS, "scenarios/"+s.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("assets/scenarios/%s is out of date: run go run ./mapgen/pack", s.file)
		}
	}
}

// TestPackCoverage checks what the issue asks of the pack as a whole:
// every unit type of the catalogue and all four nations used, both hex
// orientations, a 12×10 skirmish and a 60×40 battle, the five kinds of
// ground, an ambush, a patrol and a withdrawal among the scripts, a Gun
// that starts with a tower that may tow it, dummy counters in at least
// two battles, every unit in ambush set up hidden, and on every map fog
// of war, a title, setting, date (year-month), briefing, victory
// conditions and a turn limit; and each registered ruleset the own
// ruleset of at least one battle.
func TestPackCoverage(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	nations := map[string]bool{}
	orientations := map[bool]bool{}
	sizes := map[[2]int]bool{}
	grounds := map[string]bool{}
	scripts := map[string]bool{}
	rulesets := map[string]bool{}
	towing := false
	dummies := map[string]bool{}
	date := regexp.MustCompile(`^19[34][0-9]-(0[1-9]|1[0-2])$`)
	for _, s := range pack {
		sc, err := maps.Load(assets.FS, "scenarios/"+s.file, cat)
		if err != nil {
			t.Fatal(err)
		}
		if err := ai.CheckScripts(sc); err != nil {
			t.Error(err)
		}
		for _, p := range []string{"setting", "date", "briefing", "victory"} {
			if sc.Properties[p] == "" {
				t.Errorf("%s: no %s", s.file, p)
			}
		}
		if sc.Properties["fog"] != "true" {
			t.Errorf("%s: fog %q, want true", s.file, sc.Properties["fog"])
		}
		if !date.MatchString(sc.Properties["date"]) {
			t.Errorf("%s: date %q is not YEAR-MONTH", s.file, sc.Properties["date"])
		}
		if sc.Title == strings.TrimSuffix(s.file, ".tmx") || sc.Turns < 1 {
			t.Errorf("%s: title %q, turns %d", s.file, sc.Title, sc.Turns)
		}
		rulesets[sc.Ruleset] = true
		for _, g := range sc.Units {
			for _, c := range sc.Units {
				gt, gerr := cat.Lookup(g.Type)
				ct, cerr := cat.Lookup(c.Type)
				if gerr == nil && cerr == nil && gt.Kind == units.Gun && ct.Tows && c.Hex == g.Hex && c.Side == g.Side && (gt.MP > 0 || ct.Transport != "TH") {
					towing = true
				}
			}
		}
		for _, u := range sc.Units {
			if u.Dummy() {
				dummies[s.file] = true
				continue
			}
			if strings.HasPrefix(u.Script, "ambush") && !u.Hidden {
				t.Errorf("%s: %s in ambush at %v is not hidden", s.file, u.Type, u.Hex)
			}
			used[u.Type] = true
			ty, err := cat.Lookup(u.Type)
			if err != nil {
				t.Fatal(err)
			}
			nations[ty.Nation] = true
			if f := strings.Fields(u.Script); len(f) > 0 {
				scripts[f[0]] = true
			}
		}
		orientations[s.opts.Pointy] = true
		sizes[[2]int{s.opts.Width, s.opts.Height}] = true
		grounds[string(s.opts.Ground)] = true
	}
	for _, ty := range cat.Types() {
		if !used[ty.Name] {
			t.Errorf("no scenario uses %s", ty.Name)
		}
	}
	for _, n := range []string{"US", "UK", "SU", "DE"} {
		if !nations[n] {
			t.Errorf("no scenario has %s units", n)
		}
	}
	if !orientations[false] || !orientations[true] {
		t.Error("the pack lacks an orientation")
	}
	if !sizes[[2]int{12, 10}] || !sizes[[2]int{60, 40}] {
		t.Errorf("sizes %v lack 12x10 or 60x40", sizes)
	}
	for _, g := range []string{"bocage", "town", "steppe", "river", "forest"} {
		if !grounds[g] {
			t.Errorf("no %s scenario", g)
		}
	}
	for _, s := range []string{"ambush", "patrol", "withdraw"} {
		if !scripts[s] {
			t.Errorf("no unit has a %s script", s)
		}
	}
	if len(dummies) < 2 {
		t.Errorf("dummies in %d battles (%v), want at least 2", len(dummies), dummies)
	}
	if !towing {
		t.Error("no Gun starts with a tower that may tow it")
	}
	for _, r := range combat.Names() {
		if !rulesets[r] {
			t.Errorf("no scenario is played under the %s ruleset", r)
		}
	}
}
