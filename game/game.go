// Package game is Hexfire's Ebiten front end: the window, the board view
// with its camera, the mapping from keys and mouse to orders, the overlays
// that show reach, arcs, lines of sight and odds before an order is given,
// the top bar, the unit panel and combat log, the hand-over screen of
// hot-seat play, save and load, the replay viewer, the computer players'
// pacing, and screenshots.
//
// Update reads the input and then changes state, recomputing what the
// overlays show only when the selection, the hovered hex or the battle
// changes; Draw only draws (and, when a screenshot is due, reads back the
// frame it drew).
package game

import (
	"fmt"
	"image"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/umpire"
)

// Options configure a Game.
type Options struct {
	// Select is the label of a hex selected at the start ("" for none); an
	// acting unit in it is selected too.
	Select string
	// Hover is the label of a hex shown as hovered whatever the mouse does,
	// for screenshots ("" follows the mouse).
	Hover string
	// Size fixes the screen size in pixels; zero follows the window.
	Size image.Point
	// Scripted ignores the keyboard and mouse (screenshot mode).
	Scripted bool
	// ShowHelp opens the help overlay at the start.
	ShowHelp bool
	// HandOver covers the map with a hand-over screen whenever the side
	// that acts changes between two human players (hot-seat).
	HandOver bool
	// QuickCasualties spends the casualty points of AP fire at a person's
	// units by the automatic allocation, as for the computer's, instead
	// of asking him.
	QuickCasualties bool
	// Reasoning shows the computer's reasoning in the log (the setting).
	Reasoning bool
	// SavePath is the file F5 writes and F9 reads; "" means DefaultSavePath.
	SavePath string
	// Computer names the sides the computer plays; NewPlayer makes the
	// player of each from the side's view and its seat's seed
	// (umpire.NewSeat; again after F9 loads another battle), at Level
	// ("easy", "normal", "hard"; "" for the program's default).
	Computer  []maps.Side
	Level     string
	NewPlayer func(v *battle.View, seed uint64, level string) (Player, error)
	// Viewer, when set, is the side whose view the screen always shows,
	// with no hand-over screen (a screenshot's); "" lets play.viewer
	// choose.
	Viewer maps.Side
	// Fog, unless battle.FogOfMap, decides the fog of war of the battles
	// started from the briefing over the scenario and the settings (the
	// -fog flag).
	Fog battle.FogSetting
	// Replay, when not nil, opens the replay viewer: the battle given is
	// the fresh start, and Replay the battle recorded, whose orders (with
	// their reasoning, battle.Why) the viewer steps through.
	Replay *battle.Battle
	// Viewshed starts with the selected unit's viewshed shown.
	Viewshed bool
	// Autosave is the file the battle is written to after every order
	// ("" for none).
	Autosave string
	// Storage keeps the save, the autosave and the scenarios they name;
	// nil: SavePath and Autosave are paths from the working directory.
	Storage storage.Storage
	// Pace is the pause between two orders of the computer or of a
	// playing replay, in ticks; 0 means the default.
	Pace int
	// Sound plays the effects of orders and of the turn passing (never
	// in a scripted game).
	Sound bool

	// lesson, when not nil, guides the player through the battle (the
	// tutorial).
	lesson *tutorial
}

// DefaultSavePath is where F5 saves and F9 loads when Options.SavePath is empty.
const DefaultSavePath = "hexfire-save.json"

