package board

import (
	"fmt"
	"slices"
	"strings"
)

// Movement (default-ruleset.md §3 and the costs of §6). See docs/MOVEMENT.md
// for the rules as implemented and the choices that are ours.

// MoveKind is which movement rules a unit follows.
type MoveKind uint8

// The three kinds of movers.
const (
	// Infantry pay the infantry column of the terrain chart, have no
	// facing and may step into any adjacent hex.
	Infantry MoveKind = iota
	// Vehicle is an AFV or unarmoured vehicle: vehicle column, forward into
	// the faced hex or reverse at double cost, turning costs after the
	// first hexside in each hex.
	Vehicle
	// Gun moves exactly one hex a turn into any hex a vehicle could enter,
	// and may end it in any facing, or pivots in place instead.
	Gun
)

var moveKindNames = [...]string{"infantry", "vehicle", "Gun"}

// String returns "infantry", "vehicle" or "Gun".
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return fmt.Sprintf("movekind(%d)", k)
}

// Mover returns the terrain-chart column the kind pays: Foot for infantry,
// Wheeled for vehicles and Guns.
func (k MoveKind) Mover() Mover {
	if k == Infantry {
		return Foot
	}
	return Wheeled
}

// faced reports whether units of the kind have a facing.
func (k MoveKind) faced() bool { return k != Infantry }

// plural names the kind in error messages.
func (k MoveKind) plural() string {
	switch k {
	case Infantry:
		return "infantry"
	case Gun:
		return "Guns"
	}
	return "vehicles"
}

// MoveSpec is what the board needs to know about a moving unit: its kind
// and the movement points it has this move (the battle works them out: a
// leader's bonus, a Heavy weapon's penalty, 0 for a unit that may not move).
// A unit with MP below 1 cannot move or turn; MP above MaxMP count as MaxMP.
type MoveSpec struct {
	Kind MoveKind
	MP   int
	// Armoured marks an AFV: barbed wire bars other vehicles and Guns, not
	// AFVs (rules 20.8).
	Armoured bool
}

// BarredByWire reports whether wire keeps a unit of spec s out of its
// hex: rules 20.8 bars vehicles and leaves AFVs alone. That Guns are
// barred too is our choice: the rule lets only infantry and AFVs in.
func (s MoveSpec) BarredByWire() bool {
	return s.Kind == Gun || s.Kind == Vehicle && !s.Armoured
}

// StopsIn reports whether a unit of spec s that enters h must end its move
// there: infantry entering barbed wire (rules 20.8).
func (b *Board) StopsIn(s MoveSpec, h Hex) bool {
	return s.Kind == Infantry && b.Fort(h).Kind == Wire
}

// MaxMP is the most movement points a search or path check takes into
// account. Our own bound, far above any unit of the rules (12 or so), so
// that the search's memory stays small whatever a caller passes.
const MaxMP = 100

// clamped returns the spec with MP limited to 0..MaxMP.
func (s MoveSpec) clamped() MoveSpec {
	s.MP = min(max(s.MP, 0), MaxMP)
	return s
}

// Range is the farthest from its start, in hexes, that Reachable reaches
// with spec: every hex entered costs at least 1 MP, and a minimum move
// goes one hex.
func (s MoveSpec) Range() int { return max(s.clamped().MP, 1) }

// Pose is where a unit stands and which hexside it faces. Infantry have no
// facing: their poses keep whatever Facing the start pose had, and it is
// ignored wherever a pose is looked up.
type Pose struct {
	Hex    Hex
	Facing Direction
}

// Occupancy is what the battle knows about the other units on the map. A
// nil function allows every hex. The start hex is never asked about: the
// unit is already there, so it may pass through it and end in it again.
type Occupancy struct {
	// CanEnter reports whether the mover may enter h at all (false for an
	// enemy-occupied hex).
	CanEnter func(h Hex) bool
	// CanEnd reports whether the mover may end its move in h (false when
	// that would over-stack the hex). A hex it may not end in may still be
	// passed through.
	CanEnd func(h Hex) bool
}

func (o Occupancy) canEnter(start, h Hex) bool {
	return h == start || o.CanEnter == nil || o.CanEnter(h)
}

func (o Occupancy) canEnd(start, h Hex) bool {
	return h == start || o.CanEnd == nil || o.CanEnd(h)
}

// StepKind is what a step of a path does.
type StepKind uint8

