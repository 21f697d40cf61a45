package game

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
)

// The colours of the bars and panels (our own choice).
var (
	colBar       = color.RGBA{0x16, 0x19, 0x1c, 0xf0}
	colBarText   = color.RGBA{0xe8, 0xe6, 0xe0, 0xff}
	colBarDim    = color.RGBA{0x9a, 0x9c, 0x9e, 0xff}
	colPanel     = color.RGBA{0x10, 0x12, 0x14, 0xe8}
	colPanelKey  = color.RGBA{0xff, 0xc8, 0x00, 0xff}
	colPanelText = color.RGBA{0xe8, 0xe6, 0xe0, 0xff}
)

// barTextSize is the font size of the bars in window pixels.
const barTextSize = 14

// drawBars draws the top bar (scenario, turn, phase) and the status bar
// (the hovered hex's terrain, the selection, the zoom).
func (g *Game) drawBars(screen *ebiten.Image) {
	w := float64(g.screen.X)
	top := float64(g.view.Min.Y)
	bottom := float64(g.view.Max.Y)
	g.fillRect(screen, 0, 0, w, top, colBar)
	g.fillRect(screen, 0, bottom, w, float64(g.screen.Y), colBar)

	pad := 10 * g.scale
	bold := g.fonts.face(barTextSize*g.scale, true)
	face := g.fonts.face(barTextSize*g.scale, false)
	g.text(screen, g.status.Title(), bold, pad, top/2, alignStart, colBarText)
	g.text(screen, g.status.Turn()+"  |  "+g.status.Phase(), face, w/2, top/2, alignCenter, colBarText)
	g.text(screen, "H  help", face, w-pad, top/2, alignEnd, colBarDim)

	mid := (bottom + float64(g.screen.Y)) / 2
	left := "-"
	if h, ok := g.Hovered(); ok {
		left = describeHex(g.board, h)
	}
	g.text(screen, left, face, pad, mid, alignStart, colBarText)
	right := fmt.Sprintf("zoom %d%%", int(g.cam.Zoom*100+0.5))
	if h, ok := g.Selected(); ok {
		right = "selected " + g.board.Label(h) + "    " + right
	}
	if g.message != "" {
		right = g.message + "    " + right
	}
	g.text(screen, right, face, w-pad, mid, alignEnd, colBarDim)
}

// describeHex is the status bar's line about hex h: label, terrain, level,
// cover, effect on LOS, road and hexside features.
func describeHex(b *board.Board, h board.Hex) string {
	c := b.Cell(h)
	info := c.Terrain.Info()
	parts := []string{b.Label(h), info.Name}
	if c.Road && c.Terrain != board.Road {
		parts = append(parts, "road")
	}
	parts = append(parts, fmt.Sprintf("level %d", c.Level))
	parts = append(parts, fmt.Sprintf("cover %+d", info.Cover))
	switch info.LOS {
	case board.Hinders:
		parts = append(parts, "hinders LOS")
	case board.Blocks:
		parts = append(parts, "blocks LOS")
	}
	for d := range board.Direction(6) {
		if f := b.Hexside(h, d); f != board.NoFeature {
			parts = append(parts, fmt.Sprintf("%s %s", f, d))
		}
	}
	return strings.Join(parts, "  |  ")
}

// drawHelp draws the keymap as a panel in the middle of the map.
func (g *Game) drawHelp(screen *ebiten.Image) {
	s := g.scale
	size := barTextSize * s
	line := size * 1.6
	bold := g.fonts.face(size, true)
	face := g.fonts.face(size, false)
	title := g.fonts.face(size*1.3, true)

	keysW, helpW := 0.0, 0.0
	for _, b := range Keymap {
		kw := textWidth(bold, b.Controls())
		hw := textWidth(face, b.Help)
		keysW, helpW = max(keysW, kw), max(helpW, hw)
	}
	pad, gap := 18*s, 24*s
	w := pad*2 + keysW + gap + helpW
	h := pad*2 + line*float64(len(Keymap)+2)
	c := image.Pt((g.view.Min.X+g.view.Max.X)/2, (g.view.Min.Y+g.view.Max.Y)/2)
	x0, y0 := float64(c.X)-w/2, float64(c.Y)-h/2
	g.fillRect(screen, x0, y0, x0+w, y0+h, colPanel)

	y := y0 + pad + line/2
	g.text(screen, "Controls", title, x0+pad, y, alignStart, colPanelText)
	y += line * 1.5
	for _, b := range Keymap {
		g.text(screen, b.Controls(), bold, x0+pad+keysW, y, alignEnd, colPanelKey)
		g.text(screen, b.Help, face, x0+pad+keysW+gap, y, alignStart, colPanelText)
		y += line
	}
}

// fillRect fills the screen rectangle [x0, x1]×[y0, y1].
func (g *Game) fillRect(dst *ebiten.Image, x0, y0, x1, y1 float64, c color.RGBA) {
	g.batch.fan(dst, c,
		point{float32(x0), float32(y0)}, point{float32(x1), float32(y0)},
		point{float32(x1), float32(y1)}, point{float32(x0), float32(y1)})
	g.batch.flush(dst)
}

// text draws s with its vertical centre at y, aligned on x.
func (g *Game) text(dst *ebiten.Image, s string, f face, x, y float64, a align, c color.RGBA) {
	drawText(dst, s, f, x, y, a, c)
}
