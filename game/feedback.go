package game

import (
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/units"
)

// shotMark is an attack just resolved, drawn for a while as a line from
// the firer to the target with the result written at the target.
type shotMark struct {
	from, to board.Hex
	text     string
	hit      bool // something happened to the target (colours the line)
}

// shotTicks is how long a shot stays drawn (our own choice: 2.5 s, long
// enough to read the result; the log keeps it).
const shotTicks = 150

// watchTicks is how long the computer's next order waits after one that
// showed a shot or a move of the enemy, at a pace of delay ticks an order:
// three orders' pause (our own choice: 1.2 s at the normal pace, time to
// see the line, the dice and the result), none at the instant pace.
func watchTicks(delay int) int {
	if delay <= 1 {
		return 0
	}
	return min(3*delay, shotTicks)
}

// trailStep is one hex of a move the side shown saw: from one hex into
// the next, by a unit of side.
type trailStep struct {
	from, to board.Hex
	side     maps.Side
}

// moveTrail returns the hexes entered by the enemy of side viewer among
// events (those the viewer saw), in order: the path of the enemy's move
// as far as the viewer saw it.
func moveTrail(b *battle.Battle, events []battle.Event, viewer maps.Side) []trailStep {
	var out []trailStep
	for _, e := range events {
		if e.Kind != battle.UnitMoved || e.From.Hex == e.To.Hex {
			continue
		}
		if u := b.Unit(e.Unit); u != nil && u.Side != viewer {
			out = append(out, trailStep{from: e.From.Hex, to: e.To.Hex, side: u.Side})
		}
	}
	return out
}

// drawTrail draws the enemy's last move seen: a line in its side's colour
// on a pale halo (the Axis' black shows on dark ground too) through the
// hexes it entered, and an arrow head where each step crosses the hexside,
// between the counters.
func (g *Game) drawTrail(screen *ebiten.Image) {
	p := &g.play
	if len(p.trail) == 0 || p.tick >= p.trailUntil {
		return
	}
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	r := v.HexRadius()
	w := float32(max(2, r/9))
	for _, halo := range []bool{true, false} {
		for _, s := range p.trail {
			c, width := boardview.SideColour(s.side), w
			if halo {
				c, width = colTrailHalo, w*2.2
			}
			ax, ay := v.HexCenter(s.from)
			bx, by := v.HexCenter(s.to)
			a, b := ui.Pt(float32(ax), float32(ay)), ui.Pt(float32(bx), float32(by))
			g.batch.Segment(screen, a, b, width, c)
			n := float32(math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y)))
			if n == 0 {
				continue
			}
			// Two strokes back from the hexside, 30° either side of the way.
			mid := ui.Pt((a.X+b.X)/2, (a.Y+b.Y)/2)
			dx, dy := (a.X-b.X)/n*float32(r)*0.4, (a.Y-b.Y)/n*float32(r)*0.4
			for _, k := range []float32{0.5, -0.5} {
				g.batch.Segment(screen, mid, ui.Pt(mid.X+dx*0.87-dy*k, mid.Y+dy*0.87+dx*k), width, c)
			}
		}
	}
	g.batch.Flush(screen)
}

// The shot line's colours (our own choice): orange for an attack that
// did something, grey for one that did nothing.
var (
	colShotHit  = color.RGBA{0xff, 0x80, 0x10, 0xff}
	colShotMiss = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	colWreck    = color.RGBA{0x2a, 0x26, 0x22, 0xff}
	colWreckX   = color.RGBA{0xe0, 0x50, 0x20, 0xff}
	// colTrailHalo is the pale edge of an enemy move's trail (our own
	// choice).
	colTrailHalo = color.RGBA{0xf4, 0xf0, 0xe6, 0xc0}
)

