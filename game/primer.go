package game

import (
	"fmt"
	"image"
	"strings"

	"hexfire/assets"
	"hexfire/game/ui"
)

// primerRow is one row of the primer wrapped to its panel: a section's
// heading, or a line of its text (indent: a line of an item).
type primerRow struct {
	text    string
	heading bool
	indent  bool
}

// primerRows wraps the primer (assets.Primer) to width in faces f and
// bold: a heading for each "# " line, each "- " item marked with a bullet
// and its further lines indented, a blank row before each heading but the
// first.
func primerRows(f, bold ui.Face, width, indent float64) []primerRow {
	var rows []primerRow
	for _, line := range strings.Split(strings.TrimSpace(assets.Primer), "\n") {
		switch line = strings.TrimSpace(line); {
		case line == "":
		case strings.HasPrefix(line, "# "):
			if len(rows) > 0 {
				rows = append(rows, primerRow{})
			}
			for _, w := range ui.Wrap(bold, strings.TrimPrefix(line, "# "), width) {
				rows = append(rows, primerRow{text: w, heading: true})
			}
		case strings.HasPrefix(line, "- "):
			for i, w := range ui.Wrap(f, strings.TrimPrefix(line, "- "), width-indent) {
				rows = append(rows, primerRow{text: strings.TrimLeft(w, " "), indent: i > 0})
				if i == 0 {
					rows[len(rows)-1].text = "• " + rows[len(rows)-1].text
				}
			}
		default:
			for _, w := range ui.Wrap(f, line, width) {
				rows = append(rows, primerRow{text: strings.TrimLeft(w, " ")})
			}
		}
	}
	return rows
}

// primerWidth is the widest the primer's text runs, in pixels at scale 1:
// our own choice, a line a reader can follow.
const primerWidth = 860

// primerLayout is where drawPrimer puts the primer's panel and rows.
type primerLayout struct {
	face, bold, title ui.Face
	line, pad         float64
	rows              []primerRow
	shown, first      int // the rows shown, from row first
	x0, y0, w, h      float64
}

// layoutPrimer lays the primer out for a screen of the given size,
// scrolled to row first (held to the rows there are).
func layoutPrimer(c ui.Canvas, screen image.Point, first int) primerLayout {
	size := ui.BarTextSize * c.Scale
	l := primerLayout{line: size * 1.5, pad: 18 * c.Scale,
		face: c.Fonts.Face(size, false), bold: c.Fonts.Face(size, true), title: c.Fonts.Face(size*1.3, true)}
	l.w = min(primerWidth*c.Scale+2*l.pad, float64(screen.X))
	l.rows = primerRows(l.face, l.bold, l.w-2*l.pad, ui.TextWidth(l.face, "• "))
	l.shown = max(1, min(len(l.rows), int((float64(screen.Y)-4*l.line-2*l.pad)/l.line)))
	l.first = max(0, min(first, len(l.rows)-l.shown))
	l.h = 2*l.pad + l.line*float64(l.shown+2)
	l.x0, l.y0 = max(0, float64(screen.X)/2-l.w/2), max(0, float64(screen.Y)/2-l.h/2)
	return l
}

// drawPrimer draws the help's first page, how to play, as a panel in the
// middle of a screen of the given size, scrolled to row first, and returns
// the first row shown.
func drawPrimer(c ui.Canvas, screen image.Point, first int) int {
	l := layoutPrimer(c, screen, first)
	c.Fill(l.x0, l.y0, l.x0+l.w, l.y0+l.h, ui.ColPanel)
	head := "How to play  (Left/Right: the controls · Esc closes)"
	if l.shown < len(l.rows) {
		head += fmt.Sprintf("  ·  rows %d–%d of %d, Up/Down or the wheel scroll", l.first+1, l.first+l.shown, len(l.rows))
	}
	c.Text(ui.FitText(l.title, head, l.w-2*l.pad), l.title, l.x0+l.pad, l.y0+l.pad+l.line/2, ui.AlignStart, ui.ColPanelText)
	for i, r := range l.rows[l.first : l.first+l.shown] {
		y := l.y0 + l.pad + l.line*float64(i+2)
		x, f, col := l.x0+l.pad, l.face, ui.ColPanelText
		switch {
		case r.heading:
			f, col = l.bold, ui.ColPanelKey
		case r.indent:
			x += ui.TextWidth(l.face, "• ")
		}
		c.Text(r.text, f, x, y, ui.AlignStart, col)
	}
	return l.first
}
