package game

import (
	"fmt"
	"image"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// summaryLine is one thing the other side did, and the hex to look at.
type summaryLine struct {
	text string
	hex  board.Hex
}

// moveLine is a unit's move being summed up in one line of the summary:
// the line's index and the hex the move started from. Shots at the mover
// on the way take lines of their own after it.
type moveLine struct {
	line int
	from string
}

// maxSummary is how many lines the panel's summary keeps (the latest; our
// own choice, to leave room for the log).
const maxSummary = 8

// recordForOpponent adds an order's events to what the other side of the
// acting units will be told when its turn comes: each unit's move as one
// line from where it started to where it stopped, every attack with its
// result, every loss.
func (p *play) recordForOpponent(events []battle.Event) {
	if p.since == nil {
		p.since = map[maps.Side][]summaryLine{}
	}
	for _, e := range events {
		u := p.b.Unit(e.Unit)
		if u == nil {
			continue
		}
		other := battle.Opponent(u.Side)
		lines := p.since[other]
		switch e.Kind {
		case battle.UnitMoved:
			bd := p.b.Board()
			m, going := p.moveLines[u.ID]
			going = going && m.line < len(lines) && lines[m.line].hex == e.From.Hex
			switch {
			case going && e.From.Hex == e.To.Hex:
				// A turn on the way: the line of the move says enough.
			case going:
				lines[m.line] = summaryLine{fmt.Sprintf("%s moved %s → %s", u.Label(), m.from, bd.Label(e.To.Hex)), e.To.Hex}
			case e.From.Hex == e.To.Hex:
				lines = append(lines, summaryLine{fmt.Sprintf("%s turned to %v in %s", u.Label(), e.To.Facing, bd.Label(e.To.Hex)), e.To.Hex})
			default:
				p.moveLines[u.ID] = moveLine{line: len(lines), from: bd.Label(e.From.Hex)}
				lines = append(lines, summaryLine{fmt.Sprintf("%s moved %s → %s", u.Label(), bd.Label(e.From.Hex), bd.Label(e.To.Hex)), e.To.Hex})
			}
		case battle.UnitFired, battle.FireDeclared:
			if t := p.b.Unit(e.Target); t != nil {
				lines = append(lines, summaryLine{sideWords(e.Text), t.Pose.Hex})
			}
		case battle.HexFired, battle.HexAssaulted, battle.UnitEliminated, battle.UnitImmobilized, battle.MinefieldCrossed, battle.SupportCalled, battle.LaneLaid, battle.LaneFired:
			lines = append(lines, summaryLine{sideWords(e.Text), e.Hex})
		}
		p.since[other] = lines
	}
}

// showSummary puts what the other side did since side last acted in the
// panel, when a person plays side.
func (p *play) showSummary(side maps.Side) {
	lines := p.since[side]
	delete(p.since, side)
	for id := range p.moveLines { // the moves summed up in the lines just shown
		if u := p.b.Unit(id); u == nil || u.Side != side {
			delete(p.moveLines, id)
		}
	}
	if p.computer[side] || p.replay != nil {
		p.summary = nil
		return
	}
	if len(lines) > maxSummary {
		lines = lines[len(lines)-maxSummary:]
	}
	p.summary = lines
}

// summaryAt returns the summary line drawn at screen point pt, if any.
func (g *Game) summaryAt(pt image.Point) (summaryLine, bool) {
	for i, r := range g.summaryRects {
		if pt.In(r) && i < len(g.play.summary) {
			return g.play.summary[i], true
		}
	}
	return summaryLine{}, false
}
