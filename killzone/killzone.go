// Package killzone maps, hex by hex, the chance that one unit's AT shot
// destroys another: for a firer standing in one hex, where a target would
// be killed (the kill zone), or, reversed, where a firer would have to stand
// to kill a target standing in one hex. Every value is the battle engine's
// own answer for hypothetical poses (battle.ShotAt, battle.CheckShotAt and
// the active ruleset's Odds and Summary): the package adds no rule.
package killzone

import (
	"fmt"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
)

// Query is one kill zone: two units of a battle (their types, markers,
// states and weapons count; where they stand does not) and the hex of the
// one that stays put.
type Query struct {
	Firer, Target *battle.Unit
	// At is the hex of the unit that stays put: the firer's, or the
	// target's when Reverse is set. The other unit is tried in every
	// other hex of the board.
	At      board.Hex
	Reverse bool
	// FirerFacing and TargetFacing are the units' facings wherever they
	// stand.
	FirerFacing, TargetFacing board.Direction
	// FirerTurns makes the firer face each target it is tried against
	// (a turretless gun turned before firing); FirerFacing is then unused.
	FirerTurns bool
	// Smoke gives the smoke level of a hex for the lines of sight; nil
	// reads the battle's smoke.
	Smoke func(board.Hex) int
}

// Cell is the kill zone in one hex: the shot from it (Reverse) or at it.
// A hex out of sight, or where the ruleset or the firer's arc refuses the
// shot, has no odds (Shot false).
type Cell struct {
	Hex       board.Hex
	Range     int
	Clear     bool // the line of sight between the two hexes is clear
	Hindrance int  // its hindrance, when the shot may be fired
	// Shot is set when the shot may be fired; Refused says why not when
	// the line is clear but it may not (out of the weapon's range, say).
	Shot    bool
	Refused string
	Aspect  board.Aspect // the armour struck, for an AFV target
	ToHit   int          // the number the to-hit roll is against
	Summary combat.Summary
}

// Destroy is the chance the shot eliminates or abandons the target.
func (c Cell) Destroy() float64 { return c.Summary.P(c.Summary.Destroy) }

// Immobilize is the chance it immobilizes the target without destroying it.
func (c Cell) Immobilize() float64 { return c.Summary.P(c.Summary.Immobilize) }

// Hit is the chance it hits.
func (c Cell) Hit() float64 { return c.Summary.P(c.Summary.Hit) }

// Zone is a computed kill zone: a cell for every hex of the board, row by
// row, the fixed hex's among them (with range 0 and no shot).
type Zone struct {
	Query   Query
	Ruleset string
	Cells   []Cell
	board   *board.Board
}

// Cell returns the zone at hex h, and false for a hex off the board.
func (z *Zone) Cell(h board.Hex) (Cell, bool) {
	if !z.board.Contains(h) {
		return Cell{}, false
	}
	o := z.board.Layout.ToOffset(h)
	return z.Cells[o.Row*z.board.Width+o.Col], true
}

// Max is the highest chance to destroy in the zone.
func (z *Zone) Max() float64 {
	best := 0.0
	for _, c := range z.Cells {
		if c.Shot {
			best = max(best, c.Destroy())
		}
	}
	return best
}

// Compute works the kill zone of q out in battle b, under b's ruleset.
// Forward, one viewshed from the firer's hex gives every line of sight
// with its hindrance; reversed, each line is traced from the hex the firer
// would stand in, since a line's hindrance depends on which end fires (the
// firer's own hex never hinders). Shots the ruleset cannot tell apart
// (combat.OddsKey) share one Odds.
func Compute(b *battle.Battle, q Query) (*Zone, error) {
	switch {
	case q.Firer == nil || q.Target == nil:
		return nil, fmt.Errorf("killzone: a firer and a target are needed")
	case q.Firer == q.Target:
		return nil, fmt.Errorf("killzone: %s cannot fire at itself", q.Firer.Label())
	}
	smoke := q.Smoke
	if smoke == nil {
		smoke = b.Smoke
	}
	bd := b.Board()
	if !bd.Contains(q.At) {
		return nil, fmt.Errorf("killzone: %s is off the %dx%d map", bd.Label(q.At), bd.Width, bd.Height)
	}
	sights := func(yield func(board.Hex, board.Sight) bool) {
		for h := range bd.Hexes() {
			sight := board.Sight{}
			if h != q.At {
				sight = bd.Sight(h, q.At, smoke)
			}
			if !yield(h, sight) {
				return
			}
		}
	}
	if !q.Reverse {
		vs, err := bd.Viewshed(q.At, smoke)
		if err != nil {
			return nil, fmt.Errorf("killzone: %w", err)
		}
		sights = vs.All()
	}
	z := &Zone{Query: q, Ruleset: b.Rules().Name(), Cells: make([]Cell, 0, bd.Width*bd.Height), board: bd}
	m := memo{}
	for h, sight := range sights {
		c := Cell{Hex: h, Range: h.Distance(q.At), Clear: sight.Visible && h != q.At, Hindrance: sight.Hindrance}
		if c.Clear {
			from, to := q.poses(h)
			m.fill(b, q, &c, from, to)
		}
		z.Cells = append(z.Cells, c)
	}
	return z, nil
}

