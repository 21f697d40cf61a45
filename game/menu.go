package game

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/storage"
	"hexfire/game/ui"
)

// menu is the title screen: continue, a new battle, load, replay, help,
// settings, quit.
type menu struct {
	list   ui.ButtonList
	resume string // what Continue would open, "" when there is no autosave
}

// newMenu builds the title menu, offering the autosave when there is one.
func newMenu(a *App) *menu {
	m := &menu{}
	if a.kept() {
		if s, err := a.store.ReadSave(autosaveName); err == nil {
			m.resume = fmt.Sprintf("%s, %s", scenarioName(s.Scenario), ui.Plural(len(s.Orders), "order"))
		}
	}
	saved := a.opts.Battle.SavePath
	if saved == "" {
		saved = DefaultSavePath
	}
	_, savedErr := a.storage().Read(saved)
	replayFile := a.replayFile()
	m.list.Items = []ui.Button{
		{Label: "Continue  (" + m.resume + ")", Off: m.resume == "", Do: func() { a.openSave(autosaveName, false) }},
		{Label: "New battle", Do: func() { a.goTo(newPicker(a)) }},
		{Label: "Learn to play", Do: a.openTutorial},
		{Label: "Quick battle", Do: func() { a.goTo(newQuick(a)) }},
		{Label: "Load " + saved, Off: savedErr != nil, Do: func() { a.openSave(saved, false) }},
		{Label: "Replay " + replayFile.name, Off: replayFile.path == "", Do: func() { a.openSave(replayFile.path, true) }},
		{Label: "Play over distance", Do: func() { a.goTo(newDistance(a)) }},
		{Label: "Study", Do: a.openStudy},
		{Label: "Help", Do: func() { a.goTo(&helpScreen{}) }},
		{Label: "Settings", Do: func() { a.goTo(newSettings(a)) }},
		{Label: "Quit", Do: func() { a.quit = true }},
	}
	m.list.Items = a.browserMenu(m.list.Items)
	if m.resume == "" {
		m.list.Items[0].Label = "Continue  (no battle autosaved)"
	}
	m.list.FirstOn()
	return m
}

// scenarioName is a save's scenario as a player reads it: the file name.
func scenarioName(source string) string {
	for i := len(source) - 1; i >= 0; i-- {
		if source[i] == '/' || source[i] == ':' {
			return source[i+1:]
		}
	}
	return source
}

// replayFile is the save the menu's Replay opens: the last replay kept
// from a victory screen, else the autosave.
func (a *App) replayFile() (f struct{ path, name string }) {
	for _, name := range []string{replayName, autosaveName} {
		if !a.kept() {
			break
		}
		if _, err := a.store.Read(name); err == nil {
			f.path, f.name = name, "("+name+")"
			return f
		}
	}
	f.name = "(no battle kept yet)"
	return f
}

// storage is where the app's files are, the working directory when it
// keeps none (a -save path is still read).
func (a *App) storage() storage.Storage {
	if a.store == nil {
		return storage.Dir{}
	}
	return a.store
}

// openSave opens a save file in the battle scene, or as a replay.
func (a *App) openSave(name string, asReplay bool) {
	cat := a.opts.Catalogue
	var err error
	if asReplay {
		var start, recorded *battle.Battle
		if start, recorded, err = openReplay(a.storage(), name, cat); err == nil {
			err = a.StartReplay(start, recorded)
		}
	} else {
		var b *battle.Battle
		if b, err = storage.LoadSave(a.storage(), name, cat); err == nil {
			err = a.StartBattle(b, a.settings.Computer)
		}
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("%s: no such file", a.storage().Where(name))
		}
		a.message = err.Error()
		a.toMenu()
	}
}

// rects lays the buttons out in a column under the title, its spacing
// shrunk on a short window so that the hint below still shows.
func (m *menu) rects(a *App) []image.Rectangle {
	s := a.scale
	w, h := int(420*s), int(40*s)
	bottom := a.screen.Y - int(60*s)
	return ui.FitColumn(len(m.list.Items), a.screen.X/2-w/2, int(float64(a.screen.Y)*0.34), bottom, w, h, int(10*s))
}

