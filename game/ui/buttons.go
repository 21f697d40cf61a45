package ui

import "image"

// Button is one choice of a menu screen.
type Button struct {
	Label string
	Off   bool   // shown dimmed and skipped: not possible now
	Do    func() // what choosing it does
}

// ButtonList is a column of buttons chosen with the arrows and Enter or
// with the mouse; its layout is fixed by the rectangles given each frame.
type ButtonList struct {
	Items []Button
	Focus int
}

// Move sets the focus to the next button in direction d (±1) that is on.
func (l *ButtonList) Move(d int) {
	n := len(l.Items)
	for i := 1; i <= n; i++ {
		j := ((l.Focus+d*i)%n + n) % n
		if !l.Items[j].Off {
			l.Focus = j
			return
		}
	}
}

// FirstOn puts the focus on the first button that is on.
func (l *ButtonList) FirstOn() {
	l.Focus = len(l.Items) - 1
	l.Move(1)
}

// Update moves the focus and chooses a button; rects are where the
// buttons are drawn. It returns whether a button was chosen.
func (l *ButtonList) Update(in Input, rects []image.Rectangle) bool {
	if in.Up {
		l.Move(-1)
	}
	if in.Down {
		l.Move(1)
	}
	for i, r := range rects {
		if i < len(l.Items) && !l.Items[i].Off && in.Cursor.In(r) {
			if in.Click {
				l.Focus = i
				l.Items[i].Do()
				return true
			}
		}
	}
	if in.Enter && l.Focus < len(l.Items) && !l.Items[l.Focus].Off {
		l.Items[l.Focus].Do()
		return true
	}
	return false
}

// Column lays n buttons out down from (x, y), each w×h with a gap.
func Column(n int, x, y, w, h, gap int) []image.Rectangle {
	rs := make([]image.Rectangle, n)
	for i := range rs {
		rs[i] = image.Rect(x, y+i*(h+gap), x+w, y+i*(h+gap)+h)
	}
	return rs
}

// minColumnShare is the least share of their height and gap FitColumn
// shrinks a column's buttons to: below it their label no longer fits.
const minColumnShare = 0.6

// FitColumn lays n buttons out down from (x, top) as Column does, each w
// wide, their height h and gap shrunk alike (to no less than
// minColumnShare of them) so that the column ends above bottom on a
// short window.
func FitColumn(n, x, top, bottom, w, h, gap int) []image.Rectangle {
	if natural := n*(h+gap) - gap; natural > bottom-top && natural > 0 {
		k := max(minColumnShare, float64(bottom-top)/float64(natural))
		h, gap = int(float64(h)*k), int(float64(gap)*k)
	}
	return Column(n, x, top, w, h, gap)
}

// Draw draws the buttons in their rectangles, the focused one
// highlighted; a button whose rectangle is empty (scrolled out of a list)
// is not drawn, and Update never chooses it by a click.
func (l *ButtonList) Draw(c Canvas, rects []image.Rectangle) {
	f := c.Face(BarTextSize*1.15, true)
	for i, r := range rects {
		if i >= len(l.Items) {
			break
		}
		if r.Empty() {
			continue
		}
		b := l.Items[i]
		bg, fg := colButton, ColPanelText
		switch {
		case b.Off:
			bg, fg = ColButtonOff, ColPanelDim
		case i == l.Focus:
			bg, fg = ColButtonFocus, ColPanelKey
		}
		c.FillRect(r, colFrame)
		c.FillRect(r.Inset(max(1, int(c.Scale))), bg)
		c.Text(b.Label, f, float64(r.Min.X)+12*c.Scale, float64(r.Min.Y+r.Max.Y)/2, AlignStart, fg)
	}
}

// QuestionButtons are the Yes and No buttons of a question shown over
// area.
func QuestionButtons(area image.Rectangle, scale float64) (yes, no image.Rectangle) {
	cx, cy := (area.Min.X+area.Max.X)/2, (area.Min.Y+area.Max.Y)/2
	w, h, gap := int(150*scale), int(34*scale), int(20*scale)
	top := cy + int(30*scale)
	yes = image.Rect(cx-gap/2-w, top, cx-gap/2, top+h)
	no = image.Rect(cx+gap/2, top, cx+gap/2+w, top+h)
	return yes, no
}

// DrawQuestionBox draws a question in a box in the middle of area, with
// its Yes and No buttons.
func DrawQuestionBox(c Canvas, area image.Rectangle, text string) {
	s := c.Scale
	yes, no := QuestionButtons(area, s)
	face := c.Face(BarTextSize*1.15, false)
	line := BarTextSize * 1.15 * s * 1.5
	width := min(float64(area.Dx())*0.8, 620*s)
	lines := Wrap(face, text, width)
	cx := float64(area.Min.X+area.Max.X) / 2
	top := float64(yes.Min.Y) - 20*s - line*float64(len(lines))
	box := image.Rect(int(cx-width/2-20*s), int(top-20*s), int(cx+width/2+20*s), yes.Max.Y+int(20*s))
	c.FillRect(box, ColPanelKey)
	c.FillRect(box.Inset(int(2*s)), ColPanel)
	for i, l := range lines {
		c.Text(l, face, cx, top+line*(float64(i)+0.5), AlignCenter, ColPanelText)
	}
	l := ButtonList{Items: []Button{{Label: "Yes  (Y)"}, {Label: "No  (Esc)"}}, Focus: -1}
	l.Draw(c, []image.Rectangle{yes, no})
}

// AnswerQuestion takes a menu screen's input as the answer to q: it returns
// true once answered (yes runs on Y, Enter or a click on Yes).
func AnswerQuestion(in Input, q *Question, area image.Rectangle, scale float64) bool {
	yes, no := QuestionButtons(area, scale)
	switch {
	case in.Yes || in.Enter || in.Click && in.Cursor.In(yes):
		q.Yes()
		return true
	case in.Back || in.Click && in.Cursor.In(no):
		return true
	}
	return false
}

// Question is a yes/no question over the map or a menu screen.
type Question struct {
	Text string // the question, wrapped to the box
	Yes  func() // what answering yes does
}
