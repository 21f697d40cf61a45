package ai

import (
	"iter"
	"sort"

	"hexfire/battle"
)

// candidates is one kind's candidate orders for the Random player, listed
// lazily: there are n of them, and at makes the i-th (0 ≤ i < n) only when
// it is asked for. On the largest maps a kind has hundreds of thousands of
// candidates, of which the player checks a few.
type candidates struct {
	n  int
	at func(i int) battle.Order
}

// listed is the candidates of a list already made.
func listed(os []battle.Order) candidates {
	return candidates{n: len(os), at: func(i int) battle.Order { return os[i] }}
}

// each is the candidates of k orders for each of the n items of a list, in
// the list's order: the i-th is order(i/k, i%k).
func each(n, k int, order func(item, j int) battle.Order) candidates {
	return candidates{n: n * k, at: func(i int) battle.Order { return order(i/k, i%k) }}
}

// in yields c's orders in the order of the indices given.
func (c candidates) in(indices []int) iter.Seq[battle.Order] {
	return func(yield func(battle.Order) bool) {
		for _, i := range indices {
			if !yield(c.at(i)) {
				return
			}
		}
	}
}

// blocks numbers the orders of consecutive blocks of different sizes: the
// orders of block 0, then block 1's, and so on.
type blocks struct {
	ends []int // the number of orders up to the end of each block
}

// add appends a block of n orders (none when n is 0).
func (bs *blocks) add(n int) {
	bs.ends = append(bs.ends, bs.total()+n)
}

// total is the number of orders of all the blocks.
func (bs *blocks) total() int {
	if len(bs.ends) == 0 {
		return 0
	}
	return bs.ends[len(bs.ends)-1]
}

// find returns the block of order i (0 ≤ i < total) and its index in the
// block.
func (bs *blocks) find(i int) (block, j int) {
	block = sort.SearchInts(bs.ends, i+1)
	if block > 0 {
		j = i - bs.ends[block-1]
	} else {
		j = i
	}
	return block, j
}
