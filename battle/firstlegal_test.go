package battle

import (
	"slices"
	"testing"

	"hexfire/board"
	"hexfire/maps"
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
		got, ok := b.FirstLegal(slices.Values(rest))
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

// TestOccupancyUnderSteady compares what Occupancy tells the board under
// Steady, read from its index hex by hex, with what it tells without, for
// every unit and every hex of the default battle: in the open, under fog,
// and in each side's known battle under fog.
func TestOccupancyUnderSteady(t *testing.T) {
	open := defaultBattle(t, 1)
	fogged, err := New(defaultScenario(t), testCatalogue, Config{Seed: 1, Fog: FogOn, Source: EmbeddedPrefix + maps.DefaultPath})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		b    *Battle
	}{
		{"open", open},
		{"fog", fogged},
		{"allies' known battle", fogged.View(maps.Allies).Known()},
		{"axis' known battle", fogged.View(maps.Axis).Known()},
	}
	for _, tt := range tests {
		b, compared := tt.b, 0
		for _, u := range b.Units() {
			if !u.OnMap() {
				continue
			}
			plain := b.Occupancy(u)
			var steady board.Occupancy
			b.Steady(func() {
				steady = b.Occupancy(u)
				for h := range b.Board().Hexes() {
					if steady.CanEnter(h) != plain.CanEnter(h) || steady.CanEnd(h) != plain.CanEnd(h) {
						t.Errorf("%s: %s at %s: under Steady may enter %v, end %v; without %v, %v", tt.name, u.Label(), b.Board().Label(h),
							steady.CanEnter(h), steady.CanEnd(h), plain.CanEnter(h), plain.CanEnd(h))
					}
					compared++
				}
			})
		}
		if compared == 0 {
			t.Errorf("%s: no unit on the map", tt.name)
		}
	}
}

// TestCheckShortCuts checks, in each phase of the default battle's first
// turn, the orders Check tells without applying them to a copy: a turn
// outside the Movement phase and a smoke placed by hand get the error the
// copy gives; and an AP attack surelyHarmless finds harming no one is one
// Check refuses, some being found so.
func TestCheckShortCuts(t *testing.T) {
	b := defaultBattle(t, 1)
	harmlessFound := 0
	for range 5 { // Fire, Movement, Defensive Fire, Advance & Assault, the next Fire
		harmless := map[board.Hex]bool{}
		for _, u := range b.units {
			if !u.OnMap() {
				continue
			}
			orders := []Order{
				Turn{Unit: u.ID, Facing: u.Pose.Facing.Rotate(1)}, Turn{Unit: u.ID, Facing: u.Pose.Facing.Rotate(-1)},
				PlaceSmoke{Unit: u.ID, Hex: u.Pose.Hex}, PlaceSmoke{Unit: u.ID, Hex: u.Pose.Hex.Neighbor(board.DirN)},
			}
			for _, o := range orders {
				if _, turn := o.(Turn); turn && b.Phase() == Movement {
					continue
				}
				want := b.checkOnCopy(o)
				if err := b.Check(o); (err == nil) != (want == nil) || err != nil && err.(*OrderError).Err.Error() != want.Error() {
					t.Errorf("%v phase: Check(%#v) = %v; on a copy %v", b.Phase(), o, err, want)
				}
			}
			for _, e := range b.units {
				if !e.OnMap() || e.Side == u.Side {
					continue
				}
				for gr := range 2 {
					o := FireAP{Units: []UnitID{u.ID}, Target: e.Pose.Hex, Grenades: gr}
					if b.surelyHarmless(o, harmless) {
						harmlessFound++
						if err := b.Check(o); err == nil {
							t.Errorf("%v phase: %#v found harmless, yet Check accepts it", b.Phase(), o)
						}
					}
				}
			}
		}
		if _, err := b.Apply(EndPhase{}); err != nil {
			t.Fatalf("ending the %v phase: %v", b.Phase(), err)
		}
	}
	if harmlessFound == 0 {
		t.Error("no AP attack found harmless: the test checks nothing of it")
	}
}
