package battle

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	_ "hexfire/combat/d20" // a ruleset that limits fire after a move and rates mounts, night and sight
	"hexfire/maps"
)

// tallMap is an open map ten rows tall.
const tallMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`

// untilActing ends phases (passing on opportunity fire) until side acts
// in phase.
func untilActing(t *testing.T, b *Battle, phase Phase, side maps.Side) {
	t.Helper()
	for range 20 {
		switch {
		case b.Phase() == phase && b.Acting() == side && b.Moving() == nil:
			return
		case b.Moving() != nil:
			apply(t, b, Pass{})
		default:
			apply(t, b, EndPhase{})
		}
	}
	t.Fatalf("no %s %s phase in 20 orders", side, phase)
}

// TestTwoFirePhasesATurn: under d20 a unit fires once in each side's
// segment of a turn, the excerpt's two fire phases a period, and not a
// third time.
func TestTwoFirePhasesATurn(t *testing.T) {
	f := fixture{grid: tallMap, rules: "d20", dice: []int{1, 1}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C10", board.DirN}, // 450 m: every shot misses on a 1
		{"Tiger I", maps.Axis, "C1", board.DirS},
	}}
	b := f.battle(t)
	untilActing(t, b, FirePhase, maps.Allies)
	apply(t, b, Fire{Unit: 1, Target: 2}) // d20 1: a miss
	if _, err := b.Apply(Fire{Unit: 1, Target: 2}); err == nil || !strings.Contains(err.Error(), "has already fired in this turn") {
		t.Errorf("a second shot in the Allies' Fire phase: %v, want refused", err)
	}
	untilActing(t, b, DefensiveFire, maps.Allies) // the Axis segment of turn 1
	if b.Turn() != 1 {
		t.Fatalf("turn %d, want the Axis segment of turn 1", b.Turn())
	}
	apply(t, b, Fire{Unit: 1, Target: 2})
	if _, err := b.Apply(Fire{Unit: 1, Target: 2}); err == nil || !strings.Contains(err.Error(), "has already fired in this turn") {
		t.Errorf("a third shot in turn 1: %v, want refused", err)
	}
}

// TestFireAfterMoving: under d20 a tank that moved more than half its MP
// may not fire in the enemy's segment after; one that moved half fires
// with +2 for the move.
func TestFireAfterMoving(t *testing.T) {
	f := fixture{grid: tallMap, rules: "d20", units: []unitAt{
		{"M4A3E8", maps.Allies, "B10", board.DirN},          // 1: moves 7 hexes
		{"Sherman Firefly", maps.Allies, "A10", board.DirN}, // 2: moves 5
		{"Tiger I", maps.Axis, "H1", board.DirSW},           // 3
	}}
	b := f.battle(t)
	untilActing(t, b, Movement, maps.Allies)
	var far, half []board.Pose
	for _, row := range []string{"9", "8", "7", "6", "5", "4", "3"} {
		far = append(far, pose(t, b, "B"+row, board.DirN))
	}
	for _, row := range []string{"9", "8", "7", "6", "5"} {
		half = append(half, pose(t, b, "A"+row, board.DirN))
	}
	apply(t, b, Move{Unit: 1, Path: far})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	apply(t, b, Move{Unit: 2, Path: half})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	m4, ff := b.Unit(1).LastMove, b.Unit(2).LastMove
	if 2*m4.Cost <= m4.MP || 2*ff.Cost > ff.MP {
		t.Fatalf("moves cost %+v and %+v: want the M4A3E8's over half its MP, the Firefly's at most half", m4, ff)
	}
	untilActing(t, b, DefensiveFire, maps.Allies)
	if _, err := b.PlanFire(Fire{Unit: 1, Target: 3}); err == nil || !strings.Contains(err.Error(), "more than half its speed") {
		t.Errorf("the M4A3E8 after %d of %d MP: %v, want refused", m4.Cost, m4.MP, err)
	}
	p, err := b.PlanFire(Fire{Unit: 2, Target: 3})
	if err != nil || !slices.ContainsFunc(p.Odds.Steps, func(s string) bool { return strings.Contains(s, "+2 firing on the move") }) {
		t.Errorf("the Firefly after %d of %d MP: %v %q, want +2 firing on the move", ff.Cost, ff.MP, err, p.Odds.Steps)
	}
}

// TestVolleySecondVehicle: under d20 a German squad's Panzerfaust volley
// may name a second US vehicle in the same range bracket; two hits knock
// out both, and the battle refuses a second vehicle it cannot accept.
func TestVolleySecondVehicle(t *testing.T) {
	f := fixture{grid: openMap, rules: "d20", props: map[string]string{"panzerfausts_axis": "2"}, dice: []int{20, 1, 1},
		units: []unitAt{
			{"M4 (75)", maps.Allies, "C3", board.DirN}, // 1
			{"M4A3E8", maps.Allies, "D3", board.DirN},  // 2: 50 m from the squad too
			{"M4A3E8", maps.Allies, "C5", board.DirN},  // 3: 100 m
			{"US Rifle Squad", maps.Allies, "B3", 0},   // 4
			{"German Rifle Squad", maps.Axis, "C2", 0}, // 5
		}}
	b := f.battle(t)
	untilActing(t, b, FirePhase, maps.Axis)
	for _, tt := range []struct {
		order Fire
		want  string
	}{
		{Fire{Unit: 5, Target: 1, Panzerfaust: true, Second: 3}, "must be in one range bracket"},
		{Fire{Unit: 5, Target: 1, Panzerfaust: true, Second: 4}, "is infantry"},
		{Fire{Unit: 5, Target: 1, Panzerfaust: true, Second: 1}, "its target"},
		{Fire{Unit: 5, Target: 1, Panzerfaust: true, Second: 99}, "no unit #99"},
	} {
		if _, err := b.PlanFire(tt.order); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.order, err, tt.want)
		}
	}
	events := apply(t, b, Fire{Unit: 5, Target: 1, Panzerfaust: true, Second: 2})
	if !b.Unit(1).Eliminated || !b.Unit(2).Eliminated || b.Unit(3).Eliminated {
		t.Errorf("after two hits: eliminated %v %v %v, want the two M4s in C3 and D3; events %v",
			b.Unit(1).Eliminated, b.Unit(2).Eliminated, b.Unit(3).Eliminated, events)
	}
}

// TestSecondVehicleRefusedWithoutVolleys: a ruleset whose weapons fire no
// two-vehicle volleys refuses a Fire order naming a second vehicle.
func TestSecondVehicleRefusedWithoutVolleys(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN},
		{"Tiger I", maps.Axis, "C1", board.DirS},
		{"Tiger I", maps.Axis, "D1", board.DirS},
	}}
	b := f.battle(t)
	if _, err := b.PlanFire(Fire{Unit: 1, Target: 2, Second: 3}); err == nil || !strings.Contains(err.Error(), "fires no volley that may strike a second vehicle under elimination") {
		t.Errorf("elimination: %v, want refused", err)
	}
}

// TestLimitedTraverse: the arc of a gun without a turret is the
// ruleset's. A StuG in D5 facing north fires into its forward arc (60°
// either side) under the default ruleset; under d20 its limited-traverse
// mount is laid up to 90° off its centre line, with the +2 beyond 22.5°,
// and no further (issue 37, fault 12).
func TestLimitedTraverse(t *testing.T) {
	targets := []struct {
		hex   string
		angle float64 // off the StuG's centre line, checked below
	}{{"D1", 0}, {"G4", 79.1}, {"B5", 90}, {"A5", 100.9}}
	units := []unitAt{{"StuG III G", maps.Axis, "D5", board.DirN}}
	for _, tg := range targets {
		units = append(units, unitAt{"M4A3E8", maps.Allies, tg.hex, board.DirS})
	}
	tests := []struct {
		rules string
		want  []string // for each target: a piece of the error, or "+" and a piece of a step
	}{
		{"elimination", []string{"+", "forward firing arc", "forward firing arc", "forward firing arc"}},
		{"d20", []string{"+", "+2 limited traverse, 79° off the centre line", "+2 limited traverse, 90° off the centre line", "limited traverse (at most 90°)"}},
	}
	for _, tt := range tests {
		t.Run(tt.rules, func(t *testing.T) {
			b := fixture{grid: tallMap, rules: tt.rules, units: units}.battle(t)
			untilActing(t, b, FirePhase, maps.Axis)
			for i, tg := range targets {
				stug := b.Unit(1).Pose
				if got := board.OffAxis(stug.Hex, stug.Facing, hexOf(t, b, tg.hex)); math.Abs(got-tg.angle) > 0.1 {
					t.Fatalf("%s is %.2f° off the centre line, want %.1f°", tg.hex, got, tg.angle)
				}
				p, err := b.PlanFire(Fire{Unit: 1, Target: UnitID(i + 2)})
				want := tt.want[i]
				if step, ok := strings.CutPrefix(want, "+"); ok {
					if err != nil {
						t.Errorf("at %s: refused (%v), want fired", tg.hex, err)
					} else if !slices.ContainsFunc(p.Odds.Steps, func(s string) bool { return strings.Contains(s, step) }) {
						t.Errorf("at %s: steps %q, want one with %q", tg.hex, p.Odds.Steps, step)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("at %s: %v, want refused with %q", tg.hex, err, want)
				}
			}
		})
	}
}
