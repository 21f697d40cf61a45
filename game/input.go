package game

import (
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hexfire/game/ui"
)

// Action is a player's intention, independent of the key or button that
// expresses it.
type Action int

// The actions of the game. Every one has a row in Keymap.
const (
	ActionSelect Action = iota
	ActionPan
	ActionZoom
	ActionRotateWheel
	ActionPanLeft
	ActionPanRight
	ActionPanUp
	ActionPanDown
	ActionZoomIn
	ActionZoomOut
	ActionFit
	ActionNextUnit
	ActionMoveTo
	ActionFire
	ActionResolve
	ActionNextTarget
	ActionFireKind
	ActionMember
	ActionLeader
	ActionGrenades
	ActionFireLane
	ActionAssault
	ActionOverrun
	ActionPanzerfaust
	ActionAmmo
	ActionVolley
	ActionDesperation
	ActionRepair
	ActionSmoke
	ActionCallFire
	ActionRotateLeft
	ActionRotateRight
	ActionTurn
	ActionLoad
	ActionUnload
	ActionTransfer
	ActionExitMap
	ActionPass
	ActionSnipe
	ActionEndPhase
	ActionUndo
	ActionViewshed
	ActionToggleArcs
	ActionCompareRules
	ActionTogglePanel
	ActionLogUp
	ActionLogDown
	ActionComputerSlower
	ActionComputerFaster
	ActionComputerNow
	ActionComputerRush
	ActionReplayForward
	ActionReplayBack
	ActionSave
	ActionLoadSave
	ActionToggleLabels
	ActionToggleHelp
	ActionBriefing
	ActionTutorialNext
	ActionMute
	ActionScreenshot
	ActionYes
	ActionCancel
	ActionQuit
	actionCount
)

// Binding is one row of the keymap: the keys and mouse gestures that
// trigger an action, and the line the help overlay shows for it.
type Binding struct {
	Action Action
	Keys   []ebiten.Key
	// CtrlKeys trigger the action only with Ctrl (or Cmd) held.
	CtrlKeys []ebiten.Key
	// ShiftKeys trigger the action only with Shift held; the same key
	// alone keeps its own binding. They stand in for the function keys,
	// which browsers keep for themselves (F1 help, F5 reload, F12 tools)
	// and many laptop keyboards reach only with Fn.
	ShiftKeys []ebiten.Key
	Mouse     string // a mouse gesture, for the help text only
	KeyText   string // written for Keys in the help when set ("1-9")
	Help      string
	Held      bool // the action repeats while a key is held (panning)
	// scope says when run may carry the action out in a battle; run does
	// it (apply calls the run of each binding triggered, in this order).
	scope scope
	run   func(g *Game, in *Intents)
}

