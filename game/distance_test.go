//go:build !js

package game

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hexfire/battle"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/server"
	"hexfire/server/loopback"
)

// cutter passes TCP connections through to the server at addr, and cuts
// every one it passed when told: a lost connection, the server still up.
type cutter struct {
	mu    sync.Mutex
	conns []net.Conn
}

// listen serves the cutter on loopback and returns its ws:// URL.
func (c *cutter) listen(t *testing.T, addr string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close(); c.cut() })
	go func() {
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", addr)
			if err != nil {
				in.Close()
				continue
			}
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return "ws://" + l.Addr().String()
}

// cut closes every connection passed so far.
func (c *cutter) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

// stepUntil runs frames of the app, a few milliseconds apart, until ok
// holds, or fails.
func stepUntil(t *testing.T, a *App, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !ok(); {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: scene %T", what, a.scene)
		}
		step(t, a, frameInput{})
		time.Sleep(5 * time.Millisecond)
	}
}

// TestPlayOverDistance: from the menu's Play over distance a battle is
// created on a server on loopback (the invite, the Axis token, shown and
// kept in a file), joined with the player's token and played as the
// Allies against a remote Axis seat: the states (your turn, the other
// player's turn, connection lost and back by itself), the view and the
// log follow the server's updates, and My battles lists the battle.
func TestPlayOverDistance(t *testing.T) {
	direct, web := loopback.Serve(t, server.Options{Catalogue: testCatalogue})
	var cut cutter
	url := cut.listen(t, web.Listener.Addr().String())
	dir := t.TempDir()
	a := testApp(t, dir)
	m := a.scene.(*menu)
	for i, b := range m.list.Items {
		if b.Label == "Play over distance" {
			m.list.Focus = i
		}
	}
	step(t, a, press("enter"))
	s, ok := a.scene.(*distanceScreen)
	if !ok {
		t.Fatalf("Play over distance opened %T", a.scene)
	}
	// The server's address, typed.
	s.list.Focus = 0
	step(t, a, press("enter"))
	for range len(DefaultServer) {
		step(t, a, frameInput{erase: true})
	}
	step(t, a, frameInput{chars: []rune(url)})
	step(t, a, frameInput{escape: true})
	if s.server != url || s.editing != nil {
		t.Fatalf("server field %q (editing %v), want %q", s.server, s.editing != nil, url)
	}
	s.list.Focus = 3 // Create a battle: you play the Allies
	step(t, a, press("enter"))
	if s.problem != "" || s.invite == "" {
		t.Fatalf("create: problem %q, invite %q", s.problem, s.invite)
	}
	invite, err := os.ReadFile(filepath.Join(dir, "invite-1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(invite)), "\n")
	axisToken := lines[len(lines)-1]
	if !strings.Contains(s.invite, axisToken) || s.token == "" || s.token == axisToken {
		t.Fatalf("invite %q, token field %q, Axis token %q", s.invite, s.token, axisToken)
	}
	uitest.SavePNG(t, "distance-created.png", appFrame(a))

	s.list.Focus = 2 // Join with the token
	step(t, a, press("enter"))
	if s.joining == nil {
		t.Fatalf("join: problem %q", s.problem)
	}
	stepUntil(t, a, "the battle scene", func() bool { _, ok := a.scene.(*Game); return ok })
	g := a.scene.(*Game)
	rt := g.play.remote
	if rt == nil || rt.st.Side != maps.Allies || g.play.view.Side != maps.Allies {
		t.Fatalf("the remote seat: %+v", rt)
	}
	if text, _ := rt.remoteState(); text != "your turn (Allies)" {
		t.Fatalf("state %q, want your turn", text)
	}

	// The Axis seat, a client of its own.
	cat := a.opts.Catalogue
	axis := remote.Open(direct, axisToken, cat)
	defer axis.Close()

	// The Allies end their phases until the Axis act.
	for i := 0; rt.st.View.Acting == maps.Allies; i++ {
		if i == 20 {
			t.Fatal("20 orders and the Allies still act")
		}
		before := rt.st.Version
		if !g.issue(battle.EndPhase{}) {
			t.Fatalf("end phase refused: %s", g.play.toast)
		}
		stepUntil(t, a, "the view after an order", func() bool { return rt.st.Version > before && rt.st.Waiting == 0 })
	}
	text, _ := rt.remoteState()
	if !strings.Contains(text, "the Axis player's turn") {
		t.Fatalf("state %q, want the Axis player's turn", text)
	}
	if g.issue(battle.EndPhase{}) || !strings.Contains(g.play.toast, "the Axis act now") {
		t.Fatalf("an order out of turn: toast %q", g.play.toast)
	}
	logBefore := len(g.play.log.lines)
	uitest.SavePNG(t, "distance-their-turn.png", appFrame(a))

	// The Axis end a phase: the game sees it as it arrives.
	ast := waitSeat(t, axis, func(st remote.Status) bool { return st.State == remote.Connected })
	before := rt.st.Version
	if _, err := axis.Send(battle.RecordOf(battle.EndPhase{}, ast.View.Board())); err != nil {
		t.Fatal(err)
	}
	stepUntil(t, a, "the Axis order's update", func() bool { return rt.st.Version > before })
	if len(g.play.log.lines) <= logBefore {
		t.Error("no log line for the Axis order")
	}
	if g.battle.Phase() == ast.View.Known().Phase() {
		t.Errorf("the game's battle still in the %s phase", g.battle.Phase())
	}

	// The connection cut: lost, an order refused plainly, and back.
	cut.cut()
	stepUntil(t, a, "the lost connection", func() bool { return rt.st.State == remote.Lost })
	text, bad := rt.remoteState()
	if !bad || !strings.Contains(text, "connection lost, retrying") {
		t.Fatalf("state %q, want connection lost", text)
	}
	if g.issue(battle.EndPhase{}) || !strings.Contains(g.play.toast, "not connected") {
		t.Fatalf("an order without a connection: toast %q", g.play.toast)
	}
	uitest.SavePNG(t, "distance-lost.png", appFrame(a))
	stepUntil(t, a, "the connection back", func() bool { return rt.st.State == remote.Connected })

	// My battles lists it, with whose turn it is.
	g.exit = exitToMenu
	step(t, a, frameInput{intents: &Intents{}})
	a.goTo(newDistance(a))
	s = a.scene.(*distanceScreen)
	s.server = url
	s.fetchTurns(a)
	stepUntil(t, a, "whose turn in My battles", func() bool {
		s.build(a)
		for _, b := range s.list.Items {
			if strings.HasPrefix(b.Label, "My battle 1, the Allies: ") && !strings.HasSuffix(b.Label, "...") {
				return true
			}
		}
		return false
	})
	uitest.SavePNG(t, "distance-my-battles.png", appFrame(a))
}

// waitSeat waits until ok holds of seat's status.
func waitSeat(t *testing.T, seat *remote.Seat, ok func(remote.Status) bool) remote.Status {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if st := seat.Status(); ok(st) {
			return st
		}
	}
	t.Fatalf("the seat stands at %+v", seat.Status())
	return remote.Status{}
}

// TestAwayHeading: the lines the side saw while away are headed where
// they start, at the end of the welcome's lines, and the heading says how
// many the server left out.
func TestAwayHeading(t *testing.T) {
	for _, tt := range []struct {
		lines, away []string
		want        int
	}{
		{[]string{"a", "b", "c"}, []string{"b", "c"}, 1},
		{[]string{"a", "b", "c"}, []string{"a", "b", "c"}, 0},
		{[]string{"a", "b", "c"}, nil, -1},
		{[]string{"a", "b", "c"}, []string{"a", "b"}, -1}, // not the end
		{[]string{"c"}, []string{"b", "c"}, -1},           // more than came
	} {
		if have := awayStart(tt.lines, tt.away); have != tt.want {
			t.Errorf("awayStart(%q, %q) = %d, want %d", tt.lines, tt.away, have, tt.want)
		}
	}
	if have, want := awayHeading(3, 0), "While you were away"; have != want {
		t.Errorf("heading %q, want %q", have, want)
	}
	if have := awayHeading(100, 7); !strings.Contains(have, "last 100 lines; 7 before them") {
		t.Errorf("heading with lines left out: %q", have)
	}
}
