package battle

import (
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// This file holds what the battle does for the effects and states that act
// on their own rather than through an order: a state that Engages (the
// compulsory shot at the unit's foe), a state put on the units under
// enemy AP fire (UnderFire), a state that halves a unit's MP (Slows), a
// free move straight ahead (DriveOn), a passenger's getting out
// (Dismount) and an AP attack on the infantry of an attack's role
// (InfantryHits).

// compulsoryShots fires, as a Fire or Defensive Fire phase begins, the
// shot each unit of the acting side owes its foe (a state that Engages),
// and takes the state away. A foe that is gone or out of sight is not
// engaged; a shot the engine refuses for any other reason adds the state's
// Unmet counter instead. An AFV foe is fired at with an AT shot, any other
// with AP fire at its hex.
func (b *Battle) compulsoryShots() []Event {
	if b.phase != FirePhase && b.phase != DefensiveFire {
		return nil
	}
	var events []Event
	side := b.Acting()
	for _, u := range b.units {
		if u.Side != side || !u.Active() {
			continue
		}
		for _, name := range u.StateNames() {
			spec, _ := combat.FindState(b.states, name)
			if !spec.Engages {
				continue
			}
			foe := u.States[name].Foe
			delete(u.States, name)
			if len(u.States) == 0 {
				u.States = nil
			}
			events = append(events, Event{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, State: name,
				Text: u.Label() + " is no longer " + name})
			events = append(events, b.engage(u, spec, b.Unit(foe))...)
		}
	}
	return events
}

// engage fires u's compulsory shot at foe.
func (b *Battle) engage(u *Unit, spec combat.StateSpec, foe *Unit) []Event {
	if foe == nil || !foe.Active() || !foe.OnMap() || !u.OnMap() {
		return nil
	}
	bd := b.Board()
	if !bd.Sight(u.Pose.Hex, foe.Pose.Hex, b.Smoke).Visible {
		return []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex,
			Text: fmt.Sprintf("%s cannot see %s to engage it", u.Label(), foe.Label())}}
	}
	var events []Event
	var err error
	if foe.Type.Kind == units.AFV {
		events, err = b.fire(Fire{Unit: u.ID, Target: foe.ID})
	} else {
		events, err = b.fireAP(FireAP{Units: []UnitID{u.ID}, Target: foe.Pose.Hex})
	}
	if err == nil {
		return events
	}
	events = []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex,
		Text: fmt.Sprintf("%s cannot engage %s: %v", u.Label(), foe.Label(), err)}}
	if spec.Unmet != "" {
		unmet := combat.StateEffectsOf(b.rules, b.targetOf(u), spec.Unmet, 1)
		events = append(events, b.applyEffects(attack{firer: foe, target: u}, unmet)...)
	}
	return events
}

// slowed reports whether one of u's states Slows it.
func (b *Battle) slowed(u *Unit) bool {
	for name := range u.States {
		if spec, ok := combat.FindState(b.states, name); ok && spec.Slows {
			return true
		}
	}
	return false
}

// putUnderFire puts the ruleset's states that mark suppressing fire on the
// units an enemy AP attack fell on and that came through it.
func (b *Battle) putUnderFire(us []*Unit) []Event {
	var events []Event
	for _, spec := range b.states {
		if !spec.UnderFire {
			continue
		}
		for _, u := range us {
			if u.Active() && u.StateCount(spec.Name) == 0 {
				events = append(events, b.addState(u, spec.Name, 1)...)
			}
		}
	}
	return events
}

// driveOn moves u straight ahead through the hexside it faces, hex by hex,
// with its full movement points: it stops before a hex it cannot enter,
// one with an enemy or without room, or one it has not the points left to
// pay for. Its facing does not change, and it gets no Move marker (the
// move is a free one).
func (b *Battle) driveOn(u *Unit) []Event {
	var events []Event
	bd := b.Board()
	spec := b.MoveSpec(u)
	mover, mp := spec.Kind.Mover(), spec.MP
	for {
		h := u.Pose.Hex.Neighbor(u.Pose.Facing)
		if !bd.Contains(h) || b.enemyIn(u.Side, h) || b.stackingError(u, h) != nil {
			break
		}
		cost, err := bd.StepCost(mover, u.Pose.Hex, u.Pose.Facing)
		if err != nil || cost > mp {
			break
		}
		mp -= cost
		was := u.Pose
		b.setPose(u, board.Pose{Hex: h, Facing: u.Pose.Facing})
		events = append(events, Event{Kind: UnitMoved, Unit: u.ID, From: was, To: u.Pose, Hex: h,
			Text: fmt.Sprintf("%s drives on into %s", u.Label(), bd.Label(h))})
	}
	return events
}

// dismount gets passenger u out of its vehicle into the vehicle's hex,
// marked Move, unless the hex has no room for it.
func (b *Battle) dismount(u *Unit) []Event {
	c := b.Unit(u.Carrier)
	if c == nil || b.stackingError(u, c.Pose.Hex) != nil {
		return nil
	}
	u.Carrier = 0
	u.Pose, u.MovedFrom = c.Pose, c.Pose.Hex
	u.Markers |= Moved
	return []Event{{Kind: UnitUnloaded, Unit: u.ID, Target: c.ID, Hex: c.Pose.Hex,
		Text: fmt.Sprintf("%s gets out of %s in %s", u.Label(), c.Label(), b.Board().Label(c.Pose.Hex))}}
}

// infantryHits makes effect e's AP attack on the infantry among us, with
// the ruleset's infantry combat, as if from the attack's target's hex.
func (b *Battle) infantryHits(a attack, us []*Unit, e combat.Effect) []Event {
	us = slices.DeleteFunc(slices.Clone(us), func(u *Unit) bool { return !u.Type.Kind.Infantry() })
	if len(us) == 0 || b.infantry == nil {
		return nil
	}
	at := combat.APAttack{APFP: max(e.N, 1), Cover: e.Cover}
	if e.Cover != 0 {
		at.CoverName = fmt.Sprintf("cover %+d", e.Cover)
	}
	from := a.target.Pose.Hex
	out := b.infantry.FireAP(at, b.defenders(us, from), b.dice)
	if out.Err != nil {
		return nil
	}
	who := "the infantry in " + b.Board().Label(from)
	if e.On == combat.OnPassengers {
		who = "the passengers of " + a.target.Label()
	}
	text := fmt.Sprintf("%s take an AP attack of %d firepower: ", who, at.APFP)
	if out.Points == 0 {
		text += "no effect"
	} else {
		text += fmt.Sprintf("%d casualty point(s)", out.Points)
	}
	events := []Event{{Kind: HexFired, Unit: a.target.ID, Hex: from, AP: &out, Text: text}}
	return append(events, b.applyFates(us, out.Fates)...)
}
