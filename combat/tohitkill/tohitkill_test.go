package tohitkill

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// pfShot is the worked example: a Panzerfaust from the side's allotment
// fired by a German squad at a stationary Sherman two hexes away, in
// December 1944 (the range of two hexes needs June 1944 or later).
func pfShot() combat.Shot {
	return combat.Shot{Firer: "squad", FirerKind: units.Squad, FirerNation: "DE",
		Weapon: combat.Weapon{Name: "Panzerfaust", Class: combat.SupportWeapon, ATFP: units.D, Range: 1, Expendable: true},
		Target: combat.Target{Name: "Sherman", Kind: units.AFV, Armour: units.Armour{Front: units.D, Rear: units.C}},
		Range:  2, Aspect: board.Front, Date: combat.Date{Year: 1944, Month: 12}}
}

// with returns s changed by f.
func with(s combat.Shot, f func(*combat.Shot)) combat.Shot {
	f(&s)
	return s
}

func inherent(s *combat.Shot) { s.Weapon.Inherent = true }

func sw(name string) combat.Weapon {
	return combat.Weapon{Name: name, Class: combat.SupportWeapon, ATFP: units.C}
}

// TestWorkedExample: a Panzerfaust at a stationary target two hexes away
// has a modified to-hit number of 6 (13.33); step by step with fixed dice.
func TestWorkedExample(t *testing.T) {
	r := Ruleset{}
	s := pfShot()
	d := combat.NewFixedDice(3, 3, 4, 2)
	o := r.Resolve(s, d)
	if o.Err != nil || d.Err() != nil || d.Used() != 4 {
		t.Fatalf("err %v, dice %v, used %d", o.Err, d.Err(), d.Used())
	}
	want := []string{
		"to-hit 10 -4 range = 6; 2d6 3+3: hit",
		"to-kill 31 -8 front armour = 23; 2d6 6: below, destroyed",
	}
	if o.ToHit != 6 || !o.Hit || !slices.Equal(o.Steps, want) {
		t.Errorf("to-hit %d hit %v steps %q, want 6 true %q", o.ToHit, o.Hit, o.Steps, want)
	}
	wantEffects := []combat.Effect{{Kind: combat.Eliminated, On: combat.OnTarget}, {Kind: combat.WeaponSpent, On: combat.OnFirer}}
	if !slices.Equal(o.Effects, wantEffects) {
		t.Errorf("effects %v, want %v", o.Effects, wantEffects)
	}
	// One more pip misses.
	o = r.Resolve(s, combat.NewFixedDice(3, 4))
	if o.Hit || o.Steps[0] != "to-hit 10 -4 range = 6; 2d6 3+4: miss" {
		t.Errorf("3+4: hit %v steps %q", o.Hit, o.Steps)
	}
	odds, err := r.Odds(s)
	if err != nil || odds.ToHit != 6 {
		t.Fatalf("odds to-hit %d, %v", odds.ToHit, err)
	}
}

