package battle

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// laneMap is open ground: nothing covers a unit or hinders a line.
const laneMap = `
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
`

// laneFixture: an American squad (1) in E8 will move up column E towards
// the German squad (2) with an MG34 in E1; another American squad (3)
// stands in E4. With twoMGs a second German squad with an MG34 (4) shares
// E1. The battle is at the Allies' Movement phase.
func laneFixture(t *testing.T, twoMGs bool, dice ...int) *Battle {
	t.Helper()
	f := fixture{grid: laneMap, dice: dice, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E8", 0},
		{"German Rifle Squad", maps.Axis, "E1", 0},
		{"US Rifle Squad", maps.Allies, "E4", 0},
	}, placed: map[int]map[string]string{1: {"weapons": "MG34"}}}
	if twoMGs {
		f.units = append(f.units, unitAt{"German Rifle Squad", maps.Axis, "E1", 0})
		f.placed[3] = map[string]string{"weapons": "MG34"}
	}
	b := f.battle(t)
	apply(t, b, EndPhase{})
	return b
}

// layLaneAtE6 moves squad 1 from E8 to E6 and has the German MGs in E1
// opportunity-fire at it there laying a straight lane, then pass; the
// fire rolls the first two dice, and the move waits for its owner.
func layLaneAtE6(t *testing.T, b *Battle, firers ...UnitID) []Event {
	t.Helper()
	events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E7", 0), pose(t, b, "E6", 0), pose(t, b, "E5", 0)}}, Pass{})
	return append(events, apply(t, b, FireAP{Units: firers, Target: hexOf(t, b, "E6"), Lane: LaneStraight}, Pass{})...)
}

func laneLabels(b *Battle, hs []board.Hex) string {
	var ls []string
	for _, h := range hs {
		ls = append(ls, b.Board().Label(h))
	}
	return strings.Join(ls, " ")
}

// TestFireLaneLaid: an infantry MG's opportunity fire at range 5 lays a
// lane of five markers along the line, from the hex next to the firer to
// the target's (rules 13.9); it lasts to the end of the Movement phase.
func TestFireLaneLaid(t *testing.T) {
	b := laneFixture(t, false, 6, 6)
	layLaneAtE6(t, b, 2)
	lanes := b.FireLanes()
	if len(lanes) != 1 || lanes[0].Side != maps.Axis || lanes[0].Firer != 2 || lanes[0].Weapon != "MG34" {
		t.Fatalf("lanes %+v, want one by the MG34 of unit 2", lanes)
	}
	if have, want := laneLabels(b, lanes[0].Hexes), "E2 E3 E4 E5 E6"; have != want {
		t.Errorf("lane hexes %s, want %s", have, want)
	}
	apply(t, b, Halt{})
	events := apply(t, b, EndPhase{})
	if len(b.FireLanes()) != 0 || !slices.ContainsFunc(events, func(e Event) bool { return e.Kind == LanesLifted }) {
		t.Errorf("the lane outlived the Movement phase: %v", b.FireLanes())
	}
}

