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

// OrderError is an order the battle refused, with the reason in words a
// player understands. The battle is unchanged by a refused order.
type OrderError struct {
	Order Order
	Err   error
}

// Error returns "move: D4 → D5: building is prohibited for vehicles".
func (e *OrderError) Error() string { return e.Order.Name() + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *OrderError) Unwrap() error { return e.Err }

// Apply validates order o for the acting side and carries it out, returning
// what happened. A refused order returns an *OrderError and changes nothing.
func (b *Battle) Apply(o Order) ([]Event, error) {
	if b.knownTo != "" {
		return nil, &OrderError{Order: o, Err: errKnownBattle}
	}
	rolled, declared, commands := b.dice.count, len(b.declared), b.commands
	actor := b.Acting()
	news := b.newsFor(actor)
	spotted := b.spottedByFoe()
	events, err := b.apply(o)
	if err != nil {
		return nil, &OrderError{Order: o, Err: err}
	}
	switch o.(type) {
	case Transfer, CallFire: // the Command phase's orders
	default:
		if b.commands == commands {
			b.command = false
		}
	}
	b.orders = append(b.orders, o)
	b.history.record(o, actor)
	switch o.(type) {
	case Move, Turn:
		b.undoable = b.pending == nil && b.dice.count == rolled && b.phase == Movement
	case Fire:
		// A shot declared under simultaneous fire rolled nothing yet.
		b.undoable = len(b.declared) > declared && b.dice.count == rolled
	default:
		b.undoable = false
	}
	events = append(events, b.checkSuddenDeath()...)
	events = append(events, b.learn(events, actor)...)
	if lost := b.passMoverLost(); lost != nil {
		events = append(events, lost...)
		events = append(events, b.learn(lost, actor)...)
	}
	events = b.markUnseen(events, spotted)
	if b.fog && b.newsFor(actor) != news {
		b.undoable = false // what the order showed cannot be unseen
	}
	return events, nil
}

// admissible refuses any order once the battle is over, any order but an
// Allocate while an AP attack's points wait for their owner (and an
// Allocate when none do), and any order but fire or a pass while a move
// waits for opportunity fire.
func (b *Battle) admissible(o Order) error {
	if b.result != nil {
		return errors.New("the battle is over")
	}
	if _, ok := o.(Allocate); ok != (b.allocation != nil) {
		if ok {
			return errors.New("no AP attack's casualty points wait to be allocated")
		}
		return fmt.Errorf("the casualty points of the attack on %s wait for the %s to spend them", b.Board().Label(b.allocation.Target), b.allocation.Owner)
	}
	switch {
	case b.allocation != nil: // the Allocate settles the attack, then the move goes on
	case b.pending != nil && b.pending.Paused:
		switch o.(type) {
		case Move, Halt:
		default:
			return fmt.Errorf("%s came through the fire: the %s move it on or halt it", b.Unit(b.pending.Unit).Label(), b.Acting())
		}
	case b.pending != nil:
		switch o.(type) {
		case Fire, FireAP, Pass, Snipe:
		default:
			return fmt.Errorf("%s is moving: the %s may opportunity-fire at it or pass", b.Moving().Label(), b.Acting())
		}
	}
	return nil
}

func (b *Battle) apply(o Order) ([]Event, error) {
	if err := b.admissible(o); err != nil {
		return nil, err
	}
	if o == nil {
		return nil, errors.New("no order")
	}
	return o.apply(b)
}

// actor returns the unit an order is for, if it belongs to the acting side,
// is still in the battle and is no dummy (a dummy only moves: mover).
func (b *Battle) actor(id UnitID) (*Unit, error) {
	u, err := b.mover(id)
	if err == nil && u.Dummy() {
		return nil, dummyRefused(u)
	}
	return u, err
}

// mover is actor for an order a dummy may be given too: a move, a turn,
// an advance.
func (b *Battle) mover(id UnitID) (*Unit, error) {
	u := b.Unit(id)
	switch {
	case u == nil:
		return nil, fmt.Errorf("there is no unit #%d", id)
	case u.Eliminated:
		return nil, fmt.Errorf("%s has been eliminated", u.Label())
	case u.Vanished():
		return nil, fmt.Errorf("%s was a dummy, and is gone", u.Label())
	case u.Waiting():
		return nil, fmt.Errorf("%s has not entered the map yet", u.Label())
	case u.exited != "":
		return nil, fmt.Errorf("%s has left the map", u.Label())
	case u.Side != b.Acting():
		return nil, fmt.Errorf("%s belongs to the %s, and it is the %s who act now", u.Label(), u.Side, b.Acting())
	}
	if err := b.checkForbidden(u, combat.ForbidAll, "act"); err != nil {
		return nil, err
	}
	return u, nil
}

