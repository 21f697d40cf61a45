package ai_test

import (
	"bytes"
	"fmt"

	"hexfire/battle"
)

// logAttack writes the rolls and steps of an attack event.
func logAttack(log *bytes.Buffer, e battle.Event) {
	if o := e.Outcome; o != nil {
		for _, r := range o.Rolls {
			fmt.Fprintf(log, "    roll %s %v\n", r.Purpose, r.Dice)
		}
		for _, s := range o.Steps {
			fmt.Fprintf(log, "    step %s\n", s)
		}
	}
	if o := e.AP; o != nil {
		for _, r := range o.Rolls {
			fmt.Fprintf(log, "    roll %s %v\n", r.Purpose, r.Dice)
		}
		for _, s := range o.Steps {
			fmt.Fprintf(log, "    step %s\n", s)
		}
	}
	if o := e.Assault; o != nil {
		for _, r := range o.Rolls {
			fmt.Fprintf(log, "    roll %s %v\n", r.Purpose, r.Dice)
		}
		for _, s := range o.Steps {
			fmt.Fprintf(log, "    step %s\n", s)
		}
	}
}
