package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/units"
)

// testServer is a server on loopback over a SQLite file.
type testServer struct {
	t     *testing.T
	store Store
	srv   *Server
	http  *httptest.Server
}

// testOptions is opts for a test's server: its log the test's, its
// catalogue the shipped one.
func testOptions(t *testing.T, opts Options) Options {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Logf, opts.Catalogue = t.Logf, cat
	return opts
}

// startServer serves the battles of the database at path.
func startServer(t *testing.T, path string, opts Options) *testServer {
	t.Helper()
	store, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(store, testOptions(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, store: store, srv: srv, http: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.stop)
	return ts
}

// stop closes the server and its database; again, it does nothing.
func (ts *testServer) stop() {
	if ts.srv == nil {
		return
	}
	ts.http.Close()
	ts.srv.Close()
	if err := ts.store.Close(); err != nil {
		ts.t.Error(err)
	}
	ts.srv = nil
}

// create posts body to /battles and returns the answer's status and body.
func (ts *testServer) create(body string) (int, []byte) {
	ts.t.Helper()
	resp, err := http.Post(ts.http.URL+"/battles", "application/json", strings.NewReader(body))
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	return resp.StatusCode, buf.Bytes()
}

// newBattle creates a battle and returns its answer.
func (ts *testServer) newBattle(body string) remote.Created {
	ts.t.Helper()
	status, data := ts.create(body)
	if status != http.StatusOK {
		ts.t.Fatalf("POST /battles %s: %d %s", body, status, data)
	}
	var r remote.Created
	if err := json.Unmarshal(data, &r); err != nil {
		ts.t.Fatal(err)
	}
	return r
}

// received is a server message as the tests read it.
type received struct {
	Type   string            `json:"type"`
	ID     string            `json:"id"`
	Reason string            `json:"reason"`
	Battle int64             `json:"battle"`
	Side   maps.Side         `json:"side"`
	View   json.RawMessage   `json:"view"`
	Log    []remote.LogEntry `json:"log"`
	raw    []byte
}

// viewHead is the part of a view's JSON the tests follow.
type viewHead struct {
	Turn    int    `json:"turn"`
	Phase   string `json:"phase"`
	Phasing string `json:"phasing"`
	Acting  string `json:"acting"`
	Result  *struct {
		Winner string `json:"winner"`
	} `json:"result"`
	Own []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"own"`
}

// seatConn is a test's connection to a seat.
type seatConn struct {
	t    *testing.T
	conn *websocket.Conn
	// all is every message received; view the last view.
	all  [][]byte
	view json.RawMessage
}

// dial connects to the server's WebSocket without a hello.
func (ts *testServer) dial() *seatConn {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/play", nil)
	if err != nil {
		ts.t.Fatal(err)
	}
	conn.SetReadLimit(1 << 20)
	sc := &seatConn{t: ts.t, conn: conn}
	ts.t.Cleanup(func() { conn.CloseNow() })
	return sc
}

// join connects to the seat of token and reads its welcome.
func (ts *testServer) join(token string) (*seatConn, received) {
	ts.t.Helper()
	sc := ts.dial()
	sc.write(fmt.Sprintf(`{"type":"hello","token":%q}`, token))
	m := sc.read()
	if m.Type != remote.TypeWelcome {
		ts.t.Fatalf("answer to a hello: %s", m.raw)
	}
	return sc, m
}

// write sends one text frame.
func (sc *seatConn) write(msg string) {
	sc.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sc.conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		sc.t.Fatal(err)
	}
}

// readErr reads the next message, or the error that ends the connection.
func (sc *seatConn) readErr(timeout time.Duration) (received, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, data, err := sc.conn.Read(ctx)
	if err != nil {
		return received{}, err
	}
	sc.all = append(sc.all, data)
	var m received
	if err := json.Unmarshal(data, &m); err != nil {
		return received{}, fmt.Errorf("a message not JSON: %w: %s", err, data)
	}
	m.raw = data
	if m.View != nil {
		sc.view = m.View
	}
	return m, nil
}

// read reads the next message.
func (sc *seatConn) read() received {
	sc.t.Helper()
	m, err := sc.readErr(30 * time.Second)
	if err != nil {
		sc.t.Fatal(err)
	}
	return m
}

// head is the seat's last view's head.
func (sc *seatConn) head() viewHead {
	sc.t.Helper()
	var wire struct {
		View viewHead `json:"view"` // the display form in View.Encode's
	}
	if err := json.Unmarshal(sc.view, &wire); err != nil {
		sc.t.Fatal(err)
	}
	return wire.View
}

// order sends an order record and reads up to its answer, which it
// returns.
func (sc *seatConn) order(id, record string) received {
	sc.t.Helper()
	sc.write(fmt.Sprintf(`{"type":"order","id":%q,"order":%s}`, id, record))
	for {
		m := sc.read()
		if m.Type == remote.TypeAccepted || m.Type == remote.TypeRefused {
			if m.ID != id {
				sc.t.Fatalf("answer %s to order %q", m.raw, id)
			}
			return m
		}
	}
}

const endPhase = `{"order":"end-phase"}`

// endPhases has the acting seat end n phases, and checks that each seat is
// sent one update after each.
func endPhases(t *testing.T, seats map[maps.Side]*seatConn, n int) {
	t.Helper()
	for i := range n {
		acting := maps.Side(seats[maps.Allies].head().Acting)
		if acting == "" {
			t.Fatalf("end-phase %d: the battle is over", i+1)
		}
		if m := seats[acting].order(fmt.Sprint("end-phase ", i), endPhase); m.Type != remote.TypeAccepted {
			t.Fatalf("end-phase %d of the %s: %s", i+1, acting, m.raw)
		}
		for side, sc := range seats {
			if m := sc.read(); m.Type != remote.TypeUpdate {
				t.Fatalf("after end-phase %d the %s were sent %s, not an update", i+1, side, m.raw)
			}
		}
	}
}

// TestNewWantsACatalogue: a server given no catalogue does not start,
// and says why, rather than load one on a ruleset it would pick.
func TestNewWantsACatalogue(t *testing.T) {
	store, err := OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv, err := New(store, Options{Logf: t.Logf})
	if err == nil {
		srv.Close()
		t.Fatal("New without a catalogue started a server")
	}
	if !strings.Contains(err.Error(), "Catalogue") {
		t.Errorf("New without a catalogue: %v, want the error to name Options.Catalogue", err)
	}
}

// TestTwoPeoplePlay: a battle of two people; both seats are welcomed
// with their side's view, and their EndPhase orders carry the battle
// through its phases and into the next turns, each seat told of each.
func TestTwoPeoplePlay(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{"fog":false}`)
	if r.Battle == 0 || len(r.Allies) != 43 || len(r.Axis) != 43 || r.Allies == r.Axis {
		t.Fatalf("created %+v: want a battle and two 43-character tokens", r)
	}
	allies, wa := ts.join(r.Allies)
	axis, wx := ts.join(r.Axis)
	if wa.Side != maps.Allies || wx.Side != maps.Axis || wa.Battle != r.Battle {
		t.Fatalf("welcomes: %s / %s", wa.Side, wx.Side)
	}
	seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
	start := allies.head()
	endPhases(t, seats, 12)
	t.Logf("open battle of the default scenario: Allied welcome %d bytes (view %d), last update %d bytes", len(wa.raw), len(wa.View), len(allies.all[len(allies.all)-1]))
	end := allies.head()
	if end.Turn <= start.Turn {
		t.Errorf("after 12 phases ended: turn %d, started on %d", end.Turn, start.Turn)
	}
	if a, x := allies.head(), axis.head(); a.Turn != x.Turn || a.Phase != x.Phase || a.Acting != x.Acting {
		t.Errorf("the seats disagree: %+v / %+v", a, x)
	}
	// Both seats of a side may be connected at once: a second Allied
	// connection is welcomed with the same view.
	_, again := ts.join(r.Allies)
	if !bytes.Equal(again.View, allies.view) {
		t.Errorf("a second connection of the Allied seat: view\n%s\nnot\n%s", again.View, allies.view)
	}
}

