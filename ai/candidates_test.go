package ai

import (
	"iter"
	"reflect"
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// orders yields c's orders in their order.
func (c candidates) orders() iter.Seq[battle.Order] {
	return func(yield func(battle.Order) bool) {
		for i := range c.count() {
			if !yield(c.at(i)) {
				return
			}
		}
	}
}

// TestBlocks numbers the orders of blocks of literal sizes, empty blocks
// among them, and sizes for empty only the blocks up to the first with an
// order.
func TestBlocks(t *testing.T) {
	tests := []struct {
		sizes     []int
		empty     bool
		sizedThen int      // blocks sized by empty
		want      [][2]int // block and index in it, of each order
	}{
		{nil, true, 0, nil},
		{[]int{0, 0}, true, 2, nil},
		{[]int{1}, false, 1, [][2]int{{0, 0}}},
		{[]int{2, 0, 3}, false, 1, [][2]int{{0, 0}, {0, 1}, {2, 0}, {2, 1}, {2, 2}}},
		{[]int{0, 1, 0, 0, 2}, false, 2, [][2]int{{1, 0}, {4, 0}, {4, 1}}},
	}
	for _, tt := range tests {
		sized := 0
		bs := &blocks{n: len(tt.sizes), size: func(k int) int { sized++; return tt.sizes[k] }}
		if got := bs.empty(); got != tt.empty || sized != tt.sizedThen {
			t.Errorf("blocks of %v: empty %v after sizing %d, want %v after %d", tt.sizes, got, sized, tt.empty, tt.sizedThen)
		}
		var got [][2]int
		for i := range bs.total() {
			block, j := bs.find(i)
			got = append(got, [2]int{block, j})
		}
		if !slices.Equal(got, tt.want) || sized != len(tt.sizes) {
			t.Errorf("blocks of %v: %v, want %v, each sized once (%d times)", tt.sizes, got, tt.want, sized)
		}
	}
}

// TestCandidatesIn makes the orders of each and listed candidates in
// literal orders of indices, and stops making them when the caller stops.
func TestCandidatesIn(t *testing.T) {
	tests := []struct {
		c       candidates
		indices []int
		want    []battle.Order
	}{
		{listed(nil), nil, nil},
		{listed([]battle.Order{battle.Pass{}, battle.EndPhase{}}), []int{1, 0}, []battle.Order{battle.EndPhase{}, battle.Pass{}}},
		{each(2, 3, func(a, j int) battle.Order { return battle.Advance{Unit: battle.UnitID(a + 1), To: board.Hex{Q: j}} }), []int{5, 0, 3, 2},
			[]battle.Order{battle.Advance{Unit: 2, To: board.Hex{Q: 2}}, battle.Advance{Unit: 1}, battle.Advance{Unit: 2}, battle.Advance{Unit: 1, To: board.Hex{Q: 2}}}},
		{each(3, 0, nil), nil, nil},
	}
	for _, tt := range tests {
		if got := slices.Collect(tt.c.in(tt.indices)); !slices.Equal(got, tt.want) {
			t.Errorf("orders %v: %v, want %v", tt.indices, got, tt.want)
		}
	}
	made := 0
	c := counted(10, func(i int) battle.Order { made++; return battle.Pass{} })
	for range c.in([]int{3, 1, 4, 1, 5}) {
		break
	}
	if made != 1 {
		t.Errorf("made %d orders for the first one, want 1", made)
	}
}

// TestRandomKindsAsListed compares the Random player's lazy candidates,
// kind by kind, with the lists it made before they were lazy (eagerKinds,
// eagerAP: that code as it was), on a small battle of infantry, a leader,
// tanks, a halftrack and a mortar, with smoke, in each phase of two turns, for the
// acting side: the same kinds, the same orders in the same order. The
// shuffle draws over the same count and picks the same index, so the
// player's dice and orders are as before.
func TestRandomKindsAsListed(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN, ""},
		{"US Rifle Squad", maps.Allies, "C4", 0, ""},
		{"US Rifle Squad", maps.Allies, "C4", 0, ""},
		{"US Leader", maps.Allies, "C4", 0, ""},
		{"M3 Halftrack", maps.Allies, "D5", board.DirN, ""},
		{"German Rifle Squad", maps.Axis, "C3", 0, ""},
		{"German Rifle Squad", maps.Axis, "D2", 0, ""},
		{"Tiger I", maps.Axis, "F2", board.DirS, ""},
		{"German Panzerschreck Team", maps.Axis, "E1", 0, ""},
	}, placed: map[int]map[string]string{8: {"weapons": "5cm Mortar"}}, props: map[string]string{"smoke_allies": "3", "smoke_axis": "2"}}.battle(t)
	compared := map[battle.Phase]int{}
	for range 10 {
		side := b.Acting()
		want := eagerKinds(b, side)
		var got [][]battle.Order
		for _, k := range randomKinds(b, side) {
			got = append(got, slices.Collect(k.orders()))
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%v phase, %s: lazy kinds\n%v\nwant\n%v", b.Phase(), side, got, want)
		}
		for _, k := range want {
			compared[b.Phase()] += len(k)
		}
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []battle.Phase{battle.FirePhase, battle.Movement, battle.DefensiveFire, battle.AdvancePhase} {
		if compared[p] == 0 {
			t.Errorf("no candidate in the %v phase: nothing compared", p)
		}
	}
}

