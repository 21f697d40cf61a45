// Package infantry is the default ruleset's infantry combat
// (infantry-combat.md): AP fire on the AP Combat Table, spending casualty
// points on the units of a hex, close assault, Valor and rally numbers.
//
// Rules offers it as combat.InfantryRules: the default ruleset embeds it,
// and so may any ruleset whose rule text gives no infantry combat of its
// own. Like every combat package it is pure: attacks and injected dice go
// in, outcomes with every roll and a line per step come out, and the exact
// odds of the same procedure are computed by enumerating every die. The
// battle engine fills in the geometry and applies the fates; docs/RULES.md
// describes the rules.
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

// Modifiers returns the roll modifiers of the attack in the order the step
// lines show them.
func apModifiers(a combat.APAttack) []combat.Modifier {
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
	if a.Grenades > 0 {
		ms = append(ms, combat.Modifier{Value: -a.Grenades, Label: "grenades"})
	}
	if a.Crossfire > 0 {
		ms = append(ms, combat.Modifier{Value: -a.Crossfire, Label: "crossfire"})
	}
	if a.Opportunity && a.Cover <= 0 && !a.WallCover {
		ms = append(ms, combat.Modifier{Value: -1, Label: "no cover (opportunity fire)"})
	}
	if a.Opportunity && a.Adjacent {
		ms = append(ms, combat.Modifier{Value: -2, Label: "adjacent (opportunity fire)"})
	}
	return ms
}

// Check refuses an attack the rules do not allow.
func checkAttack(a combat.APAttack) error {
	switch {
	case a.APFP < 1:
		return errors.New("the fire group has no AP firepower that reaches the target")
	case a.Grenades > 0 && !a.Adjacent:
		return errors.New("grenades are thrown at adjacent hexes only")
	case a.Crossfire < 0:
		return fmt.Errorf("%d crossfire markers: none or more", a.Crossfire)
	case a.Grenades < 0:
		return fmt.Errorf("%d grenades thrown: none or more", a.Grenades)
	case a.Leader > 0:
		return fmt.Errorf("leader modifier %+d: a leader's modifier is negative", a.Leader)
	case a.Cover < 0 || a.Hindrance < 0:
		return fmt.Errorf("cover %d and hindrance %d: neither can be negative", a.Cover, a.Hindrance)
	}
	return nil
}

// Fire resolves an AP attack on the defenders of a hex: the 2d6 attack
// roll, then the casualty points spent by Spend (which may roll 1d6 per
// unarmoured vehicle or Gun).
func Fire(a combat.APAttack, defs []combat.Defender, d combat.Dice) combat.APOutcome {
	o, err := roll(a, d)
	if err != nil {
		o.Err = err
		return o
	}
	sp := Spend(defs, o.Points, d)
	o.Fates = sp.Fates
	o.Rolls = append(o.Rolls, sp.Rolls...)
	o.Steps = append(o.Steps, sp.Steps...)
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
	}
	return o
}

// roll rolls an AP attack's 2d6 and reads its casualty points, or refuses
// an attack the rules do not allow.
func roll(a combat.APAttack, d combat.Dice) (combat.APOutcome, error) {
	var o combat.APOutcome
	if err := checkAttack(a); err != nil {
		o.Steps = []string{"refused: " + err.Error()}
		return o, err
	}
	x, y := d.Roll(6), d.Roll(6)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "AP attack", Sides: 6, Dice: []int{x, y}})
	ms := apModifiers(a)
	o.Natural = x + y
	o.Total = o.Natural + combat.SumModifiers(ms)
	o.Points = CasualtyPoints(a.APFP, o.Total)
	o.Valor = o.Natural == 2
	line := fmt.Sprintf("%d APFP (row %s); rolled %d", a.APFP, RowName(a.APFP), o.Natural)
	if len(ms) > 0 {
		line += combat.FormatModifiers(ms) + " = " + strconv.Itoa(o.Total)
	}
	if o.Points == 0 {
		line += ": no effect"
	} else {
		line += fmt.Sprintf(": %d casualty point%s", o.Points, plural(o.Points))
	}
	if a.AirBurst && o.Points > 0 {
		o.Points *= 2
		line += fmt.Sprintf(", doubled by the air burst in %s: %d", a.CoverName, o.Points)
	}
	o.Steps = append(o.Steps, line)
	return o, nil
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

// FireOdds returns the exact odds of Fire: every attack roll, and every
// face of every check die the allocation may roll.
func FireOdds(a combat.APAttack, defs []combat.Defender) (combat.APOdds, error) {
	var o combat.APOdds
	if err := checkAttack(a); err != nil {
		return o, err
	}
	ms := apModifiers(a)
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
	burst := 1
	if a.AirBurst {
		burst = 2
	}
	o.Points, o.PointsTotal = make([]uint64, burst*MaxCasualtyPoints+1), 36
	weights := map[string]*combat.FateOdds{}
	var order []string
	hits := uint64(0)
	for roll := 2; roll <= 12; roll++ {
		cp := burst * CasualtyPoints(a.APFP, roll+combat.SumModifiers(ms))
		o.Points[cp] += combat.TwoDiceWays(roll)
		if cp > 0 {
			hits += combat.TwoDiceWays(roll)
		}
		for _, e := range SpendOdds(defs, cp) {
			k := fatesKey(e.Fates)
			w, ok := weights[k]
			if !ok {
				w = &combat.FateOdds{Fates: e.Fates}
				weights[k] = w
				order = append(order, k)
			}
			w.Weight += combat.TwoDiceWays(roll) * e.Weight
		}
	}
	for _, k := range order {
		o.Fates = append(o.Fates, *weights[k])
	}
	sortEffects(o.Fates)
	line := fmt.Sprintf("%d APFP (row %s): 2d6", a.APFP, RowName(a.APFP))
	if len(ms) > 0 {
		line += combat.FormatModifiers(ms)
	}
	if a.AirBurst {
		line += ", points doubled by the air burst in " + a.CoverName
	}
	o.Steps = append(o.Steps, fmt.Sprintf("%s: casualty points with %d of 36 rolls", line, hits))
	return o, nil
}

func fatesKey(fs []combat.Fate) string {
	b := make([]byte, len(fs))
	for i, f := range fs {
		b[i] = byte('a' + f)
	}
	return string(b)
}

// sortEffects orders effects by weight, heaviest first, ties by key.
func sortEffects(es []combat.FateOdds) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && (es[j].Weight > es[j-1].Weight ||
			(es[j].Weight == es[j-1].Weight && fatesKey(es[j].Fates) < fatesKey(es[j-1].Fates))); j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}
