package game

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/ui"
	"hexfire/umpire"
)

// The battle scene's API for a scene built on it, the study table: what
// the study may ask and set of the Game it wraps, so that it reads none
// of the Game's fields (issue 38: the study is to stand in a package of
// its own on the battle scene's exported API).

// CompareRules shows, or not, every registered ruleset's odds of the AT
// shot previewed beside the active ruleset's (D).
func (g *Game) CompareRules(on bool) { g.play.compareRules = on }

// DrawUnderCounters sets the layer drawn on the map over the washes and
// under the counters (nil for none); its owner calls InvalidateMap when
// the layer changes.
func (g *Game) DrawUnderCounters(draw func(dst *ebiten.Image, v *BoardView)) { g.underCounters = draw }

// InvalidateMap has the map's picture drawn again at the next frame.
func (g *Game) InvalidateMap() { g.mapCache.Invalidate() }

// HoldHover shows hex h as hovered whatever the mouse does (Options.Hover).
func (g *Game) HoldHover(h board.Hex) { g.hovered, g.hasHover, g.fixedHover = h, true, true }

// Restart shows the battle u holds from its start with an empty log,
// keeping the view; then selects unit id (0: no unit, and no hex).
func (g *Game) Restart(u *umpire.Umpire, id battle.UnitID) error {
	g.play.log = gameLog{}
	if err := g.setBattle(u); err != nil {
		return err
	}
	g.selectUnit(id)
	if id == 0 {
		g.hasSelected = false
	}
	g.refresh()
	return nil
}

// Resize lays the scene out on a screen of the given size and device
// scale, keeping what the map shows.
func (g *Game) Resize(size image.Point, scale float64) { g.resize(size, scale, false) }

// ReadIntents reads this frame's keyboard and mouse as the battle scene
// would, or nothing in a scripted scene.
func (g *Game) ReadIntents() Intents {
	if g.opts.Scripted {
		return Intents{}
	}
	return g.input.Read(g.view, g.panelRect())
}

// Scripted reports whether the scene ignores the keyboard and mouse.
func (g *Game) Scripted() bool { return g.opts.Scripted }

// HexAt returns the hex under screen point pt, and false when there is
// none.
func (g *Game) HexAt(pt image.Point) (board.Hex, bool) { return g.layer.HexAt(g.cam, pt) }

// CounterAt returns the unit whose counter is drawn under screen point pt
// in the hovered hex, when it holds a stack of two or more, or nil.
func (g *Game) CounterAt(pt image.Point) *battle.Unit { return g.counterAt(pt) }

// Step runs one frame of the scene on intents in, and returns the note
// it has for the status bar (a screenshot written), taking it.
func (g *Game) Step(in Intents) (message string) {
	g.step(in)
	message, g.message = g.message, ""
	return message
}

// Capture keeps the frame drawn on screen, for the next Step to write as
// a PNG (as F12 does).
func (g *Game) Capture(screen *ebiten.Image) { g.captured = capture(screen) }

// MapArea is the part of the screen the map is drawn in, between the bars
// and beside the panel.
func (g *Game) MapArea() image.Rectangle { return g.view }

// ScreenSize is the screen's size in pixels.
func (g *Game) ScreenSize() image.Point { return g.screen }

// Scale is the device pixels per window pixel the scene draws its text
// and bars at.
func (g *Game) Scale() float64 { return g.scale }

// Fonts are the scene's faces.
func (g *Game) Fonts() *ui.Fonts { return g.fonts }

// Board is the board shown.
func (g *Game) Board() *board.Board { return g.board }

// LOSStatus is the status bar's words on the line of sight previewed
// ("" for none).
func (g *Game) LOSStatus() string { return g.play.pv.losStatus }
