package battle

import (
	"slices"
	"strings"
	"testing"

	"hexfire/maps"
)

// section14Map is the ground of the rules' §14 AP example: the German
// stack in A1 behind a hedge on its own hexside, the American stack in
// the building in A3, two hexes away.
const section14Map = `
. . . . .
. . . . .
B . . . .
. . . . .
hedge A1 A2
`

// TestSection14APExample follows the rules' AP combat example (rules 14,
// "AP Combat and Casualty Reduction Example") attack by attack: the fire
// group's APFP with the MG34 one squad carries, the roll and its
// modifiers, the casualty points; then the Americans' return fire from a
// half squad that kept its M1919A6. The example's allocations are the
// defender's choice, which the engine makes by its automatic allocation
// (pins first where they cover the points), so the tests check the
// points, and the fates the engine gives.
func TestSection14APExample(t *testing.T) {
	type step struct {
		name   string
		units  []unitAt
		placed map[int]map[string]string
		// fire: the firers, the leader and the target; dice: the 2d6.
		firers []UnitID
		leader UnitID
		target string
		dice   []int
		// want: what each firer adds, the casualty points and the
		// modified roll's steps line.
		apfp    []int
		weapons []string
		points  int
		roll    string
	}
	germansFirst := []Order{EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}} // the Americans' segment passes
	steps := []step{
		{
			name: "stack 1: two squads (4 each), the MG34 (3) and Hermes (1): 12 APFP; 5 - 1 + 3 (building) = 7: 2 points",
			units: []unitAt{
				{"German Rifle Squad", maps.Axis, "A1", 0}, // 1: carries the MG34
				{"German Rifle Squad", maps.Axis, "A1", 0}, // 2
				{"German Leader", maps.Axis, "A1", 0},      // 3: Hermes
				{"US Rifle Squad", maps.Allies, "A3", 0},   // 4: carries the M1919A6
				{"US Rifle Squad", maps.Allies, "A3", 0},   // 5
				{"US Leader", maps.Allies, "A3", 0},        // 6: Coleman
			},
			placed: map[int]map[string]string{0: {"weapons": "MG34"}, 3: {"weapons": "M1919A6"}},
			firers: []UnitID{1, 2}, leader: 3, target: "A3", dice: []int{2, 3},
			apfp: []int{7, 4, 1}, weapons: []string{"MG34", "", ""}, points: 2, roll: "rolled 5 +3 building -1 leader = 7: 2 casualty points",
		},
		{
			name: "stack 2: three squads and Schmidt: 13 APFP; 4 - 1 + 3 = 6: 3 points",
			units: []unitAt{
				{"German Rifle Squad", maps.Axis, "A1", 0},    // 1
				{"German Rifle Squad", maps.Axis, "A1", 0},    // 2
				{"German Rifle Squad", maps.Axis, "A1", 0},    // 3
				{"German Leader", maps.Axis, "A1", 0},         // 4: Schmidt
				{"US Rifle Squad", maps.Allies, "A3", 0},      // 5: carries the M1919A6
				{"US Rifle Half Squad", maps.Allies, "A3", 0}, // 6: reduced by the first attack
				{"US Leader", maps.Allies, "A3", 0},           // 7
			},
			placed: map[int]map[string]string{4: {"weapons": "M1919A6"}},
			firers: []UnitID{1, 2, 3}, leader: 4, target: "A3", dice: []int{1, 3},
			apfp: []int{4, 4, 4, 1}, weapons: []string{"", "", "", ""}, points: 3, roll: "rolled 4 +3 building -1 leader = 6: 3 casualty points",
		},
		{
			name: "return fire: the half squad (2) with its M1919A6 (3) and Coleman (1): 6 APFP; 8 - 1 + 1 (hedge) = 8: no effect",
			units: []unitAt{
				{"German Rifle Squad", maps.Axis, "A1", 0},    // 1
				{"German Leader", maps.Axis, "A1", 0},         // 2
				{"US Rifle Half Squad", maps.Allies, "A3", 0}, // 3: carries the M1919A6
				{"US Leader", maps.Allies, "A3", 0},           // 4
			},
			placed: map[int]map[string]string{2: {"weapons": "M1919A6"}},
			firers: []UnitID{3}, leader: 4, target: "A1", dice: []int{4, 4},
			apfp: []int{5, 1}, weapons: []string{"M1919A6", ""}, points: 0, roll: "rolled 8 +1 hindrance -1 leader = 8: no effect",
		},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			b := fixture{grid: section14Map, units: s.units, placed: s.placed, dice: s.dice}.battle(t)
			if b.Unit(s.firers[0]).Side == maps.Axis {
				apply(t, b, germansFirst...)
			}
			o := FireAP{Units: s.firers, Leader: s.leader, Target: hexOf(t, b, s.target)}
			p, err := b.PlanAP(o)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.APFP, s.apfp) || !slices.Equal(p.Weapons, s.weapons) {
				t.Errorf("APFP by firer %v with weapons %q, want %v with %q", p.APFP, p.Weapons, s.apfp, s.weapons)
			}
			events := apply(t, b, o)
			out := events[0].AP
			if out.Points != s.points {
				t.Errorf("points %d, want %d (steps %q)", out.Points, s.points, out.Steps)
			}
			if !strings.Contains(strings.Join(out.Steps, "\n"), s.roll) {
				t.Errorf("steps %q, want a line with %q", out.Steps, s.roll)
			}
		})
	}
}

