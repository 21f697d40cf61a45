package board

import "math"

// point returns a hex's centre on the plane, one hex apart between
// neighbours.
func point(h Hex) (x, y float64) {
	return float64(h.Q) + float64(h.R)/2, float64(h.R) * math.Sqrt(3) / 2
}

// Across returns how far, in hexes, a move from start to end went across
// the line of sight from viewer to end: the part of the move square to
// that line (0 when the viewer stands in end). Rulesets that rate a
// target's apparent movement read it (other-rulesets.md, d20).
func Across(viewer, start, end Hex) float64 {
	vx, vy := point(viewer)
	ex, ey := point(end)
	sx, sy := point(start)
	lx, ly := ex-vx, ey-vy
	l := math.Hypot(lx, ly)
	if l == 0 {
		return 0
	}
	return math.Abs(lx*(ey-sy)-ly*(ex-sx)) / l
}

// OffAxis returns the angle, in degrees from 0 to 180, between the
// centre line of a unit in from facing facing and the line from its
// centre to target's (0 when target is from). Rulesets with limited
// traverse mounts read it (other-rulesets.md, d20).
func OffAxis(from Hex, facing Direction, target Hex) float64 {
	ax, ay := point(facing.Vector()) // point is linear: a vector maps to a vector
	tx, ty := point(target)
	sx, sy := point(from)
	bx, by := tx-sx, ty-sy
	if bx == 0 && by == 0 {
		return 0
	}
	return math.Abs(math.Atan2(ax*by-ay*bx, ax*bx+ay*by)) * 180 / math.Pi
}