// shotMarks returns the attacks among an order's events, with the result
// each had: the AT shot's result, the AP fire's or the assault's words.
func shotMarks(b *battle.Battle, events []battle.Event) []shotMark {
	var out []shotMark
	for i, e := range events {
		if e.Kind == battle.CasualtiesAllocated { // the owner's choice: what it did, at the hex
			text, hit := hexEffect(nil, events[i+1:], e.Hex)
			out = append(out, shotMark{from: e.Hex, to: e.Hex, text: text, hit: hit})
			continue
		}
		if e.Kind == battle.SupportCalled { // an off-board mission: what it did where it landed
			text, hit := strikeEffect(events[i+1:])
			if i+1 < len(events) && events[i+1].Kind == battle.SmokePlaced {
				text, hit = "smoke", true
			}
			out = append(out, shotMark{from: e.Hex, to: e.Hex, text: text, hit: hit})
			continue
		}
		firer := b.Unit(e.Unit)
		if firer == nil {
			continue
		}
		switch e.Kind {
		case battle.UnitFired:
			t := b.Unit(e.Target)
			if t == nil {
				continue
			}
			out = append(out, shotMark{from: firer.Pose.Hex, to: t.Pose.Hex, text: resultOf(e.Text), hit: struck(t.ID, events[i+1:])})
		case battle.HexFired, battle.HexAssaulted:
			var before []battle.Event
			if e.Kind == battle.HexAssaulted {
				before = events[:i] // its pinned defenders are eliminated before it is rolled
			}
			text, hit := hexEffect(before, events[i+1:], e.Hex)
			if e.AP != nil && e.AP.Fates == nil && e.AP.Points > 0 { // the owner chooses how they fall
				text, hit = ui.Plural(e.AP.Points, "casualty point"), true
			}
			out = append(out, shotMark{from: firer.Pose.Hex, to: e.Hex, text: text, hit: hit})
		}
	}
	return out
}

// resultOf is the result an attack event's text ends with, after its
// last colon ("... fires at Tiger I #9 in C1: eliminated"), in words.
func resultOf(text string) string {
	if i := strings.LastIndex(text, ": "); i >= 0 {
		text = text[i+2:]
	}
	return strings.ReplaceAll(text, "_", " ")
}

// struck reports whether the events after an AT shot eliminate or
// immobilize its target (before the next attack).
func struck(target battle.UnitID, after []battle.Event) bool {
	for _, e := range after {
		switch e.Kind {
		case battle.UnitEliminated, battle.UnitImmobilized:
			if e.Unit == target {
				return true
			}
		case battle.UnitFired, battle.HexFired, battle.HexAssaulted:
			return false
		}
	}
	return false
}

// strikeEffect sums up what an off-board mission did, from the events of
// its strike that follow its call: its AP attack's and its shots' alike,
// wherever they fell.
func strikeEffect(after []battle.Event) (string, bool) {
	var c effectCount
	c.add(after, nil, battle.SupportCalled)
	return effectText(c.elim, c.pinned, c.reduced)
}

// attackKinds are the events that start an attack.
var attackKinds = []battle.EventKind{battle.UnitFired, battle.HexFired, battle.HexAssaulted}

// hexEffect sums up what an AP attack or assault did to the units of its
// hex h, from the events that follow it, and those of before that belong
// to it (an assault's pinned defenders, eliminated before it is rolled:
// the eliminations in h since the last attack): "1 eliminated, 1
// pinned". What befalls units elsewhere (an assault's attackers, a firer's
// valor check) is not its effect.
func hexEffect(before, after []battle.Event, h board.Hex) (string, bool) {
	var c effectCount
	for i := len(before) - 1; i >= 0 && !slices.Contains(attackKinds, before[i].Kind); i-- {
		if e := before[i]; e.Kind == battle.UnitEliminated && e.Hex == h {
			c.elim++
		}
	}
	c.add(after, &h, attackKinds...)
	return effectText(c.elim, c.pinned, c.reduced)
}

// effectCount counts the units an attack eliminated, pinned and reduced.
type effectCount struct{ elim, pinned, reduced int }

// add counts those of the events after an attack, up to the first of the
// kinds that start another, in hex h only when h is not nil.
func (c *effectCount) add(after []battle.Event, h *board.Hex, next ...battle.EventKind) {
	for _, e := range after {
		switch {
		case slices.Contains(next, e.Kind):
			return
		case h != nil && e.Hex != *h:
		case e.Kind == battle.UnitEliminated:
			c.elim++
		case e.Kind == battle.UnitPinned:
			c.pinned++
		case e.Kind == battle.UnitReduced:
			c.reduced++
		}
	}
}

