package game

import (
	"bytes"
	"encoding/xml"
	"fmt"
	stdmaps "maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/board"
	"hexfire/fileio"
	"hexfire/mapgen"
	"hexfire/maps"
)

// The parts of a .tmx file a study rewrites: the units layer, the map's
// next object and layer ids, and the sources of its tilesets.
var (
	unitsLayerRE   = regexp.MustCompile(`(?s)<objectgroup\b[^>]*\bname="` + maps.UnitsLayer + `"[^>]*?(/>|>.*?</objectgroup>)`)
	layerIDRE      = regexp.MustCompile(`^<objectgroup\b[^>]*\bid="(\d+)"`)
	nextObjectRE   = regexp.MustCompile(`\bnextobjectid="(\d+)"`)
	nextLayerRE    = regexp.MustCompile(`\bnextlayerid="(\d+)"`)
	tilesetRE      = regexp.MustCompile(`(<tileset\b[^>]*\bsource=")([^"]*)(")`)
	mapEndRE       = regexp.MustCompile(`</map>\s*$`)
	templateAttrRE = regexp.MustCompile(`\btemplate="`)
)

// saveStudyTMX writes the study as a Tiled scenario at out: studyTMX, its
// tilesets referred to where they can be found from out (the original
// file's by a path relative to out, an embedded map's copied beside out
// as a generated map's are). The write is atomic.
func saveStudyTMX(out string, m studyMap, bd *board.Board, pieces []maps.Placement) error {
	text, err := studyTMX(out, m, bd, pieces, func(src string) (string, error) { return tilesetFrom(out, m.source, src) })
	if err != nil {
		return err
	}
	if err := fileio.WriteFileAtomic(out, text); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	return nil
}

// storedStudyTMX is the study as the browser keeps it: a .tmx whose
// Hexfire tilesets are named as the embedded scenarios name them
// (../tiles/…), so that the file opens again from the Files screen, whose
// picked scenarios stand beside the embedded tiles; another tileset keeps
// its name, to be picked with the map.
func storedStudyTMX(m studyMap, bd *board.Board, pieces []maps.Placement) ([]byte, error) {
	return studyTMX(studyFile, m, bd, pieces, func(src string) (string, error) {
		if name := path.Base(src); name == mapgen.FlatTileset || name == mapgen.PointyTileset {
			return "../tiles/" + name, nil
		}
		return src, nil
	})
}

// studyTMX is the study as a Tiled scenario to be written at out: the
// map's own .tmx (read again from its source) with the units layer
// replaced by the study's pieces, and each tileset named as tileset says.
// Markers and smoke are the study's, not a scenario's: they are not
// written.
func studyTMX(out string, m studyMap, bd *board.Board, pieces []maps.Placement, tileset func(src string) (string, error)) ([]byte, error) {
	data := m.tmx
	if data == nil {
		var err error
		if data, err = readMapSource(m.source); err != nil {
			return nil, err
		}
	}
	text := string(data)
	if templateAttrRE.MatchString(text) && !strings.HasPrefix(m.source, battle.EmbeddedPrefix) && m.source != "" {
		// Templates are found relative to the map like tilesets; the
		// study writes its units without them, but other objects may
		// use them: the map's folder must stay the same.
		if filepath.Dir(filepath.Clean(out)) != filepath.Dir(filepath.Clean(m.source)) {
			return nil, fmt.Errorf("study: %s uses object templates: save the study in its folder, %s", m.source, filepath.Dir(m.source))
		}
	}
	next := 1
	if sm := nextObjectRE.FindStringSubmatch(text); sm != nil {
		next, _ = strconv.Atoi(sm[1])
	}
	layerID := 0
	if loc := unitsLayerRE.FindStringIndex(text); loc != nil {
		if sm := layerIDRE.FindStringSubmatch(text[loc[0]:loc[1]]); sm != nil {
			layerID, _ = strconv.Atoi(sm[1])
		}
	}
	if layerID == 0 {
		layerID = 1
		if sm := nextLayerRE.FindStringSubmatch(text); sm != nil {
			layerID, _ = strconv.Atoi(sm[1])
		}
		text = nextLayerRE.ReplaceAllString(text, fmt.Sprintf(`nextlayerid="%d"`, layerID+1))
	}
	layer := unitsLayerXML(layerID, next, bd.Layout, pieces)
	if unitsLayerRE.MatchString(text) {
		text = unitsLayerRE.ReplaceAllLiteralString(text, layer)
	} else {
		text = mapEndRE.ReplaceAllLiteralString(text, layer+"\n</map>\n")
	}
	text = nextObjectRE.ReplaceAllString(text, fmt.Sprintf(`nextobjectid="%d"`, next+len(pieces)))
	var err error
	text = tilesetRE.ReplaceAllStringFunc(text, func(s string) string {
		sm := tilesetRE.FindStringSubmatch(s)
		src, rerr := tileset(sm[2])
		if rerr != nil && err == nil {
			err = rerr
		}
		return sm[1] + xmlEscape(src) + sm[3]
	})
	if err != nil {
		return nil, err
	}
	return []byte(text), nil
}

