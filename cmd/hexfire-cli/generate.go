package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexfire/fileio"
	"hexfire/mapgen"
	"hexfire/maps"
)

func init() {
	commands["generate"] = command{summary: "write a quick battle: a generated Tiled map with forces and victory conditions", run: runGenerate}
}

// generateReport is the JSON form of a generated map.
type generateReport struct {
	Out        string            `json:"out"`
	Title      string            `json:"title"`
	Ground     string            `json:"ground"`
	Seed       uint64            `json:"seed"`
	Size       string            `json:"size"`
	Tileset    string            `json:"tileset"`
	Units      map[maps.Side]int `json:"units"`
	Points     map[maps.Side]int `json:"points"`
	Objectives string            `json:"objectives"`
	Victory    string            `json:"victory"`
	Fog        bool              `json:"fog"`
	Hidden     map[maps.Side]int `json:"hidden"`
}

func runGenerate(args []string, stdout io.Writer) error {
	act, err := parseGenerate(args, stdout)
	if err != nil {
		return err
	}
	return act()
}

// parseGenerate reads and checks the flags of generate; the function it
// returns writes the map.
func parseGenerate(args []string, stdout io.Writer) (func() error, error) {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stdout)
	seed := fs.Uint64("seed", 1, "seed: the same flags always write the same file")
	size := fs.String("size", "30x20", "map size WIDTHxHEIGHT in hexes")
	ground := fs.String("ground", "mixed", "kind of ground: bocage, town, steppe, river, forest or mixed")
	points := fs.Int("points", 400, "points each side spends on units (0: no units)")
	sides := fs.String("sides", "US,DE", "nations of the allies (US, UK or SU) and of the axis (DE)")
	orientation := fs.String("orientation", "flat", "hexes: flat (flat-topped) or pointy (pointy-topped)")
	out := fs.String("out", "", ".tmx file to write")
	fog := fs.Bool("fog", true, "fight under fog of war, with the infantry and Guns in cover set up hidden (--fog=false: an open battle)")
	jsonOut := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("generate: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	if err := checkFlagRanges(fs); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if *out == "" {
		return nil, fmt.Errorf("generate: --out is required (a .tmx file)")
	}
	o := mapgen.Options{Seed: *seed, Ground: mapgen.Ground(*ground), Points: *points, Open: !*fog}
	w, h, ok := strings.Cut(*size, "x")
	var errW, errH error
	o.Width, errW = strconv.Atoi(w)
	o.Height, errH = strconv.Atoi(h)
	if !ok || errW != nil || errH != nil {
		return nil, fmt.Errorf("generate: --size %s: want WIDTHxHEIGHT, e.g. 30x20", fileio.Quote(*size))
	}
	nations := strings.Split(*sides, ",")
	if len(nations) != 2 {
		return nil, fmt.Errorf("generate: --sides %s: want ALLIES,AXIS, e.g. US,DE", fileio.Quote(*sides))
	}
	o.Allies, o.Axis = strings.ToUpper(strings.TrimSpace(nations[0])), strings.ToUpper(strings.TrimSpace(nations[1]))
	switch *orientation {
	case "flat":
	case "pointy":
		o.Pointy = true
	default:
		return nil, fmt.Errorf("generate: --orientation %s: want flat or pointy", fileio.Quote(*orientation))
	}
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	return func() error {
		catalogue, err := loadCatalogue()
		if err != nil {
			return err
		}
		m, err := mapgen.WriteFile(*out, o, catalogue)
		if err != nil {
			return fmt.Errorf("generate: %w", err)
		}
		tilesetDir := m.Options.TilesetDir
		r := generateReport{Out: *out, Title: m.Property("title"), Ground: string(o.Ground), Seed: o.Seed,
			Size: fmt.Sprintf("%dx%d", o.Width, o.Height), Tileset: tilesetDir,
			Units: map[maps.Side]int{}, Points: map[maps.Side]int{}, Objectives: m.Labels(m.Objectives), Victory: m.Property("victory"),
			Fog: !o.Open, Hidden: map[maps.Side]int{}}
		for _, u := range m.Units {
			r.Units[u.Side]++
			if u.Hidden {
				r.Hidden[u.Side]++
			}
		}
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			r.Points[side], _ = strconv.Atoi(m.Property("points_" + string(side)))
		}
		if *jsonOut {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(r)
		}
		fmt.Fprintf(stdout, "%s: %s, %s hexes, tilesets in %s\n", r.Out, r.Title, r.Size, r.Tileset)
		fmt.Fprintf(stdout, "allies %d units (%d points), axis %d units (%d points)\n", r.Units[maps.Allies], r.Points[maps.Allies], r.Units[maps.Axis], r.Points[maps.Axis])
		fmt.Fprintf(stdout, "objectives %s; victory: %s\n", r.Objectives, r.Victory)
		if !r.Fog {
			_, err = fmt.Fprintln(stdout, "open: no fog of war")
			return err
		}
		_, err = fmt.Fprintf(stdout, "fog of war: allies %d and axis %d units set up hidden in cover\n", r.Hidden[maps.Allies], r.Hidden[maps.Axis])
		return err
	}, nil
}

// placeTilesets returns the folder of Hexfire's tilesets relative to the
// map file out, slash-separated. A map written in a folder next to a tiles
// folder that holds the tileset (assets/scenarios beside assets/tiles, or
// a folder where a map was generated before) refers to it; otherwise the
// embedded tileset (.tsx and .png) is copied into a tiles folder beside
// the map, so that Tiled and Hexfire open it wherever it lies.
