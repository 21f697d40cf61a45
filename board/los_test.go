package board

import (
	"slices"
	"testing"
)

// refLine is the brute-force reference for the geometry of a line: every
// hex near the segment is tested on its own, with exact fractions, for a
// crossed interior (open hexagon) or a touched boundary (closed hexagon).
type refLine struct {
	crossed     map[Hex]bool
	left, right map[Hex]bool
}

// frac is a fraction n/d with d > 0.
type frac struct{ n, d int }

func (a frac) less(b frac) bool { return a.n*b.d < b.n*a.d }

func referenceLine(from, to Hex) refLine {
	ref := refLine{crossed: map[Hex]bool{}, left: map[Hex]bool{}, right: map[Hex]bool{}}
	au, av := toUV(from)
	bu, bv := toUV(to)
	du, dv := bu-au, bv-av
	n := from.Distance(to) + 2
	for q := min(from.Q, to.Q) - n; q <= max(from.Q, to.Q)+n; q++ {
		for r := min(from.R, to.R) - n; r <= max(from.R, to.R)+n; r++ {
			h := Hex{q, r}
			cu, cv := toUV(h)
			// Edge k: inside when cross(e, P - corner) > 0 with P = A + tD,
			// that is alpha + t*beta > 0.
			openLo, openHi := frac{-1, 1}, frac{2, 1} // strict bounds, widened past [0,1]
			closedLo, closedHi := frac{0, 1}, frac{1, 1}
			openOK, closedOK := true, true
			for k := range 6 {
				c0, c1 := hexCorner[k], hexCorner[(k+1)%6]
				eu, ev := c1[0]-c0[0], c1[1]-c0[1]
				pu, pv := au-cu-c0[0], av-cv-c0[1]
				alpha := eu*pv - ev*pu
				beta := eu*dv - ev*du
				switch {
				case beta == 0:
					openOK = openOK && alpha > 0
					closedOK = closedOK && alpha >= 0
				case beta > 0: // t > -alpha/beta
					b := frac{-alpha, beta}
					if openLo.less(b) {
						openLo = b
					}
					if closedLo.less(b) {
						closedLo = b
					}
				default: // t < -alpha/beta
					b := frac{alpha, -beta}
					if b.less(openHi) {
						openHi = b
					}
					if b.less(closedHi) {
						closedHi = b
					}
				}
			}
			// Open set (openLo, openHi) ∩ [0,1]; closed set [closedLo, closedHi].
			open := openOK && openLo.less(openHi) && openLo.less(frac{1, 1}) && (frac{0, 1}).less(openHi)
			closed := closedOK && !closedHi.less(closedLo)
			side := du*(cv-av) - dv*(cu-au)
			switch {
			case open:
				ref.crossed[h] = true
			case closed && side < 0:
				ref.left[h] = true
			case closed && side > 0:
				ref.right[h] = true
			}
		}
	}
	return ref
}

func hexSet(hs []Hex) map[Hex]bool {
	m := map[Hex]bool{}
	for _, h := range hs {
		m[h] = true
	}
	return m
}

func sameSet(a, b map[Hex]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for h := range a {
		if !b[h] {
			return false
		}
	}
	return true
}

