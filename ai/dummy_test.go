package ai

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// dummyMap has two woods, B2–C3 and F2–G3, where each side keeps a dummy
// out of the other's spotting distance.
const dummyMap = `
. . . . . . . .
. W W . . W W .
. W W . . W W .
. . . . . . . .
. . . . . . . .
`

// TestDummiesHoldAndAreNoTargets: under fog, in three turns between two
// players of each kind (each side with a dummy in the woods, one more
// arriving on turn 2, and real units), every order is accepted; the
// opponent and greedy give their dummies no order but their arrival, and
// no player aims at a unit that is a dummy or at a hex that holds only
// dummies.
func TestDummiesHoldAndAreNoTargets(t *testing.T) {
	for _, kind := range []string{"opponent", "greedy", "random"} {
		t.Run(kind, func(t *testing.T) {
			b := fixture{grid: dummyMap, turns: 3, props: map[string]string{"fog": "true"},
				arrives: map[int]maps.Arrival{6: {Turn: 2, Edge: maps.West}},
				units: []unitAt{
					{"US Rifle Squad", maps.Allies, "A4", board.DirNE, ""},
					{"M4A3E8", maps.Allies, "A1", board.DirSE, ""},
					{maps.DummyType, maps.Allies, "B2", board.DirNE, ""},
					{"German Rifle Squad", maps.Axis, "H4", board.DirSW, ""},
					{"Pz IV H", maps.Axis, "H1", board.DirSW, ""},
					{maps.DummyType, maps.Axis, "G3", board.DirSW, ""},
					{maps.DummyType, maps.Allies, "A5", board.DirNE, ""},
				}}.battle(t)
			for _, id := range []battle.UnitID{3, 6} {
				if k := b.Knowledge(battle.Opponent(b.Unit(id).Side), b.Unit(id)); k.Known != battle.Contact {
					t.Fatalf("dummy #%d is %v to the enemy at set-up, want a contact", id, k.Known)
				}
			}
			var p Player
			switch kind {
			case "opponent":
				op, err := opponentOf(b)
				if err != nil {
					t.Fatal(err)
				}
				p = op
			case "greedy":
				p = &Greedy{}
			default:
				p = Random{}
			}
			entered := false
			for i := 0; b.Result() == nil; i++ {
				if i == 2000 {
					t.Fatal("no end after 2000 orders")
				}
				o, why := ask(p, b)
				actors, target, at := aims(o)
				for _, id := range actors {
					if u := b.Unit(id); u.Dummy() && kind != "random" {
						if _, ok := o.(battle.Enter); !ok {
							t.Errorf("%s gave its dummy %s an order: %#v (%s)", kind, u.Label(), o, why)
						}
						entered = true
					}
				}
				if u := b.Unit(target); u != nil && u.Dummy() {
					t.Errorf("%s aimed at the dummy %s: %#v (%s)", kind, u.Label(), o, why)
				}
				if at != nil && !slices.ContainsFunc(b.UnitsAt(*at), func(u *battle.Unit) bool { return u.Side != b.Acting() }) {
					t.Errorf("%s aimed at %s, where no real enemy stands: %#v (%s)", kind, b.Board().Label(*at), o, why)
				}
				if _, err := b.Apply(o); err != nil {
					t.Fatalf("%s: order %#v (%s) refused: %v", kind, o, why, err)
				}
			}
			if kind != "random" && !entered {
				t.Errorf("%s never brought on its arriving dummy", kind)
			}
		})
	}
}

// aims are the units an order acts with, the unit it aims at and the hex
// it attacks (nil for none).
func aims(o battle.Order) (actors []battle.UnitID, target battle.UnitID, at *board.Hex) {
	switch o := o.(type) {
	case battle.Move:
		return append([]battle.UnitID{o.Unit}, o.With...), 0, nil
	case battle.Enter:
		return []battle.UnitID{o.Unit}, 0, nil
	case battle.Advance:
		return []battle.UnitID{o.Unit}, 0, nil
	case battle.Turn:
		return []battle.UnitID{o.Unit}, 0, nil
	case battle.Exit:
		return []battle.UnitID{o.Unit}, 0, nil
	case battle.Fire:
		return []battle.UnitID{o.Unit}, o.Target, nil
	case battle.FireAP:
		return o.Units, 0, &o.Target
	case battle.Assault:
		return o.Units, 0, &o.Target
	case battle.AssaultVehicle:
		return []battle.UnitID{o.Unit}, o.Target, nil
	}
	return nil, 0, nil
}
