package maps

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"github.com/lafriks/go-tiled"

	"hexfire/fileio"
)

// TileLayers is what a renderer needs to draw a map as Tiled shows it: the
// images of the tilesets the layers use, and per tile layer, bottom to top,
// the tile placed on each hex. It holds decoded images only (image.Image),
// so the package stays free of any graphics library.
type TileLayers struct {
	Tilesets []Tileset
	Layers   []TileLayer
}

// Tileset is one tileset a tile layer uses: Tiled's tile metrics and its
// decoded image, or for an image collection one image per tile.
type Tileset struct {
	Name                  string // the tileset's .tsx file, or its name when embedded in the map
	FirstGID              uint32
	TileWidth, TileHeight int
	Columns               int // tiles per row of Image
	Margin, Spacing       int
	OffsetX, OffsetY      int         // Tiled's tileoffset: added to every tile's position
	Image                 image.Image // nil for an image collection
	TileImages            map[uint32]image.Image
}

// TileLayer is one tile layer: its name, whether Tiled shows it, its
// opacity and offset, and the tile on each hex in Tiled's order (row by
// row of offset coordinates: index Col + Row×board width).
type TileLayer struct {
	Name             string
	Visible          bool
	Opacity          float64
	OffsetX, OffsetY float64
	Tiles            []Tile
}

// Tile is the tile placed on one hex of a layer. Set is 1 + the index of
// its tileset in TileLayers.Tilesets, 0 for no tile; ID is the tile's
// index within that tileset; Flip holds Tiled's flip and rotation flags.
type Tile struct {
	Set  uint16
	Flip TileFlip
	ID   uint32
}

// TileFlip is a set of Tiled's tile flags. On hexagonal maps Tiled combines
// them into the six rotations of a tile in 60° steps clockwise: none 0°,
// FlipDiagonal 60°, Rotate120 120°, FlipHorizontal+FlipVertical 180°, with
// FlipDiagonal 240° and with Rotate120 300° (see Rotation).
type TileFlip uint8

// The tile flags.
const (
	FlipHorizontal TileFlip = 1 << iota
	FlipVertical
	FlipDiagonal
	Rotate120
)

// Rotation returns the clockwise rotation in 60° steps that f stands for,
// and false when f is not one of the six combinations Tiled's hex rotation
// produces (a plain mirror, for instance).
func (f TileFlip) Rotation() (sixths int, ok bool) {
	switch f {
	case 0:
		return 0, true
	case FlipDiagonal:
		return 1, true
	case Rotate120:
		return 2, true
	case FlipHorizontal | FlipVertical:
		return 3, true
	case FlipHorizontal | FlipVertical | FlipDiagonal:
		return 4, true
	case FlipHorizontal | FlipVertical | Rotate120:
		return 5, true
	}
	return 0, false
}

// Source returns the image of tile id and the rectangle of it the tile
// occupies, and false when the tileset has no such tile.
func (ts *Tileset) Source(id uint32) (image.Image, image.Rectangle, bool) {
	if ts.Image == nil {
		img, ok := ts.TileImages[id]
		if !ok {
			return nil, image.Rectangle{}, false
		}
		return img, img.Bounds(), true
	}
	if ts.Columns <= 0 {
		return nil, image.Rectangle{}, false
	}
	col, row := int(id)%ts.Columns, int(id)/ts.Columns
	x := ts.Margin + col*(ts.TileWidth+ts.Spacing)
	y := ts.Margin + row*(ts.TileHeight+ts.Spacing)
	r := image.Rect(x, y, x+ts.TileWidth, y+ts.TileHeight).Add(ts.Image.Bounds().Min)
	if !r.In(ts.Image.Bounds()) {
		return nil, image.Rectangle{}, false
	}
	return ts.Image, r, true
}

// exportTiles builds the TileLayers of the checked layers of a map,
// decoding the images of every tileset a layer uses, each image once. A
// tile that lies outside its tileset's image is kept (the terrain may still
// come from its properties); Tileset.Source reports it, and a renderer
// decides.
func exportTiles(l *loader, layers []*tiled.Layer, infos map[*tiled.Tileset]tilesetInfo) (*TileLayers, error) {
	out := &TileLayers{}
	sets := map[*tiled.Tileset]uint16{}
	for _, layer := range layers {
		tl := TileLayer{Name: layer.Name, Visible: layer.Visible, Opacity: float64(layer.Opacity), OffsetX: layer.OffsetX, OffsetY: layer.OffsetY,
			Tiles: make([]Tile, len(layer.Tiles))}
		for i, t := range layer.Tiles {
			if t.Nil {
				continue
			}
			set, ok := sets[t.Tileset]
			if !ok {
				info := infos[t.Tileset]
				ts, err := exportTileset(l, t.Tileset, info)
				if err != nil {
					return nil, fmt.Errorf("tileset %s: %w", fileio.Quote(info.name), l.hideOutside(info.file, err))
				}
				out.Tilesets = append(out.Tilesets, ts)
				set = uint16(len(out.Tilesets))
				sets[t.Tileset] = set
			}
			tl.Tiles[i] = Tile{Set: set, ID: t.ID, Flip: flags(t)}
		}
		out.Layers = append(out.Layers, tl)
	}
	return out, nil
}

