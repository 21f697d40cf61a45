package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/server"
)

// startMatchServer serves a server of a new database on loopback and
// returns its ws:// URL.
func startMatchServer(t *testing.T) string {
	t.Helper()
	return serveMatchStore(t, nil)
}

// serveMatchStore is startMatchServer with the store wrap makes of the
// database (nil: the database itself).
func serveMatchStore(t *testing.T, wrap func(server.Store) server.Store) string {
	t.Helper()
	srv, store := openMatchServer(t, filepath.Join(t.TempDir(), "hexfire.db"), wrap)
	web := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { web.Close(); srv.Close(); store.Close() })
	return "ws" + strings.TrimPrefix(web.URL, "http")
}

// openMatchServer opens a server of the database at path. The bots give
// their orders as fast as they decide them (--rate 0), so the server's
// limit of orders a second is lifted.
func openMatchServer(t *testing.T, path string, wrap func(server.Store) server.Store) (*server.Server, *server.SQLite) {
	t.Helper()
	store, err := server.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	var served server.Store = store
	if wrap != nil {
		served = wrap(store)
	}
	srv, err := server.New(served, server.Options{OrdersPerSecond: 1e6, OrderBurst: 1 << 20, Logf: t.Logf, Catalogue: battletest.Catalogue(t, elimination.Ruleset{})})
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	return srv, store
}

// runJSON runs the CLI with args and decodes its output into out.
func runJSON(t *testing.T, out any, args ...string) {
	t.Helper()
	var stdout bytes.Buffer
	if err := run(args, &stdout); err != nil {
		t.Fatalf("hexfire-cli %s: %v", strings.Join(args, " "), err)
	}
	if err := json.Unmarshal(stdout.Bytes(), out); err != nil {
		t.Fatalf("hexfire-cli %s printed %q: %v", strings.Join(args, " "), stdout.String(), err)
	}
}