// The kinds of step.
const (
	// Walk is an infantry step into an adjacent hex.
	Walk StepKind = iota
	// Forward is a vehicle step into the hex it faces.
	Forward
	// Reverse is a vehicle step into the hex behind it, at double cost.
	Reverse
	// Turn changes the facing in place, by up to 3 hexsides.
	Turn
	// GunMove is a Gun's one-hex move, ending in any facing.
	GunMove
)

var stepKindNames = [...]string{"walk", "forward", "reverse", "turn", "gun move"}

// String returns the step kind's name: "walk", "forward", "reverse",
// "turn" or "gun move".
func (k StepKind) String() string {
	if int(k) < len(stepKindNames) {
		return stepKindNames[k]
	}
	return fmt.Sprintf("stepkind(%d)", k)
}

// Step is one step of a move: a hex entered or a turn in place.
type Step struct {
	Kind     StepKind
	From, To Pose
	Cost     int // MP paid for this step
	// Minimum is set on the step of a minimum move: the one hex a unit may
	// always enter, even when it costs more MP than the unit has.
	Minimum bool
	// Note says how the cost was made up, for logs and tooltips:
	// "woods 2 +1 climb +1 wall", "turn 2 hexsides (first free)".
	Note string
}

// blocked is why a step is illegal; noBlock when it is legal.
type blocked uint8

const (
	noBlock blocked = iota
	offMap
	prohibitedTerrain
	twoLevels
	bridgeOffRoad
	wireBars
)

// charge is how the MP cost of entering a hex is made up.
type charge struct {
	terrain   Terrain
	entry     int  // the terrain's entry cost, or 1 along a road
	alongRoad bool // entered from a connected road hex
	climb     int  // levels climbed
	side      HexsideFeature
	whole     bool // infantry between level 0 and level 2: the whole allowance
	fort      FortKind
	fortMP    int // the fortification's extra entry cost (FortInfo.EntryMP)
}

// WholeAllowance is what StepCost gives for a step that takes a unit's
// whole move (infantry climbing or descending two levels at once): more
// than any unit has, so such a step is only ever a minimum move.
const WholeAllowance = MaxMP + 1

func (c charge) total() int {
	if c.whole {
		return WholeAllowance
	}
	t := c.entry + c.climb + c.fortMP
	if c.side != NoFeature {
		t++
	}
	return t
}

func (c charge) String() string {
	var sb strings.Builder
	if c.alongRoad {
		fmt.Fprintf(&sb, "%s along road %d", c.terrain, c.entry)
	} else {
		fmt.Fprintf(&sb, "%s %d", c.terrain, c.entry)
	}
	if c.climb > 0 {
		fmt.Fprintf(&sb, " +%d climb", c.climb)
	}
	if c.whole {
		sb.WriteString(": two levels at once take the whole allowance")
	}
	if c.side != NoFeature {
		fmt.Fprintf(&sb, " +1 %s", c.side)
	}
	if c.fortMP > 0 {
		fmt.Fprintf(&sb, " +%d %s", c.fortMP, c.fort)
	}
	return sb.String()
}

// hasRoad reports whether a road runs through the cell: a Road flag, or road
// or bridge terrain.
func (c Cell) hasRoad() bool {
	return c.Road || c.Terrain == Road || c.Terrain == Bridge
}

// stepCharge works out the cost for mover m of entering the neighbour of
// from in direction d, or why it may not.
func (b *Board) stepCharge(m Mover, from Hex, d Direction) (charge, blocked) {
	return b.charge(m, false, from, d)
}

// kindCharge is stepCharge for a unit of kind k. A Gun pays the vehicle
// column, except that it may be manhandled into a building, which the
// column bars to vehicles (a Gun that can move at all has 1 MP; a 0-MP Gun
// never moves); it pays the infantry cost there.
func (b *Board) kindCharge(k MoveKind, from Hex, d Direction) (charge, blocked) {
	return b.charge(k.Mover(), k == Gun, from, d)
}

// charge is stepCharge and kindCharge: manhandled lets a Gun into a building.
func (b *Board) charge(m Mover, manhandled bool, from Hex, d Direction) (charge, blocked) {
	i, ok := b.index(from.Neighbor(d))
	if !ok {
		return charge{}, offMap
	}
	return b.chargeBetween(m, manhandled, b.Cell(from), b.cells[i], from, d)
}

