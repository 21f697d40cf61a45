package battle

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/elimination" // the default ruleset, registered for every test battle
	"hexfire/maps"
	"hexfire/units"
)

var testCatalogue = func() *units.Catalogue {
	c, err := units.Default(elimination.Ruleset{})
	if err != nil {
		panic(err)
	}
	return c
}()

// unitAt places a unit for a test: type, side, hex label, facing.
type unitAt struct {
	typ    string
	side   maps.Side
	hex    string
	facing board.Direction
}

// fixture is a small battle for a test: an ASCII map, units, scenario
// properties, and dice (nil: seeded with 1).
type fixture struct {
	grid  string
	units []unitAt
	props map[string]string
	turns int
	dice  []int
	rules string // the ruleset, when not the scenario's elimination
	// placed are the object properties of some placements, by the index of
	// the unit in units ("weapons": "MG34").
	placed map[int]map[string]string
	// hidden are the units (by index in units) set up hidden.
	hidden []int
	// version plays by the rules of a save of that version (Config.Version).
	version int
}

func (f fixture) scenario(t *testing.T) *maps.Scenario {
	t.Helper()
	bd, err := board.ParseASCII(board.DefaultLayout, f.grid)
	if err != nil {
		t.Fatalf("fixture map: %v", err)
	}
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		Turns: f.turns, FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: f.props}
	if sc.Properties == nil {
		sc.Properties = map[string]string{}
	}
	for i, u := range f.units {
		h, err := bd.ParseHex(u.hex)
		if err != nil {
			t.Fatalf("fixture unit %d: %v", i, err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: u.facing, Properties: f.placed[i],
			Hidden: slices.Contains(f.hidden, i)})
	}
	return sc
}

