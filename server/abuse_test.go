package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexfire/maps"
)

// TestOrderFloodCloses: a connection that gives orders faster than its
// limit is told why and closed (1008); its seat may connect again.
func TestOrderFloodCloses(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{OrdersPerSecond: 1, OrderBurst: 3})
	r := ts.newBattle(`{}`)
	flood, _ := ts.join(r.Allies)
	for i := range 4 {
		flood.write(fmt.Sprintf(`{"type":"order","id":"flood %d","order":{"order":"end-phase"}}`, i))
	}
	told := false
	for {
		m, err := flood.readErr(10 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("the flood ends with %v, want status 1008", err)
			}
			break
		}
		if m.Type == typeError {
			told = strings.Contains(m.Reason, "more than 1 orders a second")
		}
	}
	if !told {
		t.Error("the flood was not told why it was closed")
	}
	ts.join(r.Allies)
}

// TestConnectionsPerAddress: an address with as many connections open
// as it may is refused another (429) until one closes.
func TestConnectionsPerAddress(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{MaxConnsPerAddr: 2})
	first := ts.dial()
	ts.dial()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/play"
	_, resp, err := websocket.Dial(ctx, url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third connection from one address: %v, %v; want refused with 429", resp, err)
	}
	first.conn.Close(websocket.StatusNormalClosure, "")
	for deadline := time.Now().Add(10 * time.Second); ; {
		conn, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			conn.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("once one closed, a new connection is still refused: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// failingStore is a store whose AppendOrder fails while fail is set.
type failingStore struct {
	Store
	fail atomic.Bool
}

func (s *failingStore) AppendOrder(ctx context.Context, id int64, row OrderRow) error {
	if s.fail.Load() {
		return errors.New("disk full (the test's)")
	}
	return s.Store.AppendOrder(ctx, id, row)
}

// TestUnstoredOrderTakenBack: an order the store fails to keep is
// refused and the battle stands as before it: the same order given again
// once the store works is the battle's first, and each seat is sent one
// update, for it.
func TestUnstoredOrderTakenBack(t *testing.T) {
	store, err := OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	failing := &failingStore{Store: store}
	srv, err := New(failing, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, store: store, srv: srv, http: httptest.NewServer(srv.Handler())}
	defer func() { ts.http.Close(); srv.Close() }()
	r := ts.newBattle(`{}`)
	allies, _ := ts.join(r.Allies)
	axis, _ := ts.join(r.Axis)
	seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
	acting := seats[maps.Side(allies.head().Acting)]
	before := bytes.Clone(acting.view)
	failing.fail.Store(true)
	if m := acting.order("lost", endPhase); m.Type != typeRefused || !strings.Contains(m.Reason, "could not store") {
		t.Fatalf("an order the store failed to keep: %s", m.raw)
	}
	srv.mu.Lock()
	h := srv.battles[r.Battle]
	srv.mu.Unlock()
	h.mu.Lock()
	if n := h.ump.OrderCount(); n != 0 {
		t.Errorf("after the lost order the battle has taken %d orders", n)
	}
	h.mu.Unlock()
	failing.fail.Store(false)
	endPhases(t, seats, 1)
	orders, err := store.Orders(context.Background(), r.Battle)
	if err != nil {
		t.Fatal(err)
	}
	if len(orders) != 1 || bytes.Equal(acting.view, before) {
		t.Errorf("after a lost order and a stored one: %d orders stored, view changed %t", len(orders), !bytes.Equal(acting.view, before))
	}
}