func effectText(elim, pinned, reduced int) (string, bool) {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+what)
		}
	}
	add(elim, "eliminated")
	add(reduced, "reduced")
	add(pinned, "pinned")
	if len(parts) == 0 {
		return "no effect", false
	}
	return strings.Join(parts, ", "), true
}

// drawShots draws the recent attacks over the map: a line from firer to
// target and the result in a box at the target.
func (g *Game) drawShots(screen *ebiten.Image) {
	p := &g.play
	if len(p.shots) == 0 || p.tick >= p.shotsUntil {
		return
	}
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	r := v.HexRadius()
	w := float32(max(2.5, r/7))
	for _, s := range p.shots {
		c := colShotMiss
		if s.hit {
			c = colShotHit
		}
		ax, ay := v.HexCenter(s.from)
		bx, by := v.HexCenter(s.to)
		g.batch.Segment(screen, ui.Pt(float32(ax), float32(ay)), ui.Pt(float32(bx), float32(by)), w, c)
		g.batch.Disc(screen, ui.Pt(float32(bx), float32(by)), w*2, c)
	}
	g.batch.Flush(screen)
	face := g.fonts.Face(ui.BarTextSize*g.scale, true)
	for _, s := range p.shots {
		bx, by := v.HexCenter(s.to)
		tw := ui.TextWidth(face, s.text)
		pad := 5 * g.scale
		y := by - r*0.9
		c := colShotMiss
		if s.hit {
			c = colShotHit
		}
		g.fillRect(screen, bx-tw/2-pad, y-ui.BarTextSize*g.scale*0.8, bx+tw/2+pad, y+ui.BarTextSize*g.scale*0.8, ui.ColPanel)
		g.fillRect(screen, bx-tw/2-pad, y+ui.BarTextSize*g.scale*0.8-2*g.scale, bx+tw/2+pad, y+ui.BarTextSize*g.scale*0.8, c)
		g.text(screen, s.text, face, bx, y, ui.AlignCenter, ui.ColPanelText)
	}
}

// wrecked reports whether u leaves a wreck: an eliminated vehicle or Gun
// that was on the map (not a passenger).
func wrecked(u *battle.Unit) bool {
	return u.Eliminated && u.Carrier == 0 && !u.Type.Kind.Infantry() && u.Type.Kind != units.Leader
}

// drawWrecks marks the hexes where vehicles and Guns were eliminated: a
// burnt hull with a red cross, under the counters.
func drawWrecks(dst *ebiten.Image, v *BoardView) {
	g := v.g
	r := float32(v.HexRadius())
	for _, u := range g.battle.Units() {
		if !wrecked(u) {
			continue
		}
		x, y := v.HexCenter(u.Pose.Hex)
		c := ui.Pt(float32(x)+r*0.35, float32(y)+r*0.3)
		hw, hh := r*0.42, r*0.26
		g.batch.Rect(dst, c.X-hw, c.Y-hh, 2*hw, 2*hh, colWreck)
		lw := max(1.5, r/12)
		g.batch.Segment(dst, ui.Pt(c.X-hw*0.7, c.Y-hh*0.7), ui.Pt(c.X+hw*0.7, c.Y+hh*0.7), lw, colWreckX)
		g.batch.Segment(dst, ui.Pt(c.X-hw*0.7, c.Y+hh*0.7), ui.Pt(c.X+hw*0.7, c.Y-hh*0.7), lw, colWreckX)
	}
	g.batch.Flush(dst)
}

// advanceHexes are the hexes the selected unit may advance into now (the
// Advance & Assault phase), as the battle would accept them.
func advanceHexes(b *battle.Battle, u *battle.Unit) []board.Hex {
	if u == nil || b.Phase() != battle.AdvancePhase || b.Moving() != nil || u.Side != b.Acting() || !u.OnMap() {
		return nil
	}
	var out []board.Hex
	for d := range board.Direction(6) {
		h := u.Pose.Hex.Neighbor(d)
		if b.Board().Contains(h) && b.Check(battle.Advance{Unit: u.ID, To: h}) == nil {
			out = append(out, h)
		}
	}
	return out
}

// seenBy returns the events side saw (Event.SeenBy), in order.
func seenBy(events []battle.Event, side maps.Side) []battle.Event {
	var out []battle.Event
	for _, e := range events {
		if e.SeenBy(side) {
			out = append(out, e)
		}
	}
	return out
}
