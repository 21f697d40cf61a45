package board

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func fixture(t testing.TB, text string) *Board {
	t.Helper()
	b, err := ParseASCII(DefaultLayout, text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func at(t testing.TB, s string, f Direction) Pose { return Pose{label(t, s), f} }

// route renders a path compactly: "C5 N>NW" for a turn, the hex label for
// a step into a hex, "*" after a minimum-move step.
func route(b *Board, steps []Step) string {
	var parts []string
	for _, s := range steps {
		p := b.Label(s.To.Hex)
		if s.Kind == Turn {
			p = fmt.Sprintf("%s %v>%v", b.Label(s.From.Hex), s.From.Facing, s.To.Facing)
		}
		if s.Kind == Reverse {
			p = "rev " + p
		}
		if s.Minimum {
			p += "*"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func TestStepCostTerrain(t *testing.T) {
	// Enter A1 from A2 (northwards) over each terrain, off-road.
	tests := []struct {
		code           string
		foot, vehicle  int // -1: prohibited
		vehicleMessage string
	}{
		{".", 1, 1, ""},
		{"f", 1, 1, ""},
		{"c", 1, 1, ""},
		{"r", 1, 1, ""},
		{"=", 1, -1, "A2 → A1: vehicles may enter a bridge only from a connecting road"},
		{"B", 2, -1, "A2 → A1: building is prohibited for vehicles except along a road"},
		{"W", 2, 2, ""},
		{"s", 2, 3, ""},
		{"o", 1, 1, ""},
		{"~", -1, -1, "A2 → A1: pond is prohibited for vehicles"},
		{"m", -1, -1, "A2 → A1: marsh is prohibited for vehicles"},
		{"n", -1, -1, "A2 → A1: canal is prohibited for vehicles"},
		{"v", -1, -1, "A2 → A1: river is prohibited for vehicles"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			b := fixture(t, tt.code+"\n.")
			from := label(t, "A2")
			for _, m := range []Mover{Foot, Wheeled} {
				want := tt.foot
				if m == Wheeled {
					want = tt.vehicle
				}
				have, err := b.StepCost(m, from, DirN)
				switch {
				case want < 0 && err == nil:
					t.Errorf("StepCost(%v, %s) = %d, want an error", m, tt.code, have)
				case want >= 0 && (err != nil || have != want):
					t.Errorf("StepCost(%v, %s) = %d, %v; want %d", m, tt.code, have, err, want)
				}
				if m == Wheeled && tt.vehicleMessage != "" && (err == nil || err.Error() != tt.vehicleMessage) {
					t.Errorf("StepCost(%v, %s) error = %v, want %q", m, tt.code, err, tt.vehicleMessage)
				}
			}
		})
	}
}

func TestStepCostClimbAndHexsides(t *testing.T) {
	tests := []struct {
		name          string
		text          string
		foot, vehicle int // -1: prohibited
	}{
		{"level 0 to 1", ".1\n.", 2, 2},
		{"level 0 to 2", ".2\n.", WholeAllowance, -1},
		{"level 2 to 0", ".\n.2", WholeAllowance, -1},
		{"level 1 to 2", ".2\n.1", 2, 2},
		{"level 2 to 1", ".1\n.2", 1, 1},
		{"woods level 1", "W1\n.", 3, 3},
		{"stream level 1", "s1\n.", 3, 4},
		{"wall", ".\n.\nwall A1 A2", 2, 2},
		{"hedge", ".\n.\nhedge A2 A1", 2, 2},
		{"hedgerow", ".\n.\nhedgerow A1 A2", 2, 2},
		{"woods level 1 over a wall", "W1\n.\nwall A1 A2", 4, 4},
		{"road through woods from road", "W+\nr", 1, 1},
		{"road through woods from open", "W+\n.", 2, 2},
		{"road through woods from woods with road", "W+\nW+", 1, 1},
		{"road through stream from road", "s+\nr", 1, 1},
		{"road through stream off road", "s+\n.", 2, 3},
		{"street through buildings", "B+\nr", 1, 1},
		{"building with road from open", "B+\n.", 2, -1},
		{"bridge from road", "=\nr", 1, 1},
		{"bridge from bridge", "=\n=", 1, 1},
		{"bridge from woods with road", "=\nW+", 1, 1},
		{"bridge from open", "=\n.", 1, -1},
		{"road onto a hill", ".1+\nr", 2, 2},
		{"road over a hedge", "r\nr\nhedge A1 A2", 2, 2},
		{"off the map", ".", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture(t, tt.text)
			from := label(t, "A2")
			if tt.name == "off the map" {
				from = label(t, "A1")
			}
			for _, m := range []Mover{Foot, Wheeled} {
				want := tt.foot
				if m == Wheeled {
					want = tt.vehicle
				}
				have, err := b.StepCost(m, from, DirN)
				switch {
				case want < 0 && err == nil:
					t.Errorf("StepCost(%v) = %d, want an error", m, have)
				case want >= 0 && (err != nil || have != want):
					t.Errorf("StepCost(%v) = %d, %v; want %d", m, have, err, want)
				}
			}
		})
	}
}

func TestVehicleTurnsAndReverse(t *testing.T) {
	b := fixture(t, `
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .`)
	tests := []struct {
		name string
		mp   int
		to   Pose
		want int // -1: unreachable
	}{
		{"stay", 1, at(t, "C3", DirN), 0},
		{"turn one hexside clockwise in place: free", 1, at(t, "C3", DirNE), 0},
		{"turn one hexside anticlockwise in place: free", 1, at(t, "C3", DirNW), 0},
		{"turn two hexsides in place: 1", 1, at(t, "C3", DirSE), 1},
		{"turn two hexsides the other way: 1", 1, at(t, "C3", DirSW), 1},
		{"turn three hexsides in place: 2", 2, at(t, "C3", DirS), 2},
		{"no second turn in the same hex", 1, at(t, "C3", DirS), -1},
		{"forward", 1, at(t, "C2", DirN), 1},
		{"forward twice", 2, at(t, "C1", DirN), 2},
		{"forward then free turn", 1, at(t, "C2", DirNE), 1},
		{"forward then two-hexside turn", 2, at(t, "C2", DirSE), 2},
		{"forward then three-hexside turn", 3, at(t, "C2", DirS), 3},
		{"reverse doubles", 2, at(t, "C4", DirN), 2},
		{"reverse twice", 4, at(t, "C5", DirN), 4},
		{"reverse twice short of MP", 3, at(t, "C5", DirN), -1},
		{"turn free then forward", 1, at(t, "D3", DirNE), 1},
		{"free turn, reverse, free turn", 3, at(t, "D4", DirN), 2}, // C3 N>NW, reverse into D4, turn N
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := b.Reachable(MoveSpec{Kind: Vehicle, MP: tt.mp}, at(t, "C3", DirN), Occupancy{})
			have, ok := r.PoseCost(tt.to)
			if !ok {
				have = -1
			}
			if have != tt.want {
				path, _ := r.PathTo(tt.to)
				t.Errorf("PoseCost(%s %v) = %d, want %d (path %s)", b.Label(tt.to.Hex), tt.to.Facing, have, tt.want, route(b, path))
			}
		})
	}
}

func TestTurnNotes(t *testing.T) {
	b := fixture(t, ". . .\n. . .\n. . .")
	r := b.Reachable(MoveSpec{Kind: Vehicle, MP: 3}, at(t, "B2", DirN), Occupancy{})
	tests := []struct {
		to   Direction
		want string
	}{
		{DirNE, "turn 1 hexside"},
		{DirSE, "turn 2 hexsides (first free)"},
		{DirS, "turn 3 hexsides (first free)"},
	}
	for _, tt := range tests {
		path, ok := r.PathTo(Pose{label(t, "B2"), tt.to})
		if !ok || len(path) != 1 {
			t.Fatalf("PathTo(B2 %v) = %v, %v; want one turn", tt.to, path, ok)
		}
		if path[0].Kind != Turn || path[0].Note != tt.want || path[0].Cost != turnCost(DirN.Turns(tt.to)) {
			t.Errorf("turn to %v = %v %q cost %d, want turn %q", tt.to, path[0].Kind, path[0].Note, path[0].Cost, tt.want)
		}
	}
}

func TestMinimumMove(t *testing.T) {
	b := fixture(t, `
. . . . .
. . W . .
. . . W .
. . . W .
. . . . .`)
	tests := []struct {
		name  string
		spec  MoveSpec
		start Pose
		to    Pose
		want  int // -1: unreachable
		route string
	}{
		{"vehicle into woods with 1 MP", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "C2", DirN), 2, "C2*"},
		{"free turn after a minimum move", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "C2", DirNW), 2, "C2* C2 N>NW*"},
		{"no paid turn after a minimum move", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "C2", DirSE), -1, ""},
		{"nothing beyond a minimum move", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "C1", DirN), -1, ""},
		{"free turn before a minimum move", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "D3", DirNE), 2, "C3 N>NE D3*"},
		{"reverse as a minimum move", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "C4", DirN), 2, "rev C4*"},
		{"reverse into woods after a free turn", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "D4", DirNW), 4, "C3 N>NW rev D4*"},
		{"not after a paid turn", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C3", DirN), at(t, "D4", DirSE), -1, ""},
		{"within MP it is an ordinary move", MoveSpec{Kind: Vehicle, MP: 2}, at(t, "C3", DirN), at(t, "C2", DirN), 2, "C2"},
		{"infantry into woods with 1 MP", MoveSpec{Kind: Infantry, MP: 1}, at(t, "C3", DirN), at(t, "D3", DirN), 2, "D3*"},
		{"infantry: not after a first step", MoveSpec{Kind: Infantry, MP: 2}, at(t, "C4", DirN), at(t, "C2", DirN), -1, ""},
		{"no MP, no move", MoveSpec{Kind: Vehicle, MP: 0}, at(t, "C3", DirN), at(t, "C2", DirN), -1, ""},
		{"no MP, no turn", MoveSpec{Kind: Vehicle, MP: 0}, at(t, "C3", DirN), at(t, "C3", DirNE), -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := b.Reachable(tt.spec, tt.start, Occupancy{})
			have, ok := r.PoseCost(tt.to)
			if !ok {
				have = -1
			}
			path, _ := r.PathTo(tt.to)
			if have != tt.want || route(b, path) != tt.route {
				t.Errorf("PoseCost(%s %v) = %d by %q, want %d by %q", b.Label(tt.to.Hex), tt.to.Facing, have, route(b, path), tt.want, tt.route)
			}
		})
	}
}

