// Package mapgen generates Hexfire quick battles: a Tiled map whose terrain
// looks like the kind of ground asked for (woods in clumps, hedged field
// plots, a road network joining the map's edges, streams with bridges,
// hills of levels 1 and 2, a town), forces of equal points bought from the
// unit catalogue, deployment zones, objective hexes and victory conditions.
// The same Options always give the same bytes (Map.TMX). docs/SCENARIOS.md
// describes the generator and the point values.
//
// The package is pure: it reads only the embedded tilesets and catalogue it
// is given, and writes nothing.
package mapgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// Ground is the kind of terrain a map is made of.
type Ground string

// The kinds of ground.
const (
	Bocage Ground = "bocage" // small fields closed by hedgerows, orchards, lanes
	Town   Ground = "town"   // a town of buildings along crossing streets, walled gardens
	Steppe Ground = "steppe" // open fields, broad hills, a few copses
	River  Ground = "river"  // a stream across the map with bridges, marsh and meadows
	Forest Ground = "forest" // mostly woods in large clumps, clearings, a forest road
	Mixed  Ground = "mixed"  // a little of everything
)

// Grounds lists every kind of ground.
var Grounds = []Ground{Bocage, Town, Steppe, River, Forest, Mixed}

// Size limits of a generated map. Our own choice: smaller maps leave no room
// between the deployment zones, and larger ones are slow for the computer
// opponent (the loader itself takes up to board.MaxDimension).
const (
	MinWidth, MinHeight = 10, 8
	MaxSide             = 100
	MaxPoints           = 5000
)

// Options are what a quick battle is made from.
type Options struct {
	Seed          uint64
	Width, Height int
	Ground        Ground
	// Points is what each side spends on units; 0 places no units.
	Points int
	// Allies and Axis are the nations of the two sides (US, UK or SU; DE).
	Allies, Axis string
	// Pointy asks for pointy-topped hexes (staggeraxis y); otherwise flat.
	Pointy bool
	// TilesetDir is the folder of the tilesets relative to the .tmx file,
	// slash-separated: "../tiles" for a map in assets/scenarios.
	TilesetDir string
	// Open writes a quick battle fought without fog of war (map property
	// fog false, nobody set up hidden); otherwise it is fought under fog
	// and each side's infantry and Guns in cover are set up hidden.
	Open bool
}

// Validate checks the options and says which one is wrong.
func (o Options) Validate() error {
	if o.Width < MinWidth || o.Width > MaxSide || o.Height < MinHeight || o.Height > MaxSide {
		return fmt.Errorf("mapgen: size %dx%d: want %d to %d hexes wide and %d to %d high", o.Width, o.Height, MinWidth, MaxSide, MinHeight, MaxSide)
	}
	if !slices.Contains(Grounds, o.Ground) {
		return fmt.Errorf("mapgen: ground %q: want one of %s", o.Ground, groundNames())
	}
	if o.Points < 0 || o.Points > MaxPoints {
		return fmt.Errorf("mapgen: points %d: want 0 to %d", o.Points, MaxPoints)
	}
	if !slices.Contains([]string{"US", "UK", "SU"}, o.Allies) {
		return fmt.Errorf("mapgen: allied nation %q: want US, UK or SU", o.Allies)
	}
	if o.Axis != "DE" {
		return fmt.Errorf("mapgen: axis nation %q: want DE", o.Axis)
	}
	return nil
}

func groundNames() string {
	names := make([]string, len(Grounds))
	for i, g := range Grounds {
		names[i] = string(g)
	}
	return strings.Join(names, ", ")
}

// Cell is one hex of a generated map.
type Cell struct {
	Terrain board.Terrain
	Level   int
	// Roads holds the hexsides a road leaves the hex by (off the map too).
	Roads dirSet
	// Stream holds the two hexsides a stream (or the stream under a
	// bridge) runs through; zero for none.
	Stream dirSet
	// Sides holds the hexside features drawn in this hex, by direction.
	Sides [6]board.HexsideFeature
}

