package battle

import (
	"errors"
	"maps"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	hmaps "hexfire/maps"
	"hexfire/units"
)

// knownBy returns the battle as side knows it (View.Known): a copy made
// only of what the side may know, so that any question asked of it (the
// odds of a shot, whether an order would be accepted, where a unit may
// move) is answered from the side's knowledge and cannot tell anything
// else. In it
//
//   - the side's own units, pools, declared shots and pending allocation
//     are as they are;
//   - an enemy unit the side has spotted stands where it is, with what a
//     watcher sees of it (type, facing, markers, states, a lost weapon, its
//     latest move); what cannot be seen is what its type would have (troop
//     quality, support weapon), or nothing (engineers, counted rounds,
//     script, the placement's properties, its memory of its own shots);
//   - an enemy unit the side saw eliminated or leave by an edge is kept so,
//     off the map, so that the side counts the loss (Eliminated, Exited);
//   - every other enemy unit is a blank slot that is nowhere (Unit returns
//     nil for it, as for an ID no unit has), and the hexes of the side's
//     contacts count as holding an enemy the side knows of, for the orders
//     aimed at a hex (AP fire, a hex assault);
//   - the enemy's pools, snipers, off-board support, declared shots and
//     the rest of a paused move are unknown (none), and so are the enemy's
//     placements in the scenario and their map properties;
//   - the only knowledge is the side's own of the enemy units it keeps.
//
// It takes no orders (Apply refuses them), rolls no dice and has neither
// the seed nor the orders given so far and their reasons, but for the
// orders of the phase in play the side gave (PhaseOrders); nor, under
// fog, the enemy's trails and who of it fired. In a battle without fog,
// or once it is over, the side knows every unit, and the copy holds the
// whole battle's state but those (PhaseOrders: every order of the phase).
func (b *Battle) knownBy(side hmaps.Side, open bool) *Battle {
	c := b.clone()
	c.knownTo = side
	c.config.Seed, c.config.Dice = 0, nil // the dice to come are nobody's to know
	c.why = nil
	c.history = b.history.of(func(id UnitID) bool { return open || b.Unit(id).Side == side },
		func(by hmaps.Side) bool { return open || by == side })
	if open {
		c.knownUnits = c.units
		return c
	}
	enemy := Opponent(side)
	kept := make([]bool, len(c.units))    // the units the copy has
	spotted := make([]bool, len(c.units)) // the enemy units among them
	for i, u := range c.units {
		k := b.Knowledge(side, b.units[i])
		switch {
		case u.Side == side:
			kept[i] = true
		case k.Known == Spotted && u.OnMap():
			kept[i], spotted[i] = true, true
			*u = seenAs(u)
		case k.Gone:
			// Seen eliminated or leaving: the side counts the loss.
			kept[i] = true
			eliminated, offMap, exited := u.Eliminated, u.offMap, u.exited
			*u = seenAs(u)
			u.Eliminated, u.offMap, u.exited = eliminated, offMap, exited
		default:
			*u = Unit{ID: u.ID, Side: u.Side, Name: unknownType.Name, Type: unknownType, offMap: unknownSlot}
		}
	}
	c.intel = b.intel.keptBy(spotted)
	for i, u := range c.units {
		if kept[i] {
			c.knownUnits = append(c.knownUnits, u)
		}
	}
	for _, s := range b.units {
		if k := b.Knowledge(side, s); s.Side == enemy && k.Known == Contact && s.OnMap() {
			if c.contactHexes == nil {
				c.contactHexes = map[board.Hex]bool{}
			}
			c.contactHexes[s.Pose.Hex] = true
		}
	}
	c.scenario = scenarioOf(b.scenario, side)
	delete(c.supply, enemy)
	delete(c.panzerfausts, enemy)
	delete(c.grenades, enemy)
	delete(c.snipers, enemy)
	delete(c.support, enemy)
	c.declared = slices.DeleteFunc(c.declared, func(d declaredShot) bool { return b.Unit(d.Order.Unit).Side != side })
	c.lanes = slices.DeleteFunc(c.lanes, func(l FireLane) bool { return l.Side != side && !kept[l.Firer-1] })
	c.fireGroups = slices.DeleteFunc(c.fireGroups, func(g hexPair) bool { return !c.holdsKnown(g.From) })
	c.held = slices.DeleteFunc(c.held, func(h heldAttack) bool { return !kept[h.Firer-1] || !kept[h.Target-1] })
	if p := c.pending; p != nil && b.Unit(p.Unit).Side != side {
		// Opportunity fire is offered only at a mover the side has spotted;
		// where it goes on to is the enemy's secret. The stack's lead may
		// be unseen while a unit with it is spotted: that one leads the
		// move the side sees, and a move it sees none of is none.
		q := *p
		movers := slices.DeleteFunc(append([]UnitID{p.Unit}, p.With...), func(id UnitID) bool { return !kept[id-1] })
		q.Rest, q.Cost, q.Overrun = nil, 0, nil
		c.pending = nil
		if len(movers) > 0 {
			q.Unit, q.With = movers[0], movers[1:]
			c.pending = &q
		}
	}
	if a := c.allocation; a != nil {
		q := *a
		q.Firers = slices.DeleteFunc(slices.Clone(a.Firers), func(id UnitID) bool { return !kept[id-1] })
		c.allocation = &q
	}
	return c
}

