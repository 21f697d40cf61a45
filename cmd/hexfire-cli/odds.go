package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/units"
)

func init() {
	commands["odds"] = command{summary: "exact odds of one AT shot, with the steps", run: runOdds}
}

// shotFlags are the flags odds and roll share: a firer and a target from
// the catalogue or as raw ratings, and the geometry of the shot.
type shotFlags struct {
	rules                       string
	firer, target               string
	atfp, weapon, kind, armour  string
	aspect, terrain, fort       string
	rng, swRange, cover, hind   int
	leader                      int
	immobile, shield, passenger bool
	valor, jsonOut              bool
	extraShotFlags
	// The flags of tohit-tokill's shots (other-rulesets.md): date, nation,
	// counted rounds, the firer's hex and elevation, desperation fire, the
	// scenario's rule for the early Panzerfaust.
	date, nation, firerTerrain string
	rounds, elevation          int
	inherent, desperation      bool
	panzerfaustTrials          bool
}

func (f *shotFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.rules, "rules", "elimination", "ruleset: "+strings.Join(combat.Names(), ", "))
	fs.StringVar(&f.firer, "firer", "", "firing unit type from the catalogue (hexfire-cli units)")
	fs.StringVar(&f.target, "target", "", "target unit type from the catalogue")
	fs.StringVar(&f.atfp, "atfp", "", "raw firer: ATFP letter A-F (instead of --firer)")
	fs.StringVar(&f.weapon, "weapon", "", "gun, sw, or a support weapon's name (e.g. Panzerfaust); default: the firer's own")
	fs.IntVar(&f.swRange, "sw-range", 0, "raw support weapon's range in hexes (0: no limit)")
	fs.StringVar(&f.kind, "kind", "", "raw target: afv, vehicle or gun (instead of --target)")
	fs.StringVar(&f.armour, "armour", "", "raw AFV target's armour, front/rear (E/C) or one letter")
	fs.StringVar(&f.aspect, "aspect", "front", "armour facing the firer: front, rear or hexside")
	fs.IntVar(&f.rng, "range", 1, "range in hexes")
	fs.StringVar(&f.terrain, "terrain", "", "target hex terrain (woods, building…): sets --cover and names it")
	fs.IntVar(&f.cover, "cover", -1, "target hex cover (default: that of --terrain, else 0)")
	fs.StringVar(&f.fort, "fortification", "", "the target stands behind sandbags: adds their cover to --terrain's (other fortifications hold nothing AT fire may attack)")
	fs.IntVar(&f.hind, "hindrance", 0, "total of the hindrances along the line of sight")
	fs.BoolVar(&f.shield, "shield", false, "the target Gun's shield counts (firer in its forward arc, no Move marker)")
	fs.BoolVar(&f.immobile, "immobile", false, "the target AFV is already immobile")
	fs.IntVar(&f.leader, "leader", 0, "modifier of a leader directing infantry fire (e.g. -1)")
	fs.BoolVar(&f.passenger, "passenger", false, "the firer rides in or is towed by a vehicle")
	fs.BoolVar(&f.valor, "valor", false, "the firer has Valor (-1)")
	fs.BoolVar(&f.jsonOut, "json", false, "print JSON")
	f.extraShotFlags.register(fs)
	fs.StringVar(&f.date, "date", "", "the scenario's date, YYYY-MM (weapons by date: tohit-tokill)")
	fs.StringVar(&f.nation, "nation", "", "the firer's nation (DE, SU, UK, US); default: the --firer's, else none")
	fs.IntVar(&f.rounds, "rounds", 0, "counted rounds left for the weapon (0: not counted)")
	fs.BoolVar(&f.inherent, "inherent", false, "an expendable weapon the unit is assumed to carry, not the side's pool (the Panzerfaust check of tohit-tokill)")
	fs.BoolVar(&f.panzerfaustTrials, "panzerfaust-trials", false, "the scenario lets German infantry carry the early Panzerfaust (the map property panzerfaust_trials: tohit-tokill)")
	fs.StringVar(&f.firerTerrain, "firer-terrain", "", "the terrain of the firer's hex (building: backblast in tohit-tokill)")
	fs.BoolVar(&f.desperation, "desperation", false, "fire from terrain the ruleset otherwise forbids, accepting the harm to the firer's hex")
	fs.IntVar(&f.elevation, "elevation", 0, "the target hex's level minus the firer's")
}

