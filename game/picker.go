package game

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"image"
	"io/fs"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/boardview"
	"hexfire/game/ui"
	"hexfire/maps"
)

// scenarioFolder is where, in assets.FS, the picker finds scenarios.
const scenarioFolder = "scenarios"

// scenarioEntry is one scenario of the picker: the map read, or why not.
type scenarioEntry struct {
	source  string // battle.EmbeddedPrefix + its path in assets.FS
	sc      *maps.Scenario
	victory battle.Victory
	err     error
	thumb   *ebiten.Image // drawn on first show, for thumbSize
	size    image.Point
}

// scenarios returns the embedded scenarios, read on the first call. A map
// that fails to load stays in the list with its error.
func (a *App) scenarios() []scenarioEntry {
	if a.catalog != nil {
		return a.catalog
	}
	paths, err := fs.Glob(assets.FS, scenarioFolder+"/*.tmx")
	if err != nil || len(paths) == 0 {
		a.catalog = []scenarioEntry{{source: scenarioFolder, err: fmt.Errorf("no scenario is embedded in assets/%s", scenarioFolder)}}
		return a.catalog
	}
	for _, p := range paths {
		e := scenarioEntry{source: battle.EmbeddedPrefix + p}
		e.sc, e.err = maps.Load(assets.FS, p, a.opts.Catalogue)
		if e.err == nil {
			e.victory, e.err = victoryOf(e.sc)
		}
		a.catalog = append(a.catalog, e)
	}
	return a.catalog
}

// title is what the list shows for the entry.
func (e *scenarioEntry) title() string {
	if e.sc == nil {
		return scenarioName(e.source) + " (cannot be read)"
	}
	return e.sc.Title
}

// thumbnail returns the map drawn to fit size: every hex in its terrain
// colour, the objectives outlined.
func (e *scenarioEntry) thumbnail(batch *ui.TriBatch, size image.Point) *ebiten.Image {
	if e.thumb != nil && e.size == size {
		return e.thumb
	}
	if e.thumb != nil {
		e.thumb.Deallocate()
	}
	bd := e.sc.Board
	img := ebiten.NewImage(max(1, size.X), max(1, size.Y))
	w, h := bd.Layout.PixelSize(bd.Width, bd.Height)
	k := min(float64(size.X)/float64(w), float64(size.Y)/float64(h))
	ox, oy := (float64(size.X)-float64(w)*k)/2, (float64(size.Y)-float64(h)*k)/2
	corners := func(hx board.Hex) [6]ui.Point {
		var pts [6]ui.Point
		for i, c := range bd.Layout.Corners(hx) {
			pts[i] = ui.Pt(float32(ox+c[0]*k), float32(oy+c[1]*k))
		}
		return pts
	}
	for hx := range bd.Hexes() {
		pts := corners(hx)
		batch.Fan(img, boardview.TerrainColour(bd.Cell(hx)), pts[:]...)
	}
	for _, side := range bothSides {
		for _, hx := range e.victory.Hold[side] {
			x, y := bd.Layout.Center(hx)
			batch.Ring(img, ui.Pt(float32(ox+x*k), float32(oy+y*k)), corners(hx), float32(max(1.5, k*6)), colObjective)
		}
	}
	batch.Flush(img)
	e.thumb, e.size = img, size
	return img
}

// picker is the scenario picker: the list, the chosen one's details and
// thumbnail, and who plays each side.
type picker struct {
	list     ui.ButtonList
	chosen   int
	first    int // the first scenario the list shows, when it holds more than the window
	computer map[maps.Side]bool
	asking   *ui.Question
}

// newPicker opens on the scenario last chosen, else the default battle.
func newPicker(a *App) *picker {
	p := &picker{computer: map[maps.Side]bool{}}
	for _, side := range a.settings.Computer {
		p.computer[side] = true
	}
	want := a.picked
	if want == "" {
		want = battle.EmbeddedPrefix + maps.DefaultPath
	}
	for i, e := range a.scenarios() {
		if e.source == want && e.sc != nil {
			p.chosen = i
		}
	}
	p.build(a)
	p.show(p.chosen)
	if p.list.Items[p.chosen].Off {
		p.list.FirstOn()
	}
	return p
}

