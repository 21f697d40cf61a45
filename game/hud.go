package game

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/units"
)

// The colours of the bars and panels (our own choice), beside ui's.
var (
	colBar       = color.RGBA{0x16, 0x19, 0x1c, 0xf0}
	colBarText   = color.RGBA{0xe8, 0xe6, 0xe0, 0xff}
	colBarDim    = color.RGBA{0x9a, 0x9c, 0x9e, 0xff}
	colBarAlert  = color.RGBA{0xff, 0x70, 0x50, 0xff}
	colPanelBack = color.RGBA{0x10, 0x12, 0x14, 0xff} // the right panel: opaque, so no map shows through
	colGood      = color.RGBA{0x90, 0xe0, 0x90, 0xff}
	colBad       = color.RGBA{0xff, 0x80, 0x70, 0xff}
	colComputer  = color.RGBA{0x90, 0xc0, 0xff, 0xff}
	colCover     = color.RGBA{0x0c, 0x0e, 0x10, 0xff}
	colToast     = color.RGBA{0x40, 0x14, 0x10, 0xf0} // a refusal
	colNote      = color.RGBA{0x16, 0x26, 0x3a, 0xf0} // a note
)

// panelTextSize is the font size of the panel, the log and the tooltip in
// window pixels (the bars' is ui.BarTextSize).
const panelTextSize = 13

// drawBars draws the top bar (scenario, turn, phase, who acts) and the
// status bar (the hovered hex, the line of sight to it, the zoom).
func (g *Game) drawBars(screen *ebiten.Image) {
	w := float64(g.screen.X)
	top := float64(g.view.Min.Y)
	bottom := float64(g.view.Max.Y)
	g.fillRect(screen, 0, 0, w, top, colBar)
	g.fillRect(screen, 0, bottom, w, float64(g.screen.Y), colBar)

	pad := 10 * g.scale
	bold := g.fonts.Face(ui.BarTextSize*g.scale, true)
	face := g.fonts.Face(ui.BarTextSize*g.scale, false)
	b := g.battle
	g.text(screen, b.Scenario().Title, bold, pad, top/2, ui.AlignStart, colBarText)
	col := colBarText
	if u, _, _ := b.MovePaused(); b.Moving() != nil || u != nil {
		col = colBarAlert
	}
	line := statusLine(b) + "  |  " + scoreLine(b, g.play.victory)
	g.text(screen, line, face, w/2, top/2, ui.AlignCenter, col)
	// The side to act in its colour: a band along the top bar's foot.
	if side := b.Acting(); side != "" && b.Result() == nil {
		g.fillRect(screen, 0, top-3*g.scale, w, top, boardview.SideColour(side))
	}
	right := "H help  F1 goal  Q menu"
	if r := g.play.replay; r != nil {
		right = fmt.Sprintf("replay %d/%d  N/B, Space plays", r.at, r.recorded.Len())
	}
	g.text(screen, right, face, w-pad, top/2, ui.AlignEnd, colBarDim)

	mid := (bottom + float64(g.screen.Y)) / 2
	left := "-"
	if h, ok := g.Hovered(); ok {
		left = describeHex(g.board, h)
		for _, e := range boardview.Sightings(g.play.view) {
			if e.Pose.Hex == h {
				left += "  |  " + sightingText(e)
			}
		}
		if s := g.play.pv.losStatus; s != "" {
			left += "  |  " + s
		}
	}
	right = fmt.Sprintf("zoom %d%%", int(g.cam.Zoom*100+0.5))
	if g.play.withLeader {
		right = "with leader    " + right
	}
	if g.play.panzerfaust {
		right = "Panzerfaust    " + right
	}
	if g.play.desperation {
		right = "desperation    " + right
	}
	if g.play.mode == modeSmoke {
		right = "SMOKE: click a hex    " + right
	}
	if g.message != "" {
		right = g.message + "    " + right
	}
	g.text(screen, right, face, w-pad, mid, ui.AlignEnd, colBarDim)
	// The hex's description stops short of the right-hand text.
	room := w - 3*pad - ui.TextWidth(face, right)
	g.text(screen, ui.FitText(face, left, room), face, pad, mid, ui.AlignStart, colBarText)
}

