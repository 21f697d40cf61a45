package main

import (
	"flag"
	"fmt"
	"strconv"

	"hexfire/board"
	"hexfire/mapgen"
	"hexfire/maps"
)

// maxHexRange is the longest range in hexes the shot flags accept: our
// own choice, a line across the largest map the loader takes (500×500
// hexes) is shorter.
const maxHexRange = 1000

// intRange is what a whole-number flag accepts, from min to max. Every
// bound is our own choice unless the reason gives a source; docs/README's
// table of hexfire-cli flags lists them.
type intRange struct {
	min, max int
	unit     string // what the number counts, for the error
}

// flagRanges holds the range of every whole-number flag of the commands,
// by flag name. Values beyond them would be meaningless (a cover of 2^63-1
// or a negative range) or overflow the sums a ruleset adds up.
var flagRanges = map[string]intRange{
	"range":     {1, maxHexRange, "hexes"},
	"sw-range":  {0, maxHexRange, "hexes (0: no limit)"},
	"cover":     {0, 9, "a cover above the terrain chart's largest, 3"},
	"hindrance": {0, 99, "the sum of the line's hindrances (beyond 12, 2d6 never hits)"},
	"leader":    {-3, 0, "a leader's modifier, -1 to -3 as in the catalogue (0: none)"},
	"elevation": {-board.MaxLevel, board.MaxLevel, "levels (board.MaxLevel)"},
	"rounds":    {0, 99, "rounds (0: not counted)"},
	"riders":    {0, 9, "riding units"},
	"hex-m":     {1, maps.MaxHexMetres, "metres per hex, as the map property hex_m"},
	"battles":   {1, 1_000_000, "battles"},
	"turns":     {1, maps.MaxTurns, "turns (maps.MaxTurns, as the map property turns)"},
	"points":    {0, mapgen.MaxPoints, "points a side spends on units (mapgen.MaxPoints)"},
}

// checkFlagRanges refuses a whole-number flag given on the command line
// outside its range of flagRanges, naming the flag and the value. Flags
// left at their default are not checked: a default such as --cover's -1
// means "not given".
func checkFlagRanges(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		r, ok := flagRanges[f.Name]
		if !ok || err != nil {
			return
		}
		v, perr := strconv.ParseInt(f.Value.String(), 10, 64)
		if perr != nil || v < int64(r.min) || v > int64(r.max) {
			err = fmt.Errorf("--%s %s: want %d to %d (%s)", f.Name, f.Value, r.min, r.max, r.unit)
		}
	})
	return err
}