// chargeBetween is charge for the step from from, of cell cf, in
// direction d into a hex of cell ct on the board: for a search that has
// the cells at hand already.
func (b *Board) chargeBetween(m Mover, manhandled bool, cf, ct Cell, from Hex, d Direction) (charge, blocked) {
	c := charge{terrain: ct.Terrain, entry: ct.Terrain.EntryCost(m)}
	if ct.Terrain.water() {
		return c, prohibitedTerrain
	}
	if manhandled && ct.Terrain == Building {
		c.entry = ct.Terrain.EntryCost(Foot)
	}
	if cf.hasRoad() && ct.hasRoad() {
		c.entry, c.alongRoad = 1, true
	}
	if c.entry == Prohibited {
		return c, prohibitedTerrain
	}
	if m == Wheeled && ct.Terrain == Bridge && !c.alongRoad {
		return c, bridgeOffRoad
	}
	dl := ct.Level - cf.Level
	if dl >= 2 || dl <= -2 {
		if m == Wheeled {
			return c, twoLevels
		}
		c.whole = true
	}
	c.climb = max(dl, 0)
	c.side = b.Hexside(from, d)
	c.fort = ct.Fort
	if ct.Fort != NoFort {
		c.fortMP = ct.Fort.Info().EntryMP
	}
	return c, noBlock
}

// blockReason explains a blocked step into to for the units named by noun.
func (b *Board) blockReason(why blocked, c charge, noun string, from, to Hex) string {
	switch why {
	case offMap:
		return fmt.Sprintf("%s is off the map", b.Label(to))
	case prohibitedTerrain:
		if c.terrain == Building {
			return fmt.Sprintf("building is prohibited for %s except along a road", noun)
		}
		return fmt.Sprintf("%s is prohibited for %s", c.terrain, noun)
	case twoLevels:
		return fmt.Sprintf("%s cannot go from level %d to level %d in one step", noun, b.Cell(from).Level, b.Cell(to).Level)
	case bridgeOffRoad:
		return fmt.Sprintf("%s may enter a bridge only from a connecting road", noun)
	case wireBars:
		return fmt.Sprintf("barbed wire in %s bars %s other than AFVs", b.Label(to), noun)
	}
	return ""
}

// StepCost returns the MP that mover m pays to enter the neighbour of from
// in direction d (terrain or road cost, climbing and hexside feature, before
// any doubling for reversing; WholeAllowance for infantry going between
// level 0 and level 2), or an error saying why it may not enter it.
// Units are not considered: that is the battle's Occupancy.
func (b *Board) StepCost(m Mover, from Hex, d Direction) (int, error) {
	c, why := b.stepCharge(m, from, d)
	if why != noBlock {
		noun := "infantry"
		if m == Wheeled {
			noun = "vehicles"
		}
		to := from.Neighbor(d)
		return 0, fmt.Errorf("%s → %s: %s", b.Label(from), b.Label(to), b.blockReason(why, c, noun, from, to))
	}
	return c.total(), nil
}

// turnCost is the MP for turning by the given number of hexsides (0..3) in
// one hex: the first hexside is free, each further one costs 1.
func turnCost(hexsides int) int { return max(hexsides-1, 0) }

// Reach is every pose a unit can end its move in, with the cheapest cost and
// path to each, as computed by Board.Reachable.
type Reach struct {
	board *Board
	spec  MoveSpec
	start Pose
	occ   Occupancy

	grid   hexGrid
	blocks []Hex      // the hexes reached, one block of states each
	nodes  []moveNode // statesPerHex per block
	sph    int        // states per hex
	queue  moveQueue
	enter  []int16 // cached entry costs by grid slot and direction: 0 unknown, -1 barred, else cost+1
}

// moveNode is one search state: a hex, a facing (vehicles and Guns) and,
// for vehicles, whether the unit has already turned in this hex.
type moveNode struct {
	cost, steps int32
	prev        int32 // state the best path came from; -1 for the start or unreached
	kind        StepKind
	reached     bool
	settled     bool
	minimum     bool // reached by a minimum move
}

// hexGrid numbers the hexes the search may reach: a box of axial
// coordinates around the start, or the whole board when that is smaller.
type hexGrid struct {
	board  *Board
	whole  bool
	origin Hex
	side   int
	slots  []int32 // 1 + block number, 0 for a hex not yet reached
}

func newHexGrid(b *Board, centre Hex, radius int) hexGrid {
	side := 2*radius + 1
	if side*side > b.Width*b.Height {
		return hexGrid{board: b, whole: true, slots: make([]int32, b.Width*b.Height)}
	}
	return hexGrid{board: b, origin: Hex{centre.Q - radius, centre.R - radius}, side: side, slots: make([]int32, side*side)}
}

