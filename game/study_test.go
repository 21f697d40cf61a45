package game

import (
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/lafriks/go-tiled"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/storage/storagetest"
	"hexfire/game/ui/uitest"
	"hexfire/killzone"
	"hexfire/maps"
	"hexfire/units"
)

// testStudy opens the study table on the default scenario in a test app.
func testStudy(t *testing.T) (*App, *study) {
	t.Helper()
	a := testApp(t, "")
	if err := a.StartStudy(""); err != nil {
		t.Fatal(err)
	}
	s, ok := a.scene.(*study)
	if !ok {
		t.Fatalf("scene %T, want the study", a.scene)
	}
	step(t, a, frameInput{intents: &Intents{}})
	return a, s
}

func (s *study) hex(t *testing.T, label string) board.Hex {
	t.Helper()
	h, err := s.base.Board.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// chooseType makes the unit type named the one to add and the zone's.
func (s *study) chooseType(t *testing.T, name string) {
	t.Helper()
	for i, ty := range s.types {
		if ty.Name == name {
			s.typ = i
			return
		}
	}
	t.Fatalf("no type %q", name)
}

// insideHex is a screen point of hex h away from its centre (and the
// counter there): 80% of the way to its first corner.
func insideHex(s *study, h board.Hex) image.Point {
	v := BoardView{g: s.g, Board: s.g.board, Camera: s.g.cam}
	c, cs := v.hexOnScreen(h)
	return image.Pt(int(c.X+0.8*(cs[0].X-c.X)), int(c.Y+0.8*(cs[0].Y-c.Y)))
}

// zoneFrames draws the study without a kill zone, then with the selected
// unit's against the chosen type facing south-east.
func zoneFrames(t *testing.T, a *App, s *study) (before, after *image.RGBA) {
	t.Helper()
	s.zoneFacing = board.DirSE
	step(t, a, frameInput{intents: &Intents{}})
	before = appFrame(a)
	s.zoneMode = zoneFire
	s.updateZone()
	step(t, a, frameInput{intents: &Intents{}})
	return before, appFrame(a)
}

// TestStudyKillZonePixels shows the M4A3E8's kill zone against a Tiger I
// facing south-east: each hex with a shot is its band's colour over the
// map as it was, hexes out of sight are untouched, the legend has a swatch
// of every band, and the zone is the killzone package's for the same units.
func TestStudyKillZonePixels(t *testing.T) {
	a, s := testStudy(t)
	s.selectAt(s.hex(t, "E4"), image.Point{})
	if s.selected < 0 || s.pieces[s.selected].Type != "M4A3E8" {
		t.Fatalf("selected %d, want the M4A3E8 in E4", s.selected)
	}
	s.chooseTypeOf(s.hex(t, "C1")) // T over the Tiger I there
	if s.types[s.typ].Name != "Tiger I" {
		t.Fatalf("T over C1 chose %s, want Tiger I", s.types[s.typ].Name)
	}
	before, after := zoneFrames(t, a, s)
	if s.zone == nil {
		t.Fatal("no kill zone")
	}
	if q := s.zone.Query; q.Firer.Type.Name != "M4A3E8" || q.Target.Type.Name != "Tiger I" || q.At != s.hex(t, "E4") || q.Reverse {
		t.Fatalf("zone of %s at %s from %s, want the M4A3E8 at a Tiger I from E4", q.Firer.Type.Name, q.Target.Type.Name, s.base.Board.Label(q.At))
	}
	c1, _ := s.zone.Cell(s.hex(t, "C1"))
	if !c1.Shot || c1.Destroy() <= 0 {
		t.Fatalf("C1: %+v, want a shot that may destroy", c1)
	}
	shaded, untouched := 0, 0
	for _, c := range s.zone.Cells {
		p := insideHex(s, c.Hex)
		if !p.In(s.g.view) || p.In(s.legendRect()) || len(s.g.battle.UnitsAt(c.Hex)) > 0 || c.Hex == s.hex(t, "E4") {
			continue
		}
		was, is := before.RGBAAt(p.X, p.Y), after.RGBAAt(p.X, p.Y)
		shade, ok := killzone.Shade(c)
		if !ok {
			if !uitest.ColourNear(was, is, 2) && !c.Clear {
				t.Errorf("%s out of sight changed from %v to %v", s.base.Board.Label(c.Hex), was, is)
			}
			untouched++
			continue
		}
		al := int(shade.A)
		blend := func(o, c uint8) uint8 { return uint8((int(o)*(255-al) + int(c)*al) / 255) }
		want := color.RGBA{blend(was.R, shade.R), blend(was.G, shade.G), blend(was.B, shade.B), 255}
		if !uitest.ColourNear(is, want, 8) {
			t.Errorf("%s (destroy %.2f) is %v, want %v (%v over %v)", s.base.Board.Label(c.Hex), c.Destroy(), is, want, shade, was)
		}
		shaded++
	}
	if shaded < 50 || untouched < 50 {
		t.Errorf("%d hexes shaded and %d untouched checked, want at least 50 of each", shaded, untouched)
	}
	legend := s.legendRect()
	for _, b := range killzone.Bands {
		opaque := b.Colour
		opaque.A = 0xff
		if n := countColour(after, legend, opaque, 3); n < 20 {
			t.Errorf("the legend has %d pixels of the %s swatch, want a swatch", n, b.Label)
		}
	}
	// The reverse: where a Tiger I must stand to destroy the M4A3E8.
	s.zoneMode = zoneReverse
	s.updateZone()
	if q := s.zone.Query; !q.Reverse || q.Target.Type.Name != "M4A3E8" || q.Firer.Type.Name != "Tiger I" || !q.FirerTurns {
		t.Fatalf("reverse zone %+v", q)
	}
	if s.zone.Max() <= 0 {
		t.Error("no hex from which a Tiger I destroys the M4A3E8")
	}
}

// TestStudyEditing sets units out with the study's keys and methods: each
// change reaches the battle the view shows, with no order given and no
// die rolled.
func TestStudyEditing(t *testing.T) {
	a, s := testStudy(t)
	n := len(s.pieces)
	f5 := s.hex(t, "F5")
	s.chooseType(t, "Panther")
	s.side = maps.Axis
	var keys studyKeys
	keys[studyAdd] = true
	s.g.fixedHover, s.g.hovered, s.g.hasHover = true, f5, true
	s.frame(a, Intents{}, keys)
	b := s.g.battle
	if len(b.Units()) != n+1 || s.selected != n {
		t.Fatalf("%d units, selected %d after adding, want %d and the new one", len(b.Units()), s.selected, n+1)
	}
	added := b.Unit(battle.UnitID(n + 1))
	if added.Type.Name != "Panther" || added.Side != maps.Axis || added.Pose.Hex != f5 || b.Acting() != maps.Axis {
		t.Fatalf("added %s (%s) in %s, acting %s", added.Type.Name, added.Side, b.Board().Label(added.Pose.Hex), b.Acting())
	}
	// Turn (a key and the wheel), stack, mark, smoke.
	keys = studyKeys{}
	keys[studyTurnRight] = true
	s.frame(a, Intents{RotateSteps: 2}, keys)
	s.moveSelected(s.hex(t, "E4"))
	s.mark(func(p *piece) { p.immobile = true })
	s.mark(func(p *piece) { p.pinned = true })
	s.cycleSmoke(s.hex(t, "D3"))
	s.cycleSmoke(s.hex(t, "D3"))
	b = s.g.battle
	u := b.Unit(battle.UnitID(n + 1))
	if u.Pose.Hex != s.hex(t, "E4") || u.Pose.Facing != board.DirS.Rotate(3) || !u.Has(battle.Immobile|battle.Pinned) {
		t.Fatalf("Panther in %s facing %s, markers %b", b.Board().Label(u.Pose.Hex), u.Pose.Facing, u.Markers)
	}
	if len(b.UnitsAt(s.hex(t, "E4"))) != 2 || b.Smoke(s.hex(t, "D3")) != 2 {
		t.Fatalf("E4 holds %d units, D3 smoke %d; want a stack of 2 and Smoke 2", len(b.UnitsAt(s.hex(t, "E4"))), b.Smoke(s.hex(t, "D3")))
	}
	// A click on the stack selects its other unit; the rules switch.
	s.selectAt(s.hex(t, "E4"), image.Point{})
	if s.pieces[s.selected].Type != "M4A3E8" {
		t.Fatalf("the second click selects %s, want the M4A3E8 under the Panther", s.pieces[s.selected].Type)
	}
	rules := b.Rules().Name()
	keys = studyKeys{}
	keys[studyRules] = true
	s.frame(a, Intents{}, keys)
	if s.g.battle.Rules().Name() == rules {
		t.Errorf("the ruleset is still %s after R", rules)
	}
	s.removeSelected()
	if len(s.g.battle.Units()) != n || s.g.battle.DiceRolled() != 0 {
		t.Errorf("%d units after removing one (want %d), %d dice rolled", len(s.g.battle.Units()), n, s.g.battle.DiceRolled())
	}
}

// studyWithTiger opens the study on source with an Axis Tiger I added in
// D2 (after the map's own units).
func studyWithTiger(t *testing.T, source string) (*App, *study) {
	t.Helper()
	a := testApp(t, "")
	if err := a.StartStudy(source); err != nil {
		t.Fatal(err)
	}
	s := a.scene.(*study)
	s.chooseType(t, "Tiger I")
	s.side = maps.Axis
	s.add(s.hex(t, "D2"))
	return a, s
}

// TestStudySavedLoadsAndPlays saves a study of the default scenario (an
// embedded map: its tileset is copied beside the file), of a scenario on
// disk (its tileset named relative to the file) and of a blank map: each loads as a scenario
// with the study's units, opens in go-tiled with its units layer, and a
// battle on it plays.
func TestStudySavedLoadsAndPlays(t *testing.T) {
	for _, source := range []string{"", filepath.Join("..", "assets", "scenarios", "le-dezert.tmx"), "blank:12x10:pointy"} {
		t.Run(source, func(t *testing.T) {
			a, s := studyWithTiger(t, source)
			s.zoneFacing = board.DirSW
			s.pieces[0].Facing = board.DirNE
			s.out = filepath.Join(t.TempDir(), "my study.tmx")
			s.save()
			if s.message != "study saved as "+s.out {
				t.Fatalf("message %q", s.message)
			}
			sc, err := maps.LoadFile(s.out, a.opts.Catalogue)
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Units) != len(s.pieces) {
				t.Fatalf("%d units loaded, want %d", len(sc.Units), len(s.pieces))
			}
			for i, p := range sc.Units {
				w := s.pieces[i]
				if p.Type != w.Type || p.Side != w.Side || p.Hex != w.Hex || p.Facing != w.Facing {
					t.Errorf("unit %d: %s %s %s %s, want %s %s %s %s", i, p.Type, p.Side, sc.Board.Label(p.Hex), p.Facing,
						w.Type, w.Side, sc.Board.Label(w.Hex), w.Facing)
				}
			}
			m, err := tiled.LoadFile(s.out)
			if err != nil {
				t.Fatalf("go-tiled: %v", err)
			}
			objects := -1
			for _, g := range m.ObjectGroups {
				if g.Name == maps.UnitsLayer {
					objects = len(g.Objects)
				}
			}
			if objects != len(s.pieces) {
				t.Errorf("go-tiled finds %d objects in the units layer, want %d", objects, len(s.pieces))
			}
			b, err := battle.New(sc, a.opts.Catalogue, battle.Config{Seed: 3, Source: s.out})
			if err != nil {
				t.Fatal(err)
			}
			for range 12 {
				if b.Result() != nil {
					break
				}
				if _, err := b.Apply(battle.EndPhase{}); err != nil {
					t.Fatal(err)
				}
			}
			if b.Turn() < 2 {
				t.Errorf("turn %d after 12 phases ended, want the battle to go on", b.Turn())
			}
			if err := a.StartBattle(b, nil); err != nil {
				t.Fatal(err)
			}
			step(t, a, battleKeys())
		})
	}
}

