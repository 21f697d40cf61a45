package mapgen

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/maps"
)

// TMX returns the map as a Tiled .tmx file: the layers ground, hills,
// roads and as many hexsides layers as a hex needs, the object layers
// units and deployment, and the map properties, referencing the external
// tileset in Options.TilesetDir.
func (m *Map) TMX() ([]byte, error) {
	ids, err := tileIDs()
	if err != nil {
		return nil, err
	}
	o := m.Options
	l := m.Layout
	tileset, axis := FlatTileset, "x"
	if o.Pointy {
		tileset, axis = PointyTileset, "y"
	}
	stagger := "odd"
	if l.StaggerEven {
		stagger = "even"
	}
	// gid returns the global id (firstgid 1) of a tile type.
	gid := func(name string) (int, error) {
		id, ok := ids[name]
		if !ok {
			return 0, fmt.Errorf("mapgen: the tileset has no tile %q", name)
		}
		return id + 1, nil
	}
	layers := []struct {
		name string
		tile func(c *Cell) (string, error)
	}{
		{"ground", func(c *Cell) (string, error) {
			switch {
			case c.Terrain == board.Bridge:
				road, ok := straightAxis(c.Roads)
				stream, ok2 := straightAxis(c.Stream)
				if !ok || !ok2 || road == stream {
					return "", fmt.Errorf("mapgen: a bridge needs a straight road over a straight stream across it, not roads %v over stream %v", c.Roads.dirs(), c.Stream.dirs())
				}
				return bridgeTile(road, stream), nil
			case c.Terrain == board.Stream:
				ds := c.Stream.dirs()
				if len(ds) != 2 {
					return "", fmt.Errorf("mapgen: a stream hex needs two hexsides, not %v", ds)
				}
				return streamTile(ds[0], ds[1]), nil
			}
			return groundTile(c.Terrain), nil
		}},
		{"hills", func(c *Cell) (string, error) {
			if c.Level == 0 {
				return "", nil
			}
			return fmt.Sprintf("hill-level%d", c.Level), nil
		}},
		{"roads", func(c *Cell) (string, error) {
			if c.Roads == 0 || c.Terrain == board.Bridge {
				return "", nil
			}
			if c.Roads.count() > 3 {
				return "", fmt.Errorf("mapgen: no road tile for %d hexsides", c.Roads.count())
			}
			return roadTile(c.Roads), nil
		}},
	}
	sideLayers := 0
	for i := range m.Cells {
		n := 0
		for _, f := range m.Cells[i].Sides {
			if f != board.NoFeature {
				n++
			}
		}
		sideLayers = max(sideLayers, n)
	}
	for k := range sideLayers {
		name := "hexsides"
		if k > 0 {
			name = fmt.Sprintf("hexsides %d", k+1)
		}
		layers = append(layers, struct {
			name string
			tile func(c *Cell) (string, error)
		}{name, func(c *Cell) (string, error) {
			n := 0
			for d, f := range c.Sides {
				if f == board.NoFeature {
					continue
				}
				if n == k {
					return hexsideTile(f, board.Direction(d)), nil
				}
				n++
			}
			return "", nil
		}})
	}

	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	nextLayer := len(layers) + 3
	nextObject := len(m.Units) + 3
	if len(m.Forts) > 0 {
		nextLayer++
		nextObject += len(m.Forts)
	}
	fmt.Fprintf(&b, `<map version="1.8" tiledversion="1.8.6" orientation="hexagonal" renderorder="right-down" width="%d" height="%d" tilewidth="%d" tileheight="%d" infinite="0" hexsidelength="%d" staggeraxis="%s" staggerindex="%s" nextlayerid="%d" nextobjectid="%d">`+"\n",
		o.Width, o.Height, l.TileWidth, l.TileHeight, l.HexSide, axis, stagger, nextLayer, nextObject)
	b.WriteString(" <properties>\n")
	for _, p := range m.Properties {
		writeProperty(&b, "  ", p)
	}
	b.WriteString(" </properties>\n")
	fmt.Fprintf(&b, " <tileset firstgid=\"1\" source=\"%s\"/>\n", xmlEscape(path.Join(o.TilesetDir, tileset)))
	for i, layer := range layers {
		fmt.Fprintf(&b, " <layer id=\"%d\" name=\"%s\" width=\"%d\" height=\"%d\">\n  <data encoding=\"csv\">\n", i+1, layer.name, o.Width, o.Height)
		for row := range o.Height {
			cells := make([]string, o.Width)
			for col := range o.Width {
				name, err := layer.tile(&m.Cells[col+row*o.Width])
				if err != nil {
					return nil, fmt.Errorf("%w (hex %s, layer %s)", err, board.Offset{Col: col, Row: row}.Label(), layer.name)
				}
				g := 0
				if name != "" {
					if g, err = gid(name); err != nil {
						return nil, err
					}
				}
				cells[col] = strconv.Itoa(g)
			}
			b.WriteString(strings.Join(cells, ","))
			if row < o.Height-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("</data>\n </layer>\n")
	}
	fmt.Fprintf(&b, " <objectgroup id=\"%d\" name=\"units\">\n", len(layers)+1)
	for i, u := range m.Units {
		x, y := l.Center(u.Hex)
		fmt.Fprintf(&b, "  <object id=\"%d\" name=\"%s\" x=\"%g\" y=\"%g\">\n   <properties>\n", i+1, xmlEscape(u.Type), x, y)
		if u.Arrives != "" {
			writeProperty(&b, "    ", Property{"arrives", "", u.Arrives})
		}
		writeProperty(&b, "    ", Property{"facing", "int", strconv.Itoa(int(u.Facing))})
		if u.Hidden {
			writeProperty(&b, "    ", Property{"hidden", "bool", "true"})
		}
		if u.Script != "" {
			writeProperty(&b, "    ", Property{"script", "", u.Script})
		}
		writeProperty(&b, "    ", Property{"side", "", string(u.Side)})
		writeProperty(&b, "    ", Property{"type", "", u.Type})
		if u.Weapons != "" {
			writeProperty(&b, "    ", Property{"weapons", "", u.Weapons})
		}
		b.WriteString("   </properties>\n   <point/>\n  </object>\n")
	}
	b.WriteString(" </objectgroup>\n")
	fmt.Fprintf(&b, " <objectgroup id=\"%d\" name=\"deployment\" opacity=\"0.5\">\n", len(layers)+2)
	for k, side := range []maps.Side{maps.Allies, maps.Axis} {
		z, ok := m.Zones[side]
		if !ok {
			continue
		}
		x0, _ := l.TileOrigin(m.Hex(z[0], 0))
		x1, _ := l.TileOrigin(m.Hex(z[1]-1, 0))
		_, height := l.PixelSize(o.Width, o.Height)
		fmt.Fprintf(&b, "  <object id=\"%d\" name=\"%s deployment\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
			len(m.Units)+1+k, side, x0, 0, x1+l.TileWidth-x0, height)
	}
	b.WriteString(" </objectgroup>\n")
	if len(m.Forts) > 0 {
		fmt.Fprintf(&b, " <objectgroup id=\"%d\" name=\"%s\">\n", len(layers)+3, maps.FortificationsLayer)
		for i, f := range m.Forts {
			x, y := l.Center(f.Hex)
			fmt.Fprintf(&b, "  <object id=\"%d\" name=\"%s\" x=\"%g\" y=\"%g\">\n   <properties>\n", len(m.Units)+3+i, f.Kind, x, y)
			if f.Kind.IsBunker() {
				writeProperty(&b, "    ", Property{"facing", "int", strconv.Itoa(int(f.Facing))})
			}
			writeProperty(&b, "    ", Property{"kind", "", f.Kind.String()})
			b.WriteString("   </properties>\n   <point/>\n  </object>\n")
		}
		b.WriteString(" </objectgroup>\n")
	}
	b.WriteString("</map>\n")
	return b.Bytes(), nil
}

// straightAxis returns the axis (0, 1 or 2) of a set of two opposite
// hexsides.
func straightAxis(s dirSet) (board.Direction, bool) {
	ds := s.dirs()
	if len(ds) != 2 || ds[0].Opposite() != ds[1] {
		return 0, false
	}
	return ds[0] % 3, true
}

func writeProperty(b *bytes.Buffer, indent string, p Property) {
	typ := ""
	if p.Type != "" {
		typ = fmt.Sprintf(" type=\"%s\"", p.Type)
	}
	fmt.Fprintf(b, "%s<property name=\"%s\"%s value=\"%s\"/>\n", indent, xmlEscape(p.Name), typ, xmlEscape(p.Value))
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails; quotes and newlines are escaped too
	return b.String()
}
