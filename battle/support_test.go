package battle

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/elimination"
	"hexfire/combat/infantry"
	"hexfire/maps"
	"hexfire/units"
)

// woodsWall is a map whose D column is woods from edge to edge: nothing in
// columns A to C sees past it into E to H.
const woodsWall = `
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W W . . .
`

// mortarFixture puts a German half squad with a 5cm mortar in B3 (unit
// 1), a German leader in E4 who sees F3 (2; left out when noSpotter), a
// US rifle squad in F3 (3) and another in F6, in woods (4), and plays to
// the Axis Fire phase of turn 1.
func mortarFixture(t *testing.T, noSpotter bool, dice ...int) *Battle {
	t.Helper()
	return mortarBattle(t, noSpotter, nil, dice)
}

// mortarBattle is mortarFixture with the units extra placed after the
// four.
func mortarBattle(t *testing.T, noSpotter bool, extra []unitAt, dice []int) *Battle {
	t.Helper()
	us := []unitAt{
		{"German Rifle Half Squad", maps.Axis, "B3", board.DirN},
		{"German Leader", maps.Axis, "E4", board.DirN},
		{"US Rifle Squad", maps.Allies, "F3", board.DirN},
		{"US Rifle Squad", maps.Allies, "E6", board.DirN},
	}
	if noSpotter {
		us[1].hex = "A1"
	}
	f := fixture{grid: woodsWall, units: append(us, extra...), dice: dice, placed: map[int]map[string]string{0: {"weapons": "5cm Mortar"}}}
	b := f.battle(t)
	toPhase(t, b, 1, maps.Axis, FirePhase)
	if l := b.Board().LOS(hexOf(t, b, "B3"), hexOf(t, b, "F3"), b.Smoke); l.Clear {
		t.Fatal("fixture: B3 sees F3; the woods should block the line")
	}
	return b
}

// TestMortarIndirectFire: a mortar fires at a hex its unit cannot see when
// an unpinned friendly unit sees it (rules 12.62); nothing between them
// hinders (12.63), the mortar's APFP alone attacks (12.3), and the log
// names the spotter.
func TestMortarIndirectFire(t *testing.T) {
	b := mortarFixture(t, false, 3, 3)
	o := FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
	p, err := b.PlanAP(o)
	if err != nil {
		t.Fatalf("PlanAP: %v", err)
	}
	want := combat.APAttack{APFP: 5, CoverName: "open"}
	if p.Spotter == nil || p.Spotter.ID != 2 || p.Attack != want {
		t.Errorf("plan: spotter %v, attack %+v; want the leader spotting and %+v", p.Spotter, p.Attack, want)
	}
	odds, err := infantry.FireOdds(want, b.defenders(p.Defenders, p.From))
	if err != nil || !reflect.DeepEqual(odds, p.Odds) {
		t.Errorf("odds %+v, want the AP table's for 5 APFP in the open %+v (%v)", p.Odds, odds, err)
	}
	events := apply(t, b, o)
	points := infantry.CasualtyPoints(5, 6)
	if len(events) == 0 || !strings.Contains(events[0].Text, "indirectly at F3, spotted by") || events[0].AP.Points != points {
		t.Errorf("first event %+v, want the indirect attack with %d points", events[0], points)
	}
}

// TestMortarAirBurst: points of a mortar's indirect attack on infantry in
// woods are doubled (rules 12.64).
func TestMortarAirBurst(t *testing.T) {
	b := mortarFixture(t, false, 1, 2)
	b.Unit(2).Pose.Hex = hexOf(t, b, "F5") // sees E6 across the open
	o := FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "E6")}
	p, err := b.PlanAP(o)
	if err != nil {
		t.Fatalf("PlanAP: %v", err)
	}
	if !p.Attack.AirBurst || p.Attack.Cover != 2 {
		t.Fatalf("attack %+v, want the woods' cover and the air burst", p.Attack)
	}
	events := apply(t, b, o)
	if want := 2 * infantry.CasualtyPoints(5, 3+2); events[0].AP.Points != want {
		t.Errorf("points %d, want %d (doubled): %s", events[0].AP.Points, want, strings.Join(events[0].AP.Steps, "|"))
	}
}

