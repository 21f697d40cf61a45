package ai

import (
	"reflect"
	"testing"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

// reinforceFixture: the allied M4A3E8 (#1) arrives on turn 2 by the south
// edge; the allies must hold D1; a German squad (#2) stands in H1.
var reinforceFixture = fixture{grid: openMap, turns: 3, props: map[string]string{"victory": "allies hold D1"},
	units: []unitAt{
		{"M4A3E8", maps.Allies, "A3", board.DirN, ""},
		{"German Rifle Squad", maps.Axis, "H1", 0, ""},
	}, arrives: map[int]maps.Arrival{0: {Turn: 2, Edge: maps.South}}}

func TestPlayersBringReinforcementsOn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		player func(b *battle.Battle) Player
	}{
		{"opponent", func(b *battle.Battle) Player {
			o, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}},
		{"greedy", func(*battle.Battle) Player { return &Greedy{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := reinforceFixture.battle(t)
			p := tc.player(b)
			atMovement := func(b *battle.Battle) bool { return b.Phasing() == maps.Allies && b.Phase() == battle.Movement }
			play(t, b, p, atMovement)
			if o, _ := ask(p, b); o != (battle.EndPhase{}) {
				t.Errorf("turn 1: %#v, want the phase ended (the tank arrives on turn 2)", o)
			}
			play(t, b, p, turnIs(2))
			play(t, b, p, atMovement)
			want := battle.Enter{Unit: 1, Path: []board.Pose{{Hex: battletest.Hex(t, b, "D6"), Facing: board.DirN}}}
			if o, why := ask(p, b); !reflect.DeepEqual(o, want) {
				t.Errorf("turn 2: %#v (%s), want the tank entering at D6, the edge hex nearest D1, facing it", o, why)
			}
		})
	}
}

func TestRandomMayBringReinforcementsOn(t *testing.T) {
	b := reinforceFixture.battle(t)
	play(t, b, &Greedy{}, turnIs(2))
	play(t, b, &Greedy{}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement })
	legal := 0
	for _, o := range randomArrivals(b, maps.Allies) {
		if _, ok := o.(battle.Enter); ok && b.Check(o) == nil {
			legal++
		}
	}
	if legal != 8 {
		t.Errorf("legal entries offered = %d, want 8 (each south edge hex)", legal)
	}
}

func TestOpponentPursuesItsExitAim(t *testing.T) {
	f := fixture{grid: openMap, turns: 4, props: map[string]string{"victory": "allies exit 1 north; axis otherwise"},
		units: []unitAt{
			{"M4A3E8", maps.Allies, "D4", board.DirN, ""},
			{"German Rifle Squad", maps.Axis, "H6", 0, ""},
		}}
	b := f.battle(t)
	o, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	play(t, b, o, func(*battle.Battle) bool { return false })
	if r := b.Result(); r.Winner != maps.Allies || b.Unit(1).ExitedBy() != maps.North || r.Turn > 3 {
		t.Errorf("result %+v, tank exited by %q; want an allied win by the north edge by turn 3 (of 4; else the axis win)", r, b.Unit(1).ExitedBy())
	}
}

// TestShippedReinforcementsArrive plays The Dommel Bridges, computer
// against computer, to the end of turn 3: both Fireflies that arrive on
// turn 3 by the west edge must have come on.
func TestShippedReinforcementsArrive(t *testing.T) {
	sc, err := maps.Load(assets.FS, "scenarios/valkenswaard.tmx", battletest.Catalogue(t, elimination.Ruleset{}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, battletest.Catalogue(t, elimination.Ruleset{}), battle.Config{Seed: 1, Fog: battle.FogOff})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(b.Reinforcements(maps.Allies)); n != 2 {
		t.Fatalf("allied reinforcements = %d, want 2", n)
	}
	o, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	play(t, b, o, turnIs(4))
	if n := len(b.Reinforcements(maps.Allies)); n != 0 {
		t.Errorf("after turn 3, %d reinforcements still off the map, want 0", n)
	}
}
