package umpire

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/combat/elimination" // the default scenario's ruleset
	"hexfire/maps"
	"hexfire/units"
)

// newBattle is the default scenario with seed 3, under fog or in the open.
func newBattle(t *testing.T, fog battle.FogSetting) *battle.Battle {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := battle.OpenScenario(battle.EmbeddedPrefix+maps.DefaultPath, cat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: 3, Fog: fog})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newUmpire(t *testing.T, fog battle.FogSetting) *Umpire {
	t.Helper()
	u, err := New(newBattle(t, fog))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// endPhases ends n phases, each with a reason of its own.
func endPhases(t *testing.T, u *Umpire, n int) [][]battle.Event {
	t.Helper()
	var all [][]battle.Event
	for i := range n {
		events, err := u.Apply(battle.EndPhase{}, "reason "+string(rune('a'+i)))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, events)
	}
	return all
}

// TestSeedAndBattleKept: under fog the seed and the battle stay the
// umpire's until the battle is over; in the open the seed is shown.
func TestSeedAndBattleKept(t *testing.T) {
	if _, err := New(nil); err == nil {
		t.Error("an umpire of no battle")
	}
	open := newUmpire(t, battle.FogOff)
	if open.Seed() != 3 {
		t.Errorf("open battle: seed %d, want 3", open.Seed())
	}
	u := newUmpire(t, battle.FogOn)
	if u.Seed() != 0 {
		t.Errorf("under fog the seed %d is shown before the end", u.Seed())
	}
	if _, over := u.Revealed(); over {
		t.Error("the battle is revealed before its end")
	}
	for i := 0; !u.Over(); i++ {
		if i == 1000 {
			t.Fatal("1,000 phases ended and the battle goes on")
		}
		if _, err := u.Apply(battle.EndPhase{}, ""); err != nil {
			t.Fatal(err)
		}
	}
	if b, over := u.Revealed(); !over || b == nil || u.Seed() != 3 {
		t.Errorf("after the end: revealed %v, seed %d; want the battle and seed 3", over, u.Seed())
	}
	// Its replay, from the start, may show the seed; that of a battle not
	// over may not.
	fresh := newUmpire(t, battle.FogOn)
	fresh.Replays(Record(u.b))
	if fresh.Seed() != 3 {
		t.Errorf("the replay of the battle over: seed %d, want 3", fresh.Seed())
	}
	unfinished := newUmpire(t, battle.FogOn)
	unfinished.Replays(Record(newUmpire(t, battle.FogOn).b))
	if unfinished.Seed() != 0 {
		t.Errorf("the replay of a battle not over shows the seed %d", unfinished.Seed())
	}
}

