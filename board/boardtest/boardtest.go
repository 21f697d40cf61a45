// Package boardtest builds boards and scenarios for the tests and
// benchmarks of the packages above board and maps.
package boardtest

import (
	"hexfire/board"
	"hexfire/maps"
)

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

// BigScenario is the Mixed 200×160 board with 150 units a side facing each
// other across a 12-hex gap in the middle of the map, in columns of 15 a
// side, each unit on open ground: the scenario of the benchmarks that
// measure a battle at its largest (the computer opponent's segment, the
// knowledge of both sides after a move).
func BigScenario() (*maps.Scenario, error) {
	bd, err := Mixed(200, 160)
	if err != nil {
		return nil, err
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
		if err := bd.SetCell(h, board.Cell{Terrain: board.Open}); err != nil {
			return nil, err
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: types[side][i/2%5], Side: side, Hex: h, Facing: facing})
	}
	return sc, nil
}
