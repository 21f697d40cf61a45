package maps

import (
	"fmt"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/fileio"
)

// Edge is one of the four edges of a map, by its name in scenarios, saves
// and the log. The empty Edge means "no edge" (a reinforcement arriving on
// its own hex, an exit clause that takes any edge).
type Edge string

// The four map edges: the top row, the bottom row, the left and the right
// column of the map as Tiled draws it.
const (
	North Edge = "north"
	South Edge = "south"
	West  Edge = "west"
	East  Edge = "east"
)

// Edges lists the four edges in a fixed order.
var Edges = []Edge{North, East, South, West}

// ParseEdge reads an edge name, case-insensitively.
func ParseEdge(s string) (Edge, error) {
	e := Edge(strings.ToLower(strings.TrimSpace(s)))
	for _, known := range Edges {
		if e == known {
			return e, nil
		}
	}
	return "", fmt.Errorf("%s is not a map edge (north, east, south or west)", fileio.Quote(s))
}

// OnEdge reports whether h is a hex of edge e of board b: its top or bottom
// row, its left or right column.
func OnEdge(b *board.Board, h board.Hex, e Edge) bool {
	if !b.Contains(h) {
		return false
	}
	o := b.Layout.ToOffset(h)
	switch e {
	case North:
		return o.Row == 0
	case South:
		return o.Row == b.Height-1
	case West:
		return o.Col == 0
	case East:
		return o.Col == b.Width-1
	}
	return false
}

// EdgesOf returns the edges h lies on, in the order of Edges (two for a
// corner hex, none inside the map).
func EdgesOf(b *board.Board, h board.Hex) []Edge {
	var out []Edge
	for _, e := range Edges {
		if OnEdge(b, h, e) {
			out = append(out, e)
		}
	}
	return out
}

// EdgeHexes returns the hexes of edge e of board b, in row then column order.
func EdgeHexes(b *board.Board, e Edge) []board.Hex {
	var out []board.Hex
	for row := range b.Height {
		for col := range b.Width {
			if h := b.Layout.ToHex(board.Offset{Col: col, Row: row}); OnEdge(b, h, e) {
				out = append(out, h)
			}
		}
	}
	return out
}

// Arrival is when and where a reinforcement comes on the map: on turn Turn
// (from 1), at Edge, or at its placement's own hex (an edge hex) when Edge
// is empty. The zero Arrival is a unit on the map from the start.
type Arrival struct {
	Turn int
	Edge Edge
}

// Pending reports whether the placement is a reinforcement.
func (a Arrival) Pending() bool { return a.Turn > 0 }

// parseArrival reads a placement's "arrives" property: "TURN" or
// "TURN EDGE", the turn from 1 to turns (any turn from 1 when turns is 0,
// a map without a turn limit).
func parseArrival(v string, turns int) (Arrival, error) {
	f := strings.Fields(v)
	if len(f) < 1 || len(f) > 2 {
		return Arrival{}, fmt.Errorf("arrives %s: want a turn and, if it enters by an edge, the edge (\"3\" or \"3 north\")", fileio.Quote(v))
	}
	n, err := strconv.Atoi(f[0])
	switch {
	case err != nil || n < 1:
		return Arrival{}, fmt.Errorf("arrives %s: the turn %s is not a whole number from 1", fileio.Quote(v), fileio.Quote(f[0]))
	case turns > 0 && n > turns:
		return Arrival{}, fmt.Errorf("arrives %s: turn %d is after the last turn, %d", fileio.Quote(v), n, turns)
	}
	a := Arrival{Turn: n}
	if len(f) == 2 {
		if a.Edge, err = ParseEdge(f[1]); err != nil {
			return Arrival{}, fmt.Errorf("arrives %s: %w", fileio.Quote(v), err)
		}
	}
	return a, nil
}