func TestMinimumMoveInfantryHeavyWeapon(t *testing.T) {
	// A squad with a Heavy weapon (3 MP) climbs into woods over a hedge.
	b := fixture(t, `
. . .
. W1 .
. . .
hedge B2 B3`)
	r := b.Reachable(MoveSpec{Kind: Infantry, MP: 3}, at(t, "B3", DirN), Occupancy{})
	path, ok := r.Path(label(t, "B2"))
	if !ok || route(b, path) != "B2*" || path[0].Cost != 4 || path[0].Note != "woods 2 +1 climb +1 hedge, minimum move" {
		t.Fatalf("Path(B2) = %+v, %v; want one minimum step costing 4", path, ok)
	}
}

func TestOccupancy(t *testing.T) {
	b := fixture(t, ". . . . .")
	enemy, full := label(t, "C1"), label(t, "B1")
	occ := Occupancy{
		CanEnter: func(h Hex) bool { return h != enemy },
		CanEnd:   func(h Hex) bool { return h != full },
	}
	r := b.Reachable(MoveSpec{Kind: Infantry, MP: 4}, at(t, "A1", DirN), occ)
	tests := []struct {
		hex  string
		want int // -1: cannot end there
	}{
		{"A1", 0},
		{"B1", -1}, // over-stacked: pass through only
		{"C1", -1}, // enemy
		{"D1", -1}, // only through the enemy
	}
	for _, tt := range tests {
		have, ok := r.Cost(label(t, tt.hex))
		if !ok {
			have = -1
		}
		if have != tt.want {
			t.Errorf("Cost(%s) = %d, want %d", tt.hex, have, tt.want)
		}
	}
	// With the enemy gone, B1 is passed through on the way to D1.
	r = b.Reachable(MoveSpec{Kind: Infantry, MP: 4}, at(t, "A1", DirN), Occupancy{CanEnd: occ.CanEnd})
	if path, ok := r.Path(label(t, "D1")); !ok || route(b, path) != "B1 C1 D1" {
		t.Errorf("Path(D1) = %q, %v; want B1 C1 D1", route(b, path), ok)
	}
	if have := len(r.Hexes()); have != 4 {
		t.Errorf("len(Hexes()) = %d, want 4 (A1 C1 D1 E1)", have)
	}
}