// TestWrongTokenRefused: a token no seat has is answered with an error
// and the connection closed (1008), as is a hello not of the protocol.
func TestWrongTokenRefused(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{}`)
	wrong := []byte(r.Allies)
	wrong[0] ^= 1 // one bit off
	for _, hello := range []struct{ frame, reason string }{
		{fmt.Sprintf(`{"type":"hello","token":%q}`, wrong), "seat token refused"},
		{`{"type":"hello","token":""}`, `without its "token"`},
		{`{"type":"hello","token":"x","seat":"allies"}`, `unknown field "seat"`},
		{`{"type":"hello"`, "not a message of the protocol"},
		{`{"type":"hello","token":"x","log_seen":-1}`, `field "log_seen": -1 lines is fewer than none`},
		{`{"type":"order","order":{"order":"end-phase"}}`, "before the hello"},
	} {
		sc := ts.dial()
		sc.write(hello.frame)
		m := sc.read()
		if m.Type != remote.TypeError || !strings.Contains(m.Reason, hello.reason) {
			t.Errorf("hello %s: answered %s, want an error saying %q", hello.frame, m.raw, hello.reason)
		}
		if _, err := sc.readErr(10 * time.Second); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Errorf("hello %s: the connection ends with %v, want status 1008", hello.frame, err)
		}
	}
}

// TestOrderOutOfTurnRefused: an order of the side that does not act is
// refused with the reason, and the connection stays; an order that is not
// one is refused by the engine's reason; a malformed one closes the
// connection (1007).
func TestOrderOutOfTurnRefused(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{}`)
	allies, _ := ts.join(r.Allies)
	axis, _ := ts.join(r.Axis)
	seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
	acting := maps.Side(allies.head().Acting)
	idle := seats[maps.Allies]
	if acting == maps.Allies {
		idle = seats[maps.Axis]
	}
	m := idle.order("early", endPhase)
	if m.Type != remote.TypeRefused || !strings.Contains(m.Reason, acting.Title()+" act now") {
		t.Errorf("an order out of turn: %s", m.raw)
	}
	m = seats[acting].order("nonsense", `{"order":"teleport"}`)
	if m.Type != remote.TypeRefused || !strings.Contains(m.Reason, `unknown order "teleport"`) {
		t.Errorf("an unknown order: %s", m.raw)
	}
	m = seats[acting].order("off the map", `{"order":"move","unit":1,"path":["Z99 N"]}`)
	if m.Type != remote.TypeRefused {
		t.Errorf("a move off the map: %s", m.raw)
	}
	endPhases(t, seats, 1) // both connections still play
	idle.write(`{"type":"order","order":{"order":"end-phase"},"extra":1}`)
	if m := idle.read(); m.Type != remote.TypeError || !strings.Contains(m.Reason, `unknown field "extra"`) {
		t.Errorf("a malformed order: %s", m.raw)
	}
	if _, err := idle.readErr(10 * time.Second); websocket.CloseStatus(err) != websocket.StatusInvalidFramePayloadData {
		t.Errorf("after a malformed order the connection ends with %v, want status 1007", err)
	}
}

