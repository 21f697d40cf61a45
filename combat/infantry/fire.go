// Package infantry is the default ruleset's infantry combat
// (infantry-combat.md): AP fire on the AP Combat Table, spending casualty
// points on the units of a hex, close assault, Valor and rally numbers.
//
// It sits beside combat/elimination rather than inside it because AP fire
// strikes a whole hex and its outcome is a list of unit fates, not one
// combat.Result: the AT Ruleset interface does not fit it. Like every
// combat package it is pure: attacks and injected dice go in, outcomes with
// every roll and a line per step come out, and the exact odds of the same
// procedure are computed by enumerating every die. The battle engine fills
// in the geometry and applies the fates; docs/RULES.md describes the rules.
package infantry

import (
	"errors"
	"fmt"
	"strconv"

	"hexfire/combat"
)

// apRows are the lower bounds of the AP Combat Table's firepower rows:
// 1–4, 5–10, 11–18, 19–28, 29–40, 41+.
var apRows = [...]int{1, 5, 11, 19, 29, 41}

// Row returns the AP Combat Table row of a total APFP, 0 for 1–4 up to 5
// for 41 and more; -1 for no firepower.
func Row(apfp int) int {
	row := -1
	for i, low := range apRows {
		if apfp >= low {
			row = i
		}
	}
	return row
}

// CasualtyPoints returns the AP Combat Table entry for a total APFP and a
// modified roll: max(0, row + 7 − roll), a roll under 2 read in the "2 or
// less" column. No firepower inflicts nothing.
func CasualtyPoints(apfp, roll int) int {
	r := Row(apfp)
	if r < 0 {
		return 0
	}
	return max(0, r+7-max(roll, lowestColumn))
}

// lowestColumn is the AP Combat Table's first column, "2 or less".
const lowestColumn = 2

// MaxCasualtyPoints is the most the table gives (41+ APFP, roll 2 or less),
// the size of the odds arrays.
const MaxCasualtyPoints = 10

// Attack is one AP attack on a hex, filled in by the battle engine.
type Attack struct {
	APFP      int    // total APFP of the fire group, valor included
	Cover     int    // cover of the target hex's terrain
	CoverName string // that terrain's name for the step lines
	Hindrance int    // hindrances along the line of sight, smoke included
	Leader    int    // the directing leader's modifier (negative), 0 = none
	Grenades  bool   // grenades thrown: −1 (adjacent targets only)
	// Opportunity fire modifiers: −1 when the target hex gives no positive
	// cover, −2 when it is adjacent; both may apply.
	Opportunity bool
	Adjacent    bool
}

// Modifiers returns the roll modifiers of the attack in the order the step
// lines show them.
func (a Attack) Modifiers() []combat.Modifier {
	var ms []combat.Modifier
	if a.Cover != 0 {
		name := a.CoverName
		if name == "" {
			name = "cover"
		}
		ms = append(ms, combat.Modifier{Value: a.Cover, Label: name})
	}
	if a.Hindrance != 0 {
		ms = append(ms, combat.Modifier{Value: a.Hindrance, Label: "hindrance"})
	}
	if a.Leader != 0 {
		ms = append(ms, combat.Modifier{Value: a.Leader, Label: "leader"})
	}
	if a.Grenades {
		ms = append(ms, combat.Modifier{Value: -1, Label: "grenades"})
	}
	if a.Opportunity && a.Cover <= 0 {
		ms = append(ms, combat.Modifier{Value: -1, Label: "no cover (opportunity fire)"})
	}
	if a.Opportunity && a.Adjacent {
		ms = append(ms, combat.Modifier{Value: -2, Label: "adjacent (opportunity fire)"})
	}
	return ms
}

// Check refuses an attack the rules do not allow.
func (a Attack) Check() error {
	switch {
	case a.APFP < 1:
		return errors.New("the fire group has no AP firepower that reaches the target")
	case a.Grenades && !a.Adjacent:
		return errors.New("grenades are thrown at adjacent hexes only")
	case a.Leader > 0:
		return fmt.Errorf("leader modifier %+d: a leader's modifier is negative", a.Leader)
	case a.Cover < 0 || a.Hindrance < 0:
		return fmt.Errorf("cover %d and hindrance %d: neither can be negative", a.Cover, a.Hindrance)
	}
	return nil
}

// Outcome is a resolved AP attack: the rolls in order, one line per step,
// the casualty points and what they did to each defender.
type Outcome struct {
	Rolls   []combat.Roll
	Steps   []string
	Natural int // the unmodified attack roll
	Total   int // the modified roll
	Points  int // casualty points from the table
	// Fates are the defenders' fates, in the order they were given.
	Fates []Fate
	Err   error
}

// NaturalTwo reports whether the attack roll was a natural 2, which sends
// the infantry firers to a Valor check.
func (o Outcome) NaturalTwo() bool { return o.Natural == 2 }