// describeHex is the status bar's line about hex h: label, terrain, level,
// cover, effect on LOS, road and hexside features.
func describeHex(b *board.Board, h board.Hex) string {
	c := b.Cell(h)
	info := c.Terrain.Info()
	parts := []string{b.Label(h), info.Name}
	if c.Road && c.Terrain != board.Road {
		parts = append(parts, "road")
	}
	parts = append(parts, fmt.Sprintf("level %d", c.Level))
	parts = append(parts, fmt.Sprintf("cover %+d", info.Cover))
	switch info.LOS {
	case board.Hinders:
		parts = append(parts, "hinders LOS")
	case board.Blocks:
		parts = append(parts, "blocks LOS")
	}
	for d := range board.Direction(6) {
		if f := b.Hexside(h, d); f != board.NoFeature {
			parts = append(parts, fmt.Sprintf("%s %s", f, d))
		}
	}
	if f := b.Fort(h); f.Kind != board.NoFort {
		parts = append(parts, describeFort(f))
	}
	return strings.Join(parts, "  |  ")
}

// drawPanel draws the right panel: the selected unit, then the log.
func (g *Game) drawPanel(screen *ebiten.Image) {
	r := g.panelRect()
	if r.Empty() {
		return
	}
	// What runs past the panel's foot (a long fire preview on a short
	// window) is cut there, clear of the status bar, and its lines answer
	// no click there.
	screen = screen.SubImage(r).(*ebiten.Image)
	defer g.clipPanelRects(r)
	s := g.scale
	x0, y0, x1, y1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
	g.fillRect(screen, x0, y0, x1, y1, colPanelBack)
	pad := 10 * s
	size := panelTextSize * s
	line := size * 1.45
	bold := g.fonts.Face(size, true)
	face := g.fonts.Face(size, false)
	width := x1 - x0 - 2*pad
	y := y0 + pad + line/2

	b := g.battle
	// section writes lines, the first in bold in the colour given, under
	// a rule when rule is set.
	section := func(lines []string, head color.RGBA, rule bool) {
		if rule {
			y += line / 2
			g.fillRect(screen, x0+pad, y, x1-pad, y+s, ui.ColPanelDim)
			y += line
		}
		for i, l := range lines {
			f, c := face, ui.ColPanelText
			if i == 0 {
				f, c = bold, head
			}
			for _, w := range ui.Wrap(f, l, width) {
				g.text(screen, w, f, x0+pad, y, ui.AlignStart, c)
				y += line
			}
		}
	}
	if u := b.Unit(g.play.unit); u != nil {
		section(append(unitInfo(b, u), phaseAbility(b, u)), ui.ColPanelKey, false)
	} else {
		g.text(screen, "no unit selected (Tab: next unit)", face, x0+pad, y, ui.AlignStart, ui.ColPanelDim)
		y += line
	}
	if u := g.hoveredUnit(); u != nil && len(g.play.pv.tip) == 0 {
		// The card of the unit under the cursor, friend or enemy.
		card := append(unitInfo(b, u), phaseAbility(b, u))
		card[0] = "under the cursor: " + card[0]
		section(card, sideTextColour(u.Side), true)
	}
	if declared := declaredLines(b); len(declared) > 0 {
		section(declared, ui.ColPanelKey, true)
	}
	g.reinforceRects = g.reinforceRects[:0]
	if more := reinforcementLines(b); len(more) > 0 {
		section(more[:1], ui.ColPanelKey, true)
		for i, u := range b.Reinforcements(b.Acting()) {
			top := y - line/2
			for _, w := range ui.Wrap(face, more[i+1], width) {
				g.text(screen, w, face, x0+pad, y, ui.AlignStart, ui.ColPanelText)
				y += line
			}
			g.reinforceRects = append(g.reinforceRects, panelUnit{image.Rect(int(x0), int(top), int(x1), int(y-line/2)), u.ID})
		}
	}
	if goal := g.goalLines(); len(goal) > 0 {
		section(goal, ui.ColPanelKey, true)
	}
	g.summaryRects = g.summaryRects[:0]
	if sum := g.play.summary; len(sum) > 0 && len(g.play.pv.tip) == 0 {
		y += line / 2
		g.fillRect(screen, x0+pad, y, x1-pad, y+s, ui.ColPanelDim)
		y += line
		g.text(screen, "Since your last turn  (click a line: show it)", bold, x0+pad, y, ui.AlignStart, ui.ColPanelKey)
		y += line
		for _, l := range sum {
			top := y - line/2
			for _, w := range ui.Wrap(face, l.text, width) {
				g.text(screen, w, face, x0+pad, y, ui.AlignStart, ui.ColPanelText)
				y += line
			}
			g.summaryRects = append(g.summaryRects, image.Rect(int(x0), int(top), int(x1), int(y-line/2)))
		}
	}
	if tip := g.play.pv.tip; len(tip) > 0 {
		y += line / 2
		g.fillRect(screen, x0+pad, y, x1-pad, y+s, ui.ColPanelDim)
		y += line
		for _, l := range tip {
			f, c := tipStyle(g, l, size)
			for _, w := range ui.Wrap(f, tipIndent(l)+l.text, width) {
				g.text(screen, w, f, x0+pad, y, ui.AlignStart, c)
				y += line
			}
		}
	}
	y += line / 2
	g.fillRect(screen, x0+pad, y, x1-pad, y+s, ui.ColPanelDim)
	y += line / 2
	g.text(screen, "Log  (wheel, PgUp/PgDn)", bold, x0+pad, y+line/2, ui.AlignStart, ui.ColPanelKey)
	y += line * 1.3

	// The log, newest at the bottom, wrapped to the panel.
	rows := g.play.log.wrapped(face, width, g.play.view.Side, g.opts.Reasoning)
	fit := int((y1 - pad - y) / line)
	if fit <= 0 {
		return
	}
	g.play.logScroll = max(0, min(g.play.logScroll, len(rows)-fit))
	end := len(rows) - g.play.logScroll
	start := max(0, end-fit)
	for _, l := range rows[start:end] {
		g.text(screen, l.text, face, x0+pad, y+line/2, ui.AlignStart, logColour(l.kind))
		y += line
	}
}

