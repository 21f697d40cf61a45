package battle

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/maps"
)

// engageRuleset hits with every shot and gives the effects engageEffects
// holds for its firer, like scriptedRuleset, with the default infantry
// combat, a state that Engages, one put on units under AP fire, and shock
// taking AP firepower from vehicles: a ruleset for testing those seams.
type engageRuleset struct{ infantry.Rules }

const engageName = "engage-seams"

var (
	engageEffects = map[string][]combat.Effect{}
	engageShots   []combat.Shot // every shot resolved, in order
)

func init() { combat.Register(engageRuleset{}) }

func (engageRuleset) Name() string            { return engageName }
func (engageRuleset) Check(combat.Shot) error { return nil }
func (engageRuleset) Resolve(s combat.Shot, _ combat.Dice) combat.Outcome {
	engageShots = append(engageShots, s)
	return combat.Outcome{Hit: true, Effects: engageEffects[s.Firer]}
}
func (r engageRuleset) Odds(s combat.Shot) (combat.Odds, error) {
	return combat.Odds{Total: 1, Outcomes: []combat.WeightedOutcome{{Hit: true, Effects: engageEffects[s.Firer], Weight: 1}}}, nil
}
func (engageRuleset) States() []combat.StateSpec {
	return []combat.StateSpec{
		{Name: "shock", Tag: "SHK", Counter: true},
		{Name: "halt", Tag: "HLT", Forbids: combat.ForbidMove, Engages: true, Unmet: "shock"},
		{Name: "stunned", Tag: "STN", Lasts: combat.OnePhase, Forbids: combat.ForbidAll},
		{Name: "under-fire", Tag: "UF", Lasts: combat.UntilOwnFirePhase, UnderFire: true},
		{Name: "engine", Tag: "ENG", Slows: true},
	}
}

// VehicleAPFP takes one point per shock from the gun's and the bearing
// MGs' firepower.
func (engageRuleset) VehicleAPFP(gun int, mgs []combat.MountedMG, states combat.StateSet) int {
	total := gun
	for _, mg := range mgs {
		if mg.Bears {
			total += mg.APFP
		}
	}
	return max(0, total-states.Count("shock"))
}

// engageBattle starts a battle under engageRuleset with the firers'
// effects, and clears them when the test ends.
func engageBattle(t *testing.T, f fixture, effects map[string][]combat.Effect) *Battle {
	t.Helper()
	engageEffects, engageShots = effects, nil
	t.Cleanup(func() { engageEffects, engageShots = map[string][]combat.Effect{}, nil })
	f.rules = engageName
	return f.battle(t)
}

var halt = combat.Effect{Kind: combat.AddState, State: "halt", N: 1}