// TestResolveStepByStep walks each rule of the excerpt with fixed dice.
func TestResolveStepByStep(t *testing.T) {
	sherman := combat.Target{Name: "Sherman", Kind: units.AFV, Armour: units.Armour{Front: units.D, Rear: units.C}}
	truck := combat.Target{Name: "truck", Kind: units.Vehicle}
	rifles := combat.Target{Name: "rifle squad", Kind: units.Squad}
	us := func(w string, r int) combat.Shot {
		return combat.Shot{Firer: "team", FirerKind: units.HalfSquad, FirerNation: "US", Weapon: sw(w),
			Target: combat.Target{Name: "Panther", Kind: units.AFV, Armour: units.Armour{Front: units.E, Rear: units.C}},
			Range:  r, Aspect: board.Side, Date: combat.Date{Year: 1944, Month: 8}}
	}
	tests := []struct {
		name    string
		shot    combat.Shot
		faces   []int
		hit     bool
		effects []combat.Effect
		steps   []string
	}{
		{"check 1-3 fires; an original to-kill 12 is a dud", with(pfShot(), inherent), []int{3, 1, 1, 6, 6}, true, nil,
			[]string{"Panzerfaust check: rolled 3: a Panzerfaust is to hand", "to-hit 10 -4 range = 6; 2d6 1+1: hit",
				"to-kill 31 -8 front armour = 23; 2d6 12: an original 12, a dud"}},
		{"check 4 no opportunity", with(pfShot(), inherent), []int{4}, false, nil,
			[]string{"Panzerfaust check: rolled 4: no chance to fire it"}},
		{"check original 6 pins", with(pfShot(), func(s *combat.Shot) { inherent(s); s.Date = combat.Date{Year: 1945, Month: 2} }),
			[]int{6}, false, []combat.Effect{{Kind: combat.Pinned, On: combat.OnFirer}},
			[]string{"Panzerfaust check: rolled 6 -1 1945 = 5: an original 6, no Panzerfaust to hand and the squad is pinned"}},
		{"check 3 +1 half squad +1 not an AFV: no opportunity", with(pfShot(), func(s *combat.Shot) {
			inherent(s)
			s.FirerKind, s.Target = units.HalfSquad, truck
		}), []int{3}, false, nil,
			[]string{"Panzerfaust check: rolled 3 +1 not an AFV +1 half squad = 5: no chance to fire it"}},
		{"a leader fires a carried Panzerfaust: 1 +2 leader = 3", with(pfShot(), func(s *combat.Shot) {
			inherent(s)
			s.FirerKind = units.Leader
		}), []int{1, 1, 1, 3, 3}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"Panzerfaust check: rolled 1 +2 leader = 3: a Panzerfaust is to hand", "to-hit 10 -4 range = 6; 2d6 1+1: hit",
				"to-kill 31 -8 front armour = 23; 2d6 6: below, destroyed"}},
		{"a leader's check of 2 +2 = 4: no opportunity", with(pfShot(), func(s *combat.Shot) {
			inherent(s)
			s.FirerKind = units.Leader
		}), []int{2}, false, nil, []string{"Panzerfaust check: rolled 2 +2 leader = 4: no chance to fire it"}},
		{"check +1 in Aug-Sep 1943 with the early model, by the scenario's rule", with(pfShot(), func(s *combat.Shot) {
			inherent(s)
			s.Date, s.Range, s.PanzerfaustTrials = combat.Date{Year: 1943, Month: 9}, 1, true
		}), []int{2, 2, 2, 5, 5}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"Panzerfaust check: rolled 2 +1 Aug-Sep 1943 = 3: a Panzerfaust is to hand", "to-hit 10 -2 range = 8; 2d6 2+2: hit",
				"to-kill 22 -8 front armour = 14; 2d6 10: below, destroyed"}},
		{"PF original 12 costs a casualty", pfShot(), []int{6, 6}, false,
			[]combat.Effect{{Kind: combat.WeaponSpent, On: combat.OnFirer}, {Kind: combat.Casualty, On: combat.OnFirer}},
			[]string{"to-hit 10 -4 range = 6; 2d6 6+6: a miss, and the firer suffers a casualty reduction"}},
		{"PF original 11 costs a green firer a casualty", with(pfShot(), func(s *combat.Shot) { s.FirerQuality = combat.Green }),
			[]int{5, 6}, false,
			[]combat.Effect{{Kind: combat.WeaponSpent, On: combat.OnFirer}, {Kind: combat.Casualty, On: combat.OnFirer}}, nil},
		{"early PF to-kill equal immobilizes", with(pfShot(), func(s *combat.Shot) {
			s.Target.Armour.Front, s.Date, s.Range = units.F, combat.Date{Year: 1943, Month: 9}, 1
		}), []int{1, 1, 4, 4}, true,
			[]combat.Effect{{Kind: combat.Immobilized}, {Kind: combat.WeaponSpent, On: combat.OnFirer}},
			[]string{"to-hit 10 -2 range = 8; 2d6 1+1: hit", "to-kill 22 -14 front armour = 8; 2d6 8: equal, immobilized"}},
		{"Bazooka 44 X11 removes", us("Bazooka", 2), []int{5, 6}, false,
			[]combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}},
			[]string{"to-hit 9; 2d6 5+6: the weapon malfunctions and is removed, a miss"}},
		{"Bazooka 43 X10 removes", with(us("Bazooka", 2), func(s *combat.Shot) { s.Date = combat.Date{Year: 1943, Month: 6} }),
			[]int{4, 6}, false, []combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}}, nil},
		{"Bazooka 44 side of a Panther: 16 - 6 = 10", us("Bazooka", 4), []int{3, 2, 5, 5}, true,
			[]combat.Effect{{Kind: combat.Immobilized}},
			[]string{"to-hit 6; 2d6 3+2: hit", "to-kill 16 -6 side armour = 10; 2d6 10: equal, immobilized"}},
		{"PIAT B10 breaks", with(us("PIAT", 1), func(s *combat.Shot) { s.FirerNation = "UK" }), []int{4, 6}, false,
			[]combat.Effect{{Kind: combat.WeaponBroken, On: combat.OnFirer}},
			[]string{"to-hit 10; 2d6 4+6: the weapon breaks down, a miss"}},
		{"Panzerschreck 9 at 2 hexes with cover and a moving target", with(us("Panzerschreck", 2), func(s *combat.Shot) {
			s.FirerNation, s.Cover, s.CoverName, s.TargetMoved = "DE", 1, "orchard", true
			s.Target = sherman
			s.Aspect = board.Rear
		}), []int{3, 3, 6, 6}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 9; 2d6 3+3 +1 orchard +2 moving target = 9: hit", "to-kill 31 -6 rear armour = 25; 2d6 12: below, destroyed"}},
		{"AT rifle at 1 hex: +1 range", with(us("AT Rifle", 1), func(s *combat.Shot) { s.FirerNation = "SU"; s.Target = sherman; s.Aspect = board.Rear }),
			[]int{2, 2, 1, 1}, true, nil,
			[]string{"to-hit 10; 2d6 2+2: hit", "to-kill 5 +1 range -6 rear armour = 0; 2d6 2: no effect"}},
		{"Molotov projector critical hit doubles", with(us("Molotov Projector", 1), func(s *combat.Shot) {
			s.FirerNation, s.Aspect = "SU", board.Rear
		}), []int{1, 1, 6, 6}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 9; 2d6 1+1: a critical hit", "Molotov kill number 6 +1 rear, doubled by the critical hit to 14; 2d6 12: below, destroyed"}},
		{"Molotov projector on a Panther with riders: an AP attack of 4 on them", with(us("Molotov Projector", 1), func(s *combat.Shot) {
			s.FirerNation, s.Target.Riders = "SU", 1
		}), []int{2, 3, 3, 4}, true, []combat.Effect{{Kind: combat.InfantryHits, On: combat.OnPassengers, N: 4}},
			[]string{"to-hit 9; 2d6 2+3: hit", "Molotov kill number 6; 2d6 7: no effect", "a hit also makes an AP attack of 4 on the passengers"}},
		{"Molotov projector misses a Panther with riders: nothing", with(us("Molotov Projector", 1), func(s *combat.Shot) {
			s.FirerNation, s.Target.Riders = "SU", 1
		}), []int{5, 5}, false, nil, []string{"to-hit 9; 2d6 5+5: miss"}},
		{"Molotov projector 11 breaks, 12 removes", with(us("Molotov Projector", 1), func(s *combat.Shot) { s.FirerNation = "SU" }),
			[]int{6, 6}, false, []combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}}, nil},
		{"AT rifle at a Gun 10 hexes away: the general table, no to-kill roll", with(us("AT Rifle", 10), func(s *combat.Shot) {
			s.FirerNation, s.Target = "SU", combat.Target{Name: "Pak 40", Kind: units.Gun}
		}), []int{3, 4}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 8; 2d6 3+4: hit", "a hit destroys an unarmoured vehicle or Gun"}},
		{"a hit on a truck destroys it", with(us("Bazooka", 1), func(s *combat.Shot) { s.Target = truck }), []int{1, 2}, true,
			[]combat.Effect{{Kind: combat.Eliminated}}, []string{"to-hit 10; 2d6 1+2: hit", "a hit destroys an unarmoured vehicle or Gun"}},
		{"desperation: second die 1", with(us("Bazooka", 1), func(s *combat.Shot) { s.FirerTerrain, s.Desperation = board.Building, true }),
			[]int{6, 1, 2, 2}, true,
			[]combat.Effect{{Kind: combat.Eliminated}, {Kind: combat.Casualty, On: combat.OnFirerHex}},
			[]string{"to-hit 10; 2d6 6+1: hit", "backblast in the firer's hex: second die 1, a casualty reduction to every unit there"}},
		{"a Bazooka fired from a building: the Case C3 +2 for its backblast (13.8)", with(us("Bazooka", 1), func(s *combat.Shot) { s.FirerTerrain = board.Building }),
			[]int{4, 4, 2, 2}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 10; 2d6 4+4 +2 backblast: fired from a building = 10: hit"}},
		{"from a building after moving: Case C3 once", with(us("Bazooka", 1), func(s *combat.Shot) { s.FirerTerrain, s.FirerMoved = board.Building, true }),
			[]int{5, 4}, false, nil,
			[]string{"to-hit 10; 2d6 5+4 +2 backblast: fired from a building = 11: miss"}},
		{"desperation ignores the firer's +2 for moving (13.81, Case C3)", with(us("Bazooka", 1), func(s *combat.Shot) {
			s.FirerTerrain, s.Desperation, s.FirerMoved = board.Building, true, true
		}), []int{6, 4, 2, 2}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 10; 2d6 6+4: hit", "backblast in the firer's hex: second die 4, no effect"}},
		{"a Bazooka 44 hit on a squad in woods: an AP attack of 8", with(us("Bazooka", 2), func(s *combat.Shot) {
			s.Target, s.Cover, s.CoverName = rifles, 2, "woods"
		}), []int{3, 3}, true, []combat.Effect{{Kind: combat.InfantryHits, N: 8}},
			[]string{"to-hit 9; 2d6 3+3 +2 woods = 8: hit", "a hit on infantry: an AP attack of 8 firepower on it (its cover counted in the to-hit roll)"}},
		{"a Panzerschreck hit on a squad: an AP attack of 12", with(us("Panzerschreck", 1), func(s *combat.Shot) { s.FirerNation, s.Target = "DE", rifles }),
			[]int{5, 5}, true, []combat.Effect{{Kind: combat.InfantryHits, N: 12}}, []string{"to-hit 10; 2d6 5+5: hit"}},
		{"the worked example's Panzerfaust at a squad two hexes away: 6, an AP attack of 12", with(pfShot(), func(s *combat.Shot) { s.Target = rifles }),
			[]int{2, 4}, true, []combat.Effect{{Kind: combat.InfantryHits, N: 12}, {Kind: combat.WeaponSpent, On: combat.OnFirer}},
			[]string{"to-hit 10 -4 range = 6; 2d6 2+4: hit"}},
		{"a carried Panzerfaust at infantry: +1 to the check", with(pfShot(), func(s *combat.Shot) { inherent(s); s.Target = rifles }),
			[]int{3}, false, nil, []string{"Panzerfaust check: rolled 3 +1 not an AFV = 4: no chance to fire it"}},
		{"a PIAT misses a squad", with(us("PIAT", 3), func(s *combat.Shot) { s.FirerNation, s.Target = "UK", rifles }),
			[]int{4, 4}, false, nil, []string{"to-hit 7; 2d6 4+4: miss"}},
		{"counted rounds are spent", with(us("Bazooka", 1), func(s *combat.Shot) { s.Weapon.Rounds, s.Target = 3, truck }), []int{1, 2}, true,
			[]combat.Effect{{Kind: combat.Eliminated}, {Kind: combat.WeaponSpent, On: combat.OnFirer}}, nil},
		{"a gun: the general table and the AP range row", combat.Shot{Firer: "Pz IV", FirerKind: units.AFV,
			Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.D}, Target: sherman, Range: 8, Aspect: board.Front},
			[]int{4, 4, 3, 3}, true, []combat.Effect{{Kind: combat.Eliminated}},
			[]string{"to-hit 8; 2d6 4+4: hit", "to-kill 17 -1 range -8 front armour = 8; 2d6 6: below, destroyed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := combat.NewFixedDice(tt.faces...)
			o := Ruleset{}.Resolve(tt.shot, d)
			if o.Err != nil || d.Err() != nil || d.Used() != len(tt.faces) {
				t.Fatalf("err %v, dice %v, used %d of %d; steps %q", o.Err, d.Err(), d.Used(), len(tt.faces), o.Steps)
			}
			if o.Hit != tt.hit || !slices.Equal(o.Effects, tt.effects) {
				t.Errorf("hit %v effects %v, want %v %v", o.Hit, o.Effects, tt.hit, tt.effects)
			}
			if tt.steps != nil && !slices.Equal(o.Steps[:min(len(o.Steps), len(tt.steps))], tt.steps) {
				t.Errorf("steps %q, want %q", o.Steps, tt.steps)
			}
		})
	}
}

