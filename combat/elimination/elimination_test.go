package elimination

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// shot builds a shot from catalogue names; weapon "" means the firer's own.
func shot(t testing.TB, firer, weapon, target string, rng int, aspect board.Aspect) combat.Shot {
	t.Helper()
	c := battletest.Catalogue(t, Ruleset{})
	f, err := c.Lookup(firer)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := c.Lookup(target)
	if err != nil {
		t.Fatal(err)
	}
	w, err := combat.WeaponOf(c, f)
	if err != nil {
		t.Fatal(err)
	}
	if weapon != "" {
		sw, err := c.LookupWeapon(weapon)
		if err != nil {
			t.Fatal(err)
		}
		w = combat.SupportWeaponOf(sw)
	}
	return combat.Shot{Firer: f.Name, FirerKind: f.Kind, Weapon: w, Target: combat.TargetOf(tg),
		Range: rng, Metres: rng * 50, Aspect: aspect}
}

func resolve(t *testing.T, s combat.Shot, faces ...int) combat.Outcome {
	t.Helper()
	d := combat.NewFixedDice(faces...)
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil {
		t.Fatalf("Resolve error: %v", o.Err)
	}
	if d.Used() != len(faces) {
		t.Errorf("Resolve rolled %d dice, want %d (%v)", d.Used(), len(faces), faces)
	}
	return o
}

func checkSteps(t *testing.T, o combat.Outcome, want []string) {
	t.Helper()
	if !slices.Equal(o.Steps, want) {
		t.Errorf("steps =\n  %s\nwant\n  %s", strings.Join(o.Steps, "\n  "), strings.Join(want, "\n  "))
	}
}

// The rules' worked example (seed 001): M4A3E8 in E4 at the Tiger I in the
// woods of C1, four hexes, the Tiger's rear towards it.
func TestSeedExample(t *testing.T) {
	s := shot(t, "M4A3E8", "", "Tiger I", 4, board.Rear)
	s.Cover, s.CoverName = 2, "woods"
	o := resolve(t, s, 3, 4, 2, 4)
	checkSteps(t, o, []string{
		"needs 10 or less; rolled 7 +2 woods = 9: hit",
		"D vs rear D: elimination number 7; rolled 6: eliminated",
	})
	if outcomeResult(o) != eliminated || !o.Hit || o.ToHit != 10 || aspectRolled(o) || o.Aspect != board.Rear {
		t.Errorf("outcome = %+v, want a hit needing 10 on the rear, eliminated", o)
	}
	wantRolls := []combat.Roll{{Purpose: "to-hit", Dice: []int{3, 4}}, {Purpose: "elimination", Dice: []int{2, 4}}}
	sameRoll := func(a, b combat.Roll) bool { return a.Purpose == b.Purpose && slices.Equal(a.Dice, b.Dice) }
	if !slices.EqualFunc(o.Rolls, wantRolls, sameRoll) {
		t.Errorf("rolls = %v, want %v", o.Rolls, wantRolls)
	}
}

// The Panzerfaust example (§10): adjacent M4A3E8 from the front, leader -1.
func TestPanzerfaustExample(t *testing.T) {
	s := shot(t, "German Rifle Squad", "Panzerfaust", "M4A3E8", 1, board.Front)
	s.Leader = -1
	o := resolve(t, s, 4, 3, 5, 6)
	checkSteps(t, o, []string{
		"needs 8 or less; rolled 7 -1 leader = 6: hit",
		"the Panzerfaust is used up",
		"D vs front E: elimination number 5; rolled 11: no effect",
	})
	if outcomeResult(o) != noEffect || !spent(o) {
		t.Errorf("result = %v, spent = %v; want no_effect, spent", outcomeResult(o), spent(o))
	}
	missed := resolve(t, s, 6, 4)
	if outcomeResult(missed) != miss || !spent(missed) {
		t.Errorf("a missed Panzerfaust: result %v spent %v, want miss and spent", outcomeResult(missed), spent(missed))
	}
}

