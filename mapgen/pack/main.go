// Command pack writes Hexfire's scenario pack, assets/scenarios/*.tmx
// other than the default scenario: each battle is a generated map
// (package mapgen) with its own forces, scripts, objectives, victory
// conditions and map properties, listed in scenarios.go. Run it from the
// repository's root after changing a battle:
//
//	go run ./mapgen/pack
//
// A test checks that the committed files are what it writes.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"hexfire/combat/elimination"
	"hexfire/mapgen"
	"hexfire/maps"
	"hexfire/units"
)

// force is a number of units of one type with one script.
type force struct {
	n      int
	typ    string
	script func(m *mapgen.Map, u mapgen.Unit, t *units.Type) string // nil: no script
	// arrives makes the units reinforcements: "TURN EDGE" (docs/MAPS.md);
	// they are still deployed in their side's zone, a hex the edge
	// arrival does not use.
	arrives string
	// weapons are the support weapons the first armed units carry (all n
	// when armed is 0): the placement's "weapons", docs/MAPS.md; "" for
	// their type's.
	weapons string
	armed   int
	// joins puts the units in the hexes of the force before, one each: a
	// tower with the Gun it tows (docs/RULES.md, "Towing Guns"). They move
	// there once every unit is deployed, so the others deploy as they
	// would without them.
	joins bool
	// hidden sets the units up concealed under fog of war wherever they
	// stand (the scenario's defender in cover is hidden anyway).
	hidden bool
}

// scenario is one battle of the pack.
type scenario struct {
	file                           string
	opts                           mapgen.Options
	title, setting, date, briefing string
	// ruleset is the battle's own ruleset; "" for the default.
	ruleset   string
	turns     int
	firstSide maps.Side
	// objectives is how many hexes to pick in the columns [from, to) as
	// fractions of the width.
	objectives int
	objFrom    float64
	objTo      float64
	// zones are the deployment columns of each side, as fractions of the
	// width.
	zones map[maps.Side][2]float64
	// victory is the victory conditions, with {obj} for the objectives'
	// labels.
	victory string
	pools   map[string]int // smoke_allies, panzerfausts_axis, …
	// support is each side's off-board missions, as map property
	// support_SIDE writes them ("2 light 12/C, 1 air 16/B").
	support map[maps.Side]string
	allies  []force
	axis    []force
	// defender, when set, is the side whose infantry and Guns are set up
	// hidden where they stand in cover (mapgen.HideInCover).
	defender maps.Side
	// fortify, when set, adds the battle's fortifications once the units
	// are deployed.
	fortify func(m *mapgen.Map) error
}

// loadCatalogue loads the shipped unit catalogue, the letters it leaves
// out (which mapgen.Points reads) rated by the default ruleset.
func loadCatalogue() (*units.Catalogue, error) { return units.Default(elimination.Ruleset{}) }

func main() {
	dir := flag.String("dir", filepath.Join("assets", "scenarios"), "folder to write the scenarios to")
	flag.Parse()
	cat, err := loadCatalogue()
	if err != nil {
		fail(err)
	}
	for _, s := range pack {
		data, err := build(s, cat)
		if err != nil {
			fail(err)
		}
		if err := os.WriteFile(filepath.Join(*dir, s.file), data, 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pack:", err)
	os.Exit(1)
}

// build makes one scenario's .tmx file.
func build(s scenario, cat *units.Catalogue) ([]byte, error) {
	o := s.opts
	o.TilesetDir = "../tiles"
	m, err := mapgen.Terrain(o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.file, err)
	}
	w := float64(o.Width)
	rng := rand.New(rand.NewPCG(o.Seed, 99))
	m.Objectives = m.PickObjectives(rng, s.objectives, int(s.objFrom*w), int(s.objTo*w))
	obj := m.Labels(m.Objectives)
	joining := map[int]int{} // unit index → the index of the unit it joins
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		z := s.zones[side]
		m.Zones[side] = [2]int{int(z[0] * w), int(z[1] * w)}
		forces := s.allies
		if side == maps.Axis {
			forces = s.axis
		}
		prev := 0
		for _, f := range forces {
			start := len(m.Units)
			var names []string
			for range f.n {
				names = append(names, f.typ)
			}
			if err := m.Deploy(cat, side, names, rng); err != nil {
				return nil, fmt.Errorf("%s: %w", s.file, err)
			}
			for i := start; i < len(m.Units); i++ {
				m.Units[i].Arrives = f.arrives
				if f.armed == 0 || i-start < f.armed {
					m.Units[i].Weapons = f.weapons
				}
				m.Units[i].Hidden = f.hidden
				if f.joins {
					if i-start >= start-prev {
						return nil, fmt.Errorf("%s: %d %s join %d units", s.file, f.n, f.typ, start-prev)
					}
					joining[i] = prev + i - start
				}
			}
			if f.script != nil {
				t, err := cat.Lookup(f.typ)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", s.file, err)
				}
				for i := start; i < len(m.Units); i++ {
					m.Units[i].Script = f.script(m, m.Units[i], t)
				}
			}
			prev = start
		}
	}
	for i, j := range joining {
		m.Units[i].Hex = m.Units[j].Hex
	}
	if s.fortify != nil {
		if err := s.fortify(m); err != nil {
			return nil, fmt.Errorf("%s: %w", s.file, err)
		}
	}
	if s.defender != "" {
		if err := m.HideInCover(cat, s.defender); err != nil {
			return nil, fmt.Errorf("%s: %w", s.file, err)
		}
	}
	m.SetProperty("title", "", s.title)
	m.SetProperty("setting", "", s.setting)
	m.SetProperty("date", "", s.date)
	m.SetProperty("briefing", "", s.briefing)
	m.SetProperty("hex_m", "int", "50")
	m.SetProperty("fog", "bool", "true")
	ruleset := s.ruleset
	if ruleset == "" {
		ruleset = maps.DefaultRuleset
	}
	m.SetProperty("ruleset", "", ruleset)
	m.SetProperty("turns", "int", fmt.Sprint(s.turns))
	m.SetProperty("first_side", "", string(s.firstSide))
	m.SetProperty("victory", "", strings.ReplaceAll(s.victory, "{obj}", obj))
	for _, k := range []string{"smoke_allies", "smoke_axis", "panzerfausts_allies", "panzerfausts_axis", "grenades_allies", "grenades_axis"} {
		if n, ok := s.pools[k]; ok {
			m.SetProperty(k, "int", fmt.Sprint(n))
		}
	}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if v, ok := s.support[side]; ok {
			m.SetProperty("support_"+string(side), "", v)
		}
	}
	data, err := m.TMX()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.file, err)
	}
	return data, nil
}
