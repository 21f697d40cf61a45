package boardview

import (
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/ui"
)

// colRoundsTag is the fill of the tag that counts a support weapon's
// rounds of limited ammunition left ("R3").
var colRoundsTag = color.RGBA{0xd8, 0xd0, 0xb8, 0xff}

// roundsTag returns the tag of u's counted rounds left, or nil when its
// rounds are not counted (Unit.Rounds 0).
func (a *Counters) roundsTag(f *ui.Fonts, u *battle.Unit) *ebiten.Image {
	if u.Rounds <= 0 {
		return nil
	}
	return a.labelTag(f, "R"+strconv.Itoa(u.Rounds), colRoundsTag, InkDark)
}