// Keymap is the single table of controls: Input reads it, the help
// overlay lists it and each row carries its handler, so every shortcut is
// documented and carried out in one place.
var Keymap = []Binding{
	{Action: ActionSelect, Mouse: "left click", Help: "select a unit (again: next in the stack), move, fire, advance",
		scope: anyTime, run: (*Game).click},
	{Action: ActionPan, Mouse: "drag (any button)", Help: "pan the map",
		scope: anyTime, run: func(g *Game, in *Intents) { g.cam.Pan(in.PanX, in.PanY) }},
	{Action: ActionZoom, Mouse: "wheel", Help: "zoom around the cursor (over the panel: scroll the log)",
		scope: anyTime, run: (*Game).wheel},
	{Action: ActionRotateWheel, Mouse: "Shift + wheel", Help: "turn the end facing of a vehicle's move",
		scope: toOrder, run: func(g *Game, in *Intents) { g.rotate(in.RotateSteps) }},
	{Action: ActionPanLeft, Keys: []ebiten.Key{ebiten.KeyArrowLeft}, Help: "pan left", Held: true,
		scope: anyTime, run: func(g *Game, _ *Intents) { g.cam.Pan(keyPanSpeed*g.scale, 0) }},
	{Action: ActionPanRight, Keys: []ebiten.Key{ebiten.KeyArrowRight}, Help: "pan right", Held: true,
		scope: anyTime, run: func(g *Game, _ *Intents) { g.cam.Pan(-keyPanSpeed*g.scale, 0) }},
	{Action: ActionPanUp, Keys: []ebiten.Key{ebiten.KeyArrowUp}, Help: "pan up", Held: true,
		scope: anyTime, run: func(g *Game, _ *Intents) { g.cam.Pan(0, keyPanSpeed*g.scale) }},
	{Action: ActionPanDown, Keys: []ebiten.Key{ebiten.KeyArrowDown}, Help: "pan down", Held: true,
		scope: anyTime, run: func(g *Game, _ *Intents) { g.cam.Pan(0, -keyPanSpeed*g.scale) }},
	{Action: ActionZoomIn, Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}, Help: "zoom in",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.zoomCentre(1) }},
	{Action: ActionZoomOut, Keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}, Help: "zoom out",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.zoomCentre(-1) }},
	{Action: ActionFit, Keys: []ebiten.Key{ebiten.KeyHome, ebiten.Key0}, Help: "fit the board to the window",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.fit() }},
	{Action: ActionNextUnit, Keys: []ebiten.Key{ebiten.KeyTab}, Help: "select the next unit that can still act",
		scope: toOrder, run: (*Game).nextUnitKey},
	{Action: ActionMoveTo, Keys: []ebiten.Key{ebiten.KeyM}, Help: "move (or advance) the selected unit to the hovered hex",
		scope: toOrder, run: (*Game).moveKey},
	{Action: ActionFire, Keys: []ebiten.Key{ebiten.KeyF}, Help: "fire at the hovered enemy",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.fireKey() }},
	{Action: ActionResolve, ShiftKeys: []ebiten.Key{ebiten.KeyF}, Help: "roll every AT shot declared in this phase at once (simultaneous fire)",
		scope: toOrder, run: (*Game).resolveKey},
	{Action: ActionNextTarget, Keys: []ebiten.Key{ebiten.KeyC}, Help: "fire at the next enemy unit in the hovered hex (shown in the fire preview)",
		scope: toOrder, run: (*Game).nextTargetKey},
	{Action: ActionFireKind, Keys: []ebiten.Key{ebiten.KeyW}, Help: "AT or AP fire at the hovered hex (shown in the fire preview)",
		scope: toOrder, run: (*Game).fireKindKey},
	{Action: ActionMember, Keys: memberKeys[:], KeyText: "1-9", Help: "take member N of a fire group, assault or stack in or out; your casualties: choice N",
		scope: toOrder, run: (*Game).memberKey},
	{Action: ActionLeader, Keys: []ebiten.Key{ebiten.KeyL}, Help: "fire with or without the leader in the firer's hex",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.play.withLeader = !g.play.withLeader }},
	{Action: ActionGrenades, Keys: []ebiten.Key{ebiten.KeyR}, Help: "throw grenades with AP fire at an adjacent hex or a close assault",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.toggleGrenades(g.battle.Unit(g.play.unit)) }},
	{Action: ActionFireLane, ShiftKeys: []ebiten.Key{ebiten.KeyJ}, Help: "MG fire lane with the next opportunity AP fire (again: next pattern)",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.laneKey() }},
	{Action: ActionAssault, Keys: []ebiten.Key{ebiten.KeyA}, Help: "close-assault the hovered adjacent hex, or a vehicle there if the ruleset allows (Advance)",
		scope: toOrder, run: (*Game).assaultKey},
	{Action: ActionOverrun, ShiftKeys: []ebiten.Key{ebiten.KeyA}, Help: "overrun the hovered enemy hex with the selected AFV (Movement)",
		scope: toOrder, run: (*Game).overrunKey},
	{Action: ActionPanzerfaust, Keys: []ebiten.Key{ebiten.KeyJ}, Help: "fire a Panzerfaust with the AT shot, or not (when the fire preview offers one)",
		scope: toOrder, run: (*Game).panzerfaustKey},
	{Action: ActionAmmo, Keys: []ebiten.Key{ebiten.KeyBackslash}, Help: "the selected unit's next round: AP, APCR, HEAT… (where ruleset and gun offer more)",
		scope: toOrder, run: (*Game).ammoKey},
	{Action: ActionVolley, Keys: []ebiten.Key{ebiten.KeyGraveAccent}, Help: "a volley's second hit: the next vehicle in its bracket, or none (when offered)",
		scope: toOrder, run: (*Game).volleyKey},
	{Action: ActionDesperation, Keys: []ebiten.Key{ebiten.KeySemicolon}, Help: "fire in desperation despite the backblast, or not (when the fire preview offers it)",
		scope: toOrder, run: (*Game).desperationKey},
	{Action: ActionRepair, Keys: []ebiten.Key{ebiten.KeyQuote}, Help: "repair the selected unit's broken weapon instead of firing (Fire phases)",
		scope: toOrder, run: (*Game).repairKey},
	{Action: ActionSmoke, Keys: []ebiten.Key{ebiten.KeyS}, Help: "smoke: then click a hex (rounds in Fire, by hand in Movement)",
		scope: toOrder, run: (*Game).smokeKey},
	{Action: ActionCallFire, ShiftKeys: []ebiten.Key{ebiten.KeyR}, Help: "artillery or air: click the target, the selected unit spotting (again: next kind)",
		scope: toOrder, run: (*Game).callKey},
	{Action: ActionRotateLeft, Keys: []ebiten.Key{ebiten.KeyBracketLeft}, Help: "turn the move's end facing left (Advance: turn the unit)",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.rotate(-1) }},
	{Action: ActionRotateRight, Keys: []ebiten.Key{ebiten.KeyBracketRight}, Help: "turn the move's end facing right (Advance: turn the unit)",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.rotate(1) }},
	{Action: ActionTurn, Keys: []ebiten.Key{ebiten.KeyT}, Help: "turn in place to the facing shown",
		scope: toOrder, run: (*Game).turnKey},
	{Action: ActionLoad, Keys: []ebiten.Key{ebiten.KeyE}, Help: "embark the selected infantry on a vehicle in its hex, or hook a Gun up to a tower there",
		scope: toOrder, run: (*Game).embarkKey},
	{Action: ActionUnload, Keys: []ebiten.Key{ebiten.KeyX}, Help: "unload the selected passenger, or unhook the Gun in tow",
		scope: toOrder, run: (*Game).unloadKey},
	{Action: ActionTransfer, ShiftKeys: []ebiten.Key{ebiten.KeyW}, Help: "hand the selected unit's support weapon on in its hex, or take one (Command phase)",
		scope: toOrder, run: (*Game).transferKey},
	{Action: ActionExitMap, Keys: []ebiten.Key{ebiten.KeyEnd}, Help: "take the selected unit off the map by the edge it stands on (Movement)",
		scope: toOrder, run: (*Game).exitKey},
	{Action: ActionPass, Keys: []ebiten.Key{ebiten.KeyP}, Help: "pass: no opportunity fire at the mover (your unit fired on: halt it)",
		scope: toOrder, run: (*Game).passKey},
	{Action: ActionSnipe, ShiftKeys: []ebiten.Key{ebiten.KeyP}, Help: "sniper: fire at the moving infantry (once a turn), or withdraw it (Advance phase)",
		scope: toOrder, run: (*Game).snipeKey},
	{Action: ActionEndPhase, Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyEnter}, Help: "end the phase, asking while units can act (a move: pass, or go on)",
		scope: anyTime, run: (*Game).endPhaseKey},
	{Action: ActionUndo, Keys: []ebiten.Key{ebiten.KeyU}, CtrlKeys: []ebiten.Key{ebiten.KeyZ}, Help: "undo the last move (if it rolled no die) or declared shot",
		scope: toOrder, run: func(g *Game, _ *Intents) { g.undo() }},
	{Action: ActionViewshed, Keys: []ebiten.Key{ebiten.KeyV}, Help: "show or hide what the selected unit can see",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.play.showViewshed = !g.play.showViewshed }},
	{Action: ActionToggleArcs, Keys: []ebiten.Key{ebiten.KeyO}, Help: "show or hide firing arcs and armour halves",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.play.hideArcs = !g.play.hideArcs }},
	{Action: ActionCompareRules, Keys: []ebiten.Key{ebiten.KeyD}, Help: "compare the hovered AT shot under every ruleset in the panel",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.play.compareRules = !g.play.compareRules }},
	{Action: ActionTogglePanel, Keys: []ebiten.Key{ebiten.KeyI}, Help: "show or hide the unit panel and log",
		scope: anyTime, run: (*Game).togglePanel},
	{Action: ActionLogUp, Keys: []ebiten.Key{ebiten.KeyPageUp}, Help: "scroll the log back (the help, while it shows)",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.scrollLog(logPageLines) }},
	{Action: ActionLogDown, Keys: []ebiten.Key{ebiten.KeyPageDown}, Help: "scroll the log forward (the help, while it shows)",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.scrollLog(-logPageLines) }},
	{Action: ActionComputerSlower, Keys: []ebiten.Key{ebiten.KeyComma}, Help: "computer player: slower",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.setPace(g.play.delay * 2) }},
	{Action: ActionComputerFaster, Keys: []ebiten.Key{ebiten.KeyPeriod}, Help: "computer player: faster",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.setPace(g.play.delay / 2) }},
	{Action: ActionComputerNow, Keys: []ebiten.Key{ebiten.KeyK}, Help: "computer player: give the next order now",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.play.wait, g.play.watchUntil = g.play.delay, 0 }},
	{Action: ActionComputerRush, ShiftKeys: []ebiten.Key{ebiten.KeyK}, Help: "computer player: play on at once until you are to act",
		scope: anyTime, run: (*Game).rushKey},
	{Action: ActionReplayForward, Keys: []ebiten.Key{ebiten.KeyN}, Help: "replay: next order",
		scope: inReplay, run: func(g *Game, _ *Intents) { g.replayForward() }},
	{Action: ActionReplayBack, Keys: []ebiten.Key{ebiten.KeyB}, Help: "replay: previous order",
		scope: inReplay, run: func(g *Game, _ *Intents) { g.replayBack() }},
	{Action: ActionSave, Keys: []ebiten.Key{ebiten.KeyF5}, ShiftKeys: []ebiten.Key{ebiten.KeyS}, Help: "save the battle",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.save() }},
	{Action: ActionLoadSave, Keys: []ebiten.Key{ebiten.KeyF9}, ShiftKeys: []ebiten.Key{ebiten.KeyL}, Help: "load the saved battle",
		scope: anyTime, run: (*Game).loadKey},
	{Action: ActionToggleLabels, Keys: []ebiten.Key{ebiten.KeyG}, Help: "show or hide hex labels",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.showLabels = !g.showLabels }},
	{Action: ActionToggleHelp, Keys: []ebiten.Key{ebiten.KeyH, ebiten.KeySlash}, Help: "show or hide this help",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.showHelp = !g.showHelp }},
	{Action: ActionBriefing, Keys: []ebiten.Key{ebiten.KeyF1}, ShiftKeys: []ebiten.Key{ebiten.KeyB}, Help: "show or hide the briefing and how to win",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.showBriefing = !g.showBriefing }},
	{Action: ActionTutorialNext, Keys: []ebiten.Key{ebiten.KeyF2}, Help: "Learn to play: the tutorial's next step (skips the one shown)",
		scope: anyTime, run: (*Game).tutorialKey},
	{Action: ActionMute, Keys: []ebiten.Key{ebiten.KeyF8}, ShiftKeys: []ebiten.Key{ebiten.KeyM}, Help: "sound on or off",
		scope: anyTime, run: (*Game).muteKey},
	{Action: ActionScreenshot, Keys: []ebiten.Key{ebiten.KeyF12}, ShiftKeys: []ebiten.Key{ebiten.KeyC}, Help: "save a screenshot (hexfire-DATE-TIME.png)",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.shotPending = true }},
	{Action: ActionYes, Keys: []ebiten.Key{ebiten.KeyY}, Help: "yes to the question shown",
		scope: anyTime, run: func(g *Game, _ *Intents) { g.note("Y answers a question when one is shown") }},
	{Action: ActionCancel, Keys: []ebiten.Key{ebiten.KeyEscape}, Help: "no; close the help; cancel smoke; clear the selection",
		scope: anyTime, run: (*Game).cancelKey},
	{Action: ActionQuit, Keys: []ebiten.Key{ebiten.KeyQ}, Help: "leave the battle for the menu (asks first; the battle is kept)",
		scope: anyTime, run: (*Game).quitKey},
}