func TestCheapestPath(t *testing.T) {
	b := fixture(t, `
. . . . .
. . W . .
. . W W .
. . B . .
. . . . .`)
	open := fixture(t, `
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .`)
	woods := fixture(t, `
. . . . .
. . . . .
. . W . .
. . . . .
. . . . .`)
	tests := []struct {
		name  string
		b     *Board
		spec  MoveSpec
		start Pose
		to    string
		cost  int
		route string
	}{
		// C4 is a building; straight on costs 7 for infantry, the east side
		// 6 (D3 is woods), the west side 5.
		{"vehicle around woods", b, MoveSpec{Kind: Vehicle, MP: 6}, at(t, "C5", DirN), "C1", 5, "C5 N>NW B5 B5 NW>N B4 B3 B2 B2 N>NE C1"},
		{"infantry around woods", b, MoveSpec{Kind: Infantry, MP: 6}, at(t, "C5", DirN), "C1", 5, "B5 B4 B3 B2 C1"},
		// Through the woods or round it both cost 3: fewer steps win.
		{"fewer steps", woods, MoveSpec{Kind: Infantry, MP: 4}, at(t, "C4", DirN), "C2", 3, "C3 C2"},
		// Two equally cheap, equally short ways: the first direction
		// clockwise from N is taken first.
		{"tie N before NE", open, MoveSpec{Kind: Infantry, MP: 4}, at(t, "C3", DirN), "D2", 2, "C2 D2"},
		{"tie NE before SE", open, MoveSpec{Kind: Infantry, MP: 4}, at(t, "C3", DirN), "E3", 2, "D3 E3"},
		{"vehicle tie", open, MoveSpec{Kind: Vehicle, MP: 4}, at(t, "C3", DirN), "E3", 2, "C3 N>NE D3 D3 NE>SE E3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.b
			r := b.Reachable(tt.spec, tt.start, Occupancy{})
			path, ok := r.Path(label(t, tt.to))
			cost, _ := r.Cost(label(t, tt.to))
			if !ok || cost != tt.cost || route(b, path) != tt.route {
				t.Errorf("Path(%s) = %q cost %d, want %q cost %d", tt.to, route(b, path), cost, tt.route, tt.cost)
			}
		})
	}
}

