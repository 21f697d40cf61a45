package game

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/units"
)

// duel is an M4A3E8 in A3 and a Tiger in C3 facing away, the dice seeded.
func duel(t *testing.T, seed uint64) *battle.Battle {
	return seededBattle(t, board.DefaultLayout, nil, seed,
		placed{"M4A3E8", maps.Allies, "A3", board.DirSE}, // 1
		placed{"Tiger I", maps.Axis, "C3", board.DirSE},  // 2
	)
}

func TestShotMarks(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		b := duel(t, seed)
		events, err := b.Apply(battle.Fire{Unit: 1, Target: 2})
		if err != nil {
			t.Fatal(err)
		}
		marks := shotMarks(b, events)
		if len(marks) != 1 {
			t.Fatalf("seed %d: %d shot marks, want 1", seed, len(marks))
		}
		m := marks[0]
		if m.from != battletest.Hex(t, b, "A3") || m.to != battletest.Hex(t, b, "C3") {
			t.Errorf("seed %d: shot from %s to %s, want A3 to C3", seed, b.Board().Label(m.from), b.Board().Label(m.to))
		}
		tiger := b.Unit(2)
		if want := tiger.Eliminated || tiger.Has(battle.Immobile); m.hit != want {
			t.Errorf("seed %d: hit = %v, want %v (%s)", seed, m.hit, want, events[0].Text)
		}
		if !strings.HasSuffix(strings.ReplaceAll(events[0].Text, "_", " "), ": "+m.text) || strings.Contains(m.text, "_") {
			t.Errorf("seed %d: result %q, want the end of %q in words", seed, m.text, events[0].Text)
		}
		seen[m.hit] = true
	}
	if !seen[true] || !seen[false] {
		t.Errorf("30 seeds gave hits %v: want both a shot that struck and one that did not", seen)
	}
}

func TestEffectText(t *testing.T) {
	tests := []struct {
		elim, pinned, reduced int
		want                  string
		hit                   bool
	}{
		{0, 0, 0, "no effect", false},
		{1, 0, 0, "1 eliminated", true},
		{1, 2, 1, "1 eliminated, 1 reduced, 2 pinned", true},
		{0, 12, 0, "12 pinned", true},
	}
	for _, tt := range tests {
		if have, hit := effectText(tt.elim, tt.pinned, tt.reduced); have != tt.want || hit != tt.hit {
			t.Errorf("effectText(%d, %d, %d) = %q, %v; want %q, %v", tt.elim, tt.pinned, tt.reduced, have, hit, tt.want, tt.hit)
		}
	}
}

// TestWreckMarker checks that an eliminated tank leaves a wreck drawn in
// its hex, and a live one none.
func TestWreckMarker(t *testing.T) {
	var b *battle.Battle
	for seed := uint64(1); seed <= 30 && b == nil; seed++ {
		d := duel(t, seed)
		if _, err := d.Apply(battle.Fire{Unit: 1, Target: 2}); err != nil {
			t.Fatal(err)
		}
		if d.Unit(2).Eliminated {
			b = d
		}
	}
	if b == nil {
		t.Fatal("no seed of 30 eliminates the Tiger")
	}
	g := shotGame(t, b, "", "")
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	spot := func(label string) image.Point {
		x, y := v.HexCenter(battletest.Hex(t, b, label))
		r := v.HexRadius()
		return image.Pt(int(x+r*0.35), int(y+r*0.3))
	}
	img := frame(g)
	box := func(at image.Point) image.Rectangle {
		return image.Rectangle{Min: at.Sub(image.Pt(6, 4)), Max: at.Add(image.Pt(6, 4))}
	}
	if n, x := countColour(img, box(spot("C3")), colWreck, 3), countColour(img, box(spot("C3")), colWreckX, 3); n < 5 || x < 5 {
		t.Errorf("wreck in C3: %d pixels of the hull, %d of the cross; want both", n, x)
	}
	if n := countColour(img, box(spot("A3")), colWreckX, 3); n > 0 {
		t.Errorf("%d wreck pixels at the live tank in A3", n)
	}
}

