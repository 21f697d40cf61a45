package mapgen

import (
	"math/rand/v2"
	"slices"

	"hexfire/board"
)

// recipe is how much of each feature a kind of ground has. Every number
// is our own choice, set by eye on the rendered maps.
type recipe struct {
	plotSize       int        // mean hexes per field plot
	plotTerrain    []weighted // what a plot is sown with
	woods          float64    // share of the map in woods clumps
	clump          int        // mean hexes per woods clump
	orchards       int        // orchard clumps per 100 hexes
	hills          int        // hill blobs per 100 hexes (at least one where > 0)
	hillSize       int        // mean hexes per hill
	streams        int        // streams across the map, north to south
	ponds          int        // ponds or marshes per stream
	crossRoads     int        // west–east roads
	branches       int        // north or south roads joining them
	plotSide       board.HexsideFeature
	plotSideChance float64 // chance that a plot border hexside has plotSide
	townRadius     int     // a town of this radius around the road nearest the middle; 0 for none
}

type weighted struct {
	terrain board.Terrain
	weight  int
}

var recipes = map[Ground]recipe{
	Bocage: {plotSize: 6, plotTerrain: []weighted{{board.Field, 4}, {board.Open, 3}, {board.Crops, 2}, {board.Orchard, 1}},
		woods: 0.06, clump: 4, orchards: 1, hills: 1, hillSize: 10, streams: 1, ponds: 1, crossRoads: 1, branches: 2,
		plotSide: board.Hedgerow, plotSideChance: 0.8},
	Town: {plotSize: 5, plotTerrain: []weighted{{board.Open, 3}, {board.Field, 2}, {board.Crops, 1}},
		woods: 0.04, clump: 4, hills: 1, hillSize: 8, crossRoads: 2, branches: 2,
		plotSide: board.Wall, plotSideChance: 0.15, townRadius: 6},
	Steppe: {plotSize: 20, plotTerrain: []weighted{{board.Open, 5}, {board.Field, 3}, {board.Crops, 1}},
		woods: 0.04, clump: 3, hills: 2, hillSize: 16, streams: 1, crossRoads: 1, branches: 1},
	River: {plotSize: 8, plotTerrain: []weighted{{board.Field, 3}, {board.Open, 3}, {board.Crops, 2}, {board.Orchard, 1}},
		woods: 0.08, clump: 5, orchards: 1, hills: 1, hillSize: 9, streams: 1, ponds: 3, crossRoads: 2, branches: 1,
		plotSide: board.Hedge, plotSideChance: 0.25},
	Forest: {plotSize: 8, plotTerrain: []weighted{{board.Open, 3}, {board.Field, 1}},
		woods: 0.55, clump: 30, hills: 1, hillSize: 10, streams: 1, ponds: 1, crossRoads: 1, branches: 1},
	Mixed: {plotSize: 7, plotTerrain: []weighted{{board.Field, 3}, {board.Open, 3}, {board.Crops, 2}, {board.Orchard, 1}},
		woods: 0.14, clump: 7, orchards: 1, hills: 1, hillSize: 12, streams: 1, ponds: 1, crossRoads: 1, branches: 2,
		plotSide: board.Hedge, plotSideChance: 0.5, townRadius: 3},
}

// Terrain generates the ground of o's map: everything but units and
// victory conditions. A road that finds no way across the map makes the
// generator start over with the next of a fixed series of seeds, so the
// result still depends on o alone.
func Terrain(o Options) (*Map, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	var m *Map
	for try := range uint64(20) {
		m = New(o)
		if m.paint(rand.New(rand.NewPCG(o.Seed, try)), recipes[o.Ground]) {
			return m, nil
		}
	}
	return m, nil // no road found in 20 tries: keep the last map, without its roads
}

// paint draws the ground; it reports false when a road could not be laid.
func (m *Map) paint(rng *rand.Rand, r recipe) bool {
	plots := m.plots(rng, r)
	m.clumps(rng, board.Woods, int(r.woods*float64(len(m.Cells))), r.clump)
	m.clumps(rng, board.Orchard, r.orchards*len(m.Cells)/100*3, 3)
	if r.hills > 0 {
		for range max(1, r.hills*len(m.Cells)/100/2) {
			m.hill(rng, r.hillSize/2+rng.IntN(r.hillSize+1))
		}
	}
	for range r.streams {
		m.stream(rng, r.ponds)
	}
	m.flattenSteps()
	ok := m.roads(rng, r)
	if r.townRadius > 0 {
		m.town(rng, r.townRadius)
	}
	m.plotSides(rng, plots, r)
	return ok
}

