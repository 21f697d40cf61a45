package maps

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/fileio"
)

// The checks of this file run on the very bytes go-tiled then decodes (but
// for the whitespace taken out of base64 layer data, the same way in both),
// so that nothing go-tiled reads differs from what was checked: every
// attribute and every element go-tiled keeps one of must be given once
// (encoding/xml would take the last), property names are unique, and a
// layer's data holds exactly the map's number of tiles, inflated through a
// limit.

// singleChildren lists, per element, the children go-tiled reads once.
var singleChildren = map[string][]string{
	"map":         {"properties"},
	"group":       {"properties"},
	"layer":       {"data", "properties"},
	"objectgroup": {"properties"},
	"imagelayer":  {"image", "properties"},
	"tileset":     {"image", "tileoffset", "grid", "properties", "transformations", "terraintypes", "wangsets"},
	"tile":        {"image", "properties", "objectgroup", "animation"},
	"object":      {"properties", "ellipse", "point", "polygon", "polyline", "text"},
	"template":    {"tileset", "object"},
}

// xmlScan walks one XML file with the checks every Tiled file gets.
type xmlScan struct {
	dec      *xml.Decoder
	own      bool // the map itself: messages may quote its text
	stack    []scanFrame
	names    []string // the names of stack, for the handler (not to be kept)
	elements int
}

type scanFrame struct {
	name string
	seen map[string]bool // single children met; property names under <properties>
}

// scanHandler is told of each element after the common checks, with the
// names of its ancestors. When start returns consumed, it has read the
// element to its end and end is not called for it.
type scanHandler interface {
	start(s *xmlScan, path []string, e xml.StartElement) (consumed bool, err error)
	end(path []string, name string) error
}

func newXMLScan(data []byte, own bool) *xmlScan {
	return &xmlScan{dec: xml.NewDecoder(bytes.NewReader(data)), own: own}
}

// line is the line of the decoder's position, for messages.
func (s *xmlScan) line() int {
	l, _ := s.dec.InputPos()
	return l
}

// malformed reports an XML error, quoting the file only when it is the map.
func (s *xmlScan) malformed(err error) error {
	var syn *xml.SyntaxError
	if errors.As(err, &syn) {
		if s.own {
			return fmt.Errorf("malformed XML: %s", err)
		}
		return fmt.Errorf("malformed XML on line %d", syn.Line)
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("malformed XML: the file ends before its root element is closed")
	}
	return fmt.Errorf("malformed XML: %w", err)
}

// token returns the next token, as a malformed-XML error when it fails.
func (s *xmlScan) token() (xml.Token, error) {
	tok, err := s.dec.Token()
	if err != nil {
		return nil, s.malformed(err)
	}
	return tok, nil
}

// skip reads to the end of the element just started.
func (s *xmlScan) skip() error {
	if err := s.dec.Skip(); err != nil {
		return s.malformed(err)
	}
	return nil
}

