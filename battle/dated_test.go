package battle

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	_ "hexfire/combat/tohitkill" // a ruleset with dated, inherent and repairable weapons and desperation fire
	"hexfire/maps"
)

// datedRules is the ruleset these tests need: the scenario date, inherent
// Panzerfausts, repairs and desperation fire (seed 004).
const datedRules = "tohit-tokill"

// under starts fixture f under ruleset rules.
func under(t *testing.T, f fixture, rules string) *Battle {
	t.Helper()
	f.rules = rules
	return f.battle(t)
}

func TestDateProperty(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"date": "1944-06"}}
	if got := under(t, f, datedRules).Date(); got != (combat.Date{Year: 1944, Month: 6}) {
		t.Errorf("Date() = %v", got)
	}
	if got := f.battle(t).Date(); got != (combat.Date{Year: 1944, Month: 6}) {
		t.Errorf("any ruleset reads the date: %v", got)
	}
	for _, bad := range []string{"June 1944", "1944-13", "1944/06", "1899-01"} {
		f.props["date"] = bad
		_, err := New(f.scenario(t), testCatalogue, Config{Seed: 1})
		if err == nil || !strings.Contains(err.Error(), "test.tmx") || !strings.Contains(err.Error(), `"date"`) || !strings.Contains(err.Error(), bad) {
			t.Errorf("date %q: %v, want an error naming the file, the property and the value", bad, err)
		}
	}
}

// TestInherentPanzerfaust: with no allotment a German squad still fires a
// Panzerfaust under a ruleset that makes it inherent, opening with its
// check (3: fires), and nothing is drawn from the pool.
func TestInherentPanzerfaust(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"date": "1945-02"}, dice: []int{3, 1, 1, 2, 2}, units: []unitAt{
		{"German Rifle Squad", maps.Allies, "C5", board.DirN},
		{"M4A3E8", maps.Axis, "C3", board.DirS},
	}}
	b := under(t, f, datedRules)
	events := apply(t, b, Fire{Unit: 1, Target: 2, Panzerfaust: true})
	if !b.Unit(2).Eliminated || b.Unit(1).WeaponSpent || b.Panzerfausts(maps.Allies) != 0 {
		t.Errorf("Sherman eliminated %v, squad spent %v, pool %d; events %v", b.Unit(2).Eliminated, b.Unit(1).WeaponSpent,
			b.Panzerfausts(maps.Allies), events)
	}
	if got := events[0].Outcome.Steps[0]; !strings.HasPrefix(got, "Panzerfaust check: rolled 3 -1 1945 = 2") {
		t.Errorf("first step %q", got)
	}
	assertRefused(t, f.battle(t), Fire{Unit: 1, Target: 2, Panzerfaust: true}, "no Panzerfausts left")
}

// TestPanzerfaustTrials: in September 1943 a German squad carries the
// early Panzerfaust only where the map's panzerfaust_trials says so; its
// check (2 +1 Aug-Sep 1943 = 3) then finds one. A bad value is refused.
func TestPanzerfaustTrials(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"date": "1943-09"}, dice: []int{2, 1, 1, 6, 6}, units: []unitAt{
		{"German Rifle Squad", maps.Allies, "C4", board.DirN},
		{"M4A3E8", maps.Axis, "C3", board.DirS},
	}}
	assertRefused(t, under(t, f, datedRules), Fire{Unit: 1, Target: 2, Panzerfaust: true}, "map property panzerfaust_trials")
	f.props["panzerfaust_trials"] = "true"
	events := apply(t, under(t, f, datedRules), Fire{Unit: 1, Target: 2, Panzerfaust: true})
	if got := events[0].Outcome.Steps[0]; got != "Panzerfaust check: rolled 2 +1 Aug-Sep 1943 = 3: a Panzerfaust is to hand" {
		t.Errorf("first step %q", got)
	}
	f.props["panzerfaust_trials"] = "perhaps"
	if _, err := New(f.scenario(t), testCatalogue, Config{Seed: 1, Ruleset: datedRules}); err == nil || !strings.Contains(err.Error(), `map property "panzerfaust_trials"`) {
		t.Errorf("a bad value: %v", err)
	}
}

