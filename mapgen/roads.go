package mapgen

import (
	"container/heap"
	"math/rand/v2"

	"hexfire/board"
)

// roads lays the recipe's west–east roads, the first from the west edge to
// the east edge, the others in two halves from either edge to a road
// already laid, then its branches from the north or south edge to a road
// already laid. A road crosses a stream only on a bridge: straight through
// a hex where the stream runs straight along another axis (the bridge
// tiles the tilesets have). It reports false when a road found no way.
func (m *Map) roads(rng *rand.Rand, r recipe) bool {
	w, h := m.Options.Width, m.Options.Height
	noise := make([]float64, len(m.Cells))
	for i := range noise {
		noise[i] = rng.Float64() * 0.8
	}
	for i := range r.crossRoads {
		band := h / r.crossRoads
		row := i*band + band/4 + rng.IntN(max(1, band/2))
		start := m.Hex(0, row)
		off := m.offMap(start, func(o board.Offset) bool { return o.Col < 0 }, rng)
		goal := func(hx board.Hex, heading board.Direction) (board.Direction, bool) {
			if m.Col(hx) != w-1 {
				return 0, false
			}
			for _, e := range []board.Direction{heading, heading.Rotate(1), heading.Rotate(-1)} {
				if m.Col(hx.Neighbor(e)) >= w {
					return e, true
				}
			}
			return 0, false
		}
		if i > 0 {
			// later roads join the network from either edge, so it stays
			// one, each half across the streams (so over a bridge)
			east := m.Hex(w-1, (row+band/2)%h)
			eastOff := m.offMap(east, func(o board.Offset) bool { return o.Col >= w }, rng)
			west, eastOfStreams := m.streamColumns()
			fromWest := func(hx board.Hex) bool { return m.Col(hx) > eastOfStreams }
			fromEast := func(hx board.Hex) bool { return m.Col(hx) < west }
			if !m.roadStart(start) || !m.roadStart(east) || !m.route(start, off, nil, fromWest, noise) || !m.route(east, eastOff, nil, fromEast, noise) {
				return false
			}
			continue
		}
		if !m.roadStart(start) || !m.route(start, off, goal, nil, noise) {
			return false
		}
	}
	for i := range r.branches {
		north := i%2 == 0
		col := w/4 + rng.IntN(max(1, w/2))
		row, outside := 0, func(o board.Offset) bool { return o.Row < 0 }
		if !north {
			row, outside = h-1, func(o board.Offset) bool { return o.Row >= h }
		}
		start := m.Hex(col, row)
		if !m.roadStart(start) {
			continue
		}
		off := m.offMap(start, outside, rng)
		if !m.route(start, off, nil, func(board.Hex) bool { return true }, noise) {
			return false
		}
	}
	return true
}

// streamColumns returns the westernmost and easternmost columns a stream
// runs through; with no stream, the width and -1, so that every column is
// both east and west of the streams.
func (m *Map) streamColumns() (west, east int) {
	west, east = m.Options.Width, -1
	for _, h := range m.Hexes() {
		if m.At(h).Stream != 0 {
			west, east = min(west, m.Col(h)), max(east, m.Col(h))
		}
	}
	return west, east
}

// roadStart reports whether a new road may start on the edge hex h.
func (m *Map) roadStart(h board.Hex) bool {
	c := m.At(h)
	return c.Roads == 0 && c.Stream == 0 && !c.Terrain.Info().Water && c.Terrain != board.Building
}

// offMap returns a direction from h, on an edge, to a hex off the map on
// the side outside picks.
func (m *Map) offMap(h board.Hex, outside func(board.Offset) bool, rng *rand.Rand) board.Direction {
	var ds []board.Direction
	for d := range board.Direction(6) {
		if outside(m.Layout.ToOffset(h.Neighbor(d))) {
			ds = append(ds, d)
		}
	}
	return ds[rng.IntN(len(ds))]
}

// roadState is a hex of a road being laid and the direction it was
// entered in.
type roadState struct {
	hex     int
	heading board.Direction
}

