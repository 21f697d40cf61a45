package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/umpire"
)

// TestWhileYouWereAway: under fog, the Allied seat ends its phases and
// leaves while the Axis seat, the computer opponent's orders given over
// the WebSocket, plays on; each time the Allies come back, their welcome's
// Away are exactly the lines of the Allied part of the log of the orders
// given meanwhile (from the engine's events, Event.SeenBy), whether the
// hello says how many lines the seat holds (log_seen) or the server
// counts from what it last sent the seat; none is an event the Allies did
// not see, nor names an Axis unit that neither an earlier Allied message
// nor the welcome's view names.
func TestWhileYouWereAway(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	r := ts.newBattle(`{"fog":true,"seed":"5"}`)
	ts.srv.mu.Lock()
	h := ts.srv.battles[r.Battle]
	ts.srv.mu.Unlock()
	cat := ts.srv.catalogue
	sc, err := openScenario(battle.EmbeddedPrefix+maps.DefaultPath, nil, cat)
	if err != nil {
		t.Fatal(err)
	}
	axis, _ := ts.join(r.Axis)
	level, err := ai.ParseLevel("easy")
	if err != nil {
		t.Fatal(err)
	}
	var opponent *ai.Opponent
	axisView := func() *battle.View {
		v, err := battle.DecodeView(sc, cat, axis.view)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}

	var alliedSeen [][]byte // every message the Allies were sent
	awayFrom := 0           // the order count when the Allies last left
	held := 0               // the lines of the Allied log the seat holds
	hidden, away := 0, 0    // events the Allies did not see while away; lines sent as away
	for round := 0; round < 4 && axis.head().Result == nil; round++ {
		// The Allies come (back), saying how many lines they hold but on
		// their first connection and in the second round, where the
		// server counts from what it sent them.
		hello := fmt.Sprintf(`{"type":"hello","token":%q,"log_seen":%d}`, r.Allies, held)
		if round <= 1 {
			hello = fmt.Sprintf(`{"type":"hello","token":%q}`, r.Allies)
		}
		allies := ts.dial()
		allies.write(hello)
		m := allies.read()
		var welcome remote.Welcome
		if err := json.Unmarshal(m.raw, &welcome); err != nil || welcome.Type != remote.TypeWelcome {
			t.Fatalf("round %d: the answer to the hello: %v %s", round, err, m.raw)
		}
		h.mu.Lock()
		want, unseen := alliedLinesSince(t, h.ump, awayFrom)
		h.mu.Unlock()
		if round == 0 {
			want = nil // never connected: nothing is known of what it had
		}
		if !slices.Equal(welcome.Away, want) || welcome.AwayLeftOut != 0 {
			t.Fatalf("round %d: away %v (%d left out), want %v", round, welcome.Away, welcome.AwayLeftOut, want)
		}
		if round > 0 && !slices.Equal(welcome.Log[held:], want) {
			t.Fatalf("round %d: the log after the %d lines held is %v, the away lines %v", round, held, welcome.Log[held:], want)
		}
		for _, e := range unseen {
			if slices.Contains(welcome.Away, remote.LogEntry{Text: e}) && !slices.Contains(want, remote.LogEntry{Text: e}) {
				t.Errorf("round %d: an event the Allies did not see is in their away lines: %q", round, e)
			}
		}
		// A unit the Allies know now (it fired in sight, say) is in the
		// welcome's view.
		for _, name := range unnamedAxis(axisView(), append(alliedSeen, welcome.View)) {
			for _, line := range welcome.Away {
				if strings.Contains(line.Text, name) {
					t.Errorf("round %d: Axis %s, in no earlier Allied message, is named in the away line %q", round, name, line.Text)
				}
			}
		}
		hidden += len(unseen)
		away += len(welcome.Away)
		alliedSeen = append(alliedSeen, m.raw)
		held = len(welcome.Log)

		// The Allies end their phases (or pass on a mover), then leave.
		for maps.Side(allies.head().Acting) == maps.Allies {
			a := allies.order("end "+strconv.Itoa(round), endPhase)
			if a.Type == remote.TypeRefused {
				a = allies.order("pass "+strconv.Itoa(round), `{"order":"pass"}`)
			}
			if a.Type != remote.TypeAccepted {
				t.Fatalf("round %d: neither end-phase nor pass: %s", round, a.raw)
			}
			u := allies.read()
			alliedSeen = append(alliedSeen, u.raw)
			held += len(u.Log)
			axis.read() // the Allied order changed the Axis view: its phase or who acts
		}
		allies.conn.CloseNow()
		waitLeft(t, h, maps.Allies)
		h.mu.Lock()
		awayFrom = h.ump.OrderCount()
		h.mu.Unlock()

		// The Axis play while the Allies are away.
		for maps.Side(axis.head().Acting) == maps.Axis {
			v := axisView()
			if opponent == nil {
				if opponent, err = ai.NewOpponentLevel(v, umpire.SeatSeed(5, maps.Axis), level); err != nil {
					t.Fatal(err)
				}
			}
			o, _ := opponent.Next(v)
			rec, err := json.Marshal(battle.RecordOf(o, v.Board()))
			if err != nil {
				t.Fatal(err)
			}
			if a := axis.order("axis", string(rec)); a.Type != remote.TypeAccepted {
				t.Fatalf("round %d: the Axis order %s: %s", round, rec, a.raw)
			}
			axis.read()
		}
	}
	if hidden == 0 || away == 0 {
		t.Fatalf("%d events hidden from the Allies and %d away lines: the test proves nothing", hidden, away)
	}
	t.Logf("%d away lines sent, %d events the Allies did not see left out", away, hidden)
}

