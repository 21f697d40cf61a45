package combat

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"hexfire/board"
)

// Roll is one roll of the procedure: what it was for, the die it used and
// the faces. Dice rolled together and added up (2d6) are one Roll; a pool
// of dice each read on its own (ten strike dice) is one Roll with Pool set.
type Roll struct {
	Purpose string `json:"purpose"` // "to-hit", "aspect", "elimination", "abandonment", …
	Sides   int    `json:"sides"`   // the faces of each die: 6 for d6, 20 for d20
	Pool    bool   `json:"pool,omitempty"`
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

// Notation returns the dice rolled as players write them: "d10" for one
// die, "2d6" for dice added up, "10×d6" for a pool.
func (r Roll) Notation() string {
	n, die := len(r.Dice), "d"+strconv.Itoa(r.Sides)
	switch {
	case n == 1:
		return die
	case r.Pool:
		return strconv.Itoa(n) + "×" + die
	}
	return strconv.Itoa(n) + die
}

// Outcome is a resolved attack: every roll in order, one line per step, and
// the effects on the units it touched. When Err is set (a refused shot, or
// dice that failed) nothing must be applied. Effects may be shared with the
// ruleset's tables: read them, never change them.
type Outcome struct {
	Hit     bool
	ToHit   int          // the number the to-hit roll was against, as the ruleset states it
	Aspect  board.Aspect // the armour struck, when an armoured target was hit
	Effects []Effect
	Rolls   []Roll
	Steps   []string
	Err     error
}

// Headline is the outcome's effect on its target in one word, for the log
// line of an attack: eliminated, abandoned, immobilized, the names of the
// states it added, "no effect" for a hit that did nothing, or miss.
func (o Outcome) Headline() string {
	return headline(o.Hit, o.Effects)
}

func headline(hit bool, effects []Effect) string {
	var words []string
	for _, k := range []EffectKind{Eliminated, Abandoned, Immobilized} {
		if HasEffect(effects, OnTarget, k) {
			return k.String()
		}
	}
	for _, e := range effects {
		if e.On == OnTarget {
			words = append(words, e.String())
		}
	}
	switch {
	case len(words) > 0:
		return strings.Join(words, ", ")
	case hit:
		return "no effect"
	}
	return "miss"
}

// Odds is the exact distribution of an attack's outcomes: each distinct
// outcome with its weight out of Total equally likely dice sequences, in an
// order of the ruleset's (Enumerate sorts them by weight; Headlines sorts
// them by harm for display).
type Odds struct {
	ToHit    int // the number the to-hit roll is against, as the ruleset states it
	Outcomes []WeightedOutcome
	Total    uint64
	Steps    []string // the procedure that will be rolled, one line per step
}

// WeightedOutcome is one distinct outcome of an attack and the number of
// dice sequences out of Odds.Total that give it.
type WeightedOutcome struct {
	Hit     bool
	Effects []Effect
	Weight  uint64
}

// Headline is the outcome in words, as Outcome.Headline.
func (w WeightedOutcome) Headline() string { return headline(w.Hit, w.Effects) }

// HeadlineWeight is the weight of every outcome with one headline.
type HeadlineWeight struct {
	Headline string
	Weight   uint64
}

// Headlines adds the outcomes up by their effect on the target
// (WeightedOutcome.Headline), most harmful first: destroyed, immobilized,
// the ruleset's states, no effect, miss.
func (o Odds) Headlines() []HeadlineWeight {
	var hs []HeadlineWeight
	for _, w := range o.Outcomes {
		h := w.Headline()
		if i := slices.IndexFunc(hs, func(x HeadlineWeight) bool { return x.Headline == h }); i >= 0 {
			hs[i].Weight += w.Weight
			continue
		}
		hs = append(hs, HeadlineWeight{Headline: h, Weight: w.Weight})
	}
	slices.SortStableFunc(hs, func(a, b HeadlineWeight) int { return harmRank(a.Headline) - harmRank(b.Headline) })
	return hs
}

// harmRank orders headlines from most to least harm.
func harmRank(h string) int {
	switch h {
	case "eliminated":
		return 0
	case "abandoned":
		return 1
	case "immobilized":
		return 2
	case "no effect":
		return 4
	case "miss":
		return 5
	}
	return 3
}

// Probability returns weight out of the odds' total as a float.
func (o Odds) Probability(weight uint64) float64 {
	if o.Total == 0 {
		return 0
	}
	return float64(weight) / float64(o.Total)
}

// Exact returns weight out of the odds' total as an exact fraction.
func (o Odds) Exact(weight uint64) *big.Rat {
	if o.Total == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(weight), new(big.Int).SetUint64(o.Total))
}

// Check confirms that the weights sum exactly to Total and that no two
// outcomes are the same.
func (o Odds) Check() error {
	var sum uint64
	seen := map[string]bool{}
	for _, w := range o.Outcomes {
		sum += w.Weight
		k := outcomeKey(w.Hit, w.Effects)
		if seen[k] {
			return fmt.Errorf("combat: odds list outcome %q twice", k)
		}
		seen[k] = true
	}
	if o.Total == 0 || sum != o.Total {
		return fmt.Errorf("combat: odds weights sum to %d, want %d", sum, o.Total)
	}
	return nil
}

// Summary is what every consumer of odds reads (the preview, the computer
// opponent, the comparison of rulesets): weights out of Total of the
// outcomes that hit, destroy the target (eliminated or abandoned),
// immobilize it without destroying it, and leave it able to fight (not
// destroyed and given no state that forbids firing); and the expected
// number of counters of each state the attack adds to its target.
type Summary struct {
	Total                              uint64
	Hit, Destroy, Immobilize, Fighting uint64
	Counters                           []ExpectedCounters
}

// ExpectedCounters is the expected number of counters of one state that an
// attack adds to its target.
type ExpectedCounters struct {
	State    string
	Expected float64
}

// Summary sums the odds up; states are the ruleset's own (StateRules), to
// tell which of them stop the target fighting.
func (o Odds) Summary(states []StateSpec) Summary {
	s := Summary{Total: o.Total}
	expected := map[string]uint64{}
	var order []string
	for _, w := range o.Outcomes {
		if w.Hit {
			s.Hit += w.Weight
		}
		destroyed := HasEffect(w.Effects, OnTarget, Eliminated) || HasEffect(w.Effects, OnTarget, Abandoned)
		silenced := false
		for _, e := range w.Effects {
			if e.On != OnTarget || e.Kind != AddState {
				continue
			}
			if _, ok := expected[e.State]; !ok {
				order = append(order, e.State)
			}
			expected[e.State] += uint64(max(e.N, 1)) * w.Weight
			// a state that Engages forbids fire only until its unit has
			// fired at its foe, so it fights on
			if spec, ok := FindState(states, e.State); ok && spec.Forbids&ForbidFire != 0 && !spec.Engages {
				silenced = true
			}
		}
		switch {
		case destroyed:
			s.Destroy += w.Weight
		case HasEffect(w.Effects, OnTarget, Immobilized):
			s.Immobilize += w.Weight
		}
		if !destroyed && !silenced {
			s.Fighting += w.Weight
		}
	}
	for _, name := range order {
		s.Counters = append(s.Counters, ExpectedCounters{State: name, Expected: float64(expected[name]) / float64(o.Total)})
	}
	return s
}

// P returns weight out of the summary's total as a float.
func (s Summary) P(weight uint64) float64 {
	if s.Total == 0 {
		return 0
	}
	return float64(weight) / float64(s.Total)
}