// TestMortarIndirectRefusals: without a spotter, with a pinned one, by a
// unit without a mortar, and as opportunity fire the indirect attack is
// refused with the reason.
func TestMortarIndirectRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T) (*Battle, Order)
		want  string
	}{
		{"no spotter", func(t *testing.T) (*Battle, Order) {
			b := mortarFixture(t, true)
			return b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
		}, "no unpinned friendly unit sees F3 to spot for the mortar (rules 12.62)"},
		{"pinned spotter", func(t *testing.T) (*Battle, Order) {
			b := mortarFixture(t, false)
			b.Unit(2).Markers |= Pinned
			return b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
		}, "no unpinned friendly unit sees F3"},
		{"no mortar", func(t *testing.T) (*Battle, Order) {
			b := mortarFixture(t, false)
			b.Unit(1).SupportWeapon = ""
			return b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
		}, "no line of sight from B3 to F3: woods in D3"},
		{"mortar at a tank without a spotter", func(t *testing.T) (*Battle, Order) {
			b := mortarFixture(t, true)
			b.Unit(3).Type = mustType(t, "M4A3E8")
			return b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
		}, "no unpinned friendly unit sees F3"},
		{"mortar AT fire at one vehicle", func(t *testing.T) (*Battle, Order) {
			b := mortarFixture(t, false)
			b.Unit(3).Type = mustType(t, "M4A3E8")
			return b, Fire{Unit: 1, Target: 3}
		}, "a mortar strikes the whole hex: fire AP at F3, which rolls against each vehicle there (rules 12.67)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, o := tt.setup(t)
			if err := b.Check(o); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestMortarNoOpportunityFire: a mortar never fires indirectly at a moving
// unit (rules 12.61).
func TestMortarNoOpportunityFire(t *testing.T) {
	b := fixture{grid: woodsWall, units: []unitAt{
		{"German Rifle Half Squad", maps.Axis, "B3", board.DirN},
		{"German Leader", maps.Axis, "E4", board.DirN},
		{"US Rifle Squad", maps.Allies, "G3", board.DirN},
	}, placed: map[int]map[string]string{0: {"weapons": "5cm Mortar"}}}.battle(t)
	toPhase(t, b, 1, maps.Allies, Movement)
	apply(t, b, Move{Unit: 3, Path: []board.Pose{pose(t, b, "F3", board.DirN)}})
	if b.Moving() == nil {
		t.Fatal("the move does not wait for opportunity fire")
	}
	err := b.Check(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")})
	if err == nil || !strings.Contains(err.Error(), "mortars never make opportunity fire (rules 12.61)") {
		t.Errorf("Check: %v, want the opportunity fire refused", err)
	}
}

// TestMortarIndirectATBeforeVersion6: in a battle replayed from a save
// of before version 6 a mortar fires AT at a vehicle it cannot see
// through a spotter, with no hindrance (rules 12.62, 12.63), as it did
// then.
func TestMortarIndirectATBeforeVersion6(t *testing.T) {
	b := mortarFixture(t, false)
	b.config.Version = mortarStrikeVersion - 1
	b.Unit(3).Type = mustType(t, "M4A3E8")
	p, err := b.PlanFire(Fire{Unit: 1, Target: 3})
	if err != nil {
		t.Fatalf("PlanFire: %v", err)
	}
	if p.Spotter == nil || p.Shot.Hindrance != 0 || !p.Shot.Weapon.Mortar {
		t.Errorf("plan: spotter %v, shot %+v; want the leader spotting a mortar shot without hindrance", p.Spotter, p.Shot)
	}
}

func mustType(t *testing.T, name string) *units.Type {
	t.Helper()
	ty, err := testCatalogue.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return ty
}

const supportMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
`

// supportFixture: the Allies have one heavy barrage (20/B) and one air
// strike (12/C); a US leader in B2 sees F3, where a German rifle squad
// (2) and a Tiger I (3) stand in the open. The battle is at its first
// order, the Allies' Command phase.
func supportFixture(t *testing.T, dice ...int) *Battle {
	t.Helper()
	f := fixture{grid: supportMap, dice: dice, units: []unitAt{
		{"US Leader", maps.Allies, "B2", board.DirN},
		{"German Rifle Squad", maps.Axis, "F3", board.DirN},
		{"Tiger I", maps.Axis, "F3", board.DirN},
		{"US Rifle Squad", maps.Allies, "B5", board.DirN},
	}}
	sc := f.scenario(t)
	sc.Support = map[maps.Side][]maps.SupportMissions{maps.Allies: {
		{Kind: maps.HeavyBarrage, Count: 1, APFP: 20, ATFP: "B"},
		{Kind: maps.FighterBomber, Count: 1, APFP: 12, ATFP: "C"},
	}}
	cfg := Config{Seed: 1}
	if dice != nil {
		cfg.Dice = combat.NewFixedDice(dice...)
	}
	b, err := New(sc, testCatalogue, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCallFireOnTarget follows a heavy barrage step by step (rules 21.4,
// 21.5): the accuracy die 3 lands it on F3; 2d6 on the AP table at 20
// APFP strike the squad; the Tiger is hit on 8 or less (4+4) and its rear
// armour D against the barrage's B gives the elimination number, which a
// roll of 2 meets. The mission is used.
func TestCallFireOnTarget(t *testing.T) {
	en := elimination.EliminationNumber(units.B, units.D)
	if en < 2 || en > 12 {
		t.Fatalf("B against D: elimination number %d; the test wants one a roll of 2 meets", en)
	}
	b := supportFixture(t, 3, 4, 5, 4, 4, 1, 1)
	o := CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
	p, err := b.PlanSupport(o)
	if err != nil {
		t.Fatalf("PlanSupport: %v", err)
	}
	if p.OnTarget != 4 || len(p.Strike.Vehicles) != 1 || len(p.Strike.Defenders) != 1 || p.Strike.Attack.APFP != 20 {
		t.Errorf("plan: on target %d of 6, strike %+v", p.OnTarget, p.Strike)
	}
	if p.Strike.Shots[0].Aspect != board.Rear || p.Strike.ShotOdds[0].Total == 0 {
		t.Errorf("the Tiger's shot %+v odds %+v", p.Strike.Shots[0], p.Strike.ShotOdds[0])
	}
	events := apply(t, b, o)
	points := infantry.CasualtyPoints(20, 9)
	if events[0].Kind != SupportCalled || !strings.Contains(events[0].Text, "accuracy 3") || events[0].Hex != hexOf(t, b, "F3") {
		t.Errorf("first event %+v, want the call landing on F3", events[0])
	}
	var ap *combat.APOutcome
	for _, e := range events {
		if e.Kind == HexFired {
			ap = e.AP
		}
	}
	if ap == nil || ap.Points != points {
		t.Errorf("AP attack %+v, want %d points", ap, points)
	}
	if !b.Unit(3).Eliminated {
		t.Errorf("the Tiger survived: %v", events)
	}
	if left := b.SupportLeft(maps.Allies); len(left) != 1 || left[0].Kind != maps.FighterBomber {
		t.Errorf("missions left %+v, want the air strike only", left)
	}
	// A second order of the Command phase is still taken.
	if err := b.Check(CallFire{Kind: maps.FighterBomber, Target: hexOf(t, b, "F3")}); err != nil {
		t.Errorf("a second call in the Command phase: %v", err)
	}
}

// TestCallFireReplays: a battle with missions called saves and replays to
// the same state, the missions left included.
func TestCallFireReplays(t *testing.T) {
	b := supportFixture(t)
	apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")},
		CallFire{Kind: maps.FighterBomber, Target: hexOf(t, b, "F3")}, EndPhase{})
	loaded, err := Replay(b.scenario, testCatalogue, b.Save())
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if loaded.Digest() != b.Digest() || len(loaded.SupportLeft(maps.Allies)) != 0 {
		t.Errorf("replay: digest %s want %s, missions left %+v", loaded.Digest(), b.Digest(), loaded.SupportLeft(maps.Allies))
	}
}

// TestScatter: the accuracy die's 1 to 4 land on the target, 5 one hex
// away and 6 two, in the direction die's hexside (rules 21.4).
func TestScatter(t *testing.T) {
	h := board.Hex{Q: 4, R: 4}
	for acc := 1; acc <= 6; acc++ {
		for dir := 1; dir <= 6; dir++ {
			got, n := scatter(h, acc, dir)
			want, wantN := h, 0
			switch acc {
			case 5:
				want, wantN = h.Neighbor(board.Direction(dir-1)), 1
			case 6:
				want, wantN = h.Neighbor(board.Direction(dir-1)).Neighbor(board.Direction(dir-1)), 2
			}
			if got != want || n != wantN || got.Distance(h) != wantN {
				t.Errorf("accuracy %d direction %d: %v %d, want %v %d", acc, dir, got, n, want, wantN)
			}
		}
	}
}

// TestCallFireScatters: a mission that scatters off the map is used and
// does nothing (rules 21.4); one that scatters onto friendly units
// attacks them.
func TestCallFireScatters(t *testing.T) {
	b := supportFixture(t, 6, 1)
	h := hexOf(t, b, "A1")
	b.Unit(1).Pose.Hex = hexOf(t, b, "B1")
	events := apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: h})
	if len(events) != 1 || !strings.Contains(events[0].Text, "off the map, no effect") || len(b.SupportLeft(maps.Allies)) != 1 {
		t.Errorf("events %v, missions %+v; want the barrage lost off the map", events, b.SupportLeft(maps.Allies))
	}

	b = supportFixture(t, 5, 1, 6, 6)
	target := hexOf(t, b, "F3")
	landing := target.Neighbor(0) // the direction die's 1
	b.Unit(4).Pose.Hex = landing
	events = apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: target})
	if events[0].Hex != landing || len(eventsOf(events, HexFired)) != 1 {
		t.Errorf("events %v, want the barrage on the US squad in %s", events, b.Board().Label(landing))
	}
}

// TestCallFireAir: an air strike needs no spotter and lands where it is
// called, rolling no accuracy die (rules 21.3; ours, 21.4).
func TestCallFireAir(t *testing.T) {
	b := supportFixture(t, 6, 6, 6, 6, 6, 6)
	b.Unit(1).Markers |= Pinned
	events := apply(t, b, CallFire{Kind: maps.FighterBomber, Target: hexOf(t, b, "F3")})
	if events[0].Hex != hexOf(t, b, "F3") || strings.Contains(events[0].Text, "accuracy") {
		t.Errorf("first event %+v, want the strike on F3 with no accuracy roll", events[0])
	}
}

// TestCallFireRefusals: every call the rules do not allow is refused with
// its reason.
func TestCallFireRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(b *Battle)
		o     func(b *Battle) CallFire
		want  string
	}{
		{"after the Command phase", func(b *Battle) { apply(t, b, EndPhase{}) }, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "off-board missions are called in the Command phase, before the side's first other order of its segment (rules 21.4)"},
		{"no mission of the kind", nil, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.LightBarrage, Target: hexOf(t, b, "F3")}
		}, "the allies have no light barrage left"},
		{"unknown kind", nil, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: "rockets", Target: hexOf(t, b, "F3")}
		}, `no kind of mission "rockets": want light, heavy or air`},
		{"off the map", nil, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: board.Hex{Q: 40, R: 40}}
		}, "off the map"},
		{"no spotter", nil, func(b *Battle) CallFire {
			return CallFire{Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "an artillery mission needs a spotter: select an unpinned unit of yours that sees F3 (rules 21.3)"},
		{"enemy spotter", nil, func(b *Battle) CallFire {
			return CallFire{Spotter: 2, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "belongs to the axis"},
		{"pinned spotter", func(b *Battle) { b.Unit(1).Markers |= Pinned }, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "is pinned: a spotter must be unpinned"},
		{"spotter does not see", func(b *Battle) {
			b.Unit(1).Pose.Hex = hexOf(t, b, "B6")
			if b.Board().Sight(hexOf(t, b, "B6"), hexOf(t, b, "F3"), b.Smoke).Visible {
				t.Fatal("fixture: B6 sees F3")
			}
		}, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "does not see F3"},
		{"spotter for an air strike", nil, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.FighterBomber, Target: hexOf(t, b, "F3")}
		}, "an air strike needs no spotter"},
		{"all used", func(b *Battle) {
			apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "G1")})
		}, func(b *Battle) CallFire {
			return CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F3")}
		}, "the allies have no heavy barrage left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := supportFixture(t, 1, 1, 1, 1, 1, 1)
			if tt.setup != nil {
				tt.setup(b)
			}
			if err := b.Check(tt.o(b)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestMortarDirectFire: the mortar rules hold when the firer sees the
// target too (rules 12.61, 12.63, 12.64): the orchard between hinders
// nothing, the points on infantry in woods are doubled, a leader in the
// hex adds his modifier but not his APFP, and a squad firing its own
// APFP may not join the mortar's group.
func TestMortarDirectFire(t *testing.T) {
	const grid = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. o . . . . . .
. W . . . . . .
. . . . . . . .
`
	b := fixture{grid: grid, units: []unitAt{
		{"German Rifle Half Squad", maps.Allies, "B2", board.DirS},
		{"German Leader", maps.Allies, "B2", board.DirS},
		{"German Rifle Squad", maps.Allies, "B2", board.DirS},
		{"US Rifle Squad", maps.Axis, "B5", board.DirN},
	}, placed: map[int]map[string]string{0: {"weapons": "5cm Mortar"}}}.battle(t)
	target := hexOf(t, b, "B5")
	if l := b.Board().LOS(hexOf(t, b, "B2"), target, b.Smoke); !l.Clear || l.Hindrance == 0 {
		t.Fatalf("fixture: the line B2-B5 %+v should be clear and hindered by the orchard", l)
	}
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: target, Leader: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := combat.APAttack{APFP: 5, Cover: 2, CoverName: "woods", Leader: -1, AirBurst: true}
	if !p.Mortars || p.Spotter != nil || p.Attack != want || p.APFP[1] != 0 {
		t.Errorf("plan: mortars %v, spotter %v, attack %+v, APFP %v; want %+v with the leader's modifier alone", p.Mortars, p.Spotter, p.Attack, p.APFP, want)
	}
	err = b.Check(FireAP{Units: []UnitID{1, 3}, Target: target})
	if err == nil || !strings.Contains(err.Error(), "German Rifle Squad #3 fires its own APFP, and mortars never fire in one group with infantry (rules 12.61)") {
		t.Errorf("Check of the mixed group: %v", err)
	}
}

// TestSmokeBarrage: an artillery mission lays Smoke 2 where it lands
// instead of attacking, keeping the mission and costing two smoke factors
// (rules 21.7); fighter-bombers lay none, and it needs the factors.
func TestSmokeBarrage(t *testing.T) {
	b := supportFixture(t, 2)
	b.supply[maps.Allies] = 3
	f3 := hexOf(t, b, "F3")
	events := apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: f3, Smoke: true})
	if b.Smoke(f3) != 2 || b.SmokeSupply(maps.Allies) != 1 || len(b.SupportLeft(maps.Allies)) != 2 || b.SupportLeft(maps.Allies)[0].Count != 1 {
		t.Errorf("smoke %d, supply %d, missions %+v; want Smoke 2, 1 factor left, the barrage kept", b.Smoke(f3), b.SmokeSupply(maps.Allies), b.SupportLeft(maps.Allies))
	}
	if len(eventsOf(events, SmokePlaced)) != 1 || b.Unit(2).Has(Pinned) {
		t.Errorf("events %v, want the smoke placed and no attack", events)
	}
	for _, tt := range []struct {
		o    CallFire
		want string
	}{
		{CallFire{Kind: maps.FighterBomber, Target: f3, Smoke: true}, "fighter-bombers lay no smoke"},
		{CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: hexOf(t, b, "F2"), Smoke: true}, "a smoke barrage costs 2 smoke factors and the allies have 1 (rules 21.7)"},
	} {
		if err := b.Check(tt.o); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%+v): %v, want %q", tt.o, err, tt.want)
		}
	}
	b.supply[maps.Allies] = 2
	if err := b.Check(CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: f3, Smoke: true}); err == nil || !strings.Contains(err.Error(), "already holds Smoke 2") {
		t.Errorf("smoke on smoke: %v", err)
	}
}

