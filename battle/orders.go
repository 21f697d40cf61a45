package battle

import (
	"errors"
	"fmt"

	"hexfire/board"
)

// Order is something a side tells its units to do. Orders are plain values;
// Apply validates and carries them out. The interface is sealed: only this
// package's order types implement it, and each carries how it is applied
// (and so checked, Check being Apply on a copy), written to a save and read
// back, so a new order cannot miss any of them. orderKinds lists them all.
type Order interface {
	// Name is the order's name in save files and messages ("move").
	Name() string
	// apply carries the order out on b, or says why not.
	apply(b *Battle) ([]Event, error)
	// record writes the order for a save file, with b's hex labels.
	record(b *board.Board) OrderRecord
	// parse reads an order of this kind from a save's record.
	parse(r OrderRecord, bd *board.Board) (Order, error)
}

// orderKinds is one zero value of every order type, the save format's
// vocabulary.
var orderKinds = []Order{Move{}, Turn{}, Fire{}, FireAP{}, Assault{}, AssaultVehicle{}, FireSmoke{}, PlaceSmoke{},
	Advance{}, Load{}, Unload{}, Repair{}, Pass{}, Halt{}, EndPhase{}, Enter{}, Exit{}, Allocate{}, Resolve{}, Transfer{}, Overrun{}, Snipe{}, WithdrawSniper{}, CallFire{}}

// Move moves a unit along a path in the Movement phase. Path lists the poses
// after each step: a neighbouring hex entered, or a new facing in the same
// hex (see board.CheckPath). The other side may interrupt it with
// opportunity fire after each hex entered. With are other infantry of the
// unit's hex that move with it as one stack (rules 6.31; Battle.StackSpec
// gives the stack's MP).
type Move struct {
	Unit UnitID
	Path []board.Pose
	With []UnitID
}

// Fire is an AT attack by Unit on Target. Leader, when not 0, is a leader
// stacked with an infantry firer who directs the fire. Panzerfaust fires one
// from the side's pool instead of the unit's own weapon (or, when the
// ruleset makes it inherent, the one the unit is assumed to carry).
// Desperation fires from terrain the ruleset otherwise forbids, accepting
// what it does to the firer's hex (combat.Shot.Desperation). Ammo, when
// not empty, is the round the firer chose, as the catalogue names it
// ("APCR"), for the rulesets that fire by ammunition (combat.Shot.Ammo).
// Second, when not 0, is a second enemy vehicle the volley may strike,
// for the rulesets whose volleys may hit two (combat.TwoTargetVolleys).
type Fire struct {
	Unit, Target UnitID
	Leader       UnitID
	Panzerfaust  bool
	Desperation  bool
	Ammo         string
	Second       UnitID
}

// FireAP is an AP attack on the units in Target (infantry-combat.md): the
// fire group Units (infantry in one hex; or one AFV, vehicle or Gun with
// its passengers; or passengers of one vehicle), with Leader, when not 0,
// a leader in the group's hex who adds his APFP and modifier, and Grenades
// counters thrown from the side's pool at an adjacent hex, one a unit at
// most (rules 12.52; Battle.GrenadeLimit). AT fire stays Fire.
// OwnerAllocates leaves the casualty points to the owner of the units hit
// (an Allocate order, when the rules allow more than one way to spend
// them) instead of the automatic allocation. Lane, when not NoLane, lays
// an MG fire lane in that pattern with opportunity fire (rules 13.9): one
// for each infantry unit of the group firing an MG support weapon.
type FireAP struct {
	Units          []UnitID
	Target         board.Hex
	Leader         UnitID
	Grenades       int
	OwnerAllocates bool
	Lane           LanePattern
}

// Assault is a close assault in the Advance & Assault phase by infantry of
// one hex that did not advance, on the adjacent enemy hex Target; Grenades
// counters are thrown from the side's pool, one a unit at most. Mine
// declares a magnetic mine attack on the vehicles that defend, under a
// ruleset that gives the attackers mines (tohit-tokill; refused by the
// others).
type Assault struct {
	Units    []UnitID
	Target   board.Hex
	Grenades int
	Mine     bool
}

// AssaultVehicle is a close assault in the Advance & Assault phase by one
// infantry unit on one enemy vehicle in its hex or next to it, under a
// ruleset that has one (combat.VehicleAssaultRules).
type AssaultVehicle struct {
	Unit, Target UnitID
}

// FireSmoke is a Gun or AFV firing a smoke round at Hex instead of attacking.
type FireSmoke struct {
	Unit UnitID
	Hex  board.Hex
}

// PlaceSmoke is an infantry unit laying Smoke 1 in its hex or an adjacent
// one, before it moves.
type PlaceSmoke struct {
	Unit UnitID
	Hex  board.Hex
}

// Advance moves a unit one hex in the Advance & Assault phase, whatever the
// terrain costs; a vehicle, AFV or Gun may instead (or after it) turn one
// hexside with a Turn order.
type Advance struct {
	Unit UnitID
	To   board.Hex
}

// Turn changes a unit's facing in place: a move in the Movement phase, or
// the one-hexside turn of the Advance phase.
type Turn struct {
	Unit   UnitID
	Facing board.Direction
}

