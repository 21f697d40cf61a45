package mapgen

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hexfire/assets"
	"hexfire/fileio"
	"hexfire/units"
)

// WriteFile generates a quick battle for o and writes it as a Tiled map at
// out, with the tileset it needs: the one found in ../tiles or tiles beside
// it, or else a copy of the embedded one written into tiles beside it, so
// the map opens in Tiled and Hexfire from where it is. o.TilesetDir is set
// to match. The write is atomic.
func WriteFile(out string, o Options, cat *units.Catalogue) (*Map, error) {
	dir, err := PlaceTilesets(out, o.Pointy)
	if err != nil {
		return nil, err
	}
	o.TilesetDir = dir
	m, err := Generate(o, cat)
	if err != nil {
		return nil, err
	}
	data, err := m.TMX()
	if err != nil {
		return nil, err
	}
	if err := fileio.WriteFileAtomic(out, data); err != nil {
		return nil, fmt.Errorf("mapgen: %w", err)
	}
	return m, nil
}

// PlaceTilesets finds or writes the tileset a map at out needs and returns
// its folder relative to out, slash-separated.
func PlaceTilesets(out string, pointy bool) (string, error) {
	name := FlatTileset
	if pointy {
		name = PointyTileset
	}
	dir := filepath.Dir(out)
	for _, rel := range []string{"../tiles", "tiles"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel), name)); err == nil {
			return rel, nil
		}
	}
	tiles := filepath.Join(dir, "tiles")
	if err := os.MkdirAll(tiles, 0o755); err != nil {
		return "", fmt.Errorf("mapgen: %w", err)
	}
	png := strings.TrimSuffix(name, ".tsx") + ".png"
	for _, f := range []string{name, png} {
		data, err := fs.ReadFile(assets.FS, "tiles/"+f)
		if err != nil {
			return "", fmt.Errorf("mapgen: %w", err)
		}
		if err := fileio.WriteFileAtomic(filepath.Join(tiles, f), data); err != nil {
			return "", fmt.Errorf("mapgen: %w", err)
		}
	}
	return "tiles", nil
}