// Unit is one unit of a generated map.
type Unit struct {
	Type   string
	Side   maps.Side
	Hex    board.Hex
	Facing board.Direction
	Script string
	// Arrives is the placement's "arrives" property (a reinforcement's
	// turn and edge, docs/MAPS.md); "" for a unit on the map from the start.
	Arrives string
	// Weapons is the placement's "weapons" property (the support weapons
	// it carries, docs/MAPS.md); "" for its type's.
	Weapons string
	// Hidden is the placement's "hidden" property: set up concealed under
	// fog of war (docs/RULES.md, Fog of war).
	Hidden bool
}

// Property is one map property, written in order.
type Property struct {
	Name, Type, Value string // Type "" for a string, "int" for a number
}

// Map is a generated scenario, ready to be edited and written as TMX.
type Map struct {
	Options Options
	Layout  board.Layout
	Cells   []Cell // index Col + Row×Width of Tiled's offset coordinates
	Units   []Unit
	// Objectives are the hexes the victory conditions name.
	Objectives []board.Hex
	// Zones are the deployment zones by side: the columns [From, To).
	Zones      map[maps.Side][2]int
	Properties []Property
	// Forts are the map's fortifications, written as the fortifications
	// object layer (docs/MAPS.md); none for most maps.
	Forts []Fort
}

// Fort is one fortification of a generated map: its hex, kind and, for a
// bunker, facing.
type Fort struct {
	Hex    board.Hex
	Kind   board.FortKind
	Facing board.Direction
}

// Fortify adds a fortification of kind k at h, after checking that h is
// on the map, holds none yet and is a site k may stand on (rules 20.2).
func (m *Map) Fortify(h board.Hex, k board.FortKind, facing board.Direction) error {
	if !m.Contains(h) {
		return fmt.Errorf("mapgen: fortification %s at %v: off the map", k, h)
	}
	for _, f := range m.Forts {
		if f.Hex == h {
			return fmt.Errorf("mapgen: %s already holds a %s", m.Label(h), f.Kind)
		}
	}
	c := m.At(h)
	if err := board.CheckSite(k, board.Cell{Terrain: c.Terrain, Level: c.Level}); err != nil {
		return fmt.Errorf("mapgen: %s: %w", m.Label(h), err)
	}
	m.Forts = append(m.Forts, Fort{Hex: h, Kind: k, Facing: facing})
	return nil
}

// Layouts of the two orientations, as the tilesets are drawn.
var (
	flatLayout   = board.DefaultLayout
	pointyLayout = board.Layout{StaggerX: false, StaggerEven: true, TileWidth: 56, TileHeight: 64, HexSide: 32}
)

// New returns an empty map of open ground at level 0 for o (not checked).
func New(o Options) *Map {
	l := flatLayout
	if o.Pointy {
		l = pointyLayout
	}
	return &Map{Options: o, Layout: l, Cells: make([]Cell, o.Width*o.Height), Zones: map[maps.Side][2]int{}}
}

// Contains reports whether h is on the map.
func (m *Map) Contains(h board.Hex) bool {
	o := m.Layout.ToOffset(h)
	return o.Col >= 0 && o.Col < m.Options.Width && o.Row >= 0 && o.Row < m.Options.Height
}

// At returns the cell of h, which must be on the map.
func (m *Map) At(h board.Hex) *Cell {
	o := m.Layout.ToOffset(h)
	return &m.Cells[o.Col+o.Row*m.Options.Width]
}

// Hex returns the hex at offset column col and row row.
func (m *Map) Hex(col, row int) board.Hex {
	return m.Layout.ToHex(board.Offset{Col: col, Row: row})
}

// Col returns the offset column of h.
func (m *Map) Col(h board.Hex) int { return m.Layout.ToOffset(h).Col }

// Label returns the players' label of h ("E4").
func (m *Map) Label(h board.Hex) string { return m.Layout.ToOffset(h).Label() }

