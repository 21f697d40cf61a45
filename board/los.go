package board

import (
	"fmt"
	"strings"
)

// LOS is a line of sight from the centre of one hex to the centre of
// another (default-ruleset.md §5), worked out exactly with integer
// arithmetic. docs/LOS.md explains the geometry and every rule choice.
//
// Hindrance convention: the firer's hex never hinders; smoke in the target
// hex counts; a hindrance terrain (orchard, crops) in the target hex is not
// counted here, because the ruleset counts it once, as the target's cover
// (§9); a wall or hedge on a hexside of the firer's own hex is ignored.
// Hindrance and Hindrances are filled only when the line is clear.
type LOS struct {
	From, To Hex
	// Range is the hex distance from From to To.
	Range int
	// Clear is false when something blocks the line; BlockedBy then says
	// what (the first blocking thing along the line, from From).
	Clear     bool
	BlockedBy *Obstacle
	// Hindrance is the total added to the attack roll by hindrances along
	// the line; Hindrances lists them one by one and sums to Hindrance.
	Hindrance  int
	Hindrances []Obstacle
	// AlongHexside is true when some stretch of the line runs exactly
	// along a hexside.
	AlongHexside bool
	// Path lists, in order from From to To, the hexes whose interior the
	// line crosses (From and To included).
	Path []Hex
	// Left and Right are the hexes the line only touches (along a hexside
	// or at a corner), by the side of the line their centre lies on, seen
	// from From looking at To on the screen. Hexes off the board are left out.
	Left, Right []Hex
}

// ObstacleKind says where an Obstacle lies relative to the line.
type ObstacleKind uint8

// The places an obstacle can be.
const (
	// InHex: a hex the line passes through (Obstacle.Hex).
	InHex ObstacleKind = iota
	// OnHexside: the hexside between Obstacle.Hex and Obstacle.Other,
	// crossed by the line or run along by it.
	OnHexside
	// BesideLine: hexes the line only touches (hexside rules 1, 2 and 5 of
	// §5): Hex alone (Other equal to it), or, for a pair facing each other
	// across the line, Hex on the left and Other on the right.
	BesideLine
)

// Obstacle is one thing that blocks or hinders a line of sight.
type Obstacle struct {
	Kind  ObstacleKind
	Hex   Hex
	Other Hex // the second hex of a hexside or of a pair; equal to Hex otherwise
	// Amount is what the obstacle adds to the attack roll; 0 when it blocks.
	Amount int
	// Reason says it in words, with hex labels: "woods in C2".
	Reason string
}

// LOS traces the line of sight from one hex to another. smoke gives the
// smoke level (0, 1 or 2) of a hex, or is nil when there is no smoke; a
// level above 2 counts as 2 and one below 0 as 0. Hexes off the board read
// as open ground at level 0.
func (b *Board) LOS(from, to Hex, smoke func(Hex) int) LOS {
	// Sight first, as it costs little: a blocked line's hindrances are
	// dropped, so they need not be described on the way; a clear line's,
	// each at least 1, sum to its hindrance, which bounds their number.
	sight := b.Sight(from, to, smoke)
	t := losTerrain{b: b, smoke: smoke}
	if b.Contains(from) && b.Contains(to) {
		t = *b.terrainGrid() // the packed terrain, as Sight reads it
		t.smoke, t.smokeOver = smoke, smoke != nil
	}
	t.blocked = !sight.Visible
	l := LOS{From: from, To: to, Range: from.Distance(to)}
	if sight.Hindrance > 0 {
		l.Hindrances = make([]Obstacle, 0, sight.Hindrance)
	}
	// One array for the crossed hexes (room for a zig-zag line: the tests
	// check the bound) and the touched ones on either side; an append past
	// a part's room moves it out.
	r := l.Range
	hexes := make([]Hex, 0, 4*r+3)
	l.Path, l.Left, l.Right = hexes[0:0:2*r+1], hexes[2*r+1:2*r+1:3*r+2], hexes[3*r+2:3*r+2:4*r+3]
	l.Clear, l.Hindrance = t.trace(from, to, &l)
	if len(l.Left) == 0 {
		l.Left = nil
	}
	if len(l.Right) == 0 {
		l.Right = nil
	}
	if !l.Clear {
		l.Hindrance, l.Hindrances = 0, nil
	}
	return l
}

