package ai

import (
	"hexfire/battle"
	"hexfire/board"
)

// futureWeight is how much the danger of the enemy's next advance counts
// against a position, beside one round of fire from where the enemy
// stands (futureDanger). Our own choice: the enemy may not come, and the
// unit may still act before it fires.
const futureWeight = 0.5

// moveKey names the hexes a mover may reach from a pose on an empty
// board: a function of the board only, so it may be memoised.
type moveKey struct {
	spec board.MoveSpec
	pose board.Pose
}

// maxReaches bounds the memo of enemy moves (a Reach of a fast vehicle on
// a big map is some 200 kB); it starts over, between decisions, once it
// holds more. Our own choice: a side has a few hundred units at most, and
// they move once a turn.
const maxReaches = 512

// enemyReach is where enemy e may go on its next move on an empty board
// (units in the way aside), memoised by its allowance and pose.
func (v *view) enemyReach(e *battle.Unit) *board.Reach {
	spec := v.b.MoveSpec(e)
	k := moveKey{spec, e.Pose}
	if r, ok := v.m.reaches[k]; ok {
		return r
	}
	if len(v.m.reaches) >= maxReaches {
		clear(v.m.reaches)
	}
	r := v.b.Board().Reachable(spec, e.Pose, board.Occupancy{})
	v.m.reaches[k] = r
	return r
}

// futureDanger is what the enemy's next advance adds to the danger of u
// at pose p: futureThreat at futureWeight, for the vehicles and Guns of a
// side that wins when time runs out, and less as the battle's course
// turns against it (urgency). Such a side waits for the attacker, so
// where the attacker's tanks may drive next matters to it most: a tank
// that is safe now on the open ground the enemy will cross next turn is
// caught there. The attacker, and infantry, whose place is on the
// objectives, weigh only the fire from where the enemy stands.
func (v *view) futureDanger(u *battle.Unit, p board.Pose) float64 {
	if u.Type.Kind.Infantry() || !v.winsByDefault() {
		return 0
	}
	return futureWeight * (1 - v.urgency()) * v.futureThreat(u, p)
}

// futureThreat is the danger to u at pose p once the enemy's vehicles and
// Guns that may move have driven toward it: each is taken to the hex of
// the straight line between them nearest p that it can reach (enemyReach)
// and that sees p, facing p, and the gain of its attack there over its
// attack from where it stands counts. Against that counts u's own best
// attack on one of them there, at the stakes' rate of a kill to a loss:
// a strong gun facing a few attackers in the open is not driven off by
// them, one facing many is.
func (v *view) futureThreat(u *battle.Unit, p board.Pose) float64 {
	total, reply := 0.0, 0.0
	for i, e := range v.enemies {
		mp := v.b.MoveSpec(e).MP
		if e.Type.Kind.Infantry() || mp == 0 || v.reach[i] == 0 {
			continue
		}
		dist := e.Pose.Hex.Distance(p.Hex)
		if dist <= 1 || dist > v.reach[i]+mp {
			continue
		}
		r := v.enemyReach(e)
		for k := 1; k < dist; k++ {
			// The hex k hexes from p on the line toward e (nudged off the
			// hexsides, as the board's line of sight is).
			t := float64(k) / float64(dist)
			h := board.RoundHex(float64(p.Hex.Q)+float64(e.Pose.Hex.Q-p.Hex.Q)*t+1e-6, float64(p.Hex.R)+float64(e.Pose.Hex.R-p.Hex.R)*t+1e-6)
			if _, ok := r.Cost(h); !ok || !v.los(h, p.Hex).Visible {
				continue
			}
			f, _ := towards(h, p.Hex)
			ep := board.Pose{Hex: h, Facing: f}
			total += max(0, v.enemyAttackFrom(e, ep, u, p, false)-v.enemyAttack(e, u, p, true, false))
			reply = max(reply, v.attackAt(u, p, e, ep))
			break
		}
	}
	return max(0, total-reply*v.killScale/max(v.lossScale, 1e-9))
}

// attackAt is u's attack from pose p on enemy e at pose ep, AT or AP (at
// a mover, as e would be).
func (v *view) attackAt(u *battle.Unit, p board.Pose, e *battle.Unit, ep board.Pose) float64 {
	best := 0.0
	if v.weapon(u).ok {
		best = v.effect(v.shotOdds(u, p, e, ep), e)
	}
	return max(best, v.apShot(u, p, e, ep, true))
}