// TestCompulsoryShot: a tank put under "halt" by the Sherman fires at it
// by itself as its side's Defensive Fire begins, and the state goes; one
// that cannot act takes a shock instead; one that cannot see its foe does
// nothing; an infantry foe is fired at with AP fire.
func TestCompulsoryShot(t *testing.T) {
	tests := []struct {
		name    string
		effects []combat.Effect // of the Sherman's shot at the Tiger
		hide    bool            // the Sherman is behind the woods when the shot is due
		firer   string          // the unit that puts the state on, at C1
		fired   EventKind       // the event of the Tiger's compulsory shot, 0 for none
		shock   int             // the Tiger's shock afterwards
	}{
		{"the Tiger engages", []combat.Effect{halt}, false, "M4A3E8", UnitFired, 0},
		{"stunned, it cannot: a shock", []combat.Effect{halt, {Kind: combat.AddState, State: "stunned", N: 1}}, false, "M4A3E8", 0, 1},
		{"out of sight: nothing", []combat.Effect{halt}, true, "M4A3E8", 0, 0},
		{"an infantry foe: AP fire at its hex", []combat.Effect{halt}, false, "US Bazooka Team", HexFired, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := engageBattle(t, fixture{grid: ". . . . . .\n. . . . . .\nW . . . . .\n. . . . . .", turns: 2, units: []unitAt{
				{tt.firer, maps.Allies, "C1", board.DirS},
				{"Tiger I", maps.Axis, "C4", board.DirN},
			}}, map[string][]combat.Effect{tt.firer + " #1": tt.effects})
			apply(t, b, Fire{Unit: 1, Target: 2})
			tiger := b.Unit(2)
			if tiger.States["halt"].Foe != 1 {
				t.Fatalf("the halt state's foe is %d, want 1", tiger.States["halt"].Foe)
			}
			if tt.hide { // the woods in A3 between them
				b.setPose(b.Unit(1), pose(t, b, "A2", board.DirS))
				b.setPose(tiger, pose(t, b, "A4", board.DirN))
			}
			events := apply(t, b, EndPhase{}, EndPhase{}) // Fire, Movement: the Axis's Defensive Fire begins
			var got EventKind
			for _, e := range events {
				if (e.Kind == UnitFired || e.Kind == HexFired) && e.Unit == 2 {
					got = e.Kind
				}
			}
			if got != tt.fired {
				t.Errorf("the Tiger's shot: event %v, want %v", got, tt.fired)
			}
			if tiger.StateCount("halt") != 0 || tiger.StateCount("shock") != tt.shock {
				t.Errorf("states %v, want no halt and %d shock", tiger.StateNames(), tt.shock)
			}
			if fired := tt.fired != 0; tiger.Has(Fired) != fired {
				t.Errorf("Fire marker %v, want %v", tiger.Has(Fired), fired)
			}
			replayed, err := Replay(b.scenario, testCatalogue, b.Save())
			if err != nil && !tt.hide {
				t.Fatal(err)
			}
			if err == nil && replayed.Unit(2).StateCount("shock") != tt.shock {
				t.Errorf("after the replay: %v", replayed.Unit(2).StateNames())
			}
		})
	}
}

// TestDriveOn: a free move straight ahead through the faced hexside with
// the unit's full MP, stopped by an enemy, the map's edge or the MP.
func TestDriveOn(t *testing.T) {
	drive := []combat.Effect{{Kind: combat.DriveOn}}
	tests := []struct {
		name  string
		grid  string
		start string // the Tiger's hex, facing N
		enemy string // an Allied unit in the way, "" for none
		want  string
	}{
		{"to the map's edge", openMap, "D6", "", "D1"},
		{"stopped before an enemy", openMap, "D6", "D3", "D4"},
		{"through woods at 2 MP a hex: 10 MP reach D3", strings.Repeat(". . . W . . . .\n", 7) + ". . . . . . . .", "D8", "", "D3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{{"M4A3E8", maps.Allies, "H6", board.DirN}, {"Tiger I", maps.Axis, tt.start, board.DirN}}
			if tt.enemy != "" {
				us = append(us, unitAt{"M4A3E8", maps.Allies, tt.enemy, board.DirS})
			}
			b := engageBattle(t, fixture{grid: tt.grid, units: us}, map[string][]combat.Effect{"M4A3E8 #1": drive})
			apply(t, b, Fire{Unit: 1, Target: 2})
			if got := b.Board().Label(b.Unit(2).Pose.Hex); got != tt.want || b.Unit(2).Pose.Facing != board.DirN || b.Unit(2).Has(Moved) {
				t.Errorf("the Tiger ends in %s facing %v (moved %v), want %s facing N, no Move marker", got, b.Unit(2).Pose.Facing, b.Unit(2).Has(Moved), tt.want)
			}
		})
	}
}

