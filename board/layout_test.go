package board

import (
	"fmt"
	"testing"
)

var allLayouts = []Layout{
	{StaggerX: true, StaggerEven: true, TileWidth: 64, TileHeight: 56, HexSide: 32},
	{StaggerX: true, StaggerEven: false, TileWidth: 60, TileHeight: 52, HexSide: 24},
	{StaggerX: false, StaggerEven: true, TileWidth: 56, TileHeight: 64, HexSide: 32},
	{StaggerX: false, StaggerEven: false, TileWidth: 52, TileHeight: 60, HexSide: 36},
}

func layoutName(l Layout) string {
	axis, index := "y", "odd"
	if l.StaggerX {
		axis = "x"
	}
	if l.StaggerEven {
		index = "even"
	}
	return fmt.Sprintf("stagger%s-%s-side%d", axis, index, l.HexSide)
}

func TestOffsetRoundTrip(t *testing.T) {
	for _, l := range allLayouts {
		t.Run(layoutName(l), func(t *testing.T) {
			for col := -3; col < 30; col++ {
				for row := -3; row < 30; row++ {
					o := Offset{col, row}
					if have := l.ToOffset(l.ToHex(o)); have != o {
						t.Fatalf("ToOffset(ToHex(%v)) = %v, want %v", o, have, o)
					}
				}
			}
		})
	}
}

func TestNeighboursAreAdjacentOnScreen(t *testing.T) {
	// Every axial neighbour must be the hex whose pixel centre is one step
	// away in the direction's screen angle: this ties the offset conversion
	// to Tiled's renderer for all four stagger variants.
	for _, l := range allLayouts {
		t.Run(layoutName(l), func(t *testing.T) {
			for col := range 6 {
				for row := range 6 {
					h := l.ToHex(Offset{col, row})
					cx, cy := l.Center(h)
					for d := range Direction(6) {
						n := h.Neighbor(d)
						nx, ny := l.Center(n)
						if got := l.HexAt((cx+nx)/2*0.2+nx*0.8, (cy+ny)/2*0.2+ny*0.8); got != n {
							t.Fatalf("from %v dir %v: pixel near neighbour centre picks %v, want %v", Offset{col, row}, d, got, n)
						}
						if (nx-cx)*(nx-cx)+(ny-cy)*(ny-cy) > float64(l.TileWidth*l.TileWidth+l.TileHeight*l.TileHeight) {
							t.Fatalf("from %v dir %v: neighbour %v centre is far away", Offset{col, row}, d, l.ToOffset(n))
						}
					}
				}
			}
		})
	}
}

func TestLabels(t *testing.T) {
	tests := []struct {
		label string
		o     Offset
	}{
		{"A1", Offset{0, 0}},
		{"E4", Offset{4, 3}},
		{"Z10", Offset{25, 9}},
		{"AA1", Offset{26, 0}},
		{"AZ3", Offset{51, 2}},
		{"BA1", Offset{52, 0}},
		{"GR160", Offset{199, 159}},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			if have := tt.o.Label(); have != tt.label {
				t.Errorf("Label(%v) = %q, want %q", tt.o, have, tt.label)
			}
			have, err := ParseLabel(tt.label)
			if err != nil || have != tt.o {
				t.Errorf("ParseLabel(%q) = %v, %v; want %v", tt.label, have, err, tt.o)
			}
		})
	}
	for _, bad := range []string{"", "E", "4", "E0", "E-1", "4E", "E4x"} {
		if _, err := ParseLabel(bad); err == nil {
			t.Errorf("ParseLabel(%q): want an error", bad)
		}
	}
}

func TestSeedExampleGeometry(t *testing.T) {
	// default-ruleset.md §10: E4 to C1 is range 4, through the centre of D3.
	l := DefaultLayout
	at := func(s string) Hex {
		o, err := ParseLabel(s)
		if err != nil {
			t.Fatal(err)
		}
		return l.ToHex(o)
	}
	e4, c1, d3 := at("E4"), at("C1"), at("D3")
	if have := e4.Distance(c1); have != 4 {
		t.Errorf("E4-C1 distance = %d, want 4", have)
	}
	mid := Hex{(e4.Q + c1.Q) / 2, (e4.R + c1.R) / 2}
	if mid != d3 {
		t.Errorf("midpoint of E4-C1 = %s, want D3", l.ToOffset(mid).Label())
	}
}

