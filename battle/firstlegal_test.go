package battle

import (
	"slices"
	"testing"

	"hexfire/board"
)

// TestFirstLegalAgreesWithCheck gives FirstLegal, on the default battle
// in its first Movement phase,
// the one-hex moves of every unit in every facing and every unit's fire
// at every other, cut after each accepted order so that each cut's first
// legal order is another, and compares its answer with Check's on each
// order in turn; the per-hex index it builds lists the units of each hex
// as the scan does, and is gone once it returns.
func TestFirstLegalAgreesWithCheck(t *testing.T) {
	b := defaultBattle(t, 1)
	for b.Phase() != Movement {
		if _, err := b.Apply(EndPhase{}); err != nil {
			t.Fatalf("ending the %v phase: %v", b.Phase(), err)
		}
	}
	var orders []Order
	for _, u := range b.units {
		if !u.OnMap() {
			continue
		}
		for d := range board.Direction(6) {
			n := u.Pose.Hex.Neighbor(d)
			orders = append(orders, Move{Unit: u.ID, Path: []board.Pose{{Hex: n, Facing: d}}})
		}
		for _, e := range b.units {
			orders = append(orders, Fire{Unit: u.ID, Target: e.ID})
		}
	}
	accepted := 0
	for rest := orders; len(rest) > 0; {
		want := -1
		for i, o := range rest {
			if b.Check(o) == nil {
				want = i
				break
			}
		}
		got, ok := b.FirstLegal(rest)
		if b.hexIndex != nil {
			t.Fatal("FirstLegal left its index on the battle")
		}
		if want < 0 {
			if ok {
				t.Fatalf("FirstLegal = %v, but Check refuses every order", got)
			}
			break
		}
		if !ok || !equalOrders(got, rest[want]) {
			t.Fatalf("FirstLegal = %v, %v; want %v", got, ok, rest[want])
		}
		accepted++
		rest = rest[want+1:]
	}
	if accepted == 0 {
		t.Fatal("no order accepted: the test compares nothing")
	}
	b.hexIndex = b.unitsByHex()
	indexed := map[board.Hex][]*Unit{}
	for h := range b.Board().Hexes() {
		indexed[h] = b.standingAt(h)
	}
	b.hexIndex = nil
	for h := range b.Board().Hexes() {
		if scanned := b.standingAt(h); !slices.Equal(indexed[h], scanned) {
			t.Errorf("units at %v: indexed %v, scanned %v", h, indexed[h], scanned)
		}
	}
}

// equalOrders reports whether two orders of the test's kinds are the same.
func equalOrders(a, b Order) bool {
	am, aok := a.(Move)
	bm, bok := b.(Move)
	if aok || bok {
		return aok && bok && am.Unit == bm.Unit && slices.Equal(am.Path, bm.Path)
	}
	return a == b
}
