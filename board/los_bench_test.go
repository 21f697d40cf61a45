package board

import (
	"math/rand/v2"
	"testing"
)

// generateMap builds a deterministic w×h map with realistic mixed terrain
// from a seed: hills with level 2 tops, woods, villages of buildings,
// orchards, crops, a few walls, hedges and hedgerows. The generator is local
// to the tests, seeded, and used by the benchmarks and the viewshed tests.
func generateMap(layout Layout, w, h int, seed uint64) *Board {
	b, err := New(layout, w, h)
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	randomHex := func() Hex { return layout.ToHex(Offset{rng.IntN(w), rng.IntN(h)}) }
	// blob applies set to the board hexes within radius of a random centre,
	// each with probability p.
	blob := func(radius int, p float64, set func(*Cell, int)) {
		c := randomHex()
		for dq := -radius; dq <= radius; dq++ {
			for dr := max(-radius, -dq-radius); dr <= min(radius, -dq+radius); dr++ {
				x := c.Add(Hex{dq, dr})
				if b.Contains(x) && rng.Float64() < p {
					cell := b.Cell(x)
					set(&cell, c.Distance(x))
					_ = b.SetCell(x, cell)
				}
			}
		}
	}
	area := w * h
	for range area / 400 {
		r := 3 + rng.IntN(5)
		blob(r, 1, func(c *Cell, dist int) {
			if dist*2 <= r {
				c.Level = 2
			} else {
				c.Level = max(c.Level, 1)
			}
		})
	}
	for range area / 150 {
		blob(1+rng.IntN(4), 0.8, func(c *Cell, _ int) { c.Terrain = Woods })
	}
	for range area / 600 {
		blob(2, 0.5, func(c *Cell, _ int) { c.Terrain = Building })
	}
	for range area / 500 {
		blob(1+rng.IntN(2), 0.9, func(c *Cell, _ int) { c.Terrain = Orchard })
	}
	for range area / 300 {
		blob(1+rng.IntN(3), 0.9, func(c *Cell, _ int) { c.Terrain = Crops })
	}
	for i := range area / 40 {
		feature := []HexsideFeature{Wall, Hedge, Hedge, Hedgerow}[i%4]
		_ = b.SetHexside(randomHex(), Direction(rng.IntN(6)), feature)
	}
	return b
}

// range20Line is the generated map of the LOS benchmarks and a line of
// range 20 on it.
func range20Line() (m *Board, from, to Hex) {
	m = generateMap(DefaultLayout, 200, 160, 7)
	from = m.Layout.ToHex(Offset{50, 50})
	return m, from, from.Add(Hex{12, 8})
}

// BenchmarkLOSRange20 traces one line of sight at range 20 on the
// generated map, with every step recorded (Path, sides, reasons).
func BenchmarkLOSRange20(b *testing.B) {
	m, from, to := range20Line()
	b.ReportAllocs()
	for b.Loop() {
		m.LOS(from, to, nil)
	}
}

// BenchmarkLOSRange20Clear traces, with every step recorded, a clear line
// of range 20 on the same map that crosses and touches hindrances (five of
// them, hexes touched on both sides): the explanation in full.
func BenchmarkLOSRange20Clear(b *testing.B) {
	m, from, _ := range20Line()
	to := from.Add(Hex{-4, -16})
	if l := m.LOS(from, to, nil); !l.Clear || len(l.Hindrances) != 5 || len(l.Left)+len(l.Right) == 0 {
		b.Fatalf("the line %s is not the clear, hindered one wanted", l.Explain(m))
	}
	b.ReportAllocs()
	for b.Loop() {
		m.LOS(from, to, nil)
	}
}

// BenchmarkViewshed200x160 computes a full viewshed on the generated
// 200×160 map from a hex near the middle, and from a hill top.
func BenchmarkViewshed200x160(b *testing.B) {
	m := generateMap(DefaultLayout, 200, 160, 7)
	for _, c := range []struct {
		name string
		from Offset
	}{{"middle", Offset{100, 80}}, {"corner", Offset{3, 4}}, {"open", Offset{60, 120}}} {
		b.Run(c.name, func(b *testing.B) {
			from := m.Layout.ToHex(c.from)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Viewshed(from, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSightRange20 answers the line of sight of BenchmarkLOSRange20
// with Board.Sight: clear and hindrance only, nothing recorded.
func BenchmarkSightRange20(b *testing.B) {
	m, from, to := range20Line()
	b.ReportAllocs()
	for b.Loop() {
		m.Sight(from, to, nil)
	}
}
