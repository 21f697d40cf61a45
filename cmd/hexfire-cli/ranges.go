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

// flagRanges holds the range of every whole-number flag of the commands,
// by flag name. Values beyond them would be meaningless (a cover of 2^63-1
// or a negative range) or overflow the sums a ruleset adds up. Every
// bound is our own choice unless the reason gives a source; the README's
// table of hexfire-cli flags lists them.
var flagRanges = map[string]maps.IntRange{
	"range":     {Min: 1, Max: maxHexRange, What: "hexes"},
	"sw-range":  {Min: 0, Max: maxHexRange, What: "hexes (0: no limit)"},
	"cover":     {Min: 0, Max: 9, What: "a cover above the terrain chart's largest, 3"},
	"hindrance": {Min: 0, Max: 99, What: "the sum of the line's hindrances (beyond 12, 2d6 never hits)"},
	"leader":    {Min: -3, Max: 0, What: "a leader's modifier, -1 to -3 as in the catalogue (0: none)"},
	"elevation": {Min: -board.MaxLevel, Max: board.MaxLevel, What: "levels (board.MaxLevel)"},
	"rounds":    {Min: 0, Max: 99, What: "rounds (0: not counted)"},
	"riders":    {Min: 0, Max: 9, What: "riding units"},
	"hex-m":     {Min: 1, Max: maps.MaxHexMetres, What: "metres per hex, as the map property hex_m"},
	"battles":   {Min: 1, Max: 1_000_000, What: "battles"},
	"turns":     {Min: 1, Max: maps.MaxTurns, What: "turns (maps.MaxTurns, as the map property turns)"},
	"points":    {Min: 0, Max: mapgen.MaxPoints, What: "points a side spends on units (mapgen.MaxPoints)"},

	// A volley's second vehicle (d20).
	"second-range": {Min: 1, Max: maxHexRange, What: "hexes"},
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
		if perr != nil || !r.Contains(v) {
			err = fmt.Errorf("--%s %s: want %d to %d (%s)", f.Name, f.Value, r.Min, r.Max, r.What)
		}
	})
	return err
}
