package d20

import (
	"slices"
	"strings"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// TestLimitsAndMounts: the fire number under the mount, move, night and
// sight modifiers, and the shots the limits on firing refuse.
func TestLimitsAndMounts(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	shot := func(firer string, mod func(*combat.Shot)) combat.Shot {
		s := gunShot(t, c, firer, "Tiger I", 1000)
		mod(&s)
		return s
	}
	tests := []struct {
		name string
		shot combat.Shot
		fn   int    // the modified FN, when accepted
		err  string // the refusal, when refused
	}{
		// The SU-85 (no turret): FN 11 at 1000 m, Tiger size 11.
		{"fixed, on the centre line", shot("SU-85", func(s *combat.Shot) {}), 11, ""},
		{"fixed, 22.5° off", shot("SU-85", func(s *combat.Shot) { s.FirerOffAxis = 22.5 }), 11, ""},
		{"fixed, 23° off", shot("SU-85", func(s *combat.Shot) { s.FirerOffAxis = 23 }), 13, ""},
		{"fixed, 90° off", shot("SU-85", func(s *combat.Shot) { s.FirerOffAxis = 90 }), 13, ""},
		{"fixed, 91° off", shot("SU-85", func(s *combat.Shot) { s.FirerOffAxis = 91 }), 0, "91° off the centre line of SU-85"},
		{"fixed, after moving: traverse and move", shot("SU-85", func(s *combat.Shot) { s.FirerMovedMP, s.FirerMP = 3, 12 }), 15, ""},
		{"fixed, off axis after moving: one traverse modifier", shot("SU-85", func(s *combat.Shot) { s.FirerMovedMP, s.FirerMP, s.FirerOffAxis = 3, 12, 60 }), 15, ""},
		// The Tiger's turret: FN 8.
		{"turret, 120° off", shot("Tiger I", func(s *combat.Shot) { s.FirerOffAxis = 120 }), 8, ""},
		{"half speed", shot("Tiger I", func(s *combat.Shot) { s.FirerMovedMP, s.FirerMP = 5, 10 }), 10, ""},
		{"more than half speed", shot("Tiger I", func(s *combat.Shot) { s.FirerMovedMP, s.FirerMP = 6, 10 }), 0, "moved 6 of its 10 MP, more than half its speed"},
		{"at night", shot("Tiger I", func(s *combat.Shot) { s.Night = true }), 10, ""},
		{"target moved into sight", shot("Tiger I", func(s *combat.Shot) { s.TargetIntoSight = true }), 10, ""},
		{"target moving out of sight", shot("Tiger I", func(s *combat.Shot) { s.TargetOutOfSight = true }), 10, ""},
		{"a fleeting target, cover to cover: twice", shot("Tiger I", func(s *combat.Shot) { s.TargetIntoSight, s.TargetOutOfSight = true, true }), 12, ""},
		// A Gun on split trails: the Pak 40, 61-85 L30-54 FN 11 (no ROF
		// modifier over 57 mm).
		{"Gun, 30° off", shot("Pak 40", func(s *combat.Shot) { s.FirerOffAxis = 30 }), 13, ""},
		// Stabilisers: the M4A3E8 (61-85 L30-54, FN 11, -1 ROF), in
		// well-trained hands.
		{"stabilised, regular crew", shot("M4A3E8", func(s *combat.Shot) { s.FirerMoved = true }), 12, ""},
		{"stabilised, veteran crew", shot("M4A3E8", func(s *combat.Shot) { s.FirerMoved, s.FirerQuality = true, combat.Veteran }), 10, ""},      // +1 move, -1 well-trained
		{"Firefly, veteran crew", shot("Sherman Firefly", func(s *combat.Shot) { s.FirerMoved, s.FirerQuality = true, combat.Veteran }), 9, ""}, // 9 -1 ROF -1 +2
		// The M3 Halftrack's .50 on its pivot: HMG row FN 14 at 1000 m.
		{"pivot-mounted HMG", shot("M3 Halftrack", func(s *combat.Shot) {}), 16, ""},
	}
	for _, tt := range tests {
		p, err := planShot(tt.shot)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want refused: %q", tt.name, err, tt.err)
			}
		case err != nil || p.fn != tt.fn:
			t.Errorf("%s: FN %d (%v), want %d; %q", tt.name, p.fn, err, tt.fn, p.steps)
		}
	}
}

