package main

import (
	"path/filepath"
	"runtime"
	"testing"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/maps"
	"hexfire/umpire"
)

// TestDecisionsCostWhatThePositionCosts plays 6,000 orders of a long
// battle on a small map (two tanks, a limit of 1000 turns, as simulate
// plays a map without turns at a high --turns) and checks that the bytes
// each player's decisions and orders allocate do not grow with the
// battle's history: the last thousand orders cost at most half again the
// second thousand. A player or engine that copied the order history per
// decision would allocate sixteen bytes per order so far on every one,
// 96 MB for the last thousand against the few MB they cost now.
func TestDecisionsCostWhatThePositionCosts(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := maps.LoadFile(filepath.Join("..", "..", "maps", "testdata", "flat-even.tmx"), cat)
	if err != nil {
		t.Fatal(err)
	}
	long := *sc
	long.Turns = maps.MaxTurns
	for _, name := range playerNames {
		t.Run(name, func(t *testing.T) {
			b, err := battle.New(&long, cat, battle.Config{Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			players := map[maps.Side]ai.Player{}
			for _, side := range []maps.Side{maps.Allies, maps.Axis} {
				if players[side], err = newPlayer(name, b.View(side), umpire.SeatSeed(3, side)); err != nil {
					t.Fatal(err)
				}
			}
			const block, blocks = 1000, 6
			var spent []uint64 // bytes allocated by each block of orders
			var ms runtime.MemStats
			for range blocks {
				runtime.ReadMemStats(&ms)
				before := ms.TotalAlloc
				for range block {
					if b.Result() != nil {
						t.Fatalf("the battle ended after %d orders, want %d", b.OrderCount(), block*blocks)
					}
					o, why := players[b.Acting()].Next(b.View(b.Acting()))
					if err := applyOrder(b, o); err != nil {
						t.Fatalf("%s (%s): %v", o.Name(), why, err)
					}
				}
				runtime.ReadMemStats(&ms)
				spent = append(spent, ms.TotalAlloc-before)
			}
			if last, second := spent[blocks-1], spent[1]; last > second*3/2 {
				t.Errorf("bytes allocated per %d orders: %v; the last block costs more than half again the second", block, spent)
			}
		})
	}
}
