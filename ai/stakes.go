package ai

import (
	"hexfire/battle"
)

// weighStakes sets how much a kill and a loss count for the acting side
// now, from the destroy clauses of the victory conditions: a side that
// wins by destroying N enemy units and has destroyed K values the next
// kill N/(N-K) times as much as the first, and a loss counts N'/(N'-L)
// times as much when the enemy needs N' kills and has L. So the last kill
// a side needs is worth the most, and the last unit it can lose is kept
// out of harm. Without such a clause the scale stays 1.
func (v *view) weighStakes() {
	v.killScale, v.lossScale = 1, 1
	vc, ok := v.victory()
	if !ok {
		return
	}
	enemy := battle.Opponent(v.side)
	if n := vc.Destroy[v.side]; n > 0 {
		v.killScale = float64(n) / float64(max(1, n-v.b.Eliminated(enemy)))
	}
	if n := vc.Destroy[enemy]; n > 0 {
		v.lossScale = float64(n) / float64(max(1, n-v.b.Eliminated(v.side)))
	}
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