// clipPanelRects holds the panel's clickable lines to the panel r, a line
// drawn past its foot to nothing.
func (g *Game) clipPanelRects(r image.Rectangle) {
	for i := range g.summaryRects {
		g.summaryRects[i] = g.summaryRects[i].Intersect(r)
	}
	for i := range g.reinforceRects {
		g.reinforceRects[i].rect = g.reinforceRects[i].rect.Intersect(r)
	}
}

// logColour is the colour of a log line of kind k.
func logColour(k logKind) color.RGBA {
	switch k {
	case logHeading:
		return ui.ColPanelKey
	case logStep:
		return ui.ColPanelDim
	case logResult:
		return colGood
	case logComputer:
		return colComputer
	case logError:
		return colBad
	}
	return ui.ColPanelText
}

// scrollLog scrolls the log by n lines (positive: back in time), or the
// help by n rows (positive: up) while it shows.
func (g *Game) scrollLog(n float64) {
	if g.showHelp {
		g.helpFirst = max(0, g.helpFirst-int(n))
		return
	}
	g.play.logScroll = max(0, g.play.logScroll+int(n))
}

// tooltip is what the bottom left corner of the map shows when the panel,
// which shows it otherwise, is hidden: the fire preview, else the card of
// the unit under the cursor.
func (g *Game) tooltip() []tipLine {
	if !g.panelRect().Empty() {
		return nil
	}
	if tip := g.play.pv.tip; len(tip) > 0 {
		return tip
	}
	u := g.hoveredUnit()
	if u == nil {
		return nil
	}
	card := append(unitInfo(g.battle, u), phaseAbility(g.battle, u))
	lines := make([]tipLine, len(card))
	for i, l := range card {
		lines[i] = tipLine{kind: tipText, text: l}
	}
	lines[0].kind = tipTitle
	return lines
}

// drawTooltip draws the tooltip in the bottom left corner of the map.
func (g *Game) drawTooltip(screen *ebiten.Image) {
	tip := g.tooltip()
	if len(tip) == 0 {
		return
	}
	s := g.scale
	size := panelTextSize * s
	line := size * 1.4
	pad := 8 * s
	w := 0.0
	for _, l := range tip {
		f, _ := tipStyle(g, l, size)
		w = max(w, ui.TextWidth(f, tipIndent(l)+l.text))
	}
	bw, bh := w+2*pad, line*float64(len(tip))+2*pad
	x, y := float64(g.view.Min.X)+pad, float64(g.view.Max.Y)-pad-bh
	g.fillRect(screen, x, y, x+bw, y+bh, ui.ColPanel)
	ty := y + pad + line/2
	for _, l := range tip {
		f, c := tipStyle(g, l, size)
		g.text(screen, tipIndent(l)+l.text, f, x+pad, ty, ui.AlignStart, c)
		ty += line
	}
}

