package ai_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/combat/elimination" // the default ruleset, registered for every test battle
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden/battles.txt from the engine as it is")

// goldenBattles is how many computer-against-computer battles of the
// default scenario the golden log covers, from seed 1 on.
const goldenBattles = 50

// TestGoldenBattleLogs pins the engine's play: every event line, roll and
// step of 50 computer-against-computer battles on the default scenario,
// recorded before the engine was made ruleset-neutral, must come out the
// same. A rule change that alters play rewrites the file on purpose with
// -update-golden (write the reason in the commit); testdata/golden/dump/
// then holds the full logs to diff. It leaves testdata/golden/saves alone:
// those are version 1 saves of an earlier release, which this build cannot
// write again.
func TestGoldenBattleLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 50 battles")
	}
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	var digests bytes.Buffer
	for seed := uint64(1); seed <= goldenBattles; seed++ {
		log, err := playLogged(sc, cat, seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		sum := sha256.Sum256(log)
		fmt.Fprintf(&digests, "seed %d: %s\n", seed, hex.EncodeToString(sum[:]))
		if *updateGolden {
			dir := filepath.Join("testdata", "golden", "dump")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d.log", seed)), log, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := filepath.Join("testdata", "golden", "battles.txt")
	if *updateGolden {
		if err := os.WriteFile(path, digests.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if have := digests.String(); have != string(want) {
		hl, wl := strings.Split(have, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(hl), len(wl)) {
			if hl[i] != wl[i] {
				t.Errorf("battle logs differ from the golden ones, first at %q (golden %q); run with -update-golden into a scratch copy and diff testdata/golden/dump", hl[i], wl[i])
				break
			}
		}
	}
}

// playLogged plays one battle with the opponent on both sides and returns
// its log: every order, every event line, and every roll and step of every
// attack.
func playLogged(sc *maps.Scenario, cat *units.Catalogue, seed uint64) ([]byte, error) {
	b, err := battle.New(sc, cat, battle.Config{Seed: seed, Fog: battle.FogOff})
	if err != nil {
		return nil, err
	}
	players := map[maps.Side]ai.Player{}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if players[side], err = ai.NewOpponent(b.View(side), umpire.SeatSeed(seed, side)); err != nil {
			return nil, err
		}
	}
	var log bytes.Buffer
	for n := 0; b.Result() == nil; n++ {
		if n > 20000 {
			return nil, fmt.Errorf("no result after %d orders", n)
		}
		o, _ := players[b.Acting()].Next(b.View(b.Acting()))
		events, err := b.Apply(o)
		if err != nil {
			return nil, fmt.Errorf("order %d %s refused: %w", n+1, o.Name(), err)
		}
		fmt.Fprintf(&log, "order %s\n", o.Name())
		for _, e := range events {
			fmt.Fprintf(&log, "  %s\n", e.Text)
			logAttack(&log, e)
		}
	}
	fmt.Fprintf(&log, "result %+v digest %s\n", *b.Result(), b.Digest())
	return log.Bytes(), nil
}

// TestGoldenSavesLoad loads the saves written by the release before the
// engine became ruleset-neutral. Each replayed to its saved digest through
// that refactor; since then rules of the default ruleset were corrected
// (docs/RULES.md), so a save may now diverge, and -force-load goes on from
// the last order this build accepts: each must load so, with its orders.
func TestGoldenSavesLoad(t *testing.T) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join("testdata", "golden", "saves", "*.json"))
	if err != nil || len(paths) != 4 {
		t.Fatalf("golden saves: %v, %v; want 4", paths, err)
	}
	for _, path := range paths {
		b, warning, err := battle.LoadSaveForced(path, cat, true)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if len(b.Orders()) == 0 {
			t.Errorf("%s: no orders replayed (%v)", path, warning)
		}
		if warning != nil {
			t.Logf("%s: %v", path, warning)
		}
	}
}
