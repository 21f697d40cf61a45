// Package board is the geometry of a Hexfire map: axial hexes, the six
// directions, offset coordinates and labels as Tiled and the players see
// them, terrain, line of sight, facing and arcs, movement costs and paths.
//
// The package is pure: no IO, no randomness, no ebiten.
package board

import "math"

// Hex is a hex in axial coordinates (Q, R), after Red Blob Games' hexagon
// guide. The third cube coordinate is S = -Q-R. Hex is a comparable value.
//
// The axial system is the same for both map orientations; only the pixel
// geometry and the offset coordinates of a Layout differ.
type Hex struct{ Q, R int }

// RoundHex returns the hex nearest the fractional axial point (q, r): each
// cube coordinate rounded, the one that moved most then put back from the
// other two (Red Blob Games' cube rounding).
func RoundHex(q, r float64) Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{int(rq), int(rr)}
}

// S returns the third cube coordinate, -Q-R.
func (h Hex) S() int { return -h.Q - h.R }

// Add returns h + o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub returns h - o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Length is the distance from the origin hex to h.
func (h Hex) Length() int { return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2 }

// Distance is the number of hex steps from h to o: the range of the rules,
// which counts the target hex and not the firer's.
func (h Hex) Distance(o Hex) int { return h.Sub(o).Length() }

// Neighbor returns the adjacent hex in direction d.
func (h Hex) Neighbor(d Direction) Hex { return h.Add(d.Vector()) }

// DirectionTo returns the direction from h to an adjacent hex o, and false
// when o is not adjacent to h.
func (h Hex) DirectionTo(o Hex) (Direction, bool) {
	v := o.Sub(h)
	for d := range Direction(6) {
		if d.Vector() == v {
			return d, true
		}
	}
	return 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Direction is one of the six hexsides of a hex, numbered 0 to 5 clockwise
// (with the screen's y axis pointing down). Direction 0 is the axial vector
// (0, -1): straight up on a flat-topped map, up-left on a pointy-topped one.
type Direction int

// The six directions. The compass names are those of a flat-topped map
// (staggeraxis="x"); on a pointy-topped map each direction lies 30° anticlockwise of
// its name (DirN is up-left, DirNE up-right, DirSE right, and so on).
const (
	DirN Direction = iota
	DirNE
	DirSE
	DirS
	DirSW
	DirNW
)

var directionVectors = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Vector returns the axial step of the direction.
func (d Direction) Vector() Hex { return directionVectors[d.normalized()] }

// Rotate returns the direction n hexsides clockwise of d (n may be negative).
func (d Direction) Rotate(n int) Direction { return Direction(int(d) + n).normalized() }

// Opposite returns the direction pointing the other way.
func (d Direction) Opposite() Direction { return d.Rotate(3) }

// Turns is the number of hexside turns (0 to 3) between d and o, either way.
func (d Direction) Turns(o Direction) int {
	t := int((o - d).normalized())
	if t > 3 {
		t = 6 - t
	}
	return t
}

// Valid reports whether d is one of the six directions 0..5.
func (d Direction) Valid() bool { return d >= 0 && d < 6 }

func (d Direction) normalized() Direction { return ((d % 6) + 6) % 6 }

var directionNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

// String returns the flat-top compass name of the direction.
func (d Direction) String() string { return directionNames[d.normalized()] }
