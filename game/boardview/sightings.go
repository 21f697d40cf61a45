package boardview

import (
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/ui"
	"hexfire/maps"
)

// The colours of what a side knows of the enemy besides the units it
// sees (our own choice): a contact's counter is a plain khaki body under
// the enemy's strip with a "?", a last sighting the counter last seen,
// faded, with the turn it was seen on a tag.
var (
	colContact      = color.RGBA{0x9a, 0x92, 0x78, 0xff}
	colLastSeenTag  = color.RGBA{0x50, 0x50, 0x58, 0xff}
	lastSeenOpacity = float32(0.45)
)

// Sightings returns the enemy units side v.Side knows of without seeing
// them: its contacts and its last sightings.
func Sightings(v *battle.View) []battle.Enemy {
	var out []battle.Enemy
	for _, e := range v.Enemy {
		if e.Known == battle.Contact || e.Known == battle.Unknown && e.Turn > 0 {
			out = append(out, e)
		}
	}
	return out
}

// drawSighting draws sighting e's counter centred on c, for counters of
// size s: a contact as a "?" counter in the enemy's colours, a last
// sighting as the counter last seen, faded, with the turn it was seen.
func (a *Counters) drawSighting(dst *ebiten.Image, f *ui.Fonts, e battle.Enemy, enemy maps.Side, c ui.Point, s float32) {
	half := s / 2
	if a.size < minFaceSize {
		r := max(half, 2)
		col := SideColour(enemy)
		if e.Known != battle.Contact {
			col.A = uint8(float32(col.A) * lastSeenOpacity)
		}
		a.batch.Disc(dst, c, r, col)
		a.batch.Disc(dst, c, r*0.65, colContact)
		a.batch.Flush(dst)
		return
	}
	if e.Known == battle.Contact {
		shade := max(1, s/24)
		a.batch.Rect(dst, c.X-half+shade, c.Y-half+shade, s, s, colCounterShade)
		a.batch.Rect(dst, c.X-half, c.Y-half, s, s, colContact)
		a.batch.Rect(dst, c.X-half, c.Y-half, s, s*0.2, SideColour(enemy))
		a.batch.Flush(dst)
		ui.DrawText(dst, "?", f.Face(float64(s)*0.55, true), float64(c.X), float64(c.Y+s*0.08), ui.AlignCenter, InkDark)
		return
	}
	key := faceKey{t: e.Type, rules: a.rules.Name(), side: enemy, name: e.Name}
	img := a.faces[key]
	if img == nil {
		img = a.drawFace(f, key)
		a.faces[key] = img
	}
	var op ebiten.DrawImageOptions
	k := s / float32(a.size)
	op.GeoM.Scale(float64(k), float64(k))
	op.GeoM.Translate(float64(c.X-half), float64(c.Y-half))
	op.ColorScale.ScaleAlpha(lastSeenOpacity)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
	tag := a.labelTag(f, "T"+strconv.Itoa(e.Turn), colLastSeenTag, InkLight)
	w := float32(tag.Bounds().Dx()) * k
	a.blit(dst, tag, c.X-half-w*0.7, c.Y-half+s*0.26, k)
}