// Sight answers the line of sight from one hex to another as LOS does
// (the same smoke, the same rules) but only whether it is clear and its
// hindrance, without the path, the touched hexes or the reasons: it
// allocates nothing and stops at the first block. The computer opponent
// asks it many thousand times a turn; LOS is for previews and logs.
func (b *Board) Sight(from, to Hex, smoke func(Hex) int) Sight {
	t := losTerrain{b: b, smoke: smoke}
	if b.Contains(from) && b.Contains(to) {
		t = *b.terrainGrid()
		t.smoke, t.smokeOver = smoke, smoke != nil
	}
	clear, hindrance := t.trace(from, to, nil)
	if !clear {
		return Sight{}
	}
	return Sight{Visible: true, Hindrance: hindrance}
}

// terrainGrid returns the board's terrain packed as for a viewshed,
// without smoke, building it on first use.
func (b *Board) terrainGrid() *losTerrain {
	if t := b.sightGrid.Load(); t != nil {
		return t
	}
	t := b.losGrid(nil, &viewshedScratch{})
	b.sightGrid.Store(t)
	return t
}

// Explain describes the line of sight in a few lines of text, with the
// labels of board b.
func (l LOS) Explain(b *Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s → %s, range %d: ", b.Label(l.From), b.Label(l.To), l.Range)
	switch {
	case !l.Clear:
		fmt.Fprintf(&sb, "blocked by %s\n", l.BlockedBy.Reason)
	case l.Hindrance > 0:
		fmt.Fprintf(&sb, "clear, hindrance +%d\n", l.Hindrance)
	default:
		sb.WriteString("clear\n")
	}
	if l.AlongHexside {
		sb.WriteString("  runs along hexsides\n")
	}
	fmt.Fprintf(&sb, "  passes through %s\n", labels(b, l.Path))
	if len(l.Left)+len(l.Right) > 0 {
		fmt.Fprintf(&sb, "  touches left %s; right %s\n", labels(b, l.Left), labels(b, l.Right))
	}
	for _, o := range l.Hindrances {
		fmt.Fprintf(&sb, "  +%d %s\n", o.Amount, o.Reason)
	}
	return sb.String()
}

func labels(b *Board, hs []Hex) string {
	if len(hs) == 0 {
		return "none"
	}
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = b.Label(h)
	}
	return strings.Join(s, " ")
}

// The geometry. With u = 3q and v = 2r + q, the centre of axial hex (q, r)
// is the integer point (u, v), a fixed positive scaling of the flat-topped
// pixel centre (x = 3q/2, y = r + q/2 in units of the hex size, with y
// scaled by 2/√3), and the six corners of every hex sit at the integer
// offsets below. A positive scaling keeps the sign of every cross product,
// so all side-of-line tests are exact integer tests. The same axial
// geometry serves pointy-topped maps, whose pixels are a rotation of it.

// hexCorner[k] is corner k in (u, v) offsets from the centre, clockwise
// from the top-left one: the hexside in direction d runs from corner d to
// corner d+1, and corner k is shared with the neighbours in directions k-1
// and k.
var hexCorner = [6][2]int{{-1, -1}, {1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}}

func toUV(h Hex) (u, v int) { return 3 * h.Q, 2*h.R + h.Q }

// wrap6[i] is i mod 6, for 0 <= i < 12.
var wrap6 = [12]int{0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}

// Cell flags: everything LOS needs to know about a hex, packed so a
// viewshed can read it from one slice.
const (
	flagBlocks  = 1 << 0 // blocking terrain
	flagHinders = 1 << 1 // hindrance terrain
	levelShift  = 2      // 2 bits: hill level
	smokeShift  = 4      // 2 bits: smoke level
	sideShift   = 6      // 2 bits each: features on the N, NE and SE hexsides
	flagOnBoard = 1 << 12
	// flagSides: some hexside of the hex may have a feature. A grid sets
	// it on both hexes of each featured hexside; flags read from the board
	// always have it, so that the trace looks.
	flagSides = 1 << 13
)