// TestToHitTableEdges checks every weapon's basic to-hit number at its
// first and last hex and its refusal one hex beyond.
func TestToHitTableEdges(t *testing.T) {
	d44 := combat.Date{Year: 1944, Month: 8}
	tests := []struct {
		weapon, nation string
		date           combat.Date
		first, last    int // to-hit numbers at 1 hex and at the range
		reach          int
	}{
		{"Panzerfaust", "DE", combat.Date{Year: 1944, Month: 5}, 8, 8, 1},
		{"Panzerfaust", "DE", combat.Date{Year: 1944, Month: 6}, 8, 6, 2},
		{"Panzerfaust", "DE", combat.Date{Year: 1944, Month: 12}, 8, 6, 2},
		{"Panzerfaust", "DE", combat.Date{Year: 1945, Month: 1}, 8, 4, 3},
		{"Panzerfaust", "DE", combat.Date{Year: 1943, Month: 9}, 8, 8, 1},
		{"Bazooka", "US", combat.Date{Year: 1943, Month: 6}, 10, 8, 3},
		{"Bazooka", "US", d44, 10, 6, 4},
		{"Bazooka", "US", combat.Date{Year: 1945, Month: 4}, 10, 6, 4},
		{"Panzerschreck", "DE", d44, 10, 7, 4},
		{"PIAT", "UK", d44, 10, 7, 3},
		{"AT Rifle", "SU", d44, 10, 8, 12},
		{"Molotov Projector", "SU", d44, 9, 7, 3},
	}
	for _, tt := range tests {
		s := combat.Shot{Firer: "squad", FirerKind: units.Squad, FirerNation: tt.nation, Weapon: sw(tt.weapon),
			Target: combat.Target{Kind: units.AFV, Armour: units.Armour{Front: units.C, Rear: units.C}}, Date: tt.date}
		for _, c := range []struct{ r, want int }{{1, tt.first}, {tt.reach, tt.last}} {
			s.Range = c.r
			o, err := Ruleset{}.Odds(s)
			if err != nil || o.ToHit != c.want {
				t.Errorf("%s %s at %d: to-hit %d, %v; want %d", tt.weapon, tt.date, c.r, o.ToHit, err, c.want)
			}
		}
		s.Range = tt.reach + 1
		if err := (Ruleset{}).Check(s); err == nil || !strings.Contains(err.Error(), "reaches") {
			t.Errorf("%s %s at %d: %v, want out of range", tt.weapon, tt.date, s.Range, err)
		}
	}
	for _, c := range []struct{ r, want int }{{1, 10}, {6, 9}, {7, 8}, {12, 8}, {13, 7}, {24, 6}, {25, 5}, {99, 5}} {
		if got := gunToHitAt(c.r); got != c.want {
			t.Errorf("gun to-hit at %d = %d, want %d", c.r, got, c.want)
		}
	}
	for _, c := range []struct{ r, want int }{{1, 1}, {2, 0}, {6, 0}, {7, -1}, {12, -1}, {13, -2}, {18, -2}, {19, -3}} {
		if got := apRange(c.r); got != c.want {
			t.Errorf("AP range at %d = %d, want %d", c.r, got, c.want)
		}
	}
}

