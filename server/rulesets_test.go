package server

// The rulesets the tests' battles may be fought by, as the binaries
// register them.
import (
	_ "hexfire/combat/d20"
	_ "hexfire/combat/elimination"
	_ "hexfire/combat/shiftchart"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
)