// TestReducedSquadKeepsItsWeapon: a squad reduced to a half squad keeps
// the support weapon it carried (rules 12.2: a half squad carries one; the
// §14 example's half squad fires its MG).
func TestReducedSquadKeepsItsWeapon(t *testing.T) {
	// Two US squads and a leader in C4 fire at the German squad with the
	// MG34 alone in the open (C2, range 2): 11 APFP, roll 7 - 1 = 6: 3
	// points, more than a pin covers, so the squad is reduced (3 points).
	b := fixture{grid: openMap, dice: []int{3, 4}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},
		{"US Rifle Squad", maps.Allies, "C4", 0},
		{"US Leader", maps.Allies, "C4", 0},
		{"German Rifle Squad", maps.Axis, "C2", 0},
	}, placed: map[int]map[string]string{3: {"weapons": "MG34"}}}.battle(t)
	events := apply(t, b, FireAP{Units: []UnitID{1, 2}, Leader: 3, Target: hexOf(t, b, "C2")})
	u := b.Unit(4)
	if u.Eliminated || u.Type.Name != "German Rifle Half Squad" {
		t.Fatalf("the German squad is %s (eliminated %v), want a half squad; steps %q", u.Type.Name, u.Eliminated, events[0].AP.Steps)
	}
	if u.SupportWeapon != "MG34" {
		t.Errorf("the half squad carries %q, want the squad's MG34", u.SupportWeapon)
	}
}

