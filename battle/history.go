package battle

import (
	"iter"
	"slices"

	"hexfire/board"
	"hexfire/maps"
)

// history is what the orders so far tell, kept up to date as each order
// is applied, so that a player deciding an order never walks (or copies)
// the whole list: a decision costs what the position costs, however long
// the battle has run. It is derived from the orders alone (Undo and a
// replay rebuild it) and so is not part of the digest.
type history struct {
	phase  []phaseOrder           // the orders since the last EndPhase order
	fired  map[UnitID]bool        // units that fired or led fire, in any phase
	trails map[UnitID][]board.Hex // the hexes moves and advances took each unit through
}

// phaseOrder is an order of the phase in play and the side that gave it.
type phaseOrder struct {
	order Order
	by    maps.Side
}

// record adds order o, given by side by, to the history.
func (h *history) record(o Order, by maps.Side) {
	if h.fired == nil {
		h.fired, h.trails = map[UnitID]bool{}, map[UnitID][]board.Hex{}
	}
	if _, end := o.(EndPhase); end {
		h.phase = nil
	} else {
		h.phase = append(h.phase, phaseOrder{o, by})
	}
	switch o := o.(type) {
	case Fire:
		h.fired[o.Unit] = true
		if o.Leader != 0 {
			h.fired[o.Leader] = true
		}
	case FireAP:
		for _, id := range o.Units {
			h.fired[id] = true
		}
		if o.Leader != 0 {
			h.fired[o.Leader] = true
		}
	case Move:
		for _, p := range o.Path {
			h.trails[o.Unit] = append(h.trails[o.Unit], p.Hex)
		}
	case Advance:
		h.trails[o.Unit] = append(h.trails[o.Unit], o.To)
	}
}

// OrderCount returns how many orders the battle has applied: len(Orders())
// without copying them.
func (b *Battle) OrderCount() int { return len(b.orders) }

// LastOrder returns the last order applied, nil before the first.
func (b *Battle) LastOrder() Order {
	if len(b.orders) == 0 {
		return nil
	}
	return b.orders[len(b.orders)-1]
}

// PhaseOrders returns the orders applied since the last EndPhase order,
// oldest first: those of the phase in play (of a known battle, those its
// side gave).
func (b *Battle) PhaseOrders() []Order {
	out := make([]Order, len(b.history.phase))
	for i, p := range b.history.phase {
		out[i] = p.order
	}
	return out
}

// HasFired reports whether unit id has fired, or led a fire group, in any
// phase of the battle so far.
func (b *Battle) HasFired(id UnitID) bool { return b.history.fired[id] }

// Trail yields, in order, every hex that unit id's moves (each step of
// their paths) and advances have taken it through; its placement's hex
// is not included.
func (b *Battle) Trail(id UnitID) iter.Seq[board.Hex] {
	return slices.Values(b.history.trails[id])
}
