package battle

import (
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// State is one of the ruleset's states on a unit (combat.StateSpec): its
// counters (1 for an on/off state) and, for a state that lasts one phase,
// whether that phase has begun.
type State struct {
	N     int
	Armed bool `json:",omitempty"`
	// Foe is the unit a state that Engages must fire at: the firer of the
	// attack that put it on.
	Foe UnitID `json:",omitempty"`
}

// StateCount returns the counters of the ruleset's state name on u, 0 when
// it has none.
func (u *Unit) StateCount(name string) int { return u.States[name].N }

// StateNames returns the names of the states u carries, sorted.
func (u *Unit) StateNames() []string {
	names := make([]string, 0, len(u.States))
	for n := range u.States {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// StateSet is u's states as a shot sees them.
func (u *Unit) StateSet() combat.StateSet {
	if len(u.States) == 0 {
		return ""
	}
	counts := make(map[string]int, len(u.States))
	for n, s := range u.States {
		counts[n] = s.N
	}
	return combat.StatesOf(counts)
}

// States returns the states the battle's ruleset declares.
func (b *Battle) States() []combat.StateSpec { return b.states }

// forbidden returns the first state of u that forbids what f names, or
// false.
func (b *Battle) forbidden(u *Unit, f combat.Forbids) (combat.StateSpec, bool) {
	for _, name := range u.StateNames() {
		if spec, ok := combat.FindState(b.states, name); ok && spec.Forbids&f == f {
			return spec, true
		}
	}
	return combat.StateSpec{}, false
}

// checkForbidden refuses an action of u that one of its states forbids.
func (b *Battle) checkForbidden(u *Unit, f combat.Forbids, what string) error {
	if spec, ok := b.forbidden(u, f); ok {
		return fmt.Errorf("%s is %s and may not %s", u.Label(), spec.Name, what)
	}
	return nil
}

// attack is who an attack's effects fall on.
type attack struct {
	firer  *Unit
	target *Unit
	// group is every unit that took part in the attack with the firer (a
	// directing leader): a valor check falls on all of them.
	group []*Unit
	// panzerfaust: the weapon came from the side's pool.
	panzerfaust bool
	// second is the second vehicle of a volley (combat.OnSecond), or nil.
	second *Unit
}

// heldAttack is an attack rolled at once whose effects wait for the end
// of the phase, in a ruleset that fires simultaneously, as saves before
// version 4 played it (Battle.rollsAtOnce).
type heldAttack struct {
	Firer, Target UnitID
	Group         []UnitID `json:",omitempty"`
	Panzerfaust   bool     `json:",omitempty"`
	Second        UnitID   `json:",omitempty"`
	Effects       []combat.Effect
}

// hold keeps an attack's effects for the end of the phase.
func (b *Battle) hold(a attack, effects []combat.Effect) {
	h := heldAttack{Firer: a.firer.ID, Target: a.target.ID, Panzerfaust: a.panzerfaust, Effects: effects}
	if a.second != nil {
		h.Second = a.second.ID
	}
	for _, u := range a.group {
		h.Group = append(h.Group, u.ID)
	}
	b.held = append(b.held, h)
}

// landHeld applies the held attacks of the phase, in the order they were
// fired.
func (b *Battle) landHeld() []Event {
	var events []Event
	for _, h := range b.held {
		a := attack{firer: b.Unit(h.Firer), target: b.Unit(h.Target), panzerfaust: h.Panzerfaust, second: b.Unit(h.Second)}
		for _, id := range h.Group {
			a.group = append(a.group, b.Unit(id))
		}
		events = append(events, b.applyEffects(a, h.Effects)...)
	}
	b.held = nil
	return events
}

// applyEffects carries out a ruleset's effects in order and returns the
// events they make.
func (b *Battle) applyEffects(a attack, effects []combat.Effect) []Event {
	var events []Event
	for _, e := range effects {
		if e.Kind == combat.InfantryHits {
			// one attack on all the role's infantry, as AP fire on a hex
			events = append(events, b.infantryHits(a, b.effectUnits(a, e.On), e)...)
			continue
		}
		for _, u := range b.effectUnits(a, e.On) {
			events = append(events, b.applyEffect(a, u, e)...)
		}
	}
	return events
}

// effectUnits returns the units a role names, still in the battle.
func (b *Battle) effectUnits(a attack, on combat.Role) []*Unit {
	var us []*Unit
	switch on {
	case combat.OnTarget:
		us = []*Unit{a.target}
	case combat.OnFirer:
		us = append([]*Unit{a.firer}, a.group...)
	case combat.OnPassengers:
		us = b.Passengers(a.target.ID)
	case combat.OnHex:
		for _, u := range b.UnitsAt(a.target.Pose.Hex) {
			if u.ID != a.target.ID {
				us = append(us, u)
			}
		}
	case combat.OnFirerHex:
		us = b.UnitsAt(a.firer.Pose.Hex)
	case combat.OnSecond:
		if a.second != nil {
			us = []*Unit{a.second}
		}
	}
	return slices.DeleteFunc(us, func(u *Unit) bool { return !u.Active() })
}

// applyEffect carries out one effect on u.
func (b *Battle) applyEffect(a attack, u *Unit, e combat.Effect) []Event {
	switch e.Kind {
	case combat.Eliminated:
		return b.eliminate(u, "eliminated")
	case combat.Abandoned:
		return b.abandon(u)
	case combat.Immobilized:
		u.Markers |= Immobile
		return []Event{{Kind: UnitImmobilized, Unit: u.ID, Hex: u.Pose.Hex, Text: u.Label() + " is immobilized"}}
	case combat.Pinned:
		return b.pin(u)
	case combat.AddState:
		events := b.addState(u, e.State, max(e.N, 1))
		if spec, _ := combat.FindState(b.states, e.State); spec.Engages {
			s := u.States[e.State]
			s.Foe = a.firer.ID
			u.States[e.State] = s
		}
		return events
	case combat.WeaponSpent:
		if u != a.firer {
			return nil
		}
		switch {
		case a.panzerfaust:
			b.panzerfausts[u.Side]--
			u.PoolFired++
		case u.Rounds > 1:
			u.Rounds--
		default:
			u.Rounds, u.WeaponSpent = 0, true
		}
		return nil
	case combat.WeaponBroken, combat.WeaponRemoved:
		if u != a.firer {
			return nil
		}
		return b.loseWeapon(u, e.Kind)
	case combat.WeaponRepaired:
		if u != a.firer || u.WeaponLost == "" {
			return nil
		}
		u.WeaponLost = ""
		return []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, State: "weapon repaired",
			Text: u.Label() + ": its weapon is repaired"}}
	case combat.Casualty:
		return b.reduce(u)
	case combat.Reverse:
		return b.reverse(u, a.firer.Pose.Hex, e.N)
	case combat.DriveOn:
		return b.driveOn(u)
	case combat.Dismount:
		return b.dismount(u)
	case combat.ValorCheck:
		return b.valorChecks([]*Unit{u})
	}
	return nil
}

// addState adds n counters of a ruleset state to u.
func (b *Battle) addState(u *Unit, name string, n int) []Event {
	spec, _ := combat.FindState(b.states, name)
	if u.States == nil {
		u.States = map[string]State{}
	}
	s := u.States[name]
	if spec.Counter {
		s.N += n
	} else {
		s.N = 1
	}
	s.Armed = false
	u.States[name] = s
	text := u.Label() + " is " + name
	if spec.Counter {
		text = fmt.Sprintf("%s takes %d %s (%d in all)", u.Label(), n, name, s.N)
	}
	return []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, State: name, Text: text}}
}

