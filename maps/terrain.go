package maps

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lafriks/go-tiled"

	"hexfire/board"
	"hexfire/fileio"
)

// tileEffect is what one tile contributes to the hex it is placed on.
// Fields left unset leave the hex as the layers below made it.
type tileEffect struct {
	terrain    board.Terrain
	hasTerrain bool
	level      int
	hasLevel   bool
	road       bool
	hasRoad    bool
	hexsides   [6]board.HexsideFeature
	hasSides   bool
}

// tilesetInfo is a checked tileset: its name for messages, the file that
// holds it, the effect
// of each tile that has Hexfire properties, and the paths of its images.
type tilesetInfo struct {
	name       string
	file       string
	effects    map[uint32]tileEffect
	image      string            // the sheet; "" for an image collection
	tileImages map[uint32]string // an image collection's images by tile id
}

// checkTilesets checks every tileset of the map (also the ones no layer
// uses): its metrics, the header of each image and its tile properties.
// files[i] is the file the i-th tileset's image paths are relative to.
func checkTilesets(l *loader, m *tiled.Map, files []string) (map[*tiled.Tileset]tilesetInfo, error) {
	out := map[*tiled.Tileset]tilesetInfo{}
	for i, ts := range m.Tilesets {
		name := ts.Name
		if ts.Source != "" {
			name = ts.Source
		}
		info, err := checkTileset(l, ts, files[i])
		if err != nil {
			return nil, fmt.Errorf("tileset %s: %w", fileio.Quote(name), l.hideOutside(files[i], err))
		}
		info.name, info.file = name, files[i]
		out[ts] = info
	}
	return out, nil
}

func checkTileset(l *loader, ts *tiled.Tileset, file string) (tilesetInfo, error) {
	info := tilesetInfo{effects: map[uint32]tileEffect{}}
	for _, v := range []struct {
		what      string
		n, lo, hi int
	}{
		{"tilewidth", ts.TileWidth, 0, MaxTileSize}, {"tileheight", ts.TileHeight, 0, MaxTileSize},
		{"margin", ts.Margin, 0, MaxTileSize}, {"spacing", ts.Spacing, 0, MaxTileSize},
		{"columns", ts.Columns, 0, MaxImageSide}, {"tilecount", ts.TileCount, 0, MaxImageSide * MaxImageSide},
	} {
		if v.n < v.lo || v.n > v.hi {
			return info, fmt.Errorf("%s %d: want %d to %d", v.what, v.n, v.lo, v.hi)
		}
	}
	if o := ts.TileOffset; o != nil && (max(o.X, o.Y) > MaxTileSize || min(o.X, o.Y) < -MaxTileSize) {
		return info, fmt.Errorf("tileoffset %d,%d: at most %d pixels either way", o.X, o.Y, MaxTileSize)
	}
	if ts.Image != nil {
		if ts.TileWidth == 0 || ts.TileHeight == 0 {
			return info, fmt.Errorf("tile size %d×%d: want positive sizes", ts.TileWidth, ts.TileHeight)
		}
		p, cfg, err := l.checkImage(file, ts.Image.Source, MaxImageSide)
		if err != nil {
			return info, fmt.Errorf("image %s: %w", fileio.Quote(ts.Image.Source), err)
		}
		info.image = p
		// The tiles the sheet can be cut into, as exportTileset counts
		// its columns; Tileset.Source refuses any other.
		cols := max(0, (cfg.Width-2*ts.Margin+ts.Spacing)/(ts.TileWidth+ts.Spacing))
		rows := max(0, (cfg.Height-2*ts.Margin+ts.Spacing)/(ts.TileHeight+ts.Spacing))
		if err := l.countTiles(cols * rows); err != nil {
			return info, fmt.Errorf("image %s of %d×%d pixels in tiles of %d×%d: %w", fileio.Quote(ts.Image.Source), cfg.Width, cfg.Height, ts.TileWidth, ts.TileHeight, err)
		}
	}
	for _, t := range ts.Tiles {
		if t.Image != nil {
			p, _, err := l.checkImage(file, t.Image.Source, MaxTileSize)
			if err != nil {
				return info, fmt.Errorf("tile %d: image %s: %w", t.ID, fileio.Quote(t.Image.Source), err)
			}
			if err := l.countTiles(1); err != nil {
				return info, fmt.Errorf("tile %d: %w", t.ID, err)
			}
			if info.tileImages == nil {
				info.tileImages = map[uint32]string{}
			}
			info.tileImages[t.ID] = p
		}
		e, ok, err := readTileEffect(t.Properties)
		if err != nil {
			return info, fmt.Errorf("tile %d: %w", t.ID, err)
		}
		if ok {
			info.effects[t.ID] = e
		}
	}
	if info.image == "" && len(info.tileImages) == 0 {
		return info, fmt.Errorf("no image")
	}
	return info, nil
}

// countTiles takes n tiles from the map's budget of MaxTiles.
func (l *loader) countTiles(n int) error {
	l.tiles += n
	if l.tiles > MaxTiles {
		return fmt.Errorf("the tilesets of this map hold more than the limit of %d tiles in all", MaxTiles)
	}
	return nil
}

