package combat

import (
	"fmt"
	"math/big"

	"hexfire/board"
)

// Result is the final effect of one attack on its target.
type Result uint8

// The results, from least to most harm. NumResults counts them.
const (
	Miss Result = iota
	NoEffect
	Immobilized
	Abandoned
	Eliminated
	NumResults
)

var resultNames = [NumResults]string{"miss", "no_effect", "immobilized", "abandoned", "eliminated"}

// String returns miss, no_effect, immobilized, abandoned or eliminated.
func (r Result) String() string {
	if r < NumResults {
		return resultNames[r]
	}
	return "result?"
}

// Results returns every result in order.
func Results() []Result {
	rs := make([]Result, NumResults)
	for i := range rs {
		rs[i] = Result(i)
	}
	return rs
}

// Roll is one roll of the procedure: what it was for and the faces.
type Roll struct {
	Purpose string `json:"purpose"` // "to-hit", "aspect", "elimination", "abandonment", …
	Dice    []int  `json:"dice"`
}

// Total returns the sum of the faces.
func (r Roll) Total() int {
	sum := 0
	for _, d := range r.Dice {
		sum += d
	}
	return sum
}

// Outcome is a resolved attack: every roll in order, one line per step, and
// the effect. When Err is set (a refused shot, or dice that failed) Result is
// Miss and nothing must be applied.
type Outcome struct {
	Result       Result
	Hit          bool
	ToHit        int          // the unmodified to-hit number
	Aspect       board.Aspect // the armour struck (Front or Rear) when an AFV was hit
	AspectRolled bool         // the hexside tie-break die was rolled
	Rolls        []Roll
	Steps        []string
	WeaponSpent  bool // an expendable weapon was used up
	Err          error
}

// Odds is the exact distribution of an attack's results: the weight of
// each result out of Total equally likely dice sequences.
type Odds struct {
	ToHit   int                // the unmodified to-hit number
	Weights [NumResults]uint64 // weight of each result
	Total   uint64             // sum of all weights
	Steps   []string           // the procedure that will be rolled, one line per step
}

// Probability returns the chance of r as a float.
func (o Odds) Probability(r Result) float64 {
	if o.Total == 0 || r >= NumResults {
		return 0
	}
	return float64(o.Weights[r]) / float64(o.Total)
}

// Exact returns the chance of r as an exact fraction.
func (o Odds) Exact(r Result) *big.Rat {
	if o.Total == 0 || r >= NumResults {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(o.Weights[r]), new(big.Int).SetUint64(o.Total))
}

// Check confirms that the weights sum exactly to Total.
func (o Odds) Check() error {
	var sum uint64
	for _, w := range o.Weights {
		sum += w
	}
	if o.Total == 0 || sum != o.Total {
		return fmt.Errorf("combat: odds weights sum to %d, want %d", sum, o.Total)
	}
	return nil
}
