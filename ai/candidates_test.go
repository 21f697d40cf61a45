package ai

import (
	"iter"
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
)

// orders yields c's orders in their order.
func (c candidates) orders() iter.Seq[battle.Order] {
	return func(yield func(battle.Order) bool) {
		for i := range c.n {
			if !yield(c.at(i)) {
				return
			}
		}
	}
}

// TestBlocksFind numbers the orders of blocks of literal sizes, empty
// blocks among them.
func TestBlocksFind(t *testing.T) {
	tests := []struct {
		sizes []int
		want  [][2]int // block and index in it, of each order
	}{
		{nil, nil},
		{[]int{0, 0}, nil},
		{[]int{1}, [][2]int{{0, 0}}},
		{[]int{2, 0, 3}, [][2]int{{0, 0}, {0, 1}, {2, 0}, {2, 1}, {2, 2}}},
		{[]int{0, 1, 0, 0, 2}, [][2]int{{1, 0}, {4, 0}, {4, 1}}},
	}
	for _, tt := range tests {
		var bs blocks
		for _, n := range tt.sizes {
			bs.add(n)
		}
		var got [][2]int
		for i := range bs.total() {
			block, j := bs.find(i)
			got = append(got, [2]int{block, j})
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("blocks of %v: %v, want %v", tt.sizes, got, tt.want)
		}
	}
}

// TestCandidatesIn makes the orders of each and listed candidates in
// literal orders of indices, and stops making them when the caller stops.
func TestCandidatesIn(t *testing.T) {
	tests := []struct {
		c       candidates
		indices []int
		want    []battle.Order
	}{
		{listed(nil), nil, nil},
		{listed([]battle.Order{battle.Pass{}, battle.EndPhase{}}), []int{1, 0}, []battle.Order{battle.EndPhase{}, battle.Pass{}}},
		{each(2, 3, func(a, j int) battle.Order { return battle.Advance{Unit: battle.UnitID(a + 1), To: board.Hex{Q: j}} }), []int{5, 0, 3, 2},
			[]battle.Order{battle.Advance{Unit: 2, To: board.Hex{Q: 2}}, battle.Advance{Unit: 1}, battle.Advance{Unit: 2}, battle.Advance{Unit: 1, To: board.Hex{Q: 2}}}},
		{each(3, 0, nil), nil, nil},
	}
	for _, tt := range tests {
		if got := slices.Collect(tt.c.in(tt.indices)); !slices.Equal(got, tt.want) {
			t.Errorf("orders %v: %v, want %v", tt.indices, got, tt.want)
		}
	}
	made := 0
	c := candidates{n: 10, at: func(i int) battle.Order { made++; return battle.Pass{} }}
	for range c.in([]int{3, 1, 4, 1, 5}) {
		break
	}
	if made != 1 {
		t.Errorf("made %d orders for the first one, want 1", made)
	}
}
