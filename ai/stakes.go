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
// clause a scale stays 1. Losses count less as the urgency grows
// (lossFactor): down to urgentLoss of that in the last turn.
func (v *view) weighStakes() {
	v.killsLeft, v.lossesLeft, v.stakesScale = 0, 0, 1
	if vc, ok := v.victory(); ok {
		enemy := battle.Opponent(v.side)
		need, enemyNeeds := vc.Destroy[v.side], vc.Destroy[enemy]
		v.stakesScale = float64(max(need, enemyNeeds))
		if need > 0 {
			v.killsLeft = max(1, need-v.b.Eliminated(enemy))
		}
		if enemyNeeds > 0 {
			v.lossesLeft = max(1, enemyNeeds-v.b.Eliminated(v.side))
		}
	}
	v.lossFactor = 1 - (1-urgentLoss)*v.urgency()
	v.killScale = v.stakeOf(v.killsLeft, 0)
	v.lossScale = v.stakeOf(v.lossesLeft, 0) * v.lossFactor
}

// stakeOf is the scale of the (i+1)-th of several units eliminated at
// once when left more are needed toward a destroy goal (0: no such goal,
// scale 1): each counts by its own place on the way there, up to the one
// that decides the battle.
func (v *view) stakeOf(left, i int) float64 {
	if left == 0 {
		return 1
	}
	return v.stakesScale / float64(max(1, left-i))
}

// killsWorth is what eliminating n enemy units of total worth w at once
// (by one roll) is worth by the stakes: w at the mean scale of their
// places (stakeOf). So a roll that may destroy two units counts the
// second at the dearer scale it will have.
func (v *view) killsWorth(n int, w float64) float64 {
	return v.meanStake(v.killsLeft, n) * w
}

// lossesWorth is what losing n units of total worth w at once costs by
// the stakes (as killsWorth, with lossFactor): an assault that may lose
// two units next to the enemy's destroy goal weighs the second dearer.
func (v *view) lossesWorth(n int, w float64) float64 {
	return v.meanStake(v.lossesLeft, n) * w * v.lossFactor
}

// meanStake is the mean of stakeOf(left, i) for i below n.
func (v *view) meanStake(left, n int) float64 {
	if n == 0 {
		return 0
	}
	total := 0.0
	for i := range n {
		total += v.stakeOf(left, i)
	}
	return total / float64(n)
}

// urgentLoss is what a loss counts in the last turn, against 1, for a
// side that would not win if the battle ended now (urgency 1): failing is
// the same defeat as dying, so only the cheaper of two ways in still
// counts for something. Our own choice (0 and 0.1 measured alike).
const urgentLoss = 0.1

// urgency is how pressed the acting side is to change the battle's course,
// from 0 to 1: 0 while the battle, ended now, would be its win (or in a
// battle without a last turn) and in the first takeFrom of the turns;
// from there it grows evenly to 1 in the last turn. Its losses count less
// (lossFactor) and its infantry's objectives pull harder (infantryPull)
// as it grows: a side that would draw or lose as things stand must take
// risks, and the later, the more.
func (v *view) urgency() float64 {
	if !v.urgencyKnown {
		v.urgent, v.urgencyKnown = 0, true
		turns := v.b.Scenario().Turns
		if vc, ok := v.victory(); ok && turns > 0 && vc.Winner(v.b, true) != v.side {
			start := takeFrom * float64(turns)
			v.urgent = min(1, max(0, (float64(v.b.Turn())-start)/(float64(turns)-start)))
		}
	}
	return v.urgent
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