// route finds the cheapest road from start (entered from off the map
// across its side off) to a goal and lays it. The goal is an east-edge
// hex (goal says by which side the road leaves) or, with a nil goal, any
// road hex joins accepts with fewer than three road sides that is not a
// bridge. It reports
// false when there is no way.
func (m *Map) route(start board.Hex, off board.Direction, goal func(board.Hex, board.Direction) (board.Direction, bool), joins func(board.Hex) bool, noise []float64) bool {
	join := goal == nil
	first := roadState{m.index(start), off.Opposite()}
	dist := map[roadState]float64{first: 0}
	prev := map[roadState]roadState{}
	q := &stateQueue{{first, 0}}
	hexOf := func(i int) board.Hex { return m.Hex(i%m.Options.Width, i/m.Options.Width) }
	for q.Len() > 0 {
		it := heap.Pop(q).(queued)
		s := it.state
		if it.cost > dist[s] {
			continue
		}
		hx := hexOf(s.hex)
		cell := &m.Cells[s.hex]
		if !join && cell.Stream == 0 {
			if exit, ok := goal(hx, s.heading); ok {
				return m.lay(s, prev, exit, false)
			}
		}
		for _, turn := range []int{0, 1, -1, 2, -2} {
			e := s.heading.Rotate(turn)
			if cell.Stream != 0 && turn != 0 {
				continue // straight over a bridge
			}
			nb := hx.Neighbor(e)
			if !m.Contains(nb) {
				continue
			}
			ni := m.index(nb)
			nc := &m.Cells[ni]
			cost := it.cost + 1 + noise[ni] + []float64{0, 0.5, 4}[max(turn, -turn)]
			switch {
			case nc.Roads != 0:
				if !join || nc.Roads.count() >= 3 || nc.Stream != 0 || cell.Stream != 0 || !joins(nb) {
					continue
				}
				next := roadState{ni, e}
				prev[next] = s
				return m.lay(next, prev, 0, true)
			case nc.Terrain.Info().Water || nc.Terrain == board.Building:
				continue
			case nc.Stream != 0:
				if !nc.Stream.has(e) && !nc.Stream.has(e.Opposite()) && nc.Stream.has(nc.Stream.dirs()[0].Opposite()) {
					cost += 2
				} else {
					continue // no bridge tile for a bend or a stream along the road
				}
			case nc.Terrain == board.Woods:
				cost += 1.5
			case nc.Terrain == board.Orchard:
				cost += 0.5
			}
			cost += 1.5 * float64(max(nc.Level-cell.Level, cell.Level-nc.Level))
			if o := m.Layout.ToOffset(nb); o.Col == 0 || o.Row == 0 || o.Col == m.Options.Width-1 || o.Row == m.Options.Height-1 {
				cost += 2 // keep off the edges but where a road leaves the map
			}
			next := roadState{ni, e}
			if d, ok := dist[next]; !ok || cost < d {
				dist[next] = cost
				prev[next] = s
				heap.Push(q, queued{next, cost})
			}
		}
	}
	return false
}

// lay writes the road ending in state last, leaving by side exit (unless
// it joins another road), and reports false if it crosses itself.
func (m *Map) lay(last roadState, prev map[roadState]roadState, exit board.Direction, join bool) bool {
	path := []roadState{last}
	seen := map[int]bool{last.hex: true}
	for s := last; ; {
		p, ok := prev[s]
		if !ok {
			break
		}
		if seen[p.hex] {
			return false
		}
		seen[p.hex] = true
		path = append(path, p)
		s = p
	}
	for i := len(path) - 1; i >= 0; i-- {
		c := &m.Cells[path[i].hex]
		c.Roads = c.Roads.with(path[i].heading.Opposite())
		if i > 0 {
			c.Roads = c.Roads.with(path[i-1].heading)
		} else if !join {
			c.Roads = c.Roads.with(exit)
		}
		if i == 0 && join {
			continue // the road joined keeps its terrain
		}
		switch {
		case c.Stream != 0:
			c.Terrain = board.Bridge
		case c.Terrain == board.Field || c.Terrain == board.Crops:
			c.Terrain = board.Open
		}
	}
	return true
}

type queued struct {
	state roadState
	cost  float64
}

// stateQueue is a min-heap of road states by cost, ties by hex and
// heading so the search is the same on every run.
type stateQueue []queued

func (q stateQueue) Len() int { return len(q) }
func (q stateQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	if q[i].state.hex != q[j].state.hex {
		return q[i].state.hex < q[j].state.hex
	}
	return q[i].state.heading < q[j].state.heading
}
func (q stateQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *stateQueue) Push(x any)   { *q = append(*q, x.(queued)) }
func (q *stateQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
