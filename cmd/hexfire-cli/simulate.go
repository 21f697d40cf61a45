package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

func init() {
	commands["simulate"] = command{summary: "computer against computer: N battles, wins, turns and losses", run: runSimulate}
}

// defaultTurns is the turn limit simulate gives a scenario whose map sets
// none (map property "turns" absent or 0), so that every simulated battle
// ends by its rules: our own choice, well above the 8 turns of the
// shipped scenarios. --turns changes it.
const defaultTurns = 20

// maxOrdersPerBattle stops a battle whose players never finish it (a
// scenario without a turn limit); such a battle counts as a draw. Our
// choice: far above the few thousand orders of an 8-turn battle.
const maxOrdersPerBattle = 200000

// simReport is the JSON form of a simulation.
type simReport struct {
	Scenario  string                       `json:"scenario"`
	Rules     string                       `json:"rules"`
	Fog       bool                         `json:"fog"`
	Seed      uint64                       `json:"seed"`
	Battles   int                          `json:"battles"`
	Players   map[maps.Side]string         `json:"players"`
	Wins      map[string]int               `json:"wins"`
	MeanTurns float64                      `json:"mean_turns"`
	Unended   int                          `json:"unended"`
	Losses    map[maps.Side]map[string]int `json:"losses"`
	// Shots counts each side's attacks by weapon: AT shots by the weapon
	// fired (a Panzerfaust, a unit's support weapon, a vehicle's or Gun's
	// own gun by its type), and "AP fire", "close assault", "vehicle
	// assault", "overrun", "smoke round"; an AP attack counts too under each support
	// weapon fired in it ("MG34").
	Shots map[maps.Side]map[string]int `json:"shots"`
	// Acts counts each side's other orders of note by what they do: "board"
	// and "unload" (passengers), "hook up" and "unhook" (towed Guns),
	// "arrive" and "exit" (the map's edges).
	Acts map[maps.Side]map[string]int `json:"acts"`
}

// battleResult is what one simulated battle contributes.
type battleResult struct {
	winner maps.Side
	turns  int
	ended  bool
	losses map[maps.Side]map[string]int // side → unit type → eliminated
	shots  map[maps.Side]map[string]int // side → weapon → attacks (simReport.Shots)
	acts   map[maps.Side]map[string]int // side → act → orders (simReport.Acts)
	battle *battle.Battle               // the battle as it ended
	err    error
}

// printCounts writes "LABEL: a 2; b 1;" with the names sorted, or
// "LABEL: none".
func printCounts(w io.Writer, label string, counts map[string]int) {
	fmt.Fprintf(w, "%s:", label)
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	slices.Sort(names)
	if len(names) == 0 {
		fmt.Fprint(w, " none")
	}
	for _, n := range names {
		fmt.Fprintf(w, " %s %d;", n, counts[n])
	}
	fmt.Fprintln(w)
}

// attackWeapons names what attack order o fires, for simReport.Shots:
// one name, or none when o is no attack; an AP attack counts as "AP fire"
// and once more under the name of each support weapon fired in it, and
// as "fire lane" when it lays one (once, however many MGs lay it).
func attackWeapons(b *battle.Battle, o battle.Order) []string {
	switch o := o.(type) {
	case battle.Fire:
		if o.Panzerfaust {
			return []string{"Panzerfaust"}
		}
		if u := b.Unit(o.Unit); u != nil {
			if w, err := b.WeaponOf(u); err == nil && w.Name != "" {
				if p, err := b.PlanFire(o); err == nil && p.Spotter != nil {
					return []string{w.Name, "mortar (indirect)"}
				}
				return []string{w.Name}
			}
		}
		return []string{"AT fire"}
	case battle.FireAP:
		names := []string{"AP fire"}
		if p, err := b.PlanAP(o); err == nil {
			for _, w := range p.Weapons {
				if w != "" {
					names = append(names, w)
				}
			}
			if p.Spotter != nil {
				names = append(names, "mortar (indirect)")
			}
			if p.Lane != nil {
				names = append(names, "fire lane")
			}
		}
		return names
	case battle.CallFire:
		switch {
		case o.Smoke:
			return []string{"smoke barrage"}
		case o.Kind.Artillery():
			return []string{"artillery (" + o.Kind.Noun() + ")"}
		}
		return []string{o.Kind.Noun()}
	case battle.Assault:
		return []string{"close assault"}
	case battle.AssaultVehicle:
		return []string{"vehicle assault"}
	case battle.Overrun:
		return []string{"overrun"}
	case battle.FireSmoke:
		return []string{"smoke round"}
	}
	return nil
}

// actName names what order o does, for simReport.Acts, or "" when it is
// none of the acts counted there.
func actName(b *battle.Battle, o battle.Order) string {
	gun := func(id battle.UnitID) bool { u := b.Unit(id); return u != nil && u.Type.Kind == units.Gun }
	switch o := o.(type) {
	case battle.Load:
		if gun(o.Unit) {
			return "hook up"
		}
		return "board"
	case battle.Unload:
		if gun(o.Unit) {
			return "unhook"
		}
		return "unload"
	case battle.Enter:
		return "arrive"
	case battle.Exit:
		return "exit"
	}
	return ""
}