// TestLeaderPanzerfaust: a German leader fires a Panzerfaust too, carried
// (the check 1 -1 1945 +2 leader = 2 finds it) or from the pool (no
// check), but does not direct his own shot.
func TestLeaderPanzerfaust(t *testing.T) {
	for _, tt := range []struct {
		pool string
		dice []int
	}{{"", []int{1, 1, 1, 2, 2}}, {"1", []int{1, 1, 2, 2}}} {
		f := fixture{grid: openMap, props: map[string]string{"date": "1945-02", "panzerfausts_allies": tt.pool}, dice: tt.dice, units: []unitAt{
			{"German Leader", maps.Allies, "C5", board.DirN},
			{"M4A3E8", maps.Axis, "C3", board.DirS},
		}}
		if tt.pool == "" {
			delete(f.props, "panzerfausts_allies")
		}
		b := under(t, f, datedRules)
		assertRefused(t, b, Fire{Unit: 1, Target: 2, Panzerfaust: true, Leader: 1}, "a leader directs the fire of others")
		events := apply(t, b, Fire{Unit: 1, Target: 2, Panzerfaust: true})
		if !b.Unit(2).Eliminated || b.Panzerfausts(maps.Allies) != 0 {
			t.Errorf("pool %q: Sherman eliminated %v, pool %d; events %v", tt.pool, b.Unit(2).Eliminated, b.Panzerfausts(maps.Allies), events)
		}
		if first := events[0].Outcome.Steps[0]; (tt.pool == "") != strings.HasPrefix(first, "Panzerfaust check: rolled 1 -1 1945 +2 leader = 2") {
			t.Errorf("pool %q: first step %q", tt.pool, first)
		}
	}
}

// TestRepairOrder: a broken PIAT is repaired on 1-2, stays broken on 3-5
// and is removed on 6; the attempt is the unit's fire for the segment.
func TestRepairOrder(t *testing.T) {
	tests := []struct {
		die  int
		lost string
	}{{2, ""}, {4, "broken"}, {6, "removed"}}
	for _, tt := range tests {
		f := fixture{grid: openMap, dice: []int{tt.die}, units: []unitAt{{"British PIAT Team", maps.Allies, "C5", board.DirN}}}
		b := under(t, f, datedRules)
		assertRefused(t, b, Repair{Unit: 1}, "no broken weapon")
		b.Unit(1).WeaponLost = "broken"
		events := apply(t, b, Repair{Unit: 1})
		if b.Unit(1).WeaponLost != tt.lost || !b.Unit(1).Has(Fired) || events[0].Kind != WeaponRepairTried {
			t.Errorf("die %d: weapon %q, fired %v, events %v", tt.die, b.Unit(1).WeaponLost, b.Unit(1).Has(Fired), events)
		}
		if tt.lost == "broken" {
			assertRefused(t, b, Repair{Unit: 1}, "already fired")
		}
	}
	b := fixture{grid: openMap, units: []unitAt{{"British PIAT Team", maps.Allies, "C5", board.DirN}}}.battle(t)
	b.Unit(1).WeaponLost = "broken"
	assertRefused(t, b, Repair{Unit: 1}, "repairs no weapons")
}

