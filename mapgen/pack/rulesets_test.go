package main

// Every ruleset the game ships, so that the pack's test can see that each
// is the own ruleset of a battle.
import (
	_ "hexfire/combat/d20"
	_ "hexfire/combat/shiftchart"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
)
