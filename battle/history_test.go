package battle

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"hexfire/board"
)

// TestHistoryMatchesTheOrders checks the accessors a player reads at each
// decision against the same facts computed from the whole order list,
// after every order of random battles (and after an undo).
func TestHistoryMatchesTheOrders(t *testing.T) {
	fired, moved := false, false
	for _, seed := range []uint64{1, 2, 3} {
		b := defaultBattle(t, seed)
		rng := rand.New(rand.NewPCG(seed, 17))
		for step := 0; step < 150 && b.Result() == nil; step++ {
			if _, err := b.Apply(randomOrder(b, rng)); err != nil {
				continue
			}
			if b.CanUndo() && step%5 == 0 {
				if err := b.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			f, m := checkHistory(t, b)
			fired, moved = fired || f, moved || m
		}
	}
	if !fired || !moved {
		t.Errorf("no unit fired (%v) or moved (%v) in the test battles: nothing was checked", fired, moved)
	}
}

// checkHistory fails t where the accessors differ from the order list, and
// reports whether any unit has fired and any has a trail.
func checkHistory(t *testing.T, b *Battle) (anyFired, anyTrail bool) {
	t.Helper()
	orders := b.Orders()
	if b.OrderCount() != len(orders) {
		t.Fatalf("OrderCount %d, want %d", b.OrderCount(), len(orders))
	}
	if len(orders) > 0 && !reflect.DeepEqual(b.LastOrder(), orders[len(orders)-1]) {
		t.Fatalf("LastOrder %#v, want %#v", b.LastOrder(), orders[len(orders)-1])
	}
	start := 0
	for i, o := range orders {
		if _, ok := o.(EndPhase); ok {
			start = i + 1
		}
	}
	if have, want := b.PhaseOrders(), orders[start:]; !reflect.DeepEqual(have, want) && (len(have) > 0 || len(want) > 0) {
		t.Fatalf("after %d orders: PhaseOrders %v, want %v", len(orders), have, want)
	}
	for _, u := range b.Units() {
		fired := false
		var trail []board.Hex
		for _, o := range orders {
			switch o := o.(type) {
			case Fire:
				fired = fired || o.Unit == u.ID || o.Leader == u.ID
			case FireAP:
				fired = fired || o.Leader == u.ID || slices.Contains(o.Units, u.ID)
			case Move:
				if o.Unit == u.ID {
					for _, p := range o.Path {
						trail = append(trail, p.Hex)
					}
				}
			case Advance:
				if o.Unit == u.ID {
					trail = append(trail, o.To)
				}
			}
		}
		if b.HasFired(u.ID) != fired {
			t.Fatalf("after %d orders: HasFired(%d) = %v, want %v", len(orders), u.ID, b.HasFired(u.ID), fired)
		}
		if have := slices.Collect(b.Trail(u.ID)); !slices.Equal(have, trail) {
			t.Fatalf("after %d orders: Trail(%d) = %v, want %v", len(orders), u.ID, have, trail)
		}
		anyFired, anyTrail = anyFired || fired, anyTrail || len(trail) > 0
	}
	return anyFired, anyTrail
}
