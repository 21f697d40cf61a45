package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

func init() {
	commands["view"] = command{summary: "what one side knows of a battle: at set-up, or after an order of a save", run: runView}
}

// fogFlag is a --fog flag that may be left unset: then the scenario's map
// property (or the save) decides. "--fog" alone means true.
type fogFlag struct {
	set, on bool
}

func (f *fogFlag) String() string {
	if !f.set {
		return "the scenario's"
	}
	return strconv.FormatBool(f.on)
}

func (f *fogFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%s: want true or false", fileio.Quote(s))
	}
	f.set, f.on = true, on
	return nil
}

// IsBoolFlag lets the flag be given without a value.
func (f *fogFlag) IsBoolFlag() bool { return true }

// setting is the battle's fog setting the flag asks for.
func (f *fogFlag) setting() battle.FogSetting {
	if !f.set {
		return battle.FogOfMap
	}
	return battle.FogSettingOf(f.on)
}

// scenarioSource is the source a --scenario flag names (battle.Config's
// Source): the file, or the embedded default scenario when empty.
func scenarioSource(path string) string {
	if path == "" {
		return battle.EmbeddedPrefix + maps.DefaultPath
	}
	return path
}

// loadScenario loads the scenario a --scenario flag names.
func loadScenario(path string, cat *units.Catalogue) (*maps.Scenario, error) {
	return battle.OpenScenario(scenarioSource(path), cat)
}

func runView(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.SetOutput(stdout)
	scenario := fs.String("scenario", "", "Tiled .tmx scenario (default: the embedded "+maps.DefaultPath+")")
	rules := fs.String("rules", "", "ruleset name (default: the scenario's)")
	sideName := fs.String("side", "", "whose view: allies or axis")
	savePath := fs.String("save", "", "a save file: the view after one of its orders instead of at set-up")
	order := fs.Int("order", -1, "with --save: the view after this many of its orders (default: all)")
	jsonOut := fs.Bool("json", false, "print JSON")
	var fog fogFlag
	fs.Var(&fog, "fog", "fight under fog of war (--fog=false: as if the battle were open; default: the scenario's)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("view: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	side := maps.Side(*sideName)
	if side != maps.Allies && side != maps.Axis {
		return fmt.Errorf("view: --side %s: want allies or axis", fileio.Quote(*sideName))
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if *savePath != "" {
		for _, name := range []string{"scenario", "rules", "fog"} {
			if given[name] {
				return fmt.Errorf("view: --%s with --save: the save names its scenario, ruleset and fog", name)
			}
		}
	} else if given["order"] {
		return fmt.Errorf("view: --order needs --save")
	}
	cat, err := loadCatalogue()
	if err != nil {
		return err
	}
	var b *battle.Battle
	if *savePath != "" {
		b, err = battleAfter(*savePath, *order, cat)
	} else {
		b, err = battleAtSetUp(*scenario, *rules, fog.setting(), cat)
	}
	if err != nil {
		return err
	}
	v := b.View(side)
	if *jsonOut {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = stdout.Write(append(data, '\n'))
		return err
	}
	return printView(stdout, b, v)
}

// battleAtSetUp is a new battle of the scenario file (the default one
// when empty) under ruleset rules (the scenario's when empty) and fog.
func battleAtSetUp(path, rules string, fog battle.FogSetting, cat *units.Catalogue) (*battle.Battle, error) {
	sc, err := loadScenario(path, cat)
	if err != nil {
		return nil, err
	}
	return battle.New(sc, cat, battle.Config{Seed: 1, Ruleset: rules, Fog: fog, Source: scenarioSource(path)})
}

// battleAfter is the battle of the save file after its first n orders
// (all of them when n is negative), replayed from the start. The save is
// replayed whole first: only its last state's digest vouches for its
// orders, so a part of them is replayed again once the whole has passed.
func battleAfter(path string, n int, cat *units.Catalogue) (*battle.Battle, error) {
	saved, err := battle.LoadSave(path, cat)
	if err != nil {
		return nil, err
	}
	orders := saved.Orders()
	switch {
	case n < 0:
		return saved, nil
	case n > len(orders):
		return nil, fmt.Errorf("view: --order %d: %s holds %d orders", n, path, len(orders))
	}
	b, err := battle.New(saved.Scenario(), cat, saved.Config())
	if err != nil {
		return nil, err
	}
	for i, o := range orders[:n] {
		if _, err := b.Apply(o); err != nil {
			return nil, fmt.Errorf("view: %s: order %d (%s): %w", path, i+1, o.Name(), err)
		}
	}
	return b, nil
}

// printView writes side's view as text: the battle's state, the side's
// units, then what it knows of the enemy and why.
func printView(w io.Writer, b *battle.Battle, v *battle.View) error {
	sc := b.Scenario()
	bd := v.Board()
	fog := "open"
	if v.Fog {
		fog = "under fog of war"
	}
	fmt.Fprintf(w, "%s (%s), ruleset %s, %s\n", sc.Title, sc.Path, b.Config().Ruleset, fog)
	fmt.Fprintf(w, "the %s' view after %d orders: turn %d", v.Side.Title(), b.OrderCount(), v.Turn)
	if v.Turns > 0 {
		fmt.Fprintf(w, " of %d", v.Turns)
	}
	fmt.Fprintf(w, ", %s %s phase", v.Phasing.Adjective(), v.Phase)
	if r := v.Result; r != nil {
		fmt.Fprintf(w, "; over: %s", r.Reason)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "own units (%d):\n", len(v.Own))
	for i := range v.Own {
		u := &v.Own[i]
		where := u.Where()
		if where == "map" || where == "carried" {
			where = bd.Label(u.Pose.Hex) + " " + u.Pose.Facing.String()
			if u.Carrier != 0 {
				where += ", carried by " + strconv.Itoa(int(u.Carrier))
			}
		}
		name := u.Name
		if u.Dummy() && name != maps.DummyType {
			name += " (dummy)"
		}
		fmt.Fprintf(w, "  %-4d %-28s %s%s\n", u.ID, name, where, markerList(u.Markers))
	}
	fmt.Fprintf(w, "enemy units known (%d):\n", len(v.Enemy))
	for _, e := range v.Enemy {
		name, where := "?", bd.Label(e.Pose.Hex)
		if e.Type != nil {
			name, where = e.Name, where+" "+e.Pose.Facing.String()
		}
		var why string
		switch {
		case e.Known == battle.Unknown:
			why = fmt.Sprintf("last seen on turn %d", e.Turn)
		case len(e.SeenBy) > 0:
			ids := make([]string, len(e.SeenBy))
			for i, id := range e.SeenBy {
				ids[i] = strconv.Itoa(int(id))
			}
			why = e.Known.String() + ", seen by " + strings.Join(ids, ", ")
		default:
			why = e.Known.String()
		}
		switch e.Revealed.Event {
		case "", battle.RevealOpen:
		case battle.RevealSetUp:
			why += " (revealed: set-up)"
		default:
			why += fmt.Sprintf(" (revealed: %s, turn %d)", e.Revealed.Event, e.Revealed.Turn)
		}
		marks := ""
		if e.Known == battle.Spotted {
			marks = markerList(e.Markers)
		}
		fmt.Fprintf(w, "  %-4s %-28s %-7s %s%s\n", e.ViewID(), name, where, why, marks)
	}
	return nil
}

// markerList is ", markers: fired moved" for the markers set, "" for none.
func markerList(m battle.Markers) string {
	names := m.Names()
	if len(names) == 0 {
		return ""
	}
	return ", markers: " + strings.Join(names, " ")
}