// TestStudyStoredOpensFromFiles: the browser keeps a study by downloading
// it (storedStudyTMX); picked again on the Files screen, it opens over the
// browser's storage with the study's units, for an embedded map and for a
// blank one.
func TestStudyStoredOpensFromFiles(t *testing.T) {
	for _, source := range []string{"", "blank:12x10:pointy"} {
		t.Run(source, func(t *testing.T) {
			_, s := studyWithTiger(t, source)
			pieces := make([]maps.Placement, len(s.pieces))
			for i, p := range s.pieces {
				pieces[i] = p.Placement
			}
			text, err := storedStudyTMX(s.from, s.base.Board, pieces)
			if err != nil {
				t.Fatal(err)
			}
			b := browserApp(t, storagetest.MapValues{})
			if err := b.keepPicked([]pickedFile{{name: studyFile, data: text}}); err != nil {
				t.Fatalf("the downloaded study picked again: %v", err)
			}
			e := b.catalog[len(b.catalog)-1]
			if e.err != nil || e.sc == nil || len(e.sc.Units) != len(pieces) {
				t.Fatalf("picker entry %s: %v, want the study's %d units", e.source, e.err, len(pieces))
			}
			last := e.sc.Units[len(pieces)-1]
			if last.Type != "Tiger I" || last.Side != maps.Axis || e.sc.Board.Label(last.Hex) != "D2" {
				t.Errorf("last unit %s %s in %s, want the Axis Tiger I in D2", last.Type, last.Side, e.sc.Board.Label(last.Hex))
			}
		})
	}
}

