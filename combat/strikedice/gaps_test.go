package strikedice

import (
	"fmt"
	"slices"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// flakpanzer is the open-topped German vehicle of seed 000's example, by
// hand (the catalogue has none): an AFV with a gun and an open top.
func flakpanzer() combat.Target {
	h := &units.History{OpenTop: true, Gun: units.Calibre{MM: 20}}
	h.Armour[units.FacingFront].MM = 30
	return combat.Target{Name: "Flakpanzer", Kind: units.AFV, History: h}
}

// TestGrenadeIntoTheOpenTop is seed 000's "In action": a US rifle team
// tosses a grenade into an open-topped Flakpanzer from the next hex:
// 3 and 6 to hit, the single 6 a Bullseye; three firepower dice, +1 for
// the confined space, +1 for the Bullseye: five dice 2,3,5,6,6, the two
// 6s two Shock on the vehicle. Then the same throw at a Flakpanzer with a
// passenger aboard and one at an immobilised one with a Shock already.
func TestGrenadeIntoTheOpenTop(t *testing.T) {
	s := combat.Shot{Firer: "US Rifle Squad", FirerKind: units.Squad, FirerNation: "US", Target: flakpanzer(),
		Range: 1, Metres: 50}
	d := combat.NewFixedDice(3, 6, // to hit: 9 against 5, a Bullseye
		2, 3, 5, 6, 6) // five firepower dice: two 6s
	checkWorked(t, Ruleset{}.ResolveVehicleAssault(s, d), d, 7, []combat.Roll{
		{Purpose: "to-hit", Sides: 6, Dice: []int{3, 6}},
		{Purpose: "firepower", Sides: 6, Pool: true, Dice: []int{2, 3, 5, 6, 6}},
	}, []string{
		"grenades into the open top of Flakpanzer: 2d6 needs 5: in the open; 4 firepower dice with the confined space's (+1 per natural 6), each 4+ a hit on the passengers, each 6 a Shock",
		"rolled 3+6, 9: hit; 1 natural 6: a Bullseye, 5 firepower dice",
		"5 firepower dice 2,3,5,6,6: 3 hits on the passengers, 2 sixes: 2 Shock on the vehicle",
	}, []combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: 2}})

	tests := []struct {
		name  string
		edit  func(*combat.Shot)
		dice  []int
		steps int
		want  []combat.Effect
	}{
		{"a passenger aboard takes the three hits", func(s *combat.Shot) { s.Target.Riders = 1 },
			[]int{3, 6, 2, 3, 5, 6, 6}, 3, []combat.Effect{
				{Kind: combat.InfantryHits, On: combat.OnPassengers, N: 3},
				{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: 2}}},
		{"immobilised, one Shock already: the two double to four", func(s *combat.Shot) {
			s.Target.Immobile = true
			s.Target.States = combat.StatesOf(map[string]int{Shock: 1})
		}, []int{3, 6, 2, 3, 5, 6, 6}, 5, []combat.Effect{{Kind: combat.Abandoned, On: combat.OnTarget}}},
		{"a passenger aboard an immobilised one: hit, then out before the crew abandons it", func(s *combat.Shot) {
			s.Target.Immobile, s.Target.Riders = true, 1
			s.Target.States = combat.StatesOf(map[string]int{Shock: 1})
		}, []int{3, 6, 2, 3, 5, 6, 6}, 5, []combat.Effect{
			{Kind: combat.InfantryHits, On: combat.OnPassengers, N: 3},
			{Kind: combat.Dismount, On: combat.OnPassengers},
			{Kind: combat.Abandoned, On: combat.OnTarget}}},
		{"a half squad, no Bullseye: three dice, one 6", func(s *combat.Shot) { s.FirerKind = units.HalfSquad },
			[]int{3, 4, 1, 4, 6}, 3, []combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: 1}}},
		{"3 and 1 miss: the grenade is lost", func(*combat.Shot) {}, []int{3, 1}, 2, nil},
		{"in woods, 3 and 5 miss the 9 needed", func(s *combat.Shot) { s.Cover = 2 }, []int{3, 5}, 2, nil},
	}
	for _, tt := range tests {
		s2 := s
		tt.edit(&s2)
		d := combat.NewFixedDice(tt.dice...)
		o := Ruleset{}.ResolveVehicleAssault(s2, d)
		if o.Err != nil || d.Used() != len(tt.dice) || len(o.Steps) != tt.steps || !slices.Equal(o.Effects, tt.want) {
			t.Errorf("%s: err %v, %d dice, steps %q, effects %v; want %d dice, %d steps, %v",
				tt.name, o.Err, d.Used(), o.Steps, o.Effects, len(tt.dice), tt.steps, tt.want)
		}
	}
}

