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