// TestInfantryHits: an AP attack on the infantry of the target's hex, and
// on the passengers of a carrier, through the ruleset's infantry combat
// with the battle's dice; vehicles of the hex are not touched.
func TestInfantryHits(t *testing.T) {
	// 2d6 of 1 and 1 at 6 firepower in the open: row 5-10, 6 casualty
	// points, enough to eliminate a squad.
	hits := combat.Effect{Kind: combat.InfantryHits, On: combat.OnHex, N: 6}
	b := engageBattle(t, fixture{grid: openMap, dice: []int{1, 1}, units: []unitAt{
		{"Tiger I", maps.Axis, "A1", board.DirS},
		{"M4A3E8", maps.Allies, "D4", board.DirN},
		{"US Rifle Squad", maps.Allies, "D4", 0},
		{"M4A3E8", maps.Allies, "D4", board.DirN},
	}}, map[string][]combat.Effect{"Tiger I #1": {hits, {Kind: combat.Eliminated}}})
	b.phasing = maps.Axis
	events := apply(t, b, Fire{Unit: 1, Target: 2})
	i := slices.IndexFunc(events, func(e Event) bool { return e.Kind == HexFired })
	if i < 0 || events[i].AP == nil || events[i].AP.Points != infantry.CasualtyPoints(6, 2) {
		t.Fatalf("no AP attack of 6 casualty points: %v", events)
	}
	if !b.Unit(3).Eliminated || b.Unit(4).Eliminated || !b.Unit(2).Eliminated {
		t.Errorf("squad eliminated %v, other tank %v, target %v; want true, false, true", b.Unit(3).Eliminated, b.Unit(4).Eliminated, b.Unit(2).Eliminated)
	}

	// A passenger's hit in cover +3 (2d6 of 6 and 5): nothing; then it is
	// eliminated with the abandoned carrier (rules 8.5, 18.6).
	passengers := combat.Effect{Kind: combat.InfantryHits, On: combat.OnPassengers, N: 1, Cover: 3}
	b = engageBattle(t, fixture{grid: openMap, dice: []int{6, 5}, units: []unitAt{
		{"Tiger I", maps.Axis, "A1", board.DirS},
		{"M3 Halftrack", maps.Allies, "D4", board.DirN},
		{"US Rifle Squad", maps.Allies, "D4", 0},
	}}, map[string][]combat.Effect{"Tiger I #1": {passengers, {Kind: combat.Abandoned}}})
	b.Unit(3).Carrier = 2
	b.phasing = maps.Axis
	events = apply(t, b, Fire{Unit: 1, Target: 2})
	i = slices.IndexFunc(events, func(e Event) bool { return e.Kind == HexFired })
	if i < 0 || events[i].AP.Points != 0 || !strings.Contains(events[i].Text, "no effect") {
		t.Fatalf("the passenger's hit: %v", events)
	}
	if sq := b.Unit(3); !sq.Eliminated {
		t.Errorf("the passenger of the abandoned carrier: %+v, want it eliminated with it", *sq)
	}
}

// TestDismount: an effect gets the passengers out of an immobilised
// carrier into its hex, marked Move.
func TestDismount(t *testing.T) {
	b := engageBattle(t, fixture{grid: openMap, units: []unitAt{
		{"Tiger I", maps.Axis, "A1", board.DirS},
		{"M3 Halftrack", maps.Allies, "D4", board.DirN},
		{"US Rifle Squad", maps.Allies, "D4", 0},
	}}, map[string][]combat.Effect{"Tiger I #1": {{Kind: combat.Immobilized}, {Kind: combat.Dismount, On: combat.OnPassengers}}})
	b.Unit(3).Carrier = 2
	b.phasing = maps.Axis
	apply(t, b, Fire{Unit: 1, Target: 2})
	if sq := b.Unit(3); sq.Carrier != 0 || !sq.Has(Moved) || sq.Pose.Hex != hexOf(t, b, "D4") || !b.Unit(2).Has(Immobile) {
		t.Errorf("the passenger: carrier %d, moved %v, in %s", sq.Carrier, sq.Has(Moved), b.Board().Label(sq.Pose.Hex))
	}
}

