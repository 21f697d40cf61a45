package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexfire/server"
	"hexfire/server/servertest"
)

// serveEnv, set in a child process of the test binary, makes it the
// server itself (TestMain), so the kill test needs no build of its own.
const serveEnv = "HEXFIRE_SERVER_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

// TestVersion: -version prints the program's version line.
func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-version"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "hexfire-server ") {
		t.Errorf("-version: %q", out.String())
	}
}

// process is a hexfire-server running in a child process.
type process struct {
	cmd  *exec.Cmd
	addr string
}

// startProcess starts the server on a free loopback port over db.
func startProcess(t *testing.T, db string) *process {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-listen", "127.0.0.1:0", "-db", db)
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the server printed no address: %v", err)
	}
	var addr string
	if _, err := fmt.Sscanf(line, "hexfire-server: serving on %s", &addr); err != nil {
		t.Fatalf("the server's first line %q: %v", line, err)
	}
	return &process{cmd: cmd, addr: strings.TrimSuffix(addr, ",")}
}

// seat is a connection to one seat, and the last view it was sent.
type seat struct {
	t    *testing.T
	conn *websocket.Conn
	view json.RawMessage
}

// message is a server message as the test reads it.
type message struct {
	Type   string          `json:"type"`
	Reason string          `json:"reason"`
	View   json.RawMessage `json:"view"`
}

// join connects to the seat of token and reads its welcome.
func (p *process) join(t *testing.T, token string) *seat {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws://"+p.addr+"/play", nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(1 << 20)
	t.Cleanup(func() { conn.CloseNow() })
	s := &seat{t: t, conn: conn}
	s.write(fmt.Sprintf(`{"type":"hello","token":%q}`, token))
	if m := s.read(); m.Type != "welcome" {
		t.Fatalf("answer to the hello: %+v", m)
	}
	return s
}

func (s *seat) write(msg string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		s.t.Fatal(err)
	}
}

func (s *seat) read() message {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, data, err := s.conn.Read(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	var m message
	if err := json.Unmarshal(data, &m); err != nil {
		s.t.Fatal(err)
	}
	if m.View != nil {
		s.view = m.View
	}
	return m
}

// acting is the side that acts in the seat's last view.
func (s *seat) acting() string {
	var wire struct {
		View struct{ Acting string } // the display form in View.Encode's
	}
	json.Unmarshal(s.view, &wire)
	return wire.View.Acting
}

// TestKilledServerContinues: a hexfire-server killed (SIGKILL) with an
// order in flight and started again on its database goes on from its
// last acknowledged order: the order in flight is either stored whole
// (the view after it) or not at all (the view acknowledged last), and
// the battle plays on, four kills in a row.
func TestKilledServerContinues(t *testing.T) {
	db := filepath.Join(t.TempDir(), "hexfire.db")
	p := startProcess(t, db)
	resp, err := http.Post("http://"+p.addr+"/battles", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	var created struct {
		Battle       int64
		Allies, Axis string
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tokens := map[string]string{"allies": created.Allies, "axis": created.Axis}
	acknowledged := 0
	// The kill comes at once after the order is sent, then later and
	// later, so that it finds the order before, while and after it is
	// stored.
	for _, delay := range []time.Duration{0, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond} {
		seats := map[string]*seat{"allies": p.join(t, tokens["allies"]), "axis": p.join(t, tokens["axis"])}
		for range 3 {
			s := seats[seats["allies"].acting()]
			s.write(`{"type":"order","order":{"order":"end-phase"}}`)
			if m := s.read(); m.Type != "accepted" {
				t.Fatalf("end-phase after %d: %+v", acknowledged, m)
			}
			acknowledged++
			for _, s := range seats {
				s.read() // the update
			}
		}
		last := seats["allies"].view
		seats[seats["allies"].acting()].write(`{"type":"order","order":{"order":"end-phase"}}`)
		time.Sleep(delay)
		if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		p.cmd.Wait()

		stored := storedOrders(t, db, created.Battle)
		p = startProcess(t, db)
		allies := p.join(t, tokens["allies"])
		switch stored {
		case acknowledged:
			if !bytes.Equal(allies.view, last) {
				t.Errorf("killed %v after an order: it was not stored, yet the view is not the one acknowledged last:\n%s\nwas\n%s", delay, allies.view, last)
			}
		case acknowledged + 1:
			if bytes.Equal(allies.view, last) {
				t.Errorf("killed %v after an order: it was stored, yet the view is the one before it", delay)
			}
			acknowledged++
		default:
			t.Fatalf("killed %v after an order: %d orders stored, %d acknowledged and one in flight", delay, stored, acknowledged)
		}
		t.Logf("killed %v after an order was sent: %d orders stored", delay, stored)
	}
}

// storedOrders is how many orders battle id has in the database at db.
func storedOrders(t *testing.T, db string, id int64) int {
	t.Helper()
	store, err := server.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	orders, err := store.Orders(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(orders)
}

// TestProcessesSharePostgres: two hexfire-server processes on one
// PostgreSQL. The Allies play through the first and the Axis through the
// second, each told of the other's orders; the first is killed (SIGKILL)
// with an order in flight, the Allies connect to the second and play on,
// and a third process started on the database sees the battle as the
// second does.
func TestProcessesSharePostgres(t *testing.T) {
	db := servertest.PostgresURL(t)
	p1, p2 := startProcess(t, db), startProcess(t, db)
	resp, err := http.Post("http://"+p1.addr+"/battles", "application/json", strings.NewReader(`{"fog":false}`))
	if err != nil {
		t.Fatal(err)
	}
	var created struct {
		Battle       int64
		Allies, Axis string
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	seats := map[string]*seat{"allies": p1.join(t, created.Allies), "axis": p2.join(t, created.Axis)}
	play := func(n int) {
		t.Helper()
		for i := range n {
			acting := seats["allies"].acting()
			s := seats[acting]
			s.write(`{"type":"order","order":{"order":"end-phase"}}`)
			if m := s.read(); m.Type != "accepted" {
				t.Fatalf("end-phase %d of the %s: a %s %s, not accepted", i+1, acting, m.Type, m.Reason)
			}
			for side, s := range seats {
				if m := s.read(); m.Type != "update" {
					t.Fatalf("after end-phase %d the %s were sent a %s %s, not the update", i+1, side, m.Type, m.Reason)
				}
			}
		}
	}
	play(4)
	for seats["allies"].acting() != "allies" {
		play(1)
	}
	before := seats["allies"].view
	seats["allies"].write(`{"type":"order","order":{"order":"end-phase"}}`) // to p1, killed at once
	if err := p1.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p1.cmd.Wait()
	seats["allies"] = p2.join(t, created.Allies)
	if !bytes.Equal(seats["allies"].view, before) {
		// The order in flight was stored: the Axis on p2 are told of it.
		t.Log("the order in flight was stored")
		seats["axis"].read()
	}
	play(4)
	p3 := startProcess(t, db)
	if again := p3.join(t, created.Axis); !bytes.Equal(again.view, seats["axis"].view) {
		t.Errorf("a third process's Axis view is not the second's:\n%s\nnot\n%s", again.view, seats["axis"].view)
	}
}