// Game is the board view of a battle. It implements ebiten.Game.
type Game struct {
	// battle is the battle as the side the screen shows knows it
	// (play.look): the umpire (play.ump, the scene's table) holds the battle itself.
	battle *battle.Battle
	board  *board.Board
	opts   Options

	input  Input
	cam    boardview.Camera
	fitted bool
	screen image.Point     // screen size in pixels
	scale  float64         // device pixels per window pixel: scales text and bars
	view   image.Rectangle // the map area between the bars and the panel

	layer    *boardview.Terrain
	counters *boardview.Counters
	batch    *ui.TriBatch
	fonts    *ui.Fonts

	mapCache ui.ImageCache[mapKey] // the terrain, the built-in overlay and the counters
	hudCache ui.ImageCache[hudKey] // the bars, the panel and the tooltip
	parts    []image.Rectangle     // scratch: the parts of the HUD to copy
	// underCounters, when set, draws a layer of its owner's on the map,
	// over the washes and under the counters (the study's kill zone); its
	// owner invalidates mapCache when the layer changes.
	underCounters func(dst *ebiten.Image, v *BoardView)

	hovered, selected     board.Hex
	hasHover, hasSelected bool
	fixedHover            bool

	showLabels, showHelp, showPanel bool
	helpFirst                       int  // the first row of the help shown, when it is longer than the screen
	showBriefing                    bool // F1: the briefing and victory conditions over the map
	quit                            bool

	shotPending bool        // F12 was pressed: capture the next frame
	captured    *image.RGBA // a frame read back by Draw, written by Update
	message     string      // a short note in the status bar, such as a saved file

	sound *sounds
	host  host         // the program the battle is a scene of (the App), or nil
	exit  exitKind     // where the app goes next
	ask   *ui.Question // a question over the map, waiting for Y or Esc

	summaryRects []image.Rectangle // where the panel drew the summary's lines, for clicks
	// reinforceRects are where the panel drew the reinforcements' lines,
	// for clicks (reinforce.go).
	reinforceRects []panelUnit

	play play // orders, previews, log, hand-over, computer players, replay

	// tutor is the guide of a tutorial battle (tutorial.go), nil in any
	// other.
	tutor *tutorial
}

// host is what a battle scene asks of the program it is a scene of: that
// there is a menu to leave for (a host at all), and to keep a setting
// changed in battle. The App is one; a battle run alone (a screenshot, a
// test) has none, and Q quits.
type host interface {
	// keepSound keeps the sound switched on or off in the settings.
	keepSound(on bool)
}

// zoomStep is the zoom factor of one wheel notch or key press.
const zoomStep = 1.2

// New returns the view of battle b. It reports an error for a Select or
// Hover label that is not a hex of the battle's board, or a computer
// player that cannot be made.
func New(b *battle.Battle, opts Options) (*Game, error) {
	if b == nil {
		return nil, fmt.Errorf("game: no battle")
	}
	f, err := ui.NewFonts()
	if err != nil {
		return nil, err
	}
	g := &Game{opts: opts, fonts: f, scale: 1, showLabels: true, showHelp: opts.ShowHelp, showPanel: true,
		sound: &sounds{on: opts.Sound && !opts.Scripted}, tutor: opts.lesson}
	g.mapCache.Opaque = true // the terrain layer fills the screen
	g.batch = ui.NewTriBatch()
	u, err := umpire.New(b)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	if err := g.setBattle(u); err != nil {
		return nil, err
	}
	if u.OrderCount() > 0 && opts.Replay == nil {
		// A loaded battle: its log from the start, as the board shows it.
		log, err := battleLog(u)
		if err != nil {
			return nil, fmt.Errorf("game: %w", err)
		}
		g.play.log = log
	}
	if opts.Select != "" {
		h, err := b.Board().ParseHex(opts.Select)
		if err != nil {
			return nil, fmt.Errorf("game: select: %w", err)
		}
		g.selectHex(h)
	}
	if opts.Hover != "" {
		h, err := b.Board().ParseHex(opts.Hover)
		if err != nil {
			return nil, fmt.Errorf("game: hover: %w", err)
		}
		g.hovered, g.hasHover, g.fixedHover = h, true, true
	}
	g.play.showViewshed = opts.Viewshed
	g.refresh()
	return g, nil
}

// NewGame returns a view of a bare board: a battle on it with no units, for
// looking at a map and for tests and benchmarks of the terrain.
func NewGame(bd *board.Board, opts Options) (*Game, error) {
	b, err := boardBattle(bd)
	if err != nil {
		return nil, err
	}
	return New(b, opts)
}

