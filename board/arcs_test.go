package board

import (
	"fmt"
	"math"
	"testing"
)

// label returns the hex of a label on the default layout.
func label(t testing.TB, s string) Hex {
	t.Helper()
	o, err := ParseLabel(s)
	if err != nil {
		t.Fatal(err)
	}
	return DefaultLayout.ToHex(o)
}

// rotateAbout turns h by n hexsides clockwise about centre c.
func rotateAbout(h, c Hex, n int) Hex {
	v := h.Sub(c)
	for range ((n % 6) + 6) % 6 {
		// One hexside clockwise in axial coordinates: (q, r, s) → (-r, -s, -q).
		v = Hex{-v.R, -v.S()}
	}
	return c.Add(v)
}

func TestInForwardArcRulesCheck(t *testing.T) {
	// default-ruleset.md §4: unit in C3 facing up.
	inside := []string{"C2", "B3", "D3", "A2", "B2", "C1", "D2", "E2", "A1", "B1", "D1", "E1"}
	outside := []string{"A3", "B4", "D4", "E3", "C3", "C4", "B5", "D5"}
	from := label(t, "C3")
	for turn := range 6 {
		facing := DirN.Rotate(turn)
		t.Run(facing.String(), func(t *testing.T) {
			for _, want := range []bool{true, false} {
				labels := inside
				if !want {
					labels = outside
				}
				for _, l := range labels {
					target := rotateAbout(label(t, l), from, turn)
					if have := InForwardArc(from, facing, target); have != want {
						t.Errorf("InForwardArc(C3, %v, %s rotated %d) = %v, want %v", facing, l, turn, have, want)
					}
				}
			}
		})
	}
}

func TestInForwardArcMatchesAngle(t *testing.T) {
	// Independent check in pixel space: inside the wedge means within 60°
	// of the facing (edges included).
	for f := range Direction(6) {
		t.Run(f.String(), func(t *testing.T) {
			for q := -5; q <= 5; q++ {
				for r := -5; r <= 5; r++ {
					d := Hex{q, r}
					if d.Length() > 5 || d == (Hex{}) {
						continue
					}
					want := pixelAngle(f.Vector(), d) <= 60+1e-9
					if have := InForwardArc(Hex{3, 4}, f, Hex{3, 4}.Add(d)); have != want {
						t.Errorf("InForwardArc(facing %v, offset %v) = %v, want %v", f, d, have, want)
					}
				}
			}
		})
	}
}

// pixel returns the centre of the axial vector h on a regular flat-topped
// grid with unit side, in floating point: the independent reference.
func pixel(h Hex) (x, y float64) {
	return 1.5 * float64(h.Q), math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
}

// pixelAngle returns the angle in degrees between two axial vectors on
// screen.
func pixelAngle(a, b Hex) float64 {
	ax, ay := pixel(a)
	bx, by := pixel(b)
	c := (ax*bx + ay*by) / math.Hypot(ax, ay) / math.Hypot(bx, by)
	return math.Acos(max(-1, min(1, c))) * 180 / math.Pi
}

func TestArmourAspectSeedExample(t *testing.T) {
	// Seed 001: M4A3E8 in E4 fires at the Tiger I in C1 facing north and
	// strikes its rear armour.
	if have := ArmourAspect(label(t, "C1"), DirN, label(t, "E4")); have != Rear {
		t.Errorf("ArmourAspect(C1 facing N, from E4) = %v, want %v", have, Rear)
	}
}

func TestArmourAspectTies(t *testing.T) {
	// Target in C3 facing N: the boundary is the row of hexes along the
	// hexsides through C3's left and right corners: A3 (west) and E3 (east).
	tests := []struct {
		firer  string
		facing Direction
		want   Aspect
	}{
		{"E3", DirN, FrontRearTie},
		{"A3", DirN, FrontRearTie},
		{"G3", DirN, FrontRearTie},
		{"G2", DirN, Front},
		{"E3", DirS, FrontRearTie},
		{"D3", DirN, Front},
		{"D4", DirN, Rear},
		{"C2", DirN, Front},
		{"C4", DirN, Rear},
		{"D3", DirSE, Front},
		{"D2", DirSE, FrontRearTie}, // boundary now runs NE–SW through D2 and B5
		{"B5", DirSE, FrontRearTie},
		{"C2", DirSE, Rear},
		{"C4", DirSE, Front},
		{"B4", DirSE, Rear},
		{"C3", DirN, Front}, // same hex: our own choice
	}
	target := label(t, "C3")
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s-%v", tt.firer, tt.facing), func(t *testing.T) {
			if have := ArmourAspect(target, tt.facing, label(t, tt.firer)); have != tt.want {
				t.Errorf("ArmourAspect(C3 facing %v, from %s) = %v, want %v", tt.facing, tt.firer, have, tt.want)
			}
		})
	}
}