func TestAdvanceHexes(t *testing.T) {
	b := infantryScene(t, 1)
	squad := b.Unit(9) // the US squad in D5, next to the Germans in E5
	if have := advanceHexes(b, squad); have != nil {
		t.Errorf("advance hexes in the Fire phase = %v, want none", have)
	}
	for b.Phase() != battle.AdvancePhase {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	hexes := advanceHexes(b, squad)
	if len(hexes) == 0 {
		t.Fatal("the squad in D5 may advance nowhere")
	}
	var labels []string
	for _, h := range hexes {
		labels = append(labels, b.Board().Label(h))
		if h.Distance(squad.Pose.Hex) != 1 {
			t.Errorf("advance hex %s is not next to D5", b.Board().Label(h))
		}
	}
	if slices.Contains(labels, "E5") {
		t.Errorf("advance hexes %v include E5, held by the enemy (that is an assault)", labels)
	}
	if have := advanceHexes(b, b.Unit(8)); have != nil {
		t.Errorf("advance hexes of an enemy unit = %v, want none", have)
	}
}

// TestPassLeavesNoLine gives an opportunity-fire pass in C9: the chance
// the log told is taken back with it, and the move, on to its next chance
// in D10, reads as one line.
func TestPassLeavesNoLine(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "", "")
	g.issue(battle.EndPhase{}) // Fire → Movement
	sherman := moveSherman(t, g)
	chance := "the Axis may opportunity-fire at " + sherman.Label() + " in C9"
	if log := logText(g); !strings.Contains(log, chance) {
		t.Fatalf("the log does not tell the chance of opportunity fire in C9:\n%s", log)
	}
	var space Intents
	space.Triggered[ActionEndPhase] = true
	g.apply(space)
	if g.ask == nil || !strings.Contains(g.ask.Text, "Pass opportunity fire") {
		t.Fatalf("Space during opportunity fire: question %+v, want one asking to pass", g.ask)
	}
	var yes Intents
	yes.Triggered[ActionYes] = true
	g.apply(yes)
	log := logText(g)
	if strings.Contains(log, chance) || strings.Contains(log, "pass") {
		t.Errorf("the log after a pass still tells the chance in C9, or the pass:\n%s", log)
	}
	if !strings.Contains(log, sherman.Label()+" moves B9 → C9 → D10") {
		t.Errorf("the log does not tell the move as one line:\n%s", log)
	}
}

// TestSpaceWithNothingToDo ends the phase at once when no unit can act.
func TestSpaceWithNothingToDo(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil, placed{"US Leader", maps.Allies, "A1", 0}, placed{"German Leader", maps.Axis, "E5", 0})
	g := shotGame(t, b, "", "")
	var space Intents
	space.Triggered[ActionEndPhase] = true
	g.apply(space) // the Allies' Fire phase: a leader does not fire
	if g.ask != nil || b.Phase() != battle.Movement {
		t.Errorf("after Space: question %v, phase %v; want none, Movement", g.ask, b.Phase())
	}
}

