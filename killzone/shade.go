package killzone

import "image/color"

// Band is one step of the kill-zone colour scale: the cells whose chance
// to destroy is below Below (or, for the last band, up to 1) take Colour.
// The colours and their alpha are our own choice: blue for a shot that
// cannot destroy, then yellow to dark red as the chance rises, each light
// enough for the map to show through.
type Band struct {
	Below  float64
	Label  string
	Colour color.RGBA
}

// Bands is the scale, lowest first; the game and hexfire-cli draw their
// legends from it.
var Bands = []Band{
	{0, "0%", color.RGBA{70, 110, 220, 120}},
	{0.10, "under 10%", color.RGBA{250, 240, 110, 140}},
	{0.25, "10-25%", color.RGBA{250, 200, 60, 150}},
	{0.50, "25-50%", color.RGBA{245, 140, 40, 160}},
	{0.75, "50-75%", color.RGBA{230, 70, 30, 170}},
	{1, "75-100%", color.RGBA{180, 0, 30, 185}},
}

// BandOf returns the band of a chance to destroy: the first whose Below it
// is under, the "0%" band for exactly 0.
func BandOf(destroy float64) Band {
	if destroy <= 0 {
		return Bands[0]
	}
	for _, b := range Bands[1 : len(Bands)-1] {
		if destroy < b.Below {
			return b
		}
	}
	return Bands[len(Bands)-1]
}

// Shade returns the colour of cell c, and false for a cell without a shot.
func Shade(c Cell) (color.RGBA, bool) {
	if !c.Shot {
		return color.RGBA{}, false
	}
	return BandOf(c.Destroy()).Colour, true
}
