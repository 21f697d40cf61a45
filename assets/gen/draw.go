package main

import "image/color"

// Drawing of each terrain. Sizes are in pixels through px(); "random"
// variation comes from hash, so every run draws the same tile.

func drawOutline(c *canvas, g geom) {
	c.fill(minus(g.hex(0), g.hex(px(1))), black, 45)
}

func drawOpen(c *canvas, g geom) {
	c.fill(everything, grass, 255)
	for i := range 28 {
		p := pt{hash(i, 1, g.w)%px(g.w-8) + px(4), hash(i, 2, g.h)%px(g.h-8) + px(4)}
		c.fill(capsule(p, pt{p.x + px(1), p.y - px(2)}, px(1)/2), grassDark, 150)
	}
}

func drawField(c *canvas, g geom) {
	c.fill(everything, fieldBase, 255)
	// Furrows: parallel diagonal lines.
	for k := -g.h; k < g.w+g.h; k += 6 {
		a, b := pt{px(k), 0}, pt{px(k - g.h/2), px(g.h)}
		c.fill(capsule(a, b, px(1)*3/4), furrow, 200)
	}
}

func drawCrops(c *canvas, g geom) {
	c.fill(everything, cropsBase, 255)
	for row := 2; row < g.h; row += 5 {
		for col := 2 + row%2*2; col < g.w; col += 4 {
			j := hash(row, col) % 3
			p := pt{px(col) + px(j)/2, px(row)}
			c.fill(capsule(p, pt{p.x + px(1), p.y - px(3)}, px(1)/2), cropsDark, 230)
			c.fill(circle(pt{p.x + px(1), p.y - px(3)}, px(1)*3/4), cropsLight, 200)
		}
	}
}

// tree draws a round crown with a shadow and a highlight.
func tree(c *canvas, p pt, r int, body pt3) {
	c.fill(circle(pt{p.x + r/4, p.y + r/4}, r), crownDark, 170)
	c.fill(circle(p, r), body.base, 255)
	c.fill(circle(pt{p.x - r/3, p.y - r/3}, r/2), body.light, 200)
}

// pt3 is a crown colour and its highlight.
type pt3 struct{ base, light color.NRGBA }

func drawWoods(c *canvas, g geom) {
	c.fill(everything, woodsBase, 255)
	for gy := 0; gy < 5; gy++ {
		for gx := 0; gx < 6; gx++ {
			x := px(g.w)*(2*gx+1)/12 + (hash(gx, gy, 7)%px(5) - px(5)/2)
			y := px(g.h)*(2*gy+1)/10 + (hash(gx, gy, 9)%px(5) - px(5)/2)
			r := px(6) + hash(gx, gy, 3)%px(3)
			tree(c, pt{x, y}, r, pt3{crown, crownLight})
		}
	}
}

func drawOrchard(c *canvas, g geom) {
	c.fill(everything, grass, 255)
	for y := 6; y < g.h; y += 11 {
		for x := 6 + (y/11)%2*6; x < g.w; x += 12 {
			tree(c, pt{px(x), px(y)}, px(4), pt3{orchardTr, crownLight})
		}
	}
}

// roof draws a gabled roof of w×h pixels centred on p, ridge along x.
func roof(c *canvas, p pt, w, h int, base, shade color.NRGBA) {
	x0, x1 := p.x-px(w)/2, p.x+px(w)/2
	y0, y1 := p.y-px(h)/2, p.y+px(h)/2
	c.fill(polygon([]pt{{x0 + px(1), y0 + px(2)}, {x1 + px(2), y0 + px(2)}, {x1 + px(2), y1 + px(2)}, {x0 + px(1), y1 + px(2)}}), black, 90)
	c.fill(polygon([]pt{{x0, y0}, {x1, y0}, {x1, p.y}, {x0, p.y}}), base, 255)
	c.fill(polygon([]pt{{x0, p.y}, {x1, p.y}, {x1, y1}, {x0, y1}}), shade, 255)
	c.fill(capsule(pt{x0, p.y}, pt{x1, p.y}, px(1)/2), ridge, 255)
	for x := x0 + px(3); x < x1; x += px(3) {
		c.fill(capsule(pt{x, y0}, pt{x, y1}, px(1)/4), ridge, 60)
	}
}

