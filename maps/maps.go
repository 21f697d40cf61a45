// Package maps turns Tiled hexagonal maps (.tmx with embedded or external
// .tsx tilesets) into Hexfire scenarios: a board.Board with terrain, hill
// levels, roads and hexside features read from tile properties, the units
// placed on the map's "units" object layer, and the scenario's map
// properties. docs/MAPS.md describes the format for scenario authors.
//
// Files are checked before anything is built from them: each is read once,
// only if it is a regular file, through the limits of source.go; the
// orientation, the map size against board.MaxDimension, attributes and
// elements given twice and the size of every layer's data are checked on
// the very bytes go-tiled then decodes; PNG sizes come from their headers.
// A bad or hostile file gets one short error line naming the file and the
// problem, never a panic, a hang or a huge allocation.
//
// The package is pure apart from reading the files it is asked to load.
package maps

import (
	"fmt"
	"io/fs"

	"hexfire/assets"
	"hexfire/board"
)

// Side is one of the two sides of a battle; its value is its name in
// scenarios, saves and the log.
type Side string

// The two sides of every scenario.
const (
	Allies Side = "allies"
	Axis   Side = "axis"
)

// Title is how a side is named to a player: "Allies" or "Axis".
func (s Side) Title() string {
	if s == Allies {
		return "Allies"
	}
	return "Axis"
}

// Adjective is the side as an adjective: "Allied" or "Axis".
func (s Side) Adjective() string {
	if s == Allies {
		return "Allied"
	}
	return "Axis"
}

// Defaults of the map properties a scenario may leave out.
const (
	DefaultHexMetres = 50
	// MaxHexMetres is the largest hex_m: our own choice, ten kilometres,
	// far beyond a tactical map's hex, so that a range in metres (hexes
	// times hex_m) stays small.
	MaxHexMetres   = 10_000
	DefaultRuleset = "elimination"
	// MaxTurns is the largest "turns": our own choice, a hundred times
	// the shipped scenarios' 6 to 18, so that a battle's turn count stays
	// small. hexfire-cli simulate --turns has the same bound.
	MaxTurns = 1000
	// MaxPool is the most smoke factors, Panzerfausts or grenades a side's
	// pool may hold (smoke_SIDE, panzerfausts_SIDE, grenades_SIDE): our
	// own choice, far above the shipped scenarios' 1 to 4, so that no
	// count a side spends from can grow large.
	MaxPool = 99
)

// IntRange is what a whole-number setting accepts, from Min to Max: a
// map property here, a flag of hexfire-cli.
type IntRange struct {
	Min, Max int
	What     string // what the number counts, for an error
}

// Contains reports whether n lies in the range.
func (r IntRange) Contains(n int64) bool { return n >= int64(r.Min) && n <= int64(r.Max) }

// intProperties are the whole-number map properties Load checks, by
// name: each must be a whole number in its range (docs/MAPS.md lists
// them). panzerfausts_SIDE may also be "allotment".
var intProperties = map[string]IntRange{
	"hex_m":               {1, MaxHexMetres, "metres per hex"},
	"turns":               {0, MaxTurns, "turns (0: no limit)"},
	"smoke_allies":        {0, MaxPool, "smoke factors"},
	"smoke_axis":          {0, MaxPool, "smoke factors"},
	"panzerfausts_allies": {0, MaxPool, "Panzerfausts, or allotment"},
	"panzerfausts_axis":   {0, MaxPool, "Panzerfausts, or allotment"},
	"grenades_allies":     {0, MaxPool, "grenades"},
	"grenades_axis":       {0, MaxPool, "grenades"},
	// A side has at most one sniper (Valor & Victory rules 17.1).
	"sniper_allies": {0, 1, "snipers"},
	"sniper_axis":   {0, 1, "snipers"},
}

// UnitsLayer is the name of the object layer whose objects are units.
const UnitsLayer = "units"

// DefaultPath is the path, inside assets.FS, of the default scenario.
const DefaultPath = "scenarios/hedgerow-crossroads.tmx"

// UnitTypes is the unit catalogue as the loader needs it: the movement
// class of a type name, to check that no unit starts on terrain it may not
// enter. An unknown name returns an error.
type UnitTypes interface {
	Mover(typeName string) (board.Mover, error)
}