// slot returns the grid index of h, and false when the search cannot reach it.
func (g *hexGrid) slot(h Hex) (int, bool) {
	if g.whole {
		return g.board.index(h)
	}
	q, r := h.Q-g.origin.Q, h.R-g.origin.R
	if q < 0 || r < 0 || q >= g.side || r >= g.side {
		return 0, false
	}
	return r*g.side + q, true
}

// Reachable returns every pose the unit can reach from start with its MP,
// each with its cheapest cost and path: Dijkstra's search over (hex,
// facing) with the costs of §3 and §6. Among equally cheap paths the one
// with fewest steps wins; remaining ties go to the path found first, trying
// turns nearest first and clockwise before anticlockwise, then forward, then
// reverse (infantry: directions N, NE, SE, S, SW, NW).
//
// A unit with at least 1 MP may always make a minimum move: one step into
// an adjacent hex it may enter, whatever that costs, after and before only
// free one-hexside turns. Such poses cost more than spec.MP and their last
// step has Minimum set. A Gun with at least 1 MP reaches every adjacent hex
// it may enter in every facing, or pivots to any facing in place, for all
// its MP.
func (b *Board) Reachable(spec MoveSpec, start Pose, occ Occupancy) *Reach {
	spec = spec.clamped()
	start.Facing = start.Facing.normalized()
	r := &Reach{board: b, spec: spec, start: start, occ: occ, sph: 1}
	switch spec.Kind {
	case Vehicle:
		r.sph = 12
	case Gun:
		r.sph = 6
	}
	radius := spec.Range()
	if !b.Contains(start.Hex) {
		radius = 0
	}
	r.grid = newHexGrid(b, start.Hex, radius)
	hexes := min(3*radius*(radius+1)+1, len(r.grid.slots))
	r.blocks = make([]Hex, 0, hexes)
	r.nodes = make([]moveNode, 0, hexes*r.sph)
	first := r.state(start.Hex, start.Facing, 0)
	r.nodes[first].reached = true
	r.nodes[first].prev = -1
	if spec.MP < 1 || !b.Contains(start.Hex) {
		return r
	}
	if spec.Kind == Gun {
		r.searchGun(first)
		return r
	}
	// The stride must exceed any path's step count: every hex entered costs
	// at least 1 MP and at most one turn comes between hexes (a minimum
	// move has at most three steps).
	r.queue = newMoveQueue(2*spec.MP+4, cap(r.nodes))
	r.enter = make([]int16, len(r.grid.slots)*6)
	r.push(first)
	for {
		it, ok := r.queue.pop()
		if !ok {
			break
		}
		n := &r.nodes[it.id]
		if n.settled || it.key != r.queue.key(n.cost, n.steps) {
			continue
		}
		n.settled = true
		if spec.Kind == Vehicle {
			r.expandVehicle(it.id)
		} else {
			r.expandInfantry(it.id)
		}
	}
	return r
}

// state returns the id of the search state (h, facing, turned), creating
// the hex's block on first use. h must be in the grid.
func (r *Reach) state(h Hex, facing Direction, turned int) int32 {
	s, _ := r.grid.slot(h)
	if r.grid.slots[s] == 0 {
		r.blocks = append(r.blocks, h)
		r.grid.slots[s] = int32(len(r.blocks))
		for range r.sph {
			r.nodes = append(r.nodes, moveNode{prev: -1})
		}
	}
	base := int(r.grid.slots[s]-1) * r.sph
	switch r.spec.Kind {
	case Vehicle:
		return int32(base + int(facing)*2 + turned)
	case Gun:
		return int32(base + int(facing))
	}
	return int32(base)
}

// lookup returns the id of state (h, facing, turned) if its hex was reached.
func (r *Reach) lookup(h Hex, facing Direction, turned int) (int32, bool) {
	s, ok := r.grid.slot(h)
	if !ok || r.grid.slots[s] == 0 {
		return 0, false
	}
	return r.state(h, facing, turned), true
}

// pose returns the hex and facing of a state and whether it is a
// turned-already state.
func (r *Reach) pose(id int32) (Pose, int) {
	h := r.blocks[int(id)/r.sph]
	sub := int(id) % r.sph
	switch r.spec.Kind {
	case Vehicle:
		return Pose{h, Direction(sub / 2)}, sub % 2
	case Gun:
		return Pose{h, Direction(sub)}, 0
	}
	return Pose{h, r.start.Facing}, 0
}