func TestEveryChartCell(t *testing.T) {
	// The chart as printed in §10, rows ATFP A–F, columns armour A–F.
	printed := []string{
		"7 5 3 - - -",
		"9 7 5 3 - -",
		"11 9 7 5 3 -",
		"E 11 9 7 5 3",
		"E E 11 9 7 5",
		"E E E 11 9 7",
	}
	for i, row := range printed {
		for j, cell := range strings.Fields(row) {
			atfp, armour := units.A+units.Rating(i), units.A+units.Rating(j)
			have := EliminationNumber(atfp, armour)
			want := map[string]int{"E": AlwaysEliminates, "-": NoEffectPossible}[cell]
			if want == 0 && cell != "-" {
				want = int(cell[0]-'0')*10 + int(cell[len(cell)-1]-'0')
				if len(cell) == 1 {
					want = int(cell[0] - '0')
				}
			}
			if have != want {
				t.Errorf("EliminationNumber(%v, %v) = %d, want %s", atfp, armour, have, cell)
			}
			pattern := 7 + 2*(atfp.Index()-armour.Index())
			if (pattern >= 13) != (have == AlwaysEliminates) || (pattern <= 1) != (have == NoEffectPossible) ||
				(pattern > 1 && pattern < 13 && have != pattern) {
				t.Errorf("cell %v/%v = %d breaks the pattern 7+2(ATFP-armour) = %d", atfp, armour, have, pattern)
			}
		}
	}
	if have := EliminationNumber(units.NoRating, units.C); have != NoEffectPossible {
		t.Errorf("EliminationNumber(-, C) = %d, want NoEffectPossible", have)
	}
}

// Every chart cell through Resolve: a rear hit on an armour letter with
// an elimination roll of 6 (or none for E and -).
func TestEveryChartCellResolved(t *testing.T) {
	for atfp := units.A; atfp <= units.F; atfp++ {
		for armour := units.A; armour <= units.F; armour++ {
			s := combat.Shot{FirerKind: units.AFV, Weapon: combat.Weapon{Name: "gun", ATFP: atfp},
				Target: combat.Target{Kind: units.AFV, Armour: units.Armour{Front: units.F, Rear: armour}},
				Range:  3, Aspect: board.Rear}
			en := EliminationNumber(atfp, armour)
			faces := []int{1, 1, 3, 3}
			want := noEffect
			switch {
			case en == AlwaysEliminates:
				faces, want = faces[:2], eliminated
			case en == NoEffectPossible:
				faces = faces[:2]
			case 6 < en:
				want = eliminated
			case 6 == en:
				want = immobilized
				faces = append(faces, 6) // the crew stays
			}
			t.Run(atfp.String()+"vs"+armour.String(), func(t *testing.T) {
				o := resolve(t, s, faces...)
				if outcomeResult(o) != want {
					t.Errorf("result = %v, want %v; steps %q", outcomeResult(o), want, o.Steps)
				}
			})
		}
	}
}

