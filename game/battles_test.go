package game

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/units"
)

var testCatalogue = func() *units.Catalogue {
	c, err := units.Default(elimination.Ruleset{})
	if err != nil {
		panic(err)
	}
	return c
}()

// pointyLayout is the pointy-topped layout of maps/testdata/pointy-odd.tmx.
var pointyLayout = board.Layout{StaggerX: false, StaggerEven: false, TileWidth: 56, TileHeight: 64, HexSide: 32}

// counterMap is the open board of most of the tests.
const counterMap = `
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
`

// placed is a unit of a test battle: type, side, hex label, facing
// (battletest.Placed, which vet would have us key in every literal).
type placed struct {
	Type   string
	Side   maps.Side
	Hex    string
	Facing board.Direction
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

// gridBattle builds a battle on the ASCII map grid in layout l as cfg says
// (battletest.Grid).
func gridBattle(t testing.TB, l board.Layout, grid string, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	ps := make([]battletest.Placed, len(us))
	for i, u := range us {
		ps[i] = battletest.Placed(u)
	}
	return battletest.Grid(t, testCatalogue, l, grid, props, cfg, ps...)
}