// TestMortarSmokeRound: a mortar fires a smoke round where it could
// attack, through a spotter when it does not see the hex, for Smoke 2 and
// two smoke factors (rules 12.66); without a spotter it may not, and no
// mortar fires from a building (12.61): its unit fires its own APFP.
func TestMortarSmokeRound(t *testing.T) {
	b := mortarFixture(t, false)
	b.supply[maps.Axis] = 2
	f3 := hexOf(t, b, "F3")
	apply(t, b, FireSmoke{Unit: 1, Hex: f3})
	if b.Smoke(f3) != 2 || b.SmokeSupply(maps.Axis) != 0 || !b.Unit(1).Has(Fired) {
		t.Errorf("smoke %d, supply %d, fired %v; want Smoke 2, no factors left, the mortar marked Fired", b.Smoke(f3), b.SmokeSupply(maps.Axis), b.Unit(1).Has(Fired))
	}
	b = mortarFixture(t, true)
	b.supply[maps.Axis] = 2
	if err := b.Check(FireSmoke{Unit: 1, Hex: f3}); err == nil || !strings.Contains(err.Error(), "no unpinned friendly unit sees F3") {
		t.Errorf("smoke without a spotter: %v", err)
	}
	if err := b.Board().SetCell(hexOf(t, b, "B3"), board.Cell{Terrain: board.Building}); err != nil {
		t.Fatal(err)
	}
	b.Unit(3).Pose.Hex = hexOf(t, b, "B5")
	if p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "B5")}); err != nil || p.Mortars || p.Weapons[0] != "" {
		t.Errorf("AP fire from a building: %v, mortars %v, weapons %q; want the men's own APFP alone", err, p.Mortars, p.Weapons)
	}
	b.Unit(3).Type = mustType(t, "M4A3E8")
	if err := b.Check(Fire{Unit: 1, Target: 3}); err == nil || !strings.Contains(err.Error(), "no mortar fires from a building, as in B3 (rules 12.61)") {
		t.Errorf("mortar AT fire from a building: %v", err)
	}
	if err := b.Check(FireSmoke{Unit: 1, Hex: hexOf(t, b, "B6")}); err == nil || !strings.Contains(err.Error(), "no mortar fires from a building, as in B3 (rules 12.61)") {
		t.Errorf("mortar smoke from a building: %v", err)
	}
}