// requirePhase refuses an order of the phasing side outside phase p.
func (b *Battle) requirePhase(p Phase, what string) error {
	if b.phase != p {
		return fmt.Errorf("%s in the %s phase, and this is the %s phase", what, p, b.phase)
	}
	return nil
}

// MoveSpec returns what the board needs to move u: its kind and its MP now
// (0 for a unit that may not move; the MP it has left while its move waits
// for its owner after opportunity fire, MovePaused).
func (b *Battle) MoveSpec(u *Unit) board.MoveSpec {
	spec := b.allowance(u)
	if b.pending != nil && b.pending.Paused && b.pending.Unit == u.ID {
		spec.MP = b.mpLeft(u)
	}
	return spec
}

// allowance is u's kind and whole MP for a move (0 for a unit that may
// not move).
func (b *Battle) allowance(u *Unit) board.MoveSpec {
	t := u.Type
	spec := board.MoveSpec{Kind: board.Vehicle, MP: t.MP, Armoured: t.Kind == units.AFV}
	switch {
	case t.Kind == units.Gun:
		spec.Kind = board.Gun
	case t.Kind.Infantry():
		spec.Kind, spec.MP = board.Infantry, infantryMP(t.Kind)
		if w, err := b.catalogue.LookupWeapon(u.SupportWeapon); u.SupportWeapon != "" && err == nil && w.Type == units.Heavy {
			spec.MP--
		}
	}
	if u.Has(Immobile) {
		spec.MP = 0
	}
	if b.slowed(u) {
		spec.MP /= 2
	}
	return spec
}

// infantryMP is §3: squads and half squads 4, leaders 6 (a squad moving
// with a leader as a stack has his 6: StackSpec).
func infantryMP(k units.Kind) int {
	if k == units.Leader {
		return 6
	}
	return 4
}

// CheckMove says why u may not start a move now (aboard, immobilized,
// fired or moved this segment), or returns nil.
func (b *Battle) CheckMove(u *Unit) error {
	switch {
	case u.Carrier != 0 && u.Type.Kind == units.Gun:
		return fmt.Errorf("%s is in tow: its tower moves it, or unhooks it", u.Label())
	case u.Carrier != 0:
		return fmt.Errorf("%s is aboard a vehicle: unload it first", u.Label())
	case u.Has(Immobile):
		return fmt.Errorf("%s is immobilized", u.Label())
	case u.Has(Pinned):
		return fmt.Errorf("%s is pinned and may not move", u.Label())
	case u.Has(Fired):
		return fmt.Errorf("%s fired %s and may not move", u.Label(), b.firedWhen(u))
	case u.Has(Moved):
		return fmt.Errorf("%s has already moved in this turn's %s Movement phase", u.Label(), b.phasing.Adjective())
	}
	return b.checkForbidden(u, combat.ForbidMove, "move")
}

// Occupancy returns what the board must know about the other units for u
// to move: no enemy hex may be entered, no hex over-stacked at the end.
// The units' hexes are read once, as they stand when it is called (under
// Steady, its index of them, and what each hex holds is sorted out as the
// board asks about the hex). Under
// fog an enemy unit u's side does not know of counts as absent: the move
// is planned on the map as its side sees it, and runs into the unit
// (bump) if it tries to enter its hex; a contact bars its hex, as the
// unit behind it does in the battle itself (knownEnemyIn).
func (b *Battle) Occupancy(u *Unit) board.Occupancy {
	us := []*Unit{u}
	contacts := u.Side == b.knownTo // a side's known battle holds its contacts as hexes
	known := func(o *Unit) bool { return !b.unknownTo(u.Side, o) }
	if index := b.hexIndex; index != nil { // under Steady: each hex looked up as it is asked about
		return board.Occupancy{
			CanEnter: func(h board.Hex) bool {
				return !slices.ContainsFunc(index[h], func(o *Unit) bool { return o.Side != u.Side && known(o) }) && !(contacts && b.contactHexes[h])
			},
			CanEnd: func(h board.Hex) bool {
				there := slices.DeleteFunc(slices.Clone(index[h]), func(o *Unit) bool { return !known(o) })
				return b.stackErrorAmong(us, nil, h, there) == nil
			},
		}
	}
	at := make(map[board.Hex][]*Unit, len(b.units)) // as UnitsAt, for every hex at once
	enemy := make(map[board.Hex]bool, len(b.units))
	for _, o := range b.units {
		if o.OnMap() && known(o) {
			at[o.Pose.Hex] = append(at[o.Pose.Hex], o)
			enemy[o.Pose.Hex] = enemy[o.Pose.Hex] || o.Side != u.Side
		}
	}
	return board.Occupancy{
		CanEnter: func(h board.Hex) bool { return !enemy[h] && !(contacts && b.contactHexes[h]) },
		CanEnd:   func(h board.Hex) bool { return b.stackErrorAmong(us, nil, h, at[h]) == nil },
	}
}