// TestLOSGeometryMatchesReference checks the hex walk against the
// brute-force reference for every line from a few hexes to every hex of an
// open 24×24 board, including the order of the crossed hexes.
func TestLOSGeometryMatchesReference(t *testing.T) {
	b, err := New(DefaultLayout, 24, 24)
	if err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"L12", "M12", "A1", "X24", "B7"} {
		from, _ := b.ParseHex(label)
		t.Run(label, func(t *testing.T) {
			for to := range b.Hexes() {
				l := b.LOS(from, to, nil)
				ref := referenceLine(from, to)
				// The walk leaves out touched hexes off the board.
				for h := range ref.left {
					if !b.Contains(h) {
						delete(ref.left, h)
					}
				}
				for h := range ref.right {
					if !b.Contains(h) {
						delete(ref.right, h)
					}
				}
				if !sameSet(hexSet(l.Path), ref.crossed) || !sameSet(hexSet(l.Left), ref.left) || !sameSet(hexSet(l.Right), ref.right) {
					t.Fatalf("%s→%s: path %v left %v right %v, want crossed %v left %v right %v",
						label, b.Label(to), l.Path, l.Left, l.Right, ref.crossed, ref.left, ref.right)
				}
				if len(l.Path) > 2*l.Range+1 {
					t.Errorf("%s→%s: %d hexes crossed, more than 2·range+1", label, b.Label(to), len(l.Path))
				}
				au, av := toUV(from)
				bu, bv := toUV(to)
				for i := 1; i < len(l.Path); i++ {
					pu, pv := toUV(l.Path[i-1])
					cu, cv := toUV(l.Path[i])
					// The dot product of the pixel plane is u·u' + 3·v·v' in (u, v).
					if (cu-pu)*(bu-au)+3*(cv-pv)*(bv-av) <= 0 {
						t.Fatalf("%s→%s: path %v is not in order along the line", label, b.Label(to), l.Path)
					}
				}
			}
		})
	}
}

// TestLOSLeftIsLeftOnScreen checks, for all four layouts, that Left holds
// the hexes left of the line as drawn (pixel y grows downwards).
func TestLOSLeftIsLeftOnScreen(t *testing.T) {
	for _, layout := range allLayouts {
		t.Run(layoutName(layout), func(t *testing.T) {
			b, err := New(layout, 12, 12)
			if err != nil {
				t.Fatal(err)
			}
			from := layout.ToHex(Offset{5, 5})
			fx, fy := layout.Center(from)
			for to := range b.Hexes() {
				l := b.LOS(from, to, nil)
				tx, ty := layout.Center(to)
				for _, side := range []struct {
					hexes []Hex
					sign  float64
				}{{l.Left, -1}, {l.Right, 1}} {
					for _, h := range side.hexes {
						hx, hy := layout.Center(h)
						if c := (tx-fx)*(hy-fy) - (ty-fy)*(hx-fx); c*side.sign <= 0 {
							t.Errorf("%s→%s: %s is on the wrong side (cross %v)", b.Label(from), b.Label(to), b.Label(h), c)
						}
					}
				}
			}
		})
	}
}

// roundedLine is the sampled line of the hexagon guides: N+1 points,
// nudged by a small epsilon, each rounded to the nearest hex.
func roundedLine(a, b Hex) []Hex {
	n := a.Distance(b)
	out := make([]Hex, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		q := float64(a.Q) + 1e-6 + (float64(b.Q-a.Q))*t
		r := float64(a.R) + 2e-6 + (float64(b.R-a.R))*t
		out = append(out, RoundHex(q, r))
	}
	return out
}

// TestLOSRulesExample is the §5 example. Its cube triples are Red Blob's
// (q, r, s) with s = -q-r, so (0,0,0) → (-7,1,6) is axial (0,0) → (-7,1),
// and the two clipped hexes (-4,0,4) and (-3,1,2) are axial (-4,0) and
// (-3,1). The sampled line misses them; the exact walk crosses them, and
// woods in either blocks.
func TestLOSRulesExample(t *testing.T) {
	from, to := Hex{0, 0}, Hex{-7, 1}
	clipped := []Hex{{-4, 0}, {-3, 1}}
	sampled := roundedLine(from, to)
	b, err := New(Layout{StaggerX: true, StaggerEven: true, TileWidth: 64, TileHeight: 56, HexSide: 32}, 12, 12)
	if err != nil {
		t.Fatal(err)
	}
	// Shift the example onto the board: every hex + (9, 3).
	shift := Hex{9, 3}
	l := b.LOS(from.Add(shift), to.Add(shift), nil)
	for _, c := range clipped {
		if slices.Contains(sampled, c) {
			t.Errorf("sampled line %v contains %v; the example says it skips it", sampled, c)
		}
		if !slices.Contains(l.Path, c.Add(shift)) {
			t.Errorf("Path %v does not contain %v", l.Path, c.Add(shift))
		}
		t.Run(b.Label(c.Add(shift)), func(t *testing.T) {
			if err := b.SetCell(c.Add(shift), Cell{Terrain: Woods}); err != nil {
				t.Fatal(err)
			}
			defer b.SetCell(c.Add(shift), Cell{})
			l := b.LOS(from.Add(shift), to.Add(shift), nil)
			if l.Clear || l.BlockedBy == nil || l.BlockedBy.Hex != c.Add(shift) {
				t.Errorf("LOS with woods in %s: clear %v, blocked by %+v, want blocked by that hex", b.Label(c.Add(shift)), l.Clear, l.BlockedBy)
			}
		})
	}
}