func TestBridgeAndLevels(t *testing.T) {
	b := fixture(t, `
. v .2 .2
r = r  .1
. v .  .`)
	tests := []struct {
		name  string
		spec  MoveSpec
		start Pose
		to    string
		cost  int // -1: unreachable
		route string
	}{
		{"vehicle over the bridge along the road", MoveSpec{Kind: Vehicle, MP: 3}, at(t, "A2", DirNE), "C2", 2, "B2 B2 NE>SE C2"},
		{"vehicle onto the bridge only from the road", MoveSpec{Kind: Vehicle, MP: 3}, at(t, "A1", DirSE), "B2", 3, "A1 SE>S A2 A2 S>NE B2"},
		{"vehicle onto the bridge, MP short for the road", MoveSpec{Kind: Vehicle, MP: 2}, at(t, "A1", DirSE), "B2", -1, ""},
		{"infantry onto the bridge from open", MoveSpec{Kind: Infantry, MP: 3}, at(t, "A1", DirSE), "B2", 1, "B2"},
		{"infantry never into the river", MoveSpec{Kind: Infantry, MP: 3}, at(t, "A1", DirSE), "B1", -1, ""},
		// C2 (level 0) to C1 (level 2) needs a step up through D2 (level 1).
		{"vehicle climbs by way of level 1", MoveSpec{Kind: Vehicle, MP: 9}, at(t, "C2", DirN), "C1", 5, "C2 N>NE D2 D2 NE>NW C1"},
		{"vehicle cannot take two levels at once", MoveSpec{Kind: Vehicle, MP: 1}, at(t, "C2", DirN), "C1", -1, ""},
		// Infantry between level 0 and level 2 spend their whole allowance
		// (rules 10.7): only as the whole move.
		{"infantry climbs two levels at once", MoveSpec{Kind: Infantry, MP: 3}, at(t, "C2", DirN), "C1", 3, "C1*"},
		{"infantry climbing two levels spend all of 4 MP", MoveSpec{Kind: Infantry, MP: 4}, at(t, "C2", DirN), "C1", 4, "C1*"},
		{"infantry cannot climb two levels after a step", MoveSpec{Kind: Infantry, MP: 4}, at(t, "C3", DirN), "C1", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := b.Reachable(tt.spec, tt.start, Occupancy{})
			path, _ := r.Path(label(t, tt.to))
			cost, ok := r.Cost(label(t, tt.to))
			if !ok {
				cost = -1
			}
			if cost != tt.cost || route(b, path) != tt.route {
				t.Errorf("Path(%s) = %q cost %d, want %q cost %d", tt.to, route(b, path), cost, tt.route, tt.cost)
			}
		})
	}
}

