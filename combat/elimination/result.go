package elimination

import "hexfire/combat"

// result is the final effect of one shot on its target under this
// ruleset's procedure, from least to most harm. The engine sees it as
// effects (effects).
type result uint8

const (
	miss result = iota
	noEffect
	immobilized
	abandoned
	eliminated
	numResults
)

// String returns the result in words.
func (r result) String() string {
	if r < numResults {
		return [numResults]string{"miss", "no_effect", "immobilized", "abandoned", "eliminated"}[r]
	}
	return "result?"
}

// effects returns the effects of a shot that ended in r: on the target,
// and on the firer whose expendable weapon was used up or whose natural 2
// sends it to a valor check. The slices are shared: read them only.
func effects(r result, weaponSpent, valor bool) []combat.Effect {
	return effectTable[r][b2i(weaponSpent)][b2i(valor)]
}

// effectTable holds every list effects returns, built once.
var effectTable = func() (t [numResults][2][2][]combat.Effect) {
	for r := range numResults {
		for spent := range 2 {
			for valor := range 2 {
				var es []combat.Effect
				switch r {
				case immobilized:
					es = append(es, combat.Effect{Kind: combat.Immobilized, On: combat.OnTarget})
				case abandoned:
					es = append(es, combat.Effect{Kind: combat.Abandoned, On: combat.OnTarget})
				case eliminated:
					es = append(es, combat.Effect{Kind: combat.Eliminated, On: combat.OnTarget})
				}
				if spent == 1 {
					es = append(es, combat.Effect{Kind: combat.WeaponSpent, On: combat.OnFirer})
				}
				if valor == 1 {
					es = append(es, combat.Effect{Kind: combat.ValorCheck, On: combat.OnFirer})
				}
				t[r][spent][valor] = es
			}
		}
	}
	return t
}()

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
