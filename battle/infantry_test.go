package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// infantryMap has woods in C2, a building in E3 and an orchard in D4.
const infantryMap = `
. . . . . . . .
. . W . . . . .
. . . . B . . .
. . . o . . . .
. . . . . . . .
. . . . . . . .
`

func TestFireAPAppliesTheOutcome(t *testing.T) {
	// Two US squads (5 APFP each) and a leader (1, −1) in C4 fire at
	// the German squad and half squad in C2 (woods, +2), range 2: 11 APFP.
	base := fixture{grid: infantryMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 1
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 2
		{"US Leader", maps.Allies, "C4", 0},             // 3
		{"German Rifle Squad", maps.Axis, "C2", 0},      // 4: CR 5, reduces for 3
		{"German Rifle Half Squad", maps.Axis, "C2", 0}, // 5: CR 2
	}}
	tests := []struct {
		name   string
		dice   []int
		points int
		squad  string // the German squad's type afterwards, or "eliminated"
		pinned []UnitID
	}{
		{"roll 9 +2 -1 = 10: nothing", []int{4, 5}, 0, "German Rifle Squad", nil},
		{"roll 5 +2 -1 = 6: 3 points, pin the squad, eliminate the half squad (2 CR lost, not 3)", []int{2, 3}, 3, "German Rifle Squad", []UnitID{4}},
		{"roll 6 +2 -1 = 7: 2 points, two pins", []int{3, 3}, 2, "German Rifle Squad", []UnitID{4, 5}},
		{"roll 3 +2 -1 = 4: 5 points, reduce and pin, pin", []int{1, 2}, 5, "German Rifle Half Squad", []UnitID{4, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := base
			f.dice = tt.dice
			b := f.battle(t)
			events := apply(t, b, FireAP{Units: []UnitID{1, 2}, Leader: 3, Target: hexOf(t, b, "C2")})
			if events[0].Kind != HexFired || events[0].AP == nil {
				t.Fatalf("first event = %+v, want HexFired with the AP outcome", events[0])
			}
			if have := events[0].AP.Points; have != tt.points {
				t.Errorf("points = %d, want %d (steps %q)", have, tt.points, events[0].AP.Steps)
			}
			if have := b.Unit(4).Type.Name; have != tt.squad {
				t.Errorf("German squad is %s, want %s (steps %q)", have, tt.squad, events[0].AP.Steps)
			}
			for _, id := range []UnitID{4, 5} {
				want := false
				for _, p := range tt.pinned {
					want = want || p == id
				}
				if b.Unit(id).Has(Pinned) != want {
					t.Errorf("unit %d pinned = %v, want %v", id, b.Unit(id).Has(Pinned), want)
				}
			}
			for _, id := range []UnitID{1, 2, 3} {
				if !b.Unit(id).Has(Fired) {
					t.Errorf("unit %d has no Fire marker", id)
				}
			}
		})
	}
}

func TestPlanAPOdds(t *testing.T) {
	b := fixture{grid: infantryMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},
		{"German Rifle Squad", maps.Axis, "C2", 0},
	}}.battle(t)
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "C2")})
	if err != nil {
		t.Fatal(err)
	}
	// 5 APFP (row 5-10) +2 woods: points on modified rolls of 7 or less,
	// i.e. natural 2..5: 1+2+3+4 = 10 of 36.
	if p.Attack.APFP != 5 || p.Attack.Cover != 2 || 36-p.Odds.Points[0] != 10 {
		t.Errorf("plan: APFP %d cover %d, rolls with points %d; want 5, 2, 10", p.Attack.APFP, p.Attack.Cover, 36-p.Odds.Points[0])
	}
	var sum uint64
	for _, e := range p.Odds.Fates {
		sum += e.Weight
	}
	if sum != p.Odds.Total {
		t.Errorf("effect weights sum to %d, want %d", sum, p.Odds.Total)
	}
}