// Labels returns the labels of hs joined by spaces.
func (m *Map) Labels(hs []board.Hex) string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = m.Label(h)
	}
	return strings.Join(out, " ")
}

// Hexes returns every hex of the map, row by row.
func (m *Map) Hexes() []board.Hex {
	out := make([]board.Hex, 0, len(m.Cells))
	for row := range m.Options.Height {
		for col := range m.Options.Width {
			out = append(out, m.Hex(col, row))
		}
	}
	return out
}

// Neighbours returns the neighbours of h on the map.
func (m *Map) Neighbours(h board.Hex) []board.Hex {
	var out []board.Hex
	for d := range board.Direction(6) {
		if n := h.Neighbor(d); m.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}

// SetProperty sets a map property, replacing one of the same name.
func (m *Map) SetProperty(name, typ, value string) {
	for i, p := range m.Properties {
		if p.Name == name {
			m.Properties[i] = Property{name, typ, value}
			return
		}
	}
	m.Properties = append(m.Properties, Property{name, typ, value})
}

// Property returns the value of a map property, or "".
func (m *Map) Property(name string) string {
	for _, p := range m.Properties {
		if p.Name == name {
			return p.Value
		}
	}
	return ""
}

// Generate makes the quick battle o describes.
func Generate(o Options, cat *units.Catalogue) (*Map, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	m, err := Terrain(o)
	if err != nil {
		return nil, err
	}
	m.Objectives = m.PickObjectives(rand.New(rand.NewPCG(o.Seed, 3)), 2, o.Width/3, o.Width-o.Width/3)
	if err := m.BuyForces(cat); err != nil {
		return nil, err
	}
	obj := m.Labels(m.Objectives)
	nAllies, nAxis := m.count(maps.Allies), m.count(maps.Axis)
	m.SetProperty("title", "", fmt.Sprintf("Quick battle: %s, seed %d", o.Ground, o.Seed))
	m.SetProperty("ruleset", "", maps.DefaultRuleset)
	m.SetProperty("turns", "int", fmt.Sprint(max(6, (o.Width+o.Height)/5)))
	victory := fmt.Sprintf("allies hold %s; axis hold %s", obj, obj)
	if nAllies > 0 && nAxis > 0 {
		victory += fmt.Sprintf("; allies destroy %d; axis destroy %d", (nAxis*3+4)/5, (nAllies*3+4)/5)
	}
	m.SetProperty("victory", "", victory)
	m.SetProperty("briefing", "", fmt.Sprintf("A meeting engagement. Each side holds the objectives %s alone at the end, or destroys three fifths of the enemy, to win.", obj))
	m.SetProperty("fog", "bool", fmt.Sprint(!o.Open))
	if !o.Open {
		if err := m.HideInCover(cat, maps.Allies, maps.Axis); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// HideInCover sets up hidden every infantry unit and Gun of the sides that
// stands in cover: terrain that hinders or blocks sight (crops, orchards,
// woods, buildings) or a fortification. Vehicles are not (an engine is
// heard, a hull is hard to hide), nor dummies: a dummy deceives only as a
// contact the enemy sees.
func (m *Map) HideInCover(cat *units.Catalogue, sides ...maps.Side) error {
	fortified := map[board.Hex]bool{}
	for _, f := range m.Forts {
		fortified[f.Hex] = true
	}
	for i, u := range m.Units {
		if !slices.Contains(sides, u.Side) || u.Type == maps.DummyType {
			continue
		}
		t, err := deployType(cat, u.Type)
		if err != nil {
			return err
		}
		if t.Kind != units.Gun && !t.Kind.Infantry() {
			continue
		}
		if fortified[u.Hex] || m.At(u.Hex).Terrain.Info().LOS != board.Clear {
			m.Units[i].Hidden = true
		}
	}
	return nil
}

func (m *Map) count(side maps.Side) int {
	n := 0
	for _, u := range m.Units {
		if u.Side == side {
			n++
		}
	}
	return n
}