// TestDesperationFire: a Bazooka in a building fires with +2 to hit for
// its backblast, or in desperation without it; the to-hit roll's second
// die (1) then reduces every unit of its hex. Under the default ruleset,
// which has no backblast, desperation is refused.
func TestDesperationFire(t *testing.T) {
	grid := `
. . . . .
. . . . .
. . B . .
`
	f := fixture{grid: grid, dice: []int{6, 1, 1, 1}, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "C3", board.DirN},
		{"US Rifle Squad", maps.Allies, "C3", board.DirN},
		{"Pz IV H", maps.Axis, "C2", board.DirS},
	}}
	b := under(t, f, datedRules)
	plain, err := b.PlanFire(Fire{Unit: 1, Target: 3})
	if err != nil || !slices.Contains(plain.Odds.Steps, "to-hit 10; 2d6 +2 backblast: fired from a building hits at or below it") {
		t.Errorf("the plain shot from the building: %v, steps %q; want it planned with the backblast's +2", err, plain.Odds.Steps)
	}
	open := under(t, f, "elimination")
	assertRefused(t, open, Fire{Unit: 1, Target: 3, Desperation: true}, "the elimination ruleset has no desperation fire")
	for _, ro := range open.CompareFire(Fire{Unit: 1, Target: 3, Desperation: true}) {
		if ro.Err != nil && strings.Contains(ro.Err.Error(), "desperation") {
			t.Errorf("CompareFire under %s: %v, want a shot in desperation compared as a plain one where a ruleset has none", ro.Ruleset, ro.Err)
		}
	}
	apply(t, b, Fire{Unit: 1, Target: 3, Desperation: true})
	if !b.Unit(3).Eliminated || !b.Unit(1).Eliminated || b.Unit(2).Type.Name != "US Rifle Half Squad" {
		t.Errorf("Pz IV eliminated %v, team eliminated %v, squad now %s", b.Unit(3).Eliminated, b.Unit(1).Eliminated, b.Unit(2).Type.Name)
	}
}

// TestMagneticMinePins: German infantry declaring a magnetic mine on a hex
// with a Sherman in 1944 open with the mine check; its original 6 pins
// them after the assault, which (5 +1 = 6 at 1-1) succeeds.
func TestMagneticMinePins(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"date": "1944-08"}, dice: []int{6, 2, 3}, units: []unitAt{
		{"German Rifle Squad", maps.Allies, "C4", board.DirN},
		{"M4A3E8", maps.Axis, "C3", board.DirS},
	}}
	b := under(t, f, datedRules)
	apply(t, b, toAdvancePhase...)
	events := apply(t, b, Assault{Units: []UnitID{1}, Target: hexOf(t, b, "C3"), Mine: true})
	if !b.Unit(2).Eliminated || !b.Unit(1).Has(Pinned) || events[0].Assault == nil || events[0].Assault.Steps[0] != "magnetic mine check: rolled 6: an original 6, the attackers are pinned (+1 to the assault)" {
		t.Errorf("Sherman eliminated %v, squad pinned %v; events %v", b.Unit(2).Eliminated, b.Unit(1).Has(Pinned), events)
	}
}