// mortarStrikeFixture is mortarFixture with a GMC Truck (5) and an M3
// Halftrack (6), an AFV of rear armour A, beside the rifle squad in F3.
func mortarStrikeFixture(t *testing.T, dice ...int) *Battle {
	t.Helper()
	return mortarBattle(t, false, []unitAt{
		{"GMC Truck", maps.Allies, "F3", board.DirN},
		{"M3 Halftrack", maps.Allies, "F3", board.DirN},
	}, dice)
}

// twoDiceAtMost is the number of the 36 rolls of 2d6 that come to n or
// less.
func twoDiceAtMost(n int) uint64 {
	ways := uint64(0)
	for a := 1; a <= 6; a++ {
		for c := 1; c <= 6; c++ {
			if a+c <= n {
				ways++
			}
		}
	}
	return ways
}

// TestMortarStrikesEveryVehicle follows a mortar's indirect attack on a
// hex holding a squad, a truck and an AFV (rules 12.67): the AP attack
// strikes the squad alone; then each vehicle is rolled for on its own,
// hit on 6 or less with the hex's cover (open: none); the truck, hit on
// 2+3, is destroyed; the halftrack, hit on 3+3, is destroyed when a
// second 2d6 comes to the elimination number of the mortar's ATFP (A)
// against its rear armour (A) or less. The preview's odds are the full
// enumeration of those rolls.
func TestMortarStrikesEveryVehicle(t *testing.T) {
	en := elimination.EliminationNumber(units.A, units.A)
	if en < 2 || en > 12 {
		t.Fatalf("A against A: elimination number %d; the test wants one a roll of 2 meets", en)
	}
	b := mortarStrikeFixture(t, 4, 4, 2, 3, 3, 3, 1, 1)
	o := FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")}
	p, err := b.PlanAP(o)
	if err != nil {
		t.Fatalf("PlanAP: %v", err)
	}
	if len(p.Defenders) != 1 || p.Defenders[0].ID != 3 || len(p.Vehicles) != 2 || p.Vehicles[0].ID != 5 || p.Vehicles[1].ID != 6 {
		t.Fatalf("plan: defenders %v, vehicles %v; want the squad under AP fire, the truck and the halftrack rolled for", p.Defenders, p.Vehicles)
	}
	hit := twoDiceAtMost(6)
	for i, want := range []uint64{hit * 36, hit * twoDiceAtMost(en)} {
		s := p.ShotOdds[i].Summary(nil)
		if p.ShotOdds[i].ToHit != 6 || s.Destroy*36*36 != want*s.Total || p.Shots[i].Aspect != board.Rear || p.Shots[i].Cover != 0 {
			t.Errorf("%s: to hit %d, destroyed %d of %d, shot %+v; want hit on 6, destroyed %d of 1296", p.Vehicles[i].Label(),
				p.ShotOdds[i].ToHit, s.Destroy, s.Total, p.Shots[i], want)
		}
	}
	events := apply(t, b, o)
	if points := infantry.CasualtyPoints(5, 8); events[0].Kind != HexFired || events[0].AP.Points != points {
		t.Errorf("first event %+v, want the AP attack's %d points", events[0], points)
	}
	var lines []string
	for _, e := range events {
		lines = append(lines, e.Text)
	}
	log := strings.Join(lines, "\n")
	for _, want := range []string{"the 5cm Mortar strikes GMC Truck #5 in F3: eliminated", "the 5cm Mortar strikes M3 Halftrack #6 in F3: eliminated"} {
		if !strings.Contains(log, want) {
			t.Errorf("log:\n%s\nwant a line %q", log, want)
		}
	}
	if b.Unit(5).Active() || b.Unit(6).Active() || !b.Unit(3).Active() {
		t.Errorf("truck active %v, halftrack active %v, squad active %v; want both vehicles destroyed:\n%s",
			b.Unit(5).Active(), b.Unit(6).Active(), b.Unit(3).Active(), log)
	}
}