// losCase is one line of sight on a text fixture.
type losCase struct {
	name      string
	board     string
	from, to  string
	smoke     map[string]int
	clear     bool
	hindrance int
	blockedBy string // Reason of BlockedBy, when not clear
}

func runLOSCases(t *testing.T, cases []losCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := MustParseASCII(DefaultLayout, c.board)
			from, err := b.ParseHex(c.from)
			if err != nil {
				t.Fatal(err)
			}
			to, err := b.ParseHex(c.to)
			if err != nil {
				t.Fatal(err)
			}
			var smoke func(Hex) int
			if c.smoke != nil {
				smoke = func(h Hex) int { return c.smoke[b.Label(h)] }
			}
			l := b.LOS(from, to, smoke)
			if l.Clear != c.clear || l.Hindrance != c.hindrance {
				t.Errorf("LOS %s→%s = clear %v hindrance %d, want clear %v hindrance %d\n%s",
					c.from, c.to, l.Clear, l.Hindrance, c.clear, c.hindrance, l.Explain(b))
			}
			if !c.clear && (l.BlockedBy == nil || l.BlockedBy.Reason != c.blockedBy) {
				t.Errorf("BlockedBy = %+v, want reason %q", l.BlockedBy, c.blockedBy)
			}
			sum := 0
			for _, o := range l.Hindrances {
				sum += o.Amount
			}
			if sum != l.Hindrance {
				t.Errorf("Hindrances %+v sum to %d, want %d", l.Hindrances, sum, l.Hindrance)
			}
			if back := b.LOS(to, from, smoke); back.Clear != l.Clear {
				t.Errorf("LOS %s→%s clear %v, but back %v", c.from, c.to, l.Clear, back.Clear)
			}
		})
	}
}