// shiftBound holds the keys of the keymap's ShiftKeys: alone they keep
// their plain binding, with Shift they trigger only the other one.
var shiftBound = func() map[ebiten.Key]bool {
	m := map[ebiten.Key]bool{}
	for _, b := range Keymap {
		for _, k := range b.ShiftKeys {
			m[k] = true
		}
	}
	return m
}()

// memberKeys are the digit keys 1–9: key i+1 takes member i+1 of a fire
// group or assault in or out.
var memberKeys = [maxMembers]ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4, ebiten.Key5,
	ebiten.Key6, ebiten.Key7, ebiten.Key8, ebiten.Key9}

// keyNames overrides ebiten's key names where players know them otherwise.
var keyNames = map[ebiten.Key]string{
	ebiten.KeyArrowLeft: "Left", ebiten.KeyArrowRight: "Right", ebiten.KeyArrowUp: "Up", ebiten.KeyArrowDown: "Down",
	ebiten.KeyEqual: "+", ebiten.KeyMinus: "-", ebiten.KeyNumpadAdd: "keypad +", ebiten.KeyNumpadSubtract: "keypad -",
	ebiten.KeySlash: "?", ebiten.KeyEscape: "Esc", ebiten.KeyBracketLeft: "[", ebiten.KeyBracketRight: "]",
	ebiten.KeyComma: ",", ebiten.KeyPeriod: ".", ebiten.KeySemicolon: ";", ebiten.KeyQuote: "'", ebiten.KeyBackslash: "\\", ebiten.KeyGraveAccent: "`", ebiten.KeyPageUp: "PgUp", ebiten.KeyPageDown: "PgDn", ebiten.Key0: "0",
}