func TestToHitBands(t *testing.T) {
	gun := combat.Weapon{Class: combat.MainGun, ATFP: units.D}
	sw := combat.Weapon{Class: combat.SupportWeapon, ATFP: units.C, Range: 3}
	tests := []struct {
		w     combat.Weapon
		rng   int
		want  int
		label string
	}{
		{gun, 1, 10, "gun at 1-10 hexes"},
		{gun, 10, 10, "gun at 1-10 hexes"},
		{gun, 11, 8, "gun at 11-19 hexes"},
		{gun, 19, 8, "gun at 11-19 hexes"},
		{gun, 20, 6, "gun at 20+ hexes"},
		{gun, 60, 6, "gun at 20+ hexes"},
		{sw, 1, 8, "infantry AT weapon"},
		{sw, 3, 8, "infantry AT weapon"},
	}
	for _, tt := range tests {
		have, label := ToHitNumber(tt.w, tt.rng)
		if have != tt.want || label != tt.label {
			t.Errorf("ToHitNumber(%v, %d) = %d %q, want %d %q", tt.w.Class, tt.rng, have, label, tt.want, tt.label)
		}
	}
	// The modified total equal to the number hits, one more misses.
	s := shot(t, "Pz IV H", "", "3-Ton Truck", 11, board.Front)
	s.Hindrance = 1
	if o := resolve(t, s, 3, 4); !o.Hit || o.Steps[0] != "needs 8 or less; rolled 7 +1 hindrance = 8: hit" {
		t.Errorf("7+1 at 11 hexes: hit %v, steps %q; want a hit", o.Hit, o.Steps)
	}
	if o := resolve(t, s, 4, 4); o.Hit || o.Steps[0] != "needs 8 or less; rolled 8 +1 hindrance = 9: miss" {
		t.Errorf("8+1 at 11 hexes: hit %v, steps %q; want a miss", o.Hit, o.Steps)
	}
}

func TestHexsideTieBreak(t *testing.T) {
	s := shot(t, "M4A3E8", "", "Tiger I", 5, board.FrontRearTie) // front E, rear D
	tests := []struct {
		die  int
		want board.Aspect
		line string
	}{
		{1, board.Front, "D vs front E: elimination number 5; rolled 6: no effect"},
		{3, board.Front, "D vs front E: elimination number 5; rolled 6: no effect"},
		{4, board.Rear, "D vs rear D: elimination number 7; rolled 6: eliminated"},
		{6, board.Rear, "D vs rear D: elimination number 7; rolled 6: eliminated"},
	}
	for _, tt := range tests {
		o := resolve(t, s, 2, 2, tt.die, 3, 3)
		checkSteps(t, o, []string{
			"needs 10 or less; rolled 4: hit",
			"line of fire along the hexside: rolled " + string(rune('0'+tt.die)) + ": " + tt.want.String() + " armour",
			tt.line,
		})
		if !aspectRolled(o) || o.Aspect != tt.want || o.Rolls[1].Purpose != "aspect" {
			t.Errorf("die %d: aspect %v rolled %v, want %v rolled", tt.die, o.Aspect, aspectRolled(o), tt.want)
		}
	}
}

func TestECellsAndDashCells(t *testing.T) {
	// E: the Tiger's gun (E) against the halftrack's A: no elimination roll.
	o := resolve(t, shot(t, "Tiger I", "", "M3 Halftrack", 6, board.Front), 5, 5)
	checkSteps(t, o, []string{"needs 10 or less; rolled 10: hit", "E vs front A: E, any hit eliminates: eliminated"})
	// –: the AT rifle (A) against the Tiger's front E.
	o = resolve(t, shot(t, "Soviet AT Rifle Team", "", "Tiger I", 2, board.Front), 1, 1)
	checkSteps(t, o, []string{"needs 8 or less; rolled 2: hit", "A vs front E: -, a hit cannot harm it: no effect"})
	if outcomeResult(o) != noEffect {
		t.Errorf("AT rifle on Tiger front = %v, want no_effect", outcomeResult(o))
	}
}