// plots partitions the map into field plots grown from random seeds and
// sows each with one terrain; it returns each hex's plot number.
func (m *Map) plots(rng *rand.Rand, r recipe) []int {
	n := max(1, len(m.Cells)/r.plotSize)
	plot := make([]int, len(m.Cells))
	for i := range plot {
		plot[i] = -1
	}
	hexes := m.Hexes()
	var frontier []board.Hex
	for p := range n {
		h := hexes[rng.IntN(len(hexes))]
		if plot[m.index(h)] >= 0 {
			continue
		}
		plot[m.index(h)] = p
		m.At(h).Terrain = pick(rng, r.plotTerrain)
		frontier = append(frontier, h)
	}
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		h := frontier[i]
		var free []board.Hex
		for _, nb := range m.Neighbours(h) {
			if plot[m.index(nb)] < 0 {
				free = append(free, nb)
			}
		}
		if len(free) == 0 {
			frontier = slices.Delete(frontier, i, i+1)
			continue
		}
		nb := free[rng.IntN(len(free))]
		plot[m.index(nb)] = plot[m.index(h)]
		m.At(nb).Terrain = m.At(h).Terrain
		frontier = append(frontier, nb)
	}
	return plot
}

func pick(rng *rand.Rand, ws []weighted) board.Terrain {
	total := 0
	for _, w := range ws {
		total += w.weight
	}
	k := rng.IntN(total)
	for _, w := range ws {
		if k < w.weight {
			return w.terrain
		}
		k -= w.weight
	}
	return ws[0].terrain
}

func (m *Map) index(h board.Hex) int {
	o := m.Layout.ToOffset(h)
	return o.Col + o.Row*m.Options.Width
}

// grow returns a compact blob of about size hexes around a random start:
// each step adds the frontier hex with the most neighbours already in the
// blob (ties broken at random), so blobs come out round.
func (m *Map) grow(rng *rand.Rand, size int, ok func(board.Hex) bool) []board.Hex {
	hexes := m.Hexes()
	start := hexes[rng.IntN(len(hexes))]
	if !ok(start) {
		return nil
	}
	in := map[board.Hex]bool{start: true}
	blob := []board.Hex{start}
	for len(blob) < size {
		best, bestScore := board.Hex{}, -1.0
		for _, h := range blob {
			for _, nb := range m.Neighbours(h) {
				if in[nb] || !ok(nb) {
					continue
				}
				score := rng.Float64() * 2.5
				for _, nn := range m.Neighbours(nb) {
					if in[nn] {
						score++
					}
				}
				if score > bestScore {
					best, bestScore = nb, score
				}
			}
		}
		if bestScore < 0 {
			break
		}
		in[best] = true
		blob = append(blob, best)
	}
	return blob
}

// clumps covers about total hexes with clumps of terrain t of mean size.
func (m *Map) clumps(rng *rand.Rand, t board.Terrain, total, size int) {
	for placed, tries := 0, 0; placed < total && tries < 200; tries++ {
		blob := m.grow(rng, size/2+rng.IntN(size+1), func(h board.Hex) bool { return m.At(h).Terrain != t })
		for _, h := range blob {
			m.At(h).Terrain = t
		}
		placed += len(blob)
	}
}

// hill raises a blob to level 1 and its inner hexes (all six neighbours
// on the hill) to level 2.
func (m *Map) hill(rng *rand.Rand, size int) {
	blob := m.grow(rng, size, func(h board.Hex) bool { return m.At(h).Level == 0 })
	in := map[board.Hex]bool{}
	for _, h := range blob {
		in[h] = true
		m.At(h).Level = 1
	}
	for _, h := range blob {
		inner := true
		for d := range board.Direction(6) {
			if nb := h.Neighbor(d); !in[nb] {
				inner = false
			}
		}
		if inner {
			m.At(h).Level = 2
		}
	}
}

// flattenSteps lowers to level 1 every level-2 hex next to level 0, so no
// step climbs two levels at once (vehicles may not).
func (m *Map) flattenSteps() {
	for _, h := range m.Hexes() {
		if m.At(h).Level < 2 {
			continue
		}
		for _, nb := range m.Neighbours(h) {
			if m.At(nb).Level == 0 {
				m.At(h).Level = 1
				break
			}
		}
	}
}