// panzerfaustShot is the catalogue's Panzerfaust (the 60/100 row: FN 9
// at 50 m, HEAT 18) fired at a target's aspect from 50 m.
func panzerfaustShot(t *testing.T, c *units.Catalogue, target string, aspect board.Aspect) combat.Shot {
	t.Helper()
	pf, err := c.LookupWeapon("Panzerfaust")
	if err != nil {
		t.Fatal(err)
	}
	return combat.Shot{Firer: "squad", FirerKind: units.Squad, Weapon: combat.SupportWeaponOf(pf),
		Target: combat.TargetOf(mustType(t, c, target)), Metres: 50, Range: 1, Aspect: aspect}
}

// TestSpacedArmour: HEAT against the Pz IV H's skirted side reads 7 as
// suppressed and 8-10 as neutralised, the other faces on the table; on
// its plain front 9 and 10 read as for any HEAT hit.
func TestSpacedArmour(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	tests := []struct {
		aspect board.Aspect
		face   int
		want   string
	}{
		{board.Side, 6, "eliminated"}, // margin 15 reads 10: 1-10 disable
		{board.Side, 7, Suppressed},
		{board.Side, 8, Neutralised},
		{board.Side, 10, Neutralised},
		{board.Front, 8, "eliminated"},
		{board.Front, 9, Suppressed},
		{board.Front, 10, Neutralised},
	}
	for _, tt := range tests {
		s := panzerfaustShot(t, c, "Pz IV H", tt.aspect)
		d := combat.NewFixedDice(9, tt.face) // the FN: one hit
		o := Ruleset{}.Resolve(s, d)
		if o.Err != nil || o.Headline() != tt.want || d.Used() != 2 {
			t.Errorf("%s, d10 %d: %s (%v); want %s; %q", tt.aspect, tt.face, o.Headline(), o.Err, tt.want, o.Steps)
		}
	}
	if s := panzerfaustShot(t, c, "Tiger I", board.Side); spaced(s.Target, s.Aspect) {
		t.Errorf("the Tiger's side is not spaced")
	}
	gun := gunShot(t, c, "Tiger I", "Pz IV H", 500)
	gun.Aspect = board.Side
	if p, err := planShot(gun); err != nil || p.spaced {
		t.Errorf("an AP round against spaced armour reads the table as usual: spaced %v (%v)", p.spaced, err)
	}
}

// TestVolleys: a Panzerfaust volley scores two hits 5 or more over its FN,
// and a section fires three volleys a battle.
func TestVolleys(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	s := panzerfaustShot(t, c, "M4 (75)", board.Front)
	d := combat.NewFixedDice(20, 2, 1)
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil || len(o.Rolls) != 3 || o.Headline() != "eliminated" {
		t.Errorf("volley rolling 20: %s, %d rolls (%v); want two hits, two d10s", o.Headline(), len(o.Rolls), o.Err)
	}
	s.Weapon.PoolFired = 2
	if err := (Ruleset{}).Check(s); err != nil {
		t.Errorf("third volley: %v", err)
	}
	s.Weapon.PoolFired = 3
	if err := (Ruleset{}).Check(s); err == nil || !strings.Contains(err.Error(), "fired its 3 Panzerfaust volleys") {
		t.Errorf("fourth volley: %v, want refused", err)
	}
	schreck, err := c.LookupWeapon("Panzerschreck")
	if err != nil {
		t.Fatal(err)
	}
	s.Weapon = combat.SupportWeaponOf(schreck)
	s.Weapon.PoolFired = 3
	if err := (Ruleset{}).Check(s); err != nil {
		t.Errorf("a Panzerschreck is no disposable launcher: %v", err)
	}
}