// knownEnemyIn is enemyIn counting, under fog, only the enemy units side
// knows of: what a player's order may aim at or be refused for (a dummy
// it takes for a unit as much as a unit).
func (b *Battle) knownEnemyIn(side maps.Side, h board.Hex) bool {
	if b.contactHexes[h] && side == b.knownTo {
		return true
	}
	return slices.ContainsFunc(b.standingAt(h), func(e *Unit) bool { return e.Side != side && !b.unknownTo(side, e) })
}

// enemyIn reports whether h holds units of the enemy of side, dummies
// included: a hex side may not enter or end in.
func (b *Battle) enemyIn(side maps.Side, h board.Hex) bool {
	for _, o := range b.standingAt(h) {
		if o.Side != side {
			return true
		}
	}
	return false
}

// stackingError says why u may not end in h (§3): at most 4 infantry, or 2
// AFVs/vehicles/Guns, or 1 of those with 2 infantry. Passengers do not
// count; a dummy counts as a squad (ours: a hex's counters never tell the
// enemy that one of them is a dummy).
func (b *Battle) stackingError(u *Unit, h board.Hex) error {
	return b.stackError([]*Unit{u}, h)
}

// stackError is stackingError for the units us ending in h together.
func (b *Battle) stackError(us []*Unit, h board.Hex) error {
	return b.stackErrorLeaving(us, nil, h)
}

// stackErrorLeaving is stackError while the units leaving, in h now, go on.
func (b *Battle) stackErrorLeaving(us, leaving []*Unit, h board.Hex) error {
	return b.stackErrorAmong(us, leaving, h, b.standingAt(h))
}

// stackErrorAmong is stackErrorLeaving with the units in h given (there).
func (b *Battle) stackErrorAmong(us, leaving []*Unit, h board.Hex, there []*Unit) error {
	vehicles, infantry := 0, 0
	count := func(t *units.Type) {
		if t.Kind.Infantry() {
			infantry++
		} else {
			vehicles++
		}
	}
	for _, o := range there {
		if !slices.Contains(us, o) && !slices.Contains(leaving, o) {
			count(o.Type)
		}
	}
	for _, u := range us {
		count(u.Type)
	}
	switch {
	case vehicles == 0 && infantry <= 4, vehicles == 1 && infantry <= 2, vehicles == 2 && infantry == 0:
		return b.fortStackError(us, leaving, h)
	}
	return fmt.Errorf("%s would be over-stacked (%d vehicles/Guns and %d infantry; at most 4 infantry, 2 vehicles, or 1 vehicle with 2 infantry)",
		b.Board().Label(h), vehicles, infantry)
}

func (b *Battle) move(o Move) ([]Event, error) {
	if b.pending != nil {
		return b.resumeMove(o)
	}
	if err := b.requirePhase(Movement, "units move"); err != nil {
		return nil, err
	}
	u, err := b.mover(o.Unit)
	if err != nil {
		return nil, err
	}
	if err := b.CheckMove(u); err != nil {
		return nil, err
	}
	if len(o.Path) == 0 {
		return nil, fmt.Errorf("the path of %s is empty", u.Label())
	}
	us, err := b.moveStack(o)
	if err != nil {
		return nil, err
	}
	cost, err := b.Board().CheckPath(b.StackSpec(us), u.Pose, o.Path, b.StackOccupancy(us))
	if err != nil {
		return nil, err
	}
	for _, m := range us {
		m.MovedFrom = m.Pose.Hex
		m.LastMove = LastMove{Segment: b.segment(), Cost: cost, MP: b.StackSpec(us).MP}
	}
	if b.intel != nil {
		b.intel.moveBegins(us)
	}
	b.pending = &pendingMove{Unit: u.ID, With: slices.Clone(o.With), Rest: o.Path, Cost: cost}
	return b.continueMove(), nil
}