// TestFireLaneAttacksEntrants follows a mover on through the lane: each
// lane hex it enters attacks it on the AP table's 1–4 row with no
// modifier (rules 13.9), so a roll of 7 or more does nothing, 6 is one
// casualty point and 2 is five. The squad in E4 when the lane was laid is
// never attacked, nor is the mover for standing in E6 when it was.
func TestFireLaneAttacksEntrants(t *testing.T) {
	tests := []struct {
		name   string
		dice   []int // after the opportunity fire's 6, 6
		points []int // of the lane attacks, in E5 then E4
		want   string
	}{
		{"no effect twice", []int{3, 4, 6, 6}, []int{0, 0}, "E4"},
		{"one point stops it", []int{1, 5}, []int{1}, "E5"},
		{"five points", []int{1, 1}, []int{5}, "E5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := laneFixture(t, false, append([]int{6, 6}, tt.dice...)...)
			events := layLaneAtE6(t, b, 2)
			if slices.ContainsFunc(events, func(e Event) bool { return e.Kind == LaneFired }) {
				t.Fatalf("a lane attacked as it was laid: %q", texts(events))
			}
			events = apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E5", 0), pose(t, b, "E4", 0)}})
			var points []int
			for _, e := range events {
				if e.Kind == LaneFired {
					if e.Unit != 1 {
						t.Errorf("the lane attacked unit %d: %s", e.Unit, e.Text)
					}
					points = append(points, e.AP.Points)
				}
			}
			if !slices.Equal(points, tt.points) {
				t.Errorf("lane attacks of %v points, want %v: %q", points, tt.points, texts(events))
			}
			u := b.Unit(1)
			if have := b.Board().Label(u.Pose.Hex); !u.Eliminated && have != tt.want {
				t.Errorf("the mover is in %s, want %s: %q", have, tt.want, texts(events))
			}
			if b3 := b.Unit(3); b3.Has(Pinned) || b3.Type.Name != "US Rifle Squad" || b3.Eliminated {
				t.Errorf("the squad in E4 before the lane was hit: %+v", b3)
			}
			if b.DiceRolled() != 2+len(tt.dice) {
				t.Errorf("%d dice rolled, want %d", b.DiceRolled(), 2+len(tt.dice))
			}
		})
	}
}

// TestFireLaneCrossfire: two MGs firing from one hex along one path lay
// two markers in each hex of it, and the lane's attack takes −1 for the
// second (rules 13.91): a roll of 7, nothing on the 1–4 row alone, is a
// 6 and one casualty point.
func TestFireLaneCrossfire(t *testing.T) {
	b := laneFixture(t, true, 6, 6, 3, 4)
	layLaneAtE6(t, b, 2, 4)
	if n := len(b.FireLanes()); n != 2 {
		t.Fatalf("%d lanes, want one per MG, 2", n)
	}
	if n := b.LaneMarkers(maps.Axis, hexOf(t, b, "E5")); n != 2 {
		t.Errorf("%d markers in E5, want 2", n)
	}
	events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E5", 0)}})
	i := slices.IndexFunc(events, func(e Event) bool { return e.Kind == LaneFired })
	if i < 0 {
		t.Fatalf("no lane attack in E5: %q", texts(events))
	}
	if e := events[i]; e.AP.Points != 1 || !strings.Contains(strings.Join(e.AP.Steps, "\n"), "-1 crossfire") {
		t.Errorf("crossfire attack: %d points, steps %q; want 1 with −1 crossfire", e.AP.Points, e.AP.Steps)
	}
}

// TestCrossingLanes: lanes laid from two hexes count one marker each where
// they cross (rules 13.91), and only the other side's lanes attack.
func TestCrossingLanes(t *testing.T) {
	b := laneFixture(t, false)
	b.lanes = []FireLane{
		{Side: maps.Axis, Firer: 2, Hexes: []board.Hex{hexOf(t, b, "E5"), hexOf(t, b, "E6")}},
		{Side: maps.Axis, Firer: 4, Hexes: []board.Hex{hexOf(t, b, "D5"), hexOf(t, b, "E5")}},
		{Side: maps.Allies, Firer: 3, Hexes: []board.Hex{hexOf(t, b, "E5")}},
	}
	for _, tt := range []struct {
		hex  string
		want int
	}{{"E5", 2}, {"E6", 1}, {"D5", 1}, {"E4", 0}} {
		if have := b.LaneMarkers(maps.Axis, hexOf(t, b, tt.hex)); have != tt.want {
			t.Errorf("Axis markers in %s: %d, want %d", tt.hex, have, tt.want)
		}
	}
}

