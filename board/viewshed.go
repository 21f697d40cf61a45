package board

import (
	"fmt"
	"iter"
	"math"
	"runtime"
	"slices"
	"sync"
)

// Sight is what a viewshed knows about one hex.
type Sight struct {
	Visible   bool // the line of sight to the hex is clear
	Hindrance int  // its total hindrance when visible, as LOS.Hindrance
}

// Viewshed is the line of sight from one hex to every hex of the board, in
// one call. Each entry equals what Board.LOS reports for the same pair.
type Viewshed struct {
	From  Hex
	board *Board
	// sights holds, by cell index (row*Width + col), 0 for a hex out of
	// sight and 1 + its hindrance for a visible one.
	sights []int32
}

func sightOf(s int32) Sight {
	if s == 0 {
		return Sight{}
	}
	return Sight{Visible: true, Hindrance: int(s - 1)}
}

// At returns the sight of hex h; a hex off the board is not visible.
func (v *Viewshed) At(h Hex) Sight {
	if i, ok := v.board.index(h); ok {
		return sightOf(v.sights[i])
	}
	return Sight{}
}

// All yields every hex of the board with its sight, row by row.
func (v *Viewshed) All() iter.Seq2[Hex, Sight] {
	return func(yield func(Hex, Sight) bool) {
		i := 0
		for h := range v.board.Hexes() {
			if !yield(h, sightOf(v.sights[i])) {
				return
			}
			i++
		}
	}
}

// Viewshed traces the line of sight from hex from to every hex of the
// board; smoke is as for LOS, and is called once per hex, from one
// goroutine. It reports an error when from is off the board.
//
// The board's terrain is packed once into a grid of cell flags. A first,
// sequential pass sweeps the hexes outwards from the viewer and marks those
// that lie in the shadow of a nearer blocking hex (see sweepShadows): their
// lines are blocked whatever else lies on them. The other lines are traced
// in parallel, each stopping at its first block. The result does not depend
// on the number of goroutines. Working buffers are pooled between calls.
func (b *Board) Viewshed(from Hex, smoke func(Hex) int) (*Viewshed, error) {
	if !b.Contains(from) {
		return nil, fmt.Errorf("viewshed from %s: hex is off the %dx%d map", b.Label(from), b.Width, b.Height)
	}
	sc := scratchPool.Get().(*viewshedScratch)
	defer scratchPool.Put(sc)
	t := b.losGrid(smoke, sc)
	v := &Viewshed{From: from, board: b, sights: make([]int32, b.Width*b.Height)}
	toTrace := b.sweepShadows(t, from, sc)
	workers := min(runtime.NumCPU(), max(1, len(toTrace)/64))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Hexes are dealt out in turn so that each worker gets near and
			// far ones alike.
			for i := w; i < len(toTrace); i += workers {
				c := toTrace[i]
				visible, hind := t.trace(from, b.Layout.ToHex(Offset{int(c) % b.Width, int(c) / b.Width}), nil)
				if visible {
					v.sights[c] = int32(hind) + 1
				}
			}
		}()
	}
	wg.Wait()
	return v, nil
}

