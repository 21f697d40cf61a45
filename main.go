// Command hexfire is the Hexfire game: a WWII tactical wargame on a hex
// map, for two players at one desktop (hot-seat) or one against the
// computer.
//
//	hexfire                                   the title menu: continue, new battle, load, replay, help, settings
//	hexfire [-scenario FILE] [-seed N] [-rules NAME] [-ai axis|allies|both|none] [-save FILE]
//	                                          straight into a battle (the embedded default scenario without -scenario)
//	hexfire -load FILE [-force-load]          go on with a saved battle (-force-load: even over an edited map or catalogue, or from the last order this build accepts, with a warning)
//	hexfire -replay FILE                      step through a saved battle (N forward, B back, Space plays)
//	hexfire -study [-scenario FILE|blank:WxH[:pointy]]  the study table: place, turn and compare units, kill zones
//	hexfire -version                          print the module version and commit of this build
//	hexfire -screenshot out.png [-scene menu|picker|briefing|victory|study|settings|help|quick] [-scenario FILE] [-select E4] [-hover C1] [-phase movement] [-frames N] [-width W -height H] [-show-help] [-viewshed]
//	                                          render to a PNG and exit
//
// -phase fire|movement|defensive|advance ends phases until that one of the
// first side's segment (for screenshots of it); -cpuprofile FILE writes a
// Go CPU profile of the whole run.
package main

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/ai"
	"hexfire/assets"
	"hexfire/battle"
	"hexfire/buildinfo"
	"hexfire/game"
	"hexfire/game/storage"
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

// memoryLimit is the heap size above which the garbage collector works
// harder (debug.SetMemoryLimit; a soft limit, never an error): our own
// choice, well under the 512 MB a 500×500 map of 16 layers may take
// (docs/BENCHMARKS.md) and far above the default map's needs.
const memoryLimit = 192 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" { // a limit set by the user wins
		debug.SetMemoryLimit(memoryLimit)
	}
	err := run(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return // -h: the flag package has printed the usage
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hexfire:", err)
		os.Exit(1)
	}
}

// maxWindowSide is the largest -width and -height, as for screenshots.
const maxWindowSide = 8192

// maxFrames is the largest -frames: our own bound, a minute of frames at
// 60 per second, far more than any screenshot needs to settle.
const maxFrames = 3600

