package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexfire/maps"
	"hexfire/remote"
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
		if m.Type == remote.TypeError {
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
	srv, err := New(failing, testOptions(t, Options{}))
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
	if m := acting.order("lost", endPhase); m.Type != remote.TypeRefused || !strings.Contains(m.Reason, "could not store") {
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
	orders, err := store.Orders(context.Background(), r.Battle, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(orders) != 1 || bytes.Equal(acting.view, before) {
		t.Errorf("after a lost order and a stored one: %d orders stored, view changed %t", len(orders), !bytes.Equal(acting.view, before))
	}
}

// TestStoppedBattle: a battle stopped for a fault of the server's own
// (an order it could neither store nor take back) disconnects its seats
// with the reason and from then on welcomes no one and answers no save,
// while the server's other battles play on.
func TestStoppedBattle(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{}`)
	other := ts.newBattle(`{}`)
	allies, _ := ts.join(r.Allies)
	ts.srv.mu.Lock()
	h := ts.srv.battles[r.Battle]
	ts.srv.mu.Unlock()
	h.mu.Lock()
	h.stop(errors.New("order 1 could not be stored nor taken back"))
	h.mu.Unlock()
	for {
		m, err := allies.readErr(10 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusInternalError {
				t.Errorf("the stopped battle's seat is disconnected with %v, want status 1011", err)
			}
			break
		}
		if m.Type == remote.TypeError && !strings.Contains(m.Reason, "is stopped") {
			t.Errorf("the stopped battle's seat is told %s", m.raw)
		}
	}
	sc := ts.dial()
	sc.write(fmt.Sprintf(`{"type":"hello","token":%q}`, r.Allies))
	if m := sc.read(); m.Type != remote.TypeError || !strings.Contains(m.Reason, "is stopped") {
		t.Errorf("a hello to the stopped battle: %s", m.raw)
	}
	req, _ := http.NewRequest(http.MethodGet, ts.http.URL+"/save", nil)
	req.Header.Set("Authorization", "Bearer "+r.Allies)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("GET /save of the stopped battle: %s", resp.Status)
	}
	if _, w := ts.join(other.Allies); w.Type != remote.TypeWelcome {
		t.Errorf("the other battle: %s", w.raw)
	}
}

// TestSaveAndSeedRefusals: GET /save without a token or with one no seat
// has is refused (401, 403), and a seed that is not a decimal uint64 is
// refused naming the field.
func TestSaveAndSeedRefusals(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{"seed":"18446744073709551615"}`)
	for _, c := range []struct {
		authorization string
		status        int
	}{{"", http.StatusUnauthorized}, {"Basic " + r.Allies, http.StatusUnauthorized}, {"Bearer x" + r.Allies, http.StatusForbidden}, {"Bearer " + r.Allies, http.StatusOK}} {
		req, _ := http.NewRequest(http.MethodGet, ts.http.URL+"/save", nil)
		if c.authorization != "" {
			req.Header.Set("Authorization", c.authorization)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status || (c.status == http.StatusOK && resp.Header.Get(remote.SaveKindHeader) != remote.SaveKindView) {
			t.Errorf("GET /save with Authorization %q: %s (%s %q), want %d", c.authorization, resp.Status, remote.SaveKindHeader, resp.Header.Get(remote.SaveKindHeader), c.status)
		}
	}
	for _, seed := range []string{"-1", "18446744073709551616", "0x10", "1.5"} {
		status, data := ts.create(fmt.Sprintf(`{"seed":%q}`, seed))
		if status != http.StatusBadRequest || !strings.Contains(string(data), `field \"seed\"`) {
			t.Errorf("seed %s: %d %s", seed, status, data)
		}
	}
}

// TestSeatConnections: a seat's token may be presented again, from
// another device, while its first connection is open: each connection is
// welcomed and sent the side's updates, up to MaxConnsPerSeat; one more
// is refused with the reason (1013) until one of them closes.
func TestSeatConnections(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{MaxConnsPerSeat: 2})
	r := ts.newBattle(`{"fog":false}`)
	first, _ := ts.join(r.Allies)
	second, _ := ts.join(r.Allies)
	axis, _ := ts.join(r.Axis)
	third := ts.dial()
	third.write(fmt.Sprintf(`{"type":"hello","token":%q}`, r.Allies))
	if m := third.read(); m.Type != remote.TypeError || !strings.Contains(m.Reason, "2 connections open already") {
		t.Errorf("a third connection of the Allied seat: %s", m.raw)
	}
	if _, err := third.readErr(10 * time.Second); websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Errorf("a third connection of the Allied seat ends with %v, want status 1013", err)
	}
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: first, maps.Axis: axis}, 1)
	if m := second.read(); m.Type != remote.TypeUpdate {
		t.Errorf("the second Allied connection was sent %s, not the update", m.raw)
	}
	first.conn.Close(websocket.StatusNormalClosure, "")
	for {
		again := ts.dial()
		again.write(fmt.Sprintf(`{"type":"hello","token":%q}`, r.Allies))
		if m := again.read(); m.Type == remote.TypeWelcome {
			break
		} else if !strings.Contains(m.Reason, "open already") {
			t.Fatalf("a connection once the first closed: %s", m.raw)
		}
		time.Sleep(20 * time.Millisecond) // the server has yet to see the first close
	}
}