// show chooses scenario i and puts the focus on it, so the list scrolls
// to it.
func (p *picker) show(i int) { p.chosen, p.list.Focus = i, i }

// build makes the buttons: one per scenario, who plays each side, the
// ruleset, start and back.
func (p *picker) build(a *App) {
	entries := a.scenarios()
	p.list.Items = p.list.Items[:0]
	for i := range entries {
		e := &entries[i]
		// The first click on a scenario shows it; on the one shown, it goes
		// on to the briefing (as Enter and Start do).
		p.list.Items = append(p.list.Items, ui.Button{Label: e.title(), Off: e.sc == nil, Do: func() {
			if p.chosen == i {
				p.start(a)
			}
			p.chosen = i
		}})
	}
	for _, side := range bothSides {
		who := "human"
		if p.computer[side] {
			who = "computer"
		}
		p.list.Items = append(p.list.Items, ui.Button{Label: fmt.Sprintf("%s: %s", side.Title(), who), Do: func() {
			p.computer[side] = !p.computer[side]
			p.build(a)
		}})
	}
	p.list.Items = append(p.list.Items, ui.Button{Label: "Rules: " + rulesChoiceText(a.pickedRules), Do: func() {
		a.pickedRules = nextRulesChoice(a.pickedRules, combat.Names())
		p.build(a)
	}})
	p.list.Items = append(p.list.Items,
		ui.Button{Label: "Start", Off: entries[p.chosen].sc == nil, Do: func() { p.start(a) }},
		ui.Button{Label: "Back", Do: a.toMenu})
}

// start goes on to the briefing, asking first when it would replace an
// autosaved battle that has not ended.
func (p *picker) start(a *App) {
	a.picked = a.scenarios()[p.chosen].source
	brief := func() { a.goTo(newBriefing(a, a.scenarios()[p.chosen], a.pickedRules, p.sides())) }
	if s, err := a.storage().ReadSave(autosaveName); err == nil && a.kept() && len(s.Orders) > 0 {
		p.asking = &ui.Question{Text: fmt.Sprintf("Start a new battle? The autosaved one (%s, %s) will be replaced once you give an order.",
			scenarioName(s.Scenario), ui.Plural(len(s.Orders), "order")), Yes: brief}
		return
	}
	brief()
}

// sides lists the sides the computer plays.
func (p *picker) sides() []maps.Side {
	var out []maps.Side
	for _, side := range bothSides {
		if p.computer[side] {
			out = append(out, side)
		}
	}
	return out
}

// pickerHint is the line of help at the foot of the picker.
const pickerHint = "Up/Down or a click shows a battle; Enter, a second click or Start goes on; Rules picks the ruleset; " +
	"the side buttons switch human and computer; Esc: back"

// pickerLayout is where the picker draws: the buttons, the chosen
// scenario's details and the hint's lines at the foot.
type pickerLayout struct {
	buttons      []image.Rectangle // one for each button; empty for a scenario scrolled out of the list
	first, shown int               // the scenarios the list shows
	detail       image.Rectangle
	hint         []string
	hintTop      float64
}

// layout lays the picker out: the scenarios and the other buttons in one
// column, a gap between them, shrunk on a short window to end above the
// hint, wrapped to the window's width. When even shrunk the scenarios do
// not fit the list shows as many as do, from p.first held so that the
// focused one shows, and says so in the gap.
func (p *picker) layout(a *App) pickerLayout {
	s := a.scale
	pad := int(30 * s)
	w, h, gap, section := int(360*s), int(36*s), int(8*s), int(40*s)
	var l pickerLayout
	l.hint = ui.Wrap(a.fonts.Face(ui.BarTextSize*s, false), pickerHint, float64(a.screen.X-2*pad))
	l.hintTop = float64(a.screen.Y) - 8*s - float64(len(l.hint))*ui.BarTextSize*s*1.5
	n := len(a.scenarios())
	top, bottom := int(100*s), int(l.hintTop-8*s)
	column := ui.FitColumn(len(p.list.Items), pad, top, bottom-section, w, h, gap)
	l.first, l.shown = 0, n
	if len(column) > 1 {
		section = section * (column[1].Min.Y - column[0].Max.Y) / gap // shrunk as the gaps are
		row := column[1].Min.Y - column[0].Min.Y
		if over := column[len(column)-1].Max.Y - (bottom - section); over > 0 {
			l.shown = max(1, n-(over+row-1)/row)
			l.first = p.first
			if f := p.list.Focus; f < n {
				l.first = min(max(l.first, f-l.shown+1), f)
			}
			l.first = max(0, min(l.first, n-l.shown))
		}
	}
	for i := range p.list.Items {
		var r image.Rectangle
		switch {
		case i >= n:
			r = column[i-n+l.shown].Add(image.Pt(0, section))
		case i >= l.first && i < l.first+l.shown:
			r = column[i-l.first]
		}
		l.buttons = append(l.buttons, r)
	}
	l.detail = image.Rect(pad*2+w, int(80*s), a.screen.X-pad, bottom)
	return l
}

