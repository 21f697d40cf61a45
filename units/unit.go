package units

import (
	"fmt"

	"hexfire/board"
)

// Unit is one unit in play: its catalogue type and everything that changes
// during a battle. The battle engine owns units and changes them only by
// applying the outcomes of orders.
type Unit struct {
	ID     string // unique within a battle, e.g. "us-3"
	Type   *Type
	Side   int
	Hex    board.Hex
	Facing board.Direction // AFVs, vehicles and Guns; ignored for infantry

	Fire       bool // attacked (or fired smoke) this segment
	Move       bool // moved this segment
	Immobile   bool // immobilized AFV, for the rest of the game
	Pinned     bool
	Eliminated bool

	Carrier    string   // ID of the vehicle carrying or towing this unit, "" if none
	Passengers []string // IDs of the units it carries or tows
	Weapon     string   // support weapon held, "" if none
	Ammo       int      // shots left of a limited weapon; -1 unlimited
}

// NewUnit returns a fresh unit of type t with its catalogue support weapon
// and unlimited ammunition.
func NewUnit(id string, t *Type, side int, at board.Hex, facing board.Direction) *Unit {
	return &Unit{ID: id, Type: t, Side: side, Hex: at, Facing: facing, Weapon: t.Weapon, Ammo: -1}
}

// Passenger reports whether the unit is carried or towed by a vehicle.
func (u *Unit) Passenger() bool { return u.Carrier != "" }

// ClearMarkers removes the Fire and Move markers, as every After-Action
// phase does for both sides.
func (u *Unit) ClearMarkers() { u.Fire, u.Move = false, false }

// String returns "us-3 (M4A3E8)".
func (u *Unit) String() string { return fmt.Sprintf("%s (%s)", u.ID, u.Type.Name) }