// Fixtures in the default layout (flat-topped, even columns A, C, E …
// shifted down). A1 → C1 runs along the B1/B2 hexside (B1 on the left).
func TestLOSHexsideRules(t *testing.T) {
	const seedMap = `
. . . . .
. . W . .
. . . . .
. . . . .
`
	runLOSCases(t, []losCase{
		{name: "rule 1: buildings both sides", board: ". B .\n. B .", from: "A1", to: "C1",
			blockedBy: "building in B1 and building in B2 on both sides of the line"},
		{name: "rule 2: orchard and building", board: ". o .\n. B .", from: "A1", to: "C1", clear: true, hindrance: 1},
		{name: "rule 2 and 4: plus a hedge", board: ". o .\n. B .\nhedge B1 B2", from: "A1", to: "C1", clear: true, hindrance: 2},
		{name: "rule 2: facing hindrances count once", board: ". o .\n. c .", from: "A1", to: "C1", clear: true, hindrance: 1},
		{name: "rule 2: facing orchard and smoke 2 count the larger", board: ". o .\n. . .", from: "A1", to: "C1",
			smoke: map[string]int{"B2": 2}, clear: true, hindrance: 2},
		{name: "rule 3: building one side", board: ". B .\n. . .", from: "A1", to: "C1", clear: true},
		{name: "rule 3: orchard one side", board: ". o .\n. . .", from: "A1", to: "C1", clear: true},
		{name: "rule 4: wall along the line", board: ". . .\n. . .\nwall B1 B2", from: "A1", to: "C1", clear: true, hindrance: 1},
		{name: "rule 4: hedgerow along the line", board: ". . .\n. . .\nhedgerow B1 B2", from: "A1", to: "C1",
			blockedBy: "hedgerow on the B1/B2 hexside"},
		// Rules 9.4: a hindrance on one side only never hinders, not even
		// on a line hindered elsewhere (here by smoke in C1).
		{name: "rule 5: a one-sided orchard does not hinder a hindered line", board: ". o . . .\n. . . . .", from: "A1", to: "E1",
			smoke: map[string]int{"C1": 1}, clear: true, hindrance: 1},
		{name: "rule 5: further side hindrance after a pair", board: ". o . o .\n. B . . .", from: "A1", to: "E1", clear: true, hindrance: 2},
		{name: "rule 1 across the path", board: ". B . . .\n. . . B .", from: "A1", to: "E1",
			blockedBy: "building in B1 and building in D2 on both sides of the line"},
		{name: "seed E4→C1 woods in C2, D2 open", board: seedMap, from: "E4", to: "C1", clear: true},
		{name: "seed E4→C1 woods in C2 and D2", board: `
. . . . .
. . W W .
. . . . .
. . . . .`, from: "E4", to: "C1", blockedBy: "woods in C2 and woods in D2 on both sides of the line"},
		{name: "seed E4→C1 woods in C2 and E3", board: `
. . . . .
. . W . .
. . . . W
. . . . .`, from: "E4", to: "C1", blockedBy: "woods in C2 and woods in E3 on both sides of the line"},
		{name: "seed E4→C1 woods in C2 and D4, one side", board: `
. . . . .
. . W . .
. . . . .
. . . W .`, from: "E4", to: "C1", clear: true},
		{name: "seed E4→C1 woods in target C1", board: `
. . W . .
. . W . .
. . . . .
. . . . .`, from: "E4", to: "C1", clear: true},
		{name: "seed E4→C1 woods in D3 passed through", board: `
. . . . .
. . . . .
. . . W .
. . . . .`, from: "E4", to: "C1", blockedBy: "woods in D3"},
	})
}

// A1 → F3 passes B2 C2 D2 E2 and grazes a corner of C1 (left) and of D3
// (right): the hexsides it crosses between consecutive hexes count, those
// it only touches at an end corner do not.
func TestLOSHexsideCrossing(t *testing.T) {
	const open = ". . . . . .\n. . . . . .\n. . . . . .\n"
	runLOSCases(t, []losCase{
		{name: "no walls", board: open, from: "A1", to: "F3", clear: true},
		{name: "wall B2/C2 crossed", board: open + "wall B2 C2", from: "A1", to: "F3", clear: true, hindrance: 1},
		{name: "wall C2/D2 crossed", board: open + "wall C2 D2", from: "A1", to: "F3", clear: true, hindrance: 1},
		{name: "wall C1/C2 touched at a corner", board: open + "wall C1 C2", from: "A1", to: "F3", clear: true},
		{name: "wall C1/B2 touched at a corner", board: open + "wall C1 B2", from: "A1", to: "F3", clear: true},
		{name: "wall C1/D2 touched at a corner", board: open + "wall C1 D2", from: "A1", to: "F3", clear: true},
		{name: "hedgerow C1/C2 touched at a corner", board: open + "hedgerow C1 C2", from: "A1", to: "F3", clear: true},
		{name: "woods in C1 grazed", board: ". . W . . .\n. . . . . .\n. . . . . .", from: "A1", to: "F3", clear: true},
		{name: "woods grazed on both sides", board: ". . W . . .\n. . . . . .\n. . . W . .", from: "A1", to: "F3",
			blockedBy: "woods in C1 and woods in D3 on both sides of the line"},
	})
}