// alliedLinesSince are the lines of the Allied log of the orders after
// the first n of the battle u umpires, from their events, and the texts
// of those events the Allies did not see.
func alliedLinesSince(t *testing.T, u *umpire.Umpire, n int) (seen []remote.LogEntry, unseen []string) {
	t.Helper()
	i := 0
	err := u.History(func(step umpire.Step) error {
		i++
		if i <= n {
			return nil
		}
		for _, e := range step.Events {
			if e.SeenBy(maps.Allies) {
				seen = append(seen, remote.LogEntry{Text: e.Text})
			} else {
				unseen = append(unseen, e.Text)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return seen, unseen
}

// unnamedAxis are the names of the Axis units (the Axis view's own) that
// no message in msgs names.
func unnamedAxis(v *battle.View, msgs [][]byte) []string {
	var names []string
	for _, u := range v.Own {
		named := false
		for _, m := range msgs {
			named = named || bytes.Contains(m, []byte(u.Name))
		}
		if !named {
			names = append(names, u.Name)
		}
	}
	return names
}

// waitLeft waits until the server has no connection of side's seat in
// the battle h hosts.
func waitLeft(t *testing.T, h *host, side maps.Side) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		h.mu.Lock()
		open := 0
		for c := range h.clients {
			if c.side == side {
				open++
			}
		}
		h.mu.Unlock()
		if open == 0 {
			return
		}
	}
	t.Fatalf("the %s seat's connection is still open after 10 s", side)
}

// TestAwayLinesBounds: a welcome's away lines are the latest that fit
// remote.MaxAwayLines and remote.MaxAwayBytes, the earlier counted as
// left out, and none for a count unknown or at or past the log's end.
func TestAwayLinesBounds(t *testing.T) {
	lines := func(n, size int) []remote.LogEntry {
		log := make([]remote.LogEntry, n)
		for i := range log {
			log[i].Text = strings.Repeat("x", size)
		}
		return log
	}
	big := remote.MaxAwayBytes/3 + 1 // two fit, three do not
	for _, c := range []struct {
		name           string
		log            []remote.LogEntry
		seen           int
		lines, leftOut int
	}{
		{"unknown", lines(5, 10), -1, 0, 0},
		{"all held", lines(5, 10), 5, 0, 0},
		{"more held than there are", lines(5, 10), 9, 0, 0},
		{"from the start", lines(5, 10), 0, 5, 0},
		{"the last two", lines(5, 10), 3, 2, 0},
		{"by lines", lines(remote.MaxAwayLines+30, 10), 10, remote.MaxAwayLines, 20},
		{"by bytes", lines(6, big), 1, 2, 3},
		{"one line over the bytes", lines(3, remote.MaxAwayBytes+1), 1, 0, 2},
	} {
		got, leftOut := awayLines(c.log, c.seen)
		if len(got) != c.lines || leftOut != c.leftOut {
			t.Errorf("%s: %d lines, %d left out; want %d, %d", c.name, len(got), leftOut, c.lines, c.leftOut)
		}
		if len(got) > 0 && &got[len(got)-1] != &c.log[len(c.log)-1] {
			t.Errorf("%s: the lines do not end with the log's last", c.name)
		}
	}
}
