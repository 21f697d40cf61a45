package game

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// Reinforcements and exits in the game: the panel lists the acting side's
// units still to come, a click on a line or Tab selects one, its entry hexes
// are ringed on the map, and a click on a hex brings it on (at that entry
// hex, or at the one from which it reaches the hex clicked for the fewest
// MP, moving on there). End takes the selected unit off the map by the
// edge it stands on.

// colEntry rings the hexes a selected reinforcement may come on by.
var colEntry = color.RGBA{0x40, 0xf0, 0x80, 0xff}

// entryCommand is the Enter order for the waiting unit sel and a click on
// hex h, or why there is none.
func entryCommand(b *battle.Battle, sel *battle.Unit, h board.Hex) command {
	if err := b.CheckEnter(sel); err != nil {
		return command{err: err}
	}
	var best battle.Enter
	bestCost := -1
	var refusal error
	for _, e := range b.EntryHexes(sel) {
		cost, err := b.EntryCost(sel, e)
		if err != nil {
			if e == h {
				refusal = err
			}
			continue
		}
		start := board.Pose{Hex: e, Facing: facingToward(e, h, sel.Placement.Facing)}
		path := []board.Pose{start}
		if e != h {
			spec := b.MoveSpec(sel)
			spec.MP -= cost
			if spec.MP < 1 {
				continue
			}
			reach := b.Board().Reachable(spec, start, b.Occupancy(sel))
			steps, ok := reach.Path(h)
			c, _ := reach.Cost(h)
			if !ok || len(steps) == 0 {
				continue
			}
			for _, s := range steps {
				path = append(path, s.To)
			}
			cost += c
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = battle.Enter{Unit: sel.ID, Path: path}, cost
		}
	}
	switch {
	case refusal != nil:
		return command{err: refusal}
	case bestCost < 0:
		return command{err: fmt.Errorf("%s cannot come on the map and reach %s this turn", sel.Label(), b.Board().Label(h))}
	}
	return command{order: best}
}

// facingToward is the direction from a whose neighbour is nearest to to,
// or def when a is to.
func facingToward(a, to board.Hex, def board.Direction) board.Direction {
	best, bestD := def, math.MaxInt
	if a == to {
		return def
	}
	for d := range board.Direction(6) {
		if dist := a.Neighbor(d).Distance(to); dist < bestD {
			best, bestD = d, dist
		}
	}
	return best
}

// panelUnit is a unit's line in the panel, for clicks.
type panelUnit struct {
	rect image.Rectangle
	unit battle.UnitID
}

// reinforcementAt returns the reinforcement whose panel line is at screen
// point pt, if any.
func (g *Game) reinforcementAt(pt image.Point) (battle.UnitID, bool) {
	for _, r := range g.reinforceRects {
		if pt.In(r.rect) {
			return r.unit, true
		}
	}
	return 0, false
}

// shownHex is where the view goes to show u: its hex, or the middle of
// its entry hexes while it waits to come on.
func shownHex(b *battle.Battle, u *battle.Unit) board.Hex {
	if hs := b.EntryHexes(u); u.Waiting() && len(hs) > 0 {
		return hs[len(hs)/2]
	}
	return u.Pose.Hex
}

// arrivalText says when and where a reinforcement comes on.
func arrivalText(b *battle.Battle, u *battle.Unit) string {
	a := u.Placement.Arrives
	where := "at " + b.Board().Label(u.Placement.Hex)
	if a.Edge != "" {
		where = "by the " + string(a.Edge) + " edge"
	}
	return fmt.Sprintf("turn %d, %s", a.Turn, where)
}

// reinforcementLines are the panel's lines on the acting side's units
// still to come, with a head line; nil when there are none.
func reinforcementLines(b *battle.Battle) []string {
	us := b.Reinforcements(b.Acting())
	if len(us) == 0 {
		return nil
	}
	lines := []string{"Reinforcements  (click one or Tab, then a ringed hex)"}
	for _, u := range us {
		l := fmt.Sprintf("%s: %s", u.Label(), arrivalText(b, u))
		if b.CheckEnter(u) == nil {
			l += ": may enter now"
		}
		lines = append(lines, l)
	}
	return lines
}

// exitEdge is the edge the selected unit may leave the map by now, or "":
// the one its side's exit clause names when it stands on that one.
func exitEdge(b *battle.Battle, v battle.Victory, u *battle.Unit) maps.Edge {
	edges := maps.EdgesOf(b.Board(), u.Pose.Hex)
	for _, e := range edges {
		if e == v.Exit[u.Side].Edge && b.CheckExit(u, e) == nil {
			return e
		}
	}
	for _, e := range edges {
		if b.CheckExit(u, e) == nil {
			return e
		}
	}
	return ""
}

// exitKey takes the selected unit off the map by its edge (End).
func (g *Game) exitKey(*Intents) {
	b := g.battle
	sel := b.Unit(g.play.unit)
	if sel == nil || sel.Side != b.Acting() || !sel.Active() {
		g.note("End: select one of your units on a map edge, then End takes it off the map")
		return
	}
	e := exitEdge(b, g.play.victory, sel)
	if e == "" {
		if edges := maps.EdgesOf(b.Board(), sel.Pose.Hex); len(edges) > 0 {
			g.refuse(b.CheckExit(sel, edges[0]))
		} else {
			g.refuse(fmt.Errorf("%s in %s is not on a map edge", sel.Label(), b.Board().Label(sel.Pose.Hex)))
		}
		return
	}
	if g.issue(battle.Exit{Unit: sel.ID, Edge: e}) {
		g.selectUnit(0)
	}
}

// waitingAbility is the panel's phase line for a unit still to come.
func waitingAbility(b *battle.Battle, u *battle.Unit) string {
	if err := b.CheckEnter(u); err != nil {
		return "off the map: arrives " + arrivalText(b, u)
	}
	return "off the map: may enter now (click a ringed hex)"
}

// exitGoalLines say the exit clauses in words, for the goal screens.
func exitGoalLines(v battle.Victory) []string {
	var out []string
	for _, side := range bothSides {
		if g, ok := v.Exit[side]; ok {
			out = append(out, fmt.Sprintf("The %s win at once when %d of their units have left the map %s.", side.Title(), g.N, edgeWords(g.Edge)))
		}
	}
	return out
}

// exitProgressLines say how far each exit clause is met, for the panel.
func exitProgressLines(b *battle.Battle, v battle.Victory) []string {
	var out []string
	for _, side := range bothSides {
		if g, ok := v.Exit[side]; ok {
			out = append(out, fmt.Sprintf("%s off the map %s: %d of %d", side.Title(), edgeWords(g.Edge), b.Exited(side, g.Edge), g.N))
		}
	}
	return out
}

// edgeWords is "by the north edge", or "by any edge".
func edgeWords(e maps.Edge) string {
	if e == "" {
		return "by any edge"
	}
	return "by the " + string(e) + " edge"
}

// drawEntryHexes rings the hexes the selected reinforcement may come on
// by now.
func drawEntryHexes(dst *ebiten.Image, v *BoardView) {
	g := v.g
	b := g.battle
	u := b.Unit(g.play.unit)
	if u == nil || !u.Waiting() || b.CheckEnter(u) != nil {
		return
	}
	for _, h := range b.EntryHexes(u) {
		if _, err := b.EntryCost(u, h); err == nil {
			v.ringHex(dst, h, max(2, v.HexRadius()/8), colEntry)
		}
	}
}
