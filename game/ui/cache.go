package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// ImageCache is a transparent image the size of the screen holding a
// picture that changes far less often than frames are drawn: it is drawn
// again only when its key changes, and each frame only copies it.
// Blending the layers into a transparent image first and then over the
// screen gives the same colours as blending them straight onto it (alpha
// compositing is associative), up to rounding.
type ImageCache[K comparable] struct {
	img   *ebiten.Image
	parts map[image.Rectangle]*ebiten.Image // sub-images of img, made once
	key   K
	valid bool
	// Opaque says that render covers the whole image with opaque pixels,
	// so the image need not be cleared first. Otherwise only the parts
	// drawn (all of it when none are given) are cleared: render must draw
	// only within them.
	Opaque  bool
	redraws int
}

// Draw brings the picture up to date for key, drawing it with render when
// the key or the screen size changed, and draws it onto screen: only the
// parts within the rectangles parts when any are given (so that a
// software rasteriser does not blend the empty rest), else the whole.
func (c *ImageCache[K]) Draw(screen *ebiten.Image, key K, render func(dst *ebiten.Image), parts ...image.Rectangle) {
	b := screen.Bounds()
	if c.img == nil || c.img.Bounds() != b {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = NewScreenImage(b.Dx(), b.Dy())
		c.parts = map[image.Rectangle]*ebiten.Image{}
		c.valid = false
	}
	if !c.valid || c.key != key {
		switch {
		case c.Opaque:
		case len(parts) == 0:
			c.img.Clear()
		default:
			for _, r := range parts {
				if r = r.Intersect(b); !r.Empty() {
					c.part(r).Clear()
				}
			}
		}
		render(c.img)
		c.key, c.valid = key, true
		c.redraws++
	}
	if len(parts) == 0 {
		screen.DrawImage(c.img, nil)
		return
	}
	var op ebiten.DrawImageOptions
	for _, r := range parts {
		if r = r.Intersect(b); r.Empty() {
			continue
		}
		op.GeoM.Reset()
		op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		screen.DrawImage(c.part(r), &op)
	}
}

// Invalidate makes the next Draw render the picture again, whatever its
// key: for a change the key does not capture, or a picture that its
// renderer left incomplete.
func (c *ImageCache[K]) Invalidate() { c.valid = false }

// Redraws returns how many times the picture has been rendered, for tests
// that check a still frame only copies it.
func (c *ImageCache[K]) Redraws() int { return c.redraws }

// part returns the sub-image of the cache's image within r.
func (c *ImageCache[K]) part(r image.Rectangle) *ebiten.Image {
	p := c.parts[r]
	if p == nil {
		p = c.img.SubImage(r).(*ebiten.Image)
		c.parts[r] = p
	}
	return p
}

// NewScreenImage returns an empty image of w×h pixels with a texture of
// its own, for a picture the size of the screen. In Ebiten's shared atlas
// the screen-sized caches grew the atlas to 8192², and the default
// scenario in a 2560×1440 window took 784 MB.
func NewScreenImage(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}
