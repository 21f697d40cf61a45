package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// The tests in this file pin the faults that a read of the default ruleset
// against the public standard rules found (issue 14), each in the rule's
// terms.

// TestSupportWeaponWeightAndMP: only a Heavy support weapon costs its
// carrier a movement point (rules 6.3), and the Panzerschreck is Light
// (rules 12.1).
func TestSupportWeaponWeightAndMP(t *testing.T) {
	tests := []struct {
		unit, weapon string
		mp           int
	}{
		{"German Panzerschreck Team", "Panzerschreck", 4},
		{"German Rifle Squad", "MG34", 4},
		{"German Rifle Squad", "5cm Mortar", 3},
		{"German Rifle Squad", "", 4},
	}
	for _, tt := range tests {
		t.Run(tt.unit+" "+tt.weapon, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{tt.unit, maps.Axis, "C3", 0},
				{"M4A3E8", maps.Allies, "H1", board.DirS},
			}}.battle(t)
			u := b.Unit(1)
			u.SupportWeapon = tt.weapon
			if have := b.MoveSpec(u).MP; have != tt.mp {
				t.Errorf("MP with %q = %d, want %d", tt.weapon, have, tt.mp)
			}
		})
	}
}