func TestGunMove(t *testing.T) {
	b := fixture(t, `
. W .
. . B
. . .`)
	r := b.Reachable(MoveSpec{Kind: Gun, MP: 1}, at(t, "B2", DirN), Occupancy{})
	var hexes []string
	for _, h := range r.Hexes() {
		hexes = append(hexes, b.Label(h))
	}
	if have, want := strings.Join(hexes, " "), "A1 B1 C1 A2 B2 C2 B3"; have != want {
		// C2 is a building: barred to vehicles, not to a Gun with 1 MP
		// (the rules bar only 0-MP Guns from buildings, and those never move).
		t.Errorf("Hexes() = %s, want %s", have, want)
	}
	tests := []struct {
		to    Pose
		cost  int
		route string
	}{
		{at(t, "B2", DirN), 0, ""},
		{at(t, "B2", DirS), 1, "B2 N>S"},
		{at(t, "B1", DirSW), 1, "B1"}, // woods cost 2, but a Gun moves its one hex regardless
		{at(t, "B3", DirN), 1, "B3"},
	}
	for _, tt := range tests {
		path, _ := r.PathTo(tt.to)
		cost, ok := r.PoseCost(tt.to)
		if !ok || cost != tt.cost || route(b, path) != tt.route {
			t.Errorf("PathTo(%s %v) = %q cost %d, want %q cost %d", b.Label(tt.to.Hex), tt.to.Facing, route(b, path), cost, tt.route, tt.cost)
		}
	}
	if have := len(r.Poses()); have != 7*6 {
		t.Errorf("len(Poses()) = %d, want 42", have)
	}
	if have := len(b.Reachable(MoveSpec{Kind: Gun, MP: 0}, at(t, "B2", DirN), Occupancy{}).Poses()); have != 1 {
		t.Errorf("0-MP Gun: len(Poses()) = %d, want 1", have)
	}
}

