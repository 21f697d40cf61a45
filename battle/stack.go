package battle

import (
	"fmt"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/units"
)

// The units of a move that starts stacked (rules 6.31): a Move's With are
// infantry of the mover's hex that move along the same path with it, as
// one stack. Vehicles and Guns move one at a time (ours: their facings and
// costs differ).

// leaderBonus is what a squad or half squad moving with a leader the whole
// way adds to its MP: 6 instead of 4 (rules 6.31).
const leaderBonus = 2

// moveStack checks the units of move o and returns them, the mover first.
func (b *Battle) moveStack(o Move) ([]*Unit, error) {
	lead, err := b.mover(o.Unit)
	if err != nil {
		return nil, err
	}
	if lead.Dummy() && len(o.With) > 0 {
		return nil, fmt.Errorf("%s is a dummy: it moves alone (ours)", lead.Label())
	}
	us := []*Unit{lead}
	for _, id := range o.With {
		u, err := b.actor(id)
		switch {
		case err != nil:
			return nil, err
		case slices.Contains(us, u):
			return nil, fmt.Errorf("%s is listed twice in the move", u.Label())
		case u.Pose.Hex != lead.Pose.Hex:
			return nil, fmt.Errorf("%s is not in %s: a stack moves from one hex", u.Label(), b.Board().Label(lead.Pose.Hex))
		case !u.Type.Kind.Infantry() || !lead.Type.Kind.Infantry():
			return nil, fmt.Errorf("%s and %s cannot move as a stack: only infantry do; vehicles and Guns move one at a time", lead.Label(), u.Label())
		}
		if err := b.CheckMove(u); err != nil {
			return nil, err
		}
		us = append(us, u)
	}
	return us, nil
}

// StackSpec returns what the board needs to move the units us together
// from their hex: the MP of the slowest, where a squad or half squad with a
// leader in the stack has the leader's 6 (rules 6.31; less 1 for a Heavy
// weapon, as alone).
func (b *Battle) StackSpec(us []*Unit) board.MoveSpec {
	spec := b.allowance(us[0])
	if len(us) == 1 {
		return spec
	}
	led := slices.ContainsFunc(us, func(u *Unit) bool { return u.Type.Kind == units.Leader })
	spec.MP = board.MaxMP
	for _, u := range us {
		s := b.allowance(u)
		if led && u.Type.Kind != units.Leader && s.MP > 0 {
			s.MP += leaderBonus
		}
		spec.MP = min(spec.MP, s.MP)
	}
	return spec
}

// StackOccupancy is Occupancy for the units us moving together: no enemy
// hex entered, none over-stacked with all of them at the end; under fog as
// their side sees the map (Occupancy).
func (b *Battle) StackOccupancy(us []*Unit) board.Occupancy {
	side := us[0].Side
	// hidden: h holds enemy units and side knows none of them, so the move
	// may be planned to end there (it runs into them: bump), in one look
	// at the hex.
	hidden := func(h board.Hex) bool {
		enemy := false
		for _, e := range b.standingAt(h) {
			if e.Side != side {
				if !b.unknownTo(side, e) {
					return false
				}
				enemy = true
			}
		}
		return enemy
	}
	return board.Occupancy{
		CanEnter: func(h board.Hex) bool { return !b.knownEnemyIn(side, h) },
		CanEnd:   func(h board.Hex) bool { return hidden(h) || b.stackError(us, h) == nil },
	}
}

// movers returns the units of the pending move: the mover and those
// moving with it that still go on.
func (b *Battle) movers() []*Unit {
	if b.pending == nil {
		return nil
	}
	us := []*Unit{b.Unit(b.pending.Unit)}
	for _, id := range b.pending.With {
		us = append(us, b.Unit(id))
	}
	return us
}

// moving reports whether unit id is one of the units of a move waiting
// for opportunity fire.
func (b *Battle) moving(id UnitID) bool {
	return b.Moving() != nil && (b.pending.Unit == id || slices.Contains(b.pending.With, id))
}

// stackNames writes the units us: "US Rifle Squad #1 and US Leader #3".
func stackNames(us []*Unit) string {
	names := make([]string, len(us))
	for i, u := range us {
		names[i] = u.Label()
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