func TestAbandonment(t *testing.T) {
	tiger := shot(t, "M4A3E8", "", "Tiger I", 3, board.Rear) // D vs D: EN 7
	immobile := tiger
	immobile.Target.Immobile = true
	dash := shot(t, "Soviet AT Rifle Team", "", "Tiger I", 2, board.Front)
	dash.Target.Immobile = true
	tests := []struct {
		name  string
		s     combat.Shot
		faces []int
		want  result
		last  string
	}{
		{"immobilized, crew abandons", tiger, []int{1, 1, 3, 4, 2}, abandoned,
			"immobile: crew abandons on 2 or less; rolled 2: abandoned"},
		{"immobilized, crew stays", tiger, []int{1, 1, 3, 4, 3}, immobilized,
			"immobile: crew abandons on 2 or less; rolled 3: crew stays"},
		{"not immobile, no effect: no check", tiger, []int{1, 1, 4, 4}, noEffect,
			"D vs rear D: elimination number 7; rolled 8: no effect"},
		{"immobile, miss, abandons", immobile, []int{6, 5, 1}, abandoned,
			"immobile: crew abandons on 2 or less; rolled 1: abandoned"},
		{"immobile, miss, stays", immobile, []int{6, 5, 5}, miss,
			"immobile: crew abandons on 2 or less; rolled 5: crew stays"},
		{"immobile, hit, no effect, abandons", immobile, []int{1, 1, 6, 6, 2}, abandoned,
			"immobile: crew abandons on 2 or less; rolled 2: abandoned"},
		{"immobile, hit, no effect, stays", immobile, []int{1, 1, 6, 6, 6}, noEffect,
			"immobile: crew abandons on 2 or less; rolled 6: crew stays"},
		{"immobile, immobilized again: one check", immobile, []int{1, 1, 3, 4, 4}, immobilized,
			"immobile: crew abandons on 2 or less; rolled 4: crew stays"},
		{"immobile, eliminated: no check", immobile, []int{1, 1, 1, 1}, eliminated,
			"D vs rear D: elimination number 7; rolled 2: eliminated"},
		{"immobile, dash cell: check", dash, []int{1, 1, 1}, abandoned,
			"immobile: crew abandons on 2 or less; rolled 1: abandoned"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := resolve(t, tt.s, tt.faces...)
			if outcomeResult(o) != tt.want || o.Steps[len(o.Steps)-1] != tt.last {
				t.Errorf("result %v, last step %q; want %v, %q", outcomeResult(o), o.Steps[len(o.Steps)-1], tt.want, tt.last)
			}
		})
	}
}

func TestUnarmouredAndGunTargets(t *testing.T) {
	truck := shot(t, "Pak 40", "", "3-Ton Truck", 7, board.Rear)
	checkSteps(t, resolve(t, truck, 2, 3), []string{"needs 10 or less; rolled 5: hit",
		"unarmoured vehicle hit: eliminated, with any passengers"})
	gun := shot(t, "US Bazooka Team", "", "6-Pndr Mk IV", 3, board.Front)
	gun.GunShield = true
	o := resolve(t, gun, 3, 4)
	checkSteps(t, o, []string{"needs 8 or less; rolled 7 +1 gun shield = 8: hit", "Gun hit: eliminated"})
	if outcomeResult(o) != eliminated {
		t.Errorf("gun hit = %v, want eliminated", outcomeResult(o))
	}
	// The shield belongs to Guns: the flag means nothing on a truck.
	truck.GunShield = true
	if o := resolve(t, truck, 5, 5); !o.Hit {
		t.Errorf("truck with GunShield set: steps %q, want no shield modifier", o.Steps)
	}
}