func TestCheckPath(t *testing.T) {
	b := fixture(t, `
. . . . .
. . W . .
. . . . .
. . B . .
. . . . .`)
	enemy, full := label(t, "E3"), label(t, "A3")
	occ := Occupancy{
		CanEnter: func(h Hex) bool { return h != enemy },
		CanEnd:   func(h Hex) bool { return h != full },
	}
	p := func(s string) Pose {
		f := strings.Fields(s)
		d := DirN
		if len(f) == 2 {
			for i := range Direction(6) {
				if i.String() == f[1] {
					d = i
				}
			}
		}
		return at(t, f[0], d)
	}
	poses := func(ss ...string) []Pose {
		var ps []Pose
		for _, s := range ss {
			ps = append(ps, p(s))
		}
		return ps
	}
	tests := []struct {
		name  string
		spec  MoveSpec
		start string
		path  []Pose
		cost  int
		err   string
		step  int
	}{
		{"empty", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", nil, 0, "", 0},
		{"forward into woods", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("C2 N", "C1 N"), 3, "", 0},
		{"reverse", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("C4 N"), 0, "C3 → C4: building is prohibited for vehicles except along a road", 1},
		{"turn then move", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("C3 SE", "D4 SE", "D4 S", "D5 S"), 3, "", 0},
		{"sideways", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("D3 N"), 0, "C3 → D3: a vehicle facing N moves only forward to C2 or in reverse to C4", 1},
		{"turning while moving", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("C2 NE"), 0, "C3 → C2: vehicles keep their facing while moving; turn after entering the hex", 1},
		{"two turns in one hex", MoveSpec{Kind: Vehicle, MP: 3}, "C3 N", poses("C3 NE", "C3 SE"), 0, "C3 NE → SE: already turned in C3: one turn of up to 3 hexsides a hex", 2},
		{"turn beyond MP", MoveSpec{Kind: Vehicle, MP: 1}, "C3 N", poses("C3 S"), 0, "C3 N → S: turning costs 2 MP, 1 left", 1},
		{"step beyond MP", MoveSpec{Kind: Vehicle, MP: 2}, "C4 N", poses("C3 N", "C2 N"), 0, "C3 → C2: the step costs 2 MP, 1 left", 2},
		{"minimum move", MoveSpec{Kind: Vehicle, MP: 1}, "C3 N", poses("C2 N", "C2 NE"), 2, "", 0},
		{"minimum move ends", MoveSpec{Kind: Vehicle, MP: 1}, "C3 N", poses("C2 N", "C1 N"), 0, "C2 → C1: a minimum move ends after its one hex", 2},
		{"paid turn after minimum move", MoveSpec{Kind: Vehicle, MP: 1}, "C3 N", poses("C2 N", "C2 SE"), 0, "C2 N → SE: after a minimum move only a free one-hexside turn is allowed", 2},
		{"enemy", MoveSpec{Kind: Infantry, MP: 4}, "D3", poses("E3"), 0, "D3 → E3: E3 may not be entered (occupied by the enemy)", 1},
		{"stacking", MoveSpec{Kind: Infantry, MP: 4}, "B3", poses("A3"), 0, "end in A3: the move may not end there (stacking limit)", 1},
		{"through a full hex", MoveSpec{Kind: Infantry, MP: 4}, "B3", poses("A3", "A2"), 2, "", 0},
		{"not adjacent", MoveSpec{Kind: Infantry, MP: 4}, "B3", poses("B1"), 0, "B3 → B1: B1 is not adjacent to B3", 1},
		{"infantry turning", MoveSpec{Kind: Infantry, MP: 4}, "B3 N", poses("B3 S"), 0, "B3 N → S: infantry have no facing to turn", 1},
		{"infantry into building", MoveSpec{Kind: Infantry, MP: 4}, "C5", poses("C4", "C3"), 3, "", 0},
		{"no MP", MoveSpec{Kind: Infantry, MP: 0}, "B3", poses("B2"), 0, "B3 → B2: the unit has no MP to move", 1},
		{"gun one hex", MoveSpec{Kind: Gun, MP: 1}, "C3 N", poses("C2 S"), 1, "", 0},
		{"gun pivot", MoveSpec{Kind: Gun, MP: 1}, "C3 N", poses("C3 S"), 1, "", 0},
		{"gun two hexes", MoveSpec{Kind: Gun, MP: 1}, "C5 N", poses("B5 N", "A5 N"), 0, "B5 → A5: a Gun moves only one hex (or pivots in place) a turn", 2},
		{"gun into building", MoveSpec{Kind: Gun, MP: 1}, "C5 N", poses("C4 N"), 1, "", 0},
		{"vehicle into building", MoveSpec{Kind: Vehicle, MP: 3}, "C5 N", poses("C4 N"), 0, "C5 → C4: building is prohibited for vehicles except along a road", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cost, err := b.CheckPath(tt.spec, p(tt.start), tt.path, occ)
			if tt.err == "" {
				if err != nil || cost != tt.cost {
					t.Errorf("CheckPath = %d, %v; want %d", cost, err, tt.cost)
				}
				return
			}
			var pe *PathError
			if !errors.As(err, &pe) || err.Error() != tt.err || pe.Step != tt.step {
				t.Errorf("CheckPath = %d, %v; want error %q at step %d", cost, err, tt.err, tt.step)
			}
		})
	}
}

