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
