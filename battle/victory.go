package battle

import (
	"fmt"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/fileio"
	"hexfire/maps"
)

// Victory is a scenario's victory conditions, from the map property
// "victory": clauses separated by ";", each "SIDE hold HEX HEX …",
// "SIDE destroy N", "SIDE exit N [EDGE]" or "SIDE otherwise". For example:
//
//	allies hold K8 L8; allies destroy 4; axis destroy 4; axis otherwise
//
// A destroy clause wins at once, the moment the side has eliminated N enemy
// units; so does an exit clause, the moment N of the side's units have
// left the map (by EDGE, or by any edge when it names none). Hold clauses are judged when the last turn ends: a side wins if it
// alone occupies every hex it must hold. "otherwise" names the side that
// wins when the last turn ends and no other clause decided the battle (the
// defender, whom the attacker had to dislodge). If no clause decides it, or
// both sides meet one at the end, the battle is a draw; so is it at once
// when one order meets both sides' destroy or exit clauses (neither could
// win any more: Battle.checkSuddenDeath). Without the
// property, each side's aim is to eliminate more enemy units than it loses:
// at the end, the side that eliminated more wins.
type Victory struct {
	Hold      map[maps.Side][]board.Hex
	Destroy   map[maps.Side]int
	Exit      map[maps.Side]ExitGoal
	Otherwise maps.Side
}

// ExitGoal is an exit clause: N units off the map by Edge ("" for any).
type ExitGoal struct {
	N    int
	Edge maps.Edge
}

// ParseVictory reads a "victory" map property against the board's labels.
func ParseVictory(s string, b *board.Board) (Victory, error) {
	v := Victory{Hold: map[maps.Side][]board.Hex{}, Destroy: map[maps.Side]int{}, Exit: map[maps.Side]ExitGoal{}}
	for clause := range strings.SplitSeq(s, ";") {
		f := strings.Fields(clause)
		if len(f) == 0 {
			continue
		}
		side := maps.Side(strings.ToLower(f[0]))
		if side != maps.Allies && side != maps.Axis {
			return v, fmt.Errorf("clause %s: side %s must be allies or axis", fileio.Quote(strings.TrimSpace(clause)), fileio.Quote(f[0]))
		}
		if len(f) == 2 && strings.ToLower(f[1]) == "otherwise" {
			if v.Otherwise != "" && v.Otherwise != side {
				return v, fmt.Errorf("clause %s: %s already wins otherwise", fileio.Quote(strings.TrimSpace(clause)), v.Otherwise)
			}
			v.Otherwise = side
			continue
		}
		if len(f) < 3 {
			return v, fmt.Errorf("clause %s: want \"SIDE hold HEX …\", \"SIDE destroy N\", \"SIDE exit N [EDGE]\" or \"SIDE otherwise\"", fileio.Quote(strings.TrimSpace(clause)))
		}
		switch strings.ToLower(f[1]) {
		case "hold":
			for _, label := range f[2:] {
				h, err := b.ParseHex(label)
				if err != nil {
					return v, fmt.Errorf("clause %s: %w", fileio.Quote(strings.TrimSpace(clause)), err)
				}
				v.Hold[side] = append(v.Hold[side], h)
			}
		case "destroy":
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 1 || len(f) != 3 {
				return v, fmt.Errorf("clause %s: want a number of units ≥ 1 after destroy", fileio.Quote(strings.TrimSpace(clause)))
			}
			v.Destroy[side] = n
		case "exit":
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 1 || len(f) > 4 {
				return v, fmt.Errorf("clause %s: want a number of units ≥ 1 after exit, then at most an edge", fileio.Quote(strings.TrimSpace(clause)))
			}
			g := ExitGoal{N: n}
			if len(f) == 4 {
				if g.Edge, err = maps.ParseEdge(f[3]); err != nil {
					return v, fmt.Errorf("clause %s: %w", fileio.Quote(strings.TrimSpace(clause)), err)
				}
			}
			v.Exit[side] = g
		default:
			return v, fmt.Errorf("clause %s: %s is not hold, destroy or exit", fileio.Quote(strings.TrimSpace(clause)), fileio.Quote(f[1]))
		}
	}
	return v, nil
}

// Winner returns the side that has won, or "". With final set it judges
// the end of the battle (hold clauses, or the loss count when there are no
// clauses); otherwise only the destroy clauses, which end it at once.
func (v Victory) Winner(b *Battle, final bool) maps.Side {
	var winners []maps.Side
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if v.met(b, side, final) {
			winners = append(winners, side)
		}
	}
	if len(winners) == 1 {
		return winners[0]
	}
	if final && len(winners) == 0 && v.Otherwise != "" {
		return v.Otherwise
	}
	if final && len(v.Hold) == 0 && len(v.Destroy) == 0 && len(v.Exit) == 0 && v.Otherwise == "" {
		a, x := b.Eliminated(maps.Axis), b.Eliminated(maps.Allies)
		switch {
		case a > x:
			return maps.Allies
		case x > a:
			return maps.Axis
		}
	}
	return ""
}

func (v Victory) met(b *Battle, side maps.Side, final bool) bool {
	if n, ok := v.Destroy[side]; ok && b.Eliminated(Opponent(side)) >= n {
		return true
	}
	if g, ok := v.Exit[side]; ok && b.Exited(side, g.Edge) >= g.N {
		return true
	}
	hold := v.Hold[side]
	if !final || len(hold) == 0 {
		return false
	}
	for _, h := range hold {
		if !b.Holds(side, h) {
			return false
		}
	}
	return true
}

// Explain says in words why side has won.
func (v Victory) Explain(b *Battle, side maps.Side) string {
	if n, ok := v.Destroy[side]; ok && b.Eliminated(Opponent(side)) >= n {
		return fmt.Sprintf("%s eliminated %d enemy units (needed %d)", side, b.Eliminated(Opponent(side)), n)
	}
	if g, ok := v.Exit[side]; ok && b.Exited(side, g.Edge) >= g.N {
		by := "the map"
		if g.Edge != "" {
			by = "the " + string(g.Edge) + " edge"
		}
		return fmt.Sprintf("%s took %d units off %s (needed %d)", side, b.Exited(side, g.Edge), by, g.N)
	}
	if hold := v.Hold[side]; len(hold) > 0 && v.met(b, side, true) {
		labels := make([]string, len(hold))
		for i, h := range hold {
			labels[i] = b.Board().Label(h)
		}
		return fmt.Sprintf("%s hold %s", side, strings.Join(labels, " "))
	}
	if side == v.Otherwise {
		return fmt.Sprintf("the %s met none of their aims, so the %s win", Opponent(side), side)
	}
	return fmt.Sprintf("%s eliminated %d units and lost %d", side, b.Eliminated(Opponent(side)), b.Eliminated(side))
}