// sweepShadows returns the cell indexes of the hexes that no shadow
// covers, which need a trace. It visits the hexes in rings of growing
// Euclidean distance from the viewer: ring k holds the centres at distance
// √n from k to k+1, with n = u² + 3v² for the (u, v) offset from the
// viewer. A blocking hex X joins the shadows before ring k when its own
// ring is k-3 or less: then √n(X) < k - 2, so every centre of ring k is
// more than the corner radius 2 beyond X's centre, and so beyond all of X,
// and a line to such a centre in a direction strictly inside X's shadow
// crosses X's interior.
//
// Leaving a shadow out is always safe (its hexes are traced instead), and
// the sweep leaves out three kinds: shadows that straddle the +u axis,
// those of hexes whose own centre was already in a terrain shadow, and the
// hill shadows of hills whose centre was already in a shadow of hills of
// their level; the last two mostly fall inside the shadow already cast
// (leaving them out halves the sweep's time for a few more traces).
//
// Two things keep the sweep cheap. Angle bins (angleBin) settle most
// look-ups in a shadow set without comparing angles. And the cells are
// taken in tiles: a tile opens when the sweep reaches the nearest ring its
// box of centres can reach, and a tile whose whole box of directions is
// then in terrain shadow is dark throughout, so its cells are never
// looked at one by one (on open ground most of the board is settled so).
func (b *Board) sweepShadows(t *losTerrain, from Hex, sc *viewshedScratch) (toTrace []int32) {
	fu, fv := toUV(from)
	// The board is cut into tiles of tileSize×tileSize cells. A tile's
	// centres lie in a box of (u, v) offsets, which bounds their rings from
	// below (ringLo) and their directions.
	tilesW, tilesH := (b.Width+tileSize-1)/tileSize, (b.Height+tileSize-1)/tileSize
	tiles := grow(sc.tiles, tilesW*tilesH)
	sc.tiles = tiles
	maxRing := 0
	for tr := range tilesH {
		for tc := range tilesW {
			x := &tiles[tr*tilesW+tc]
			x.col, x.row = tc*tileSize, tr*tileSize
			c1, r1 := min(x.col+tileSize, b.Width)-1, min(x.row+tileSize, b.Height)-1
			// The stagger shifts grow with the column (or row), so the
			// four corner hexes of the tile span its axial bounding box.
			corners := [4]Hex{
				b.Layout.ToHex(Offset{x.col, x.row}), b.Layout.ToHex(Offset{c1, x.row}),
				b.Layout.ToHex(Offset{x.col, r1}), b.Layout.ToHex(Offset{c1, r1}),
			}
			qmin, qmax, rmin, rmax := corners[0].Q, corners[0].Q, corners[0].R, corners[0].R
			for _, h := range corners[1:] {
				qmin, qmax = min(qmin, h.Q), max(qmax, h.Q)
				rmin, rmax = min(rmin, h.R), max(rmax, h.R)
			}
			x.umin, x.umax = 3*qmin-fu, 3*qmax-fu
			x.vmin, x.vmax = 2*rmin+qmin-fv, 2*rmax+qmax-fv
			nu := max(x.umin, -x.umax, 0)
			nv := max(x.vmin, -x.vmax, 0)
			x.ringLo = isqrt(nu*nu + 3*nv*nv)
			du, dv := max(-x.umin, x.umax), max(-x.vmin, x.vmax) // the farthest corner
			maxRing = max(maxRing, isqrt(du*du+3*dv*dv))
		}
	}
	// Counting sort of the tiles by ringLo.
	start := grow(sc.start, maxRing+2)
	sc.start = start
	clear(start)
	for i := range tiles {
		start[tiles[i].ringLo+1]++
	}
	for r := range maxRing + 1 {
		start[r+1] += start[r]
	}
	fill := grow(sc.fill, maxRing+1)
	sc.fill = fill
	copy(fill, start)
	order := grow(sc.order, len(tiles))
	sc.order = order
	for i := range tiles {
		r := tiles[i].ringLo
		order[fill[r]] = int32(i)
		fill[r]++
	}
	// rings[r] receives the cells of ring r as their tiles open.
	rings := grow(sc.rings, maxRing+1)
	sc.rings = rings
	for r := range rings {
		rings[r] = rings[r][:0]
	}

	fromLevel := flagLevel(t.grid[t.index(from)])
	// shadows[0] is cast by blocking terrain, shadows[1] and shadows[2] by
	// hill hexes of that level, which block the lines between some levels
	// and not others; used[lv] says whether level lv blocks any line from
	// here (used[0] stays false).
	shadows := &sc.shadows
	for i := range shadows {
		shadows[i].reset()
	}
	toTrace = sc.toTrace[:0]
	var used [3]bool
	for lt := range MaxLevel + 1 {
		for lv := 1; lv <= MaxLevel; lv++ {
			used[lv] = used[lv] || elevationTable[fromLevel][lt][lv] == elevBlock
		}
	}
	for r := range maxRing + 1 {
		// Ring r-3 casts its shadows (rings 1 and 2 are empty, and ring 0
		// is the viewer alone, which casts none).
		var casting []cellInfo
		if r >= 4 {
			casting = rings[r-3]
		}
		for i := range casting {
			x := &casting[i]
			lv := flagLevel(x.flag)
			terrain := x.flag&flagBlocks != 0
			hill := used[lv] && !x.hillDark
			if x.dark || !terrain && !hill {
				continue
			}
			lo, hi, ok := shadowOf(int(x.u), int(x.v))
			if !ok {
				continue
			}
			if terrain {
				shadows[0].add(lo, hi)
			}
			if hill {
				shadows[lv].add(lo, hi)
			}
		}
		// The tiles whose ringLo is r open: every cell of a tile whose
		// directions the terrain shadows cover is dark, since the shadows
		// were cast by hexes of ring r-3 or nearer; the other tiles' cells
		// join their rings.
		for _, ti := range order[start[r]:start[r+1]] {
			x := &tiles[ti]
			if shadows[0].coversBox(x.umin, x.umax, x.vmin, x.vmax) {
				continue
			}
			b.openTile(t, x, fu, fv, rings)
		}
		for i := range rings[r] {
			x := &rings[r][i]
			if r > 0 && shadows[0].covers(x) {
				x.dark = true
				continue // the zero Sight: not visible
			}
			lv := flagLevel(x.flag)
			x.hillDark = r > 0 && used[lv] && shadows[lv].covers(x)
			levels := &elevationTable[fromLevel][lv]
			if r > 0 && (levels[1] == elevBlock && shadows[1].covers(x) ||
				levels[2] == elevBlock && shadows[2].covers(x)) {
				continue
			}
			toTrace = append(toTrace, x.cell)
		}
	}
	sc.toTrace = toTrace
	return toTrace
}