// Fixtures on single columns, where the line runs through hex centres.
func TestLOSHindrances(t *testing.T) {
	runLOSCases(t, []losCase{
		{name: "open", board: ".\n.\n.\n.", from: "A1", to: "A4", clear: true},
		{name: "woods between", board: ".\nW\n.\n.", from: "A1", to: "A4", blockedBy: "woods in A2"},
		{name: "building between", board: ".\n.\nB\n.", from: "A1", to: "A4", blockedBy: "building in A3"},
		{name: "firer and target hexes never block", board: "W\n.\n.\nB", from: "A1", to: "A4", clear: true},
		{name: "orchard and crops between", board: ".\no\nc\n.", from: "A1", to: "A4", clear: true, hindrance: 2},
		{name: "orchard in target is cover, not hindrance", board: ".\n.\n.\no", from: "A1", to: "A4", clear: true},
		{name: "orchard in firer hex", board: "o\n.\n.\n.", from: "A1", to: "A4", clear: true},
		{name: "smoke 1 and 2 between", board: ".\n.\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A2": 1, "A3": 2}, clear: true, hindrance: 3},
		{name: "smoke in target counts", board: ".\n.\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A4": 2}, clear: true, hindrance: 2},
		{name: "smoke in firer hex does not", board: ".\n.\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A1": 2}, clear: true},
		{name: "smoke above 2 counts 2", board: ".\n.\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A2": 7}, clear: true, hindrance: 2},
		{name: "orchard with smoke", board: ".\no\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A2": 1}, clear: true, hindrance: 2},
		{name: "smoke never blocks", board: ".\n.\n.\n.", from: "A1", to: "A4",
			smoke: map[string]int{"A2": 2, "A3": 2}, clear: true, hindrance: 4},
		{name: "wall crossed", board: ".\n.\n.\n.\nwall A2 A3", from: "A1", to: "A4", clear: true, hindrance: 1},
		{name: "wall on the target's hexside", board: ".\n.\n.\n.\nhedge A3 A4", from: "A1", to: "A4", clear: true, hindrance: 1},
		{name: "wall on the firer's hexside is ignored", board: ".\n.\n.\n.\nwall A1 A2", from: "A1", to: "A4", clear: true},
		{name: "hedgerow crossed", board: ".\n.\n.\n.\nhedgerow A2 A3", from: "A1", to: "A4", blockedBy: "hedgerow on the A2/A3 hexside"},
		{name: "hedgerow on the firer's hexside", board: ".\n.\n.\n.\nhedgerow A2 A1", from: "A1", to: "A4", blockedBy: "hedgerow on the A1/A2 hexside"},
		// Rules 10.101: a unit sees into the hex just across a hedgerow,
		// and a unit there sees it, but neither sees beyond.
		{name: "into the hex across a hedgerow", board: ".\n.\n.\n.\nhedgerow A2 A1", from: "A1", to: "A2", clear: true},
		{name: "out of the hex across a hedgerow", board: ".\n.\n.\n.\nhedgerow A2 A1", from: "A2", to: "A1", clear: true},
		{name: "beyond the hex across a hedgerow", board: ".\n.\n.\n.\nhedgerow A2 A1", from: "A1", to: "A3", blockedBy: "hedgerow on the A1/A2 hexside"},
		{name: "onto a hedgerow hexside from afar", board: ".\n.\n.\n.\nhedgerow A3 A4", from: "A1", to: "A4", blockedBy: "hedgerow on the A3/A4 hexside"},
	})
}

