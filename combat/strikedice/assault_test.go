package strikedice

import (
	"fmt"
	"slices"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/combat"
	"hexfire/units"
)

// assaultShot is a nation's squad attacking a catalogue vehicle from
// rng hexes of 50 m.
func assaultShot(t testing.TB, nation, target string, rng int) combat.Shot {
	t.Helper()
	g := mustType(t, battletest.Catalogue(t, nil), target)
	return combat.Shot{Firer: "squad", FirerKind: units.Squad, FirerNation: nation, Target: combat.TargetOf(g),
		Range: rng, Metres: rng * 50}
}

// TestAssault: a Teller mine from the next hex (13" on 3d6) on a Sherman's
// roof, step by step; a short run loses the charge.
func TestAssault(t *testing.T) {
	s := assaultShot(t, "DE", "M4 (75)", 1)
	d := combat.NewFixedDice(6, 5, 2, // ran 13": in contact
		3, 3, 1, 1, 1, // five strike dice: two penetrate the top on 3+
		1, // one top armour die: no save
		5) // +2 net hits, 5: 2 Shock, optics
	o := Ruleset{}.ResolveVehicleAssault(s, d)
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	wantSteps := []string{
		"Teller mine (DE, A.P. Strike 5) at M4 (75): the figure needs 13\" on 3d6 to reach it; 5 strike dice penetrating the top on 3+; 1 armour dice saving on 5+; AFV damage table",
		"ran 13\": in contact",
		"5 strike dice 3,3,1,1,1: 2 penetrating on 3+ (top); 1 armour dice 1: saves 0; net 2",
		"AFV table, +2 net hits, d6 5: 2 Shock, optics damaged",
	}
	if !slices.Equal(o.Steps, wantSteps) {
		t.Errorf("steps %q\nwant %q", o.Steps, wantSteps)
	}
	want := []combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: 2},
		{Kind: combat.AddState, On: combat.OnTarget, State: Optics, N: 1}}
	if !o.Hit || !slices.Equal(o.Effects, want) {
		t.Errorf("effects %v, want %v", o.Effects, want)
	}
	o = Ruleset{}.ResolveVehicleAssault(s, combat.NewFixedDice(6, 5, 1))
	if o.Err != nil || o.Hit || len(o.Effects) != 0 || o.Steps[1] != "ran 12\": short of the vehicle, the charge is lost" {
		t.Errorf("short run: %+v", o)
	}
	for _, tt := range []struct{ nation, want string }{{"DE", "Teller mine"}, {"UK", "No.83 Gammon bomb"}, {"US", "No.83 Gammon bomb"}, {"SU", "RPG-3 AT grenade"}, {"IT", "petrol bomb"}} {
		if g := GrenadeOf(tt.nation); g.Name != tt.want {
			t.Errorf("%s throws %s, want %s", tt.nation, g.Name, tt.want)
		}
	}
	for _, bad := range []combat.Shot{
		{FirerKind: units.Leader, Target: s.Target, Range: 1, Metres: 50},
		{FirerKind: units.Squad, Target: s.Target, Range: 2, Metres: 100},
		{FirerKind: units.Squad, Target: combat.Target{Name: "gun", Kind: units.Gun}, Range: 1, Metres: 50},
	} {
		if err := (Ruleset{}).CheckVehicleAssault(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestAssaultOddsEqualEnumeration proves the assault's closed form equal
// to the enumerator, in the same hex and from the next one.
func TestAssaultOddsEqualEnumeration(t *testing.T) {
	shots := []combat.Shot{
		assaultShot(t, "IT", "M3 Halftrack", 1),
		assaultShot(t, "IT", "Pz IV H", 1),
		assaultShot(t, "DE", "GMC Truck", 0),
	}
	for _, nation := range []string{"DE", "US", "IT"} {
		for _, target := range []string{"Tiger I", "M4 (75)", "SdKfz 251", "Opel Blitz"} {
			shots = append(shots, assaultShot(t, nation, target, 0))
		}
	}
	immobile := assaultShot(t, "US", "Tiger I", 0)
	immobile.Target.Immobile = true
	immobile.Target.States = combat.StatesOf(map[string]int{Shock: 1})
	shots = append(shots, immobile)
	for i, s := range shots {
		got, err := Ruleset{}.VehicleAssaultOdds(s)
		checkEqualOdds(t, fmt.Sprintf("shot %d (%s at %s, %d hexes)", i, s.FirerNation, s.Target.Name, s.Range), got, err,
			func(d combat.Dice) combat.Outcome { return Ruleset{}.ResolveVehicleAssault(s, d) })
	}
}

// TestGrenadeTable holds seed 000's table of grenades and charges.
func TestGrenadeTable(t *testing.T) {
	want := map[string][]Grenade{
		"DE": {{"Teller mine", 5}},
		"UK": {{"No.75 Hawkins grenade", 3}, {"No.83 Gammon bomb", 4}},
		"SU": {{"RPG-3 AT grenade", 4}},
		"US": {{"No.75 Hawkins grenade", 3}, {"No.83 Gammon bomb", 4}},
	}
	for nation, gs := range want {
		if !slices.Equal(grenades[nation], gs) {
			t.Errorf("%s: %v, want %v", nation, grenades[nation], gs)
		}
	}
	if len(grenades) != len(want) || petrolBomb != (Grenade{"petrol bomb", 3}) {
		t.Errorf("%d nations, universal %v", len(grenades), petrolBomb)
	}
}