// walk reads the whole file: the root element must be named root.
func (s *xmlScan) walk(root string, h scanHandler) error {
	for {
		tok, err := s.dec.Token()
		if err == io.EOF {
			if len(s.stack) > 0 || s.elements == 0 {
				return errors.New("malformed XML: no complete root element")
			}
			return nil
		}
		if err != nil {
			return s.malformed(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(s.stack) == 0 {
				if s.elements > 0 {
					return fmt.Errorf("line %d: a second root element", s.line())
				}
				if t.Name.Local != root {
					if s.own {
						return fmt.Errorf("not a Tiled map: the root element is <%s>, want <%s>", t.Name.Local, root)
					}
					return fmt.Errorf("the root element is not <%s>", root)
				}
			}
			if err := s.check(t); err != nil {
				return err
			}
			consumed, err := h.start(s, s.names, t)
			if err != nil {
				return err
			}
			if !consumed {
				s.stack = append(s.stack, scanFrame{name: t.Name.Local})
				s.names = append(s.names, t.Name.Local)
			}
		case xml.EndElement:
			top := s.stack[len(s.stack)-1]
			s.stack = s.stack[:len(s.stack)-1]
			s.names = s.names[:len(s.names)-1]
			if err := h.end(s.names, top.name); err != nil {
				return err
			}
		}
	}
}

// check applies the common checks to an element about to be entered.
func (s *xmlScan) check(e xml.StartElement) error {
	s.elements++
	if s.elements > MaxElements {
		return fmt.Errorf("more than %d XML elements", MaxElements)
	}
	if err := checkAttrs(e, s.line()); err != nil {
		return err
	}
	if len(s.stack) == 0 {
		return nil
	}
	if len(s.stack) >= MaxDepth {
		return fmt.Errorf("line %d: <%s> nests more than %d elements deep", s.line(), e.Name.Local, MaxDepth)
	}
	parent := &s.stack[len(s.stack)-1]
	name := e.Name.Local
	once := false
	key := name
	if parent.name == "properties" && name == "property" {
		once, key = true, "property "+attr(e, "name")
	} else {
		for _, c := range singleChildren[parent.name] {
			once = once || c == name
		}
	}
	if !once {
		return nil
	}
	if parent.seen == nil {
		parent.seen = map[string]bool{}
	}
	if parent.seen[key] {
		if name == "property" {
			return fmt.Errorf("line %d: property %s given twice", s.line(), fileio.Quote(attr(e, "name")))
		}
		return fmt.Errorf("line %d: <%s> has more than one <%s>", s.line(), parent.name, name)
	}
	parent.seen[key] = true
	// Under <properties> seen holds one key a property.
	if parent.name == "properties" && len(parent.seen) > MaxProperties {
		return fmt.Errorf("line %d: more than %d properties in one <properties>", s.line(), MaxProperties)
	}
	return nil
}

// checkAttrs refuses an element that gives an attribute twice.
func checkAttrs(e xml.StartElement, line int) error {
	for i, a := range e.Attr {
		for _, b := range e.Attr[:i] {
			if a.Name == b.Name {
				return fmt.Errorf("line %d: <%s> gives the attribute %s twice", line, e.Name.Local, fileio.Quote(a.Name.Local))
			}
		}
	}
	return nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// header is what the scan of a map learns before go-tiled decodes it: the
// checked layout and size, the document order of the layers, the tilesets
// in file order and the templates the objects use.
type header struct {
	layout        board.Layout
	width, height int
	layerOrder    map[uint32]int // layer id → position in the file
	tilesets      []tilesetRef
	templates     []string // each template source once, in file order
	// data is the file as go-tiled is to decode it: its bytes, with the
	// whitespace inside base64 layer data taken out.
	data []byte
}

// tilesetRef is a <tileset> element of the map.
type tilesetRef struct {
	firstGID uint32
	source   string // "" for an embedded tileset
}

// mapScan is the scanHandler of a .tmx file.
type mapScan struct {
	h         header
	tiles     int // per layer: width × height
	allTiles  int // of all layers so far
	layer     string
	layerData bool
	templates map[string]bool
	// The smallest tile id the layers and objects use, flags removed, and
	// where, to check it against the tilesets' firstgid once all are known.
	minGID      uint32
	minGIDWhere string
	// The text of base64 layer data holding whitespace, to take out of
	// the bytes go-tiled decodes.
	squeeze []span
}

// scan checks the .tmx text before it is decoded: well-formed XML, a
// hexagonal map within board.MaxDimension, layer data of exactly
// width×height tiles in a supported encoding, tile ids that some tileset
// holds. Every error names the thing at fault; the caller adds the file
// name.
func scan(data []byte) (header, error) {
	m := &mapScan{templates: map[string]bool{}}
	if err := newXMLScan(data, true).walk("map", m); err != nil {
		return m.h, err
	}
	if m.minGID != 0 {
		if len(m.h.tilesets) == 0 {
			return m.h, fmt.Errorf("%s uses tile id %d but the map has no tileset", m.minGIDWhere, m.minGID)
		}
		first := m.h.tilesets[0].firstGID
		for _, ts := range m.h.tilesets {
			first = min(first, ts.firstGID)
		}
		if m.minGID < first {
			return m.h, fmt.Errorf("%s uses tile id %d, below the first tileset's firstgid %d", m.minGIDWhere, m.minGID, first)
		}
	}
	m.h.data = squeezed(data, m.squeeze)
	return m.h, nil
}

func (m *mapScan) useGID(gid uint32, where func() string) {
	bare := gid &^ 0xF0000000
	if bare != 0 && (m.minGID == 0 || bare < m.minGID) {
		m.minGID, m.minGIDWhere = bare, where()
	}
}

// layerParent reports whether go-tiled reads layers of an element at path:
// the map's and its groups'.
func layerParent(path []string) bool {
	if len(path) == 0 || path[0] != "map" {
		return false
	}
	for _, p := range path[1:] {
		if p != "group" {
			return false
		}
	}
	return true
}

func (m *mapScan) start(s *xmlScan, path []string, e xml.StartElement) (bool, error) {
	name := e.Name.Local
	if len(path) == 0 {
		h, err := mapHeader(e)
		m.h, m.tiles = h, h.width*h.height
		m.h.layerOrder = map[uint32]int{}
		return false, err
	}
	parent := path[len(path)-1]
	switch {
	case name == "tileset" && len(path) == 1:
		ref := tilesetRef{source: attr(e, "source")}
		if v := attr(e, "firstgid"); v != "" {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 32)
			if err != nil {
				return false, fmt.Errorf("line %d: tileset firstgid %s is not a whole number", s.line(), fileio.Quote(v))
			}
			ref.firstGID = uint32(n)
		}
		if ref.firstGID < 1 {
			return false, fmt.Errorf("line %d: tileset firstgid %s: want 1 or more (tile id 0 means no tile)", s.line(), fileio.Quote(attr(e, "firstgid")))
		}
		m.h.tilesets = append(m.h.tilesets, ref)
		if ref.source == "" {
			return false, nil
		}
		// An external tileset's element is empty in Tiled's files;
		// content here would be merged with the file's by go-tiled.
		for {
			tok, err := s.token()
			if err != nil {
				return true, err
			}
			switch tok.(type) {
			case xml.StartElement:
				return true, fmt.Errorf("line %d: tileset %s refers to a file and must have no content", s.line(), fileio.Quote(ref.source))
			case xml.EndElement:
				return true, nil
			}
		}
	case name == "layer" && layerParent(path):
		m.layer, m.layerData = attr(e, "name"), false
		if id, err := strconv.ParseUint(attr(e, "id"), 10, 32); err == nil {
			m.h.layerOrder[uint32(id)] = len(m.h.layerOrder)
		}
		m.allTiles += m.tiles
		if m.allTiles > MaxLayerTiles {
			return false, fmt.Errorf("layer %s: the layers hold more than %d tiles in all", fileio.Quote(m.layer), MaxLayerTiles)
		}
	case name == "data" && parent == "layer" && layerParent(path[:len(path)-1]):
		m.layerData = true
		have, err := m.countData(s, e)
		if err != nil {
			return true, fmt.Errorf("layer %s: %w", fileio.Quote(m.layer), err)
		}
		if have != m.tiles {
			return true, fmt.Errorf("layer %s: data holds %d tiles, want %d for the map size", fileio.Quote(m.layer), have, m.tiles)
		}
		return true, nil
	case name == "object" && parent == "objectgroup" && layerParent(path[:len(path)-1]):
		if t := attr(e, "template"); t != "" && !m.templates[t] {
			m.templates[t] = true
			m.h.templates = append(m.h.templates, t)
		}
		if v := attr(e, "gid"); v != "" {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 32)
			if err != nil {
				return false, fmt.Errorf("line %d: object gid %s is not a tile id", s.line(), fileio.Quote(v))
			}
			line := s.line()
			m.useGID(uint32(n), func() string { return fmt.Sprintf("the object on line %d", line) })
		}
	}
	return false, nil
}

