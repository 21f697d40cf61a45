package game

import (
	"fmt"
	"image"
	"image/color"
	"path"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/board"
	"hexfire/fileio"
	"hexfire/game/ui"
	"hexfire/maps"
)

// The guided first battle (the menu's Learn to play): a small scenario
// (assets.Tutorial) played against the computer, with a strip under the
// map that gives one step at a time, rings the hexes it speaks of and
// goes on by itself once the player has done what it asks. Its text is
// data (assets.TutorialSteps), parsed by parseLesson.

// waitKind is what a step of the tutorial waits for.
type waitKind uint8

const (
	waitNext     waitKind = iota // the player reads on (F2 or the strip's button)
	waitBriefing                 // the briefing is shown, then closed
	waitSelect                   // one of the player's units named so is selected
	waitHover                    // the hex is hovered with a unit selected
	waitOrder                    // the player gives an order of the kind (by the unit named)
	waitPhase                    // the player's side's phase has begun
)

// lessonStep is one step of the tutorial.
type lessonStep struct {
	title string
	text  string
	wait  waitKind
	name  string       // waitSelect, waitOrder: the unit's name or type ("" any unit)
	order string       // waitOrder: the order's name (battle.Order.Name)
	hex   board.Hex    // waitHover
	phase battle.Phase // waitPhase
	show  []board.Hex  // the hexes ringed on the map
}

// lessonOrders are the orders a step may wait for, by name, with the
// phases of the player's own half of the turn in which they are given.
var lessonOrders = map[string][]battle.Phase{
	"fire": {battle.FirePhase}, "fire-ap": {battle.FirePhase}, "fire-smoke": {battle.FirePhase},
	"move": {battle.Movement}, "turn": {battle.Movement, battle.AdvancePhase},
	"assault": {battle.AdvancePhase}, "advance": {battle.AdvancePhase},
}

// lessonPhases are the phases a step may wait for: those a side plays.
var lessonPhases = []battle.Phase{battle.FirePhase, battle.Movement, battle.DefensiveFire, battle.AdvancePhase}

// Limits of a steps file (our own choice: far above the shipped one's
// 13 steps and 500 characters a step, small enough to draw).
const (
	maxLessonSteps    = 64
	maxLessonStepText = 2000
)

// parseLesson reads the steps of file name (text) for the board bd: a
// step starts at a line "# Title"; its "do:" line says what it waits for
// (next; briefing; select NAME; hover HEX; order KIND [NAME]; phase
// PHASE), its "show:" line the labels of the hexes to ring; its other
// lines are the text, blank lines between paragraphs. An error names the
// file, the line, the field and the value.
func parseLesson(name, text string, bd *board.Board) ([]lessonStep, error) {
	var steps []lessonStep
	var paras []string
	var para []string
	flush := func() {
		if len(para) > 0 {
			paras = append(paras, strings.Join(para, " "))
			para = nil
		}
	}
	end := func() error {
		flush()
		if len(steps) == 0 {
			return nil
		}
		s := &steps[len(steps)-1]
		s.text = strings.Join(paras, "\n")
		paras = nil
		if s.text == "" {
			return fmt.Errorf("%s: step %s: no text", name, fileio.Quote(s.title))
		}
		if len(s.text) > maxLessonStepText {
			return fmt.Errorf("%s: step %s: %d characters of text, more than %d", name, fileio.Quote(s.title), len(s.text), maxLessonStepText)
		}
		return nil
	}
	hasDo := false
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimRight(line, " \t\r")
		switch {
		case strings.HasPrefix(line, "# "):
			if err := end(); err != nil {
				return nil, err
			}
			if len(steps) > 0 && !hasDo {
				return nil, fmt.Errorf("%s: step %s: no \"do:\" line", name, fileio.Quote(steps[len(steps)-1].title))
			}
			if len(steps) == maxLessonSteps {
				return nil, fmt.Errorf("%s: line %d: more than %d steps", name, n, maxLessonSteps)
			}
			steps = append(steps, lessonStep{title: strings.TrimSpace(line[2:])})
			hasDo = false
		case len(steps) == 0:
			if line != "" {
				return nil, fmt.Errorf("%s: line %d: %s before the first step (\"# Title\")", name, n, fileio.Quote(line))
			}
		case strings.HasPrefix(line, "do:"):
			if hasDo {
				return nil, fmt.Errorf("%s: line %d: a second \"do:\" line in step %s", name, n, fileio.Quote(steps[len(steps)-1].title))
			}
			if err := parseWait(&steps[len(steps)-1], strings.TrimSpace(line[3:]), bd); err != nil {
				return nil, fmt.Errorf("%s: line %d: do %s: %w", name, n, fileio.Quote(strings.TrimSpace(line[3:])), err)
			}
			hasDo = true
		case strings.HasPrefix(line, "show:"):
			for _, label := range strings.Fields(line[5:]) {
				h, err := bd.ParseHex(label)
				if err != nil {
					return nil, fmt.Errorf("%s: line %d: show %s: %w", name, n, fileio.Quote(label), err)
				}
				s := &steps[len(steps)-1]
				s.show = append(s.show, h)
			}
		case line == "":
			flush()
		default:
			para = append(para, strings.TrimSpace(line))
		}
	}
	if err := end(); err != nil {
		return nil, err
	}
	switch {
	case len(steps) == 0:
		return nil, fmt.Errorf("%s: no steps", name)
	case !hasDo:
		return nil, fmt.Errorf("%s: step %s: no \"do:\" line", name, fileio.Quote(steps[len(steps)-1].title))
	}
	return steps, nil
}