// relax offers a path to state to from state from; it keeps it if it is
// cheaper, or as cheap with fewer steps.
func (r *Reach) relax(from int32, to Hex, facing Direction, turned int, cost int, kind StepKind, minimum bool) int32 {
	if _, ok := r.grid.slot(to); !ok {
		return -1
	}
	id := r.state(to, facing, turned)
	prev := r.nodes[from]
	n := &r.nodes[id]
	steps := prev.steps + 1
	if n.settled || (n.reached && (int32(cost) > n.cost || int32(cost) == n.cost && steps >= n.steps)) {
		return -1
	}
	*n = moveNode{cost: int32(cost), steps: steps, prev: from, kind: kind, reached: true, minimum: minimum}
	return id
}

func (r *Reach) push(id int32) {
	n := r.nodes[id]
	r.queue.push(id, r.queue.key(n.cost, n.steps))
}

// entryCost returns the cost of stepping from h in direction d, and false
// when the terrain or the battle bars the step. Results are cached: a hex's
// exits are asked for by up to twelve states.
func (r *Reach) entryCost(h Hex, d Direction) (int, bool) {
	s, _ := r.grid.slot(h)
	k := s*6 + int(d)
	if v := r.enter[k]; v != 0 {
		return int(v) - 1, v > 0
	}
	c, why := r.board.stepCharge(r.spec.Kind.Mover(), h, d)
	if why == noBlock && c.fort == Wire && r.spec.BarredByWire() {
		why = wireBars
	}
	if why != noBlock || !r.occ.canEnter(r.start.Hex, h.Neighbor(d)) {
		r.enter[k] = -1
		return 0, false
	}
	r.enter[k] = int16(c.total() + 1)
	return c.total(), true
}

// turnOrder is the order turns are tried in: nearest first, clockwise first.
var turnOrder = [5]int{1, -1, 2, -2, 3}

func (r *Reach) expandVehicle(id int32) {
	n := r.nodes[id]
	p, turned := r.pose(id)
	cost := int(n.cost)
	startHex := p.Hex == r.start.Hex && cost == 0
	if turned == 0 {
		for _, t := range turnOrder {
			tc := turnCost(abs(t))
			if n.minimum && tc > 0 || cost+tc > r.spec.MP && !n.minimum {
				continue
			}
			if s := r.relax(id, p.Hex, p.Facing.Rotate(t), 1, cost+tc, Turn, n.minimum); s >= 0 {
				r.push(s)
			}
		}
	}
	if n.minimum {
		return
	}
	for _, kind := range [2]StepKind{Forward, Reverse} {
		d, mult := p.Facing, 1
		if kind == Reverse {
			d, mult = p.Facing.Opposite(), 2
		}
		step, ok := r.entryCost(p.Hex, d)
		if !ok {
			continue
		}
		to := p.Hex.Neighbor(d)
		total := cost + mult*step
		minimum := false
		if total > r.spec.MP {
			if !startHex {
				continue
			}
			minimum = true
		}
		if s := r.relax(id, to, p.Facing, 0, total, kind, minimum); s >= 0 {
			r.push(s)
		}
	}
}

func (r *Reach) expandInfantry(id int32) {
	n := r.nodes[id]
	p, _ := r.pose(id)
	cost := int(n.cost)
	if cost > 0 && r.board.StopsIn(r.spec, p.Hex) {
		return
	}
	for d := range Direction(6) {
		step, ok := r.entryCost(p.Hex, d)
		if !ok {
			continue
		}
		to := p.Hex.Neighbor(d)
		total := cost + step
		minimum := false
		if total > r.spec.MP {
			if p.Hex != r.start.Hex || cost != 0 {
				continue
			}
			minimum = true
		}
		if step == WholeAllowance {
			total = r.spec.MP
		}
		if s := r.relax(id, to, r.start.Facing, 0, total, Walk, minimum); s >= 0 {
			r.push(s)
		}
	}
}

func (r *Reach) searchGun(first int32) {
	mp := r.spec.MP
	for f := range Direction(6) {
		if f != r.start.Facing {
			r.relax(first, r.start.Hex, f, 0, mp, Turn, false)
		}
	}
	for d := range Direction(6) {
		c, why := r.board.kindCharge(Gun, r.start.Hex, d)
		if why == noBlock && c.fort == Wire {
			why = wireBars
		}
		to := r.start.Hex.Neighbor(d)
		if why != noBlock || !r.occ.canEnter(r.start.Hex, to) {
			continue
		}
		for f := range Direction(6) {
			r.relax(first, to, f, 0, mp, GunMove, false)
		}
	}
}

