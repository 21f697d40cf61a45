package mapgen

import (
	"encoding/xml"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"hexfire/assets"
	"hexfire/board"
)

// Tileset file names in assets/tiles, by orientation. The two sets have the
// same tiles under the same ids, drawn for their hex shape.
const (
	FlatTileset   = "hexfire-flat.tsx"
	PointyTileset = "hexfire-pointy.tsx"
)

// tileIDs maps the Tiled type (class) of every tile of Hexfire's tilesets,
// e.g. "woods" or "road-1-4", to its id, read from the embedded tileset so
// that the generator follows assets/gen when it renumbers tiles.
func tileIDs() (map[string]int, error) {
	data, err := fs.ReadFile(assets.FS, "tiles/"+FlatTileset)
	if err != nil {
		return nil, fmt.Errorf("mapgen: %w", err)
	}
	var ts struct {
		Tiles []struct {
			ID   int    `xml:"id,attr"`
			Type string `xml:"type,attr"`
		} `xml:"tile"`
	}
	if err := xml.Unmarshal(data, &ts); err != nil {
		return nil, fmt.Errorf("mapgen: tiles/%s: %w", FlatTileset, err)
	}
	ids := map[string]int{}
	for _, t := range ts.Tiles {
		ids[t.Type] = t.ID
	}
	return ids, nil
}

// dirSet is a set of hexside directions, bit d for direction d.
type dirSet uint8

func (s dirSet) has(d board.Direction) bool { return s&(1<<d) != 0 }
func (s dirSet) with(d board.Direction) dirSet {
	return s | 1<<d
}
func (s dirSet) count() int {
	n := 0
	for d := range board.Direction(6) {
		if s.has(d) {
			n++
		}
	}
	return n
}

// dirs lists the directions of the set in increasing order.
func (s dirSet) dirs() []board.Direction {
	var out []board.Direction
	for d := range board.Direction(6) {
		if s.has(d) {
			out = append(out, d)
		}
	}
	return out
}

// roadTile is the tile type of a road overlay through the set's hexsides:
// "road-end-D" for one, "road-A-B" or "road-A-B-C" for two or three.
func roadTile(s dirSet) string {
	ds := s.dirs()
	if len(ds) == 1 {
		return "road-end-" + strconv.Itoa(int(ds[0]))
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = strconv.Itoa(int(d))
	}
	return "road-" + strings.Join(parts, "-")
}

// streamTile is the tile type of a stream through hexsides a and b, which
// must be opposite (straight) or two apart (a bend): the tilesets have no
// sharper bends.
func streamTile(a, b board.Direction) string {
	if a.Opposite() == b {
		return fmt.Sprintf("stream-%d-%d", min(a, b), max(a, b))
	}
	if a.Rotate(2) == b {
		return fmt.Sprintf("stream-%d-%d", a, b)
	}
	return fmt.Sprintf("stream-%d-%d", b, a)
}

// bridgeTile is the tile type of a bridge carrying a straight road along
// axis road (0, 1 or 2: hexsides road and road+3) over a straight stream
// along another axis.
func bridgeTile(road, stream board.Direction) string {
	r, s := road%3, stream%3
	s1, s2 := s, s+3
	if s < r {
		s1, s2 = s+3, s
	}
	return fmt.Sprintf("bridge-%d-%d-over-%d-%d", r, r+3, s1, s2)
}

// groundTile is the tile type of the ground of a hex without stream or
// bridge.
func groundTile(t board.Terrain) string {
	return t.String()
}

// hexsideTile is the tile type of a hexside feature on side d.
func hexsideTile(f board.HexsideFeature, d board.Direction) string {
	return fmt.Sprintf("%s-%d", f, d)
}

// tileNames lists the tile types the generator may write, for a test to
// check that every one exists in the tilesets.
func tileNames() []string {
	var names []string
	for _, t := range []board.Terrain{board.Open, board.Field, board.Crops, board.Building, board.Woods, board.Orchard, board.Pond, board.Marsh} {
		names = append(names, groundTile(t))
	}
	for s := dirSet(1); s < 64; s++ {
		if s.count() <= 3 {
			names = append(names, roadTile(s))
		}
	}
	for a := range board.Direction(6) {
		names = append(names, streamTile(a, a.Opposite()), streamTile(a, a.Rotate(2)))
		for b := range board.Direction(3) {
			if a%3 != b {
				names = append(names, bridgeTile(a, b))
			}
		}
		for _, f := range []board.HexsideFeature{board.Wall, board.Hedge, board.Hedgerow} {
			names = append(names, hexsideTile(f, a))
		}
	}
	names = append(names, "hill-level1", "hill-level2")
	slices.Sort(names)
	return slices.Compact(names)
}