func drawBuilding(c *canvas, g geom) {
	c.fill(everything, yard, 255)
	cx, cy := g.centre.x, g.centre.y
	roof(c, pt{cx - px(8), cy - px(9)}, 22, 13, roofRed, roofRedSh)
	roof(c, pt{cx + px(10), cy + px(2)}, 16, 11, roofSlate, roofSlSh)
	roof(c, pt{cx - px(6), cy + px(11)}, 20, 12, roofRed, roofRedSh)
}

// drawRoad draws a dirt road from the centre out through each hexside in
// dirs, slightly past the edge so neighbouring tiles join.
func drawRoad(c *canvas, g geom, dirs []int) {
	var edges, dirt []shape
	for _, d := range dirs {
		end := towards(g.centre, g.mid(d), dist(g.centre, g.mid(d))+px(2))
		edges = append(edges, capsule(g.centre, end, px(5)))
		dirt = append(dirt, capsule(g.centre, end, px(4)))
	}
	c.fill(union(edges...), roadEdge, 255)
	c.fill(union(dirt...), roadDirt, 255)
	for _, d := range dirs {
		m := g.mid(d)
		a, b := lerp(g.centre, m, 1, 3), lerp(g.centre, m, 2, 3)
		c.fill(capsule(a, b, px(1)/2), roadEdge, 90)
	}
}

func dist(a, b pt) int {
	dx, dy := b.x-a.x, b.y-a.y
	return isqrt(dx*dx + dy*dy)
}

// curve returns points along the quadratic Bézier from a via ctl to b.
func curve(a, ctl, b pt) []pt {
	const n = 16
	ps := make([]pt, n+1)
	for i := range ps {
		u, t := n-i, i
		ps[i] = pt{
			(u*u*a.x + 2*u*t*ctl.x + t*t*b.x) / (n * n),
			(u*u*a.y + 2*u*t*ctl.y + t*t*b.y) / (n * n),
		}
	}
	return ps
}

// course is the line of a channel between two hexsides: straight through
// the centre, or bending around it.
func course(g geom, p [2]int) []pt {
	a := towards(g.centre, g.mid(p[0]), dist(g.centre, g.mid(p[0]))+px(2))
	b := towards(g.centre, g.mid(p[1]), dist(g.centre, g.mid(p[1]))+px(2))
	return curve(a, g.centre, b)
}

func drawStream(c *canvas, g geom, p [2]int) {
	line := course(g, p)
	c.fill(polyline(line, px(8)), bank, 255)
	c.fill(polyline(line, px(6)), water, 255)
	for i := 2; i+2 < len(line); i += 4 {
		c.fill(capsule(line[i], line[i+1], px(1)/2), waterLight, 200)
	}
}

func drawBridge(c *canvas, g geom, a [2]int) {
	p0, p1 := lerp(g.centre, g.mid(a[0]), 3, 4), lerp(g.centre, g.mid(a[1]), 3, 4)
	drawRoad(c, g, a[:])
	c.fill(capsule(p0, p1, px(6)), deckDark, 255)
	c.fill(capsule(p0, p1, px(4)), deck, 255)
	for i := 1; i < 8; i++ {
		q := lerp(p0, p1, i, 8)
		c.fill(circle(q, px(1)/2), deckDark, 200)
	}
}

func drawPond(c *canvas, g geom) {
	drawOpen(c, g)
	c.fill(g.hex(px(5)), bank, 255)
	c.fill(g.hex(px(7)), water, 255)
	c.fill(g.hex(px(14)), waterDeep, 120)
	for i := range 4 {
		p := pt{g.centre.x - px(10) + px(i*6), g.centre.y - px(8) + px(i%2*12)}
		c.fill(capsule(p, pt{p.x + px(4), p.y}, px(1)/2), waterLight, 220)
	}
}

