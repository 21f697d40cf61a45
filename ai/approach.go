package ai

import (
	"cmp"
	"slices"
	"strconv"

	"hexfire/battle"
	"hexfire/board"
)

// Weights of covering the approaches; our own choices, as those of eval.go.
const (
	// approachWorth is what a position overlooking every hex of the
	// enemy's routes to its goals is worth against a kill; a position
	// overlooking part of them is worth that part. Small beside a real
	// shot or a real danger: it only chooses among positions that neither
	// shoot nor are shot at yet.
	approachWorth = 0.2
	// approachHexes is how many hexes of the enemy's routes, those most
	// routes pass through, a position is scored against.
	approachHexes = 48
	// routeSteps bounds the route traced from one enemy unit.
	routeSteps = 200
)

// approaches are the hexes the enemy must cross to reach its goals, each
// with how many enemy units' routes pass through it.
type approaches struct {
	hexes  []board.Hex
	weight []float64
	total  float64
	cover  map[coverKey]float64 // coverage memoised per reach and hex
}

type coverKey struct {
	reach int
	hex   board.Hex
}

// enemyGoals returns the hexes the enemy must reach to win: the hexes its
// victory says it must hold, else the edge its exit clause names (every
// edge when it names none); nil when it wins only by destroying.
func (d *decision) enemyGoals() []board.Hex {
	vc, ok := d.victory()
	if !ok {
		return nil
	}
	enemy := battle.Opponent(d.side)
	if hs := vc.Hold[enemy]; len(hs) > 0 {
		return hs
	}
	g, ok := vc.Exit[enemy]
	if !ok {
		return nil
	}
	return d.edgeHexes(g)
}

// routes traces, for every enemy unit that can move, its cheapest route
// to the enemy's goals (down the board's cost field from the goals, the
// movement search's costs, the first of equal neighbours in direction
// order) and keeps the approachHexes hexes most routes cross (the units'
// own hexes left out: covering those is shooting, which attackFrom
// weighs). Memoised while the acting side, the smoke and the enemy's
// positions stay the same, and read once per decision.
func (d *decision) routes() *approaches {
	if d.approach != nil {
		return d.approach
	}
	// The key names every enemy's place: built with strconv, as asked once
	// a decision with a hundred enemies and more on a big map.
	key := []byte(string(d.side) + "|" + d.m.smoke + "|")
	for _, e := range d.enemies {
		for _, n := range []int{int(e.ID), e.Pose.Hex.Q, e.Pose.Hex.R} {
			key = append(strconv.AppendInt(key, int64(n), 10), ',')
		}
		key = append(strconv.AppendBool(key, e.Has(battle.Immobile)), ';')
	}
	if d.m.approach == nil || d.m.approachKey != string(key) {
		d.m.approach, d.m.approachKey = d.traceRoutes(), string(key)
	}
	d.approach = d.m.approach
	return d.approach
}

func (d *decision) traceRoutes() *approaches {
	a := &approaches{cover: map[coverKey]float64{}}
	goals := d.enemyGoals()
	if len(goals) == 0 {
		return a
	}
	count := map[board.Hex]float64{}
	bd := d.b.Board()
	for _, e := range d.enemies {
		if e.Has(battle.Immobile) {
			continue
		}
		field := d.field(d.b.MoveSpec(e).Kind.Mover(), goals)
		h := e.Pose.Hex
		for range routeSteps {
			here := d.distance(field, h)
			if here == 0 || here >= 1e4 {
				break
			}
			next, nextD := h, here
			for dir := range board.Direction(6) {
				n := h.Neighbor(dir)
				if !bd.Contains(n) {
					continue
				}
				if dn := d.distance(field, n); dn < nextD {
					next, nextD = n, dn
				}
			}
			if next == h {
				break
			}
			h = next
			count[h]++
		}
	}
	for h := range count {
		a.hexes = append(a.hexes, h)
	}
	slices.SortFunc(a.hexes, func(x, y board.Hex) int {
		if c := cmp.Compare(count[y], count[x]); c != 0 {
			return c
		}
		if c := cmp.Compare(x.R, y.R); c != 0 {
			return c
		}
		return cmp.Compare(x.Q, y.Q)
	})
	if len(a.hexes) > approachHexes {
		a.hexes = a.hexes[:approachHexes]
	}
	for _, h := range a.hexes {
		a.weight = append(a.weight, count[h])
		a.total += count[h]
	}
	return a
}

// coverValue of approaches is what u standing in hex h is worth for the
// enemy's routes it overlooks: approachWorth times the share of the route
// hexes (by how many routes cross them) within reach of its weapons and
// in its line of sight. So a defender waits where the attacker must come
// into its fire, before any enemy is in sight.
func (d *decision) approachValue(u *battle.Unit, h board.Hex) float64 {
	a := d.routes()
	if a.total == 0 {
		return 0
	}
	reach := d.apReach(u)
	if w := d.weapon(u); w.ok {
		reach = max(reach, w.reach)
	}
	if reach == 0 {
		return 0
	}
	k := coverKey{reach, h}
	if v, ok := a.cover[k]; ok {
		return v
	}
	seen := 0.0
	for i, r := range a.hexes {
		if r != h && h.Distance(r) <= reach && d.los(h, r).Visible {
			seen += a.weight[i]
		}
	}
	v := approachWorth * seen / a.total
	a.cover[k] = v
	return v
}