// TestTransfer: infantry of one hex exchange or transfer support weapons
// in their side's Command phase, within what each may carry (rules 12.4,
// 12.2); the weapon's state goes with it.
func TestTransfer(t *testing.T) {
	base := []unitAt{
		{"German Rifle Squad", maps.Allies, "B2", 0},      // 1: MG34
		{"German Rifle Squad", maps.Allies, "B2", 0},      // 2: nothing
		{"German Leader", maps.Allies, "B2", 0},           // 3: nothing
		{"German Rifle Half Squad", maps.Allies, "B2", 0}, // 4: 5cm Mortar
		{"German Rifle Squad", maps.Allies, "C3", 0},      // 5: elsewhere
		{"German Rifle Squad", maps.Axis, "F5", 0},        // 6: the enemy
	}
	placed := map[int]map[string]string{0: {"weapons": "MG34"}, 3: {"weapons": "5cm Mortar"}}
	tests := []struct {
		name   string
		before []Order
		order  Transfer
		// want: each unit's weapon afterwards (1-4), or the error.
		weapons []string
		err     string
	}{
		{"a squad hands its MG to another squad", nil, Transfer{Unit: 1, To: 2}, []string{"", "MG34", "", "5cm Mortar"}, ""},
		{"to the leader: an MG is Light", nil, Transfer{Unit: 1, To: 3}, []string{"", "", "MG34", "5cm Mortar"}, ""},
		{"an exchange: the MG for the mortar", nil, Transfer{Unit: 1, To: 4}, []string{"5cm Mortar", "", "", "MG34"}, ""},
		{"several transfers before the first other order", []Order{Transfer{Unit: 1, To: 2}}, Transfer{Unit: 2, To: 3}, []string{"", "", "MG34", "5cm Mortar"}, ""},
		{"not to a leader: the mortar is Heavy", nil, Transfer{Unit: 4, To: 3}, nil, "a leader carries a Light weapon only"},
		{"not from a unit without a weapon", nil, Transfer{Unit: 2, To: 1}, nil, "carries no support weapon"},
		{"not to another hex", nil, Transfer{Unit: 1, To: 5}, nil, "weapons change hands between units of one hex"},
		{"not to the enemy", nil, Transfer{Unit: 1, To: 6}, nil, "belongs to the axis"},
		{"not to itself", nil, Transfer{Unit: 1, To: 1}, nil, "cannot hand a weapon to itself"},
		{"not after the side's first other order", []Order{EndPhase{}}, Transfer{Unit: 1, To: 2}, nil, "in the Command phase"},
		{"not after a fire order", []Order{FireAP{Units: []UnitID{5}} /* at F5 */}, Transfer{Unit: 1, To: 2}, nil, "in the Command phase"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: base, placed: placed}.battle(t)
			for _, o := range tt.before {
				if fa, ok := o.(FireAP); ok { // its target is the enemy's hex
					fa.Target = hexOf(t, b, "F5")
					o = fa
				}
				apply(t, b, o)
			}
			events, err := b.Apply(tt.order)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(events) != 1 || events[0].Kind != WeaponTransferred {
				t.Errorf("events %+v, want one WeaponTransferred", events)
			}
			for i, w := range tt.weapons {
				if have := b.Unit(UnitID(i + 1)).SupportWeapon; have != w {
					t.Errorf("unit %d carries %q, want %q", i+1, have, w)
				}
			}
		})
	}
}

// TestTransferReplays: a battle with transfers, in two of the side's
// Command phases, replays from its save to the same state, the weapons
// where the orders left them.
func TestTransferReplays(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"German Rifle Squad", maps.Allies, "B2", 0},
		{"German Leader", maps.Allies, "B2", 0},
		{"US Rifle Squad", maps.Axis, "F5", 0},
	}, placed: map[int]map[string]string{1: {"weapons": "MG34"}}}
	b := f.battle(t)
	apply(t, b, Transfer{Unit: 2, To: 1}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{})
	apply(t, b, Transfer{Unit: 1, To: 2}) // the next turn's Command phase
	if b.Unit(2).SupportWeapon != "MG34" {
		t.Fatalf("the leader carries %q after handing the MG34 on and back", b.Unit(2).SupportWeapon)
	}
	loaded, err := Replay(f.scenario(t), testCatalogue, b.Save())
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Digest() != b.Digest() || loaded.Unit(2).SupportWeapon != "MG34" || loaded.Unit(1).SupportWeapon != "" {
		t.Errorf("the replay carries %q and %q, want the MG34 with the leader", loaded.Unit(1).SupportWeapon, loaded.Unit(2).SupportWeapon)
	}
}

// TestDigestSeesAWeaponHandedOn: a team that handed its own weapon on
// digests otherwise than one that kept it, and like one placed without.
func TestDigestSeesAWeaponHandedOn(t *testing.T) {
	units := []unitAt{{"US Bazooka Team", maps.Allies, "B2", 0}, {"US Rifle Squad", maps.Allies, "B2", 0}}
	handed := fixture{grid: openMap, units: units}.battle(t)
	apply(t, handed, Transfer{Unit: 1, To: 2})
	both := fixture{grid: openMap, units: units, placed: map[int]map[string]string{1: {"weapons": "Bazooka"}}}.battle(t)
	if handed.Digest() == both.Digest() {
		t.Errorf("the team that handed its Bazooka on digests like a team that kept its own")
	}
	placed := fixture{grid: openMap, units: units, placed: map[int]map[string]string{0: {"weapons": "none"}, 1: {"weapons": "Bazooka"}}}.battle(t)
	if handed.Digest() != placed.Digest() {
		t.Errorf("the Bazooka handed to the squad digests otherwise than placed with it")
	}
}