// TestGrenadesIntoTheOpenTopOdds proves the grenades' closed form equal to
// the enumerator over throws with and without Bullseyes, passengers,
// Shock and immobilisation.
func TestGrenadesIntoTheOpenTopOdds(t *testing.T) {
	base := combat.Shot{Firer: "squad", FirerKind: units.Squad, FirerNation: "US", Target: flakpanzer(), Range: 1, Metres: 50}
	var shots []combat.Shot
	for _, kind := range []units.Kind{units.Squad, units.HalfSquad} {
		for _, cover := range []int{0, 1, 2} {
			for variant := range 3 {
				s := base
				s.FirerKind, s.Cover = kind, cover
				switch variant {
				case 1:
					s.Target.Riders = 2
					s.TargetMoved = true
				case 2:
					s.Target.Immobile = true
					s.Target.States = combat.StatesOf(map[string]int{Shock: 1})
				}
				shots = append(shots, s)
			}
		}
	}
	for i, s := range shots {
		got, err := Ruleset{}.VehicleAssaultOdds(s)
		checkEqualOdds(t, fmt.Sprintf("shot %d (%s, cover %d)", i, s.FirerKind, s.Cover), got, err,
			func(d combat.Dice) combat.Outcome { return Ruleset{}.ResolveVehicleAssault(s, d) })
	}
}

// TestExplosion: the +3 row's 5 on an AFV with infantry in its hex rolls
// the explosion's d6 of hits; on a carrier, its passengers take one hit in
// light cover first.
func TestExplosion(t *testing.T) {
	s := gunShot(t, "Pz IV H", "M4 (75)")
	s.Aspect = board.Rear
	d := combat.NewFixedDice(4, 3, // to hit: 7
		3, 3, 3, 1, 1, 1, 1, 1, 1, // nine strike dice: three penetrate the rear on 3+
		1, 1, 1, // the Sherman's three rear armour dice: no save
		5, // +3 net hits, 5: explodes
		4) // four hits on the infantry in the hex
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil || d.Used() != 16 {
		t.Fatalf("err %v, %d dice used, want 16", o.Err, d.Used())
	}
	if last := o.Steps[len(o.Steps)-1]; last != "the explosion: 4 hits on the infantry in its hex, in the open" {
		t.Errorf("last step %q", last)
	}
	want := []combat.Effect{{Kind: combat.InfantryHits, On: combat.OnHex, N: 4}, {Kind: combat.Eliminated, On: combat.OnTarget}}
	if !slices.Equal(o.Effects, want) {
		t.Errorf("effects %v, want %v", o.Effects, want)
	}
	if r := o.Rolls[len(o.Rolls)-1]; r.Purpose != "explosion" || r.Sides != 6 || !slices.Equal(r.Dice, []int{4}) {
		t.Errorf("last roll %v", r)
	}
}