// flags returns the flip and rotation flags of a layer tile.
func flags(t *tiled.LayerTile) TileFlip {
	var f TileFlip
	for _, c := range []struct {
		on   bool
		flag TileFlip
	}{{t.HorizontalFlip, FlipHorizontal}, {t.VerticalFlip, FlipVertical}, {t.DiagonalFlip, FlipDiagonal}, {t.RotatedHexagonal120, Rotate120}} {
		if c.on {
			f |= c.flag
		}
	}
	return f
}

// exportTileset copies a checked tileset's metrics and decodes its images.
func exportTileset(l *loader, ts *tiled.Tileset, info tilesetInfo) (Tileset, error) {
	out := Tileset{Name: info.name, FirstGID: ts.FirstGID, TileWidth: ts.TileWidth, TileHeight: ts.TileHeight,
		Columns: ts.Columns, Margin: ts.Margin, Spacing: ts.Spacing}
	if ts.TileOffset != nil {
		out.OffsetX, out.OffsetY = ts.TileOffset.X, ts.TileOffset.Y
	}
	if info.image != "" {
		img, err := l.images.decode(info.image)
		if err != nil {
			return Tileset{}, fmt.Errorf("image %s: %w", fileio.Quote(ts.Image.Source), err)
		}
		out.Image = img
		if out.Columns == 0 { // Tiled before 0.15 left columns out
			// checkTileset made TileWidth positive and Spacing not negative.
			out.Columns = max(0, (img.Bounds().Dx()-2*out.Margin+out.Spacing)/(out.TileWidth+out.Spacing))
		}
		return out, nil
	}
	out.TileImages = map[uint32]image.Image{}
	for id, p := range info.tileImages {
		img, err := l.images.decode(p)
		if err != nil {
			return Tileset{}, fmt.Errorf("tile %d: %w", id, err)
		}
		out.TileImages[id] = img
	}
	return out, nil
}

// imageCache checks and decodes the PNG images of one load, each once,
// within one budget of decoded bytes for all of them.
type imageCache struct {
	files     *files
	bytesLeft int64
	configs   map[string]image.Config
	decoded   map[string]image.Image
}

func newImageCache(f *files) *imageCache {
	return &imageCache{files: f, bytesLeft: MaxImageBytes, configs: map[string]image.Config{}, decoded: map[string]image.Image{}}
}

// checkImage resolves the image ref of the file referrer and checks its
// PNG header: at most maxSide pixels a side, within the budget of bytes.
func (l *loader) checkImage(referrer, ref string, maxSide int) (string, image.Config, error) {
	if ref == "" {
		return "", image.Config{}, fmt.Errorf("image with no source file")
	}
	p, err := l.src.resolve(referrer, ref)
	if err != nil {
		return "", image.Config{}, err
	}
	cfg, err := l.images.check(p, maxSide)
	return p, cfg, err
}

func (c *imageCache) check(p string, maxSide int) (image.Config, error) {
	cfg, ok := c.configs[p]
	if !ok {
		data, err := c.files.get(p)
		if err != nil {
			return cfg, err
		}
		if cfg, err = png.DecodeConfig(bytes.NewReader(data)); err != nil {
			return cfg, fmt.Errorf("not a PNG image: %w", err)
		}
		if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
			return cfg, fmt.Errorf("image is %d×%d pixels, larger than the limit of %d on a side", cfg.Width, cfg.Height, MaxImageSide)
		}
		size := int64(cfg.Width) * int64(cfg.Height) * bytesPerPixel(cfg.ColorModel)
		if size > c.bytesLeft {
			return cfg, fmt.Errorf("image is %d×%d pixels, %d bytes decoded: the images of this map would take more than the limit of %d bytes in all",
				cfg.Width, cfg.Height, size, MaxImageBytes)
		}
		c.bytesLeft -= size
		c.configs[p] = cfg
	}
	if cfg.Width > maxSide || cfg.Height > maxSide {
		return cfg, fmt.Errorf("image is %d×%d pixels, larger than the limit of %d on a side for a tile", cfg.Width, cfg.Height, maxSide)
	}
	return cfg, nil
}

// bytesPerPixel is what image/png's decoder spends on a pixel of an image
// of colour model m: the models its DecodeConfig reports.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.RGBAModel, color.NRGBAModel:
		return 4
	}
	if _, paletted := m.(color.Palette); paletted {
		return 1
	}
	return 8 // 16 bits a channel, and anything else
}

// decode returns the decoded image at p, which check has passed.
func (c *imageCache) decode(p string) (image.Image, error) {
	if img, ok := c.decoded[p]; ok {
		return img, nil
	}
	data, err := c.files.get(p)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decoding PNG: %w", err)
	}
	c.decoded[p] = img
	c.files.forget(p)
	return img, nil
}