// TestOversizedFrameCloses: a frame over the limit closes its connection
// with 1009, and the other seat of the battle plays on.
func TestOversizedFrameCloses(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{MaxMessageBytes: 4096})
	r := ts.newBattle(`{}`)
	allies, _ := ts.join(r.Allies)
	axis, _ := ts.join(r.Axis)
	acting := maps.Side(allies.head().Acting)
	seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
	big := seats[maps.Allies]
	if acting == maps.Allies {
		big = seats[maps.Axis]
	}
	big.write(`{"type":"order","id":"` + strings.Repeat("x", 5000) + `","order":{"order":"end-phase"}}`)
	if _, err := big.readErr(10 * time.Second); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Errorf("a frame of 5 KB over a 4 KB limit: the connection ends with %v, want 1009", err)
	}
	if m := seats[acting].order("1", endPhase); m.Type != remote.TypeAccepted {
		t.Errorf("the other seat's order: %s", m.raw)
	}
	// An oversized request body is refused too.
	if status, body := ts.create(`{"scenario":"` + strings.Repeat("x", 4<<20) + `"}`); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 4 MB creation: %d %.200s, want 413", status, body)
	}
}

// TestCreateRefusals: a creation that names a file, an unknown ruleset, a
// player that does not exist or no person is refused with the field.
func TestCreateRefusals(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	for body, want := range map[string]string{
		`{"scenario":"/etc/passwd"}`:                     "the server opens no file",
		`{"scenario":"embedded:../../etc/passwd"}`:       `field "scenario"`,
		`{"rules":"chess"}`:                              "chess",
		`{"allies":"wizard"}`:                            `field "allies"`,
		`{"allies":"opponent:grandmaster"}`:              "grandmaster",
		`{"allies":"opponent","axis":"opponent"}`:        "a person on one side at least",
		`{"fog":"yes"}`:                                  "not its JSON",
		`{"scenario":"embedded:scenarios/nowhere.tmx"}`:  "nowhere",
		`{"allies":"person"} {"axis":"person"} trailing`: "something follows",
	} {
		status, data := ts.create(body)
		var answer struct{ Error string }
		json.Unmarshal(data, &answer)
		if status != http.StatusBadRequest || !strings.Contains(answer.Error, want) {
			t.Errorf("POST %s: %d %s, want 400 saying %q", body, status, data, want)
		}
	}
}

