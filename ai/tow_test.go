package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestOpponentTows: an Allied 57mm with a truck in B5, screened by woods
// from a German truck in B1: the opponent hooks the Gun up (it has
// nothing in its sights), tows it round the woods and unhooks it where it
// sees the German truck, and the Gun fires at it. The Germans do nothing.
func TestOpponentTows(t *testing.T) {
	const grid = `
. . . . . . . . . .
. . . . . . . . . .
W W W W W . . . . .
. . . . . . . . . .
. . . . . . . . . .
`
	b := fixture{grid: grid, turns: 6, units: []unitAt{
		{"GMC Truck", maps.Allies, "B5", board.DirN, ""},
		{"57mm M1", maps.Allies, "B5", board.DirN, ""},
		{"Opel Blitz", maps.Axis, "B1", board.DirS, ""},
	}}.battle(t)
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	idle := Random{EndChance: 1}
	var given []battle.Order
	for b.Result() == nil && b.Turn() < 4 {
		var o battle.Order
		var why string
		if b.Acting() == maps.Allies {
			o, why = ask(op, b)
			given = append(given, o)
		} else {
			o, why = ask(idle, b)
		}
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("order %#v (%s) refused: %v", o, why, err)
		}
	}
	var hooked, unhooked, fired bool
	for _, o := range given {
		switch o := o.(type) {
		case battle.Load:
			hooked = hooked || o == battle.Load{Unit: 2, Carrier: 1}
		case battle.Unload:
			unhooked = unhooked || hooked && o.Unit == 2
		case battle.Fire:
			fired = fired || unhooked && o.Unit == 2 && o.Target == 3
		}
	}
	if !hooked || !unhooked || !fired {
		t.Errorf("the Allies' orders %v: want the Gun hooked up, unhooked, then firing at the German truck", given)
	}
}
