package board

// Facing, firing arcs and armour aspects (default-ruleset.md §4 and the
// side-armour sectors of other-rulesets.md).
//
// Everything here works on axial vectors with integer cross products. The
// map from axial coordinates to pixels (of either orientation) is linear and
// invertible, so the sign of a cross product, and therefore which side of a
// line a hex centre lies on, is the same in axial coordinates as on the
// screen up to one global sign that every test below cancels out. No
// floating point, no rounding: a boundary case is found exactly. The
// geometry is that of regular hexagons, whatever the pixel metrics of the
// Layout.

// cross is the z component of the cross product of two axial vectors.
func cross(a, b Hex) int { return a.Q*b.R - a.R*b.Q }

// sign returns -1, 0 or 1.
func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// cornerVector points from a hex centre at its corner between the hexsides
// d and d+1 (clockwise). That corner is the centroid of the hex and its two
// neighbours, so the vector is a positive multiple of the sum of the two
// direction vectors.
func cornerVector(d Direction) Hex { return d.Vector().Add(d.Rotate(1).Vector()) }

// InForwardArc reports whether target lies in the forward firing arc of a
// unit in from facing facing: the 120° wedge of hexes a·FL + b·FR (a, b
// whole and not negative, not both 0), FL and FR being the directions one
// hexside either side of the facing. The wedge's edge rows are inside. The
// unit's own hex is not in the arc.
func InForwardArc(from Hex, facing Direction, target Hex) bool {
	d := target.Sub(from)
	if d == (Hex{}) {
		return false
	}
	fl, fr := facing.Rotate(-1).Vector(), facing.Rotate(1).Vector()
	// Two directions 120° apart are a basis of the hex lattice with
	// determinant ±1, so Cramer's rule gives whole a and b directly; only
	// their signs matter.
	det := cross(fl, fr)
	a := cross(d, fr) * sign(det)
	b := cross(fl, d) * sign(det)
	return a >= 0 && b >= 0
}

// ArmourAspect returns the armour of a target in hex target, facing facing,
// that a shot from hex firer strikes under the default ruleset: Front when
// the firer's centre lies on the facing side of the line through the target's
// centre at right angles to its facing, Rear on the other side, and
// FrontRearTie exactly on the line (the line of fire runs along the hexside
// between a front and a rear neighbour; the rules settle it with a die).
//
// A firer in the target's own hex has no direction; it gets Front, the
// target's better armour (our own choice: the rules never put a firer there).
func ArmourAspect(target Hex, facing Direction, firer Hex) Aspect {
	d := firer.Sub(target)
	if d == (Hex{}) {
		return Front
	}
	// The boundary line runs through the corner between the hexsides
	// facing+1 and facing+2 and the opposite corner.
	line := cornerVector(facing.Rotate(1))
	s := sign(cross(line, d)) * sign(cross(line, facing.Vector()))
	switch {
	case s > 0:
		return Front
	case s < 0:
		return Rear
	}
	return FrontRearTie
}

// Sector returns the armour of a target in hex target, facing facing, that a
// shot from hex firer strikes under the rulesets with side armour: Front
// within 30° of the facing (the cone between the two front corners of the
// target's hex), Rear within the opposite 60° (between the two rear
// corners), Side elsewhere. A firer exactly on a boundary ray gets the
// better armour for the target: Front rather than Side, Side rather than
// Rear. A firer in the target's own hex gets Front, as in ArmourAspect.
// The default ruleset has no side armour and never calls it: it is kept
// for the side-armour rulesets of other-rulesets.md.
func Sector(target Hex, facing Direction, firer Hex) Aspect {
	d := firer.Sub(target)
	if d == (Hex{}) || inCone(cornerVector(facing.Rotate(-1)), cornerVector(facing), d) {
		return Front
	}
	back := facing.Opposite()
	if inCone(cornerVector(back.Rotate(-1)), cornerVector(back), d) && !onRay(cornerVector(back.Rotate(-1)), d) && !onRay(cornerVector(back), d) {
		return Rear
	}
	return Side
}

// inCone reports whether d lies in the closed cone from ray a to ray b,
// which must be less than 180° wide.
func inCone(a, b, d Hex) bool {
	s := sign(cross(a, b))
	return s*cross(a, d) >= 0 && s*cross(d, b) >= 0
}

// onRay reports whether d is a positive multiple of a.
func onRay(a, d Hex) bool {
	return cross(a, d) == 0 && a.Q*d.Q+a.R*d.R > 0
}