func (m *mapScan) end(path []string, name string) error {
	if name == "layer" && layerParent(path) && !m.layerData {
		return fmt.Errorf("layer %s has no data", fileio.Quote(m.layer))
	}
	return nil
}

// mapHeader checks the <map> element's attributes.
func mapHeader(m xml.StartElement) (header, error) {
	var h header
	if o := attr(m, "orientation"); o != "hexagonal" {
		return h, fmt.Errorf("orientation %s: Hexfire maps must be hexagonal", fileio.Quote(o))
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
			return h, fmt.Errorf("map %s %s is not a whole number", name, fileio.Quote(attr(m, name)))
		}
		*ints[name] = v
	}
	if h.width < 1 || h.height < 1 || h.width > board.MaxDimension || h.height > board.MaxDimension {
		return h, fmt.Errorf("map size %dx%d: width and height must be from 1 to %d hexes", h.width, h.height, board.MaxDimension)
	}
	if l := h.layout; l.TileWidth > MaxTileSize || l.TileHeight > MaxTileSize {
		return h, fmt.Errorf("map tile size %dx%d: at most %d pixels a side", l.TileWidth, l.TileHeight, MaxTileSize)
	}
	switch a := attr(m, "staggeraxis"); a {
	case "x":
		h.layout.StaggerX = true
	case "y":
	default:
		return h, fmt.Errorf("staggeraxis %s: want x (flat-topped) or y (pointy-topped)", fileio.Quote(a))
	}
	switch i := attr(m, "staggerindex"); i {
	case "even":
		h.layout.StaggerEven = true
	case "odd":
	default:
		return h, fmt.Errorf("staggerindex %s: want odd or even", fileio.Quote(i))
	}
	if err := h.layout.Validate(); err != nil {
		return h, fmt.Errorf("tile metrics: %w", err)
	}
	return h, nil
}

