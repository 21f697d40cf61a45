package battle

import (
	"slices"
	"strings"
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

// TestHaltedFiresNothingElseFirst: a Tiger under strikedice's halt and
// engage may not take opportunity fire at another mover before its
// compulsory shot; as the Axis's Defensive Fire begins it fires that shot
// at the Sherman that put the state on.
func TestHaltedFiresNothingElseFirst(t *testing.T) {
	b := fixture{grid: strings.Repeat(". . . . . . .\n", 7), turns: 2, rules: "strikedice",
		units: []unitAt{
			{"M4A3E8", maps.Allies, "C1", board.DirS},
			{"Tiger I", maps.Axis, "C4", board.DirN},
			{"M4A3E8", maps.Allies, "F6", board.DirN},
		}}.battle(t)
	tiger := b.Unit(2)
	tiger.States = map[string]State{strikedice.Engage: {N: 1, Foe: 1}}
	apply(t, b, EndPhase{}, Move{Unit: 3, Path: []board.Pose{pose(t, b, "F5", board.DirN)}})
	if b.Moving() != nil {
		t.Errorf("the halted Tiger, the only Axis unit, is offered opportunity fire at the moving Sherman")
		apply(t, b, Pass{})
	}
	if _, ok := b.OpportunityFire(tiger); ok {
		t.Errorf("the halted Tiger has an opportunity shot")
	}
	events := apply(t, b, EndPhase{})
	fired := slices.ContainsFunc(events, func(e Event) bool { return e.Kind == UnitFired && e.Unit == 2 && e.Target == 1 })
	if !fired || tiger.StateCount(strikedice.Engage) != 0 {
		t.Errorf("the compulsory shot at the first Sherman: fired %v, states %v", fired, tiger.StateNames())
	}
}

// TestLeaderDirectsATank: under strikedice a leader in a Sherman's hex
// directs its gunner, the excerpt's commander with two orders: +1 to hit,
// none once the commander is wounded. The default ruleset still refuses
// him for anything but infantry.
func TestLeaderDirectsATank(t *testing.T) {
	tests := []struct {
		name, rules string
		wounded     bool
		refused     string // a part of the refusal, "" when accepted
		steps       string // the to-hit step when accepted
	}{
		{"strikedice: +1", "strikedice", false, "", "2d6 +1 leader needs 5: in the open"},
		{"strikedice, commander wounded: no +1", "strikedice", true, "", "2d6 needs 5: in the open"},
		{"elimination: refused", "", false, "leaders direct infantry fire", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: strings.Repeat(". . . . . .\n", 5), turns: 2, rules: tt.rules,
				units: []unitAt{
					{"M4A3E8", maps.Allies, "C1", board.DirS},
					{"US Leader", maps.Allies, "C1", board.DirS},
					{"Tiger I", maps.Axis, "C4", board.DirN},
				}}.battle(t)
			if tt.wounded {
				b.Unit(1).States = map[string]State{strikedice.Wounded: {N: 1}}
			}
			p, err := b.PlanFire(Fire{Unit: 1, Target: 3, Leader: 2})
			switch {
			case tt.refused != "":
				if err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Errorf("%v, want refused: %s", err, tt.refused)
				}
			case err != nil:
				t.Fatal(err)
			case p.Odds.Steps[0] != tt.steps:
				t.Errorf("to-hit step %q, want %q", p.Odds.Steps[0], tt.steps)
			}
		})
	}
}