// tipStyle is the face and colour of a fire preview line.
func tipStyle(g *Game, l tipLine, size float64) (ui.Face, color.RGBA) {
	switch l.kind {
	case tipTitle:
		return g.fonts.Face(size, true), ui.ColPanelKey
	case tipStep:
		return g.fonts.Face(size, false), ui.ColPanelDim
	case tipResult:
		return g.fonts.Face(size, false), colGood
	case tipRefused:
		return g.fonts.Face(size, false), colBad
	}
	return g.fonts.Face(size, false), ui.ColPanelText
}

func tipIndent(l tipLine) string {
	if l.kind == tipStep || l.kind == tipResult {
		return "  "
	}
	return ""
}

// drawToast draws the latest refusal or note at the top of the map.
func (g *Game) drawToast(screen *ebiten.Image) {
	p := &g.play
	if p.toast == "" || p.tick >= p.toastUntil {
		return
	}
	s := g.scale
	face := g.fonts.Face(ui.BarTextSize*s, false)
	pad := 10 * s
	width := float64(g.view.Dx()) * 0.8
	lines := ui.Wrap(face, p.toast, width)
	line := ui.BarTextSize * s * 1.5
	w := 0.0
	for _, l := range lines {
		w = max(w, ui.TextWidth(face, l))
	}
	cx := float64(g.view.Min.X+g.view.Max.X) / 2
	y0 := float64(g.view.Min.Y) + pad
	bg := colNote
	if p.toastBad {
		bg = colToast
	}
	g.fillRect(screen, cx-w/2-pad, y0, cx+w/2+pad, y0+line*float64(len(lines))+pad, bg)
	for i, l := range lines {
		g.text(screen, l, face, cx, y0+pad/2+line*(float64(i)+0.5), ui.AlignCenter, colBarText)
	}
}

// drawCover draws the hand-over or result screen over the whole map.
func (g *Game) drawCover(screen *ebiten.Image) {
	p := &g.play
	if p.coverText == "" {
		return
	}
	s := g.scale
	g.fillRect(screen, 0, float64(g.view.Min.Y), float64(g.screen.X), float64(g.view.Max.Y), colCover)
	cx := float64(g.screen.X) / 2
	cy := float64(g.view.Min.Y+g.view.Max.Y) / 2
	title := g.fonts.Face(ui.BarTextSize*s*2, true)
	face := g.fonts.Face(ui.BarTextSize*s*1.2, false)
	g.text(screen, p.coverTitle, title, cx, cy-ui.BarTextSize*s*3, ui.AlignCenter, ui.ColPanelKey)
	lines := ui.Wrap(face, p.coverText, float64(g.screen.X)*0.8)
	for i, l := range lines {
		g.text(screen, l, face, cx, cy+float64(i)*ui.BarTextSize*s*1.8, ui.AlignCenter, ui.ColPanelText)
	}
	g.text(screen, "click or press Space to continue", g.fonts.Face(ui.BarTextSize*s, false), cx,
		cy+float64(len(lines)+2)*ui.BarTextSize*s*1.8, ui.AlignCenter, ui.ColPanelDim)
}

// drawHelp draws the keymap over the battle, from the row the help is
// scrolled to (PgUp and PgDn scroll it while it shows).
func (g *Game) drawHelp(screen *ebiten.Image) {
	g.helpFirst = drawKeymap(ui.Canvas{Dst: screen, Fonts: g.fonts, Batch: g.batch, Scale: g.scale}, g.screen, g.helpFirst, "PgUp/PgDn")
}