// countData counts the tiles in a layer's <data> element, reading it to
// its end, and notes the smallest tile id it uses. It stops counting just
// past the map's number of tiles.
func (m *mapScan) countData(s *xmlScan, data xml.StartElement) (int, error) {
	encoding, compression := attr(data, "encoding"), attr(data, "compression")
	if encoding == "" {
		if compression != "" {
			return 0, fmt.Errorf("compression %s needs base64 encoding", fileio.Quote(compression))
		}
		return m.countTileElements(s)
	}
	var text bytes.Buffer
	// Where the element's text lies in the file, while it is text alone.
	from, to, plain := s.dec.InputOffset(), s.dec.InputOffset(), true
	for {
		tok, err := s.token()
		if err != nil {
			return 0, err
		}
		switch t := tok.(type) {
		case xml.CharData:
			text.Write(t)
			to = s.dec.InputOffset()
		case xml.Comment, xml.ProcInst, xml.Directive:
			plain = false
		case xml.StartElement:
			if t.Name.Local == "chunk" {
				return 0, errors.New("chunked data (infinite map) is not supported")
			}
			return 0, fmt.Errorf("line %d: unexpected <%s> in %s data", s.line(), t.Name.Local, fileio.Quote(encoding))
		case xml.EndElement:
			switch encoding {
			case "csv":
				if compression != "" {
					return 0, fmt.Errorf("compression %s needs base64 encoding", fileio.Quote(compression))
				}
				return m.countCSV(text.Bytes())
			case "base64":
				b64 := bytes.TrimSpace(text.Bytes())
				// Tiled wraps long data in lines, and an editor may
				// indent them; Go's base64 skips line ends only. The
				// whitespace is taken out here and, for go-tiled, of the
				// file's bytes, where they are text alone.
				if plain && bytes.ContainsAny(b64, xmlSpace) {
					b64 = bytes.Join(bytes.Fields(b64), nil)
					m.squeeze = append(m.squeeze, span{from, to})
				}
				return m.countBase64(b64, compression)
			default:
				return 0, fmt.Errorf("encoding %s is not supported (want csv or base64)", fileio.Quote(encoding))
			}
		}
	}
}

func (m *mapScan) where(i int) func() string {
	return func() string {
		return fmt.Sprintf("layer %s tile %d", fileio.Quote(m.layer), i)
	}
}

func (m *mapScan) countTileElements(s *xmlScan) (int, error) {
	n := 0
	for {
		tok, err := s.token()
		if err != nil {
			return 0, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "chunk" {
				return 0, errors.New("chunked data (infinite map) is not supported")
			}
			if t.Name.Local == "tile" {
				if err := checkAttrs(t, s.line()); err != nil {
					return 0, err
				}
				if v := attr(t, "gid"); v != "" {
					gid, err := strconv.ParseUint(v, 10, 32)
					if err != nil {
						return 0, fmt.Errorf("line %d: tile gid %s is not a tile id", s.line(), fileio.Quote(v))
					}
					m.useGID(uint32(gid), m.where(n))
				}
				n++
			}
			if err := s.skip(); err != nil {
				return 0, err
			}
			if n > m.tiles {
				return n, nil
			}
		case xml.EndElement:
			return n, nil
		}
	}
}