// keyName returns the name the help overlay writes for k.
func keyName(k ebiten.Key) string {
	if n, ok := keyNames[k]; ok {
		return n
	}
	return k.String()
}

// Controls returns the keys and mouse gesture of a binding as the help
// overlay writes them, like "F / Home", "U / Ctrl+Z" or "wheel".
func (b Binding) Controls() string {
	names := make([]string, 0, len(b.Keys)+len(b.CtrlKeys)+len(b.ShiftKeys)+1)
	if b.KeyText != "" {
		names = append(names, b.KeyText)
	} else {
		for _, k := range b.Keys {
			names = append(names, keyName(k))
		}
	}
	for _, k := range b.CtrlKeys {
		names = append(names, "Ctrl+"+keyName(k))
	}
	for _, k := range b.ShiftKeys {
		names = append(names, "Shift+"+keyName(k))
	}
	if b.Mouse != "" {
		names = append(names, b.Mouse)
	}
	return strings.Join(names, " / ")
}

// Intents is what the player asked for during one frame.
type Intents struct {
	// Cursor is the mouse position in screen pixels; CursorIn is false when
	// the cursor is outside the map area.
	Cursor   image.Point
	CursorIn bool
	// Click is true when the left button was released without dragging
	// over the map; the click happened at Cursor.
	Click bool
	// PanX, PanY is how far the picture should slide, in screen pixels.
	PanX, PanY float64
	// ZoomSteps is the wheel or key zoom this frame (positive zooms in),
	// ZoomAt the screen point it is centred on.
	ZoomSteps float64
	ZoomAt    image.Point
	// RotateSteps turns the ghost facing (Shift + wheel), clockwise positive.
	RotateSteps int
	// LogScroll is the wheel over the panel, in lines (positive: back).
	LogScroll float64
	// Member is the digit 1–9 pressed this frame (ActionMember), or 0.
	Member int
	// Triggered holds the key actions pressed this frame (or held, for
	// Held bindings).
	Triggered [actionCount]bool
}