// TestUnderFire: enemy AP fire puts the UnderFire state on the units of
// the hex that come through it; it lasts until their side's Fire phase.
func TestUnderFire(t *testing.T) {
	b := engageBattle(t, fixture{grid: openMap, turns: 2, dice: []int{6, 6}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "B2", 0},
		{"German Rifle Squad", maps.Axis, "C2", 0},
	}}, nil)
	apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "C2")})
	if b.Unit(2).StateCount("under-fire") != 1 || b.Unit(1).StateCount("under-fire") != 0 {
		t.Fatalf("under fire: target %v, firer %v", b.Unit(2).StateNames(), b.Unit(1).StateNames())
	}
	for b.Phasing() == maps.Allies {
		apply(t, b, EndPhase{})
	}
	if b.Unit(2).StateCount("under-fire") != 0 {
		t.Errorf("still under fire in the Axis's Fire phase")
	}
}

// TestVehicleFirepowerSeam: the ruleset's VehicleAPFP decides a vehicle's
// AP firepower; OutsideFrontArc tells a shot whose turret turned.
func TestVehicleFirepowerSeam(t *testing.T) {
	b := engageBattle(t, fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B2", board.DirS},
		{"German Rifle Squad", maps.Axis, "B4", 0},
		{"Tiger I", maps.Axis, "B1", board.DirS},
	}}, nil)
	tank := b.Unit(1)
	before, _ := b.APFirepower(tank, tank.Pose, hexOf(t, b, "B4"))
	b.addState(tank, "shock", 2)
	after, _ := b.APFirepower(tank, tank.Pose, hexOf(t, b, "B4"))
	if before < 3 || after != before-2 {
		t.Errorf("APFP %d, with two shock %d; want %d", before, after, before-2)
	}
	b.addState(tank, "engine", 1)
	if mp := b.MoveSpec(tank).MP; mp != tank.Type.MP/2 {
		t.Errorf("with engine damage %d MP, want half of %d", mp, tank.Type.MP)
	}
	facingAway, err := b.ShotAt(tank, tank.Pose, b.Unit(3), b.Unit(3).Pose)
	if err != nil {
		t.Fatal(err)
	}
	facing, err := b.ShotAt(tank, pose(t, b, "B2", board.DirN), b.Unit(3), b.Unit(3).Pose)
	if err != nil {
		t.Fatal(err)
	}
	if !facingAway.OutsideFrontArc || facing.OutsideFrontArc {
		t.Errorf("the Tiger in B1 outside the arc of the Sherman in B2 facing S: %v; facing N: %v", facingAway.OutsideFrontArc, facing.OutsideFrontArc)
	}
}

