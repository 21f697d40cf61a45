package game

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexfire/battle"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/units"
)

// scene is one screen of the game: the title menu, the scenario picker,
// the briefing, the battle, the victory screen, the settings and the help.
// The App shows one scene at a time and hands it each frame's input, as
// Ebiten's own examples (blocks) do with their scene manager.
type scene interface {
	update(a *App, in frameInput) error
	draw(a *App, screen *ebiten.Image)
}

// frameInput is one frame's input: the keys and mouse as the menu screens
// read them, and, in a scripted run, the battle's intents (a battle reads
// its own from the devices otherwise).
type frameInput struct {
	ui      ui.Input
	intents *Intents
	// chars are the characters typed this frame, erase and escape the
	// Backspace and Escape keys: what a text field reads.
	chars         []rune
	erase, escape bool
}

// fog is the fog of war a battle started from the briefing is fought
// under: the -fog flag's, else open when the settings say so, else the
// scenario's.
func (a *App) fog() battle.FogSetting {
	switch {
	case a.opts.Battle.Fog != battle.FogOfMap:
		return a.opts.Battle.Fog
	case a.settings.Open:
		return battle.FogOff
	}
	return battle.FogOfMap
}

// aiLevels are the computer's levels the settings offer.
var aiLevels = []string{"easy", "normal", "hard"}

// defaultSettings: sound on, no hand-over screens, the normal pace.
func defaultSettings() storage.Settings {
	return storage.Settings{Sound: true, Pace: defaultComputerDelay}
}

// paces are the animation speeds the settings offer, in ticks between two
// orders (our own choice: about 0.8, 0.4 and 0.13 s, and one frame: each
// order at once, nothing held back to be watched).
var paces = []struct {
	name  string
	ticks int
}{{"slow", 48}, {"normal", defaultComputerDelay}, {"fast", 8}, {"instant", 1}}

// paceName names a pace in ticks ("12 ticks" for one the list lacks).
func paceName(ticks int) string {
	for _, p := range paces {
		if p.ticks == ticks {
			return p.name
		}
	}
	return fmt.Sprintf("%d ticks", ticks)
}

// The files of the config directory.
const (
	autosaveName = "autosave.json"
	replayName   = "replay.json"
)

// AppOptions configure an App.
type AppOptions struct {
	// Battle holds the options every battle starts with (save file, the
	// computer player's constructor, a fixed size, scripted input).
	Battle Options
	// Storage keeps the autosave, the last replay, the settings and the
	// saves (storage.UserStorage); nil keeps them in ConfigDir.
	Storage storage.Storage
	// ConfigDir is the folder of files kept when Storage is nil; ""
	// keeps nothing (tests).
	ConfigDir string
	// Catalogue is the unit catalogue scenarios are opened with.
	Catalogue *units.Catalogue
	// NewSeed gives the seed of a battle started from the briefing; nil
	// draws one from the system's random source.
	NewSeed func() (uint64, error)
	// Check, when set, checks a scenario before a battle on it starts
	// from the briefing (the computer's unit scripts: ai.CheckScripts).
	Check func(*maps.Scenario) error
}

// App is the whole game: the scenes and the settings. It implements
// ebiten.Game.
type App struct {
	opts        AppOptions
	fonts       *ui.Fonts
	batch       *ui.TriBatch
	scene       scene
	screen      image.Point
	scale       float64
	settings    storage.Settings
	store       storage.Storage // nil: nothing is kept
	catalog     []scenarioEntry // the picker's list, read once
	picked      string          // the scenario last chosen in the picker (its source), to open on again
	pickedRules string          // the ruleset chosen in the picker; "" plays each scenario's own
	quit        bool
	shown       bool   // the first frame is drawn
	message     string // a note for the menu: a failed load, an autosave kept
}

// NewApp returns the game on its title menu.
func NewApp(opts AppOptions) (*App, error) {
	if opts.Catalogue == nil {
		return nil, errors.New("game: app: no unit catalogue")
	}
	f, err := ui.NewFonts()
	if err != nil {
		return nil, err
	}
	a := &App{opts: opts, fonts: f, batch: ui.NewTriBatch(), scale: 1, settings: defaultSettings(), store: opts.Storage}
	if a.store == nil && opts.ConfigDir != "" {
		a.store = storage.Dir{Path: opts.ConfigDir}
	}
	if a.store != nil {
		if err := a.readSettings(); err != nil {
			a.message = err.Error()
		}
	}
	a.toMenu()
	return a, nil
}

// kept reports whether the app keeps files between runs.
func (a *App) kept() bool { return a.store != nil }

// readSettings reads the settings kept; none kept keeps the defaults.
func (a *App) readSettings() error {
	s, err := storage.ReadSettings(a.store, defaultSettings(), checkSettings)
	if err != nil {
		return err
	}
	a.settings = s
	return nil
}

// checkSettings refuses settings out of the game's range: a pace it does
// not play at, a computer level or side it does not know.
func checkSettings(s storage.Settings) error {
	if s.Pace < 1 || s.Pace > maxComputerDelay {
		return fmt.Errorf("field \"pace\": %d is not from 1 to %d", s.Pace, maxComputerDelay)
	}
	if s.AILevel != "" && !slices.Contains(aiLevels, s.AILevel) {
		return fmt.Errorf("field \"ai_level\": %q is not easy, normal or hard", s.AILevel)
	}
	for _, side := range s.Computer {
		if side := maps.Side(side); side != maps.Allies && side != maps.Axis {
			return fmt.Errorf("field \"computer\": %q is not allies or axis", side)
		}
	}
	return nil
}

