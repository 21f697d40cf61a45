package game

import (
	"image"
	"maps"
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/game/ui"
)

// fitSizes are the window sizes every screen is made to fit (docs/UI.md):
// the smallest laptop, a browser's viewport on a 1280×720 screen, full HD
// and 1440p.
var fitSizes = []image.Point{{1024, 600}, {1280, 657}, {1920, 1080}, {2560, 1440}}

// mapDrawnUpToWidth is the widest window TestScreensFit draws the map in
// (the battle and the study table): under Xvfb a frame of the map at
// 2560×1440 takes some 6 s, and its layout scales as at 1920×1080.
const mapDrawnUpToWidth = 1920

// fitScenes are the screens TestScreensFit renders: those sceneApp makes,
// and the battle.
var fitScenes = []string{"menu", "picker", "briefing", "settings", "help", "quick", "victory", "study", "battle", "tutorial"}

// minButtonHeight is the least height in pixels of a button whose label
// (ui.BarTextSize×1.15, about 16 pixels) is still read and hit.
const minButtonHeight = 20

// fitApp returns an app of the given size showing the named scene on
// battle b (the battle scene: a new battle on the default scenario).
func fitApp(t *testing.T, b battleSource, name string, size image.Point) *App {
	t.Helper()
	scene := name
	if name == "battle" {
		scene = "menu"
	}
	a, err := sceneApp(b.ended, scene, testCatalogue, size, endPhasesPlayer)
	if err != nil {
		t.Fatalf("%s at %v: %v", name, size, err)
	}
	if name == "battle" {
		if err := a.StartBattle(b.fresh, nil); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// battleSource holds the battles the screens are shown on: one over, for
// the victory screen, and one at its start.
type battleSource struct{ ended, fresh *battle.Battle }

// screenElements returns the rectangles of what a player clicks on the
// app's scene, as its last frame laid them out (buttons, the lines of the
// battle's panel that answer a click, the question's Yes and No), and of
// the panels it draws in (the battle's map and panel, the picker's detail,
// the help) with the buttons of a box drawn over others. Each scene keeps
// them all inside the window, and no two buttons overlap.
func screenElements(t *testing.T, a *App) (buttons, panels []image.Rectangle) {
	t.Helper()
	window := image.Rectangle{Max: a.screen}
	switch s := a.scene.(type) {
	case *menu:
		return s.rects(a), nil
	case *settingsScreen:
		return s.rects(a), nil
	case *quickScreen:
		return s.rects(a), nil
	case *picker:
		// The question's Yes and No are drawn over the list, which waits
		// for the answer: they are held to the window, not apart from it.
		yes, no := ui.QuestionButtons(window, a.scale)
		l := s.layout(a)
		return l.buttons, []image.Rectangle{l.detail, yes, no}
	case *briefing:
		return s.rects(a), nil
	case *victoryScreen:
		return s.rects(a), nil
	case *helpScreen:
		if s.page == 0 {
			l := layoutPrimer(a.canvas(nil), a.screen, s.first)
			return nil, []image.Rectangle{image.Rect(int(l.x0), int(l.y0), int(l.x0+l.w), int(l.y0+l.h))}
		}
		l := layoutKeymap(a.canvas(nil), a.screen, s.first)
		return nil, []image.Rectangle{image.Rect(int(l.x0), int(l.y0), int(l.x0+l.w), int(l.y0+l.h))}
	case *Game:
		return battleElements(s)
	case *study:
		return battleElements(s.g)
	}
	t.Fatalf("no elements known of scene %T", a.scene)
	return nil, nil
}

// battleElements are the battle's clickable parts: the Yes and No of a
// question and the panel's lines that answer a click (the turn summary,
// the reinforcements); and its map and panel.
func battleElements(g *Game) (buttons, panels []image.Rectangle) {
	yes, no := g.askButtons()
	buttons = append(buttons, yes, no)
	buttons = append(buttons, g.summaryRects...)
	for _, r := range g.reinforceRects {
		buttons = append(buttons, r.rect)
	}
	panels = []image.Rectangle{g.view}
	if p := g.panelRect(); !p.Empty() {
		panels = append(panels, p)
	}
	return buttons, panels
}

// TestScreensFit renders every screen at every supported size (the map's
// up to mapDrawnUpToWidth) and checks
// that each button lies inside the window, is tall enough to read and hit
// and overlaps no other, and that each panel lies inside the window.
func TestScreensFit(t *testing.T) {
	b := battleSource{ended: endedBattle(t), fresh: defaultBattle(t)}
	for _, size := range fitSizes {
		window := image.Rectangle{Max: size}
		for _, name := range fitScenes {
			if (name == "battle" || name == "study") && size.X > mapDrawnUpToWidth {
				continue
			}
			a := fitApp(t, b, name, size)
			appFrame(a)
			buttons, panels := screenElements(t, a)
			if name != "help" && len(buttons) == 0 {
				t.Errorf("%s at %v: no buttons", name, size)
			}
			for i, r := range buttons {
				if r.Empty() { // scrolled out of its list: neither drawn nor clicked
					continue
				}
				if !r.In(window) {
					t.Errorf("%s at %v: button %d at %v is not inside the window", name, size, i, r)
				}
				if r.Dy() < minButtonHeight && !isPanelLine(a, r) {
					t.Errorf("%s at %v: button %d at %v is %d pixels tall, want %d at least", name, size, i, r, r.Dy(), minButtonHeight)
				}
				for j, o := range buttons[:i] {
					if r.Overlaps(o) {
						t.Errorf("%s at %v: buttons %d at %v and %d at %v overlap", name, size, j, o, i, r)
					}
				}
			}
			for _, r := range panels {
				if r.Empty() || !r.In(window) {
					t.Errorf("%s at %v: panel %v is not inside the window", name, size, r)
				}
			}
		}
	}
}

// isPanelLine reports whether r is a line of the battle's panel, a line of
// text that answers a click, not a button.
func isPanelLine(a *App, r image.Rectangle) bool {
	g, ok := a.scene.(*Game)
	if s, isStudy := a.scene.(*study); isStudy {
		g, ok = s.g, true
	}
	return ok && r.In(g.panelRect())
}

// TestPanelCutAtItsFoot: at 1024×600 the fire preview of the M4A3E8 in
// E4 at K8 runs past the foot of the battle's panel; it is cut there, so
// the status bar below the panel is drawn as with nothing selected.
func TestPanelCutAtItsFoot(t *testing.T) {
	size := image.Pt(1024, 600)
	b := defaultBattle(t)
	game := func(sel, hover string) *Game {
		g, err := New(b, Options{Scripted: true, Select: sel, Hover: hover, Size: size})
		if err != nil {
			t.Fatal(err)
		}
		g.Layout(size.X, size.Y)
		g.refresh()
		return g
	}
	g := game("E4", "K8")
	long, plain := frame(g), frame(game("", ""))
	panel := g.panelRect()
	// The status bar under the panel, left of the zoom's figure.
	bar := image.Rect(panel.Min.X, panel.Max.Y, panel.Max.X-int(120*g.scale), size.Y)
	differ := 0
	for y := bar.Min.Y; y < bar.Max.Y; y++ {
		for x := bar.Min.X; x < bar.Max.X; x++ {
			if long.RGBAAt(x, y) != plain.RGBAAt(x, y) {
				differ++
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d pixels of the status bar under the panel (%v) differ with the fire preview shown", differ, bar)
	}
}

// TestLongTextStaysInItsPanel gives the default scenario a briefing far
// longer than a screen holds and shows it on the briefing screen and in
// the picker at 1024×600: the text is cut at its panel, so the band below
// the briefing's area, above its buttons, and the band between the
// picker's detail and its hint are bare.
func TestLongTextStaysInItsPanel(t *testing.T) {
	size := image.Pt(1024, 600)
	b := defaultBattle(t)
	long := *b.Scenario()
	long.Properties = maps.Clone(long.Properties)
	long.Properties["briefing"] = strings.Repeat("A briefing longer than any screen holds. ", 300)

	a, err := sceneApp(b, "briefing", testCatalogue, size, nil)
	if err != nil {
		t.Fatal(err)
	}
	br := a.scene.(*briefing)
	br.entry.sc = &long
	img := appFrame(a)
	areaBottom := size.Y - int(110*a.scale)
	band := image.Rect(0, areaBottom, size.X, br.rects(a)[0].Min.Y)
	if n := band.Dx()*band.Dy() - countColour(img, band, colCover, 2); n > 0 {
		t.Errorf("briefing: %d pixels drawn in %v, between the text's area and the buttons", n, band)
	}

	if a, err = sceneApp(b, "picker", testCatalogue, size, nil); err != nil {
		t.Fatal(err)
	}
	p := a.scene.(*picker)
	a.scenarios()[p.chosen].sc = &long
	img = appFrame(a)
	l := p.layout(a)
	band = image.Rect(l.detail.Min.X, l.detail.Max.Y, l.detail.Max.X, int(l.hintTop))
	if band.Empty() {
		t.Fatalf("picker: no room between the detail %v and the hint at %.0f", l.detail, l.hintTop)
	}
	if n := band.Dx()*band.Dy() - countColour(img, band, colCover, 2); n > 0 {
		t.Errorf("picker: %d pixels drawn in %v, between the detail and the hint", n, band)
	}
}

// TestPickerScrolls fills the picker with 36 scenarios (as a browser's
// picked maps join the list) at 1024×600: the list shows those that fit,
// from the focused one's, each inside the window and the others neither
// drawn nor clicked; Up past the first shown and the wheel scroll it.
func TestPickerScrolls(t *testing.T) {
	size := image.Pt(1024, 600)
	a, err := sceneApp(defaultBattle(t), "menu", testCatalogue, size, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range slices.Clone(a.scenarios()) {
		for range 3 {
			e.thumb = nil
			a.catalog = append(a.catalog, e)
		}
	}
	n := len(a.catalog)
	p := newPicker(a)
	a.goTo(p)
	p.show(n - 1)
	appFrame(a)
	l := p.layout(a)
	if l.shown >= n || l.shown < 5 {
		t.Fatalf("%d of %d scenarios shown, want the list scrolled", l.shown, n)
	}
	if l.first+l.shown != n {
		t.Errorf("the list shows scenarios %d to %d of %d, want the last (focused) at its foot", l.first+1, l.first+l.shown, n)
	}
	window := image.Rectangle{Max: size}
	for i, r := range l.buttons {
		shown := i >= n || i >= l.first && i < l.first+l.shown
		if shown == r.Empty() || shown && !r.In(window) {
			t.Errorf("button %d (%s) at %v: shown %v, want it inside the window if and only if shown", i, p.list.Items[i].Label, r, shown)
		}
	}
	top := l.first
	var click frameInput
	click.ui.Click, click.ui.Cursor = true, l.buttons[top].Min.Add(image.Pt(5, 5))
	step(t, a, click)
	if p.chosen != top {
		t.Fatalf("a click on the first scenario shown (%d) chose %d", top, p.chosen)
	}
	step(t, a, press("up"))
	if l := p.layout(a); p.chosen != top-1 || l.first != top-1 {
		t.Errorf("Up from the first shown: chosen %d, list from %d; want both %d", p.chosen, l.first, top-1)
	}
	var wheel frameInput
	wheel.ui.Wheel = -1 // towards the player: down the list
	step(t, a, wheel)
	if p.chosen != top {
		t.Errorf("the wheel turned down: chosen %d, want %d", p.chosen, top)
	}
}

// TestQuickProblemShows: at 1024×600 the quick battle's "cannot make the
// battle" shows under its paragraph, the column shrunk to make room.
func TestQuickProblemShows(t *testing.T) {
	a, err := sceneApp(defaultBattle(t), "quick", testCatalogue, image.Pt(1024, 600), nil)
	if err != nil {
		t.Fatal(err)
	}
	q := a.scene.(*quickScreen)
	q.problem = "cannot make the battle: " + strings.Repeat("the disk is full ", 6)
	img := appFrame(a)
	rs := q.rects(a)
	below := image.Rect(0, rs[len(rs)-1].Max.Y, 1024, 600)
	if n := countColour(img, below, colBad, 8); n < 100 {
		t.Errorf("%d pixels of the problem's colour under the buttons, want it shown", n)
	}
}