// parseFlags parses args into f with a flag set named name. It returns
// flag.ErrHelp after printing the flags for -h.
func parseFlags(name string, args []string, stdout io.Writer, f *shotFlags, extra func(*flag.FlagSet)) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	f.register(fs)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %s", name, fileio.Quote(fs.Arg(0)))
	}
	return checkFlagRanges(fs)
}

// build turns the flags into a ruleset and a shot.
func (f *shotFlags) build() (combat.Ruleset, combat.Shot, error) {
	var s combat.Shot
	r, err := combat.Lookup(f.rules)
	if err != nil {
		return nil, s, err
	}
	cat, err := loadCatalogue()
	if err != nil {
		return nil, s, err
	}
	raw, err := f.buildRawFirer(&s)
	if err != nil {
		return nil, s, err
	}
	switch {
	case raw && (f.firer != "" || f.atfp != "" || f.weapon != ""):
		return nil, s, errors.New("give --sw-name or --pen-mm, or --firer, --atfp or --weapon, not both")
	case !raw:
		if err := f.buildFirer(cat, &s); err != nil {
			return nil, s, err
		}
	}
	if err := f.buildTarget(cat, &s); err != nil {
		return nil, s, err
	}
	aspect, ok := board.ParseAspect(f.aspect)
	if !ok {
		return nil, s, fmt.Errorf("--aspect %s: want front, rear or hexside", fileio.Quote(f.aspect))
	}
	s.Aspect, s.Range, s.Hindrance = aspect, f.rng, f.hind
	if f.terrain != "" {
		t, err := board.ParseTerrain(f.terrain)
		if err != nil {
			return nil, s, fmt.Errorf("--terrain: %w", err)
		}
		s.Cover, s.CoverName = t.Info().Cover, t.Info().Name
	}
	if f.fort != "" {
		k, err := board.ParseFortKind(f.fort)
		switch {
		case err != nil:
			return nil, s, fmt.Errorf("--fortification %s: %w", fileio.Quote(f.fort), err)
		case k.Info().Cover == 0:
			return nil, s, fmt.Errorf("--fortification %s: a %s gives no cover", fileio.Quote(f.fort), k)
		case k != board.Sandbags:
			return nil, s, fmt.Errorf("--fortification %s: AT fire attacks no unit in a %s (rules 20.5, 20.9, 20.10)", fileio.Quote(f.fort), k)
		}
		s.Cover += k.Info().Cover
		if s.CoverName == "" {
			s.CoverName = k.String()
		} else {
			s.CoverName += " and " + k.String()
		}
	}
	if f.cover >= 0 {
		s.Cover = f.cover
	}
	s.GunShield, s.Leader, s.Passenger, s.Valorous = f.shield, f.leader, f.passenger, f.valor
	s.Target.Immobile = f.immobile
	if err := f.extraShotFlags.apply(&s, f.rng); err != nil {
		return nil, s, err
	}
	if err := f.extraShotFlags.applyStates(r, &s); err != nil {
		return nil, s, err
	}
	if err := f.extraShotFlags.buildSecond(cat, &s, f.rng); err != nil {
		return nil, s, err
	}
	if err := f.buildMore(&s); err != nil {
		return nil, s, err
	}
	return r, s, nil
}