// TestRestartContinues: a server closed and started again on the same
// database rebuilds the battle from its stored orders: the seats are
// welcomed with the views they were last sent, and play on.
func TestRestartContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hexfire.db")
	ts := startServer(t, path, Options{})
	r := ts.newBattle(`{}`)
	allies, _ := ts.join(r.Allies)
	axis, _ := ts.join(r.Axis)
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}, 7)
	before := map[maps.Side]json.RawMessage{maps.Allies: allies.view, maps.Axis: axis.view}
	ts.stop()

	ts = startServer(t, path, Options{})
	allies, wa := ts.join(r.Allies)
	axis, wx := ts.join(r.Axis)
	if !bytes.Equal(wa.View, before[maps.Allies]) || !bytes.Equal(wx.View, before[maps.Axis]) {
		t.Fatalf("after the restart the views differ:\n%s\nwas\n%s", wa.View, before[maps.Allies])
	}
	h := allies.head()
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}, 1)
	if after := allies.head(); after.Turn == h.Turn && after.Phase == h.Phase {
		t.Errorf("the order after the restart changed nothing: %+v", after)
	}
}

// TestComputerPlaysItsPhases: a computer seat gives its side's orders as
// soon as its side acts, each stored: the person's seat sees the battle
// come back to it, and a restart finds the computer's orders stored.
func TestComputerPlaysItsPhases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hexfire.db")
	ts := startServer(t, path, Options{})
	r := ts.newBattle(`{"axis":"opponent:easy","fog":false}`)
	if r.Axis != "" {
		t.Fatalf("a computer seat was given a token: %+v", r)
	}
	allies, _ := ts.join(r.Allies)
	deadline := time.Now().Add(2 * time.Minute)
	for i := 0; allies.head().Acting != string(maps.Axis); i++ {
		if m := allies.order(fmt.Sprint(i), endPhase); m.Type != remote.TypeAccepted {
			t.Fatalf("end-phase: %s", m.raw)
		}
		allies.read() // the update after it
	}
	turn := allies.head().Turn
	for allies.head().Acting != string(maps.Allies) {
		if time.Now().After(deadline) {
			t.Fatalf("the Axis computer did not play its phases (last view %+v)", allies.head())
		}
		allies.read() // the computer's orders, as the Allies see them
	}
	t.Logf("the Axis computer played from turn %d to %+v", turn, allies.head())
	orders, err := ts.store.Orders(context.Background(), r.Battle, 0)
	if err != nil {
		t.Fatal(err)
	}
	var reasons int
	for _, o := range orders {
		if o.Reason != "" {
			reasons++
		}
	}
	if reasons == 0 {
		t.Errorf("%d orders stored, none with a computer's reason", len(orders))
	}
	t.Logf("%d orders stored, %d of them the computer's", len(orders), reasons)
}
