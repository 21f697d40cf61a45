// Package game is Hexfire's Ebiten front end: the window, the board view
// with its camera, the mapping from keys and mouse to intentions, the
// overlays drawn over the map, the top and status bars, the help overlay,
// and screenshots.
//
// Update reads the input and then changes state; Draw only draws (and, when
// a screenshot is due, reads back the frame it drew).
package game

import (
	"fmt"
	"image"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// Status is what the top bar says about the match. The battle will
// implement it; until then Placeholder does.
type Status interface {
	Title() string
	Turn() string
	Phase() string
}

// Placeholder is a Status for a board without a battle: a title and
// placeholders for the turn and phase.
type Placeholder struct{ Name string }

// Title returns the name given.
func (p Placeholder) Title() string { return p.Name }

// Turn returns a placeholder.
func (Placeholder) Turn() string { return "Turn -" }

// Phase returns a placeholder.
func (Placeholder) Phase() string { return "no battle" }

// Options configure a Game.
type Options struct {
	// Status feeds the top bar; nil shows Placeholder{"Hexfire"}.
	Status Status
	// Select is the label of a hex selected at the start ("" for none).
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
}

// Game is the board view. It implements ebiten.Game.
type Game struct {
	board  *board.Board
	status Status
	opts   Options

	input  Input
	cam    Camera
	fitted bool
	screen image.Point     // screen size in pixels
	scale  float64         // device pixels per window pixel: scales text and bars
	view   image.Rectangle // the map area between the bars

	layer    *terrainLayer
	batch    *triBatch
	fonts    *fonts
	overlays []Overlay

	hovered, selected     board.Hex
	hasHover, hasSelected bool
	fixedHover            bool

	showLabels, showHelp bool
	quit                 bool

	shotPending bool        // F12 was pressed: capture the next frame
	captured    *image.RGBA // a frame read back by Draw, written by Update
	message     string      // a short note in the status bar, such as a saved file
}

// zoomStep is the zoom factor of one wheel notch or key press.
const zoomStep = 1.2

// NewGame returns a view of b. It reports an error for a Select or Hover
// label that is not a hex of b.
func NewGame(b *board.Board, opts Options) (*Game, error) {
	if b == nil {
		return nil, fmt.Errorf("game: no board")
	}
	f, err := newFonts()
	if err != nil {
		return nil, err
	}
	g := &Game{board: b, status: opts.Status, opts: opts, fonts: f, scale: 1, showLabels: true, showHelp: opts.ShowHelp}
	if g.status == nil {
		g.status = Placeholder{Name: "Hexfire"}
	}
	if opts.Select != "" {
		h, err := b.ParseHex(opts.Select)
		if err != nil {
			return nil, fmt.Errorf("game: select: %w", err)
		}
		g.selected, g.hasSelected = h, true
	}
	if opts.Hover != "" {
		h, err := b.ParseHex(opts.Hover)
		if err != nil {
			return nil, fmt.Errorf("game: hover: %w", err)
		}
		g.hovered, g.hasHover, g.fixedHover = h, true, true
	}
	g.batch = newTriBatch()
	mesh := newBoardMesh(b)
	g.layer = &terrainLayer{
		mesh:         mesh,
		painter:      &paletteFill{batch: newTriBatch()},
		batch:        g.batch,
		fonts:        f,
		overviewZoom: overviewZoomFor(mesh.worldW, mesh.worldH),
	}
	g.overlays = []Overlay{selectionOverlay{}}
	return g, nil
}

// AddOverlay adds an overlay drawn over the map after those already added.
func (g *Game) AddOverlay(o Overlay) { g.overlays = append(g.overlays, o) }

// Selected returns the selected hex, and false when none is.
func (g *Game) Selected() (board.Hex, bool) { return g.selected, g.hasSelected }

// Hovered returns the hex under the cursor, and false when there is none.
func (g *Game) Hovered() (board.Hex, bool) { return g.hovered, g.hasHover }

// Update reads this frame's input and applies it.
func (g *Game) Update() error {
	if g.captured != nil {
		name := time.Now().Format("hexfire-20060102-150405.png")
		if err := writePNG(name, g.captured); err != nil {
			g.message = err.Error()
		} else {
			g.message = "saved " + name
		}
		g.captured = nil
	}
	var in Intents
	if !g.opts.Scripted {
		in = g.input.Read(g.view)
	}
	g.apply(in)
	if g.quit {
		return ebiten.Termination
	}
	return nil
}

// apply turns intents into changes of the view.
func (g *Game) apply(in Intents) {
	t := &in.Triggered
	if t[ActionToggleHelp] {
		g.showHelp = !g.showHelp
	}
	if t[ActionQuit] {
		if g.showHelp {
			g.showHelp = false
		} else {
			g.quit = true
		}
	}
	if t[ActionToggleLabels] {
		g.showLabels = !g.showLabels
	}
	if t[ActionScreenshot] {
		g.shotPending = true
	}
	if t[ActionFit] {
		g.fit()
	}
	if in.ZoomSteps != 0 {
		g.cam.ZoomAt(float64(in.ZoomAt.X), float64(in.ZoomAt.Y), math.Pow(zoomStep, in.ZoomSteps))
	}
	if in.PanX != 0 || in.PanY != 0 {
		g.cam.Pan(in.PanX, in.PanY)
	}
	g.cam.Keep(g.layer.mesh.worldW, g.layer.mesh.worldH, g.view)
	if !g.fixedHover {
		g.hasHover = false
		if in.CursorIn {
			g.hovered, g.hasHover = g.layer.hexAt(g.cam, in.Cursor)
		}
	}
	if in.Click {
		g.selected, g.hasSelected = g.layer.hexAt(g.cam, in.Cursor)
	}
}

// fit sets the camera to show the whole board in the map area.
func (g *Game) fit() {
	g.cam = FitCamera(g.layer.mesh.worldW, g.layer.mesh.worldH, g.view, fitMargin*g.scale)
	g.fitted = true
}

// fitMargin is the space left round the board by fit, in window pixels.
const fitMargin = 12

// Draw draws the board, the overlays, the bars and the help.
func (g *Game) Draw(screen *ebiten.Image) {
	g.layer.draw(screen, g.cam, g.showLabels)
	v := View{g: g, Board: g.board, Camera: g.cam}
	for _, o := range g.overlays {
		o.Draw(screen, &v)
	}
	g.drawBars(screen)
	if g.showHelp {
		g.drawHelp(screen)
	}
	if g.shotPending {
		g.shotPending = false
		g.captured = capture(screen)
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
	g.resize(image.Pt(max(w, 1), max(h, 1)), s)
	return float64(g.screen.X), float64(g.screen.Y)
}

// resize adapts the view to a new screen size, keeping the world point at
// the centre of the map area where it was.
func (g *Game) resize(size image.Point, scale float64) {
	if size == g.screen && scale == g.scale && g.fitted {
		return
	}
	old := g.view
	g.screen, g.scale = size, scale
	g.view = mapArea(size, scale)
	if !g.fitted {
		g.fit()
		return
	}
	g.cam.Pan(float64(g.view.Min.X+g.view.Max.X-old.Min.X-old.Max.X)/2, float64(g.view.Min.Y+g.view.Max.Y-old.Min.Y-old.Max.Y)/2)
}

// The bar heights in window pixels (multiplied by the device scale).
const (
	topBarHeight    = 28
	statusBarHeight = 26
)

// mapArea is the part of a screen of the given size left for the map
// between the top bar and the status bar.
func mapArea(size image.Point, scale float64) image.Rectangle {
	top := int(math.Round(topBarHeight * scale))
	bottom := size.Y - int(math.Round(statusBarHeight*scale))
	return image.Rect(0, top, size.X, max(bottom, top+1))
}
