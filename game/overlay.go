package game

import (
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui"
)

// BoardView is what the built-in overlay reads about the board as the
// camera shows it during one Draw, with helpers that paint hexes in screen
// space. It is not battle.View, a side's knowledge under the fog of war:
// this one is about pixels, that one about what a side may see.
type BoardView struct {
	Board  *board.Board
	Camera boardview.Camera
	g      *Game
}

// Hovered returns the hex under the cursor, and false when there is none.
func (v *BoardView) Hovered() (board.Hex, bool) { return v.g.Hovered() }

// Selected returns the selected hex, and false when none is.
func (v *BoardView) Selected() (board.Hex, bool) { return v.g.Selected() }

// HexRadius is the distance in screen pixels from a hex's centre to its
// corners at the current zoom (approximately, for Tiled's irregular hexes).
func (v *BoardView) HexRadius() float64 {
	return v.g.layer.HexHeight() / 2 * v.Camera.Zoom
}

// HexCenter returns the screen position of the centre of hex h.
func (v *BoardView) HexCenter(h board.Hex) (x, y float64) {
	c, _ := v.hexOnScreen(h)
	return float64(c.X), float64(c.Y)
}

// fillHex (a hex in colour c, alpha blending over what is there), ringHex
// (a band of the given screen width just inside a hex's edge) and
// lineBetween (a band from one hex centre to another) queue their
// triangles in the game's batch, to be drawn at its next flush: the
// built-in overlay draws each of its layers in one DrawTriangles call.
func (v *BoardView) fillHex(dst *ebiten.Image, h board.Hex, c color.RGBA) {
	_, corners := v.hexOnScreen(h)
	v.g.batch.Fan(dst, c, corners[:]...)
}

func (v *BoardView) ringHex(dst *ebiten.Image, h board.Hex, width float64, c color.RGBA) {
	ctr, corners := v.hexOnScreen(h)
	v.g.batch.Ring(dst, ctr, corners, float32(width), c)
}

func (v *BoardView) lineBetween(dst *ebiten.Image, a, b board.Hex, width float64, c color.RGBA) {
	pa, _ := v.hexOnScreen(a)
	pb, _ := v.hexOnScreen(b)
	v.g.batch.Segment(dst, pa, pb, float32(width), c)
}

func (v *BoardView) hexOnScreen(h board.Hex) (ui.Point, [6]ui.Point) {
	return boardview.HexOnScreen(v.Camera, v.Board.Layout, h)
}

// edgeMid returns the screen midpoint of hexside d of hex h.
func (v *BoardView) edgeMid(h board.Hex, d board.Direction) ui.Point {
	x, y := v.Camera.WorldToScreen(v.g.layer.EdgeMid(h, d))
	return ui.Pt(float32(x), float32(y))
}

// sharedCorner returns the screen corner between the hexsides d and d+1 of h.
func (v *BoardView) sharedCorner(cs [6]ui.Point, d board.Direction) ui.Point {
	a, b := v.g.layer.SideCorners(d), v.g.layer.SideCorners(d.Rotate(1))
	for _, i := range a {
		if i == b[0] || i == b[1] {
			return cs[i]
		}
	}
	return cs[a[1]]
}

