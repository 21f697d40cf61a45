package battle

import (
	"encoding/json"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// toAdvancePhase ends the allies' Fire, Movement and the axis's Defensive
// Fire phases.
var toAdvancePhase = []Order{EndPhase{}, EndPhase{}, EndPhase{}}

func TestAdvancePhaseTurns(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"Pak 40", maps.Allies, "D5", board.DirN},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}
	tests := []struct {
		name   string
		before []Order
		order  Order
		want   string // "" for accepted
	}{
		{"turn after advancing", []Order{Advance{Unit: 1, To: board.Hex{Q: 1, R: 2}}}, Turn{Unit: 1, Facing: board.DirNE}, ""},
		{"advance after turning", []Order{Turn{Unit: 1, Facing: board.DirNE}}, Advance{Unit: 1, To: board.Hex{Q: 2, R: 2}}, "turned instead of advancing"},
		{"a second turn", []Order{Turn{Unit: 1, Facing: board.DirNE}}, Turn{Unit: 1, Facing: board.DirSE}, "already turned"},
		{"a towed-only Gun advances", nil, Advance{Unit: 2, To: board.Hex{Q: 3, R: 1}}, "only when towed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := f.battle(t)
			apply(t, b, toAdvancePhase...)
			apply(t, b, tt.before...)
			if tt.want == "" {
				apply(t, b, tt.order)
				return
			}
			assertRefused(t, b, tt.order, tt.want)
		})
	}
}

func TestFailedAssaultChecksAnImmobileAFVsCrew(t *testing.T) {
	// A failed assault (12) on an immobile Tiger: 1 point, whose
	// immobilization die (6) changes nothing, then the crew check (2).
	b := fixture{grid: openMap, dice: []int{6, 6, 6, 2}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C3", 0},
		{"Tiger I", maps.Axis, "C2", board.DirN},
	}}.battle(t)
	b.Unit(2).Markers |= Immobile
	apply(t, b, toAdvancePhase...)
	events := apply(t, b, Assault{Units: []UnitID{1}, Target: hexOf(t, b, "C2")})
	if !b.Unit(2).Eliminated {
		var texts []string
		for _, e := range events {
			texts = append(texts, e.Text)
		}
		t.Fatalf("the Tiger's crew stayed after a failed assault and a crew check of 2:\n%s", strings.Join(texts, "\n"))
	}
	if used := b.DiceRolled(); used != 4 {
		t.Errorf("dice rolled = %d, want 4 (assault 2d6, immobilization, crew check)", used)
	}
}

func TestSmokeAndUnloadNeedNoFireMarker(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"smoke_allies": "4"}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C5", 0},
		{"M3 Halftrack", maps.Allies, "E5", board.DirN},
		{"US Rifle Half Squad", maps.Allies, "E5", 0},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}
	b := f.battle(t)
	apply(t, b, EndPhase{}, Load{Unit: 3, Carrier: 2})
	b.Unit(1).Markers |= Fired // as after its own Fire phase
	assertRefused(t, b, PlaceSmoke{Unit: 1, Hex: hexOf(t, b, "C4")}, "smoke is laid instead of firing")
	b.Unit(3).Markers |= Fired
	b.Unit(3).Markers &^= Loaded
	assertRefused(t, b, Unload{Unit: 3}, "fired in this turn's Allied Fire phase and may not unload")
}

func TestSmokeThatChangesNothingIsRefused(t *testing.T) {
	b := fixture{grid: openMap, props: map[string]string{"smoke_allies": "6"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"M4 (75)", maps.Allies, "C5", board.DirN},
		{"US Rifle Squad", maps.Allies, "D4", 0},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}.battle(t)
	d3 := hexOf(t, b, "D3")
	apply(t, b, FireSmoke{Unit: 1, Hex: d3})
	assertRefused(t, b, FireSmoke{Unit: 2, Hex: d3}, "already holds Smoke 2")
	apply(t, b, EndPhase{})
	assertRefused(t, b, PlaceSmoke{Unit: 3, Hex: d3}, "already holds Smoke 2")
	if have := b.SmokeSupply(maps.Allies); have != 4 {
		t.Errorf("smoke supply = %d, want 4 (only the first round spent any)", have)
	}
}

func TestStoppedInAnOverStackedHex(t *testing.T) {
	// The M4A3E8 drives through B4, which two friendly tanks fill, and is
	// immobilized there by opportunity fire (to-hit 3+3, elimination 2+3 =
	// EN 5 of D vs its front E, crew check 6): it may not stay, nor leave.
	b := fixture{grid: openMap, dice: []int{3, 3, 2, 3, 6}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"M4 (75)", maps.Allies, "B4", board.DirN},
		{"M10", maps.Allies, "B4", board.DirN},
		{"Pz IV H", maps.Axis, "B1", board.DirN},
	}}.battle(t)
	apply(t, b, EndPhase{})
	events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B4", board.DirN), pose(t, b, "B3", board.DirN)}})
	if events[len(events)-1].Kind != OpportunityOffered {
		t.Fatalf("no opportunity fire offered in B4: %q", events[len(events)-1].Text)
	}
	apply(t, b, Fire{Unit: 4, Target: 1})
	if m4 := b.Unit(1); !m4.Eliminated {
		t.Fatalf("M4A3E8: immobile %v, eliminated %v in over-stacked B4; want eliminated", m4.Has(Immobile), m4.Eliminated)
	}
	if b.Moving() != nil {
		t.Errorf("the move still waits after its mover was eliminated")
	}
}

