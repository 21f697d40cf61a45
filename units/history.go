package units

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// History is the historical record of a unit type or support weapon: the
// measured facts that every ruleset rates its units from. Each fact given in
// the catalogue names its published source (Sources) or is marked as our own
// estimate with the reason (the entry's Ours notes). A zero value means the
// catalogue does not give that fact (an unarmoured truck has no Armour).
type History struct {
	// Armour is the main plate of each facing of the hull, by Facing:
	// the upper front plate, the upper side, the upper rear, the roof.
	Armour  [4]Plate
	OpenTop bool // an open fighting compartment or turret
	Gun     Calibre
	// Pen lists the armour penetration of each ammunition, as its source
	// gives it (the plate angle and the ranges are part of each row).
	Pen []Penetration
	// ROF is the rate of fire in rounds per minute: practical for guns and
	// launchers, cyclic for machine guns.
	ROF int
	// Length, Width and Height are the hull's (or the carriage's) size in
	// metres, without the gun's overhang.
	Length, Width, Height float64
	// RoadSpeed and CountrySpeed are the top speeds in km/h on roads and
	// across country.
	RoadSpeed, CountrySpeed float64
	Crew                    int       // the crew, or the men of an infantry unit
	MGs                     []MGFacts // machine guns by calibre (and automatic rifles for infantry)
	RangeM                  int       // a support weapon's effective range in metres
	Sources                 []Note    // which published reference gives which fields
}

// Facing is a face of an armoured vehicle.
type Facing uint8

// The facings, in the order of History.Armour.
const (
	FacingFront Facing = iota
	FacingSide
	FacingRear
	FacingTop
)

var facingNames = [...]string{"front", "side", "rear", "top"}

// String returns "front", "side", "rear" or "top".
func (f Facing) String() string {
	if int(f) < len(facingNames) {
		return facingNames[f]
	}
	return "facing?"
}

// Plate is one facing's armour: its thickness and its slope.
type Plate struct {
	MM    float64 // thickness in millimetres; 0 when not given
	Slope float64 // degrees from the vertical (0: upright; the roof is given flat)
}

// Effective returns the thickness a level shot passes through,
// MM / cos(Slope). For the roof, given flat, it is MM.
func (p Plate) Effective() float64 {
	return p.MM / math.Cos(p.Slope*math.Pi/180)
}

// String returns "80 mm @ 55°", or "80 mm" for an upright plate.
func (p Plate) String() string {
	if p.Slope == 0 {
		return num(p.MM) + " mm"
	}
	return num(p.MM) + " mm @ " + num(p.Slope) + "°"
}

// Calibre is a gun's or launcher's bore and barrel length.
type Calibre struct {
	MM     float64 // bore in millimetres; 0 for no gun
	Length float64 // barrel length in calibres (the L/ number); 0 when not given
}

// String returns "88 mm L/56", or "88 mm" without a barrel length.
func (c Calibre) String() string {
	if c.Length == 0 {
		return num(c.MM) + " mm"
	}
	return num(c.MM) + " mm L/" + num(c.Length)
}

// MGFacts is a number of machine guns of one calibre.
type MGFacts struct {
	Count   int
	Calibre float64 // mm
}

// Ammo is a kind of anti-armour ammunition.
type Ammo uint8

// The ammunition kinds. AP to APCBC are full-calibre steel shot, with or
// without caps and a bursting charge; APCR, HVAP and APDS are sub-calibre
// shot with a hard core; HEAT is a hollow charge, whose penetration does not
// fall with range.
const (
	AP    Ammo = iota // armour-piercing shot
	APHE              // armour-piercing with a bursting charge (Soviet BR rounds)
	API               // armour-piercing incendiary (AT rifle bullets)
	APC               // armour-piercing capped
	APBC              // armour-piercing ballistic-capped
	APCBC             // armour-piercing capped, ballistic-capped
	APCR              // armour-piercing composite rigid (tungsten core)
	HVAP              // hyper-velocity armour-piercing (US APCR)
	APDS              // armour-piercing discarding sabot
	HEAT              // high-explosive anti-tank (hollow charge)
)

var ammoNames = [...]string{"ap", "aphe", "api", "apc", "apbc", "apcbc", "apcr", "hvap", "apds", "heat"}

// String returns the ammunition's name in capitals ("APCBC").
func (a Ammo) String() string {
	if int(a) < len(ammoNames) {
		return strings.ToUpper(ammoNames[a])
	}
	return "ammo?"
}

// FullCalibre reports whether the ammunition is full-calibre steel shot (AP
// to APCBC), the round a gun carried most of.
func (a Ammo) FullCalibre() bool { return a <= APCBC }

