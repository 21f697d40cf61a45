package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// Random plays uniformly random legal orders. Unless it ends the phase
// (with probability EndChance, and always when nothing else is legal) it
// picks an order kind uniformly among the kinds that have a legal order
// now (fire, fire-ap, resolve while AT shots are declared, assault,
// fire-smoke, place-smoke, move, overrun, advance, turn, load, unload; pass, fire
// and fire-ap at a moving enemy), then an
// order of that kind uniformly among the legal ones: the candidates of
// the kind are shuffled and the first the battle accepts is given.
type Random struct {
	// EndChance is the chance of ending the phase when other orders are
	// possible; 0 means 1/4 (our choice: a few orders per phase).
	EndChance float64
	// Seed is its own randomness (umpire.SeatSeed gives a seat's).
	Seed uint64
}

// Next returns a random legal order for the side of view v, which acts.
func (r Random) Next(v *battle.View) (battle.Order, string) {
	b, why, ok := actingView(v)
	if !ok {
		return battle.EndPhase{}, "random: " + why
	}
	side := v.Side
	rng := decisionRNG(r.Seed, b, "random "+side)
	if o, why, ok := goOnAfterFire(b, rng); ok {
		return o, "random: " + why
	}
	if m := b.Moving(); m != nil {
		var fire []battle.Order
		for _, u := range b.Units() {
			if u.Side == side && u.OnMap() {
				fire = append(fire, battle.Fire{Unit: u.ID, Target: m.ID})
			}
		}
		kinds := []candidates{listed([]battle.Order{battle.Pass{}}), listed(fire), randomAP(b, side, []board.Hex{m.Pose.Hex})}
		if b.CanSnipe(side) == nil { // only then, so battles without a sniper draw as before
			kinds = append(kinds, listed([]battle.Order{battle.Snipe{}}))
		}
		var o battle.Order
		b.Steady(func() { o, _ = pickKind(b, rng, kinds) })
		return o, "random: " + o.Name()
	}
	end := r.EndChance
	if end == 0 {
		end = 0.25
	}
	if rng.Float64() < end {
		return battle.EndPhase{}, "random: end the phase"
	}
	var o battle.Order
	b.Steady(func() { o, ok = pickKind(b, rng, randomKinds(b, side)) })
	if ok {
		return o, "random: " + o.Name()
	}
	return battle.EndPhase{}, "random: nothing else to do"
}

// pickKind picks a kind uniformly among those with a legal order, then a
// legal order of it uniformly: the first of a shuffle that the battle
// accepts. The shuffle is of the kind's indices, each order made only when
// it is checked; the dice are the same as for a shuffle of the orders.
func pickKind(b *battle.Battle, rng *rand.Rand, kinds []candidates) (battle.Order, bool) {
	for len(kinds) > 0 {
		i := rng.IntN(len(kinds))
		c := kinds[i]
		order := make([]int, c.count())
		for j := range order {
			order[j] = j
		}
		rng.Shuffle(len(order), func(a, d int) { order[a], order[d] = order[d], order[a] })
		if o, ok := b.FirstLegal(c.in(order)); ok {
			return o, true
		}
		kinds = append(kinds[:i], kinds[i+1:]...)
	}
	return nil, false
}