// expireStates removes the timed states that end as a phase begins: a state
// that lasts until its owner's Fire phase when that phase begins; a state
// of one phase when the second phase begins in which its owner's side
// gives orders (its Fire, Movement and Advance phases and the enemy's
// Defensive Fire), so that it covers the first whole; and a state until
// the turn's end at the After-Action phase.
func (b *Battle) expireStates() []Event {
	var events []Event
	for _, u := range b.units {
		for _, name := range u.StateNames() {
			spec, _ := combat.FindState(b.states, name)
			s := u.States[name]
			gone := false
			switch spec.Lasts {
			case combat.UntilOwnFirePhase:
				gone = u.Side == b.phasing && b.phase == FirePhase
			case combat.OnePhase:
				if b.ordersPhase(u.Side) {
					gone = s.Armed
					s.Armed = true
					u.States[name] = s
				}
			case combat.UntilTurnEnd:
				gone = b.phase == AfterAction
			}
			if gone {
				delete(u.States, name)
				events = append(events, Event{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, State: name,
					Text: u.Label() + " is no longer " + name})
			}
		}
		if len(u.States) == 0 {
			u.States = nil
		}
	}
	return events
}

// ordersPhase reports whether side gives orders in the current phase.
func (b *Battle) ordersPhase(side maps.Side) bool {
	if b.phasing == side {
		return b.phase == FirePhase || b.phase == Movement || b.phase == AdvancePhase
	}
	return b.phase == DefensiveFire
}

// loseWeapon puts u's weapon out of action (broken) or takes it away.
func (b *Battle) loseWeapon(u *Unit, k combat.EffectKind) []Event {
	how := "broken"
	if k == combat.WeaponRemoved {
		how = "removed"
	}
	u.WeaponLost = how
	return []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, State: "weapon " + how,
		Text: fmt.Sprintf("%s: its weapon is %s", u.Label(), how)}}
}

// angleTie is how close two angles in degrees are to count as equal: far
// below the least difference of two directions' angles to a line between
// hex centres.
const angleTie = 1e-9

// reverse moves u up to n hexes straight away from hex from. Each step
// goes into a neighbour farther from it that its terrain lets it enter,
// with no enemy and room to stack: of those, the one whose direction lies
// nearest the line from from through u (straight away), and on a true tie
// (the line runs along a hexside, or the hex straight away is closed and
// the two beside it are open) the lower direction number. It stops where
// there is none. Its facing does not change.
func (b *Battle) reverse(u *Unit, from board.Hex, n int) []Event {
	var events []Event
	bd := b.Board()
	mover := b.MoveSpec(u).Kind.Mover()
	for range n {
		best, far := u.Pose.Hex, u.Pose.Hex.Distance(from)
		bestAngle := -1.0 // degrees between a direction and the line back to from: 180 is straight away
		for d := range board.Direction(6) {
			h := u.Pose.Hex.Neighbor(d)
			if !bd.Contains(h) || h.Distance(from) <= far || b.enemyIn(u.Side, h) || b.stackingError(u, h) != nil {
				continue
			}
			if _, err := bd.StepCost(mover, u.Pose.Hex, d); err != nil {
				continue
			}
			if angle := board.OffAxis(u.Pose.Hex, d, from); angle > bestAngle+angleTie {
				best, bestAngle = h, angle
			}
		}
		if best == u.Pose.Hex {
			break
		}
		was := u.Pose
		b.setPose(u, board.Pose{Hex: best, Facing: u.Pose.Facing})
		events = append(events, Event{Kind: UnitMoved, Unit: u.ID, From: was, To: u.Pose, Hex: best,
			Text: fmt.Sprintf("%s reverses into %s", u.Label(), bd.Label(best))})
	}
	return events
}