// TestAllotment: three volleys a section from the first Panzerfausts, a
// half squad half a section.
func TestAllotment(t *testing.T) {
	tests := []struct {
		halfSquads int
		date       combat.Date
		want       int
	}{
		{4, combat.Date{Year: 1944, Month: 11}, 6},
		{3, combat.Date{Year: 1944, Month: 11}, 4},
		{4, combat.Date{Year: 1943, Month: 8}, 6},
		{4, combat.Date{Year: 1943, Month: 7}, 0},
		{4, combat.Date{}, 6},
	}
	for _, tt := range tests {
		if got := (Ruleset{}).Allotment(tt.halfSquads, tt.date); got != tt.want {
			t.Errorf("%d half squads, %v: %d volleys, want %d", tt.halfSquads, tt.date, got, tt.want)
		}
	}
}

// TestVolleyTwoVehicles: a Panzerfaust volley's second hit strikes a
// second vehicle in the same range bracket, with that vehicle's armour;
// one hit strikes the target only; a second vehicle out of the bracket,
// for a weapon that fires no volley, or on foot is refused.
func TestVolleyTwoVehicles(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	volley := func(metres int, second string, aspect board.Aspect) combat.Shot {
		s := panzerfaustShot(t, c, "M4 (75)", board.Front)
		s.Second = &combat.SecondTarget{Target: combat.TargetOf(mustType(t, c, second)), Aspect: aspect, Metres: metres}
		return s
	}
	s := volley(50, "Tiger I", board.Side)
	o := Ruleset{}.Resolve(s, combat.NewFixedDice(20, 1, 7))
	wantEffects := []combat.Effect{{Kind: combat.Eliminated, On: combat.OnTarget}, {Kind: combat.WeaponSpent, On: combat.OnFirer},
		{Kind: combat.Eliminated, On: combat.OnSecond}}
	if o.Err != nil || !slices.Equal(o.Effects, wantEffects) {
		t.Errorf("two hits: effects %v (%v), want %v; %q", o.Effects, o.Err, wantEffects, o.Steps)
	}
	for _, want := range []string{"second hit on Tiger I: penetration 18 against side armour 8", "second vehicle: margin 10, d10 rolled 7: disabled"} {
		if !slices.ContainsFunc(o.Steps, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("steps lack %q: %q", want, o.Steps)
		}
	}
	// The Pz IV H's skirted side against the second hit: 7 only suppresses.
	o = Ruleset{}.Resolve(volley(50, "Pz IV H", board.Side), combat.NewFixedDice(20, 1, 7))
	if !combat.HasEffect(o.Effects, combat.OnSecond, combat.AddState) || combat.HasEffect(o.Effects, combat.OnSecond, combat.Eliminated) {
		t.Errorf("second hit on spaced armour, 7: %v, want suppressed", o.Effects)
	}
	d := combat.NewFixedDice(11, 1) // FN 9 +1 size 7: one hit
	o = Ruleset{}.Resolve(s, d)
	if o.Err != nil || d.Used() != 2 || combat.HasEffect(o.Effects, combat.OnSecond, combat.Eliminated) || combat.HasEffect(o.Effects, combat.OnSecond, combat.AddState) {
		t.Errorf("one hit: effects %v, %d dice (%v); want the target only", o.Effects, d.Used(), o.Err)
	}

	schreck, err := c.LookupWeapon("Panzerschreck")
	if err != nil {
		t.Fatal(err)
	}
	noVolley := volley(50, "Tiger I", board.Side)
	noVolley.Weapon = combat.SupportWeaponOf(schreck)
	onFoot := volley(50, "US Rifle Squad", board.Front)
	for _, tt := range []struct {
		name string
		shot combat.Shot
		want string
	}{
		{"another bracket", volley(51, "Tiger I", board.Side), "must be in one range bracket"},
		{"no volley", noVolley, "only a disposable launcher's volley strikes a second vehicle"},
		{"on foot", onFoot, "is infantry"},
	} {
		if err := (Ruleset{}).Check(tt.shot); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if !(Ruleset{}).VolleyStrikesTwo(s.Weapon) || (Ruleset{}).VolleyStrikesTwo(noVolley.Weapon) {
		t.Errorf("VolleyStrikesTwo: the Panzerfaust's volley strikes two, the Panzerschreck's does not")
	}
}
