package ai

import (
	"iter"
	"sort"

	"hexfire/battle"
)

// candidates is one kind's candidate orders for the Random player, listed
// lazily: count says how many there are, empty whether there are none
// (which may take less work), and at makes the i-th (0 ≤ i < count()) only
// when it is asked for. On the largest maps a kind has hundreds of
// thousands of candidates, of which the player checks a few.
type candidates struct {
	count func() int
	empty func() bool
	at    func(i int) battle.Order
}

// counted is the candidates of n orders made by at.
func counted(n int, at func(i int) battle.Order) candidates {
	return candidates{count: func() int { return n }, empty: func() bool { return n == 0 }, at: at}
}

// listed is the candidates of a list already made.
func listed(os []battle.Order) candidates {
	return counted(len(os), func(i int) battle.Order { return os[i] })
}

// each is the candidates of k orders for each of the n items of a list, in
// the list's order: the i-th is order(i/k, i%k).
func each(n, k int, order func(item, j int) battle.Order) candidates {
	return counted(n*k, func(i int) battle.Order { return order(i/k, i%k) })
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

// blocks numbers the orders of n consecutive blocks: the orders of block
// 0, then block 1's, and so on. A block is sized (size) only when the
// number of orders up to its end is needed.
type blocks struct {
	n    int
	size func(block int) int
	ends []int // the number of orders up to the end of each block sized
}

// sized sizes the blocks before block k.
func (bs *blocks) sized(k int) {
	for len(bs.ends) < k {
		bs.ends = append(bs.ends, bs.end()+bs.size(len(bs.ends)))
	}
}

// end is the number of orders of the blocks sized.
func (bs *blocks) end() int {
	if len(bs.ends) == 0 {
		return 0
	}
	return bs.ends[len(bs.ends)-1]
}

// empty reports whether no block has an order, sizing them up to the
// first that has.
func (bs *blocks) empty() bool {
	for k := 1; k <= bs.n; k++ {
		if bs.sized(k); bs.end() > 0 {
			return false
		}
	}
	return true
}

// total is the number of orders of all the blocks.
func (bs *blocks) total() int {
	bs.sized(bs.n)
	return bs.end()
}

// find returns the block of order i (0 ≤ i < total()) and its index in
// the block.
func (bs *blocks) find(i int) (block, j int) {
	bs.sized(bs.n)
	block = sort.SearchInts(bs.ends, i+1)
	if block > 0 {
		j = i - bs.ends[block-1]
	} else {
		j = i
	}
	return block, j
}

// candidates is the candidates of the blocks' orders, the j-th of block
// k made by order(k, j).
func (bs *blocks) candidates(order func(block, j int) battle.Order) candidates {
	return candidates{count: bs.total, empty: bs.empty, at: func(i int) battle.Order { return order(bs.find(i)) }}
}