// unknownSlot is where a known battle (knownBy) keeps an enemy unit its
// side does not know: nowhere.
const unknownSlot offMapState = 255

// unknownType is the type of the blank slots of a known battle.
var unknownType = &units.Type{Name: "unknown"}

// errKnownBattle refuses an order given to a side's known battle.
var errKnownBattle = errors.New("battle: a side's known battle (View.Known) takes no orders: give them to the battle")

// seenAs is enemy unit u as a watcher sees it.
func seenAs(u *Unit) Unit {
	return Unit{ID: u.ID, Name: u.Name, Type: u.Type, Side: u.Side, Pose: u.Pose, Markers: u.Markers,
		SupportWeapon: u.Type.Weapon, Quality: combat.QualityOf(u.Type), WeaponSpent: u.WeaponSpent, WeaponLost: u.WeaponLost,
		States: u.States, MovedFrom: u.MovedFrom, LastMove: u.LastMove,
		Placement: hmaps.Placement{ID: u.Placement.ID, Type: u.Placement.Type, Side: u.Side}}
}

// holdsKnown reports whether hex h holds a unit of the known battle.
func (b *Battle) holdsKnown(h board.Hex) bool { return len(b.UnitsAt(h)) > 0 }

// scenarioOf is sc as side knows it: its own placements only, and none of
// the enemy's map properties (its pools, sniper and support).
func scenarioOf(sc *hmaps.Scenario, side hmaps.Side) *hmaps.Scenario {
	c := *sc
	c.Units = slices.DeleteFunc(slices.Clone(sc.Units), func(p hmaps.Placement) bool { return p.Side != side })
	enemy := string(Opponent(side))
	c.Properties = maps.Clone(sc.Properties)
	for _, name := range []string{"panzerfausts_", "grenades_", "smoke_", "sniper_", "support_"} {
		delete(c.Properties, name+enemy)
	}
	c.Support = maps.Clone(sc.Support)
	delete(c.Support, Opponent(side))
	return &c
}

// keptBy is the knowledge a known battle keeps (knownBy): for each enemy
// unit the side has spotted, its sighting and whether it was spotted when
// its latest move began; nothing of the other units, nor of the enemy's
// knowledge, nor of who sees whom (SeenBy is the View's).
func (in *intel) keptBy(spotted []bool) *intel {
	if in == nil {
		return nil
	}
	c := &intel{n: in.n, seen: make([]Sighting, in.n), unseenAtMove: make([]bool, in.n), glimpse: make([]int32, in.n)}
	for t := range in.n {
		if spotted[t] {
			c.seen[t] = in.seen[t]
			c.unseenAtMove[t] = in.unseenAtMove[t]
		}
	}
	return c
}

// of is the history of the units keep returns true for, with the orders
// of the phase in play given by a side mine returns true for.
func (h history) of(keep func(UnitID) bool, mine func(hmaps.Side) bool) history {
	c := history{fired: map[UnitID]bool{}, trails: map[UnitID][]board.Hex{}}
	for _, p := range h.phase {
		if mine(p.by) {
			c.phase = append(c.phase, p)
		}
	}
	for id, f := range h.fired {
		if keep(id) {
			c.fired[id] = f
		}
	}
	for id, t := range h.trails {
		if keep(id) {
			c.trails[id] = slices.Clone(t)
		}
	}
	return c
}
