package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/server"
	"hexfire/server/servertest"
)

// switchProxy forwards each TCP connection it accepts to its target,
// which may be changed: the connections open are then cut, as a load
// balancer that takes a server out would.
type switchProxy struct {
	ln     net.Listener
	mu     sync.Mutex
	target string
	conns  map[net.Conn]bool
}

func newSwitchProxy(t *testing.T, target string) *switchProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &switchProxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); p.to("") })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.forward(c)
		}
	}()
	return p
}

// forward pipes c to the target, both ways, until either end closes.
func (p *switchProxy) forward(c net.Conn) {
	p.mu.Lock()
	target := p.target
	p.mu.Unlock()
	if target == "" {
		c.Close()
		return
	}
	s, err := net.Dial("tcp", target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[c], p.conns[s] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { io.Copy(s, c); done <- struct{}{} }()
	go func() { io.Copy(c, s); done <- struct{}{} }()
	<-done
	c.Close()
	s.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, s)
	p.mu.Unlock()
}

// to sends new connections to target and cuts those open.
func (p *switchProxy) to(target string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.target = target
	for c := range p.conns {
		c.Close()
	}
}

// servePostgres serves a server of the database at db on loopback and
// returns its address; the server stays up to the test's end.
func servePostgres(t *testing.T, db string) string {
	t.Helper()
	store, err := server.OpenPostgres(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(store, server.Options{OrdersPerSecond: 1e6, OrderBurst: 1 << 20, Logf: t.Logf, Catalogue: battletest.Catalogue(t, elimination.Ruleset{})})
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	web := &http.Server{Handler: srv.Handler()}
	go web.Serve(ln)
	t.Cleanup(func() { web.Close(); srv.Close(); store.Close() })
	return ln.Addr().String()
}

// TestBotMovesToAnotherServer: two servers share one PostgreSQL behind a
// proxy. A bot plays the Allies against the Axis computer through the
// first; the proxy then sends it to the second, which has heard of the
// battle only from the database, and later back to the first, which has
// missed the orders given meanwhile. The battle ends as simulate's of
// the same seed.
func TestBotMovesToAnotherServer(t *testing.T) {
	db := servertest.PostgresURL(t)
	a, b := servePostgres(t, db), servePostgres(t, db)
	proxy := newSwitchProxy(t, a)
	url := "ws://" + proxy.ln.Addr().String()
	var tokens map[string]any
	runJSON(t, &tokens, "match", "new", "--server", url, "--seed", "5", "--fog=true", "--axis", "opponent")
	token, _ := tokens["allies"].(string)
	if token == "" {
		t.Fatalf("match new printed %v", tokens)
	}
	record := filepath.Join(t.TempDir(), "allies.jsonl")
	var report botReport
	done := make(chan struct{})
	go func() {
		defer close(done)
		runJSON(t, &report, "bot", "--server", url, "--token", token, "--player", "opponent", "--rate", "20", "--record", record)
	}()
	// waitLines waits for the bot to have received n messages (or to end).
	waitLines := func(n int) {
		for {
			data, _ := os.ReadFile(record)
			if bytes.Count(data, []byte("\n")) >= n {
				return
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	waitLines(5)
	proxy.to(b)
	waitLines(40)
	proxy.to(a)
	<-done

	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario("", cat)
	if err != nil {
		t.Fatal(err)
	}
	players := map[maps.Side]string{maps.Allies: "opponent", maps.Axis: "opponent"}
	want := simulateBattle(sc, cat, battle.Config{Seed: 5, Fog: battle.FogSettingOf(true), Source: scenarioSource("")}, players, applyOrder)
	if want.err != nil {
		t.Fatal(want.err)
	}
	if report.Winner != winnerName(want.winner) || report.Turn != want.turns || !reflect.DeepEqual(report.Losses, want.losses) {
		t.Errorf("the bot: %s on turn %d, losses %v; simulate: %s on turn %d, losses %v", report.Winner, report.Turn, report.Losses, want.winner, want.turns, want.losses)
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	n := bytes.Count(data, []byte(`{"type":"welcome"`))
	t.Logf("the bot was welcomed %d times, received %d messages", n, bytes.Count(data, []byte("\n")))
	if n < 3 {
		t.Errorf("the bot was welcomed %d times: want one by each server and one more by the first", n)
	}
}
