package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/server/servertest"
)

// sharedStore opens one more handle on a database, as one more server
// process would: kind "sqlite" (a file at db) or "postgres" (db a URL).
func sharedStore(t *testing.T, kind, db string) Store {
	t.Helper()
	if kind == "postgres" {
		store, err := OpenPostgres(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		return store
	}
	store, err := OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// sharedDatabases are the kinds of database the tests of several servers
// share: a SQLite file always, PostgreSQL when servertest.PostgresEnv gives one.
func sharedDatabases(t *testing.T, test func(t *testing.T, kind, db string)) {
	t.Run("sqlite", func(t *testing.T) { test(t, "sqlite", filepath.Join(t.TempDir(), "hexfire.db")) })
	t.Run("postgres", func(t *testing.T) { test(t, "postgres", servertest.PostgresURL(t)) })
}

// deaf is a store that is not told of the orders others store: its
// server's battles stand still until they catch up themselves.
type deaf struct{ Store }

// counting is a store that counts the orders it stored and those it was
// refused as taken (ErrOrderExists).
type counting struct {
	Store
	stored, taken atomic.Int64
}

func (s *counting) AppendOrder(ctx context.Context, id int64, row OrderRow) error {
	err := s.Store.AppendOrder(ctx, id, row)
	switch {
	case err == nil:
		s.stored.Add(1)
	case errors.Is(err, ErrOrderExists):
		s.taken.Add(1)
	}
	return err
}

// serveStore serves store on loopback, closing both after the test.
func serveStore(t *testing.T, store Store, opts Options) *testServer {
	t.Helper()
	srv, err := New(store, testOptions(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, store: store, srv: srv, http: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.stop)
	return ts
}

// TestStaleServerCatchesUp: two servers share one database, and one is
// never told of the other's orders. An order given through the one left
// behind finds the next number taken, so that server catches up (its
// client sent the orders it missed), checks the order again on the
// battle as it now stands and stores it after them; the other, given an
// order next, catches up the same way. A third server started on the
// database rebuilds the battle as both see it.
func TestStaleServerCatchesUp(t *testing.T) {
	sharedDatabases(t, func(t *testing.T, kind, db string) {
		a := serveStore(t, deaf{sharedStore(t, kind, db)}, Options{})
		b := serveStore(t, deaf{sharedStore(t, kind, db)}, Options{})
		r := a.newBattle(`{"fog":false}`)
		alliesA, _ := a.join(r.Allies)
		axisA, _ := a.join(r.Axis)
		alliesB, wb := b.join(r.Allies) // b finds the battle in the database
		if !bytes.Equal(wb.View, alliesA.view) {
			t.Fatalf("the second server welcomes the Allies with another view:\n%s\nnot\n%s", wb.View, alliesA.view)
		}
		seatsA := map[maps.Side]*seatConn{maps.Allies: alliesA, maps.Axis: axisA}
		endPhases(t, seatsA, 3)
		for alliesA.head().Acting != string(maps.Allies) {
			endPhases(t, seatsA, 1)
		}
		stored, err := a.store.Orders(context.Background(), r.Battle, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(alliesB.view, wb.View) {
			t.Fatal("the server told of no order was sent an update")
		}
		// b's battle is len(stored) orders behind.
		if m := alliesB.order("late", endPhase); m.Type != remote.TypeAccepted {
			t.Fatalf("an order through the server left behind: %s", m.raw)
		}
		alliesB.read() // the order's own update
		after, err := b.store.Orders(context.Background(), r.Battle, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(after) != len(stored)+1 {
			t.Fatalf("%d orders stored, then %d after one more", len(stored), len(after))
		}
		// a is now one order behind: its Allied view is the one before.
		acting := maps.Side(alliesB.head().Acting)
		if m := seatsA[acting].order("next", endPhase); m.Type != remote.TypeAccepted {
			t.Fatalf("an order through the first server, one behind: %s", m.raw)
		}
		seatsA[acting].read()
		_, wa := a.join(r.Allies)
		_, wb2 := b.join(r.Allies)
		c := serveStore(t, sharedStore(t, kind, db), Options{})
		_, wc := c.join(r.Allies)
		if !bytes.Equal(wa.View, wb2.View) || !bytes.Equal(wa.View, wc.View) {
			t.Errorf("after the catch-ups the servers' Allied views differ:\n%s\n%s\n%s", wa.View, wb2.View, wc.View)
		}
		final, _ := c.store.Orders(context.Background(), r.Battle, 0)
		t.Logf("%d orders stored, %d of them through the server left behind", len(final), 1)
	})
}

// TestPostgresTellsOtherServers: two servers share one PostgreSQL; the
// Allies play through one and the Axis through the other, and each seat
// is sent its update after every order, the other server's told by
// PostgreSQL's NOTIFY.
func TestPostgresTellsOtherServers(t *testing.T) {
	db := servertest.PostgresURL(t)
	a := serveStore(t, sharedStore(t, "postgres", db), Options{})
	b := serveStore(t, sharedStore(t, "postgres", db), Options{})
	r := a.newBattle(`{"fog":false}`)
	allies, _ := a.join(r.Allies)
	axis, _ := b.join(r.Axis)
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}, 8)
	if a, x := allies.head(), axis.head(); a.Turn != x.Turn || a.Phase != x.Phase || a.Acting != x.Acting {
		t.Errorf("the seats disagree: %+v / %+v", a, x)
	}
}

// TestComputerPlayedOnce: two servers start on one database at once,
// each serving a battle whose computer side acts: both ask their
// computer player, and the order numbers decide whose order is stored.
// Each server's person seat ends up with the same view as a third
// server rebuilds from the database, so no server went on with an order
// that was not stored.
func TestComputerPlayedOnce(t *testing.T) {
	sharedDatabases(t, func(t *testing.T, kind, db string) {
		// The battle is made on a server of a store that fails every
		// order, so that its computer has given none when the two start.
		creator := sharedStore(t, kind, db)
		failing := &failingStore{Store: creator}
		failing.fail.Store(true)
		c := serveStore(t, failing, Options{})
		r := c.newBattle(`{"allies":"opponent:easy","axis":"person","fog":false,"seed":"3"}`)
		c.stop()
		var servers []*testServer
		var counts []*counting
		for range 2 {
			counts = append(counts, &counting{Store: sharedStore(t, kind, db)})
			servers = append(servers, serveStore(t, counts[len(counts)-1], Options{}))
		}
		var views [][]byte
		for _, s := range servers {
			axis, _ := s.join(r.Axis)
			deadline := time.Now().Add(2 * time.Minute)
			for axis.head().Acting != string(maps.Axis) {
				if time.Now().After(deadline) {
					t.Fatalf("the Allied computer did not finish its phase: %+v", axis.head())
				}
				axis.read()
			}
			views = append(views, axis.view)
		}
		check := serveStore(t, sharedStore(t, kind, db), Options{})
		_, w := check.join(r.Axis)
		for i, v := range views {
			if !bytes.Equal(v, w.View) {
				t.Errorf("server %d's Axis view is not the battle the database rebuilds", i+1)
			}
		}
		orders, _ := check.store.Orders(context.Background(), r.Battle, 0)
		stored := counts[0].stored.Load() + counts[1].stored.Load()
		t.Logf("%d computer orders stored before the Axis act: %d by the first server, %d by the second; %d found taken", len(orders),
			counts[0].stored.Load(), counts[1].stored.Load(), counts[0].taken.Load()+counts[1].taken.Load())
		if len(orders) == 0 || int64(len(orders)) != stored {
			t.Errorf("%d orders in the database, %d stored by the servers: each should be stored once", len(orders), stored)
		}
	})
}

// TestStoreContract: both stores keep a battle with its seats and files,
// find it by a seat's token hash, take its orders in number order only
// (a number taken is ErrOrderExists, one beyond the next an error) and
// read them back from any number on. Orders of many battles given at
// once are each stored, one taken refused alone.
func TestStoreContract(t *testing.T) {
	sharedDatabases(t, func(t *testing.T, kind, db string) {
		store := sharedStore(t, kind, db)
		defer store.Close()
		ctx := context.Background()
		hash := hashToken("a token")
		rec := BattleRecord{Scenario: remote.UploadPrefix + "m.tmx", ScenarioDigest: "s", CatalogueDigest: "c", Ruleset: "r", Fog: true, Seed: 1 << 63, Version: 10, Digest: "d0",
			Seats: []SeatRecord{{Side: maps.Allies, Player: remote.Person, TokenHash: hash}, {Side: maps.Axis, Player: "opponent"}},
			Files: map[string][]byte{"m.tmx": []byte("<map/>"), "t.png": {0, 1, 2}}}
		var ids []int64
		for range 20 {
			id, err := store.CreateBattle(ctx, rec)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		got, ok, err := store.BattleOfToken(ctx, hash)
		if err != nil || !ok || got.Seed != rec.Seed || !bytes.Equal(got.Files["t.png"], rec.Files["t.png"]) || len(got.Seats) != 2 {
			t.Fatalf("BattleOfToken: %+v %t %v", got, ok, err)
		}
		if _, ok, err := store.BattleOfToken(ctx, hashToken("another")); ok || err != nil {
			t.Errorf("BattleOfToken of a token no seat has: %t %v", ok, err)
		}
		all, err := store.Battles(ctx)
		if err != nil || len(all) != 20 || len(all[19].Files) != 2 || all[19].Scenario != rec.Scenario {
			t.Fatalf("Battles: %d, %v", len(all), err)
		}
		row := func(n int) OrderRow {
			return OrderRow{Number: n, Record: battle.OrderRecord{Order: "end-phase"}, Digest: fmt.Sprint("d", n)}
		}
		// Order 1 of every battle at once, and of the first twice.
		errs := make([]error, len(ids)+1)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() { errs[i] = store.AppendOrder(ctx, ids[i%len(ids)], row(1)) })
		}
		wg.Wait()
		taken := 0
		for i, err := range errs {
			if errors.Is(err, ErrOrderExists) && i%len(ids) == 0 {
				taken++
			} else if err != nil {
				t.Errorf("order 1 of battle %d: %v", ids[i%len(ids)], err)
			}
		}
		if taken != 1 {
			t.Errorf("order 1 of battle %d given twice at once: %d refused as taken, want 1", ids[0], taken)
		}
		if err := store.AppendOrder(ctx, ids[0], row(3)); err == nil || errors.Is(err, ErrOrderExists) || !strings.Contains(err.Error(), "its next is 2") {
			t.Errorf("order 3 after 1: %v", err)
		}
		if err := store.AppendOrder(ctx, ids[0], row(2)); err != nil {
			t.Fatal(err)
		}
		for after, want := range []int{2, 1, 0} {
			orders, err := store.Orders(ctx, ids[0], after)
			if err != nil || len(orders) != want || want > 0 && (orders[0].Number != after+1 || orders[0].Digest != fmt.Sprint("d", after+1)) {
				t.Errorf("Orders after %d: %+v %v, want %d", after, orders, err, want)
			}
		}
	})
}
