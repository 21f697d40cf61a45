package battle

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// The tests in this file pin the faults that a read of the default ruleset
// against the public standard rules found (issue 14), each in the rule's
// terms.

// TestSupportWeaponWeightAndMP: only a Heavy support weapon costs its
// carrier a movement point (rules 6.3), and the Panzerschreck is Light
// (rules 12.1).
func TestSupportWeaponWeightAndMP(t *testing.T) {
	tests := []struct {
		unit, weapon string
		mp           int
	}{
		{"German Panzerschreck Team", "Panzerschreck", 4},
		{"German Rifle Squad", "MG34", 4},
		{"German Rifle Squad", "5cm Mortar", 3},
		{"German Rifle Squad", "", 4},
	}
	for _, tt := range tests {
		t.Run(tt.unit+" "+tt.weapon, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{tt.unit, maps.Axis, "C3", 0},
				{"M4A3E8", maps.Allies, "H1", board.DirS},
			}}.battle(t)
			u := b.Unit(1)
			u.SupportWeapon = tt.weapon
			if have := b.MoveSpec(u).MP; have != tt.mp {
				t.Errorf("MP with %q = %d, want %d", tt.weapon, have, tt.mp)
			}
		})
	}
}

// TestAPFirepowerOfPassengersAndValor: passengers fire their own APFP, and
// of their weapons only a light MG (rules 8.5, 14.3); Valor adds 1 to a
// unit's own APFP and never to a support weapon's (rules 16.3).
func TestAPFirepowerOfPassengersAndValor(t *testing.T) {
	tests := []struct {
		name     string
		unit     string
		weapon   string
		carried  bool
		valorous bool
		target   string // the firer stands in C3
		want     int
	}{
		{"squad", "US Rifle Squad", "", false, false, "C6", 5},
		{"squad with valor", "US Rifle Squad", "", false, true, "C6", 6},
		{"squad and MG with valor", "US Rifle Squad", "M1919A6", false, true, "C6", 6 + 3},
		{"leader's light MG with valor", "US Leader", "M1919A6", false, true, "C6", 3},
		{"half squad's mortar with valor", "US Rifle Half Squad", "5cm Mortar", false, true, "C6", 5},
		{"passenger squad", "US Rifle Squad", "", true, false, "C6", 5},
		{"passenger squad with a light MG", "US Rifle Squad", "M1919A6", true, false, "C6", 5 + 3},
		{"passenger squad with a mortar", "US Rifle Squad", "5cm Mortar", true, false, "C6", 5},
		{"passenger squad with valor", "US Rifle Squad", "", true, true, "C6", 6},
		// Firing a mortar the unit adds no APFP of its own (rules 12.6).
		{"squad with a mortar", "US Rifle Squad", "5cm Mortar", false, false, "C6", 5},
		{"valorous squad with a mortar", "US Rifle Squad", "5cm Mortar", false, true, "C6", 6},
		{"squad with a mortar too close for it", "US Rifle Squad", "5cm Mortar", false, false, "C4", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{tt.unit, maps.Allies, "C3", 0},
				{"M3 Halftrack", maps.Allies, "C3", board.DirS},
				{"German Rifle Squad", maps.Axis, tt.target, 0},
			}}.battle(t)
			u := b.Unit(1)
			u.SupportWeapon = tt.weapon
			if tt.carried {
				u.Carrier = 2
			}
			if tt.valorous {
				u.Markers |= Valorous
			}
			have, why := b.APFirepower(u, u.Pose, hexOf(t, b, tt.target))
			if have != tt.want {
				t.Errorf("APFirepower = %d (%s), want %d", have, why, tt.want)
			}
		})
	}
}