// TestMatchAsSimulated: a battle created with a seed and two person seats,
// each played by a bot through the server's WebSocket, ends as simulate
// plays it under fog with the same seed and players: the same winner,
// turn and losses in both bots' reports, and the save fetched once it is
// over has simulate's digest. Before the end, match save writes the
// seat's own view only.
func TestMatchAsSimulated(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario("", cat)
	if err != nil {
		t.Fatal(err)
	}
	url := startMatchServer(t)
	for _, c := range []struct {
		seed         uint64
		allies, axis string
	}{{7, "opponent", "opponent"}, {11, "greedy", "opponent"}} {
		t.Run(fmt.Sprintf("%s-%s-seed%d", c.allies, c.axis, c.seed), func(t *testing.T) {
			seed := strconv.FormatUint(c.seed, 10)
			var made remote.Created
			runJSON(t, &made, "match", "new", "--server", url, "--seed", seed, "--fog=true")
			if made.Battle == 0 || made.Allies == "" || made.Axis == "" {
				t.Fatalf("match new printed %+v: want a battle and two tokens", made)
			}
			token := map[maps.Side]string{maps.Allies: made.Allies, maps.Axis: made.Axis}
			dir := t.TempDir()
			early := filepath.Join(dir, "early.json")
			var saved savedReport
			runJSON(t, &saved, "match", "save", "--server", url, "--token", token[maps.Allies], "--out", early)
			if saved.Kind != remote.SaveKindView {
				t.Errorf("match save before the end wrote %q, not the seat's view", saved.Kind)
			}

			players := map[maps.Side]string{maps.Allies: c.allies, maps.Axis: c.axis}
			reports := map[maps.Side]*botReport{}
			var wg sync.WaitGroup
			for side, name := range players {
				reports[side] = &botReport{}
				wg.Go(func() {
					runJSON(t, reports[side], "bot", "--server", url, "--token", token[side], "--player", name, "--rate", "0",
						"--record", filepath.Join(dir, string(side)+".jsonl"))
				})
			}
			wg.Wait()

			want := simulateBattle(sc, cat, battle.Config{Seed: c.seed, Fog: battle.FogSettingOf(true), Source: scenarioSource("")}, players, applyOrder)
			if want.err != nil || !want.ended {
				t.Fatalf("simulate: ended %t, %v", want.ended, want.err)
			}
			wantWinner := winnerName(want.winner)
			for side, r := range reports {
				if r.Winner != wantWinner || r.Turn != want.turns || !reflect.DeepEqual(r.Losses, want.losses) {
					t.Errorf("the %s bot: %s on turn %d, losses %v; simulate: %s on turn %d, losses %v",
						side.Adjective(), r.Winner, r.Turn, r.Losses, wantWinner, want.turns, want.losses)
				}
			}

			out := filepath.Join(dir, "battle.json")
			runJSON(t, &saved, "match", "save", "--server", url, "--token", token[maps.Axis], "--out", out)
			if saved.Kind != remote.SaveKindBattle {
				t.Fatalf("match save once over wrote %q, not the battle", saved.Kind)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var save battle.Save
			if err := json.Unmarshal(data, &save); err != nil {
				t.Fatal(err)
			}
			wantSave := want.battle.Save()
			if save.Digest != wantSave.Digest || len(save.Orders) != len(wantSave.Orders) {
				t.Errorf("the server's save: digest %s after %d orders; simulate's: %s after %d", save.Digest, len(save.Orders), wantSave.Digest, len(wantSave.Orders))
			}
			t.Logf("seed %d, allies %s, axis %s: %s on turn %d after %d orders, digest %s", c.seed, c.allies, c.axis, wantWinner, want.turns, len(save.Orders), save.Digest)
		})
	}
}

// TestBotReconnects: a bot whose server goes down in the middle of the
// battle and comes back on the same address two seconds later, its
// database kept, connects again and plays to the end, which is
// simulate's; the computer plays the other side in the server.
func TestBotReconnects(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hexfire.db")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	url := "ws://" + addr
	// serve serves the database on ln until the stop it returns is called.
	serve := func(ln net.Listener) (stop func()) {
		srv, store := openMatchServer(t, path, nil)
		web := &http.Server{Handler: srv.Handler()}
		go web.Serve(ln)
		return func() { web.Close(); srv.Close(); store.Close() }
	}
	stop := serve(ln)
	var tokens map[string]any
	runJSON(t, &tokens, "match", "new", "--server", url, "--seed", "5", "--fog=true", "--axis", "opponent")
	token, _ := tokens["allies"].(string)
	if token == "" || tokens["axis"] != nil {
		t.Fatalf("match new printed %v: want a token for the allies alone", tokens)
	}
	record := filepath.Join(t.TempDir(), "allies.jsonl")
	var report botReport
	done := make(chan struct{})
	go func() {
		defer close(done)
		runJSON(t, &report, "bot", "--server", url, "--token", token, "--player", "opponent", "--rate", "10", "--record", record)
	}()
	for lines := 0; lines < 5; {
		time.Sleep(50 * time.Millisecond)
		data, _ := os.ReadFile(record)
		lines = bytes.Count(data, []byte("\n"))
	}
	stop()
	time.Sleep(2 * time.Second)
	if ln, err = net.Listen("tcp", addr); err != nil {
		t.Fatal(err)
	}
	stop = serve(ln)
	defer stop()
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
	if n := bytes.Count(data, []byte(`{"type":"welcome"`)); n < 2 {
		t.Errorf("the bot was welcomed %d times: it never connected again", n)
	}
}

// TestBotRefusedToken: a bot whose token the server does not know stops
// at once with the server's reason.
func TestBotRefusedToken(t *testing.T) {
	url := startMatchServer(t)
	var stdout bytes.Buffer
	err := run([]string{"bot", "--server", url, "--token", "no-such-token", "--player", "random"}, &stdout)
	if err == nil || !strings.Contains(err.Error(), "seat token refused") {
		t.Fatalf("a bot with an unknown token: %v, want the server's refusal", err)
	}
}

// failingStore is a store that fails the order it is given failAt-th
// (from 1) once.
type failingStore struct {
	server.Store
	failAt, given atomic.Int32
}

func (s *failingStore) AppendOrder(ctx context.Context, id int64, row server.OrderRow) error {
	if s.given.Add(1) == s.failAt.Load() {
		return errors.New("the disk is full (a test's store)")
	}
	return s.Store.AppendOrder(ctx, id, row)
}

// TestBotGivesARefusedOrderAgain: an order the server refuses because its
// store failed to keep it is given again by the bot a second later, and
// the battle ends as simulate's.
func TestBotGivesARefusedOrderAgain(t *testing.T) {
	failing := &failingStore{}
	failing.failAt.Store(10)
	url := serveMatchStore(t, func(s server.Store) server.Store { failing.Store = s; return failing })
	var c remote.Created
	runJSON(t, &c, "match", "new", "--server", url, "--seed", "7", "--fog=true")
	reports := map[maps.Side]*botReport{}
	var wg sync.WaitGroup
	for side, token := range map[maps.Side]string{maps.Allies: c.Allies, maps.Axis: c.Axis} {
		reports[side] = &botReport{}
		wg.Go(func() {
			runJSON(t, reports[side], "bot", "--server", url, "--token", token, "--player", "opponent", "--rate", "0")
		})
	}
	wg.Wait()
	if failing.given.Load() <= 10 {
		t.Fatalf("the store was given %d orders: the failing one was never reached", failing.given.Load())
	}
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario("", cat)
	if err != nil {
		t.Fatal(err)
	}
	want := simulateBattle(sc, cat, battle.Config{Seed: 7, Fog: battle.FogSettingOf(true), Source: scenarioSource("")},
		map[maps.Side]string{maps.Allies: "opponent", maps.Axis: "opponent"}, applyOrder)
	for side, r := range reports {
		if r.Winner != winnerName(want.winner) || r.Turn != want.turns || !reflect.DeepEqual(r.Losses, want.losses) {
			t.Errorf("the %s bot: %s on turn %d, losses %v; simulate: %s on turn %d, losses %v",
				side.Adjective(), r.Winner, r.Turn, r.Losses, want.winner, want.turns, want.losses)
		}
	}
}