// hexNoise are the flags that make a crossed hex block or hinder (its level
// is checked apart).
const hexNoise = flagBlocks | flagHinders | 3<<smokeShift

func flagLevel(f uint16) int { return int(f>>levelShift) & 3 }
func flagSmoke(f uint16) int { return int(f>>smokeShift) & 3 }

// hindranceAmount is what a hex adds as a hindrance: its terrain and its smoke.
func hindranceAmount(f uint16) int {
	return int(f&flagHinders)>>1 + flagSmoke(f)
}

// terrainLOSFlags is the LOS column of the terrain chart as cell flags.
var terrainLOSFlags = func() (fl [terrainCount]uint16) {
	for i, info := range terrainChart {
		switch info.LOS {
		case Blocks:
			fl[i] = flagBlocks
		case Hinders:
			fl[i] = flagHinders
		}
	}
	return fl
}()

// fortLOSFlags is the fortification chart's BlocksLOS as cell flags.
var fortLOSFlags = func() (fl [fortCount]uint16) {
	for i, info := range fortChart {
		if info.BlocksLOS {
			fl[i] = flagBlocks
		}
	}
	return fl
}()

// cellFlags packs a cell and its smoke (the hexside bits are set apart).
func cellFlags(c Cell, smoke int) uint16 {
	f := uint16(flagOnBoard) | uint16(c.Level&3)<<levelShift | uint16(min(max(smoke, 0), 2))<<smokeShift
	if c.Terrain < terrainCount {
		f |= terrainLOSFlags[c.Terrain]
	}
	if c.Fort < fortCount {
		f |= fortLOSFlags[c.Fort]
	}
	return f
}

// losTerrain reads the board for a trace: from a packed grid of cell flags
// in axial order (a viewshed) or straight from the board (a single LOS).
type losTerrain struct {
	b     *Board
	smoke func(Hex) int
	// grid, when not nil, holds the flags of every hex with q0 <= Q < q0+cols
	// and r0 <= R < r0+stride at index (Q-q0)*stride + (R-r0).
	grid      []uint16
	smokeOver bool // the grid holds no smoke: read it from smoke
	// blocked: the line is known to be blocked, so a recorded trace
	// describes no hindrance (LOS drops them).
	blocked        bool
	q0, r0, stride int
	step           [6]int // index offset of each neighbour in grid
}

// index returns h's position in the grid (0 without a grid).
func (t *losTerrain) index(h Hex) int {
	if t.grid == nil {
		return 0
	}
	return (h.Q-t.q0)*t.stride + h.R - t.r0
}

func (t *losTerrain) flags(h Hex, idx int) uint16 {
	if t.grid != nil {
		f := t.grid[idx]
		if t.smokeOver {
			f |= uint16(min(max(t.smoke(h), 0), 2)) << smokeShift
		}
		return f
	}
	return t.boardFlags(h)
}

// boardFlags reads the flags of h straight from the board and the smoke.
func (t *losTerrain) boardFlags(h Hex) uint16 {
	i, ok := t.b.index(h)
	if !ok {
		return flagSides
	}
	s := 0
	if t.smoke != nil {
		s = t.smoke(h)
	}
	f := cellFlags(t.b.cells[i], s)
	if t.b.sides[i]&sideNear != 0 {
		f |= flagSides
	}
	return f
}

// side returns the feature on the hexside of h (at grid index idx) in direction d.
func (t *losTerrain) side(h Hex, idx int, d int) HexsideFeature {
	if t.grid == nil {
		return t.b.Hexside(h, Direction(d))
	}
	if d >= 3 {
		idx += t.step[d]
		d -= 3
	}
	return HexsideFeature(t.grid[idx]>>(sideShift+2*d)) & 3
}

// Elevation classes of an intervening hex's level for one line.
const (
	elevClear = iota // never blocks by height
	elevBlock        // a hill that blocks
	elevSlope        // a Level 1 hex between a Level 2 and a lower hex: the second one blocks
)