// TestTransportLeaderRoom: a T2 transport carries two leaders besides its
// squads (rules 8.21); a T1 carries one.
func TestTransportLeaderRoom(t *testing.T) {
	tests := []struct {
		carrier string
		second  string // "" when the second leader boards
	}{
		{"GMC Truck", ""},
		{"M3 Halftrack", "no room"},
	}
	for _, tt := range tests {
		t.Run(tt.carrier, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{tt.carrier, maps.Allies, "B5", board.DirN},
				{"US Leader", maps.Allies, "B5", 0},
				{"US Leader", maps.Allies, "B5", 0},
				{"Tiger I", maps.Axis, "H1", board.DirS},
			}}.battle(t)
			apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1})
			if tt.second == "" {
				apply(t, b, Load{Unit: 3, Carrier: 1})
				return
			}
			assertRefused(t, b, Load{Unit: 3, Carrier: 1}, tt.second)
		})
	}
}

// TestOpportunityFireWallCover: a mover in open ground behind a hedge on the
// line of fire has positive cover, so opportunity fire gets no "no cover"
// −1 (rules 13.8); in the open with no hedge it does.
func TestOpportunityFireWallCover(t *testing.T) {
	tests := []struct {
		name   string
		hedge  string
		noneed bool // the "no cover" modifier applies
	}{
		{"open", "", true},
		{"behind a hedge", "hedge C3 D3\nhedge C3 D4\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap + tt.hedge, dice: []int{2, 3}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "F3", 0},
				{"German Rifle Squad", maps.Axis, "C4", 0},
			}}.battle(t)
			b.phasing = maps.Axis
			b.phase = Movement
			apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "C3", 0)}})
			if at := b.Board().Label(b.Unit(2).Pose.Hex); at != "C3" {
				t.Fatalf("the mover is offered to opportunity fire in %s, want C3", at)
			}
			p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: b.Unit(2).Pose.Hex})
			if err != nil {
				t.Fatal(err)
			}
			if p.Attack.WallCover == tt.noneed {
				t.Errorf("WallCover = %v, want %v (hindrances %v)", p.Attack.WallCover, !tt.noneed, p.LOS.Hindrances)
			}
			events := apply(t, b, FireAP{Units: []UnitID{1}, Target: b.Unit(2).Pose.Hex})
			steps := strings.Join(events[0].AP.Steps, "\n")
			if have := strings.Contains(steps, "no cover"); have != tt.noneed {
				t.Errorf("\"no cover\" in the steps: %v, want %v:\n%s", have, tt.noneed, steps)
			}
		})
	}
}

// TestAPFireChecksAnImmobileAFVsCrew: AP fire cannot harm an AFV, but it is
// an attack on an immobile one in the hex, whose crew then checks and
// abandons on 1–2 (rules 18.6); a mobile AFV alone is no AP target.
func TestAPFireChecksAnImmobileAFVsCrew(t *testing.T) {
	tests := []struct {
		name      string
		immobile  bool
		dice      []int // AP roll 2d6, then the crew check
		abandoned bool
		refused   string
	}{
		{"crew abandons on 2", true, []int{3, 4, 2}, true, ""},
		{"crew stays on 3", true, []int{3, 4, 3}, false, ""},
		{"mobile AFV", false, nil, false, "cannot harm the armoured vehicles"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, dice: tt.dice, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "C5", 0},
				{"Tiger I", maps.Axis, "C3", board.DirS},
			}}.battle(t)
			if tt.immobile {
				b.Unit(2).Markers |= Immobile
			}
			order := FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "C3")}
			if tt.refused != "" {
				assertRefused(t, b, order, tt.refused)
				return
			}
			apply(t, b, order)
			if have := b.Unit(2).Eliminated; have != tt.abandoned {
				t.Errorf("Tiger out of play = %v, want %v", have, tt.abandoned)
			}
			if have := b.DiceRolled(); have != 3 {
				t.Errorf("dice rolled = %d, want 3 (the AP roll and the crew check)", have)
			}
		})
	}
}