// TestMagneticMineTakesTheVehicleAlone: two German squads declare a
// magnetic mine on a hex an M4A3E8 holds with a US Rifle Squad in 1944-08
// (the check's 1 places it): 7 -3 = 4 takes the Sherman alone, and the
// squad meets the 7 without the mine, a failure, so the hex holds and the
// attackers stay. 4 without the mine takes the hex. Undeclared, or by a
// save of before version 9 (the check wherever it applied, the whole hex
// taken), and refused in 1943-12.
func TestMagneticMineTakesTheVehicleAlone(t *testing.T) {
	tests := []struct {
		name     string
		date     string
		version  int
		mine     bool
		dice     []int
		refused  string
		sherman  bool // eliminated
		squad    bool // eliminated
		movedIn  bool
		assaults string
	}{
		{"declared, 7 -3 = 4", "1944-08", 0, true, []int{1, 3, 4, 6, 6, 6, 6, 6, 6}, "", true, false, false, "succeeds against the vehicles alone"},
		{"declared, 2 -3 = -1", "1944-08", 0, true, []int{1, 1, 1, 6, 6, 6, 6, 6, 6}, "", true, true, true, "succeeds"},
		{"not declared, 7", "1944-08", 0, false, []int{3, 4, 6, 6, 6, 6, 6, 6}, "", false, false, false, "fails"},
		{"a version 8 save, 7 -3 = 4", "1944-08", 8, false, []int{1, 3, 4, 6, 6, 6, 6, 6, 6}, "", true, true, true, "succeeds"},
		{"declared in 1943-12", "1943-12", 0, true, nil, "only German infantry carry magnetic mines, from 1944", false, false, false, ""},
	}
	for _, tt := range tests {
		f := fixture{grid: openMap, props: map[string]string{"date": tt.date}, dice: tt.dice, units: []unitAt{
			{"German Rifle Squad", maps.Allies, "C4", board.DirN},
			{"German Rifle Squad", maps.Allies, "C4", board.DirN},
			{"M4A3E8", maps.Axis, "C3", board.DirS},
			{"US Rifle Squad", maps.Axis, "C3", board.DirS},
		}, rules: datedRules}
		sc := f.scenario(t)
		cfg := Config{Seed: 1, Ruleset: datedRules, Version: tt.version}
		if tt.dice != nil {
			cfg.Dice = combat.NewFixedDice(tt.dice...)
		}
		b, err := New(sc, testCatalogue, cfg)
		if err != nil {
			t.Fatal(err)
		}
		apply(t, b, toAdvancePhase...)
		o := Assault{Units: []UnitID{1, 2}, Target: hexOf(t, b, "C3"), Mine: tt.mine}
		if tt.refused != "" {
			assertRefused(t, b, o, tt.refused)
			continue
		}
		events := apply(t, b, o)
		var text string
		for _, e := range events {
			if e.Assault != nil {
				text = e.Text
			}
		}
		if want := map[int]int{0: SaveVersion, 8: 8}[tt.version]; b.saveVersion() != want {
			t.Errorf("%s: saves as version %d, want %d", tt.name, b.saveVersion(), want)
		}
		movedIn := b.Unit(1).Active() && b.Unit(1).Pose.Hex == hexOf(t, b, "C3")
		if b.Unit(3).Eliminated != tt.sherman || b.Unit(4).Eliminated != tt.squad || movedIn != tt.movedIn || !strings.HasSuffix(text, ") "+tt.assaults) {
			t.Errorf("%s: Sherman eliminated %v, squad %v, moved in %v, %q; events %v", tt.name, b.Unit(3).Eliminated, b.Unit(4).Eliminated, movedIn, text, events)
		}
	}
}

// TestBazookaAtInfantry: under tohit-tokill a Bazooka fires at a squad
// (the excerpt's light AT weapons fire at infantry too): its hit (3+3 at
// 2 hexes, 9 needed) is an AP attack of 8 on the squad alone, rolled by
// the infantry combat; a miss (5+5) leaves it untouched. The default
// ruleset still refuses the shot.
func TestBazookaAtInfantry(t *testing.T) {
	tests := []struct {
		dice   []int
		hit    bool
		points bool
	}{{[]int{3, 3, 1, 1}, true, true}, {[]int{5, 5}, false, false}}
	for _, tt := range tests {
		f := fixture{grid: openMap, props: map[string]string{"date": "1944-08"}, dice: tt.dice, units: []unitAt{
			{"US Bazooka Team", maps.Allies, "C5", board.DirN},
			{"German Rifle Squad", maps.Axis, "C3", board.DirS},
			{"German Rifle Squad", maps.Axis, "C3", board.DirS},
		}}
		b := under(t, f, datedRules)
		events := apply(t, b, Fire{Unit: 1, Target: 2})
		var ap *combat.APOutcome
		for _, e := range events {
			if e.AP != nil {
				ap = e.AP
			}
		}
		if events[0].Outcome == nil || events[0].Outcome.Hit != tt.hit || (ap != nil) != tt.points {
			t.Fatalf("dice %v: events %v", tt.dice, events)
		}
		if tt.hit && !strings.Contains(events[1].Text, "take an AP attack of 8 firepower") {
			t.Errorf("dice %v: %q", tt.dice, events[1].Text)
		}
		if b.Unit(3).Type.Name != "German Rifle Squad" || b.Unit(3).Markers != 0 {
			t.Errorf("dice %v: the other squad of the hex is hit: %s %v", tt.dice, b.Unit(3).Type.Name, b.Unit(3).Markers)
		}
	}
	f := fixture{grid: openMap, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "C5", board.DirN},
		{"German Rifle Squad", maps.Axis, "C3", board.DirS},
	}}
	assertRefused(t, f.battle(t), Fire{Unit: 1, Target: 2}, "anti-tank fire cannot harm infantry")
}