// poses returns the firer's and the target's poses with the moving unit
// in hex h.
func (q Query) poses(h board.Hex) (from, to board.Pose) {
	from = board.Pose{Hex: q.At, Facing: q.FirerFacing}
	to = board.Pose{Hex: h, Facing: q.TargetFacing}
	if q.Reverse {
		from.Hex, to.Hex = h, q.At
	}
	if q.FirerTurns {
		from.Facing = Facing(from.Hex, to.Hex)
	}
	return from, to
}

// Facing returns a facing from hex from whose forward arc holds hex to:
// the one a turretless gun turns to before firing at it.
func Facing(from, to board.Hex) board.Direction {
	for d := range board.Direction(6) {
		if board.InForwardArc(from, d, to) {
			return d
		}
	}
	return 0
}

// verdict is what the ruleset says of one shot: its odds' summary and
// to-hit number, or why it refuses it.
type verdict struct {
	summary combat.Summary
	toHit   int
	err     error
}

// memo keeps the verdict of each distinct shot of a zone. What a pose
// sets in a shot keys the map; the rest of the shot (the units' own, the
// same in every hex of a zone) is kept beside it, and the map starts over
// should the rest ever change: every field still counts, and only a few
// small ones are hashed.
type memo struct {
	rest     combat.Shot
	verdicts map[poseKey]verdict
}

// poseKey is what of a shot changes with where the two units stand.
type poseKey struct {
	rangeHexes, metres, cover, hindrance, elevation int
	coverName                                       string
	aspect                                          board.Aspect
	terrain, firerTerrain                           board.Terrain
	offAxis                                         float64
	outsideFrontArc, gunShield                      bool
}

// splitShot returns the pose's part of shot s and the rest of it.
func splitShot(s combat.Shot) (poseKey, combat.Shot) {
	k := poseKey{rangeHexes: s.Range, metres: s.Metres, cover: s.Cover, hindrance: s.Hindrance, elevation: s.Elevation,
		coverName: s.CoverName, aspect: s.Aspect, terrain: s.Terrain, firerTerrain: s.FirerTerrain,
		offAxis: s.FirerOffAxis, outsideFrontArc: s.OutsideFrontArc, gunShield: s.GunShield}
	s.Range, s.Metres, s.Cover, s.Hindrance, s.Elevation = 0, 0, 0, 0, 0
	s.CoverName, s.Aspect, s.Terrain, s.FirerTerrain = "", 0, 0, 0
	s.FirerOffAxis, s.OutsideFrontArc, s.GunShield = 0, false, false
	return k, s
}

// fill works out cell c's shot by the firer in pose from at the target in
// pose to along a clear line of sight, whose hindrance the cell holds.
func (m *memo) fill(b *battle.Battle, q Query, c *Cell, from, to board.Pose) {
	s, err := b.ShotAt(q.Firer, from, q.Target, to)
	if err == nil {
		err = b.CheckShotAt(q.Firer, from, to.Hex, s)
	}
	if err != nil {
		c.Refused, c.Hindrance = err.Error(), 0
		return
	}
	s.Hindrance = c.Hindrance
	c.Aspect = s.Aspect
	// The names are only for messages: without them, and without what
	// the ruleset never reads, shots that differ in nothing else share
	// one entry.
	s.Firer, s.Target.Name = "", ""
	s = combat.OddsKey(b.Rules(), s)
	key, rest := splitShot(s)
	if m.verdicts == nil || rest != m.rest {
		m.rest, m.verdicts = rest, map[poseKey]verdict{}
	}
	v, ok := m.verdicts[key]
	if !ok {
		odds, err := b.Rules().Odds(s)
		v = verdict{err: err, toHit: odds.ToHit}
		if err == nil {
			v.summary = odds.Summary(b.States())
		}
		m.verdicts[key] = v
	}
	if v.err != nil {
		c.Refused, c.Hindrance = v.err.Error(), 0
		return
	}
	c.Shot, c.ToHit, c.Summary = true, v.toHit, v.summary
}
