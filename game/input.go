package game

import (
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Action is a player's intention, independent of the key or button that
// expresses it.
type Action int

// The actions of the board view. Every one has a row in Keymap.
const (
	ActionSelect Action = iota
	ActionPan
	ActionZoom
	ActionPanLeft
	ActionPanRight
	ActionPanUp
	ActionPanDown
	ActionZoomIn
	ActionZoomOut
	ActionFit
	ActionToggleLabels
	ActionToggleHelp
	ActionScreenshot
	ActionQuit
	actionCount
)

// Binding is one row of the keymap: the keys and mouse gestures that
// trigger an action, and the line the help overlay shows for it.
type Binding struct {
	Action Action
	Keys   []ebiten.Key
	Mouse  string // a mouse gesture, for the help text only
	Help   string
	Held   bool // the action repeats while a key is held (panning)
}

// Keymap is the single table of controls: Input reads it and the help
// overlay lists it, so every shortcut is documented in one place.
var Keymap = []Binding{
	{Action: ActionSelect, Mouse: "left click", Help: "select the hex under the cursor"},
	{Action: ActionPan, Mouse: "drag (any button)", Help: "pan the map"},
	{Action: ActionZoom, Mouse: "wheel", Help: "zoom around the cursor"},
	{Action: ActionPanLeft, Keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, Help: "pan left", Held: true},
	{Action: ActionPanRight, Keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}, Help: "pan right", Held: true},
	{Action: ActionPanUp, Keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}, Help: "pan up", Held: true},
	{Action: ActionPanDown, Keys: []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}, Help: "pan down", Held: true},
	{Action: ActionZoomIn, Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}, Help: "zoom in"},
	{Action: ActionZoomOut, Keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}, Help: "zoom out"},
	{Action: ActionFit, Keys: []ebiten.Key{ebiten.KeyF, ebiten.KeyHome}, Help: "fit the board to the window"},
	{Action: ActionToggleLabels, Keys: []ebiten.Key{ebiten.KeyL}, Help: "show or hide hex labels"},
	{Action: ActionToggleHelp, Keys: []ebiten.Key{ebiten.KeyH, ebiten.KeySlash}, Help: "show or hide this help"},
	{Action: ActionScreenshot, Keys: []ebiten.Key{ebiten.KeyF12}, Help: "save a screenshot (hexfire-DATE-TIME.png)"},
	{Action: ActionQuit, Keys: []ebiten.Key{ebiten.KeyEscape, ebiten.KeyQ}, Help: "close the help, or quit"},
}

// keyNames overrides ebiten's key names where players know them otherwise.
var keyNames = map[ebiten.Key]string{
	ebiten.KeyArrowLeft: "Left", ebiten.KeyArrowRight: "Right", ebiten.KeyArrowUp: "Up", ebiten.KeyArrowDown: "Down",
	ebiten.KeyEqual: "+", ebiten.KeyMinus: "-", ebiten.KeyNumpadAdd: "keypad +", ebiten.KeyNumpadSubtract: "keypad -",
	ebiten.KeySlash: "?", ebiten.KeyEscape: "Esc",
}

// Controls returns the keys and mouse gesture of a binding as the help
// overlay writes them, like "F / Home" or "wheel".
func (b Binding) Controls() string {
	names := make([]string, 0, len(b.Keys)+1)
	for _, k := range b.Keys {
		if n, ok := keyNames[k]; ok {
			names = append(names, n)
		} else {
			names = append(names, k.String())
		}
	}
	if b.Mouse != "" {
		names = append(names, b.Mouse)
	}
	return strings.Join(names, " / ")
}

// Intents is what the player asked for during one frame.
type Intents struct {
	// Cursor is the mouse position in screen pixels; CursorIn is false when
	// the cursor is outside the window.
	Cursor   image.Point
	CursorIn bool
	// Click is true when the left button was released without dragging;
	// the click happened at Cursor.
	Click bool
	// PanX, PanY is how far the picture should slide, in screen pixels.
	PanX, PanY float64
	// ZoomSteps is the wheel or key zoom this frame (positive zooms in),
	// ZoomAt the screen point it is centred on.
	ZoomSteps float64
	ZoomAt    image.Point
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

// Read polls ebiten and returns this frame's intents. view is the map
// viewport: key zoom centres on it.
func (in *Input) Read(view image.Rectangle) Intents {
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
		if !in.dragging && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) && it.CursorIn {
			it.Click = true
		}
		in.dragging = false
	}

	if _, wy := ebiten.Wheel(); wy != 0 && it.CursorIn {
		it.ZoomSteps, it.ZoomAt = wy, it.Cursor
	}

	for _, b := range Keymap {
		for _, k := range b.Keys {
			if (b.Held && ebiten.IsKeyPressed(k)) || inpututil.IsKeyJustPressed(k) {
				it.Triggered[b.Action] = true
			}
		}
	}
	center := image.Pt((view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2)
	if it.Triggered[ActionZoomIn] {
		it.ZoomSteps, it.ZoomAt = 1, center
	}
	if it.Triggered[ActionZoomOut] {
		it.ZoomSteps, it.ZoomAt = -1, center
	}
	if it.Triggered[ActionPanLeft] {
		it.PanX += keyPanSpeed
	}
	if it.Triggered[ActionPanRight] {
		it.PanX -= keyPanSpeed
	}
	if it.Triggered[ActionPanUp] {
		it.PanY += keyPanSpeed
	}
	if it.Triggered[ActionPanDown] {
		it.PanY -= keyPanSpeed
	}
	return it
}
