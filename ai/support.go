package ai

import (
	"fmt"
	"slices"

	"hexfire/battle"
	"hexfire/board"
)

// missionThreshold is the least expected effect, in kills, for which the
// opponent calls one of its off-board missions (rules 21): our own
// choice, higher than a unit's fireThreshold, since a side has few
// missions and each is gone once called (21.8).
const missionThreshold = 0.3

// scatterReach is the farthest an artillery mission may land from its
// target (rules 21.4: two hexes); the opponent calls none where its own
// units are within it.
const scatterReach = 2

// callSupport is the opponent's use of its off-board missions in the
// Command phase: the mission and enemy hex whose strike is worth most, by
// the engine's odds times the chance it lands there (PlanSupport), when
// that is at least missionThreshold and no unit of its own stands where
// the mission might scatter. It offers only orders the engine accepts.
func (d *decision) callSupport() (battle.Order, string, bool) {
	if !d.b.TransferOpen() {
		return nil, "", false
	}
	left := d.b.SupportLeft(d.side)
	if len(left) == 0 {
		return nil, "", false
	}
	var hexes []board.Hex
	for _, e := range d.enemies {
		if !slices.Contains(hexes, e.Pose.Hex) {
			hexes = append(hexes, e.Pose.Hex)
		}
	}
	var best battle.CallFire
	bestEV, text := 0.0, ""
	for _, m := range left {
		for _, h := range hexes {
			o := battle.CallFire{Kind: m.Kind, Target: h}
			if m.Kind.Artillery() {
				if anyWithin(d.mine, h, scatterReach) {
					continue
				}
				s := d.b.SpotterFor(d.side, h)
				if s == nil {
					continue
				}
				o.Spotter = s.ID
			}
			p, err := d.b.PlanSupport(o)
			if err != nil {
				continue
			}
			ev := float64(p.OnTarget) / 6 * d.strikeWorth(p.Strike)
			if ev > bestEV {
				best, bestEV = o, ev
				text = fmt.Sprintf("the %s call a %s on %s: lands there %d in 6", d.side, m.Kind.Noun(), d.b.Board().Label(h), p.OnTarget)
				if p.Spotter != nil {
					text += ", spotted by " + p.Spotter.Label()
				}
			}
		}
	}
	if bestEV < missionThreshold {
		return nil, "", false
	}
	return best, fmt.Sprintf("%s; expected effect %.2f", text, bestEV), true
}

// strikeWorth is the expected worth of a mission's strike on a hex, should
// it land there: its AP attack's fates and its AFVs' rolls.
func (v *view) strikeWorth(st battle.Strike) float64 {
	ev := 0.0
	for _, e := range st.Odds.Fates {
		pr := e.Probability(st.Odds.Total)
		for i, f := range e.Fates {
			ev += pr * v.fateWorth(f, st.Defenders[i])
		}
	}
	return ev + v.vehicleStrikeWorth(st.VehicleStrike)
}

// vehicleStrikeWorth is the expected worth of rounds falling on each
// vehicle of a hex: its chance to be destroyed or immobilized, from the
// engine's exact odds.
func (v *view) vehicleStrikeWorth(vs battle.VehicleStrike) float64 {
	ev := 0.0
	for i, u := range vs.Vehicles {
		sum := vs.ShotOdds[i].Summary(v.b.States())
		ev += v.effect(shotChances{destroy: sum.P(sum.Destroy), immobilize: sum.P(sum.Immobilize)}, u)
	}
	return ev
}

// indirectFire reports whether group g may attack hex h, which its lead
// does not see, with mortars alone through a spotter (rules 12.62).
func (d *decision) indirectFire(g fireGroup, h board.Hex) bool {
	return len(mortarsOf(d.b, g)) > 0 && d.b.SpotterFor(d.side, h) != nil
}

// firesMortar reports whether u carries a mortar it may fire (a smoke
// round among them, rules 12.66).
func firesMortar(b *battle.Battle, u *battle.Unit) bool {
	w := b.CarriedWeapon(u)
	return w != nil && w.Mortar && u.WeaponLost == ""
}

// mortarsOf returns the members of g that carry a mortar they may fire.
func mortarsOf(b *battle.Battle, g fireGroup) []battle.UnitID {
	var ids []battle.UnitID
	for _, m := range g.members {
		if firesMortar(b, m) {
			ids = append(ids, m.ID)
		}
	}
	return ids
}