// readTileEffect reads the Hexfire properties of one tile; ok is false
// when it has none. Other properties are left to other tools.
func readTileEffect(props tiled.Properties) (e tileEffect, ok bool, err error) {
	for _, p := range props {
		v := strings.TrimSpace(p.Value)
		switch p.Name {
		case "terrain":
			if err := checkText("terrain", v, MaxNameLength); err != nil {
				return e, false, err
			}
			if e.terrain, err = board.ParseTerrain(v); err != nil {
				return e, false, err
			}
			e.hasTerrain = true
		case "level":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > board.MaxLevel {
				return e, false, fmt.Errorf("level %s out of range 0..%d", fileio.Quote(p.Value), board.MaxLevel)
			}
			e.level, e.hasLevel = n, true
		case "road":
			if e.road, err = strconv.ParseBool(v); err != nil {
				return e, false, fmt.Errorf("road %s: want true or false", fileio.Quote(p.Value))
			}
			e.hasRoad = true
		case "wall", "hedge", "hedgerow":
			f, _ := board.ParseHexsideFeature(p.Name)
			dirs, err := parseDirections(v)
			if err != nil {
				return e, false, fmt.Errorf("%s: %w", p.Name, err)
			}
			for _, d := range dirs {
				if e.hexsides[d] != board.NoFeature && e.hexsides[d] != f {
					return e, false, fmt.Errorf("hexside %d is both %s and %s", d, e.hexsides[d], f)
				}
				e.hexsides[d] = f
			}
			e.hasSides = e.hasSides || len(dirs) > 0
		default:
			continue
		}
		ok = true
	}
	return e, ok, nil
}

// parseDirections reads a list of directions: numbers 0..5 or the flat-top
// names N, NE, SE, S, SW, NW, separated by commas or spaces.
func parseDirections(v string) ([]board.Direction, error) {
	var dirs []board.Direction
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		d, err := parseDirection(f)
		if err != nil {
			return nil, err
		}
		dirs = append(dirs, d)
	}
	return dirs, nil
}

func parseDirection(s string) (board.Direction, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if d := board.Direction(n); d.Valid() {
			return d, nil
		}
		return 0, fmt.Errorf("direction %s out of range 0..5", fileio.Quote(s))
	}
	for d := range board.Direction(6) {
		if strings.EqualFold(d.String(), s) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("direction %s: want 0..5 or N, NE, SE, S, SW, NW", fileio.Quote(s))
}

// hexsideKey names a hexside the same way from both hexes that share it.
type hexsideKey struct {
	hex board.Hex
	dir board.Direction
}

func newHexsideKey(h board.Hex, d board.Direction) hexsideKey {
	if d > board.DirSE {
		return hexsideKey{h.Neighbor(d), d.Opposite()}
	}
	return hexsideKey{h, d}
}

// buildTerrain applies the tile layers bottom to top: on each hex, a tile's
// terrain, level and road replace what the layers below set, tiles without
// them leave it, and hexside features of all layers add up.
func buildTerrain(b *board.Board, layers []*tiled.Layer, tilesets map[*tiled.Tileset]tilesetInfo) error {
	type placedSide struct {
		feature board.HexsideFeature
		from    string // "layer L hex X" for messages
	}
	sides := map[hexsideKey]placedSide{}
	var order []hexsideKey
	for _, l := range layers {
		if len(l.Tiles) != b.Width*b.Height {
			return fmt.Errorf("layer %s: %d tiles, want %d", fileio.Quote(l.Name), len(l.Tiles), b.Width*b.Height)
		}
		for i, t := range l.Tiles {
			if t.Nil {
				continue
			}
			h := b.Layout.ToHex(board.Offset{Col: i % b.Width, Row: i / b.Width})
			info, known := tilesets[t.Tileset]
			if !known {
				return fmt.Errorf("layer %s hex %s: tile from an unknown tileset", fileio.Quote(l.Name), b.Label(h))
			}
			if t.Tileset.TileCount > 0 && int(t.ID) >= t.Tileset.TileCount {
				return fmt.Errorf("layer %s hex %s: tile %d is not in tileset %s of %d tiles", fileio.Quote(l.Name), b.Label(h), t.ID, fileio.Quote(info.name), t.Tileset.TileCount)
			}
			e, ok := info.effects[t.ID]
			if !ok {
				continue
			}
			c := b.Cell(h)
			if e.hasTerrain {
				c.Terrain = e.terrain
			}
			if e.hasLevel {
				c.Level = e.level
			}
			if e.hasRoad {
				c.Road = e.road
			}
			if err := b.SetCell(h, c); err != nil {
				return fmt.Errorf("layer %s: %w", fileio.Quote(l.Name), err)
			}
			if !e.hasSides {
				continue
			}
			if t.HorizontalFlip || t.VerticalFlip || t.DiagonalFlip || t.RotatedHexagonal120 {
				return fmt.Errorf("layer %s hex %s: hexside tile %d of tileset %s is flipped or rotated: use the tile drawn for the wanted side", fileio.Quote(l.Name), b.Label(h), t.ID, fileio.Quote(info.name))
			}
			from := fmt.Sprintf("layer %s hex %s", fileio.Quote(l.Name), b.Label(h))
			for d, f := range e.hexsides {
				if f == board.NoFeature {
					continue
				}
				k := newHexsideKey(h, board.Direction(d))
				if old, ok := sides[k]; ok {
					if old.feature != f {
						return fmt.Errorf("%s puts a %s on the hexside where %s put a %s", from, f, old.from, old.feature)
					}
					continue
				}
				sides[k] = placedSide{f, from}
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		if err := b.SetHexside(k.hex, k.dir, sides[k].feature); err != nil {
			return err
		}
	}
	return nil
}
