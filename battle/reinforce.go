package battle

import (
	"errors"
	"fmt"

	"hexfire/board"
	"hexfire/maps"
)

// Enter brings a reinforcement onto the map in its side's Movement phase,
// on or after the turn it arrives: Path[0] is the pose it takes on its
// entry hex (a hex of its arrival edge, or its own placement hex), paying
// that hex's terrain cost; the poses after it are a move as Move's, with
// what MP are left.
type Enter struct {
	Unit UnitID
	Path []board.Pose
}

// Exit takes a unit off the map by Edge in the Movement phase: it must
// stand on a hex of that edge and be free to move. It leaves the battle
// (not eliminated) with what it carries, and counts for the exit clauses
// of the victory conditions.
type Exit struct {
	Unit UnitID
	Edge maps.Edge
}

// Name implements Order.
func (Enter) Name() string { return "enter" }

// Name implements Order.
func (Exit) Name() string { return "exit" }

func (o Enter) apply(b *Battle) ([]Event, error) { return b.enter(o) }
func (o Exit) apply(b *Battle) ([]Event, error)  { return b.exit(o) }

// Enter's record and parse are Move's, under its own name.
func (o Enter) record(bd *board.Board) OrderRecord {
	r := Move{Unit: o.Unit, Path: o.Path}.record(bd)
	r.Order = o.Name()
	return r
}

func (o Exit) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Edge: string(o.Edge)}
}

func (Enter) parse(r OrderRecord, bd *board.Board) (Order, error) {
	m, err := Move{}.parse(r, bd)
	if err != nil {
		return nil, err
	}
	return Enter{Unit: r.Unit, Path: m.(Move).Path}, nil
}

func (Exit) parse(r OrderRecord, _ *board.Board) (Order, error) {
	e, err := maps.ParseEdge(r.Edge)
	if err != nil {
		return nil, fmt.Errorf("field \"edge\": %w", err)
	}
	return Exit{Unit: r.Unit, Edge: e}, nil
}

// Waiting reports whether the unit is a reinforcement that has not entered
// the map yet.
func (u *Unit) Waiting() bool { return u.offMap == waiting }

// ExitedBy returns the edge the unit left the map by, or "".
func (u *Unit) ExitedBy() maps.Edge { return u.exited }

// offMapState is where a unit off the map is: waiting to arrive, or gone
// (its edge in Unit.exited).
type offMapState uint8

const (
	onTheMap offMapState = iota
	waiting
	exitedMap
	vanished // a dummy the enemy came to make out (dummy.go)
)

// Reinforcements returns side's units that have not entered the map yet,
// in ID order.
func (b *Battle) Reinforcements(side maps.Side) []*Unit {
	var us []*Unit
	for _, u := range b.units {
		if u.Side == side && u.Waiting() && !u.Eliminated {
			us = append(us, u)
		}
	}
	return us
}

// Exited counts side's units that have left the map by edge, or by any
// edge when edge is "".
func (b *Battle) Exited(side maps.Side, edge maps.Edge) int {
	n := 0
	for _, u := range b.units {
		if u.Side == side && u.exited != "" && (edge == "" || u.exited == edge) {
			n++
		}
	}
	return n
}

// EntryHexes returns the hexes u may come on by, terrain and units aside:
// its arrival edge's hexes, or its own placement hex.
func (b *Battle) EntryHexes(u *Unit) []board.Hex {
	if e := u.Placement.Arrives.Edge; e != "" {
		return maps.EdgeHexes(b.Board(), e)
	}
	return []board.Hex{u.Placement.Hex}
}

// CheckEnter says why u may not come on the map now (not a reinforcement,
// too early, not its side's Movement phase, no legal entry hex), or nil.
func (b *Battle) CheckEnter(u *Unit) error {
	switch {
	case !u.Waiting() || u.Eliminated:
		return fmt.Errorf("%s is not waiting to enter the map", u.Label())
	case b.result != nil:
		return errors.New("the battle is over")
	case u.Side != b.Acting():
		return fmt.Errorf("%s belongs to the %s, and it is the %s who act now", u.Label(), u.Side, b.Acting())
	case b.turn < u.Placement.Arrives.Turn:
		return fmt.Errorf("%s arrives on turn %d, and this is turn %d", u.Label(), u.Placement.Arrives.Turn, b.turn)
	}
	return b.requirePhase(Movement, "reinforcements enter")
}

