package ai_test

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/shiftchart"
)

// TestShiftchartPlaysWholeBattles plays the default scenario under the
// shiftchart ruleset (simultaneous fire, the d10 chart, the close assault
// of vehicles) with the opponent and with random play on both sides:
// every battle ends with no refused order and replays from its save, and
// shots and a vehicle assault happen (in seed 7 the opponent close-assaults
// a Sherman).
func TestShiftchartPlaysWholeBattles(t *testing.T) {
	kinds := map[battle.EventKind]int{}
	for _, e := range playedEvents(t, shiftchart.Name, 6, 7) {
		kinds[e.Kind]++
	}
	if kinds[battle.VehicleAssaulted] == 0 || kinds[battle.UnitFired] == 0 {
		t.Errorf("over 4 battles: %d vehicle assaults, %d shots; want both", kinds[battle.VehicleAssaulted], kinds[battle.UnitFired])
	}
}