// best returns the cheapest state of hex h in facing f (any facing when
// any is set), honouring CanEnd. Ties go to fewer steps, then to the lower
// facing number, then to a state that has not turned. CanEnd is asked
// only about a hex the search reached: the battle's is costly, and most
// hexes asked about (an overrun's approaches to every enemy hex) are not.
func (r *Reach) best(h Hex, f Direction, any bool) (int32, bool) {
	found, bestID := false, int32(0)
	for facing := range Direction(6) {
		if !any && facing != f.normalized() || !r.spec.Kind.faced() && facing > 0 {
			continue
		}
		for turned := range 2 {
			if turned == 1 && r.spec.Kind != Vehicle {
				continue
			}
			id, ok := r.lookup(h, facing, turned)
			if !ok || !r.nodes[id].reached {
				continue
			}
			n, b := r.nodes[id], r.nodes[bestID]
			if !found || n.cost < b.cost || n.cost == b.cost && n.steps < b.steps {
				found, bestID = true, id
			}
		}
	}
	if !found || !r.occ.canEnd(r.start.Hex, h) {
		return 0, false
	}
	return bestID, true
}

// Reached reports whether the search reached hex h, in some facing,
// whether or not the unit may end there (Cost tells): a pose of h has a
// cost or a path only if it did.
func (r *Reach) Reached(h Hex) bool {
	s, ok := r.grid.slot(h)
	return ok && r.grid.slots[s] != 0
}

// Cost returns the cheapest cost of ending the move in hex h in any facing,
// and false when the unit cannot end there. A cost above the unit's MP is a
// minimum move.
func (r *Reach) Cost(h Hex) (int, bool) {
	id, ok := r.best(h, 0, true)
	if !ok {
		return 0, false
	}
	return int(r.nodes[id].cost), true
}

// PoseCost returns the cheapest cost of ending the move in pose p, and false
// when the unit cannot end there. For infantry the facing is ignored.
func (r *Reach) PoseCost(p Pose) (int, bool) {
	id, ok := r.best(p.Hex, p.Facing, !r.spec.Kind.faced())
	if !ok {
		return 0, false
	}
	return int(r.nodes[id].cost), true
}

// Hexes returns every hex the unit can end its move in, the start hex
// included, row by row and column by column.
func (r *Reach) Hexes() []Hex {
	var hs []Hex
	for _, h := range r.blocks {
		if _, ok := r.best(h, 0, true); ok {
			hs = append(hs, h)
		}
	}
	r.sortHexes(hs)
	return hs
}

// Poses returns every pose the unit can end its move in, hex by hex in the
// order of Hexes, facings in direction order. Infantry give one pose a hex.
func (r *Reach) Poses() []Pose {
	var ps []Pose
	for _, h := range r.Hexes() {
		if !r.spec.Kind.faced() {
			ps = append(ps, Pose{h, r.start.Facing})
			continue
		}
		for f := range Direction(6) {
			if _, ok := r.best(h, f, false); ok {
				ps = append(ps, Pose{h, f})
			}
		}
	}
	return ps
}

// Moves returns the poses of Poses that a move ends in, in the same order:
// every one but the start's, whose path (PosesTo) has no step.
func (r *Reach) Moves() []Pose {
	return slices.DeleteFunc(r.Poses(), func(p Pose) bool {
		id, _ := r.best(p.Hex, p.Facing, !r.spec.Kind.faced())
		return r.nodes[id].prev < 0
	})
}

func (r *Reach) sortHexes(hs []Hex) {
	l := r.board.Layout
	slices.SortFunc(hs, func(a, b Hex) int {
		oa, ob := l.ToOffset(a), l.ToOffset(b)
		if oa.Row != ob.Row {
			return oa.Row - ob.Row
		}
		return oa.Col - ob.Col
	})
}

// Path returns the cheapest path to hex h, ending in whichever facing is
// cheapest (ties: fewest steps, then the lowest direction number), and false
// when the unit cannot end there. The path of the start hex is empty.
func (r *Reach) Path(h Hex) ([]Step, bool) {
	id, ok := r.best(h, 0, true)
	if !ok {
		return nil, false
	}
	return r.steps(id), true
}

// PathTo returns the cheapest path ending in pose p (for infantry, in p's
// hex), and false when the unit cannot end there.
func (r *Reach) PathTo(p Pose) ([]Step, bool) {
	id, ok := r.best(p.Hex, p.Facing, !r.spec.Kind.faced())
	if !ok {
		return nil, false
	}
	return r.steps(id), true
}