// TestMortarStrikeMisses: rolls of 7 (over 6) miss both vehicles, and a
// mortar's attack on a hex holding only an AFV is accepted and rolls
// against it (rules 12.67).
func TestMortarStrikeMisses(t *testing.T) {
	b := mortarStrikeFixture(t, 6, 6, 3, 4, 4, 3)
	apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")})
	if !b.Unit(5).Active() || !b.Unit(6).Active() {
		t.Errorf("truck active %v, halftrack active %v; want both missed", b.Unit(5).Active(), b.Unit(6).Active())
	}

	b = mortarStrikeFixture(t)
	b.Unit(3).Pose.Hex, b.Unit(5).Pose.Hex = hexOf(t, b, "H1"), hexOf(t, b, "H1")
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")})
	if err != nil || len(p.Defenders) != 0 || len(p.Vehicles) != 1 || p.Vehicles[0].ID != 6 {
		t.Errorf("plan on the halftrack alone: %v, defenders %v, vehicles %v", err, p.Defenders, p.Vehicles)
	}
}

// TestMortarStrikeBeforeVersion6: a battle replayed from a save of
// before version 6 fires a mortar's AP at the squad and truck as it did
// then, and leaves the halftrack alone.
func TestMortarStrikeBeforeVersion6(t *testing.T) {
	b := mortarStrikeFixture(t)
	b.config.Version = mortarStrikeVersion - 1
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")})
	if err != nil || len(p.Vehicles) != 0 || len(p.Defenders) != 2 {
		t.Errorf("plan: %v, defenders %v, vehicles %v; want the squad and the truck under AP fire alone", err, p.Defenders, p.Vehicles)
	}
	if b.saveVersion() != mortarStrikeVersion-1 {
		t.Errorf("saved as version %d, want %d", b.saveVersion(), mortarStrikeVersion-1)
	}
}