// TestComputerTriesAgain: a computer player whose order the store fails
// to keep decides again a second later, and once the store keeps orders
// again plays its phase to its end, as the person waiting on it sees.
func TestComputerTriesAgain(t *testing.T) {
	store, err := OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	failing := &failingStore{Store: store}
	failing.fail.Store(true)
	srv, err := New(failing, testOptions(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, store: store, srv: srv, http: httptest.NewServer(srv.Handler())}
	defer func() { ts.http.Close(); srv.Close() }()
	r := ts.newBattle(`{"allies":"opponent"}`) // the Allies act first in the default scenario
	axis, _ := ts.join(r.Axis)
	if acting := axis.head().Acting; acting != string(maps.Allies) {
		t.Fatalf("the %s act first, want the Allies", acting)
	}
	time.Sleep(1500 * time.Millisecond) // a try or two refused by the store
	failing.fail.Store(false)
	for axis.head().Acting != string(maps.Axis) {
		axis.read()
	}
}

// TestRequestsPerAddress: the HTTP requests of one address count among
// its connections (a GET /save while its WebSockets fill them is refused
// with 429), and more requests than its bucket holds are refused with
// 429 and the reason, other requests' answers unharmed.
func TestRequestsPerAddress(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{MaxConnsPerAddr: 2, RequestsPerSecond: 1e-6, RequestBurst: 4})
	r := ts.newBattle(`{}`) // the bucket's first request
	save := func() (int, string) {
		req, _ := http.NewRequest(http.MethodGet, ts.http.URL+"/save", nil)
		req.Header.Set("Authorization", "Bearer "+r.Allies)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var answer struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&answer)
		return resp.StatusCode, answer.Error
	}
	a, b := ts.dial(), ts.dial()
	if status, reason := save(); status != http.StatusTooManyRequests || !strings.Contains(reason, "too many connections") {
		t.Errorf("GET /save with the address's connections all open: %d %q, want 429", status, reason)
	}
	a.conn.Close(websocket.StatusNormalClosure, "")
	b.conn.Close(websocket.StatusNormalClosure, "")
	var statuses []int
	for deadline := time.Now().Add(10 * time.Second); len(statuses) < 4 && time.Now().Before(deadline); {
		status, reason := save()
		if status == http.StatusTooManyRequests && strings.Contains(reason, "too many connections") {
			time.Sleep(10 * time.Millisecond) // the WebSockets not yet seen closed
			continue
		}
		statuses = append(statuses, status)
		if status == http.StatusTooManyRequests && !strings.Contains(reason, "requests a second") {
			t.Errorf("a request over the bucket: %q", reason)
		}
	}
	// The creation took one of four; three saves fit, the fourth not.
	if want := []int{200, 200, 200, 429}; !slices.Equal(statuses, want) {
		t.Errorf("four GET /save after a creation, a bucket of four: %v, want %v", statuses, want)
	}
}