func TestInfantryOrdersRefused(t *testing.T) {
	base := fixture{grid: infantryMap, props: map[string]string{"grenades_allies": "1"}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 1
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 2
		{"US Leader", maps.Allies, "D5", 0},             // 3
		{"German Rifle Squad", maps.Axis, "C2", 0},      // 4
		{"Tiger I", maps.Axis, "G2", board.DirS},        // 5
		{"M4A3E8", maps.Allies, "G5", board.DirN},       // 6
		{"US Rifle Squad", maps.Allies, "A6", 0},        // 7: out of range of H1
		{"German Rifle Squad", maps.Axis, "C3", 0},      // 8: adjacent to C4
		{"US Bazooka Team", maps.Allies, "C4", 0},       // 9: AP range 4
		{"German Leader", maps.Axis, "H1", 0},           // 10
		{"German Rifle Half Squad", maps.Axis, "C1", 0}, // 11: behind the woods from C4
	}}
	at := func(label string) board.Hex {
		bd := board.MustParseASCII(board.DefaultLayout, infantryMap)
		h, err := bd.ParseHex(label)
		if err != nil {
			panic(err)
		}
		return h
	}
	pin := func(id UnitID) func(*Battle) { return func(b *Battle) { b.Unit(id).Markers |= Pinned } }
	toAdvance := []Order{EndPhase{}, EndPhase{}, EndPhase{}}
	tests := []struct {
		name   string
		setup  func(*Battle)
		before []Order
		order  Order
		want   string
	}{
		{"AP fire in the Movement phase", nil, []Order{EndPhase{}}, FireAP{Units: []UnitID{1}, Target: at("C2")}, "Fire and Defensive Fire"},
		{"no unit", nil, nil, FireAP{Target: at("C2")}, "no unit fires"},
		{"listed twice", nil, nil, FireAP{Units: []UnitID{1, 1}, Target: at("C2")}, "listed twice"},
		{"pinned firer", pin(1), nil, FireAP{Units: []UnitID{1}, Target: at("C2")}, "pinned and may not fire"},
		{"pinned firer, AT", pin(9), nil, Fire{Unit: 9, Target: 5}, "pinned and may not fire"},
		{"group from two hexes", nil, nil, FireAP{Units: []UnitID{1, 3}, Target: at("C2")}, "a fire group is the units of one hex"},
		{"tank with infantry", nil, nil, FireAP{Units: []UnitID{6, 7}, Target: at("C2")}, "not with infantry on the ground"},
		{"AFVs only in the hex", nil, nil, FireAP{Units: []UnitID{6}, Target: at("G2")}, "cannot harm the armoured vehicles"},
		{"empty hex", nil, nil, FireAP{Units: []UnitID{1}, Target: at("A1")}, "no enemy unit"},
		{"out of range", nil, nil, FireAP{Units: []UnitID{7}, Target: at("H1")}, "its range is 6"},
		{"a member out of range", nil, nil, FireAP{Units: []UnitID{1, 9}, Target: at("H1")}, "US Bazooka Team #9 cannot fire AP"},
		{"grenades not adjacent", nil, nil, FireAP{Units: []UnitID{1}, Target: at("C2"), Grenades: 1}, "adjacent hexes only"},
		{"no line of sight", nil, nil, FireAP{Units: []UnitID{1}, Target: at("C1")}, "no line of sight"},
		{"one group per hex and target", nil, []Order{FireAP{Units: []UnitID{1}, Target: at("C2")}}, FireAP{Units: []UnitID{2}, Target: at("C2")}, "as one group"},
		{"fire twice", nil, []Order{FireAP{Units: []UnitID{1}, Target: at("C2")}}, FireAP{Units: []UnitID{1}, Target: at("C3")}, "already fired"},
		{"pinned leader directs", pin(3), nil, Fire{Unit: 9, Target: 5, Leader: 3}, "must be in the firer's hex"},
		{"not a leader", nil, nil, FireAP{Units: []UnitID{1}, Leader: 2, Target: at("C2")}, "is not a leader"},
		{"pinned unit moves", pin(7), []Order{EndPhase{}}, Move{Unit: 7, Path: []board.Pose{{Hex: at("A5")}}}, "pinned and may not move"},
		{"pinned unit advances", pin(7), toAdvance, Advance{Unit: 7, To: at("A5")}, "pinned and may not advance"},
		{"assault in the Fire phase", nil, nil, Assault{Units: []UnitID{1}, Target: at("C3")}, "Advance & Assault phase"},
		{"assault a far hex", nil, toAdvance, Assault{Units: []UnitID{1}, Target: at("C2")}, "not next to"},
		{"assault an empty hex", nil, toAdvance, Assault{Units: []UnitID{1}, Target: at("D4")}, "no enemy unit"},
		{"assault by a tank", nil, toAdvance, Assault{Units: []UnitID{6}, Target: at("G4")}, "only infantry close-assault"},
		{"assault by a pinned unit", pin(1), toAdvance, Assault{Units: []UnitID{1}, Target: at("C3")}, "pinned and may not assault"},
		{"assault from two hexes", nil, toAdvance, Assault{Units: []UnitID{1, 3}, Target: at("C3")}, "from one hex"},
		{"assault after advancing", nil, append(toAdvance, Advance{Unit: 2, To: at("B4")}, Advance{Unit: 2, To: at("C4")}), Assault{Units: []UnitID{2}, Target: at("C3")}, "advanced or assaulted"},
		{"assault twice from a hex", nil, append(toAdvance, Assault{Units: []UnitID{1}, Target: at("C3")}), Assault{Units: []UnitID{9}, Target: at("C3")}, "already close-assaulted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := base
			f.dice = []int{6, 6, 1, 1, 1, 1, 6, 6, 6, 6} // a failed assault where one is made first
			b := f.battle(t)
			if tt.setup != nil {
				tt.setup(b)
			}
			for _, o := range tt.before {
				if _, err := b.Apply(o); err != nil && tt.name != "assault after advancing" {
					t.Fatalf("Apply(%#v): %v", o, err)
				}
			}
			assertRefused(t, b, tt.order, tt.want)
		})
	}
}

