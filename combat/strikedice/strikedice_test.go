package strikedice

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// gunShot is a catalogue gun firing at a catalogue vehicle in the open,
// on its front, two hexes away.
func gunShot(t testing.TB, firer, target string) combat.Shot {
	t.Helper()
	cat := battletest.Catalogue(t, nil)
	f, err := cat.Lookup(firer)
	if err != nil {
		t.Fatal(err)
	}
	g, err := cat.Lookup(target)
	if err != nil {
		t.Fatal(err)
	}
	return combat.Shot{Firer: f.Name, FirerKind: f.Kind, Weapon: combat.MainGunOf(f), Target: combat.TargetOf(g),
		Range: 2, Metres: 100, Aspect: board.Front}
}

// TestWorkedExample is seed 000's "In action": the Panzer IV H at a
// Sherman in the open, then the Pak 40's net hit on the immobilised
// Sherman, step by step.
func TestWorkedExample(t *testing.T) {
	s := gunShot(t, "Pz IV H", "M4 (75)")
	d := combat.NewFixedDice(6, 1, // to hit: 7, a weak spot
		1, 1, 2, 3, 4, 4, 5, 5, 6, 6, // ten strike dice: four penetrate the front
		1, 2, 3, 4, 5, 6, // six armour dice: two saves
		4) // AFV table, +2 net hits, 4: two Shock, immobilised
	checkWorked(t, Ruleset{}.Resolve(s, d), d, 19, []combat.Roll{
		{Purpose: "to-hit", Sides: 6, Dice: []int{6, 1}},
		{Purpose: "strike", Sides: 6, Pool: true, Dice: []int{1, 1, 2, 3, 4, 4, 5, 5, 6, 6}},
		{Purpose: "armour", Sides: 6, Pool: true, Dice: []int{1, 2, 3, 4, 5, 6}},
		{Purpose: "damage", Sides: 6, Dice: []int{4}},
	}, []string{
		"2d6 needs 5: in the open",
		"rolled 6+1, 7: hit; 1 natural 6: a weak spot, 10 strike dice",
		"10 strike dice 1,1,2,3,4,4,5,5,6,6: 4 penetrating on 5+ (front); 6 armour dice 1,2,3,4,5,6: saves 2; net 2",
		"AFV table, +2 net hits, d6 4: 2 Shock, vehicle immobilised",
	}, []combat.Effect{
		{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: 2},
		{Kind: combat.Immobilized, On: combat.OnTarget},
	})

	// The Pak 40 scores one net hit (a 1 on the +1 row): one Shock,
	// doubled on the immobilised Sherman, makes four: the crew bails out.
	pak := gunShot(t, "Pak 40", "M4 (75)")
	pak.Target.Immobile = true
	pak.Target.States = combat.StatesOf(map[string]int{Shock: 2})
	d = combat.NewFixedDice(4, 3, // to hit: 7
		5, 1, 1, 1, 1, 1, 1, 1, 1, // nine strike dice: one penetrates
		1, 1, 1, 1, 1, 1, // no save
		1) // +1 net hit, 1: one Shock
	o := Ruleset{}.Resolve(pak, d)
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	if want := []combat.Effect{{Kind: combat.Abandoned, On: combat.OnTarget}}; !slices.Equal(o.Effects, want) {
		t.Errorf("Pak 40: effects %v, want %v (steps %q)", o.Effects, want, o.Steps)
	}
	if last := o.Steps[len(o.Steps)-2:]; last[0] != "immobilised: the 1 Shock count double" || last[1] != "four Shock: the crew abandons the vehicle" {
		t.Errorf("Pak 40: last steps %q", last)
	}
}