// randomKinds lists, per order kind, the orders of the side that may be
// legal now (the battle decides which are), each kind with some.
func randomKinds(b *battle.Battle, side maps.Side) []candidates {
	var mine, enemies []*battle.Unit
	var enemyHexes []board.Hex
	seen := map[board.Hex]bool{}
	for _, u := range b.Units() {
		switch {
		case !u.OnMap():
		case u.Side == side:
			mine = append(mine, u)
		case u.Dummy(): // nothing to fire at
		default:
			enemies = append(enemies, u)
			if !seen[u.Pose.Hex] {
				seen[u.Pose.Hex] = true
				enemyHexes = append(enemyHexes, u.Pose.Hex)
			}
		}
	}
	none := listed(nil) // the kinds of other phases
	fire, smoke, place, move, overrun, advance := none, none, none, none, none, none
	var load, unload []battle.Order
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		fire = each(len(mine), len(enemies), func(a, e int) battle.Order {
			return battle.Fire{Unit: mine[a].ID, Target: enemies[e].ID}
		})
		if b.Phase() == battle.FirePhase {
			smoke = randomSmoke(b, side, mine)
		}
	case battle.Movement:
		place = each(len(mine), 7, func(a, k int) battle.Order {
			h := mine[a].Pose.Hex
			if k > 0 {
				h = h.Neighbor(board.Direction(k - 1))
			}
			return battle.PlaceSmoke{Unit: mine[a].ID, Hex: h}
		})
		overrun = randomOverruns(b, mine)
		move = randomMoves(b, mine)
	case battle.AdvancePhase:
		advance = each(len(mine), 6, func(a, d int) battle.Order {
			return battle.Advance{Unit: mine[a].ID, To: mine[a].Pose.Hex.Neighbor(board.Direction(d))}
		})
	}
	turn := each(len(mine), 2, func(a, k int) battle.Order {
		return battle.Turn{Unit: mine[a].ID, Facing: mine[a].Pose.Facing.Rotate(1 - 2*k)}
	})
	for _, u := range mine {
		if u.Carrier != 0 {
			unload = append(unload, battle.Unload{Unit: u.ID})
		}
		for _, c := range mine {
			rides := u.Type.Kind.Infantry() && !c.Type.Kind.Infantry()
			if c.ID != u.ID && c.Pose.Hex == u.Pose.Hex && (rides || u.Type.Kind == units.Gun && c.Type.Tows) {
				load = append(load, battle.Load{Unit: u.ID, Carrier: c.ID})
			}
		}
	}
	kinds := []candidates{fire, smoke, place, move, overrun, advance, turn, listed(load), listed(unload),
		listed(randomArrivals(b, side)), listed(randomCalls(b, side, enemyHexes))}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		kinds = append(kinds, randomAP(b, side, enemyHexes))
		if len(b.DeclaredShots()) > 0 {
			kinds = append(kinds, listed([]battle.Order{battle.Resolve{}}))
		}
	case battle.AdvancePhase:
		kinds = append(kinds, listed(randomAssaults(b, mine, enemyHexes)))
		if combat.VehicleAssaultOf(b.Rules()) != nil {
			kinds = append(kinds, listed(randomVehicleAssaults(mine, enemies)))
		}
	}
	return slices.DeleteFunc(kinds, func(k candidates) bool { return k.empty() })
}

// randomSmoke lists the smoke rounds the side's units might fire, each
// unit's at every hex of the map in turn: those of its vehicles and
// mortars that have not fired, while the side has the smoke factors.
func randomSmoke(b *battle.Battle, side maps.Side, mine []*battle.Unit) candidates {
	var firers []*battle.Unit
	for _, u := range mine {
		if (!u.Type.Kind.Infantry() || firesMortar(b, u)) && !u.Has(battle.Fired) && b.SmokeSupply(side) >= 2 {
			firers = append(firers, u)
		}
	}
	if len(firers) == 0 {
		return listed(nil)
	}
	hexes := slices.Collect(b.Board().Hexes())
	return each(len(firers), len(hexes), func(a, h int) battle.Order {
		return battle.FireSmoke{Unit: firers[a].ID, Hex: hexes[h]}
	})
}

// randomMoves lists the moves of the units mine that may move: each
// unit's to every pose it may end in (board.Reach.Moves), by its cheapest
// path, in the order of mine. A unit's moves are counted only when they
// are needed (blocks); a unit's reach is worked out again when one of its
// moves is made, and kept until one of another unit's is.
func randomMoves(b *battle.Battle, mine []*battle.Unit) candidates {
	reachOf := func(u *battle.Unit) *board.Reach {
		return b.Board().Reachable(b.MoveSpec(u), u.Pose, b.Occupancy(u))
	}
	bs := &blocks{n: len(mine), size: func(a int) int {
		if b.CheckMove(mine[a]) != nil {
			return 0
		}
		return len(reachOf(mine[a]).Moves())
	}}
	cached := -1
	var reach *board.Reach
	var moves []board.Pose
	return bs.candidates(func(a, j int) battle.Order {
		if a != cached {
			cached, reach = a, reachOf(mine[a])
			moves = reach.Moves()
		}
		path, _ := reach.PosesTo(moves[j])
		return battle.Move{Unit: mine[a].ID, Path: path}
	})
}

// randomOverruns lists the overruns of the units mine (Battle.Overruns),
// unit by unit in the order of mine, each unit's worked out only when they
// are needed (blocks).
func randomOverruns(b *battle.Battle, mine []*battle.Unit) candidates {
	overruns := make([][]battle.Overrun, len(mine))
	bs := &blocks{n: len(mine), size: func(a int) int {
		overruns[a] = b.Overruns(mine[a])
		return len(overruns[a])
	}}
	return bs.candidates(func(a, j int) battle.Order { return overruns[a][j] })
}

