package maps

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lafriks/go-tiled"

	"hexfire/board"
	"hexfire/fileio"
)

// load reads, checks and converts one map. Every error it returns starts
// with "maps: " and the file name, and is at most fileio.MaxErrorLength bytes.
func load(src source, name string, types UnitTypes) (*Scenario, error) {
	s, err := loadScenario(src, name, types)
	if err != nil {
		return nil, newLoadError(name, err)
	}
	return s, nil
}

// loader holds what one load has read and decoded, so that each file is
// read once and decoded once however often the map refers to it.
type loader struct {
	src       source
	name      string // the map's file
	files     *files
	images    *imageCache
	tilesets  map[string]*tiled.Tileset  // decoded .tsx files by path
	templates map[string]*tiled.Template // decoded .tx files by path
	tiles     int                        // tiles of the tilesets checked so far, for MaxTiles
}

func loadScenario(src source, name string, types UnitTypes) (*Scenario, error) {
	if types == nil {
		return nil, fmt.Errorf("no unit catalogue given")
	}
	fl := newFiles(src)
	l := &loader{src: src, name: name, files: fl, images: newImageCache(fl),
		tilesets: map[string]*tiled.Tileset{}, templates: map[string]*tiled.Template{}}
	data, err := fl.get(name)
	if err != nil {
		return nil, err
	}
	h, err := scan(data)
	if err != nil {
		return nil, err
	}
	// Each tileset's images are relative to the file that holds it: its
	// .tsx, or the map for an embedded one.
	tilesetFiles := make([]string, len(h.tilesets))
	for i, ref := range h.tilesets {
		tilesetFiles[i] = name
		if ref.source == "" {
			continue
		}
		p, err := l.tileset(name, ref.source)
		if err != nil {
			return nil, fmt.Errorf("tileset %s: %w", fileio.Quote(ref.source), err)
		}
		tilesetFiles[i] = p
	}
	templates := map[string]*tiled.Template{}
	outsideTemplates := map[string]string{} // the path of each template outside the map's folder, by reference
	for _, ref := range h.templates {
		t, p, err := l.template(name, ref)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", fileio.Quote(ref), err)
		}
		templates[ref] = t
		if !src.beside(name, p) {
			outsideTemplates[ref] = p
		}
	}
	// go-tiled decodes the checked map bytes; the external files it would
	// open itself are served as empty placeholders and replaced below by
	// the ones decoded above, once each.
	m, err := tiled.LoadReader(".", bytes.NewReader(h.data), tiled.WithFileSystem(placeholderFS{}))
	if err != nil {
		return nil, fmt.Errorf("decoding the map: %w", err)
	}
	if len(m.Tilesets) != len(h.tilesets) {
		return nil, fmt.Errorf("decoding the map: %d tilesets, the scan found %d", len(m.Tilesets), len(h.tilesets))
	}
	for i, ts := range m.Tilesets {
		if h.tilesets[i].source == "" {
			continue
		}
		firstGID, source := ts.FirstGID, ts.Source
		*ts = *l.tilesets[tilesetFiles[i]]
		ts.FirstGID, ts.Source, ts.SourceLoaded = firstGID, source, true
	}
	attachTemplates(m, templates)
	tilesets, err := checkTilesets(l, m, tilesetFiles)
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
	tiles, err := exportTiles(l, layers, tilesets)
	if err != nil {
		return nil, err
	}
	s := &Scenario{
		Path:       name,
		Board:      b,
		Tiles:      tiles,
		Sides:      []Side{Allies, Axis},
		Properties: map[string]string{},
	}
	if err := readMapProperties(s, m.Properties); err != nil {
		return nil, err
	}
	if s.Title == "" {
		s.Title = clip(strings.TrimSuffix(filepath.Base(filepath.FromSlash(name)), path.Ext(name)), MaxTitleLength)
	}
	if err := placeForts(l, b, objectLayers(m, FortificationsLayer), outsideTemplates); err != nil {
		return nil, err
	}
	if s.Units, err = placeUnits(l, b, objectLayers(m, UnitsLayer), types, outsideTemplates, s.Turns); err != nil {
		return nil, err
	}
	s.Digest = fl.digest()
	return s, nil
}

// tileset reads, checks and decodes the .tsx file ref of the file
// referrer, once per load, and returns its path.
func (l *loader) tileset(referrer, ref string) (string, error) {
	p, err := l.src.resolve(referrer, ref)
	if err != nil {
		return "", err
	}
	if _, ok := l.tilesets[p]; ok {
		return p, nil
	}
	data, err := l.files.get(p)
	if err != nil {
		return "", err
	}
	if err := scanExternal(data, "tileset"); err != nil {
		return "", l.hideOutside(p, err)
	}
	ts, err := tiled.LoadTilesetReader(".", bytes.NewReader(data))
	if err != nil {
		// go-tiled's message may quote the file: say only what is wrong.
		return "", l.hideOutside(p, errors.New("not a valid Tiled tileset: an attribute holds a value of the wrong kind"))
	}
	l.tilesets[p] = ts
	return p, nil
}