func TestStudyBlankMapErrors(t *testing.T) {
	a := testApp(t, "")
	for _, tt := range []struct{ source, want string }{
		{"blank:5x5", `size 5x5`},
		{"blank:30", `want blank:WIDTHxHEIGHT`},
		{"blank:axb", `want blank:WIDTHxHEIGHT`},
		{"blank:30x20:round", `orientation "round"`},
		{"blank:101x20", `size 101x20`},
	} {
		err := a.StartStudy(tt.source)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("StartStudy(%q) = %v, want it to say %q", tt.source, err, tt.want)
		}
	}
	if err := a.StartStudy("blank:30x20"); err != nil {
		t.Fatal(err)
	}
	if s := a.scene.(*study); s.base.Board.Width != 30 || s.base.Board.Height != 20 || len(s.pieces) != 0 {
		t.Errorf("blank map %dx%d with %d units", s.base.Board.Width, s.base.Board.Height, len(s.pieces))
	}
}

// TestStudyLeaveAsks: Q asks before leaving the study, whose units would be
// lost; Esc stays, Y leaves for the menu.
func TestStudyLeaveAsks(t *testing.T) {
	a, s := testStudy(t)
	var keys studyKeys
	keys[studyMenu] = true
	s.frame(a, Intents{}, keys)
	if s.asking == nil || a.scene != s {
		t.Fatalf("Q: scene %T, asking %v; want the study asking first", a.scene, s.asking)
	}
	step(t, a, press("esc"))
	if s.asking != nil || a.scene != s {
		t.Fatalf("Esc: scene %T, asking %v; want the study again", a.scene, s.asking)
	}
	s.frame(a, Intents{}, keys)
	step(t, a, press("y"))
	if _, ok := a.scene.(*menu); !ok {
		t.Errorf("Y: scene %T, want the menu", a.scene)
	}
}