// resumeMove goes on with a move paused for its owner (rules 13.8): o's
// path, from where the mover stands, within the MP it has left; the rest
// of the path first given, or any other.
func (b *Battle) resumeMove(o Move) ([]Event, error) {
	u := b.Unit(b.pending.Unit)
	if o.Unit != u.ID {
		return nil, fmt.Errorf("%s came through the fire: move it on or halt it before moving another unit", u.Label())
	}
	if len(o.Path) == 0 {
		return nil, fmt.Errorf("the path of %s is empty (Halt stops it)", u.Label())
	}
	if len(o.With) > 0 && !slices.Equal(o.With, b.pending.With) {
		return nil, fmt.Errorf("%s goes on as the stack it is (with %d units), or halts", u.Label(), len(b.pending.With))
	}
	spec := b.MoveSpec(u)
	left := spec.MP
	spec.MP = max(left, 1) // a free turn needs no MP left; the cost is checked below
	cost, err := b.Board().CheckPath(spec, u.Pose, o.Path, b.StackOccupancy(b.movers()))
	switch {
	case err != nil:
		return nil, err
	case cost > left: // a minimum move is the start of a move, never its rest
		return nil, fmt.Errorf("the path costs %d MP and %s has %d left", cost, u.Label(), left)
	}
	if here := u.Pose.Hex; here != u.MovedFrom && b.Board().StopsIn(spec, here) {
		return nil, fmt.Errorf("%s entered the barbed wire in %s and stops there (rules 20.8)", u.Label(), b.Board().Label(here))
	}
	pm := b.pending
	pm.Cost += cost - b.restCost(u)
	pm.Rest, pm.Fired, pm.Paused = o.Path, false, false
	for _, m := range b.movers() {
		m.LastMove.Cost = pm.Cost
	}
	return b.continueMove(), nil
}

// mpLeft is the MP the pending move's unit has left where it stands: its
// allowance less what the move has cost so far (the cost given less that
// of the rest still to go).
func (b *Battle) mpLeft(u *Unit) int {
	return max(0, b.StackSpec(b.movers()).MP-(b.pending.Cost-b.restCost(u)))
}

// restCost is the MP the rest of the pending move costs from where u
// stands.
func (b *Battle) restCost(u *Unit) int {
	spec := b.allowance(u)
	spec.MP = board.MaxMP
	c, err := b.Board().CheckPath(spec, u.Pose, b.pending.Rest, b.StackOccupancy(b.movers()))
	if err != nil {
		return 0
	}
	return c
}

// halt stops a move paused for its owner where the unit stands.
func (b *Battle) halt() ([]Event, error) {
	if b.pending == nil || !b.pending.Paused {
		return nil, errors.New("no move waits for its owner to go on or halt")
	}
	return b.endMove(b.Unit(b.pending.Unit)), nil
}