// TestRefusals: each rule that forbids a shot names its reason.
func TestRefusals(t *testing.T) {
	tests := []struct {
		name string
		shot combat.Shot
		want string
	}{
		{"a gun at infantry", combat.Shot{Firer: "tank", FirerKind: units.AFV, Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.C},
			Target: combat.Target{Name: "squad", Kind: units.Squad}, Range: 1}, "squad is infantry: a gun fires at it with AP fire"},
		{"an AT rifle at infantry", combat.Shot{FirerKind: units.HalfSquad, FirerNation: "SU", Weapon: sw("AT Rifle"),
			Target: combat.Target{Name: "squad", Kind: units.Squad}, Range: 1}, "squad is infantry: the AT rifle fires at it as small arms, with AP fire"},
		{"a Molotov projector at infantry", combat.Shot{FirerKind: units.Squad, FirerNation: "SU", Weapon: sw("Molotov Projector"),
			Target: combat.Target{Name: "squad", Kind: units.Squad}, Range: 1}, "squad is infantry: the Molotov Projector fires at vehicles and Guns only"},
		{"PF before August 1943", with(pfShot(), func(s *combat.Shot) { s.Date = combat.Date{Year: 1943, Month: 7}; s.Range = 1 }), "not in service"},
		{"Panzerschreck in August 1943", combat.Shot{FirerKind: units.Squad, FirerNation: "DE", Weapon: sw("Panzerschreck"),
			Target: combat.Target{Kind: units.Vehicle}, Range: 1, Date: combat.Date{Year: 1943, Month: 8}}, "not in service"},
		{"PIAT in March 1943", combat.Shot{FirerKind: units.Squad, FirerNation: "UK", Weapon: sw("PIAT"),
			Target: combat.Target{Kind: units.Vehicle}, Range: 1, Date: combat.Date{Year: 1943, Month: 3}}, "not in service"},
		{"Bazooka in October 1942", combat.Shot{FirerKind: units.Squad, FirerNation: "US", Weapon: sw("Bazooka"),
			Target: combat.Target{Kind: units.Vehicle}, Range: 1, Date: combat.Date{Year: 1942, Month: 10}}, "not in service"},
		{"desperation where none is needed", with(pfShot(), func(s *combat.Shot) { s.Desperation = true }), "desperation"},
		{"PIAT down at an adjacent lower target", combat.Shot{FirerKind: units.Squad, FirerNation: "UK", Weapon: sw("PIAT"),
			Target: combat.Target{Kind: units.Vehicle}, Range: 1, Elevation: -1}, "cannot fire down"},
		{"the early PF carried without the scenario's rule", with(pfShot(), func(s *combat.Shot) {
			inherent(s)
			s.Date, s.Range = combat.Date{Year: 1943, Month: 9}, 1
		}), "the early Panzerfaust of 1943-09 is carried only by the scenario's rule (map property panzerfaust_trials)"},
		{"inherent PF for a US squad", with(pfShot(), func(s *combat.Shot) { inherent(s); s.FirerNation = "US" }), "German"},
		{"Molotov projector without Russians", combat.Shot{FirerKind: units.Squad, FirerNation: "DE", Weapon: sw("Molotov Projector"),
			Target: combat.Target{Kind: units.Vehicle}, Range: 1}, "Russian"},
		{"a PF on a tank", with(pfShot(), func(s *combat.Shot) { s.FirerKind = units.AFV }), "support weapons are for infantry"},
		{"an MG", with(pfShot(), func(s *combat.Shot) { s.Weapon = sw("MG34") }), "not an anti-tank weapon"},
		{"spent", with(pfShot(), func(s *combat.Shot) { s.Weapon.Spent = true }), "used up"},
		{"passenger", with(pfShot(), func(s *combat.Shot) { s.Passenger = true }), "passengers"},
		{"a gun in desperation", combat.Shot{Firer: "tank", FirerKind: units.AFV, Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.C},
			Target: combat.Target{Kind: units.Vehicle}, Range: 1, Desperation: true}, "not for the gun"},
	}
	for _, tt := range tests {
		err := Ruleset{}.Check(tt.shot)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if o := (Ruleset{}).Resolve(tt.shot, combat.NewFixedDice()); o.Err == nil {
			t.Errorf("%s: Resolve did not refuse", tt.name)
		}
	}
	// The PIAT fires down at two hexes, and level at one.
	for _, s := range []combat.Shot{
		{FirerKind: units.Squad, FirerNation: "UK", Weapon: sw("PIAT"), Target: combat.Target{Kind: units.Vehicle}, Range: 2, Elevation: -1},
		{FirerKind: units.Squad, FirerNation: "UK", Weapon: sw("PIAT"), Target: combat.Target{Kind: units.Vehicle}, Range: 1, FirerTerrain: board.Building},
	} {
		if err := (Ruleset{}).Check(s); err != nil {
			t.Errorf("PIAT %+v: %v", s, err)
		}
	}
}