func TestRefusals(t *testing.T) {
	ok := shot(t, "US Bazooka Team", "", "Tiger I", 2, board.Front)
	with := func(f func(*combat.Shot)) combat.Shot { s := ok; f(&s); return s }
	tests := []struct {
		name string
		s    combat.Shot
		want string
	}{
		{"infantry target", shot(t, "M4A3E8", "", "German Rifle Squad", 3, board.Front),
			"German Rifle Squad is a squad: anti-tank fire cannot harm infantry, use AP fire"},
		{"leader target", shot(t, "M4A3E8", "", "German Leader", 3, board.Front), "German Leader is a leader"},
		{"passenger", with(func(s *combat.Shot) { s.Passenger = true }),
			"US Bazooka Team is riding in a vehicle: passengers may fire AP only, never AT"},
		{"towed gun", func() combat.Shot {
			s := shot(t, "Pak 40", "", "M4A3E8", 3, board.Front)
			s.Passenger = true
			return s
		}(), "Pak 40 is being towed or carried: a Gun fires only when set up"},
		{"no ATFP vehicle", shot(t, "M3 Halftrack", "", "Tiger I", 3, board.Front),
			"M3 Halftrack has no anti-tank firepower (ATFP)"},
		{"no AT weapon", shot(t, "US Rifle Squad", "", "Tiger I", 2, board.Front),
			"US Rifle Squad carries no anti-tank weapon"},
		{"SW without ATFP", shot(t, "US Rifle Squad", "M1919A6", "Tiger I", 2, board.Front),
			"M1919A6 has no anti-tank firepower (ATFP)"},
		{"out of SW range", with(func(s *combat.Shot) { s.Range = 4 }),
			"the Bazooka reaches 3 hexes; Tiger I is 4 hexes away"},
		{"Panzerfaust not adjacent", shot(t, "German Rifle Squad", "Panzerfaust", "M4A3E8", 2, board.Front),
			"the Panzerfaust reaches adjacent targets only; M4A3E8 is 2 hexes away"},
		{"Panzerfaust spent", func() combat.Shot {
			s := shot(t, "German Rifle Squad", "Panzerfaust", "M4A3E8", 1, board.Front)
			s.Weapon.Spent = true
			return s
		}(), "the Panzerfaust has already been fired: it is used up"},
		{"mortar too close", shot(t, "German Rifle Squad", "5cm Mortar", "M4A3E8", 1, board.Front),
			"the 5cm Mortar cannot fire closer than 2 hexes; M4A3E8 is 1 away"},
		{"same hex", with(func(s *combat.Shot) { s.Range = 0 }), "range 0: the target must be in another hex"},
		{"leader on gun fire", func() combat.Shot {
			s := shot(t, "M4A3E8", "", "Tiger I", 3, board.Front)
			s.Leader = -1
			return s
		}(), "leaders direct infantry AT fire only, not the fire of an AFV"},
		{"positive leader", with(func(s *combat.Shot) { s.Leader = 1 }), "leader modifier +1: a leader's modifier is negative"},
		{"negative cover", with(func(s *combat.Shot) { s.Cover = -1 }), "cover -1 and hindrance 0: neither can be negative"},
		{"side aspect", with(func(s *combat.Shot) { s.Aspect = board.Side }),
			"aspect side: this ruleset knows front, rear and the hexside tie only"},
		{"SW on a tank", func() combat.Shot {
			s := shot(t, "M4A3E8", "Bazooka", "Tiger I", 3, board.Front)
			return s
		}(), "M4A3E8 is an AFV: support weapons are for infantry"},
		{"AFV without armour", with(func(s *combat.Shot) { s.Target.Armour = units.Armour{} }),
			"Tiger I is an AFV without an armour factor"},
		{"infantry with a gun", with(func(s *combat.Shot) { s.Weapon.Class = combat.MainGun }),
			"US Bazooka Team is infantry: it fires AT only with a support weapon"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Ruleset{}.Check(tt.s)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("Check = %v, want %q", err, tt.want)
			}
			o := Ruleset{}.Resolve(tt.s, combat.NewFixedDice(1, 1, 1, 1, 1, 1))
			if o.Err == nil || len(o.Rolls) != 0 || o.Steps[0] != "refused: "+err.Error() {
				t.Errorf("Resolve of a refused shot = %+v, want Err and no rolls", o)
			}
			if _, err := (Ruleset{}).Odds(tt.s); err == nil {
				t.Errorf("Odds of a refused shot: nil error")
			}
		})
	}
	if err := (Ruleset{}).Check(ok); err != nil {
		t.Errorf("Check(bazooka at 2 hexes) = %v, want nil", err)
	}
}

func TestDiceRunOut(t *testing.T) {
	o := Ruleset{}.Resolve(shot(t, "M4A3E8", "", "Tiger I", 3, board.Rear), combat.NewFixedDice(1, 1, 3))
	if o.Err == nil || !strings.Contains(o.Err.Error(), "roll 4 asked for, only 3 given") || outcomeResult(o) != miss {
		t.Errorf("Resolve with too few dice: err %v result %v, want a clear error and miss", o.Err, outcomeResult(o))
	}
}