func (m *menu) update(a *App, in frameInput) error {
	if in.ui.Quit || in.ui.Back {
		m.list.Focus = len(m.list.Items) - 1 // Quit: one more Enter leaves
		return nil
	}
	if in.ui.Help {
		a.goTo(&helpScreen{})
		return nil
	}
	if m.list.Update(in.ui, m.rects(a)) {
		a.message = ""
	}
	return nil
}

func (m *menu) draw(a *App, screen *ebiten.Image) {
	c := a.canvas(screen)
	screen.Fill(colCover)
	cx := float64(a.screen.X) / 2
	title := c.Face(ui.BarTextSize*4, true)
	c.Text("HEXFIRE", title, cx, float64(a.screen.Y)*0.16, ui.AlignCenter, ui.ColPanelKey)
	c.Text("WWII tactical battles on hex maps", c.Face(ui.BarTextSize*1.3, false), cx, float64(a.screen.Y)*0.16+ui.BarTextSize*4*a.scale, ui.AlignCenter, ui.ColPanelDim)
	rs := m.rects(a)
	m.list.Draw(c, rs)
	hint := "Up/Down and Enter, or click;  Esc goes to Quit"
	if inBrowser {
		hint = "Up/Down and Enter, or click"
	}
	if a.message != "" {
		hint = a.message
	}
	f := c.Face(ui.BarTextSize, false)
	col := ui.ColPanelDim
	if a.message != "" {
		col = colBad
	}
	y := float64(rs[len(rs)-1].Max.Y) + 30*a.scale
	for i, l := range ui.Wrap(f, hint, 700*a.scale) {
		c.Text(strings.TrimLeft(l, " "), f, cx, y+float64(i)*ui.BarTextSize*a.scale*1.5, ui.AlignCenter, col)
	}
}

// helpScreen shows the keymap from the menu, scrolled with Up/Down and
// the wheel when it is longer than the screen.
type helpScreen struct {
	page  int // 0: how to play (the primer), 1: the controls
	first int // the first row shown
}

// helpWheelRows is how many rows of the help one notch of the wheel
// scrolls.
const helpWheelRows = 3

func (h *helpScreen) update(a *App, in frameInput) error {
	switch {
	case in.ui.Back || in.ui.Enter || in.ui.Click || in.ui.Help:
		a.toMenu()
	case in.ui.Left || in.ui.Right:
		h.page, h.first = 1-h.page, 0
	case in.ui.Up:
		h.first = max(0, h.first-1)
	case in.ui.Down:
		h.first++
	case in.ui.Wheel != 0:
		h.first = max(0, h.first-int(in.ui.Wheel*helpWheelRows))
	}
	return nil
}

func (h *helpScreen) draw(a *App, screen *ebiten.Image) {
	screen.Fill(colCover)
	if h.page == 0 {
		h.first = drawPrimer(a.canvas(screen), a.screen, h.first)
		return
	}
	c := a.canvas(screen)
	h.first = drawKeymap(c, a.screen, h.first, "Up/Down or the wheel")
	c.Text("Left/Right: how to play", c.Face(ui.BarTextSize, false), float64(a.screen.X)/2, float64(a.screen.Y)-ui.BarTextSize*a.scale, ui.AlignCenter, ui.ColPanelDim)
}

// columnScreen is a screen of one column of buttons under a title, with a
// paragraph below, and under it what went wrong: the settings and the
// quick battle's choices.
type columnScreen struct {
	title, text string
	problem     string  // what went wrong, "" for nothing
	top         float64 // where the column starts, in screen heights
	list        ui.ButtonList
}

// paragraphWidth is the width of a column screen's paragraph in window
// pixels.
const paragraphWidth = 600