// count adds one to counts[side][name], making the maps it needs.
func count(counts map[maps.Side]map[string]int, side maps.Side, name string) {
	if counts[side] == nil {
		counts[side] = map[string]int{}
	}
	counts[side][name]++
}

// playerNames are the players simulate knows.
var playerNames = []string{"opponent", "random", "greedy"}

// newPlayer makes the player name names for the side whose view v is,
// with seed (its seat's): "opponent" (at the normal level, or
// "opponent:easy", "opponent:hard"), "random" or "greedy".
func newPlayer(name string, v *battle.View, seed uint64) (ai.Player, error) {
	if level, ok := strings.CutPrefix(name, "opponent:"); ok {
		l, err := ai.ParseLevel(level)
		if err != nil {
			return nil, err
		}
		return ai.NewOpponentLevel(v, seed, l)
	}
	switch name {
	case "opponent":
		return ai.NewOpponent(v, seed)
	case "random":
		return ai.Random{Seed: seed}, nil
	case "greedy":
		return &ai.Greedy{}, nil
	}
	return nil, fmt.Errorf("simulate: unknown player %s (want opponent, random or greedy)", fileio.Quote(name))
}

func runSimulate(args []string, stdout io.Writer) error {
	act, err := parseSimulate(args, stdout)
	if err != nil {
		return err
	}
	return act()
}

// parseSimulate reads and checks the flags of simulate and loads the
// scenario; the function it returns plays the battles and reports them.
func parseSimulate(args []string, stdout io.Writer) (func() error, error) {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stdout)
	scenario := fs.String("scenario", "", "Tiled .tmx scenario (default: the embedded "+maps.DefaultPath+")")
	rules := fs.String("rules", "", "ruleset name (default: the scenario's)")
	n := fs.Int("battles", 10, "number of battles")
	seed := fs.Uint64("seed", 1, "seed of the first battle; battle i uses seed+i")
	allies := fs.String("allies", "opponent", "player of the allies: opponent, random or greedy")
	axis := fs.String("axis", "opponent", "player of the axis: opponent, random or greedy")
	jsonOut := fs.Bool("json", false, "print one JSON object")
	turnLimit := fs.Int("turns", defaultTurns, "turn limit for a scenario whose map sets none")
	levelName := fs.String("ai-level", "normal", "level of the opponent players: easy, normal or hard")
	savePath := fs.String("save", "", "write the last battle's save file here")
	var fog fogFlag
	fs.Var(&fog, "fog", "fight under fog of war (--fog=false: in the open; default: the scenario's)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	level, err := ai.ParseLevel(*levelName)
	if err != nil {
		return nil, fmt.Errorf("simulate: --ai-level: %w", err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("simulate: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	if err := checkFlagRanges(fs); err != nil {
		return nil, fmt.Errorf("simulate: %w", err)
	}
	if *seed > math.MaxUint64-uint64(*n-1) {
		return nil, fmt.Errorf("simulate: --seed %d with --battles %d: the last battle's seed would pass %d", *seed, *n, uint64(math.MaxUint64))
	}
	for flagName, player := range map[string]string{"--allies": *allies, "--axis": *axis} {
		if !slices.Contains(playerNames, player) {
			return nil, fmt.Errorf("simulate: %s: unknown player %s (want opponent, random or greedy)", flagName, fileio.Quote(player))
		}
	}
	catalogue, err := loadCatalogue()
	if err != nil {
		return nil, err
	}
	sc, err := loadScenario(*scenario, catalogue)
	if err != nil {
		return nil, err
	}
	if err := ai.CheckScripts(sc); err != nil {
		return nil, err
	}
	if sc.Turns == 0 {
		limited := *sc
		limited.Turns = *turnLimit
		sc = &limited
	}
	return func() error {
		players := map[maps.Side]string{maps.Allies: *allies, maps.Axis: *axis}
		if level != ai.Normal {
			for side, name := range players {
				if name == "opponent" {
					players[side] = "opponent:" + level.String()
				}
			}
		}
		results := make([]battleResult, *n)
		jobs := make(chan int)
		var wg sync.WaitGroup
		for range max(1, runtime.GOMAXPROCS(0)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					results[i] = simulateBattle(sc, catalogue, battle.Config{Seed: *seed + uint64(i), Ruleset: *rules, Fog: fog.setting(), Source: scenarioSource(*scenario)}, players, applyOrder)
					if i != *n-1 {
						results[i].battle = nil // only the last battle's save is written
					}
				}
			}()
		}
		for i := range *n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()

		r := simReport{Scenario: sc.Path, Rules: *rules, Seed: *seed, Battles: *n, Players: players,
			Wins: map[string]int{string(maps.Allies): 0, string(maps.Axis): 0, "draw": 0}, Losses: map[maps.Side]map[string]int{maps.Allies: {}, maps.Axis: {}},
			Shots: map[maps.Side]map[string]int{maps.Allies: {}, maps.Axis: {}},
			Acts:  map[maps.Side]map[string]int{maps.Allies: {}, maps.Axis: {}}}
		if r.Rules == "" {
			r.Rules = sc.Ruleset
		}
		turns := 0
		for i, res := range results {
			if res.err != nil {
				return fmt.Errorf("simulate: battle %d (seed %d): %w", i+1, *seed+uint64(i), res.err)
			}
			switch {
			case !res.ended:
				r.Unended++
				r.Wins["draw"]++
			case res.winner == "":
				r.Wins["draw"]++
			default:
				r.Wins[string(res.winner)]++
			}
			turns += res.turns
			for side, byType := range res.losses {
				for t, k := range byType {
					r.Losses[side][t] += k
				}
			}
			for side, byWeapon := range res.shots {
				for w, k := range byWeapon {
					r.Shots[side][w] += k
				}
			}
			for side, byAct := range res.acts {
				for a, k := range byAct {
					r.Acts[side][a] += k
				}
			}
		}
		r.MeanTurns = float64(turns) / float64(*n)
		r.Fog = results[*n-1].battle.Fog()
		if *savePath != "" {
			if err := results[*n-1].battle.WriteSave(*savePath); err != nil {
				return fmt.Errorf("simulate: --save: %w", err)
			}
		}
		if *jsonOut {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(r)
		}
		fog := "open"
		if r.Fog {
			fog = "under fog of war"
		}
		fmt.Fprintf(stdout, "%s (%s), ruleset %s, %s: %d battles from seed %d, allies %s against axis %s\n",
			sc.Title, sc.Path, r.Rules, fog, r.Battles, r.Seed, players[maps.Allies], players[maps.Axis])
		fmt.Fprintf(stdout, "allies win %d (%.1f%%), axis win %d (%.1f%%), draws %d (%.1f%%)\n",
			r.Wins[string(maps.Allies)], pct(r.Wins[string(maps.Allies)], *n), r.Wins[string(maps.Axis)], pct(r.Wins[string(maps.Axis)], *n), r.Wins["draw"], pct(r.Wins["draw"], *n))
		fmt.Fprintf(stdout, "mean turns %.2f\n", r.MeanTurns)
		if r.Unended > 0 {
			fmt.Fprintf(stdout, "%d battles stopped unfinished after %d orders (counted as draws)\n", r.Unended, maxOrdersPerBattle)
		}
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			printCounts(stdout, string(side)+" losses", r.Losses[side])
		}
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			printCounts(stdout, string(side)+" shots", r.Shots[side])
		}
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			printCounts(stdout, string(side)+" acts", r.Acts[side])
		}
		return nil
	}, nil
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(n) }