func run(args []string) error {
	flags := flag.NewFlagSet("hexfire", flag.ContinueOnError)
	scenario := flags.String("scenario", "", "scenario .tmx file (default: the embedded "+maps.DefaultPath+")")
	seedFlag := flags.String("seed", "", "seed of the battle's dice (default: a new random seed, printed)")
	rules := flags.String("rules", "", "ruleset, overriding the scenario's")
	load := flags.String("load", "", "go on with this save file")
	forceLoad := flags.Bool("force-load", false, "with -load: replay the save even if its map or the unit catalogue changed since, or up to the first order this build refuses (with a warning)")
	replay := flags.String("replay", "", "step through this save file")
	computer := flags.String("ai", "none", "sides the computer plays: axis, allies, both or none")
	levelFlag := flags.String("ai-level", "normal", "the computer's level: easy, normal or hard (the menu's settings choose it otherwise)")
	save := flags.String("save", "", "file F5 saves to and F9 loads from (default: "+game.DefaultSavePath+" in the config directory)")
	shot := flags.String("screenshot", "", "render to this PNG file and exit")
	sel := flags.String("select", "", "hex to select, like E4")
	hover := flags.String("hover", "", "hex to show hovered in a screenshot, like C1")
	frames := flags.Int("frames", 3, fmt.Sprintf("frames to run before a screenshot, 1 to %d", maxFrames))
	width := flags.Int("width", 1280, "window or screenshot width in pixels")
	height := flags.Int("height", 800, "window or screenshot height in pixels")
	showHelp := flags.Bool("show-help", false, "open the help overlay at the start")
	viewshed := flags.Bool("viewshed", false, "show the selected unit's viewshed at the start")
	phase := flags.String("phase", "", "end phases until this one: fire, movement, defensive or advance")
	cpuProfile := flags.String("cpuprofile", "", "write a Go CPU profile of the run to this file")
	studyFlag := flags.Bool("study", false, "open the study table on -scenario (default: the embedded one; blank:30x20 or blank:30x20:pointy for a blank map): place, turn and compare units, kill zones")
	sceneFlag := flags.String("scene", "", "with -screenshot: render this scene instead of the battle: menu, picker, briefing, victory, study (the study table, with -select's kill zone against -hover's unit), settings, help or quick (the quick battle's choices)")
	fog := flags.Bool("fog", true, "fight under fog of war where the scenario says so; -fog=false plays the battle open (as does the setting)")
	version := flags.Bool("version", false, "print the version and commit of this build and exit")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *version {
		fmt.Println(buildinfo.Line("hexfire"))
		return nil
	}
	set := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *sceneFlag != "" && !game.KnownScene(*sceneFlag) {
		return fmt.Errorf("-scene %q: want menu, picker, briefing, victory, study, settings, help or quick", *sceneFlag)
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (flags start with -)", flags.Args())
	}
	for _, size := range []struct {
		flag  string
		value int
	}{{"width", *width}, {"height", *height}} {
		if size.value < 1 || size.value > maxWindowSide {
			return fmt.Errorf("-%s %d: want 1 to %d pixels", size.flag, size.value, maxWindowSide)
		}
	}
	if *frames < 1 || *frames > maxFrames {
		return fmt.Errorf("-frames %d: want 1 to %d", *frames, maxFrames)
	}
	if err := checkSaveFlags(set); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}

	cat, err := loadCatalogue()
	if err != nil {
		return err
	}
	sides, err := computerSides(*computer)
	if err != nil {
		return err
	}
	if _, err := ai.ParseLevel(*levelFlag); err != nil {
		return fmt.Errorf("-ai-level: %w", err)
	}
	// The flag's level, when given, else the settings' (passed in level).
	newPlayer := func(v *battle.View, seed uint64, level string) (game.Player, error) {
		if set["ai-level"] || level == "" {
			level = *levelFlag
		}
		l, err := ai.ParseLevel(level)
		if err != nil {
			return nil, err
		}
		return ai.NewOpponentLevel(v, seed, l)
	}
	if *save != "" { // from the working directory, not the config directory
		if *save, err = filepath.Abs(*save); err != nil {
			return fmt.Errorf("-save: %w", err)
		}
	}
	opts := game.Options{Select: *sel, ShowHelp: *showHelp, SavePath: *save, Viewshed: *viewshed, NewPlayer: newPlayer}
	if set["fog"] {
		opts.Fog = battle.FogSettingOf(*fog)
	}
	if *studyFlag {
		for _, f := range []string{"load", "replay", "screenshot", "seed", "ai", "phase", "rules", "scene", "fog"} {
			if set[f] {
				return fmt.Errorf("-study and -%s: the study table takes only -scenario (and the window's size)", f)
			}
		}
		return runStudy(cat, opts, *scenario, *width, *height)
	}
	if *shot == "" && !set["scenario"] && !set["load"] && !set["replay"] && !set["seed"] && !set["ai"] && !set["rules"] && !set["phase"] {
		return runApp(cat, opts, *width, *height)
	}

	var b *battle.Battle
	var recorded *battle.Battle // the battle a replay plays
	banner := ""                // the new battle's seed, printed once the battle is accepted
	switch {
	case *load != "" && *replay != "":
		return errors.New("-load and -replay: give one of them")
	case *load != "":
		var warning error
		if b, warning, err = battle.LoadSaveForced(*load, cat, *forceLoad); err != nil {
			switch {
			case errors.Is(err, battle.ErrChanged):
				return fmt.Errorf("%w (-force-load replays it anyway)", err)
			case errors.Is(err, battle.ErrDiverged):
				return fmt.Errorf("%w; -force-load goes on from the orders before it", err)
			}
			return err
		}
		if warning != nil {
			fmt.Fprintln(os.Stderr, "hexfire: warning:", warning)
		}
	case *replay != "":
		if b, recorded, err = game.OpenReplay(*replay, cat); err != nil {
			return err
		}
	default:
		seed, err := parseSeed(*seedFlag)
		if err != nil {
			return err
		}
		source := battle.EmbeddedPrefix + maps.DefaultPath
		if *scenario != "" {
			source = *scenario
		}
		sc, err := battle.OpenScenario(source, cat)
		if err != nil {
			return err
		}
		if b, err = battle.New(sc, cat, battle.Config{Seed: seed, Ruleset: *rules, Source: source, Fog: opts.Fog}); err != nil {
			return err
		}
		if *shot == "" {
			banner = fmt.Sprintf("hexfire: %s, seed %d (repeat this battle with -seed %d)", sc.Title, seed, seed)
		}
	}

	// The scenario's unit scripts are checked once, whichever way the
	// battle was opened: a bad script is refused now, with the map file,
	// the unit and the position in the script, not in the middle of play.
	if err := ai.CheckScripts(b.Scenario()); err != nil {
		return err
	}
	if banner != "" {
		fmt.Println(banner)
	}
	if *phase != "" {
		if err := advanceTo(b, *phase); err != nil {
			return err
		}
	}
	if *shot != "" {
		if *sceneFlag == "victory" && b.Result() == nil {
			if err := playOut(b); err != nil {
				return err
			}
		}
		return game.Screenshot(b, game.ScreenshotOptions{
			Path: *shot, Select: *sel, Hover: *hover, Frames: *frames,
			Width: *width, Height: *height, ShowHelp: *showHelp, Viewshed: *viewshed,
			Scene: *sceneFlag, Catalogue: cat, Side: screenshotSide(sides), Replay: recorded, NewPlayer: newPlayer,
		})
	}
	app, err := newApp(cat, opts)
	if err != nil {
		return err
	}
	if recorded != nil {
		err = app.StartReplay(b, recorded)
	} else {
		err = app.StartBattle(b, sides)
	}
	if err != nil {
		return err
	}
	return runWindow(app, *width, *height)
}