// TestMortarStrikeAfterTheOwnerAllocates: when the owner spends the AP
// attack's points, the vehicles are rolled for once the points are spent,
// as they are after the automatic allocation (rules 12.67).
func TestMortarStrikeAfterTheOwnerAllocates(t *testing.T) {
	b := mortarStrikeFixture(t, 2, 2, 6, 6, 3, 3, 6, 6)
	b.Unit(4).Pose.Hex = hexOf(t, b, "F3")
	events := apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3"), OwnerAllocates: true})
	p, ok := b.AllocationPending()
	if !ok || len(events) != 1 || len(p.Units) != 2 {
		t.Fatalf("events %+v, pending %+v (%v): want the owner to spend the points on the two squads first", events, p, ok)
	}
	events = apply(t, b, Allocate{Losses: p.Choices[0]})
	var rolled []string
	for _, e := range events {
		if e.Kind == UnitFired {
			rolled = append(rolled, e.Text)
		}
	}
	want := []string{"the 5cm Mortar strikes GMC Truck #5 in F3: miss", "the 5cm Mortar strikes M3 Halftrack #6 in F3: no effect"}
	if !slices.Equal(rolled, want) {
		t.Errorf("rolls %q, want %q: the truck missed on 6+6, the halftrack hit on 3+3 and not eliminated on 6+6", rolled, want)
	}
}