// TestATRifleReachesTwelveHexes: the AT rifle's AP fire (1 firepower, the
// team's own 4 hexes left behind) reaches 12 hexes under tohit-tokill, the
// excerpt's reach for it against personnel, and the catalogue's 4 under
// the default ruleset.
func TestATRifleReachesTwelveHexes(t *testing.T) {
	grid := strings.Repeat(". . .\n", 15)
	tests := []struct {
		rules  string
		target string // a hex down the B column from B1
		want   int
	}{
		{datedRules, "B5", 2}, // 4 hexes: the team's 1 and the rifle's 1
		{datedRules, "B6", 1},
		{datedRules, "B13", 1}, // 12 hexes
		{datedRules, "B14", 0},
		{"", "B5", 2},
		{"", "B6", 0},
	}
	for _, tt := range tests {
		f := fixture{grid: grid, units: []unitAt{
			{"Soviet AT Rifle Team", maps.Allies, "B1", board.DirS},
			{"German Rifle Squad", maps.Axis, tt.target, board.DirN},
		}}
		b := under(t, f, tt.rules)
		u := b.Unit(1)
		if have, _ := b.APFirepower(u, u.Pose, hexOf(t, b, tt.target)); have != tt.want {
			t.Errorf("%q at %s (%d hexes): %d APFP, want %d", tt.rules, tt.target, u.Pose.Hex.Distance(hexOf(t, b, tt.target)), have, tt.want)
		}
	}
}

// TestMolotovProjectorCollateral: a Molotov projector's hit on an AFV
// (2+3 at one hex) makes an AP attack of 4 on the squad it carries, whatever
// the kill roll (5+5, no effect); a miss (5+6) none.
func TestMolotovProjectorCollateral(t *testing.T) {
	for _, tt := range []struct {
		dice []int
		hit  bool
	}{{[]int{2, 3, 5, 5, 6, 6, 6, 6}, true}, {[]int{5, 6}, false}} {
		f := fixture{grid: openMap, props: map[string]string{"date": "1944-06"}, dice: tt.dice, units: []unitAt{
			{"Soviet Molotov Projector Team", maps.Allies, "C4", board.DirN},
			{"SdKfz 251", maps.Axis, "C3", board.DirS},
			{"German Rifle Squad", maps.Axis, "C3", board.DirS},
		}}
		b := under(t, f, datedRules)
		b.Unit(3).Carrier = 2
		events := apply(t, b, Fire{Unit: 1, Target: 2})
		attacked := slices.ContainsFunc(events, func(e Event) bool {
			return strings.HasPrefix(e.Text, "the passengers of SdKfz 251 #2 take an AP attack of 4 firepower")
		})
		if events[0].Outcome.Hit != tt.hit || attacked != tt.hit || b.Unit(2).Eliminated {
			t.Errorf("dice %v: hit %v, passengers attacked %v, carrier eliminated %v; events %v", tt.dice, events[0].Outcome.Hit, attacked, b.Unit(2).Eliminated, events)
		}
	}
}