// TestCrewCheckOdds: the default ruleset's crew abandons on 1–2 of 1d6.
func TestCrewCheckOdds(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C5", 0},
		{"Tiger I", maps.Axis, "C3", board.DirS},
	}}.battle(t)
	odds, ok := b.CrewCheckOdds()
	if !ok {
		t.Fatal("the default ruleset has no crew check")
	}
	var have []string
	for _, h := range odds.Headlines() {
		have = append(have, fmt.Sprintf("%s %d/%d", h.Headline, h.Weight, odds.Total))
	}
	if got, want := strings.Join(have, ", "), "abandoned 2/6, no effect 4/6"; got != want {
		t.Errorf("crew check odds %q, want %q", got, want)
	}
}

// TestPanzerfaustOpportunityFire: a tank driving past infantry whose side
// holds Panzerfausts stops for opportunity fire though no unit there has
// an AT weapon of its own, and the shot comes from the pool (rules 12.5,
// §19's example); a leader may fire one too.
func TestPanzerfaustOpportunityFire(t *testing.T) {
	tests := []struct {
		name   string
		firer  string
		pool   string
		offers bool
	}{
		{"squad with a pool", "German Rifle Squad", "1", true},
		{"leader with a pool", "German Leader", "1", true},
		{"squad without a pool", "German Rifle Squad", "0", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, props: map[string]string{"panzerfausts_axis": tt.pool}, dice: []int{3, 3, 1, 1},
				units: []unitAt{
					{"M4A3E8", maps.Allies, "C5", board.DirN},
					{tt.firer, maps.Axis, "D4", 0},
				}}.battle(t)
			apply(t, b, EndPhase{})
			events := apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "C4", board.DirN), pose(t, b, "C3", board.DirN)}})
			offered := events[len(events)-1].Kind == OpportunityOffered
			if offered != tt.offers {
				t.Fatalf("opportunity offered = %v, want %v (last event %q)", offered, tt.offers, events[len(events)-1].Text)
			}
			if !tt.offers {
				return
			}
			if fs := b.OpportunityFirers(); len(fs) != 1 || fs[0].ID != 2 {
				t.Fatalf("OpportunityFirers = %v, want the %s", fs, tt.firer)
			}
			apply(t, b, Fire{Unit: 2, Target: 1, Panzerfaust: true})
			if b.Panzerfausts(maps.Axis) != 0 {
				t.Errorf("the pool holds %d Panzerfausts after the shot, want 0", b.Panzerfausts(maps.Axis))
			}
		})
	}
}

