package game

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/game/ui"
	"hexfire/maps"
)

// fireAtTiger is a computer player whose one order is the M4A3E8's shot at
// the Tiger I, then ending phases.
type fireAtTiger struct{ fired *bool }

func (p fireAtTiger) Next(*battle.View) (battle.Order, string) {
	if !*p.fired {
		*p.fired = true
		return battle.Fire{Unit: 1, Target: 9}, "the Tiger is in the open"
	}
	return battle.EndPhase{}, "nothing more to do"
}

// TestCameraFollowsComputer zooms in far from the M4A3E8 and lets the
// computer fire with it: the view moves to it and it is selected (its
// ring drawn), as a player watching needs.
func TestCameraFollowsComputer(t *testing.T) {
	b := defaultBattle(t)
	fired := false
	g, err := New(b, Options{Scripted: true, Size: image.Pt(1280, 800), Computer: []maps.Side{maps.Allies},
		NewPlayer: func(*battle.View, uint64, string) (Player, error) { return fireAtTiger{&fired}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	tank := b.Unit(1)
	onScreen := func() bool {
		x, y := g.board.Layout.Center(tank.Pose.Hex)
		sx, sy := g.cam.WorldToScreen(x, y)
		return image.Pt(int(sx), int(sy)).In(g.view)
	}
	g.cam.ZoomAt(float64(g.view.Max.X-10), float64(g.view.Max.Y-10), 3) // into the far corner
	if onScreen() {
		t.Fatal("the M4A3E8 is on screen before the computer acts; the test needs it off")
	}
	for range defaultComputerDelay {
		g.runComputer()
	}
	if !fired || len(b.Orders()) != 1 {
		t.Fatalf("the computer gave %d orders, want its shot", len(b.Orders()))
	}
	if !onScreen() || g.play.unit != 1 {
		t.Errorf("after the computer's shot: tank on screen %v, selected unit %d; want on screen and selected", onScreen(), g.play.unit)
	}
}

// TestMuteKey: F8 turns the sound off and on again, with a note each time.
func TestMuteKey(t *testing.T) {
	g := shotGame(t, defaultBattle(t), "", "")
	g.sound.on = true
	var f8 Intents
	f8.Triggered[ActionMute] = true
	g.apply(f8)
	if g.sound.on || g.play.toast != "sound off (F8 turns it on)" {
		t.Errorf("after F8: sound %v, note %q; want off and a note", g.sound.on, g.play.toast)
	}
	g.apply(f8)
	if !g.sound.on {
		t.Errorf("after F8 twice the sound is still off")
	}
}

// TestSelectionFollowsItsUnit: the selection ring goes with its unit to
// the hex it moved to, and away when the unit is eliminated.
func TestSelectionFollowsItsUnit(t *testing.T) {
	b := defaultBattle(t)
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	g := shotGame(t, b, "B9", "")
	sherman := moveSherman(t, g)
	if at, ok := g.Selected(); !ok || at != sherman.Pose.Hex || at == battletest.Hex(t, b, "B9") {
		t.Errorf("after the move the ring is on %s (%v), want the Sherman's new hex %s", b.Board().Label(at), ok, b.Board().Label(sherman.Pose.Hex))
	}

	for seed := uint64(1); seed <= 30; seed++ {
		d := duel(t, seed)
		g := shotGame(t, d, "C3", "") // the Tiger, about to be shot at
		if !g.issue(battle.Fire{Unit: 1, Target: 2}) {
			t.Fatal(g.play.toast)
		}
		if !d.Unit(2).Eliminated {
			continue
		}
		if _, ok := g.Selected(); ok {
			t.Errorf("seed %d: the ring stays on C3 after the Tiger was eliminated", seed)
		}
		return
	}
	t.Fatal("no seed of 30 eliminates the Tiger")
}

// TestTabShowsTheUnit: Tab selects the next unit that can act and brings
// it into view when it is off screen.
func TestTabShowsTheUnit(t *testing.T) {
	g := shotGame(t, defaultBattle(t), "", "")
	g.cam.ZoomAt(float64(g.view.Max.X-10), float64(g.view.Max.Y-10), 3)
	var tab Intents
	tab.Triggered[ActionNextUnit] = true
	g.apply(tab)
	u := g.battle.Unit(g.play.unit)
	if u == nil {
		t.Fatal("Tab selected no unit")
	}
	x, y := g.board.Layout.Center(u.Pose.Hex)
	if sx, sy := g.cam.WorldToScreen(x, y); !image.Pt(int(sx), int(sy)).In(g.view) {
		t.Errorf("Tab selected %s at (%.0f, %.0f), off the map view %v", u.Label(), sx, sy, g.view)
	}
}

// TestPanelHidesTheZoomedMap: zoomed in, the map reaches under the right
// panel, which stays opaque: its empty part is the panel's colour only.
func TestPanelHidesTheZoomedMap(t *testing.T) {
	g := shotGame(t, defaultBattle(t), "", "")
	g.cam.ZoomAt(600, 400, 4)
	g.refresh()
	img := frame(g)
	r := g.panelRect()
	empty := image.Rect(r.Min.X+4, r.Max.Y-60, r.Max.X-4, r.Max.Y-4) // below the log's few lines
	if n, all := countColour(img, empty, colPanelBack, 0), empty.Dx()*empty.Dy(); n != all {
		t.Errorf("%d of %d pixels of the panel's empty foot are its colour; the map shows through", n, all)
	}
}

// TestNotesAreNotRefusals: a note (F8's) is drawn in the note colour, a
// refused order in the red refusal box.
func TestNotesAreNotRefusals(t *testing.T) {
	g := shotGame(t, defaultBattle(t), "", "")
	top := image.Rect(g.view.Min.X+g.view.Dx()/4, g.view.Min.Y, g.view.Max.X-g.view.Dx()/4, g.view.Min.Y+40)
	g.note("sound off (F8 turns it on)")
	img := frame(g)
	if note, red := countColour(img, top, colNote, 12), countColour(img, top, colToast, 12); note < 100 || red > 0 {
		t.Errorf("a note: %d pixels of the note colour, %d of the refusal red; want a blue box", note, red)
	}
	g.issue(battle.Fire{Unit: 1, Target: 1}) // refused: a unit cannot fire at itself
	img = frame(g)
	if note, red := countColour(img, top, colNote, 12), countColour(img, top, colToast, 12); red < 100 || note > 0 {
		t.Errorf("a refusal: %d pixels of the refusal red, %d of the note colour; want a red box", red, note)
	}
}

// TestHandOverAgreesWithTheTopBar: the hand-over screen names the phase
// and the side to act in the top bar's words.
func TestHandOverAgreesWithTheTopBar(t *testing.T) {
	b := defaultBattle(t)
	for range 2 { // Allies Fire, Movement, then the Axis act in Defensive Fire
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	_, cover := handOverText(b)
	bar := statusLine(b)
	for _, words := range []string{"Allies Defensive Fire phase", "Axis to act"} {
		if !strings.Contains(cover, words) || !strings.Contains(bar, words) {
			t.Errorf("%q: hand-over %q, top bar %q; want both to say it", words, cover, bar)
		}
	}
}

// TestStatusBarClearOfTheZoom: on a narrow window the hovered hex's long
// description is cut short of the zoom label, a gap of bar colour between.
func TestStatusBarClearOfTheZoom(t *testing.T) {
	b := defaultBattle(t)
	g, err := New(b, Options{Scripted: true, Select: "E4", Hover: "C1", Size: image.Pt(560, 500)})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(560, 500)
	g.refresh()
	img := frame(g)
	face := g.fonts.Face(ui.BarTextSize*g.scale, false)
	pad := 10 * g.scale
	zoomStart := float64(g.screen.X) - pad - ui.TextWidth(face, fmt.Sprintf("zoom %d%%", int(g.cam.Zoom*100+0.5)))
	// The bar's colour over the background, where no text is; the hex's
	// text stops a pad short of the zoom label.
	bar := img.RGBAAt(1, g.screen.Y-1)
	gap := image.Rect(int(zoomStart-pad+2), g.view.Max.Y+2, int(zoomStart-2), g.screen.Y-2)
	if n, all := countColour(img, gap, bar, 2), gap.Dx()*gap.Dy(); n != all {
		t.Errorf("%d of %d pixels before the zoom label are bar colour; the hex's text runs into it", all-n, all)
	}
	left := image.Rect(int(pad), g.view.Max.Y+2, int(zoomStart-2*pad), g.screen.Y-2)
	if n := countColour(img, left, bar, 2); n == left.Dx()*left.Dy() {
		t.Error("no text at all in the status bar")
	}
}

// TestScreenshotScenes builds the app each -scene of a screenshot shows
// (sceneApp; Screenshot itself runs the window loop, once a process) and
// draws it: the scene named, its gold title drawn.
func TestScreenshotScenes(t *testing.T) {
	b := endedBattle(t)
	for _, tc := range []struct {
		name   string
		isWant func(scene) bool
	}{
		{"menu", func(s scene) bool { _, ok := s.(*menu); return ok }},
		{"picker", func(s scene) bool { _, ok := s.(*picker); return ok }},
		{"briefing", func(s scene) bool { _, ok := s.(*briefing); return ok }},
		{"victory", func(s scene) bool { _, ok := s.(*victoryScreen); return ok }},
	} {
		a, err := sceneApp(b, tc.name, testCatalogue, image.Pt(1280, 800), endPhasesPlayer)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !tc.isWant(a.scene) {
			t.Errorf("-scene %s shows %T", tc.name, a.scene)
			continue
		}
		img := appFrame(a)
		if n := countColour(img, image.Rect(0, 0, 1280, 120), ui.ColPanelKey, 8); n < 200 {
			t.Errorf("-scene %s: %d gold pixels of its title, want a title", tc.name, n)
		}
	}
	if _, err := sceneApp(b, "credits", testCatalogue, image.Pt(1280, 800), nil); err == nil || !strings.Contains(err.Error(), "credits") {
		t.Errorf("an unknown scene: error %v, want one naming it", err)
	}
}

// TestLeaveSaysWhatIsKept: Q in a battle of the app says it is saved only
// when there is an autosave to go on with.
func TestLeaveSaysWhatIsKept(t *testing.T) {
	for _, tc := range []struct {
		name   string
		dir    bool
		orders int
		want   string
	}{
		{"no order yet", true, 0, "nothing to go on with"},
		{"an order given", true, 1, "It is saved: Continue"},
		{"no config folder", false, 1, "It is not kept"},
	} {
		dir := ""
		if tc.dir {
			dir = t.TempDir()
		}
		a := testApp(t, dir)
		if err := a.StartBattle(defaultBattle(t), nil); err != nil {
			t.Fatal(err)
		}
		for range tc.orders {
			step(t, a, battleKeys(ActionEndPhase))
			step(t, a, battleKeys(ActionYes))
		}
		step(t, a, battleKeys(ActionQuit))
		g := a.scene.(*Game)
		if n := g.play.ump.OrderCount(); n != tc.orders || g.ask == nil || !strings.Contains(g.ask.Text, tc.want) {
			t.Errorf("%s: %d orders, question %v; want %d orders and a question saying %q", tc.name, n, g.ask, tc.orders, tc.want)
		}
	}
}