// TestLoadedLogMatchesBoard loads a save over a battle and finds the log
// telling the loaded battle's orders, not the old battle's.
func TestLoadedLogMatchesBoard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "save.json")
	saved := defaultBattle(t)
	if _, err := saved.Apply(battle.Fire{Unit: battletest.Unit(t, saved, "M4A3E8"), Target: battletest.Unit(t, saved, "Tiger I")}); err != nil {
		t.Fatal(err)
	}
	if err := saved.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	g, err := New(defaultBattle(t), Options{SavePath: path, Size: image.Pt(1280, 800), Scripted: true})
	if err != nil {
		t.Fatal(err)
	}
	g.issue(battle.EndPhase{}) // something the loaded battle did not do
	var f9, yes Intents
	f9.Triggered[ActionLoadSave] = true
	yes.Triggered[ActionYes] = true
	g.apply(f9)
	if g.ask == nil {
		t.Fatal("F9 over a battle in progress did not ask")
	}
	g.apply(yes)
	log := logText(g)
	if strings.Contains(log, "Movement phase") {
		t.Errorf("log after loading tells of the old battle's Movement phase:\n%s", log)
	}
	if !strings.Contains(log, "M4A3E8 #1 fires at Tiger I #9") {
		t.Errorf("log after loading lacks the loaded battle's shot:\n%s", log)
	}
	// A loaded battle opened directly gets the same log.
	loaded, err := storage.LoadSave(storage.Dir{}, path, testCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := New(loaded, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if have, want := logText(g2), strings.TrimSuffix(log, "\n"); !strings.HasPrefix(want, have) {
		t.Errorf("log of a battle opened loaded =\n%s\nwant the start of\n%s", have, want)
	}
}

// TestSummaryOfTheOtherSide moves a Sherman, lets the Axis act and finds
// the move summed up in their panel (each time they act, what happened
// since the last time); a click on the line selects its hex.
func TestSummaryOfTheOtherSide(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "", "")
	g.issue(battle.EndPhase{}) // Fire → Movement
	sherman := moveSherman(t, g)
	if have, want := g.play.summary, []summaryLine{{sherman.Label() + " moved B9 → C9", battletest.Hex(t, b, "C9")}}; !slices.Equal(have, want) {
		t.Errorf("Axis summary at the first chance of opportunity fire = %v, want %v", have, want)
	}
	for b.Moving() != nil {
		g.issue(battle.Pass{})
	}
	g.issue(battle.EndPhase{}) // Movement → Defensive Fire: the Axis act
	want := sherman.Label() + " moved "
	var texts []string
	for _, l := range g.play.summary {
		texts = append(texts, l.text)
	}
	i := slices.IndexFunc(texts, func(s string) bool { return strings.HasPrefix(s, want) && strings.HasSuffix(s, "→ F9") })
	if i < 0 {
		t.Fatalf("Axis summary = %q, want a line of the Sherman's move ending in F9", texts)
	}
	frame(g) // the panel lays the lines out
	if i >= len(g.summaryRects) {
		t.Fatalf("%d summary lines drawn, want at least %d", len(g.summaryRects), i+1)
	}
	r := g.summaryRects[i]
	g.apply(Intents{Click: true, Cursor: image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)})
	if h, ok := g.Selected(); !ok || b.Board().Label(h) != "F9" {
		t.Errorf("selected after a click on the line = %s %v, want F9", b.Board().Label(h), ok)
	}
}

// TestBanner announces a new phase, and a person's chance of opportunity
// fire, but not the computer's nor the mover's side taking over again.
func TestBanner(t *testing.T) {
	for _, computerAxis := range []bool{false, true} {
		b := defaultBattle(t)
		opts := Options{Size: image.Pt(1280, 800), Scripted: true}
		if computerAxis {
			opts.Computer = []maps.Side{maps.Axis}
			opts.NewPlayer = func(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }
		}
		g, err := New(b, opts)
		if err != nil {
			t.Fatal(err)
		}
		if g.play.banner != "" {
			t.Errorf("banner at the start = %q, want none (the briefing said who begins)", g.play.banner)
		}
		g.issue(battle.EndPhase{}) // Fire → Movement, the Allies still act
		if want := "Allies to act: Movement phase, turn 1"; g.play.banner != want {
			t.Errorf("banner of the Movement phase = %q, want %q", g.play.banner, want)
		}
		g.play.banner = ""
		moveSherman(t, g)
		if have := g.play.banner != ""; have == computerAxis {
			t.Errorf("computer Axis %v: banner at opportunity fire = %q", computerAxis, g.play.banner)
		}
		g.play.banner = ""
		g.issue(battle.Pass{})
		if b.Moving() == nil && g.play.banner != "" {
			t.Errorf("banner when the mover's side acts again = %q, want none", g.play.banner)
		}
	}
}