// TestStudyRoundPicker: \ picks the selected gun's next round in the study
// as in a battle (the preview only: nothing is fired). Under d20 the
// M4A3E8 (the default map's first unit) has more than one round.
func TestStudyRoundPicker(t *testing.T) {
	a, s := testStudy(t)
	for s.rules[s.rule] != "d20" {
		var keys studyKeys
		keys[studyRules] = true
		s.frame(a, Intents{}, keys)
	}
	s.selected = 0
	s.rebuild()
	var in Intents
	in.Triggered[ActionAmmo] = true
	s.frame(a, in, studyKeys{})
	if s.g.play.ammo.of(1) == "" {
		t.Errorf("\\ in the study picked no round for the M4A3E8 (message %q)", s.message)
	}
}

// counterSquare is the centre and side on screen of a full counter alone
// in hex h, as drawUnits draws it.
func counterSquare(s *study, h board.Hex) (x, y, size float64) {
	g := s.g
	x, y = g.cam.WorldToScreen(g.board.Layout.Center(h))
	return x, y, g.counters.Size(g.cam)
}

// TestStudyZoneUnderCounters shows a kill zone over hexes that hold units:
// every counter looks as it did without the zone (the zone is drawn under
// them), and the part of such a hex round its counter is shaded.
func TestStudyZoneUnderCounters(t *testing.T) {
	a, s := testStudy(t)
	s.selectAt(s.hex(t, "E4"), image.Point{})
	s.chooseType(t, "Tiger I")
	before, after := zoneFrames(t, a, s)
	counters, rims := 0, 0
	for _, c := range s.zone.Cells {
		if _, ok := killzone.Shade(c); !ok || len(s.g.battle.UnitsAt(c.Hex)) != 1 {
			continue
		}
		x, y, size := counterSquare(s, c.Hex)
		if s.g.battle.UnitsAt(c.Hex)[0].Type.Kind == units.HalfSquad {
			size *= boardview.HalfSquadScale
		}
		for i := -4; i <= 4; i += 2 {
			for j := -4; j <= 4; j += 2 {
				p := image.Pt(int(x+float64(i)*0.11*size), int(y+float64(j)*0.11*size))
				if !p.In(s.g.view) || p.In(s.legendRect()) {
					continue
				}
				if was, is := before.RGBAAt(p.X, p.Y), after.RGBAAt(p.X, p.Y); !uitest.ColourNear(was, is, 2) {
					t.Fatalf("%s: the counter's pixel %v changed from %v to %v under the zone", s.base.Board.Label(c.Hex), p, was, is)
				}
			}
		}
		counters++
		// 90% of the way to a corner is beside the counter, in the hex.
		p := insideHex(s, c.Hex)
		p = image.Pt(int(x+0.9/0.8*(float64(p.X)-x)), int(y+0.9/0.8*(float64(p.Y)-y)))
		if math.Abs(float64(p.X)-x) <= size/2 && math.Abs(float64(p.Y)-y) <= size/2 {
			t.Fatalf("%s: %v is on the counter", s.base.Board.Label(c.Hex), p)
		}
		if p.In(s.g.view) && !uitest.ColourNear(before.RGBAAt(p.X, p.Y), after.RGBAAt(p.X, p.Y), 2) {
			rims++
		}
	}
	if counters < 3 || rims < 3 {
		t.Errorf("%d counters in shaded hexes checked, %d of their hexes shaded beside them: want 3 of each", counters, rims)
	}
}