func TestOpportunityAPFirePinsTheMover(t *testing.T) {
	// The German squad in C4 walks north past the US squad in F3; the
	// squad fires AP at it in C3 (open: −1 no cover): 5 APFP, rolled 5
	// −1 = 4: 4 points on a CR 5 squad: reduce for 3, pin the half squad.
	b := fixture{grid: openMap, dice: []int{2, 3}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "F3", 0},
		{"German Rifle Squad", maps.Axis, "C5", 0},
	}}.battle(t)
	b.phasing = maps.Axis
	b.phase = Movement
	events := apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "C4", 0), pose(t, b, "C3", 0), pose(t, b, "C2", 0)}})
	if last := events[len(events)-1]; last.Kind != OpportunityOffered {
		t.Fatalf("last event %q, want an opportunity offered", last.Text)
	}
	if len(b.OpportunityAPFirers()) != 1 || len(b.OpportunityFirers()) != 0 {
		t.Fatalf("AP firers %d, AT firers %d; want 1 and 0", len(b.OpportunityAPFirers()), len(b.OpportunityFirers()))
	}
	at := b.Unit(2).Pose.Hex
	if err := b.Check(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "H1")}); err == nil || !strings.Contains(err.Error(), "only target the moving unit") {
		t.Errorf("opportunity AP fire elsewhere: %v, want refused", err)
	}
	events = apply(t, b, FireAP{Units: []UnitID{1}, Target: at})
	mover := b.Unit(2)
	if !mover.Has(Pinned) || mover.Type.Name != "German Rifle Half Squad" {
		t.Errorf("mover pinned %v, type %s; want pinned half squad (steps %q)", mover.Has(Pinned), mover.Type.Name, events[0].AP.Steps)
	}
	if b.Moving() != nil || mover.Pose.Hex != at || !mover.Has(Moved) {
		t.Errorf("the pinned mover's move goes on (moving %v, in %s)", b.Moving(), b.Board().Label(mover.Pose.Hex))
	}
}

