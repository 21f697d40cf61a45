package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// fortBattleMap: a foxhole in woods (C2), a bunker facing S (E3), sandbags
// (G3), a minefield (C5), wire (E6) and a trench (G6).
const fortBattleMap = `
. . . . . . . .
. . W . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
foxhole C2
bunker E3 3
sandbags G3
minefield C5
wire E6
trench G6
`

func TestFortCoverInAPFire(t *testing.T) {
	tests := []struct {
		name, target string
		defender     string
		cover        int
		label        string
		hits         uint64 // natural 2d6 rolls of 36 that give points at 5 APFP
	}{
		// 5 APFP (row 5-10): points on modified rolls of 7 or less.
		{"woods +2 and foxhole +1 (rules 20.9)", "C2", "German Rifle Squad", 3, "woods and foxhole", 6},
		{"sandbags +2 (20.6)", "G3", "German Rifle Squad", 2, "sandbags", 10},
		{"trench +2 (20.10)", "G6", "German Rifle Squad", 2, "trench", 10},
		{"bunker +4 (20.5)", "E3", "German Rifle Squad", 4, "bunker", 3},
		{"wire gives no cover", "E6", "German Rifle Squad", 0, "open", 21},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target, _ := board.ParseLabel(tt.target)
			from := board.Offset{Col: target.Col, Row: target.Row + 1}.Label()
			if tt.target == "E3" {
				from = "E4" // in the bunker's arc (it faces S)
			}
			b := fixture{grid: fortBattleMap, units: []unitAt{
				{"US Rifle Squad", maps.Allies, from, 0},
				{tt.defender, maps.Axis, tt.target, 0},
			}}.battle(t)
			p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, tt.target)})
			if err != nil {
				t.Fatal(err)
			}
			if p.Attack.Cover != tt.cover || p.Attack.CoverName != tt.label || 36-p.Odds.Points[0] != tt.hits {
				t.Errorf("cover %d %q, rolls with points %d; want %d %q, %d", p.Attack.Cover, p.Attack.CoverName, 36-p.Odds.Points[0], tt.cover, tt.label, tt.hits)
			}
		})
	}
}

func TestFortCoverInATFire(t *testing.T) {
	tests := []struct {
		name, typ, hex string
		cover          int
		label          string
	}{
		{"a Gun behind sandbags +2 (20.6)", "Pak 40", "G3", 2, "sandbags"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: fortBattleMap, units: []unitAt{
				{"M4A3E8", maps.Allies, "A7", board.DirN},
				{tt.typ, maps.Axis, tt.hex, board.DirS},
			}}.battle(t)
			s, err := b.ShotAt(b.Unit(1), b.Unit(1).Pose, b.Unit(2), b.Unit(2).Pose)
			if err != nil {
				t.Fatal(err)
			}
			if s.Cover != tt.cover || s.CoverName != tt.label {
				t.Errorf("cover %d %q, want %d %q", s.Cover, s.CoverName, tt.cover, tt.label)
			}
		})
	}
}

// TestCoverAtFoxholeForAnAFV: an AFV passing through a foxhole hex has
// the woods' cover only (foxholes hold infantry: 20.9); a squad there has
// both.
func TestCoverAtFoxholeForAnAFV(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{{"US Rifle Squad", maps.Allies, "A7", 0}}}.battle(t)
	tiger, err := testCatalogue.Lookup("Tiger I")
	if err != nil {
		t.Fatal(err)
	}
	squad := b.Unit(1).Type
	c2 := hexOf(t, b, "C2")
	if c := b.CoverAt(b.Rules(), c2, tiger); c.Value != 2 || c.Label != "woods" {
		t.Errorf("Tiger in C2: %+v, want +2 woods", c)
	}
	if c := b.CoverAt(b.Rules(), c2, squad); c.Value != 3 || c.Label != "woods and foxhole" {
		t.Errorf("squad in C2: %+v, want +3 woods and foxhole", c)
	}
}

