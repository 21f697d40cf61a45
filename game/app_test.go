package game

import (
	"image"
	"image/color"
	stdmaps "maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/combat"
	"hexfire/combat/elimination"
	"hexfire/game/boardview"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/units"
)

// testApp returns an app of 1280×800 with scripted input, its files in
// dir ("" for none), battles seeded with 7.
func testApp(t *testing.T, dir string) *App {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(AppOptions{Battle: Options{Size: image.Pt(1280, 800), Scripted: true, Fog: battle.FogOff}, ConfigDir: dir, Catalogue: cat,
		NewSeed: func() (uint64, error) { return 7, nil }})
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(1280, 800)
	return a
}

// appFrame draws one frame of the app and reads it back.
func appFrame(a *App) *image.RGBA {
	screen := ebiten.NewImage(a.screen.X, a.screen.Y)
	defer screen.Deallocate()
	a.Draw(screen)
	return capture(screen)
}

// countColour counts the pixels of r in img within tol of c.
func countColour(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if uitest.ColourNear(img.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

// press is a frame of menu input with one key.
func press(k string) frameInput {
	var in frameInput
	switch k {
	case "up":
		in.ui.Up = true
	case "down":
		in.ui.Down = true
	case "left":
		in.ui.Left = true
	case "right":
		in.ui.Right = true
	case "enter":
		in.ui.Enter = true
	case "esc":
		in.ui.Back = true
	case "y":
		in.ui.Yes = true
	default:
		panic("press: unknown key " + k)
	}
	return in
}

// battleKeys is a frame of battle input with the given actions.
func battleKeys(actions ...Action) frameInput {
	var it Intents
	for _, a := range actions {
		it.Triggered[a] = true
	}
	return frameInput{intents: &it}
}

func step(t *testing.T, a *App, in frameInput) {
	t.Helper()
	if err := a.step(in); err != nil {
		t.Fatal(err)
	}
}

func TestMenuScene(t *testing.T) {
	a := testApp(t, t.TempDir())
	m, ok := a.scene.(*menu)
	if !ok {
		t.Fatalf("scene at the start = %T, want *menu", a.scene)
	}
	if !m.list.Items[0].Off {
		t.Errorf("Continue is on with no autosave")
	}
	if have := m.list.Items[m.list.Focus].Label; have != "New battle" {
		t.Errorf("focus at the start = %q, want New battle", have)
	}
	img := appFrame(a)
	rs := m.rects(a)
	if n := countColour(img, rs[1].Inset(3), ui.ColButtonFocus, 2); n < rs[1].Dx()*rs[1].Dy()/2 {
		t.Errorf("the focused New battle button has %d pixels of its colour, want most of it", n)
	}
	if n := countColour(img, rs[0].Inset(3), ui.ColButtonOff, 2); n < rs[0].Dx()*rs[0].Dy()/2 {
		t.Errorf("the Continue button is not dimmed (%d pixels of the off colour)", n)
	}
	if n := countColour(img, image.Rect(0, 0, 1280, 200), ui.ColPanelKey, 8); n < 500 {
		t.Errorf("the title has %d gold pixels, want the word HEXFIRE", n)
	}
}

func TestPickerScene(t *testing.T) {
	a := testApp(t, "")
	step(t, a, press("enter")) // New battle
	p, ok := a.scene.(*picker)
	if !ok {
		t.Fatalf("scene after New battle = %T, want *picker", a.scene)
	}
	entries := a.scenarios()
	if len(entries) == 0 || entries[0].err != nil {
		t.Fatalf("embedded scenarios = %+v, want at least one readable", entries)
	}
	def := -1
	for i, e := range entries {
		if e.source == battle.EmbeddedPrefix+maps.DefaultPath {
			def = i
		}
	}
	if def < 0 {
		t.Fatalf("the default scenario is not in the picker")
	}
	p.chosen, p.list.Focus = def, def
	img := appFrame(a)
	// The thumbnail: a hex's centre is in its terrain colour.
	detail := p.layout(a).detail
	e := &entries[def]
	bd := e.sc.Board
	size := e.size
	w, h := bd.Layout.PixelSize(bd.Width, bd.Height)
	k := min(float64(size.X)/float64(w), float64(size.Y)/float64(h))
	thumbTop := float64(detail.Min.Y) + ui.BarTextSize*1.5*1.6
	for _, label := range []string{"H5", "B2", "K8"} {
		hx, _ := bd.ParseHex(label)
		cx, cy := bd.Layout.Center(hx)
		x := float64(detail.Min.X) + (float64(size.X)-float64(w)*k)/2 + cx*k
		y := thumbTop + (float64(size.Y)-float64(h)*k)/2 + cy*k
		if have, want := img.RGBAAt(int(x), int(y)), boardview.TerrainColour(bd.Cell(hx)); !uitest.ColourNear(have, want, 3) {
			t.Errorf("thumbnail at %s (%d, %d) = %v, want its terrain %v", label, int(x), int(y), have, want)
		}
	}
	if n := countColour(img, detail, colObjective, 3); n < 10 {
		t.Errorf("the thumbnail has %d pixels of the objective colour, want the rings of K8 and L8", n)
	}
	// Who plays: the Axis button switches to the computer.
	axis := len(entries) + 1
	p.list.Focus = axis
	step(t, a, press("enter"))
	if have := p.sides(); len(have) != 1 || have[0] != maps.Axis {
		t.Errorf("computer sides after switching the Axis = %v, want [axis]", have)
	}
	if !strings.Contains(p.list.Items[axis].Label, "computer") {
		t.Errorf("the Axis button reads %q, want it to say computer", p.list.Items[axis].Label)
	}
}

func TestGoalLines(t *testing.T) {
	tests := []struct {
		victory string
		want    []string
	}{
		{"allies hold K8 L8; allies destroy 4; axis destroy 4; axis otherwise", []string{
			"The Allies win at once when they have eliminated 4 Axis units.",
			"The Allies win if, when the last turn ends, they alone hold K8 and L8.",
			"The Axis win at once when they have eliminated 4 Allied units.",
			"If neither side has won by the end, the Axis win.",
			"The battle lasts 8 turns; the Allies move first.",
		}},
		{"", []string{
			"When the last turn ends, the side that has eliminated more enemy units wins.",
			"The battle lasts 8 turns; the Allies move first.",
		}},
		{"axis hold A1 B2 C3", []string{
			"The Axis win if, when the last turn ends, they alone hold A1, B2 and C3.",
			"If neither side has won by the end, or both have, the battle is a draw.",
			"The battle lasts 8 turns; the Allies move first.",
		}},
	}
	b := defaultBattle(t)
	for _, tt := range tests {
		t.Run(tt.victory, func(t *testing.T) {
			sc := *b.Scenario()
			sc.Properties = map[string]string{"victory": tt.victory}
			v, err := victoryOf(&sc)
			if err != nil {
				t.Fatal(err)
			}
			if have := goalLines(&sc, v); strings.Join(have, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("goalLines =\n%s\nwant\n%s", strings.Join(have, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestBriefingScene(t *testing.T) {
	a := testApp(t, "")
	step(t, a, press("enter")) // New battle
	step(t, a, press("enter")) // the first scenario
	br, ok := a.scene.(*briefing)
	if !ok {
		t.Fatalf("scene after choosing a scenario = %T, want *briefing", a.scene)
	}
	img := appFrame(a)
	rs := br.rects(a)
	if n := countColour(img, rs[0].Inset(3), ui.ColButtonFocus, 2); n < rs[0].Dx()*rs[0].Dy()/2 {
		t.Errorf("Begin is not the focused button")
	}
	if n := countColour(img, image.Rect(0, 0, 1280, 100), ui.ColPanelKey, 8); n < 200 {
		t.Errorf("the title has %d gold pixels, want the scenario's title", n)
	}
	if strings.Contains(briefingOf(br.entry.sc), "no briefing") {
		t.Errorf("the default scenario has no briefing: %q", briefingOf(br.entry.sc))
	}
	step(t, a, press("esc"))
	if _, ok := a.scene.(*picker); !ok {
		t.Errorf("scene after Esc on the briefing = %T, want *picker", a.scene)
	}
}

// endedBattle is the default battle with both sides ending every phase
// until the last turn is over (the Axis win: the Allies did not take the
// village).
func endedBattle(t *testing.T) *battle.Battle {
	t.Helper()
	b := defaultBattle(t)
	for range 200 {
		if b.Result() != nil {
			return b
		}
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the battle did not end")
	return nil
}

func TestVictoryScene(t *testing.T) {
	a := testApp(t, "")
	b := endedBattle(t)
	v := newVictory(a, b, true)
	a.goTo(v)
	if len(v.strength) != b.Scenario().Turns+1 {
		t.Errorf("strength points = %d, want one per turn and the end: %d", len(v.strength), b.Scenario().Turns+1)
	}
	// The default scenario: 8 allied units, 9 axis.
	for i, p := range v.strength {
		if p != (strengthPoint{8, 9}) {
			t.Errorf("strength at point %d = %v, want 8 and 9 (nobody fired)", i, p)
		}
	}
	img := appFrame(a)
	if n := countColour(img, image.Rect(0, 0, 1280, 120), ui.ColPanelKey, 8); n < 300 {
		t.Errorf("the result title has %d gold pixels", n)
	}
	// Both lines run flat at 8 units; the Axis line is drawn over the other.
	if n := countColour(img, image.Rect(0, 200, 1280, 700), sideTextColour(maps.Axis), 6); n < 1000 {
		t.Errorf("the chart has %d pixels of the Axis line's colour", n)
	}
	if r := b.Result(); r.Winner != maps.Axis {
		t.Errorf("winner = %q, want axis", r.Winner)
	}
}

// TestWalkMenuToVictory plays through the app as a player would, with
// input events only: the menu, the picker, the briefing, a battle ended
// with Space (each time confirmed, as units can still act), the victory
// screen and back to the menu; the autosave follows every order and is
// gone once the battle is over.
func TestWalkMenuToVictory(t *testing.T) {
	dir := t.TempDir()
	a := testApp(t, dir)
	step(t, a, press("enter")) // New battle
	step(t, a, press("enter")) // the first scenario
	if _, ok := a.scene.(*briefing); !ok {
		t.Fatalf("scene = %T, want *briefing", a.scene)
	}
	step(t, a, press("enter")) // Begin
	g, ok := a.scene.(*Game)
	if !ok {
		t.Fatalf("scene after Begin = %T, want *Game", a.scene)
	}
	if g.play.ump.Seed() != 7 {
		t.Errorf("seed = %d, want 7", g.play.ump.Seed())
	}
	auto := filepath.Join(dir, autosaveName)
	asked := 0
	for frame := 0; frame < 1000; frame++ {
		if _, ok := a.scene.(*Game); !ok {
			break
		}
		if g.ask != nil {
			if !strings.Contains(g.ask.Text, "can still act") {
				t.Fatalf("question %q, want one saying how many units can still act", g.ask.Text)
			}
			asked++
			step(t, a, battleKeys(ActionYes))
			continue
		}
		if g.play.cover() != "" {
			step(t, a, frameInput{intents: &Intents{Click: true}})
			continue
		}
		before := g.play.ump.OrderCount()
		step(t, a, battleKeys(ActionEndPhase))
		if g.play.ump.OrderCount() > before {
			s, err := battle.ReadSave(auto)
			if err != nil || len(s.Orders) != g.play.ump.OrderCount() {
				t.Fatalf("autosave after order %d: %d orders, %v; want the battle's", g.play.ump.OrderCount(), len(s.Orders), err)
			}
		}
	}
	v, ok := a.scene.(*victoryScreen)
	if !ok {
		t.Fatalf("scene after the battle = %T, want *victoryScreen", a.scene)
	}
	if asked == 0 {
		t.Errorf("Space never asked, though units could act")
	}
	if v.b.Result() == nil {
		t.Fatalf("victory screen of a battle with no result")
	}
	if _, err := os.Stat(auto); !os.IsNotExist(err) {
		t.Errorf("autosave after the end: %v, want it removed", err)
	}
	step(t, a, press("right")) // Save replay
	step(t, a, press("enter"))
	if _, err := battle.ReadSave(filepath.Join(dir, replayName)); err != nil {
		t.Errorf("replay file: %v", err)
	}
	step(t, a, press("right")) // Menu
	step(t, a, press("enter"))
	m, ok := a.scene.(*menu)
	if !ok {
		t.Fatalf("scene after Menu = %T, want *menu", a.scene)
	}
	if !m.list.Items[0].Off {
		t.Errorf("Continue is on after the battle ended")
	}
	if replay := m.list.Items[5]; replay.Off || !strings.HasPrefix(replay.Label, "Replay") {
		t.Errorf("the Replay button %q is off (%v) though a replay was saved", replay.Label, replay.Off)
	}
}

// TestQuitAndContinue leaves a battle in progress with Q (asked first)
// and goes on with it from the menu's Continue.
func TestQuitAndContinue(t *testing.T) {
	dir := t.TempDir()
	a := testApp(t, dir)
	b := defaultBattle(t)
	if err := a.StartBattle(b, nil); err != nil {
		t.Fatal(err)
	}
	step(t, a, battleKeys(ActionEndPhase))
	step(t, a, battleKeys(ActionYes)) // Fire → Movement
	step(t, a, battleKeys(ActionQuit))
	g := a.scene.(*Game)
	if g.ask == nil {
		t.Fatalf("Q did not ask")
	}
	step(t, a, battleKeys(ActionCancel))
	if _, ok := a.scene.(*Game); !ok || g.ask != nil {
		t.Fatalf("after Esc: scene %T, question %v; want the battle, none", a.scene, g.ask)
	}
	step(t, a, battleKeys(ActionQuit))
	step(t, a, battleKeys(ActionYes))
	m, ok := a.scene.(*menu)
	if !ok {
		t.Fatalf("scene after Q, Y = %T, want *menu", a.scene)
	}
	if m.list.Items[0].Off || m.list.Focus != 0 {
		t.Fatalf("Continue off (%v) or not focused (focus %d) with an autosave", m.list.Items[0].Off, m.list.Focus)
	}
	step(t, a, press("enter"))
	g2, ok := a.scene.(*Game)
	if !ok {
		t.Fatalf("scene after Continue = %T (%s), want *Game", a.scene, a.message)
	}
	if g2.battle.Phase() != battle.Movement || g2.play.ump.OrderCount() != 1 {
		t.Errorf("continued battle: %v phase, %d orders; want Movement, 1", g2.battle.Phase(), g2.play.ump.OrderCount())
	}
	if log := logText(g2); !strings.Contains(log, "Movement") {
		t.Errorf("log of the continued battle does not tell of its orders:\n%s", log)
	}
}

// TestReplayKeepsTheAutosave watches a finished battle to its end in the
// replay viewer: the victory screen shows, and the autosave of another
// battle in progress is left alone.
func TestReplayKeepsTheAutosave(t *testing.T) {
	dir := t.TempDir()
	a := testApp(t, dir)
	inProgress := defaultBattle(t)
	if _, err := inProgress.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	auto := filepath.Join(dir, autosaveName)
	if err := inProgress.WriteSave(auto); err != nil {
		t.Fatal(err)
	}
	ended := endedBattle(t)
	if err := a.StartReplay(defaultBattle(t), ended); err != nil {
		t.Fatal(err)
	}
	for range len(ended.Orders()) + 5 {
		if _, ok := a.scene.(*Game); !ok {
			break
		}
		step(t, a, battleKeys(ActionReplayForward))
		if g := a.scene.(*Game); g.play.cover() != "" {
			step(t, a, frameInput{intents: &Intents{Click: true}})
		}
	}
	if _, ok := a.scene.(*victoryScreen); !ok {
		t.Fatalf("scene after the replay's last order = %T, want *victoryScreen", a.scene)
	}
	if s, err := battle.ReadSave(auto); err != nil || len(s.Orders) != 1 {
		t.Errorf("autosave after watching a replay: %d orders, %v; want the battle in progress kept", len(s.Orders), err)
	}
}

// TestReplayAutoplay starts the replay playing with Space: an order at
// every pace, and Space again stops it.
func TestReplayAutoplay(t *testing.T) {
	a := testApp(t, "")
	ended := endedBattle(t)
	if err := a.StartReplay(defaultBattle(t), ended); err != nil {
		t.Fatal(err)
	}
	g := a.scene.(*Game)
	step(t, a, battleKeys(ActionEndPhase))
	if !g.play.replay.auto {
		t.Fatal("Space did not start the replay playing")
	}
	for range 3 * g.play.delay {
		step(t, a, frameInput{intents: &Intents{}})
	}
	if have := g.play.replay.at; have != 3 {
		t.Errorf("orders played after 3 paces = %d, want 3", have)
	}
	step(t, a, battleKeys(ActionEndPhase))
	at := g.play.replay.at
	for range 2 * g.play.delay {
		step(t, a, frameInput{intents: &Intents{}})
	}
	if g.play.replay.auto || g.play.replay.at != at {
		t.Errorf("after Space again: playing %v, %d orders (was %d); want stopped", g.play.replay.auto, g.play.replay.at, at)
	}
}

// TestNewBattleAsksOverAnAutosave: starting a new battle while one is
// autosaved asks first; Esc stays in the picker, Y goes on.
func TestNewBattleAsksOverAnAutosave(t *testing.T) {
	dir := t.TempDir()
	inProgress := defaultBattle(t)
	if _, err := inProgress.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if err := inProgress.WriteSave(filepath.Join(dir, autosaveName)); err != nil {
		t.Fatal(err)
	}
	a := testApp(t, dir)
	step(t, a, press("down")) // from Continue to New battle
	step(t, a, press("enter"))
	p, ok := a.scene.(*picker)
	if !ok {
		t.Fatalf("scene = %T, want *picker", a.scene)
	}
	step(t, a, press("enter")) // the first scenario
	if p.asking == nil || !strings.Contains(p.asking.Text, "hedgerow-crossroads.tmx, 1 order)") {
		t.Fatalf("question = %+v, want one naming the autosaved battle", p.asking)
	}
	step(t, a, press("esc"))
	if _, ok := a.scene.(*picker); !ok || p.asking != nil {
		t.Fatalf("after Esc: scene %T, question %v; want the picker, none", a.scene, p.asking)
	}
	step(t, a, press("enter"))
	step(t, a, press("y"))
	if _, ok := a.scene.(*briefing); !ok {
		t.Errorf("after Y: scene %T, want *briefing", a.scene)
	}
}

// TestSettingsKept changes a setting, and a new app reads it back; a
// settings file with a bad value is refused with its name, the field and
// the value, and the defaults are used.
func TestSettingsKept(t *testing.T) {
	dir := t.TempDir()
	a := testApp(t, dir)
	a.goTo(newSettings(a))
	s := a.scene.(*settingsScreen)
	s.list.Focus = 1 // hand-over screens
	step(t, a, press("enter"))
	if !a.settings.HandOver {
		t.Fatal("Enter did not turn the hand-over screens on")
	}
	if b := testApp(t, dir); !b.settings.HandOver || b.message != "" {
		t.Errorf("a new app: hand-over %v, message %q; want true and none", b.settings.HandOver, b.message)
	}
	if err := os.WriteFile(filepath.Join(dir, storage.SettingsName), []byte(`{"sound": true, "pace": 9999}`), 0o644); err != nil {
		t.Fatal(err)
	}
	b := testApp(t, dir)
	for _, want := range []string{storage.SettingsName, `"pace"`, "9999"} {
		if !strings.Contains(b.message, want) {
			t.Errorf("message %q does not name %s", b.message, want)
		}
	}
	if !reflect.DeepEqual(b.settings, defaultSettings()) {
		t.Errorf("settings after a bad file = %+v, want the defaults", b.settings)
	}
}

// TestQuickBattle chooses a quick battle from the menu: it is written under
// the config directory with its tileset, loads as a scenario of the chosen
// kind, and its briefing begins a battle on it, with the opponent and the
// ruleset chosen.
func TestQuickBattle(t *testing.T) {
	dir := t.TempDir()
	a := testApp(t, dir)
	a.opts.Battle.NewPlayer = func(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }
	q := newQuick(a)
	q.ground, q.size, q.points, q.nations, q.hexes = 1, 0, 0, 1, 1 // town, 12×10, 200, UK v DE, pointy
	q.build(a)
	q.list.Items[5].Do()                                // the opponent: the computer plays the Allies
	for range slices.Index(combat.Names(), "d20") + 1 { // rules: d20
		q.list.Items[6].Do()
	}
	q.start(a)
	if q.problem != "" {
		t.Fatal(q.problem)
	}
	br, ok := a.scene.(*briefing)
	if !ok {
		t.Fatalf("after Generate the scene is %T, want the briefing", a.scene)
	}
	if br.rules != "d20" || !slices.Equal(br.computer, []maps.Side{maps.Allies}) {
		t.Errorf("the briefing plays ruleset %q with the computer on %v, want d20 and the Allies", br.rules, br.computer)
	}
	sc := br.entry.sc
	if sc.Board.Width != 12 || sc.Board.Height != 10 || sc.Board.Layout.StaggerX || len(sc.Units) == 0 {
		t.Errorf("quick battle %s: %dx%d, stagger-x %v, %d units; want 12×10 pointy with units",
			br.entry.source, sc.Board.Width, sc.Board.Height, sc.Board.Layout.StaggerX, len(sc.Units))
	}
	if want := filepath.Join(dir, quickFolder, "quick-7.tmx"); br.entry.source != want {
		t.Errorf("written to %s, want %s", br.entry.source, want)
	}
	for _, u := range sc.Units {
		if t0, err := a.opts.Catalogue.Lookup(u.Type); err != nil || (u.Side == "allies" && t0.Nation != "UK") {
			t.Errorf("unit %s of the %s: nation %v (err %v), want UK for the allies", u.Type, u.Side, t0, err)
		}
	}
	br.begin(a)
	if br.err != "" {
		t.Fatalf("begin: %s", br.err)
	}
	if g, ok := a.scene.(*Game); !ok || g.battle.Rules().Name() != "d20" || !g.play.computer[maps.Allies] || g.play.computer[maps.Axis] {
		t.Errorf("the battle begun: scene %T; want a d20 battle with the computer on the Allies alone", a.scene)
	}
}

// TestPickerChoosing: the picker opens on the default battle; a click on
// another battle shows it, a second click on it goes on to its briefing,
// and Back from the briefing opens the picker on that battle again.
func TestPickerChoosing(t *testing.T) {
	a := testApp(t, "")
	step(t, a, press("enter")) // New battle
	p := a.scene.(*picker)
	entries := a.scenarios()
	if have := entries[p.chosen].source; have != battle.EmbeddedPrefix+maps.DefaultPath {
		t.Fatalf("the picker opens on %s, want the default battle", have)
	}
	other := (p.chosen + 1) % len(entries)
	rs := p.layout(a).buttons
	click := func() {
		var in frameInput
		in.ui.Click, in.ui.Cursor = true, rs[other].Min.Add(image.Pt(5, 5))
		step(t, a, in)
	}
	click()
	if _, still := a.scene.(*picker); !still || p.chosen != other {
		t.Fatalf("after one click: scene %T, chosen %d; want the picker showing %d", a.scene, p.chosen, other)
	}
	click()
	if _, ok := a.scene.(*briefing); !ok {
		t.Fatalf("after a second click: scene %T, want the briefing", a.scene)
	}
	step(t, a, press("esc"))
	if p, ok := a.scene.(*picker); !ok || p.chosen != other {
		t.Errorf("back from the briefing: scene %T; want the picker on the battle chosen", a.scene)
	}
}

// TestNextRulesChoice pins the picker's cycle of rulesets: the
// scenario's own, then every registered one, then back.
func TestNextRulesChoice(t *testing.T) {
	names := []string{"d20", "elimination", "shiftchart"}
	tests := []struct{ from, want string }{
		{"", "d20"},
		{"d20", "elimination"},
		{"elimination", "shiftchart"},
		{"shiftchart", ""},
		{"gone", ""}, // a name no longer registered goes back to the scenario's
	}
	for _, tt := range tests {
		if have := nextRulesChoice(tt.from, names); have != tt.want {
			t.Errorf("nextRulesChoice(%q) = %q, want %q", tt.from, have, tt.want)
		}
	}
	if have := nextRulesChoice("", nil); have != "" {
		t.Errorf("nextRulesChoice with no rulesets = %q, want the scenario's", have)
	}
}

// TestPickerRulesStartsTheBattle: the picker's Rules button picks a
// ruleset other than the scenario's, the briefing names it, and the
// battle begun is played by it; the next battle picked keeps the choice.
func TestPickerRulesStartsTheBattle(t *testing.T) {
	a := testApp(t, "")
	step(t, a, press("enter")) // New battle
	p := a.scene.(*picker)
	rulesButton := len(a.scenarios()) + 2 // after Allies and Axis
	if have := p.list.Items[rulesButton].Label; have != "Rules: the scenario's" {
		t.Fatalf("the Rules button reads %q, want the scenario's", have)
	}
	want := combat.Names()[0]
	p.list.Focus = rulesButton
	step(t, a, press("enter"))
	if have := p.list.Items[rulesButton].Label; have != "Rules: "+want {
		t.Fatalf("after one press the Rules button reads %q, want %s", have, want)
	}
	p.start(a)
	br, ok := a.scene.(*briefing)
	if !ok || br.rules != want {
		t.Fatalf("scene %T with rules %q, want the briefing with %s", a.scene, br.rules, want)
	}
	if have := rulesText(br.entry.sc, br.rules); !strings.HasPrefix(have, "ruleset "+want+" (the scenario's: ") {
		t.Errorf("the briefing says %q, want the chosen ruleset and the scenario's own", have)
	}
	br.begin(a)
	g, ok := a.scene.(*Game)
	if !ok {
		t.Fatalf("scene after Begin = %T (%s), want *Game", a.scene, br.err)
	}
	if have := g.battle.Rules().Name(); have != want {
		t.Errorf("the battle is played by %s, want %s", have, want)
	}
	a.goTo(newPicker(a))
	if have := a.scene.(*picker).list.Items[rulesButton].Label; have != "Rules: "+want {
		t.Errorf("the picker opened again reads %q, want the choice kept", have)
	}
}

// TestFogOfBattlesFromTheBriefing: a battle begun from the briefing is
// fought under the scenario's fog unless the settings play every battle
// open, and the -fog flag (Options.Fog) decides over both.
func TestFogOfBattlesFromTheBriefing(t *testing.T) {
	for _, tt := range []struct {
		name        string
		scenarioFog string
		open        bool
		flag        battle.FogSetting
		want        bool
	}{
		{"the scenario's fog", "true", false, battle.FogOfMap, true},
		{"the scenario's open battle", "false", false, battle.FogOfMap, false},
		{"the setting plays open", "true", true, battle.FogOfMap, false},
		{"-fog=false", "true", false, battle.FogOff, false},
		{"-fog over the setting", "false", true, battle.FogOn, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := testApp(t, "")
			a.settings.Open, a.opts.Battle.Fog = tt.open, tt.flag
			p := newPicker(a)
			a.goTo(p)
			p.start(a)
			br, ok := a.scene.(*briefing)
			if !ok {
				t.Fatalf("scene %T, want the briefing", a.scene)
			}
			sc := *br.entry.sc
			sc.Properties = stdmaps.Clone(sc.Properties)
			sc.Properties["fog"] = tt.scenarioFog
			br.entry.sc = &sc
			br.begin(a)
			g, ok := a.scene.(*Game)
			if !ok {
				t.Fatalf("scene after Begin = %T (%s), want *Game", a.scene, br.err)
			}
			if g.battle.Fog() != tt.want {
				t.Errorf("Fog() = %v, want %v", g.battle.Fog(), tt.want)
			}
		})
	}
}

// TestHelpPages: the menu's Help opens on how to play, the primer: every
// section of assets/help/primer.txt a heading, its items bulleted, wrapped
// inside its panel at 1024×600 and scrolled to its last row; Left shows
// the controls and Right the primer again.
func TestHelpPages(t *testing.T) {
	a := testApp(t, "")
	a.LayoutF(1024, 600)
	a.goTo(&helpScreen{})
	h := a.scene.(*helpScreen)
	if h.page != 0 {
		t.Fatalf("the help opens on page %d, want how to play", h.page)
	}
	l := layoutPrimer(a.canvas(nil), a.screen, 0)
	var headings []string
	for _, r := range l.rows {
		if r.heading {
			headings = append(headings, r.text)
		}
		if w := ui.TextWidth(l.face, r.text); w > l.w-2*l.pad {
			t.Errorf("row %q is %.0f px wide, the panel's text %.0f", r.text, w, l.w-2*l.pad)
		}
	}
	if want := []string{"A turn", "Seeing and facing", "Anti-tank fire, by the default rules", "Infantry fire and assault", "Fog of war", "Winning"}; !slices.Equal(headings, want) {
		t.Errorf("headings %q, want %q", headings, want)
	}
	if !slices.ContainsFunc(l.rows, func(r primerRow) bool { return strings.HasPrefix(r.text, "• Movement:") }) {
		t.Error("the Movement phase is not a bulleted item")
	}
	if l.shown >= len(l.rows) {
		t.Fatalf("%d rows all shown at 1024×600: the scroll is not tested", len(l.rows))
	}
	for range len(l.rows) {
		step(t, a, press("down"))
	}
	if last := layoutPrimer(a.canvas(nil), a.screen, h.first); last.first+last.shown != len(last.rows) {
		t.Errorf("scrolled down: rows %d to %d of %d shown, want the last", last.first+1, last.first+last.shown, len(last.rows))
	}
	var left, right frameInput
	left.ui.Left, right.ui.Right = true, true
	step(t, a, left)
	if h.page != 1 || h.first != 0 {
		t.Errorf("after Left: page %d from row %d, want the controls from the top", h.page, h.first)
	}
	step(t, a, right)
	if h.page != 0 {
		t.Errorf("after Right: page %d, want how to play", h.page)
	}
}