// TestLongBannerFits: a banner longer than the map is wide, as the pause
// of a move under fire gives, wraps inside the map at 1024 pixels, every
// word of it drawn; a short one stays on one line.
func TestLongBannerFits(t *testing.T) {
	g := shotGame(t, defaultBattle(t), "", "")
	g.resize(image.Pt(1024, 600), 1, true)
	long := "US Rifle Half Squad #4 came through the fire in C7 (3 MP left): Space goes on, a click another way, P halts"
	for _, tt := range []struct {
		text  string
		lines int
	}{{"Allies to act: Movement phase, turn 1", 1}, {long, 2}} {
		g.play.banner, g.play.bannerUntil = tt.text, g.play.tick+100
		b := g.bannerLayout()
		if len(b.lines) != tt.lines || strings.Join(b.lines, " ") != tt.text {
			t.Errorf("%q: lines %q, want %d lines of it all", tt.text, b.lines, tt.lines)
		}
		if !b.box.In(g.view) {
			t.Errorf("%q: the banner %v runs out of the map %v", tt.text, b.box, g.view)
		}
	}
}

// moveSherman orders the Sherman Firefly in B9 of the default battle to
// F9 in the Movement phase; the Axis are offered opportunity fire on its
// way.
func moveSherman(t *testing.T, g *Game) *battle.Unit {
	t.Helper()
	b := g.battle
	sherman := b.UnitsAt(battletest.Hex(t, b, "B9"))[0]
	c := moveCommand(b, sherman, battletest.Hex(t, b, "F9"), previewOf(t, b, previewKey{unit: sherman.ID}, "F9"))
	if c.err != nil {
		t.Fatal(c.err)
	}
	g.issue(c.order)
	if g.battle.Moving() == nil {
		t.Fatal("no opportunity fire offered on the Sherman's move")
	}
	return g.battle.Unit(sherman.ID) // as the battle shown knows it now
}

// TestBattleScreenGoalAndLabels renders the default battle at its fitted
// zoom on 1280×800: the objectives K8 and L8 carry the gold ring and the
// Axis flag, and every lone counter prints its name in white type in its
// strip and its values in its body.
func TestBattleScreenGoalAndLabels(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "", "")
	img := frame(g)
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	r := v.HexRadius()
	for _, label := range []string{"K8", "L8"} {
		edge := insideEdge(g, label, board.DirS)
		if n := countColour(img, image.Rect(edge.X-3, edge.Y-3, edge.X+4, edge.Y+1), colObjective, 3); n == 0 {
			t.Errorf("%s: no gold objective ring at its south edge %v", label, edge)
		}
		c, _ := v.hexOnScreen(battletest.Hex(t, b, label))
		k := max(5, r/3.2)
		flag := image.Pt(int(float64(c.X)-r*0.82+k*0.5), int(float64(c.Y)-k*1.4+k*0.4))
		if have, want := img.RGBAAt(flag.X, flag.Y), boardview.SideColour(maps.Axis); !uitest.ColourNear(have, want, 8) {
			t.Errorf("%s: flag at %v = %v, want the Axis colour %v (they hold it)", label, flag, have, want)
		}
	}
	size := g.counters.Size(g.cam)
	if size < boardview.FullFaceSize {
		t.Fatalf("counters are %.0f pixels at the default zoom, below the labelled size %d", size, boardview.FullFaceSize)
	}
	for _, u := range b.Units() {
		if len(b.UnitsAt(u.Pose.Hex)) != 1 || u.Type.Kind == units.HalfSquad {
			continue
		}
		x, y := v.HexCenter(u.Pose.Hex)
		half := size / 2
		strip := image.Rect(int(x-half+2), int(y-half+2), int(x+half-2), int(y-half+size*0.28))
		if n := countColour(img, strip, boardview.InkLight, 60); n < 8 {
			t.Errorf("%s: %d white pixels of its name in the strip %v", u.Label(), n, strip)
		}
		values := image.Rect(int(x-half+2), int(y+size*0.15), int(x+half-2), int(y+half-2))
		if n := countColour(img, values, boardview.InkLight, 60) + countColour(img, values, boardview.InkDark, 60); n < 8 {
			t.Errorf("%s: %d pixels of ink in its values row %v", u.Label(), n, values)
		}
	}
}

