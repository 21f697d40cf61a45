package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

// phaseIs stops play when the given side's segment reaches phase p.
func phaseIs(side maps.Side, p battle.Phase) func(*battle.Battle) bool {
	return func(b *battle.Battle) bool { return b.Phasing() == side && b.Phase() == p }
}

// firedBy reports whether any of the orders is a Fire by unit id.
func firedBy(orders []battle.Order, id battle.UnitID) bool {
	for _, o := range orders {
		if f, ok := o.(battle.Fire); ok && f.Unit == id {
			return true
		}
	}
	return false
}

// TestScriptCommands plays the allies' first turn(s) of small battles
// with one scripted allied unit (unit 1) and checks what it did.
func TestScriptCommands(t *testing.T) {
	// far is open ground wide enough to keep a placeholder enemy in L6
	// out of the infantry's and MGs' reach (8 hexes or more from D3).
	far := `
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
`
	// screened is far with a belt of woods hiding L6 from the left half.
	screened := `
. . . . . . . . W . . .
. . . . . . . . W . . .
. . . . . . . . W . . .
. . . . . . . . W . . .
. . . . . . . . W . . .
. . . . . . . . W . . .
`
	woods := `
. . . . . . . .
. . . . . . . .
. . . W . . . .
. . . W . . . .
. . . . . . . .
. . . . . . . .
`
	tests := []struct {
		name    string
		grid    string
		units   []unitAt
		until   func(*battle.Battle) bool
		wantHex string // where unit 1 ends
		fired   bool   // unit 1 fired
		facing  *board.Direction
	}{
		{name: "hold fires and stays", units: []unitAt{
			{"M4A3E8", maps.Allies, "B3", board.DirSE, "hold"},
			{"Pz IV H", maps.Axis, "F3", board.DirNW, "hold"},
		}, until: phaseIs(maps.Axis, battle.FirePhase), wantHex: "B3", fired: true},
		{name: "hold picks the target it can see", grid: woods, units: []unitAt{
			{"M4A3E8", maps.Allies, "B3", board.DirSE, "hold"},
			{"Tiger I", maps.Axis, "F3", board.DirNW, "hold"},   // behind the woods
			{"StuG III G", maps.Axis, "B6", board.DirN, "hold"}, // in the open
		}, until: phaseIs(maps.Allies, battle.Movement), wantHex: "B3", fired: true},
		{name: "ambush holds fire beyond its range", units: []unitAt{
			{"M4A3E8", maps.Allies, "B3", board.DirSE, "ambush 2"},
			{"Pz IV H", maps.Axis, "F3", board.DirNW, "hold"},
		}, until: phaseIs(maps.Axis, battle.FirePhase), wantHex: "B3", fired: false},
		{name: "ambush fires within its range", units: []unitAt{
			{"M4A3E8", maps.Allies, "B3", board.DirSE, "ambush 2"},
			{"Pz IV H", maps.Axis, "D3", board.DirNW, "hold"},
		}, until: phaseIs(maps.Allies, battle.Movement), wantHex: "B3", fired: true},
		{name: "advance along the route", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A2", 0, "advance C4 F4"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: turnIs(3), wantHex: "F4"},
		{name: "move-to around a blocking enemy", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "move-to E3"},
			{"SdKfz 251", maps.Axis, "E3", board.DirSE, "hold"}, // unharmed by AP fire
		}, until: turnIs(3), wantHex: "D3"},
		// Turn 1: moves A3 → D3, then its Advance takes it a hex back
		// toward A3 (the next leg); turn 2: to A3 and on toward D3.
		{name: "patrol first leg", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "patrol A3 D3"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: phaseIs(maps.Allies, battle.AdvancePhase), wantHex: "D3"},
		{name: "patrol turns back at the end of a leg", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "patrol A3 D3"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: turnIs(2), wantHex: "C3"},
		{name: "patrol goes there and back", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "patrol A3 D3"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: turnIs(3), wantHex: "B3"},
		{name: "withdraw when its condition comes", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "withdraw when turn 2; advance D3"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: turnIs(3), wantHex: "A3"},
		{name: "withdraw when 0 lost holds from the start", units: []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, "withdraw B1 when 0 lost or immobile; advance D3"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: far, until: turnIs(2), wantHex: "B1"},
		{name: "face turns the front", units: []unitAt{
			{"M4A3E8", maps.Allies, "D3", board.DirN, "face D6"},
			{"German Rifle Squad", maps.Axis, "L6", 0, "hold"},
		}, grid: screened, until: turnIs(2), wantHex: "D3", facing: ptr(board.DirS)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid := tt.grid
			if grid == "" {
				grid = openMap
			}
			b := fixture{grid: grid, units: tt.units, turns: 5}.battle(t)
			op, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			orders := play(t, b, op, tt.until)
			u := b.Unit(1)
			if have := b.Board().Label(u.Pose.Hex); have != tt.wantHex {
				t.Errorf("unit ends in %s, want %s", have, tt.wantHex)
			}
			if have := firedBy(orders, 1); have != tt.fired {
				t.Errorf("fired = %v, want %v", have, tt.fired)
			}
			if tt.facing != nil && u.Pose.Facing != *tt.facing {
				t.Errorf("facing = %v, want %v", u.Pose.Facing, *tt.facing)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestNewOpponentRefusesBadScript(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	h, _ := bd.ParseHex("B2")
	sc := &maps.Scenario{Path: "x.tmx", Board: bd, HexMetres: maps.DefaultHexMetres, Ruleset: "elimination", FirstSide: maps.Allies, Properties: map[string]string{},
		Units: []maps.Placement{{ID: 3, Name: "Gun", Type: "Pak 40", Side: maps.Axis, Hex: h, Script: "hold; ambush"}}}
	b, err := battle.New(sc, battletest.Catalogue(t, elimination.Ruleset{}), battle.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = opponentOf(b)
	want := `ai: x.tmx: unit 3 "Gun": script "hold; ambush": position 13: want a number of hexes`
	if err == nil || err.Error() != want {
		t.Errorf("NewOpponent error = %v, want %s", err, want)
	}
}
