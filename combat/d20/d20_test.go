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

// gunShot is a shot by a catalogue AFV or Gun at a catalogue target.
func gunShot(t testing.TB, c *units.Catalogue, firer, target string, metres int) combat.Shot {
	t.Helper()
	f, err := c.Lookup(firer)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := c.Lookup(target)
	if err != nil {
		t.Fatal(err)
	}
	return combat.Shot{Firer: f.Name, FirerKind: f.Kind, Weapon: combat.MainGunOf(f), Target: combat.TargetOf(tg),
		Range: metres / 50, Metres: metres, Aspect: board.Front}
}

// TestWorkedExample is the excerpt's example, step by step, with fixed
// dice: the SU-85's APCR at 450 m against a Tiger closing obliquely, and
// the Tiger's reply. The reply is at 600 m: on the printed table the
// 88 mm L56 has FN 7 only in the 750 m column (6 at 500 m), and the
// excerpt does not give the reply's range: 600 m is the one reading under
// which the table and the example agree (ours, docs/RULES-d20.md).
func TestWorkedExample(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	s := gunShot(t, c, "SU-85", "Tiger I", 450)
	s.Ammo, s.TargetMoved, s.TargetApproached, s.TargetAcross = "APCR", true, true, 160
	o := Ruleset{}.Resolve(s, combat.NewFixedDice(7))
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	wantSteps := []string{
		"SU-85 85 mm L/52 (61-85mm L30-54) at 450 m (to 500 m): FN 8",
		"APCR: penetration 14 (APCR 142.5 mm vs 0° = 142.5 mm square on)",
		"FN 8 -1 APCR, SV +1 target moved towards the firer = 8: d20 7 near miss, 8+ hit, 13+ two hits",
		"penetration 14 against front armour 10 (100 mm @ 9° = 101.2 mm square on): margin +4; d10 on the penetration table",
		"d20 rolled 7: near miss, suppressed",
	}
	if !slices.Equal(o.Steps, wantSteps) {
		t.Errorf("steps:\n%s\nwant\n%s", strings.Join(o.Steps, "\n"), strings.Join(wantSteps, "\n"))
	}
	if o.Hit || o.ToHit != 8 || o.Headline() != Suppressed {
		t.Errorf("hit %v, FN %d, %q; want a near miss against 8 that suppresses", o.Hit, o.ToHit, o.Headline())
	}

	reply := gunShot(t, c, "Tiger I", "SU-85", 600)
	reply.FirerStates = combat.StatesOf(map[string]int{Suppressed: 1})
	reply.FirerMoved = true
	p, err := planShot(reply)
	if err != nil {
		t.Fatal(err)
	}
	want := "FN 7 +1 target size 7 +2 firer suppressed +2 firing on the move = 12: d20 11 near miss, 12+ hit, 17+ two hits"
	if p.fn != 12 || p.steps[2] != want {
		t.Errorf("reply: FN %d, %q; want 12, %q", p.fn, p.steps[2], want)
	}
}

// TestTableEdges reads fire numbers at the edges of the columns and rows.
func TestTableEdges(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	tests := []struct {
		firer  string
		metres int
		fn     int // base FN, 0: out of reach
	}{
		{"SU-85", 0, 4},   // 50 m reads the 250 m column (our reading)
		{"SU-85", 250, 4}, // 61-85 L30-54
		{"SU-85", 251, 8}, //
		{"SU-85", 2500, 20},
		{"SU-85", 2501, 0},  // "-" at 3000 m
		{"Tiger I", 500, 6}, // 86-100 L55+
		{"Tiger I", 750, 7},
		{"Tiger I", 3000, 19},
		{"Tiger I", 3001, 0}, // past the table
		{"Panther", 1000, 9}, // 61-85 L55+
		{"Sherman Firefly", 1000, 9},
		{"T-34/85", 1000, 11}, // L/54.6 is not yet L55+
		{"45mm M1937", 2000, 20},
		{"6-Pndr Mk IV", 1250, 14}, // 46-60 L30-54
	}
	for _, tt := range tests {
		s := gunShot(t, c, tt.firer, "Tiger I", tt.metres)
		f, err := fireOf(s)
		switch {
		case tt.fn == 0 && err == nil:
			t.Errorf("%s at %d m: FN %d, want out of reach", tt.firer, tt.metres, f.fn)
		case tt.fn != 0 && (err != nil || f.fn != tt.fn):
			t.Errorf("%s at %d m: FN %d (%v), want %d", tt.firer, tt.metres, f.fn, err, tt.fn)
		}
	}
}

