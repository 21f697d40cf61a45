package main

import (
	"fmt"
	"image/color"
)

// geom is the hexagon of one map orientation, with the hexside directions
// numbered as board.Direction: 0..5 clockwise from axial (0,-1).
type geom struct {
	name    string // file name part: "flat" or "pointy"
	w, h    int    // tile size in pixels
	side    int    // hexsidelength in pixels
	corners [6]pt  // clockwise, as board.Layout.Corners orders them
	centre  pt
	flat    bool
}

func newGeom(flat bool) geom {
	if flat {
		w, h, s := 64, 56, 32
		sx := (w - s) / 2
		return geom{name: "flat", w: w, h: h, side: s, flat: true, centre: pt{px(w / 2), px(h / 2)},
			corners: [6]pt{{0, px(h / 2)}, {px(sx), 0}, {px(w - sx), 0}, {px(w), px(h / 2)}, {px(w - sx), px(h)}, {px(sx), px(h)}}}
	}
	w, h, s := 56, 64, 32
	sy := (h - s) / 2
	return geom{name: "pointy", w: w, h: h, side: s, centre: pt{px(w / 2), px(h / 2)},
		corners: [6]pt{{px(w / 2), 0}, {px(w), px(sy)}, {px(w), px(h - sy)}, {px(w / 2), px(h)}, {0, px(h - sy)}, {0, px(sy)}}}
}

// edge returns the two corners of hexside d.
func (g geom) edge(d int) (pt, pt) {
	d = ((d % 6) + 6) % 6
	if g.flat {
		return g.corners[(d+1)%6], g.corners[(d+2)%6]
	}
	return g.corners[(d+5)%6], g.corners[d]
}

// mid is the middle of hexside d.
func (g geom) mid(d int) pt {
	a, b := g.edge(d)
	return lerp(a, b, 1, 2)
}

// hex is the tile's hexagon shrunk by inset units towards the centre.
func (g geom) hex(inset int) shape {
	ps := make([]pt, 6)
	for i, c := range g.corners {
		ps[i] = towards(c, g.centre, inset)
	}
	return polygon(ps)
}

func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

// The palette.
var (
	grass      = rgb(0xA9C47C)
	grassDark  = rgb(0x86A55C)
	fieldBase  = rgb(0xCFC98E)
	furrow     = rgb(0xAFA467)
	cropsBase  = rgb(0xDDB94E)
	cropsDark  = rgb(0xB08A2A)
	cropsLight = rgb(0xEED47A)
	woodsBase  = rgb(0x4C7431)
	crownDark  = rgb(0x24401A)
	crown      = rgb(0x3B6A27)
	crownLight = rgb(0x6E9D48)
	orchardTr  = rgb(0x5B8E36)
	yard       = rgb(0xC4BCA0)
	roofRed    = rgb(0xB04A30)
	roofRedSh  = rgb(0x86321F)
	roofSlate  = rgb(0x6F7584)
	roofSlSh   = rgb(0x4E5361)
	ridge      = rgb(0x3A2A22)
	roadEdge   = rgb(0x8A7654)
	roadDirt   = rgb(0xD2BE94)
	water      = rgb(0x4A86C8)
	waterDeep  = rgb(0x3A67AC)
	waterLight = rgb(0x8DB8E4)
	bank       = rgb(0x6F8C4E)
	stone      = rgb(0x9A968C)
	stoneDark  = rgb(0x6A665E)
	deck       = rgb(0x9C8466)
	deckDark   = rgb(0x5C4630)
	marshBase  = rgb(0x8E9B5E)
	reed       = rgb(0x4A6A2A)
	hillTint   = rgb(0xA0763C)
	contour    = rgb(0x6B4A22)
	hedgeCol   = rgb(0x3F7A2A)
	hedgeLight = rgb(0x69A24A)
	hedgerowCl = rgb(0x2A5220)
	black      = rgb(0x000000)
)

// tileSpec is one tile of the tileset: its Tiled type (a short name shown
// in Tiled), its properties in order, and how it is drawn.
type tileSpec struct {
	kind  string
	props [][2]string
	draw  func(c *canvas, g geom)
}

// Axis names of straight features: the pair of opposite hexsides.
var axes = [3][2]int{{0, 3}, {1, 4}, {2, 5}}