// continueMove carries the pending move on, one step at a time, until it
// ends or a hex entered gives the other side a chance to opportunity-fire.
func (b *Battle) continueMove() []Event {
	pm := b.pending
	us := b.movers()
	u, names := us[0], stackNames(us)
	var events []Event
	for len(pm.Rest) > 0 {
		next := pm.Rest[0]
		if next.Hex != u.Pose.Hex && b.bumpsInto(next.Hex) {
			bumped, halted := b.bump(us, next.Hex)
			events = append(events, bumped...)
			if halted {
				events = append(events, b.fallBackFromOverrun(us)...)
				pm.Rest = nil
				break
			}
		}
		pm.Rest = pm.Rest[1:]
		from := u.Pose
		for _, m := range us {
			b.setPose(m, next)
		}
		text := fmt.Sprintf("%s turns to %v in %s", names, next.Facing, b.Board().Label(next.Hex))
		if next.Hex != from.Hex {
			text = fmt.Sprintf("%s move%s %s → %s", names, verbS(us), b.Board().Label(from.Hex), b.Board().Label(next.Hex))
		}
		if b.intel != nil {
			b.intel.update(b, us)
		}
		events = append(events, Event{Kind: UnitMoved, Unit: u.ID, From: from, To: next, Hex: next.Hex, Text: text, seen: b.inSightOfFoe(us)})
		if u.Dummy() && next.Hex != from.Hex {
			events = append(events, b.dummyEntered(u)...)
		}
		if u.Vanished() {
			b.pending = nil // the enemy found the dummy out on the way
			return events
		}
		if next.Hex != from.Hex && !u.Dummy() {
			events = append(events, b.sniperOverrun(u.Side, next.Hex)...)
			mines, hit := b.mineAttack(us, next.Hex)
			events = append(events, mines...)
			if hit {
				// Our choice: a stack that loses a unit to the mines halts
				// where it is; the rules' text says nothing of stacks.
				pm.Rest = nil
				break
			}
			lane, halted := b.laneAttack(us, next.Hex)
			events = append(events, lane...)
			if halted {
				events = append(events, b.stopHaltedMover()...)
				if b.pending == nil {
					return events
				}
				us = b.movers()
				u, names = us[0], stackNames(us)
			}
		}
		if ov := pm.Overrun; ov != nil && next.Hex == ov.Target {
			// No opportunity fire as the AFV enters the hex it overruns
			// (rules 19.2): the attack is made, and it drives on.
			events = append(events, b.overrunHits(u)...)
			continue
		}
		if next.Hex != from.Hex && b.inSightOfFoe(us) && b.opportunityOffered() {
			return append(events, Event{Kind: OpportunityOffered, Unit: u.ID, Hex: next.Hex,
				Text: fmt.Sprintf("the %s may opportunity-fire at %s in %s", Opponent(u.Side), names, b.Board().Label(next.Hex))})
		}
	}
	return append(events, b.endMove(u)...)
}

// endMove finishes the pending move of u (and of the units moving with it)
// and marks them Move.
func (b *Battle) endMove(u *Unit) []Event {
	us := []*Unit{u}
	if b.pending != nil {
		us = b.movers()
	}
	b.pending = nil
	var live []*Unit
	for _, m := range us {
		if m.Active() {
			m.Markers |= Moved
			live = append(live, m)
		}
	}
	if len(live) == 0 {
		return nil
	}
	text := fmt.Sprintf("%s ends its move in %s", live[0].Label(), b.Board().Label(live[0].Pose.Hex))
	if len(live) > 1 {
		text = fmt.Sprintf("%s end their move in %s", stackNames(live), b.Board().Label(live[0].Pose.Hex))
	}
	return []Event{{Kind: MoveEnded, Unit: live[0].ID, Hex: live[0].Pose.Hex, Text: text}}
}

// verbS is the "s" of a verb whose subject is the units us: "moves" for
// one, "move" for several.
func verbS(us []*Unit) string {
	if len(us) == 1 {
		return "s"
	}
	return ""
}

// setPose moves a unit and whatever it carries.
func (b *Battle) setPose(u *Unit, p board.Pose) {
	u.Pose = p
	for _, c := range b.carried(u.ID) {
		c.Pose = p
	}
}

func (b *Battle) turnInPlace(o Turn) ([]Event, error) {
	if b.phase == Movement {
		u := b.Unit(o.Unit)
		if u == nil {
			return nil, fmt.Errorf("there is no unit #%d", o.Unit)
		}
		return b.move(Move{Unit: o.Unit, Path: []board.Pose{{Hex: u.Pose.Hex, Facing: o.Facing}}})
	}
	u, err := b.checkTurnInAdvance(o)
	if err != nil {
		return nil, err
	}
	from := u.Pose
	b.setPose(u, board.Pose{Hex: u.Pose.Hex, Facing: o.Facing})
	u.Markers |= TurnedInAdvance
	return []Event{{Kind: UnitMoved, Unit: u.ID, From: from, To: u.Pose, Hex: u.Pose.Hex,
		Text: fmt.Sprintf("%s turns to %v in %s", u.Label(), o.Facing, b.Board().Label(u.Pose.Hex))}}, nil
}