// elevationTable[a][b] is elevationClasses(a, b) for every pair of levels.
var elevationTable = func() (tab [4][4][4]uint8) {
	for a := range 4 {
		for b := range 4 {
			tab[a][b] = elevationClasses(a, b)
		}
	}
	return tab
}()

// elevationClasses returns, for each level, what an intervening hex of that
// level does to a line between hexes at levels a and b (docs/LOS.md).
func elevationClasses(a, b int) [4]uint8 {
	lo, hi := min(a, b), max(a, b)
	var c [4]uint8
	for lv := 1; lv <= 3; lv++ {
		switch {
		case lv > hi, lv == hi && lo < hi:
			c[lv] = elevBlock
		case hi == 2 && lv == 1 && lo < hi:
			c[lv] = elevSlope
		}
	}
	return c
}

// lineState accumulates what a trace has met.
type lineState struct {
	direct       int  // hindrances in crossed hexes and on hexsides
	sideTotal    int  // sum of the hindrance amounts of touched hexes
	maxL, maxR   int  // largest hindrance amount among left / right touched hexes
	leftBlocks   bool // some left touched hex has blocking terrain or hill
	rightBlocks  bool
	slopeHexes   int
	blockedAlong bool // set when a recorded trace has found its first block
}

// sideHindrance applies hexside rules 2, 3 and 5 to the touched hexes:
// hindrances beside the line count only when the other side has a
// hindrance or a blocker too, however hindered the line is otherwise.
func (s *lineState) sideHindrance() int {
	switch {
	case s.maxL > 0 && s.maxR > 0:
		// Hindrances facing each other across the line count once, at the
		// larger amount; every other touched hindrance counts in full.
		return s.sideTotal - min(s.maxL, s.maxR)
	case s.maxL > 0 && s.rightBlocks, s.maxR > 0 && s.leftBlocks:
		return s.sideTotal
	}
	return 0
}

