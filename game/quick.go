package game

import (
	"fmt"
	"image"
	"os"
	"path/filepath"

	"hexfire/combat"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/mapgen"
	"hexfire/maps"
)

// The choices of a quick battle (hexfire-cli generate offers any values;
// these are the menu's, our own choice of a few that play well).
var (
	quickSizes   = []image.Point{{12, 10}, {20, 14}, {30, 20}, {40, 28}}
	quickPoints  = []int{200, 400, 700}
	quickNations = [][2]string{{"US", "DE"}, {"UK", "DE"}, {"SU", "DE"}}
	// quickOpponents are who the computer plays, the first for a new
	// player, who most often plays alone.
	quickOpponents = []struct {
		label    string
		computer []maps.Side
	}{
		{"the computer plays the Axis", []maps.Side{maps.Axis}},
		{"the computer plays the Allies", []maps.Side{maps.Allies}},
		{"none: two players, hot-seat", nil},
	}
)

// quickFolder is where quick battles are written, under the config
// directory, so that their saves and replays find the map again.
const quickFolder = "quick"

// quickScreen sets up a quick battle: ground, size, points, nations,
// hexes, the opponent and the ruleset (the picker's choice, shared with
// it), each button cycling through its choices; Generate writes the map
// (mapgen.WriteFile, as hexfire-cli generate) and shows its briefing.
type quickScreen struct {
	columnScreen
	ground, size, points, nations, hexes, opponent int // indexes into the choices
}

func newQuick(a *App) *quickScreen {
	q := &quickScreen{columnScreen: columnScreen{title: "Quick battle", top: 0.25,
		text: "A meeting engagement on generated ground: both sides buy forces of equal points from the catalogue " +
			"and race for the same objectives (docs/SCENARIOS.md). Enter or a click changes a choice."},
		ground: len(mapgen.Grounds) - 1, size: 2, points: 1}
	q.build(a)
	q.list.FirstOn()
	return q
}

// build makes the buttons, each showing its current choice.
func (q *quickScreen) build(a *App) {
	next := func(i *int, n int) func() { return func() { *i = (*i + 1) % n; q.build(a) } }
	size := quickSizes[q.size]
	hexes := [2]string{"flat-topped", "pointy-topped"}
	q.list.Items = []ui.Button{
		{Label: "Ground: " + string(mapgen.Grounds[q.ground]), Do: next(&q.ground, len(mapgen.Grounds))},
		{Label: fmt.Sprintf("Size: %d×%d hexes", size.X, size.Y), Do: next(&q.size, len(quickSizes))},
		{Label: fmt.Sprintf("Points a side: %d", quickPoints[q.points]), Do: next(&q.points, len(quickPoints))},
		{Label: fmt.Sprintf("Sides: %s v %s", quickNations[q.nations][0], quickNations[q.nations][1]), Do: next(&q.nations, len(quickNations))},
		{Label: "Hexes: " + hexes[q.hexes], Do: next(&q.hexes, len(hexes))},
		{Label: "Opponent: " + quickOpponents[q.opponent].label, Do: next(&q.opponent, len(quickOpponents))},
		{Label: "Rules: " + rulesChoiceText(a.pickedRules), Do: func() {
			a.pickedRules = nextRulesChoice(a.pickedRules, combat.Names())
			q.build(a)
		}},
		{Label: "Generate and read the briefing", Do: func() { q.start(a) }},
		{Label: "Back", Do: a.toMenu},
	}
}

// options returns the generator's options for the choices and seed.
func (q *quickScreen) options(seed uint64) mapgen.Options {
	size := quickSizes[q.size]
	return mapgen.Options{Seed: seed, Width: size.X, Height: size.Y, Ground: mapgen.Grounds[q.ground],
		Points: quickPoints[q.points], Allies: quickNations[q.nations][0], Axis: quickNations[q.nations][1], Pointy: q.hexes == 1}
}

// start generates the battle on a new seed, writes it to the config
// directory (a temporary folder without one), loads it as any scenario and
// goes on to its briefing.
func (q *quickScreen) start(a *App) {
	newSeed := a.opts.NewSeed
	if newSeed == nil {
		newSeed = randomSeed
	}
	seed, err := newSeed()
	if err == nil {
		err = q.write(a, seed)
	}
	if err != nil {
		q.problem = "cannot make the battle: " + err.Error()
	}
}

func (q *quickScreen) write(a *App, seed uint64) error {
	name := fmt.Sprintf("quick-%d.tmx", seed)
	var e scenarioEntry
	if files, ok := a.store.(storage.Dir); ok || a.store == nil {
		dir := ""
		if ok {
			dir = filepath.Join(files.Path, quickFolder)
		} else {
			var err error
			if dir, err = os.MkdirTemp("", "hexfire-quick-"); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		e.source = filepath.Join(dir, name)
		if _, err := mapgen.WriteFile(e.source, q.options(seed), a.opts.Catalogue); err != nil {
			return err
		}
		e.sc, e.err = maps.LoadFile(e.source, a.opts.Catalogue)
	} else if e.err = q.store(a, scenarioFolder+"/"+name, seed); e.err == nil {
		// Kept beside the scenarios a player picks, it finds the embedded
		// tilesets through the storage's file system (storage.OpenScenario).
		e.source = storage.StoredPrefix + scenarioFolder + "/" + name
		e.sc, e.err = storage.OpenScenario(a.store, e.source, a.opts.Catalogue)
	}
	if e.err == nil {
		e.victory, e.err = victoryOf(e.sc)
	}
	if e.err != nil {
		return e.err
	}
	a.goTo(newBriefing(a, e, a.pickedRules, quickOpponents[q.opponent].computer))
	return nil
}

// store generates the quick battle and keeps its map in the app's storage
// under name, naming the embedded tilesets.
func (q *quickScreen) store(a *App, name string, seed uint64) error {
	o := q.options(seed)
	o.TilesetDir = "../tiles"
	m, err := mapgen.Generate(o, a.opts.Catalogue)
	if err != nil {
		return err
	}
	data, err := m.TMX()
	if err != nil {
		return err
	}
	return a.store.Write(name, data)
}
