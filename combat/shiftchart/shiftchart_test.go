package shiftchart

import (
	"fmt"
	"slices"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// plated is a target AFV whose front and side plates are upright mm thick.
func plated(front, side float64) combat.Target {
	h := &units.History{}
	h.Armour[units.FacingFront] = units.Plate{MM: front}
	h.Armour[units.FacingSide] = units.Plate{MM: side}
	return combat.Target{Name: "tank", Kind: units.AFV, History: h}
}

// infantryShot is a squad firing the excerpt's weapon at metres at target.
func infantryShot(weapon string, metres int, target combat.Target) combat.Shot {
	return combat.Shot{Firer: "squad", FirerKind: units.Squad, Target: target, Range: (metres + 49) / 50, Metres: metres,
		Weapon: combat.Weapon{Name: weapon, Class: combat.SupportWeapon}, Aspect: board.Front}
}

// TestWeaponsTableAsPrinted holds the table to the excerpt: 19 rows, the
// "*" marks, and every cell written back as printed.
func TestWeaponsTableAsPrinted(t *testing.T) {
	if len(weaponsTable) != 19 || len(rows) != 19 {
		t.Fatalf("%d rows (%d by name), want 19", len(weaponsTable), len(rows))
	}
	var starred []string
	for _, r := range weaponsTable {
		fr := rows[r.weapon]
		for b, s := range r.cells {
			if got := fr.Cells[b].String(); got != s {
				t.Errorf("%s %s: read back %q, printed %q", r.weapon, bandNames[b], got, s)
			}
		}
		if fr.Immobilizes {
			starred = append(starred, r.weapon)
		}
	}
	want := []string{`2.36" Bazooka`, "Rifle Grenade", "PIAT", "Panzerfaust 30 (Klein)", "Panzerfaust 30", "Panzerfaust 60",
		"Panzerfaust 100", "Panzerschreck 43", "Panzerschreck 54", "Rifle Grenade, PzG 40", "Rifle Grenade, PzG 46"}
	if !slices.Equal(starred, want) {
		t.Errorf("starred %q, want %q", starred, want)
	}
}

func TestChartReadsBack(t *testing.T) {
	for v := range numVuln {
		for s := range numShifts {
			if got := chart[v][s].String(); got != effectsChart[v][s] {
				t.Errorf("%s/%d: %q, printed %q", vulnLetter(v), s, got, effectsChart[v][s])
			}
		}
	}
	for _, bad := range []string{"", "t", "5t4k", "0k", "11k", "4x", "kk"} {
		if _, err := parseEntry(bad); err == nil {
			t.Errorf("parseEntry(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"21/-6", "P21/6", "P21", "Px/-1", "P-1/-0"} {
		if _, err := parseCell(bad); err == nil {
			t.Errorf("parseCell(%q) accepted", bad)
		}
	}
}

// TestWorkedExample: the Panzerschreck 43 at 100 m is P21 and -6, three
// shifts; each d10 face gives column 3's result for each vulnerability.
func TestWorkedExample(t *testing.T) {
	// Upright front plates giving P21 each margin: armour ⌊mm/10⌋+1.
	targets := []struct {
		vuln  string
		front float64
		entry string
	}{
		{"A", 100, "8k"}, {"B", 160, "8k"}, {"C", 180, "9k"}, {"D", 200, "10k"}, {"E", 210, "10k"}, {"F", 220, "---"},
	}
	for _, tt := range targets {
		s := infantryShot("Panzerschreck 43", 100, plated(tt.front, 10))
		p, err := plan(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.fire.cell.P != 21 || p.fire.cell.Mod != -6 || p.shifts != 3 || vulnLetter(p.vuln) != tt.vuln || p.entry.String() != tt.entry {
			t.Fatalf("%s: P%d %d, %d shifts, vulnerability %s, entry %s; steps %q", tt.vuln, p.fire.cell.P, p.fire.cell.Mod,
				p.shifts, vulnLetter(p.vuln), p.entry, p.steps)
		}
		for face := 1; face <= 10; face++ {
			want := "miss"
			if tt.entry != "---" && face >= chart[p.vuln][3].kill {
				want = "eliminated"
			}
			d := combat.NewFixedDice(face)
			o := Ruleset{}.Resolve(s, d)
			if o.Err != nil || d.Used() != 1 {
				t.Fatalf("%s face %d: %v, %d dice", tt.vuln, face, o.Err, d.Used())
			}
			if got := o.Headline(); got != want {
				t.Errorf("vulnerability %s, d10 %d: %s, want %s", tt.vuln, face, got, want)
			}
			if slices.Contains(o.Effects, combat.Effect{Kind: combat.WeaponSpent, On: combat.OnFirer}) {
				t.Errorf("a Panzerschreck is not one-shot: %v", o.Effects)
			}
		}
	}
}

// TestStepLines follows one shot step line by step line.
func TestStepLines(t *testing.T) {
	s := infantryShot("Panzerschreck 43", 100, plated(100, 10))
	s.Cover, s.CoverName = 2, "woods"
	o := Ruleset{}.Resolve(s, combat.NewFixedDice(9))
	want := []string{
		"Panzerschreck 43 at 100 m (100m column): P21/-6",
		"modifiers -6 range -2 woods = -8: 4 column shifts",
		"P21 against armour 11 (front 100 mm, 100 mm square on): margin +10, vulnerability A",
		"chart A, 4 shifts: 9k",
		"d10 rolled 9: killed",
	}
	if !slices.Equal(o.Steps, want) {
		t.Errorf("steps\n%q\nwant\n%q", o.Steps, want)
	}
}

func TestShifts(t *testing.T) {
	for _, tt := range []struct{ mod, cover, shifts int }{
		{0, 0, 0}, {-1, 0, 0}, {-2, 0, 1}, {-3, 0, 1}, {-1, 1, 1}, {-6, 0, 3}, {-7, 0, 3}, {-8, 0, 4}, {-8, 3, 4},
	} {
		s := combat.Shot{Cover: tt.cover}
		total := combat.SumModifiers(modifiers(s, tt.mod))
		if got := min(MaxShifts, -total/2); got != tt.shifts {
			t.Errorf("modifier %d, cover %d: %d shifts, want %d", tt.mod, tt.cover, got, tt.shifts)
		}
	}
}

func TestVulnerabilityEdges(t *testing.T) {
	for m, want := range map[int]string{12: "A", 6: "A", 5: "B", 4: "B", 3: "C", 2: "C", 1: "D", 0: "D", -1: "E", -2: "F", -9: "F"} {
		if got := vulnLetter(Vulnerability(m)); got != want {
			t.Errorf("margin %d: %s, want %s", m, got, want)
		}
	}
}

// TestOnlyStarredWeaponsImmobilize: a t result of a weapon without "*"
// hits and does nothing; of a starred one it immobilizes, unless the
// target already is.
func TestOnlyStarredWeaponsImmobilize(t *testing.T) {
	mg := infantryShot(".50-cal Machine Gun", 50, plated(30, 10)) // P1 vs 4: F, 0 shifts: 10t
	o := Ruleset{}.Resolve(mg, combat.NewFixedDice(10))
	if !o.Hit || len(o.Effects) != 0 || o.Headline() != "no effect" {
		t.Errorf(".50-cal t result: hit %v, %v", o.Hit, o.Effects)
	}
	rg := infantryShot("Rifle Grenade, PzG 40", 0, plated(40, 10)) // P3 vs 5: F, 0 shifts: 10t
	if got := (Ruleset{}).Resolve(rg, combat.NewFixedDice(10)).Headline(); got != "immobilized" {
		t.Errorf("PzG 40 t result: %s", got)
	}
	rg.Target.Immobile = true
	if got := (Ruleset{}).Resolve(rg, combat.NewFixedDice(10)).Headline(); got != "no effect" {
		t.Errorf("PzG 40 t result on an immobile target: %s", got)
	}
}

func TestRefusals(t *testing.T) {
	tank := plated(50, 20)
	gun := func(metres int) combat.Shot {
		cat := battletest.Catalogue(t, nil)
		pak, _ := cat.Lookup("Pak 40")
		return combat.Shot{Firer: "Pak 40", FirerKind: units.Gun, Weapon: combat.MainGunOf(pak), Target: tank, Metres: metres, Range: metres / 50}
	}
	for name, s := range map[string]combat.Shot{
		"beyond the band":   infantryShot("Panzerfaust 30", 100, tank),
		"beyond 750 m":      infantryShot(".50-cal Machine Gun", 800, tank),
		"no row":            infantryShot("MG34", 50, tank),
		"gun beyond 3000 m": gun(3050),
		"infantry target":   infantryShot("PIAT", 50, combat.Target{Name: "squad", Kind: units.Squad}),
		"leader": func() combat.Shot {
			s := infantryShot("PIAT", 50, tank)
			s.Leader = -1
			return s
		}(),
	} {
		if err := (Ruleset{}).Check(s); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if _, err := (Ruleset{}).Odds(s); err == nil {
			t.Errorf("%s: odds given", name)
		}
	}
	if err := (Ruleset{}).Check(gun(3000)); err != nil {
		t.Errorf("gun at 3000 m: %v", err)
	}
}

// spread returns at least 200 shots over every row and band of the
// table, the catalogue's guns at many ranges, every target kind and
// aspect, and the modifiers.
func spread(t testing.TB) []combat.Shot {
	cat := battletest.Catalogue(t, nil)
	var targets []combat.Target
	for _, ty := range cat.Types() {
		if !ty.Kind.Infantry() {
			targets = append(targets, combat.TargetOf(ty))
		}
	}
	var shots []combat.Shot
	i := 0
	next := func(s combat.Shot) {
		i++
		s.Target = targets[i%len(targets)]
		s.Aspect = []board.Aspect{board.Front, board.Rear, board.FrontRearTie}[i%3]
		s.Cover, s.Hindrance = i%3, i%2
		s.TargetMoved, s.FirerMoved = i%4 == 0, i%7 == 0
		s.Target.Immobile = i%5 == 0
		s.FirerQuality = combat.Quality(i % 4)
		s.Weapon.Rounds = i % 2
		shots = append(shots, s)
	}
	for _, r := range weaponsTable {
		for b, m := range bandMetres {
			if rows[r.weapon].Cells[b].Reach {
				next(infantryShot(r.weapon, m, combat.Target{}))
				next(infantryShot(r.weapon, m-1, combat.Target{}))
			}
		}
	}
	for _, ty := range cat.Types() {
		if ty.Kind.Infantry() || len(ty.History.Pen) == 0 {
			continue
		}
		for _, m := range []int{50, 250, 400, 1000, 1800, 2500} {
			next(combat.Shot{Firer: ty.Name, FirerKind: ty.Kind, Weapon: combat.MainGunOf(ty), Metres: m, Range: m / 50})
		}
	}
	return shots
}

// TestOddsEqualEnumeration checks Odds against the engine's enumerator,
// walking every face of the d10, on the spread of shots.
func TestOddsEqualEnumeration(t *testing.T) {
	shots := spread(t)
	if len(shots) < 200 {
		t.Fatalf("only %d shots", len(shots))
	}
	outcomes := map[string]bool{}
	for i, s := range shots {
		o, err := Ruleset{}.Odds(s)
		if err != nil {
			t.Fatalf("shot %d (%s at %d m): %v", i, s.Weapon.Name, s.Metres, err)
		}
		if err := o.Check(); err != nil {
			t.Fatal(err)
		}
		every, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, plainDice{d}) })
		if err != nil {
			t.Fatal(err)
		}
		if err := combat.EqualOdds(o, every); err != nil {
			t.Errorf("shot %d (%s at %d m): %v", i, s.Weapon.Name, s.Metres, err)
		}
		for _, w := range o.Outcomes {
			outcomes[w.Headline()] = true
		}
	}
	for _, h := range []string{"eliminated", "immobilized", "no effect", "miss"} {
		if !outcomes[h] {
			t.Errorf("no shot of the spread can end %s", h)
		}
	}
}

// plainDice hides the enumerator's bands, so every face is walked.
type plainDice struct{ d combat.Dice }

func (p plainDice) Roll(sides int) int { return p.d.Roll(sides) }

func BenchmarkOdds(b *testing.B) {
	cat := battletest.Catalogue(b, nil)
	tiger, _ := cat.Lookup("Tiger I")
	sherman, _ := cat.Lookup("M4A3E8")
	s := combat.Shot{Firer: "Tiger I", FirerKind: units.AFV, Weapon: combat.MainGunOf(tiger), Target: combat.TargetOf(sherman),
		Metres: 1800, Range: 36, Cover: 2, Hindrance: 1, TargetMoved: true}
	for b.Loop() {
		if _, err := (Ruleset{}).Odds(s); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleRuleset_Odds() {
	s := infantryShot("Panzerschreck 43", 100, plated(100, 10))
	o, _ := Ruleset{}.Odds(s)
	for _, h := range o.Headlines() {
		fmt.Printf("%s %d/%d\n", h.Headline, h.Weight, o.Total)
	}
	// Output:
	// eliminated 3/10
	// miss 7/10
}

// TestBandEdges: a band reaches its distance exactly; a metre more is the
// next band, or out of range past the last.
func TestBandEdges(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	tiger, _ := cat.Lookup("Tiger I")
	tank := plated(50, 20)
	gun := func(m int) combat.Shot {
		return combat.Shot{Firer: "Tiger I", FirerKind: units.AFV, Weapon: combat.MainGunOf(tiger), Target: tank, Metres: m, Range: m / 50}
	}
	for _, tt := range []struct {
		shot combat.Shot
		mod  int // 1: out of range
	}{
		{infantryShot("Panzerschreck 43", 0, tank), 0},
		{infantryShot("Panzerschreck 43", 25, tank), 0},
		{infantryShot("Panzerschreck 43", 26, tank), -3},
		{infantryShot("Panzerschreck 43", 100, tank), -6},
		{infantryShot("Panzerschreck 43", 101, tank), -8},
		{infantryShot("Panzerschreck 43", 150, tank), -8},
		{infantryShot("Panzerschreck 43", 151, tank), 1},
		{infantryShot(".50-cal Machine Gun", 750, tank), -3},
		{infantryShot(".50-cal Machine Gun", 751, tank), 1},
		{gun(250), 0}, {gun(251), -1}, {gun(2000), -6}, {gun(2001), -8}, {gun(3000), -8}, {gun(3001), 1},
	} {
		p, err := plan(tt.shot)
		switch {
		case tt.mod == 1 && err == nil:
			t.Errorf("%s at %d m: in range (%s)", tt.shot.Weapon.Name, tt.shot.Metres, p.fire.cell)
		case tt.mod != 1 && (err != nil || p.fire.cell.Mod != tt.mod):
			t.Errorf("%s at %d m: %s, %v; want modifier %d", tt.shot.Weapon.Name, tt.shot.Metres, p.fire.cell, err, tt.mod)
		}
	}
}