// TestMortarStrikeValor: a natural 2 on a vehicle's to-hit roll is the
// mortar's infantry rolling 2 on an AT attack, and sends its unit to a
// valor check, as the preview's odds say ("firer: valor check").
func TestMortarStrikeValor(t *testing.T) {
	b := mortarStrikeFixture(t, 4, 4, 1, 1, 1, 1, 6, 6)
	events := apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "F3")})
	valor := slices.ContainsFunc(events, func(e Event) bool { return e.Kind == UnitValorous && e.Unit == 1 })
	if !valor || !b.Unit(1).Has(Valorous) || b.Unit(5).Active() || !b.Unit(6).Active() {
		t.Errorf("valor check %v, valorous %v, truck active %v, halftrack active %v; want the truck hit on 1+1, the half squad valorous on 1+1, the halftrack missed",
			valor, b.Unit(1).Has(Valorous), b.Unit(5).Active(), b.Unit(6).Active())
	}
}

// TestMortarStrikeCover: the cover of the vehicles' hex applies to their
// to-hit roll (rules 12.67): in woods (+2) a truck is hit on 2d6 of 4 or
// less, 6 of 36 rolls.
func TestMortarStrikeCover(t *testing.T) {
	b := mortarStrikeFixture(t)
	b.Unit(2).Pose.Hex = hexOf(t, b, "F5") // sees E6 across the open
	b.Unit(5).Pose.Hex, b.Unit(6).Pose.Hex = hexOf(t, b, "E6"), hexOf(t, b, "E6")
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "E6")})
	if err != nil || len(p.Vehicles) != 2 {
		t.Fatalf("PlanAP: %v, vehicles %v", err, p.Vehicles)
	}
	s := p.ShotOdds[0].Summary(nil)
	if p.Shots[0].Cover != 2 || s.Hit*36 != twoDiceAtMost(6-2)*s.Total {
		t.Errorf("truck in woods: cover %d, hit %d of %d; want cover 2 and 6 of 36", p.Shots[0].Cover, s.Hit, s.Total)
	}
}