// drawKeymap draws the keymap as a panel in the middle of a screen of the
// given size, in as many columns as the height needs, its text made
// smaller (down to keymapMinSize of the bar's) until the panel fits the
// width; a help longer than its column then wraps onto more rows, and
// when the rows are more than the screen holds the panel shows them from
// row first, its title saying which rows show and that scrollKeys scroll
// them. It returns the first row shown.
func drawKeymap(c ui.Canvas, screen image.Point, first int, scrollKeys string) int {
	l := layoutKeymap(c, screen, first)
	c.Fill(l.x0, l.y0, l.x0+l.w, l.y0+l.h, ui.ColPanel)
	title := "Controls  (Esc closes)"
	if l.shown < l.rows {
		title += fmt.Sprintf("  ·  rows %d–%d of %d, %s scroll", l.first+1, l.first+l.shown, l.rows, scrollKeys)
	}
	c.Text(title, l.title, l.x0+l.pad, l.y0+l.pad+l.line/2, ui.AlignStart, ui.ColPanelText)
	for i, e := range l.entries {
		x := l.x0 + l.pad + float64(e.col)*(l.colW+2*l.gap)
		for j, help := range e.help {
			row := e.row + j - l.first
			if row < 0 || row >= l.shown {
				continue
			}
			y := l.y0 + l.pad + l.line*2 + l.line*float64(row)
			if j == 0 {
				c.Text(Keymap[i].Controls(), l.bold, x+l.keysW, y, ui.AlignEnd, ui.ColPanelKey)
			}
			c.Text(help, l.face, x+l.keysW+l.gap, y, ui.AlignStart, ui.ColPanelText)
		}
	}
	return l.first
}

// keymapMinSize is the smallest the help's text is made, as a share of the
// top bar's text size: smaller is hard to read.
const keymapMinSize = 0.7

// keymapLayout is where drawKeymap puts the panel and its columns.
type keymapLayout struct {
	bold, face, title           ui.Face
	line, pad, gap, keysW, colW float64
	entries                     []keymapEntry // one for each binding of Keymap, in its order
	rows, shown, first          int           // rows of the longest column, the rows shown and the first of them
	x0, y0, w, h                float64
}

// keymapEntry is where a binding of the keymap is: its column, its first
// row and its help wrapped to the column.
type keymapEntry struct {
	col, row int
	help     []string
}

// layoutKeymap lays the keymap out for a screen of the given size, scrolled
// to row first (held to the rows there are).
func layoutKeymap(c ui.Canvas, screen image.Point, first int) keymapLayout {
	var l keymapLayout
	for share := 1.0; ; share -= 0.05 {
		size := ui.BarTextSize * c.Scale * share
		l.line, l.pad, l.gap = size*1.5, 18*c.Scale*share, 16*c.Scale*share
		l.bold, l.face, l.title = c.Fonts.Face(size, true), c.Fonts.Face(size, false), c.Fonts.Face(size*1.3, true)
		helpW := 0.0
		l.keysW = 0
		for _, b := range Keymap {
			l.keysW = max(l.keysW, ui.TextWidth(l.bold, b.Controls()))
			helpW = max(helpW, ui.TextWidth(l.face, b.Help))
		}
		rowsFit := max(1, int((float64(screen.Y)-4*l.line-2*l.pad)/l.line))
		cols := (len(Keymap) + rowsFit - 1) / rowsFit
		l.colW = l.keysW + l.gap + helpW
		l.w = l.pad*2 + l.colW*float64(cols) + 2*l.gap*float64(cols-1)
		if l.w > float64(screen.X) && share-0.05 >= keymapMinSize {
			continue
		}
		if l.w > float64(screen.X) { // at the smallest size: the longest helps wrap
			l.colW = (float64(screen.X) - l.pad*2 - 2*l.gap*float64(cols-1)) / float64(cols)
			l.w = float64(screen.X)
		}
		l.arrange(cols)
		l.shown = min(l.rows, rowsFit)
		l.first = max(0, min(first, l.rows-l.shown))
		l.h = l.pad*2 + l.line*float64(l.shown+2)
		l.x0, l.y0 = max(0, float64(screen.X)/2-l.w/2), max(0, float64(screen.Y)/2-l.h/2)
		return l
	}
}

// arrange wraps each binding's help to the column and fills the columns
// in turn, a binding never split between two, the columns as even as
// that allows.
func (l *keymapLayout) arrange(cols int) {
	helpW := max(1, l.colW-l.keysW-l.gap)
	wrapped := make([][]string, len(Keymap))
	total := 0
	for i, b := range Keymap {
		for _, line := range ui.Wrap(l.face, b.Help, helpW) {
			wrapped[i] = append(wrapped[i], strings.TrimLeft(line, " "))
		}
		total += len(wrapped[i])
	}
	l.entries = make([]keymapEntry, len(Keymap))
	for perCol := (total + cols - 1) / cols; ; perCol++ {
		col, row := 0, 0
		l.rows = 0
		for i, help := range wrapped {
			if row > 0 && row+len(help) > perCol {
				col, row = col+1, 0
			}
			l.entries[i] = keymapEntry{col: col, row: row, help: help}
			row += len(help)
			l.rows = max(l.rows, row)
		}
		if col < cols {
			return
		}
	}
}