// template reads, checks and decodes the .tx file ref of the map, once
// per load, and returns it with its path.
func (l *loader) template(referrer, ref string) (*tiled.Template, string, error) {
	p, err := l.src.resolve(referrer, ref)
	if err != nil {
		return nil, "", err
	}
	if t, ok := l.templates[p]; ok {
		return t, p, nil
	}
	data, err := l.files.get(p)
	if err != nil {
		return nil, "", err
	}
	if err := scanExternal(data, "template"); err != nil {
		return nil, "", l.hideOutside(p, err)
	}
	var t tiled.Template
	if err := xml.NewDecoder(bytes.NewReader(data)).Decode(&t); err != nil {
		return nil, "", l.hideOutside(p, errors.New("not a valid Tiled template: an attribute holds a value of the wrong kind"))
	}
	if t.Object == nil {
		return nil, "", errors.New("not a Tiled template: no <object>")
	}
	l.templates[p] = &t
	return &t, p, nil
}

// placeholderFS is the file system go-tiled opens external tilesets and
// templates in: every file is an empty element, decoded in no time, for the
// loader to replace with the file it read and checked itself.
type placeholderFS struct{}

func (placeholderFS) Open(string) (fs.File, error) {
	return placeholderFile{strings.NewReader("<placeholder/>")}, nil
}

type placeholderFile struct{ *strings.Reader }

func (placeholderFile) Stat() (fs.FileInfo, error) { return nil, errors.New("placeholder file") }
func (placeholderFile) Close() error               { return nil }

// attachTemplates gives every object of the map's object layers, in groups
// too, the template it refers to.
func attachTemplates(m *tiled.Map, templates map[string]*tiled.Template) {
	attach := func(gs []*tiled.ObjectGroup) {
		for _, g := range gs {
			for _, o := range g.Objects {
				if o.TemplateSource != "" {
					o.Template, o.TemplateLoaded = templates[o.TemplateSource], true
				}
			}
		}
	}
	attach(m.ObjectGroups)
	var walk func(gs []*tiled.Group)
	walk = func(gs []*tiled.Group) {
		for _, g := range gs {
			attach(g.ObjectGroups)
			walk(g.Groups)
		}
	}
	walk(m.Groups)
}

// clip cuts s to at most n characters.
func clip(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// checkText refuses a property value longer than its limit.
func checkText(what, v string, maxChars int) error {
	if n := utf8.RuneCountInString(v); n > maxChars {
		return fmt.Errorf("%s is %d characters long, more than the limit of %d", what, n, maxChars)
	}
	return nil
}

// checkProperty refuses a property whose name or value is too long.
func checkProperty(p *tiled.Property) error {
	if err := checkText("a property name", p.Name, MaxNameLength); err != nil {
		return err
	}
	if len(p.Value) > MaxPropertyLength {
		return fmt.Errorf("property %s is %d bytes long, more than the limit of %d", fileio.Quote(p.Name), len(p.Value), MaxPropertyLength)
	}
	return nil
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
		if p.Name == "title" {
			if err := checkText("map property title", v, MaxTitleLength); err != nil {
				return err
			}
		}
		if err := checkProperty(p); err != nil {
			return fmt.Errorf("map properties: %w", err)
		}
		n, err := checkIntProperty(p.Name, v)
		if err != nil {
			return err
		}
		switch p.Name {
		case "title":
			s.Title = v
		case "hex_m":
			s.HexMetres = n
		case "ruleset":
			if v == "" {
				return fmt.Errorf("map property ruleset is empty")
			}
			if err := checkText("map property ruleset", v, MaxNameLength); err != nil {
				return err
			}
			s.Ruleset = v
		case "turns":
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
	return readSupport(s)
}

// checkIntProperty reads the map property name, of value v, when it is
// one of intProperties, and refuses a value that is not a whole number in
// its range; it returns 0 for other properties and for "allotment" as a
// side's Panzerfausts.
func checkIntProperty(name, v string) (int, error) {
	r, ok := intProperties[name]
	if !ok || strings.HasPrefix(name, "panzerfausts_") && v == "allotment" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || !r.Contains(int64(n)) {
		return 0, fmt.Errorf("map property %s %s: want %s, a whole number from %d to %d", name, fileio.Quote(v), r.What, r.Min, r.Max)
	}
	return n, nil
}

// ParseFlag reads a yes-or-no property (the map's "night" and "fog", a
// unit's "hidden"): true or yes, false, no or nothing, in any case.
func ParseFlag(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "false", "no":
		return false, nil
	case "true", "yes":
		return true, nil
	}
	return false, fmt.Errorf("%s: want true or false (yes or no)", fileio.Quote(v))
}

func parseSide(v string) (Side, error) {
	switch side := Side(strings.ToLower(v)); side {
	case Allies, Axis:
		return side, nil
	}
	return "", fmt.Errorf("side %s: want %s or %s", fileio.Quote(v), Allies, Axis)
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

// objectLayers returns the object layers named name (UnitsLayer,
// FortificationsLayer), at any depth.
func objectLayers(m *tiled.Map, name string) []positionedGroup {
	var out []positionedGroup
	add := func(gs []*tiled.ObjectGroup, offX, offY float64) {
		for _, g := range gs {
			if g.Name == name {
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
