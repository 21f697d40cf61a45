package game

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"testing/fstest"

	"hexfire/assets"
	"hexfire/mapgen"
	"hexfire/maps"
	"hexfire/units"
)

// BlankPrefix starts the name of a blank map for the study table:
// "blank:30x20" (flat-topped hexes) or "blank:30x20:pointy".
const BlankPrefix = "blank:"

// blankName is the blank map's file name in its in-memory file system.
const blankName = "blank.tmx"

// blankMap makes the blank map a name asks for: open ground at level 0,
// mapgen's, of a size from mapgen.MinWidth×MinHeight to mapgen.MaxSide a
// side. It returns the scenario and its .tmx, which refers to Hexfire's
// embedded tileset.
func blankMap(name string, cat *units.Catalogue) (*maps.Scenario, []byte, error) {
	spec := strings.TrimPrefix(name, BlankPrefix)
	size, orientation, _ := strings.Cut(spec, ":")
	ws, hs, ok := strings.Cut(size, "x")
	w, werr := strconv.Atoi(ws)
	h, herr := strconv.Atoi(hs)
	switch {
	case !ok || werr != nil || herr != nil:
		return nil, nil, fmt.Errorf("study: %q: want %sWIDTHxHEIGHT, like %s30x20 (or %s30x20:pointy)", name, BlankPrefix, BlankPrefix, BlankPrefix)
	case w < mapgen.MinWidth || w > mapgen.MaxSide || h < mapgen.MinHeight || h > mapgen.MaxSide:
		return nil, nil, fmt.Errorf("study: %q: size %dx%d: want %d to %d hexes wide and %d to %d high", name, w, h, mapgen.MinWidth, mapgen.MaxSide, mapgen.MinHeight, mapgen.MaxSide)
	case orientation != "" && orientation != "pointy" && orientation != "flat":
		return nil, nil, fmt.Errorf("study: %q: orientation %q: want flat or pointy", name, orientation)
	}
	m := mapgen.New(mapgen.Options{Width: w, Height: h, Pointy: orientation == "pointy", TilesetDir: "tiles"})
	m.SetProperty("title", "", fmt.Sprintf("Blank %dx%d", w, h))
	data, err := m.TMX()
	if err != nil {
		return nil, nil, err
	}
	sc, err := maps.Load(blankFS{fstest.MapFS{blankName: {Data: data}}}, blankName, cat)
	if err != nil {
		return nil, nil, err
	}
	return sc, data, nil
}

// blankFS is the embedded assets with the blank map beside their tiles.
type blankFS struct{ tmx fstest.MapFS }

func (b blankFS) Open(name string) (fs.File, error) {
	if name == blankName {
		return b.tmx.Open(name)
	}
	return assets.FS.Open(name)
}