// TestStudyDefaultType checks the unit offered for adding: the side's
// first tank on the table, one of the catalogue's on an empty table, and
// after Tab to the other side one of its own, or the type last added for
// it.
func TestStudyDefaultType(t *testing.T) {
	a, s := testStudy(t)
	firstTank := map[maps.Side]string{}
	for _, p := range s.pieces {
		if ty, err := s.cat.Lookup(p.Type); err == nil && ty.Kind == units.AFV && ty.Turret && firstTank[p.Side] == "" {
			firstTank[p.Side] = p.Type
		}
	}
	offered := func() string { return s.types[s.typ].Name }
	var tab studyKeys
	tab[studySide] = true
	if s.side != maps.Allies || offered() != firstTank[maps.Allies] || firstTank[maps.Allies] == "" {
		t.Fatalf("the study offers %s (%s), want the first Allied tank on the table, %q", offered(), s.side, firstTank[maps.Allies])
	}
	s.frame(a, Intents{}, tab)
	if s.side != maps.Axis || offered() != firstTank[maps.Axis] || firstTank[maps.Axis] == "" {
		t.Fatalf("after Tab the study offers %s (%s), want %q", offered(), s.side, firstTank[maps.Axis])
	}
	s.chooseType(t, "Pak 40")
	s.add(s.hex(t, "F5"))
	s.frame(a, Intents{}, tab)
	if offered() != firstTank[maps.Allies] {
		t.Errorf("back to the Allies the study offers %s, want %s", offered(), firstTank[maps.Allies])
	}
	s.frame(a, Intents{}, tab)
	if offered() != "Pak 40" {
		t.Errorf("back to the Axis the study offers %s, want the Pak 40 added last", offered())
	}
	if err := a.StartStudy(BlankPrefix + "12x10:pointy"); err != nil {
		t.Fatal(err)
	}
	s = a.scene.(*study)
	if ty := s.types[s.typ]; len(s.pieces) != 0 || ty.Kind != units.AFV || !ty.Turret || sideOfNation(ty.Nation) != maps.Allies {
		t.Fatalf("on a blank map the study offers %s (%s, %s), want an Allied tank", ty.Name, ty.Nation, ty.Kind)
	}
	s.frame(a, Intents{}, tab)
	if ty := s.types[s.typ]; ty.Kind != units.AFV || !ty.Turret || ty.Nation != "DE" {
		t.Errorf("after Tab on a blank map the study offers %s (%s), want a German tank", ty.Name, ty.Nation)
	}
}