// rects lays the buttons out in a column, its spacing shrunk on a short
// window so that the paragraph and the problem below still show.
func (s *columnScreen) rects(a *App) []image.Rectangle {
	w, h := int(480*a.scale), int(40*a.scale)
	lines := 0
	for _, text := range s.paragraphs() {
		lines += len(ui.Wrap(a.fonts.Face(ui.BarTextSize*a.scale, false), text, paragraphWidth*a.scale))
	}
	bottom := a.screen.Y - int((40+float64(lines)*ui.BarTextSize*1.5)*a.scale)
	return ui.FitColumn(len(s.list.Items), a.screen.X/2-w/2, int(float64(a.screen.Y)*s.top), bottom, w, h, int(10*a.scale))
}

func (s *columnScreen) update(a *App, in frameInput) error {
	if in.ui.Back {
		a.toMenu()
		return nil
	}
	s.list.Update(in.ui, s.rects(a))
	return nil
}

// paragraphs are the texts under the column: the paragraph, and the
// problem when there is one.
func (s *columnScreen) paragraphs() []string {
	if s.problem == "" {
		return []string{s.text}
	}
	return []string{s.text, s.problem}
}

// draw draws the title, the buttons, the paragraph and the problem.
func (s *columnScreen) draw(a *App, screen *ebiten.Image) {
	c := a.canvas(screen)
	screen.Fill(colCover)
	cx := float64(a.screen.X) / 2
	c.Text(s.title, c.Face(ui.BarTextSize*2.2, true), cx, float64(a.screen.Y)*(s.top-0.12), ui.AlignCenter, ui.ColPanelKey)
	rs := s.rects(a)
	s.list.Draw(c, rs)
	y := float64(rs[len(rs)-1].Max.Y) + 30*a.scale
	for i, text := range s.paragraphs() {
		col := ui.ColPanelDim
		if i > 0 {
			col = colBad
		}
		y = c.Paragraph(text, c.Face(ui.BarTextSize, false), cx-paragraphWidth/2*a.scale, y, paragraphWidth*a.scale, ui.BarTextSize*a.scale*1.5, col)
	}
}

// settingsScreen changes the settings: sound, hand-over screens, pace.
type settingsScreen struct{ columnScreen }

func newSettings(a *App) *settingsScreen {
	s := &settingsScreen{columnScreen{title: "Settings", top: 0.3,
		text: "Enter or a click changes a setting; it is kept for the next time. Hand-over screens hide the map between " +
			"the two players' turns; without them the top bar and a sound say whose turn it is."}}
	s.build(a)
	s.list.FirstOn()
	return s
}

// build makes the buttons, each showing its current value.
func (s *settingsScreen) build(a *App) {
	onOff := map[bool]string{true: "on", false: "off"}
	st := &a.settings
	changed := func() { a.writeSettings(); s.build(a) }
	s.list.Items = []ui.Button{
		{Label: "Sound: " + onOff[st.Sound], Do: func() { st.Sound = !st.Sound; changed() }},
		{Label: "Hand-over screens in hot-seat: " + onOff[st.HandOver], Do: func() { st.HandOver = !st.HandOver; changed() }},
		{Label: "Choose your casualties: " + onOff[!st.QuickCasualties], Do: func() { st.QuickCasualties = !st.QuickCasualties; changed() }},
		{Label: "Animation speed: " + paceName(st.Pace), Do: func() {
			i := 0
			for j, p := range paces {
				if p.ticks == st.Pace {
					i = j + 1
				}
			}
			st.Pace = paces[i%len(paces)].ticks
			changed()
		}},
		{Label: "Fog of war: " + map[bool]string{false: "as the scenario says", true: "off (every battle open)"}[st.Open], Do: func() { st.Open = !st.Open; changed() }},
		{Label: "Computer's reasoning in the log: " + onOff[st.Reasoning], Do: func() { st.Reasoning = !st.Reasoning; changed() }},
		{Label: "Computer level: " + cmp.Or(st.AILevel, "normal"), Do: func() {
			i := slices.Index(aiLevels, cmp.Or(st.AILevel, "normal"))
			st.AILevel = aiLevels[(i+1)%len(aiLevels)]
			changed()
		}},
		{Label: "Back", Do: a.toMenu},
	}
}
