package combat

import (
	"fmt"
	"math/rand/v2"
)

// Dice is the source of every die a ruleset rolls. Roll(sides) returns a
// face 1..sides of a fair die with that many sides (2d6 is two Roll(6),
// a d20 one Roll(20)). A battle owns one seeded Dice; tests use FixedDice
// and the odds enumerator its own walking dice.
type Dice interface {
	Roll(sides int) int
}

// FixedDice rolls a given sequence of faces, for tests and replays. When the
// sequence runs out, or holds a face outside 1..sides for the die asked
// for, Roll returns 1 and records the problem; Err reports it (Resolve
// copies it into Outcome.Err).
type FixedDice struct {
	faces []int
	next  int
	err   error
}

// NewFixedDice returns dice that roll faces in order.
func NewFixedDice(faces ...int) *FixedDice {
	return &FixedDice{faces: faces}
}

// Roll returns the next face of the sequence.
func (f *FixedDice) Roll(sides int) int {
	if f.next >= len(f.faces) {
		if f.err == nil {
			f.err = fmt.Errorf("fixed dice: roll %d asked for, only %d given", f.next+1, len(f.faces))
		}
		f.next++
		return 1
	}
	face := f.faces[f.next]
	f.next++
	if face < 1 || face > sides {
		if f.err == nil {
			f.err = fmt.Errorf("fixed dice: roll %d is %d, not a face 1..%d", f.next, face, sides)
		}
		return 1
	}
	return face
}

// Err reports running out of faces or a face outside the die, or nil.
func (f *FixedDice) Err() error { return f.err }

// Used returns how many dice have been rolled.
func (f *FixedDice) Used() int { return f.next }

// TwoDiceWays returns how many of the 36 rolls of two dice sum to sum:
// 1 for 2 and 12 up to 6 for 7, and 0 outside 2..12. Every exact odds
// enumeration weighs a 2d6 roll with it.
func TwoDiceWays(sum int) uint64 {
	if sum < 2 || sum > 12 {
		return 0
	}
	return uint64(min(sum-1, 13-sum))
}

// SeededDice rolls from a PCG generator seeded explicitly, so that a battle
// replays exactly from its seed.
type SeededDice struct {
	rng *rand.Rand
}

// NewSeededDice returns dice driven by PCG seeded with seed.
func NewSeededDice(seed uint64) *SeededDice {
	return &SeededDice{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Roll returns a uniformly random face 1..sides (1 for a die of fewer than
// two sides, which no ruleset rolls).
func (s *SeededDice) Roll(sides int) int {
	if sides < 2 {
		return 1
	}
	return 1 + s.rng.IntN(sides)
}
