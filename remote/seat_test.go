//go:build !js

package remote_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"hexfire/battle"
	"hexfire/combat/elimination" // the default ruleset
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/server"
	"hexfire/server/loopback"
	"hexfire/units"
)

// waitFor polls the seat until ok holds of its status, or fails.
func waitFor(t *testing.T, s *remote.Seat, what string, ok func(remote.Status) bool) remote.Status {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if st := s.Status(); ok(st) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	st := s.Status()
	if st.View != nil {
		t.Logf("acting %s, turn %d, phasing %s %s", st.View.Acting, st.View.Known().Turn(), st.View.Known().Phasing(), st.View.Known().Phase())
	}
	t.Fatalf("waiting for %s: the seat stands at %+v", what, st)
	return remote.Status{}
}

// TestSeatPlaysAgainstTheComputer: a seat created with Create plays the
// Allies against the server's computer Axis under fog: welcomed with its
// view, its order accepted, the view and the log updated as the Axis
// play, always only the Allies' view; a wrong token is refused for good.
func TestSeatPlaysAgainstTheComputer(t *testing.T) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	url, _ := loopback.Serve(t, server.Options{Catalogue: cat})
	fog := true
	c, err := remote.Create(context.Background(), url, remote.CreateRequest{Fog: &fog, Allies: remote.Person, Axis: "opponent:easy", Seed: "7"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Allies == "" || c.Axis != "" {
		t.Fatalf("created %+v: want an Allies token alone", c)
	}
	s := remote.Open(url, c.Allies, cat)
	defer s.Close()
	st := waitFor(t, s, "the welcome", func(st remote.Status) bool { return st.State == remote.Connected })
	if st.Side != maps.Allies || st.Battle != c.Battle || st.View.Side != maps.Allies {
		t.Fatalf("welcomed as %+v", st)
	}
	// The Allies end each of their phases until the Axis have played a
	// turn of theirs and handed back: each order accepted, each answered
	// by the view after it (a pass of opportunity fire while the Axis move).
	for i := 0; st.View.Known().Turn() == 1 || st.View.Acting != maps.Allies; i++ {
		if i == 60 {
			t.Fatalf("60 orders and still turn %d", st.View.Known().Turn())
		}
		before := st.Version
		if st.View.Acting != maps.Allies {
			st = waitFor(t, s, "the Axis to play", func(st remote.Status) bool { return st.Version > before })
			continue
		}
		var o battle.Order = battle.EndPhase{}
		if st.View.Known().Moving() != nil {
			o = battle.Pass{} // the Axis move, and the Allies may fire
		}
		if _, err := s.Send(battle.RecordOf(o, st.View.Board())); err != nil {
			t.Fatal(err)
		}
		st = waitFor(t, s, "the view after an order", func(st remote.Status) bool { return st.Version > before && st.Waiting == 0 })
		for _, a := range s.TakeAnswers() {
			if a.Type != remote.TypeAccepted {
				t.Fatalf("order %s: %s %s", a.ID, a.Type, a.Reason)
			}
		}
	}
	if len(s.TakeLog()) == 0 {
		t.Fatal("no log lines after a turn")
	}

	bad := remote.Open(url, "not-a-token", cat)
	defer bad.Close()
	st = waitFor(t, bad, "the refusal", func(st remote.Status) bool { return st.State == remote.Refused })
	if _, err := bad.Send(battle.OrderRecord{}); err != remote.ErrNotConnected {
		t.Fatalf("an order of a refused seat: %v", err)
	}
}

// TestSeatWhileAway: a seat closed while the other side plays is told,
// when it opens again, what its side saw meanwhile (TakeAway: the lines
// of its log after those it had been sent, the server's count, which
// may count an update the closing connection never read), once; a
// connection that says how many lines it holds (DialAfter) is sent
// exactly those after them.
func TestSeatWhileAway(t *testing.T) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	url, _ := loopback.Serve(t, server.Options{Catalogue: cat})
	fog := true
	c, err := remote.Create(context.Background(), url, remote.CreateRequest{Fog: &fog, Seed: "3"})
	if err != nil {
		t.Fatal(err)
	}
	axis := remote.Open(url, c.Axis, cat)
	defer axis.Close()
	endPhase := func(s *remote.Seat, side maps.Side) {
		t.Helper()
		st := waitFor(t, s, "the "+string(side)+" to act", func(st remote.Status) bool { return st.View != nil && st.View.Acting == side })
		var o battle.Order = battle.EndPhase{}
		if st.View.Known().Moving() != nil {
			o = battle.Pass{}
		}
		if _, err := s.Send(battle.RecordOf(o, st.View.Board())); err != nil {
			t.Fatal(err)
		}
		waitFor(t, s, "the view after the order", func(now remote.Status) bool { return now.Version > st.Version && now.Waiting == 0 })
	}
	allies := remote.Open(url, c.Allies, cat)
	waitFor(t, allies, "the welcome", func(st remote.Status) bool { return st.State == remote.Connected })
	if lines, leftOut := allies.TakeAway(); lines != nil || leftOut != 0 {
		t.Fatalf("away on the seat's first connection: %v, %d left out", lines, leftOut)
	}
	for allies.Status().View.Acting == maps.Allies {
		endPhase(allies, maps.Allies)
	}
	held := len(allies.TakeLog())
	if held == 0 {
		t.Fatal("no log lines after the Allied phases")
	}
	allies.Close()
	for i := 0; i < 3 && axis.Status().View.Acting == maps.Axis; i++ {
		endPhase(axis, maps.Axis)
	}

	back := remote.Open(url, c.Allies, cat)
	defer back.Close()
	waitFor(t, back, "the welcome back", func(st remote.Status) bool { return st.State == remote.Connected })
	log := back.TakeLog()
	away, leftOut := back.TakeAway()
	// The server counts the lines it last sent the seat, and an update
	// it sent the closing connection before it saw the close counts too:
	// so the away lines are the log's end from the held lines on or
	// later (exactly from them with DialAfter, below).
	if from := len(log) - len(away); leftOut != 0 || from < held || !slices.Equal(away, log[from:]) {
		t.Fatalf("away %v (%d left out), want the end of the log after the %d held: %v", away, leftOut, held, log[held:])
	}
	if again, _ := back.TakeAway(); again != nil {
		t.Fatalf("away taken twice: %v", again)
	}

	conn, err := remote.DialAfter(context.Background(), url, c.Allies, held-1)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	m, _, err := conn.Read(context.Background())
	if err != nil || m.Type != remote.TypeWelcome {
		t.Fatalf("the welcome: %v %+v", err, m)
	}
	if !slices.Equal(m.Away, m.Log[held-1:]) {
		t.Fatalf("away %v after %d lines, want %v", m.Away, held-1, m.Log[held-1:])
	}
	t.Logf("%d lines held, %d while away", held, len(away))
}