// TestModifiers checks every modifier the engine supplies.
func TestModifiers(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	base := func() combat.Shot { return gunShot(t, c, "Tiger I", "Tiger I", 1000) } // FN 8, size 11
	tests := []struct {
		name string
		mod  func(*combat.Shot)
		fn   int
	}{
		{"none", func(*combat.Shot) {}, 8},
		{"green", func(s *combat.Shot) { s.FirerQuality = combat.Green }, 9},
		{"veteran", func(s *combat.Shot) { s.FirerQuality = combat.Veteran }, 7},
		{"elite", func(s *combat.Shot) { s.FirerQuality = combat.Elite }, 7},
		{"APCR at 1000 m", func(s *combat.Shot) { s.Ammo = "apcr" }, 7},
		{"HEAT at 1000 m", func(s *combat.Shot) { s.Ammo = "HEAT" }, 10},
		{"small target", func(s *combat.Shot) { s.Target = combat.TargetOf(mustType(t, c, "M38 Jeep")) }, 10}, // size 3: +2
		{"moved 150 m across", func(s *combat.Shot) { s.TargetMoved, s.TargetAcross = true, 150 }, 9},
		{"moved 151 m across", func(s *combat.Shot) { s.TargetMoved, s.TargetAcross = true, 151 }, 11},
		{"moved 500 m across", func(s *combat.Shot) { s.TargetMoved, s.TargetAcross = true, 500 }, 13},
		{"moved 750 m across", func(s *combat.Shot) { s.TargetMoved, s.TargetAcross = true, 750 }, 15},
		{"moved 751 m across", func(s *combat.Shot) { s.TargetMoved, s.TargetAcross = true, 751 }, 17},
		{"across but not moved", func(s *combat.Shot) { s.TargetAcross = 400 }, 8},
		{"firer suppressed", func(s *combat.Shot) { s.FirerStates = combat.StatesOf(map[string]int{Suppressed: 1}) }, 10},
		{"firer moved", func(s *combat.Shot) { s.FirerMoved = true }, 10},
		{"second shot", func(s *combat.Shot) { s.RepeatShots = 1 }, 6},
		{"third shot", func(s *combat.Shot) { s.RepeatShots = 2 }, 5},
		{"fifth shot", func(s *combat.Shot) { s.RepeatShots = 4 }, 3},
		{"tenth shot: at most -5", func(s *combat.Shot) { s.RepeatShots = 9 }, 3},
		{"ROF 10", func(s *combat.Shot) { *s = gunShot(t, c, "M10", "Tiger I", 1000) }, 10}, // 61-85 L30-54 11, -1 ROF
		{"AT gun up to 57 mm", func(s *combat.Shot) { *s = gunShot(t, c, "57mm M1", "Tiger I", 1000) }, 11},
	}
	for _, tt := range tests {
		s := base()
		tt.mod(&s)
		p, err := planShot(s)
		if err != nil || p.fn != tt.fn {
			t.Errorf("%s: FN %d (%v), want %d; %v", tt.name, p.fn, err, tt.fn, p.steps)
		}
	}
}