// checkSaveFlags refuses flags that a saved battle would ignore: -load and
// -replay replay the save's own scenario, seed and ruleset.
func checkSaveFlags(set map[string]bool) error {
	if set["force-load"] && !set["load"] {
		return errors.New("-force-load goes with -load")
	}
	for _, from := range []string{"load", "replay"} {
		if !set[from] {
			continue
		}
		for _, other := range []string{"scenario", "seed", "rules", "fog"} {
			if set[other] {
				return fmt.Errorf("-%s with -%s: a save replays its own scenario, seed, ruleset and fog", other, from)
			}
		}
	}
	return nil
}

// newApp makes the game with its files in the user's config directory,
// or the browser's storage (without either, nothing is kept between runs).
func newApp(cat *units.Catalogue, opts game.Options) (*game.App, error) {
	store, err := storage.UserStorage()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hexfire:", err, "(no autosave)")
	}
	return game.NewApp(game.AppOptions{Battle: opts, Storage: store, Catalogue: cat, Check: ai.CheckScripts})
}

// runApp opens the game on its title menu.
func runApp(cat *units.Catalogue, opts game.Options, width, height int) error {
	app, err := newApp(cat, opts)
	if err != nil {
		return err
	}
	return runWindow(app, width, height)
}

// runStudy opens the study table on a scenario ("" for the default).
func runStudy(cat *units.Catalogue, opts game.Options, scenario string, width, height int) error {
	app, err := newApp(cat, opts)
	if err != nil {
		return err
	}
	if err := app.StartStudy(scenario); err != nil {
		return err
	}
	return runWindow(app, width, height)
}