// buildMore fills in what the rulesets other than the default read.
func (f *shotFlags) buildMore(s *combat.Shot) error {
	var err error
	if f.date != "" {
		if s.Date, err = combat.ParseDate(f.date); err != nil {
			return fmt.Errorf("--date: %w", err)
		}
	}
	if f.firerTerrain != "" {
		if s.FirerTerrain, err = board.ParseTerrain(f.firerTerrain); err != nil {
			return fmt.Errorf("--firer-terrain: %w", err)
		}
	}
	if f.rounds < 0 {
		return fmt.Errorf("--rounds %d: want 0 or more", f.rounds)
	}
	if f.nation != "" {
		s.FirerNation = f.nation
	}
	s.Weapon.Rounds, s.Weapon.Inherent = f.rounds, f.inherent
	s.Desperation, s.Elevation, s.PanzerfaustTrials = f.desperation, f.elevation, f.panzerfaustTrials
	return nil
}

func (f *shotFlags) buildFirer(cat *units.Catalogue, s *combat.Shot) error {
	switch {
	case f.firer != "" && f.atfp != "":
		return errors.New("give --firer or --atfp, not both")
	case f.firer == "" && f.atfp == "" && f.weapon != "" && f.weapon != "gun" && f.weapon != "sw":
		// A catalogue support weapon fired by a squad.
		w, err := cat.LookupWeapon(f.weapon)
		if err != nil {
			return err
		}
		s.Firer, s.FirerKind, s.Weapon = "squad", units.Squad, combat.SupportWeaponOf(w)
		return nil
	case f.firer == "" && f.atfp == "":
		return errors.New("no firer: give --firer NAME, --atfp LETTER or --weapon NAME")
	case f.atfp != "":
		atfp, err := units.ParseRating(f.atfp)
		if err != nil {
			return fmt.Errorf("--atfp: %w", err)
		}
		switch f.weapon {
		case "", "gun":
			s.Firer, s.FirerKind = "gun", units.AFV
			s.Weapon = combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: atfp}
		case "sw":
			s.Firer, s.FirerKind = "squad", units.Squad
			s.Weapon = combat.Weapon{Name: "support weapon", Class: combat.SupportWeapon, ATFP: atfp, Range: f.swRange}
		default:
			return fmt.Errorf("--weapon %s with --atfp: want gun or sw", fileio.Quote(f.weapon))
		}
		return nil
	}
	t, err := cat.Lookup(f.firer)
	if err != nil {
		return fmt.Errorf("--firer: %w", err)
	}
	s.Firer, s.FirerKind, s.FirerNation, s.FirerQuality = t.Name, t.Kind, t.Nation, combat.QualityOf(t)
	switch f.weapon {
	case "", "gun", "sw":
		s.Weapon, err = combat.WeaponOf(cat, t)
		if err != nil {
			return err
		}
		if f.weapon != "" && f.weapon != s.Weapon.Class.String() {
			return fmt.Errorf("--weapon %s: %s fires with its %s", f.weapon, t.Name, s.Weapon.Class)
		}
	default:
		w, err := cat.LookupWeapon(f.weapon)
		if err != nil {
			return fmt.Errorf("--weapon: %w", err)
		}
		s.Weapon = combat.SupportWeaponOf(w)
	}
	return nil
}

func (f *shotFlags) buildTarget(cat *units.Catalogue, s *combat.Shot) error {
	switch {
	case f.target != "" && (f.kind != "" || f.armour != ""):
		return errors.New("give --target or --kind/--armour, not both")
	case f.target != "":
		t, err := cat.Lookup(f.target)
		if err != nil {
			return fmt.Errorf("--target: %w", err)
		}
		s.Target = combat.TargetOf(t)
		return nil
	case f.kind == "":
		return errors.New("no target: give --target NAME or --kind afv|vehicle|gun (--armour for an AFV)")
	}
	kind, err := units.ParseKind(f.kind)
	if err != nil {
		return fmt.Errorf("--kind: %w", err)
	}
	s.Target = combat.Target{Name: "the " + f.kind, Kind: kind}
	if kind == units.AFV {
		switch {
		case f.armour == "" && f.armourMM == "":
			return errors.New("--kind afv needs --armour (e.g. E/C) or --armour-mm (e.g. 100/80)")
		case f.armour != "":
			if s.Target.Armour, err = units.ParseArmour(f.armour); err != nil {
				return fmt.Errorf("--armour: %w", err)
			}
		}
	} else if f.armour != "" {
		return fmt.Errorf("--armour: only an AFV has armour, not a %s", f.kind)
	}
	return nil
}

