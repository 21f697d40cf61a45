package ai

import (
	"fmt"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/board/boardtest"
	"hexfire/maps"
)

// playSegment lets one Opponent play both sides from the current phase
// until the phasing side changes (or the battle ends).
func playSegment(tb testing.TB, b *battle.Battle, op *Opponent) int {
	side, n := b.Phasing(), 0
	for b.Result() == nil && b.Phasing() == side {
		o, why := op.Next(b)
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
		bt := defaultBattle(b, 1)
		b.StartTimer()
		op, err := NewOpponent(bt)
		if err != nil {
			b.Fatal(err)
		}
		orders += playSegment(b, bt, op)
	}
	b.ReportMetric(float64(orders)/float64(b.N), "orders/op")
}

// bigBattle is a generated 200×160 map (open ground with woods, buildings
// and fields from a hash of the coordinates) with 150 units a side facing
// each other across a 12-hex gap in the middle of the map.
func bigBattle(tb testing.TB) *battle.Battle {
	bd, err := boardtest.Mixed(200, 160)
	if err != nil {
		tb.Fatal(err)
	}
	sc := &maps.Scenario{Path: "big.tmx", Title: "big", Board: bd, HexMetres: 50, Ruleset: "elimination", Turns: 10,
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
	types := map[maps.Side][]string{
		maps.Allies: {"M4A3E8", "Sherman Firefly", "US Rifle Squad", "M4 (75)", "US Bazooka Team"},
		maps.Axis:   {"Tiger I", "Pz IV H", "German Rifle Squad", "StuG III G", "German Panzerschreck Team"},
	}
	for i := range 300 {
		side, col, facing := maps.Allies, 88-(i/30)*2, board.DirSE
		if i%2 == 1 {
			side, col, facing = maps.Axis, 100+(i/30)*2, board.DirNW
		}
		row := 20 + (i/2%15)*8
		h := bd.Layout.ToHex(board.Offset{Col: col, Row: row})
		_ = bd.SetCell(h, board.Cell{Terrain: board.Open})
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: types[side][i/2%5], Side: side, Hex: h, Facing: facing})
	}
	b, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1})
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
		op, err := NewOpponent(bt)
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
			bt, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			for range history {
				if _, err := bt.Apply(battle.EndPhase{}); err != nil {
					b.Fatal(err)
				}
			}
			op, err := NewOpponent(bt)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				op.Next(bt)
			}
		})
	}
}