func drawMarsh(c *canvas, g geom) {
	c.fill(everything, marshBase, 255)
	for i := range 7 {
		p := pt{hash(i, 11)%px(g.w-16) + px(8), hash(i, 12)%px(g.h-16) + px(8)}
		c.fill(ellipse(p, px(6), px(3)), water, 220)
	}
	for i := range 16 {
		p := pt{hash(i, 21)%px(g.w-8) + px(4), hash(i, 22)%px(g.h-8) + px(4)}
		for k := -1; k <= 1; k++ {
			c.fill(capsule(p, pt{p.x + px(k*2), p.y - px(4)}, px(1)/2), reed, 255)
		}
	}
}

func drawCanal(c *canvas, g geom, a [2]int) {
	p0 := towards(g.centre, g.mid(a[0]), dist(g.centre, g.mid(a[0]))+px(2))
	p1 := towards(g.centre, g.mid(a[1]), dist(g.centre, g.mid(a[1]))+px(2))
	c.fill(capsule(p0, p1, px(9)), stoneDark, 255)
	c.fill(capsule(p0, p1, px(8)), stone, 255)
	c.fill(capsule(p0, p1, px(6)), waterDeep, 255)
	c.fill(capsule(lerp(p0, p1, 1, 4), lerp(p0, p1, 3, 4), px(1)/2), waterLight, 140)
}

func drawRiver(c *canvas, g geom) {
	c.fill(everything, waterDeep, 255)
	for row := 6; row < g.h; row += 10 {
		for x := 4 + row%20/2; x < g.w; x += 16 {
			p := pt{px(x), px(row)}
			c.fill(polyline([]pt{p, {p.x + px(3), p.y - px(2)}, {p.x + px(6), p.y}, {p.x + px(9), p.y - px(2)}}, px(1)/2), waterLight, 200)
		}
	}
}

// drawLevel shades a hex for hill level lv: a brown tint, darker with
// height, and one contour line per level inside the edge.
func drawLevel(c *canvas, g geom, lv int) {
	c.fill(g.hex(0), hillTint, 55*lv)
	for k := 1; k <= lv; k++ {
		in := px(3 + (k-1)*6)
		c.fill(minus(g.hex(in), g.hex(in+px(1))), contour, 200)
	}
}

// drawHexside draws a wall, hedge or hedgerow just inside hexside d.
func drawHexside(c *canvas, g geom, feature string, d int) {
	a, b := g.edge(d)
	in := px(4)
	if feature == "hedgerow" {
		in = px(5)
	}
	// Move the side inwards, perpendicular to it, by about in.
	m := g.mid(d)
	shift := towards(m, g.centre, in)
	dx, dy := shift.x-m.x, shift.y-m.y
	a, b = pt{a.x + dx, a.y + dy}, pt{b.x + dx, b.y + dy}
	a, b = towards(a, b, px(2)), towards(b, a, px(2))
	n := dist(a, b) / px(4)
	switch feature {
	case "wall":
		c.fill(capsule(a, b, px(3)+px(1)/2), stoneDark, 255)
		c.fill(capsule(a, b, px(3)), stone, 255)
		for i := 0; i <= n; i++ {
			c.fill(capsule(lerp(a, b, i, n), lerp(a, b, i, n), px(1)/2), stoneDark, 200)
		}
	case "hedge":
		c.fill(capsule(a, b, px(3)), hedgeCol, 255)
		for i := 0; i <= n; i++ {
			q := lerp(a, b, i, n)
			c.fill(circle(q, px(3)+px(1)/2), hedgeCol, 255)
			c.fill(circle(pt{q.x - px(1)/2, q.y - px(1)/2}, px(1)), hedgeLight, 220)
		}
	case "hedgerow":
		c.fill(capsule(a, b, px(3)), hedgerowCl, 255)
		for i := 0; i <= n; i++ {
			q := lerp(a, b, i, n)
			c.fill(circle(q, px(4)), hedgerowCl, 255)
			c.fill(circle(pt{q.x - px(1), q.y - px(1)}, px(2)), crown, 230)
		}
	}
}
