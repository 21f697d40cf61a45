package board

import (
	"slices"
	"testing"
)

// TestPosesToFollowsPathTo checks PosesTo against PathTo for every pose a
// unit of each kind of movement can reach on a board of mixed terrain:
// the same route, step for step, without the steps' costs and notes.
func TestPosesToFollowsPathTo(t *testing.T) {
	b := fixture(t, `
. . W . .
. W1 . . .
. . . W .
. . W2 . .
. . . . .
hedge B2 B3`)
	for _, kind := range []MoveKind{Infantry, Vehicle, Gun} {
		r := b.Reachable(MoveSpec{Kind: kind, MP: 6}, at(t, "C3", DirN), Occupancy{})
		poses := r.Poses()
		if len(poses) < 2 {
			t.Fatalf("%v: %d poses reachable, want more to compare", kind, len(poses))
		}
		for _, p := range poses {
			path, ok := r.PathTo(p)
			got, gotOK := r.PosesTo(p)
			var want []Pose
			for _, s := range path {
				want = append(want, s.To)
			}
			if gotOK != ok || !slices.Equal(got, want) {
				t.Errorf("%v to %s %v: PosesTo = %v, %v; PathTo's poses %v, %v", kind, b.Label(p.Hex), p.Facing, got, gotOK, want, ok)
			}
		}
	}
}

// TestBestAsksCanEndOnlyOfReachedHexes asks for the cost of every hex of
// a board, on foot and by vehicle, with a CanEnd that refuses one reached
// hex and records the hexes it is asked about: only reached hexes are
// asked about, the refused hex has no cost or path, and every other
// reached hex has the cost it has when CanEnd allows everything.
func TestBestAsksCanEndOnlyOfReachedHexes(t *testing.T) {
	b := fixture(t, `
. . W . .
. W1 . . .
. . . W .
. . W2 . .
. . . . .`)
	refused := at(t, "C2", DirN).Hex
	for _, kind := range []MoveKind{Infantry, Vehicle} {
		spec, start := MoveSpec{Kind: kind, MP: 3}, at(t, "C3", DirN)
		free := b.Reachable(spec, start, Occupancy{})
		asked := map[Hex]bool{}
		r := b.Reachable(spec, start, Occupancy{CanEnd: func(h Hex) bool {
			asked[h] = true
			return h != refused
		}})
		clear(asked) // the search itself may ask
		for h := range b.Hexes() {
			want, wantOK := free.Cost(h)
			got, ok := r.Cost(h)
			_, pathOK := r.PosesTo(Pose{Hex: h, Facing: start.Facing})
			if asked[h] != wantOK && h != start.Hex {
				t.Errorf("%v: CanEnd asked of %s = %v; reached %v", kind, b.Label(h), asked[h], wantOK)
			}
			if h == refused {
				if ok || pathOK {
					t.Errorf("%v: %s refused by CanEnd, yet Cost = %d, %v, PosesTo ok %v", kind, b.Label(h), got, ok, pathOK)
				}
				continue
			}
			if got != want || ok != wantOK {
				t.Errorf("%v: Cost(%s) = %d, %v; want %d, %v", kind, b.Label(h), got, ok, want, wantOK)
			}
		}
		if _, ok := free.Cost(refused); !ok {
			t.Fatalf("%v: %s not reached: the test refuses nothing", kind, b.Label(refused))
		}
	}
}

