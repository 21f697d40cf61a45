package game

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/game/boardview"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/units"
)

// defaultShotEnv names the PNG a re-executed test binary writes with a
// screenshot of the default scenario (see TestMain).
const defaultShotEnv = "HEXFIRE_TEST_DEFAULT_SCREENSHOT"

// defaultShot is the reference view: the M4A3E8 in E4 selected, the Tiger
// in C1 hovered (the worked example of the default ruleset).
func defaultShot(path string) ScreenshotOptions {
	return ScreenshotOptions{Path: path, Select: "E4", Hover: "C1", Frames: 3, Width: 1280, Height: 800}
}

// defaultBattle starts a battle on the embedded default scenario.
func defaultBattle(tb testing.TB) *battle.Battle {
	tb.Helper()
	b, err := openDefault()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func openDefault() (*battle.Battle, error) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		return nil, err
	}
	sc, err := maps.Default(cat)
	if err != nil {
		return nil, err
	}
	return battle.New(sc, cat, battle.Config{Seed: 1, Source: battle.EmbeddedPrefix + maps.DefaultPath, Fog: battle.FogOff})
}

// runDefaultScreenshot is the re-executed test binary's screenshot run.
func runDefaultScreenshot(path string) int {
	b, err := openDefault()
	if err == nil {
		err = Screenshot(b, defaultShot(path))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// hexScreen returns where the centre of hex label lands on a game's screen.
func hexScreen(g *Game, label string) image.Point {
	h, err := g.board.ParseHex(label)
	if err != nil {
		panic(err)
	}
	x, y := g.board.Layout.Center(h)
	sx, sy := g.cam.WorldToScreen(x, y)
	return image.Pt(int(sx), int(sy))
}

// insideEdge returns a screen point just inside hexside d of hex label.
func insideEdge(g *Game, label string, d board.Direction) image.Point {
	h, _ := g.board.ParseHex(label)
	cx, cy := g.board.Layout.Center(h)
	mx, my := g.layer.EdgeMid(h, d)
	ex, ey := mx+(cx-mx)*0.06, my+(cy-my)*0.06
	sx, sy := g.cam.WorldToScreen(ex, ey)
	return image.Pt(int(sx), int(sy))
}

func TestDefaultScreenshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "default.png")
	img := screenshotInChild(t, defaultShotEnv, path)
	opts := defaultShot(path)
	if have, want := img.Bounds().Size(), image.Pt(opts.Width, opts.Height); have != want {
		t.Fatalf("screenshot size = %v, want %v", have, want)
	}
	// The same view in this process gives the camera of the screenshot.
	g := shotGame(t, defaultBattle(t), opts.Select, opts.Hover)
	e4, c1 := hexScreen(g, "E4"), hexScreen(g, "C1")
	tests := []struct {
		name string
		at   image.Point
		want color.RGBA
	}{
		{"LOS line halfway from E4 to C1", image.Pt((e4.X+c1.X)/2, (e4.Y+c1.Y)/2), colLOS},
		{"selection ring of E4, south side", insideEdge(g, "E4", board.DirS), boardview.SelectedColour},
		{"selection ring of E4, north-east side", insideEdge(g, "E4", board.DirNE), boardview.SelectedColour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := img.At(tt.at.X, tt.at.Y); !uitest.ColourNear(have, tt.want, 3) {
				t.Errorf("colour at %v = %v, want %v", tt.at, have, tt.want)
			}
		})
	}
}

// shotGame returns a scripted 1280×800 game with the given selection and
// hover, laid out and with its preview worked out.
func shotGame(t *testing.T, b *battle.Battle, sel, hover string) *Game {
	t.Helper()
	g, err := New(b, Options{Scripted: true, Select: sel, Hover: hover, Size: image.Pt(1280, 800)})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	g.refresh()
	return g
}

// frame draws one frame of g and reads it back.
func frame(g *Game) *image.RGBA {
	screen := ebiten.NewImage(g.screen.X, g.screen.Y)
	defer screen.Deallocate()
	g.Draw(screen)
	return capture(screen)
}