// TestAbandonedTransportsPassengers: the crew's abandoning an AFV
// eliminates it (rules 18.6). Under the default ruleset its passengers get
// out into its hex, marked Move, as far as stacking allows once it is gone
// (default-ruleset.md, decided): beside two squads, the two half squads
// riding the halftrack find room and its leader, the fifth infantry unit,
// does not and is lost with it. A version 11 save lost all three (8.5).
func TestAbandonedTransportsPassengers(t *testing.T) {
	for _, tc := range []struct {
		version int
		lost    map[UnitID]bool
	}{
		{0, map[UnitID]bool{1: true, 2: false, 3: false, 4: true, 5: false, 6: false}},
		{11, map[UnitID]bool{1: true, 2: true, 3: true, 4: true, 5: false, 6: false}},
	} {
		b := fixture{grid: openMap, version: tc.version, units: []unitAt{
			{"M3 Halftrack", maps.Allies, "C4", board.DirN},
			{"US Rifle Half Squad", maps.Allies, "C4", 0},
			{"US Rifle Half Squad", maps.Allies, "C4", 0},
			{"US Leader", maps.Allies, "C4", 0},
			{"US Rifle Squad", maps.Allies, "C4", 0},
			{"US Rifle Squad", maps.Allies, "C4", 0},
			{"Tiger I", maps.Axis, "H1", board.DirS},
		}}.battle(t)
		apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1}, Load{Unit: 3, Carrier: 1}, Load{Unit: 4, Carrier: 1})
		b.abandon(b.Unit(1))
		for id, want := range tc.lost {
			if have := b.Unit(id).Eliminated; have != want {
				t.Errorf("version %d: %s eliminated = %v, want %v", tc.version, b.Unit(id).Label(), have, want)
			}
		}
		for _, id := range []UnitID{2, 3} {
			if u := b.Unit(id); !u.Eliminated && (!u.OnMap() || !u.Has(Moved) || b.Board().Label(u.Pose.Hex) != "C4") {
				t.Errorf("version %d: %s got out on the map %t, marked Move %t, in %s; want in C4, marked Move", tc.version, u.Label(), u.OnMap(), u.Has(Moved), b.Board().Label(u.Pose.Hex))
			}
		}
	}
}

func TestWithoutFirstSideTheAlliesMoveFirst(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}
	sc := f.scenario(t)
	sc.FirstSide = ""
	b, err := New(sc, testCatalogue, Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for range 8 { // two segments of four decisions
		apply(t, b, EndPhase{})
	}
	if b.Turn() != 2 || b.Phasing() != maps.Allies {
		t.Errorf("after two segments: turn %d, %s phasing; want turn 2, allies", b.Turn(), b.Phasing())
	}
}

func TestBadNumberProperties(t *testing.T) {
	for _, v := range []string{"3x", "0x10", "1e3", "-2", "many"} {
		f := fixture{grid: openMap, props: map[string]string{"smoke_axis": v}, units: []unitAt{{"Tiger I", maps.Axis, "H1", board.DirS}}}
		if _, err := New(f.scenario(t), testCatalogue, Config{Seed: 1}); err == nil || !strings.Contains(err.Error(), "smoke_axis") || !strings.Contains(err.Error(), v) {
			t.Errorf("smoke_axis = %q: error %v, want one naming the property and the value", v, err)
		}
	}
}

func TestSaveWithTrailingBytesRefused(t *testing.T) {
	b := defaultBattle(t, 1)
	s := b.Save()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseSave(append(data, []byte(`{"more": 1}`)...)); err == nil || !strings.Contains(err.Error(), "follows") {
		t.Errorf("ParseSave with a second object after the save: %v, want an error", err)
	}
	if _, err := ParseSave(data); err != nil {
		t.Errorf("ParseSave of the save alone: %v", err)
	}
}

// TestFirerMovedReached: a US Bazooka Team moves in the Allies' segment
// and fires in the Axis' next one, in Defensive Fire; under shiftchart its
// move counts (-2 firer moved), as under d20 (firing on the move); a
// segment later, in the Allies' own Fire phase, it no longer does.
func TestFirerMovedReached(t *testing.T) {
	for _, tt := range []struct{ rules, label string }{{"shiftchart", "firer moved"}, {"d20", "firing on the move"}} {
		f := fixture{grid: openMap, units: []unitAt{
			{"US Bazooka Team", maps.Allies, "C6", board.DirN},
			{"Pz IV H", maps.Axis, "C2", board.DirS},
		}, rules: tt.rules}
		b := f.battle(t)
		steps := func() string {
			p, err := b.PlanFire(Fire{Unit: 1, Target: 2})
			if err != nil {
				t.Fatalf("%s: %v", tt.rules, err)
			}
			return strings.Join(p.Odds.Steps, "; ")
		}
		until := func(p Phase, side maps.Side) {
			for b.Phase() != p || b.Phasing() != side {
				if b.Moving() != nil {
					apply(t, b, Pass{})
					continue
				}
				apply(t, b, EndPhase{})
			}
		}
		apply(t, b, EndPhase{}, Move{Unit: 1, Path: []board.Pose{pose(t, b, "C5", board.DirN)}})
		until(DefensiveFire, maps.Axis)
		if got := steps(); !strings.Contains(got, tt.label) {
			t.Errorf("%s: in the Axis' Defensive Fire after its move: %q, want %q", tt.rules, got, tt.label)
		}
		until(FirePhase, maps.Allies)
		if got := steps(); strings.Contains(got, tt.label) {
			t.Errorf("%s: a segment later: %q", tt.rules, got)
		}
	}
}