// spread returns at least 200 shots over every weapon, date band, range,
// aspect, modifier and state the procedure reads.
func spread() []combat.Shot {
	var shots []combat.Shot
	targets := []combat.Target{
		{Name: "Sherman", Kind: units.AFV, Armour: units.Armour{Front: units.D, Rear: units.C}},
		{Name: "Tiger", Kind: units.AFV, Armour: units.Armour{Front: units.E, Rear: units.D}, Immobile: true},
		{Name: "Stuart", Kind: units.AFV, Armour: units.Armour{Front: units.B, Rear: units.A}},
		{Name: "truck", Kind: units.Vehicle},
		{Name: "gun", Kind: units.Gun},
		{Name: "squad", Kind: units.Squad},
		{Name: "SdKfz 251 carrying a squad", Kind: units.AFV, Armour: units.Armour{Front: units.A, Rear: units.A}, Riders: 1},
	}
	weapons := []struct {
		name, nation string
		kind         units.Kind
	}{
		{"Panzerfaust", "DE", units.Squad}, {"Panzerfaust", "DE", units.HalfSquad}, {"Bazooka", "US", units.HalfSquad},
		{"Panzerschreck", "DE", units.HalfSquad}, {"PIAT", "UK", units.HalfSquad}, {"AT Rifle", "SU", units.HalfSquad},
		{"Molotov Projector", "SU", units.Squad},
	}
	dates := []combat.Date{{Year: 1943, Month: 9}, {Year: 1944, Month: 8}, {Year: 1945, Month: 2}}
	i := 0
	for _, w := range weapons {
		for _, date := range dates {
			for ti, tg := range targets {
				for r := 1; r <= 3; r++ {
					i++
					s := combat.Shot{Firer: "f", FirerKind: w.kind, FirerNation: w.nation, Weapon: sw(w.name), Target: tg,
						Range: r, Date: date, Aspect: []board.Aspect{board.Front, board.Side, board.Rear}[(i+ti)%3]}
					s.Weapon.Inherent = w.name == "Panzerfaust" && i%2 == 0
					s.PanzerfaustTrials = i%3 != 0
					s.Weapon.Rounds = i % 3
					s.FirerQuality = []combat.Quality{combat.Regular, combat.Green}[i%2]
					s.Cover, s.Hindrance, s.TargetMoved, s.FirerMoved = i%4, i%3/2, i%5 == 0, i%7 == 0
					s.Leader = -(i % 2)
					if i%6 == 0 && w.name != "PIAT" && w.name != "AT Rifle" && w.name != "Molotov Projector" {
						s.FirerTerrain, s.Desperation = board.Building, true
					}
					if (Ruleset{}).Check(s) == nil {
						shots = append(shots, s)
					}
				}
			}
		}
	}
	for _, atfp := range []units.Rating{units.A, units.C, units.F} {
		for _, r := range []int{1, 6, 7, 13, 20} {
			for _, tg := range targets {
				if tg.Kind.Infantry() {
					continue // a gun fires AP at infantry
				}
				shots = append(shots, combat.Shot{Firer: "tank", FirerKind: units.AFV,
					Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: atfp}, Target: tg, Range: r,
					Aspect: board.Side, TargetMoved: r%2 == 0})
			}
		}
	}
	return shots
}