func mustType(t testing.TB, c *units.Catalogue, name string) *units.Type {
	t.Helper()
	u, err := c.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestPenetration reads the penetration table through fixed dice: one hit
// (d20 equal to the FN) then the d10.
func TestPenetration(t *testing.T) {
	tests := []struct {
		name       string
		pen, armor int
		heat, plus bool
		face       int
		want       result
	}{
		{"margin -2: nothing", 8, 10, false, false, 0, suppressed},
		{"margin -1, 9", 9, 10, false, false, 9, suppressed},
		{"margin -1, 10", 9, 10, false, false, 10, neutralised},
		{"margin 0, 9", 10, 10, false, false, 9, neutralised},
		{"margin 1, 1", 11, 10, false, false, 1, disabled},
		{"margin 1, 2", 11, 10, false, false, 2, neutralised},
		{"margin 4, 4", 14, 10, false, false, 4, disabled},
		{"margin 4, 5", 14, 10, false, false, 5, neutralised},
		{"margin 9, 9", 19, 10, false, false, 9, disabled},
		{"margin 10, 10", 20, 10, false, false, 10, disabled},
		{"margin 15, 10", 25, 10, false, false, 10, disabled},
		{"APHE margin -2 reads -1", 8, 10, false, true, 10, neutralised},
		{"HEAT margin 12, 8", 22, 10, true, false, 8, disabled},
		{"HEAT margin 12, 9", 22, 10, true, false, 9, suppressed},
		{"HEAT margin 12, 10", 22, 10, true, false, 10, neutralised},
		{"HEAT margin 0, 9", 10, 10, true, false, 9, suppressed},
	}
	for _, tt := range tests {
		p := plan{fire: fire{fn: 10, pen: tt.pen, heat: tt.heat, plusOne: tt.plus, oneHit: true}, fn: 10, armour: tt.armor}
		faces := []int{10}
		if tt.face > 0 {
			faces = append(faces, tt.face)
		}
		d := combat.NewFixedDice(faces...)
		o := p.resolve(combat.Shot{Target: combat.Target{Kind: units.AFV}}, d)
		got := miss
		switch o.Headline() {
		case Suppressed:
			got = suppressed
		case Neutralised:
			got = neutralised
		case "eliminated":
			got = disabled
		}
		if o.Err != nil || got != tt.want || d.Used() != len(faces) {
			t.Errorf("%s: %s (%v, %d dice), want %s", tt.name, o.Headline(), o.Err, d.Used(), resultWords[tt.want])
		}
	}
}

// TestHitBands checks the d20 bands, two hits, and the one-hit weapons.
func TestHitBands(t *testing.T) {
	p := plan{fire: fire{pen: 0}, fn: 10, armour: 10}
	for face, want := range map[int]int{8: 0, 9: 0, 10: 1, 14: 1, 15: 2, 20: 2} {
		if got := p.hits(face); got != want {
			t.Errorf("FN 10, face %d: %d hits, want %d", face, got, want)
		}
	}
	p.oneHit = true
	if got := p.hits(20); got != 1 {
		t.Errorf("one-hit weapon, face 20: %d hits", got)
	}
	// Two hits roll two d10s; the worse result for the target stands.
	c := battletest.Catalogue(t, nil)
	s := gunShot(t, c, "Tiger I", "M4 (75)", 500) // FN 6 +1 size 6
	d := combat.NewFixedDice(20, 9, 1)
	o := Ruleset{}.Resolve(s, d)
	if o.Err != nil || o.Headline() != "eliminated" || len(o.Rolls) != 3 {
		t.Errorf("two hits: %s, %d rolls (%v); %v", o.Headline(), len(o.Rolls), o.Err, o.Steps)
	}
}

// TestAutomaticAndRifles: an HMG's burst adds +1 a barrel for each 2
// over the FN, to +6; an AT rifle does nothing to armour over 4.
func TestAutomaticAndRifles(t *testing.T) {
	p := plan{fire: fire{barrels: 1, oneHit: true}, fn: 5}
	for face, want := range map[int]int{5: 0, 6: 0, 7: 1, 10: 2, 17: 6, 20: 6} {
		if got := p.autoBonus(face); got != want {
			t.Errorf("face %d: bonus %d, want %d", face, got, want)
		}
	}
	c := battletest.Catalogue(t, nil)
	rifle, err := c.LookupWeapon("AT Rifle")
	if err != nil {
		t.Fatal(err)
	}
	s := combat.Shot{Firer: "team", FirerKind: units.HalfSquad, Weapon: combat.SupportWeaponOf(rifle),
		Target: combat.TargetOf(mustType(t, c, "SdKfz 251")), Metres: 100, Range: 2, Aspect: board.Front}
	if pl, err := planShot(s); err != nil || pl.armour != 2 || pl.pen != 4 {
		t.Fatalf("AT rifle against the SdKfz 251: pen %d armour %d (%v)", pl.pen, pl.armour, err)
	}
	s.Target = combat.TargetOf(mustType(t, c, "M4 (75)"))
	s.Aspect = board.Rear // 38 mm @ 10° = 4: still penetrable
	if o, _ := (Ruleset{}).Odds(s); o.Summary(nil).Destroy == 0 {
		t.Errorf("AT rifle against rear armour 4 should be able to disable")
	}
	s.Aspect = board.Front
	o, err := Ruleset{}.Odds(s)
	if err != nil || o.Summary(nil).Destroy != 0 || o.Summary(Ruleset{}.States()).Fighting == 0 {
		t.Errorf("AT rifle against front armour: %v %+v", err, o.Summary(nil))
	}
}

// TestRefusals names what is refused and why.
func TestRefusals(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	tests := []struct {
		name string
		shot combat.Shot
		want string
	}{
		{"infantry target", gunShot(t, c, "Tiger I", "US Rifle Squad", 500), "use AP fire"},
		{"unknown ammunition", func() combat.Shot { s := gunShot(t, c, "Tiger I", "SU-85", 500); s.Ammo = "APDS"; return s }(), "it fires APCBC, APCR, HEAT"},
		{"out of range", gunShot(t, c, "SU-85", "Tiger I", 2600), "does not reach 2600 m"},
		{"truck", gunShot(t, c, "Opel Blitz", "SU-85", 100), "no gun or heavy MG"},
	}
	for _, tt := range tests {
		if err := (Ruleset{}).Check(tt.shot); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestOddsEqualEnumeration checks Odds against the enumerator over every
// die, without bands, on a spread of shots.
func TestOddsEqualEnumeration(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	n := 0
	for _, s := range spread(t, c) {
		want, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, unbanded{d}) })
		if err != nil {
			continue // refused: Check says why, tested above
		}
		got, err := Ruleset{}.Odds(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := combat.EqualOdds(got, want); err != nil {
			t.Errorf("%s → %s at %d m %s (%s): %v", s.Firer, s.Target.Name, s.Metres, s.Aspect, s.Ammo, err)
		}
		n++
	}
	if n < 200 {
		t.Errorf("only %d shots compared, want at least 200", n)
	}
	t.Logf("%d shots compared", n)
}

// unbanded hides the enumerator's banded rolls, so that every face is
// walked.
type unbanded struct{ combat.Dice }

// spread is a spread of shots over the catalogue's firers, targets,
// ranges, aspects, rounds and modifiers, spaced armour among them.
func spread(t testing.TB, c *units.Catalogue) []combat.Shot {
	var shots []combat.Shot
	firers := []string{"Tiger I", "SU-85", "M4A3E8", "Sherman Firefly", "45mm M1937", "M3 Halftrack", "Pz IV H", "M10"}
	targets := []string{"Tiger I", "Panther", "M4 (75)", "SdKfz 251", "T-34/85"}
	aspects := []board.Aspect{board.Front, board.Side, board.Rear}
	i := 0
	for _, f := range firers {
		ft := mustType(t, c, f)
		ammo := []string{""}
		for _, p := range ft.History.Pen {
			ammo = append(ammo, p.Ammo.String())
		}
		for _, tg := range targets {
			for _, m := range []int{200, 1400} {
				for _, a := range ammo {
					s := gunShot(t, c, f, tg, m)
					s.Ammo, s.Aspect = a, aspects[i%3]
					s.TargetMoved, s.TargetAcross = i%4 == 0, 100*(i%9)
					s.FirerMoved = i%5 == 0
					s.FirerMovedMP, s.FirerMP = i%4, 10
					s.FirerOffAxis = float64(20 * (i % 6)) // a fixed gun refuses 100°
					s.Night, s.TargetIntoSight, s.TargetOutOfSight = i%7 == 0, i%3 == 1, i%5 == 2
					i++
					shots = append(shots, s)
				}
			}
		}
	}
	targets = append(targets, "Pz IV H") // spaced side armour against HEAT
	for _, w := range []string{"Panzerfaust", "Panzerschreck", "PIAT", "Bazooka", "AT Rifle"} {
		wp, err := c.LookupWeapon(w)
		if err != nil {
			t.Fatal(err)
		}
		for _, tg := range targets {
			for _, m := range []int{50, 100, 150} {
				shots = append(shots, combat.Shot{Firer: "team", FirerKind: units.HalfSquad, Weapon: combat.SupportWeaponOf(wp),
					Target: combat.TargetOf(mustType(t, c, tg)), Metres: m, Range: m / 50, Aspect: aspects[m/50%3]})
			}
		}
	}
	// Volleys at two vehicles, the second's aspect cycling.
	pf, err := c.LookupWeapon("Panzerfaust")
	if err != nil {
		t.Fatal(err)
	}
	for j, tg := range targets {
		for k, second := range []string{"Pz IV H", "Tiger I", "M4 (75)"} {
			shots = append(shots, combat.Shot{Firer: "squad", FirerKind: units.Squad, Weapon: combat.SupportWeaponOf(pf),
				Target: combat.TargetOf(mustType(t, c, tg)), Metres: 100, Range: 2, Aspect: aspects[j%3],
				Second: &combat.SecondTarget{Target: combat.TargetOf(mustType(t, c, second)), Aspect: aspects[(j+k)%3], Metres: 100}})
		}
	}
	return shots
}

// BenchmarkOdds measures the heaviest shots: an HMG's burst with its
// penetration bonus bands, and a volley at two vehicles.
func BenchmarkOdds(b *testing.B) {
	c := battletest.Catalogue(b, nil)
	shots := map[string]combat.Shot{
		"hmg":    gunShot(b, c, "M3 Halftrack", "SdKfz 251", 200),
		"tiger":  gunShot(b, c, "Tiger I", "T-34/85", 700),
		"heat":   func() combat.Shot { s := gunShot(b, c, "Tiger I", "M4 (75)", 700); s.Ammo = "HEAT"; return s }(),
		"sherm2": gunShot(b, c, "M4A3E8", "Pz IV H", 200),
		"volley2": func() combat.Shot {
			pf, err := c.LookupWeapon("Panzerfaust")
			if err != nil {
				b.Fatal(err)
			}
			return combat.Shot{Firer: "squad", FirerKind: units.Squad, Weapon: combat.SupportWeaponOf(pf), Target: combat.TargetOf(mustType(b, c, "M4 (75)")),
				Metres: 50, Range: 1, Aspect: board.Side,
				Second: &combat.SecondTarget{Target: combat.TargetOf(mustType(b, c, "Pz IV H")), Aspect: board.Side, Metres: 50}}
		}(),
	}
	for name, s := range shots {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := (Ruleset{}).Odds(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStatesDeclared: every state an effect names is declared.
func TestStatesDeclared(t *testing.T) {
	for r := range numResults {
		for _, e := range effects(r, true) {
			if e.Kind == combat.AddState {
				if _, ok := combat.FindState(Ruleset{}.States(), e.State); !ok {
					t.Errorf("%s: state %q not declared", resultWords[r], e.State)
				}
			}
		}
	}
}

// TestAmmunition lists each gun's rounds, the default first, and none
// where there is no choice.
func TestAmmunition(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	tests := []struct {
		unit string
		want []string
	}{
		{"Tiger I", []string{"APCBC", "APCR", "HEAT"}},
		{"SU-85", []string{"APHE", "APCR"}},
		{"M4A3E8", []string{"APC", "HVAP"}},
		{"M4 (75)", nil},
		{"M3 Halftrack", nil},
	}
	for _, tt := range tests {
		got := combat.AmmunitionOf(Ruleset{}, combat.MainGunOf(mustType(t, c, tt.unit)))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.unit, got, tt.want)
		}
	}
	pf, err := c.LookupWeapon("Panzerfaust")
	if err != nil {
		t.Fatal(err)
	}
	if got := (Ruleset{}).Ammunition(combat.SupportWeaponOf(pf)); got != nil {
		t.Errorf("Panzerfaust: %v, want no choice", got)
	}
}