func TestSmoke(t *testing.T) {
	c := battletest.Catalogue(t, Ruleset{})
	tests := []struct {
		firer     string
		passenger bool
		want      string
	}{
		{"M4A3E8", false, ""},
		{"6-Pndr Mk IV", false, ""},
		{"6-Pndr Mk IV", true, "6-Pndr Mk IV is being towed or carried"},
		{"M3 Halftrack", false, "M3 Halftrack has no gun"},
		{"US Rifle Squad", false, "infantry place Smoke 1"},
	}
	for _, tt := range tests {
		f, _ := c.Lookup(tt.firer)
		w, _ := combat.WeaponOf(c, f)
		err := Ruleset{}.CheckSmoke(combat.SmokeShot{FirerKind: f.Kind, Weapon: w, Passenger: tt.passenger})
		if (err == nil) != (tt.want == "") || err != nil && !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("CheckSmoke(%s) = %v, want %q", tt.firer, err, tt.want)
		}
	}
	if SmokeLevel != 2 || SmokeFactors != 2 {
		t.Errorf("smoke round = Smoke %d for %d factors, want Smoke 2 for 2", SmokeLevel, SmokeFactors)
	}
}

func TestRegistered(t *testing.T) {
	r, err := combat.Lookup("elimination")
	if err != nil || r.Name() != Name {
		t.Errorf("combat.Lookup(elimination) = %v, %v", r, err)
	}
}

// spread is a set of shots that covers every branch of the procedure.
func spread(t testing.TB) []combat.Shot {
	wooded := shot(t, "M4A3E8", "", "Tiger I", 4, board.Rear)
	wooded.Cover, wooded.CoverName = 2, "woods"
	pf := shot(t, "German Rifle Squad", "Panzerfaust", "M4A3E8", 1, board.Front)
	pf.Leader = -1
	tie := shot(t, "Pz IV H", "", "M4 (75)", 12, board.FrontRearTie)
	tieImmobile := tie
	tieImmobile.Target.Immobile = true
	far := shot(t, "Sherman Firefly", "", "Panther", 25, board.Front)
	far.Hindrance = 1
	dashImmobile := shot(t, "Soviet AT Rifle Team", "", "Tiger I", 3, board.Front)
	dashImmobile.Target.Immobile = true
	shield := shot(t, "T-34/85", "", "Pak 40", 8, board.Front)
	shield.GunShield, shield.Cover = true, 3
	impossible := shot(t, "M10", "", "StuG III G", 22, board.Rear)
	impossible.Cover, impossible.Hindrance = 3, 4
	mortarTie := shot(t, "German Rifle Squad", "5cm Mortar", "M3 Halftrack", 4, board.FrontRearTie)
	mortarImmobile := shot(t, "German Rifle Squad", "5cm Mortar", "M3 Halftrack", 3, board.Front)
	mortarImmobile.Target.Immobile = true
	return []combat.Shot{wooded, pf, tie, tieImmobile, far, dashImmobile, shield, impossible,
		shot(t, "Tiger I", "", "M3 Halftrack", 15, board.Rear),
		shot(t, "45mm M1937", "", "Pz IV H", 2, board.Rear),
		mortarTie, mortarImmobile,
	}
}