func TestPhaseAbility(t *testing.T) {
	b := defaultBattle(t)
	tank, leader, tiger := b.Unit(1), b.Unit(8), b.Unit(9) // the M4A3E8, the US Leader, the Tiger
	tests := []struct {
		u    *battle.Unit
		want string
	}{
		{tank, "this phase: may still fire"},
		{tiger, "this phase: the Allies act, not this unit's side"},
		{leader, "this phase: a leader fires no weapon of his own: he directs the fire of a unit in his hex"},
	}
	for _, tt := range tests {
		if have := phaseAbility(b, tt.u); have != tt.want {
			t.Errorf("%s: %q, want %q", tt.u.Label(), have, tt.want)
		}
	}
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if have, want := phaseAbility(b, tank), "this phase: may still move"; have != want {
		t.Errorf("Movement: %q, want %q", have, want)
	}
	// Units that cannot act say why, in the phase's words.
	tank.Markers |= battle.Fired
	if have, want := phaseAbility(b, tank), "this phase: fired in this turn's Allied Fire phase and may not move"; have != want {
		t.Errorf("Movement, the tank marked Fire: %q, want %q", have, want)
	}
	tank.Markers = battle.Moved
	if have, want := phaseAbility(b, tank), "this phase: has already moved in this turn's Allied Movement phase"; have != want {
		t.Errorf("Movement, the tank marked Move: %q, want %q", have, want)
	}
	tank.Markers = battle.Pinned
	if have, want := phaseAbility(b, tank), "this phase: pinned: it neither fires nor moves until it rallies"; have != want {
		t.Errorf("Movement, the tank pinned: %q, want %q", have, want)
	}
}

// TestPickFromStack clicks each counter of the fanned stack in B3 (two
// US squads and a leader) where it shows, and gets that unit.
func TestPickFromStack(t *testing.T) {
	b := infantryScene(t, 1)
	g := shotGame(t, b, "", "")
	size := g.counters.Size(g.cam)
	c := hexScreen(g, "B3")
	step := boardview.StackStep * size
	tests := []struct {
		name string
		at   image.Point
		want battle.UnitID
	}{
		// The bottom-left counter shows left of the one over it.
		{"first squad", image.Pt(c.X-int(size/2+step/4), c.Y), 1},
		{"second squad", image.Pt(c.X-int(size*0.4), c.Y+int(size*0.4)), 2},
		{"leader, on top", image.Pt(c.X+int(step), c.Y-int(step)), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g.selectUnit(0)
			g.apply(Intents{Cursor: tt.at, CursorIn: true, Click: true})
			if g.play.unit != tt.want {
				t.Errorf("click at %v (B3 at %v, counters %.0f px, hovered %s) selected unit %d, want %d", tt.at, c, size, b.Board().Label(g.hovered), g.play.unit, tt.want)
			}
		})
	}
}

// TestCardWithoutPanel hides the panel and hovers an enemy unit with
// nothing selected: its card shows in the corner of the map.
func TestCardWithoutPanel(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "", "C1")
	var i Intents
	i.Triggered[ActionTogglePanel] = true
	g.apply(i)
	tip := g.tooltip()
	if len(tip) == 0 || !strings.HasPrefix(tip[0].text, "Tiger I #9") {
		t.Fatalf("tooltip = %+v, want the Tiger's card", tip)
	}
	img := frame(g)
	corner := image.Rect(g.view.Min.X, g.view.Max.Y-200, g.view.Min.X+300, g.view.Max.Y)
	if n := countColour(img, corner, ui.ColPanelKey, 8); n < 20 {
		t.Errorf("%d pixels of the card's title in the map's corner, want its name", n)
	}
}

// TestSummaryLines: a unit's move since the reader last acted is one line,
// and a turn in place reads as a turn, not as a move to its own hex.
func TestSummaryLines(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "", "")
	g.issue(battle.EndPhase{}) // Fire → Movement
	sherman := moveSherman(t, g)
	for b.Moving() != nil {
		g.issue(battle.Pass{})
	}
	tiger := b.Unit(9)
	g.issue(battle.EndPhase{}) // Movement → Defensive Fire: the Axis act
	var texts []string
	for _, l := range g.play.summary {
		texts = append(texts, l.text)
	}
	// Since the Axis last acted (their last chance of opportunity fire),
	// the Sherman's move is one line, whatever was fired at it on the way.
	moves := 0
	for _, s := range texts {
		if strings.HasPrefix(s, sherman.Label()+" moved ") {
			moves++
		}
	}
	if moves != 1 {
		t.Errorf("the Sherman's move takes %d lines, want 1: %q", moves, texts)
	}
	// The Axis turn the Tiger in place in their Movement phase; the Allies
	// read it as a turn.
	for b.Phasing() != maps.Axis || b.Phase() != battle.Movement {
		g.issue(battle.EndPhase{})
	}
	g.issue(battle.Turn{Unit: tiger.ID, Facing: tiger.Pose.Facing.Rotate(1)})
	for b.Acting() != maps.Allies {
		g.issue(battle.EndPhase{})
	}
	want := fmt.Sprintf("%s turned to %v in C1", tiger.Label(), tiger.Pose.Facing)
	if !slices.ContainsFunc(g.play.summary, func(l summaryLine) bool { return l.text == want }) {
		t.Errorf("allied summary lacks %q: %v", want, g.play.summary)
	}
}

