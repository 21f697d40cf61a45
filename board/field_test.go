package board

import (
	"slices"
	"testing"
)

// TestCostFieldLiteral checks the field on a row of hexes by hand: open
// ground costs 1 to enter, woods 2, a wall on the hexside 1 more, and a
// hex no step can leave toward the goal reads -1.
func TestCostFieldLiteral(t *testing.T) {
	b := MustParseASCII(DefaultLayout, `
. . W . .
wall D1 E1`)
	at := func(label string) Hex {
		for h := range b.Hexes() {
			if b.Label(h) == label {
				return h
			}
		}
		t.Fatalf("no hex %s", label)
		return Hex{}
	}
	f := b.CostField(Foot, []Hex{at("A1"), {Q: 99, R: 99}})
	// From E1: into D1 across the wall (1+1), into C1 woods (2), then B1
	// and A1 (1 each).
	want := map[string]int32{"A1": 0, "B1": 1, "C1": 2, "D1": 4, "E1": 6}
	for label, w := range want {
		i, _ := b.index(at(label))
		if f[i] != w {
			t.Errorf("Foot field at %s = %d, want %d", label, f[i], w)
		}
	}
	if err := b.SetCell(at("A1"), Cell{Terrain: Pond}); err != nil {
		t.Fatal(err)
	}
	f = b.CostField(Foot, []Hex{at("A1")})
	for _, label := range []string{"B1", "E1"} {
		if i, _ := b.index(at(label)); f[i] != -1 {
			t.Errorf("with the goal in a pond, field at %s = %d, want -1", label, f[i])
		}
	}
}

// TestCostFieldMatchesReachable compares the field of one goal with the
// cheapest cost Reachable finds from every hex of a generated map to that
// goal, for infantry (whose search has no facing).
func TestCostFieldMatchesReachable(t *testing.T) {
	b := generateMap(DefaultLayout, 16, 12, 5)
	var all []Hex
	for h := range b.Hexes() {
		all = append(all, h)
	}
	for _, goal := range []Hex{all[0], all[len(all)/2+3], all[len(all)-1]} {
		f := b.CostField(Foot, []Hex{goal})
		for i, h := range all {
			want := int32(-1)
			if c, ok := b.Reachable(MoveSpec{Kind: Infantry, MP: MaxMP}, Pose{Hex: h}, Occupancy{}).Cost(goal); ok {
				want = int32(c)
			}
			if f[i] != want {
				t.Fatalf("field to %s at %s = %d, Reachable says %d", b.Label(goal), b.Label(h), f[i], want)
			}
		}
	}
	two := b.CostField(Foot, []Hex{all[0], all[len(all)-1]})
	a, c := b.CostField(Foot, all[:1]), b.CostField(Foot, all[len(all)-1:])
	for i := range two {
		if w := nearest(a[i], c[i]); two[i] != w {
			t.Fatalf("two goals at %s: %d, want the nearer of %d and %d", b.Label(all[i]), two[i], a[i], c[i])
		}
	}
	if !slices.Contains(two, 0) {
		t.Fatal("no goal at 0")
	}
}

// nearest is the smaller of two field values, -1 meaning unreachable.
func nearest(a, b int32) int32 {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}
