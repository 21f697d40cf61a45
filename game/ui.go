package game

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// The colours of the menu screens (our own choice).
var (
	colButton      = color.RGBA{0x26, 0x2b, 0x30, 0xff}
	colButtonFocus = color.RGBA{0x4a, 0x3c, 0x10, 0xff}
	colButtonOff   = color.RGBA{0x1a, 0x1d, 0x20, 0xff}
	colFrame       = color.RGBA{0x5a, 0x60, 0x66, 0xff}
)

// canvas draws the menu screens: rectangles and text at the app's scale.
type canvas struct {
	dst   *ebiten.Image
	fonts *fonts
	batch *triBatch
	scale float64
}

func (a *App) canvas(dst *ebiten.Image) canvas {
	return canvas{dst: dst, fonts: a.fonts, batch: a.batch, scale: a.scale}
}

// fill fills the rectangle [x0, x1]×[y0, y1].
func (c canvas) fill(x0, y0, x1, y1 float64, col color.RGBA) {
	c.batch.fan(c.dst, col,
		point{float32(x0), float32(y0)}, point{float32(x1), float32(y0)},
		point{float32(x1), float32(y1)}, point{float32(x0), float32(y1)})
	c.batch.flush(c.dst)
}

// fillRect fills r.
func (c canvas) fillRect(r image.Rectangle, col color.RGBA) {
	c.fill(float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y), col)
}

// face is the regular or bold face of size window pixels.
func (c canvas) face(size float64, bold bool) face { return c.fonts.face(size*c.scale, bold) }

// text draws s centred vertically on y.
func (c canvas) text(s string, f face, x, y float64, a align, col color.RGBA) {
	drawText(c.dst, s, f, x, y, a, col)
}

// paragraph draws s wrapped to width from (x, y), line by line, and
// returns the y below it.
func (c canvas) paragraph(s string, f face, x, y, width, line float64, col color.RGBA) float64 {
	for _, l := range wrap(f, s, width) {
		c.text(strings.TrimLeft(l, " "), f, x, y+line/2, alignStart, col)
		y += line
	}
	return y
}

// button is one choice of a menu screen.
type button struct {
	label string
	off   bool   // shown dimmed and skipped: not possible now
	do    func() // what choosing it does
}

// buttonList is a column of buttons chosen with the arrows and Enter or
// with the mouse; its layout is fixed by the rectangles given each frame.
type buttonList struct {
	items []button
	focus int
}

// move sets the focus to the next button in direction d (±1) that is on.
func (l *buttonList) move(d int) {
	n := len(l.items)
	for i := 1; i <= n; i++ {
		j := ((l.focus+d*i)%n + n) % n
		if !l.items[j].off {
			l.focus = j
			return
		}
	}
}

// firstOn puts the focus on the first button that is on.
func (l *buttonList) firstOn() {
	l.focus = len(l.items) - 1
	l.move(1)
}

// update moves the focus and chooses a button; rects are where the
// buttons are drawn. It returns whether a button was chosen.
func (l *buttonList) update(in uiInput, rects []image.Rectangle) bool {
	if in.up {
		l.move(-1)
	}
	if in.down {
		l.move(1)
	}
	for i, r := range rects {
		if i < len(l.items) && !l.items[i].off && in.cursor.In(r) {
			if in.click {
				l.focus = i
				l.items[i].do()
				return true
			}
		}
	}
	if in.enter && l.focus < len(l.items) && !l.items[l.focus].off {
		l.items[l.focus].do()
		return true
	}
	return false
}

// column lays n buttons out down from (x, y), each w×h with a gap.
func column(n int, x, y, w, h, gap int) []image.Rectangle {
	rs := make([]image.Rectangle, n)
	for i := range rs {
		rs[i] = image.Rect(x, y+i*(h+gap), x+w, y+i*(h+gap)+h)
	}
	return rs
}

// draw draws the buttons in their rectangles, the focused one
// highlighted.
func (l *buttonList) draw(c canvas, rects []image.Rectangle) {
	f := c.face(barTextSize*1.15, true)
	for i, r := range rects {
		if i >= len(l.items) {
			break
		}
		b := l.items[i]
		bg, fg := colButton, colPanelText
		switch {
		case b.off:
			bg, fg = colButtonOff, colPanelDim
		case i == l.focus:
			bg, fg = colButtonFocus, colPanelKey
		}
		c.fillRect(r, colFrame)
		c.fillRect(r.Inset(max(1, int(c.scale))), bg)
		c.text(b.label, f, float64(r.Min.X)+12*c.scale, float64(r.Min.Y+r.Max.Y)/2, alignStart, fg)
	}
}

// questionButtons are the Yes and No buttons of a question shown over
// area.
func questionButtons(area image.Rectangle, scale float64) (yes, no image.Rectangle) {
	cx, cy := (area.Min.X+area.Max.X)/2, (area.Min.Y+area.Max.Y)/2
	w, h, gap := int(150*scale), int(34*scale), int(20*scale)
	top := cy + int(30*scale)
	yes = image.Rect(cx-gap/2-w, top, cx-gap/2, top+h)
	no = image.Rect(cx+gap/2, top, cx+gap/2+w, top+h)
	return yes, no
}

// askButtons are the Yes and No buttons of the question over the map.
func (g *Game) askButtons() (yes, no image.Rectangle) { return questionButtons(g.view, g.scale) }

// drawQuestion draws the question over the map.
func (g *Game) drawQuestion(screen *ebiten.Image) {
	if g.ask != nil {
		drawQuestionBox(canvas{dst: screen, fonts: g.fonts, batch: g.batch, scale: g.scale}, g.view, g.ask.text)
	}
}

// drawQuestionBox draws a question in a box in the middle of area, with
// its Yes and No buttons.
func drawQuestionBox(c canvas, area image.Rectangle, text string) {
	s := c.scale
	yes, no := questionButtons(area, s)
	face := c.face(barTextSize*1.15, false)
	line := barTextSize * 1.15 * s * 1.5
	width := min(float64(area.Dx())*0.8, 620*s)
	lines := wrap(face, text, width)
	cx := float64(area.Min.X+area.Max.X) / 2
	top := float64(yes.Min.Y) - 20*s - line*float64(len(lines))
	box := image.Rect(int(cx-width/2-20*s), int(top-20*s), int(cx+width/2+20*s), yes.Max.Y+int(20*s))
	c.fillRect(box, colPanelKey)
	c.fillRect(box.Inset(int(2*s)), colPanel)
	for i, l := range lines {
		c.text(l, face, cx, top+line*(float64(i)+0.5), alignCenter, colPanelText)
	}
	l := buttonList{items: []button{{label: "Yes  (Y)"}, {label: "No  (Esc)"}}, focus: -1}
	l.draw(c, []image.Rectangle{yes, no})
}

// answerUI takes a menu screen's input as the answer to q: it returns
// true once answered (yes runs on Y, Enter or a click on Yes).
func answerUI(in uiInput, q *question, area image.Rectangle, scale float64) bool {
	yes, no := questionButtons(area, scale)
	switch {
	case in.yes || in.enter || in.click && in.cursor.In(yes):
		q.yes()
		return true
	case in.back || in.click && in.cursor.In(no):
		return true
	}
	return false
}