// The colours of the overlays (our own choice): opaque lines so they read
// over any terrain, translucent washes so the terrain shows through.
var (
	colArc        = color.RGBA{0xff, 0x9a, 0x30, 0x48} // the forward firing arc
	colReach      = color.RGBA{0x50, 0xa0, 0xff, 0x50} // hexes the unit can move to now
	colReachText  = color.RGBA{0x10, 0x20, 0x60, 0xff}
	colHidden     = color.RGBA{0x00, 0x00, 0x10, 0x78} // out of the unit's sight
	colFrontHalf  = color.RGBA{0x60, 0xff, 0x80, 0x60} // the front armour half of the unit's hex
	colAspectLine = color.RGBA{0xff, 0xff, 0xff, 0xff} // the front/rear boundary
	colPath       = color.RGBA{0x20, 0x60, 0xe0, 0xff} // the move path
	colGhost      = color.RGBA{0x20, 0x60, 0xe0, 0xff} // the end facing of a move
	colGhostBad   = color.RGBA{0xe0, 0x30, 0x30, 0xff} // an end facing the unit cannot reach
	colLOS        = color.RGBA{0x00, 0xe8, 0xff, 0xff} // a clear line of sight
	colLOSBlocked = color.RGBA{0xff, 0x30, 0x30, 0xff} // a blocked one, and what blocks it
	colHindrance  = color.RGBA{0xff, 0xd0, 0x30, 0xff} // a hex or hexside that hinders
	colLOSLeft    = color.RGBA{0xe0, 0x40, 0xff, 0xff} // hexes a line along hexsides touches on its left
	colLOSRight   = color.RGBA{0xb0, 0xff, 0x30, 0xff} // and on its right
	colObjective  = color.RGBA{0xff, 0xd0, 0x20, 0xff} // a hex a side must hold to win
	colHover      = color.RGBA{0xff, 0xff, 0xff, 0x50} // a wash over the hovered hex
	colHoverRing  = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// mapKey is what the picture of the map depends on: the preview's key
// (battle version, selected unit, hover, ghost turn, leader, viewshed,
// mode, target), the hovered and selected hexes as they are now (should
// the preview lag behind), the camera and the label switch.
type mapKey struct {
	pv                    previewKey
	cam                   boardview.Camera
	hover, selected       board.Hex
	hasHover, hasSelected bool
	labels                bool
}

// drawMap draws the map: the terrain layer, then the built-in overlay
// (the cached preview of the selected unit and the hovered hex, the
// counters and the selection), composed in an image the size of the
// screen that is drawn again only when the preview, the selection, the
// camera or the labels change; a still frame only copies that image.
func (g *Game) drawMap(screen *ebiten.Image, v *BoardView) {
	key := mapKey{pv: g.play.pv.key, cam: g.cam, hover: g.hovered, hasHover: g.hasHover,
		selected: g.selected, hasSelected: g.hasSelected, labels: g.showLabels}
	g.mapCache.Draw(screen, key, func(dst *ebiten.Image) {
		g.layer.Draw(dst, g.cam, g.showLabels)
		drawPreview(dst, v)
	})
	if g.layer.Pending() {
		g.mapCache.Invalidate() // tiles still to draw: again next frame
	}
}

// drawPreview draws the preview in layers, each queued in the batch and
// drawn with one flush: under the counters the washes (viewshed, arc,
// reach, hover), an owner's layer (Game.underCounters), the front armour
// half and the line of sight, then the MP
// costs (a counter's values matter more than the cost of its hex); then
// the counters; over them the aspect lines, the move path and ghost
// arrow, and the rings of the hovered and selected hexes.
func drawPreview(dst *ebiten.Image, v *BoardView) {
	g := v.g
	pv := &g.play.pv
	r := v.HexRadius()
	w := max(2, r/9)
	for _, h := range pv.hidden {
		v.fillHex(dst, h, colHidden)
	}
	arcs := !pv.key.hideArcs
	u := pv.unit
	// While a move is planned, the arc and the armour halves are those of
	// the end pose shown (the ghost arrow), so the facing can be chosen
	// before the move is given.
	arc, front := pv.arc, board.Pose{}
	if u != nil {
		front = u.Pose
	}
	if pv.hasGhost && pv.faced {
		arc, front = arcAt(g.board, pv.ghost), pv.ghost
	}
	if arcs {
		for _, h := range arc {
			v.fillHex(dst, h, colArc)
		}
	}
	if pv.active {
		for _, rh := range pv.reachAt {
			v.fillHex(dst, rh.hex, colReach)
		}
	}
	for _, h := range advanceHexes(g.battle, pv.unit) {
		v.fillHex(dst, h, colReach)
	}
	hover, hovered := v.Hovered()
	if hovered {
		v.fillHex(dst, hover, colHover)
	}
	if g.underCounters != nil {
		g.underCounters(dst, v)
	}
	if arcs && u != nil && u.OnMap() && pv.faced {
		drawFrontHalf(dst, v, front)
	}
	if l := pv.los; l != nil {
		drawLOS(dst, v, l, w)
	}
	g.batch.Flush(dst)
	if r >= 9 && pv.active {
		face := g.fonts.Face(min(16, max(9, r/2.2)), true)
		for _, rh := range pv.reachAt {
			x, y := v.HexCenter(rh.hex)
			ui.DrawText(dst, strconv.Itoa(rh.cost), face, x, y+r*0.5, ui.AlignCenter, colReachText)
		}
	}

	drawWrecks(dst, v)
	g.counters.Draw(dst, g.play.view, v.Camera, g.play.unit)
	drawObjectives(dst, v)
	drawEntryHexes(dst, v)

	if arcs && u != nil && u.OnMap() && pv.faced {
		drawAspectLine(dst, v, front)
	}
	if t := pv.target; arcs && t != nil && !t.Type.Kind.Infantry() {
		drawAspectLine(dst, v, t.Pose)
	}
	for i := 1; i < len(pv.path); i++ {
		v.lineBetween(dst, pv.path[i-1], pv.path[i], w, colPath)
	}
	if pv.hasGhost {
		c := colGhost
		if !pv.ghostOK {
			c = colGhostBad
		}
		drawArrow(dst, v, pv.ghost, w*1.4, c)
	}
	if hovered {
		// The hovered hex is the far end of the line of sight: its ring
		// takes the line's colour.
		c := colHoverRing
		if l := pv.los; l != nil && l.To == hover {
			c = losColour(l)
		}
		v.ringHex(dst, hover, max(1.5, r/16), c)
	}
	if h, ok := v.Selected(); ok {
		v.ringHex(dst, h, max(3, r/6), boardview.SelectedColour)
	}
	g.batch.Flush(dst)
	g.counters.DrawLabels(dst) // over the rings too, which would cut a label in half
}

// aspectCorners returns the corners of p's hex that bound its front
// armour half: a, then b and c along the front, then d; the front/rear
// boundary (board.ArmourAspect) runs from a to d, through the corners
// between hexsides facing+4/facing+5 and facing+1/facing+2.
func aspectCorners(v *BoardView, p board.Pose) (a, b, c, d ui.Point) {
	_, cs := v.hexOnScreen(p.Hex)
	f := p.Facing
	return v.sharedCorner(cs, f.Rotate(4)), v.sharedCorner(cs, f.Rotate(5)), v.sharedCorner(cs, f), v.sharedCorner(cs, f.Rotate(1))
}

// drawFrontHalf shades the front armour half of a unit's hex.
func drawFrontHalf(dst *ebiten.Image, v *BoardView, p board.Pose) {
	a, b, c, d := aspectCorners(v, p)
	v.g.batch.Fan(dst, colFrontHalf, a, b, c, d)
}

// drawAspectLine draws the front/rear boundary through a unit's hex, over
// its counter, a little beyond the hex on both sides.
func drawAspectLine(dst *ebiten.Image, v *BoardView, p board.Pose) {
	a, _, _, d := aspectCorners(v, p)
	ex, ey := (d.X-a.X)*0.12, (d.Y-a.Y)*0.12
	v.g.batch.Segment(dst, ui.Pt(a.X-ex, a.Y-ey), ui.Pt(d.X+ex, d.Y+ey), float32(max(1.5, v.HexRadius()/14)), colAspectLine)
}

// drawArrow draws a facing: a band from the hex centre to the hexside
// faced, with a head.
func drawArrow(dst *ebiten.Image, v *BoardView, p board.Pose, width float64, c color.RGBA) {
	x, y := v.HexCenter(p.Hex)
	ctr := ui.Pt(float32(x), float32(y))
	m := v.edgeMid(p.Hex, p.Facing)
	tip := ui.Pt(ctr.X+(m.X-ctr.X)*0.9, ctr.Y+(m.Y-ctr.Y)*0.9)
	base := ui.Pt(ctr.X+(m.X-ctr.X)*0.5, ctr.Y+(m.Y-ctr.Y)*0.5)
	nx, ny := -(m.Y-ctr.Y)*0.3, (m.X-ctr.X)*0.3
	v.g.batch.Segment(dst, ctr, base, float32(width), c)
	v.g.batch.Fan(dst, c, tip, ui.Pt(base.X+nx, base.Y+ny), ui.Pt(base.X-nx, base.Y-ny))
}

// losColour is the colour of a line of sight: cyan when clear, red when
// blocked.
func losColour(l *board.LOS) color.RGBA {
	if !l.Clear {
		return colLOSBlocked
	}
	return colLOS
}

// drawLOS queues a line of sight from centre to centre in its colour, with
// what blocks it marked in red and what hinders it in amber. When the line
// runs along a hexside, the hexes it only touches are outlined, magenta on
// its left and lime on its right (seen from the firer), so the hexside
// case shows.
func drawLOS(dst *ebiten.Image, v *BoardView, l *board.LOS, w float64) {
	mark := func(o board.Obstacle, col color.RGBA) {
		switch o.Kind {
		case board.OnHexside:
			if d, ok := o.Hex.DirectionTo(o.Other); ok {
				_, cs := v.hexOnScreen(o.Hex)
				e := v.g.layer.SideCorners(d)
				v.g.batch.Segment(dst, cs[e[0]], cs[e[1]], float32(w*2), col)
			}
		default:
			v.ringHex(dst, o.Hex, w*1.2, col)
			if o.Other != o.Hex {
				v.ringHex(dst, o.Other, w*1.2, col)
			}
		}
	}
	if l.AlongHexside {
		thin := max(1.5, w*0.6)
		for _, h := range l.Left {
			v.ringHex(dst, h, thin, colLOSLeft)
		}
		for _, h := range l.Right {
			v.ringHex(dst, h, thin, colLOSRight)
		}
	}
	for _, o := range l.Hindrances {
		mark(o, colHindrance)
	}
	if l.BlockedBy != nil {
		mark(*l.BlockedBy, colLOSBlocked)
	}
	v.lineBetween(dst, l.From, l.To, w, losColour(l))
}

// drawObjectives marks the hexes a side must hold to win: a gold ring,
// and a flag at the hex's left in the colour of the side holding the hex
// now (white when nobody holds it alone), over the counters.
func drawObjectives(dst *ebiten.Image, v *BoardView) {
	g := v.g
	r := v.HexRadius()
	for _, side := range bothSides {
		for _, h := range g.play.victory.Hold[side] {
			v.ringHex(dst, h, max(2, r/7), colObjective)
			c, _ := v.hexOnScreen(h)
			flag := colFlagNone
			if w := holder(g.battle, h); w != "" {
				flag = boardview.SideColour(w)
			}
			k := float32(max(5, r/3.2))
			pole := ui.Pt(c.X-float32(r)*0.82, c.Y-k*1.4)
			g.batch.Segment(dst, pole, ui.Pt(pole.X, pole.Y+k*1.6), max(1.5, k/6), boardview.CounterEdge)
			g.batch.Fan(dst, boardview.CounterEdge, pole, ui.Pt(pole.X+k*1.5+1.5, pole.Y+k*0.4), ui.Pt(pole.X, pole.Y+k*0.8+1.5))
			g.batch.Fan(dst, flag, ui.Pt(pole.X+1, pole.Y+1), ui.Pt(pole.X+k*1.5-1, pole.Y+k*0.4), ui.Pt(pole.X+1, pole.Y+k*0.8-1))
		}
	}
	g.batch.Flush(dst)
}

// colFlagNone is the flag of an objective nobody holds alone.
var colFlagNone = color.RGBA{0xf4, 0xf4, 0xf4, 0xff}

// arcAt lists the hexes of the forward firing arc of a unit in pose p,
// out to arcRange.
func arcAt(bd *board.Board, p board.Pose) []board.Hex {
	var out []board.Hex
	for h := range bd.Hexes() {
		if p.Hex.Distance(h) <= arcRange && board.InForwardArc(p.Hex, p.Facing, h) {
			out = append(out, h)
		}
	}
	return out
}
