// Command gen draws Hexfire's hex tileset: every terrain of the rules'
// terrain chart, hill levels, roads and hexside features, for flat-topped
// (64×56) and pointy-topped (56×64) maps. For each orientation it writes
// tiles/hexfire-ORIENTATION.png and the Tiled tileset
// tiles/hexfire-ORIENTATION.tsx with the tile properties that package maps
// reads. It also synthesises the game's sound effects as sounds/NAME.wav
// and draws the icon as icon/hexfire-SIZE.png.
// The output is the same bytes on every run and machine.
//
// Usage (from the assets directory, as go generate runs it):
//
//	go run ./gen [-out DIR]
package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"log"
	"os"
	"path/filepath"
)

// columns is the width of the tileset image, in tiles.
const columns = 10

func main() {
	out := flag.String("out", ".", "directory to write tiles/, sounds/ and icon/ into")
	flag.Parse()
	if err := generate(*out); err != nil {
		log.Fatal(err)
	}
}

// generate writes both tilesets under dir/tiles and the sounds under
// dir/sounds.
func generate(dir string) error {
	if err := writeSounds(dir); err != nil {
		return err
	}
	if err := writeIcons(dir); err != nil {
		return err
	}
	tdir := filepath.Join(dir, "tiles")
	if err := os.MkdirAll(tdir, 0o755); err != nil {
		return err
	}
	specs := tileSpecs()
	for _, flat := range []bool{true, false} {
		g := newGeom(flat)
		name := "hexfire-" + g.name
		img, err := sheet(specs, g)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, img); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tdir, name+".png"), buf.Bytes(), 0o644); err != nil {
			return err
		}
		tsx, err := tileset(specs, g, name, img.Bounds().Dx(), img.Bounds().Dy())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tdir, name+".tsx"), tsx, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// sheet draws every tile into one image, columns tiles wide.
func sheet(specs []tileSpec, g geom) (*image.NRGBA, error) {
	rows := (len(specs) + columns - 1) / columns
	img := image.NewNRGBA(image.Rect(0, 0, columns*g.w, rows*g.h))
	for i, s := range specs {
		c := newCanvas(g.w, g.h, g.hex(0))
		s.draw(c, g)
		x, y := i%columns*g.w, i/columns*g.h
		draw.Draw(img, image.Rect(x, y, x+g.w, y+g.h), c.image(), image.Point{}, draw.Src)
	}
	return img, nil
}

// The .tsx document, in the form Tiled writes it.
type tsxTileset struct {
	XMLName      xml.Name  `xml:"tileset"`
	Version      string    `xml:"version,attr"`
	TiledVersion string    `xml:"tiledversion,attr"`
	Name         string    `xml:"name,attr"`
	TileWidth    int       `xml:"tilewidth,attr"`
	TileHeight   int       `xml:"tileheight,attr"`
	TileCount    int       `xml:"tilecount,attr"`
	Columns      int       `xml:"columns,attr"`
	Image        tsxImage  `xml:"image"`
	Tiles        []tsxTile `xml:"tile"`
}

type tsxImage struct {
	Source string `xml:"source,attr"`
	Width  int    `xml:"width,attr"`
	Height int    `xml:"height,attr"`
}

type tsxTile struct {
	ID         int           `xml:"id,attr"`
	Type       string        `xml:"type,attr"`
	Properties []tsxProperty `xml:"properties>property"`
}

type tsxProperty struct {
	Name  string `xml:"name,attr"`
	Type  string `xml:"type,attr,omitempty"`
	Value string `xml:"value,attr"`
}

// tileset writes the .tsx for one orientation.
func tileset(specs []tileSpec, g geom, name string, w, h int) ([]byte, error) {
	t := tsxTileset{
		Version: "1.8", TiledVersion: "1.8.6", Name: name,
		TileWidth: g.w, TileHeight: g.h, TileCount: len(specs), Columns: columns,
		Image: tsxImage{Source: name + ".png", Width: w, Height: h},
	}
	for i, s := range specs {
		tile := tsxTile{ID: i, Type: s.kind}
		for _, p := range s.props {
			prop := tsxProperty{Name: p[0], Value: p[1]}
			switch p[0] {
			case "level":
				prop.Type = "int"
			case "road":
				prop.Type = "bool"
			}
			tile.Properties = append(tile.Properties, prop)
		}
		t.Tiles = append(t.Tiles, tile)
	}
	body, err := xml.MarshalIndent(t, "", " ")
	if err != nil {
		return nil, fmt.Errorf("tileset %s: %w", name, err)
	}
	return append([]byte(xml.Header), append(body, '\n')...), nil
}