// TestStudyStackClick stacks a Panther and a Pz IV H on the M4A3E8 in E4:
// a click on the visible part of a counter selects its unit, and a click
// on the selected counter again the next one down the stack.
func TestStudyStackClick(t *testing.T) {
	a, s := testStudy(t)
	e4 := s.hex(t, "E4")
	s.side = maps.Axis
	for _, name := range []string{"Panther", "Pz IV H"} {
		s.chooseType(t, name)
		s.add(e4)
	}
	if n := len(s.g.battle.UnitsAt(e4)); n != 3 {
		t.Fatalf("%d units in E4, want 3", n)
	}
	s.selected = -1
	s.rebuild()
	s.g.fixedHover, s.g.hovered, s.g.hasHover = true, e4, true
	x, y, size := counterSquare(s, e4)
	// Fanned out from the bottom one, down and left, to the top one, up
	// and right, each boardview.StackStep of a counter from the next.
	off := boardview.StackStep * size
	bottom := image.Pt(int(x-off-0.4*size), int(y+off+0.4*size))
	middle := image.Pt(int(x-0.4*size), int(y+0.4*size))
	top := image.Pt(int(x+off+0.4*size), int(y-off-0.4*size))
	for i, tt := range []struct {
		at   image.Point
		want string
	}{{top, "Pz IV H"}, {middle, "Panther"}, {bottom, "M4A3E8"}, {bottom, "Pz IV H"}, {middle, "Panther"}, {middle, "M4A3E8"}} {
		s.frame(a, Intents{Click: true, CursorIn: true, Cursor: tt.at}, studyKeys{})
		if s.selected < 0 || s.pieces[s.selected].Type != tt.want {
			t.Fatalf("click %d at %v selects piece %d, want the %s", i+1, tt.at, s.selected, tt.want)
		}
	}
}

