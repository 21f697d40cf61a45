package strikedice

import (
	"slices"

	"hexfire/combat"
)

// Odds returns the exact odds of a shot in closed form: the 36 to-hit
// rolls split by their natural 6s, then binomial counts of penetrations
// and saves over the pools, then the damage d6. Each die read against a
// threshold counts by its chance in lowest terms (a front strike die
// penetrates 1 time in 3), so the weights of the heaviest shot fit in 64
// bits; the tests prove it equal to combat.Enumerate.
func (Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	p, err := planShot(s)
	if err != nil {
		return combat.Odds{}, err
	}
	// hits[k] counts the 36 to-hit rolls that hit with k natural 6s.
	var hits [3]uint64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b+p.adjust >= p.need {
				hits[p.weakSpots(a, b)]++
			}
		}
	}
	return poolOdds(s, p, hits, 36), nil
}

// poolOdds returns the odds of a shot planned as p whose opening roll,
// of rollTotal equally likely results, hits hits[k] times with k extra
// strike dice: binomial counts of penetrations and saves over the pools,
// then the damage d6.
func poolOdds(s combat.Shot, p plan, hits [3]uint64, rollTotal uint64) combat.Odds {
	pa, pd := chance(p.penetrates)
	sa, sd := chance(p.saves)
	extra := 0
	var hitTotal uint64
	for k, h := range hits {
		if h > 0 {
			extra = k
		}
		hitTotal += h
	}
	maxN := p.strike + extra
	saveW := binomial(p.armour, sa, sd)
	poolTotal := pow(pd, maxN) * pow(sd, p.armour)
	// every branch is counted over the damage d6 and an explosion's d6,
	// rolled only when the vehicle explodes
	const damageSides = 6
	const rest = damageSides * blastSides
	total := rollTotal * poolTotal * rest
	o := combat.Odds{ToHit: p.need, Total: total, Steps: p.steps}
	add := func(hit bool, es []combat.Effect, w uint64) {
		if w == 0 {
			return
		}
		for i := range o.Outcomes {
			if o.Outcomes[i].Hit == hit && slices.Equal(o.Outcomes[i].Effects, es) {
				o.Outcomes[i].Weight += w
				return
			}
		}
		o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: hit, Effects: es, Weight: w})
	}
	add(false, missEffects(s), (rollTotal-hitTotal)*poolTotal*rest)
	// byNet[r] weighs net hits r (0..2, 3 for three or more); noEffect the
	// hits saved, over 36 × the pools' common total.
	var byNet [4]uint64
	var noEffect uint64
	for k, h := range hits {
		if h == 0 {
			continue
		}
		n := p.strike + k
		penW := binomial(n, pa, pd)
		pad := h * pow(pd, maxN-n)
		for i, wi := range penW {
			for j, wj := range saveW {
				w := pad * wi * wj
				if i < j {
					noEffect += w
				} else {
					byNet[min(i-j, 3)] += w
				}
			}
		}
	}
	add(true, missEffects(s), noEffect*rest)
	for net, w := range byNet {
		if w == 0 {
			continue
		}
		row := p.table.rows[net]
		for i, b := range row {
			hi := damageSides + 1
			if i+1 < len(row) {
				hi = row[i+1].lo
			}
			faces := w * uint64(hi-b.lo)
			if b.r.what == explodes {
				for hits := 1; hits <= blastSides; hits++ {
					add(true, effectsOf(s, b.r, hits), faces)
				}
				continue
			}
			// every reverse of 1-6 inches is one hex (reverseHexes)
			add(true, effectsOf(s, b.r, reverseHexes(1)), faces*blastSides)
		}
	}
	combat.SortOutcomes(o.Outcomes)
	return o
}

// chance returns the chance of a d6 reaching least in lowest terms.
func chance(least int) (num, den uint64) {
	num, den = uint64(7-least), 6
	for _, f := range []uint64{2, 3} {
		for num%f == 0 && den%f == 0 {
			num, den = num/f, den/f
		}
	}
	return num, den
}

// binomial returns, for i = 0..n, the ways of i successes among n dice
// that each succeed num times in den: C(n,i)·num^i·(den-num)^(n-i).
func binomial(n int, num, den uint64) []uint64 {
	w := make([]uint64, n+1)
	c := uint64(1)
	for i := 0; i <= n; i++ {
		w[i] = c * pow(num, i) * pow(den-num, n-i)
		c = c * uint64(n-i) / uint64(i+1)
	}
	return w
}

func pow(b uint64, e int) uint64 {
	r := uint64(1)
	for range e {
		r *= b
	}
	return r
}