func TestTiledPixelGeometry(t *testing.T) {
	// Expected values worked out by hand from Tiled's hexagonal renderer
	// (RenderParams, tileToScreenCoords): sideOffset = (tile - side)/2 on
	// the staggered axis, columnWidth/rowHeight = sideOffset + side, and the
	// staggered columns (rows) shifted by half a tile on the other axis.
	tests := []struct {
		name       string
		layout     Layout
		at         Offset
		originX, y int
		sizeW      int // PixelSize of a 5×4 map
		sizeH      int
	}{
		// flat-top, odd columns shifted, side 24 of 60: sideOffsetX 18, columnWidth 42, rowHeight 26.
		{"x-odd col 3", Layout{true, false, 60, 52, 24}, Offset{3, 2}, 3 * 42, 2*52 + 26, 5*42 + 18, 4*52 + 26},
		{"x-odd col 2", Layout{true, false, 60, 52, 24}, Offset{2, 2}, 2 * 42, 2 * 52, 5*42 + 18, 4*52 + 26},
		// flat-top, even columns shifted, side 32 of 64: columnWidth 48, rowHeight 28.
		{"x-even col 0", DefaultLayout, Offset{0, 0}, 0, 28, 5*48 + 16, 4*56 + 28},
		{"x-even col 1", DefaultLayout, Offset{1, 3}, 48, 3 * 56, 5*48 + 16, 4*56 + 28},
		// pointy-top, even rows shifted, side 36 of 60: sideOffsetY 12, rowHeight 48, columnWidth 26.
		{"y-even row 2", Layout{false, true, 52, 60, 36}, Offset{1, 2}, 52 + 26, 2 * 48, 5*52 + 26, 4*48 + 12},
		{"y-even row 1", Layout{false, true, 52, 60, 36}, Offset{1, 1}, 52, 48, 5*52 + 26, 4*48 + 12},
		// pointy-top, odd rows shifted, side 32 of 64 with odd width 55: columnWidth 27.
		{"y-odd row 3", Layout{false, false, 55, 64, 32}, Offset{4, 3}, 4*55 + 27, 3 * 48, 5*55 + 27, 4*48 + 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.layout.ToHex(tt.at)
			x, y := tt.layout.TileOrigin(h)
			if x != tt.originX || y != tt.y {
				t.Errorf("TileOrigin(%v) = (%d, %d), want (%d, %d)", tt.at, x, y, tt.originX, tt.y)
			}
			cx, cy := tt.layout.Center(h)
			if wantX, wantY := float64(tt.originX)+float64(tt.layout.TileWidth)/2, float64(tt.y)+float64(tt.layout.TileHeight)/2; cx != wantX || cy != wantY {
				t.Errorf("Center(%v) = (%v, %v), want (%v, %v)", tt.at, cx, cy, wantX, wantY)
			}
			if w, hgt := tt.layout.PixelSize(5, 4); w != tt.sizeW || hgt != tt.sizeH {
				t.Errorf("PixelSize(5, 4) = %dx%d, want %dx%d", w, hgt, tt.sizeW, tt.sizeH)
			}
		})
	}
}

func TestHexAtInvertsCenterAndCorners(t *testing.T) {
	// Every hex centre, and points just inside each corner, pick that hex.
	for _, l := range allLayouts {
		t.Run(layoutName(l), func(t *testing.T) {
			for col := range 12 {
				for row := range 10 {
					h := l.ToHex(Offset{col, row})
					cx, cy := l.Center(h)
					if have := l.HexAt(cx, cy); have != h {
						t.Fatalf("HexAt(centre of %v) = %v, want %v", Offset{col, row}, l.ToOffset(have), Offset{col, row})
					}
					for i, c := range l.Corners(h) {
						px, py := c[0]+(cx-c[0])*0.1, c[1]+(cy-c[1])*0.1
						if have := l.HexAt(px, py); have != h {
							t.Fatalf("HexAt(near corner %d of %v) = %v, want %v", i, Offset{col, row}, l.ToOffset(have), Offset{col, row})
						}
					}
				}
			}
		})
	}
}