// describe is the heading line of a shot.
func describe(r combat.Ruleset, s combat.Shot) string {
	target := s.Target.Kind.String()
	if s.Target.Kind == units.AFV {
		target += " " + s.Target.Armour.String()
	}
	hexes := "hexes"
	if s.Range == 1 {
		hexes = "hex"
	}
	return fmt.Sprintf("%s: %s (%s ATFP %s) at %s (%s), %d %s, %s",
		r.Name(), s.Firer, s.Weapon.Name, s.Weapon.ATFP, strings.TrimPrefix(s.Target.Name, "the "), target, s.Range, hexes, s.Aspect)
}

// oddsJSON is the --json form of odds under one ruleset: the summary keys
// every ruleset shares, the chance of each outcome by its effect on the
// target (the ruleset's own outcome keys), and the steps. Error is set,
// and nothing else, when the ruleset refuses the shot.
type oddsJSON struct {
	Rules    string             `json:"rules"`
	ToHit    *int               `json:"to_hit,omitempty"` // nil only with Error: 0 is a to-hit number too
	Summary  *summaryJSON       `json:"summary,omitempty"`
	Outcomes map[string]float64 `json:"outcomes,omitempty"`
	// Firer is the chance of each effect the shot has on its firer or the
	// firer's hex ("firer: weapon removed", "firer's hex: casualty").
	Firer map[string]float64 `json:"firer,omitempty"`
	Steps []string           `json:"steps,omitempty"`
	Error string             `json:"error,omitempty"`
}

// summaryJSON is combat.Summary as chances: to hit, to destroy (eliminated
// or abandoned), to immobilize, to leave the target able to fight, and the
// expected counters of each state the shot adds.
type summaryJSON struct {
	Hit        float64            `json:"hit"`
	Destroy    float64            `json:"destroy"`
	Immobilize float64            `json:"immobilize"`
	Fighting   float64            `json:"fighting"`
	Counters   map[string]float64 `json:"counters,omitempty"`
}

// outcomeKey is a headline as a JSON key: words joined by underscores
// ("no_effect"), the keys the odds have always had.
func outcomeKey(headline string) string { return strings.ReplaceAll(headline, " ", "_") }

// rulesetOdds evaluates shot s under ruleset r.
func rulesetOdds(r combat.Ruleset, s combat.Shot, f *extraShotFlags) (oddsJSON, combat.Odds) {
	out := oddsJSON{Rules: r.Name()}
	odds, err := f.odds(r, s)
	if err == nil {
		err = odds.Check()
	}
	if err != nil {
		out.Error = err.Error()
		return out, odds
	}
	sum := odds.Summary(combat.StatesOfRuleset(r))
	out.ToHit, out.Steps, out.Outcomes = &odds.ToHit, odds.Steps, map[string]float64{}
	out.Summary = &summaryJSON{Hit: sum.P(sum.Hit), Destroy: sum.P(sum.Destroy), Immobilize: sum.P(sum.Immobilize),
		Fighting: sum.P(sum.Fighting)}
	for _, c := range sum.Counters {
		if out.Summary.Counters == nil {
			out.Summary.Counters = map[string]float64{}
		}
		out.Summary.Counters[c.State] = c.Expected
	}
	for _, h := range odds.Headlines() {
		out.Outcomes[outcomeKey(h.Headline)] = odds.Probability(h.Weight)
	}
	for _, w := range odds.Outcomes {
		for _, e := range w.Effects {
			if e.On != combat.OnFirer && e.On != combat.OnFirerHex {
				continue
			}
			if out.Firer == nil {
				out.Firer = map[string]float64{}
			}
			out.Firer[e.On.String()+": "+e.String()] += odds.Probability(w.Weight)
		}
	}
	return out, odds
}