// checkWorked checks a worked example's outcome o, rolled with d, step
// line by step line: the dice used, the rolls, the steps, a hit and its
// effects.
func checkWorked(t *testing.T, o combat.Outcome, d *combat.FixedDice, used int, rolls []combat.Roll, steps []string, effects []combat.Effect) {
	t.Helper()
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	if d.Used() != used {
		t.Errorf("rolled %d dice, want %d", d.Used(), used)
	}
	if fmt.Sprint(o.Rolls) != fmt.Sprint(rolls) {
		t.Errorf("rolls %v, want %v", o.Rolls, rolls)
	}
	if !slices.Equal(o.Steps, steps) {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(o.Steps, "\n"), strings.Join(steps, "\n"))
	}
	if !o.Hit || !slices.Equal(o.Effects, effects) {
		t.Errorf("hit %v effects %v, want a hit with %v", o.Hit, o.Effects, effects)
	}
}

// TestDamageTables reads every row and face of both tables.
func TestDamageTables(t *testing.T) {
	rows := func(tb table) string {
		var b strings.Builder
		for net := range 4 {
			for face := 1; face <= 6; face++ {
				fmt.Fprintf(&b, "%d/%d %s\n", net, face, tb.read(net, face))
			}
		}
		return b.String()
	}
	wantAFV := `0/1 1 Shock, reverse 1D6"
0/2 1 Shock, reverse 1D6"
0/3 no effect
0/4 no effect
0/5 halt and engage the firer
0/6 halt and engage the firer
1/1 1 Shock
1/2 1 Shock
1/3 1 Shock
1/4 1 Shock, engine damage
1/5 1 Shock, hull MG destroyed
1/6 1 Shock, commander stunned
2/1 2 Shock
2/2 2 Shock
2/3 2 Shock
2/4 2 Shock, vehicle immobilised
2/5 2 Shock, optics damaged
2/6 2 Shock, commander wounded
3/1 destroyed
3/2 destroyed
3/3 destroyed
3/4 destroyed
3/5 explodes
3/6 explodes
`
	if got := rows(afvTable); got != wantAFV {
		t.Errorf("AFV table:\n%s", got)
	}
	wantAPC := strings.NewReplacer("halt and engage the firer", "pedal to the metal", "hull MG destroyed", "MG suppressed",
		"optics damaged", "weapon position destroyed").Replace(wantAFV)
	if got := rows(apcTable); got != wantAPC {
		t.Errorf("APC table:\n%s", got)
	}
	if afvTable.read(7, 6) != afvTable.read(3, 6) {
		t.Error("seven net hits should read the +3 row")
	}
}

