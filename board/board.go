package board

import (
	"fmt"
	"iter"
	"sync/atomic"
)

// MaxDimension is the largest width or height, in hexes, of a board. Map
// files are checked against it before anything is allocated.
const MaxDimension = 500

// Board is a rectangular map of hexes in Tiled's offset layout: the terrain
// of every hex and the features on its hexsides.
type Board struct {
	Layout        Layout
	Width, Height int // in columns and rows

	cells    []Cell
	hexsides map[hexside]HexsideFeature
	// sides mirrors hexsides by cell index for the hexes on the board, so
	// that a line of sight reads them without hashing: bits 2d..2d+1 hold
	// the feature on the hexside in direction d (N, NE, SE), and sideNear
	// is set when any of the hex's six hexsides has a feature.
	sides []uint8
	// forts lists the hexes holding a fortification, in the order placed;
	// facings holds the bunkers' facings.
	forts   []Hex
	facings map[Hex]Direction
	// sightGrid is the board's terrain packed for Sight, built on first
	// use and dropped whenever a cell or hexside changes.
	sightGrid atomic.Pointer[losTerrain]
}

// sideNear marks, in Board.sides, a hex with a feature on some hexside.
const sideNear = 1 << 6

// hexside names one hexside by a hex and one of its three "upper" directions
// (N, NE, SE), so both hexes that share it name it the same way.
type hexside struct {
	hex Hex
	dir Direction
}

func normalHexside(h Hex, d Direction) hexside {
	d = d.normalized()
	if d <= DirSE {
		return hexside{h, d}
	}
	return hexside{h.Neighbor(d), d.Opposite()}
}

// New returns a board of width×height open hexes at level 0.
func New(layout Layout, width, height int) (*Board, error) {
	if err := layout.Validate(); err != nil {
		return nil, err
	}
	if width < 1 || height < 1 || width > MaxDimension || height > MaxDimension {
		return nil, fmt.Errorf("map size %dx%d: each side must be from 1 to %d hexes", width, height, MaxDimension)
	}
	return &Board{
		Layout:   layout,
		Width:    width,
		Height:   height,
		cells:    make([]Cell, width*height),
		hexsides: map[hexside]HexsideFeature{},
		sides:    make([]uint8, width*height),
	}, nil
}

// index returns the cell index of h and whether h is on the board.
func (b *Board) index(h Hex) (int, bool) {
	o := b.Layout.ToOffset(h)
	if o.Col < 0 || o.Row < 0 || o.Col >= b.Width || o.Row >= b.Height {
		return 0, false
	}
	return o.Row*b.Width + o.Col, true
}

// Contains reports whether h is on the board.
func (b *Board) Contains(h Hex) bool {
	_, ok := b.index(h)
	return ok
}

// Cell returns the terrain of h; a hex off the board reads as open ground.
func (b *Board) Cell(h Hex) Cell {
	if i, ok := b.index(h); ok {
		return b.cells[i]
	}
	return Cell{}
}

// SetCell sets the terrain of h: terrain, level and road; the hex keeps
// its fortification (SetFort). It reports an error for a hex off the
// board or a level out of range.
func (b *Board) SetCell(h Hex, c Cell) error {
	i, ok := b.index(h)
	if !ok {
		return fmt.Errorf("hex %s is off the %dx%d map", b.Label(h), b.Width, b.Height)
	}
	if c.Level < 0 || c.Level > MaxLevel {
		return fmt.Errorf("hex %s: level %d out of range 0..%d", b.Label(h), c.Level, MaxLevel)
	}
	if c.Terrain >= terrainCount {
		return fmt.Errorf("hex %s: unknown terrain %d", b.Label(h), c.Terrain)
	}
	c.Fort = b.cells[i].Fort
	b.cells[i] = c
	b.sightGrid.Store(nil)
	return nil
}

// Hexside returns the feature on the hexside of h in direction d.
func (b *Board) Hexside(h Hex, d Direction) HexsideFeature {
	n := normalHexside(h, d)
	if i, ok := b.index(n.hex); ok {
		return HexsideFeature(b.sides[i]>>(2*n.dir)) & 3
	}
	return b.hexsides[n]
}

// SetHexside puts a feature (or NoFeature) on the hexside of h in direction d.
func (b *Board) SetHexside(h Hex, d Direction, f HexsideFeature) error {
	if !b.Contains(h) && !b.Contains(h.Neighbor(d)) {
		return fmt.Errorf("hexside %s %s is off the map", b.Label(h), d)
	}
	n := normalHexside(h, d)
	if f == NoFeature {
		delete(b.hexsides, n)
	} else {
		b.hexsides[n] = f
	}
	if i, ok := b.index(n.hex); ok {
		b.sides[i] = b.sides[i]&^(3<<(2*n.dir)) | uint8(f&3)<<(2*n.dir)
	}
	b.markSides(n.hex)
	b.markSides(n.hex.Neighbor(n.dir))
	b.sightGrid.Store(nil)
	return nil
}

// markSides sets or clears h's sideNear mark from its six hexsides.
func (b *Board) markSides(h Hex) {
	i, ok := b.index(h)
	if !ok {
		return
	}
	b.sides[i] &^= sideNear
	for d := range Direction(6) {
		if b.Hexside(h, d) != NoFeature {
			b.sides[i] |= sideNear
			return
		}
	}
}

// HexsideBetween returns the feature on the hexside shared by two adjacent
// hexes, and NoFeature when they are not adjacent.
func (b *Board) HexsideBetween(a, c Hex) HexsideFeature {
	d, ok := a.DirectionTo(c)
	if !ok {
		return NoFeature
	}
	return b.Hexside(a, d)
}

// Hexes yields every hex of the board, row by row.
func (b *Board) Hexes() iter.Seq[Hex] {
	return func(yield func(Hex) bool) {
		for row := range b.Height {
			for col := range b.Width {
				if !yield(b.Layout.ToHex(Offset{col, row})) {
					return
				}
			}
		}
	}
}

// Label returns the players' label of h ("E4").
func (b *Board) Label(h Hex) string { return b.Layout.ToOffset(h).Label() }

// ParseHex turns a label into a hex of this board.
func (b *Board) ParseHex(label string) (Hex, error) {
	o, err := ParseLabel(label)
	if err != nil {
		return Hex{}, err
	}
	h := b.Layout.ToHex(o)
	if !b.Contains(h) {
		return Hex{}, fmt.Errorf("hex %s is off the %dx%d map", o.Label(), b.Width, b.Height)
	}
	return h, nil
}