func TestBunkerFire(t *testing.T) {
	// The bunker in E3 faces S; the Pak 40 inside faces N, so only the
	// bunker's arc keeps it from firing at the halftrack in E1.
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "E5", board.DirN},       // 1: in the bunker's arc
		{"Pak 40", maps.Axis, "E3", board.DirN},         // 2: in the bunker
		{"M3 Halftrack", maps.Allies, "E1", board.DirS}, // 3: behind the bunker
		{"US Rifle Squad", maps.Allies, "D4", 0},        // 4
	}}.battle(t)
	_, err := b.PlanFire(Fire{Unit: 1, Target: 2})
	if err == nil || !strings.Contains(err.Error(), "AP fire only") {
		t.Errorf("AT fire at a Gun in a bunker: %v, want refused (rules 20.5)", err)
	}
	p, err := b.PlanAP(FireAP{Units: []UnitID{4}, Target: hexOf(t, b, "E3")})
	if err != nil || p.Attack.Cover != 4 {
		t.Errorf("AP fire at the bunker: cover %d, %v; want 4", p.Attack.Cover, err)
	}
	apply(t, b, EndPhase{}, EndPhase{}) // to the Axis's Defensive Fire
	_, err = b.PlanFire(Fire{Unit: 2, Target: 3})
	if err == nil || !strings.Contains(err.Error(), "outside the forward arc of the bunker in E3") {
		t.Errorf("fire out of the back of the bunker: %v, want refused", err)
	}
}

func TestMinefieldAttack(t *testing.T) {
	tests := []struct {
		roll       int
		eliminated bool
	}{{3, true}, {4, false}, {1, true}, {6, false}}
	for _, tt := range tests {
		b := fixture{grid: fortBattleMap, dice: []int{tt.roll}, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "C6", 0},
		}}.battle(t)
		apply(t, b, EndPhase{})
		move := Move{Unit: 1, Path: []board.Pose{pose(t, b, "C5", 0), pose(t, b, "C4", 0)}}
		if err := b.Check(move); err != nil {
			t.Fatalf("Check of a move through a minefield: %v", err)
		}
		events := apply(t, b, move)
		u := b.Unit(1)
		if u.Eliminated != tt.eliminated {
			t.Errorf("roll %d: eliminated %v, want %v (%q)", tt.roll, u.Eliminated, tt.eliminated, texts(events))
		}
		want := "C4"
		if tt.eliminated {
			want = "C5"
		}
		if have := b.Board().Label(u.Pose.Hex); have != want {
			t.Errorf("roll %d: the squad is in %s, want %s", tt.roll, have, want)
		}
		if b.DiceRolled() != 1 {
			t.Errorf("roll %d: %d dice rolled, want 1", tt.roll, b.DiceRolled())
		}
	}
}

func TestFortOccupancy(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"M3 Halftrack", maps.Allies, "G7", board.DirN}, // 1
		{"US Rifle Squad", maps.Allies, "E4", 0},        // 2
		{"US Rifle Squad", maps.Allies, "E4", 0},        // 3
		{"US Rifle Squad", maps.Allies, "E4", 0},        // 4
		{"GMC Truck", maps.Allies, "E7", board.DirN},    // 5
	}}.battle(t)
	apply(t, b, EndPhase{})
	assertRefused(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "G6", board.DirN)}}, "stacking limit")
	if err := b.Check(Move{Unit: 1, Path: []board.Pose{pose(t, b, "G6", board.DirN), pose(t, b, "G5", board.DirN)}}); err != nil {
		t.Errorf("a halftrack through the trench: %v", err)
	}
	assertRefused(t, b, Move{Unit: 5, Path: []board.Pose{pose(t, b, "E6", board.DirN)}}, "barbed wire in E6 bars vehicles other than AFVs")
	apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "E3", 0)}}, Move{Unit: 3, Path: []board.Pose{pose(t, b, "E3", 0)}})
	assertRefused(t, b, Move{Unit: 4, Path: []board.Pose{pose(t, b, "E3", 0)}}, "stacking limit")
	if err := b.stackingError(b.Unit(4), hexOf(t, b, "E3")); err == nil || !strings.Contains(err.Error(), "holds one Gun or 2 infantry units") {
		t.Errorf("third squad into the bunker: %v", err)
	}
}

func TestWireStopsInfantry(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E7", 0},
	}}.battle(t)
	apply(t, b, EndPhase{})
	assertRefused(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E6", 0), pose(t, b, "E5", 0)}}, "infantry entering barbed wire in E6 stop there")
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "E6", 0)}})
}

func TestWireHampersFire(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E6", 0},
		{"German Rifle Squad", maps.Axis, "E4", 0},
	}}.battle(t)
	p, err := b.PlanAP(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "E4")})
	if err != nil || p.Attack.Hindrance != 1 {
		t.Errorf("AP fire out of the wire: hindrance %d, %v; want +1 (rules 20.8)", p.Attack.Hindrance, err)
	}
}