// orderApplier carries out one order of a simulated battle: applyOrder,
// or the soak test's, which checks the engine's invariants around it.
type orderApplier func(b *battle.Battle, o battle.Order) error

// applyOrder applies o to b.
func applyOrder(b *battle.Battle, o battle.Order) error {
	if _, err := b.Apply(o); err != nil {
		return fmt.Errorf("refused: %w", err)
	}
	return nil
}

// simulateBattle plays one battle to its end with the named players,
// each order carried out by apply.
func simulateBattle(sc *maps.Scenario, cat *units.Catalogue, cfg battle.Config, names map[maps.Side]string, apply orderApplier) battleResult {
	b, err := battle.New(sc, cat, cfg)
	if err != nil {
		return battleResult{err: err}
	}
	players := map[maps.Side]ai.Player{}
	for side, name := range names {
		if players[side], err = newPlayer(name, b.View(side), umpire.SeatSeed(cfg.Seed, side)); err != nil {
			return battleResult{err: err}
		}
	}
	res := battleResult{shots: map[maps.Side]map[string]int{}, acts: map[maps.Side]map[string]int{}}
	for range maxOrdersPerBattle {
		if b.Result() != nil {
			break
		}
		side := b.Acting()
		o, why := players[side].Next(b.View(side))
		weapons := attackWeapons(b, o) // before the order: a Panzerfaust or a round is spent by it
		act := actName(b, o)
		if err := apply(b, o); err != nil {
			return battleResult{err: fmt.Errorf("%s player's %s order (%s): %w", names[side], o.Name(), why, err)}
		}
		for _, weapon := range weapons {
			count(res.shots, side, weapon)
		}
		if act != "" {
			count(res.acts, side, act)
		}
	}
	res.battle = b
	if r := b.Result(); r != nil {
		res.ended, res.winner, res.turns = true, r.Winner, r.Turn
	} else {
		res.turns = b.Turn()
	}
	res.losses = lossesOf(b.Units())
	return res
}

// lossesOf counts the eliminated units among units, by side and type: a
// side that lost none has no entry.
func lossesOf(units []*battle.Unit) map[maps.Side]map[string]int {
	losses := map[maps.Side]map[string]int{}
	for _, u := range units {
		if u.Eliminated {
			count(losses, u.Side, u.Type.Name)
		}
	}
	return losses
}
