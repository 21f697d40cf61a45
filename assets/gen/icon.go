package main

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// The window's and the web page's icon: a flat-topped hex in the game's
// gold, the field inside it dark olive, and a burst of fire at its heart.
// Drawn at each size, not scaled, so the small ones stay sharp.

// iconSizes are the icon's sizes in pixels: what Windows, Linux desktops
// and browsers ask for.
var iconSizes = []int{16, 32, 48, 64, 128, 256}

var (
	iconRim    = color.NRGBA{0xf0, 0xc0, 0x50, 0xff} // the gold of the title and the bar
	iconField  = color.NRGBA{0x3a, 0x4a, 0x2a, 0xff}
	iconFlame  = color.NRGBA{0xe8, 0x60, 0x20, 0xff}
	iconCore   = color.NRGBA{0xff, 0xe0, 0x70, 0xff}
	iconShadow = color.NRGBA{0x10, 0x10, 0x10, 0xff}
)

// compass holds cos and sin of the 16 directions k×22.5°, times 1000,
// so the drawing stays in integers.
var compass = [16][2]int{
	{1000, 0}, {924, 383}, {707, 707}, {383, 924}, {0, 1000}, {-383, 924}, {-707, 707}, {-924, 383},
	{-1000, 0}, {-924, -383}, {-707, -707}, {-383, -924}, {0, -1000}, {383, -924}, {707, -707}, {924, -383},
}

// hexagon is a flat-topped hex of radius r (units) around c.
func hexagon(c pt, r int) shape {
	h := r * 866 / 1000 // r·sin 60°
	return polygon([]pt{{c.x + r, c.y}, {c.x + r/2, c.y + h}, {c.x - r/2, c.y + h}, {c.x - r, c.y}, {c.x - r/2, c.y - h}, {c.x + r/2, c.y - h}})
}

// burst is an eight-pointed star around c: tips at radius out, valleys at
// radius in, turned by the direction first (of the 16).
func burst(c pt, out, in, first int) shape {
	var ps []pt
	for k := range 16 {
		r := out
		if k%2 == 1 {
			r = in
		}
		d := compass[(k+first)%16]
		ps = append(ps, pt{c.x + r*d[0]/1000, c.y + r*d[1]/1000})
	}
	return polygon(ps)
}

// drawIcon draws the icon size pixels square.
func drawIcon(size int) *canvas {
	c := newCanvas(size, size, everything)
	centre := pt{px(size) / 2, px(size) / 2}
	r := px(size) * 47 / 100
	c.fill(hexagon(pt{centre.x + px(size)/64, centre.y + px(size)/40}, r), iconShadow, 90)
	c.fill(hexagon(centre, r), iconRim, 255)
	c.fill(hexagon(centre, r*84/100), iconField, 255)
	c.fill(burst(centre, r*66/100, r*30/100, 0), iconFlame, 255)
	c.fill(burst(centre, r*40/100, r*18/100, 1), iconCore, 255)
	return c
}

// writeIcons writes icon/hexfire-SIZE.png under dir for every size.
func writeIcons(dir string) error {
	idir := filepath.Join(dir, "icon")
	if err := os.MkdirAll(idir, 0o755); err != nil {
		return err
	}
	for _, size := range iconSizes {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, drawIcon(size).image()); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(idir, fmt.Sprintf("hexfire-%d.png", size)), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