// readMapSource reads the .tmx of a scenario source as battle.OpenScenario
// names it: "embedded:PATH" or a file.
func readMapSource(source string) ([]byte, error) {
	if p, ok := strings.CutPrefix(source, battle.EmbeddedPrefix); ok {
		return fileio.ReadFS(assets.FS, p, maps.MaxFileSize)
	}
	return fileio.ReadFile(source, maps.MaxFileSize)
}

// tilesetFrom returns what a map written at out must name the tileset
// src of a map read from source: the same file, relative to out, for a
// map on disk; for an embedded or generated map, Hexfire's own tileset found
// or copied beside out (mapgen.PlaceTilesets).
func tilesetFrom(out, source, src string) (string, error) {
	if source != "" && !strings.HasPrefix(source, battle.EmbeddedPrefix) {
		if filepath.IsAbs(src) {
			return src, nil
		}
		abs, err := filepath.Abs(filepath.Join(filepath.Dir(source), filepath.FromSlash(src)))
		if err != nil {
			return "", fmt.Errorf("study: tileset %s: %w", src, err)
		}
		// Relative to out where it can be (go-tiled reads every source
		// as relative to the map), else by absolute path.
		outDir, err := filepath.Abs(filepath.Dir(out))
		if err == nil {
			if rel, err := filepath.Rel(outDir, abs); err == nil {
				return filepath.ToSlash(rel), nil
			}
		}
		return filepath.ToSlash(abs), nil
	}
	name := path.Base(src)
	if name != mapgen.FlatTileset && name != mapgen.PointyTileset {
		return "", fmt.Errorf("study: tileset %s is not one of Hexfire's (%s, %s)", src, mapgen.FlatTileset, mapgen.PointyTileset)
	}
	dir, err := mapgen.PlaceTilesets(out, name == mapgen.PointyTileset)
	if err != nil {
		return "", fmt.Errorf("study: %w", err)
	}
	return path.Join(dir, name), nil
}

// unitsLayerXML is the units layer of the pieces: one point object each
// at its hex's centre, with its facing, side, type and the other
// properties its placement carried, ids from next on.
func unitsLayerXML(id, next int, l board.Layout, pieces []maps.Placement) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<objectgroup id=\"%d\" name=\"%s\">\n", id, maps.UnitsLayer)
	for i, p := range pieces {
		x, y := l.Center(p.Hex)
		name := p.Name
		if name == "" {
			name = p.Type
		}
		fmt.Fprintf(&b, "  <object id=\"%d\" name=\"%s\" x=\"%g\" y=\"%g\">\n   <properties>\n", next+i, xmlEscape(name), x, y)
		props := map[string]string{"facing": strconv.Itoa(int(p.Facing)), "side": string(p.Side), "type": p.Type}
		if p.Script != "" {
			props["script"] = p.Script
		}
		for k, v := range p.Properties {
			if _, ok := props[k]; !ok {
				props[k] = v
			}
		}
		for _, k := range slices.Sorted(stdmaps.Keys(props)) {
			typ := ""
			if k == "facing" {
				typ = ` type="int"`
			}
			fmt.Fprintf(&b, "    <property name=\"%s\"%s value=\"%s\"/>\n", xmlEscape(k), typ, xmlEscape(props[k]))
		}
		b.WriteString("   </properties>\n   <point/>\n  </object>\n")
	}
	b.WriteString(" </objectgroup>")
	return b.String()
}

// studyMap is where a study's map came from, to write it again: a
// scenario source as battle.OpenScenario names it, or, for a blank map
// made in memory, its .tmx (source "").
type studyMap struct {
	source string
	tmx    []byte
}

// xmlEscape escapes s for an XML attribute, newlines included (a unit's
// script keeps its lines).
func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails
	return b.String()
}