// Fire resolves an AP attack on the defenders of a hex: the 2d6 attack
// roll, then the casualty points spent by Spend (which may roll 1d6 per
// unarmoured vehicle or Gun).
func Fire(a Attack, defs []Defender, d combat.Dice) Outcome {
	var o Outcome
	if err := a.Check(); err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	x, y := d.D6(), d.D6()
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "AP attack", Dice: []int{x, y}})
	ms := a.Modifiers()
	o.Natural = x + y
	o.Total = o.Natural + combat.SumModifiers(ms)
	o.Points = CasualtyPoints(a.APFP, o.Total)
	line := fmt.Sprintf("%d APFP (row %s); rolled %d", a.APFP, RowName(a.APFP), o.Natural)
	if len(ms) > 0 {
		line += combat.FormatModifiers(ms) + " = " + strconv.Itoa(o.Total)
	}
	if o.Points == 0 {
		line += ": no effect"
	} else {
		line += fmt.Sprintf(": %d casualty point%s", o.Points, plural(o.Points))
	}
	o.Steps = append(o.Steps, line)
	sp := Spend(defs, o.Points, d)
	o.Fates = sp.Fates
	o.Rolls = append(o.Rolls, sp.Rolls...)
	o.Steps = append(o.Steps, sp.Steps...)
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
	}
	return o
}

// RowName returns the printed APFP band of a total: "11-18", "41+".
func RowName(apfp int) string {
	r := Row(apfp)
	switch {
	case r < 0:
		return "none"
	case r == len(apRows)-1:
		return strconv.Itoa(apRows[r]) + "+"
	}
	return strconv.Itoa(apRows[r]) + "-" + strconv.Itoa(apRows[r+1]-1)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Odds is the exact distribution of an AP attack's casualty points and of
// their effect under the automatic allocation.
type Odds struct {
	// Points[n] is the number of the 36 attack rolls that give n points.
	Points [MaxCasualtyPoints + 1]uint64
	// Effects lists each distinct result with its weight out of Total
	// (36 attack rolls times 6 faces for each unarmoured vehicle or Gun
	// that may have to check), most likely first.
	Effects []EffectOdds
	Total   uint64
	Steps   []string
}

// EffectOdds is one possible effect of an attack and its weight.
type EffectOdds struct {
	Fates  []Fate
	Weight uint64
}

// PointsProbability returns the chance of exactly n casualty points.
func (o Odds) PointsProbability(n int) float64 {
	if n < 0 || n > MaxCasualtyPoints {
		return 0
	}
	return float64(o.Points[n]) / 36
}

// Probability returns the chance of an effect, as a float.
func (e EffectOdds) Probability(total uint64) float64 {
	return float64(e.Weight) / float64(total)
}

// FireOdds returns the exact odds of Fire: every attack roll, and every
// face of every check die the allocation may roll.
func FireOdds(a Attack, defs []Defender) (Odds, error) {
	var o Odds
	if err := a.Check(); err != nil {
		return o, err
	}
	ms := a.Modifiers()
	checks := 0
	for _, d := range defs {
		if d.Vehicle() {
			checks++
		}
	}
	per := uint64(1)
	for range checks {
		per *= 6
	}
	o.Total = 36 * per
	weights := map[string]*EffectOdds{}
	var order []string
	hits := uint64(0)
	for roll := 2; roll <= 12; roll++ {
		cp := CasualtyPoints(a.APFP, roll+combat.SumModifiers(ms))
		o.Points[cp] += combat.TwoDiceWays(roll)
		if cp > 0 {
			hits += combat.TwoDiceWays(roll)
		}
		for _, e := range SpendOdds(defs, cp) {
			k := fatesKey(e.Fates)
			w, ok := weights[k]
			if !ok {
				w = &EffectOdds{Fates: e.Fates}
				weights[k] = w
				order = append(order, k)
			}
			w.Weight += combat.TwoDiceWays(roll) * e.Weight
		}
	}
	for _, k := range order {
		o.Effects = append(o.Effects, *weights[k])
	}
	sortEffects(o.Effects)
	line := fmt.Sprintf("%d APFP (row %s): 2d6", a.APFP, RowName(a.APFP))
	if len(ms) > 0 {
		line += combat.FormatModifiers(ms)
	}
	o.Steps = append(o.Steps, fmt.Sprintf("%s: casualty points with %d of 36 rolls", line, hits))
	return o, nil
}

func fatesKey(fs []Fate) string {
	b := make([]byte, len(fs))
	for i, f := range fs {
		b[i] = byte('a' + f)
	}
	return string(b)
}

// sortEffects orders effects by weight, heaviest first, ties by key.
func sortEffects(es []EffectOdds) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].Weight > es[j-1].Weight ||
			(es[j].Weight == es[j-1].Weight && fatesKey(es[j].Fates) < fatesKey(es[j-1].Fates))); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}
