// Package umpire holds a battle for players who may see only their side
// of it, as the umpire of a double-blind game does: it takes their orders,
// rolls the dice and tells each side what it knows (battle.View), and
// nothing it offers lets a player read the rest. The game keeps its
// battle here and draws a side's view; the battle itself is reached only
// by the umpire's own methods: the computer players it seats are given
// their side's view (Ask), as a person is shown one.
package umpire

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"hexfire/battle"
	"hexfire/maps"
)

// Umpire holds one battle.
type Umpire struct {
	b *battle.Battle
	// open: every view shows everything (Replays of a battle that is over).
	open bool
}

// New returns the umpire of battle b. b is the umpire's from then on:
// whoever gave it keeps no other use for it.
func New(b *battle.Battle) (*Umpire, error) {
	if b == nil {
		return nil, errors.New("umpire: no battle")
	}
	return &Umpire{b: b}, nil
}

// View returns side's view of the battle now.
func (u *Umpire) View(side maps.Side) *battle.View {
	if u.open {
		return u.b.ViewOpen(side)
	}
	return u.b.View(side)
}

// Replays says that u replays recording r from its start: when r's battle
// is over, everything in it may be shown, and u's views show every unit
// from the first order on; a battle not yet over is replayed as each side
// saw it.
func (u *Umpire) Replays(r Recorded) { u.open = r.b.Result() != nil }

// Fog reports whether the battle is fought under fog of war.
func (u *Umpire) Fog() bool { return u.b.Fog() }

// Acting returns the side that gives the next order ("" once the battle
// is over).
func (u *Umpire) Acting() maps.Side { return u.b.Acting() }

// Over reports whether the battle has ended.
func (u *Umpire) Over() bool { return u.b.Result() != nil }

// OrderCount returns how many orders the battle has taken.
func (u *Umpire) OrderCount() int { return u.b.OrderCount() }

// Seed returns the seed of the battle's dice when both sides may know it:
// in an open battle, once it is over, or in the replay of a battle that is
// over (Replays); else 0 (with the seed and the orders a player could
// replay the battle and see all of it).
func (u *Umpire) Seed() uint64 {
	if u.b.Fog() && u.b.Result() == nil && !u.open {
		return 0
	}
	return u.b.Config().Seed
}

// Digest returns the digest of the battle's state (Battle.Digest): a hash
// that tells nothing but whether two battles stand alike.
func (u *Umpire) Digest() string { return u.b.Digest() }

// Revealed returns the battle itself once it is over, when everything
// may be shown (the victory screen, a replay); nil and false before.
func (u *Umpire) Revealed() (*battle.Battle, bool) {
	if u.b.Result() == nil {
		return nil, false
	}
	return u.b, true
}

// Apply gives order o to the battle, with the reason why (a computer
// player's, kept for the save; "" for none), and returns its events.
func (u *Umpire) Apply(o battle.Order, why string) ([]battle.Event, error) {
	events, err := u.b.Apply(o)
	if err != nil {
		return nil, err
	}
	u.b.Explain(why)
	return events, nil
}

// CanUndo reports whether the last order may be taken back (Battle.CanUndo).
func (u *Umpire) CanUndo() bool { return u.b.CanUndo() }

// Undo takes the last order back (Battle.Undo).
func (u *Umpire) Undo() error { return u.b.Undo() }

// SaveWriter writes a battle's save file: the game's storage.
type SaveWriter interface {
	WriteSave(b *battle.Battle, name string) error
}

// Save writes the battle's save to w as name. A save is the battle's
// orders, so it holds what both sides did: keeping it from the players is
// the storage's business (the desktop's own files; a server's database).
func (u *Umpire) Save(w SaveWriter, name string) error { return w.WriteSave(u.b, name) }

// SeatSeed is the seed of the computer player of side in a battle of seed
// battleSeed: its own randomness (tie-breaks, a level's errors), fixed by
// the battle's seed so that a replay decides alike, and one-way, so that
// the player can learn nothing of the battle's dice from it.
func SeatSeed(battleSeed uint64, side maps.Side) uint64 {
	var in [8]byte
	binary.LittleEndian.PutUint64(in[:], battleSeed)
	sum := sha256.Sum256(append([]byte("hexfire seat "+string(side)+" "), in[:]...))
	return binary.LittleEndian.Uint64(sum[:8])
}