// trace walks the line from the centre of from to the centre of to, hex by
// hex, and returns whether it is clear and its total hindrance. With rec
// nil it stops at the first block; otherwise it walks the whole line and
// fills rec's Path, Left, Right, AlongHexside, BlockedBy and Hindrances
// (a record is only kept by LOS).
func (t *losTerrain) trace(from, to Hex, rec *LOS) (clear bool, hindrance int) {
	idx := t.index(from)
	if rec != nil {
		rec.Path = append(rec.Path, from)
	}
	if from == to {
		return true, 0
	}
	fu, fv := toUV(from)
	tu, tv := toUV(to)
	du, dv := tu-fu, tv-fv
	// g[k] = cross(D, corner k); with the corners above, g[k+3] = -g[k].
	g := [6]int{dv - du, -du - dv, -2 * dv, du - dv, du + dv, 2 * dv}
	// The line leaves a hex across hexside d (corner d to corner d+1) when
	// g grows from corner d to corner d+1: the forward hexsides form a chain
	// of corners from the one with the least g to the one with the most.
	var g2 [12]int // g twice over, to walk round the corners without wrapping
	copy(g2[:6], g[:])
	copy(g2[6:], g[:])
	start, m := 0, 0
	for k := range 6 {
		if g[k] < g[start] || (g[k] == g[start] && g2[k+1] > g[k]) {
			start = k
		}
	}
	// chainCorner[j] is the j-th corner of the chain, and hexside
	// chainCorner[j] runs from it to the next one.
	var chainCorner, chainG [4]int
	for ; ; m++ {
		k := start + m
		chainCorner[m], chainG[m] = wrap6[k], g2[k]
		if g2[k+1] <= g2[k] {
			break
		}
	}
	var hStep [6]int // cross(D, step to neighbour d)
	for d := range 6 {
		hStep[d] = g2[d] + g2[d+1]
	}

	toIdx := t.index(to)
	hf := t.flags(from, idx) // the flags of h, below
	levels := &elevationTable[flagLevel(hf)][flagLevel(t.flags(to, toIdx))]
	// stepNoise: the flag bits of a crossed hex that make enter worth
	// calling (each hill level that is not clear for this line has a bit
	// of its own, as levels run 0..2).
	stepNoise := uint16(hexNoise)
	for lv := 1; lv <= 3; lv++ {
		if levels[lv] != elevClear {
			stepNoise |= uint16(lv) << levelShift
		}
	}
	var st lineState
	h, f := from, 0 // f = cross(D, centre of h - centre of from)

	// block records the first block of a recorded trace (a trace without a
	// record has stopped before it would call block). Once blocked, a
	// recorded trace goes on for the path and the touched hexes only: the
	// obstacles after the first are not described (LOS drops the
	// hindrances of a blocked line).
	block := func(o Obstacle) {
		if !st.blockedAlong {
			st.blockedAlong = true
			rec.BlockedBy = &o
		}
	}
	// crossSide applies the feature feat (not NoFeature) on the hexside of a
	// in direction d, which the line crosses or runs along.
	crossSide := func(a Hex, d int, feat HexsideFeature) bool {
		switch feat {
		case Hedgerow:
			if a == from && a.Add(directionVectors[d]) == to || a == to && a.Add(directionVectors[d]) == from {
				return false // seen into the hex just across (rules 10.101); the firer's own hexside
			}
			if rec == nil {
				return true
			}
			if !st.blockedAlong {
				block(t.sideObstacle(a, d, feat, 0))
			}
		case Wall, Hedge:
			if a == from || a.Add(directionVectors[d]) == from {
				return false // the firer's own hexside
			}
			st.direct++
			if rec != nil && !st.blockedAlong && !t.blocked {
				rec.Hindrances = append(rec.Hindrances, t.sideObstacle(a, d, feat, 1))
			}
		}
		return false
	}
	// enter applies hex x, with flags fl, which the line passes through.
	enter := func(x Hex, fl uint16) bool {
		if rec != nil {
			rec.Path = append(rec.Path, x)
		}
		if x == to {
			if s := flagSmoke(fl); s > 0 {
				st.direct += s
				if rec != nil && !st.blockedAlong && !t.blocked {
					rec.Hindrances = append(rec.Hindrances, t.hexObstacle(x, fl, s, "smoke %d in %s (target hex)"))
				}
			}
			return false
		}
		if fl&flagBlocks != 0 {
			if rec == nil {
				return true
			}
			if !st.blockedAlong {
				block(t.hexObstacle(x, fl, 0, ""))
			}
		}
		switch levels[flagLevel(fl)] {
		case elevBlock:
			if rec == nil {
				return true
			}
			if !st.blockedAlong {
				block(Obstacle{Kind: InHex, Hex: x, Other: x, Reason: fmt.Sprintf("level %d hill in %s", flagLevel(fl), t.b.Label(x))})
			}
		case elevSlope:
			st.slopeHexes++
			if st.slopeHexes == 2 {
				if rec == nil {
					return true
				}
				if !st.blockedAlong {
					block(Obstacle{Kind: InHex, Hex: x, Other: x, Reason: fmt.Sprintf("second level 1 hill hex on the slope, %s", t.b.Label(x))})
				}
			}
		}
		if a := hindranceAmount(fl); a > 0 {
			st.direct += a
			if rec != nil && !st.blockedAlong && !t.blocked {
				rec.Hindrances = append(rec.Hindrances, t.hexObstacle(x, fl, a, ""))
			}
		}
		return false
	}
	// touch applies hex x, which the line only touches, on the side given
	// by the sign of fx = cross(D, centre of x - centre of from).
	touch := func(x Hex, xIdx, fx int) bool {
		fl := t.flags(x, xIdx)
		if fl&flagOnBoard == 0 {
			return false
		}
		blocks := fl&flagBlocks != 0 || levels[flagLevel(fl)] == elevBlock
		a := hindranceAmount(fl)
		st.sideTotal += a
		if fx < 0 {
			st.leftBlocks = st.leftBlocks || blocks
			st.maxL = max(st.maxL, a)
			if rec != nil {
				rec.Left = append(rec.Left, x)
			}
		} else {
			st.rightBlocks = st.rightBlocks || blocks
			st.maxR = max(st.maxR, a)
			if rec != nil {
				rec.Right = append(rec.Right, x)
			}
		}
		if blocks && st.leftBlocks && st.rightBlocks {
			if rec == nil {
				return true
			}
			if !st.blockedAlong {
				block(t.pairObstacle(rec))
			}
		}
		return false
	}

	for h != to {
		// Find where the line leaves h: through the inside of a forward
		// hexside, or exactly through a corner between two of them.
		j := 1
		for f+chainG[j] < 0 {
			j++
		}
		if f+chainG[j] > 0 || j == m {
			d := chainCorner[j-1]
			if hf&flagSides != 0 {
				if feat := t.side(h, idx, d); feat != NoFeature && crossSide(h, d, feat) {
					return false, 0
				}
			}
			h, idx, f = h.Add(directionVectors[d]), idx+t.step[d], f+hStep[d]
		} else {
			k := chainCorner[j]
			a, c := wrap6[k+5], k // the neighbours that share corner k
			ha, hc := h.Add(directionVectors[a]), h.Add(directionVectors[c])
			ia, ic := idx+t.step[a], idx+t.step[c]
			// next is the hex the line enters, across the hexside of h (or,
			// along a hexside, of ha) in direction d.
			var next Hex
			var nextIdx, d int
			sides := hf // the flags of the hex whose hexside d the line crosses
			switch {
			case g[k] == 0: // along the hexside between ha and hc, to the hex beyond
				if rec != nil {
					rec.AlongHexside = true
				}
				if touch(ha, ia, f+hStep[a]) || touch(hc, ic, f+hStep[c]) {
					return false, 0
				}
				next, nextIdx = hc.Add(directionVectors[a]), ic+t.step[a]
				h, idx, d = ha, ia, wrap6[a+2]
				sides = t.flags(h, idx)
			case g[k] > 0: // into ha, touching hc at the corner
				if touch(hc, ic, f+hStep[c]) {
					return false, 0
				}
				next, nextIdx, d, f = ha, ia, a, f+hStep[a]
			default: // into hc, touching ha at the corner
				if touch(ha, ia, f+hStep[a]) {
					return false, 0
				}
				next, nextIdx, d, f = hc, ic, c, f+hStep[c]
			}
			if sides&flagSides != 0 {
				if feat := t.side(h, idx, d); feat != NoFeature && crossSide(h, d, feat) {
					return false, 0
				}
			}
			h, idx = next, nextIdx
		}
		// Most hexes on a line are plain ground: skip the call for them.
		fl := t.flags(h, idx)
		hf = fl
		if (rec != nil || h == to || fl&stepNoise != 0) && enter(h, fl) {
			return false, 0
		}
	}
	if st.blockedAlong {
		return false, 0
	}
	side := st.sideHindrance()
	if rec != nil && side > 0 {
		t.sideObstacles(rec, &st)
	}
	return true, st.direct + side
}