// TestAttackLabels: the label an attack leaves at its target hex tells
// what it did to the units of that hex, and nothing else: an assault's
// pinned defenders, eliminated before its roll, count (the label said "no
// effect" while they died); the attackers' own losses and a second attack
// of the same order do not.
func TestAttackLabels(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"US Rifle Squad", maps.Allies, "C4", 0},        // 1
		placed{"German Rifle Squad", maps.Axis, "C3", 0},      // 2
		placed{"German Rifle Half Squad", maps.Axis, "C3", 0}, // 3
	)
	c3, c4 := battletest.Hex(t, b, "C3"), battletest.Hex(t, b, "C4")
	ev := func(k battle.EventKind, unit battle.UnitID, h board.Hex) battle.Event {
		return battle.Event{Kind: k, Unit: unit, Hex: h}
	}
	type label struct {
		text string
		hit  bool
	}
	for _, tc := range []struct {
		name   string
		events []battle.Event
		want   []label
	}{
		{"an assault that wins", []battle.Event{ev(battle.UnitEliminated, 3, c3), ev(battle.HexAssaulted, 1, c3),
			ev(battle.UnitEliminated, 2, c3), ev(battle.UnitPinned, 1, c4)}, []label{{"2 eliminated", true}}},
		{"an assault on pinned units alone", []battle.Event{ev(battle.UnitEliminated, 2, c3), ev(battle.UnitEliminated, 3, c3),
			ev(battle.HexAssaulted, 1, c3)}, []label{{"2 eliminated", true}}},
		{"an assault that fails", []battle.Event{ev(battle.HexAssaulted, 1, c3), ev(battle.UnitReduced, 1, c4)},
			[]label{{"no effect", false}}},
		{"two AP attacks", []battle.Event{ev(battle.HexFired, 1, c3), ev(battle.UnitPinned, 2, c3),
			ev(battle.HexFired, 1, c3), ev(battle.UnitEliminated, 3, c3), ev(battle.UnitReduced, 2, c3)},
			[]label{{"1 pinned", true}, {"1 eliminated, 1 reduced", true}}},
		{"AP fire before an assault", []battle.Event{ev(battle.HexFired, 1, c3), ev(battle.UnitPinned, 2, c3),
			ev(battle.HexAssaulted, 1, c3)}, []label{{"1 pinned", true}, {"no effect", false}}},
	} {
		var got []label
		for _, m := range shotMarks(b, tc.events) {
			got = append(got, label{m.text, m.hit})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: labels %v, want %v", tc.name, got, tc.want)
		}
	}
}

// firingPlayer fires each of its side's units in turn at the first enemy
// it knows, then ends the phase: a Fire phase of several shots.
type firingPlayer struct{}

func (firingPlayer) Next(v *battle.View) (battle.Order, string) {
	if v.Phase == battle.FirePhase && v.Acting == v.Side && len(v.Enemy) > 0 {
		for _, u := range v.Own {
			if u.Active() && !u.Has(battle.Fired) {
				return battle.Fire{Unit: u.ID, Target: v.Enemy[0].ID}, "a shot"
			}
		}
	}
	return battle.EndPhase{}, "nothing left to do"
}

