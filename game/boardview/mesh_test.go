package boardview

import (
	"testing"

	"hexfire/board"
)

func TestEdgeCornersShared(t *testing.T) {
	layouts := map[string]board.Layout{
		"flat-top even": board.DefaultLayout,
		"flat-top odd":  {StaggerX: true, TileWidth: 64, TileHeight: 56, HexSide: 32},
		"pointy-top":    {StaggerX: false, StaggerEven: false, TileWidth: 56, TileHeight: 64, HexSide: 32},
		"odd hexside":   {StaggerX: true, TileWidth: 70, TileHeight: 60, HexSide: 20},
	}
	for name, l := range layouts {
		t.Run(name, func(t *testing.T) {
			edge := edgeCorners(l)
			h := board.Hex{Q: 3, R: 1}
			for d := range board.Direction(6) {
				n := h.Neighbor(d)
				a, b := l.Corners(h), l.Corners(n)
				e, f := edge[d], edge[d.Opposite()]
				mine := [2][2]float64{a[e[0]], a[e[1]]}
				theirs := [2][2]float64{b[f[0]], b[f[1]]}
				if !(mine == theirs || mine == [2][2]float64{theirs[1], theirs[0]}) {
					t.Errorf("hexside %s of %v = %v, neighbour's %s = %v; want the same segment", d, h, mine, d.Opposite(), theirs)
				}
			}
		})
	}
}