// runWindow opens the window and runs the game until it quits.
func runWindow(app *game.App, width, height int) error {
	ebiten.SetWindowSize(width, height)
	ebiten.SetWindowTitle("Hexfire")
	if icons, err := assets.Icons(); err == nil {
		ebiten.SetWindowIcon(icons)
	}
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	return ebiten.RunGame(app)
}

// maxPlayOut bounds the orders playOut gives: far more than any battle of
// the embedded scenarios needs, so a computer player that never ends a
// battle cannot hang a screenshot.
const maxPlayOut = 100000

// playOut lets the computer play both sides of b to its end, for a
// screenshot of the victory screen.
func playOut(b *battle.Battle) error {
	seats := map[maps.Side]ai.Player{}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		opp, err := ai.NewOpponent(b.View(side), umpire.SeatSeed(b.Config().Seed, side))
		if err != nil {
			return err
		}
		seats[side] = opp
	}
	for range maxPlayOut {
		if b.Result() != nil {
			return nil
		}
		o, _ := seats[b.Acting()].Next(b.View(b.Acting()))
		if _, err := b.Apply(o); err == nil {
			continue
		}
		// A refused order must not stall the battle: pass or end the phase.
		var next battle.Order = battle.EndPhase{}
		if b.Moving() != nil {
			next = battle.Pass{}
		}
		if _, err := b.Apply(next); err != nil {
			return fmt.Errorf("-scene victory: %w", err)
		}
	}
	return errors.New("-scene victory: the battle did not end")
}

// parseSeed reads -seed, or draws a new seed from the system's random
// source when it is empty (crypto/rand: the only unseeded randomness of the
// program, and it is printed so the battle can be repeated).
func parseSeed(s string) (uint64, error) {
	if s == "" {
		var buf [8]byte
		if _, err := rand.Read(buf[:]); err != nil {
			return 0, fmt.Errorf("-seed: no random seed: %w", err)
		}
		return binary.LittleEndian.Uint64(buf[:]) >> 1, nil // below 2^63: easy to type back
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("-seed %q: want a whole number from 0 to %d", s, uint64(math.MaxUint64))
	}
	return n, nil
}

// computerSides reads -ai.
func computerSides(s string) ([]maps.Side, error) {
	switch side := maps.Side(s); side {
	case "none", "":
		return nil, nil
	case maps.Axis, maps.Allies:
		return []maps.Side{side}, nil
	case "both":
		return []maps.Side{maps.Allies, maps.Axis}, nil
	}
	return nil, fmt.Errorf("-ai %q: want axis, allies, both or none", s)
}

// phaseNames are the values of -phase.
var phaseNames = map[string]battle.Phase{
	"fire": battle.FirePhase, "movement": battle.Movement, "defensive": battle.DefensiveFire, "advance": battle.AdvancePhase,
}

// advanceTo ends phases of battle b until the named phase starts, within
// one segment.
func advanceTo(b *battle.Battle, name string) error {
	want, ok := phaseNames[name]
	if !ok {
		return fmt.Errorf("-phase %q: want fire, movement, defensive or advance", name)
	}
	for range len(phaseNames) {
		if b.Phase() == want {
			return nil
		}
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			return fmt.Errorf("-phase %s: %w", name, err)
		}
	}
	if b.Phase() != want {
		return fmt.Errorf("-phase %s: the battle is in the %s phase", name, b.Phase())
	}
	return nil
}

// screenshotSide is the side whose view a screenshot shows: the one side
// -ai leaves to a person, else "" (the side to act).
func screenshotSide(computer []maps.Side) maps.Side {
	if len(computer) == 1 {
		return battle.Opponent(computer[0])
	}
	return ""
}