// TestMoveDeclaredHexByHex: after opportunity fire the surviving mover's
// owner goes on along the rest of its path, takes another path within the
// MP it has left, or halts (rules 13.8); while it decides, nothing else is
// ordered. A pass without fire lets the move go on by itself. The M4A3E8
// (10 MP) drives north from C5; the Pak 40 first sees it in C2, after 3 MP.
func TestMoveDeclaredHexByHex(t *testing.T) {
	grid := `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . W . . .
. . . . W . . .
. . . . . . . .
`
	type step = func(b *Battle) Order
	rest := func(b *Battle) Order { _, r, _ := b.MovePaused(); return Move{Unit: 1, Path: r} }
	in := func(labels ...string) step {
		return func(b *Battle) Order {
			var path []board.Pose
			for _, l := range labels {
				f := strings.Fields(l)
				h, _ := b.Board().ParseHex(f[0])
				var d board.Direction
				for i, name := range strings.Fields("N NE SE S SW NW") {
					if name == f[1] {
						d = board.Direction(i)
					}
				}
				path = append(path, board.Pose{Hex: h, Facing: d})
			}
			return Move{Unit: 1, Path: path}
		}
	}
	tests := []struct {
		name    string
		fire    bool
		then    step
		refused string // "" when accepted
		end     string // the mover's pose at the end
	}{
		{"goes on along the rest", true, rest, "", "C1 N"},
		{"halts", true, func(*Battle) Order { return Halt{} }, "", "C2 N"},
		{"another path", true, in("C2 NE", "D2 NE"), "", "D2 NE"},
		{"reversing beyond the 7 MP left", true, in("C3 N", "C4 N", "C5 N", "C6 N"), "the step costs 2 MP, 1 left", "C2 N"},
		{"another unit first", true, func(*Battle) Order { return Move{Unit: 2, Path: []board.Pose{{}}} }, "came through the fire", "C2 N"},
		{"end the phase first", true, func(*Battle) Order { return EndPhase{} }, "move it on or halt it", "C2 N"},
		{"no fire: no pause", false, nil, "", "C1 N"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: grid, dice: []int{6, 6}, units: []unitAt{
				{"M4A3E8", maps.Allies, "C5", board.DirN},
				{"Pak 40", maps.Axis, "G4", board.DirNW},
			}}.battle(t)
			apply(t, b, EndPhase{})
			apply(t, b, in("C4 N", "C3 N", "C2 N", "C1 N")(b))
			if tt.fire {
				apply(t, b, Fire{Unit: 2, Target: 1}) // 6+6: a miss
			}
			apply(t, b, Pass{})
			u, _, left := b.MovePaused()
			switch {
			case !tt.fire && u != nil:
				t.Fatal("a pass without fire paused the move")
			case tt.fire && (u != b.Unit(1) || left != 7 || b.Acting() != maps.Allies):
				t.Fatalf("paused %v with %d MP left, acting %s; want the M4A3E8 with 7, the allies acting", u, left, b.Acting())
			}
			if tt.then != nil {
				if tt.refused != "" {
					assertRefused(t, b, tt.then(b), tt.refused)
				} else {
					apply(t, b, tt.then(b))
				}
			}
			mover := b.Unit(1)
			if at := b.Board().Label(mover.Pose.Hex) + " " + mover.Pose.Facing.String(); at != tt.end {
				t.Errorf("the mover stands in %s, want %s", at, tt.end)
			}
			if tt.refused == "" && tt.fire && !mover.Has(Moved) {
				t.Errorf("the mover has no Move marker")
			}
		})
	}
}

// TestStackMove: infantry that start in one hex may move together as a
// stack (rules 6.31): the stack has the MP of its slowest member, a squad
// or half squad with a leader in the stack 6 (5 with a Heavy weapon); all
// move, and all are marked Move.
func TestStackMove(t *testing.T) {
	tests := []struct {
		name    string
		units   []string // all in C5; the first leads
		weapon  string   // the first squad's support weapon
		mp      int
		refused string
	}{
		{"squad alone", []string{"US Rifle Squad"}, "", 4, ""},
		{"squad and leader", []string{"US Rifle Squad", "US Leader"}, "", 6, ""},
		{"leader leads two squads", []string{"US Leader", "US Rifle Squad", "US Rifle Half Squad"}, "", 6, ""},
		{"squad with a mortar and leader", []string{"US Rifle Squad", "US Leader"}, "5cm Mortar", 5, ""},
		{"two squads", []string{"US Rifle Squad", "US Rifle Squad"}, "", 4, ""},
		{"a tank in the stack", []string{"US Rifle Squad", "M4A3E8"}, "", 0, "cannot move as a stack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var us []unitAt
			for _, n := range tt.units {
				us = append(us, unitAt{n, maps.Allies, "C5", board.DirN})
			}
			us = append(us, unitAt{"German Rifle Squad", maps.Axis, "H1", 0})
			b := fixture{grid: openMap, units: us}.battle(t)
			b.Unit(UnitID(len(us))).Markers |= Pinned // no opportunity fire
			apply(t, b, EndPhase{})
			var stack []*Unit
			var with []UnitID
			for i := range tt.units {
				u := b.Unit(UnitID(i + 1))
				if u.Type.Kind == units.Squad && tt.weapon != "" {
					u.SupportWeapon, tt.weapon = tt.weapon, ""
				}
				stack = append(stack, u)
				if i > 0 {
					with = append(with, u.ID)
				}
			}
			// Straight north from C5 to C1 costs 4; one hex more as far as the MP go.
			path := []board.Pose{pose(t, b, "C4", 0), pose(t, b, "C3", 0), pose(t, b, "C2", 0), pose(t, b, "C1", 0)}
			o := Move{Unit: 1, Path: path, With: with}
			if tt.refused != "" {
				assertRefused(t, b, o, tt.refused)
				return
			}
			if have := b.StackSpec(stack).MP; have != tt.mp {
				t.Errorf("StackSpec MP = %d, want %d", have, tt.mp)
			}
			events := apply(t, b, o)
			for _, u := range stack {
				if at := b.Board().Label(u.Pose.Hex); at != "C1" || !u.Has(Moved) {
					t.Errorf("%s in %s, marked Move %v; want C1 and marked", u.Label(), at, u.Has(Moved))
				}
			}
			if last := events[len(events)-1]; len(stack) > 1 && !strings.Contains(last.Text, "end their move in C1") {
				t.Errorf("last event %q, want the stack's end of move", last.Text)
			}
		})
	}
}

