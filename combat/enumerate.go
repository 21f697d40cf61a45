package combat

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
)

// MaxSequences bounds the dice sequences Enumerate walks for one shot. A
// procedure with more (ten strike dice are 6^10 sequences) needs a closed
// form of its own, proved equal to the enumerator on smaller shots.
const MaxSequences = 1 << 20

// ErrTooManySequences is returned by Enumerate for a procedure that rolls
// more than MaxSequences dice sequences.
var ErrTooManySequences = errors.New("combat: the procedure rolls too many dice sequences to enumerate")

// Enumerate returns the exact odds of a procedure by running it on every
// sequence of faces it can roll: resolve is called once per sequence with
// dice that roll that sequence, and each outcome is weighed by the chance
// of its sequence. Sequences may differ in length and die sizes (a tie-break
// die rolled only on some branches): every sequence's weight is counted
// out of a common Total, the least common multiple of the products of the
// sides it rolled. It is every ruleset's exact oracle and the default Odds
// of a ruleset without a closed form. resolve must be deterministic in its
// dice; an outcome with Err set is an error.
func Enumerate(resolve func(Dice) Outcome) (Odds, error) {
	type leaf struct {
		key      string
		hit      bool
		effects  []Effect
		products map[uint64]uint64 // product of the sides rolled → sequences
	}
	leaves := map[string]*leaf{}
	var order []string
	w := &walkingDice{}
	for sequences := 0; ; sequences++ {
		if sequences == MaxSequences {
			return Odds{}, ErrTooManySequences
		}
		w.rolled = 0
		out := resolve(w)
		if out.Err != nil {
			return Odds{}, out.Err
		}
		if w.overflow {
			return Odds{}, ErrTooManySequences
		}
		k := outcomeKey(out.Hit, out.Effects)
		l, ok := leaves[k]
		if !ok {
			l = &leaf{key: k, hit: out.Hit, effects: slices.Clone(out.Effects), products: map[uint64]uint64{}}
			leaves[k] = l
			order = append(order, k)
		}
		l.products[w.product()]++
		if !w.advance() {
			break
		}
	}
	total := uint64(1)
	for _, k := range order {
		for p := range leaves[k].products {
			var err error
			if total, err = lcm(total, p); err != nil {
				return Odds{}, err
			}
		}
	}
	var o Odds
	o.Total = total
	for _, k := range order {
		l := leaves[k]
		var weight uint64
		for p, n := range l.products {
			weight += total / p * n
		}
		o.Outcomes = append(o.Outcomes, WeightedOutcome{Hit: l.hit, Effects: l.effects, Weight: weight})
	}
	SortOutcomes(o.Outcomes)
	return o, nil
}

// SortOutcomes orders outcomes for display and comparison: heaviest first,
// equal weights by their canonical text.
func SortOutcomes(ws []WeightedOutcome) {
	slices.SortStableFunc(ws, func(a, b WeightedOutcome) int {
		if a.Weight != b.Weight {
			if a.Weight > b.Weight {
				return -1
			}
			return 1
		}
		ka, kb := outcomeKey(a.Hit, a.Effects), outcomeKey(b.Hit, b.Effects)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
}

// walkingDice rolls one sequence of faces after another, like an odometer:
// the faces chosen so far are a prefix; past it every die rolls 1 and is
// recorded. advance moves to the next sequence.
type walkingDice struct {
	faces    []int // the current sequence
	sides    []int // the die of each position, as last rolled
	rolled   int   // dice rolled in the current run
	overflow bool
}

func (w *walkingDice) Roll(sides int) int {
	if sides < 1 {
		sides = 1
	}
	i := w.rolled
	w.rolled++
	if i < len(w.faces) {
		if w.sides[i] != sides {
			// The procedure asked for another die here than on the run
			// that chose this face: start this position over.
			w.faces, w.sides = w.faces[:i], w.sides[:i]
		} else {
			return w.faces[i]
		}
	}
	w.faces = append(w.faces, 1)
	w.sides = append(w.sides, sides)
	return 1
}

// product returns the product of the sides rolled in the current run.
func (w *walkingDice) product() uint64 {
	p := uint64(1)
	for _, s := range w.sides[:w.rolled] {
		hi, lo := bits.Mul64(p, uint64(s))
		if hi != 0 {
			w.overflow = true
			return 1
		}
		p = lo
	}
	return p
}

// advance moves to the next sequence: the last die that has a higher face
// goes up by one and everything after it is forgotten. It reports false
// when every sequence has been walked.
func (w *walkingDice) advance() bool {
	w.faces, w.sides = w.faces[:w.rolled], w.sides[:w.rolled]
	for i := len(w.faces) - 1; i >= 0; i-- {
		if w.faces[i] < w.sides[i] {
			w.faces[i]++
			w.faces, w.sides = w.faces[:i+1], w.sides[:i+1]
			return true
		}
	}
	return false
}

// lcm returns the least common multiple of a and b, or an error when it
// does not fit in 64 bits.
func lcm(a, b uint64) (uint64, error) {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	hi, lo := bits.Mul64(a/x, b)
	if hi != 0 {
		return 0, fmt.Errorf("%w: the weights overflow 64 bits", ErrTooManySequences)
	}
	return lo, nil
}

// EqualOdds reports whether two odds give every outcome the same chance,
// exactly (their totals may differ), and if not, the first difference.
// Steps and ToHit are not compared.
func EqualOdds(a, b Odds) error {
	chances := func(o Odds) map[string]*big.Rat {
		m := map[string]*big.Rat{}
		for _, w := range o.Outcomes {
			k := outcomeKey(w.Hit, w.Effects)
			if m[k] == nil {
				m[k] = new(big.Rat)
			}
			m[k].Add(m[k], o.Exact(w.Weight))
		}
		return m
	}
	ca, cb := chances(a), chances(b)
	keys := make([]string, 0, len(ca)+len(cb))
	for k := range ca {
		keys = append(keys, k)
	}
	for k := range cb {
		if ca[k] == nil {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	zero := new(big.Rat)
	for _, k := range keys {
		x, y := ca[k], cb[k]
		if x == nil {
			x = zero
		}
		if y == nil {
			y = zero
		}
		if x.Cmp(y) != 0 {
			return fmt.Errorf("outcome %q: %s against %s", k, x.RatString(), y.RatString())
		}
	}
	return nil
}
