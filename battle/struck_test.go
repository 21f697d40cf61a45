package battle

import (
	"slices"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestStruckByAP checks which units AP fire at their hex strikes, and that
// the defenders PlanAP counts in each hex (apDefenders) are exactly those.
func TestStruckByAP(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "A1", 0},          // 1
		{"M3 Halftrack", maps.Allies, "C1", board.DirS},   // 2: an AFV
		{"US Rifle Squad", maps.Allies, "C1", 0},          // 3: rides the halftrack
		{"Opel Blitz", maps.Axis, "E1", board.DirS},       // 4: a truck
		{"German Rifle Squad", maps.Axis, "E1", 0},        // 5: rides the truck
		{"Pak 40", maps.Axis, "G1", board.DirS},           // 6: a Gun
		{"M4A3E8", maps.Allies, "A3", board.DirN},         // 7: an AFV alone
		{"German Rifle Squad", maps.Axis, "D5", 0},        // 8: the firer at the allies
		{"US Rifle Squad", maps.Allies, "F5", 0},          // 9: the firer at the axis
		{"German Panzerschreck Team", maps.Axis, "H3", 0}, // 10
	}}.battle(t)
	b.Unit(3).Carrier = 2
	b.Unit(5).Carrier = 4
	want := map[UnitID]bool{1: true, 2: false, 3: false, 4: true, 5: true, 6: true, 7: false, 10: true}
	for id, struck := range want {
		if got := b.StruckByAP(b.Unit(id)); got != struck {
			t.Errorf("StruckByAP(%s) = %v, want %v", b.Unit(id).Label(), got, struck)
		}
	}
	for _, u := range b.Units() {
		if _, ok := want[u.ID]; !ok {
			continue
		}
		if u.Carrier != 0 {
			u = b.Unit(u.Carrier)
		}
		side := maps.Axis
		if u.Side == maps.Axis {
			side = maps.Allies
		}
		defenders := b.apDefenders(side, u.Pose.Hex)
		for _, d := range append([]*Unit{u}, b.Passengers(u.ID)...) {
			if got := slices.Contains(defenders, d); got != want[d.ID] {
				t.Errorf("%s among the defenders of %s: %v, want %v", d.Label(), b.Board().Label(u.Pose.Hex), got, want[d.ID])
			}
		}
	}
}