func TestOverlayPixels(t *testing.T) {
	b := defaultBattle(t)
	plain := frame(shotGame(t, b, "", ""))
	g := shotGame(t, b, "E4", "C1")
	shot := frame(g)
	e4, _ := b.Board().ParseHex("E4")
	u := b.UnitsAt(e4)[0]
	tests := []struct {
		label string
		inArc bool
	}{{"B4", true}, {"C4", true}, {"H12", false}, {"P3", false}}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			h, _ := b.Board().ParseHex(tt.label)
			if have := board.InForwardArc(u.Pose.Hex, u.Pose.Facing, h); have != tt.inArc {
				t.Fatalf("InForwardArc(%s) = %v, want %v: the fixture moved", tt.label, have, tt.inArc)
			}
			p := hexScreen(g, tt.label)
			base := plain.RGBAAt(p.X, p.Y)
			want := base
			if tt.inArc {
				want = uitest.Over(base, colArc)
			}
			if have := shot.RGBAAt(p.X, p.Y); !uitest.ColourNear(have, want, 3) {
				t.Errorf("colour at %s = %v, want %v (unselected %v)", tt.label, have, want, base)
			}
		})
	}
	t.Run("terrain", func(t *testing.T) {
		p := hexScreen(g, "H12")
		if have := plain.RGBAAt(p.X, p.Y); uitest.ColourNear(have, boardview.BackgroundColour, 8) {
			t.Errorf("colour at H12 = %v: the background, not terrain", have)
		}
	})
}

func TestFireTip(t *testing.T) {
	b := defaultBattle(t)
	m4, tiger := b.Unit(1), b.Unit(9)
	plan, err := b.PlanFire(battle.Fire{Unit: m4.ID, Target: tiger.ID})
	if err != nil {
		t.Fatal(err)
	}
	los := b.Board().LOS(m4.Pose.Hex, tiger.Pose.Hex, b.Smoke)
	lines := fireTip(b, m4, tiger, los, 0, &plan, nil)
	var text []string
	for _, l := range lines {
		text = append(text, l.text)
	}
	all := strings.Join(text, "\n")
	want := []string{"M4A3E8 #1 (E4) → Tiger I #9 (C1)", "to hit: 10", "strikes its rear armour", "line of sight clear"}
	for _, s := range plan.Odds.Steps {
		want = append(want, s)
	}
	for _, h := range plan.Odds.Headlines() {
		want = append(want, fmt.Sprintf("%-12s %6.2f%%  (%s)", h.Headline, 100*plan.Odds.Probability(h.Weight), plan.Odds.Exact(h.Weight).RatString()))
	}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("fire tip lacks %q; have\n%s", w, all)
		}
	}
	if plan.Odds.ToHit != 10 {
		t.Errorf("to-hit = %d, want 10", plan.Odds.ToHit)
	}

	_, refusal := b.PlanFire(battle.Fire{Unit: tiger.ID, Target: m4.ID})
	lines = fireTip(b, tiger, m4, b.Board().LOS(tiger.Pose.Hex, m4.Pose.Hex, b.Smoke), 0, nil, refusal)
	if last := lines[len(lines)-1]; last.kind != tipRefused || !strings.Contains(last.text, "it is the allies who act now") {
		t.Errorf("refused tip ends with %+v, want the battle's reason", last)
	}
}