// Elevation fixtures on single columns: ".1" is open ground at level 1.
func TestLOSElevation(t *testing.T) {
	runLOSCases(t, []losCase{
		{name: "hill between ground hexes", board: ".\n.1\n.", from: "A1", to: "A3", blockedBy: "level 1 hill in A2"},
		{name: "level 2 between ground hexes", board: ".\n.2\n.", from: "A1", to: "A3", blockedBy: "level 2 hill in A2"},
		{name: "plateau level 1", board: ".1\n.1\n.1\n.1", from: "A1", to: "A4", clear: true},
		{name: "plateau level 2", board: ".2\n.2\n.2", from: "A1", to: "A3", clear: true},
		{name: "plateau with woods on it", board: ".1\nW1\n.1", from: "A1", to: "A3", blockedBy: "woods in A2"},
		{name: "plateau over a lower hill", board: ".2\n.1\n.2", from: "A1", to: "A3", clear: true},
		{name: "higher hill on a plateau", board: ".1\n.2\n.1", from: "A1", to: "A3", blockedBy: "level 2 hill in A2"},
		{name: "ground woods block hill to hill", board: ".1\nW\n.1", from: "A1", to: "A3", blockedBy: "woods in A2"},
		{name: "ground building blocks from a hill", board: ".2\nB\n.", from: "A1", to: "A3", blockedBy: "building in A2"},
		{name: "ground orchard hinders from a hill", board: ".2\no\n.", from: "A1", to: "A3", clear: true, hindrance: 1},
		{name: "valley between hills", board: ".1\n.\n.\n.1", from: "A1", to: "A4", clear: true},
		{name: "slope: one level 1 hex, 2 to 0", board: ".2\n.1\n.", from: "A1", to: "A3", clear: true},
		{name: "slope: one level 1 hex, 0 to 2", board: ".\n.1\n.2", from: "A1", to: "A3", clear: true},
		{name: "slope: one level 1 hex, 2 to 1", board: ".2\n.1\n.1", from: "A1", to: "A3", clear: true},
		{name: "slope: two level 1 hexes", board: ".2\n.1\n.1\n.", from: "A1", to: "A4", blockedBy: "second level 1 hill hex on the slope, A3"},
		{name: "slope: two level 1 hexes apart", board: ".2\n.1\n.\n.1\n.", from: "A1", to: "A5", blockedBy: "second level 1 hill hex on the slope, A4"},
		{name: "crest: level 2 between 2 and 0", board: ".2\n.2\n.", from: "A1", to: "A3", blockedBy: "level 2 hill in A2"},
		{name: "crest: level 1 between 1 and 0", board: ".1\n.1\n.", from: "A1", to: "A3", blockedBy: "level 1 hill in A2"},
		{name: "hexside: higher hill one side", board: ". .1 .\n. . .", from: "A1", to: "C1", clear: true},
		{name: "hexside: hills both sides", board: ". .1 .\n. .1 .", from: "A1", to: "C1",
			blockedBy: "level 1 hill in B1 and level 1 hill in B2 on both sides of the line"},
		{name: "hexside: hill one side, woods the other", board: ". .1 .\n. W .", from: "A1", to: "C1",
			blockedBy: "level 1 hill in B1 and woods in B2 on both sides of the line"},
		{name: "hexside: hill one side, orchard the other", board: ". .1 .\n. o .", from: "A1", to: "C1", clear: true, hindrance: 1},
		{name: "hexside: plateau both sides", board: ".1 .1 .1\n. .1 .", from: "A1", to: "C1", clear: true},
		{name: "hexside: slope hex beside the line", board: ".2 .1 .\n. .1 .", from: "A1", to: "C1", clear: true},
	})
}

func TestLOSSameHex(t *testing.T) {
	b := MustParseASCII(DefaultLayout, "W")
	l := b.LOS(Hex{0, 0}, Hex{0, 0}, nil)
	if !l.Clear || l.Range != 0 || !slices.Equal(l.Path, []Hex{{0, 0}}) {
		t.Errorf("LOS to own hex = %+v, want clear, range 0, path [A1]", l)
	}
}