// writeSettings keeps the settings for the next run (atomically).
func (a *App) writeSettings() {
	if !a.kept() {
		return
	}
	if err := storage.WriteSettings(a.store, a.settings); err != nil {
		a.message = "settings not kept: " + err.Error()
	}
}

// goTo shows scene s from the next frame on.
func (a *App) goTo(s scene) { a.scene = s }

// keepSound keeps the sound setting a battle changed (F8).
func (a *App) keepSound(on bool) {
	a.settings.Sound = on
	a.writeSettings()
}

// toMenu shows the title menu.
func (a *App) toMenu() { a.goTo(newMenu(a)) }

// battleOptions are the options of a battle started now: the app's, with
// the settings and the autosave.
func (a *App) battleOptions(computer []maps.Side) Options {
	o := a.opts.Battle
	o.HandOver = a.settings.HandOver
	o.QuickCasualties = a.settings.QuickCasualties
	o.Reasoning = a.settings.Reasoning
	o.Computer = computer
	if a.kept() {
		o.Autosave, o.Storage = autosaveName, a.store
		if o.SavePath == "" {
			o.SavePath = DefaultSavePath
		}
	}
	o.Pace = a.settings.Pace
	o.Level = a.settings.AILevel
	o.Sound = a.settings.Sound
	return o
}

// StartBattle shows battle b at once (the -scenario and -load flags),
// with the computer playing the sides named.
func (a *App) StartBattle(b *battle.Battle, computer []maps.Side) error {
	return a.play(b, computer, nil)
}

// StartReplay shows the replay viewer on the orders of battle recorded
// (a saved battle, with the computer's reasoning it kept), from b, the
// battle at its start.
func (a *App) StartReplay(b, recorded *battle.Battle) error {
	return a.play(b, nil, recorded)
}

// play starts the battle scene.
func (a *App) play(b *battle.Battle, computer []maps.Side, replay *battle.Battle) error {
	o := a.battleOptions(computer)
	o.Replay = replay
	if replay != nil {
		o.Autosave = ""
	}
	if err := a.start(b, o); err != nil {
		return err
	}
	if replay == nil {
		a.settings.Computer = computer
		a.writeSettings()
	}
	return nil
}

// start shows battle b in the battle scene with options o.
func (a *App) start(b *battle.Battle, o Options) error {
	g, err := New(b, o)
	if err != nil {
		return err
	}
	g.host = a
	if a.screen != (image.Point{}) {
		g.resize(a.screen, a.scale, true)
	}
	a.goTo(g)
	return nil
}

// Update reads this frame's input and hands it to the scene.
func (a *App) Update() error {
	var in frameInput
	if !a.opts.Battle.Scripted {
		ui.BeginFrame()
		in.ui = ui.ReadInput()
		in.chars = ebiten.AppendInputChars(nil)
		in.erase = inpututil.IsKeyJustPressed(ebiten.KeyBackspace)
		in.escape = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	}
	return a.step(in)
}

// step runs one frame with the given input.
func (a *App) step(in frameInput) error {
	if files := takePicked(); files != nil {
		a.openPicked(files)
	}
	if err := a.scene.update(a, in); err != nil {
		return err
	}
	if a.quit {
		return ebiten.Termination
	}
	return nil
}

// Draw draws the scene.
func (a *App) Draw(screen *ebiten.Image) {
	a.scene.draw(a, screen)
	if !a.shown {
		a.shown = true
		pageShown()
	}
}

// Layout follows the window, as Game.Layout does.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := a.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF makes the screen as large as the window in device pixels (or
// the fixed size of the options), and lays the battle out when it shows.
func (a *App) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	w, h, s := int(math.Ceil(outsideWidth)), int(math.Ceil(outsideHeight)), 1.0
	if size := a.opts.Battle.Size; size != (image.Point{}) {
		w, h = size.X, size.Y
	} else if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
		w, h = int(math.Ceil(outsideWidth*s)), int(math.Ceil(outsideHeight*s))
	}
	a.screen, a.scale = image.Pt(max(w, 1), max(h, 1)), s
	if g, ok := a.scene.(*Game); ok {
		g.resize(a.screen, a.scale, false)
	}
	return float64(a.screen.X), float64(a.screen.Y)
}

// Game's scene methods: the battle is the scene between the briefing and
// the victory screen.

func (g *Game) update(a *App, in frameInput) error {
	var intents Intents
	switch {
	case in.intents != nil:
		intents = *in.intents
	case !g.opts.Scripted:
		intents = g.input.Read(g.view, g.panelRect())
	}
	g.pollRemote()
	g.step(intents)
	switch g.exit {
	case exitToMenu:
		if g.play.remote != nil {
			g.play.remote.seat.Close()
		}
		a.toMenu()
	case exitToVictory:
		if t := g.play.remote; t != nil {
			t.seat.Close()
			a.goTo(newVictory(a, t.st.View.Known(), true))
		} else if b, over := g.play.ump.Revealed(); over {
			a.goTo(newVictory(a, b, g.play.replay == nil))
		}
	}
	return nil
}

func (g *Game) draw(a *App, screen *ebiten.Image) {
	g.Draw(screen)
	g.drawRemoteState(a, screen)
}