func TestCheckPathOffMap(t *testing.T) {
	b := fixture(t, ". . .\n. . .")
	start := at(t, "B1", DirN)
	_, err := b.CheckPath(MoveSpec{Kind: Vehicle, MP: 3}, start, []Pose{{start.Hex.Neighbor(DirN), DirN}}, Occupancy{})
	if want := "B1 → B0: B0 is off the map"; err == nil || err.Error() != want {
		t.Errorf("CheckPath off the top edge: error %v, want %q", err, want)
	}
}

// TestReachableAgreesWithCheckPath walks every cheapest path that
// Reachable finds on a mixed map through CheckPath, an independent step by
// step reading of the rules: each must be legal and cost the same.
func TestReachableAgreesWithCheckPath(t *testing.T) {
	b := fixture(t, `
.  .  W  W  .  r  .  .
.  c  W1 W1 .  r  B  .
r  r  r+ W+ r  r  B  .
.  .1 .1 .2 .  s+ .  o
.  .1 W1 .1 .  r  .  o
s  s  s  =  s  s  .  .
.  .  .  r  .  .  B  B
.  ~  ~  r  .  .  B  .
wall B4 B5
hedge C3 D3
hedgerow E4 F4`)
	occ := Occupancy{
		CanEnter: func(h Hex) bool { return h != label(t, "E5") },
		CanEnd:   func(h Hex) bool { return h != label(t, "D7") },
	}
	specs := []MoveSpec{{Kind: Vehicle, MP: 6}, {Kind: Vehicle, MP: 1}, {Kind: Infantry, MP: 4}, {Kind: Infantry, MP: 1}, {Kind: Gun, MP: 1}}
	for _, spec := range specs {
		for _, start := range []string{"D8", "A3", "E6"} {
			for _, f := range []Direction{DirN, DirSE} {
				t.Run(fmt.Sprintf("%v-%d-%s-%v", spec.Kind, spec.MP, start, f), func(t *testing.T) {
					r := b.Reachable(spec, at(t, start, f), occ)
					poses := r.Poses()
					if len(poses) < 2 {
						t.Fatalf("only %d poses reachable", len(poses))
					}
					for _, p := range poses {
						want, _ := r.PoseCost(p)
						steps, ok := r.PathTo(p)
						if !ok {
							t.Fatalf("PathTo(%s %v) failed", b.Label(p.Hex), p.Facing)
						}
						path, sum := []Pose{}, 0
						for _, s := range steps {
							path = append(path, s.To)
							sum += s.Cost
						}
						have, err := b.CheckPath(spec, at(t, start, f), path, occ)
						if err != nil || have != want || sum != want {
							t.Errorf("CheckPath(%s) = %d, %v; steps sum to %d; want %d", route(b, steps), have, err, sum, want)
						}
						if want > spec.MP && (len(steps) == 0 || !steps[len(steps)-1].Minimum) {
							t.Errorf("path %s costs %d > %d MP without a minimum move", route(b, steps), want, spec.MP)
						}
					}
				})
			}
		}
	}
}