func runOdds(args []string, stdout io.Writer) error {
	var f shotFlags
	var compare bool
	err := parseFlags("odds", args, stdout, &f, func(fs *flag.FlagSet) {
		fs.BoolVar(&compare, "compare", false, "the same shot under every registered ruleset, side by side")
	})
	if err != nil {
		return err
	}
	r, s, err := f.build()
	if err != nil {
		return err
	}
	if compare {
		return compareOdds(s, &f, stdout)
	}
	out, odds := rulesetOdds(r, s, &f.extraShotFlags)
	if out.Error != "" {
		return fmt.Errorf("shot refused: %s", out.Error)
	}
	if f.jsonOut {
		return writeJSON(stdout, out)
	}
	fmt.Fprintln(stdout, describe(r, s))
	fmt.Fprintf(stdout, "to-hit number: %d\n", odds.ToHit)
	for _, step := range odds.Steps {
		fmt.Fprintln(stdout, "  "+step)
	}
	for _, h := range odds.Headlines() {
		fmt.Fprintf(stdout, "%-12s %7.2f%%   (%s)\n", h.Headline, 100*odds.Probability(h.Weight), odds.Exact(h.Weight).RatString())
	}
	fmt.Fprintf(stdout, "summary: hit %.2f%%, destroy %.2f%%, immobilize %.2f%%, still fighting %.2f%%\n",
		100*out.Summary.Hit, 100*out.Summary.Destroy, 100*out.Summary.Immobilize, 100*out.Summary.Fighting)
	return nil
}

// compareOdds prints shot s under every registered ruleset: a column each
// with the shared summary, or one JSON object per ruleset.
func compareOdds(s combat.Shot, f *shotFlags, stdout io.Writer) error {
	var all []oddsJSON
	for _, name := range combat.Names() {
		r, err := combat.Lookup(name)
		if err != nil {
			return err
		}
		out, _ := rulesetOdds(r, s, &f.extraShotFlags)
		all = append(all, out)
	}
	if f.jsonOut {
		return writeJSON(stdout, all)
	}
	fmt.Fprintf(stdout, "%s (%s) at %s, %d hexes, %s\n", s.Firer, s.Weapon.Name, strings.TrimPrefix(s.Target.Name, "the "), s.Range, s.Aspect)
	fmt.Fprintf(stdout, "%-16s", "")
	for _, o := range all {
		fmt.Fprintf(stdout, " %14s", o.Rules)
	}
	fmt.Fprintln(stdout)
	rows := []struct {
		name string
		of   func(*summaryJSON) float64
	}{
		{"hit", func(s *summaryJSON) float64 { return s.Hit }},
		{"destroy", func(s *summaryJSON) float64 { return s.Destroy }},
		{"immobilize", func(s *summaryJSON) float64 { return s.Immobilize }},
		{"still fighting", func(s *summaryJSON) float64 { return s.Fighting }},
	}
	for _, row := range rows {
		fmt.Fprintf(stdout, "%-16s", row.name)
		for _, o := range all {
			if o.Summary == nil {
				fmt.Fprintf(stdout, " %14s", "refused")
				continue
			}
			fmt.Fprintf(stdout, " %13.2f%%", 100*row.of(o.Summary))
		}
		fmt.Fprintln(stdout)
	}
	for _, o := range all {
		if o.Error != "" {
			fmt.Fprintf(stdout, "%s refuses the shot: %s\n", o.Rules, o.Error)
		}
	}
	return nil
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
