package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"hexfire/battle"
)

// Level is how well the opponent plays: Normal is its full judgement,
// Easy searches less and errs on purpose, Hard searches wider.
type Level uint8

// The levels. The zero value is Normal.
const (
	Normal Level = iota
	Easy
	Hard
)

// Levels lists the levels from the weakest.
func Levels() []Level { return []Level{Easy, Normal, Hard} }

var levelNames = [...]string{Normal: "normal", Easy: "easy", Hard: "hard"}

// String returns "easy", "normal" or "hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level %d", l)
}

// ParseLevel reads a level's name, in any case.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels() {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	return Normal, fmt.Errorf("ai: unknown level %q (want easy, normal or hard)", s)
}

// depth is how far a level searches and how much it errs.
type depth struct {
	candidates int // reachable hexes scored in full per unit (candidateHexes)
	exposed    int // of those, hexes scored with the fire drawn on the way (exposedPoses)
	checks     int // attacks per decision weighed against moving (moveChecks)
	// noise is the largest error, in kills, added on purpose to each
	// score of a move or an attack (drawn from the decision's tie-break
	// generator, so a battle still repeats exactly).
	noise float64
}

// depths are our own choices, measured against Greedy (docs/AI.md).
var depths = [...]depth{
	Normal: {candidates: candidateHexes, exposed: exposedPoses, checks: moveChecks},
	Easy:   {candidates: 4, exposed: 1, checks: 0, noise: 0.8},
	Hard:   {candidates: 48, exposed: 24, checks: 12},
}

// NewOpponentLevel makes an opponent for the side whose view v is, with
// seed, that plays at level l (NewOpponent plays Normal).
func NewOpponentLevel(v *battle.View, seed uint64, l Level) (*Opponent, error) {
	if int(l) >= len(depths) {
		return nil, fmt.Errorf("ai: unknown level %d", l)
	}
	o, err := NewOpponent(v, seed)
	if err != nil {
		return nil, err
	}
	o.level = l
	return o, nil
}

// err is the deliberate error of one score at the opponent's level.
func (d *decision) err() float64 { return d.errFrom(d.rng) }

// errFrom is err drawn from rng.
func (d *decision) errFrom(rng *rand.Rand) float64 {
	n := depths[d.o.level].noise
	if n == 0 {
		return 0
	}
	return n * (2*rng.Float64() - 1)
}