func TestReachableLimits(t *testing.T) {
	small := fixture(t, ". . .\n. W .\n. . .")
	tests := []struct {
		name  string
		spec  MoveSpec
		start Pose
		hexes int
		far   string // a hex and its expected cost
		cost  int
	}{
		// The search box is larger than this board: the whole board is used.
		{"MP beyond the board", MoveSpec{Kind: Infantry, MP: 12}, at(t, "A1", DirN), 9, "C3", 3},
		{"MP beyond MaxMP", MoveSpec{Kind: Vehicle, MP: 1 << 40}, at(t, "A1", DirS), 9, "C3", 3},
		{"negative MP", MoveSpec{Kind: Infantry, MP: -3}, at(t, "A1", DirN), 1, "A1", 0},
		{"start off the map", MoveSpec{Kind: Infantry, MP: 4}, Pose{Hex{-5, -5}, DirN}, 1, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := small.Reachable(tt.spec, tt.start, Occupancy{})
			if have := len(r.Hexes()); have != tt.hexes {
				t.Errorf("len(Hexes()) = %d, want %d", have, tt.hexes)
			}
			if tt.far == "" {
				return
			}
			if have, ok := r.Cost(label(t, tt.far)); !ok || have != tt.cost {
				t.Errorf("Cost(%s) = %d, %v; want %d", tt.far, have, ok, tt.cost)
			}
		})
	}
}

// TestCheckPathTwoLevels: infantry going between level 0 and level 2 in one
// step spend their whole allowance (rules 10.7), so the step is the whole
// move, up or down.
func TestCheckPathTwoLevels(t *testing.T) {
	b := fixture(t, `
.2 .
.  .`)
	hexes := func(ls ...string) []Pose {
		var ps []Pose
		for _, l := range ls {
			ps = append(ps, Pose{Hex: label(t, l)})
		}
		return ps
	}
	tests := []struct {
		name  string
		start string
		path  []Pose
		cost  int
		err   string
	}{
		{"up as the whole move", "A2", hexes("A1"), 4, ""},
		{"down as the whole move", "A1", hexes("A2"), 4, ""},
		{"not after a step", "B2", hexes("A2", "A1"), 0, "A2 → A1: two levels at once take the whole allowance: only as the whole move"},
		{"nothing after it", "A2", hexes("A1", "B1"), 0, "A1 → B1: a minimum move ends after its one hex"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cost, err := b.CheckPath(MoveSpec{Kind: Infantry, MP: 4}, Pose{Hex: label(t, tt.start)}, tt.path, Occupancy{})
			switch {
			case tt.err == "" && (err != nil || cost != tt.cost):
				t.Errorf("CheckPath = %d, %v; want %d", cost, err, tt.cost)
			case tt.err != "" && (err == nil || err.Error() != tt.err):
				t.Errorf("CheckPath error = %v, want %q", err, tt.err)
			}
		})
	}
}
