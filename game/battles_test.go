package game

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

var testCatalogue = func() *units.Catalogue {
	c, err := units.Default()
	if err != nil {
		panic(err)
	}
	return c
}()

// pointyLayout is the pointy-topped layout of maps/testdata/pointy-odd.tmx.
var pointyLayout = board.Layout{StaggerX: false, StaggerEven: false, TileWidth: 56, TileHeight: 64, HexSide: 32}

const counterMap = `
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
`

// placed is a unit of a test battle: type, side, hex label, facing.
type placed struct {
	typ    string
	side   maps.Side
	hex    string
	facing board.Direction
}

// testBattle builds a battle on counterMap in layout l.
func testBattle(t testing.TB, l board.Layout, props map[string]string, us ...placed) *battle.Battle {
	t.Helper()
	return seededBattle(t, l, props, 1, us...)
}

// seededBattle builds a battle on counterMap in layout l with dice seed.
func seededBattle(t testing.TB, l board.Layout, props map[string]string, seed uint64, us ...placed) *battle.Battle {
	t.Helper()
	return configuredBattle(t, l, props, battle.Config{Seed: seed}, us...)
}

// configuredBattle builds a battle on counterMap in layout l as cfg says.
func configuredBattle(t testing.TB, l board.Layout, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	return gridBattle(t, l, counterMap, props, cfg, us...)
}

// gridBattle builds a battle on the ASCII map grid in layout l as cfg says.
func gridBattle(t testing.TB, l board.Layout, grid string, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	bd, err := board.ParseASCII(l, grid)
	if err != nil {
		t.Fatal(err)
	}
	if props == nil {
		props = map[string]string{}
	}
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: props}
	for i, u := range us {
		h, err := bd.ParseHex(u.hex)
		if err != nil {
			t.Fatal(err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: u.facing})
	}
	b, err := battle.New(sc, testCatalogue, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