// TestFireLaneRefusals: what may not lay a lane, each refused with its
// reason and nothing changed.
func TestFireLaneRefusals(t *testing.T) {
	b := fixture{grid: laneMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E8", 0},   // 1: the mover
		{"German Rifle Squad", maps.Axis, "E1", 0}, // 2: no support weapon
		{"German Rifle Squad", maps.Axis, "H2", 0}, // 3: MG34, off the column
		{"SdKfz 251", maps.Axis, "B3", board.DirS}, // 4: a vehicle's MG
		{"US Rifle Squad", maps.Allies, "H4", 0},   // 5: M1919A6, in its Fire phase
	}, placed: map[int]map[string]string{2: {"weapons": "MG34"}, 4: {"weapons": "M1919A6"}}}.battle(t)
	assertRefused(t, b, FireAP{Units: []UnitID{5}, Target: hexOf(t, b, "H2"), Lane: LaneStraight}, "only by opportunity fire")
	apply(t, b, EndPhase{})
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E7", 0), pose(t, b, "E6", 0), pose(t, b, "E5", 0)}}, Pass{})
	e6 := hexOf(t, b, "E6")
	assertRefused(t, b, FireAP{Units: []UnitID{2}, Target: e6, Lane: LaneStraight}, "MG support weapon")
	assertRefused(t, b, FireAP{Units: []UnitID{4}, Target: e6, Lane: LaneStraight}, "MG support weapon")
	assertRefused(t, b, FireAP{Units: []UnitID{2}, Target: e6, Lane: LanePattern(9)}, "want straight, left or right")
	if _, err := b.LaneHexes(hexOf(t, b, "E1"), e6, LaneStaggerLeft); err == nil || !strings.Contains(err.Error(), "lay it straight") {
		t.Errorf("a staggered lane along a line through hex centres: %v", err)
	}
	if err := b.Check(FireAP{Units: []UnitID{3}, Target: e6, Lane: LaneStraight}); err != nil {
		t.Errorf("a straight lane from H2: %v", err)
	}
}

// TestLaneHexesPatterns: a straight lane follows the line; on a line along
// hexsides (B5 to F5 touches C4 and C5, then E4 and E5 equally) a
// staggered one falls alternately on each side of it, the first on the
// side picked; every lane is as long as the range.
func TestLaneHexesPatterns(t *testing.T) {
	b := laneFixture(t, false)
	for _, tt := range []struct {
		from, to string
		p        LanePattern
		want     string
	}{
		{"E1", "E6", LaneStraight, "E2 E3 E4 E5 E6"},
		{"B5", "F5", LaneStraight, "C4 D5 E4 F5"},
		{"B5", "F5", LaneStaggerLeft, "C4 D5 E5 F5"},
		{"B5", "F5", LaneStaggerRight, "C5 D5 E4 F5"},
		{"B5", "D8", LaneStraight, "C5 C6 D7 D8"},
	} {
		hs, err := b.LaneHexes(hexOf(t, b, tt.from), hexOf(t, b, tt.to), tt.p)
		if err != nil {
			t.Errorf("%s→%s %v: %v", tt.from, tt.to, tt.p, err)
			continue
		}
		if have := laneLabels(b, hs); have != tt.want {
			t.Errorf("%s→%s %v: %s, want %s", tt.from, tt.to, tt.p, have, tt.want)
		}
	}
}