// Input turns raw keys and mouse into Intents.
type Input struct {
	dragging   bool
	pressed    bool
	pressStart image.Point
	last       image.Point
}

// dragThreshold is how far (screen pixels) the cursor must move with a
// button down before a press becomes a drag and not a click.
const dragThreshold = 4

// keyPanSpeed is the keyboard pan in screen pixels per frame.
const keyPanSpeed = 12

// logWheelLines is how many log lines one wheel notch scrolls.
const logWheelLines = 3

// Read polls ebiten and returns this frame's intents. view is the map
// viewport; panel is the log panel, where the wheel scrolls instead of
// zooming.
func (in *Input) Read(view, panel image.Rectangle) Intents {
	var it Intents
	x, y := ebiten.CursorPosition()
	it.Cursor = image.Pt(x, y)
	it.CursorIn = it.Cursor.In(view)

	anyDown := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	switch {
	case anyDown && !in.pressed:
		in.pressed, in.dragging = true, false
		in.pressStart, in.last = it.Cursor, it.Cursor
	case anyDown:
		d := it.Cursor.Sub(in.pressStart)
		if !in.dragging && d.X*d.X+d.Y*d.Y > dragThreshold*dragThreshold {
			in.dragging = true
		}
		if in.dragging {
			it.PanX, it.PanY = float64(it.Cursor.X-in.last.X), float64(it.Cursor.Y-in.last.Y)
		}
		in.last = it.Cursor
	case in.pressed:
		in.pressed = false
		if !in.dragging && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
			it.Click = true
		}
		in.dragging = false
	case ui.MissedClick(): // pressed and released between two frames: no drag
		it.Click = true
	}

	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	if _, wy := ebiten.Wheel(); wy != 0 {
		switch {
		case it.Cursor.In(panel):
			it.LogScroll = wy * logWheelLines
		case shift && it.CursorIn:
			it.RotateSteps = -sign(wy)
		case it.CursorIn:
			it.ZoomSteps, it.ZoomAt = wy, it.Cursor
		}
	}

	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	for _, b := range Keymap {
		for _, k := range b.Keys {
			if shift && shiftBound[k] {
				continue // Shift+k is another action
			}
			if (b.Held && ebiten.IsKeyPressed(k)) || inpututil.IsKeyJustPressed(k) {
				it.Triggered[b.Action] = true
			}
		}
		for _, k := range b.CtrlKeys {
			if ctrl && inpututil.IsKeyJustPressed(k) {
				it.Triggered[b.Action] = true
			}
		}
		for _, k := range b.ShiftKeys {
			if shift && inpututil.IsKeyJustPressed(k) {
				it.Triggered[b.Action] = true
			}
		}
	}
	for i, k := range memberKeys {
		if inpututil.IsKeyJustPressed(k) {
			it.Member = i + 1
		}
	}
	return it
}

// gestures marks the mouse bindings of the keymap that this frame's
// intents trigger: a click, a drag, the wheel.
func (it *Intents) gestures() {
	t := &it.Triggered
	t[ActionSelect] = t[ActionSelect] || it.Click
	t[ActionPan] = t[ActionPan] || it.PanX != 0 || it.PanY != 0
	t[ActionZoom] = t[ActionZoom] || it.ZoomSteps != 0 || it.LogScroll != 0
	t[ActionRotateWheel] = t[ActionRotateWheel] || it.RotateSteps != 0
}

// sign returns -1, 0 or 1.
func sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
