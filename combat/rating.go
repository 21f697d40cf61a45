package combat

import (
	"fmt"

	"hexfire/units"
)

// Rating is one value a ruleset rates a unit type or support weapon with
// ("ATFP" "D"), and where the value comes from.
type Rating struct {
	Name   string // the rating's name in the ruleset's own terms
	Value  string // as the ruleset prints it
	Origin Origin
	// Reason explains the value: the working of a derived one, where a
	// printed one is printed, why an overridden one differs from the
	// formula, or why a typed one has no formula.
	Reason string
}

// Origin says where a rating's value comes from.
type Origin uint8

// The origins of a rating.
const (
	// Derived: the ruleset's formula computed it from the unit's History.
	Derived Origin = iota
	// Printed: the rule text prints it; where the ruleset has a formula for
	// it, the formula gives the same value (its tests check it).
	Printed
	// Overridden: the ruleset sets it against its formula, for the reason
	// given.
	Overridden
	// Typed: the ruleset has no formula for it; the catalogue's value is
	// used as typed.
	Typed
)

var originNames = [...]string{"derived", "printed", "overridden", "typed"}

// String returns "derived", "printed", "overridden" or "typed".
func (o Origin) String() string {
	if int(o) < len(originNames) {
		return originNames[o]
	}
	return fmt.Sprintf("origin(%d)", o)
}

// MarshalText writes the origin's name, for JSON.
func (o Origin) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Rater is the optional capability of a ruleset that rates the catalogue
// from its historical facts. A caller holding a Ruleset asks for it with a
// type assertion, as io.Copy asks a Reader for io.WriterTo.
type Rater interface {
	// RateType returns the ruleset's ratings of a unit type, in the order
	// the ruleset lists them.
	RateType(*units.Type) ([]Rating, error)
	// RateWeapon returns the ruleset's ratings of a support weapon.
	RateWeapon(*units.Weapon) ([]Rating, error)
}
