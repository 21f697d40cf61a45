package game

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/game/ui"
)

func (a *App) canvas(dst *ebiten.Image) ui.Canvas {
	return ui.Canvas{Dst: dst, Fonts: a.fonts, Batch: a.batch, Scale: a.scale}
}

// askButtons are the Yes and No buttons of the question over the map.
func (g *Game) askButtons() (yes, no image.Rectangle) { return ui.QuestionButtons(g.view, g.scale) }

// drawQuestion draws the question over the map.
func (g *Game) drawQuestion(screen *ebiten.Image) {
	if g.ask != nil {
		ui.DrawQuestionBox(ui.Canvas{Dst: screen, Fonts: g.fonts, Batch: g.batch, Scale: g.scale}, g.view, g.ask.Text)
	}
}
