package game

import (
	"path/filepath"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/maps"
	"hexfire/umpire"
)

// TestReplayKeepsReasoning: the computer's orders are autosaved with the
// reasoning it gave; the replay viewer of that save writes each reasoning
// line to the log as it plays the order, and loading the save puts them in
// the log from the start.
func TestReplayKeepsReasoning(t *testing.T) {
	auto := filepath.Join(t.TempDir(), "auto.json")
	b := defaultBattle(t)
	g, err := New(b, Options{Computer: []maps.Side{maps.Allies}, Autosave: auto,
		NewPlayer: func(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 * defaultComputerDelay {
		g.runComputer()
	}
	if n := len(b.Orders()); n != 2 || b.Why(0) != "nothing to do" || b.Why(1) != "nothing to do" {
		t.Fatalf("%d orders, reasoning %q and %q; want two, each \"nothing to do\"", n, b.Why(0), b.Why(1))
	}
	s, err := battle.ReadSave(auto)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Orders) != 2 || s.Orders[1].Why != "nothing to do" {
		t.Fatalf("autosave: %+v, want both orders with their reasoning", s.Orders)
	}

	start, recorded, err := OpenReplay(auto, testCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(start, Options{Replay: recorded})
	if err != nil {
		t.Fatal(err)
	}
	const line = "Allies (computer): nothing to do"
	before := computerLines(r.play.log)
	r.replayForward()
	if have := computerLines(r.play.log) - before; have != 1 {
		t.Errorf("reasoning lines after one order of the replay: %d, want 1", have)
	}
	r.replayForward()
	if have := computerLines(r.play.log) - before; have != 2 {
		t.Errorf("reasoning lines after two orders of the replay: %d, want 2", have)
	}
	if !strings.Contains(logText(r), line) {
		t.Errorf("the replay's log lacks %q:\n%s", line, logText(r))
	}

	loaded, err := battle.LoadSave(auto, testCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	u, err := umpire.New(loaded)
	if err != nil {
		t.Fatal(err)
	}
	l, err := battleLog(u)
	if err != nil {
		t.Fatal(err)
	}
	if have := computerLines(l); have != 2 {
		t.Errorf("reasoning lines in a loaded battle's log: %d, want 2", have)
	}
}

// computerLines counts the computer's reasoning lines in log l.
func computerLines(l gameLog) int {
	n := 0
	for _, ln := range l.lines {
		if ln.kind == logComputer {
			n++
		}
	}
	return n
}

// TestReplayHighlightsTheOrder: as the replay plays an order, the unit it
// was given to is selected (ringed) and brought into view.
func TestReplayHighlightsTheOrder(t *testing.T) {
	recorded := defaultBattle(t)
	if _, err := recorded.Apply(battle.Fire{Unit: battletest.Unit(t, recorded, "M4A3E8"), Target: battletest.Unit(t, recorded, "Tiger I")}); err != nil {
		t.Fatal(err)
	}
	g, err := New(defaultBattle(t), Options{Replay: recorded})
	if err != nil {
		t.Fatal(err)
	}
	g.replayForward()
	if at, ok := g.Selected(); g.play.unit != 1 || !ok || at != recorded.Unit(1).Pose.Hex {
		t.Errorf("after the replayed shot: unit %d selected (ring %v), want the M4A3E8 in its hex", g.play.unit, ok)
	}
}