// randomCalls lists the off-board missions the side might call on the
// enemy's hexes, each artillery mission through the first unit that may
// spot there, and as a smoke barrage too while the side has the smoke
// factors (none when the side has no mission left, so battles without
// support draw as before).
func randomCalls(b *battle.Battle, side maps.Side, targets []board.Hex) []battle.Order {
	if !b.TransferOpen() {
		return nil
	}
	var out []battle.Order
	for _, m := range b.SupportLeft(side) {
		for _, h := range targets {
			o := battle.CallFire{Kind: m.Kind, Target: h}
			if m.Kind.Artillery() {
				s := b.SpotterFor(side, h)
				if s == nil {
					continue
				}
				o.Spotter = s.ID
				if b.SmokeSupply(side) >= 2 {
					smoke := o
					smoke.Smoke = true
					out = append(out, smoke)
				}
			}
			out = append(out, o)
		}
	}
	return out
}

// randomVehicleAssaults lists the close assaults of one enemy vehicle by
// one infantry unit in or next to its hex (the battle decides which are
// legal).
func randomVehicleAssaults(mine, enemies []*battle.Unit) []battle.Order {
	var os []battle.Order
	for _, u := range mine {
		for _, e := range enemies {
			if u.Type.Kind.Infantry() && !e.Type.Kind.Infantry() && u.Pose.Hex.Distance(e.Pose.Hex) <= 1 {
				os = append(os, battle.AssaultVehicle{Unit: u.ID, Target: e.ID})
			}
		}
	}
	return os
}

func neighbours(h board.Hex) []board.Hex {
	ns := make([]board.Hex, 6)
	for d := range board.Direction(6) {
		ns[d] = h.Neighbor(d)
	}
	return ns
}

// groupsOf returns the units of the side in each hex, in ID order.
func groupsOf(b *battle.Battle, side maps.Side) [][]*battle.Unit {
	var gs [][]*battle.Unit
	at := map[board.Hex]int{}
	for _, u := range b.Units() {
		if !u.OnMap() || u.Side != side {
			continue
		}
		i, ok := at[u.Pose.Hex]
		if !ok {
			i = len(gs)
			at[u.Pose.Hex] = i
			gs = append(gs, nil)
		}
		gs[i] = append(gs[i], u)
	}
	return gs
}

// maxGroup is the most units of one hex whose every subset Random lists
// as a fire or assault group (2^6 subsets); from bigger hexes it lists the
// single units and the whole hex. Our choice, to bound the work.
const maxGroup = 6

// subsets returns the non-empty subsets of us (see maxGroup).
func subsets(us []*battle.Unit) [][]battle.UnitID {
	ids := make([]battle.UnitID, len(us))
	for i, u := range us {
		ids[i] = u.ID
	}
	if len(ids) > maxGroup {
		out := [][]battle.UnitID{ids}
		for _, id := range ids {
			out = append(out, []battle.UnitID{id})
		}
		return out
	}
	var out [][]battle.UnitID
	for mask := 1; mask < 1<<len(ids); mask++ {
		var s []battle.UnitID
		for i, id := range ids {
			if mask&(1<<i) != 0 {
				s = append(s, id)
			}
		}
		out = append(out, s)
	}
	return out
}

// randomAP lists the AP attacks the side might make on the target hexes:
// every subset of every hex's units, without or with each leader of the
// hex directing (not also listed as a member), with and without grenades;
// at a moving enemy, also laying each pattern of fire lane (rules 13.9).
// Each subset with its leader is a block of orders: for each target, the
// attacks with each number of grenades, then the lanes.
func randomAP(b *battle.Battle, side maps.Side, targets []board.Hex) candidates {
	type block struct {
		units    []battle.UnitID
		leader   battle.UnitID
		grenades int // the attacks of a target without lanes
	}
	lanes := []battle.LanePattern{battle.LaneStraight, battle.LaneStaggerLeft, battle.LaneStaggerRight}
	var list []block
	perTarget := func(k block) int {
		if b.Moving() != nil && k.leader == 0 {
			return k.grenades + len(lanes)
		}
		return k.grenades
	}
	for _, g := range groupsOf(b, side) {
		leaders := []battle.UnitID{0}
		for _, u := range g {
			if u.Type.Kind == units.Leader {
				leaders = append(leaders, u.ID)
			}
		}
		for _, s := range subsets(g) {
			for _, l := range leaders {
				if l != 0 && slices.Contains(s, l) {
					continue
				}
				k := block{units: s, leader: l, grenades: max(b.GrenadeLimit(side, append(slices.Clone(s), l)...)+1, 0)}
				list = append(list, k)
			}
		}
	}
	bs := &blocks{n: len(list), size: func(a int) int { return len(targets) * perTarget(list[a]) }}
	return bs.candidates(func(a, j int) battle.Order {
		k := list[a]
		h, gr := targets[j/perTarget(k)], j%perTarget(k)
		if gr < k.grenades {
			return battle.FireAP{Units: k.units, Target: h, Leader: k.leader, Grenades: gr}
		}
		return battle.FireAP{Units: k.units, Target: h, Lane: lanes[gr-k.grenades]}
	})
}

