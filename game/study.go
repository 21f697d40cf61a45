package game

import (
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/killzone"
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

// study is the study table: a map with units set out by hand, for either
// side, turned, stacked, marked and smoked at will, with no sequence of
// play and no dice. Every change sets out a fresh battle (battle.New,
// StageMarkers, StageSmoke) in the Fire phase of the selected unit's
// side, so the battle view (Game) shows its arcs, armour halves and
// viewshed, and for a hovered enemy the line of sight and the odds under
// the active ruleset with the comparison beside them, exactly as in play;
// its Movement phase (M) shows the reach. Orders are never given: the
// study keeps clicks and the keys of orders to itself.
type study struct {
	g      *Game
	batch  *ui.TriBatch // the study's own drawing over the battle scene's
	cat    *units.Catalogue
	base   *maps.Scenario // the map; its units are the pieces
	from   studyMap       // where the map came from, for saving
	source string         // the map as StartStudy named it
	out    string         // the .tmx Ctrl+S writes

	pieces   []piece
	selected int // index of the selected piece, -1 for none
	smoke    map[board.Hex]int

	rules    []string // the registered rulesets
	rule     int      // the active one
	movement bool     // show the Movement phase (reach) instead of the Fire phase

	types     []*units.Type // the catalogue, for adding pieces and as the zone's other unit
	typ       int
	side      maps.Side         // the side new pieces take
	lastAdded map[maps.Side]int // the type last added for each side

	zoneMode   zoneMode
	zoneFacing board.Direction
	zone       *killzone.Zone

	dragging int // the piece being dragged, -1 for none
	message  string
	asking   *ui.Question // leaving for the menu asks first: what is not saved is lost
	exportAt bool         // export the next frame drawn, kill zone and legend included
}

// piece is a unit set out on the study table.
type piece struct {
	maps.Placement
	immobile, pinned bool
}

// zoneMode is what the kill zone shows: nothing, the selected unit as the
// firer, or the selected unit as the target (the reverse).
type zoneMode uint8

const (
	zoneOff zoneMode = iota
	zoneFire
	zoneReverse
)

// studyFile is where Ctrl+S writes a study when none is named.
const studyFile = "hexfire-study.tmx"

// newStudy opens the study table on scenario sc (its units become the
// pieces), read from m.
func newStudy(a *App, sc *maps.Scenario, m studyMap) (*study, error) {
	s := &study{cat: a.opts.Catalogue, base: sc, from: m, out: studyFile, selected: -1, dragging: -1, batch: ui.NewTriBatch(),
		smoke: map[board.Hex]int{}, lastAdded: map[maps.Side]int{}, rules: combat.Names(), types: a.opts.Catalogue.Types(), side: maps.Allies, zoneFacing: board.DirS}
	if len(s.rules) == 0 {
		return nil, errors.New("study: no ruleset is registered")
	}
	for i, name := range s.rules {
		if name == sc.Ruleset {
			s.rule = i
		}
	}
	for _, p := range sc.Units {
		s.pieces = append(s.pieces, piece{Placement: p})
	}
	s.typ = s.defaultType(s.side)
	b, err := s.battle()
	if err != nil {
		return nil, err
	}
	o := a.opts.Battle
	o.Computer, o.Replay, o.Autosave, o.Select, o.Hover, o.Sound = nil, nil, "", "", "", false
	if s.g, err = New(b, o); err != nil {
		return nil, err
	}
	s.g.CompareRules(true) // the shot under every ruleset beside the active one's (D hides it)
	s.g.DrawUnderCounters(s.drawZone)
	s.follow(a)
	return s, nil
}

// StartStudy shows the study table on the scenario of source, as
// battle.OpenScenario names it ("" for the embedded default), its units
// set out as the scenario places them, or on a blank map (BlankPrefix):
// the -study flag.
func (a *App) StartStudy(source string) error {
	if source == "" {
		source = battle.EmbeddedPrefix + maps.DefaultPath
	}
	var sc *maps.Scenario
	var err error
	from := studyMap{source: source}
	if strings.HasPrefix(source, BlankPrefix) {
		sc, from.tmx, err = blankMap(source, a.opts.Catalogue)
		from.source = ""
	} else {
		sc, err = battle.OpenScenario(source, a.opts.Catalogue)
	}
	if err != nil {
		return err
	}
	s, err := newStudy(a, sc, from)
	if err != nil {
		return err
	}
	s.source = source
	a.goTo(s)
	return nil
}

// studyBlankMaps are the blank maps N offers after the scenarios' (our
// own choice: a medium map of each hex orientation; -study takes any
// size).
var studyBlankMaps = []string{BlankPrefix + "30x20", BlankPrefix + "30x20:pointy"}

// nextMap opens the study table on the map after this one: the embedded
// scenarios' in the picker's order, then the blank maps, then the first
// scenario again.
func (s *study) nextMap(a *App) {
	var sources []string
	for _, e := range a.scenarios() {
		if e.sc != nil {
			sources = append(sources, e.source)
		}
	}
	sources = append(sources, studyBlankMaps...)
	next := sources[(slices.Index(sources, s.source)+1)%len(sources)]
	if err := a.StartStudy(next); err != nil {
		s.message = err.Error()
	}
}

// pose selects the unit in the hex labelled sel and shows the hex
// labelled hover as hovered; with a unit there too, the kill zone of the
// selected unit against its type and facing (as T and F would choose
// them). Either label may be "". It is the -screenshot -scene study run.
func (s *study) pose(sel, hover string) error {
	bd := s.base.Board
	if sel != "" {
		h, err := bd.ParseHex(sel)
		if err != nil {
			return fmt.Errorf("game: select: %w", err)
		}
		s.selectAt(h, image.Point{})
	}
	if hover == "" {
		return nil
	}
	h, err := bd.ParseHex(hover)
	if err != nil {
		return fmt.Errorf("game: hover: %w", err)
	}
	s.g.HoldHover(h)
	if i := s.topPiece(h); i >= 0 && s.selected >= 0 && i != s.selected {
		s.chooseTypeOf(h)
		s.zoneFacing, s.zoneMode = s.pieces[i].Facing, zoneFire
	}
	s.rebuild()
	return nil
}

// openStudy opens the study table on the default scenario (the menu's
// Study), or says on the menu why it cannot.
func (a *App) openStudy() {
	if err := a.StartStudy(""); err != nil {
		a.message = err.Error()
		a.toMenu()
	}
}

// battle sets the pieces out on a fresh battle under the active ruleset,
// in the Fire phase of the selected piece's side (or its Movement phase).
func (s *study) battle() (*battle.Battle, error) {
	sc := *s.base
	sc.Units = make([]maps.Placement, len(s.pieces))
	for i, p := range s.pieces {
		sc.Units[i] = p.Placement
		sc.Units[i].ID = i + 1
	}
	sc.FirstSide = maps.Allies
	if s.selected >= 0 {
		sc.FirstSide = s.pieces[s.selected].Side
	}
	b, err := battle.New(&sc, s.cat, battle.Config{Seed: 1, Ruleset: s.rules[s.rule], Source: s.from.source, Fog: battle.FogOff})
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if s.movement {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			return nil, fmt.Errorf("study: %w", err)
		}
	}
	for i, p := range s.pieces {
		var m battle.Markers
		if p.immobile {
			m |= battle.Immobile
		}
		if p.pinned {
			m |= battle.Pinned
		}
		if err := b.StageMarkers(battle.UnitID(i+1), m); err != nil {
			return nil, err
		}
	}
	for h, level := range s.smoke {
		if err := b.StageSmoke(h, level); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// rebuild sets the table out again after a change, keeping the view, the
// selection and the switches, and works the kill zone out again.
func (s *study) rebuild() {
	b, err := s.battle()
	if err != nil {
		s.message = err.Error()
		return
	}
	u, err := umpire.New(b)
	if err == nil {
		err = s.g.Restart(u, battle.UnitID(s.selected+1)) // 0 when none is selected
	}
	if err != nil {
		s.message = err.Error()
		return
	}
	s.updateZone()
}

// updateZone works out the kill zone the switches ask for: the selected
// piece against a unit of the chosen type (turned to the zone's facing)
// in every hex, or, reversed, a firer of the chosen type (turned toward
// it) in every hex against the selected piece. The other unit is set out
// on a battle of its own with the pieces, never shown.
func (s *study) updateZone() {
	s.zone = nil
	s.g.InvalidateMap() // the zone is drawn in the map's picture
	if s.zoneMode == zoneOff || s.selected < 0 {
		return
	}
	sel := s.pieces[s.selected]
	other := piece{Placement: maps.Placement{Type: s.types[s.typ].Name, Side: battle.Opponent(sel.Side), Hex: sel.Hex, Facing: s.zoneFacing}}
	saved := s.pieces
	s.pieces = append(append([]piece(nil), saved...), other)
	b, err := s.battle()
	s.pieces = saved
	if err != nil {
		s.message = err.Error()
		return
	}
	me, them := b.Unit(battle.UnitID(s.selected+1)), b.Unit(battle.UnitID(len(saved)+1))
	q := killzone.Query{Firer: me, Target: them, At: sel.Hex, FirerFacing: sel.Facing, TargetFacing: s.zoneFacing}
	if s.zoneMode == zoneReverse {
		q = killzone.Query{Firer: them, Target: me, At: sel.Hex, Reverse: true, FirerTurns: true, TargetFacing: sel.Facing}
	}
	if s.zone, err = killzone.Compute(b, q); err != nil {
		s.message = err.Error()
	}
}

// studyAction is a control of the study table.
type studyAction int

const (
	studyAdd studyAction = iota
	studyRemove
	studySide
	studyTypePrev
	studyTypeNext
	studyTypeOf
	studyTurnLeft
	studyTurnRight
	studyImmobile
	studyPinned
	studySmoke
	studyRules
	studyZone
	studyZoneFacing
	studyMovement
	studySave
	studyExport
	studyDeselect
	studyNextMap
	studyMenu
	studyActionCount
)

// studyBinding is a key of the study table and what it does, for the help
// line and docs/UI.md.
type studyBinding struct {
	action studyAction
	keys   []ebiten.Key
	ctrl   bool
	help   string
}

// studyKeymap lists the study's own keys; the battle view's keys for the
// camera, labels, arcs (O), viewshed (V), the ruleset comparison (D) and
// screenshots (F12) work as in a battle.
var studyKeymap = []studyBinding{
	{studyAdd, []ebiten.Key{ebiten.KeyA}, false, "add the chosen unit in the hovered hex"},
	{studyRemove, []ebiten.Key{ebiten.KeyX, ebiten.KeyDelete}, false, "remove the selected unit"},
	{studySide, []ebiten.Key{ebiten.KeyTab}, false, "side of the units added"},
	{studyTypePrev, []ebiten.Key{ebiten.KeyComma}, false, "previous unit type (to add, and the kill zone's other unit)"},
	{studyTypeNext, []ebiten.Key{ebiten.KeyPeriod}, false, "next unit type"},
	{studyTypeOf, []ebiten.Key{ebiten.KeyT}, false, "choose the type of the hovered unit"},
	{studyTurnLeft, []ebiten.Key{ebiten.KeyBracketLeft}, false, "turn the selected unit left (also Shift + wheel)"},
	{studyTurnRight, []ebiten.Key{ebiten.KeyBracketRight}, false, "turn the selected unit right"},
	{studyImmobile, []ebiten.Key{ebiten.KeyI}, false, "mark the selected unit immobile, or not"},
	{studyPinned, []ebiten.Key{ebiten.KeyP}, false, "mark the selected unit pinned, or not"},
	{studySmoke, []ebiten.Key{ebiten.KeyS}, false, "smoke in the hovered hex: none, 1, 2"},
	{studyRules, []ebiten.Key{ebiten.KeyR}, false, "next ruleset"},
	{studyZone, []ebiten.Key{ebiten.KeyK}, false, "kill zone: off, of the selected unit, where a firer must stand to kill it"},
	{studyZoneFacing, []ebiten.Key{ebiten.KeyF}, false, "the kill zone's target facing"},
	{studyMovement, []ebiten.Key{ebiten.KeyM}, false, "show the selected unit's reach (Movement phase), or its fire"},
	{studySave, []ebiten.Key{ebiten.KeyS}, true, "save the study as a Tiled scenario (" + studyFile + ")"},
	{studyExport, []ebiten.Key{ebiten.KeyE}, false, "export the view as a PNG"},
	{studyDeselect, []ebiten.Key{ebiten.KeyEscape}, false, "clear the selection"},
	{studyNextMap, []ebiten.Key{ebiten.KeyN}, false, "the next map: each scenario's, then a blank one of each hex orientation"},
	{studyMenu, []ebiten.Key{ebiten.KeyQ}, false, "back to the menu"},
}

// studyKeys are the study actions of one frame.
type studyKeys [studyActionCount]bool

// readStudyKeys polls ebiten for the study's keys.
func readStudyKeys() studyKeys {
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	return studyKeysOf(inpututil.IsKeyJustPressed, ctrl, shift)
}

// studyKeysOf is the study's actions for the keys justPressed reports,
// with the modifiers held. A study binding needs Ctrl exactly when it
// says so; and as in a battle, Shift with a key that has a Shift binding
// in the battle's keymap (Shift+S saves a battle, Shift+P snipes) is
// that other binding, never the study's plain one.
func studyKeysOf(justPressed func(ebiten.Key) bool, ctrl, shift bool) studyKeys {
	var k studyKeys
	for _, b := range studyKeymap {
		for _, key := range b.keys {
			if b.ctrl == ctrl && !(shift && shiftBound[key]) && justPressed(key) {
				k[b.action] = true
			}
		}
	}
	return k
}

// studyViewActions are the battle view's actions the study passes on:
// the camera, the switches of what is shown, the choice of target in a
// stack, of AT or AP fire, of the round and a volley's second vehicle
// (each changes the preview only), the screenshot.
var studyViewActions = map[Action]bool{
	ActionPan: true, ActionZoom: true, ActionPanLeft: true, ActionPanRight: true, ActionPanUp: true, ActionPanDown: true,
	ActionZoomIn: true, ActionZoomOut: true, ActionFit: true, ActionViewshed: true, ActionToggleArcs: true,
	ActionCompareRules: true, ActionLogUp: true, ActionLogDown: true, ActionToggleLabels: true, ActionScreenshot: true,
	ActionNextTarget: true, ActionFireKind: true, ActionAmmo: true, ActionVolley: true,
}

// follow lays the view out on the app's screen, as App.LayoutF does for
// a battle.
func (s *study) follow(a *App) {
	if a.screen != (image.Point{}) {
		s.g.Resize(a.screen, a.scale)
	}
}

func (s *study) update(a *App, in frameInput) error {
	s.follow(a)
	if s.asking != nil {
		if ui.AnswerQuestion(in.ui, s.asking, image.Rectangle{Max: a.screen}, a.scale) {
			s.asking = nil
		}
		return nil
	}
	var it Intents
	var keys studyKeys
	if in.intents != nil {
		it = *in.intents
	} else if !s.g.Scripted() {
		it = s.g.ReadIntents()
		keys = readStudyKeys()
		s.readDrag(&it)
	}
	s.frame(a, it, keys)
	return nil
}

// readDrag turns a drag that starts on a piece into moving it: the
// selected piece when the drag starts in its hex, else the one whose
// counter is under the cursor; the camera does not pan, and the piece
// lands in the hex the button is released over.
func (s *study) readDrag(it *Intents) {
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && it.CursorIn {
		if h, ok := s.g.HexAt(it.Cursor); ok {
			s.dragging = s.counterUnder(h, it.Cursor)
			if s.selected >= 0 && s.pieces[s.selected].Hex == h {
				s.dragging = s.selected // a unit picked out of its stack
			} else if s.dragging < 0 {
				s.dragging = s.topPiece(h)
			}
		}
	}
	if s.dragging < 0 {
		return
	}
	it.PanX, it.PanY = 0, 0
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		i := s.dragging
		s.dragging = -1
		if h, ok := s.g.HexAt(it.Cursor); ok && !it.Click && h != s.pieces[i].Hex {
			s.selected = i
			s.moveSelected(h)
			it.Click = false
		}
	}
}

// frame runs one frame of the study on the intents and keys given.
func (s *study) frame(a *App, it Intents, keys studyKeys) {
	g := s.g
	click, rotate := it.Click && it.CursorIn, it.RotateSteps
	for _, k := range keys {
		if k || click {
			s.message = "" // a message lasts until the next change
			break
		}
	}
	keys[studyTurnLeft] = keys[studyTurnLeft] || it.Triggered[ActionRotateLeft]
	keys[studyTurnRight] = keys[studyTurnRight] || it.Triggered[ActionRotateRight]
	pass := it
	pass.Click, pass.RotateSteps, pass.Member = false, 0, 0
	for act := range pass.Triggered {
		pass.Triggered[act] = pass.Triggered[act] && studyViewActions[Action(act)]
	}
	if m := g.Step(pass); m != "" { // writes the view exported last frame (E), as F12's
		s.message = m
	}
	hover, hasHover := g.Hovered()
	switch {
	case keys[studyMenu]:
		s.asking = &ui.Question{Text: "Leave the study for the menu? The units set out are lost unless saved (Ctrl+S).", Yes: a.toMenu}
		return
	case keys[studySave]:
		s.save()
	case keys[studyExport]:
		s.exportAt = true
	case keys[studyNextMap] && len(s.pieces) > 0:
		s.asking = &ui.Question{Text: "Open the next map? The units set out are lost unless saved (Ctrl+S).", Yes: func() { s.nextMap(a) }}
		return
	case keys[studyNextMap]:
		s.nextMap(a)
		return
	}
	if click && hasHover {
		s.selectAt(hover, it.Cursor)
	}
	if rotate != 0 {
		s.turnSelected(rotate)
	}
	switch {
	case keys[studyTurnLeft]:
		s.turnSelected(-1)
	case keys[studyTurnRight]:
		s.turnSelected(1)
	}
	if keys[studyAdd] && hasHover {
		s.add(hover)
	}
	if keys[studyRemove] {
		s.removeSelected()
	}
	if keys[studySide] {
		s.side = battle.Opponent(s.side)
		if _, ok := s.lastAdded[s.side]; ok || sideOfNation(s.types[s.typ].Nation) != s.side {
			s.typ = s.defaultType(s.side)
		}
	}
	if keys[studyTypePrev] || keys[studyTypeNext] {
		step := 1
		if keys[studyTypePrev] {
			step = len(s.types) - 1
		}
		s.typ = (s.typ + step) % len(s.types)
		s.updateZone()
	}
	if keys[studyTypeOf] && hasHover {
		s.chooseTypeOf(hover)
	}
	if keys[studyImmobile] {
		s.mark(func(p *piece) { p.immobile = !p.immobile })
	}
	if keys[studyPinned] {
		s.mark(func(p *piece) { p.pinned = !p.pinned })
	}
	if keys[studySmoke] && hasHover {
		s.cycleSmoke(hover)
	}
	if keys[studyRules] {
		s.rule = (s.rule + 1) % len(s.rules)
		s.rebuild()
	}
	if keys[studyZone] {
		s.zoneMode = (s.zoneMode + 1) % 3
		s.updateZone()
	}
	if keys[studyZoneFacing] {
		s.zoneFacing = s.zoneFacing.Rotate(1)
		s.updateZone()
	}
	if keys[studyMovement] {
		s.movement = !s.movement
		s.rebuild()
	}
	if keys[studyDeselect] {
		s.selected = -1
		s.rebuild()
	}
}

// chooseTypeOf makes the type of the top piece in hex h the one to add
// and the kill zone's other unit.
func (s *study) chooseTypeOf(h board.Hex) {
	i := s.topPiece(h)
	if i < 0 {
		s.message = "no unit there to take the type of"
		return
	}
	for k, t := range s.types {
		if t.Name == s.pieces[i].Type {
			s.typ = k
		}
	}
	s.updateZone()
}

// topPiece returns the last piece in hex h (the one drawn on top), or -1.
func (s *study) topPiece(h board.Hex) int {
	for i := len(s.pieces) - 1; i >= 0; i-- {
		if s.pieces[i].Hex == h {
			return i
		}
	}
	return -1
}

// selectAt selects the piece clicked at screen point pt in hex h: the one
// whose counter is drawn there, should a stack's fanned counters show it
// (Game.counterAt); a click on the selected piece again, or beside the
// counters, selects the next one down its stack (so a counter wholly under
// others is reached too), and else the top one; none on an empty hex.
func (s *study) selectAt(h board.Hex, pt image.Point) {
	var stack []int
	for i, p := range s.pieces {
		if p.Hex == h {
			stack = append(stack, i)
		}
	}
	next := -1
	if len(stack) > 0 {
		next = stack[len(stack)-1]
	}
	for k, i := range stack {
		if i == s.selected {
			next = stack[(k+len(stack)-1)%len(stack)]
		}
	}
	if i := s.counterUnder(h, pt); i >= 0 && i != s.selected {
		next = i
	}
	s.selected = next
	s.rebuild()
}

// counterUnder returns the piece of a stack in hex h whose counter is
// drawn at screen point pt, or -1 (a lone counter, or none there).
func (s *study) counterUnder(h board.Hex, pt image.Point) int {
	if hov, ok := s.g.Hovered(); !ok || hov != h {
		return -1
	}
	if u := s.g.CounterAt(pt); u != nil {
		return int(u.ID) - 1 // the pieces are the battle's units in order
	}
	return -1
}

// defaultType returns the unit type offered for adding a unit of side:
// the type last added for the side, else the type of its first tank (an
// AFV with a turret) on the table, else the catalogue's first tank of the
// side's nations, else the catalogue's first type.
func (s *study) defaultType(side maps.Side) int {
	if k, ok := s.lastAdded[side]; ok {
		return k
	}
	tank := func(t *units.Type) bool { return t.Kind == units.AFV && t.Turret && sideOfNation(t.Nation) == side }
	for _, p := range s.pieces {
		if k := slices.IndexFunc(s.types, func(t *units.Type) bool { return t.Name == p.Type }); k >= 0 && p.Side == side && tank(s.types[k]) {
			return k
		}
	}
	return max(0, slices.IndexFunc(s.types, tank))
}

// sideOfNation is the side a catalogue nation fought on: Germany (DE) is
// the catalogue's only Axis nation, the United States, the United Kingdom
// and the Soviet Union are the Allies.
func sideOfNation(nation string) maps.Side {
	if nation == "DE" {
		return maps.Axis
	}
	return maps.Allies
}

// add sets a unit of the chosen type and side out in hex h, facing the
// zone's facing, on top of any stack there, and selects it.
func (s *study) add(h board.Hex) {
	t := s.types[s.typ]
	s.lastAdded[s.side] = s.typ
	s.pieces = append(s.pieces, piece{Placement: maps.Placement{Type: t.Name, Side: s.side, Hex: h, Facing: s.zoneFacing}})
	s.selected = len(s.pieces) - 1
	s.message = fmt.Sprintf("%s (%s) added in %s", t.Name, s.side.Title(), s.base.Board.Label(h))
	s.rebuild()
}

// removeSelected takes the selected piece off the table.
func (s *study) removeSelected() {
	if s.selected < 0 {
		s.message = "select a unit to remove"
		return
	}
	s.pieces = append(s.pieces[:s.selected], s.pieces[s.selected+1:]...)
	s.selected = -1
	s.rebuild()
}

// moveSelected puts the selected piece in hex h, facing as before.
func (s *study) moveSelected(h board.Hex) {
	if s.selected < 0 || !s.base.Board.Contains(h) {
		return
	}
	s.pieces[s.selected].Hex = h
	s.rebuild()
}

// turnSelected turns the selected piece n hexsides clockwise.
func (s *study) turnSelected(n int) {
	if s.selected < 0 {
		return
	}
	p := &s.pieces[s.selected]
	p.Facing = p.Facing.Rotate(n)
	s.rebuild()
}

// mark changes a marker of the selected piece.
func (s *study) mark(change func(*piece)) {
	if s.selected < 0 {
		s.message = "select a unit to mark"
		return
	}
	change(&s.pieces[s.selected])
	s.rebuild()
}

// cycleSmoke steps the smoke in hex h: none, Smoke 1, Smoke 2, none.
func (s *study) cycleSmoke(h board.Hex) {
	s.smoke[h] = (s.smoke[h] + 1) % 3
	if s.smoke[h] == 0 {
		delete(s.smoke, h)
	}
	s.rebuild()
}

// save writes the study as a Tiled scenario.
func (s *study) save() {
	pieces := make([]maps.Placement, len(s.pieces))
	for i, p := range s.pieces {
		pieces[i] = p.Placement
	}
	if inBrowser {
		// The page has no files: the browser downloads the study, which
		// the Files screen opens again.
		text, err := storedStudyTMX(s.from, s.base.Board, pieces)
		if err == nil {
			err = download(studyFile, text)
		}
		if err != nil {
			s.message = err.Error()
			return
		}
		s.message = "study downloaded as " + studyFile + ": open it again with Files on the menu"
		return
	}
	if err := saveStudyTMX(s.out, s.from, s.base.Board, pieces); err != nil {
		s.message = err.Error()
		return
	}
	s.message = "study saved as " + s.out
}

func (s *study) draw(a *App, screen *ebiten.Image) {
	s.follow(a)
	g := s.g
	g.Draw(screen) // the kill zone under the counters (drawZone)
	if s.zone != nil {
		s.drawLegend(screen)
	}
	s.drawBars(screen)
	if s.exportAt {
		s.exportAt = false
		g.Capture(screen) // the battle view writes it next frame
	}
	if s.asking != nil {
		ui.DrawQuestionBox(a.canvas(screen), image.Rectangle{Max: a.screen}, s.asking.Text)
	}
}

// drawZone shades each hex of the kill zone by its chance to destroy:
// the battle view draws it over the map and under the counters, which
// stay readable on top.
func (s *study) drawZone(dst *ebiten.Image, v *BoardView) {
	if s.zone == nil {
		return
	}
	for _, c := range s.zone.Cells {
		if shade, ok := killzone.Shade(c); ok {
			v.fillHex(dst, c.Hex, shade)
		}
	}
}

// The legend's line height and padding in window pixels (our own choice).
const (
	legendLine = ui.BarTextSize * 1.4
	legendPad  = 8
)

// canvas is the study's canvas on dst, in the battle scene's faces and
// scale.
func (s *study) canvas(dst *ebiten.Image) ui.Canvas {
	return ui.Canvas{Dst: dst, Fonts: s.g.Fonts(), Batch: s.batch, Scale: s.g.Scale()}
}

// legendRect is where the legend is drawn: the map's lower left corner.
func (s *study) legendRect() image.Rectangle {
	scale, area := s.g.Scale(), s.g.MapArea()
	pad := legendPad * scale
	w, h := 150*scale, legendLine*scale*float64(len(killzone.Bands)+1)+2*pad
	x0, y1 := float64(area.Min.X)+pad, float64(area.Max.Y)-pad
	return image.Rect(int(x0), int(y1-h), int(x0+w), int(y1))
}

// drawLegend draws the kill zone's scale in the map's lower left corner.
func (s *study) drawLegend(screen *ebiten.Image) {
	c := s.canvas(screen)
	face := c.Face(ui.BarTextSize, false)
	line, pad := legendLine*c.Scale, legendPad*c.Scale
	r := s.legendRect()
	x0, y0 := float64(r.Min.X), float64(r.Min.Y)
	c.Fill(x0, y0, float64(r.Max.X), float64(r.Max.Y), ui.ColPanel)
	c.Text("chance to destroy", face, x0+pad, y0+pad+line/2, ui.AlignStart, ui.ColPanelKey)
	for i, b := range killzone.Bands {
		y := y0 + pad + line*float64(i+1) + line/2
		swatch := b.Colour
		swatch.A = 0xff
		c.Fill(x0+pad, y-line/3, x0+pad+line*0.8, y+line/3, swatch)
		c.Text(b.Label, face, x0+pad+line, y, ui.AlignStart, ui.ColPanelText)
	}
}

// drawBars writes the study's own top and status bars over the battle's:
// the ruleset, the unit to add, the kill zone; the hovered hex's zone
// values or the last message, and the keys.
func (s *study) drawBars(screen *ebiten.Image) {
	g, c := s.g, s.canvas(screen)
	size, area := g.ScreenSize(), g.MapArea()
	w := float64(size.X)
	top, bottom := float64(area.Min.Y), float64(area.Max.Y)
	opaque := colBar
	opaque.A = 0xff // the battle's bars must not show through
	c.Fill(0, 0, w, top, opaque)
	c.Fill(0, bottom, w, float64(size.Y), opaque)
	pad := 10 * c.Scale
	bold, face := c.Face(ui.BarTextSize, true), c.Face(ui.BarTextSize, false)
	c.Text("Study: "+s.base.Title, bold, pad, top/2, ui.AlignStart, colBarText)
	line := fmt.Sprintf("rules %s (R)  |  add %s, %s (, . T Tab A)  |  %s", s.rules[s.rule], s.types[s.typ].Name, s.side.Title(), s.zoneLine())
	c.Text(ui.FitText(face, line, w-2*pad-ui.TextWidth(bold, "Study: "+s.base.Title)-2*pad), face, w-pad, top/2, ui.AlignEnd, colBarText)
	status := s.message
	if h, ok := g.Hovered(); ok {
		status = describeHex(g.Board(), h)
		if v := s.zoneAt(h); v != "" {
			status = v
		}
		if los := g.LOSStatus(); los != "" {
			status += "  |  " + los // the line from the selected unit, with its hexside case
		}
		if s.message != "" {
			status += "    " + s.message
		}
	}
	keys := "drag: move  [ ]: turn  X: remove  I/P: immobile/pinned  S: smoke  K/F: kill zone  M: reach  Ctrl+S: save  E: PNG  N: map  Q: menu"
	mid := (bottom + float64(size.Y)) / 2
	room := w - 2*pad
	if ui.TextWidth(face, status)+ui.TextWidth(face, keys)+pad <= room {
		// The keys only where the hex's line leaves room for them.
		c.Text(keys, face, w-pad, mid, ui.AlignEnd, colBarDim)
	}
	c.Text(ui.FitText(face, status, room), face, pad, mid, ui.AlignStart, colBarText)
}

// zoneLine says what the kill zone shows.
func (s *study) zoneLine() string {
	switch {
	case s.zoneMode == zoneOff:
		return "kill zone off (K)"
	case s.selected < 0:
		return "kill zone: select a unit"
	case s.zoneMode == zoneFire:
		return fmt.Sprintf("kill zone: %s against %s facing %s (F)", s.pieces[s.selected].Type, s.types[s.typ].Name, s.zoneFacing)
	}
	return fmt.Sprintf("kill zone: where %s (turning) destroys %s", s.types[s.typ].Name, s.pieces[s.selected].Type)
}

// zoneAt is the status line of the kill zone in hex h, "" without one.
func (s *study) zoneAt(h board.Hex) string {
	if s.zone == nil {
		return ""
	}
	c, ok := s.zone.Cell(h)
	if !ok || c.Range == 0 {
		return ""
	}
	label := s.base.Board.Label(h)
	switch {
	case !c.Clear:
		return label + ": out of sight"
	case !c.Shot:
		return label + ": " + c.Refused
	}
	aspect := ""
	if s.zone.Query.Target.Type.Kind == units.AFV {
		aspect = ", " + c.Aspect.String()
	}
	return fmt.Sprintf("%s: range %d%s, to-hit %d, hindrance %d: hit %.1f%%, destroy %.1f%%, immobilize %.1f%%",
		label, c.Range, aspect, c.ToHit, c.Hindrance, 100*c.Hit(), 100*c.Destroy(), 100*c.Immobilize())
}
