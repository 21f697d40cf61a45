package ai

import (
	"fmt"

	"hexfire/battle"
	"hexfire/board"
)

// withLane adds an MG fire lane (rules 13.9) to c, an opportunity AP attack
// at the moving enemy, when one could strike it: of the patterns the
// engine allows, the one whose markers lie where the mover may step next
// (the lane hexes next to it, which run toward the firers) with the best
// summed chance, from the engine's exact odds, that the lane's attack there
// scores. Our choice: a lane costs its layer nothing, so it is laid
// whenever that chance is above zero; it does not change whether the
// group fires.
func (d *decision) withLane(c shotChoice) shotChoice {
	o, ok := c.order.(battle.FireAP)
	mover := d.b.Moving()
	if !ok || mover == nil || o.Lane != battle.NoLane {
		return c
	}
	best, bestWorth := o, 0.0
	for _, p := range []battle.LanePattern{battle.LaneStraight, battle.LaneStaggerLeft, battle.LaneStaggerRight} {
		lo := o
		lo.Lane = p
		plan, err := d.b.PlanAP(lo)
		if err != nil {
			continue
		}
		if w := d.laneWorth(mover, plan.Lane); w > bestWorth {
			best, bestWorth = lo, w
		}
	}
	if bestWorth == 0 {
		return c
	}
	c.order = best
	c.text += fmt.Sprintf("; lays a %v fire lane (chance it scores summed over the mover's next steps %.0f%%)", best.Lane, 100*bestWorth)
	return c
}

// laneWorth sums, over the hexes of a new lane next to the mover, the
// chance the lanes' attack there scores on it, counting the markers of
// the lanes already laid.
func (d *decision) laneWorth(mover *battle.Unit, hexes []board.Hex) float64 {
	worth := 0.0
	for _, h := range hexes {
		if h.Distance(mover.Pose.Hex) != 1 {
			continue
		}
		odds, err := d.b.LaneOdds(mover, h, d.b.LaneMarkers(d.side, h)+1)
		if err != nil {
			return 0
		}
		worth += 1 - odds.PointsProbability(0)
	}
	return worth
}