// randomAssaults lists the close assaults the side might make: every
// subset of every hex's units on every adjacent enemy hex, with and
// without grenades.
func randomAssaults(b *battle.Battle, mine []*battle.Unit, enemyHexes []board.Hex) []battle.Order {
	var out []battle.Order
	if len(mine) == 0 {
		return nil
	}
	for _, g := range groupsOf(b, mine[0].Side) {
		for _, h := range enemyHexes {
			if g[0].Pose.Hex.Distance(h) != 1 {
				continue
			}
			for _, s := range subsets(g) {
				for gr := range b.GrenadeLimit(g[0].Side, s...) + 1 {
					out = append(out, battle.Assault{Units: s, Target: h, Grenades: gr})
				}
			}
		}
	}
	return out
}

// Greedy is the simple baseline: each unit fires at the nearest enemy it
// may legally attack, AT when it may fire AT at a unit there, otherwise
// AP at its hex (alone); otherwise it drives toward the nearest objective
// (the hexes either side must hold) or the nearest enemy, ending facing
// it. It fires at every moving enemy it can, AT or AP. The zero value is
// ready to use; it keeps only caches of pure computations.
type Greedy struct {
	memo memo
}

// Next returns the greedy order for the side of view v, which acts.
func (g *Greedy) Next(view *battle.View) (battle.Order, string) {
	b, why, ok := actingView(view)
	if !ok {
		return battle.EndPhase{}, "greedy: " + why
	}
	side := view.Side
	if o, why, ok := goOnAfterFire(b, nil); ok {
		return o, "greedy: " + why
	}
	if m := b.Moving(); m != nil {
		if fs := b.OpportunityFirers(); len(fs) > 0 {
			o, _ := b.OpportunityFire(fs[0])
			return o, "greedy: fire at the moving enemy"
		}
		if fs := b.OpportunityAPFirers(); len(fs) > 0 {
			return battle.FireAP{Units: []battle.UnitID{fs[0].ID}, Target: m.Pose.Hex}, "greedy: fire AP at the moving enemy"
		}
		if b.CanSnipe(side) == nil {
			return battle.Snipe{}, "greedy: the sniper fires at the moving enemy"
		}
		return battle.Pass{}, "greedy: no shot at the moving enemy"
	}
	v := &decision{view: newView(b, &g.memo, side)}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		for _, u := range v.mine {
			if o, text, ok := greedyShot(v, u); ok {
				return o, text
			}
		}
	case battle.Movement:
		if o, why, ok := v.arrivalOrExit(); ok {
			return o, "greedy: " + why
		}
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

// greedyShot is u's attack on the nearest enemy it may legally attack: AT
// at a unit there if it may, otherwise AP at the hex.
func greedyShot(v *decision, u *battle.Unit) (battle.Order, string, bool) {
	enemies := slices.Clone(v.enemies)
	slices.SortStableFunc(enemies, func(a, c *battle.Unit) int {
		return u.Pose.Hex.Distance(a.Pose.Hex) - u.Pose.Hex.Distance(c.Pose.Hex)
	})
	for _, e := range enemies {
		if o := (battle.Fire{Unit: u.ID, Target: e.ID}); v.b.Check(o) == nil {
			return o, fmt.Sprintf("greedy: %s fires at the nearest target, %s", u.Label(), e.Label()), true
		}
		if o := (battle.FireAP{Units: []battle.UnitID{u.ID}, Target: e.Pose.Hex}); v.b.Check(o) == nil {
			return o, fmt.Sprintf("greedy: %s fires AP at the nearest target, %s", u.Label(), v.b.Board().Label(e.Pose.Hex)), true
		}
	}
	return nil, "", false
}

// greedyMove drives u to the reachable hex nearest its goals, facing the
// nearest enemy.
func greedyMove(v *decision, u *battle.Unit) ([]board.Pose, bool) {
	goals := v.exitHexes()
	if len(goals) == 0 {
		_, goals = v.holdHexes()
	}
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
	path, ok := reach.PosesTo(p)
	if !ok || len(path) == 0 {
		return nil, false
	}
	return path, true
}