func (p *picker) update(a *App, in frameInput) error {
	if p.asking != nil {
		if ui.AnswerQuestion(in.ui, p.asking, image.Rectangle{Max: a.screen}, a.scale) {
			p.asking = nil
		}
		return nil
	}
	if in.ui.Back {
		a.toMenu()
		return nil
	}
	n := len(a.scenarios())
	if in.ui.Wheel != 0 && p.list.Focus < n { // the wheel browses the scenarios
		p.list.Focus = max(0, min(n-1, p.list.Focus-int(math.Copysign(1, in.ui.Wheel))))
	}
	// The list stays where the player saw it, and then scrolls to the
	// focus.
	shown := p.layout(a)
	p.first = shown.first
	p.list.Update(in.ui, shown.buttons)
	if p.list.Focus < n {
		p.chosen = p.list.Focus
	}
	p.first = p.layout(a).first
	return nil
}

func (p *picker) draw(a *App, screen *ebiten.Image) {
	c := a.canvas(screen)
	s := a.scale
	screen.Fill(colCover)
	l := p.layout(a)
	rs, detail := l.buttons, l.detail
	left := float64(rs[l.first].Min.X)
	c.Text("Choose a battle", c.Face(ui.BarTextSize*2, true), left, 50*s, ui.AlignStart, ui.ColPanelKey)
	p.list.Draw(c, rs)
	if n := len(a.scenarios()); l.shown < n {
		c.Text(fmt.Sprintf("battles %d–%d of %d: Up/Down or the wheel", l.first+1, l.first+l.shown, n), c.Face(ui.BarTextSize, false),
			left, float64(rs[l.first+l.shown-1].Max.Y+rs[n].Min.Y)/2, ui.AlignStart, ui.ColPanelDim)
	}
	e := &a.scenarios()[p.chosen]
	p.drawDetail(a, c.Clip(detail), e, detail)
	hint := c.Face(ui.BarTextSize, false)
	for i, line := range l.hint {
		c.Text(strings.TrimLeft(line, " "), hint, left, l.hintTop+(float64(i)+0.5)*ui.BarTextSize*s*1.5, ui.AlignStart, ui.ColPanelDim)
	}
	if p.asking != nil {
		ui.DrawQuestionBox(c, image.Rectangle{Max: a.screen}, p.asking.Text)
	}
}

// detailTextWidth is the widest the picker's text runs, in window pixels.
const detailTextWidth = 900