// TestStackMoveRefusals: a stack moves from one hex, lists each unit once,
// and none of its units may have fired.
func TestStackMoveRefusals(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C5", 0},
		{"US Leader", maps.Allies, "C5", 0},
		{"US Rifle Squad", maps.Allies, "D5", 0},
		{"German Rifle Squad", maps.Axis, "H1", 0},
	}}.battle(t)
	apply(t, b, EndPhase{})
	path := []board.Pose{pose(t, b, "C4", 0)}
	assertRefused(t, b, Move{Unit: 1, Path: path, With: []UnitID{3}}, "is not in C5")
	assertRefused(t, b, Move{Unit: 1, Path: path, With: []UnitID{2, 2}}, "listed twice")
	b.Unit(2).Markers |= Fired
	assertRefused(t, b, Move{Unit: 1, Path: path, With: []UnitID{2}}, "fired in this turn's Allied Fire phase and may not move")
}

// TestStackUnderOpportunityFire: AP opportunity fire at a moving stack
// strikes all its units; one pinned stops where it is and the others go
// on, their owner deciding how (rules 13.8).
func TestStackUnderOpportunityFire(t *testing.T) {
	// 2d6 = 2: 8 points at a two-squad stack in the open: enough to pin or
	// reduce both, so dice are searched for an outcome pinning one alone.
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			b := fixture{grid: openMap, dice: []int{d1, d2}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "C5", 0},
				{"US Rifle Half Squad", maps.Allies, "C5", 0},
				{"German Rifle Squad", maps.Axis, "E3", 0},
			}}.battle(t)
			apply(t, b, EndPhase{})
			path := []board.Pose{pose(t, b, "C4", 0), pose(t, b, "C3", 0)}
			events := apply(t, b, Move{Unit: 1, Path: path, With: []UnitID{2}})
			if events[len(events)-1].Kind != OpportunityOffered {
				t.Fatalf("no opportunity fire offered: %q", events[len(events)-1].Text)
			}
			p, err := b.PlanAP(FireAP{Units: []UnitID{3}, Target: b.Unit(1).Pose.Hex})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Defenders) != 2 {
				t.Fatalf("AP opportunity fire strikes %d units, want both of the stack", len(p.Defenders))
			}
			apply(t, b, FireAP{Units: []UnitID{3}, Target: b.Unit(1).Pose.Hex})
			pinned := 0
			for _, u := range []*Unit{b.Unit(1), b.Unit(2)} {
				if u.Has(Pinned) || !u.Active() {
					pinned++
				}
			}
			if pinned != 1 || b.Moving() == nil {
				continue
			}
			apply(t, b, Pass{})
			lead, rest, _ := b.MovePaused()
			if lead == nil || lead.Has(Pinned) {
				t.Fatalf("dice %d,%d: after one of the stack was pinned the move waits for %v, want the other", d1, d2, lead)
			}
			apply(t, b, Move{Unit: lead.ID, Path: rest})
			if at := b.Board().Label(lead.Pose.Hex); at != "C3" {
				t.Errorf("the unpinned unit ends in %s, want C3", at)
			}
			return
		}
	}
	t.Fatal("no roll pinned exactly one unit of the stack")
}