// tileSize is the side, in cells, of the tiles of the shadow sweep.
const tileSize = 8

// tileInfo is a block of cells of the shadow sweep: its first column and
// row, a box holding the (u, v) offsets of its centres from the viewer,
// and the ring of the nearest point of that box.
type tileInfo struct {
	col, row               int
	umin, umax, vmin, vmax int
	ringLo                 int
}

// openTile adds the cells of tile x to the rings they lie in.
func (b *Board) openTile(t *losTerrain, x *tileInfo, fu, fv int, rings [][]cellInfo) {
	for row := x.row; row < min(x.row+tileSize, b.Height); row++ {
		for col := x.col; col < min(x.col+tileSize, b.Width); col++ {
			h := b.Layout.ToHex(Offset{col, row})
			u, v := toUV(h)
			u, v = u-fu, v-fv
			r := isqrt(u*u + 3*v*v)
			rings[r] = append(rings[r], cellInfo{})
			// Field by field: a struct literal is built on the stack and
			// copied, which stalls on the partial writes.
			c := &rings[r][len(rings[r])-1]
			c.u, c.v, c.flag, c.cell = int16(u), int16(v), t.grid[t.index(h)], int32(row*b.Width+col)
			if u != 0 || v != 0 {
				c.bin = uint16(angleBin(newDirection(u, v)))
			}
		}
	}
}

// viewshedScratch holds the buffers of one Viewshed call, kept in a pool
// so that repeated calls allocate little more than their result.
type viewshedScratch struct {
	grid                        []uint16
	tiles                       []tileInfo
	rings                       [][]cellInfo
	start, fill, order, toTrace []int32
	shadows                     [3]shadowUnion
}

var scratchPool = sync.Pool{New: func() any { return new(viewshedScratch) }}

// cellInfo is what the shadow sweep knows about one cell.
type cellInfo struct {
	u, v int16  // offset from the viewer (|u|, |v| < 3*MaxDimension)
	bin  uint16 // angleBin of the direction (u, v)
	flag uint16
	dark bool // the centre lies in a terrain shadow
	// hillDark: the hex is a hill whose level blocks some lines from the
	// viewer, and its centre lies in a shadow of hills of its level.
	hillDark bool
	cell     int32 // cell index, row*Width + col
}