// TestMortarShot: an on-board mortar hits on 6 or less, strikes the rear
// armour whatever the aspect (no tie-break die), and eliminates on its
// elimination number or less, never immobilizing (rules 12.6). The 5cm
// mortar (A) against the M3 Halftrack (A) has elimination number 7.
func TestMortarShot(t *testing.T) {
	tests := []struct {
		name   string
		aspect board.Aspect
		dice   []int
		want   result
		steps  string
	}{
		{"7 eliminates", board.Front, []int{3, 3, 3, 4}, eliminated,
			"needs 6 or less; rolled 6: hit|a mortar round strikes the rear armour|A vs rear A: elimination number 7; rolled 7: eliminated"},
		{"8 has no effect", board.FrontRearTie, []int{1, 1, 4, 4}, noEffect,
			"needs 6 or less; rolled 2: hit|a mortar round strikes the rear armour|A vs rear A: elimination number 7; rolled 8: no effect"},
		{"7 to hit misses", board.Front, []int{3, 4}, miss, "needs 6 or less; rolled 7: miss"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := shot(t, "German Rifle Squad", "5cm Mortar", "M3 Halftrack", 3, tt.aspect)
			o := Ruleset{}.Resolve(s, combat.NewFixedDice(tt.dice...))
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			if have := resultOf(o.Hit, o.Effects); have != tt.want {
				t.Errorf("result %v, want %v", have, tt.want)
			}
			if have := strings.Join(o.Steps, "|"); have != tt.steps {
				t.Errorf("steps\n%s\nwant\n%s", have, tt.steps)
			}
		})
	}
}

// resultOf reads this ruleset's result back from an outcome's effects on
// its target.
func resultOf(hit bool, es []combat.Effect) result {
	switch {
	case combat.HasEffect(es, combat.OnTarget, combat.Eliminated):
		return eliminated
	case combat.HasEffect(es, combat.OnTarget, combat.Abandoned):
		return abandoned
	case combat.HasEffect(es, combat.OnTarget, combat.Immobilized):
		return immobilized
	case hit:
		return noEffect
	}
	return miss
}

// outcomeResult is resultOf for a resolved shot.
func outcomeResult(o combat.Outcome) result { return resultOf(o.Hit, o.Effects) }

// byResult adds the odds' weights up by result.
func byResult(o combat.Odds) [numResults]uint64 {
	var w [numResults]uint64
	for _, x := range o.Outcomes {
		w[resultOf(x.Hit, x.Effects)] += x.Weight
	}
	return w
}

// spent reports whether the firer's weapon was used up.
func spent(o combat.Outcome) bool {
	return combat.HasEffect(o.Effects, combat.OnFirer, combat.WeaponSpent)
}

// aspectRolled reports whether the hexside tie-break die was rolled.
func aspectRolled(o combat.Outcome) bool {
	return slices.ContainsFunc(o.Rolls, func(r combat.Roll) bool { return r.Purpose == "aspect" })
}

func TestOddsExactAgainstEveryDiceSequence(t *testing.T) {
	for i, s := range spread(t) {
		o, err := Ruleset{}.Odds(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Check(); err != nil {
			t.Errorf("shot %d: %v", i, err)
		}
		if o.Total != 46656 {
			t.Errorf("shot %d: Total = %d, want 46656", i, o.Total)
		}
		walked, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, d) })
		if err != nil {
			t.Fatal(err)
		}
		if err := combat.EqualOdds(o, walked); err != nil {
			t.Errorf("shot %d (%s at %s): Odds against every dice sequence through Resolve: %v",
				i, s.Weapon.Name, s.Target.Name, err)
		}
	}
}

func TestOddsSeedExample(t *testing.T) {
	s := spread(t)[0] // M4A3E8 at the Tiger in woods, rear
	o, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	// Hit on 2d6 ≤ 8: 26/36. Then EN 7: < 7 is 15/36, = 7 is 6/36 of which
	// 2/6 abandon, > 7 is 15/36.
	want := map[result]float64{
		miss:        10.0 / 36,
		eliminated:  26.0 / 36 * 15 / 36,
		immobilized: 26.0 / 36 * 6 / 36 * 4 / 6,
		abandoned:   26.0 / 36 * 6 / 36 * 2 / 6,
		noEffect:    26.0 / 36 * 15 / 36,
	}
	w := byResult(o)
	for r, p := range want {
		if have := o.Probability(w[r]); math.Abs(have-p) > 1e-12 {
			t.Errorf("P(%v) = %v, want %v", r, have, p)
		}
	}
	if o.ToHit != 10 {
		t.Errorf("ToHit = %d, want 10", o.ToHit)
	}
	if o.Exact(w[miss]).String() != "5/18" {
		t.Errorf("Exact(miss) = %v, want 5/18", o.Exact(w[miss]))
	}
}