// hexObstacle describes hex x with flags fl: its blocking terrain (amount
// 0), or its hindrance terrain and smoke; format, when given, overrides the
// wording with the smoke level and the label.
func (t *losTerrain) hexObstacle(x Hex, fl uint16, amount int, format string) Obstacle {
	o := Obstacle{Kind: InHex, Hex: x, Other: x, Amount: amount}
	if format != "" {
		o.Reason = fmt.Sprintf(format, flagSmoke(fl), t.b.Label(x))
	} else {
		o.Reason = t.reasonIn(t.describe(x, fl), x, "")
	}
	return o
}

// reasonIn is "WHAT in LABEL" and the tail, built in one allocation.
func (t *losTerrain) reasonIn(what string, x Hex, tail string) string {
	var buf [64]byte
	b := append(append(buf[:0], what...), " in "...)
	b = t.b.Layout.ToOffset(x).appendLabel(b)
	return string(append(b, tail...))
}

// describe names what makes hex x (flags fl) block or hinder: "woods",
// "orchard and smoke 1".
func (t *losTerrain) describe(x Hex, fl uint16) string {
	if c := t.b.Cell(x); fl&flagBlocks != 0 && c.Fort.Info().BlocksLOS && c.Terrain.Info().LOS != Blocks {
		return c.Fort.String()
	}
	if fl&(flagBlocks|flagHinders) != 0 && (fl&flagBlocks != 0 || flagSmoke(fl) == 0) {
		return t.b.Cell(x).Terrain.String() // the one part: no list to join
	}
	var parts []string
	if fl&(flagBlocks|flagHinders) != 0 {
		parts = append(parts, t.b.Cell(x).Terrain.String())
	}
	if fl&flagBlocks == 0 && flagSmoke(fl) > 0 {
		parts = append(parts, fmt.Sprintf("smoke %d", flagSmoke(fl)))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("level %d hill", flagLevel(fl))
	}
	return strings.Join(parts, " and ")
}