// TestMinefieldAttacksAnAdvance: a unit advancing into a minefield rolls
// too (rules 20.7: on entering, however it enters).
func TestMinefieldAttacksAnAdvance(t *testing.T) {
	b := fixture{grid: fortBattleMap, dice: []int{2}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C6", 0},
	}}.battle(t)
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}) // to the Allies' Advance phase
	if b.Phase() != AdvancePhase {
		t.Fatalf("phase %v, want the Advance phase", b.Phase())
	}
	events := apply(t, b, Advance{Unit: 1, To: hexOf(t, b, "C5")})
	if !b.Unit(1).Eliminated {
		t.Errorf("the squad survived a roll of 2 in the minefield: %q", texts(events))
	}
}

// TestNoMortarOutOfABunker: a squad with a 5 cm mortar fires it from the
// open, and only its own APFP from a bunker (rules 20.5).
func TestNoMortarOutOfABunker(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"German Rifle Squad", maps.Axis, "E3", 0}, // in the bunker (facing S)
		{"German Rifle Squad", maps.Axis, "G3", 0}, // behind sandbags
		{"US Rifle Squad", maps.Allies, "F6", 0},
	}}.battle(t)
	for _, id := range []UnitID{1, 2} {
		b.Unit(id).SupportWeapon = "5cm Mortar"
	}
	target := hexOf(t, b, "F6")
	inBunker, _ := b.APFirepower(b.Unit(1), b.Unit(1).Pose, target)
	inOpen, _ := b.APFirepower(b.Unit(2), b.Unit(2).Pose, target)
	own := b.Unit(1).Type.APFP
	if inBunker != own || inOpen == own {
		t.Errorf("APFP from the bunker %d, from the sandbags %d; want the squad's own %d from the bunker only", inBunker, inOpen, own)
	}
}

// TestMinefieldAttacksAnEntry: a reinforcement entering the map into a
// minefield rolls as it enters (rules 20.7); a roll of 1 eliminates it and
// its move ends there.
func TestMinefieldAttacksAnEntry(t *testing.T) {
	f := fixture{grid: fortBattleMap + "minefield A7\n", dice: []int{1}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "A7", 0},
		{"German Rifle Squad", maps.Axis, "H1", 0},
	}}
	sc := f.scenario(t)
	sc.Units[0].Arrives = maps.Arrival{Turn: 1}
	b, err := New(sc, testCatalogue, Config{Dice: combat.NewFixedDice(f.dice...)})
	if err != nil {
		t.Fatal(err)
	}
	toPhase(t, b, 1, maps.Allies, Movement)
	events := apply(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "A7", 0), pose(t, b, "A6", 0)}})
	if u := b.Unit(1); !u.Eliminated || b.Board().Label(u.Pose.Hex) != "A7" {
		t.Errorf("the squad is in %s (eliminated %v), want eliminated in A7: %q", b.Board().Label(u.Pose.Hex), u.Eliminated, texts(events))
	}
}

// TestWireBarsATruckAdvance: the Advance phase's one hex may not take a
// truck into wire either (rules 20.8).
func TestWireBarsATruckAdvance(t *testing.T) {
	b := fixture{grid: fortBattleMap, units: []unitAt{
		{"GMC Truck", maps.Allies, "E7", board.DirN},
		{"German Rifle Squad", maps.Axis, "H1", 0},
	}}.battle(t)
	toPhase(t, b, 1, maps.Allies, AdvancePhase)
	assertRefused(t, b, Advance{Unit: 1, To: hexOf(t, b, "E6")}, "barbed wire in E6 bars GMC Truck #1")
}

// TestPlacementInAFortification: a scenario that sets a unit where the
// fortification may not hold it does not start.
func TestPlacementInAFortification(t *testing.T) {
	sc := fixture{grid: fortBattleMap, units: []unitAt{{"GMC Truck", maps.Allies, "E6", board.DirN}}}.scenario(t)
	_, err := New(sc, testCatalogue, Config{Seed: 1})
	if want := "battle: test.tmx: unit object 1: GMC Truck may not stand in the wire in E6 (rules 20)"; err == nil || err.Error() != want {
		t.Errorf("New = %v, want %q", err, want)
	}
}
