package server

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/remote"
)

// TestHiddenUnitNeverSent: under fog, an Axis unit the Allies never spot
// (the engine's own knowledge, replayed order by order) appears in no
// message the Allied seat receives before the battle is over, by its id
// or its name; the message that tells the end shows it (so the search
// would find it). The Axis are a person who only ends phases, or the
// computer opponent, who moves and fires.
func TestHiddenUnitNeverSent(t *testing.T) {
	t.Run("person", func(t *testing.T) {
		ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
		r := ts.newBattle(`{"fog":true}`)
		allies, _ := ts.join(r.Allies)
		axis, _ := ts.join(r.Axis)
		seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
		for allies.head().Result == nil {
			endPhases(t, seats, 1)
		}
		checkHidden(t, ts, r.Battle, allies)
	})
	t.Run("computer", func(t *testing.T) {
		ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
		r := ts.newBattle(`{"fog":true,"axis":"opponent:easy"}`)
		allies, _ := ts.join(r.Allies)
		for i := 0; allies.head().Result == nil; i++ {
			if allies.head().Acting != string(maps.Allies) {
				allies.read() // what the Allies see of the Axis orders
				continue
			}
			m := allies.order("order "+strconv.Itoa(i), endPhase)
			if m.Type == remote.TypeRefused { // an Axis unit moves in sight: no opportunity fire
				m = allies.order("pass "+strconv.Itoa(i), `{"order":"pass"}`)
			}
			if m.Type != remote.TypeAccepted {
				t.Fatalf("neither end-phase nor pass: %s", m.raw)
			}
			allies.read()
		}
		checkHidden(t, ts, r.Battle, allies)
	})
}

// checkHidden checks that no Axis unit the Allies never spotted in
// battle id is in the messages allies received before the last, which
// ends the battle and shows them all.
func checkHidden(t *testing.T, ts *testServer, id int64, allies *seatConn) {
	t.Helper()
	beforeEnd, end := allies.all[:len(allies.all)-1], allies.all[len(allies.all)-1]

	ts.srv.mu.Lock()
	h := ts.srv.battles[id]
	ts.srv.mu.Unlock()
	h.mu.Lock()
	b, over := h.ump.Revealed()
	h.mu.Unlock()
	if !over {
		t.Fatal("the battle the seats were told is over is not")
	}
	spotted := everSpotted(t, b)
	names := map[string]int{} // how many units bear each name
	for _, u := range b.Units() {
		names[u.Name]++
	}
	hidden := 0
	for _, u := range b.Units() {
		if u.Side != maps.Axis || spotted[u.ID] {
			continue
		}
		hidden++
		needles := [][]byte{[]byte(`"id":"` + strconv.Itoa(int(u.ID)) + `"`)}
		if names[u.Name] == 1 {
			needles = append(needles, []byte(strconv.Quote(u.Name)))
		}
		for _, needle := range needles {
			for i, msg := range beforeEnd {
				if bytes.Contains(msg, needle) {
					t.Errorf("Axis unit %d (%s), never spotted by the Allies, is in their message %d: %s found in %s", u.ID, u.Name, i+1, needle, msg)
				}
			}
			if !bytes.Contains(end, needle) {
				t.Errorf("the message that ends the battle does not show Axis unit %d (%s): %s not found", u.ID, u.Name, needle)
			}
		}
	}
	if hidden == 0 {
		t.Fatal("the Allies spotted every Axis unit: the test proves nothing")
	}
	size := 0
	for _, msg := range allies.all {
		size += len(msg)
	}
	t.Logf("%d Axis units never spotted; the Allied seat received %d messages, %d bytes (%d a message)", hidden, len(allies.all), size, size/len(allies.all))
}

// everSpotted replays battle b order by order and returns the Axis units
// the Allies had spotted or had a last sighting of at any moment.
func everSpotted(t *testing.T, b *battle.Battle) map[battle.UnitID]bool {
	t.Helper()
	nb, err := battle.New(b.Scenario(), b.Catalogue(), b.Config())
	if err != nil {
		t.Fatal(err)
	}
	spotted := map[battle.UnitID]bool{}
	look := func() {
		for _, u := range nb.Units() {
			if k := nb.Knowledge(maps.Allies, u); u.Side == maps.Axis && (k.Known == battle.Spotted || k.Last != nil) {
				spotted[u.ID] = true
			}
		}
	}
	look()
	for i, o := range b.Orders() {
		if _, err := nb.Apply(o); err != nil {
			t.Fatal(fmt.Errorf("replay, order %d: %w", i+1, err))
		}
		look()
	}
	return spotted
}
