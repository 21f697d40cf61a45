package board

import (
	"fmt"
	"slices"
	"strings"
)

// FortKind is a fortification or entrenchment standing in a hex (Valor &
// Victory rules 20): a position that covers its occupants, or an obstacle
// that hinders the enemy's movement.
type FortKind uint8

// The fortifications and entrenchments of rules 20 that Hexfire knows.
// Caves and tunnels (20.11, 20.12) are Pacific-theatre features no shipped
// scenario needs; they are left out.
const (
	NoFort      FortKind = iota
	Foxhole              // an entrenchment (20.9)
	Trench               // an entrenchment (20.10)
	Sandbags             // a fortification (20.6)
	Bunker               // a concrete bunker (20.5)
	EarthBunker          // a wood-reinforced earthen bunker (20.5)
	Minefield            // a fortification that attacks units entering (20.7)
	Wire                 // barbed wire, a fortification (20.8)
	fortCount
)

// FortInfo is what a kind of fortification does.
type FortInfo struct {
	Name string
	// Cover is added to attacks on the units occupying the position, on
	// top of the hex's terrain.
	Cover int
	// EntryMP is the extra MP a unit pays to enter the hex (20.3: +1, but
	// nothing for a minefield or wire).
	EntryMP int
	// Entrenchment is true for foxholes and trenches, false for
	// fortifications; it decides where the position may stand (20.2).
	Entrenchment bool
	// Guns may occupy the position (sandbags and bunkers); Vehicles may
	// stand in the hex (a minefield; wire, which takes AFVs and no other
	// vehicle, is a case of its own for the battle: 20.8).
	Guns, Vehicles bool
	// Capacity, when above 0, is how many infantry units the position
	// holds; a Gun fills it alone (a bunker: 20.5).
	Capacity int
	// BlocksLOS is true for bunkers (20.5).
	BlocksLOS bool
}

// fortChart is rules 20. The cover values, the +1 MP and the bunker's
// capacity come from rules 20.3, 20.5, 20.6, 20.9 and 20.10.
var fortChart = [fortCount]FortInfo{
	NoFort:      {Name: "none", Guns: true, Vehicles: true},
	Foxhole:     {Name: "foxhole", Cover: 1, EntryMP: 1, Entrenchment: true},
	Trench:      {Name: "trench", Cover: 2, EntryMP: 1, Entrenchment: true},
	Sandbags:    {Name: "sandbags", Cover: 2, EntryMP: 1, Guns: true},
	Bunker:      {Name: "bunker", Cover: 4, EntryMP: 1, Guns: true, Capacity: 2, BlocksLOS: true},
	EarthBunker: {Name: "earth-bunker", Cover: 3, EntryMP: 1, Guns: true, Capacity: 2, BlocksLOS: true},
	Minefield:   {Name: "minefield", Guns: true, Vehicles: true},
	Wire:        {Name: "wire"},
}

// Info returns the row of the chart for k.
func (k FortKind) Info() FortInfo {
	if k >= fortCount {
		return FortInfo{Name: fmt.Sprintf("fort(%d)", k)}
	}
	return fortChart[k]
}

// String returns the kind's name as used in Tiled ("foxhole").
func (k FortKind) String() string { return k.Info().Name }

// IsBunker reports whether k is a bunker of either build.
func (k FortKind) IsBunker() bool { return k == Bunker || k == EarthBunker }

// ParseFortKind turns a name ("trench") into a FortKind. Its error does
// not repeat the name, which the caller quotes as it quotes values.
func ParseFortKind(name string) (FortKind, error) {
	for i := Foxhole; i < fortCount; i++ {
		if fortChart[i].Name == name {
			return i, nil
		}
	}
	names := make([]string, 0, fortCount-1)
	for i := Foxhole; i < fortCount; i++ {
		names = append(names, fortChart[i].Name)
	}
	return NoFort, fmt.Errorf("not a fortification (want one of %s)", strings.Join(names, ", "))
}

// Fort is the fortification of one hex: its kind and, for a bunker, the
// hexside its firing arc faces (20.5: its occupants fire only out of that
// forward arc).
type Fort struct {
	Kind   FortKind
	Facing Direction
}

// String names the fortification: "trench", "bunker facing N".
func (f Fort) String() string {
	if f.Kind.IsBunker() {
		return fmt.Sprintf("%s facing %v", f.Kind, f.Facing)
	}
	return f.Kind.String()
}

// CheckSite says why fortification k may not stand on terrain c (rules
// 20.2): fortifications only on open ground (open, field, road, any hill
// level); entrenchments anywhere but buildings, streams and water.
func CheckSite(k FortKind, c Cell) error {
	t := c.Terrain
	info := t.Info()
	if k.Info().Entrenchment {
		if t == Building || t == Stream || info.Water {
			return fmt.Errorf("a %s may not be dug in %s", k, t)
		}
		return nil
	}
	switch t {
	case Open, Field, Road:
		return nil
	}
	return fmt.Errorf("a %s stands only in open, field or road hexes, not in %s", k, t)
}

// Fort returns the fortification of h (Kind NoFort for none or off the map).
func (b *Board) Fort(h Hex) Fort {
	i, ok := b.index(h)
	if !ok || b.cells[i].Fort == NoFort {
		return Fort{}
	}
	return Fort{Kind: b.cells[i].Fort, Facing: b.facings[h]}
}

// SetFort puts a fortification in h (NoFort clears it), after checking its
// site (CheckSite).
func (b *Board) SetFort(h Hex, f Fort) error {
	i, ok := b.index(h)
	if !ok {
		return fmt.Errorf("hex %s is off the %dx%d map", b.Label(h), b.Width, b.Height)
	}
	if f.Kind >= fortCount || !f.Facing.Valid() {
		return fmt.Errorf("hex %s: bad fortification %d facing %d", b.Label(h), f.Kind, f.Facing)
	}
	if f.Kind != NoFort {
		if err := CheckSite(f.Kind, b.cells[i]); err != nil {
			return fmt.Errorf("hex %s: %w", b.Label(h), err)
		}
	}
	had := b.cells[i].Fort != NoFort
	b.cells[i].Fort = f.Kind
	if f.Kind.IsBunker() {
		if b.facings == nil {
			b.facings = map[Hex]Direction{}
		}
		b.facings[h] = f.Facing
	} else {
		delete(b.facings, h)
	}
	switch {
	case f.Kind != NoFort && !had:
		b.forts = append(b.forts, h)
	case f.Kind == NoFort && had:
		b.forts = slices.DeleteFunc(b.forts, func(x Hex) bool { return x == h })
	}
	b.sightGrid.Store(nil)
	return nil
}

// FortHexes returns the hexes that hold a fortification, in the order they
// were placed. The slice is the board's: do not change it.
func (b *Board) FortHexes() []Hex { return b.forts }