// grow returns buf resliced to length n, reallocated when too small.
func grow[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// isqrt returns the integer square root of n, 0 <= n < 2⁴⁰. For such n
// the conversion to float64 is exact and the square root correctly
// rounded; a non-integer √n lies at least 1/(2√n + 1) > 2⁻²¹ from the
// nearest integer, far more than that rounding can move it, so truncating
// gives the integer part.
func isqrt(n int) int {
	return int(math.Sqrt(float64(n)))
}

// losGrid packs the board's cells, smoke and hexside features into a grid
// of flags in axial order, with a margin of two hexes of empty flags around
// the board so that a trace may look at the neighbours of any board hex.
func (b *Board) losGrid(smoke func(Hex) int, sc *viewshedScratch) *losTerrain {
	const margin = 2
	// The stagger shifts grow with the column (or row), so the four corner
	// hexes of the map span its axial bounding box.
	corners := [4]Hex{
		b.Layout.ToHex(Offset{0, 0}), b.Layout.ToHex(Offset{b.Width - 1, 0}),
		b.Layout.ToHex(Offset{0, b.Height - 1}), b.Layout.ToHex(Offset{b.Width - 1, b.Height - 1}),
	}
	qmin, qmax, rmin, rmax := corners[0].Q, corners[0].Q, corners[0].R, corners[0].R
	for _, h := range corners[1:] {
		qmin, qmax = min(qmin, h.Q), max(qmax, h.Q)
		rmin, rmax = min(rmin, h.R), max(rmax, h.R)
	}
	t := &losTerrain{b: b, smoke: smoke, q0: qmin - margin, r0: rmin - margin, stride: rmax - rmin + 1 + 2*margin}
	t.grid = grow(sc.grid, (qmax-qmin+1+2*margin)*t.stride)
	sc.grid = t.grid
	clear(t.grid)
	for d := range 6 {
		v := Direction(d).Vector()
		t.step[d] = v.Q*t.stride + v.R
	}
	for row := range b.Height {
		for col := range b.Width {
			h := b.Layout.ToHex(Offset{col, row})
			s := 0
			if smoke != nil {
				s = smoke(h)
			}
			t.grid[t.index(h)] = cellFlags(b.cells[row*b.Width+col], s)
		}
	}
	for side, feat := range b.hexsides {
		i := t.index(side.hex)
		t.grid[i] |= uint16(feat&3)<<(sideShift+2*int(side.dir)) | flagSides
		t.grid[i+t.step[side.dir]] |= flagSides
	}
	return t
}

// direction is a direction from the viewer's centre: an integer (u, v)
// vector and the half-turn it lies in, so that angles compare exactly, by
// half-turn and then by cross product.
type direction struct{ u, v, half int }

func newDirection(u, v int) direction {
	if v < 0 || (v == 0 && u > 0) {
		return direction{u, v, 0}
	}
	return direction{u, v, 1}
}

// angleLess orders directions by angle, starting from the +u axis.
func angleLess(a, b direction) bool {
	if a.half != b.half {
		return a.half < b.half
	}
	return a.u*b.v-a.v*b.u < 0
}

// shadowOf returns the directions from the viewer of the two extreme
// corners of the hex whose centre is at offset (u, v) (not 0) from it: the
// open interval between them is the directions of the rays that cross the
// hex's interior. It reports false for an interval that straddles the +u
// axis, which is then left out: its hexes are only traced.
func shadowOf(u, v int) (lo, hi direction, ok bool) {
	var l, h [2]int
	for k, c := range hexCorner {
		w := [2]int{u + c[0], v + c[1]}
		// The corners span less than a half-turn, so the cross product
		// alone orders them.
		if k == 0 || w[0]*l[1]-w[1]*l[0] < 0 {
			l = w
		}
		if k == 0 || h[0]*w[1]-h[1]*w[0] < 0 {
			h = w
		}
	}
	lo, hi = newDirection(l[0], l[1]), newDirection(h[0], h[1])
	return lo, hi, angleLess(lo, hi)
}

// Angle bins: the directions are cut into angleBins bins by angleBin, a
// pseudo-angle that never decreases in angleLess order.
const (
	quarterBins = 4096
	angleBins   = 4 * quarterBins
)

// angleBin returns the bin of direction w (not zero): the bins of two
// directions a and b with angleLess(a, b) satisfy angleBin(a) <=
// angleBin(b). So a direction whose bin lies strictly between the bins of
// lo and hi lies strictly between lo and hi, with no angle compared.
func angleBin(w direction) int {
	u, s, base := w.u, -w.v, 0 // s >= 0 in the first half-turn
	if w.half == 1 {
		u, s, base = -u, -s, 2*quarterBins
	}
	// A rounded quotient never decreases when the exact one grows, and
	// neither does its integer part, which is all the bins need.
	if u >= 0 {
		return base + int(quarterBins*float64(s)/float64(u+s))
	}
	return base + quarterBins + int(quarterBins*float64(-u)/float64(s-u))
}

// Bin states of a shadowUnion.
const (
	binOpen    = iota // no interval reaches into the bin
	binPartial        // some interval reaches into it: compare exactly
	binCovered        // an interval covers the whole bin
)

// shadowUnion is a union of shadows: disjoint open angular intervals
// (lo[i], hi[i]) of directions, sorted by angle from the +u axis. bins
// holds the state of each angle bin, so that most look-ups need no search.
type shadowUnion struct {
	lo, hi []direction
	bins   []uint8
}

// reset empties the union.
func (s *shadowUnion) reset() {
	s.lo, s.hi = s.lo[:0], s.hi[:0]
	s.bins = grow(s.bins, angleBins)
	clear(s.bins)
}

// search returns the number of intervals that start before direction w.
func (s *shadowUnion) search(w direction) int {
	i, j := 0, len(s.lo)
	for i < j {
		m := int(uint(i+j) >> 1)
		if angleLess(s.lo[m], w) {
			i = m + 1
		} else {
			j = m
		}
	}
	return i
}

// add puts the open interval (lo, hi) into the union, merging the
// intervals it overlaps.
func (s *shadowUnion) add(lo, hi direction) {
	// Intervals i..j-1 overlap (lo, hi): they end after lo and start before hi.
	i := s.search(lo)
	if i > 0 && angleLess(lo, s.hi[i-1]) {
		i--
	}
	j := i
	for j < len(s.lo) && angleLess(s.lo[j], hi) {
		j++
	}
	if i < j {
		if angleLess(s.lo[i], lo) {
			lo = s.lo[i]
		}
		if angleLess(hi, s.hi[j-1]) {
			hi = s.hi[j-1]
		}
	}
	// Every bin strictly between the bins of the ends of an interval is
	// covered already: mark the others strictly inside (lo, hi).
	bl, bh := angleBin(lo), angleBin(hi)
	from := bl + 1
	for k := i; k < j; k++ {
		for b := from; b <= min(angleBin(s.lo[k]), bh-1); b++ {
			s.bins[b] = binCovered
		}
		from = max(from, angleBin(s.hi[k]))
	}
	for b := from; b < bh; b++ {
		s.bins[b] = binCovered
	}
	for _, b := range [2]int{bl, bh} {
		s.bins[b] = max(s.bins[b], binPartial)
	}
	s.lo = slices.Replace(s.lo, i, j, lo)
	s.hi = slices.Replace(s.hi, i, j, hi)
}

// coversBox reports whether the union covers the direction of every point
// of the box umin <= u <= umax, vmin <= v <= vmax (false for a box that
// holds the viewer or meets the +u axis). Such a box's directions run,
// without wrapping, from the least to the greatest direction of its
// corners, and so do their bins.
func (s *shadowUnion) coversBox(umin, umax, vmin, vmax int) bool {
	if len(s.lo) == 0 || vmin <= 0 && vmax >= 0 && umax >= 0 {
		return false
	}
	lo, hi := angleBins, 0
	for _, c := range [4][2]int{{umin, vmin}, {umin, vmax}, {umax, vmin}, {umax, vmax}} {
		b := angleBin(newDirection(c[0], c[1]))
		lo, hi = min(lo, b), max(hi, b)
	}
	for _, st := range s.bins[lo : hi+1] {
		if st != binCovered {
			return false
		}
	}
	return true
}

// covers reports whether the direction of cell x (not the viewer) lies
// strictly inside the union.
func (s *shadowUnion) covers(x *cellInfo) bool {
	switch s.bins[x.bin] {
	case binOpen:
		return false
	case binCovered:
		return true
	}
	w := newDirection(int(x.u), int(x.v))
	i := s.search(w)
	return i > 0 && angleLess(w, s.hi[i-1])
}
