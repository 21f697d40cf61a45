package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/server"
	"hexfire/units"
)

// startMatchServer serves a server of a new database on loopback and
// returns its ws:// URL.
func startMatchServer(t *testing.T) string {
	t.Helper()
	store, err := server.OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	// The bots give their orders as fast as they decide them (--rate 0),
	// so the server's limit of orders a second is lifted.
	srv, err := server.New(store, server.Options{OrdersPerSecond: 1e6, OrderBurst: 1 << 20, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { web.Close(); srv.Close(); store.Close() })
	return "ws" + strings.TrimPrefix(web.URL, "http")
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
	cat, err := units.Default()
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
			var tokens map[string]any
			runJSON(t, &tokens, "match", "new", "--server", url, "--seed", seed, "--fog=true")
			token := map[maps.Side]string{}
			for _, side := range []maps.Side{maps.Allies, maps.Axis} {
				token[side], _ = tokens[string(side)].(string)
			}
			if tokens["battle"] == nil || token[maps.Allies] == "" || token[maps.Axis] == "" {
				t.Fatalf("match new printed %v: want a battle and two tokens", tokens)
			}
			dir := t.TempDir()
			early := filepath.Join(dir, "early.json")
			var saved savedReport
			runJSON(t, &saved, "match", "save", "--server", url, "--token", token[maps.Allies], "--out", early)
			if saved.Kind != saveKindView {
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
			wantWinner := string(want.winner)
			if wantWinner == "" {
				wantWinner = "draw"
			}
			for side, r := range reports {
				if r.Winner != wantWinner || r.Turn != want.turns || !reflect.DeepEqual(r.Losses, want.losses) {
					t.Errorf("the %s bot: %s on turn %d, losses %v; simulate: %s on turn %d, losses %v",
						side.Adjective(), r.Winner, r.Turn, r.Losses, wantWinner, want.turns, want.losses)
				}
			}

			out := filepath.Join(dir, "battle.json")
			runJSON(t, &saved, "match", "save", "--server", url, "--token", token[maps.Axis], "--out", out)
			if saved.Kind != saveKindBattle {
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
