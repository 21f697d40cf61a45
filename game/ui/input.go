package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is what a menu screen reads: the cursor, a click, and the
// navigation keys pressed this frame.
type Input struct {
	Cursor                       image.Point
	Click                        bool
	Up, Down, Left, Right        bool
	Enter, Back, Help, Quit, Yes bool
	Wheel                        float64 // the mouse wheel's turn this frame, positive away from the player
}

// ReadInput polls ebiten for a menu screen's input.
func ReadInput() Input {
	x, y := ebiten.CursorPosition()
	_, wheel := ebiten.Wheel()
	pressed := func(keys ...ebiten.Key) bool {
		for _, k := range keys {
			if inpututil.IsKeyJustPressed(k) {
				return true
			}
		}
		return false
	}
	return Input{
		Cursor: image.Pt(x, y),
		Click:  inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) || MissedClick(),
		Up:     pressed(ebiten.KeyArrowUp, ebiten.KeyW),
		Down:   pressed(ebiten.KeyArrowDown, ebiten.KeyS, ebiten.KeyTab),
		Left:   pressed(ebiten.KeyArrowLeft),
		Right:  pressed(ebiten.KeyArrowRight),
		Enter:  pressed(ebiten.KeyEnter, ebiten.KeySpace, ebiten.KeyNumpadEnter),
		Back:   pressed(ebiten.KeyEscape, ebiten.KeyBackspace),
		Help:   pressed(ebiten.KeyH, ebiten.KeySlash),
		Quit:   pressed(ebiten.KeyQ),
		Yes:    pressed(ebiten.KeyY),
		Wheel:  wheel,
	}
}
