package board

import "testing"

// benchMap builds a 200×160 map of mixed terrain, the same every time: a
// hash of the coordinates picks the terrain (about 45% open or field, 20%
// woods, 10% crops and orchard, 5% buildings, streams, a little water),
// hills in broad bands, a road every 12 rows and 17 columns with bridges
// over ponds, and a wall on the north hexside of about 6% of the hexes.
func benchMap(tb testing.TB) *Board {
	tb.Helper()
	const w, h = 200, 160
	b, err := New(DefaultLayout, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	mix := func(col, row, salt int) int {
		x := uint32(col*73856093) ^ uint32(row*19349663) ^ uint32(salt*83492791)
		x ^= x >> 13
		x *= 0x5bd1e995
		x ^= x >> 15
		return int(x % 100)
	}
	for row := range h {
		for col := range w {
			var c Cell
			switch v := mix(col, row, 1); {
			case v < 40:
				c.Terrain = Open
			case v < 45:
				c.Terrain = Field
			case v < 65:
				c.Terrain = Woods
			case v < 70:
				c.Terrain = Crops
			case v < 75:
				c.Terrain = Orchard
			case v < 80:
				c.Terrain = Building
			case v < 88:
				c.Terrain = Stream
			case v < 90:
				c.Terrain = Pond
			default:
				c.Terrain = Open
			}
			c.Level = (col/9 + row/7) % 3
			if row%12 == 5 || col%17 == 8 {
				c.Road = true
				if c.Terrain == Pond {
					c.Terrain = Bridge
				}
			}
			hx := DefaultLayout.ToHex(Offset{col, row})
			if err := b.SetCell(hx, c); err != nil {
				tb.Fatal(err)
			}
			if mix(col, row, 2) < 6 {
				_ = b.SetHexside(hx, DirN, Wall)
			}
		}
	}
	return b
}

func benchmarkReachable(b *testing.B, spec MoveSpec) {
	m := benchMap(b)
	start := Pose{DefaultLayout.ToHex(Offset{100, 77}), DirN} // on the road of row 77
	hexes := 0
	b.ResetTimer()
	for b.Loop() {
		r := m.Reachable(spec, start, Occupancy{})
		hexes = len(r.blocks)
	}
	b.ReportMetric(float64(hexes), "hexes")
}

// BenchmarkReachableVehicle is a 12-MP vehicle's reachable poses.
func BenchmarkReachableVehicle(b *testing.B) { benchmarkReachable(b, MoveSpec{Kind: Vehicle, MP: 12}) }

// BenchmarkReachableInfantry is reachable hexes for infantry with 12 MP.
func BenchmarkReachableInfantry(b *testing.B) {
	benchmarkReachable(b, MoveSpec{Kind: Infantry, MP: 12})
}

// BenchmarkReachableHexesVehicle adds listing the hexes and a path, as the
// game does when a vehicle is selected and a hex hovered.
func BenchmarkReachableHexesVehicle(b *testing.B) {
	m := benchMap(b)
	start := Pose{DefaultLayout.ToHex(Offset{100, 77}), DirN}
	target := DefaultLayout.ToHex(Offset{104, 70})
	for b.Loop() {
		r := m.Reachable(MoveSpec{Kind: Vehicle, MP: 12}, start, Occupancy{})
		_ = r.Hexes()
		_, _ = r.Path(target)
	}
}

// BenchmarkCostField is a distance field over the whole 200×160 map to
// four goal hexes, for a vehicle, as the opponent asks for each set of
// objectives.
func BenchmarkCostField(b *testing.B) {
	m := benchMap(b)
	var goals []Hex
	for _, o := range []Offset{{20, 20}, {21, 20}, {150, 120}, {100, 77}} {
		goals = append(goals, DefaultLayout.ToHex(o))
	}
	reached := 0
	for b.Loop() {
		reached = 0
		for _, d := range m.CostField(Wheeled, goals) {
			if d >= 0 {
				reached++
			}
		}
	}
	b.ReportMetric(float64(reached), "hexes")
}