// TestAPFirepowerAtAPose: the mortar's building and bunker rules (12.61,
// 20.5) are judged where the unit is asked to fire from, not where it
// stands, so the computer opponent weighing a move sees what the mortar
// could do there.
func TestAPFirepowerAtAPose(t *testing.T) {
	b := mortarFixture(t, false)
	building, bunker, open, target := hexOf(t, b, "C2"), hexOf(t, b, "B2"), hexOf(t, b, "C3"), hexOf(t, b, "C5")
	if err := b.Board().SetCell(building, board.Cell{Terrain: board.Building}); err != nil {
		t.Fatal(err)
	}
	if err := b.Board().SetFort(bunker, board.Fort{Kind: board.Bunker, Facing: board.DirS}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		stands, from board.Hex
		want         int
	}{
		{open, open, 5},         // the mortar's 5 APFP
		{open, building, 2},     // the half squad's own
		{building, open, 5},     // stands in the building, asked of the open hex
		{building, building, 2}, // as PlanAP fires it from there
		{open, bunker, 2},       // no mortar fires out of a bunker
		{bunker, open, 5},
	} {
		b.Unit(1).Pose.Hex = tt.stands
		if got, _ := b.APFirepower(b.Unit(1), board.Pose{Hex: tt.from, Facing: board.DirS}, target); got != tt.want {
			t.Errorf("standing in %s, from %s: APFP %d, want %d", b.Board().Label(tt.stands), b.Board().Label(tt.from), got, tt.want)
		}
	}
}