// TestOddsEqualEnumerate: the closed form gives every outcome exactly the
// chance the engine's enumerator finds by running Resolve on every
// sequence of faces.
func TestOddsEqualEnumerate(t *testing.T) {
	shots := spread()
	if len(shots) < 200 {
		t.Fatalf("only %d shots in the spread", len(shots))
	}
	t.Logf("%d shots", len(shots))
	r := Ruleset{}
	for _, s := range shots {
		got, err := r.Odds(s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		if err := got.Check(); err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		want, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return r.Resolve(s, d) })
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		if err := combat.EqualOdds(got, want); err != nil {
			t.Errorf("%s %s at %d (%s, %s): %v", s.Weapon.Name, s.Date, s.Range, s.Target.Name, s.Aspect, err)
		}
	}
}

// TestCheckOdds: the Panzerfaust check alone, by hand. With no modifier 3
// faces of 6 fire, 2 give no chance and the 6 pins; the to-hit of a
// stationary target at 2 hexes hits on 2d6 ≤ 6: 15 of 36.
func TestCheckOdds(t *testing.T) {
	o, err := Ruleset{}.Odds(with(pfShot(), inherent))
	if err != nil {
		t.Fatal(err)
	}
	sum := o.Summary(nil)
	if sum.P(sum.Hit) != 3.0/6*15/36 || sum.P(sum.Destroy) != 3.0/6*15/36*35/36 {
		t.Errorf("hit %v destroy %v", sum.P(sum.Hit), sum.P(sum.Destroy))
	}
	var pinned uint64
	for _, w := range o.Outcomes {
		if combat.HasEffect(w.Effects, combat.OnFirer, combat.Pinned) {
			pinned += w.Weight
		}
	}
	if o.Probability(pinned) != 1.0/6 {
		t.Errorf("pinned %v, want 1/6", o.Probability(pinned))
	}
}

func TestRegistered(t *testing.T) {
	r, err := combat.Lookup(Name)
	if err != nil || r.Name() != Name {
		t.Fatalf("lookup: %v %v", r, err)
	}
	if combat.InfantryOf(r) == nil || combat.RepairsOf(r) == nil {
		t.Error("the ruleset offers infantry combat and repairs")
	}
	if !combat.HasInherentExpendable(r, units.Squad, "DE", combat.Date{Year: 1943, Month: 8}) ||
		combat.HasInherentExpendable(r, units.Squad, "DE", combat.Date{Year: 1943, Month: 7}) ||
		combat.HasInherentExpendable(r, units.Squad, "US", combat.Date{Year: 1945, Month: 1}) ||
		!combat.HasInherentExpendable(r, units.Leader, "DE", combat.Date{Year: 1945, Month: 1}) ||
		combat.HasInherentExpendable(r, units.AFV, "DE", combat.Date{Year: 1945, Month: 1}) ||
		!combat.HasInherentExpendable(r, units.HalfSquad, "DE", combat.Date{}) {
		t.Error("inherent Panzerfausts: German infantry, leaders included, from August 1943 (undated: July 1944)")
	}
}

// heaviest is the shot with the most dice: the check, the to-hit and the
// to-kill, in desperation.
func heaviest() combat.Shot {
	return with(pfShot(), func(s *combat.Shot) {
		inherent(s)
		s.FirerTerrain, s.Desperation, s.Cover, s.TargetMoved = board.Building, true, 1, true
	})
}

