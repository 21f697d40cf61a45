package game

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/combat"
	"hexfire/game/ui"
)

// The owner's casualty allocation: after AP fire at a person's units
// (not under the quick setting), the battle waits for him to choose how
// the casualty points are spent among the rules' legal choices, which the
// battle lists (battle.AllocationPending). The dialog shows them, the
// automatic one first; a digit, a click on a line, or Enter for the first
// gives the Allocate order.

// maxCasualtyRows is how many choices the dialog lists: the digits 1–9
// and a few more for the mouse. More are rare (many units in one hex);
// the last line then says how many are left out.
const maxCasualtyRows = 12

// ownerAllocates reports whether the owner of the units an AP attack o
// strikes chooses how to spend its points: a person playing the other
// side than the one acting, without the quick setting.
func (g *Game) ownerAllocates(o battle.FireAP) battle.FireAP {
	owner := battle.Opponent(g.battle.Acting())
	o.OwnerAllocates = !g.opts.QuickCasualties && !g.play.computer[owner] && g.play.replay == nil
	return o
}

// casualtyChoice returns the allocation waiting for a person, if one is.
func (g *Game) casualtyChoice() (battle.PendingAllocation, bool) {
	pa, ok := g.battle.AllocationPending()
	if !ok || g.play.computer[pa.Owner] || g.play.replay != nil {
		return pa, false
	}
	return pa, true
}

// chooseCasualties takes this frame's input as the owner's choice.
func (g *Game) chooseCasualties(pa battle.PendingAllocation, in *Intents) {
	rows, _ := g.casualtyRows(pa)
	pick := -1
	switch {
	case in.Member >= 1 && in.Member <= len(rows):
		pick = in.Member - 1
	case in.Triggered[ActionEndPhase]:
		pick = 0
	case in.Click:
		for i, r := range rows {
			if in.Cursor.In(r) {
				pick = i
			}
		}
	}
	if pick >= 0 && g.issue(battle.Allocate{Losses: pa.Choices[pick]}) && g.play.bannerSide == pa.Owner {
		g.play.bannerUntil = g.play.tick // the banner asking for the choice has had its answer
	}
}

// casualtyRows lays out the dialog over the map: the box and one
// rectangle per choice listed.
func (g *Game) casualtyRows(pa battle.PendingAllocation) (rows []image.Rectangle, box image.Rectangle) {
	s := g.scale
	n := min(len(pa.Choices), maxCasualtyRows)
	line := int(ui.BarTextSize * 1.6 * s)
	width := min(g.view.Dx()*9/10, int(760*s))
	head := 3 * line
	height := head + n*line + 2*line
	// At the foot of the map, so that the hex struck stays in sight
	// above it (the camera may be moved to it while the dialog waits).
	cx, bottom := (g.view.Min.X+g.view.Max.X)/2, g.view.Max.Y-int(16*s)
	box = image.Rect(cx-width/2, bottom-height, cx+width/2, bottom)
	for i := range n {
		top := box.Min.Y + head + i*line
		rows = append(rows, image.Rect(box.Min.X+int(12*s), top, box.Max.X-int(12*s), top+line))
	}
	return rows, box
}

// drawCasualties draws the dialog while a person chooses.
func (g *Game) drawCasualties(screen *ebiten.Image) {
	pa, ok := g.casualtyChoice()
	if !ok || g.play.cover() != "" {
		return
	}
	c := ui.Canvas{Dst: screen, Fonts: g.fonts, Batch: g.batch, Scale: g.scale}
	rows, box := g.casualtyRows(pa)
	s := g.scale
	line := float64(ui.BarTextSize * 1.6 * s)
	c.FillRect(box, ui.ColPanelKey)
	c.FillRect(box.Inset(int(2*s)), ui.ColPanel)
	title := c.Face(ui.BarTextSize*1.2, true)
	face := c.Face(ui.BarTextSize, false)
	x := float64(box.Min.X) + 20*s
	c.Text(fmt.Sprintf("%s: %s in %s", pa.Owner.Title(), ui.Plural(pa.Points, "casualty point"), g.battle.Board().Label(pa.Target)),
		title, x, float64(box.Min.Y)+line, ui.AlignStart, ui.ColPanelKey)
	c.Text("Choose how your units take them:", face, x, float64(box.Min.Y)+2*line, ui.AlignStart, ui.ColPanelText)
	cursor := image.Pt(ebiten.CursorPosition())
	for i, r := range rows {
		if cursor.In(r) {
			c.FillRect(r, ui.ColButtonFocus)
		}
		key := "   "
		if i < 9 {
			key = fmt.Sprintf("%d  ", i+1)
		}
		text := key + allocationText(pa, pa.Choices[i])
		if i == 0 {
			text += "  (automatic)"
		}
		c.Text(ui.FitText(face, text, float64(r.Dx())-16*s), face, float64(r.Min.X)+8*s, float64(r.Min.Y+r.Max.Y)/2, ui.AlignStart, ui.ColPanelText)
	}
	foot := fmt.Sprintf("1–%d or a click chooses; Enter takes the automatic choice", min(len(rows), 9))
	if left := len(pa.Choices) - len(rows); left > 0 {
		foot = fmt.Sprintf("%d more choices not listed; ", left) + foot
	}
	c.Text(foot, face, x, float64(box.Max.Y)-line, ui.AlignStart, ui.ColPanelDim)
}

// allocationText writes one choice: "German Rifle Squad #4 pinned, German
// Rifle Half Squad #5 eliminated".
func allocationText(pa battle.PendingAllocation, losses []combat.Loss) string {
	var parts []string
	for i, l := range losses {
		if l == combat.NoLoss || i >= len(pa.Units) {
			continue
		}
		parts = append(parts, pa.Units[i].Label()+" "+l.Words())
	}
	if len(parts) == 0 {
		return "no unit takes a loss"
	}
	return strings.Join(parts, ", ")
}