func TestLOSExplain(t *testing.T) {
	b := MustParseASCII(DefaultLayout, `
. . . . .
. . W o .
. . . . .
. . . . .`)
	from, _ := b.ParseHex("E4")
	to, _ := b.ParseHex("C1")
	have := b.LOS(from, to, func(h Hex) int {
		if b.Label(h) == "D3" {
			return 1
		}
		return 0
	}).Explain(b)
	want := `E4 → C1, range 4: clear, hindrance +2
  runs along hexsides
  passes through E4 D3 C1
  touches left D4 C2; right E3 D2
  +1 smoke 1 in D3
  +1 orchard in D2 beside the line
`
	if have != want {
		t.Errorf("Explain = %q, want %q", have, want)
	}
}

// TestLOSObstacles checks the itemised obstacles the UI draws: kinds,
// hexes and amounts.
func TestLOSObstacles(t *testing.T) {
	b := MustParseASCII(DefaultLayout, `
. o . . .
. B . o .
. . . . .
hedge B1 B2
wall D2 D3`)
	hex := func(label string) Hex {
		h, err := b.ParseHex(label)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	t.Run("hindrances", func(t *testing.T) {
		l := b.LOS(hex("A1"), hex("C1"), nil)
		want := []Obstacle{
			{Kind: OnHexside, Hex: hex("B1"), Other: hex("B2"), Amount: 1, Reason: "hedge on the B1/B2 hexside"},
			{Kind: BesideLine, Hex: hex("B1"), Other: hex("B1"), Amount: 1, Reason: "orchard in B1 beside the line"},
		}
		if !slices.Equal(l.Hindrances, want) || l.Hindrance != 2 || !l.AlongHexside {
			t.Errorf("Hindrances = %+v (total %d, along %v), want %+v (total 2, along)", l.Hindrances, l.Hindrance, l.AlongHexside, want)
		}
		if !slices.Equal(l.Left, []Hex{hex("B1")}) || !slices.Equal(l.Right, []Hex{hex("B2")}) {
			t.Errorf("Left %v Right %v, want [B1] [B2]", l.Left, l.Right)
		}
	})
	t.Run("crossed hexes and wall", func(t *testing.T) {
		l := b.LOS(hex("D1"), hex("D3"), nil)
		want := []Obstacle{
			{Kind: InHex, Hex: hex("D2"), Other: hex("D2"), Amount: 1, Reason: "orchard in D2"},
			{Kind: OnHexside, Hex: hex("D2"), Other: hex("D3"), Amount: 1, Reason: "wall on the D2/D3 hexside"},
		}
		if !slices.Equal(l.Hindrances, want) || l.Hindrance != 2 || l.AlongHexside {
			t.Errorf("Hindrances = %+v (total %d), want %+v (total 2)", l.Hindrances, l.Hindrance, want)
		}
	})
	t.Run("blocked", func(t *testing.T) {
		l := b.LOS(hex("B1"), hex("B3"), nil)
		want := Obstacle{Kind: InHex, Hex: hex("B2"), Other: hex("B2"), Reason: "building in B2"}
		if l.Clear || l.BlockedBy == nil || *l.BlockedBy != want || l.Hindrance != 0 || l.Hindrances != nil {
			t.Errorf("LOS = clear %v blocked by %+v hindrance %d %v, want blocked by %+v and no hindrance", l.Clear, l.BlockedBy, l.Hindrance, l.Hindrances, want)
		}
		if !slices.Equal(l.Path, []Hex{hex("B1"), hex("B2"), hex("B3")}) {
			t.Errorf("Path = %v, want the whole line B1 B2 B3", l.Path)
		}
		wantText := "B1 → B3, range 2: blocked by building in B2\n  passes through B1 B2 B3\n"
		if have := l.Explain(b); have != wantText {
			t.Errorf("Explain = %q, want %q", have, wantText)
		}
	})
}
