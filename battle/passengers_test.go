package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestPassengersLeaveADestroyedCarrier: under strikedice a Panzer IV H
// destroys an M3 Halftrack from behind; its squad takes its one hit as
// though in hard cover and gets out into the hex, rather than dying with
// the vehicle (seed 000's APC table).
func TestPassengersLeaveADestroyedCarrier(t *testing.T) {
	b := fixture{grid: ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .", turns: 2, rules: "strikedice",
		dice: []int{
			4, 3, // to hit: 7 against 5
			6, 6, 6, 6, 6, 6, 6, 6, 6, // nine strike dice penetrate the rear; no rear armour dice
			1,    // APC table, +3 net hits, 1: destroyed
			6, 6, // the passengers' hit in hard cover: 2d6 of 12, no effect
		},
		units: []unitAt{
			{"M3 Halftrack", maps.Allies, "C4", board.DirS},
			{"US Rifle Squad", maps.Allies, "C4", board.DirS},
			{"Pz IV H", maps.Axis, "C1", board.DirS},
		}}.battle(t)
	apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1}, EndPhase{}) // the Axis's Defensive Fire
	apply(t, b, Fire{Unit: 3, Target: 1})
	halftrack, squad := b.Unit(1), b.Unit(2)
	if halftrack.Active() {
		t.Errorf("the halftrack is still in the battle")
	}
	if !squad.OnMap() || squad.Pose.Hex != halftrack.Pose.Hex || !squad.Has(Moved) {
		t.Errorf("the squad: on the map %v in %v, marked Move %v; want out in the halftrack's hex, marked Move",
			squad.OnMap(), squad.Pose.Hex, squad.Has(Moved))
	}
}