// boardBattle returns a battle with no units on board bd.
func boardBattle(bd *board.Board) (*battle.Battle, error) {
	if bd == nil {
		return nil, fmt.Errorf("game: no board")
	}
	sc := &maps.Scenario{Path: "board", Title: "Hexfire", Board: bd, HexMetres: maps.DefaultHexMetres,
		Ruleset: maps.DefaultRuleset, FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}}
	b, err := battle.New(sc, nil, battle.Config{})
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return b, nil
}

// setBattle makes the battle u holds the battle shown (at the start, and
// when F9 loads another), rebuilding the terrain layer when its board is
// new.
func (g *Game) setBattle(u *umpire.Umpire) error {
	if err := g.play.reset(u, g.opts); err != nil {
		return err
	}
	g.battle = g.play.b
	b := g.battle
	if b.Board() != g.board {
		g.board = b.Board()
		g.layer = boardview.NewTerrain(b.Scenario(), g.fonts, g.batch)
		g.counters = boardview.NewCounters(g.layer, g.fonts)
		g.fitted = false
		g.hasSelected = false
		if g.screen != (image.Point{}) {
			g.fit()
		}
	}
	return nil
}

// Selected returns the selected hex, and false when none is.
func (g *Game) Selected() (board.Hex, bool) { return g.selected, g.hasSelected }

// Hovered returns the hex under the cursor, and false when there is none.
func (g *Game) Hovered() (board.Hex, bool) { return g.hovered, g.hasHover }

// counterAt returns the unit whose counter is drawn under screen point pt
// in the hovered hex, when it holds a stack of two or more, or nil
// (Counters.At).
func (g *Game) counterAt(pt image.Point) *battle.Unit {
	if !g.hasHover {
		return nil
	}
	return g.counters.At(g.play.view, g.cam, g.hovered, pt)
}

// exitKind is where the app goes when a battle scene is done.
type exitKind uint8

const (
	exitNone      exitKind = iota
	exitToMenu             // the player left the battle (it is autosaved)
	exitToVictory          // the battle is over and its result was shown
)

// Update reads this frame's input and applies it.
func (g *Game) Update() error {
	var in Intents
	if !g.opts.Scripted {
		in = g.input.Read(g.view, g.panelRect())
	}
	g.step(in)
	if g.quit {
		return ebiten.Termination
	}
	return nil
}

// step runs one frame on the intents given.
func (g *Game) step(in Intents) {
	if g.captured != nil {
		name := time.Now().Format("hexfire-20060102-150405.png")
		if err := keepPNG(name, g.captured); err != nil {
			g.message = err.Error()
		} else {
			g.message = "saved " + name
		}
		g.captured = nil
	}
	g.apply(in)
	g.runComputer()
	g.followTutorial()
	g.play.tick++
	g.refresh()
}

// fit sets the camera to show the whole board in the map area.
func (g *Game) fit() {
	w, h := g.layer.WorldSize()
	g.cam = boardview.FitCamera(w, h, g.view, fitMargin*g.scale)
	g.fitted = true
}

// logPageLines is how far PgUp and PgDn scroll the log.
const logPageLines = 10

// fitMargin is the space left round the board by fit, in window pixels.
const fitMargin = 12

// Draw draws the board with its overlays, the bars, the panel and the covers.
func (g *Game) Draw(screen *ebiten.Image) {
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	g.drawMap(screen, &v)
	g.drawTutorialRings(screen, &v)
	g.drawTrail(screen)
	g.drawShots(screen)
	g.hudCache.Draw(screen, g.hudKey(), g.drawHUD, g.hudParts()...)
	g.drawTutorialStrip(screen)
	g.drawBanner(screen)
	g.drawToast(screen)
	if g.showBriefing {
		g.drawBriefingOverlay(screen)
	}
	if g.showHelp {
		g.drawHelp(screen)
	}
	g.drawCasualties(screen)
	g.drawCover(screen)
	g.drawQuestion(screen)
	if g.shotPending {
		g.shotPending = false
		g.captured = capture(screen)
	}
}

// hudKey is what the bars, the panel and the tooltip show depends on: the
// preview's key (battle version, selection, hover, leader, mode, target),
// the screen, the zoom, the log and the status message.
type hudKey struct {
	pv        previewKey
	hover     board.Hex // as it is now, should the preview lag behind
	hasHover  bool
	screen    image.Point
	scale     float64
	zoom      float64
	panel     bool
	logLines  int
	logScroll int
	message   string
}

