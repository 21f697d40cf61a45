package maps

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/lafriks/go-tiled"

	"hexfire/board"
)

// load reads, checks and converts one map. Every error it returns starts
// with "maps: " and the file name.
func load(src source, name string, types UnitTypes) (*Scenario, error) {
	s, err := loadScenario(src, name, types)
	if err != nil {
		return nil, fmt.Errorf("maps: %s: %w", name, err)
	}
	return s, nil
}

func loadScenario(src source, name string, types UnitTypes) (*Scenario, error) {
	if types == nil {
		return nil, fmt.Errorf("no unit catalogue given")
	}
	data, err := readAll(src, name)
	if err != nil {
		return nil, err
	}
	dir := src.dir(name)
	h, err := scan(src, dir, data)
	if err != nil {
		return nil, err
	}
	m, err := tiled.LoadReader(dir, bytes.NewReader(data), src.options()...)
	if err != nil {
		return nil, fmt.Errorf("decoding: %w", err)
	}
	tilesets, err := checkTilesets(src, m)
	if err != nil {
		return nil, err
	}
	b, err := board.New(h.layout, h.width, h.height)
	if err != nil {
		return nil, err
	}
	layers := tileLayers(m, h.layerOrder)
	if err := buildTerrain(b, layers, tilesets); err != nil {
		return nil, err
	}
	tiles, err := exportTiles(src, layers)
	if err != nil {
		return nil, err
	}
	s := &Scenario{
		Path:       name,
		Board:      b,
		Tiles:      tiles,
		Sides:      []string{Allies, Axis},
		Properties: map[string]string{},
	}
	if err := readMapProperties(s, m.Properties); err != nil {
		return nil, err
	}
	if s.Title == "" {
		s.Title = strings.TrimSuffix(filepath.Base(filepath.FromSlash(name)), path.Ext(name))
	}
	if s.Units, err = placeUnits(b, unitObjects(m), types); err != nil {
		return nil, err
	}
	return s, nil
}

// readMapProperties fills the scenario fields from the map properties and
// keeps the rest in s.Properties.
func readMapProperties(s *Scenario, props *tiled.Properties) error {
	s.HexMetres, s.Ruleset, s.FirstSide = DefaultHexMetres, DefaultRuleset, Allies
	if props == nil {
		return nil
	}
	for _, p := range *props {
		v := strings.TrimSpace(p.Value)
		switch p.Name {
		case "title":
			s.Title = v
		case "hex_m":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("map property hex_m %q: want metres per hex, a whole number from 1", p.Value)
			}
			s.HexMetres = n
		case "ruleset":
			if v == "" {
				return fmt.Errorf("map property ruleset is empty")
			}
			s.Ruleset = v
		case "turns":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("map property turns %q: want a whole number from 0", p.Value)
			}
			s.Turns = n
		case "first_side":
			side, err := parseSide(v)
			if err != nil {
				return fmt.Errorf("map property first_side: %w", err)
			}
			s.FirstSide = side
		default:
			s.Properties[p.Name] = p.Value
		}
	}
	return nil
}

func parseSide(v string) (string, error) {
	switch strings.ToLower(v) {
	case Allies:
		return Allies, nil
	case Axis:
		return Axis, nil
	}
	return "", fmt.Errorf("side %q: want %s or %s", v, Allies, Axis)
}

// tileLayers returns the tile layers of the map and of its groups, bottom
// to top as they appear in the file.
func tileLayers(m *tiled.Map, order map[uint32]int) []*tiled.Layer {
	layers := slices.Clone(m.Layers)
	var walk func(gs []*tiled.Group)
	walk = func(gs []*tiled.Group) {
		for _, g := range gs {
			layers = append(layers, g.Layers...)
			walk(g.Groups)
		}
	}
	walk(m.Groups)
	// go-tiled keeps top-level layers and groups apart; the scan recorded
	// the file order by layer id (Tiled gives every layer a unique one).
	if len(order) == len(layers) {
		slices.SortStableFunc(layers, func(a, b *tiled.Layer) int { return order[a.ID] - order[b.ID] })
	}
	return layers
}

// positionedGroup is an object layer with the pixel offset of it and the
// groups around it.
type positionedGroup struct {
	group      *tiled.ObjectGroup
	offX, offY float64
}

// unitObjects returns the object layers named UnitsLayer, at any depth.
func unitObjects(m *tiled.Map) []positionedGroup {
	var out []positionedGroup
	add := func(gs []*tiled.ObjectGroup, offX, offY float64) {
		for _, g := range gs {
			if g.Name == UnitsLayer {
				out = append(out, positionedGroup{g, offX + g.OffsetX, offY + g.OffsetY})
			}
		}
	}
	add(m.ObjectGroups, 0, 0)
	var walk func(gs []*tiled.Group, offX, offY float64)
	walk = func(gs []*tiled.Group, offX, offY float64) {
		for _, g := range gs {
			add(g.ObjectGroups, offX+g.OffsetX, offY+g.OffsetY)
			walk(g.Groups, offX+g.OffsetX, offY+g.OffsetY)
		}
	}
	walk(m.Groups, 0, 0)
	return out
}