// stream runs a stream from the north edge to the south (or off a side),
// turning at most one hexside per hex (the tilesets draw no sharper bend),
// kept in the middle half of the map, with ponds or marshes beside
// it. Stream hexes are at level 0.
func (m *Map) stream(rng *rand.Rand, ponds int) {
	w := m.Options.Width
	// southward directions: flat S, SE, SW; pointy lower right, lower left.
	south := []board.Direction{board.DirSE, board.DirS, board.DirSW}
	if m.Options.Pointy {
		south = []board.Direction{board.DirS, board.DirSW}
	}
	col := w/3 + rng.IntN(max(1, w/3))
	h := m.Hex(col, 0)
	d := south[rng.IntN(len(south))]
	if !m.Options.Pointy {
		d = board.DirS // enters across the north hexside, which is off the map
	}
	var course []board.Hex
	for m.Contains(h) && m.At(h).Stream == 0 {
		var options []board.Direction
		for _, e := range []board.Direction{d, d.Rotate(-1), d.Rotate(1)} {
			if slices.Contains(south, e) {
				options = append(options, e)
			}
		}
		e := options[0]
		if len(options) > 1 && rng.Float64() < 0.45 {
			e = options[1+rng.IntN(len(options)-1)]
		}
		// steer back toward the middle
		c := m.Col(h)
		for _, f := range options {
			if (c < w/4 && m.Col(h.Neighbor(f)) > c) || (c >= w*3/4 && m.Col(h.Neighbor(f)) < c) {
				e = f
			}
		}
		cell := m.At(h)
		cell.Terrain, cell.Level = board.Stream, 0
		cell.Stream = dirSet(0).with(d.Opposite()).with(e)
		course = append(course, h)
		h, d = h.Neighbor(e), e
	}
	for range ponds {
		bank := course[rng.IntN(len(course))]
		for _, nb := range m.Neighbours(bank) {
			if c := m.At(nb); c.Stream == 0 && c.Level == 0 {
				c.Terrain = board.Marsh
				if rng.IntN(2) == 0 {
					c.Terrain = board.Pond
				}
				break
			}
		}
	}
}

// town builds houses near a road hex in the middle of the map: along the
// roads within radius, and a few behind them, with walled gardens.
func (m *Map) town(rng *rand.Rand, radius int) {
	var centre board.Hex
	found := false
	w, h := m.Options.Width, m.Options.Height
	mid := m.Hex(w/2, h/2)
	for _, hx := range m.Hexes() {
		if c := m.At(hx); c.Roads != 0 && c.Stream == 0 && (!found || hx.Distance(mid) < centre.Distance(mid)) {
			centre, found = hx, true
		}
	}
	if !found {
		return
	}
	radius = min(radius, max(2, min(w, h)/3))
	for _, hx := range m.Hexes() {
		dist := hx.Distance(centre)
		c := m.At(hx)
		if dist > radius || c.Roads != 0 || c.Stream != 0 || c.Terrain.Info().Water {
			continue
		}
		byRoad := false
		for _, nb := range m.Neighbours(hx) {
			if m.At(nb).Roads != 0 {
				byRoad = true
			}
		}
		switch {
		case byRoad && rng.Float64() < 0.75:
			c.Terrain = board.Building
		case dist < radius && rng.Float64() < 0.4:
			c.Terrain = board.Building
		case rng.Float64() < 0.2:
			c.Terrain = board.Orchard
		default:
			c.Terrain = board.Open
		}
	}
}

// plotSides puts the recipe's hexside feature on the borders between
// plots, by chance, where both hexes are farmland and no road crosses.
func (m *Map) plotSides(rng *rand.Rand, plot []int, r recipe) {
	farmland := func(c *Cell) bool {
		switch c.Terrain {
		case board.Open, board.Field, board.Crops, board.Orchard:
			return c.Stream == 0
		case board.Building:
			return r.plotSide == board.Wall
		}
		return false
	}
	for _, h := range m.Hexes() {
		for d := range board.Direction(3) { // each hexside once: from the hex on its side 0, 1 or 2
			nb := h.Neighbor(d)
			if !m.Contains(nb) || plot[m.index(h)] == plot[m.index(nb)] {
				continue
			}
			a, b := m.At(h), m.At(nb)
			if !farmland(a) || !farmland(b) || a.Roads.has(d) || (a.Terrain == board.Building && b.Terrain == board.Building) {
				continue
			}
			if r.plotSide != board.NoFeature && rng.Float64() < r.plotSideChance {
				a.Sides[d] = r.plotSide
			}
		}
	}
}
