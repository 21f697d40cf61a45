package combat

import (
	"cmp"
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
// sides it rolled. A die rolled with RollBanded is walked one band at a
// time, weighed by the faces in the band: that is where the procedure lets
// the walk be memoised. Enumerate is every ruleset's exact oracle and the
// default Odds of a ruleset without a closed form. resolve must be
// deterministic in its dice; an outcome with Err set is an error.
func Enumerate(resolve func(Dice) Outcome) (Odds, error) {
	type leaf struct {
		hit     bool
		effects []Effect
		weights map[uint64]uint64 // product of the sides rolled → faces counted
	}
	leaves := map[string]*leaf{}
	var order []string
	w := &walkingDice{}
	var key []byte
	for sequences := 0; ; sequences++ {
		if sequences == MaxSequences {
			return Odds{}, ErrTooManySequences
		}
		w.rolled = 0
		out := resolve(w)
		if out.Err != nil {
			return Odds{}, out.Err
		}
		product, count, ok := w.weight()
		if !ok {
			return Odds{}, ErrTooManySequences
		}
		key = appendOutcomeKey(key[:0], out.Hit, out.Effects)
		l, found := leaves[string(key)]
		if !found {
			l = &leaf{hit: out.Hit, effects: slices.Clone(out.Effects), weights: map[uint64]uint64{}}
			leaves[string(key)] = l
			order = append(order, string(key))
		}
		l.weights[product] += count
		if !w.advance() {
			break
		}
	}
	total := uint64(1)
	for _, k := range order {
		for p := range leaves[k].weights {
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
		for p, n := range l.weights {
			weight += total / p * n
		}
		o.Outcomes = append(o.Outcomes, WeightedOutcome{Hit: l.hit, Effects: l.effects, Weight: weight})
	}
	SortOutcomes(o.Outcomes)
	return o, nil
}

// BandRoller is dice that can roll a die one band of faces at a time (see
// RollBanded). The enumerator's dice are; a battle's are not.
type BandRoller interface {
	RollBanded(sides int, cuts []int) int
}

// RollBanded rolls a die of sides faces whose face the procedure reads only
// by comparing it with cuts, the ascending faces at which a band begins
// (a d20 to hit on 11 or more: cuts {11}). Real dice roll it as Roll; the
// enumerator walks one face per band, the lowest, weighed by the band's
// size. The procedure must treat every face of a band alike.
func RollBanded(d Dice, sides int, cuts ...int) int {
	if b, ok := d.(BandRoller); ok {
		return b.RollBanded(sides, cuts)
	}
	return d.Roll(sides)
}

// SortOutcomes orders outcomes for display and comparison: heaviest first,
// equal weights in a fixed order of their hit and effects.
func SortOutcomes(ws []WeightedOutcome) {
	slices.SortStableFunc(ws, func(a, b WeightedOutcome) int {
		if c := cmp.Compare(b.Weight, a.Weight); c != 0 {
			return c
		}
		if a.Hit != b.Hit {
			if a.Hit {
				return 1
			}
			return -1
		}
		return slices.CompareFunc(a.Effects, b.Effects, func(x, y Effect) int {
			return cmp.Or(cmp.Compare(x.On, y.On), cmp.Compare(x.Kind, y.Kind), cmp.Compare(x.State, y.State), cmp.Compare(x.N, y.N))
		})
	})
}

// walkingDice rolls one sequence of faces after another, like an odometer:
// the choices made so far are a prefix; past it every die takes its first
// choice and is recorded. advance moves to the next sequence. A plain die's
// choices are its faces; a banded die's its bands.
type walkingDice struct {
	rolls  []walkedRoll
	rolled int // dice rolled in the current run
}

// walkedRoll is one position of the sequence.
type walkedRoll struct {
	sides  int
	starts []int // the first face of each band; nil for a plain die
	choice int   // the face (plain) or band index (banded)
}

// choices returns how many choices the position has.
func (r walkedRoll) choices() int {
	if r.starts == nil {
		return r.sides
	}
	return len(r.starts)
}

// face returns the face the current choice rolls and how many faces it
// stands for.
func (r walkedRoll) face() (face, count int) {
	if r.starts == nil {
		return r.choice, 1
	}
	end := r.sides + 1
	if r.choice+1 < len(r.starts) {
		end = r.starts[r.choice+1]
	}
	return r.starts[r.choice], end - r.starts[r.choice]
}

func (w *walkingDice) Roll(sides int) int { return w.next(max(sides, 1), nil) }

func (w *walkingDice) RollBanded(sides int, cuts []int) int {
	sides = max(sides, 1)
	starts := []int{1}
	for _, c := range cuts {
		if c > starts[len(starts)-1] && c <= sides {
			starts = append(starts, c)
		}
	}
	return w.next(sides, starts)
}

// next rolls the die at the current position: the prefix's choice, or the
// first choice of a new position.
func (w *walkingDice) next(sides int, starts []int) int {
	i := w.rolled
	w.rolled++
	if i < len(w.rolls) && (w.rolls[i].sides != sides || !slices.Equal(w.rolls[i].starts, starts)) {
		// The procedure asked for another die here than on the run that
		// chose this face: it is not deterministic in its dice. Start the
		// position over rather than read a face the die does not have.
		w.rolls = w.rolls[:i]
	}
	if i == len(w.rolls) {
		first := 1
		if starts != nil {
			first = 0
		}
		w.rolls = append(w.rolls, walkedRoll{sides: sides, starts: starts, choice: first})
	}
	f, _ := w.rolls[i].face()
	return f
}

// weight returns the product of the sides rolled in the current run and
// the number of faces sequences the run stands for; ok is false on
// overflow.
func (w *walkingDice) weight() (product, count uint64, ok bool) {
	product, count = 1, 1
	for _, r := range w.rolls[:w.rolled] {
		hi, lo := bits.Mul64(product, uint64(r.sides))
		if hi != 0 {
			return 0, 0, false
		}
		product = lo
		_, n := r.face()
		count *= uint64(n)
	}
	return product, count, true
}

// advance moves to the next sequence: the last die that has another choice
// takes it and everything after it is forgotten. It reports false when
// every sequence has been walked.
func (w *walkingDice) advance() bool {
	w.rolls = w.rolls[:w.rolled]
	for i := len(w.rolls) - 1; i >= 0; i-- {
		r := &w.rolls[i]
		last := r.choices()
		if r.starts != nil {
			last--
		}
		if r.choice < last {
			r.choice++
			w.rolls = w.rolls[:i+1]
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
