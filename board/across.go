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