// TestRandomAPAsListed compares the lazy AP attacks at a moving enemy,
// lanes among them, with the list made before (eagerAP).
func TestRandomAPAsListed(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "E6", 0, ""},
		{"German Rifle Squad", maps.Axis, "E1", 0, ""},
		{"German Rifle Squad", maps.Axis, "E1", 0, ""},
		{"German Leader", maps.Axis, "E1", 0, ""},
	}, placed: map[int]map[string]string{1: {"weapons": "MG34"}}}.battle(t)
	h := func(s string) board.Hex { x, _ := b.Board().ParseHex(s); return x }
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(battle.Move{Unit: 1, Path: []board.Pose{{Hex: h("E5")}, {Hex: h("E4")}}}); err != nil {
		t.Fatal(err)
	}
	if b.Moving() == nil {
		t.Fatal("no enemy moving")
	}
	targets := []board.Hex{b.Moving().Pose.Hex, h("E6")}
	got, want := slices.Collect(randomAP(b, maps.Axis, targets).orders()), eagerAP(b, maps.Axis, targets)
	if !reflect.DeepEqual(got, want) || len(want) == 0 {
		t.Errorf("lazy AP attacks\n%v\nwant\n%v", got, want)
	}
}

// eagerKinds is randomKinds as it was before its candidates were lazy.
func eagerKinds(b *battle.Battle, side maps.Side) [][]battle.Order {
	var mine, enemies []*battle.Unit
	var enemyHexes []board.Hex
	for _, u := range b.Units() {
		switch {
		case !u.OnMap():
		case u.Side == side:
			mine = append(mine, u)
		case u.Dummy(): // nothing to fire at
		default:
			enemies = append(enemies, u)
			if !slices.Contains(enemyHexes, u.Pose.Hex) {
				enemyHexes = append(enemyHexes, u.Pose.Hex)
			}
		}
	}
	bd := b.Board()
	var fire, smoke, place, move, overrun, advance, turn, load, unload []battle.Order
	for _, u := range mine {
		switch b.Phase() {
		case battle.FirePhase, battle.DefensiveFire:
			for _, e := range enemies {
				fire = append(fire, battle.Fire{Unit: u.ID, Target: e.ID})
			}
			if b.Phase() == battle.FirePhase && (!u.Type.Kind.Infantry() || firesMortar(b, u)) && !u.Has(battle.Fired) && b.SmokeSupply(side) >= 2 {
				for h := range bd.Hexes() {
					smoke = append(smoke, battle.FireSmoke{Unit: u.ID, Hex: h})
				}
			}
		case battle.Movement:
			for _, h := range append([]board.Hex{u.Pose.Hex}, neighbours(u.Pose.Hex)...) {
				place = append(place, battle.PlaceSmoke{Unit: u.ID, Hex: h})
			}
			for _, o := range b.Overruns(u) {
				overrun = append(overrun, o)
			}
			if b.CheckMove(u) == nil {
				reach := bd.Reachable(b.MoveSpec(u), u.Pose, b.Occupancy(u))
				for _, p := range reach.Poses() {
					if path, ok := reach.PosesTo(p); ok && len(path) > 0 {
						move = append(move, battle.Move{Unit: u.ID, Path: path})
					}
				}
			}
		case battle.AdvancePhase:
			for _, h := range neighbours(u.Pose.Hex) {
				advance = append(advance, battle.Advance{Unit: u.ID, To: h})
			}
		}
		for _, t := range []int{1, -1} {
			turn = append(turn, battle.Turn{Unit: u.ID, Facing: u.Pose.Facing.Rotate(t)})
		}
		if u.Carrier != 0 {
			unload = append(unload, battle.Unload{Unit: u.ID})
		}
		for _, c := range mine {
			rides := u.Type.Kind.Infantry() && !c.Type.Kind.Infantry()
			if c.ID != u.ID && c.Pose.Hex == u.Pose.Hex && (rides || u.Type.Kind == units.Gun && c.Type.Tows) {
				load = append(load, battle.Load{Unit: u.ID, Carrier: c.ID})
			}
		}
	}
	kinds := [][]battle.Order{fire, smoke, place, move, overrun, advance, turn, load, unload, randomArrivals(b, side), randomCalls(b, side, enemyHexes)}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		kinds = append(kinds, eagerAP(b, side, enemyHexes))
		if len(b.DeclaredShots()) > 0 {
			kinds = append(kinds, []battle.Order{battle.Resolve{}})
		}
	case battle.AdvancePhase:
		kinds = append(kinds, randomAssaults(b, mine, enemyHexes))
		if combat.VehicleAssaultOf(b.Rules()) != nil {
			kinds = append(kinds, randomVehicleAssaults(mine, enemies))
		}
	}
	return slices.DeleteFunc(kinds, func(k []battle.Order) bool { return len(k) == 0 })
}

// eagerAP is randomAP as it was before its candidates were lazy.
func eagerAP(b *battle.Battle, side maps.Side, targets []board.Hex) []battle.Order {
	var out []battle.Order
	for _, g := range groupsOf(b, side) {
		leaders := []battle.UnitID{0}
		for _, u := range g {
			if u.Type.Kind == units.Leader {
				leaders = append(leaders, u.ID)
			}
		}
		for _, s := range subsets(g) {
			for _, l := range leaders {
				if l != 0 && slices.Contains(s, l) {
					continue
				}
				for _, h := range targets {
					for gr := range b.GrenadeLimit(side, append(slices.Clone(s), l)...) + 1 {
						out = append(out, battle.FireAP{Units: s, Target: h, Leader: l, Grenades: gr})
					}
					if b.Moving() != nil && l == 0 {
						for _, p := range []battle.LanePattern{battle.LaneStraight, battle.LaneStaggerLeft, battle.LaneStaggerRight} {
							out = append(out, battle.FireAP{Units: s, Target: h, Lane: p})
						}
					}
				}
			}
		}
	}
	return out
}