// TestBazookaWhitePhosphorus: in 1945 the Bazooka fires a smoke round
// (white phosphorus) under tohit-tokill when its depletion d6 finds one
// (3); not once its weapon is lost.
func TestBazookaWhitePhosphorus(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{3}, props: map[string]string{"date": "1945-03", "smoke_allies": "4"}, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "C5", board.DirN},
		{"US Bazooka Team", maps.Allies, "D5", board.DirN},
	}}
	b := under(t, f, datedRules)
	events := apply(t, b, FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")})
	if b.Smoke(hexOf(t, b, "C3")) == 0 || b.SmokeSupply(maps.Allies) != 2 || events[0].Kind != SmokePlaced || events[0].Outcome == nil {
		t.Errorf("smoke %d, supply %d, events %v", b.Smoke(hexOf(t, b, "C3")), b.SmokeSupply(maps.Allies), events)
	}
	b.Unit(2).WeaponLost = "removed"
	assertRefused(t, b, FireSmoke{Unit: 2, Hex: hexOf(t, b, "D3")}, "removed")
	f.props["date"] = "1944-12"
	assertRefused(t, under(t, f, datedRules), FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")}, "Bazooka 45")
}

// TestCheckRollsNoDice: Check answers for a repair and a white-phosphorus
// round, both of which roll when applied, without rolling the battle's
// dice (the fixture has none) or changing the unit.
func TestCheckRollsNoDice(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{}, props: map[string]string{"date": "1945-03", "smoke_allies": "4"}, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "C5", board.DirN},
		{"British PIAT Team", maps.Allies, "D5", board.DirN},
	}}
	b := under(t, f, datedRules)
	if err := b.Check(Repair{Unit: 2}); err == nil || !strings.Contains(err.Error(), "no broken weapon") {
		t.Errorf("repair of a working PIAT: %v", err)
	}
	b.Unit(2).WeaponLost = "broken"
	for _, o := range []Order{Repair{Unit: 2}, FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")}} {
		if err := b.Check(o); err != nil {
			t.Errorf("%#v: %v", o, err)
		}
	}
	if u := b.Unit(2); u.WeaponLost != "broken" || u.Has(Fired) || b.Smoke(hexOf(t, b, "C3")) != 0 || b.SmokeSupply(maps.Allies) != 4 {
		t.Errorf("Check changed the battle: weapon %q, fired %v, smoke %d, supply %d", u.WeaponLost, u.Has(Fired),
			b.Smoke(hexOf(t, b, "C3")), b.SmokeSupply(maps.Allies))
	}
	b.Unit(1).States = map[string]State{"out of WP": {N: 1}}
	if err := b.Check(FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")}); err == nil || !strings.Contains(err.Error(), "no white phosphorus") {
		t.Errorf("a round the team no longer has: %v", err)
	}
}

// TestSmokeRunsOut: a ruleset whose smoke rounds run out
// (combat.SmokeDepletion) rolls before the round: on a 5 the Bazooka 45 has
// no white phosphorus left, so nothing is placed or paid, the team has not
// fired, it carries the ruleset's state, and its next round is refused.
func TestSmokeRunsOut(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{5}, props: map[string]string{"date": "1945-03", "smoke_allies": "4"}, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "C5", board.DirN},
	}}
	b := under(t, f, datedRules)
	events := apply(t, b, FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")})
	u := b.Unit(1)
	if b.Smoke(hexOf(t, b, "C3")) != 0 || b.SmokeSupply(maps.Allies) != 4 || u.Has(Fired) || len(u.States) != 1 ||
		events[0].Kind != UnitStateChanged || events[0].Outcome == nil || !strings.Contains(events[0].Text, "rolled 5") {
		t.Errorf("smoke %d, supply %d, fired %v, states %v, events %v", b.Smoke(hexOf(t, b, "C3")), b.SmokeSupply(maps.Allies),
			u.Has(Fired), u.States, events)
	}
	assertRefused(t, b, FireSmoke{Unit: 1, Hex: hexOf(t, b, "C3")}, "no white phosphorus left")
}

