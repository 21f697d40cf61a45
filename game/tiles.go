package game

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/maps"
)

// newTerrainPainter returns the painter for a scenario's board: its tile
// layers drawn from the tileset images when it has any and every tile they
// place can be cut from its image, the palette fill otherwise.
func newTerrainPainter(sc *maps.Scenario) terrainPainter {
	if p := newTilePainter(sc); p != nil {
		return p
	}
	return &paletteFill{batch: newTriBatch()}
}

// tilePainter draws the tile layers of a map as Tiled shows them: layer by
// layer, bottom to top, each tile anchored at the bottom of its hex's tile
// cell and moved by its tileset's and layer's offsets, rotated in 60° steps
// as Tiled's hex rotation sets its flags, at the layer's opacity.
type tilePainter struct {
	layout board.Layout
	width  int // board width: a layer's tile index is Col + Row×width
	layers []maps.TileLayer
	sets   []tileSheet
}

// tileSheet is one tileset as ebiten images: each tile cut once from the
// uploaded sheet (or uploaded alone from an image collection), with its
// tileset's offset.
type tileSheet struct {
	tiles            map[uint32]*ebiten.Image
	offsetX, offsetY float64
}

// newTilePainter uploads the tilesets of sc and cuts every tile its layers
// place. It returns nil when sc has no tile layers, or places a tile that
// lies outside its tileset's image or is mirrored rather than rotated.
func newTilePainter(sc *maps.Scenario) *tilePainter {
	tl := sc.Tiles
	if tl == nil || len(tl.Layers) == 0 {
		return nil
	}
	p := &tilePainter{layout: sc.Board.Layout, width: sc.Board.Width, layers: tl.Layers, sets: make([]tileSheet, len(tl.Tilesets))}
	uploaded := map[image.Image]*ebiten.Image{}
	upload := func(img image.Image) *ebiten.Image {
		e, ok := uploaded[img]
		if !ok {
			e = ebiten.NewImageFromImage(img)
			uploaded[img] = e
		}
		return e
	}
	for i := range tl.Tilesets {
		ts := &tl.Tilesets[i]
		p.sets[i] = tileSheet{tiles: map[uint32]*ebiten.Image{}, offsetX: float64(ts.OffsetX), offsetY: float64(ts.OffsetY)}
	}
	for _, l := range tl.Layers {
		for _, t := range l.Tiles {
			if t.Set == 0 || int(t.Set) > len(tl.Tilesets) {
				continue
			}
			if _, ok := t.Flip.Rotation(); !ok {
				return nil
			}
			sheet := &p.sets[t.Set-1]
			if _, ok := sheet.tiles[t.ID]; ok {
				continue
			}
			img, r, ok := tl.Tilesets[t.Set-1].Source(t.ID)
			if !ok {
				return nil
			}
			sheet.tiles[t.ID] = upload(img).SubImage(r.Sub(img.Bounds().Min)).(*ebiten.Image)
		}
	}
	return p
}

func (p *tilePainter) paint(dst *ebiten.Image, m *boardMesh, visible []int, cam Camera) {
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	for _, l := range p.layers {
		if !l.Visible || l.Opacity <= 0 {
			continue
		}
		for _, i := range visible {
			h := m.hexes[i].hex
			o := p.layout.ToOffset(h)
			t := l.Tiles[o.Col+o.Row*p.width]
			if t.Set == 0 {
				continue
			}
			sheet := &p.sets[t.Set-1]
			img := sheet.tiles[t.ID]
			if img == nil {
				continue
			}
			b := img.Bounds()
			w, ht := float64(b.Dx()), float64(b.Dy())
			ox, oy := p.layout.TileOrigin(h)
			x := float64(ox) + sheet.offsetX + l.OffsetX
			y := float64(oy) + float64(p.layout.TileHeight) - ht + sheet.offsetY + l.OffsetY

			op.GeoM.Reset()
			if sixths, _ := t.Flip.Rotation(); sixths != 0 {
				op.GeoM.Translate(-w/2, -ht/2)
				op.GeoM.Rotate(float64(sixths) * math.Pi / 3) // clockwise: y points down
				op.GeoM.Translate(w/2, ht/2)
			}
			op.GeoM.Translate(x-cam.X, y-cam.Y)
			op.GeoM.Scale(cam.Zoom, cam.Zoom)
			op.ColorScale.Reset()
			op.ColorScale.ScaleAlpha(float32(l.Opacity))
			dst.DrawImage(img, &op)
		}
	}
}