func TestArmourAspectMatchesPixels(t *testing.T) {
	const radius = 4
	target := Hex{2, 7}
	for f := range Direction(6) {
		t.Run(f.String(), func(t *testing.T) {
			ties := 0
			for q := -radius; q <= radius; q++ {
				for r := -radius; r <= radius; r++ {
					d := Hex{q, r}
					if d.Length() > radius || d == (Hex{}) {
						continue
					}
					fx, fy := pixel(f.Vector())
					dx, dy := pixel(d)
					dot := fx*dx + fy*dy
					want := FrontRearTie
					switch {
					case dot > 1e-9:
						want = Front
					case dot < -1e-9:
						want = Rear
					default:
						ties++
					}
					if have := ArmourAspect(target, f, target.Add(d)); have != want {
						t.Errorf("ArmourAspect(facing %v, offset %v) = %v, want %v", f, d, have, want)
					}
				}
			}
			// Two hexes each way along the boundary line within radius 4.
			if ties != 4 {
				t.Errorf("ties within radius %d = %d, want 4", radius, ties)
			}
		})
	}
}

func TestSectorBoundaries(t *testing.T) {
	// Target at the origin facing N. The front cone is bounded by the
	// corner directions N+NW and N+NE, the rear cone by S+SE and S+SW.
	n, ne, se, s, sw, nw := DirN.Vector(), DirNE.Vector(), DirSE.Vector(), DirS.Vector(), DirSW.Vector(), DirNW.Vector()
	tests := []struct {
		name string
		d    Hex
		want Aspect
	}{
		{"straight ahead", n.Add(n).Add(n), Front},
		{"front-right boundary", n.Add(ne), Front},
		{"front-left boundary", n.Add(nw).Add(n).Add(nw), Front},
		{"just outside front", n.Add(ne).Add(ne), Side},
		{"abeam", ne.Add(se), Side},
		{"rear-right boundary", s.Add(se), Side},
		{"rear-left boundary", s.Add(sw).Add(s).Add(sw), Side},
		{"just inside rear", s.Add(s).Add(se), Rear},
		{"straight behind", s, Rear},
		{"neighbour NE", ne, Side},
		{"neighbour N", n, Front},
		{"same hex", Hex{}, Front},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := Sector(Hex{}, DirN, tt.d); have != tt.want {
				t.Errorf("Sector(facing N, offset %v) = %v, want %v", tt.d, have, tt.want)
			}
		})
	}
}

func TestSectorMatchesPixels(t *testing.T) {
	const radius = 6
	target := Hex{-3, 5}
	for f := range Direction(6) {
		t.Run(f.String(), func(t *testing.T) {
			boundaries := 0
			for q := -radius; q <= radius; q++ {
				for r := -radius; r <= radius; r++ {
					d := Hex{q, r}
					if d.Length() > radius || d == (Hex{}) {
						continue
					}
					a := pixelAngle(f.Vector(), d)
					var want Aspect
					switch {
					case a <= 30+1e-9:
						want = Front
					case a < 150-1e-9:
						want = Side
					case a <= 150+1e-9:
						want = Side // on the rear boundary: the better armour
					default:
						want = Rear
					}
					if math.Abs(a-30) < 1e-9 || math.Abs(a-150) < 1e-9 {
						boundaries++
					}
					if have := Sector(target, f, target.Add(d)); have != want {
						t.Errorf("Sector(facing %v, offset %v) = %v, want %v (angle %.3f°)", f, d, have, want, a)
					}
				}
			}
			// Corner directions are (2,-1)-type vectors: three per ray
			// within radius 6, on four rays.
			if boundaries != 12 {
				t.Errorf("boundary offsets within radius %d = %d, want 12", radius, boundaries)
			}
		})
	}
}
