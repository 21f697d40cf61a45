package game

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// screenshotEnv names the PNG a re-executed test binary should write with
// Screenshot: ebiten.RunGame can run once per process, and the test binary
// already runs the tests inside it.
const screenshotEnv = "HEXFIRE_TEST_SCREENSHOT"

// TestMain runs the tests inside an ebiten run loop, so that images can be
// drawn and read back (that needs a display: run under xvfb-run). With
// screenshotEnv set it runs Screenshot on testBoard instead.
func TestMain(m *testing.M) {
	if path := os.Getenv(defaultShotEnv); path != "" {
		os.Exit(runDefaultScreenshot(path))
	}
	if path := os.Getenv(screenshotEnv); path != "" {
		b, err := boardBattle(testBoard())
		if err == nil {
			err = Screenshot(b, shotOptions(path))
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(uitest.RunInGame(m))
}

// testFixture is a small board with each feature the pixel test checks.
const testFixture = `
W  .  B  c  .
.  o  W  .  .+
.  .  .  r  r
.  s  .  .  .
wall C3 C4
`

func testBoard() *board.Board { return board.MustParseASCII(board.DefaultLayout, testFixture) }

func shotOptions(path string) ScreenshotOptions {
	return ScreenshotOptions{Path: path, Select: "A3", Hover: "B2", Frames: 3, Width: 640, Height: 480}
}

// screenPoint returns where the world point (x, y) lands in a screenshot of
// testBoard with shotOptions: the camera Screenshot fits.
func screenPoint(b *board.Board, o ScreenshotOptions, x, y float64) image.Point {
	w, h := b.Layout.PixelSize(b.Width, b.Height)
	cam := boardview.FitCamera(float64(w), float64(h), mapArea(image.Pt(o.Width, o.Height), 1, true), fitMargin)
	sx, sy := cam.WorldToScreen(x, y)
	return image.Pt(int(sx), int(sy))
}

// screenshotInChild re-runs the test binary with env set to path (ebiten
// runs one game per process; TestMain takes the screenshot in the child)
// and returns the PNG it wrote.
func screenshotInChild(t *testing.T, env, path string) image.Image {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env+"="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("screenshot run: %v\n%s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

func TestScreenshotPixels(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.png")
	img := screenshotInChild(t, screenshotEnv, path)
	opts := shotOptions(path)
	if have, want := img.Bounds().Size(), image.Pt(opts.Width, opts.Height); have != want {
		t.Fatalf("screenshot size = %v, want %v", have, want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files in output directory = %d, want 1 (no temporary file left)", len(entries))
	}

	b := testBoard()
	terrain := boardview.NewTerrain(&maps.Scenario{Board: b}, nil, nil)
	centre := func(label string) image.Point {
		h, _ := b.ParseHex(label)
		x, y := b.Layout.Center(h)
		return screenPoint(b, opts, x, y)
	}
	// inside returns a point of hexside d of a hex, moved 1.5 world pixels
	// towards the hex centre (well inside any ring at the fitted zoom).
	inside := func(label string, d board.Direction) image.Point {
		h, _ := b.ParseHex(label)
		cx, cy := b.Layout.Center(h)
		mx, my := terrain.EdgeMid(h, d)
		k := 1.5 / math.Hypot(cx-mx, cy-my)
		return screenPoint(b, opts, mx+(cx-mx)*k, my+(cy-my)*k)
	}
	wall := func(a, c string) image.Point {
		ha, _ := b.ParseHex(a)
		hc, _ := b.ParseHex(c)
		ax, ay := b.Layout.Center(ha)
		cx, cy := b.Layout.Center(hc)
		return screenPoint(b, opts, (ax+cx)/2, (ay+cy)/2)
	}
	woods := boardview.TerrainColour(board.Cell{Terrain: board.Woods})
	orchard := boardview.TerrainColour(board.Cell{Terrain: board.Orchard})
	tests := []struct {
		name string
		at   image.Point
		want color.RGBA
	}{
		{"woods hex centre", centre("A1"), woods},
		{"other woods hex centre", centre("C2"), woods},
		{"building hex centre", centre("C1"), boardview.TerrainColour(board.Cell{Terrain: board.Building})},
		{"stream hex centre", centre("B4"), boardview.TerrainColour(board.Cell{Terrain: board.Stream})},
		{"road hex centre", centre("D3"), boardview.RoadColour},
		{"selected hex ring", inside("A3", board.DirS), boardview.SelectedColour},
		{"selected hex ring, other side", inside("A3", board.DirN), boardview.SelectedColour},
		{"selected hex centre untouched", centre("A3"), boardview.TerrainColour(board.Cell{})},
		{"hovered hex centre washed", centre("B2"), uitest.Over(orchard, colHover)},
		{"hovered hex ring", inside("B2", board.DirS), colHoverRing},
		{"wall on hexside", wall("C3", "C4"), boardview.WallColour},
		{"outside the board", image.Pt(3, opts.Height/2), boardview.BackgroundColour},
		{"status bar", image.Pt(opts.Width/2, opts.Height-3), uitest.Over(boardview.BackgroundColour, colBar)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := img.At(tt.at.X, tt.at.Y); !uitest.ColourNear(have, tt.want, 3) {
				t.Errorf("colour at %v = %v, want %v", tt.at, have, tt.want)
			}
		})
	}
}

func TestScreenshotErrors(t *testing.T) {
	tests := []struct {
		name string
		opts ScreenshotOptions
		want string
	}{
		{"no path", ScreenshotOptions{}, "no output path"},
		{"bad size", ScreenshotOptions{Path: "x.png", Width: -5, Height: 10}, "-5x10"},
		{"bad select", ScreenshotOptions{Path: "x.png", Select: "Z99"}, "Z99"},
		{"bad hover", ScreenshotOptions{Path: "x.png", Hover: "E"}, `"E"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := boardBattle(testBoard())
			if err != nil {
				t.Fatal(err)
			}
			err = Screenshot(b, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Screenshot error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestWritePNG(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.RGBA{10, 20, 30, 255})
	path := filepath.Join(dir, "out.png")
	if err := writePNG(path, img); err != nil {
		t.Fatalf("writePNG: %v", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := got.At(1, 1), (color.RGBA{10, 20, 30, 255}); !uitest.ColourNear(have, want, 0) {
		t.Errorf("pixel (1, 1) = %v, want %v", have, want)
	}
	if err := writePNG(filepath.Join(dir, "missing", "out.png"), img); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("writePNG into a missing directory: error = %v, want one naming the path", err)
	}
}

// newTestGame returns a game on testBoard laid out on a 640×480 screen.
func newTestGame(t *testing.T, opts Options) *Game {
	t.Helper()
	g, err := NewGame(testBoard(), opts)
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(640, 480)
	return g
}

func TestApplyIntents(t *testing.T) {
	hexPoint := func(g *Game, label string) image.Point {
		h, _ := g.board.ParseHex(label)
		x, y := g.board.Layout.Center(h)
		sx, sy := g.cam.WorldToScreen(x, y)
		return image.Pt(int(sx), int(sy))
	}
	tests := []struct {
		name  string
		setup func(*Game)
		in    func(*Game) Intents
		check func(*testing.T, *Game)
	}{
		{
			name: "click selects the hex under the cursor",
			in: func(g *Game) Intents {
				p := hexPoint(g, "C2")
				return Intents{Cursor: p, CursorIn: true, Click: true}
			},
			check: func(t *testing.T, g *Game) {
				if h, ok := g.Selected(); !ok || g.board.Label(h) != "C2" {
					t.Errorf("selected = %s %v, want C2 true", g.board.Label(h), ok)
				}
			},
		},
		{
			name: "click off the board clears the selection",
			in:   func(g *Game) Intents { return Intents{Cursor: image.Pt(2, 240), CursorIn: true, Click: true} },
			setup: func(g *Game) {
				g.selected, g.hasSelected = board.Hex{}, true
			},
			check: func(t *testing.T, g *Game) {
				if _, ok := g.Selected(); ok {
					t.Errorf("selection kept after a click off the board")
				}
			},
		},
		{
			name: "cursor hovers the hex under it",
			in: func(g *Game) Intents {
				return Intents{Cursor: hexPoint(g, "E4"), CursorIn: true}
			},
			check: func(t *testing.T, g *Game) {
				if h, ok := g.Hovered(); !ok || g.board.Label(h) != "E4" {
					t.Errorf("hovered = %s %v, want E4 true", g.board.Label(h), ok)
				}
			},
		},
		{
			name: "wheel zooms keeping the point under the cursor",
			in: func(g *Game) Intents {
				return Intents{Cursor: hexPoint(g, "B3"), CursorIn: true, ZoomSteps: 2, ZoomAt: hexPoint(g, "B3")}
			},
			check: func(t *testing.T, g *Game) {
				if h, ok := g.Hovered(); !ok || g.board.Label(h) != "B3" {
					t.Errorf("hovered after zoom = %s %v, want B3 true", g.board.Label(h), ok)
				}
			},
		},
		{
			name: "toggles",
			in: func(g *Game) Intents {
				var it Intents
				it.Triggered[ActionToggleLabels] = true
				it.Triggered[ActionToggleHelp] = true
				return it
			},
			check: func(t *testing.T, g *Game) {
				if g.showLabels || !g.showHelp {
					t.Errorf("labels, help = %v, %v; want false, true", g.showLabels, g.showHelp)
				}
			},
		},
		{
			name:  "Esc closes the help and does not quit",
			setup: func(g *Game) { g.showHelp = true },
			in: func(g *Game) Intents {
				var it Intents
				it.Triggered[ActionCancel] = true
				return it
			},
			check: func(t *testing.T, g *Game) {
				if g.showHelp || g.quit || g.ask != nil {
					t.Errorf("help, quit, question = %v, %v, %v; want false, false, nil", g.showHelp, g.quit, g.ask)
				}
			},
		},
		{
			name:  "Esc clears the selection",
			setup: func(g *Game) { g.selected, g.hasSelected = board.Hex{}, true },
			in: func(g *Game) Intents {
				var it Intents
				it.Triggered[ActionCancel] = true
				return it
			},
			check: func(t *testing.T, g *Game) {
				if _, ok := g.Selected(); ok || g.quit {
					t.Errorf("selected, quit = %v, %v; want false, false", ok, g.quit)
				}
			},
		},
		{
			name: "Q asks before quitting",
			in: func(g *Game) Intents {
				var it Intents
				it.Triggered[ActionQuit] = true
				return it
			},
			check: func(t *testing.T, g *Game) {
				if g.quit || g.ask == nil || !strings.Contains(g.ask.Text, "Quit Hexfire?") {
					t.Fatalf("quit, question = %v, %v; want false and a question", g.quit, g.ask)
				}
				var no Intents
				no.Triggered[ActionCancel] = true
				g.apply(no)
				if g.quit || g.ask != nil {
					t.Fatalf("after Esc: quit, question = %v, %v; want false, nil", g.quit, g.ask)
				}
				var q, yes Intents
				q.Triggered[ActionQuit] = true
				yes.Triggered[ActionYes] = true
				g.apply(q)
				g.apply(yes)
				if !g.quit {
					t.Errorf("quit after Q and Y = false, want true")
				}
			},
		},
		{
			name:  "fit restores the fitted camera",
			setup: func(g *Game) { g.cam.ZoomAt(10, 10, 3) },
			in: func(g *Game) Intents {
				var it Intents
				it.Triggered[ActionFit] = true
				return it
			},
			check: func(t *testing.T, g *Game) {
				w, h := g.layer.WorldSize()
				want := boardview.FitCamera(w, h, g.view, fitMargin)
				if g.cam != want {
					t.Errorf("camera = %+v, want %+v", g.cam, want)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, Options{})
			if tt.setup != nil {
				tt.setup(g)
			}
			g.apply(tt.in(g))
			tt.check(t, g)
		})
	}
}

func TestFixedHoverIgnoresMouse(t *testing.T) {
	g := newTestGame(t, Options{Hover: "D2"})
	g.apply(Intents{Cursor: image.Pt(320, 240), CursorIn: true})
	if h, ok := g.Hovered(); !ok || g.board.Label(h) != "D2" {
		t.Errorf("hovered = %s %v, want D2 true", g.board.Label(h), ok)
	}
}

func TestKeymap(t *testing.T) {
	seen := map[Action]int{}
	keys := map[ebiten.Key]Action{}
	for _, b := range Keymap {
		seen[b.Action]++
		if b.Help == "" || b.Controls() == "" {
			t.Errorf("binding for action %d has no help or no controls", b.Action)
		}
		if b.run == nil {
			t.Errorf("binding for action %d (%s) has no handler", b.Action, b.Help)
		}
		for _, k := range b.Keys {
			if a, dup := keys[k]; dup {
				t.Errorf("key %s bound to actions %d and %d", k, a, b.Action)
			}
			keys[k] = b.Action
		}
	}
	// Ctrl+key must not also be a plain key: holding Ctrl does not stop
	// the plain binding from triggering.
	for _, b := range Keymap {
		for _, k := range b.CtrlKeys {
			if a, dup := keys[k]; dup {
				t.Errorf("Ctrl+%s for action %d: %s alone is bound to action %d", k, b.Action, k, a)
			}
		}
	}
	// Shift+key is another action than the key alone (Read skips the
	// plain binding while Shift is held); one action a Shift+key.
	shifted := map[ebiten.Key]Action{}
	for _, b := range Keymap {
		for _, k := range b.ShiftKeys {
			if a, dup := shifted[k]; dup {
				t.Errorf("Shift+%s bound to actions %d and %d", k, a, b.Action)
			}
			shifted[k] = b.Action
		}
	}
	for a := range actionCount {
		if seen[a] != 1 {
			t.Errorf("action %d has %d keymap rows, want 1", a, seen[a])
		}
	}
	tests := []struct {
		b    Binding
		want string
	}{
		{Binding{Keys: []ebiten.Key{ebiten.KeyF, ebiten.KeyHome}}, "F / Home"},
		{Binding{Keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}}, "Left / A"},
		{Binding{Mouse: "wheel"}, "wheel"},
		{Binding{Keys: []ebiten.Key{ebiten.KeyH, ebiten.KeySlash}, Mouse: "click"}, "H / ? / click"},
		{Binding{Keys: []ebiten.Key{ebiten.KeyF5}, ShiftKeys: []ebiten.Key{ebiten.KeyS}}, "F5 / Shift+S"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if have := tt.b.Controls(); have != tt.want {
				t.Errorf("Controls() = %q, want %q", have, tt.want)
			}
		})
	}
}

func TestDescribeHex(t *testing.T) {
	b := testBoard()
	tests := []struct {
		label, want string
	}{
		{"A1", "A1  |  woods  |  level 0  |  cover +2  |  blocks LOS"},
		{"B2", "B2  |  orchard  |  level 0  |  cover +1  |  hinders LOS"},
		{"E2", "E2  |  open  |  road  |  level 0  |  cover +0"},
		{"C3", "C3  |  open  |  level 0  |  cover +0  |  wall S"},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			h, err := b.ParseHex(tt.label)
			if err != nil {
				t.Fatal(err)
			}
			if have := describeHex(b, h); have != tt.want {
				t.Errorf("describeHex(%s) = %q, want %q", tt.label, have, tt.want)
			}
		})
	}
}

// TestKeymapFitsTheScreen: the help lays the keymap out within every
// window from 1024×600 up, its text at least keymapMinSize of the bar's,
// no help line wider than its column (a long one wraps), every row shown
// from 1280×657 up (1024×600 scrolls a few), and scrolled to the last row
// from a row past it.
func TestKeymapFitsTheScreen(t *testing.T) {
	g := newTestGame(t, Options{})
	c := ui.Canvas{Fonts: g.fonts, Scale: 1}
	for _, size := range []image.Point{{1024, 600}, {1280, 657}, {1280, 800}, {1920, 1080}, {2560, 1440}} {
		l := layoutKeymap(c, size, 0)
		if l.w > float64(size.X) || l.x0 < 0 || l.h > float64(size.Y) || l.y0 < 0 {
			t.Errorf("%v: the panel is %.0f×%.0f at (%.0f, %.0f), not inside the window", size, l.w, l.h, l.x0, l.y0)
		}
		for i, e := range l.entries {
			for _, line := range e.help {
				if ui.TextWidth(l.face, line) > l.colW-l.keysW-l.gap {
					t.Errorf("%v: the help of %s runs out of its column: %q", size, Keymap[i].Controls(), line)
				}
			}
		}
		if size.Y >= 657 && l.shown < l.rows {
			t.Errorf("%v: %d of the help's %d rows shown, want all", size, l.shown, l.rows)
		}
		if last := layoutKeymap(c, size, l.rows+5); last.first != l.rows-l.shown {
			t.Errorf("%v: scrolled past the end, the help shows from row %d, want %d", size, last.first, l.rows-l.shown)
		}
	}
}

func TestDescribeFortifiedHex(t *testing.T) {
	b := board.MustParseASCII(board.DefaultLayout, `
W . . .
foxhole A1
bunker B1 1
minefield C1
wire D1
`)
	tests := []struct {
		label, want string
	}{
		{"A1", "A1  |  woods  |  level 0  |  cover +2  |  blocks LOS  |  foxhole: cover +1 for infantry, +1 MP to enter"},
		{"B1", "B1  |  open  |  level 0  |  cover +0  |  bunker facing NE: cover +4, one Gun or 2 infantry, fires only toward NE, AP fire only, blocks LOS"},
		{"C1", "C1  |  open  |  level 0  |  cover +0  |  minefield: a unit entering is eliminated on a die roll of 3 or less"},
		{"D1", "D1  |  open  |  level 0  |  cover +0  |  barbed wire: infantry entering stop, vehicles other than AFVs barred, infantry firing from it +1"},
	}
	for _, tt := range tests {
		h, err := b.ParseHex(tt.label)
		if err != nil {
			t.Fatal(err)
		}
		if have := describeHex(b, h); have != tt.want {
			t.Errorf("describeHex(%s) = %q, want %q", tt.label, have, tt.want)
		}
	}
}
