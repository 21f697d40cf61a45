package board

import (
	"fmt"
	"slices"
	"testing"
)

// TestViewshedMatchesLOS compares the viewshed from every hex of each
// fixture, and Board.Sight, with Board.LOS to every hex, exhaustively.
func TestViewshedMatchesLOS(t *testing.T) {
	type fixture struct {
		name  string
		board *Board
		smoke func(*Board) func(Hex) int
		every int // viewers: every n-th hex of the board (0 or 1: all of them)
	}
	// someSmoke puts Smoke 1 or 2 on a fixed scatter of hexes.
	someSmoke := func(b *Board) func(Hex) int {
		return func(h Hex) int {
			o := b.Layout.ToOffset(h)
			if (o.Col*7+o.Row*3)%11 == 0 {
				return 1 + o.Col%2
			}
			return 0
		}
	}
	fixtures := []fixture{
		{name: "hexside rules", board: MustParseASCII(DefaultLayout, `
. o . B . W .
. B . o . . c
. . W . .1 .1 .
. o . .1 .2 .1 .
B . . . .1 . o
hedge B1 B2
wall D3 D4
hedgerow E2 F2`)},
	}
	for i, layout := range allLayouts {
		b := generateMap(layout, 18, 15, uint64(i+1))
		fixtures = append(fixtures,
			fixture{name: "generated " + layoutName(layout), board: b},
			fixture{name: "generated with smoke " + layoutName(layout), board: b, smoke: someSmoke})
	}
	// A larger map, where shadows settle most hexes, from a sample of viewers.
	fixtures = append(fixtures, fixture{name: "generated 40x32", board: generateMap(DefaultLayout, 40, 32, 11), smoke: someSmoke, every: 13})
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			b := f.board
			var smoke func(Hex) int
			if f.smoke != nil {
				smoke = f.smoke(b)
			}
			visible, lines, i := 0, 0, 0
			for from := range b.Hexes() {
				i++
				if f.every > 1 && i%f.every != 0 {
					continue
				}
				v, err := b.Viewshed(from, smoke)
				if err != nil {
					t.Fatal(err)
				}
				for to, have := range v.All() {
					l := b.LOS(from, to, smoke)
					want := Sight{Visible: l.Clear, Hindrance: l.Hindrance}
					if have != want || v.At(to) != want {
						t.Fatalf("viewshed %s→%s = %+v (At %+v), want %+v\n%s", b.Label(from), b.Label(to), have, v.At(to), want, l.Explain(b))
					}
					if s := b.Sight(from, to, smoke); s != want {
						t.Fatalf("Sight %s→%s = %+v, want %+v as LOS\n%s", b.Label(from), b.Label(to), s, want, l.Explain(b))
					}
					sum := 0
					for _, o := range l.Hindrances {
						sum += o.Amount
					}
					if sum != l.Hindrance {
						t.Fatalf("%s→%s: Hindrances %+v sum to %d, want %d", b.Label(from), b.Label(to), l.Hindrances, sum, l.Hindrance)
					}
					if back := b.LOS(to, from, smoke); back.Clear != l.Clear {
						t.Fatalf("LOS %s→%s clear %v, back %v", b.Label(from), b.Label(to), l.Clear, back.Clear)
					}
					lines++
					if l.Clear {
						visible++
					}
				}
			}
			// Guard against a fixture where nothing or everything is seen,
			// which would make the comparison weak.
			if visible == lines || visible <= lines/b.Width/b.Height {
				t.Errorf("%d of %d lines clear: fixture too uniform", visible, lines)
			}
		})
	}
}

func TestViewshedOffBoard(t *testing.T) {
	b := MustParseASCII(DefaultLayout, ". .\n. .")
	for _, h := range []Hex{{-1, 0}, {5, 5}} {
		t.Run(fmt.Sprint(h), func(t *testing.T) {
			if _, err := b.Viewshed(h, nil); err == nil {
				t.Errorf("Viewshed(%v) error = nil, want an off-map error", h)
			}
		})
	}
	v, err := b.Viewshed(Hex{0, 0}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if have := v.At(Hex{9, 9}); have != (Sight{}) {
		t.Errorf("At off the board = %+v, want not visible", have)
	}
}

// TestAngleBinOrder checks that angleBin never decreases in angleLess order,
// which the shadow sweep's exactness rests on, over every direction with
// small coordinates and the extremes a 500×500 map can produce.
func TestAngleBinOrder(t *testing.T) {
	var dirs []direction
	for u := -40; u <= 40; u++ {
		for v := -40; v <= 40; v++ {
			if u != 0 || v != 0 {
				dirs = append(dirs, newDirection(u, v))
			}
		}
	}
	const far = 3 * MaxDimension
	for _, w := range [][2]int{{far, -1}, {far, 1}, {-far, -1}, {-far, 1}, {1, -far}, {-1, -far}, {1, far}, {-1, far}, {far, far - 1}} {
		dirs = append(dirs, newDirection(w[0], w[1]))
	}
	slices.SortFunc(dirs, func(a, b direction) int {
		switch {
		case angleLess(a, b):
			return -1
		case angleLess(b, a):
			return 1
		}
		return 0
	})
	for i := 1; i < len(dirs); i++ {
		a, b := dirs[i-1], dirs[i]
		if have, prev := angleBin(b), angleBin(a); have < prev {
			t.Errorf("angleBin(%v) = %d after angleBin(%v) = %d, want no decrease", b, have, a, prev)
		}
	}
	if first, last := angleBin(dirs[0]), angleBin(dirs[len(dirs)-1]); first != 0 || last >= angleBins {
		t.Errorf("bins span %d..%d, want 0..%d", first, last, angleBins-1)
	}
}

// TestViewshedMatchesLOSBenchMap compares, on the benchmark's 200×160 map,
// the viewshed from the benchmark's viewers and a few more with Board.LOS
// to every hex.
func TestViewshedMatchesLOSBenchMap(t *testing.T) {
	b := generateMap(DefaultLayout, 200, 160, 7)
	for _, o := range []Offset{{100, 80}, {3, 4}, {60, 120}, {199, 159}} {
		t.Run(fmt.Sprint(o), func(t *testing.T) {
			from := b.Layout.ToHex(o)
			v, err := b.Viewshed(from, nil)
			if err != nil {
				t.Fatal(err)
			}
			visible := 0
			for to, have := range v.All() {
				l := b.LOS(from, to, nil)
				if want := (Sight{Visible: l.Clear, Hindrance: l.Hindrance}); have != want {
					t.Fatalf("viewshed %s→%s = %+v, want %+v\n%s", b.Label(from), b.Label(to), have, want, l.Explain(b))
				}
				if have.Visible {
					visible++
				}
			}
			if visible < 20 {
				t.Errorf("%d hexes visible: viewer too shut in to test much", visible)
			}
		})
	}
}