// countCSV counts comma-separated tile ids. Each must be a plain decimal
// number: go-tiled takes any other byte for a separator, so anything else
// would count differently there.
func (m *mapScan) countCSV(text []byte) (int, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return 0, nil
	}
	n := 0
	for {
		i := bytes.IndexByte(text, ',')
		field := text
		if i >= 0 {
			field = text[:i]
		}
		f := bytes.TrimSpace(field)
		gid, ok := parseGID(f)
		if !ok {
			return 0, fmt.Errorf("csv value %d %s is not a tile id", n+1, fileio.Quote(string(f)))
		}
		m.useGID(gid, m.where(n))
		n++
		if n > m.tiles || i < 0 {
			return n, nil
		}
		text = text[i+1:]
	}
}

// parseGID reads a tile id: decimal digits only, within 32 bits.
func parseGID(b []byte) (uint32, bool) {
	if len(b) == 0 {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		if n = n*10 + uint64(c-'0'); n > 0xFFFFFFFF {
			return 0, false
		}
	}
	return uint32(n), true
}

// xmlSpace is what XML counts as whitespace.
const xmlSpace = " \t\r\n"

// span is a range of bytes of a file, from its start.
type span struct{ from, to int64 }

// squeezed returns data with the XML whitespace in each of spans (in file
// order, not overlapping) taken out, or data itself when there are none.
func squeezed(data []byte, spans []span) []byte {
	if len(spans) == 0 {
		return data
	}
	out := make([]byte, 0, len(data))
	at := int64(0)
	for _, sp := range spans {
		out = append(out, data[at:sp.from]...)
		for _, c := range data[sp.from:sp.to] {
			if !strings.ContainsRune(xmlSpace, rune(c)) {
				out = append(out, c)
			}
		}
		at = sp.to
	}
	return append(out, data[at:]...)
}

// countBase64 counts the tile ids of base64 data, its whitespace trimmed.
func (m *mapScan) countBase64(text []byte, compression string) (int, error) {
	var r io.Reader = base64.NewDecoder(base64.StdEncoding, bytes.NewReader(text))
	var err error
	switch compression {
	case "":
	case "zlib":
		r, err = zlib.NewReader(r)
	case "gzip":
		r, err = gzip.NewReader(r)
	default:
		return 0, fmt.Errorf("compression %s is not supported (want none, zlib or gzip)", fileio.Quote(compression))
	}
	if err != nil {
		return 0, fmt.Errorf("%s data: %w", compression, err)
	}
	// Inflate through a limit: a compression bomb stops just past the
	// size the map needs.
	raw, err := io.ReadAll(io.LimitReader(r, int64(m.tiles)*4+4))
	if err != nil {
		return 0, fmt.Errorf("base64 %s data: %w", compression, err)
	}
	if len(raw)%4 != 0 {
		return 0, fmt.Errorf("base64 data holds %d bytes, not whole 4-byte tile ids", len(raw))
	}
	for i := 0; i+4 <= len(raw); i += 4 {
		m.useGID(binary.LittleEndian.Uint32(raw[i:]), m.where(i/4))
	}
	return len(raw) / 4, nil
}

// externalScan is the scanHandler of a .tsx or .tx file: the common
// checks, and for a tileset none of the attributes only the map may set.
type externalScan struct{ root string }

func (x externalScan) start(s *xmlScan, path []string, e xml.StartElement) (bool, error) {
	if len(path) == 0 && x.root == "tileset" {
		for _, a := range []string{"firstgid", "source"} {
			if attr(e, a) != "" {
				return false, fmt.Errorf("a tileset file must not set %s (the map does)", a)
			}
		}
	}
	return false, nil
}

func (externalScan) end([]string, string) error { return nil }

// scanExternal checks a tileset (root "tileset") or template ("template")
// file. Its messages never quote its text: the file may be anything.
func scanExternal(data []byte, root string) error {
	return newXMLScan(data, false).walk(root, externalScan{root})
}
