package server

import (
	"bytes"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/remote"
)

// TestEncodeUpdateAsEncode: encodeUpdate writes the bytes encode gives of
// the update, for both sides' views of the default scenario under fog
// over its first phases, and for logs none, empty and with lines that
// JSON escapes.
func TestEncodeUpdateAsEncode(t *testing.T) {
	cat := testOptions(t, Options{}).Catalogue
	sc, err := openScenario(battle.EmbeddedPrefix+maps.DefaultPath, nil, cat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: 1, Fog: battle.FogOn})
	if err != nil {
		t.Fatal(err)
	}
	logs := [][]remote.LogEntry{nil, {}, {{Text: `<b>"Tiger" & co</b>` + "\u2028 \t é \x01"}, {Text: "A fires at B"}}}
	endPhase, err := battle.OrderOf(battle.OrderRecord{Order: "end-phase"}, b.Board())
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			view, err := b.View(side).Encode()
			if err != nil {
				t.Fatal(err)
			}
			for _, log := range logs {
				want := encode(remote.Update{Type: remote.TypeUpdate, View: view, Log: log})
				if got := encodeUpdate(view, log); !bytes.Equal(got, want) {
					t.Fatalf("after %d orders, the %s, log %v: encodeUpdate wrote\n%s\nencode\n%s", b.OrderCount(), side, log, got, want)
				}
			}
		}
		if _, err := b.Apply(endPhase); err != nil {
			t.Fatal(err)
		}
	}
}
