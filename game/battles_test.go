package game

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/units"
)

var testCatalogue = func() *units.Catalogue {
	c, err := units.Default(elimination.Ruleset{})
	if err != nil {
		panic(err)
	}
	return c
}()

// placed is a unit of a test battle: type, side, hex label, facing.
type placed battletest.Placed

// testBattle builds a battle on battletest.OpenMap in layout l.
func testBattle(t testing.TB, l board.Layout, props map[string]string, us ...placed) *battle.Battle {
	t.Helper()
	return seededBattle(t, l, props, 1, us...)
}

// seededBattle builds a battle on battletest.OpenMap in layout l with dice seed.
func seededBattle(t testing.TB, l board.Layout, props map[string]string, seed uint64, us ...placed) *battle.Battle {
	t.Helper()
	return configuredBattle(t, l, props, battle.Config{Seed: seed}, us...)
}

// configuredBattle builds a battle on battletest.OpenMap in layout l as cfg says.
func configuredBattle(t testing.TB, l board.Layout, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	return gridBattle(t, l, battletest.OpenMap, props, cfg, us...)
}

// gridBattle builds a battle on the ASCII map grid in layout l as cfg says
// (battletest.Grid).
func gridBattle(t testing.TB, l board.Layout, grid string, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	return battletest.Grid(t, testCatalogue, l, grid, props, cfg, us...)
}