// drawDetail draws the chosen scenario in detail, c clipped to it: its
// title, thumbnail, facts, briefing and goal. The thumbnail gives way to
// the text on a short window, down to nothing.
func (p *picker) drawDetail(a *App, c ui.Canvas, e *scenarioEntry, detail image.Rectangle) {
	s := a.scale
	x, y := float64(detail.Min.X), float64(detail.Min.Y)
	width := min(float64(detail.Dx()), detailTextWidth*s) // a line longer is hard to follow
	line := ui.BarTextSize * s * 1.5
	body, bold := c.Face(ui.BarTextSize, false), c.Face(ui.BarTextSize, true)
	if e.sc == nil {
		c.Paragraph(e.err.Error(), body, x, y, width, line, colBad)
		return
	}
	sc := e.sc
	facts := fmt.Sprintf("%d×%d hexes of %d m  ·  %s  ·  sides: %s  ·  %s", sc.Board.Width, sc.Board.Height, sc.HexMetres,
		turnsText(sc.Turns), sidesText(sc), rulesText(sc, a.pickedRules))
	goals := goalLines(sc, e.victory)
	textLines := len(ui.Wrap(bold, facts, width)) + len(ui.Wrap(body, briefingOf(sc), width))
	for _, g := range goals {
		textLines += len(ui.Wrap(body, g, width))
	}
	c.Text(sc.Title, c.Face(ui.BarTextSize*1.6, true), x, y+line/2, ui.AlignStart, ui.ColPanelText)
	y += line * 1.6
	room := float64(detail.Max.Y) - y - line/2 - line/3 - float64(textLines)*line
	thumb := image.Pt(detail.Dx(), min(int(float64(detail.Dy())*0.45), detail.Dx()*2/3, int(room)))
	if thumb.Y >= int(60*s) {
		var op ebiten.DrawImageOptions
		op.GeoM.Translate(x, y)
		c.Dst.DrawImage(e.thumbnail(a.batch, thumb), &op)
		y += float64(thumb.Y) + line/2
	}
	y = c.Paragraph(facts, bold, x, y, width, line, ui.ColPanelKey)
	y = c.Paragraph(briefingOf(sc), body, x, y+line/3, width, line, ui.ColPanelText)
	for _, g := range goals {
		y = c.Paragraph(g, body, x, y, width, line, ui.ColPanelDim)
	}
}

// turnsText is "8 turns", or "no turn limit".
func turnsText(n int) string {
	if n == 0 {
		return "no turn limit"
	}
	return fmt.Sprintf("%d turns", n)
}

// rulesChoiceText names a choice of ruleset on the picker's button: a
// ruleset's name, or "the scenario's" for none.
func rulesChoiceText(rules string) string {
	if rules == "" {
		return "the scenario's"
	}
	return rules
}

// nextRulesChoice is the choice after rules in the picker's cycle: the
// scenario's own ruleset (""), then each of names in turn.
func nextRulesChoice(rules string, names []string) string {
	if rules == "" {
		if len(names) == 0 {
			return ""
		}
		return names[0]
	}
	for i, n := range names {
		if n == rules && i+1 < len(names) {
			return names[i+1]
		}
	}
	return ""
}

// rulesText says which ruleset a battle of sc is played by when rules
// (empty: none) overrides the scenario's own.
func rulesText(sc *maps.Scenario, rules string) string {
	if rules == "" || rules == sc.Ruleset {
		return "ruleset " + sc.Ruleset
	}
	return fmt.Sprintf("ruleset %s (the scenario's: %s)", rules, sc.Ruleset)
}

// sidesText lists a scenario's sides with their numbers of units.
func sidesText(sc *maps.Scenario) string {
	count := map[maps.Side]int{}
	for _, u := range sc.Units {
		count[u.Side]++
	}
	parts := make([]string, 0, len(sc.Sides))
	for _, side := range sc.Sides {
		parts = append(parts, fmt.Sprintf("%s (%d units)", side.Title(), count[side]))
	}
	return strings.Join(parts, " v ")
}

// briefing shows a scenario's briefing and victory conditions before the
// battle starts.
type briefing struct {
	entry    scenarioEntry
	rules    string // the ruleset chosen in the picker; "" for the scenario's own
	computer []maps.Side
	list     ui.ButtonList
	err      string
}

func newBriefing(a *App, e scenarioEntry, rules string, computer []maps.Side) *briefing {
	br := &briefing{entry: e, rules: rules, computer: computer}
	br.list.Items = []ui.Button{{Label: "Begin the battle", Do: func() { br.begin(a) }}, {Label: "Back", Do: func() { a.goTo(newPicker(a)) }}}
	return br
}

// randomSeed draws a battle's seed from the system's random source (the
// only unseeded randomness of the game; the seed is in the log, and the
// save, so the battle can be repeated).
func randomSeed() (uint64, error) {
	var buf [8]byte
	if _, err := rand.Read(buf[:]); err != nil {
		return 0, fmt.Errorf("no random seed: %w", err)
	}
	return binary.LittleEndian.Uint64(buf[:]) >> 1, nil // below 2^63: easy to type back
}

