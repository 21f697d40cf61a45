package combat

import (
	"fmt"
	"strings"

	"hexfire/fileio"
	"hexfire/units"
)

// Quality is a unit's troop quality. The default ruleset knows only
// regular and elite infantry (the catalogue's elite flag); the other
// rulesets read green and veteran troops too (shiftchart's close assault,
// d20's training modifiers). A scenario sets it per placement.
type Quality uint8

// The qualities, from worst to best. The zero value is Regular.
const (
	Regular Quality = iota
	Green
	Veteran
	Elite
)

var qualityNames = [...]string{"regular", "green", "veteran", "elite"}

// String returns the quality's name.
func (q Quality) String() string {
	if int(q) < len(qualityNames) {
		return qualityNames[q]
	}
	return "quality?"
}

// ParseQuality reads a quality's name.
func ParseQuality(s string) (Quality, error) {
	for i, n := range qualityNames {
		if n == s {
			return Quality(i), nil
		}
	}
	return 0, fmt.Errorf("%s is not a troop quality (%s)", fileio.Quote(s), strings.Join(qualityNames[:], ", "))
}

// QualityOf is the troop quality of a unit of catalogue type t that no one
// has given another: elite for the catalogue's elite types, else regular.
func QualityOf(t *units.Type) Quality {
	if t.Elite {
		return Elite
	}
	return Regular
}