// fillRect fills the screen rectangle [x0, x1]×[y0, y1].
func (g *Game) fillRect(dst *ebiten.Image, x0, y0, x1, y1 float64, c color.RGBA) {
	g.batch.Fan(dst, c,
		ui.Pt(float32(x0), float32(y0)), ui.Pt(float32(x1), float32(y0)),
		ui.Pt(float32(x1), float32(y1)), ui.Pt(float32(x0), float32(y1)))
	g.batch.Flush(dst)
}

// text draws s with its vertical centre at y, aligned on x.
func (g *Game) text(dst *ebiten.Image, s string, f ui.Face, x, y float64, a ui.Align, c color.RGBA) {
	ui.DrawText(dst, s, f, x, y, a, c)
}

// hoveredUnit is the unit under the cursor whose card the panel shows:
// the first of the hovered hex's stack that is not the selected unit.
func (g *Game) hoveredUnit() *battle.Unit {
	if !g.hasHover {
		return nil
	}
	for _, u := range g.battle.UnitsAt(g.hovered) {
		if u.ID != g.play.unit {
			return u
		}
	}
	return nil
}

// goalLines are the panel's lines on the goal: the objectives and who
// holds them (F1 shows the briefing and the conditions in full).
func (g *Game) goalLines() []string {
	obj := objectiveLines(g.battle, g.play.victory)
	if len(obj) == 0 {
		return nil
	}
	return append([]string{"Objectives  (F1: briefing and how to win)"}, obj...)
}

// drawBanner announces the side to act over the top of the map.
func (g *Game) drawBanner(screen *ebiten.Image) {
	p := &g.play
	if p.banner == "" || p.tick >= p.bannerUntil {
		return
	}
	b := g.bannerLayout()
	s := g.scale
	x0, y0, x1, y1 := float64(b.box.Min.X), float64(b.box.Min.Y), float64(b.box.Max.X), float64(b.box.Max.Y)
	g.fillRect(screen, x0, y0, x1, y1, boardview.SideColour(p.bannerSide))
	g.fillRect(screen, x0, y1-3*s, x1, y1, ui.ColPanelKey)
	for i, l := range b.lines {
		g.text(screen, l, b.face, (x0+x1)/2, y0+b.size*0.45+b.line*(float64(i)+0.5), ui.AlignCenter, boardview.InkLight)
	}
}

// bannerBox is where the banner goes and what it says, line by line.
type bannerBox struct {
	lines      []string
	face       ui.Face
	size, line float64
	box        image.Rectangle
}

// bannerLayout lays the banner out centred near the top of the map: a
// banner longer than the map is wide wraps, so none of it is cut off.
func (g *Game) bannerLayout() bannerBox {
	s := g.scale
	b := bannerBox{size: ui.BarTextSize * 1.5 * s}
	b.face, b.line = g.fonts.Face(b.size, true), b.size*1.3
	pad := 20 * s
	w := 0.0
	for _, l := range ui.Wrap(b.face, g.play.banner, float64(g.view.Dx())*0.9-2*pad) {
		l = strings.TrimLeft(l, " ")
		b.lines = append(b.lines, l)
		w = max(w, ui.TextWidth(b.face, l))
	}
	w += 2 * pad
	h := b.line*float64(len(b.lines)) + b.size*0.9
	cx := float64(g.view.Min.X+g.view.Max.X) / 2
	y := float64(g.view.Min.Y) + float64(g.view.Dy())*0.12
	b.box = image.Rect(int(cx-w/2), int(y), int(cx+w/2), int(y+h))
	return b
}

