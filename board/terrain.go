package board

import (
	"fmt"
	"strings"
)

// Terrain is the ground of a hex (default-ruleset.md §6).
type Terrain uint8

// The terrain types of the rules. Road is terrain in its own right (open
// ground with a road); a road through another terrain is the Cell's Road flag.
const (
	Open Terrain = iota
	Field
	Crops
	Road
	Bridge
	Building
	Woods
	Stream
	Orchard
	Pond
	Marsh
	Canal
	River
	terrainCount
)

// LOSEffect says what a terrain does to a line of sight passing through it.
type LOSEffect uint8

// The three effects of terrain on LOS.
const (
	Clear LOSEffect = iota
	Hinders
	Blocks
)

// Prohibited is the movement cost of terrain a unit may not enter.
const Prohibited = -1

// TerrainInfo is one row of the terrain chart.
type TerrainInfo struct {
	Name       string
	InfantryMP int // entry cost for infantry; Prohibited if it may not enter
	VehicleMP  int // entry cost for AFVs, vehicles and Guns; Prohibited if they may not enter
	LOS        LOSEffect
	Cover      int // added to an attack roll against a unit in the hex
	Water      bool
}

// terrainChart is default-ruleset.md §6. Values come from the rules' chart.
var terrainChart = [terrainCount]TerrainInfo{
	Open:     {Name: "open", InfantryMP: 1, VehicleMP: 1},
	Field:    {Name: "field", InfantryMP: 1, VehicleMP: 1},
	Crops:    {Name: "crops", InfantryMP: 1, VehicleMP: 1, LOS: Hinders, Cover: 1},
	Road:     {Name: "road", InfantryMP: 1, VehicleMP: 1},
	Bridge:   {Name: "bridge", InfantryMP: 1, VehicleMP: 1},
	Building: {Name: "building", InfantryMP: 2, VehicleMP: Prohibited, LOS: Blocks, Cover: 3},
	Woods:    {Name: "woods", InfantryMP: 2, VehicleMP: 2, LOS: Blocks, Cover: 2},
	Stream:   {Name: "stream", InfantryMP: 2, VehicleMP: 3, Cover: 1},
	Orchard:  {Name: "orchard", InfantryMP: 1, VehicleMP: 1, LOS: Hinders, Cover: 1},
	Pond:     {Name: "pond", InfantryMP: Prohibited, VehicleMP: Prohibited, Water: true},
	Marsh:    {Name: "marsh", InfantryMP: Prohibited, VehicleMP: Prohibited, Water: true},
	Canal:    {Name: "canal", InfantryMP: Prohibited, VehicleMP: Prohibited, Water: true},
	River:    {Name: "river", InfantryMP: Prohibited, VehicleMP: Prohibited, Water: true},
}

// Info returns the terrain chart row of t.
func (t Terrain) Info() TerrainInfo {
	if t >= terrainCount {
		return TerrainInfo{Name: fmt.Sprintf("terrain(%d)", t)}
	}
	return terrainChart[t]
}

// String returns the terrain's name as used in Tiled tile properties.
func (t Terrain) String() string { return t.Info().Name }

// ParseTerrain turns a terrain name ("woods") into a Terrain.
func ParseTerrain(name string) (Terrain, error) {
	for i, info := range terrainChart {
		if info.Name == name {
			return Terrain(i), nil
		}
	}
	names := make([]string, len(terrainChart))
	for i, info := range terrainChart {
		names[i] = info.Name
	}
	return 0, fmt.Errorf("unknown terrain %q (want one of %s)", name, strings.Join(names, ", "))
}

// HexsideFeature is what lies along a hexside.
type HexsideFeature uint8

// Hexside features (§5, §6). A hedgerow is a scenario option that blocks LOS.
const (
	NoFeature HexsideFeature = iota
	Wall
	Hedge
	Hedgerow
)

var hexsideNames = [...]string{"none", "wall", "hedge", "hedgerow"}

// String returns the feature's name as used in map data.
func (f HexsideFeature) String() string {
	if int(f) < len(hexsideNames) {
		return hexsideNames[f]
	}
	return fmt.Sprintf("hexside(%d)", f)
}

// ParseHexsideFeature turns "wall", "hedge" or "hedgerow" into a feature.
func ParseHexsideFeature(name string) (HexsideFeature, error) {
	for i, n := range hexsideNames {
		if n == name && i > 0 {
			return HexsideFeature(i), nil
		}
	}
	return 0, fmt.Errorf("unknown hexside feature %q (want wall, hedge or hedgerow)", name)
}

// MaxLevel is the highest hill level (§5: ground 0, Level 1, Level 2).
const MaxLevel = 2

// Cell is everything the board knows about one hex.
type Cell struct {
	Terrain Terrain
	Level   int  // hill level 0..MaxLevel
	Road    bool // a road runs through the hex (over Terrain when that is not Road)
	// Fort is the kind of the hex's fortification or entrenchment, if any
	// (rules 20); Board.Fort adds a bunker's facing. A kind alone keeps
	// the cell as small as it was, for the searches that read it.
	Fort FortKind
}

// Mover is a unit's movement class: which column of the terrain chart it
// pays. AFVs, unarmoured vehicles and Guns all use the vehicle column.
type Mover uint8

// The two movement classes.
const (
	Foot Mover = iota
	Wheeled
)

// EntryCost returns the MP a mover pays to enter terrain t (before hexside
// and climbing costs), or Prohibited.
func (t Terrain) EntryCost(m Mover) int {
	switch {
	case t >= terrainCount:
		return 0 // as Info's entry for an unknown terrain
	case m == Foot:
		return terrainChart[t].InfantryMP
	}
	return terrainChart[t].VehicleMP
}

// water reports whether t is water (Info's Water), read from the chart in
// place: the movement searches ask it for every step.
func (t Terrain) water() bool { return t < terrainCount && terrainChart[t].Water }