// TestHistoryAndRewind: History gives every order again with its reason
// and the events it had; Rewound stands where the battle stood then, and
// a recording played on a fresh umpire ends where the battle did.
func TestHistoryAndRewind(t *testing.T) {
	u := newUmpire(t, battle.FogOn)
	given := endPhases(t, u, 3)
	var steps []Step
	if err := u.History(func(s Step) error { steps = append(steps, s); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 3 {
		t.Fatalf("%d steps, want 3", len(steps))
	}
	for i, s := range steps {
		if s.Why != "reason "+string(rune('a'+i)) || s.Order != (battle.EndPhase{}) || s.Before == nil || !slices.EqualFunc(s.Events, given[i], sameText) {
			t.Errorf("step %d: %+v, want the order with its reason and events %v", i+1, s, given[i])
		}
	}

	two := newUmpire(t, battle.FogOn)
	endPhases(t, two, 2)
	back, err := u.Rewound(2)
	if err != nil {
		t.Fatal(err)
	}
	if back.OrderCount() != 2 || back.Digest() != two.Digest() || back.b.Why(1) != "reason b" {
		t.Errorf("rewound to 2 orders: %d orders, digest equal %v, reason %q", back.OrderCount(), back.Digest() == two.Digest(), back.b.Why(1))
	}

	replay := newUmpire(t, battle.FogOn)
	rec := Record(u.b)
	for i := range rec.Len() {
		s, err := replay.Play(rec, i)
		if err != nil || s.Why != "reason "+string(rune('a'+i)) {
			t.Fatalf("playing order %d: %+v, %v", i+1, s, err)
		}
	}
	if replay.Digest() != u.Digest() {
		t.Error("the recording played out stands elsewhere than the battle")
	}
	if _, err := replay.Play(rec, 3); err == nil {
		t.Error("playing an order past the recording's end")
	}
}

// sameText reports whether two events read alike.
func sameText(a, b battle.Event) bool {
	return a.Kind == b.Kind && a.Text == b.Text && a.Unseen == b.Unseen
}

// TestReplayShowsAllOnlyOfAFinishedBattle: the replay of a battle that is
// over shows the Allies every Axis unit from the start; the replay of one
// still going shows them what they knew.
func TestReplayShowsAllOnlyOfAFinishedBattle(t *testing.T) {
	axisOnMap := func(b *battle.Battle) int {
		n := 0
		for _, u := range b.Units() {
			if u.Side == maps.Axis && u.OnMap() {
				n++
			}
		}
		return n
	}
	going := newUmpire(t, battle.FogOn)
	endPhases(t, going, 2)
	over := newUmpire(t, battle.FogOn)
	for i := 0; !over.Over(); i++ {
		if i == 1000 {
			t.Fatal("1,000 phases ended and the battle goes on")
		}
		if _, err := over.Apply(battle.EndPhase{}, ""); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		rec  *Umpire
		all  bool
	}{{"over", over, true}, {"going on", going, false}} {
		start := newBattle(t, battle.FogOn)
		total := axisOnMap(start)
		u, err := New(start)
		if err != nil {
			t.Fatal(err)
		}
		u.Replays(Record(tt.rec.b))
		if n := len(u.View(maps.Allies).Enemy); (n == total) != tt.all {
			t.Errorf("replay of a battle %s: the Allies see %d of %d Axis units at the start", tt.name, n, total)
		}
	}
}

// viewRecorder is a computer player that ends every phase and keeps the
// views it is shown.
type viewRecorder struct{ views *[]*battle.View }

func (r viewRecorder) Next(v *battle.View) (battle.Order, string) {
	*r.views = append(*r.views, v)
	return battle.EndPhase{}, "recorded"
}

// TestSeat: a seated player is made from its side's view with the seat's
// seed, is asked only while its side acts, and is shown only its side's
// view: under fog, a known battle without the enemy units it has not
// spotted (the default scenario's Germans set up hidden).
func TestSeat(t *testing.T) {
	u := newUmpire(t, battle.FogOn)
	var views []*battle.View
	seeds := map[maps.Side]uint64{}
	seat := func(side maps.Side) *Seat {
		s, err := u.NewSeat(side, func(v *battle.View, seed uint64, level string) (Player, error) {
			views, seeds[side] = append(views, v), seed
			return viewRecorder{&views}, nil
		}, "normal")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	allies, axis := seat(maps.Allies), seat(maps.Axis)
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if seeds[side] != SeatSeed(3, side) {
			t.Errorf("the %s seat was made with seed %d, want SeatSeed(3, %s) = %d", side, seeds[side], side, SeatSeed(3, side))
		}
	}
	if _, err := u.NewSeat("nobody", nil, ""); err == nil {
		t.Error("a seat for no side")
	}
	if u.Acting() != maps.Allies {
		t.Fatalf("fixture: the %s act first", u.Acting())
	}
	if _, _, err := u.Ask(axis); err == nil {
		t.Error("the Axis player was asked while the Allies act")
	}
	o, why, err := u.Ask(allies)
	if err != nil || o != (battle.EndPhase{}) || why != "recorded" {
		t.Fatalf("Ask = %v, %q, %v; want the player's EndPhase", o, why, err)
	}
	shown := views[len(views)-1]
	if shown.Side != maps.Allies || views[0].Side != maps.Allies || views[1].Side != maps.Axis {
		t.Errorf("the views shown are of the %s, %s and %s; want the Allies, the Axis, then the Allies", views[0].Side, views[1].Side, shown.Side)
	}
	unseen := 0
	for _, e := range u.b.Units() {
		if e.Side == maps.Axis && u.b.Knowledge(maps.Allies, e).Known != battle.Spotted {
			unseen++
			if shown.Known().Unit(e.ID) != nil {
				t.Errorf("the Allied player's known battle holds %s, which the Allies have not spotted", e.Label())
			}
		}
	}
	if unseen == 0 {
		t.Fatal("fixture: the Allies have spotted every German unit")
	}
}

// TestSeatSeed: a seat's seed is fixed by the battle's seed and the side,
// differs between the sides, and is not the battle's seed.
func TestSeatSeed(t *testing.T) {
	for _, seed := range []uint64{0, 1, 3, 1 << 63} {
		a, x := SeatSeed(seed, maps.Allies), SeatSeed(seed, maps.Axis)
		if a != SeatSeed(seed, maps.Allies) || a == x || a == seed || x == seed {
			t.Errorf("seed %d: seats' seeds %d and %d", seed, a, x)
		}
	}
}