// Load puts an infantry unit aboard a vehicle in its hex.
type Load struct {
	Unit, Carrier UnitID
}

// Unload takes an infantry unit off its vehicle into the vehicle's hex.
type Unload struct {
	Unit UnitID
}

// Repair is a unit spending its fire on an attempt to repair its broken
// weapon, in a ruleset whose broken weapons may be repaired
// (combat.WeaponRepairs).
type Repair struct {
	Unit UnitID
}

// Pass declines (further) opportunity fire at the moving unit. Its move
// goes on, unless it was fired at in this hex with some of its path still
// to go: then its owner says how it goes on (Battle.MovePaused). At the
// end of its path the move ends, as its owner gave it.
type Pass struct{}

// Halt stops a move that came through opportunity fire where the unit
// stands (rules 13.8); the unit is marked as having moved.
type Halt struct{}

// EndPhase ends the current phase for the acting side; under simultaneous
// fire it resolves the AT shots still declared first.
type EndPhase struct{}

// Resolve rolls every AT shot declared in this Fire or Defensive Fire
// phase under simultaneous fire (combat.SimultaneousFire), in the order
// declared, and applies what they did together; the phase's AT fire is
// then over.
type Resolve struct{}

// Name implements Order.
func (Move) Name() string { return "move" }

// Name implements Order.
func (Fire) Name() string { return "fire" }

// Name implements Order.
func (FireAP) Name() string { return "fire-ap" }

// Name implements Order.
func (Assault) Name() string { return "assault" }

// Name implements Order.
func (AssaultVehicle) Name() string { return "assault-vehicle" }

// Name implements Order.
func (FireSmoke) Name() string { return "fire-smoke" }

// Name implements Order.
func (PlaceSmoke) Name() string { return "place-smoke" }

// Name implements Order.
func (Advance) Name() string { return "advance" }

// Name implements Order.
func (Turn) Name() string { return "turn" }

// Name implements Order.
func (Load) Name() string { return "load" }

// Name implements Order.
func (Unload) Name() string { return "unload" }

// Name implements Order.
func (Repair) Name() string { return "repair" }

// Name implements Order.
func (Pass) Name() string { return "pass" }

// Name implements Order.
func (Halt) Name() string { return "halt" }

// Name implements Order.
func (EndPhase) Name() string { return "end-phase" }

// Name implements Order.
func (Resolve) Name() string { return "resolve" }

func (o Move) apply(b *Battle) ([]Event, error)           { return b.move(o) }
func (o Turn) apply(b *Battle) ([]Event, error)           { return b.turnInPlace(o) }
func (o Fire) apply(b *Battle) ([]Event, error)           { return b.fire(o) }
func (o FireAP) apply(b *Battle) ([]Event, error)         { return b.fireAP(o) }
func (o Assault) apply(b *Battle) ([]Event, error)        { return b.assault(o) }
func (o FireSmoke) apply(b *Battle) ([]Event, error)      { return b.fireSmoke(o) }
func (o AssaultVehicle) apply(b *Battle) ([]Event, error) { return b.assaultVehicle(o) }
func (o PlaceSmoke) apply(b *Battle) ([]Event, error)     { return b.placeSmoke(o) }
func (o Advance) apply(b *Battle) ([]Event, error)        { return b.advance(o) }
func (o Load) apply(b *Battle) ([]Event, error)           { return b.load(o) }
func (o Unload) apply(b *Battle) ([]Event, error)         { return b.unload(o) }
func (o Repair) apply(b *Battle) ([]Event, error)         { return b.repair(o) }
func (EndPhase) apply(b *Battle) ([]Event, error)         { return b.nextPhase() }
func (Resolve) apply(b *Battle) ([]Event, error)          { return b.resolve() }

func (Pass) apply(b *Battle) ([]Event, error) {
	if b.pending == nil {
		return nil, errors.New("no move is waiting for opportunity fire")
	}
	// Our choice: an overrun was given as one move, and goes on through
	// the fire as given; the rules' procedure (19.3) describes it whole.
	if b.pending.Fired && len(b.pending.Rest) > 0 && b.pending.Overrun == nil && !b.wholeMoves() {
		b.pending.Paused = true
		u := b.Unit(b.pending.Unit)
		return []Event{{Kind: MovePaused, Unit: u.ID, Hex: u.Pose.Hex,
			Text: fmt.Sprintf("%s came through the fire in %s: the %s move it on or halt it", u.Label(), b.Board().Label(u.Pose.Hex), u.Side)}}, nil
	}
	return b.continueMove(), nil
}

func (Halt) apply(b *Battle) ([]Event, error) { return b.halt() }

// poseText writes a pose as a save stores it: "E4 N".
func poseText(bd *board.Board, p board.Pose) string { return bd.Label(p.Hex) + " " + p.Facing.String() }

func (o Move) record(bd *board.Board) OrderRecord {
	r := OrderRecord{Order: o.Name(), Unit: o.Unit, Units: o.With}
	for _, p := range o.Path {
		r.Path = append(r.Path, poseText(bd, p))
	}
	return r
}