// parseWait reads a "do:" value into step s.
func parseWait(s *lessonStep, do string, bd *board.Board) error {
	verb, arg, _ := strings.Cut(do, " ")
	arg = strings.TrimSpace(arg)
	switch verb {
	case "next", "briefing":
		if arg != "" {
			return fmt.Errorf("%s takes nothing after it", verb)
		}
		s.wait = map[string]waitKind{"next": waitNext, "briefing": waitBriefing}[verb]
	case "select":
		if arg == "" {
			return fmt.Errorf("want the unit's name after select")
		}
		s.wait, s.name = waitSelect, arg
	case "hover":
		h, err := bd.ParseHex(arg)
		if err != nil {
			return err
		}
		s.wait, s.hex = waitHover, h
	case "order":
		kind, unit, _ := strings.Cut(arg, " ")
		if lessonOrders[kind] == nil {
			var names []string
			for name := range lessonOrders {
				names = append(names, name)
			}
			slices.Sort(names)
			return fmt.Errorf("no order %s to wait for (%s)", fileio.Quote(kind), strings.Join(names, ", "))
		}
		s.wait, s.order, s.name = waitOrder, kind, strings.TrimSpace(unit)
	case "phase":
		for _, p := range lessonPhases {
			if strings.EqualFold(p.String(), arg) {
				s.wait, s.phase = waitPhase, p
				return nil
			}
		}
		return fmt.Errorf("no phase %s (Fire, Movement, Defensive Fire, Advance & Assault)", fileio.Quote(arg))
	default:
		return fmt.Errorf("want next, briefing, select, hover, order or phase")
	}
	return nil
}

// openTutorial starts the guided first battle (the menu's Learn to play)
// on a new seed, the computer playing the Axis, or says on the menu why
// it cannot.
func (a *App) openTutorial() {
	if err := a.startTutorial(); err != nil {
		a.message = err.Error()
		a.toMenu()
	}
}

// startTutorial starts the guided first battle.
func (a *App) startTutorial() error {
	source := battle.EmbeddedPrefix + assets.Tutorial
	sc, err := battle.OpenScenario(source, a.opts.Catalogue)
	if err != nil {
		return err
	}
	steps, err := parseLesson(path.Join(path.Dir(assets.Tutorial), "steps.txt"), assets.TutorialSteps, sc.Board)
	if err != nil {
		return err
	}
	newSeed := a.opts.NewSeed
	if newSeed == nil {
		newSeed = randomSeed
	}
	seed, err := newSeed()
	if err != nil {
		return err
	}
	b, err := battle.New(sc, a.opts.Catalogue, battle.Config{Seed: seed, Source: source, Fog: battle.FogOfMap})
	if err != nil {
		return err
	}
	o := a.battleOptions([]maps.Side{maps.Axis})
	o.Level = "easy"
	o.lesson = &tutorial{steps: steps, side: maps.Allies}
	return a.start(b, o)
}

// tutorial is the guide of a tutorial battle: its steps and how far the
// player has come.
type tutorial struct {
	steps []lessonStep
	at    int       // the step shown; len(steps) once the guide is done
	side  maps.Side // the player's side
	// seen is the step's event since it began: an order of its kind
	// given, the briefing shown.
	seen bool
	// began is the phase the step shown began in, once it has been
	// looked at (started); an order step whose phase ends before the
	// order is given goes by (tutorialDone).
	began   phaseKey
	started bool
	// height is the strip's height for the screen size and scale of
	// heightFor (tutorialHeight).
	height    int
	heightFor struct {
		size  image.Point
		scale float64
	}
}