// The seeded dice over many shots give the frequencies Odds predicts. The
// seed is fixed, so the test is deterministic; the tolerance is five
// standard errors of a frequency over the sample.
func TestOddsMatchSeededSample(t *testing.T) {
	const n = 40000
	for i, s := range spread(t) {
		o, err := Ruleset{}.Odds(s)
		if err != nil {
			t.Fatal(err)
		}
		d := combat.NewSeededDice(uint64(1000 + i))
		var count [numResults]int
		for range n {
			count[outcomeResult(Ruleset{}.Resolve(s, d))]++
		}
		w := byResult(o)
		for r := range numResults {
			p := o.Probability(w[r])
			tol := 5*math.Sqrt(p*(1-p)/n) + 1e-9
			if have := float64(count[r]) / n; math.Abs(have-p) > tol {
				t.Errorf("shot %d %v: sampled %.4f, Odds %.4f (tolerance %.4f)", i, r, have, p, tol)
			}
		}
	}
}

func TestOddsSteps(t *testing.T) {
	o, err := Ruleset{}.Odds(spread(t)[2]) // Pz IV H at the M4 (75), 12 hexes, hexside
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"to-hit: needs 8 or less (gun at 11-19 hexes): hits with 26 of 36 rolls",
		"line of fire along the hexside: 1d6, 1-3 front, 4-6 rear",
		"D vs front D: elimination number 7: 2d6 below it eliminates, equal immobilizes",
		"D vs rear C: elimination number 9: 2d6 below it eliminates, equal immobilizes",
		"immobilized: 1d6, the crew abandons on 1-2",
	}
	if !slices.Equal(o.Steps, want) {
		t.Errorf("steps =\n  %s\nwant\n  %s", strings.Join(o.Steps, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestMortarOddsSteps: a mortar's rounds never immobilize (rules 12.67),
// so the steps of its odds name no crew check for a mobile AFV, and keep
// the one an already immobile AFV makes after any attack.
func TestMortarOddsSteps(t *testing.T) {
	s := shot(t, "German Rifle Squad", "5cm Mortar", "M3 Halftrack", 3, board.Front)
	o, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range o.Steps {
		if strings.Contains(step, "crew abandons") {
			t.Errorf("a mobile AFV under mortar fire: step %q, want no crew check", step)
		}
	}
	s.Target.Immobile = true
	if o, err = (Ruleset{}).Odds(s); err != nil {
		t.Fatal(err)
	}
	if last := o.Steps[len(o.Steps)-1]; !strings.HasPrefix(last, "already immobile:") {
		t.Errorf("an immobile AFV under mortar fire: last step %q, want its crew check", last)
	}
}

func BenchmarkOdds(b *testing.B) {
	s := spread(b)[3] // hexside tie on an immobile AFV: every die of the procedure
	for b.Loop() {
		if _, err := (Ruleset{}).Odds(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolve(b *testing.B) {
	s := spread(b)[0]
	d := combat.NewSeededDice(1)
	for b.Loop() {
		Ruleset{}.Resolve(s, d)
	}
}

// TestLeaderFiresAPanzerfaust: any eligible unit of the side may use a
// Panzerfaust from the pool, a leader included (rules 12.5).
func TestLeaderFiresAPanzerfaust(t *testing.T) {
	if err := (Ruleset{}).Check(shot(t, "German Leader", "Panzerfaust", "M4A3E8", 1, board.Front)); err != nil {
		t.Errorf("Check of a leader's Panzerfaust shot = %v, want accepted", err)
	}
}