func TestRally(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},     // 1: regular, needs 6
		{"US Para Half Squad", maps.Allies, "E4", 0}, // 2: elite, needs 7
		{"US Rifle Squad", maps.Allies, "G4", 0},     // 3: with a leader: −1
		{"US Leader", maps.Allies, "G4", 0},          // 4
		{"German Rifle Squad", maps.Axis, "C1", 0},   // 5: rallies in its Command phase
	}}
	// Rolls in ID order: 7 fails (needs 6), 7 rallies the elite, 7 −1 rallies.
	f.dice = []int{3, 4, 3, 4, 3, 4}
	b := f.battle(t)
	for _, id := range []UnitID{1, 2, 3, 5} {
		b.Unit(id).Markers |= Pinned
	}
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}) // through After-Action to the axis Fire phase
	want := map[UnitID]bool{1: true, 2: false, 3: false, 5: false}
	for id, pinned := range want {
		if b.Unit(id).Has(Pinned) != pinned {
			t.Errorf("unit %d pinned = %v, want %v", id, b.Unit(id).Has(Pinned), pinned)
		}
	}
}

func TestAssaultExample(t *testing.T) {
	// The rules' example: 13 APFP against 11 (a valorous German squad
	// doubles its 4, a half squad 2, a leader 1) in a building: 1-1, kill
	// 6 −1 leader = 5; roll 7 −1 leader −1 grenades = 5: success; the
	// attackers take 3 (building) + 3 defenders = 6 and move in.
	b := fixture{grid: infantryMap, props: map[string]string{"grenades_allies": "2"}, dice: []int{3, 4}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E4", 0},        // 1: 5
		{"US Rifle Squad", maps.Allies, "E4", 0},        // 2: 5
		{"US Rifle Half Squad", maps.Allies, "E4", 0},   // 3: 2
		{"US Leader", maps.Allies, "E4", 0},             // 4: 1, −1
		{"German Rifle Squad", maps.Axis, "E3", 0},      // 5: 4 ×2
		{"German Rifle Half Squad", maps.Axis, "E3", 0}, // 6: 2
		{"German Leader", maps.Axis, "E3", 0},           // 7: 1, −1
		{"German Rifle Half Squad", maps.Axis, "E3", 0}, // 8: pinned: eliminated first
	}}.battle(t)
	b.Unit(5).Markers |= Valorous
	b.Unit(8).Markers |= Pinned
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{})
	o := Assault{Units: []UnitID{1, 2, 3, 4}, Target: hexOf(t, b, "E3"), Grenades: 1}
	p, err := b.PlanAssault(o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Assault.Attack != 13 || p.Assault.Defense != 11 || p.Odds.Ratio.String() != "1-1" || p.Odds.Kill != 5 || len(p.Doomed) != 1 {
		t.Fatalf("plan: %d vs %d, %s kill %d, %d doomed; want 13 vs 11, 1-1 kill 5, 1 doomed", p.Assault.Attack, p.Assault.Defense, p.Odds.Ratio, p.Odds.Kill, len(p.Doomed))
	}
	events := apply(t, b, o)
	var out *combat.AssaultOutcome
	for _, e := range events {
		if e.Kind == HexAssaulted && e.Assault != nil {
			out = e.Assault
		}
	}
	if out == nil || !out.Success || out.Total != 5 || out.AttackerPoints != 6 {
		t.Fatalf("assault outcome %+v, want success with 5 and 6 points for the attackers", out)
	}
	for _, id := range []UnitID{5, 6, 7, 8} {
		if b.Unit(id).Active() {
			t.Errorf("defender %d survived", id)
		}
	}
	for _, id := range []UnitID{1, 2, 3, 4} {
		if u := b.Unit(id); u.Active() && u.Pose.Hex != hexOf(t, b, "E3") {
			t.Errorf("attacker %d stayed in %s, want it in E3", id, b.Board().Label(u.Pose.Hex))
		}
	}
	if b.Grenades(maps.Allies) != 1 {
		t.Errorf("grenades left %d, want 1", b.Grenades(maps.Allies))
	}
}

