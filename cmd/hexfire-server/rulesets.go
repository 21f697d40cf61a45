package main

// The rulesets a battle on the server may be fought by. Each registers
// itself with combat when imported; the server knows them only through
// combat's interfaces.
import (
	_ "hexfire/combat/d20"        // fire numbers by calibre and range, d20 hit bands, d10 penetration (seed 003)
	"hexfire/combat/elimination"  // the default ruleset (seed 001), which also rates the catalogue (loadCatalogue)
	_ "hexfire/combat/shiftchart" // penetration, column shifts and the d10 chart (seed 002)
	_ "hexfire/combat/strikedice" // strike dice against armour dice, damage tables and Shock (seed 000)
	_ "hexfire/combat/tohitkill"  // light anti-tank weapons, to-hit and to-kill numbers (seed 004)

	"hexfire/units"
)

// loadCatalogue loads the shipped unit catalogue, the letters it leaves
// out rated by the default ruleset.
func loadCatalogue() (*units.Catalogue, error) { return units.Default(elimination.Ruleset{}) }