// step returns the step shown, or nil once the guide is done.
func (t *tutorial) step() *lessonStep {
	if t == nil || t.at >= len(t.steps) {
		return nil
	}
	return &t.steps[t.at]
}

// next goes on to the next step.
func (t *tutorial) next() {
	if t.at < len(t.steps) {
		t.at++
		t.seen, t.started = false, false
	}
}

// named reports whether unit u answers to name (its name, its type's
// name or its label), any unit when name is "".
func named(u *battle.Unit, name string) bool {
	return name == "" || strings.EqualFold(u.Name, name) || strings.EqualFold(u.Type.Name, name) || strings.EqualFold(u.Label(), name)
}

// tutorialOrdered notes an order the battle accepted: it completes the
// step waiting for an order of its kind by one of the player's units.
func (g *Game) tutorialOrdered(o battle.Order) {
	s := g.tutor.step()
	if s == nil || s.wait != waitOrder || o.Name() != s.order {
		return
	}
	if u := g.battle.Unit(orderUnit(o)); u != nil && u.Side == g.tutor.side && named(u, s.name) {
		g.tutor.seen = true
	}
}

// tutorialDone reports whether the player has done what step s asks.
func (g *Game) tutorialDone(s *lessonStep) bool {
	b := g.battle
	switch s.wait {
	case waitBriefing: // shown, then closed
		if g.showBriefing {
			g.tutor.seen = true
			return false
		}
		return g.tutor.seen
	case waitSelect:
		u := b.Unit(g.play.unit)
		return u != nil && u.Side == g.tutor.side && named(u, s.name)
	case waitHover:
		return g.hasHover && g.hovered == s.hex && g.play.unit != 0
	case waitOrder: // given, and a move carried to its end
		now := phaseKey{turn: b.Turn(), phase: b.Phase()}
		if !g.tutor.started {
			g.tutor.began, g.tutor.started = now, true
		}
		ownPhase := b.Phasing() == g.tutor.side && slices.Contains(lessonOrders[s.order], b.Phase())
		if !g.tutor.seen && (now != g.tutor.began || !ownPhase) {
			// The phase the order is given in ended without it, or is
			// not the one under way (the player ended it early): there
			// is no giving it now, so the step goes by.
			g.note(fmt.Sprintf("tutorial: %q went by with its phase", s.title))
			return true
		}
		paused, _, _ := b.MovePaused()
		return g.tutor.seen && paused == nil && b.Moving() == nil
	case waitPhase:
		return b.Phase() == s.phase && b.Phasing() == g.tutor.side
	}
	return false
}

// followTutorial goes on to the next step of the guide once the player
// has done what the step shown asks (once a frame); once the battle is
// over the guide is too.
func (g *Game) followTutorial() {
	s := g.tutor.step()
	switch {
	case s == nil:
	case g.battle.Result() != nil:
		g.tutor.at = len(g.tutor.steps)
		g.resize(g.screen, g.scale, true)
	case g.tutorialDone(s):
		g.tutorialNext()
	}
}

// tutorialKey is F2: the tutorial's next step.
func (g *Game) tutorialKey(*Intents) {
	if g.tutor.step() == nil {
		g.note("F2 goes on to the next step of the tutorial (the menu's Learn to play)")
		return
	}
	g.tutorialNext()
}

// tutorialNext shows the next step (F2, the strip's button, or the step
// done); after the last the strip goes and the map takes its room.
func (g *Game) tutorialNext() {
	t := g.tutor
	if t.step() == nil {
		return
	}
	t.next()
	if t.step() == nil {
		g.note("the tutorial is over: the battle is yours")
		g.resize(g.screen, g.scale, true)
	}
}

// tutorialHeight is the height in pixels of the tutorial's strip across
// a screen of the given width, above the status bar: the title and the
// text of its longest step wrapped beside the button, at most 40% of the
// screen's height; 0 once the guide is done.
func (g *Game) tutorialHeight(size image.Point, scale float64) int {
	t := g.tutor
	if t.step() == nil {
		return 0
	}
	if t.heightFor.size == size && t.heightFor.scale == scale {
		return t.height
	}
	f := g.tutorialFaces(scale)
	width := float64(size.X) - 3*f.pad - f.button
	lines := 0
	for _, s := range t.steps {
		n := 0
		for _, para := range strings.Split(s.text, "\n") {
			n += len(ui.Wrap(f.face, para, width))
		}
		lines = max(lines, n)
	}
	t.height = min(int(float64(lines+1)*f.line+2*f.pad), size.Y*2/5)
	t.heightFor.size, t.heightFor.scale = size, scale
	return t.height
}