// TestEffects gives the effects of results on chosen targets.
func TestEffects(t *testing.T) {
	sherman := gunShot(t, "Pz IV H", "M4 (75)")
	shocked := sherman
	shocked.Target.States = combat.StatesOf(map[string]int{Shock: 3})
	halftrack := gunShot(t, "Pz IV H", "M3 Halftrack")
	carrying := halftrack
	carrying.Target.Riders = 1
	stuck := halftrack
	stuck.Target.Immobile = true
	shockedCarrying := carrying
	shockedCarrying.Target.States = combat.StatesOf(map[string]int{Shock: 3})
	riders := sherman
	riders.Target.Riders = 1
	gun := gunShot(t, "Pz IV H", "57mm M1")
	hits := func(on combat.Role, n, cover int) combat.Effect {
		return combat.Effect{Kind: combat.InfantryHits, On: on, N: n, Cover: cover}
	}
	st := func(name string, n int) combat.Effect {
		return combat.Effect{Kind: combat.AddState, On: combat.OnTarget, State: name, N: n}
	}
	on := func(k combat.EffectKind) combat.Effect { return combat.Effect{Kind: k, On: combat.OnTarget} }
	getOut := combat.Effect{Kind: combat.Dismount, On: combat.OnPassengers}
	tests := []struct {
		name string
		s    combat.Shot
		r    result
		want []combat.Effect
	}{
		{"reverse", sherman, result{1, reverse}, []combat.Effect{st(Shock, 1), {Kind: combat.Reverse, On: combat.OnTarget, N: 1}}},
		{"a Gun does not reverse", gun, result{1, reverse}, []combat.Effect{st(Shock, 1)}},
		{"halt", sherman, result{0, halt}, []combat.Effect{st(Engage, 1)}},
		{"stunned", sherman, result{1, stunned}, []combat.Effect{st(Shock, 1), st(Stunned, 1)}},
		{"optics", sherman, result{2, optics}, []combat.Effect{st(Shock, 2), st(Optics, 1)}},
		{"fourth shock", shocked, result{1, engine}, []combat.Effect{on(combat.Abandoned)}},
		{"AFV destroyed", sherman, result{0, destroyed}, []combat.Effect{on(combat.Eliminated)}},
		{"AFV explodes: 4 hits on the hex's infantry", sherman, result{0, explodes}, []combat.Effect{hits(combat.OnHex, 4, 0), on(combat.Eliminated)}},
		{"empty APC explodes: passengers get out", halftrack, result{0, explodes}, []combat.Effect{hits(combat.OnHex, 4, 0), on(combat.Abandoned)}},
		{"APC destroyed: a hit on the passengers in hard cover", carrying, result{0, destroyed},
			[]combat.Effect{hits(combat.OnPassengers, 1, 3), getOut, on(combat.Abandoned)}},
		{"APC explodes: a hit on the passengers in light cover, 4 on the hex", carrying, result{0, explodes},
			[]combat.Effect{hits(combat.OnPassengers, 1, 2), hits(combat.OnHex, 4, 0), getOut, on(combat.Abandoned)}},
		{"APC abandoned at four Shock: the passengers get out", shockedCarrying, result{1, none}, []combat.Effect{getOut, on(combat.Abandoned)}},
		{"AFV abandoned at four Shock: its riders get out", func() combat.Shot { s := riders; s.Target.States = shocked.Target.States; return s }(),
			result{1, stunned}, []combat.Effect{getOut, on(combat.Abandoned)}},
		{"AFV destroyed: its riders go with it", riders, result{0, destroyed}, []combat.Effect{on(combat.Eliminated)}},
		{"pedal to the metal", halftrack, result{0, pedal}, []combat.Effect{on(combat.DriveOn)}},
		{"APC immobilised: the passengers get out", carrying, result{2, immobilised},
			[]combat.Effect{st(Shock, 2), on(combat.Immobilized), {Kind: combat.Dismount, On: combat.OnPassengers}}},
		{"empty APC immobilised", halftrack, result{2, immobilised}, []combat.Effect{st(Shock, 2), on(combat.Immobilized)}},
		{"an immobilised APC does not drive on", stuck, result{0, pedal}, nil},
		{"halt and engage", sherman, result{0, halt}, []combat.Effect{st(Engage, 1)}},
		{"no effect", sherman, result{0, none}, nil},
	}
	for _, tt := range tests {
		n := 1 // one hex of reverse
		if tt.r.what == explodes {
			n = 4 // four hits of the explosion
		}
		if got := effectsOf(tt.s, tt.r, n); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestAdjustments: each adjustment the shot carries, and the obscurement.
func TestAdjustments(t *testing.T) {
	base := gunShot(t, "Pz IV H", "M4 (75)")
	cat := battletest.Catalogue(t, nil)
	schreck, _ := cat.LookupWeapon("Panzerschreck")
	tests := []struct {
		name string
		edit func(*combat.Shot)
		need int
		mods string
	}{
		{"open", func(*combat.Shot) {}, 5, ""},
		{"crops", func(s *combat.Shot) { s.Cover, s.CoverName = 1, "crops" }, 7, ""},
		{"woods", func(s *combat.Shot) { s.Cover = 2 }, 9, ""},
		{"cover and hindrance", func(s *combat.Shot) { s.Cover, s.Hindrance = 1, 1 }, 9, ""},
		{"moved", func(s *combat.Shot) { s.FirerMoved, s.TargetMoved = true, true }, 5, " -1 target moved flat out -1 firer moved"},
		{"target moved 6 of its 10 MP: flat out", func(s *combat.Shot) { s.TargetMoved, s.TargetMoveMP, s.TargetMP = true, 6, 10 }, 5, " -1 target moved flat out"},
		{"target moved 5 of its 10 MP: not flat out", func(s *combat.Shot) { s.TargetMoved, s.TargetMoveMP, s.TargetMP = true, 5, 10 }, 5, ""},
		{"turret out of arc", func(s *combat.Shot) { s.OutsideFrontArc = true }, 5, " -1 turret out of arc"},
		{"a vehicle's crew is not under suppressing fire", func(s *combat.Shot) {
			s.FirerStates = combat.StatesOf(map[string]int{Suppressed: 1})
		}, 5, ""},
		{"a Gun under suppressing fire", func(s *combat.Shot) {
			s.FirerKind = units.Gun
			s.FirerStates = combat.StatesOf(map[string]int{Suppressed: 1})
		}, 5, " -1 under suppressing fire"},
		{"Panzerschreck under suppressing fire", func(s *combat.Shot) {
			s.FirerKind, s.Weapon, s.Metres = units.HalfSquad, combat.SupportWeaponOf(schreck), 80
			s.FirerStates = combat.StatesOf(map[string]int{Suppressed: 1})
		}, 5, " -1 range band -1 under suppressing fire"},
		{"shocked firer", func(s *combat.Shot) { s.FirerStates = combat.StatesOf(map[string]int{Shock: 2}) }, 5, " -2 shock"},
		{"leader", func(s *combat.Shot) { s.Leader = -1 }, 5, " +1 leader"},
		{"hit with the last round", func(s *combat.Shot) { s.RepeatHit = true }, 5, " +1 hit with the last round"},
		{"hit with the last round, target moved since", func(s *combat.Shot) { s.RepeatHit, s.TargetMoved = true, true }, 5, " -1 target moved flat out"},
		{"leader, wounded commander", func(s *combat.Shot) {
			s.Leader = -1
			s.FirerStates = combat.StatesOf(map[string]int{Wounded: 1})
		}, 5, ""},
		{"optics", func(s *combat.Shot) { s.FirerStates = combat.StatesOf(map[string]int{Optics: 1}) }, 5, " -2 optics damaged"},
		{"low, small Gun", func(s *combat.Shot) { s.Target = combat.TargetOf(mustType(t, cat, "57mm M1")) }, 5, " -1 low profile -1 small target"},
		{"Panzerschreck at 72 m", func(s *combat.Shot) {
			s.FirerKind, s.Weapon, s.Metres = units.HalfSquad, combat.SupportWeaponOf(schreck), 72
		}, 5, ""},
		{"Panzerschreck at 73 m", func(s *combat.Shot) {
			s.FirerKind, s.Weapon, s.Metres = units.HalfSquad, combat.SupportWeaponOf(schreck), 73
		}, 5, " -1 range band"},
		{"Panzerschreck at 144 m", func(s *combat.Shot) {
			s.FirerKind, s.Weapon, s.Metres = units.HalfSquad, combat.SupportWeaponOf(schreck), 144
		}, 5, " -2 range band"},
	}
	for _, tt := range tests {
		s := base
		tt.edit(&s)
		p, err := planShot(s)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if p.need != tt.need || combat.FormatModifiers(p.mods) != tt.mods {
			t.Errorf("%s: needs %d%q, want %d%q", tt.name, p.need, combat.FormatModifiers(p.mods), tt.need, tt.mods)
		}
	}
}

func mustType(t testing.TB, cat *units.Catalogue, name string) *units.Type {
	t.Helper()
	ty, err := cat.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return ty
}

// TestCheckRefuses names the shots the ruleset refuses.
func TestCheckRefuses(t *testing.T) {
	base := gunShot(t, "Pz IV H", "M4 (75)")
	cat := battletest.Catalogue(t, nil)
	schreck, _ := cat.LookupWeapon("Panzerschreck")
	tests := []struct {
		name string
		edit func(*combat.Shot)
		want string
	}{
		{"infantry target", func(s *combat.Shot) { s.Target.Kind = units.Squad }, "is infantry"},
		{"passenger", func(s *combat.Shot) { s.Passenger = true }, "passengers"},
		{"engine damage and moved", func(s *combat.Shot) {
			s.FirerMoved, s.FirerStates = true, combat.StatesOf(map[string]int{EngineDamage: 1})
		}, "engine damage"},
		{"beyond the last band", func(s *combat.Shot) {
			s.FirerKind, s.Weapon, s.Metres = units.HalfSquad, combat.SupportWeaponOf(schreck), 145
		}, "reaches 36\""},
		{"no history", func(s *combat.Shot) { s.Weapon.History = nil }, "historical record"},
		{"an unarmed truck", func(s *combat.Shot) {
			s.FirerKind, s.Weapon = units.Vehicle, combat.MainGunOf(mustType(t, cat, "GMC Truck"))
		}, "neither a gun nor a machine gun"},
		{"front-rear tie", func(s *combat.Shot) { s.Aspect = board.FrontRearTie }, "front, side and rear"},
	}
	for _, tt := range tests {
		s := base
		tt.edit(&s)
		if err := (Ruleset{}).Check(s); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// TestRatingsReproduceThePrinted: the formula gives every value the seed
// prints, and every catalogue entry is rated.
func TestRatingsReproduceThePrinted(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	values := map[string]string{}
	for _, ty := range cat.Types() {
		rs, err := Ruleset{}.RateType(ty)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			values[ty.Name+"/"+r.Name] = r.Value + " " + r.Origin.String()
		}
	}
	for _, w := range cat.Weapons() {
		rs, err := Ruleset{}.RateWeapon(w)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			values[w.Name+"/"+r.Name] = r.Value + " " + r.Origin.String()
		}
	}
	for key, want := range map[string]string{
		"Pz IV H/" + ratingStrike:             "9 printed",
		"M4 (75)/" + ratingFront:              "6 printed",
		"6-Pndr Mk IV/" + ratingStrike:        "9 printed",
		"Panzerschreck/" + ratingStrike:       "11 printed",
		"Panzerschreck/" + ratingBands:        "0-18\" 18-24\" 24-36\" printed",
		"Pak 40/" + ratingStrike:              "9 derived",
		"Bazooka/" + ratingStrike:             "9 derived",
		"MG34/" + ratingStrike:                "0 derived",
		"German Rifle Squad/" + ratingGrenade: "Teller mine 5 printed",
		"US Bazooka Team/" + ratingStrike:     "its Bazooka's derived",
	} {
		if values[key] != want {
			t.Errorf("%s = %q, want %q", key, values[key], want)
		}
	}
}

// oracleShots are 252 shots small enough for combat.Enumerate (up to 3
// strike dice before weak spots against up to 3 armour dice, 3 only
// against 0 or 1), over every aspect, obscurement, damage
// table, adjustment and target state.
func oracleShots(t testing.TB) []combat.Shot {
	var shots []combat.Shot
	afv := units.History{Gun: units.Calibre{MM: 75}}
	n := 0
	for strike := range 4 {
		// e^(k/2) mm rates round(2 ln) = k strike dice; no row rates 0.
		// 0 strike dice: a vehicle with only a machine gun.
		w := combat.Weapon{Name: "gun", Class: combat.MainGun, History: &units.History{MGs: []units.MGFacts{{Count: 1, Calibre: 7.92}}}}
		if strike > 0 {
			w.History.Pen = []units.Penetration{{Ammo: units.APCBC, MM: []float64{[]float64{0, 1.7, 2.8, 4.5}[strike]}}}
		}
		for armour := range 4 {
			if strike == 3 && armour > 1 {
				break // keep the enumeration quick: 5 strike dice against at most 1 armour die
			}
			for _, aspect := range []board.Aspect{board.Front, board.Side, board.Rear} {
				for variant := range 6 {
					h := afv
					if variant == 5 {
						h = units.History{} // no gun: the APC table
					}
					for f := range 3 {
						h.Armour[f].MM = float64(armour * 15)
					}
					s := combat.Shot{Firer: "firer", FirerKind: units.AFV, Weapon: w, Range: 2, Metres: 100, Aspect: aspect,
						Target: combat.Target{Name: "target", Kind: units.AFV, History: &h}}
					switch variant {
					case 1:
						s.Cover = 1
						s.Target.Immobile = true
					case 2:
						s.Cover, s.Hindrance, s.Leader, s.RepeatHit, s.OutsideFrontArc = 2, 1, -1, true, true
						s.Target.States = combat.StatesOf(map[string]int{Shock: 2})
					case 3:
						s.FirerMoved, s.TargetMoved = true, true
						s.Weapon.Rounds = 2
						s.Target.States = combat.StatesOf(map[string]int{Shock: 3})
					case 4:
						s.FirerKind = units.Gun // suppressed: a team without A.P. Strike's target saves on 4+
						s.FirerStates = combat.StatesOf(map[string]int{Shock: 1, Optics: 1, Suppressed: 1})
						s.Target.Kind = units.Gun
					case 5:
						s.Target.Riders = 2 // the passengers of the APC take their hits
					}
					shots = append(shots, s)
					n++
				}
			}
		}
	}
	if n < 200 {
		t.Fatalf("only %d oracle shots", n)
	}
	return shots
}

// TestOddsEqualEnumeration proves the closed form equal to the enumerator
// on every oracle shot, and checks the pools' sizes were what was meant.
func TestOddsEqualEnumeration(t *testing.T) {
	seen := map[[2]int]bool{}
	for i, s := range oracleShots(t) {
		p, err := planShot(s)
		if err != nil {
			t.Fatalf("shot %d: %v", i, err)
		}
		seen[[2]int{p.strike, p.armour}] = true
		got, err := Ruleset{}.Odds(s)
		checkEqualOdds(t, fmt.Sprintf("shot %d (%d strike, %d armour, %s)", i, p.strike, p.armour, s.Aspect), got, err,
			func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, d) })
	}
	if len(seen) != 14 {
		t.Errorf("the oracle shots cover %d pool sizes, want 14", len(seen))
	}
}