func TestAssaultFailureImmobilizesAnAFV(t *testing.T) {
	// A US squad (5) assaults a Tiger (MGs 4+3 = 7) in the open: 1-1,
	// kill 6; rolled 12: failure; the Tiger takes 1 point: 1d6 ≤ 1.
	b := fixture{grid: openMap, dice: []int{6, 6, 1}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},
		{"Tiger I", maps.Axis, "C3", board.DirS},
	}}.battle(t)
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{})
	events := apply(t, b, Assault{Units: []UnitID{1}, Target: hexOf(t, b, "C3")})
	if !b.Unit(2).Has(Immobile) {
		t.Errorf("the Tiger is not immobilized: %q", texts(events))
	}
	// The squad takes 12 − 6 = 6 + 0 cover + 1 defender = 7: more than its
	// CR 4: eliminated.
	if b.Unit(1).Active() {
		t.Errorf("the squad survived 7 points: %q", texts(events))
	}
}

func TestValorOnNaturalTwo(t *testing.T) {
	// Natural 2: 6 points on the German squad (CR 5: eliminated, one point
	// lost), then the US squad checks 2d6 ≤ 4: rolled 3.
	b := fixture{grid: openMap, dice: []int{1, 1, 1, 2}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},
		{"German Rifle Squad", maps.Axis, "C2", 0},
	}}.battle(t)
	events := apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "C2")})
	if !b.Unit(1).Has(Valorous) {
		t.Fatalf("no Valor after a natural 2: %q", texts(events))
	}
	if b.Unit(2).Active() {
		t.Errorf("the German squad survived 6 points")
	}
	if ap, _ := b.APFirepower(b.Unit(1), b.Unit(1).Pose, hexOf(t, b, "C1")); ap != 6 {
		t.Errorf("valorous squad APFP = %d, want 5 + 1", ap)
	}
}

func texts(events []Event) []string {
	var ts []string
	for _, e := range events {
		ts = append(ts, e.Text)
	}
	return ts
}

// Saves record and replay the infantry orders: AP fire with a leader and
// a close assault with grenades, on seeded dice.
func TestInfantryOrdersReplay(t *testing.T) {
	f := fixture{grid: infantryMap, props: map[string]string{"grenades_allies": "3", "grenades_axis": "1"}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},   // 1
		{"US Leader", maps.Allies, "C4", 0},        // 2
		{"German Rifle Squad", maps.Axis, "C3", 0}, // 3
		{"German Rifle Squad", maps.Axis, "E4", 0}, // 4
	}}
	b := f.battle(t)
	c3 := hexOf(t, b, "C3")
	apply(t, b, FireAP{Units: []UnitID{1}, Leader: 2, Target: hexOf(t, b, "E4")}, EndPhase{}, EndPhase{}, EndPhase{},
		Assault{Units: []UnitID{1, 2}, Target: c3, Grenades: 1})
	s := b.Save()
	names := map[string]bool{}
	for _, r := range s.Orders {
		names[r.Order] = true
	}
	if !names["fire-ap"] || !names["assault"] {
		t.Fatalf("orders saved: %v, want fire-ap and assault among them", names)
	}
	loaded, err := Replay(f.scenario(t), testCatalogue, s)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Digest() != b.Digest() {
		t.Errorf("replayed digest differs")
	}
}
