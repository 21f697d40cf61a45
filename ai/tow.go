package ai

import (
	"cmp"
	"fmt"
	"slices"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/units"
)

// towing is the side's use of its towers: a tower towing a Gun takes it
// where the Gun's best attack, less what the enemy could do to Gun and
// tower there, is worth most, and unhooks it there; a Gun with nothing in
// its sights where it stands, out of the enemy's reach, is hooked up to a
// free tower in its hex when that tower can take it somewhere closer to
// the fight without drawing fire. It returns false when no tower has
// anything to do.
func (d *decision) towing() (battle.Order, string, bool) {
	for _, c := range d.mine {
		if g := d.b.Towed(c.ID); g != nil && d.task(c).verb == Free {
			if o, why, ok := d.tow(c, g); ok {
				return o, why, true
			}
		}
	}
	for _, g := range d.mine {
		if g.Type.Kind != units.Gun || d.task(g).verb != Free {
			continue
		}
		if v, _ := d.attackFrom(g, g.Pose, nil); v > 0 {
			continue
		}
		if danger, _ := d.threatTo(g, g.Pose); danger > moveMargin {
			continue
		}
		for _, c := range d.mine {
			o := battle.Load{Unit: g.ID, Carrier: c.ID}
			if c.Pose.Hex != g.Pose.Hex || !c.Type.Tows || d.task(c).verb != Free || d.b.Check(o) != nil {
				continue
			}
			reach := d.b.Board().Reachable(d.b.MoveSpec(c), c.Pose, d.b.Occupancy(c))
			if _, ok := d.safeAdvance(c, g, reach); ok {
				return o, fmt.Sprintf("%s hooks up %s: nothing is in the Gun's sights from %s", c.Label(), g.Label(), d.b.Board().Label(g.Pose.Hex)), true
			}
		}
	}
	return nil, "", false
}

// setUpWorth is what Gun g set up at pose p is worth to its side: its best
// attack from there, less the enemy's expected damage to it and, half
// counted, to its tower c standing there when it unhooks.
func (d *decision) setUpWorth(g, c *battle.Unit, p board.Pose) float64 {
	attack, _ := d.attackFrom(g, p, nil)
	gunRisk, _ := d.threatTo(g, p)
	towerRisk, _ := d.threatTo(c, p)
	return attack - gunRisk - towerRisk/2
}

// risk is the enemy's expected damage to tower c and Gun g at pose p.
func (d *decision) risk(c, g *battle.Unit, p board.Pose) float64 {
	gr, _ := d.threatTo(g, p)
	cr, _ := d.threatTo(c, p)
	return gr + cr
}

// tow is tower c's order for the Gun g it tows: drive to the best place to
// set it up (to unhook it there once the move is done), or unhook it where
// it stands when that is as good; else close on the fight through ground
// the enemy cannot reach, or, with nowhere safe to go, unhook it where it
// stands; false to do nothing.
func (d *decision) tow(c, g *battle.Unit) (battle.Order, string, bool) {
	bd := d.b.Board()
	unhook := battle.Unload{Unit: g.ID}
	canUnhook := d.b.Check(unhook) == nil
	here := d.setUpWorth(g, c, c.Pose)
	unhookHere := func(why string) (battle.Order, string, bool) {
		return unhook, fmt.Sprintf("%s unhooks %s in %s: %s", c.Label(), g.Label(), bd.Label(c.Pose.Hex), why), true
	}
	if c.Has(battle.Moved) || !d.canMove(c) {
		if canUnhook {
			return unhookHere("it goes no further this turn")
		}
		return nil, "", false
	}
	spec := d.b.MoveSpec(c)
	reach := bd.Reachable(spec, c.Pose, d.b.Occupancy(c))
	if canUnhook {
		best, bestWorth := c.Pose, here
		for _, p := range reach.Poses() {
			if w := d.setUpWorth(g, c, p); w > bestWorth+moveMargin {
				best, bestWorth = p, w
			}
		}
		if best != c.Pose && bestWorth > 0 {
			if o, ok := d.moveTo(c, reach, best); ok {
				return o, fmt.Sprintf("%s tows %s to %s to set it up there (worth %.2f against %.2f here)", c.Label(), g.Label(), bd.Label(best.Hex), bestWorth, here), true
			}
		}
		if here > 0 {
			return unhookHere("it has a shot from there")
		}
	}
	if p, ok := d.safeAdvance(c, g, reach); ok {
		if o, ok := d.moveTo(c, reach, p); ok {
			return o, fmt.Sprintf("%s tows %s on to %s, out of the enemy's reach", c.Label(), g.Label(), bd.Label(p.Hex)), true
		}
	}
	if canUnhook {
		return unhookHere("nowhere safe to take it further")
	}
	return nil, "", false
}

// safeAdvance is the pose in reach, nearer the Gun g's objectives than
// where its tower c stands, that the two reach and stand in with no harm
// the enemy could do them; false when there is none.
func (d *decision) safeAdvance(c, g *battle.Unit, reach *board.Reach) (board.Pose, bool) {
	goals := d.objectives(g)
	if len(goals) == 0 {
		return c.Pose, false
	}
	field := d.field(d.b.MoveSpec(c).Kind.Mover(), goals)
	type candidate struct {
		p    board.Pose
		dist float64
	}
	var cs []candidate
	here := d.distance(field, c.Pose.Hex)
	for _, p := range reach.Poses() {
		if dist := d.distance(field, p.Hex); dist < here {
			cs = append(cs, candidate{p, dist})
		}
	}
	slices.SortStableFunc(cs, func(a, b candidate) int { return cmp.Compare(a.dist, b.dist) })
	for _, cand := range cs {
		if d.risk(c, g, cand.p) > moveMargin {
			continue
		}
		path, ok := reach.PosesTo(cand.p)
		if ok && d.exposure(c, c.Pose, path) <= moveMargin {
			return cand.p, true
		}
	}
	return c.Pose, false
}

// moveTo is u's move along reach's path to pose p, if the battle takes it.
func (d *decision) moveTo(u *battle.Unit, reach *board.Reach, p board.Pose) (battle.Order, bool) {
	path, ok := reach.PosesTo(p)
	if !ok || len(path) == 0 {
		return nil, false
	}
	o := battle.Move{Unit: u.ID, Path: path}
	return o, d.b.Check(o) == nil
}