// TestDefaultScenarioAmbush: the default scenario hides a German squad in
// the crops of J10, by the road east of the bridge, and the side holds
// Panzerfausts: a Sherman driving up the road into J9 is offered to the
// squad's Panzerfaust as opportunity fire, which a player springs by hand.
func TestDefaultScenarioAmbush(t *testing.T) {
	b := defaultBattle(t, 1)
	squad := b.Unit(17)
	if squad == nil || squad.Type.Name != "German Rifle Squad" || b.Board().Label(squad.Pose.Hex) != "J10" {
		t.Fatalf("unit 17 = %v, want the German Rifle Squad in J10", squad)
	}
	apply(t, b, EndPhase{}) // to the allies' Movement phase
	firefly := b.Unit(2)
	firefly.Pose = pose(t, b, "I8", board.DirSE) // as if it had crossed the bridge
	events := apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "J9", board.DirSE)}})
	if last := events[len(events)-1]; last.Kind != OpportunityOffered {
		t.Fatalf("last event %q, want opportunity fire offered", last.Text)
	}
	o, ok := b.OpportunityFire(squad)
	if !ok || !o.Panzerfaust {
		t.Fatalf("the squad's opportunity shot = %+v, %v; want a Panzerfaust", o, ok)
	}
	apply(t, b, o)
	if b.Panzerfausts(maps.Axis) != 1 {
		t.Errorf("Panzerfausts left = %d, want 1", b.Panzerfausts(maps.Axis))
	}
}

// TestPausedMoveWithNoMPLeft: a vehicle that spent all its MP reaching the
// hex where it was fired on may still take the free turn its path ends
// with (and a pause with nothing left to do ends the move).
func TestPausedMoveWithNoMPLeft(t *testing.T) {
	// Streams cost a vehicle 3: C5, C4, C3 take 9 of the M4A3E8's 10 MP,
	// C2 the last; the Pak 40 first sees it in C2.
	b := fixture{grid: `
. . . . . . . .
. . . . . . . .
. . s . . . . .
. . s . W . . .
. . s . W . . .
. . . . . . . .
`, dice: []int{6, 6}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C6", board.DirN},
		{"Pak 40", maps.Axis, "G4", board.DirNW},
	}}.battle(t)
	apply(t, b, EndPhase{})
	path := []board.Pose{pose(t, b, "C5", board.DirN), pose(t, b, "C4", board.DirN), pose(t, b, "C3", board.DirN),
		pose(t, b, "C2", board.DirN), pose(t, b, "C2", board.DirNE)}
	apply(t, b, Move{Unit: 1, Path: path})
	if at := b.Board().Label(b.Unit(1).Pose.Hex); b.Moving() == nil || at != "C2" {
		t.Fatalf("the move waits in %s (moving %v), want C2", at, b.Moving())
	}
	apply(t, b, Fire{Unit: 2, Target: 1}, Pass{})
	u, rest, left := b.MovePaused()
	if u == nil || left != 0 || len(rest) != 1 {
		t.Fatalf("paused %v with %d MP left and rest %v, want the tank with 0 and the free turn", u, left, rest)
	}
	apply(t, b, Move{Unit: 1, Path: rest})
	if f := b.Unit(1).Pose.Facing; f != board.DirNE || !b.Unit(1).Has(Moved) {
		t.Errorf("facing %v, moved %v; want NE and marked", f, b.Unit(1).Has(Moved))
	}
}