// Scenario is a loaded map: the board and how a battle on it starts.
type Scenario struct {
	Path string // the file it was loaded from, as given to Load
	// Digest is the sha256 (hex) of every file the load read (the map, its
	// tilesets, templates and images), in the order read: a save records
	// it to notice a scenario edited since.
	Digest    string
	Title     string // map property "title"; the file name without extension when absent
	Board     *board.Board
	HexMetres int    // map property "hex_m": metres per hex, DefaultHexMetres when absent
	Ruleset   string // map property "ruleset", DefaultRuleset when absent
	Turns     int    // map property "turns"; 0 when absent (no turn limit set by the map)
	FirstSide Side   // map property "first_side": Allies (default) or Axis
	Sides     []Side
	Units     []Placement
	// Tiles holds the tile layers for drawing the map as Tiled shows it.
	Tiles *TileLayers
	// Properties holds every other map property by name, among them the
	// reserved "victory" (see docs/MAPS.md), for later stages to read.
	Properties map[string]string
	// Support is each side's off-board artillery and air support (map
	// property support_SIDE, rules 21.2); nil when neither side has any.
	Support map[Side][]SupportMissions
}

// Placement is one unit object of the units layer.
type Placement struct {
	ID     int    // the Tiled object id
	Name   string // the object's name, may be empty
	Type   string // unit type: a catalogue name
	Side   Side   // Allies or Axis
	Hex    board.Hex
	Facing board.Direction // 0..5 clockwise, 0 = axial (0,-1); 0 when absent
	Script string          // object property "script": orders for a scripted unit, unparsed
	// Arrives is object property "arrives": the turn and edge a
	// reinforcement enters by; zero for a unit on the map from the start.
	Arrives Arrival
	// Hidden is object property "hidden": the unit is set up concealed
	// (battle's fog of war).
	Hidden bool
	// Properties holds every other object property by name.
	Properties map[string]string
}

// DummyType is the unit type of a dummy counter, as VASL's concealment
// dummies: a unit object of its side with no strength, which the enemy
// takes for a unit until it would spot it (battle's fog of war,
// docs/RULES.md). It is no catalogue type; a dummy moves as infantry.
const DummyType = "Dummy"

// Dummy reports whether the placement is a dummy counter (DummyType).
func (p Placement) Dummy() bool { return p.Type == DummyType }

// The unit object properties that arm a unit or set its strength, which
// battle reads (docs/MAPS.md): a dummy may have none of them.
const (
	// PropWeapons lists the support weapons the unit carries instead of
	// its type's, comma-separated, or "none".
	PropWeapons = "weapons"
	// PropWeapon is the older name of PropWeapons.
	PropWeapon = "weapon"
	// PropQuality is its troop quality: regular, green, veteran or elite.
	PropQuality = "quality"
	// PropRounds counts the rounds of limited ammunition for its weapon.
	PropRounds = "rounds"
	// PropEngineers marks infantry as combat engineers: yes or no.
	PropEngineers = "engineers"
)

// strengthProperties are the properties a dummy may not have, in the order
// its errors name them.
var strengthProperties = []string{PropWeapons, PropWeapon, PropQuality, PropRounds, PropEngineers}

// Load reads the map at path in fsys (a slash-separated fs.FS path); its
// tilesets, templates and images are looked up in the same fsys, relative
// to the file that names them (absolute paths are refused there).
func Load(fsys fs.FS, name string, types UnitTypes) (*Scenario, error) {
	if fsys == nil {
		return nil, fmt.Errorf("maps: %s: no file system", name)
	}
	return load(fsSource{fsys}, name, types)
}

// LoadFile reads the map at a path of the operating system's file system;
// relative paths in it are resolved against the folder of the file that
// holds them, absolute paths used as they are.
func LoadFile(name string, types UnitTypes) (*Scenario, error) {
	return load(osSource{}, name, types)
}

// Default loads the embedded default scenario (DefaultPath in assets.FS).
func Default(types UnitTypes) (*Scenario, error) {
	return Load(assets.FS, DefaultPath, types)
}