// checkTurnInAdvance returns the unit of order o, given outside the
// Movement phase (where a turn is a move), if it may turn now, changing
// nothing.
func (b *Battle) checkTurnInAdvance(o Turn) (*Unit, error) {
	if b.phase != AdvancePhase {
		return nil, fmt.Errorf("units turn in the Movement or Advance & Assault phase, and this is the %s phase", b.phase)
	}
	u, err := b.mover(o.Unit)
	if err != nil {
		return nil, err
	}
	switch {
	case u.Type.Kind.Infantry():
		return nil, errors.New("infantry have no facing to turn")
	case !o.Facing.Valid():
		return nil, fmt.Errorf("facing %d is not a direction 0..5", o.Facing)
	case u.Carrier != 0 || u.Has(Immobile):
		return nil, fmt.Errorf("%s cannot turn", u.Label())
	case u.Has(Pinned):
		return nil, fmt.Errorf("%s is pinned and may not turn", u.Label())
	case u.Has(TurnedInAdvance):
		return nil, fmt.Errorf("%s has already turned in this phase (one hexside, after the advance or instead of it)", u.Label())
	case u.Pose.Facing.Turns(o.Facing) != 1:
		return nil, fmt.Errorf("in the Advance phase a unit turns one hexside, not %d", u.Pose.Facing.Turns(o.Facing))
	}
	return u, nil
}

func (b *Battle) advance(o Advance) ([]Event, error) {
	if err := b.requirePhase(AdvancePhase, "units advance"); err != nil {
		return nil, err
	}
	u, err := b.mover(o.Unit)
	if err != nil {
		return nil, err
	}
	d, adjacent := u.Pose.Hex.DirectionTo(o.To)
	spec := b.MoveSpec(u)
	switch {
	case u.Carrier != 0:
		return nil, fmt.Errorf("%s is aboard a vehicle", u.Label())
	case u.Has(Immobile):
		return nil, fmt.Errorf("%s is immobilized", u.Label())
	case u.Has(Pinned):
		return nil, fmt.Errorf("%s is pinned and may not advance", u.Label())
	case u.Has(Advanced):
		return nil, fmt.Errorf("%s has already advanced or assaulted in this phase", u.Label())
	case u.Has(TurnedInAdvance):
		return nil, fmt.Errorf("%s turned instead of advancing in this phase", u.Label())
	case u.Type.Kind == units.Gun && u.Type.MP == 0:
		return nil, fmt.Errorf("%s moves only when towed", u.Label())
	case !adjacent:
		return nil, fmt.Errorf("an advance is one hex, and %s is not next to %s", b.Board().Label(o.To), b.Board().Label(u.Pose.Hex))
	case !b.Board().Contains(o.To):
		return nil, fmt.Errorf("%s is off the map", b.Board().Label(o.To))
	case spec.Kind == board.Vehicle && d != u.Pose.Facing && d != u.Pose.Facing.Opposite():
		return nil, fmt.Errorf("a vehicle advances into the hex ahead or behind it, and %s is neither", b.Board().Label(o.To))
	case b.knownEnemyIn(u.Side, o.To):
		return nil, fmt.Errorf("%s holds enemy units", b.Board().Label(o.To))
	}
	// The advance ignores the MP cost, not what may not be entered at all.
	if _, err := b.Board().StepCost(spec.Kind.Mover(), u.Pose.Hex, d); err != nil {
		return nil, err
	}
	if b.Board().Fort(o.To).Kind == board.Wire && spec.BarredByWire() {
		return nil, fmt.Errorf("barbed wire in %s bars %s (rules 20.8)", b.Board().Label(o.To), u.Label())
	}
	// Checked before the bump, which may take dummies away: after it the
	// hex is empty and has room for the unit, or it held no dummy.
	if err := b.fortBars(u, o.To); err != nil {
		return nil, err
	}
	bumped, halted := b.bump([]*Unit{u}, o.To)
	if halted {
		u.Markers |= Advanced // the advance is spent on finding them
		return bumped, nil
	}
	if err := b.stackingError(u, o.To); err != nil {
		return nil, err
	}
	from := u.Pose
	b.setPose(u, board.Pose{Hex: o.To, Facing: u.Pose.Facing})
	u.Markers |= Advanced
	events := append(bumped, Event{Kind: UnitMoved, Unit: u.ID, From: from, To: u.Pose, Hex: o.To,
		Text: fmt.Sprintf("%s advances %s → %s", u.Label(), b.Board().Label(from.Hex), b.Board().Label(o.To))})
	if u.Dummy() {
		return append(events, b.dummyEntered(u)...), nil
	}
	events = append(events, b.sniperOverrun(u.Side, o.To)...)
	mines, _ := b.mineAttack([]*Unit{u}, o.To)
	return append(events, mines...), nil
}
