package battle

import "hexfire/board"

// Order is something a side tells its units to do. Orders are plain values;
// Apply validates and carries them out.
type Order interface {
	// Name is the order's name in save files and messages ("move").
	Name() string
}

// Move moves a unit along a path in the Movement phase. Path lists the poses
// after each step: a neighbouring hex entered, or a new facing in the same
// hex (see board.CheckPath). The other side may interrupt it with
// opportunity fire after each hex entered.
type Move struct {
	Unit UnitID
	Path []board.Pose
}

// Fire is an AT attack by Unit on Target. Leader, when not 0, is a leader
// stacked with an infantry firer who directs the fire. Panzerfaust fires one
// from the side's pool instead of the unit's own weapon.
type Fire struct {
	Unit, Target UnitID
	Leader       UnitID
	Panzerfaust  bool
}

// FireAP is an AP attack on the units in Target (infantry-combat.md): the
// fire group Units (infantry in one hex; or one AFV, vehicle or Gun with
// its passengers; or passengers of one vehicle), with Leader, when not 0,
// a leader in the group's hex who adds his APFP and modifier, and Grenades
// thrown from the side's pool at an adjacent hex. AT fire stays Fire.
type FireAP struct {
	Units    []UnitID
	Target   board.Hex
	Leader   UnitID
	Grenades bool
}

// Assault is a close assault in the Advance & Assault phase by infantry of
// one hex that did not advance, on the adjacent enemy hex Target; Grenades
// are thrown from the side's pool.
type Assault struct {
	Units    []UnitID
	Target   board.Hex
	Grenades bool
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

// Pass declines opportunity fire at the moving unit; its move goes on.
type Pass struct{}

// EndPhase ends the current phase for the acting side.
type EndPhase struct{}

// Name implements Order.
func (Move) Name() string { return "move" }

// Name implements Order.
func (Fire) Name() string { return "fire" }

// Name implements Order.
func (FireAP) Name() string { return "fire-ap" }

// Name implements Order.
func (Assault) Name() string { return "assault" }

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
func (Pass) Name() string { return "pass" }

// Name implements Order.
func (EndPhase) Name() string { return "end-phase" }
