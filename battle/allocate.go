package battle

import (
	"errors"
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// Allocate is the owner of the units an AP attack struck choosing how its
// casualty points are spent, after a FireAP with OwnerAllocates: Losses
// gives one loss per unit the points may fall on, in the order of
// Battle.AllocationPending's Units, and must be one of its Choices.
type Allocate struct {
	Losses []combat.Loss
}

// Name implements Order.
func (Allocate) Name() string { return "allocate" }

func (o Allocate) apply(b *Battle) ([]Event, error) { return b.allocate(o) }

func (o Allocate) record(*board.Board) OrderRecord {
	r := OrderRecord{Order: o.Name()}
	for _, l := range o.Losses {
		r.Losses = append(r.Losses, l.String())
	}
	return r
}

// maxLosses bounds a saved allocation: more units than a hex can hold.
const maxLosses = 64

func (Allocate) parse(r OrderRecord, _ *board.Board) (Order, error) {
	if len(r.Losses) > maxLosses {
		return nil, fmt.Errorf("field \"losses\": %d entries, at most %d", len(r.Losses), maxLosses)
	}
	o := Allocate{Losses: make([]combat.Loss, len(r.Losses))}
	for i, s := range r.Losses {
		l, ok := combat.ParseLoss(s)
		if !ok {
			return nil, fmt.Errorf("field \"losses\": entry %d, %q, is not a loss (none, pin, reduce, reduce-pin, eliminate, check, destroy)", i+1, s)
		}
		o.Losses[i] = l
	}
	return o, nil
}

// pendingAllocation is an AP attack rolled under FireAP.OwnerAllocates
// whose casualty points wait for their owner's Allocate: what settling it
// needs, and the defenders as the attack saw them.
type pendingAllocation struct {
	Owner  maps.Side
	Target board.Hex
	Points int
	Valor  bool // the firers check for Valor once it is settled
	// Sniper: the firers' natural 12 calls the other side's sniper once it
	// is settled (rules 17.2).
	Sniper     bool `json:",omitempty"`
	Firers     []UnitID
	Units      []UnitID
	Defenders  []combat.Defender
	CrewChecks []UnitID
	// Vehicles are those the mortar Mortar, of ATFP MortarATFP, rolls
	// against once the points are spent (rules 12.67); empty, they leave
	// older digests as they were.
	Vehicles   []UnitID     `json:",omitempty"`
	Mortar     string       `json:",omitempty"`
	MortarATFP units.Rating `json:",omitempty"`
}

// PendingAllocation is an AP attack's casualty points waiting for the
// owner of the units it struck to say how they are spent.
type PendingAllocation struct {
	Owner  maps.Side
	Target board.Hex
	Points int
	// Units are the units the points may fall on (a vehicle followed by
	// its passengers), Defenders how the allocation sees them.
	Units     []*Unit
	Defenders []combat.Defender
	// Choices are the legal allocations, one loss per unit, the automatic
	// one first.
	Choices [][]combat.Loss
}

// AllocationPending returns the AP attack whose points wait for their
// owner's Allocate order, if one does: until it comes, the battle takes
// no other order, and Acting is the owner.
func (b *Battle) AllocationPending() (PendingAllocation, bool) {
	a := b.allocation
	if a == nil {
		return PendingAllocation{}, false
	}
	return PendingAllocation{Owner: a.Owner, Target: a.Target, Points: a.Points, Units: b.unitsOf(a.Units),
		Defenders: a.Defenders, Choices: b.infantry.(combat.CasualtyChoices).Allocations(a.Defenders, a.Points)}, true
}

// checkAllocate says why order o cannot settle the pending allocation.
func (b *Battle) checkAllocate(o Allocate) error {
	a := b.allocation
	if a == nil {
		return errors.New("no AP attack's casualty points wait to be allocated")
	}
	if len(o.Losses) != len(a.Units) {
		return fmt.Errorf("the allocation gives %d losses; the attack on %s struck %d units", len(o.Losses), b.Board().Label(a.Target), len(a.Units))
	}
	choices := b.infantry.(combat.CasualtyChoices).Allocations(a.Defenders, a.Points)
	if !slices.ContainsFunc(choices, func(c []combat.Loss) bool { return slices.Equal(c, o.Losses) }) {
		return fmt.Errorf("%s does not spend the %d casualty points as the rules allow", b.describeLosses(a, o.Losses), a.Points)
	}
	return nil
}

// describeLosses writes an allocation: "US Rifle Squad #1 pin, US Leader #3 none".
func (b *Battle) describeLosses(a *pendingAllocation, losses []combat.Loss) string {
	s := ""
	for i, l := range losses {
		if i > 0 {
			s += ", "
		}
		s += a.Defenders[i].Name + " " + l.String()
	}
	return s
}

func (b *Battle) allocate(o Allocate) ([]Event, error) {
	if err := b.checkAllocate(o); err != nil {
		return nil, err
	}
	a := *b.allocation
	sp, err := b.infantry.(combat.CasualtyChoices).SpendAs(a.Defenders, a.Points, o.Losses, b.dice)
	if err != nil {
		return nil, err
	}
	b.allocation = nil
	out := combat.APOutcome{Points: a.Points, Fates: sp.Fates, Rolls: sp.Rolls, Steps: sp.Steps}
	text := fmt.Sprintf("the %s spend the %d casualty point%s in %s", a.Owner, a.Points, map[bool]string{true: "", false: "s"}[a.Points == 1], b.Board().Label(a.Target))
	events := []Event{{Kind: CasualtiesAllocated, Hex: a.Target, AP: &out, Text: text}}
	return append(events, b.settleAP(a, sp.Fates)...), nil
}
