package ai

import (
	"fmt"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// Reinforcements and exits, for every player: a reinforcement comes on as
// soon as the battle allows, on the entry hex nearest its goals; a side
// whose victory asks it to take units off the map drives them to that
// edge and off it.

// arrivalOrExit returns the side's next entry or exit in its Movement
// phase: first any unit that may leave by the edge its exit clause names,
// then any reinforcement that may come on. False when there is none.
func (v *view) arrivalOrExit() (battle.Order, string, bool) {
	if v.b.Phase() != battle.Movement || v.b.Moving() != nil {
		return nil, "", false
	}
	if goal, ok := v.exitGoal(); ok {
		for _, u := range v.mine {
			for _, e := range maps.EdgesOf(v.b.Board(), u.Pose.Hex) {
				if o := (battle.Exit{Unit: u.ID, Edge: e}); (goal.Edge == "" || goal.Edge == e) && v.b.Check(o) == nil {
					return o, fmt.Sprintf("%s leaves the map by the %s edge, for the %s's exit aim", u.Label(), e, v.side), true
				}
			}
		}
	}
	for _, u := range v.b.Reinforcements(v.side) {
		if v.b.CheckEnter(u) != nil {
			continue
		}
		if o, ok := v.entry(u); ok {
			return o, fmt.Sprintf("%s arrives at %s", u.Label(), v.b.Board().Label(o.Path[0].Hex)), true
		}
	}
	return nil, "", false
}

// entry is u's Enter order on the entry hex nearest the side's goals (its
// exit edge, the hexes to hold, else the enemy), facing the nearest goal;
// false when no entry hex is open to it now.
func (v *view) entry(u *battle.Unit) (battle.Enter, bool) {
	goals := v.goalHexes()
	field := v.field(v.b.MoveSpec(u).Kind.Mover(), goals)
	var best battle.Enter
	bestD, found := 0.0, false
	for _, h := range v.b.EntryHexes(u) {
		facing := u.Placement.Facing
		if g, ok := nearestHex(h, goals); ok {
			if f, ok := towards(h, g); ok {
				facing = f
			}
		}
		o := battle.Enter{Unit: u.ID, Path: []board.Pose{{Hex: h, Facing: facing}}}
		if d := v.distance(field, h); (!found || d < bestD) && v.b.Check(o) == nil {
			best, bestD, found = o, d, true
		}
	}
	return best, found
}

// goalHexes are the hexes the side makes for: the hexes of its exit edge
// when its victory has an exit clause, else the hexes either side must
// hold, else the enemy's units.
func (v *view) goalHexes() []board.Hex {
	if hs := v.exitHexes(); len(hs) > 0 {
		return hs
	}
	var goals []board.Hex
	if vc, ok := v.victory(); ok {
		for _, side := range []maps.Side{v.side, battle.Opponent(v.side)} {
			goals = append(goals, vc.Hold[side]...)
		}
	}
	if len(goals) == 0 {
		for _, e := range v.enemies {
			goals = append(goals, e.Pose.Hex)
		}
	}
	return goals
}

// exitGoal returns the side's exit clause, if its victory has one.
func (v *view) exitGoal() (battle.ExitGoal, bool) {
	vc, ok := v.victory()
	if !ok {
		return battle.ExitGoal{}, false
	}
	g, ok := vc.Exit[v.side]
	return g, ok
}

// exitHexes returns the hexes of the edge the side's exit clause names (of
// every edge when it names none), or nil without an exit clause.
func (v *view) exitHexes() []board.Hex {
	g, ok := v.exitGoal()
	if !ok {
		return nil
	}
	return v.edgeHexes(g)
}

// edgeHexes returns the hexes of the edge exit clause g names (of every
// edge when it names none).
func (v *view) edgeHexes(g battle.ExitGoal) []board.Hex {
	var hs []board.Hex
	for _, e := range maps.Edges {
		if g.Edge == "" || g.Edge == e {
			hs = append(hs, maps.EdgeHexes(v.b.Board(), e)...)
		}
	}
	return hs
}

// nearestHex returns the hex of hs nearest h (the first of equals).
func nearestHex(h board.Hex, hs []board.Hex) (board.Hex, bool) {
	var best board.Hex
	found := false
	for _, g := range hs {
		if !found || h.Distance(g) < h.Distance(best) {
			best, found = g, true
		}
	}
	return best, found
}

// randomArrivals lists the side's entries (each reinforcement on each of
// its entry hexes, facing as placed) and exits (each unit by each edge it
// stands on) for the Random player; the battle decides which are legal.
func randomArrivals(b *battle.Battle, side maps.Side) []battle.Order {
	if b.Phase() != battle.Movement {
		return nil
	}
	var out []battle.Order
	for _, u := range b.Reinforcements(side) {
		for _, h := range b.EntryHexes(u) {
			out = append(out, battle.Enter{Unit: u.ID, Path: []board.Pose{{Hex: h, Facing: u.Placement.Facing}}})
		}
	}
	for _, u := range b.Units() {
		if u.Side == side && u.OnMap() {
			for _, e := range maps.EdgesOf(b.Board(), u.Pose.Hex) {
				out = append(out, battle.Exit{Unit: u.ID, Edge: e})
			}
		}
	}
	return out
}
