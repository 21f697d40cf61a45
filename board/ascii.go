package board

import (
	"fmt"
	"strconv"
	"strings"
)

// asciiTerrain maps the one-letter terrain codes of text fixtures.
var asciiTerrain = map[byte]Terrain{
	'.': Open, 'f': Field, 'c': Crops, 'r': Road, '=': Bridge,
	'B': Building, 'W': Woods, 's': Stream, 'o': Orchard,
	'~': Pond, 'm': Marsh, 'n': Canal, 'v': River,
}

// ParseASCII builds a board from a compact text picture, for tests, tools
// and quick maps. Each grid line is one row of offset coordinates, its
// whitespace-separated tokens the columns from A. A token is a terrain code
// with an optional hill level and an optional "+" for a road through the hex:
//
//	.  open     f field   c crops   r road    = bridge  B building
//	W  woods    s stream  o orchard ~ pond    m marsh   n canal   v river
//
// so "W1" is woods on hill level 1 and "s+" a stream with a road. After the
// grid, lines of the form "wall B1 B2" (or hedge, hedgerow) put a feature on
// the hexside between two adjacent hexes, and lines "foxhole C3" (any
// fortification kind, ParseFortKind; a bunker may add its facing 0..5,
// "bunker C3 2") put a fortification in a hex. Blank lines and lines
// starting with "#" are ignored.
func ParseASCII(layout Layout, text string) (*Board, error) {
	var grid [][]string
	var sides, forts [][]string
	for n, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if _, err := ParseHexsideFeature(fields[0]); err == nil {
			if len(fields) != 3 {
				return nil, fmt.Errorf("line %d: want %q, got %q", n+1, fields[0]+" B1 B2", line)
			}
			sides = append(sides, fields)
			continue
		}
		if _, err := ParseFortKind(fields[0]); err == nil {
			if len(fields) < 2 || len(fields) > 3 {
				return nil, fmt.Errorf("line %d: want %q, got %q", n+1, fields[0]+" C3", line)
			}
			forts = append(forts, fields)
			continue
		}
		if len(sides) > 0 || len(forts) > 0 {
			return nil, fmt.Errorf("line %d: grid row after hexside or fortification lines", n+1)
		}
		grid = append(grid, fields)
	}
	if len(grid) == 0 {
		return nil, fmt.Errorf("no grid rows")
	}
	b, err := New(layout, len(grid[0]), len(grid))
	if err != nil {
		return nil, err
	}
	for row, tokens := range grid {
		if len(tokens) != b.Width {
			return nil, fmt.Errorf("row %d has %d hexes, row 1 has %d", row+1, len(tokens), b.Width)
		}
		for col, tok := range tokens {
			c, err := parseASCIICell(tok)
			if err != nil {
				return nil, fmt.Errorf("hex %s: %w", Offset{col, row}.Label(), err)
			}
			if err := b.SetCell(layout.ToHex(Offset{col, row}), c); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range sides {
		f, _ := ParseHexsideFeature(s[0])
		a, err := b.ParseHex(s[1])
		if err != nil {
			return nil, err
		}
		c, err := b.ParseHex(s[2])
		if err != nil {
			return nil, err
		}
		d, ok := a.DirectionTo(c)
		if !ok {
			return nil, fmt.Errorf("%s %s %s: hexes are not adjacent", s[0], s[1], s[2])
		}
		if err := b.SetHexside(a, d, f); err != nil {
			return nil, err
		}
	}
	for _, fl := range forts {
		k, _ := ParseFortKind(fl[0])
		h, err := b.ParseHex(fl[1])
		if err != nil {
			return nil, err
		}
		f := Fort{Kind: k}
		if len(fl) == 3 {
			n, err := strconv.Atoi(fl[2])
			if err != nil {
				return nil, fmt.Errorf("%s %s %s: facing is not a number 0..5", fl[0], fl[1], fl[2])
			}
			f.Facing = Direction(n)
		}
		if err := b.SetFort(h, f); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func parseASCIICell(tok string) (Cell, error) {
	t, ok := asciiTerrain[tok[0]]
	if !ok {
		return Cell{}, fmt.Errorf("unknown terrain code %q", tok[:1])
	}
	c := Cell{Terrain: t}
	for _, ch := range tok[1:] {
		switch {
		case ch >= '0' && ch <= '9':
			c.Level = int(ch - '0')
		case ch == '+':
			c.Road = true
		default:
			return Cell{}, fmt.Errorf("token %q: unexpected %q", tok, ch)
		}
	}
	return c, nil
}

// MustParseASCII is ParseASCII for fixtures known to be good; it panics on
// an error, so use it only in tests and package-level examples.
func MustParseASCII(layout Layout, text string) *Board {
	b, err := ParseASCII(layout, text)
	if err != nil {
		panic(err)
	}
	return b
}
