package battle

import (
	"iter"
	"maps"
	"slices"

	"hexfire/board"
	hmaps "hexfire/maps"
)

// Check reports whether Apply would accept order o, without changing the
// battle: nil, or the same *OrderError Apply would return. The computer
// opponent uses it to offer only legal orders.
func (b *Battle) Check(o Order) error {
	var err error
	// Orders that roll dice are checked through their plans; ending a
	// phase may roll rallies, and needs only the checks before any order.
	switch o := o.(type) {
	case Fire:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanFire(o)
		}
	case FireAP:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanAP(o)
		}
	case Assault:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanAssault(o)
		}
	case AssaultVehicle:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanAssaultVehicle(o)
		}
	case CallFire:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanSupport(o)
		}
	case EndPhase:
		err = b.admissible(o)
	case Allocate:
		if err = b.admissible(o); err == nil {
			err = b.checkAllocate(o)
		}
	case Resolve:
		if err = b.admissible(o); err == nil {
			err = b.checkResolve()
		}
	case Overrun:
		if err = b.admissible(o); err == nil {
			_, err = b.PlanOverrun(o)
		}
	case PlaceSmoke: // checked as placed, on the battle itself, since it rolls nothing and decides nothing
		if err = b.admissible(o); err == nil {
			_, err = b.checkPlaceSmoke(o)
		}
	case Turn:
		if b.phase != Movement { // where a turn is a move, checked as one
			if err = b.admissible(o); err == nil {
				_, err = b.checkTurnInAdvance(o)
			}
			break
		}
		err = b.checkOnCopy(o)
	case Repair, FireSmoke, Move, Advance, Enter, Pass, Snipe:
		// A ruleset refuses a repair or a smoke round before it rolls
		// (combat.WeaponRepairs, combat.SmokeDepletion), and a move is
		// checked before a minefield or a fire lane rolls on a hex entered or an overrun
		// attacks (a pass drives the mover on), and a sniper's fire before it
		// rolls, so a copy whose dice show
		// any face accepts or refuses it as Apply would.
		c := b.clone()
		c.dice = &countingDice{dice: anyFace{}}
		c.intel = b.checkedIntel()
		_, err = c.apply(o)
	default:
		err = b.checkOnCopy(o)
	}
	if err != nil {
		return &OrderError{Order: o, Err: err}
	}
	return nil
}

// checkOnCopy applies order o to a copy of the battle and returns its
// error.
func (b *Battle) checkOnCopy(o Order) error {
	c := b.clone()
	c.intel = b.checkedIntel()
	_, err := c.apply(o)
	return err
}

// FirstLegal returns the first of orders that Check accepts, and whether
// one does: Check on each in turn, quicker for many, as under Steady. The
// orders are drawn one at a time, so a caller may make each only when it
// is asked for, and none after the first accepted. Unlike Check it writes
// to the battle while it runs (and puts it back), so nothing else may use
// the battle meanwhile.
func (b *Battle) FirstLegal(orders iter.Seq[Order]) (Order, bool) {
	var legal Order
	b.Steady(func() {
		harmless := map[board.Hex]bool{}
		for o := range orders {
			if ap, ok := o.(FireAP); ok && b.surelyHarmless(ap, harmless) {
				continue // refused, and quicker told so than by Check
			}
			if b.Check(o) == nil {
				legal = o
				return
			}
		}
	})
	return legal, legal != nil
}

// Steady runs f with where the battle's units stand worked out once, for
// every hex, which makes Check, FirstLegal, Overruns and Occupancy quicker
// on a battle of many units while f runs. f must not change the battle.
// Steady writes to the battle while it runs (and puts it back), so nothing
// else may use the battle meanwhile.
func (b *Battle) Steady(f func()) {
	if b.hexIndex == nil {
		b.hexIndex = b.unitsByHex()
		defer func() { b.hexIndex = nil }()
	}
	f()
}

// checkedIntel is the knowledge of the copy Check applies an order to:
// under fog a copy of the battle's, since a move may enter a hex whose
// enemy units its side does not know of, and looks as it goes; none in
// the open, where it decides nothing, nor in a known battle, whose unknown
// enemy units are nowhere.
func (b *Battle) checkedIntel() *intel {
	if !b.fog || b.knownTo != "" {
		return nil
	}
	return b.intel.clone()
}

// clone returns a copy of the battle's state that can be changed without
// touching b. Attacks and the rallies at the end of a phase roll, and
// Check never applies those orders to a copy, so the copy's dice refuse to
// roll; Check gives the copy for a repair or a smoke round dice of its own
// (anyFace).
func (b *Battle) clone() *Battle {
	c := *b
	c.hexIndex = nil // the copy's units move
	c.units = make([]*Unit, len(b.units))
	copies := make([]Unit, len(b.units)) // one allocation for them all
	for i, u := range b.units {
		copies[i] = *u
		copies[i].States = maps.Clone(u.States)
		c.units[i] = &copies[i]
	}
	if b.knownTo != "" { // a known battle's copy lists its own copies
		c.knownUnits = slices.DeleteFunc(slices.Clone(c.units), func(u *Unit) bool { return u.offMap == unknownSlot })
	}
	c.smoke = maps.Clone(b.smoke)
	c.supply = maps.Clone(b.supply)
	c.panzerfausts = maps.Clone(b.panzerfausts)
	c.grenades = maps.Clone(b.grenades)
	c.snipers = maps.Clone(b.snipers)
	c.support = map[hmaps.Side][]hmaps.SupportMissions{}
	for side, ms := range b.support {
		c.support[side] = slices.Clone(ms)
	}
	c.assaulted = slices.Clone(b.assaulted)
	c.fireGroups = slices.Clone(b.fireGroups)
	c.lanes = slices.Clone(b.lanes)
	c.held = slices.Clone(b.held)
	c.declared = slices.Clone(b.declared)
	if b.pending != nil {
		p := *b.pending
		p.Rest = slices.Clone(p.Rest)
		if p.Overrun != nil {
			ov := *p.Overrun
			ov.FinalFired = slices.Clone(ov.FinalFired)
			p.Overrun = &ov
		}
		c.pending = &p
	}
	c.orders = nil
	c.intel = nil
	c.dice = &countingDice{dice: noDice{}}
	return &c
}

// noDice is the dice of a battle copy made for Check: rolling them is a
// programming error in the engine.
type noDice struct{}

func (noDice) Roll(int) int { panic("battle: a checked order rolled a die") }

// anyFace is the dice of a battle copy made to check an order that rolls
// only after every check has passed: its faces change nothing Check reports.
type anyFace struct{}

func (anyFace) Roll(int) int { return 1 }
