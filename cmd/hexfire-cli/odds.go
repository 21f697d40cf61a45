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
	_ "hexfire/combat/elimination" // the default ruleset registers itself
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
	atfp, weapon, kind, armor   string
	aspect, terrain             string
	rng, swRange, cover, hind   int
	leader                      int
	immobile, shield, passenger bool
	valor, jsonOut              bool
}

func (f *shotFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.rules, "rules", "elimination", "ruleset: "+strings.Join(combat.Names(), ", "))
	fs.StringVar(&f.firer, "firer", "", "firing unit type from the catalogue (hexfire-cli units)")
	fs.StringVar(&f.target, "target", "", "target unit type from the catalogue")
	fs.StringVar(&f.atfp, "atfp", "", "raw firer: ATFP letter A-F (instead of --firer)")
	fs.StringVar(&f.weapon, "weapon", "", "gun, sw, or a support weapon's name (e.g. Panzerfaust); default: the firer's own")
	fs.IntVar(&f.swRange, "sw-range", 0, "raw support weapon's range in hexes (0: no limit)")
	fs.StringVar(&f.kind, "kind", "", "raw target: afv, vehicle or gun (instead of --target)")
	fs.StringVar(&f.armor, "armor", "", "raw AFV target's armour, front/rear (E/C) or one letter")
	fs.StringVar(&f.aspect, "aspect", "front", "armour facing the firer: front, rear or hexside")
	fs.IntVar(&f.rng, "range", 1, "range in hexes")
	fs.StringVar(&f.terrain, "terrain", "", "target hex terrain (woods, building…): sets --cover and names it")
	fs.IntVar(&f.cover, "cover", -1, "target hex cover (default: that of --terrain, else 0)")
	fs.IntVar(&f.hind, "hindrance", 0, "total of the hindrances along the line of sight")
	fs.BoolVar(&f.shield, "shield", false, "the target Gun's shield counts (firer in its forward arc, no Move marker)")
	fs.BoolVar(&f.immobile, "immobile", false, "the target AFV is already immobile")
	fs.IntVar(&f.leader, "leader", 0, "modifier of a leader directing infantry fire (e.g. -1)")
	fs.BoolVar(&f.passenger, "passenger", false, "the firer rides in or is towed by a vehicle")
	fs.BoolVar(&f.valor, "valor", false, "the firer has Valor (-1)")
	fs.BoolVar(&f.jsonOut, "json", false, "print JSON")
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
		return fmt.Errorf("%s: unexpected argument %q", name, fs.Arg(0))
	}
	return nil
}

// build turns the flags into a ruleset and a shot.
func (f *shotFlags) build() (combat.Ruleset, combat.Shot, error) {
	var s combat.Shot
	r, err := combat.Lookup(f.rules)
	if err != nil {
		return nil, s, err
	}
	cat, err := units.Default()
	if err != nil {
		return nil, s, err
	}
	if err := f.buildFirer(cat, &s); err != nil {
		return nil, s, err
	}
	if err := f.buildTarget(cat, &s); err != nil {
		return nil, s, err
	}
	aspect, ok := board.ParseAspect(f.aspect)
	if !ok {
		return nil, s, fmt.Errorf("--aspect %q: want front, rear or hexside", f.aspect)
	}
	s.Aspect, s.Range, s.Hindrance = aspect, f.rng, f.hind
	s.Metres = f.rng * 50 // the default scale, 50 m a hex
	if f.terrain != "" {
		t, err := board.ParseTerrain(f.terrain)
		if err != nil {
			return nil, s, fmt.Errorf("--terrain: %w", err)
		}
		s.Cover, s.CoverName = t.Info().Cover, t.Info().Name
	}
	if f.cover >= 0 {
		s.Cover = f.cover
	}
	s.GunShield, s.Leader, s.Passenger, s.Valorous = f.shield, f.leader, f.passenger, f.valor
	s.Target.Immobile = f.immobile
	return r, s, nil
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
			return fmt.Errorf("--weapon %q with --atfp: want gun or sw", f.weapon)
		}
		return nil
	}
	t, err := cat.Lookup(f.firer)
	if err != nil {
		return fmt.Errorf("--firer: %w", err)
	}
	s.Firer, s.FirerKind = t.Name, t.Kind
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
	case f.target != "" && (f.kind != "" || f.armor != ""):
		return errors.New("give --target or --kind/--armor, not both")
	case f.target != "":
		t, err := cat.Lookup(f.target)
		if err != nil {
			return fmt.Errorf("--target: %w", err)
		}
		s.Target = combat.TargetOf(t)
		return nil
	case f.kind == "":
		return errors.New("no target: give --target NAME or --kind afv|vehicle|gun (--armor for an AFV)")
	}
	kind, err := units.ParseKind(f.kind)
	if err != nil {
		return fmt.Errorf("--kind: %w", err)
	}
	s.Target = combat.Target{Name: "the " + f.kind, Kind: kind}
	if kind == units.AFV {
		if f.armor == "" {
			return errors.New("--kind afv needs --armor (e.g. E/C)")
		}
		if s.Target.Armor, err = units.ParseArmor(f.armor); err != nil {
			return fmt.Errorf("--armor: %w", err)
		}
	} else if f.armor != "" {
		return fmt.Errorf("--armor: only an AFV has armour, not a %s", f.kind)
	}
	return nil
}

// describe is the heading line of a shot.
func describe(r combat.Ruleset, s combat.Shot) string {
	target := s.Target.Kind.String()
	if s.Target.Kind == units.AFV {
		target += " " + s.Target.Armor.String()
	}
	hexes := "hexes"
	if s.Range == 1 {
		hexes = "hex"
	}
	return fmt.Sprintf("%s: %s (%s ATFP %s) at %s (%s), %d %s, %s",
		r.Name(), s.Firer, s.Weapon.Name, s.Weapon.ATFP, strings.TrimPrefix(s.Target.Name, "the "), target, s.Range, hexes, s.Aspect)
}

// oddsJSON is the --json form of odds.
type oddsJSON struct {
	Rules    string             `json:"rules"`
	ToHit    int                `json:"to_hit"`
	Outcomes map[string]float64 `json:"outcomes"`
	Steps    []string           `json:"steps"`
}

func runOdds(args []string, stdout io.Writer) error {
	var f shotFlags
	if err := parseFlags("odds", args, stdout, &f, nil); err != nil {
		return err
	}
	r, s, err := f.build()
	if err != nil {
		return err
	}
	odds, err := r.Odds(s)
	if err != nil {
		return fmt.Errorf("shot refused: %w", err)
	}
	if err := odds.Check(); err != nil {
		return err
	}
	if f.jsonOut {
		out := oddsJSON{Rules: r.Name(), ToHit: odds.ToHit, Outcomes: map[string]float64{}, Steps: odds.Steps}
		for _, res := range combat.Results() {
			out.Outcomes[res.String()] = odds.Probability(res)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	fmt.Fprintln(stdout, describe(r, s))
	fmt.Fprintf(stdout, "to-hit number: %d\n", odds.ToHit)
	for _, step := range odds.Steps {
		fmt.Fprintln(stdout, "  "+step)
	}
	for _, res := range combat.Results() {
		fmt.Fprintf(stdout, "%-12s %7.2f%%   (%s)\n", res, 100*odds.Probability(res), odds.Exact(res).RatString())
	}
	return nil
}
