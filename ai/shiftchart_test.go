package ai_test

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/shiftchart"
)

// TestShiftchartPlaysWholeBattles plays the default scenario under the
// shiftchart ruleset (simultaneous fire, the d10 chart) with the opponent
// and with random play on both sides: every battle ends with no refused
// order and replays from its save, and shots happen. Whole battles on
// this map rarely bring infantry next to a tank; the close assault of
// vehicles is pinned by TestOpponentAssaultsVehicles (a fixture) and
// battle's TestAssaultVehicle, which replays it from a save.
func TestShiftchartPlaysWholeBattles(t *testing.T) {
	kinds := map[battle.EventKind]int{}
	for _, e := range playedEvents(t, shiftchart.Name, 6, 7) {
		kinds[e.Kind]++
	}
	if kinds[battle.UnitFired] == 0 {
		t.Errorf("over 4 battles: %d shots; want some", kinds[battle.UnitFired])
	}
}