// TestMovesLeavesOutTheStart lists the poses a move may end in on a small
// board, for each kind of movement: those of Poses but the start pose, in
// Poses' order, each with a path of at least one step.
func TestMovesLeavesOutTheStart(t *testing.T) {
	b := fixture(t, `
. . .
. . .
. W .`)
	tests := []struct {
		kind MoveKind
		mp   int
		want []string // hex and facing
	}{
		{Infantry, 1, []string{"A1 N", "B1 N", "C1 N", "A2 N", "C2 N", "B3 N"}},
		{Vehicle, 0, nil},
		{Vehicle, 1, []string{"A1 N", "A1 SW", "A1 NW", "B1 N", "B1 NE", "B1 NW", "C1 N", "C1 NE", "C1 SE", "A2 N", "A2 NE", "A2 SE",
			"B2 NE", "B2 SE", "B2 SW", "B2 NW", "C2 N", "C2 SW", "C2 NW", "B3 N", "B3 NE", "B3 NW"}},
		{Gun, 1, []string{"A1 N", "A1 NE", "A1 SE", "A1 S", "A1 SW", "A1 NW", "B1 N", "B1 NE", "B1 SE", "B1 S", "B1 SW", "B1 NW",
			"C1 N", "C1 NE", "C1 SE", "C1 S", "C1 SW", "C1 NW", "A2 N", "A2 NE", "A2 SE", "A2 S", "A2 SW", "A2 NW",
			"B2 NE", "B2 SE", "B2 S", "B2 SW", "B2 NW", "C2 N", "C2 NE", "C2 SE", "C2 S", "C2 SW", "C2 NW",
			"B3 N", "B3 NE", "B3 SE", "B3 S", "B3 SW", "B3 NW"}},
	}
	for _, tt := range tests {
		r := b.Reachable(MoveSpec{Kind: tt.kind, MP: tt.mp}, at(t, "B2", DirN), Occupancy{})
		var got []string
		for _, p := range r.Moves() {
			got = append(got, b.Label(p.Hex)+" "+p.Facing.String())
			if path, ok := r.PosesTo(p); !ok || len(path) == 0 {
				t.Errorf("%v MP %d: PosesTo(%v) = %v, %v; want a path of a step or more", tt.kind, tt.mp, p, path, ok)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v MP %d: Moves = %q, want %q", tt.kind, tt.mp, got, tt.want)
		}
	}
}

// TestReachedIgnoresCanEnd lists the hexes a search reached on a small
// board, with a CanEnd that refuses one of them, which is reached all the
// same, though it has no cost.
func TestReachedIgnoresCanEnd(t *testing.T) {
	b := fixture(t, `
. . . .
. . . .
. W . .
. . . .`)
	refused := at(t, "C1", DirN).Hex
	occ := Occupancy{CanEnd: func(h Hex) bool { return h != refused }}
	tests := []struct {
		kind MoveKind
		mp   int
		want []string
	}{
		{Infantry, 0, []string{"B2"}},
		{Infantry, 1, []string{"A1", "B1", "C1", "A2", "B2", "C2", "B3"}},
		{Vehicle, 1, []string{"A1", "B1", "C1", "A2", "B2", "C2", "B3"}},
	}
	for _, tt := range tests {
		r := b.Reachable(MoveSpec{Kind: tt.kind, MP: tt.mp}, at(t, "B2", DirN), occ)
		var got []string
		for h := range b.Hexes() {
			if r.Reached(h) {
				got = append(got, b.Label(h))
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v MP %d: reached %q, want %q", tt.kind, tt.mp, got, tt.want)
		}
		if _, ok := r.Cost(refused); ok {
			t.Errorf("%v MP %d: C1 refused by CanEnd has a cost", tt.kind, tt.mp)
		}
	}
}

// TestRangeBoundsReached: no hex farther than MoveSpec.Range is reached,
// on a board of open ground and a diagonal of 'r' hexes, for literal allowances.
func TestRangeBoundsReached(t *testing.T) {
	b := fixture(t, `
r . . . . . .
r r . . . . .
. r r . . . .
. . r r . . .
. . . r r . .
. . . . r r .
. . . . . r r`)
	tests := []struct {
		kind MoveKind
		mp   int
		want int
	}{
		{Infantry, -1, 1},
		{Infantry, 0, 1},
		{Vehicle, 3, 3},
		{Vehicle, 6, 6},
		{Gun, 2, 2},
		{Vehicle, MaxMP + 5, MaxMP},
	}
	for _, tt := range tests {
		spec := MoveSpec{Kind: tt.kind, MP: tt.mp}
		if got := spec.Range(); got != tt.want {
			t.Errorf("%v MP %d: Range %d, want %d", tt.kind, tt.mp, got, tt.want)
		}
		start := at(t, "D4", DirN)
		r := b.Reachable(spec, start, Occupancy{})
		for h := range b.Hexes() {
			if r.Reached(h) && start.Hex.Distance(h) > spec.Range() {
				t.Errorf("%v MP %d: %s reached, %d hexes away", tt.kind, tt.mp, b.Label(h), start.Hex.Distance(h))
			}
		}
	}
}
