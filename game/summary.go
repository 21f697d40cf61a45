package game

import (
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

// maxSummary is how many lines the panel's summary keeps (the latest; our
// own choice, to leave room for the log).
const maxSummary = 8

// recordForOpponent adds what each side saw of an order's events to its
// report (battle.Report: the other side's moves as one line each, every
// attack with its result, every loss, the units lost from sight), told
// when its turn comes. Each side's report reads its own view only.
func (p *play) recordForOpponent(events []battle.Event) {
	for side, r := range p.reports {
		v := p.view // the viewer's, made by look for this order already
		if side != v.Side {
			v = p.ump.View(side)
		}
		r.Add(events, v)
	}
}

// showSummary puts what the other side did since side last acted in the
// panel, when a person plays side.
func (p *play) showSummary(side maps.Side) {
	var lines []summaryLine
	for _, l := range p.reports[side].Take() {
		lines = append(lines, summaryLine{sideWords(l.Text), l.Hex})
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
