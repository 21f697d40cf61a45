package game

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/units"
)

// strengthPoint is how many units each side had in play at the start of
// a turn (index 0: the Allies, 1: the Axis); the last point is the end.
type strengthPoint [2]int

// strengthHistory replays battle b from its start and counts each side's
// units in play at the start of every turn and at the end.
func strengthHistory(b *battle.Battle) ([]strengthPoint, error) {
	nb, err := battle.New(b.Scenario(), b.Catalogue(), b.Config())
	if err != nil {
		return nil, err
	}
	count := func() strengthPoint {
		var p strengthPoint
		for _, u := range nb.Units() {
			for i, side := range bothSides {
				if u.Side == side && u.Active() {
					p[i]++
				}
			}
		}
		return p
	}
	out := []strengthPoint{count()}
	turn := nb.Turn()
	for i, o := range b.Orders() {
		if _, err := nb.Apply(o); err != nil {
			return nil, fmt.Errorf("order %d: %w", i+1, err)
		}
		if nb.Turn() != turn {
			turn = nb.Turn()
			out = append(out, count())
		}
	}
	return append(out, count()), nil
}

// OpenReplay reads a save file for the replay viewer: the battle at its
// start and the battle recorded, whose orders (checked by replaying them
// once) and their reasoning the viewer steps through.
func OpenReplay(path string, cat *units.Catalogue) (start, recorded *battle.Battle, err error) {
	return openReplay(storage.Dir{}, path, cat)
}

// openReplay is OpenReplay for the save called name in st.
func openReplay(st storage.Storage, name string, cat *units.Catalogue) (start, recorded *battle.Battle, err error) {
	path := st.Where(name)
	s, err := st.ReadSave(name)
	if err != nil {
		return nil, nil, err
	}
	sc, err := storage.OpenSaveScenario(st, s, cat)
	if err != nil {
		return nil, nil, fmt.Errorf("replay %s: %w", path, err)
	}
	end, err := battle.Replay(sc, cat, s)
	if err != nil {
		return nil, nil, fmt.Errorf("replay %s: %w", path, err)
	}
	start, err = battle.New(sc, cat, battle.ConfigOf(s))
	if err != nil {
		return nil, nil, fmt.Errorf("replay %s: %w", path, err)
	}
	return start, end, nil
}

// victoryScreen shows how a battle ended: the result and its reason, the
// losses, the turn, each side's strength over the turns, and what next.
type victoryScreen struct {
	b        *battle.Battle
	strength []strengthPoint
	list     ui.ButtonList
	note     string
}

// newVictory returns the victory screen of battle b; played says it was
// played here (not watched in the replay viewer), so its autosave is done
// with.
func newVictory(a *App, b *battle.Battle, played bool) *victoryScreen {
	v := &victoryScreen{b: b}
	var err error
	if v.strength, err = strengthHistory(b); err != nil {
		v.note = "no strength chart: " + err.Error()
	}
	// The battle is over: Continue has nothing to go on with.
	if a.kept() && played {
		if err := a.store.Remove(autosaveName); err != nil {
			v.note = err.Error()
		}
	}
	computer := a.settings.Computer
	v.list.Items = []ui.Button{
		{Label: "Play again", Do: func() {
			e := scenarioEntry{source: b.Config().Source, sc: b.Scenario()}
			var err error
			if e.victory, err = victoryOf(e.sc); err != nil {
				v.note = err.Error()
				return
			}
			a.goTo(newBriefing(a, e, b.Config().Ruleset, computer))
		}},
		{Label: "Save replay", Off: !a.kept(), Do: func() {
			if err := a.store.WriteSave(b, replayName); err != nil {
				v.note = err.Error()
				return
			}
			v.note = "saved " + a.store.Where(replayName) + ": Replay on the menu plays it"
		}},
		{Label: "Menu", Do: a.toMenu},
	}
	v.list.FirstOn()
	return v
}

func (v *victoryScreen) rects(a *App) []image.Rectangle {
	s := a.scale
	w, h, gap := int(220*s), int(40*s), int(16*s)
	total := 3*w + 2*gap
	y := a.screen.Y - int(90*s)
	return []image.Rectangle{
		image.Rect(a.screen.X/2-total/2, y, a.screen.X/2-total/2+w, y+h),
		image.Rect(a.screen.X/2-w/2, y, a.screen.X/2+w/2, y+h),
		image.Rect(a.screen.X/2+total/2-w, y, a.screen.X/2+total/2, y+h),
	}
}

func (v *victoryScreen) update(a *App, in frameInput) error {
	if in.ui.Back {
		a.toMenu()
		return nil
	}
	if in.ui.Left {
		v.list.Move(-1)
	}
	if in.ui.Right {
		v.list.Move(1)
	}
	v.list.Update(in.ui, v.rects(a))
	return nil
}