// TestSuppressedTeamWithoutStrike: a team without A.P. Strike under
// suppressing fire gives the target's frontal armour dice +1, so they save
// on 4-6; none saving reads the equal row.
func TestSuppressedTeamWithoutStrike(t *testing.T) {
	mg := combat.Weapon{Name: "MG", Class: combat.MainGun, History: &units.History{MGs: []units.MGFacts{{Count: 1, Calibre: 7.92}}}}
	h := &units.History{Gun: units.Calibre{MM: 75}}
	h.Armour[units.FacingFront].MM = 30 // two armour dice
	s := combat.Shot{Firer: "Gun crew", FirerKind: units.Gun, Weapon: mg, Range: 2, Metres: 100, Aspect: board.Rear,
		Target:      combat.Target{Name: "target", Kind: units.AFV, History: h},
		FirerStates: combat.StatesOf(map[string]int{Suppressed: 1})}
	p, err := planShot(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.saves != 4 || p.armour != 2 || p.aspect != board.Front || p.strike != 0 {
		t.Errorf("saves on %d with %d armour dice on the %s, %d strike dice; want 4, 2, front, 0", p.saves, p.armour, p.aspect, p.strike)
	}
	d := combat.NewFixedDice(4, 3, // to hit: 7 -1 suppressed = 6 against 5
		4, 3, // two armour dice: the 4 saves with the +1
	)
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil || !o.Hit || len(o.Effects) != 0 {
		t.Errorf("err %v, hit %v, effects %v; want a hit saved", o.Err, o.Hit, o.Effects)
	}
	s.FirerStates = ""
	if p, _ := planShot(s); p.saves != 5 {
		t.Errorf("not suppressed: saves on %d, want 5", p.saves)
	}
}

// TestVehicleAPFP: a vehicle's AP firepower under its damage states.
func TestVehicleAPFP(t *testing.T) {
	hull := combat.MountedMG{APFP: 2, Forward: true, Bears: true}
	top := combat.MountedMG{APFP: 3, Bears: true}
	far := combat.MountedMG{APFP: 3} // out of reach
	st := func(counts map[string]int) combat.StateSet { return combat.StatesOf(counts) }
	tests := []struct {
		name   string
		gun    int
		mgs    []combat.MountedMG
		states combat.StateSet
		want   int
	}{
		{"no damage", 4, []combat.MountedMG{hull, top}, "", 9},
		{"only what bears", 4, []combat.MountedMG{hull, far}, "", 6},
		{"two Shock", 4, []combat.MountedMG{hull, top}, st(map[string]int{Shock: 2}), 7},
		{"Shock never below 0", 1, nil, st(map[string]int{Shock: 3}), 0},
		{"hull MG destroyed", 4, []combat.MountedMG{hull, top}, st(map[string]int{HullMG: 1}), 7},
		{"a single top MG is the hull MG", 0, []combat.MountedMG{top}, st(map[string]int{HullMG: 1}), 0},
		{"hull MG destroyed leaves a second top MG", 0, []combat.MountedMG{top, top}, st(map[string]int{HullMG: 1}), 6},
		{"MG suppressed: the gun alone", 4, []combat.MountedMG{hull, top}, st(map[string]int{MGSuppressed: 1}), 4},
		{"weapon position: the strongest MG", 0, []combat.MountedMG{hull, top}, st(map[string]int{WeaponPosition: 1}), 2},
		{"weapon position and a Shock", 0, []combat.MountedMG{hull, top}, st(map[string]int{WeaponPosition: 1, Shock: 1}), 1},
	}
	for _, tt := range tests {
		if got := (Ruleset{}).VehicleAPFP(tt.gun, tt.mgs, tt.states); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestHaltAndEngageState: the state is a compulsory shot at the firer,
// with a Shock when it cannot be fired, and forbids moving and any other
// fire until then.
func TestHaltAndEngageState(t *testing.T) {
	spec, ok := combat.FindState(Ruleset{}.States(), Engage)
	if !ok || !spec.Engages || spec.Unmet != Shock || spec.Forbids != combat.ForbidMove|combat.ForbidFire || spec.Lasts != combat.Permanent {
		t.Errorf("%+v", spec)
	}
	spec, ok = combat.FindState(Ruleset{}.States(), EngineDamage)
	if !ok || !spec.Slows {
		t.Errorf("%+v", spec)
	}
	spec, ok = combat.FindState(Ruleset{}.States(), Suppressed)
	if !ok || !spec.UnderFire || spec.Lasts != combat.UntilOwnFirePhase || spec.Forbids != 0 {
		t.Errorf("%+v", spec)
	}
}

// TestNoStrikeNoWeakSpot: an MG34 team has no A.P. Strike, so its natural
// 6s add no strike dice and only the equal row is read, here the APC
// table's for an M38 Jeep struck behind (0 armour dice). By enumeration:
// 2d6 -1 low profile -1 small needs 5, so 7 or more of the 36 rolls hit
// (21); each of the equal row's three bands (1-2, 3-4, 5-6) is a third of
// them, 7 in 36.
func TestNoStrikeNoWeakSpot(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	jeep, err := cat.Lookup("M38 Jeep")
	if err != nil {
		t.Fatal(err)
	}
	w, err := cat.LookupWeapon("MG34")
	if err != nil {
		t.Fatal(err)
	}
	s := combat.Shot{Firer: "MG34 team", FirerKind: units.HalfSquad, Weapon: combat.SupportWeaponOf(w),
		Target: combat.TargetOf(jeep), Range: 1, Metres: 50, Aspect: board.Rear}
	d := combat.NewFixedDice(6, 6, // to hit: two natural 6s, but no strike dice to add
		3) // APC table, equal hits and saves, 3: no effect
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil || d.Used() != 3 || len(o.Effects) != 0 {
		t.Fatalf("err %v, %d dice, effects %v, steps %q; want 3 dice and no effect", o.Err, d.Used(), o.Effects, o.Steps)
	}
	if r := o.Rolls[1]; r.Purpose != "strike" || len(r.Dice) != 0 {
		t.Errorf("strike roll %v, want none", r)
	}
	odds, err := Ruleset{}.Odds(s)
	checkEqualOdds(t, "MG34 at the jeep", odds, err, func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, d) })
	want := map[string][2]uint64{"shock, reverse 1": {7, 36}, "no effect": {7, 36}, "drive on": {7, 36}, "miss": {15, 36}}
	got := map[string][2]uint64{}
	for _, h := range odds.Headlines() {
		got[h.Headline] = [2]uint64{h.Weight, odds.Total}
	}
	for name, w := range want {
		g := got[name]
		if g[1] == 0 || g[0]*w[1] != w[0]*g[1] {
			t.Errorf("%s: %d/%d, want %d/%d", name, g[0], g[1], w[0], w[1])
		}
	}
	if len(got) != len(want) {
		t.Errorf("headlines %v, want only %v", got, want)
	}
}