// begin starts the battle on a new seed (printed in the log).
func (br *briefing) begin(a *App) {
	newSeed := a.opts.NewSeed
	if newSeed == nil {
		newSeed = randomSeed
	}
	seed, err := newSeed()
	if err != nil {
		br.err = err.Error()
		return
	}
	b, err := battle.New(br.entry.sc, a.opts.Catalogue, battle.Config{Seed: seed, Ruleset: br.rules, Source: br.entry.source, Fog: a.fog()})
	if err == nil && a.opts.Check != nil {
		err = a.opts.Check(br.entry.sc)
	}
	if err == nil {
		err = a.StartBattle(b, br.computer)
	}
	if err != nil {
		br.err = err.Error()
	}
}

func (br *briefing) rects(a *App) []image.Rectangle {
	w, h := int(260*a.scale), int(40*a.scale)
	y := a.screen.Y - int(90*a.scale)
	return []image.Rectangle{image.Rect(a.screen.X/2-w-int(10*a.scale), y, a.screen.X/2-int(10*a.scale), y+h),
		image.Rect(a.screen.X/2+int(10*a.scale), y, a.screen.X/2+w+int(10*a.scale), y+h)}
}

func (br *briefing) update(a *App, in frameInput) error {
	if in.ui.Back {
		a.goTo(newPicker(a))
		return nil
	}
	if in.ui.Left {
		br.list.Focus = 0
	}
	if in.ui.Right {
		br.list.Focus = 1
	}
	br.list.Update(in.ui, br.rects(a))
	return nil
}

func (br *briefing) draw(a *App, screen *ebiten.Image) {
	screen.Fill(colCover)
	drawBriefing(a.canvas(screen), image.Rect(0, 0, a.screen.X, a.screen.Y-int(110*a.scale)), br.entry.sc, br.entry.victory, rulesText(br.entry.sc, br.rules), br.computer)
	br.list.Draw(a.canvas(screen), br.rects(a))
	if br.err != "" {
		c := a.canvas(screen)
		c.Text(br.err, c.Face(ui.BarTextSize, false), float64(a.screen.X)/2, float64(a.screen.Y)-20*a.scale, ui.AlignCenter, colBad)
	}
}

// drawBriefing writes a scenario's briefing, victory conditions, who
// plays each side and the ruleset (rules, as rulesText words it) in area
// (the briefing screen, and the battle's F1), cut at the area's edge.
func drawBriefing(c ui.Canvas, area image.Rectangle, sc *maps.Scenario, v battle.Victory, rules string, computer []maps.Side) {
	c = c.Clip(area)
	s := c.Scale
	width := min(float64(area.Dx())-80*s, 900*s)
	x := float64(area.Min.X+area.Max.X)/2 - width/2
	y := float64(area.Min.Y) + 40*s
	line := ui.BarTextSize * s * 1.6
	c.Text(sc.Title, c.Face(ui.BarTextSize*2.4, true), float64(area.Min.X+area.Max.X)/2, y+line/2, ui.AlignCenter, ui.ColPanelKey)
	y += line * 2.4
	body := c.Face(ui.BarTextSize*1.2, false)
	y = c.Paragraph(briefingOf(sc), body, x, y, width, line*1.15, ui.ColPanelText)
	y += line
	c.Text("How to win", c.Face(ui.BarTextSize*1.3, true), x, y+line/2, ui.AlignStart, ui.ColPanelKey)
	y += line * 1.3
	for _, l := range goalLines(sc, v) {
		y = c.Paragraph("•  "+l, body, x, y, width, line*1.15, ui.ColPanelText)
	}
	y += line
	who := make([]string, 0, 2)
	for _, side := range bothSides {
		p := "a player"
		for _, cs := range computer {
			if cs == side {
				p = "the computer"
			}
		}
		who = append(who, fmt.Sprintf("%s: %s", side.Title(), p))
	}
	c.Paragraph(strings.Join(who, "   ·   ")+"   ·   "+rules, c.Face(ui.BarTextSize, false), x, y, width, line, ui.ColPanelDim)
}
