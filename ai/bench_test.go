package ai

import (
	"fmt"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/board/boardtest"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

// playSegment lets op play both sides from the current phase
// until the phasing side changes (or the battle ends).
func playSegment(tb testing.TB, b *battle.Battle, op Player) int {
	side, n := b.Phasing(), 0
	for b.Result() == nil && b.Phasing() == side {
		o, why := ask(op, b)
		if _, err := b.Apply(o); err != nil {
			tb.Fatalf("order %#v (%s) refused: %v", o, why, err)
		}
		n++
	}
	return n
}

// BenchmarkSegmentDefault is one computer segment (the allies' first,
// with the axis' opportunity and defensive fire) on the default map.
func BenchmarkSegmentDefault(b *testing.B) {
	orders := 0
	for b.Loop() {
		b.StopTimer()
		bt := battletest.DefaultBattle(b, elimination.Ruleset{}, battle.Config{Seed: 1, Fog: battle.FogOff})
		b.StartTimer()
		op, err := opponentOf(bt)
		if err != nil {
			b.Fatal(err)
		}
		orders += playSegment(b, bt, op)
	}
	b.ReportMetric(float64(orders)/float64(b.N), "orders/op")
}

// bigBattle is the battle of boardtest.BigScenario: 300 units on the
// 200×160 map.
func bigBattle(tb testing.TB) *battle.Battle {
	sc, err := boardtest.BigScenario()
	if err != nil {
		tb.Fatal(err)
	}
	b, err := battle.New(sc, battletest.Catalogue(tb, elimination.Ruleset{}), battle.Config{Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkSegmentBig is one computer segment on the 200×160 map with 300
// units.
func BenchmarkSegmentBig(b *testing.B) {
	orders := 0
	for b.Loop() {
		b.StopTimer()
		bt := bigBattle(b)
		b.StartTimer()
		op, err := opponentOf(bt)
		if err != nil {
			b.Fatal(err)
		}
		orders += playSegment(b, bt, op)
	}
	b.ReportMetric(float64(orders)/float64(b.N), "orders/op")
}

// BenchmarkNextAfterLongHistory is one decision of the Opponent on a small
// map without a turn limit, after 800 and after 100 000 orders (the same phase): the cost
// of a decision must not grow with the orders before it.
func BenchmarkNextAfterLongHistory(b *testing.B) {
	for _, history := range []int{800, 100_000} {
		b.Run(fmt.Sprint(history), func(b *testing.B) {
			bd, err := board.ParseASCII(board.DefaultLayout, openMap)
			if err != nil {
				b.Fatal(err)
			}
			sc := &maps.Scenario{Path: "long.tmx", Title: "long", Board: bd, HexMetres: 50, Ruleset: "elimination",
				FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
			for i, u := range []unitAt{{"M4A3E8", maps.Allies, "A1", board.DirSE, ""}, {"Tiger I", maps.Axis, "H6", board.DirNW, "hold"}} {
				h, _ := bd.ParseHex(u.hex)
				sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: u.facing, Script: u.script})
			}
			bt, err := battle.New(sc, battletest.Catalogue(b, elimination.Ruleset{}), battle.Config{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			for range history {
				if _, err := bt.Apply(battle.EndPhase{}); err != nil {
					b.Fatal(err)
				}
			}
			op, err := opponentOf(bt)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				ask(op, bt)
			}
		})
	}
}
