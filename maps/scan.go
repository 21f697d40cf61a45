package maps

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexfire/board"
)

// header is what the scan learns before go-tiled decodes anything: the
// checked layout and size, and the document order of the layers.
type header struct {
	layout        board.Layout
	width, height int
	layerOrder    map[uint32]int // layer id → position in the file
}

// scan checks the .tmx text before it is decoded: well-formed XML, a
// hexagonal map within board.MaxDimension, external tilesets that exist,
// and layer data of exactly width×height tiles in a supported encoding.
// Every error names the thing at fault; the caller adds the file name.
func scan(src source, dir string, data []byte) (header, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	var h header
	root, err := firstElement(dec)
	if err != nil {
		return h, err
	}
	if root.Name.Local != "map" {
		return h, fmt.Errorf("not a Tiled map: the root element is <%s>, want <map>", root.Name.Local)
	}
	if h, err = mapHeader(root); err != nil {
		return h, err
	}
	h.layerOrder = map[uint32]int{}
	tiles := h.width * h.height
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return h, nil
		}
		if err != nil {
			return h, malformed(err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch start.Name.Local {
		case "tileset":
			if source := attr(start, "source"); source != "" {
				if err := exists(src, src.join(dir, source)); err != nil {
					return h, fmt.Errorf("tileset %q: %w", source, err)
				}
			}
			if err := dec.Skip(); err != nil {
				return h, malformed(err)
			}
		case "objectgroup", "imagelayer", "properties":
			if err := dec.Skip(); err != nil {
				return h, malformed(err)
			}
		case "layer":
			name := attr(start, "name")
			if id, err := strconv.ParseUint(attr(start, "id"), 10, 32); err == nil {
				h.layerOrder[uint32(id)] = len(h.layerOrder)
			}
			if err := scanLayer(dec, name, tiles); err != nil {
				return h, err
			}
		}
	}
}

func firstElement(dec *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return xml.StartElement{}, errors.New("malformed XML: no elements")
		}
		if err != nil {
			return xml.StartElement{}, malformed(err)
		}
		if start, ok := tok.(xml.StartElement); ok {
			return start, nil
		}
	}
}

func malformed(err error) error { return fmt.Errorf("malformed XML: %w", err) }

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// mapHeader checks the <map> element's attributes.
func mapHeader(m xml.StartElement) (header, error) {
	var h header
	if o := attr(m, "orientation"); o != "hexagonal" {
		return h, fmt.Errorf("orientation %q: Hexfire maps must be hexagonal", o)
	}
	if attr(m, "infinite") == "1" {
		return h, errors.New("infinite maps are not supported: untick Infinite in the map properties")
	}
	ints := map[string]*int{
		"width": &h.width, "height": &h.height,
		"tilewidth": &h.layout.TileWidth, "tileheight": &h.layout.TileHeight,
		"hexsidelength": &h.layout.HexSide,
	}
	for _, name := range []string{"width", "height", "tilewidth", "tileheight", "hexsidelength"} {
		v, err := strconv.Atoi(attr(m, name))
		if err != nil {
			return h, fmt.Errorf("map %s %q is not a whole number", name, attr(m, name))
		}
		*ints[name] = v
	}
	if h.width < 1 || h.height < 1 || h.width > board.MaxDimension || h.height > board.MaxDimension {
		return h, fmt.Errorf("map size %dx%d: width and height must be from 1 to %d hexes", h.width, h.height, board.MaxDimension)
	}
	switch a := attr(m, "staggeraxis"); a {
	case "x":
		h.layout.StaggerX = true
	case "y":
	default:
		return h, fmt.Errorf("staggeraxis %q: want x (flat-topped) or y (pointy-topped)", a)
	}
	switch i := attr(m, "staggerindex"); i {
	case "even":
		h.layout.StaggerEven = true
	case "odd":
	default:
		return h, fmt.Errorf("staggerindex %q: want odd or even", i)
	}
	if err := h.layout.Validate(); err != nil {
		return h, fmt.Errorf("tile metrics: %w", err)
	}
	return h, nil
}

// scanLayer checks one tile layer's <data>: a supported encoding holding
// exactly want tiles. Compressed data is inflated through a limit, so a
// compression bomb stops at the expected size.
func scanLayer(dec *xml.Decoder, name string, want int) error {
	for {
		tok, err := dec.Token()
		if err != nil {
			return malformed(err)
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return fmt.Errorf("layer %q has no data", name)
		case xml.StartElement:
			if t.Name.Local != "data" {
				if err := dec.Skip(); err != nil {
					return malformed(err)
				}
				continue
			}
			have, err := countData(dec, t, want)
			if err != nil {
				return fmt.Errorf("layer %q: %w", name, err)
			}
			if have != want {
				return fmt.Errorf("layer %q: data holds %d tiles, want %d for the map size", name, have, want)
			}
			return dec.Skip()
		}
	}
}

// countData counts the tiles in a <data> element, stopping just past want.
func countData(dec *xml.Decoder, data xml.StartElement, want int) (int, error) {
	encoding, compression := attr(data, "encoding"), attr(data, "compression")
	if encoding == "" {
		if compression != "" {
			return 0, fmt.Errorf("compression %q needs base64 encoding", compression)
		}
		return countTileElements(dec, want)
	}
	var text bytes.Buffer
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, malformed(err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			text.Write(t)
		case xml.StartElement:
			if t.Name.Local == "chunk" {
				return 0, errors.New("chunked data (infinite map) is not supported")
			}
			return 0, fmt.Errorf("unexpected <%s> in %s data", t.Name.Local, encoding)
		case xml.EndElement:
			switch encoding {
			case "csv":
				if compression != "" {
					return 0, fmt.Errorf("compression %q needs base64 encoding", compression)
				}
				return countCSV(text.Bytes())
			case "base64":
				return countBase64(text.Bytes(), compression, want)
			default:
				return 0, fmt.Errorf("encoding %q is not supported (want csv or base64)", encoding)
			}
		}
	}
}

func countTileElements(dec *xml.Decoder, want int) (int, error) {
	n := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, malformed(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "chunk" {
				return 0, errors.New("chunked data (infinite map) is not supported")
			}
			if t.Name.Local == "tile" {
				n++
			}
			if err := dec.Skip(); err != nil {
				return 0, malformed(err)
			}
			if n > want {
				return n, nil
			}
		case xml.EndElement:
			return n, nil
		}
	}
}

func countCSV(text []byte) (int, error) {
	n := 0
	for i, field := range strings.Split(string(text), ",") {
		field = strings.TrimSpace(field)
		if field == "" && i == 0 {
			continue
		}
		if _, err := strconv.ParseUint(field, 10, 32); err != nil {
			return 0, fmt.Errorf("csv value %d %q is not a tile id", i+1, field)
		}
		n++
	}
	return n, nil
}

func countBase64(text []byte, compression string, want int) (int, error) {
	var r io.Reader = base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.TrimSpace(text)))
	var err error
	switch compression {
	case "":
	case "zlib":
		r, err = zlib.NewReader(r)
	case "gzip":
		r, err = gzip.NewReader(r)
	default:
		return 0, fmt.Errorf("compression %q is not supported (want none, zlib or gzip)", compression)
	}
	if err != nil {
		return 0, fmt.Errorf("%s data: %w", compression, err)
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r, int64(want)*4+4))
	if err != nil {
		return 0, fmt.Errorf("base64 %s data: %w", compression, err)
	}
	if n%4 != 0 {
		return 0, fmt.Errorf("base64 data holds %d bytes, not whole 4-byte tile ids", n)
	}
	return int(n / 4), nil
}
