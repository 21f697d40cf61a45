package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/combat/strikedice"
	"hexfire/maps"
)

// These are strikedice's rules that the battle carries out: the ruleset's
// own tests cover its rolls.

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

// TestUnmetEngagementShock: under strikedice a halted Tiger that cannot
// fire its compulsory shot (stunned) takes its Shock by the rule of every
// Shock: doubled when immobilised, and abandoned at four.
func TestUnmetEngagementShock(t *testing.T) {
	tests := []struct {
		name      string
		immobile  bool
		shock     int // before
		wantShock int // after, when it stays in the battle
		abandoned bool
	}{
		{"one Shock", false, 1, 2, false},
		{"immobilised: doubled", true, 1, 3, false},
		{"immobilised with two: four abandon it", true, 2, 0, true},
		{"three and one: abandoned", false, 3, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .", turns: 2, rules: "strikedice",
				units: []unitAt{
					{"M4A3E8", maps.Allies, "C1", board.DirS},
					{"Tiger I", maps.Axis, "C4", board.DirN},
				}}.battle(t)
			tiger := b.Unit(2)
			tiger.States = map[string]State{strikedice.Engage: {N: 1, Foe: 1}, strikedice.Stunned: {N: 1}, strikedice.Shock: {N: tt.shock}}
			if tt.immobile {
				tiger.Markers |= Immobile
			}
			apply(t, b, EndPhase{}, EndPhase{}) // Fire, Movement: the Axis's Defensive Fire begins
			if tiger.Active() == tt.abandoned {
				t.Fatalf("in the battle %v, want %v (states %v)", tiger.Active(), !tt.abandoned, tiger.StateNames())
			}
			if got := tiger.StateCount(strikedice.Shock); !tt.abandoned && got != tt.wantShock {
				t.Errorf("%d Shock, want %d", got, tt.wantShock)
			}
		})
	}
}