func (g *Game) hudKey() hudKey {
	return hudKey{pv: g.play.pv.key, hover: g.hovered, hasHover: g.hasHover, screen: g.screen, scale: g.scale, zoom: g.cam.Zoom, panel: g.showPanel,
		logLines: len(g.play.log.lines), logScroll: g.play.logScroll, message: g.message}
}

// hudParts returns the screen rectangles the HUD covers: the bars and
// the panel, or the whole screen when the tooltip is shown over the map.
func (g *Game) hudParts() []image.Rectangle {
	if g.panelRect().Empty() && (len(g.play.pv.tip) > 0 || g.hoveredUnit() != nil) {
		return nil // the tooltip is over the map
	}
	g.parts = append(g.parts[:0],
		image.Rect(0, 0, g.screen.X, g.view.Min.Y), image.Rect(0, g.view.Max.Y, g.screen.X, g.screen.Y), g.panelRect())
	return g.parts
}

// drawHUD draws the tooltip, the bars and the panel.
func (g *Game) drawHUD(dst *ebiten.Image) {
	g.drawTooltip(dst)
	g.drawBars(dst)
	if g.showPanel {
		g.drawPanel(dst)
	}
}

// Layout follows the window: the screen is as large as the window.
func (g *Game) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := g.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF makes the screen as large as the window in device pixels, so the
// board is drawn at the monitor's full resolution; text and bars scale
// with the device scale factor. A fixed Options.Size overrides both.
func (g *Game) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	w, h, s := int(math.Ceil(outsideWidth)), int(math.Ceil(outsideHeight)), 1.0
	if g.opts.Size != (image.Point{}) {
		w, h = g.opts.Size.X, g.opts.Size.Y
	} else if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
		w, h = int(math.Ceil(outsideWidth*s)), int(math.Ceil(outsideHeight*s))
	}
	g.resize(image.Pt(max(w, 1), max(h, 1)), s, false)
	return float64(g.screen.X), float64(g.screen.Y)
}

// resize adapts the view to a new screen size (or a panel shown or
// hidden: force), keeping the world point at the centre of the map area
// where it was.
func (g *Game) resize(size image.Point, scale float64, force bool) {
	if size == g.screen && scale == g.scale && g.fitted && !force {
		return
	}
	old := g.view
	g.screen, g.scale = size, scale
	g.view = mapArea(size, scale, g.showPanel)
	g.view.Max.Y = max(g.view.Max.Y-g.tutorialHeight(size, scale), g.view.Min.Y+1)
	if !g.fitted {
		g.fit()
		return
	}
	g.cam.Pan(float64(g.view.Min.X+g.view.Max.X-old.Min.X-old.Max.X)/2, float64(g.view.Min.Y+g.view.Max.Y-old.Min.Y-old.Max.Y)/2)
}

// The bar heights and the panel width in window pixels (multiplied by the
// device scale).
const (
	topBarHeight    = 28
	statusBarHeight = 26
	panelWidth      = 360
)

// mapArea is the part of a screen of the given size left for the map
// between the top bar and the status bar, and left of the panel when it
// is shown (and the screen is wide enough to keep half of it for the map).
func mapArea(size image.Point, scale float64, panel bool) image.Rectangle {
	top := int(math.Round(topBarHeight * scale))
	bottom := size.Y - int(math.Round(statusBarHeight*scale))
	right := size.X
	if pw := int(math.Round(panelWidth * scale)); panel && pw*2 <= size.X {
		right -= pw
	}
	return image.Rect(0, top, right, max(bottom, top+1))
}

// panelRect is the screen rectangle of the right panel, empty when hidden.
func (g *Game) panelRect() image.Rectangle {
	if !g.showPanel || g.view.Max.X >= g.screen.X {
		return image.Rectangle{}
	}
	return image.Rect(g.view.Max.X, g.view.Min.Y, g.screen.X, g.view.Max.Y)
}