// TestComputerShotsWatchable plays the computer's Fire phase of three
// shots at the person's tanks at the default pace: each shot is on the map
// (its line and result) and in the log before the next is fired, for at
// least watchTicks; at the instant pace nothing holds the next back.
func TestComputerShotsWatchable(t *testing.T) {
	for _, pace := range []int{defaultComputerDelay, 1} {
		b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 3, Fog: battle.FogOff},
			placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
			placed{"M4A3E8", maps.Allies, "B3", board.DirSE},
			placed{"M4A3E8", maps.Allies, "B4", board.DirSE},
			placed{"Tiger I", maps.Axis, "E3", board.DirNW},
			placed{"Tiger I", maps.Axis, "E4", board.DirNW},
		)
		g, err := New(b, Options{Scripted: true, Size: image.Pt(1280, 800), Computer: []maps.Side{maps.Allies}, Pace: pace,
			NewPlayer: func(*battle.View, uint64, string) (Player, error) { return firingPlayer{}, nil }})
		if err != nil {
			t.Fatal(err)
		}
		g.Layout(1280, 800)
		var fired []int // the tick of each shot
		for n := 0; len(fired) < 3 && n < 2000; n++ {
			before := len(b.Orders())
			g.step(Intents{})
			if len(b.Orders()) == before {
				continue
			}
			o := b.Orders()[before]
			if _, ok := o.(battle.Fire); !ok {
				continue
			}
			fired = append(fired, g.play.tick)
			if len(g.play.shots) == 0 || g.play.shotsUntil <= g.play.tick {
				t.Fatalf("pace %d: shot %d is not drawn", pace, len(fired))
			}
			if last := g.play.log.lines[len(g.play.log.lines)-1].text; !strings.Contains(logText(g), "M4A3E8 #"+strconv.Itoa(len(fired))+" fires at") {
				t.Fatalf("pace %d: shot %d is not in the log (last line %q)", pace, len(fired), last)
			}
		}
		if len(fired) != 3 {
			t.Fatalf("pace %d: %d shots fired, want 3", pace, len(fired))
		}
		for i := 1; i < len(fired); i++ {
			gap := fired[i] - fired[i-1]
			if pace == 1 && gap > 2 || pace != 1 && gap < watchTicks(pace) {
				t.Errorf("pace %d: shot %d came %d ticks after shot %d, want %s %d", pace, i+1, gap, i,
					map[bool]string{true: "at most", false: "at least"}[pace == 1], map[bool]int{true: 2, false: watchTicks(pace)}[pace == 1])
			}
		}
	}
}

// TestMoveTrail: the trail of an order's events is the enemy's steps from
// hex to hex, in order; a turn in place and the viewer's own moves are no
// part of it.
func TestMoveTrail(t *testing.T) {
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
		placed{"Tiger I", maps.Axis, "E3", board.DirNW},
	)
	h := func(label string) board.Hex { return battletest.Hex(t, b, label) }
	pose := func(label string, d board.Direction) board.Pose { return board.Pose{Hex: h(label), Facing: d} }
	events := []battle.Event{
		{Kind: battle.UnitMoved, Unit: 2, From: pose("E3", board.DirNW), To: pose("D3", board.DirNW)},
		{Kind: battle.UnitMoved, Unit: 2, From: pose("D3", board.DirNW), To: pose("D3", board.DirSW)}, // a turn
		{Kind: battle.UnitMoved, Unit: 1, From: pose("B2", board.DirSE), To: pose("C3", board.DirSE)}, // the viewer's own
		{Kind: battle.UnitFired, Unit: 2, Target: 1},
		{Kind: battle.UnitMoved, Unit: 2, From: pose("D3", board.DirSW), To: pose("C4", board.DirSW)},
	}
	for _, tt := range []struct {
		viewer maps.Side
		want   []trailStep
	}{
		{maps.Allies, []trailStep{{h("E3"), h("D3"), maps.Axis}, {h("D3"), h("C4"), maps.Axis}}},
		{maps.Axis, []trailStep{{h("B2"), h("C3"), maps.Allies}}},
	} {
		if have := moveTrail(b, events, tt.viewer); !slices.Equal(have, tt.want) {
			t.Errorf("%s's trail %v, want %v", tt.viewer, have, tt.want)
		}
	}
}