func TestClickCommand(t *testing.T) {
	fire := defaultBattle(t) // Allies' Fire phase
	move := defaultBattle(t)
	if _, err := move.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	hex := func(b *battle.Battle, label string) board.Hex {
		h, err := b.Board().ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	pvFor := func(b *battle.Battle, id battle.UnitID, hover string) *preview {
		var pv preview
		pv.update(b, previewKey{version: 1, unit: id, hover: hex(b, hover), hasHover: true})
		return &pv
	}
	// The expected move: the cheapest path to E6, as the board finds it.
	m4 := move.Unit(1)
	steps, ok := move.Board().Reachable(move.MoveSpec(m4), m4.Pose, move.Occupancy(m4)).Path(hex(move, "E6"))
	if !ok {
		t.Fatal("E6 is not reachable for the M4A3E8: the fixture moved")
	}
	var path []board.Pose
	for _, s := range steps {
		path = append(path, s.To)
	}
	tests := []struct {
		name  string
		b     *battle.Battle
		sel   battle.UnitID
		click string
		mode  mode
		want  command
	}{
		{"reachable hex moves", move, 1, "E6", modeNormal, command{order: battle.Move{Unit: 1, Path: path}}},
		{"enemy fires", fire, 1, "C1", modeNormal, command{order: battle.Fire{Unit: 1, Target: 9}}},
		{"own unit selects", fire, 1, "E8", modeNormal, command{selectUnit: 5}},
		{"own unit with nothing selected", fire, 0, "E4", modeNormal, command{selectUnit: 1}},
		{"enemy with nothing selected selects it", fire, 0, "C1", modeNormal, command{selectUnit: 9}},
		{"smoke round from an AFV", fire, 1, "D3", modeSmoke, command{order: battle.FireSmoke{Unit: 1, Hex: hex(fire, "D3")}}},
		{"smoke by hand from infantry", move, 5, "E7", modeSmoke, command{order: battle.PlaceSmoke{Unit: 5, Hex: hex(move, "E7")}}},
		{"empty hex outside the Movement phase", fire, 1, "H12", modeNormal, command{selectHex: true}},
		{"a hex out of reach says why", move, 1, "W12", modeNormal,
			command{err: errors.New("M4A3E8 #1 cannot reach W12 this phase (the shaded hexes are its reach); Esc clears the selection")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have := clickCommand(tt.b, tt.b.Unit(tt.sel), hex(tt.b, tt.click), pvFor(tt.b, tt.sel, tt.click), tt.mode, false)
			if !reflect.DeepEqual(have, tt.want) {
				t.Errorf("clickCommand(%s) = %+v, want %+v", tt.click, have, tt.want)
			}
		})
	}
}

func TestGhostFacing(t *testing.T) {
	b := defaultBattle(t)
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	e6, _ := b.Board().ParseHex("E6")
	var pv preview
	pv.update(b, previewKey{version: 1, unit: 1, hover: e6, hasHover: true})
	if !pv.hasGhost || !pv.ghostOK || pv.ghost.Hex != e6 {
		t.Fatalf("ghost = %+v ok %v, want a reachable pose in E6", pv.ghost, pv.ghostOK)
	}
	end := pv.ghost.Facing
	pv.update(b, previewKey{version: 1, unit: 1, hover: e6, hasHover: true, ghostTurn: 1})
	if have, want := pv.ghost.Facing, end.Rotate(1); have != want {
		t.Errorf("ghost facing after one turn = %v, want %v", have, want)
	}
	c := moveCommand(b, b.Unit(1), e6, &pv)
	mv, ok := c.order.(battle.Move)
	if !pv.ghostOK {
		if c.err == nil {
			t.Errorf("move to an unreachable facing: no refusal")
		}
		return
	}
	if !ok || mv.Path[len(mv.Path)-1] != pv.ghost {
		t.Errorf("move ends in %+v, want the ghost pose %+v", c, pv.ghost)
	}
}

func TestHandOver(t *testing.T) {
	b := defaultBattle(t)
	g, err := New(b, Options{HandOver: true, Size: image.Pt(1280, 800)})
	if err != nil {
		t.Fatal(err)
	}
	if have, want := g.play.cover(), "Turn 1, Allies Fire phase: Allies to act — click to continue"; have != want {
		t.Errorf("cover at the start = %q, want %q", have, want)
	}
	g.apply(Intents{Click: true}) // dismiss
	if g.play.cover() != "" {
		t.Fatalf("cover after a click = %q, want none", g.play.cover())
	}
	var end, yes Intents
	end.Triggered[ActionEndPhase] = true
	yes.Triggered[ActionYes] = true
	g.apply(end) // units can still fire: Space asks
	if g.ask == nil || !strings.Contains(g.ask.Text, "End the Allied Fire phase? 7 units can still act") {
		t.Fatalf("question after Space = %+v, want one asking to end the Fire phase with 7 units able to act (8 less the leader)", g.ask)
	}
	if b.Phase() != battle.FirePhase {
		t.Fatalf("phase after Space without an answer = %v, want Fire", b.Phase())
	}
	g.apply(yes) // Fire → Movement: the Allies still act, no hand-over
	if have := g.play.cover(); have != "" {
		t.Errorf("cover after Fire → Movement = %q, want none", have)
	}
	g.apply(end)
	g.apply(yes) // Movement → Defensive Fire: the Axis act
	if have, want := g.play.cover(), "Turn 1, Allies Defensive Fire phase: Axis to act — click to continue"; have != want {
		t.Errorf("cover = %q, want %q", have, want)
	}
	g.apply(end) // taken by the cover: the phase must not end
	if have := b.Phase(); have != battle.DefensiveFire {
		t.Errorf("phase after a key on the cover = %v, want Defensive Fire", have)
	}
}

// TestOpportunityHandOverWhenOpen: hot-seat with hand-over screens on,
// the Sherman moves under the Axis guns. In an open battle the chance of
// opportunity fire, and the Allies taking over again after the pass, are
// announced by the banner, not a cover; under fog both are covered.
func TestOpportunityHandOverWhenOpen(t *testing.T) {
	for _, fog := range []battle.FogSetting{battle.FogOff, battle.FogOn} {
		cfg := defaultBattle(t).Config()
		cfg.Fog = fog
		b, err := battle.New(defaultBattle(t).Scenario(), testCatalogue, cfg)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(b, Options{HandOver: true, Size: image.Pt(1280, 800)})
		if err != nil {
			t.Fatal(err)
		}
		g.play.dismissCover()
		g.issue(battle.EndPhase{}) // Fire → Movement
		moveSherman(t, g)
		covered := fog == battle.FogOn
		if have := g.play.cover() != ""; have != covered || !covered && g.play.banner == "" {
			t.Errorf("fog %v: the chance of opportunity fire: cover %q, banner %q; want covered %t", fog, g.play.cover(), g.play.banner, covered)
		}
		g.play.dismissCover()
		g.issue(battle.Pass{})
		for b.Moving() != nil { // further chances on the way, passed too
			g.play.dismissCover()
			g.issue(battle.Pass{})
		}
		if have := g.play.cover() != ""; have != covered {
			t.Errorf("fog %v: the Allies taking over after the pass: cover %q; want covered %t", fog, g.play.cover(), covered)
		}
	}
}

func TestComputerPlaysItsSide(t *testing.T) {
	b := defaultBattle(t)
	g, err := New(b, Options{HandOver: true, Computer: []maps.Side{maps.Allies},
		NewPlayer: func(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if g.play.cover() != "" {
		t.Errorf("hand-over shown with a computer side: %q", g.play.cover())
	}
	for range 2 * defaultComputerDelay {
		g.runComputer()
	}
	if have := b.Phase(); have != battle.DefensiveFire {
		t.Errorf("phase after two computer orders = %v, want Defensive Fire (the Axis human acts)", have)
	}
	for range 2 * defaultComputerDelay {
		g.runComputer()
	}
	if have := b.Phase(); have != battle.DefensiveFire {
		t.Errorf("the computer acted for the human side: phase %v", have)
	}
}

// endPhases is a computer player that ends every phase.
type endPhases struct{}

// endPhasesPlayer makes an endPhases player for every computer side.
func endPhasesPlayer(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }

func (endPhases) Next(*battle.View) (battle.Order, string) {
	return battle.EndPhase{}, "nothing to do"
}

func TestNextUnit(t *testing.T) {
	b := defaultBattle(t)
	if have := nextUnit(b, 0); have != 1 {
		t.Errorf("nextUnit(0) = %d, want 1", have)
	}
	if have := nextUnit(b, 8); have != 1 {
		t.Errorf("nextUnit(8) = %d, want 1 (wrapping past the Axis units)", have)
	}
}

func TestReplayAndSave(t *testing.T) {
	played := defaultBattle(t)
	orders := []battle.Order{battle.EndPhase{}, battle.Turn{Unit: 1, Facing: board.DirN}, battle.EndPhase{}}
	var digests []string
	for _, o := range orders {
		digests = append(digests, played.Digest())
		if _, err := played.Apply(o); err != nil {
			t.Fatal(err)
		}
	}
	g, err := New(defaultBattle(t), Options{Replay: played, SavePath: filepath.Join(t.TempDir(), "save.json")})
	if err != nil {
		t.Fatal(err)
	}
	g.replayForward()
	g.replayForward()
	g.replayBack()
	if have, want := g.battle.Digest(), digests[1]; have != want {
		t.Errorf("after 2 steps forward and 1 back: digest %.12s, want %.12s (one order applied)", have, want)
	}
	g.replayForward()
	g.replayForward()
	if have, want := g.battle.Digest(), played.Digest(); have != want {
		t.Errorf("replayed to the end: digest %.12s, want %.12s", have, want)
	}
	g.save()
	g.replayBack()
	g.load()
	if have, want := g.battle.Digest(), played.Digest(); have != want {
		t.Errorf("after F9: digest %.12s, want the saved %.12s", have, want)
	}
	g.opts.SavePath = filepath.Join(t.TempDir(), "missing.json")
	before := g.battle
	g.load()
	if g.battle != before || !strings.Contains(g.play.toast, "missing.json") {
		t.Errorf("failed load: battle replaced %v, toast %q; want the battle kept and the error shown", g.battle != before, g.play.toast)
	}
}

func TestArcsToggle(t *testing.T) {
	// O hides the forward arc's wash (and the armour halves): a hex inside
	// the arc then looks as it does with nothing selected; O again shows it.
	b := defaultBattle(t)
	plain := frame(shotGame(t, b, "", ""))
	g := shotGame(t, b, "E4", "")
	p := hexScreen(g, "B4")
	base := plain.RGBAAt(p.X, p.Y)
	press := func() {
		var in Intents
		in.Triggered[ActionToggleArcs] = true
		g.apply(in)
	}
	for i, want := range []color.RGBA{uitest.Over(base, colArc), base, uitest.Over(base, colArc)} {
		if have := frame(g).RGBAAt(p.X, p.Y); !uitest.ColourNear(have, want, 3) {
			t.Errorf("after %d presses of O: colour at B4 = %v, want %v", i, have, want)
		}
		press()
	}
}

func TestCanActInAdvancePhase(t *testing.T) {
	// A tank that advanced may still turn; one that turned is done; an
	// infantry unit that advanced is done.
	b := defaultBattle(t)
	for range 3 { // to the allies' Advance & Assault phase
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	tank := b.Unit(1)
	var squad *battle.Unit
	for _, u := range b.Units() {
		if u.Side == tank.Side && u.Type.Kind == units.Squad {
			squad = u
			break
		}
	}
	tests := []struct {
		name    string
		u       *battle.Unit
		markers battle.Markers
		want    bool
	}{
		{"tank, fresh", tank, 0, true},
		{"tank, advanced", tank, battle.Advanced, true},
		{"tank, turned", tank, battle.TurnedInAdvance, false},
		{"squad, fresh", squad, 0, true},
		{"squad, advanced", squad, battle.Advanced, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved := tt.u.Markers
			tt.u.Markers |= tt.markers
			defer func() { tt.u.Markers = saved }()
			if have := canAct(b, tt.u); have != tt.want {
				t.Errorf("canAct = %v, want %v", have, tt.want)
			}
		})
	}
}