func (o Turn) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Facing: o.Facing.String()}
}

func (o Fire) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Target: o.Target, Leader: o.Leader, Panzerfaust: o.Panzerfaust,
		Desperation: o.Desperation, Ammo: o.Ammo, Second: o.Second}
}

func (o FireAP) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Units: o.Units, Hex: bd.Label(o.Target), Leader: o.Leader, GrenadeCount: o.Grenades,
		OwnerAllocates: o.OwnerAllocates, Lane: o.Lane.String()}
}

func (o Assault) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Units: o.Units, Hex: bd.Label(o.Target), GrenadeCount: o.Grenades, Mine: o.Mine}
}

func (o AssaultVehicle) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Target: o.Target}
}

func (o FireSmoke) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Hex: bd.Label(o.Hex)}
}

func (o PlaceSmoke) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Hex: bd.Label(o.Hex)}
}

func (o Advance) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Hex: bd.Label(o.To)}
}

func (o Load) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Carrier: o.Carrier}
}

func (o Unload) record(*board.Board) OrderRecord { return OrderRecord{Order: o.Name(), Unit: o.Unit} }
func (o Repair) record(*board.Board) OrderRecord { return OrderRecord{Order: o.Name(), Unit: o.Unit} }
func (o Pass) record(*board.Board) OrderRecord   { return OrderRecord{Order: o.Name()} }
func (o Halt) record(*board.Board) OrderRecord   { return OrderRecord{Order: o.Name()} }

func (o EndPhase) record(*board.Board) OrderRecord { return OrderRecord{Order: o.Name()} }
func (o Resolve) record(*board.Board) OrderRecord  { return OrderRecord{Order: o.Name()} }

// hexField reads a record's "hex" field.
func hexField(r OrderRecord, bd *board.Board) (board.Hex, error) {
	h, err := bd.ParseHex(r.Hex)
	if err != nil {
		return h, fmt.Errorf("field \"hex\": %w", err)
	}
	return h, nil
}

func (Move) parse(r OrderRecord, bd *board.Board) (Order, error) {
	m := Move{Unit: r.Unit, With: r.Units}
	for _, s := range r.Path {
		p, err := parsePose(bd, s)
		if err != nil {
			return nil, fmt.Errorf("field \"path\": %w", err)
		}
		m.Path = append(m.Path, p)
	}
	return m, nil
}

func (Turn) parse(r OrderRecord, _ *board.Board) (Order, error) {
	d, err := parseDirection(r.Facing)
	if err != nil {
		return nil, fmt.Errorf("field \"facing\": %w", err)
	}
	return Turn{Unit: r.Unit, Facing: d}, nil
}

// maxAmmoName bounds a saved Fire order's ammunition name.
const maxAmmoName = 16

func (Fire) parse(r OrderRecord, _ *board.Board) (Order, error) {
	if len(r.Ammo) > maxAmmoName {
		return nil, fmt.Errorf("field \"ammo\": %d characters, at most %d", len(r.Ammo), maxAmmoName)
	}
	return Fire{Unit: r.Unit, Target: r.Target, Leader: r.Leader, Panzerfaust: r.Panzerfaust, Desperation: r.Desperation,
		Ammo: r.Ammo, Second: r.Second}, nil
}

func (FireAP) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	if err != nil {
		return nil, err
	}
	lane, err := ParseLanePattern(r.Lane)
	if err != nil {
		return nil, fmt.Errorf("field \"lane\": %w", err)
	}
	return FireAP{Units: r.Units, Target: h, Leader: r.Leader, Grenades: r.grenades(), OwnerAllocates: r.OwnerAllocates, Lane: lane}, nil
}

func (Assault) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	return Assault{Units: r.Units, Target: h, Grenades: r.grenades(), Mine: r.Mine}, err
}

func (AssaultVehicle) parse(r OrderRecord, _ *board.Board) (Order, error) {
	return AssaultVehicle{Unit: r.Unit, Target: r.Target}, nil
}

func (FireSmoke) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	return FireSmoke{Unit: r.Unit, Hex: h}, err
}

func (PlaceSmoke) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	return PlaceSmoke{Unit: r.Unit, Hex: h}, err
}

func (Advance) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	return Advance{Unit: r.Unit, To: h}, err
}

func (Load) parse(r OrderRecord, _ *board.Board) (Order, error) {
	return Load{Unit: r.Unit, Carrier: r.Carrier}, nil
}

func (Unload) parse(r OrderRecord, _ *board.Board) (Order, error) { return Unload{Unit: r.Unit}, nil }
func (Repair) parse(r OrderRecord, _ *board.Board) (Order, error) { return Repair{Unit: r.Unit}, nil }
func (Pass) parse(OrderRecord, *board.Board) (Order, error)       { return Pass{}, nil }
func (Halt) parse(OrderRecord, *board.Board) (Order, error)       { return Halt{}, nil }
func (EndPhase) parse(OrderRecord, *board.Board) (Order, error)   { return EndPhase{}, nil }
func (Resolve) parse(OrderRecord, *board.Board) (Order, error)    { return Resolve{}, nil }