// Penetration is one ammunition's armour penetration: the thickness of a
// plate set at Angle degrees from the vertical that it defeats at each
// range. A row with no ranges (HEAT) holds at every range.
type Penetration struct {
	Ammo   Ammo
	Angle  float64   // the plate's angle from the vertical in the source's trials
	MM     []float64 // penetration in mm, one per range
	Metres []float64 // the ranges in metres, increasing; empty: any range
	Yards  bool      // the source gave the ranges in yards (Metres holds them converted)
}

// At returns the penetration at the given range in metres, interpolating
// linearly between the source's ranges. ok is false outside them.
func (p Penetration) At(metres float64) (mm float64, ok bool) {
	if len(p.Metres) == 0 {
		if len(p.MM) == 0 {
			return 0, false
		}
		return p.MM[0], true
	}
	for i, m := range p.Metres {
		switch {
		case metres == m:
			return p.MM[i], true
		case metres < m && i == 0:
			return 0, false
		case metres < m:
			f := (metres - p.Metres[i-1]) / (m - p.Metres[i-1])
			return p.MM[i-1] + f*(p.MM[i]-p.MM[i-1]), true
		}
	}
	return 0, false
}

// String returns the row as written in the catalogue.
func (p Penetration) String() string {
	mm := make([]string, len(p.MM))
	for i, v := range p.MM {
		mm[i] = num(v)
	}
	s := strings.Join(mm, "/") + " mm"
	if len(p.Metres) > 0 {
		r := make([]string, len(p.Metres))
		unit := "m"
		for i, v := range p.Metres {
			if p.Yards {
				v /= metresPerYard
				unit = "yd"
			}
			r[i] = num(math.Round(v))
		}
		s += " at " + strings.Join(r, "/") + " " + unit
	}
	return s + " vs " + num(p.Angle) + "°"
}

const metresPerYard = 0.9144

// historyFields are the keys of the historical facts, for units and
// weapons alike.
var historyFields = []string{"armour_front", "armour_side", "armour_rear", "armour_top", "open_top",
	"calibre", "pen_ap", "pen_aphe", "pen_api", "pen_apc", "pen_apbc", "pen_apcbc", "pen_apcr",
	"pen_hvap", "pen_apds", "pen_heat", "rof", "size", "speed_road", "speed_country", "crew",
	"machine_guns", "range_m"}

// historyField reads one historical fact into h. known is false for a key
// that is not a historical fact.
func historyField(h *History, key, value string) (known bool, err error) {
	if name, ok := strings.CutPrefix(key, "armour_"); ok {
		i := slices.Index(facingNames[:], name)
		if i < 0 {
			return false, nil
		}
		h.Armour[i], err = parsePlate(value)
		return true, err
	}
	if name, ok := strings.CutPrefix(key, "pen_"); ok {
		i := slices.Index(ammoNames[:], name)
		if i < 0 {
			return false, nil
		}
		var p Penetration
		p, err = parsePenetration(value)
		p.Ammo = Ammo(i)
		h.Pen = append(h.Pen, p)
		return true, err
	}
	switch key {
	case "open_top":
		h.OpenTop, err = parseBool(value)
	case "calibre":
		h.Gun, err = parseCalibre(value)
	case "rof":
		h.ROF, err = parseCount(value, 2000)
	case "size":
		h.Length, h.Width, h.Height, err = parseSize(value)
	case "speed_road":
		h.RoadSpeed, err = parseMeasure(value, "km/h", 0, 200)
	case "speed_country":
		h.CountrySpeed, err = parseMeasure(value, "km/h", 0, 200)
	case "crew":
		h.Crew, err = parseCount(value, 99)
	case "machine_guns":
		h.MGs, err = parseMGFacts(value)
	case "range_m":
		h.RangeM, err = parseCount(value, 10000)
	default:
		return false, nil
	}
	return true, err
}

// parseMeasure reads a number from lo to hi, optionally followed by its
// unit.
func parseMeasure(s, unit string, lo, hi float64) (float64, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), unit))
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v >= lo && v <= hi) {
		return 0, fmt.Errorf("%q: want a number from %s to %s", s, num(lo), strings.TrimSpace(num(hi)+" "+unit))
	}
	return v, nil
}

// parsePlate reads "80 @ 55" or "80 mm @ 55°" (mm at degrees from the
// vertical), or "80" for an upright plate.
func parsePlate(s string) (Plate, error) {
	thick, slope, sloped := strings.Cut(s, "@")
	mm, err := parseMeasure(thick, "mm", 0.1, 500)
	if err != nil {
		return Plate{}, err
	}
	p := Plate{MM: mm}
	if sloped {
		p.Slope, err = parseMeasure(strings.TrimSuffix(strings.TrimSpace(slope), "°"), "", 0, 85)
		if err != nil {
			return Plate{}, fmt.Errorf("slope %v (degrees from the vertical)", err)
		}
	}
	return p, nil
}

