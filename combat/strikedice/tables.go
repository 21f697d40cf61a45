package strikedice

import "hexfire/board"

// The tables of seed 000 as plain data, in the excerpt's layout: the to-hit
// numbers by obscurement, the penetration number by hit location, the
// save number, and the two damage tables (rows of net hits, 1d6 bands).

// Obscurement is how much of the target the firer's view takes in.
type Obscurement uint8

// The three columns of the to-hit table.
const (
	InTheOpen     Obscurement = iota // seed 000: "In the Open"
	Obscured                         // seed 000: "View obscured (approximately 1/3 cover)"
	BadlyObscured                    // seed 000: "View badly obscured (approximately 2/3 cover)"
)

// toHitTable is the least adjusted 2d6 that hits, by obscurement (seed 000,
// AT fire, "To Hit").
var toHitTable = [...]int{InTheOpen: 5, Obscured: 7, BadlyObscured: 9}

var obscurementNames = [...]string{"in the open", "view obscured (about 1/3)", "view badly obscured (about 2/3)"}

// String returns the column in words.
func (o Obscurement) String() string { return obscurementNames[o] }

// ObscurementOf maps Hexfire's cover and hindrance onto the three columns
// (our reading, docs/RULES-strikedice.md): their sum 0 is in the open,
// 1 (crops, an orchard, a stream bed, one hindering hex on the line) is
// about a third hidden, 2 or more (woods, a building, or two hindrances)
// about two thirds.
func ObscurementOf(cover, hindrance int) Obscurement {
	switch sum := cover + hindrance; {
	case sum <= 0:
		return InTheOpen
	case sum == 1:
		return Obscured
	}
	return BadlyObscured
}

// Penetration numbers by hit location (seed 000, "Penetrating Hit"): the
// least face of a strike die that penetrates.
const (
	penetratesFront = 5 // front armour: 5 or 6
	penetratesSide  = 4 // side armour: 4 to 6
	penetratesRear  = 3 // rear or top armour: 3 to 6
	savesOn         = 5 // each armour die of 5 or 6 saves
)

// The adjustments of seed 000's "AT Fire Adjustments", and the optics'
// (seed 000, "Optics Damaged").
const (
	adjTargetMoved = -1 // target moved flat out in its last active phase
	adjFirerMoved  = -1 // firer moved in this phase
	adjTurret      = -1 // firer rotated its turret out of its arc of fire
	adjPerShock    = -1 // each Shock on the firer
	adjLowProfile  = -1 // target is low profile
	adjSmall       = -1 // target is small
	adjPerBand     = -1 // each additional range band (infantry weapons)
	adjSuppressed  = -1 // infantry and support units under suppressing fire
	adjLeader      = +1 // commander activates the gunner with two orders
	adjRepeatHit   = +1 // hit with the last round, target and firer both stationary
	adjOptics      = -2 // optics damaged, firing AP with the main gun
)

// Shock thresholds (seed 000, Shock on vehicles).
const (
	abandonAtShock = 4 // four Shock abandon the vehicle
	immobileShockX = 2 // Shock on an immobilised vehicle is doubled
)

// result is one damage result: Shock, and what else happens.
type result struct {
	shock int
	what  extra
}

// extra is the non-Shock part of a damage result.
type extra uint8

const (
	none           extra = iota
	reverse              // reverse 1D6 inches at once, straight away from the firer
	halt                 // halt and engage the firer in the next phase
	pedal                // pedal to the metal: a free flat-out move straight ahead
	engine               // engine damage
	hullMG               // hull MG destroyed (AFV)
	mgSuppressed         // MG suppressed (APC)
	stunned              // commander stunned
	immobilised          // vehicle immobilised
	optics               // optics damaged (AFV)
	weaponPosition       // weapon position destroyed (APC)
	wounded              // commander wounded
	destroyed            // destroyed
	explodes             // explodes
	numExtras
)

var extraWords = [numExtras]string{"no effect", "reverse 1D6\"", "halt and engage the firer", "pedal to the metal",
	"engine damage", "hull MG destroyed", "MG suppressed", "commander stunned", "vehicle immobilised",
	"optics damaged", "weapon position destroyed", "commander wounded", "destroyed", "explodes"}

// band is a run of d6 faces from lo on of a damage row.
type band struct {
	lo int
	r  result
}

// table is a damage table: rows by net hits (0 = equal hits and saves,
// 3 = three or more), each a list of d6 bands.
type table struct {
	name string
	rows [4][]band
}

// afvTable is seed 000's "Armoured Fighting Vehicle" damage table.
var afvTable = table{name: "AFV", rows: [4][]band{
	{{1, result{1, reverse}}, {3, result{0, none}}, {5, result{0, halt}}},
	{{1, result{1, none}}, {4, result{1, engine}}, {5, result{1, hullMG}}, {6, result{1, stunned}}},
	{{1, result{2, none}}, {4, result{2, immobilised}}, {5, result{2, optics}}, {6, result{2, wounded}}},
	{{1, result{0, destroyed}}, {5, result{0, explodes}}},
}}

// apcTable is seed 000's "Armoured Personnel Carriers" damage table.
var apcTable = table{name: "APC", rows: [4][]band{
	{{1, result{1, reverse}}, {3, result{0, none}}, {5, result{0, pedal}}},
	{{1, result{1, none}}, {4, result{1, engine}}, {5, result{1, mgSuppressed}}, {6, result{1, stunned}}},
	{{1, result{2, none}}, {4, result{2, immobilised}}, {5, result{2, weaponPosition}}, {6, result{2, wounded}}},
	{{1, result{0, destroyed}}, {5, result{0, explodes}}},
}}

// read returns the result of d6 face on the row of net hits.
func (t table) read(net, face int) result {
	row := t.rows[min(net, 3)]
	r := row[0].r
	for _, b := range row {
		if face >= b.lo {
			r = b.r
		}
	}
	return r
}

// cuts returns the faces at which the row's bands begin after the first,
// for combat.RollBanded.
func (t table) cuts(net int) []int {
	row := t.rows[min(net, 3)]
	cs := make([]int, 0, len(row)-1)
	for _, b := range row[1:] {
		cs = append(cs, b.lo)
	}
	return cs
}

// Infantry anti-tank weapons' range bands in inches (seed 000, the
// Panzerschreck's 0-18", 18-24", 24-36"), and the scale of
// other-rulesets.md: 1 inch = 4 m.
const metresPerInch = 4

// rangeBand is the far end of one range band, in inches.
var panzerschreckBands = []int{18, 24, 36}

// inchesPerHexReverse is other-rulesets.md's scale of a forced reverse:
// one hex per 12.5 inches, rounded, at least one.
const inchesPerHexReverse = 12.5

// An exploding vehicle's hits on the infantry near it (seed 000: 1D6 hits,
// rolled for as in the open; ours: within 4", 16 m, is its own hex), and
// the one hit on each passenger of a destroyed or exploding APC, as though
// in hard or light cover (seed 000). Ours: Hexfire's infantry combat rolls
// hits as an AP attack of that many firepower points, and the terrain
// chart's building and woods are the hard and light cover.
const (
	blastSides    = 6
	passengerHits = 1
)

// passengerCover is the cover of an APC's passengers' hit: hard when it is
// destroyed (false), light when it explodes (true).
var passengerCover = map[bool]int{false: board.Building.Info().Cover, true: board.Woods.Info().Cover}