func (v *victoryScreen) draw(a *App, screen *ebiten.Image) {
	s := a.scale
	buttons := v.rects(a)
	// The text is cut above the buttons: a long list of losses never
	// covers them.
	c := a.canvas(screen).Clip(image.Rect(0, 0, a.screen.X, buttons[0].Min.Y-int(8*s)))
	screen.Fill(colCover)
	b := v.b
	r := b.Result()
	cx := float64(a.screen.X) / 2
	y := 70 * s
	title, reason := "The battle goes on", "it has not ended"
	if r != nil {
		title, reason = resultText(r)
	}
	c.Text(title, c.Face(ui.BarTextSize*3, true), cx, y, ui.AlignCenter, ui.ColPanelKey)
	y += 60 * s
	line := ui.BarTextSize * s * 1.6
	width := min(float64(a.screen.X)-80*s, 900*s)
	y = c.Paragraph(reason, c.Face(ui.BarTextSize*1.2, false), cx-width/2, y, width, line, ui.ColPanelText)
	y += line / 2
	for _, side := range bothSides {
		total := 0
		for _, u := range b.Units() {
			if u.Side == side {
				total++
			}
		}
		c.Text(fmt.Sprintf("%s: lost %d of %d units", side.Title(), b.Eliminated(side), total), c.Face(ui.BarTextSize*1.2, true),
			cx-width/2, y+line/2, ui.AlignStart, sideTextColour(side))
		y += line
		if lost := lostUnits(b, side); len(lost) > 0 {
			y = c.Paragraph(strings.Join(lost, ", "), c.Face(ui.BarTextSize, false), cx-width/2+16*s, y, width-16*s, line*0.8, ui.ColPanelDim)
		}
	}
	y += line
	chart := image.Rect(int(cx-width/2), int(y), int(cx+width/2), buttons[0].Min.Y-int(40*s))
	if len(v.strength) > 1 && chart.Dy() > int(60*s) {
		drawStrengthChart(c, chart, v.strength)
	}
	c = a.canvas(screen)
	v.list.Draw(c, buttons)
	if v.note != "" {
		c.Text(v.note, c.Face(ui.BarTextSize, false), cx, float64(a.screen.Y)-24*s, ui.AlignCenter, ui.ColPanelDim)
	}
}

// lostUnits names side's units eliminated in battle b, in ID order
// ("Tiger I #9"): the victory screen shows the battle whole.
func lostUnits(b *battle.Battle, side maps.Side) []string {
	var out []string
	for _, u := range b.Units() {
		if u.Side == side && u.Eliminated {
			out = append(out, u.Label())
		}
	}
	return out
}

// sideTextColour is a side's colour for text on the dark screens.
func sideTextColour(side maps.Side) color.RGBA {
	if side == maps.Allies {
		return color.RGBA{0x80, 0xb0, 0xff, 0xff}
	}
	return color.RGBA{0xd0, 0xd0, 0xd0, 0xff}
}

// drawStrengthChart draws each side's units in play over the turns as a
// line in its colour, in area.
func drawStrengthChart(c ui.Canvas, area image.Rectangle, pts []strengthPoint) {
	s := c.Scale
	c.FillRect(area, ui.ColPanel)
	f := c.Face(ui.BarTextSize*0.9, false)
	c.Text("Units in play, turn by turn", c.Face(ui.BarTextSize, true), float64(area.Min.X)+10*s, float64(area.Min.Y)+14*s, ui.AlignStart, ui.ColPanelDim)
	top := 0
	for _, p := range pts {
		top = max(top, p[0], p[1])
	}
	inner := image.Rect(area.Min.X+int(40*s), area.Min.Y+int(30*s), area.Max.X-int(20*s), area.Max.Y-int(24*s))
	at := func(i, n int) ui.Point {
		x := float64(inner.Min.X) + float64(inner.Dx())*float64(i)/float64(len(pts)-1)
		y := float64(inner.Max.Y) - float64(inner.Dy())*float64(n)/float64(max(1, top))
		return ui.Pt(float32(x), float32(y))
	}
	c.Batch.Segment(c.Dst, ui.Pt(float32(inner.Min.X), float32(inner.Max.Y)), ui.Pt(float32(inner.Max.X), float32(inner.Max.Y)), float32(s), ui.ColPanelDim)
	for side := range 2 {
		col := sideTextColour(bothSides[side])
		for i := 1; i < len(pts); i++ {
			c.Batch.Segment(c.Dst, at(i-1, pts[i-1][side]), at(i, pts[i][side]), float32(3*s), col)
		}
	}
	c.Batch.Flush(c.Dst)
	c.Text(fmt.Sprint(top), f, float64(inner.Min.X)-8*s, float64(inner.Min.Y), ui.AlignEnd, ui.ColPanelDim)
	c.Text("0", f, float64(inner.Min.X)-8*s, float64(inner.Max.Y), ui.AlignEnd, ui.ColPanelDim)
	// Under each point the turn it starts, and "end" under the last.
	for i := range pts {
		label := fmt.Sprintf("turn %d", i+1)
		if i == len(pts)-1 {
			label = "end"
		}
		p := at(i, 0)
		c.Text(label, f, float64(p.X), float64(inner.Max.Y)+12*s, ui.AlignCenter, ui.ColPanelDim)
	}
	lx := float64(inner.Max.X) - 160*s
	for i, side := range bothSides {
		y := float64(area.Min.Y) + 14*s
		x := lx + float64(i)*80*s
		c.Fill(x, y-2*s, x+16*s, y+2*s, sideTextColour(side))
		c.Text(side.Title(), f, x+20*s, y, ui.AlignStart, sideTextColour(side))
	}
}