// EntryCost returns the MP u pays to come on the map at h, or why it may
// not: h is not one of its entry hexes, its terrain is closed to u or
// costs more than u's MP, or it holds enemy units.
func (b *Battle) EntryCost(u *Unit, h board.Hex) (int, error) {
	ok := false
	for _, e := range b.EntryHexes(u) {
		ok = ok || e == h
	}
	spec := b.MoveSpec(u)
	cost := b.Board().Cell(h).Terrain.EntryCost(spec.Kind.Mover())
	switch {
	case !ok && u.Placement.Arrives.Edge != "":
		return 0, fmt.Errorf("%s is not on the %s edge, where %s arrives", b.Board().Label(h), u.Placement.Arrives.Edge, u.Label())
	case !ok:
		return 0, fmt.Errorf("%s arrives at %s, not %s", u.Label(), b.Board().Label(u.Placement.Hex), b.Board().Label(h))
	case cost == board.Prohibited:
		return 0, fmt.Errorf("%s may not enter %s (%s)", u.Label(), b.Board().Label(h), b.Board().Cell(h).Terrain)
	case cost > spec.MP:
		return 0, fmt.Errorf("entering %s costs %d MP and %s has %d", b.Board().Label(h), cost, u.Label(), spec.MP)
	case b.enemyIn(u.Side, h):
		return 0, fmt.Errorf("%s holds enemy units", b.Board().Label(h))
	}
	return cost, nil
}

func (b *Battle) enter(o Enter) ([]Event, error) {
	u := b.Unit(o.Unit)
	if u == nil {
		return nil, fmt.Errorf("there is no unit #%d", o.Unit)
	}
	if err := b.CheckEnter(u); err != nil {
		return nil, err
	}
	if len(o.Path) == 0 {
		return nil, fmt.Errorf("%s needs an entry hex", u.Label())
	}
	if !o.Path[0].Facing.Valid() {
		return nil, fmt.Errorf("facing %d is not a direction 0..5", o.Path[0].Facing)
	}
	entry := o.Path[0]
	cost, err := b.EntryCost(u, entry.Hex)
	if err != nil {
		return nil, err
	}
	if len(o.Path) == 1 {
		if err := b.stackingError(u, entry.Hex); err != nil {
			return nil, err
		}
	} else {
		spec := b.MoveSpec(u)
		spec.MP -= cost
		rest, err := b.Board().CheckPath(spec, entry, o.Path[1:], b.Occupancy(u))
		if err != nil {
			return nil, err
		}
		cost += rest
	}
	if b.intel != nil {
		b.intel.moveBegins([]*Unit{u})
	}
	u.offMap = onTheMap
	b.setPose(u, entry)
	u.MovedFrom = entry.Hex
	if b.intel != nil {
		b.intel.update(b, []*Unit{u}) // the enemy looks at it as it comes on
	}
	b.pending = &pendingMove{Unit: u.ID, Rest: o.Path[1:], Cost: cost}
	events := []Event{{Kind: UnitEntered, Unit: u.ID, To: entry, Hex: entry.Hex,
		Text: fmt.Sprintf("%s enters the map at %s", u.Label(), b.Board().Label(entry.Hex))}}
	mines, hit := b.mineAttack([]*Unit{u}, entry.Hex)
	events = append(events, mines...)
	if hit {
		return append(events, b.endMove(u)...), nil
	}
	if b.inSightOfFoe([]*Unit{u}) && b.opportunityOffered() {
		return append(events, Event{Kind: OpportunityOffered, Unit: u.ID, Hex: entry.Hex,
			Text: fmt.Sprintf("the %s may opportunity-fire at %s in %s", Opponent(u.Side), u.Label(), b.Board().Label(entry.Hex))}), nil
	}
	return append(events, b.continueMove()...), nil
}

// CheckExit says why u may not leave the map by edge now, or nil.
func (b *Battle) CheckExit(u *Unit, edge maps.Edge) error {
	if err := b.requirePhase(Movement, "units leave the map"); err != nil {
		return err
	}
	if err := b.CheckMove(u); err != nil {
		return err
	}
	switch {
	case !maps.OnEdge(b.Board(), u.Pose.Hex, edge):
		return fmt.Errorf("%s in %s is not on the %s edge", u.Label(), b.Board().Label(u.Pose.Hex), edge)
	case b.MoveSpec(u).MP < 1:
		return fmt.Errorf("%s has no MP to move", u.Label())
	}
	return nil
}

func (b *Battle) exit(o Exit) ([]Event, error) {
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	if err := b.CheckExit(u, o.Edge); err != nil {
		return nil, err
	}
	events := []Event{{Kind: UnitExited, Unit: u.ID, From: u.Pose, Hex: u.Pose.Hex,
		Text: fmt.Sprintf("%s leaves the map by the %s edge from %s", u.Label(), o.Edge, b.Board().Label(u.Pose.Hex))}}
	for _, p := range b.carried(u.ID) {
		p.offMap, p.exited = exitedMap, o.Edge
		events = append(events, Event{Kind: UnitExited, Unit: p.ID, From: p.Pose, Hex: p.Pose.Hex,
			Text: fmt.Sprintf("%s leaves the map aboard %s", p.Label(), u.Label())})
	}
	u.offMap, u.exited = exitedMap, o.Edge
	return events, nil
}