func BenchmarkOdds(b *testing.B) {
	s := heaviest()
	for b.Loop() {
		if _, err := (Ruleset{}).Odds(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolve(b *testing.B) {
	s := heaviest()
	d := combat.NewSeededDice(1)
	for b.Loop() {
		(Ruleset{}).Resolve(s, d)
	}
}

func TestRepair(t *testing.T) {
	tests := []struct {
		weapon string
		face   int
		want   []combat.Effect
	}{
		{"PIAT", 1, []combat.Effect{{Kind: combat.WeaponRepaired, On: combat.OnFirer}}},
		{"PIAT", 2, []combat.Effect{{Kind: combat.WeaponRepaired, On: combat.OnFirer}}},
		{"PIAT", 3, nil},
		{"PIAT", 5, nil},
		{"PIAT", 6, []combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}}},
		{"AT Rifle", 1, []combat.Effect{{Kind: combat.WeaponRepaired, On: combat.OnFirer}}},
		{"AT Rifle", 2, nil},
		{"Molotov Projector", 6, []combat.Effect{{Kind: combat.WeaponRemoved, On: combat.OnFirer}}},
	}
	for _, tt := range tests {
		o := Ruleset{}.RepairWeapon(sw(tt.weapon), combat.Regular, combat.NewFixedDice(tt.face))
		if o.Err != nil || !slices.Equal(o.Effects, tt.want) {
			t.Errorf("%s %d: %v %v, want %v", tt.weapon, tt.face, o.Effects, o.Err, tt.want)
		}
	}
	if o := (Ruleset{}).RepairWeapon(sw("Bazooka"), combat.Regular, combat.NewFixedDice(1)); o.Err == nil {
		t.Error("a Bazooka is removed, never repaired")
	}
}

// TestFormula: the written formula gives the excerpt's printed to-kill
// numbers, every number of the weapons table and of the letter tables.
func TestFormula(t *testing.T) {
	if toKillFromPenetration(200) != 31 || toKillFromPenetration(140) != 22 {
		t.Errorf("printed: 200 mm gives %d (want 31), 140 mm %d (want 22)", toKillFromPenetration(200), toKillFromPenetration(140))
	}
	for _, m := range []*model{&panzerfaust, &panzerfaustEarly, &bazooka43, &bazooka44, &bazooka45, &panzerschreck, &piat, &atRifle} {
		if got := toKillFromPenetration(m.penMM); got != m.toKill {
			t.Errorf("%s: %g mm gives %d, the table says %d", m.name, m.penMM, got, m.toKill)
		}
	}
	for r, mm := range letterPenMM {
		if got := toKillFromPenetration(mm); got != gunToKill[r] {
			t.Errorf("ATFP %s: %g mm gives %d, the table says %d", r, mm, got, gunToKill[r])
		}
	}
	for r, mm := range letterArmourMM {
		if got := armourFactorFromPlate(mm, 0); got != armourFactor[r] {
			t.Errorf("armour %s: %g mm gives %d, the table says %d", r, mm, got, armourFactor[r])
		}
	}
	for _, c := range []struct {
		mm, slope float64
		want      int
	}{{100, 9, 10}, {80, 55, 14}, {51, 56, 9}, {0, 0, 0}} {
		if got := armourFactorFromPlate(c.mm, c.slope); got != c.want {
			t.Errorf("%g mm at %g°: %d, want %d", c.mm, c.slope, got, c.want)
		}
	}
}

func TestSmokeRounds(t *testing.T) {
	in45, in44 := combat.Date{Year: 1945, Month: 3}, combat.Date{Year: 1944, Month: 12}
	gun := combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.C}
	tests := []struct {
		name string
		shot combat.SmokeShot
		ok   bool
	}{
		{"Bazooka 45 WP", combat.SmokeShot{FirerKind: units.HalfSquad, Weapon: sw("Bazooka"), Range: 4, Date: in45}, true},
		{"Bazooka 45 beyond its range", combat.SmokeShot{FirerKind: units.HalfSquad, Weapon: sw("Bazooka"), Range: 5, Date: in45}, false},
		{"Bazooka 44 has no WP", combat.SmokeShot{FirerKind: units.HalfSquad, Weapon: sw("Bazooka"), Range: 1, Date: in44}, false},
		{"Panzerschreck has no WP", combat.SmokeShot{FirerKind: units.HalfSquad, Weapon: sw("Panzerschreck"), Range: 1, Date: in45}, false},
		{"a tank's gun", combat.SmokeShot{FirerKind: units.AFV, Weapon: gun, Range: 9}, true},
		{"a towed gun", combat.SmokeShot{FirerKind: units.Gun, Weapon: gun, Range: 2, Passenger: true}, false},
		{"a halftrack without gun", combat.SmokeShot{FirerKind: units.AFV, Weapon: combat.Weapon{Name: "M3", Class: combat.MainGun}, Range: 2}, false},
		{"Bazooka 45 out of WP", combat.SmokeShot{FirerKind: units.HalfSquad, FirerStates: combat.StatesOf(map[string]int{NoWP: 1}),
			Weapon: sw("Bazooka"), Range: 1, Date: in45}, false},
	}
	for _, tt := range tests {
		if err := (Ruleset{}).CheckSmoke(tt.shot); (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestWhitePhosphorusDepletion: each face of the depletion d6 of a
// Bazooka 45 round; a gun's smoke round rolls nothing; a refused round
// rolls nothing either.
func TestWhitePhosphorusDepletion(t *testing.T) {
	wp := combat.SmokeShot{FirerKind: units.HalfSquad, Weapon: sw("Bazooka"), Range: 2, Date: combat.Date{Year: 1945, Month: 3}}
	runOut := []combat.Effect{{Kind: combat.AddState, On: combat.OnFirer, State: NoWP, N: 1}}
	for face := 1; face <= 6; face++ {
		d := combat.NewFixedDice(face)
		o := Ruleset{}.RollSmoke(wp, d)
		fired := face <= 4
		step := fmt.Sprintf("white phosphorus d6 (there on 4 or less): rolled %d: a round is fired", face)
		var effects []combat.Effect
		if !fired {
			step = fmt.Sprintf("white phosphorus d6 (there on 4 or less): rolled %d: none left for the rest of the battle", face)
			effects = runOut
		}
		if o.Err != nil || d.Used() != 1 || o.Hit != fired || !slices.Equal(o.Steps, []string{step}) || !slices.Equal(o.Effects, effects) {
			t.Errorf("face %d: err %v, used %d, fired %v, steps %q, effects %v", face, o.Err, d.Used(), o.Hit, o.Steps, o.Effects)
		}
	}
	gun := combat.SmokeShot{FirerKind: units.AFV, Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.C}, Range: 3}
	d := combat.NewFixedDice()
	if o := (Ruleset{}).RollSmoke(gun, d); o.Err != nil || !o.Hit || d.Used() != 0 || len(o.Effects) != 0 {
		t.Errorf("gun: %+v, %d dice", o, d.Used())
	}
	wp.Date = combat.Date{Year: 1944, Month: 12}
	if o := (Ruleset{}).RollSmoke(wp, d); o.Err == nil || d.Used() != 0 {
		t.Errorf("Bazooka 44: %+v, %d dice", o, d.Used())
	}
	if states := (Ruleset{}).States(); len(states) != 1 || states[0].Name != NoWP || states[0].Lasts != combat.Permanent {
		t.Errorf("states %+v", states)
	}
}

func TestAllotment(t *testing.T) {
	for _, c := range []struct {
		halves int
		date   combat.Date
		want   int
	}{
		{7, combat.Date{Year: 1943, Month: 9}, 0},
		{7, combat.Date{Year: 1943, Month: 10}, 3},
		{7, combat.Date{Year: 1944, Month: 1}, 5}, // 3.5 × 1.5 = 5.25
		{6, combat.Date{Year: 1944, Month: 12}, 4},
		{7, combat.Date{Year: 1945, Month: 1}, 7},
		{7, combat.Date{}, 5}, // undated: July 1944
	} {
		if got := (Ruleset{}).Allotment(c.halves, c.date); got != c.want {
			t.Errorf("%d half squads in %s: %d, want %d", c.halves, c.date, got, c.want)
		}
	}
}

// TestMolotovOddsSteps: the preview of a Molotov projector shot names each
// number it rolls against, the critical hit's doubled one included.
func TestMolotovOddsSteps(t *testing.T) {
	s := combat.Shot{Firer: "team", FirerKind: units.HalfSquad, FirerNation: "SU", Weapon: sw("Molotov Projector"),
		Target: combat.Target{Name: "Pz IV", Kind: units.AFV, Armour: units.Armour{Front: units.D, Rear: units.C}},
		Range:  2, Aspect: board.Rear}
	o, err := Ruleset{}.Odds(s)
	want := []string{"to-hit 8; 2d6 hits at or below it", "an original 11 breaks the weapon down, an original 12 removes it",
		"Molotov kill number 6 +1 rear; 2d6 below destroys, equal immobilizes",
		"an original 2 that hits is a critical hit: the kill number doubles to 14"}
	if err != nil || !slices.Equal(o.Steps, want) {
		t.Errorf("steps %q, %v; want %q", o.Steps, err, want)
	}
}

// TestMolotovOpenTop: a Molotov projector's kill number is +1 against an
// open-topped AFV (seed 004, 13.54): the SdKfz 251 at one hex, head on,
// is 7. By enumeration over to-hit 9: the original 2 (1 of 36) is a
// critical hit, 14, which every 2d6 is below; the other 29 hits of 3-9
// destroy on 2-6 (15 of 36), immobilize on 7 (6), do nothing above (15);
// 10-12 miss (6). Over 1296: destroyed 36 + 29·15 = 471, immobilized
// 29·6 = 174, no effect 435, miss 216.
func TestMolotovOpenTop(t *testing.T) {
	halftrack := combat.Target{Name: "SdKfz 251", Kind: units.AFV, Armour: units.Armour{Front: units.A, Rear: units.A},
		History: &units.History{OpenTop: true}}
	s := combat.Shot{Firer: "team", FirerKind: units.HalfSquad, FirerNation: "SU", Weapon: sw("Molotov Projector"),
		Target: halftrack, Range: 1, Aspect: board.Front}
	o, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Molotov kill number 6 +1 open-topped; 2d6 below destroys, equal immobilizes"; !slices.Contains(o.Steps, want) {
		t.Errorf("steps %q, want %q among them", o.Steps, want)
	}
	want, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, d) })
	if err != nil {
		t.Fatal(err)
	}
	if err := combat.EqualOdds(o, want); err != nil {
		t.Error(err)
	}
	sum := o.Summary(nil)
	for _, c := range []struct {
		name      string
		got, want uint64
	}{{"destroy", sum.Destroy, 471}, {"immobilize", sum.Immobilize, 174}, {"hit", sum.Hit, 1080}} {
		if c.got*1296 != c.want*sum.Total {
			t.Errorf("%s %d/%d, want %d/1296", c.name, c.got, sum.Total, c.want)
		}
	}
}