func (f fixture) battle(t *testing.T) *Battle {
	t.Helper()
	cfg := Config{Seed: 1, Ruleset: f.rules, Version: f.version}
	if f.dice != nil {
		cfg.Dice = combat.NewFixedDice(f.dice...)
	}
	b, err := New(f.scenario(t), testCatalogue, cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return b
}

// apply applies orders that must succeed and returns the events of all.
func apply(t *testing.T, b *Battle, orders ...Order) []Event {
	t.Helper()
	var all []Event
	for _, o := range orders {
		events, err := b.Apply(o)
		if err != nil {
			t.Fatalf("Apply(%#v): %v", o, err)
		}
		all = append(all, events...)
	}
	return all
}

func hexOf(t *testing.T, b *Battle, label string) board.Hex {
	t.Helper()
	h, err := b.Board().ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func pose(t *testing.T, b *Battle, label string, d board.Direction) board.Pose {
	return board.Pose{Hex: hexOf(t, b, label), Facing: d}
}

const openMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`

func TestSequenceOfPlay(t *testing.T) {
	b := fixture{grid: openMap, turns: 2, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"Tiger I", maps.Axis, "G1", board.DirS},
	}}.battle(t)
	type state struct {
		turn           int
		phasing, actor maps.Side
		phase          Phase
	}
	at := func() state { return state{b.Turn(), b.Phasing(), b.Acting(), b.Phase()} }
	steps := []state{
		{1, maps.Allies, maps.Allies, FirePhase}, // Command passes by itself
		{1, maps.Allies, maps.Allies, Movement},
		{1, maps.Allies, maps.Axis, DefensiveFire},
		{1, maps.Allies, maps.Allies, AdvancePhase},
		{1, maps.Axis, maps.Axis, FirePhase}, // After-Action and Command pass by themselves
		{1, maps.Axis, maps.Axis, Movement},
		{1, maps.Axis, maps.Allies, DefensiveFire},
		{1, maps.Axis, maps.Axis, AdvancePhase},
		{2, maps.Allies, maps.Allies, FirePhase},
		{2, maps.Allies, maps.Allies, Movement},
		{2, maps.Allies, maps.Axis, DefensiveFire},
		{2, maps.Allies, maps.Allies, AdvancePhase},
		{2, maps.Axis, maps.Axis, FirePhase},
		{2, maps.Axis, maps.Axis, Movement},
		{2, maps.Axis, maps.Allies, DefensiveFire},
		{2, maps.Axis, maps.Axis, AdvancePhase},
	}
	for i, want := range steps {
		if have := at(); have != want {
			t.Fatalf("after %d end-phase orders: %+v, want %+v", i, have, want)
		}
		apply(t, b, EndPhase{})
	}
	r := b.Result()
	if r == nil {
		t.Fatalf("after the last turn: no result")
	}
	if r.Winner != "" || r.Turn != 2 {
		t.Errorf("result = %+v, want a draw on turn 2 (nothing was destroyed)", r)
	}
	if _, err := b.Apply(EndPhase{}); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("order after the end: error %v, want one saying the battle is over", err)
	}
}

func TestOrdersRefused(t *testing.T) {
	base := fixture{grid: `
. . . . . . . .
. . . W . . . .
. . . . . . . .
. . . B . . . .
. . . . . . . .
. . . . . . . .
`, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},   // 1
		{"M4 (75)", maps.Allies, "C5", board.DirN},  // 2
		{"M10", maps.Allies, "C5", board.DirN},      // 3
		{"US Rifle Squad", maps.Allies, "E5", 0},    // 4
		{"Tiger I", maps.Axis, "B1", board.DirS},    // 5
		{"German Rifle Squad", maps.Axis, "H1", 0},  // 6
		{"Pak 40", maps.Axis, "H6", board.DirNW},    // 7
		{"M3 Halftrack", maps.Allies, "F6", 0},      // 8
		{"US Leader", maps.Allies, "B5", 0},         // 9
		{"German Leader", maps.Axis, "G1", 0},       // 10
		{"M4A3E8", maps.Allies, "A6", board.DirN},   // 11
		{"StuG III G", maps.Axis, "E1", board.DirN}, // 12
	}}
	tests := []struct {
		name   string
		before []Order // applied first, must succeed
		order  Order
		want   string // part of the error
	}{
		{"move in the Fire phase", nil, Move{Unit: 1, Path: nil}, "Movement phase"},
		{"the other side's unit", nil, Fire{Unit: 5, Target: 1}, "it is the allies who act"},
		{"no such unit", nil, Fire{Unit: 99, Target: 1}, "no unit #99"},
		{"fire at a friend", nil, Fire{Unit: 1, Target: 2}, "friendly"},
		{"AT fire at infantry", nil, Fire{Unit: 1, Target: 6}, "infantry"},
		{"no line of sight", nil, Fire{Unit: 2, Target: 12}, "no line of sight"},
		{"fire twice", []Order{Fire{Unit: 1, Target: 5}}, Fire{Unit: 1, Target: 5}, "already fired"},
		{"move after firing", []Order{Fire{Unit: 11, Target: 5}, EndPhase{}}, Move{Unit: 11, Path: []board.Pose{{Hex: board.Hex{}, Facing: 0}}}, "fired in this turn's Allied Fire phase and may not move"},
		{"fire in the Movement phase", []Order{EndPhase{}}, Fire{Unit: 1, Target: 5}, "Fire and Defensive Fire"},
		{"empty path", []Order{EndPhase{}}, Move{Unit: 1}, "path of M4A3E8 #1 is empty"},
		{"defensive fire by the phasing side", []Order{EndPhase{}, EndPhase{}}, Fire{Unit: 1, Target: 5}, "axis who act"},
		{"advance two hexes", []Order{EndPhase{}, EndPhase{}, EndPhase{}}, Advance{Unit: 4, To: board.Hex{Q: 4, R: 5}}, "not next to"},
		{"leader in another hex", nil, Fire{Unit: 4, Target: 5, Leader: 9}, "must be in the firer's hex"},
		{"leader directs a tank", nil, Fire{Unit: 1, Target: 5, Leader: 9}, "leaders direct infantry fire"},
		{"smoke with no supply", nil, FireSmoke{Unit: 1, Hex: board.Hex{Q: 1, R: 0}}, "smoke factors"},
		{"infantry fires a smoke round", nil, FireSmoke{Unit: 4, Hex: board.Hex{Q: 4, R: 0}}, "infantry place Smoke 1"},
		{"load in the Fire phase", nil, Load{Unit: 4, Carrier: 8}, "Movement phase"},
		{"load in another hex", []Order{EndPhase{}}, Load{Unit: 4, Carrier: 8}, "same hex"},
		{"unload when not aboard", []Order{EndPhase{}}, Unload{Unit: 4}, "not aboard"},
		{"pass with no move", nil, Pass{}, "no move is waiting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := base.battle(t)
			apply(t, b, tt.before...)
			assertRefused(t, b, tt.order, tt.want)
		})
	}
}

// assertRefused checks that Check and Apply both refuse order o with the
// same *OrderError whose text contains want, and that neither changes b.
func assertRefused(t *testing.T, b *Battle, o Order, want string) {
	t.Helper()
	before := b.Digest()
	checked := b.Check(o)
	if b.Digest() != before {
		t.Fatalf("Check changed the battle")
	}
	_, err := b.Apply(o)
	if checked == nil || err == nil || checked.Error() != err.Error() {
		t.Errorf("Check = %v, Apply = %v: want the same refusal", checked, err)
	}
	var oe *OrderError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Apply(%#v) error = %v, want an OrderError containing %q", o, err, want)
	}
	if b.Digest() != before {
		t.Errorf("a refused order changed the battle")
	}
}

func TestMovesRefused(t *testing.T) {
	f := fixture{grid: `
. . . . . .
. . B . . .
. . . . . .
. . . . . .
. . . . . .
`, units: []unitAt{
		{"M4A3E8", maps.Allies, "C3", board.DirN},   // 1: faces the building in C2
		{"M4 (75)", maps.Allies, "D4", board.DirN},  // 2
		{"M10", maps.Allies, "D4", board.DirN},      // 3
		{"M3 Halftrack", maps.Allies, "D5", 0},      // 4
		{"Tiger I", maps.Axis, "F1", board.DirS},    // 5
		{"Pz IV H", maps.Axis, "D2", board.DirS},    // 6
		{"US Rifle Squad", maps.Allies, "A4", 0},    // 7
		{"StuG III G", maps.Axis, "A1", board.DirN}, // 8
	}}
	tests := []struct {
		name string
		unit UnitID
		path []string // "C2 N"
		want string
	}{
		{"into a building", 1, []string{"C2 N"}, "building"},
		{"into an enemy hex", 2, []string{"D3 N", "D2 N"}, "enemy"},
		{"over-stacked", 4, []string{"D4 N"}, "stacking"},
		{"sideways", 1, []string{"D3 N"}, "facing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := f.battle(t)
			apply(t, b, EndPhase{})
			var path []board.Pose
			for _, s := range tt.path {
				p, err := parsePose(b.Board(), s)
				if err != nil {
					t.Fatal(err)
				}
				path = append(path, p)
			}
			_, err := b.Apply(Move{Unit: tt.unit, Path: path})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("move %v: error %v, want one containing %q", tt.path, err, tt.want)
			}
		})
	}
}

func TestFireAppliesTheOutcome(t *testing.T) {
	// M4A3E8 (ATFP D) at range 3 on the Tiger's front (E): needs 10, EN 5.
	tests := []struct {
		name       string
		dice       []int
		want       string
		eliminated bool
		immobile   bool
	}{
		{"miss", []int{6, 6}, "miss", false, false},
		{"no effect", []int{3, 3, 6, 6}, "no effect", false, false},
		{"immobilized, crew stays", []int{3, 3, 2, 3, 4}, "immobilized", false, true},
		{"immobilized, crew bails out", []int{3, 3, 2, 3, 2}, "abandoned", true, false},
		{"eliminated", []int{3, 3, 1, 1}, "eliminated", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, dice: tt.dice, units: []unitAt{
				{"M4A3E8", maps.Allies, "B5", board.DirN},
				{"Tiger I", maps.Axis, "B2", board.DirS},
			}}.battle(t)
			events := apply(t, b, Fire{Unit: 1, Target: 2})
			if events[0].Kind != UnitFired || events[0].Outcome == nil {
				t.Fatalf("first event = %+v, want UnitFired with an outcome", events[0])
			}
			out := events[0].Outcome
			if out.Headline() != tt.want {
				t.Errorf("result = %v, want %v (steps: %q)", out.Headline(), tt.want, out.Steps)
			}
			tiger := b.Unit(2)
			if tiger.Eliminated != tt.eliminated || tiger.Has(Immobile) != tt.immobile {
				t.Errorf("Tiger eliminated=%v immobile=%v, want %v %v", tiger.Eliminated, tiger.Has(Immobile), tt.eliminated, tt.immobile)
			}
			if !b.Unit(1).Has(Fired) {
				t.Errorf("the firer has no Fire marker")
			}
		})
	}
}

func TestOpportunityFire(t *testing.T) {
	f := fixture{grid: `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . W . . .
. . . . W . . .
. . . . . . . .
`, dice: []int{6, 6}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN}, // 1: moves north, past the woods
		{"Pak 40", maps.Axis, "G4", board.DirNW},  // 2: behind the woods from C5, sees C3
	}}
	b := f.battle(t)
	apply(t, b, EndPhase{})
	path := []board.Pose{pose(t, b, "C4", board.DirN), pose(t, b, "C3", board.DirN), pose(t, b, "C2", board.DirN), pose(t, b, "C1", board.DirN)}
	events := apply(t, b, Move{Unit: 1, Path: path})
	last := events[len(events)-1]
	if last.Kind != OpportunityOffered {
		t.Fatalf("last event = %q, want an opportunity offered", last.Text)
	}
	if where := b.Unit(1).Pose.Hex; b.Moving() != b.Unit(1) || where == hexOf(t, b, "C1") || where == hexOf(t, b, "C4") {
		t.Fatalf("the move stopped in %s (moving %v), want a stop on the way, where the Pak first sees it", b.Board().Label(where), b.Moving())
	}
	if b.Acting() != maps.Axis {
		t.Fatalf("acting = %s, want axis while the move waits", b.Acting())
	}
	if _, err := b.Apply(EndPhase{}); err == nil {
		t.Errorf("EndPhase while a move waits: want an error")
	}
	events = apply(t, b, Fire{Unit: 2, Target: 1}) // 6+6: a miss
	if events[0].Outcome.Headline() != "miss" {
		t.Fatalf("opportunity fire = %v, want a miss", events[0].Outcome.Headline())
	}
	// The Pak has fired and nobody else can: passing hands the move back
	// to its owner (rules 13.8), who goes on with the rest of the path.
	events = apply(t, b, Pass{})
	mover, rest, _ := b.MovePaused()
	if b.Moving() != nil || mover != b.Unit(1) || b.Acting() != maps.Allies || events[len(events)-1].Kind != MovePaused {
		t.Fatalf("after pass: moving %v, paused %v, acting %s; want the move paused for the allies", b.Moving(), mover, b.Acting())
	}
	events = apply(t, b, Move{Unit: 1, Path: rest})
	if have := b.Unit(1).Pose; have != path[3] {
		t.Errorf("mover at %v, want %v", have, path[3])
	}
	if !b.Unit(1).Has(Moved) || events[len(events)-1].Kind != MoveEnded {
		t.Errorf("the mover has no Move marker or no MoveEnded event")
	}
}

func TestMoveWithoutEnemyShotsIsNotInterrupted(t *testing.T) {
	b := fixture{grid: `
. . . . . .
. . . . . .
W W W W W W
. . . . . .
. . . . . .
`, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"Tiger I", maps.Axis, "B1", board.DirS},
	}}.battle(t)
	apply(t, b, EndPhase{})
	events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B4", board.DirN)}})
	for _, e := range events {
		if e.Kind == OpportunityOffered {
			t.Fatalf("opportunity offered behind a wall of woods: %q", e.Text)
		}
	}
	if !b.CanUndo() {
		t.Fatalf("a move that rolled nothing and gave no shot cannot be undone")
	}
	if err := b.Undo(); err != nil {
		t.Fatal(err)
	}
	if have := b.Unit(1).Pose.Hex; have != hexOf(t, b, "B5") || b.Unit(1).Has(Moved) {
		t.Errorf("after undo the tank is in %s (moved %v), want back in B5 unmoved", b.Board().Label(have), b.Unit(1).Has(Moved))
	}
}

func TestSmokeDecays(t *testing.T) {
	b := fixture{grid: openMap, props: map[string]string{"smoke_allies": "3"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"US Rifle Squad", maps.Allies, "E5", 0},
		{"Tiger I", maps.Axis, "B1", board.DirS},
	}}.battle(t)
	d3, e4 := hexOf(t, b, "D3"), hexOf(t, b, "E4")
	apply(t, b, FireSmoke{Unit: 1, Hex: d3})
	if b.Smoke(d3) != 2 || b.SmokeSupply(maps.Allies) != 1 || !b.Unit(1).Has(Fired) {
		t.Fatalf("after a smoke round: smoke %d supply %d fired %v; want 2, 1, true", b.Smoke(d3), b.SmokeSupply(maps.Allies), b.Unit(1).Has(Fired))
	}
	apply(t, b, EndPhase{}, PlaceSmoke{Unit: 2, Hex: e4})
	if _, err := b.Apply(PlaceSmoke{Unit: 2, Hex: e4}); err == nil {
		t.Errorf("a second smoke by the same unit: want an error")
	}
	want := []struct{ d3, e4 int }{{1, 0}, {0, 0}}
	for i, w := range want {
		apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}) // to the next segment
		if b.Smoke(d3) != w.d3 || b.Smoke(e4) != w.e4 {
			t.Errorf("after After-Action %d: D3 smoke %d, E4 smoke %d; want %d, %d", i+1, b.Smoke(d3), b.Smoke(e4), w.d3, w.e4)
		}
		apply(t, b, EndPhase{})
	}
}

func TestDestroyVictoryEndsTheBattle(t *testing.T) {
	b := fixture{grid: openMap, dice: []int{1, 1, 1, 1}, props: map[string]string{"victory": "allies destroy 1; axis hold B1"},
		units: []unitAt{
			{"M4A3E8", maps.Allies, "B5", board.DirN},
			{"Tiger I", maps.Axis, "B2", board.DirN}, // faces away: rear D, EN 7
		}}.battle(t)
	events := apply(t, b, Fire{Unit: 1, Target: 2})
	if r := b.Result(); r == nil || r.Winner != maps.Allies {
		t.Fatalf("result = %+v, want an allied win", r)
	}
	if last := events[len(events)-1]; last.Kind != BattleEnded || !strings.Contains(last.Text, "allies win") {
		t.Errorf("last event = %q, want the battle's end", last.Text)
	}
}

// TestBothSidesWinAtOnce: an order that meets both sides' destroy
// clauses (a close assault that eliminates units of both) ends the battle
// at once, drawn, since neither side can win any more; a battle replayed
// from a save of before version 7 plays on, as it did, and saves as
// version 6. One side's clause alone is its win.
func TestBothSidesWinAtOnce(t *testing.T) {
	for _, tt := range []struct {
		version              int
		killAllied, killAxis bool
		ended                bool
		winner               maps.Side
	}{
		{0, true, true, true, ""},
		{mutualDeathVersion - 1, true, true, false, ""},
		{mutualDeathVersion, true, true, true, ""},
		{0, false, true, true, maps.Allies},
		{0, true, false, true, maps.Axis},
		{0, false, false, false, ""},
	} {
		b := fixture{grid: openMap, props: map[string]string{"victory": "allies destroy 1; axis destroy 1"}, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "B5", 0},
			{"German Rifle Squad", maps.Axis, "B1", 0},
		}}.battle(t)
		b.config.Version = tt.version
		b.Unit(1).Eliminated, b.Unit(2).Eliminated = tt.killAllied, tt.killAxis
		events := b.checkSuddenDeath()
		r := b.Result()
		if (r != nil) != tt.ended || r != nil && r.Winner != tt.winner {
			t.Errorf("version %d, allied squad lost %v, German squad lost %v: result %+v; want ended %v, winner %q",
				tt.version, tt.killAllied, tt.killAxis, r, tt.ended, tt.winner)
			continue
		}
		if r != nil && (len(events) != 1 || events[0].Kind != BattleEnded) {
			t.Errorf("version %d: events %v, want the battle's end", tt.version, events)
		}
		if r != nil && tt.winner == "" && (!strings.Contains(r.Reason, "allies eliminated 1") || !strings.Contains(r.Reason, "axis eliminated 1")) {
			t.Errorf("version %d: reason %q, want both sides' clauses", tt.version, r.Reason)
		}
		want := SaveVersion
		switch {
		case tt.version == mutualDeathVersion-1:
			want = tt.version
		case tt.version == mutualDeathVersion:
			want = mineDeclaredVersion - 1 // its assaults still use mines wherever they could
		}
		if b.saveVersion() != want {
			t.Errorf("version %d saves as %d, want %d", tt.version, b.saveVersion(), want)
		}
	}
}

func TestHoldVictory(t *testing.T) {
	b := fixture{grid: openMap, turns: 1, props: map[string]string{"victory": "axis hold B2"},
		units: []unitAt{
			{"M4A3E8", maps.Allies, "B5", board.DirN},
			{"Tiger I", maps.Axis, "B2", board.DirN},
		}}.battle(t)
	for b.Result() == nil {
		apply(t, b, EndPhase{})
	}
	if r := b.Result(); r.Winner != maps.Axis || !strings.Contains(r.Reason, "hold B2") {
		t.Errorf("result = %+v, want an axis win for holding B2", r)
	}
}

func TestCheckAcceptsWhatApplyAccepts(t *testing.T) {
	b := fixture{grid: openMap, props: map[string]string{"smoke_allies": "3"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"US Rifle Squad", maps.Allies, "E5", 0},
		{"Tiger I", maps.Axis, "B2", board.DirS},
	}}.battle(t)
	orders := []Order{
		FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")},
		EndPhase{},
		PlaceSmoke{Unit: 2, Hex: hexOf(t, b, "E4")},
		Move{Unit: 2, Path: []board.Pose{pose(t, b, "E4", 0), pose(t, b, "E3", 0)}},
		Pass{}, // the Tiger may fire AP at the squad in E4
		Pass{}, // and in E3
		EndPhase{},
		Fire{Unit: 3, Target: 1},
	}
	for i, o := range orders {
		before := b.Digest()
		if err := b.Check(o); err != nil {
			t.Fatalf("order %d: Check(%#v) = %v, want nil", i, o, err)
		}
		if b.Digest() != before {
			t.Fatalf("order %d: Check changed the battle", i)
		}
		apply(t, b, o)
	}
}

func TestOtherwiseVictory(t *testing.T) {
	b := fixture{grid: openMap, turns: 1, props: map[string]string{"victory": "allies hold B2; allies destroy 1; axis otherwise"},
		units: []unitAt{
			{"M4A3E8", maps.Allies, "B5", board.DirN},
			{"Tiger I", maps.Axis, "H1", board.DirN},
		}}.battle(t)
	for b.Result() == nil {
		apply(t, b, EndPhase{})
	}
	if r := b.Result(); r.Winner != maps.Axis || !strings.Contains(r.Reason, "none of their aims") {
		t.Errorf("result = %+v, want an axis win because the allies met none of their aims", r)
	}
}

func TestParseVictoryErrors(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	for _, s := range []string{"allies", "russians hold A1", "allies hold Z99", "axis destroy none", "axis capture A1", "axis otherwise; allies otherwise"} {
		if _, err := ParseVictory(s, bd); err == nil {
			t.Errorf("ParseVictory(%q): want an error", s)
		}
	}
	v, err := ParseVictory("allies hold A1 B2; axis destroy 3", bd)
	if err != nil || len(v.Hold[maps.Allies]) != 2 || v.Destroy[maps.Axis] != 3 {
		t.Errorf("ParseVictory = %+v, %v; want two hexes to hold and 3 to destroy", v, err)
	}
}

func TestLoadAndUnload(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M3 Halftrack", maps.Allies, "B5", board.DirN},
		{"US Rifle Squad", maps.Allies, "B5", 0},
		{"US Rifle Squad", maps.Allies, "B5", 0},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}.battle(t)
	apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1})
	if _, err := b.Apply(Load{Unit: 3, Carrier: 1}); err == nil || !strings.Contains(err.Error(), "no room") {
		t.Errorf("second squad into a T1 halftrack: error %v, want no room", err)
	}
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B4", board.DirN)}})
	if have := b.Unit(2).Pose.Hex; have != hexOf(t, b, "B4") {
		t.Errorf("passenger in %s, want B4 with its halftrack", b.Board().Label(have))
	}
	if _, err := b.Apply(Unload{Unit: 2}); err == nil {
		t.Errorf("unload in the turn it loaded: want an error")
	}
}