// TestFireLaneInDigestAndReplay: a lane is part of the state, and a save
// with its order replays to the same state.
func TestFireLaneInDigestAndReplay(t *testing.T) {
	digests := map[LanePattern]string{}
	var b *Battle
	for _, p := range []LanePattern{NoLane, LaneStraight} {
		b = fixture{grid: laneMap, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "E8", 0},
			{"German Rifle Squad", maps.Axis, "E1", 0},
		}, placed: map[int]map[string]string{1: {"weapons": "MG34"}}}.battle(t)
		apply(t, b, EndPhase{}, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E7", 0), pose(t, b, "E6", 0)}}, Pass{},
			FireAP{Units: []UnitID{2}, Target: hexOf(t, b, "E6"), Lane: p})
		digests[p] = b.Digest()
	}
	if len(b.FireLanes()) != 1 || digests[NoLane] == digests[LaneStraight] {
		t.Errorf("the lane is not in the digest")
	}
	data, err := json.Marshal(b.Save())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"lane":"straight"`) {
		t.Errorf("the save has no lane field: %s", data)
	}
	var s Save
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	r, err := Replay(b.scenario, testCatalogue, s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Digest() != b.Digest() || len(r.FireLanes()) != 1 {
		t.Errorf("the replay differs")
	}
}

// TestFireLaneTargets: a lane attacks an unarmoured vehicle that enters it
// but never an AFV (rules 13.9).
func TestFireLaneTargets(t *testing.T) {
	for _, tt := range []struct {
		typ     string
		attacks int
	}{{"GMC Truck", 1}, {"M4A3E8", 0}} {
		b := fixture{grid: laneMap, dice: []int{6, 6, 6}, units: []unitAt{
			{tt.typ, maps.Allies, "B8", board.DirN},
			{"German Rifle Squad", maps.Axis, "J1", 0},
		}}.battle(t)
		apply(t, b, EndPhase{})
		b.lanes = []FireLane{{Side: maps.Axis, Firer: 2, Weapon: "MG34", Hexes: []board.Hex{hexOf(t, b, "B7")}}}
		events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B7", board.DirN)}})
		n := 0
		for _, e := range events {
			if e.Kind == LaneFired {
				n++
			}
		}
		if n != tt.attacks {
			t.Errorf("%s: %d lane attacks, want %d: %q", tt.typ, n, tt.attacks, texts(events))
		}
	}
}

// TestLaneOddsEnumerated: a lane's attack on a squad scores on 6 or less
// of 2d6 (15 of 36); with a second marker, on 7 or less (21 of 36); an AFV
// is never its target.
func TestLaneOddsEnumerated(t *testing.T) {
	b := fixture{grid: laneMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E8", 0},
		{"M4A3E8", maps.Allies, "B8", board.DirN},
	}}.battle(t)
	for _, tt := range []struct {
		markers int
		hits    float64
	}{{1, 15.0 / 36}, {2, 21.0 / 36}} {
		o, err := b.LaneOdds(b.Unit(1), hexOf(t, b, "E7"), tt.markers)
		if err != nil {
			t.Fatal(err)
		}
		if have := 1 - o.PointsProbability(0); have < tt.hits-1e-12 || have > tt.hits+1e-12 {
			t.Errorf("%d markers: hit chance %v, want %v", tt.markers, have, tt.hits)
		}
	}
	if _, err := b.LaneOdds(b.Unit(2), hexOf(t, b, "B7"), 1); err == nil {
		t.Error("lane odds against an AFV")
	}
}

// TestFireLaneSplitsAStack: a stack entering a lane is attacked as one
// target; the squad its point pins stops there (rules 13.9, as after
// opportunity fire), the other goes on.
func TestFireLaneSplitsAStack(t *testing.T) {
	b := fixture{grid: laneMap, dice: []int{1, 5}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "A8", 0},
		{"US Rifle Squad", maps.Allies, "A8", 0},
		{"German Rifle Squad", maps.Axis, "J1", 0},
	}}.battle(t)
	apply(t, b, EndPhase{})
	b.lanes = []FireLane{{Side: maps.Axis, Firer: 3, Weapon: "MG34", Hexes: []board.Hex{hexOf(t, b, "A7")}}}
	events := apply(t, b, Move{Unit: 1, With: []UnitID{2}, Path: []board.Pose{pose(t, b, "A7", 0), pose(t, b, "A6", 0)}})
	var pinned, on []string
	for _, u := range []*Unit{b.Unit(1), b.Unit(2)} {
		if u.Has(Pinned) {
			pinned = append(pinned, b.Board().Label(u.Pose.Hex))
		} else {
			on = append(on, b.Board().Label(u.Pose.Hex))
		}
	}
	if !slices.Equal(pinned, []string{"A7"}) || !slices.Equal(on, []string{"A6"}) {
		t.Errorf("pinned in %v and on in %v, want one pinned in A7 and one in A6: %q", pinned, on, texts(events))
	}
}