// sideObstacle describes feature feat on the hexside of a in direction d:
// "hedge on the C2/C3 hexside", built in one allocation.
func (t *losTerrain) sideObstacle(a Hex, d int, feat HexsideFeature, amount int) Obstacle {
	o := a.Neighbor(Direction(d))
	var buf [64]byte
	b := append(append(buf[:0], feat.String()...), " on the "...)
	b = append(t.b.Layout.ToOffset(a).appendLabel(b), '/')
	b = append(t.b.Layout.ToOffset(o).appendLabel(b), " hexside"...)
	return Obstacle{Kind: OnHexside, Hex: a, Other: o, Amount: amount, Reason: string(b)}
}

// pairObstacle names the first blocking touched hex on each side (rule 1).
func (t *losTerrain) pairObstacle(rec *LOS) Obstacle {
	levels := &elevationTable[flagLevel(t.flags(rec.From, t.index(rec.From)))][flagLevel(t.flags(rec.To, t.index(rec.To)))]
	first := func(hs []Hex) Hex {
		for _, h := range hs {
			fl := t.flags(h, t.index(h))
			if fl&flagBlocks != 0 || levels[flagLevel(fl)] == elevBlock {
				return h
			}
		}
		return Hex{}
	}
	l, r := first(rec.Left), first(rec.Right)
	return Obstacle{Kind: BesideLine, Hex: l, Other: r,
		Reason: fmt.Sprintf("%s in %s and %s in %s on both sides of the line",
			t.describe(l, t.flags(l, t.index(l))), t.b.Label(l), t.describe(r, t.flags(r, t.index(r))), t.b.Label(r))}
}

// sideObstacles itemises the hindrance of the touched hexes (rules 2, 3, 5)
// so that the items sum to lineState.sideHindrance.
func (t *losTerrain) sideObstacles(rec *LOS, st *lineState) {
	pairL, pairR := -1, -1
	if st.maxL > 0 && st.maxR > 0 {
		for i, h := range rec.Left {
			if pairL < 0 && hindranceAmount(t.flags(h, t.index(h))) == st.maxL {
				pairL = i
			}
		}
		for i, h := range rec.Right {
			if pairR < 0 && hindranceAmount(t.flags(h, t.index(h))) == st.maxR {
				pairR = i
			}
		}
		l, r := rec.Left[pairL], rec.Right[pairR]
		rec.Hindrances = append(rec.Hindrances, Obstacle{Kind: BesideLine, Hex: l, Other: r, Amount: max(st.maxL, st.maxR),
			Reason: fmt.Sprintf("%s in %s and %s in %s face each other across the line (counted once)",
				t.describe(l, t.flags(l, t.index(l))), t.b.Label(l), t.describe(r, t.flags(r, t.index(r))), t.b.Label(r))})
	}
	for _, s := range []struct {
		hexes []Hex
		skip  int
	}{{rec.Left, pairL}, {rec.Right, pairR}} {
		for i, h := range s.hexes {
			fl := t.flags(h, t.index(h))
			if a := hindranceAmount(fl); a > 0 && i != s.skip {
				rec.Hindrances = append(rec.Hindrances, Obstacle{Kind: BesideLine, Hex: h, Other: h, Amount: a,
					Reason: t.reasonIn(t.describe(h, fl), h, " beside the line")})
			}
		}
	}
}
