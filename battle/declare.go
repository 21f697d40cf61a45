package battle

import (
	"errors"
	"fmt"

	"hexfire/combat"
	"hexfire/maps"
)

// This file holds simultaneous fire (combat.SimultaneousFire): in a Fire
// or Defensive Fire phase an AT Fire order declares its shot, with no die
// rolled; Resolve, or the end of the phase, rolls every declared shot in
// the order declared and then applies what they did, so a unit knocked
// out by one of them has fired all the same. Opportunity fire at a moving
// unit is rolled and lands at once.

// declaredFireVersion is the save version from which a Fire order under
// simultaneous fire declares its shot; older saves rolled it at once.
const declaredFireVersion = 4

// declaredShot is an AT shot declared and not yet rolled: the order and,
// for the roll, the shot as it stood when declared (its range, cover,
// markers and states then) with its exact odds. The digest keeps the
// order; the shot follows from the state it was declared in.
type declaredShot struct {
	Order Fire
	shot  combat.Shot
	odds  combat.Odds
}

// DeclaredShot is an AT shot declared in this phase and not yet rolled:
// its order and its exact odds as declared.
type DeclaredShot struct {
	Fire Fire
	Odds combat.Odds
}

// DeclaredShots returns the AT shots declared in this phase and not yet
// rolled, in the order declared.
func (b *Battle) DeclaredShots() []DeclaredShot {
	out := make([]DeclaredShot, len(b.declared))
	for i, d := range b.declared {
		out[i] = DeclaredShot{Fire: d.Order, Odds: d.odds}
	}
	return out
}

// declares reports whether an AT Fire order now declares its shot rather
// than rolling it: under simultaneous fire, outside opportunity fire, in a
// battle that follows the rules of version 4 or later.
func (b *Battle) declares() bool {
	return b.Moving() == nil && combat.Simultaneous(b.rules) && !b.rollsAtOnce()
}

// rollsAtOnce reports whether the battle follows a save of before version
// 4, whose simultaneous fire rolled each shot when given (Config.Version).
func (b *Battle) rollsAtOnce() bool {
	return b.config.Version > 0 && b.config.Version < declaredFireVersion
}

// saveVersion is the version the battle's save is written as: the current
// one, or for a battle that follows an older save's rules the last version
// with them (2 before moves waited for their owner after opportunity
// fire, 3 before declared fire, 4 before grenades by the unit, 5
// before the mortar's strike on every vehicle of its hex, 6 before the
// draw at once when both sides win by one order, 8 before the magnetic
// mine was declared, 9 before opportunity fire ended with the mover out
// of sight, 10 before overruns ran into unseen enemies, 11 before an
// abandoned transport's passengers got out).
func (b *Battle) saveVersion() int {
	switch {
	case b.wholeMoves():
		return hexByHexVersion - 1
	case b.rollsAtOnce():
		return declaredFireVersion - 1
	case b.oneGrenadeAnAttack():
		return grenadesByUnitVersion - 1
	case b.mortarShotsAlone():
		return mortarStrikeVersion - 1
	case b.playsOnWhenBothWin():
		return mutualDeathVersion - 1
	case b.minesWherever():
		return mineDeclaredVersion - 1
	case b.firesAtUnseenMovers():
		return unseenMoverVersion - 1
	case b.overrunsThroughUnseen():
		return overrunBumpVersion - 1
	case b.passengersLostWhenAbandoned():
		return abandonUnloadVersion - 1
	}
	return SaveVersion
}

// declare records plan p's shot for Resolve: the firer (and a directing
// leader) has fired for the segment, and a Panzerfaust from the pool is
// counted out of it (Panzerfausts), though nothing is rolled yet.
func (b *Battle) declare(o Fire, p FirePlan) []Event {
	firer, target := p.Firer, p.Target
	firer.Markers |= Fired
	if p.Leader != nil {
		p.Leader.Markers |= Fired
	}
	seg := b.segment()
	firer.Aim = Aim{Target: target.ID, Shots: firer.Aim.repeats(target.ID, seg) + 1, Segment: seg,
		From: firer.Pose, At: target.Pose}
	b.declared = append(b.declared, declaredShot{Order: o, shot: p.Shot, odds: p.Odds})
	return []Event{{Kind: FireDeclared, Unit: firer.ID, Target: target.ID, Hex: target.Pose.Hex,
		Text: fmt.Sprintf("%s declares AT fire at %s in %s (rolled when the fire is resolved)", firer.Label(), target.Label(), b.Board().Label(target.Pose.Hex))}}
}

// declaredPool counts the declared shots of side with a Panzerfaust from
// its pool.
func (b *Battle) declaredPool(side maps.Side) int {
	n := 0
	for _, d := range b.declared {
		if d.Order.Panzerfaust && b.Unit(d.Order.Unit).Side == side {
			n++
		}
	}
	return n
}

// errNothingDeclared refuses a Resolve with no shot to roll.
var errNothingDeclared = errors.New("no AT shot is declared in this phase to resolve")

// checkResolve says why Resolve may not be given now.
func (b *Battle) checkResolve() error {
	if len(b.declared) == 0 {
		return errNothingDeclared
	}
	return nil
}

// resolve is the Resolve order: the declared shots are rolled and applied,
// and the phase's AT fire is over.
func (b *Battle) resolve() ([]Event, error) {
	if err := b.checkResolve(); err != nil {
		return nil, err
	}
	events, err := b.resolveDeclared()
	if err == nil {
		b.fireResolved = true
	}
	return events, err
}

// resolveDeclared rolls every declared shot in the order declared, each
// as it stood when declared, and only then applies their effects, in the
// same order; each shot's UnitFired event is followed by what its effects
// did. The declarations are cleared.
func (b *Battle) resolveDeclared() ([]Event, error) {
	if len(b.declared) == 0 {
		return nil, nil
	}
	outs := make([]combat.Outcome, len(b.declared))
	for i, d := range b.declared {
		if outs[i] = b.rules.Resolve(d.shot, b.dice); outs[i].Err != nil {
			return nil, fmt.Errorf("the shot declared by %s: %w", b.Unit(d.Order.Unit).Label(), outs[i].Err)
		}
	}
	declared := b.declared
	b.declared = nil
	var events []Event
	for i, d := range declared {
		out := outs[i]
		firer, target := b.Unit(d.Order.Unit), b.Unit(d.Order.Target)
		if firer.Aim.Target == target.ID {
			firer.Aim.Hit = out.Hit
		}
		a := attack{firer: firer, target: target, panzerfaust: d.Order.Panzerfaust, second: b.Unit(d.Order.Second)}
		if l := b.Unit(d.Order.Leader); l != nil {
			a.group = []*Unit{l}
		}
		events = append(events, Event{Kind: UnitFired, Unit: firer.ID, Target: target.ID, Hex: target.Pose.Hex, Outcome: &out,
			Text: fmt.Sprintf("%s fires at %s in %s: %s", firer.Label(), target.Label(), b.Board().Label(target.Pose.Hex), out.Headline())})
		events = append(events, b.applyEffects(a, out.Effects)...)
		events = append(events, b.sniperAfterShot(a, out)...)
	}
	return events, nil
}