// Player is a computer player of one side: from the side's view it gives
// the side's next order, with a short reason. The view is all it is ever
// given.
type Player interface {
	Next(v *battle.View) (battle.Order, string)
}

// Seat is a side the computer plays, and its player.
type Seat struct {
	side   maps.Side
	player Player
}

// Side returns the side of the seat.
func (s *Seat) Side() maps.Side { return s.side }

// NewSeat seats a computer player for side, made by make from the side's
// view with the seat's own seed (SeatSeed) at level.
func (u *Umpire) NewSeat(side maps.Side, make func(v *battle.View, seed uint64, level string) (Player, error), level string) (*Seat, error) {
	if side != maps.Allies && side != maps.Axis {
		return nil, fmt.Errorf("umpire: no side %q to seat", side)
	}
	p, err := make(u.View(side), SeatSeed(u.b.Config().Seed, side), level)
	if err != nil {
		return nil, err
	}
	return &Seat{side: side, player: p}, nil
}

// Ask returns the next order of the player in seat s, and its reason,
// given its side's view; an error when its side does not act now.
func (u *Umpire) Ask(s *Seat) (battle.Order, string, error) {
	switch acting := u.b.Acting(); {
	case acting == "":
		return nil, "", errors.New("umpire: the battle is over: no order to ask for")
	case acting != s.side:
		return nil, "", fmt.Errorf("umpire: the %s player asked for an order while the %s act", s.side.Adjective(), acting)
	}
	o, why := s.player.Next(u.View(s.side))
	return o, why, nil
}

// Step is one order of a battle: the view of the side that gave it just
// before, the order, its reason and its events (each with its Unseen).
type Step struct {
	Before *battle.View
	Acting maps.Side
	Order  battle.Order
	Why    string
	Events []battle.Event
}

// History replays the battle's orders on a fresh battle and calls f with
// each (a reader shows each side the events it saw, Event.SeenBy). It
// stops at f's first error.
func (u *Umpire) History(f func(Step) error) error {
	nb, err := battle.New(u.b.Scenario(), u.b.Catalogue(), u.b.Config())
	if err != nil {
		return err
	}
	for i, o := range u.b.Orders() {
		s := Step{Before: nb.View(nb.Acting()), Acting: nb.Acting(), Order: o, Why: u.b.Why(i)}
		if s.Events, err = nb.Apply(o); err != nil {
			return fmt.Errorf("order %d: %w", i+1, err)
		}
		if err := f(s); err != nil {
			return err
		}
	}
	return nil
}

// Rewound returns a new umpire of the battle as it stood after its first
// n orders (a replay stepping back).
func (u *Umpire) Rewound(n int) (*Umpire, error) {
	nb, err := battle.New(u.b.Scenario(), u.b.Catalogue(), u.b.Config())
	if err != nil {
		return nil, err
	}
	orders := u.b.Orders()
	for i, o := range orders[:min(n, len(orders))] {
		if _, err := nb.Apply(o); err != nil {
			return nil, fmt.Errorf("order %d: %w", i+1, err)
		}
		nb.Explain(u.b.Why(i))
	}
	return &Umpire{b: nb, open: u.open}, nil
}

// Recorded is a battle recorded in full (a replay's), whose orders a
// replay gives one by one to another umpire.
type Recorded struct {
	b *battle.Battle
}

// Record returns the recording of battle b.
func Record(b *battle.Battle) Recorded { return Recorded{b: b} }

// Len returns how many orders the recording holds.
func (r Recorded) Len() int { return r.b.OrderCount() }

// Play gives order i of recording r to u, with its reason, and returns
// the order, the side that gave it, its reason and its events.
func (u *Umpire) Play(r Recorded, i int) (Step, error) {
	orders := r.b.Orders()
	if i < 0 || i >= len(orders) {
		return Step{}, fmt.Errorf("umpire: the recording has no order %d", i+1)
	}
	s := Step{Acting: u.b.Acting(), Order: orders[i], Why: r.b.Why(i)}
	events, err := u.Apply(orders[i], s.Why)
	if err != nil {
		return Step{}, err
	}
	s.Events = events
	return s, nil
}