// drawBriefingOverlay shows the briefing and the victory conditions over
// the map (F1).
func (g *Game) drawBriefingOverlay(screen *ebiten.Image) {
	c := ui.Canvas{Dst: screen, Fonts: g.fonts, Batch: g.batch, Scale: g.scale}
	r := g.view.Inset(int(30 * g.scale))
	c.FillRect(r, ui.ColPanel)
	var computer []maps.Side
	for _, side := range bothSides {
		if g.play.computer[side] {
			computer = append(computer, side)
		}
	}
	drawBriefing(c, r, g.battle.Scenario(), g.play.victory, rulesText(g.battle.Scenario(), g.battle.Rules().Name()), computer)
	c.Text("F1 or Esc closes", c.Face(ui.BarTextSize, false), float64(r.Min.X+r.Max.X)/2, float64(r.Max.Y)-20*g.scale, ui.AlignCenter, ui.ColPanelDim)
}

// phaseAbility says what unit u can still do in the phase under way.
func phaseAbility(b *battle.Battle, u *battle.Unit) string {
	switch {
	case u.Waiting():
		return waitingAbility(b, u)
	case !u.Active():
		return "out of the battle"
	case b.Result() != nil:
		return "the battle is over"
	case u.Side != b.Acting():
		return fmt.Sprintf("this phase: the %s act, not this unit's side", b.Acting().Title())
	case !canAct(b, u):
		return "this phase: " + cannotActWhy(b, u)
	case b.Moving() != nil:
		return "this phase: may opportunity-fire at the moving unit"
	}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		return "this phase: may still fire"
	case battle.Movement:
		return "this phase: may still move"
	case battle.AdvancePhase:
		return "this phase: may still advance, assault or turn"
	}
	return "this phase: may still act"
}

// cannotActWhy says why unit u of the acting side can do nothing more in
// the phase under way, in the phase's terms: what it did already, or what
// holds it.
func cannotActWhy(b *battle.Battle, u *battle.Unit) string {
	switch {
	case !u.OnMap():
		return "aboard a vehicle, it may only get out in the Movement phase"
	case u.Has(battle.Pinned):
		return "pinned: it neither fires nor moves until it rallies"
	case b.Moving() != nil:
		return "no shot at the moving unit"
	}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		switch {
		case u.Has(battle.Fired):
			return "fired already"
		case u.Has(battle.SmokeLaid):
			return "laid smoke instead of firing"
		case u.Type.Kind == units.Leader:
			return "a leader fires no weapon of his own: he directs the fire of a unit in his hex"
		}
	case battle.Movement:
		if err := b.CheckMove(u); err != nil {
			return strings.TrimPrefix(err.Error(), u.Label()+" ")
		}
		return "it has no movement points of its own (a Gun moves in tow)"
	case battle.AdvancePhase:
		switch {
		case u.Has(battle.Immobile):
			return "immobilized"
		case u.Has(battle.TurnedInAdvance):
			return "turned in this phase"
		case u.Has(battle.Advanced):
			return "advanced or assaulted in this phase"
		}
	}
	return "has done all it can"
}

// describeFort is the status bar's words on a hex's fortification: what
// it gives its occupants and does to movers (rules 20).
func describeFort(f board.Fort) string {
	info := f.Kind.Info()
	switch f.Kind {
	case board.Foxhole, board.Trench:
		return fmt.Sprintf("%s: cover %+d for infantry, +%d MP to enter", f.Kind, info.Cover, info.EntryMP)
	case board.Sandbags:
		return fmt.Sprintf("sandbags: cover %+d for infantry and Guns, +%d MP to enter", info.Cover, info.EntryMP)
	case board.Bunker, board.EarthBunker:
		return fmt.Sprintf("%s: cover %+d, one Gun or %d infantry, fires only toward %v, AP fire only, blocks LOS", f, info.Cover, info.Capacity, f.Facing)
	case board.Minefield:
		return fmt.Sprintf("minefield: a unit entering is eliminated on a die roll of %d or less", battle.MinefieldKills)
	case board.Wire:
		return "barbed wire: infantry entering stop, vehicles other than AFVs barred, infantry firing from it +1"
	}
	return f.String()
}

// sightingText is what the bottom bar says of sighting e under the
// cursor: "contact: something is there" or "last seen: Tiger I #9, turn 3".
func sightingText(e battle.Enemy) string {
	if e.Known == battle.Contact {
		return "contact: something is there"
	}
	return fmt.Sprintf("last seen: %s #%d, turn %d", e.Name, e.ID, e.Turn)
}
