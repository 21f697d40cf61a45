package killzone

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/board/boardtest"
	"hexfire/maps"
)

// benchZone measures the kill zone of q in b.
func benchZone(b *testing.B, bt *battle.Battle, q Query) {
	z, err := Compute(bt, q)
	if err != nil {
		b.Fatal(err)
	}
	shots := 0
	for _, c := range z.Cells {
		if c.Shot {
			shots++
		}
	}
	for b.Loop() {
		if _, err := Compute(bt, q); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(shots), "shots")
}

// BenchmarkDefaultMap is the M4A3E8 in E4 against a Tiger I facing
// south-east anywhere on the default map (24×16), and the reverse.
func BenchmarkDefaultMap(b *testing.B) {
	sc := defaultScenario(b)
	at := hex(b, sc.Board, "E4")
	bt := twoUnits(b, sc, pair{"M4A3E8", "Tiger I", maps.Allies, ""}, board.Pose{Hex: at}, board.Pose{Hex: at.Neighbor(0)})
	q := Query{Firer: bt.Unit(1), Target: bt.Unit(2), At: at, TargetFacing: board.DirSE}
	b.Run("forward", func(b *testing.B) { benchZone(b, bt, q) })
	q.Reverse, q.FirerTurns = true, true
	b.Run("reverse", func(b *testing.B) { benchZone(b, bt, q) })
}

// BenchmarkBigMap is the same on a 200×160 map of open ground with woods,
// buildings and fields from a hash of the coordinates (the computer
// opponent's benchmark map), the fixed unit in the middle; and on the
// worst case, the same map all open, every hex in sight.
func BenchmarkBigMap(b *testing.B) {
	b.Run("mixed", func(b *testing.B) { benchBig(b, true) })
	b.Run("open", func(b *testing.B) { benchBig(b, false) })
}

func benchBig(b *testing.B, mixed bool) {
	bd, err := board.New(board.DefaultLayout, 200, 160)
	if mixed {
		bd, err = boardtest.Mixed(200, 160)
	}
	if err != nil {
		b.Fatal(err)
	}
	at := bd.Layout.ToHex(board.Offset{Col: 100, Row: 80})
	if err := bd.SetCell(at, board.Cell{Terrain: board.Open}); err != nil {
		b.Fatal(err)
	}
	sc := &maps.Scenario{Path: "big.tmx", Title: "big", Board: bd, HexMetres: 50, Ruleset: "elimination",
		Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
	bt := twoUnits(b, sc, pair{"M4A3E8", "Tiger I", maps.Allies, ""}, board.Pose{Hex: at}, board.Pose{Hex: at.Neighbor(0)})
	q := Query{Firer: bt.Unit(1), Target: bt.Unit(2), At: at, TargetFacing: board.DirSE}
	b.Run("forward", func(b *testing.B) { benchZone(b, bt, q) })
	q.Reverse, q.FirerTurns = true, true
	b.Run("reverse", func(b *testing.B) { benchZone(b, bt, q) })
}
