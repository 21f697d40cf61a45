package ai

import (
	"fmt"
	"math/rand/v2"

	"hexfire/battle"
	"hexfire/board"
)

// Random plays uniformly random legal orders: every candidate is checked
// as the battle would check it. It ends the phase with probability
// EndChance (and always when nothing else is legal), so battles finish.
type Random struct {
	// EndChance is the chance of ending the phase when other orders are
	// possible; 0 means 1/4 (our choice: a few orders per phase).
	EndChance float64
}

// Next returns a random legal order for the acting side.
func (r Random) Next(b *battle.Battle) (battle.Order, string) {
	side := b.Acting()
	orders := b.Orders()
	rng := decisionRNG(b, "random "+side, len(orders))
	var candidates []battle.Order
	if m := b.Moving(); m != nil {
		candidates = append(candidates, battle.Pass{})
		for _, f := range b.OpportunityFirers() {
			candidates = append(candidates, battle.Fire{Unit: f.ID, Target: m.ID})
		}
		o := candidates[rng.IntN(len(candidates))]
		return o, "random: " + o.Name()
	}
	end := r.EndChance
	if end == 0 {
		end = 0.25
	}
	if side == "" || rng.Float64() < end {
		return battle.EndPhase{}, "random: end the phase"
	}
	for _, u := range b.Units() {
		if !u.OnMap() || u.Side != side {
			continue
		}
		switch b.Phase() {
		case battle.FirePhase, battle.DefensiveFire:
			for _, e := range b.Units() {
				if o := (battle.Fire{Unit: u.ID, Target: e.ID}); e.OnMap() && e.Side != side {
					if _, err := b.PlanFire(o); err == nil {
						candidates = append(candidates, o)
					}
				}
			}
		case battle.Movement:
			if o, ok := randomMove(b, u, rng); ok {
				candidates = append(candidates, o)
			}
		case battle.AdvancePhase:
			for d := range board.Direction(6) {
				if o := (battle.Advance{Unit: u.ID, To: u.Pose.Hex.Neighbor(d)}); b.Check(o) == nil {
					candidates = append(candidates, o)
				}
			}
			for _, t := range []int{1, -1} {
				if o := (battle.Turn{Unit: u.ID, Facing: u.Pose.Facing.Rotate(t)}); b.Check(o) == nil {
					candidates = append(candidates, o)
				}
			}
		}
	}
	if len(candidates) == 0 {
		return battle.EndPhase{}, "random: nothing else to do"
	}
	o := candidates[rng.IntN(len(candidates))]
	return o, "random: " + o.Name()
}

// randomMove picks a random reachable pose of u other than its own, the
// move checked by the battle.
func randomMove(b *battle.Battle, u *battle.Unit, rng *rand.Rand) (battle.Order, bool) {
	if b.CheckMove(u) != nil {
		return nil, false
	}
	spec, occ := b.MoveSpec(u), b.Occupancy(u)
	reach := b.Board().Reachable(spec, u.Pose, occ)
	ps := reach.Poses()
	if len(ps) < 2 {
		return nil, false
	}
	p := ps[rng.IntN(len(ps))]
	steps, ok := reach.PathTo(p)
	if !ok || len(steps) == 0 {
		return nil, false
	}
	o := battle.Move{Unit: u.ID, Path: poses(steps)}
	return o, b.Check(o) == nil
}

// Greedy is the simple baseline: each unit fires at the nearest enemy it
// may legally fire at; otherwise it drives toward the nearest objective
// (the hexes either side must hold) or the nearest enemy, ending facing
// it. It fires at every moving enemy it can. The zero value is ready to
// use; it keeps only caches of pure computations.
type Greedy struct {
	memo memo
}

// Next returns the greedy order for the acting side.
func (g *Greedy) Next(b *battle.Battle) (battle.Order, string) {
	side := b.Acting()
	if side == "" {
		return battle.EndPhase{}, "the battle is over"
	}
	if m := b.Moving(); m != nil {
		if fs := b.OpportunityFirers(); len(fs) > 0 {
			return battle.Fire{Unit: fs[0].ID, Target: m.ID}, "greedy: fire at the moving enemy"
		}
		return battle.Pass{}, "greedy: no shot at the moving enemy"
	}
	v := &decision{view: newView(b, &g.memo, side), orders: b.Orders()}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		for _, u := range v.mine {
			var best *battle.Unit
			for _, e := range v.enemies {
				if best != nil && u.Pose.Hex.Distance(e.Pose.Hex) >= u.Pose.Hex.Distance(best.Pose.Hex) {
					continue
				}
				if _, err := b.PlanFire(battle.Fire{Unit: u.ID, Target: e.ID}); err == nil {
					best = e
				}
			}
			if best != nil {
				return battle.Fire{Unit: u.ID, Target: best.ID}, fmt.Sprintf("greedy: %s fires at the nearest target, %s", u.Label(), best.Label())
			}
		}
	case battle.Movement:
		after := v.cursor(func(o battle.Order) (battle.UnitID, bool) {
			m, ok := o.(battle.Move)
			return m.Unit, ok
		})
		for _, u := range v.mine {
			if u.ID <= after || !v.canMove(u) {
				continue
			}
			if path, ok := greedyMove(v, u); ok {
				if o := (battle.Move{Unit: u.ID, Path: path}); b.Check(o) == nil {
					return o, "greedy: " + u.Label() + " advances"
				}
			}
		}
	}
	return battle.EndPhase{}, "greedy: end the phase"
}

// greedyMove drives u to the reachable hex nearest its goals, facing the
// nearest enemy.
func greedyMove(v *decision, u *battle.Unit) ([]board.Pose, bool) {
	_, goals := v.holdHexes()
	if len(goals) == 0 {
		for _, e := range v.enemies {
			goals = append(goals, e.Pose.Hex)
		}
	}
	if len(goals) == 0 {
		return nil, false
	}
	spec := v.b.MoveSpec(u)
	reach := v.b.Board().Reachable(spec, u.Pose, v.b.Occupancy(u))
	field := v.field(spec.Kind.Mover(), goals)
	best, bestD := u.Pose.Hex, v.distance(field, u.Pose.Hex)
	for _, h := range reach.Hexes() {
		if dist := v.distance(field, h); dist < bestD {
			best, bestD = h, dist
		}
	}
	p := board.Pose{Hex: best, Facing: u.Pose.Facing}
	var nearest *battle.Unit
	for _, e := range v.enemies {
		if nearest == nil || best.Distance(e.Pose.Hex) < best.Distance(nearest.Pose.Hex) {
			nearest = e
		}
	}
	if nearest == nil {
		return nil, false
	}
	if f, ok := towards(best, nearest.Pose.Hex); ok && spec.Kind != board.Infantry {
		if _, ok := reach.PoseCost(board.Pose{Hex: best, Facing: f}); ok {
			p.Facing = f
		}
	}
	if p == u.Pose {
		return nil, false
	}
	steps, ok := reach.PathTo(p)
	if !ok || len(steps) == 0 {
		return nil, false
	}
	return poses(steps), true
}