// tileSpecs lists the tileset, in order. Both orientations have the same
// tiles with the same ids and properties; only the drawing differs.
func tileSpecs() []tileSpec {
	var ts []tileSpec
	add := func(kind string, draw func(c *canvas, g geom), props ...[2]string) {
		ts = append(ts, tileSpec{kind, props, draw})
	}
	terrain := func(t string) [2]string { return [2]string{"terrain", t} }
	level := func(n int) [2]string { return [2]string{"level", fmt.Sprint(n)} }
	road := [2]string{"road", "true"}
	outlined := func(f func(c *canvas, g geom)) func(c *canvas, g geom) {
		return func(c *canvas, g geom) { f(c, g); drawOutline(c, g) }
	}

	// Ground terrains at level 0.
	add("open", outlined(drawOpen), terrain("open"))
	add("field", outlined(drawField), terrain("field"))
	add("crops", outlined(drawCrops), terrain("crops"))
	for _, a := range axes {
		add(fmt.Sprintf("road-ground-%d-%d", a[0], a[1]), outlined(func(c *canvas, g geom) { drawOpen(c, g); drawRoad(c, g, a[:]) }), terrain("road"))
	}
	add("building", outlined(drawBuilding), terrain("building"))
	add("woods", outlined(drawWoods), terrain("woods"))
	add("orchard", outlined(drawOrchard), terrain("orchard"))
	for _, p := range channelPairs() {
		add(fmt.Sprintf("stream-%d-%d", p[0], p[1]), outlined(func(c *canvas, g geom) { drawOpen(c, g); drawStream(c, g, p) }), terrain("stream"))
	}
	for _, a := range axes {
		for _, turn := range []int{1, 2} {
			s := [2]int{(a[0] + turn) % 6, (a[1] + turn) % 6}
			add(fmt.Sprintf("bridge-%d-%d-over-%d-%d", a[0], a[1], s[0], s[1]), outlined(func(c *canvas, g geom) {
				drawOpen(c, g)
				drawStream(c, g, s)
				drawBridge(c, g, a)
			}), terrain("bridge"))
		}
	}
	add("pond", outlined(drawPond), terrain("pond"))
	add("marsh", outlined(drawMarsh), terrain("marsh"))
	for _, a := range axes {
		add(fmt.Sprintf("canal-%d-%d", a[0], a[1]), outlined(func(c *canvas, g geom) { drawOpen(c, g); drawCanal(c, g, a) }), terrain("canal"))
	}
	add("river", outlined(drawRiver), terrain("river"))

	// Hill levels of the ground terrains that stand on hills.
	hillGround := []struct {
		name string
		draw func(c *canvas, g geom)
	}{
		{"open", drawOpen}, {"field", drawField}, {"crops", drawCrops},
		{"road", func(c *canvas, g geom) { drawOpen(c, g); drawRoad(c, g, []int{0, 3}) }},
		{"building", drawBuilding}, {"woods", drawWoods}, {"orchard", drawOrchard},
	}
	for _, lv := range []int{1, 2} {
		for _, hg := range hillGround {
			kind := fmt.Sprintf("%s-level%d", hg.name, lv)
			if hg.name == "road" {
				kind = fmt.Sprintf("road-ground-0-3-level%d", lv)
			}
			add(kind, outlined(func(c *canvas, g geom) { hg.draw(c, g); drawLevel(c, g, lv) }), terrain(hg.name), level(lv))
		}
	}
	// Level overlays for a hill layer over the ground.
	for _, lv := range []int{1, 2} {
		add(fmt.Sprintf("hill-level%d", lv), func(c *canvas, g geom) { drawLevel(c, g, lv) }, level(lv))
	}

	// Road overlays: every pair and every three of the hexsides, and dead ends.
	for i := range 6 {
		for j := i + 1; j < 6; j++ {
			add(fmt.Sprintf("road-%d-%d", i, j), func(c *canvas, g geom) { drawRoad(c, g, []int{i, j}) }, road)
		}
	}
	for i := range 6 {
		add(fmt.Sprintf("road-end-%d", i), func(c *canvas, g geom) { drawRoad(c, g, []int{i}) }, road)
	}
	for i := range 6 {
		for j := i + 1; j < 6; j++ {
			for k := j + 1; k < 6; k++ {
				add(fmt.Sprintf("road-%d-%d-%d", i, j, k), func(c *canvas, g geom) { drawRoad(c, g, []int{i, j, k}) }, road)
			}
		}
	}

	// Hexside features, one tile per feature and side.
	for _, f := range []string{"wall", "hedge", "hedgerow"} {
		for d := range 6 {
			add(fmt.Sprintf("%s-%d", f, d), func(c *canvas, g geom) { drawHexside(c, g, f, d) }, [2]string{f, fmt.Sprint(d)})
		}
	}
	return ts
}

// channelPairs are the stream courses: the three straights and the six
// wide bends (hexsides two apart).
func channelPairs() [][2]int {
	ps := [][2]int{{0, 3}, {1, 4}, {2, 5}}
	for d := range 6 {
		ps = append(ps, [2]int{d, (d + 2) % 6})
	}
	return ps
}