// tutorialFaces are the sizes of the tutorial's strip at a scale.
type tutorialFaces struct {
	face, bold        ui.Face
	pad, line, button float64 // the button's width
}

func (g *Game) tutorialFaces(scale float64) tutorialFaces {
	size := panelTextSize * scale
	f := tutorialFaces{face: g.fonts.Face(size, false), bold: g.fonts.Face(size, true), pad: 10 * scale, line: size * 1.4}
	f.button = ui.TextWidth(f.bold, "Finish  (F2)") + 2*f.pad
	return f
}

// tutorialStrip is the screen rectangle of the tutorial's strip, across
// the screen between the map and the status bar; empty when none shows.
func (g *Game) tutorialStrip() image.Rectangle {
	h := g.tutorialHeight(g.screen, g.scale)
	if h == 0 {
		return image.Rectangle{}
	}
	return image.Rect(0, g.view.Max.Y, g.screen.X, g.view.Max.Y+h)
}

// tutorialButton is the screen rectangle of the strip's button, at its
// top right; empty when no strip shows.
func (g *Game) tutorialButton() image.Rectangle {
	strip := g.tutorialStrip()
	if strip.Empty() {
		return image.Rectangle{}
	}
	f := g.tutorialFaces(g.scale)
	x1, y0 := float64(strip.Max.X)-f.pad, float64(strip.Min.Y)+f.pad
	return image.Rect(int(x1-f.button), int(y0), int(x1), int(y0+f.line+f.pad))
}

// Colours of the tutorial (our own choice): a deep blue strip, unlike the
// grey bars, and rings of a pink no terrain or overlay uses (the line of
// sight and the hover ring are cyan).
var (
	colTutorialBack = color.RGBA{0x12, 0x2a, 0x4a, 0xf8}
	colTutorialRing = color.RGBA{0xff, 0x4f, 0xb0, 0xff}
	colTutorialKey  = color.RGBA{0x9c, 0xd8, 0xff, 0xff}
)

// drawTutorialRings rings the hexes of the step shown, over the map.
func (g *Game) drawTutorialRings(screen *ebiten.Image, v *BoardView) {
	s := g.tutor.step()
	if s == nil {
		return
	}
	// The rings pulse, so that the eye finds them (four beats a second).
	r := v.HexRadius()
	c := colTutorialRing
	if (g.play.tick/15)%2 == 1 {
		c.A = 0x99
	}
	for _, h := range s.show {
		v.ringHex(screen, h, max(3, r/5), c)
	}
	g.batch.Flush(screen)
}

// drawTutorialStrip draws the tutorial's strip: the step's number and
// title, its text and the button that goes on.
func (g *Game) drawTutorialStrip(screen *ebiten.Image) {
	t := g.tutor
	s := t.step()
	if s == nil {
		return
	}
	strip := g.tutorialStrip()
	f := g.tutorialFaces(g.scale)
	x0, y0, x1, y1 := float64(strip.Min.X), float64(strip.Min.Y), float64(strip.Max.X), float64(strip.Max.Y)
	g.fillRect(screen, x0, y0, x1, y1, colTutorialBack)
	pad, line := f.pad, f.line

	label := "Skip  (F2)"
	switch {
	case s.wait == waitNext && t.at == len(t.steps)-1:
		label = "Finish  (F2)"
	case s.wait == waitNext:
		label = "Next  (F2)"
	}
	button := g.tutorialButton()
	bx0, by0, bx1, by1 := float64(button.Min.X), float64(button.Min.Y), float64(button.Max.X), float64(button.Max.Y)
	g.fillRect(screen, bx0, by0, bx1, by1, colTutorialKey)
	g.text(screen, label, f.bold, (bx0+bx1)/2, (by0+by1)/2, ui.AlignCenter, colTutorialBack)

	y := y0 + pad + line/2
	g.text(screen, fmt.Sprintf("Learn to play, step %d of %d: %s", t.at+1, len(t.steps), s.title), f.bold, x0+pad, y, ui.AlignStart, colTutorialKey)
	y += line
	width := bx0 - pad - x0 - pad
	for _, para := range strings.Split(s.text, "\n") {
		for _, w := range ui.Wrap(f.face, para, width) {
			if y+line/2 > y1 {
				return
			}
			g.text(screen, strings.TrimLeft(w, " "), f.face, x0+pad, y, ui.AlignStart, ui.ColPanelText)
			y += line
		}
	}
}