// PosesTo is the poses of PathTo's steps, where each ends: the route
// without the steps' costs and notes, cheaper for a caller that needs only
// where the path goes.
func (r *Reach) PosesTo(p Pose) ([]Pose, bool) {
	id, ok := r.best(p.Hex, p.Facing, !r.spec.Kind.faced())
	if !ok {
		return nil, false
	}
	var out []Pose
	for n := r.nodes[id]; n.prev >= 0; n = r.nodes[id] {
		to, _ := r.pose(id)
		out = append(out, to)
		id = n.prev
	}
	slices.Reverse(out)
	return out, true
}

func (r *Reach) steps(id int32) []Step {
	var out []Step
	for n := r.nodes[id]; n.prev >= 0; n = r.nodes[id] {
		from, _ := r.pose(n.prev)
		to, _ := r.pose(id)
		s := Step{Kind: n.kind, From: from, To: to, Cost: int(n.cost - r.nodes[n.prev].cost), Minimum: n.minimum}
		s.Note = r.board.stepNote(r.spec, s)
		out = append(out, s)
		id = n.prev
	}
	slices.Reverse(out)
	return out
}

// stepNote explains the cost of a legal step.
func (b *Board) stepNote(spec MoveSpec, s Step) string {
	var note string
	switch s.Kind {
	case Turn:
		if spec.Kind == Gun {
			note = fmt.Sprintf("pivot %v → %v: all its MP", s.From.Facing, s.To.Facing)
			break
		}
		t := s.From.Facing.Turns(s.To.Facing)
		note = fmt.Sprintf("turn %d hexside", t)
		if t > 1 {
			note += "s (first free)"
		}
	case GunMove:
		note = "one hex, facing " + s.To.Facing.String() + ": all its MP"
	default:
		d, _ := s.From.Hex.DirectionTo(s.To.Hex)
		c, _ := b.kindCharge(spec.Kind, s.From.Hex, d)
		note = c.String()
		if s.Kind == Reverse {
			note = "reverse: (" + note + ") ×2"
		}
	}
	if s.Minimum {
		note += ", minimum move"
	}
	return note
}

// PathError is an illegal step in a path given to CheckPath.
type PathError struct {
	Step   int    // 1-based index of the illegal step in the path; 0 for the start
	Move   string // the step in labels: "D4 → D5", "D4 N → SE"
	Reason string // why it is illegal
}

// Error returns "D4 → D5: building is prohibited for vehicles except along
// a road".
func (e *PathError) Error() string { return e.Move + ": " + e.Reason }

