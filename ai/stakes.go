package ai

import (
	"hexfire/battle"
)

// weighStakes sets how much a kill and a loss count for the acting side
// now, from the destroy clauses of the victory conditions. Each counts by
// the share of the way it goes toward a side's destroy goal: a side that
// wins by destroying N enemy units and has destroyed K values its next
// kill c/(N-K), and a loss counts c/(N'-L) when the enemy needs N' kills
// and has L, where c is the larger of N and N' (so with one clause, or
// equal ones, the first kill and the first loss count 1). So the last
// kill a side needs is worth the most, the last unit it can lose is kept
// out of harm, and a side the enemy beats by destroying few of its units
// values each of them above a kill it needs many of. Without such a
// clause a scale stays 1. In its last chance (lastChance) a side's losses
// count lastChanceLoss of that.
func (v *view) weighStakes() {
	v.killScale, v.lossScale = 1, 1
	vc, ok := v.victory()
	if !ok {
		return
	}
	enemy := battle.Opponent(v.side)
	need, enemyNeeds := vc.Destroy[v.side], vc.Destroy[enemy]
	c := float64(max(need, enemyNeeds))
	if need > 0 {
		v.killScale = c / float64(max(1, need-v.b.Eliminated(enemy)))
	}
	if enemyNeeds > 0 {
		v.lossScale = c / float64(max(1, enemyNeeds-v.b.Eliminated(v.side)))
	}
	if v.lastChance() {
		v.lossScale *= lastChanceLoss
	}
}

// lastChanceLoss is how much a loss counts in the last turn for a side
// that loses unless it takes a hex it must hold (lastChance): failing is
// the same defeat as dying, so only the cheaper of two ways in still
// counts for something. Our own choice (0 and 0.1 measured alike).
const lastChanceLoss = 0.1

// lastChance reports whether the battle ends with this turn while the
// acting side, which does not win when time runs out, must still take a
// hex it must hold: it has lost unless it takes it now.
func (v *view) lastChance() bool {
	turns := v.b.Scenario().Turns
	vc, ok := v.victory()
	if !ok || turns == 0 || v.b.Turn() < turns || vc.Otherwise == v.side {
		return false
	}
	for _, h := range vc.Hold[v.side] {
		if !v.b.Holds(v.side, h) {
			return true
		}
	}
	return false
}

// net is the worth of expected kills against expected losses (both
// already weighted by the units' worth), as the stakes weigh them.
func (v *view) net(kills, losses float64) float64 {
	return v.killScale*kills - v.lossScale*losses
}

// victory returns the scenario's victory conditions, parsed once.
func (v *view) victory() (battle.Victory, bool) {
	if !v.m.victoryParsed {
		vc, err := battle.ParseVictory(v.b.Scenario().Properties["victory"], v.b.Board())
		v.m.victory, v.m.victoryOK, v.m.victoryParsed = vc, err == nil, true
	}
	return v.m.victory, v.m.victoryOK
}

// winsByDefault reports whether the acting side wins when time runs out
// with no other aim met (its victory's otherwise clause): time is on its
// side, so waiting costs it nothing.
func (v *view) winsByDefault() bool {
	vc, ok := v.victory()
	return ok && vc.Otherwise == v.side
}
