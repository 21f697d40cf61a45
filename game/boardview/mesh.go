package boardview

import (
	"math"

	"hexfire/board"
)

// hexGeom is one hex of the board in world pixels, with what the renderer
// needs to paint it, worked out once per board.
type hexGeom struct {
	hex     board.Hex
	cell    board.Cell
	x, y    float64       // centre
	corners [6][2]float64 // as board.Layout.Corners gives them
	roads   uint8         // bit d: a road leaves through the hexside in direction d
	lower   uint8         // bit d: the neighbour in direction d is on a lower level
	outline uint8         // bit d: this hex draws the outline of hexside d
	box     [4]float64    // bounding box: min x, min y, max x, max y
	label   string
}

// sideGeom is a hexside with a feature (wall, hedge, hedgerow).
type sideGeom struct {
	a, b    [2]float64
	feature board.HexsideFeature
}

// boardMesh is the world geometry of a whole board.
type boardMesh struct {
	board          *board.Board
	hexes          []hexGeom
	sides          []sideGeom
	worldW, worldH float64
	tileH          float64   // tile height in world pixels, the unit of band widths
	edge           [6][2]int // corner indices of the hexside in each direction
	index          map[board.Hex]int
}

// newBoardMesh works out the geometry of every hex of b.
func newBoardMesh(b *board.Board) *boardMesh {
	l := b.Layout
	w, h := l.PixelSize(b.Width, b.Height)
	m := &boardMesh{
		board:  b,
		hexes:  make([]hexGeom, 0, b.Width*b.Height),
		worldW: float64(w),
		worldH: float64(h),
		tileH:  float64(min(l.TileWidth, l.TileHeight)),
		edge:   edgeCorners(l),
		index:  make(map[board.Hex]int, b.Width*b.Height),
	}
	for hx := range b.Hexes() {
		g := hexGeom{hex: hx, cell: b.Cell(hx), corners: l.Corners(hx), label: b.Label(hx)}
		g.x, g.y = l.Center(hx)
		g.box = [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, c := range g.corners {
			g.box = [4]float64{math.Min(g.box[0], c[0]), math.Min(g.box[1], c[1]), math.Max(g.box[2], c[0]), math.Max(g.box[3], c[1])}
		}
		for d := range board.Direction(6) {
			n := hx.Neighbor(d)
			on := b.Contains(n)
			if on && connectsRoad(g.cell) && connectsRoad(b.Cell(n)) {
				g.roads |= 1 << d
			}
			if on && b.Cell(n).Level < g.cell.Level {
				g.lower |= 1 << d
			}
			if d <= board.DirSE || !on {
				g.outline |= 1 << d
				if f := b.Hexside(hx, d); f != board.NoFeature {
					e := m.edge[d]
					m.sides = append(m.sides, sideGeom{a: g.corners[e[0]], b: g.corners[e[1]], feature: f})
				}
			}
		}
		m.index[hx] = len(m.hexes)
		m.hexes = append(m.hexes, g)
	}
	return m
}

// connectsRoad reports whether a road runs through a hex with cell c.
func connectsRoad(c board.Cell) bool {
	return c.Road || c.Terrain == board.Road || c.Terrain == board.Bridge
}

// edgeCorners finds, for each direction, the two corners of a hex that
// bound the hexside shared with the neighbour in that direction: the two
// corners nearest the midpoint between the two centres. It works for both
// stagger axes without a table per orientation.
func edgeCorners(l board.Layout) [6][2]int {
	var out [6][2]int
	h := board.Hex{Q: 2, R: 2}
	cx, cy := l.Center(h)
	corners := l.Corners(h)
	for d := range board.Direction(6) {
		nx, ny := l.Center(h.Neighbor(d))
		mx, my := (cx+nx)/2, (cy+ny)/2
		best := [2]int{-1, -1}
		dist := [2]float64{math.Inf(1), math.Inf(1)}
		for i, c := range corners {
			dd := math.Hypot(c[0]-mx, c[1]-my)
			switch {
			case dd < dist[0]:
				best[1], dist[1] = best[0], dist[0]
				best[0], dist[0] = i, dd
			case dd < dist[1]:
				best[1], dist[1] = i, dd
			}
		}
		out[d] = best
	}
	return out
}

// edgeMid returns the world midpoint of hexside d of g.
func (m *boardMesh) edgeMid(g *hexGeom, d board.Direction) (x, y float64) {
	return sideMid(g.corners, m.edge[d])
}

// sideMid returns the midpoint of the hexside between corners e of a hex
// with the given corners.
func sideMid(corners [6][2]float64, e [2]int) (x, y float64) {
	a, b := corners[e[0]], corners[e[1]]
	return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
}

// visible appends to dst the indices of the hexes whose bounding box meets
// the world rectangle [x0, x1]×[y0, y1].
func (m *boardMesh) visible(dst []int, x0, y0, x1, y1 float64) []int {
	for i := range m.hexes {
		b := &m.hexes[i].box
		if b[2] >= x0 && b[0] <= x1 && b[3] >= y0 && b[1] <= y1 {
			dst = append(dst, i)
		}
	}
	return dst
}
