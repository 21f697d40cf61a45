// Package boardtest builds boards for the tests and benchmarks of the
// packages above board.
package boardtest

import "hexfire/board"

// Mixed returns a width×height board of open ground with woods (about 8%
// of the hexes), buildings (3%) and fields (12%) placed by a hash of each
// hex's offset coordinates, the same every time: the map of the computer
// opponent's and the kill zones' benchmarks.
func Mixed(width, height int) (*board.Board, error) {
	bd, err := board.New(board.DefaultLayout, width, height)
	if err != nil {
		return nil, err
	}
	for h := range bd.Hexes() {
		o := bd.Layout.ToOffset(h)
		x := uint32(o.Col*7919+o.Row*104729) * 2654435761 >> 24
		c := board.Cell{Terrain: board.Open}
		switch {
		case x < 20:
			c.Terrain = board.Woods
		case x < 28:
			c.Terrain = board.Building
		case x < 60:
			c.Terrain = board.Field
		}
		if err := bd.SetCell(h, c); err != nil {
			return nil, err
		}
	}
	return bd, nil
}