// TestStudyScreenshotScene builds -screenshot -scene study's app on the
// default scenario with -select E4 -hover C1: the study with the M4A3E8
// selected and its kill zone against the Tiger I in C1 as it faces, drawn
// with its legend; a bad hex label is an error naming it.
func TestStudyScreenshotScene(t *testing.T) {
	b := defaultBattle(t)
	a, err := sceneApp(b, "study", testCatalogue, image.Pt(1280, 800), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := a.scene.(*study)
	if !ok {
		t.Fatalf("-scene study shows %T", a.scene)
	}
	if err := s.pose("E4", "C1"); err != nil {
		t.Fatal(err)
	}
	c1 := s.hex(t, "C1")
	tiger := s.g.battle.UnitsAt(c1)[0]
	if s.zone == nil || s.zoneMode != zoneFire {
		t.Fatal("no kill zone")
	}
	if q := s.zone.Query; q.Firer.Type.Name != "M4A3E8" || q.Target.Type.Name != tiger.Type.Name || q.TargetFacing != tiger.Pose.Facing || q.At != s.hex(t, "E4") {
		t.Errorf("zone of %s at %s facing %s from %s, want the M4A3E8 in E4 at the %s facing %s",
			q.Firer.Type.Name, q.Target.Type.Name, q.TargetFacing, s.base.Board.Label(q.At), tiger.Type.Name, tiger.Pose.Facing)
	}
	if h, ok := s.g.Hovered(); !ok || h != c1 {
		t.Errorf("hovered %v %v, want C1", h, ok)
	}
	img := appFrame(a)
	for _, band := range killzone.Bands {
		opaque := band.Colour
		opaque.A = 0xff
		if n := countColour(img, s.legendRect(), opaque, 3); n < 20 {
			t.Errorf("the legend has %d pixels of the %s swatch, want a swatch", n, band.Label)
		}
	}
	for _, bad := range [][2]string{{"Z99", ""}, {"E4", "C99"}} {
		if err := s.pose(bad[0], bad[1]); err == nil || !strings.Contains(err.Error(), "99") {
			t.Errorf("pose(%q, %q): error %v, want one naming the hex", bad[0], bad[1], err)
		}
	}
}

// TestStudyNextMap steps N through every map the study offers: it asks
// first while units are set out, and opens each embedded scenario's map
// in turn, then a blank map of each hex orientation, then the first
// scenario's, back round to the one it opened on.
func TestStudyNextMap(t *testing.T) {
	a, s := testStudy(t)
	var cycle []string
	for _, e := range a.scenarios() {
		cycle = append(cycle, e.source)
	}
	cycle = append(cycle, studyBlankMaps...)
	first := slices.Index(cycle, s.source)
	if first < 0 {
		t.Fatalf("the study opened on %q, not one of %v", s.source, cycle)
	}
	var next studyKeys
	next[studyNextMap] = true
	s.frame(a, Intents{}, next)
	if s.asking == nil || a.scene != scene(s) {
		t.Fatalf("N with %d units set out did not ask first", len(s.pieces))
	}
	s.asking.Yes()
	for i := 1; i <= len(cycle); i++ {
		s = a.scene.(*study)
		if want := cycle[(first+i)%len(cycle)]; s.source != want {
			t.Fatalf("N %d opened %q, want %q", i, s.source, want)
		}
		if strings.HasPrefix(s.source, BlankPrefix) && (s.base.Board.Width != 30 || s.base.Board.Height != 20 || len(s.pieces) != 0) {
			t.Errorf("%s is %dx%d with %d units", s.source, s.base.Board.Width, s.base.Board.Height, len(s.pieces))
		}
		s.pieces = nil // nothing to lose: N opens the next map at once
		s.frame(a, Intents{}, next)
	}
}

// TestStudyKeysModifiers pins which study action a key gives with the
// modifiers held: Shift with a letter that has a battle Shift binding is
// not the study's plain letter, Ctrl+S saves and S alone lays smoke.
func TestStudyKeysModifiers(t *testing.T) {
	tests := []struct {
		name        string
		key         ebiten.Key
		ctrl, shift bool
		want        studyAction // studyActionCount: none
	}{
		{"S lays smoke", ebiten.KeyS, false, false, studySmoke},
		{"Shift+S is the battle's save, not smoke", ebiten.KeyS, false, true, studyActionCount},
		{"Ctrl+S saves the study", ebiten.KeyS, true, false, studySave},
		{"P pins", ebiten.KeyP, false, false, studyPinned},
		{"Shift+P is the sniper's, not pinned", ebiten.KeyP, false, true, studyActionCount},
		{"Shift+A is the overrun's, not add", ebiten.KeyA, false, true, studyActionCount},
		{"Shift+F is resolve, not the zone's facing", ebiten.KeyF, false, true, studyActionCount},
		{"Shift+M is mute, not movement", ebiten.KeyM, false, true, studyActionCount},
		{"Shift+N has no battle binding: next map", ebiten.KeyN, false, true, studyNextMap},
		{"Ctrl+A is nothing", ebiten.KeyA, true, false, studyActionCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := studyKeysOf(func(k ebiten.Key) bool { return k == tt.key }, tt.ctrl, tt.shift)
			for a := studyAction(0); a < studyActionCount; a++ {
				if got[a] != (a == tt.want) {
					t.Errorf("action %d: %v, want %v", a, got[a], a == tt.want)
				}
			}
		})
	}
}