// checkEqualOdds checks that odds got (or its error) are consistent and
// equal to the enumerator's over resolve.
func checkEqualOdds(t *testing.T, what string, got combat.Odds, err error, resolve func(combat.Dice) combat.Outcome) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := got.Check(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want, err := combat.Enumerate(resolve)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := combat.EqualOdds(got, want); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// heaviest is the largest shot the ruleset rolls: the most strike dice
// against the most armour dice, through the AFV table.
func heaviest() combat.Shot {
	h := &units.History{Gun: units.Calibre{MM: 75}}
	for f := range 3 {
		h.Armour[f].MM = maxArmourDice * armourMMPerDie
	}
	w := combat.Weapon{Name: "gun", Class: combat.MainGun,
		History: &units.History{Pen: []units.Penetration{{Ammo: units.APCBC, MM: []float64{1800}}}}} // round(2 ln 1800) = 15
	return combat.Shot{Firer: "firer", FirerKind: units.AFV, Weapon: w, Range: 2, Metres: 100, Aspect: board.Rear,
		Target: combat.Target{Name: "target", Kind: units.AFV, History: h}}
}

// TestHeaviestOddsFit: the heaviest shot's weights sum exactly.
func TestHeaviestOddsFit(t *testing.T) {
	s := heaviest()
	p, err := planShot(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.strike != maxStrikeDice || p.armour != maxArmourDice {
		t.Fatalf("heaviest shot rolls %d and %d dice", p.strike, p.armour)
	}
	o, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
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

// TestStartingRounds: three rounds for the launchers, none counted for
// the AT rifle, the machine guns and the one-shot Panzerfaust.
func TestStartingRounds(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	for name, want := range map[string]int{"Bazooka": 3, "PIAT": 3, "Panzerschreck": 3, "AT Rifle": 0, "MG34": 0, "Panzerfaust": 0} {
		w, err := cat.LookupWeapon(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Ruleset{}).StartingRounds(w); got != want {
			t.Errorf("%s: %d rounds, want %d", name, got, want)
		}
	}
}