// TestShotKnowsTheTargetsMoveCost: a shot at a unit that moved carries the
// MP its move order cost and its full MP.
func TestShotKnowsTheTargetsMoveCost(t *testing.T) {
	b := engageBattle(t, fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B6", board.DirN},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}, nil)
	apply(t, b, EndPhase{}, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B5", board.DirN), pose(t, b, "B4", board.DirN), pose(t, b, "B3", board.DirN)}})
	s, err := b.ShotAt(b.Unit(2), b.Unit(2).Pose, b.Unit(1), b.Unit(1).Pose)
	if err != nil {
		t.Fatal(err)
	}
	if !s.TargetMoved || s.TargetMoveMP != 3 || s.TargetMP != b.Unit(1).Type.MP {
		t.Errorf("moved %v, %d of %d MP; want true, 3 of %d", s.TargetMoved, s.TargetMoveMP, s.TargetMP, b.Unit(1).Type.MP)
	}
}

// TestReverseStraightAway: a forced reverse goes into the hex whose
// direction is nearest the line from the firer, not the first one farther
// away: from D1 the Tiger in D4 reverses into D5, from F3 into C4. On a
// true tie the lower direction wins: with D5 closed (a unit of the
// firer's there) E4 (SE) and C4 (SW) are each 60 degrees off; from B4 the
// line runs along the hexside between E3 (NE) and E4 (SE).
func TestReverseStraightAway(t *testing.T) {
	reverse := []combat.Effect{{Kind: combat.Reverse, N: 1}}
	tests := []struct {
		name   string
		firer  string
		closed string // a second Allied unit's hex, "" for none
		want   string
	}{
		{"straight down the column", "D1", "", "D5"},
		{"straight away to the south-west", "F3", "", "C4"},
		{"straight away closed: the lower direction of the two beside it", "D1", "D5", "E4"},
		{"along a hexside: the lower direction", "B4", "", "E3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{{"M4A3E8", maps.Allies, tt.firer, board.DirS}, {"Tiger I", maps.Axis, "D4", board.DirN}}
			if tt.closed != "" {
				us = append(us, unitAt{"US Rifle Squad", maps.Allies, tt.closed, board.DirN})
			}
			grid := strings.Repeat(". . . . . . .\n", 7)
			b := engageBattle(t, fixture{grid: grid, turns: 2, units: us}, map[string][]combat.Effect{"M4A3E8 #1": reverse})
			apply(t, b, Fire{Unit: 1, Target: 2})
			if got := b.Board().Label(b.Unit(2).Pose.Hex); got != tt.want {
				t.Errorf("reversed into %s, want %s", got, tt.want)
			}
		})
	}
}

// TestOpportunityEndsWithTheMoverOutOfSight: the M4 in D1 fires at a Tiger
// moving into D4 and makes it reverse; with the building of D5 closed to
// it, it backs into E4, behind the woods of E3. Under fog the Allies see no mover any
// more, and their opportunity fire ends as if they had passed (the move
// goes on without them); in the open the Tiger stands in their sight and
// the move still waits for their fire. A replayed save of version 9 keeps
// the offer, as it was played.
func TestOpportunityEndsWithTheMoverOutOfSight(t *testing.T) {
	reverse := []combat.Effect{{Kind: combat.Reverse, N: 1}}
	grid := ". . . . . . .\n. . . . . . .\n. . . . W . .\n. . . . . . .\n. . . B . . .\n. . . . . . .\n. . . . . . .\n"
	for _, tt := range []struct {
		fog     bool
		version int
		waits   bool
	}{
		{false, 0, true},
		{true, 0, false},
		{true, unseenMoverVersion - 1, true},
	} {
		f := fixture{grid: grid, turns: 2, props: map[string]string{"fog": fmt.Sprint(tt.fog)}, units: []unitAt{
			{"M4A3E8", maps.Allies, "D1", board.DirS},
			{"Tiger I", maps.Axis, "C3", board.DirSE},
		}}
		engageEffects, engageShots = map[string][]combat.Effect{"M4A3E8 #1": reverse}, nil
		t.Cleanup(func() { engageEffects, engageShots = map[string][]combat.Effect{}, nil })
		f.rules = engageName
		b, err := New(f.scenario(t), testCatalogue, Config{Seed: 1, Ruleset: engageName, Version: tt.version})
		if err != nil {
			t.Fatal(err)
		}
		toPhase(t, b, 1, maps.Axis, Movement)
		apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "D4", board.DirSE)}})
		if b.Moving() == nil || b.Acting() != maps.Allies {
			t.Fatalf("fog %t: the Tiger's move into D4 offers the Allies no opportunity fire", tt.fog)
		}
		apply(t, b, Fire{Unit: 1, Target: 2})
		if got := b.Board().Label(b.Unit(2).Pose.Hex); got != "E4" {
			t.Fatalf("fog %t: the Tiger reversed into %s, want E4", tt.fog, got)
		}
		if waits := b.Moving() != nil; waits != tt.waits {
			t.Errorf("fog %t, version %d: the move waits for Allied fire %t, want %t (acting: %s)", tt.fog, tt.version, waits, tt.waits, b.Acting())
		}
	}
}