// parseCalibre reads "88 mm L/56" or "88 mm".
func parseCalibre(s string) (Calibre, error) {
	bore, length, long := strings.Cut(s, "L/")
	mm, err := parseMeasure(bore, "mm", 1, 500)
	if err != nil {
		return Calibre{}, err
	}
	c := Calibre{MM: mm}
	if long {
		c.Length, err = parseMeasure(length, "", 1, 200)
		if err != nil {
			return Calibre{}, fmt.Errorf("barrel length %v", err)
		}
	}
	return c, nil
}

// parseSize reads "6.32 x 3.56 x 3.00 m" (length × width × height).
func parseSize(s string) (l, w, h float64, err error) {
	parts := strings.Split(strings.TrimSuffix(strings.TrimSpace(s), "m"), "x")
	if len(parts) != 3 {
		return 0, 0, 0, fmt.Errorf("%q: want length x width x height in metres", s)
	}
	var v [3]float64
	for i, p := range parts {
		if v[i], err = parseMeasure(p, "", 0.1, 50); err != nil {
			return 0, 0, 0, err
		}
	}
	return v[0], v[1], v[2], nil
}

// parseMGFacts reads "2 x 7.92, 1 x 12.7" (count x calibre in mm).
func parseMGFacts(s string) ([]MGFacts, error) {
	var mgs []MGFacts
	for _, part := range strings.Split(s, ",") {
		count, cal, ok := strings.Cut(part, "x")
		if !ok {
			return nil, fmt.Errorf("%q: want guns like \"2 x 7.92, 1 x 12.7\"", s)
		}
		n, err := parseCount(strings.TrimSpace(count), 20)
		if err != nil {
			return nil, err
		}
		mm, err := parseMeasure(cal, "mm", 5, 40)
		if err != nil {
			return nil, err
		}
		mgs = append(mgs, MGFacts{Count: n, Calibre: mm})
	}
	return mgs, nil
}

// maxPenRanges bounds a penetration row.
const maxPenRanges = 12

// parsePenetration reads "120/110/100 mm at 100/500/1000 m vs 30°" (one
// figure per range, ranges in m or yd, plate angle from the vertical) or
// "90 mm vs 0°" (any range).
func parsePenetration(s string) (Penetration, error) {
	want := fmt.Errorf("%q: want \"120/110 mm at 100/500 m vs 30°\" or \"90 mm vs 0°\"", s)
	rows, angle, ok := strings.Cut(s, "vs")
	if !ok {
		return Penetration{}, want
	}
	var p Penetration
	var err error
	if p.Angle, err = parseMeasure(strings.TrimSuffix(strings.TrimSpace(angle), "°"), "", 0, 85); err != nil {
		return Penetration{}, fmt.Errorf("plate angle %v", err)
	}
	mm, ranges, ranged := strings.Cut(rows, "at")
	if p.MM, err = parseNumbers(strings.TrimSuffix(strings.TrimSpace(mm), "mm"), 1, 1000); err != nil {
		return Penetration{}, err
	}
	if !ranged {
		if len(p.MM) != 1 {
			return Penetration{}, fmt.Errorf("%q: several figures need their ranges (\"at 100/500 m\")", s)
		}
		return p, nil
	}
	ranges = strings.TrimSpace(ranges)
	scale := 1.0
	switch {
	case strings.HasSuffix(ranges, "yd"):
		ranges, scale, p.Yards = strings.TrimSuffix(ranges, "yd"), metresPerYard, true
	case strings.HasSuffix(ranges, "m"):
		ranges = strings.TrimSuffix(ranges, "m")
	default:
		return Penetration{}, fmt.Errorf("%q: ranges need their unit, m or yd", s)
	}
	if p.Metres, err = parseNumbers(ranges, 0, 10000); err != nil {
		return Penetration{}, err
	}
	if len(p.Metres) != len(p.MM) {
		return Penetration{}, fmt.Errorf("%q: %d figures for %d ranges", s, len(p.MM), len(p.Metres))
	}
	for i := range p.Metres {
		p.Metres[i] *= scale
		if i > 0 && p.Metres[i] <= p.Metres[i-1] {
			return Penetration{}, fmt.Errorf("%q: ranges must increase", s)
		}
	}
	return p, nil
}

// parseNumbers reads "120/110/100", each from lo to hi, at most
// maxPenRanges of them.
func parseNumbers(s string, lo, hi float64) ([]float64, error) {
	parts := strings.Split(s, "/")
	if len(parts) > maxPenRanges {
		return nil, fmt.Errorf("%q: at most %d figures", s, maxPenRanges)
	}
	v := make([]float64, len(parts))
	for i, p := range parts {
		var err error
		if v[i], err = parseMeasure(p, "", lo, hi); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// num formats a measure without trailing zeros ("7.92", "100").
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