// TestMolotovProjectorTeam: the catalogue's Soviet Molotov Projector Team
// fields the projector (seed 004, 13.5): to-hit 8 at two hexes, 4+4 hits,
// and against a truck its kill number 9: 3+3 destroys it. Under the
// default ruleset it has no anti-tank fire.
func TestMolotovProjectorTeam(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{4, 4, 3, 3}, units: []unitAt{
		{"Soviet Molotov Projector Team", maps.Allies, "C5", board.DirN},
		{"Opel Blitz", maps.Axis, "C3", board.DirS},
	}}
	b := under(t, f, datedRules)
	events := apply(t, b, Fire{Unit: 1, Target: 2})
	want := []string{"to-hit 8; 2d6 4+4: hit", "Molotov kill number 9 against an unarmoured target; 2d6 6: below, destroyed"}
	if !b.Unit(2).Eliminated || events[0].Outcome == nil || !slices.Equal(events[0].Outcome.Steps, want) {
		t.Errorf("truck eliminated %v; events %v", b.Unit(2).Eliminated, events)
	}
	f.dice = nil
	if _, err := f.battle(t).PlanFire(Fire{Unit: 1, Target: 2}); err == nil {
		t.Error("the default ruleset fires the Molotov projector")
	}
}

// TestPanzerfaustAllotment: panzerfausts_axis = allotment asks the ruleset
// for the pool: two squads and a half squad are 2.5 squad-equivalents,
// 3 Panzerfausts in 1944; a ruleset without an allotment refuses it.
func TestPanzerfaustAllotment(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"date": "1944-08", "panzerfausts_axis": "allotment"}, units: []unitAt{
		{"German Rifle Squad", maps.Axis, "C1", board.DirS},
		{"German Rifle Squad", maps.Axis, "D1", board.DirS},
		{"German Rifle Half Squad", maps.Axis, "E1", board.DirS},
		{"US Rifle Squad", maps.Allies, "C5", board.DirN},
	}}
	if got := under(t, f, datedRules).Panzerfausts(maps.Axis); got != 3 {
		t.Errorf("allotment %d, want 3", got)
	}
	_, err := New(f.scenario(t), testCatalogue, Config{Seed: 1})
	if err == nil || !strings.Contains(err.Error(), `"panzerfausts_axis"`) || !strings.Contains(err.Error(), "no allotment") {
		t.Errorf("elimination: %v", err)
	}
}

// TestApparentMovement: a shot at a unit that moved carries how far it
// moved across the line of sight and whether it closed the range; a
// unit that did not move carries neither.
func TestApparentMovement(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Axis, "C5", board.DirN},
		{"Tiger I", maps.Allies, "C1", board.DirSE},
	}}
	b := f.battle(t)
	apply(t, b, EndPhase{})
	firer, target := b.Unit(1), b.Unit(2)
	s, err := b.ShotAt(firer, firer.Pose, target, target.Pose)
	if err != nil || s.TargetMoved || s.TargetAcross != 0 || s.TargetApproached {
		t.Fatalf("unmoved target: %+v, %v", s, err)
	}
	apply(t, b, Move{Unit: 2, Path: []board.Pose{{Hex: hexOf(t, b, "C1").Neighbor(board.DirSE), Facing: board.DirSE}}})
	if target.MovedFrom != hexOf(t, b, "C1") {
		t.Fatalf("MovedFrom %v, want C1", target.MovedFrom)
	}
	before := s.Range
	s, err = b.ShotAt(firer, firer.Pose, target, target.Pose)
	want := int(math.Round(board.Across(firer.Pose.Hex, hexOf(t, b, "C1"), target.Pose.Hex) * float64(s.Metres/s.Range)))
	// The step to the south-east keeps the range: across, not closing.
	if err != nil || !s.TargetMoved || s.TargetApproached || s.Range != before || s.TargetAcross != want || want == 0 {
		t.Errorf("moved target: moved %v approached %v across %d (want %d), %v", s.TargetMoved, s.TargetApproached, s.TargetAcross, want, err)
	}
}