// CheckPath checks a path given by a player: the poses the unit passes
// through after start, each either one hex away (infantry: any neighbour;
// vehicles: the hex ahead or behind, same facing; a Gun: its one hex, any
// facing) or a turn in the same hex. It returns the MP the path costs, which
// exceeds spec.MP only for a minimum move, or a *PathError naming the first
// illegal step. An empty path is legal and costs 0.
func (b *Board) CheckPath(spec MoveSpec, start Pose, path []Pose, occ Occupancy) (int, error) {
	spec = spec.clamped()
	cur := start
	cur.Facing = cur.Facing.normalized()
	cost, entered := 0, 0
	turnedHere, minimum := false, false
	noun := spec.Kind.plural()
	for i, next := range path {
		next.Facing = next.Facing.normalized()
		fail := func(format string, args ...any) error {
			move := b.Label(cur.Hex) + " → " + b.Label(next.Hex)
			if next.Hex == cur.Hex {
				move = fmt.Sprintf("%s %v → %v", b.Label(cur.Hex), cur.Facing, next.Facing)
			}
			return &PathError{Step: i + 1, Move: move, Reason: fmt.Sprintf(format, args...)}
		}
		switch {
		case spec.MP < 1:
			return 0, fail("the unit has no MP to move")
		case spec.Kind == Gun && i > 0:
			return 0, fail("a Gun moves only one hex (or pivots in place) a turn")
		case minimum && next.Hex != cur.Hex:
			return 0, fail("a minimum move ends after its one hex")
		case entered > 0 && next.Hex != cur.Hex && b.StopsIn(spec, cur.Hex):
			return 0, fail("infantry entering barbed wire in %s stop there", b.Label(cur.Hex))
		}
		if next.Hex == cur.Hex {
			switch {
			case !spec.Kind.faced():
				return 0, fail("infantry have no facing to turn")
			case next.Facing == cur.Facing:
				return 0, fail("the step neither moves nor turns")
			case spec.Kind == Gun:
				cost = spec.MP
			case turnedHere:
				return 0, fail("already turned in %s: one turn of up to 3 hexsides a hex", b.Label(cur.Hex))
			default:
				tc := turnCost(cur.Facing.Turns(next.Facing))
				switch {
				case minimum && tc > 0:
					return 0, fail("after a minimum move only a free one-hexside turn is allowed")
				case !minimum && cost+tc > spec.MP:
					return 0, fail("turning costs %d MP, %d left", tc, spec.MP-cost)
				}
				cost += tc
			}
			turnedHere = true
			cur = next
			continue
		}
		d, adjacent := cur.Hex.DirectionTo(next.Hex)
		if !adjacent {
			return 0, fail("%s is not adjacent to %s", b.Label(next.Hex), b.Label(cur.Hex))
		}
		mult := 1
		if spec.Kind == Vehicle {
			switch {
			case next.Facing != cur.Facing:
				return 0, fail("vehicles keep their facing while moving; turn after entering the hex")
			case d == cur.Facing.Opposite():
				mult = 2
			case d != cur.Facing:
				return 0, fail("a vehicle facing %v moves only forward to %s or in reverse to %s", cur.Facing,
					b.Label(cur.Hex.Neighbor(cur.Facing)), b.Label(cur.Hex.Neighbor(cur.Facing.Opposite())))
			}
		}
		c, why := b.kindCharge(spec.Kind, cur.Hex, d)
		if why == noBlock && c.fort == Wire && spec.BarredByWire() {
			why = wireBars
		}
		switch {
		case why != noBlock:
			return 0, fail("%s", b.blockReason(why, c, noun, cur.Hex, next.Hex))
		case !occ.canEnter(start.Hex, next.Hex):
			return 0, fail("%s may not be entered (occupied by the enemy)", b.Label(next.Hex))
		}
		sc := mult * c.total()
		switch {
		case spec.Kind == Gun:
			sc = spec.MP - cost
		case c.whole && (entered > 0 || cost > 0):
			return 0, fail("two levels at once take the whole allowance: only as the whole move")
		case c.whole:
			sc, minimum = spec.MP, true
		case cost+sc > spec.MP && entered == 0 && cost == 0:
			minimum = true
		case cost+sc > spec.MP:
			return 0, fail("the step costs %d MP, %d left", sc, spec.MP-cost)
		}
		cost += sc
		entered++
		turnedHere = false
		cur = next
	}
	if !occ.canEnd(start.Hex, cur.Hex) {
		return 0, &PathError{Step: len(path), Move: "end in " + b.Label(cur.Hex), Reason: "the move may not end there (stacking limit)"}
	}
	return cost, nil
}

// moveQueue is a bucket queue of search states keyed by cost·stride +
// steps: costs and step counts are small whole numbers and every step adds
// at least one to the key, so states come out in order of cost, then steps,
// then the order they went in. That makes the search deterministic.
type moveQueue struct {
	stride     int
	head, tail []int32 // first and last entry of each key; -1 when empty
	entries    []queueEntry
	cur        int // no key below cur holds an entry
}

type queueEntry struct {
	id, next int32
	key      int
}

func newMoveQueue(stride, size int) moveQueue {
	return moveQueue{stride: stride, entries: make([]queueEntry, 0, size)}
}

func (q *moveQueue) key(cost, steps int32) int { return int(cost)*q.stride + int(steps) }

func (q *moveQueue) push(id int32, key int) {
	for len(q.head) <= key {
		q.head = append(q.head, -1)
		q.tail = append(q.tail, -1)
	}
	e := int32(len(q.entries))
	q.entries = append(q.entries, queueEntry{id: id, next: -1, key: key})
	if q.tail[key] < 0 {
		q.head[key] = e
	} else {
		q.entries[q.tail[key]].next = e
	}
	q.tail[key] = e
}

// pop returns the first state of the lowest key, and false when the queue
// is empty.
func (q *moveQueue) pop() (queueEntry, bool) {
	for ; q.cur < len(q.head); q.cur++ {
		if e := q.head[q.cur]; e >= 0 {
			q.head[q.cur] = q.entries[e].next
			if q.head[q.cur] < 0 {
				q.tail[q.cur] = -1
			}
			return q.entries[e], true
		}
	}
	return queueEntry{}, false
}
