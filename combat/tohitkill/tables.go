package tohitkill

import (
	"hexfire/combat"
	"hexfire/units"
)

// The tables of the ruleset as plain data, laid out as the excerpt lays
// them out (seed 004, section 13): each light anti-tank weapon with its
// to-hit numbers by range, its to-kill number, its malfunction and its
// dates. "printed" marks a value the excerpt gives; everything else is our
// own choice, with the reason in docs/RULES-tohit-tokill.md and in the
// comments here.

// malfunction is what an original to-hit roll at or above a weapon's
// malfunction number does to it.
type malfunction uint8

const (
	noMalfunction malfunction = iota
	// removedOnX: the weapon is removed for good (X#).
	removedOnX
	// brokenOnB: the weapon breaks and may be repaired (B#).
	brokenOnB
)

// model is one light anti-tank weapon as the ruleset plays it.
type model struct {
	name string
	// from is the first month the weapon may be fired (printed for the
	// PIAT, the Panzerschreck and the Bazooka 43; the Panzerfaust's early
	// model by our reading of "after July 1943").
	from combat.Date
	// toHit lists the basic to-hit number at 1, 2, … hexes; its length is
	// the weapon's range. nil for the Panzerfaust, whose number is
	// pfBasicToHit less pfPerHex a hex.
	toHit []int
	// toKill is the basic to-kill number on the HEAT or AP table, and
	// penMM the penetration it comes from by toKillFromPenetration (the
	// catalogue's historical figure for the weapons it lists; 0 for the
	// Molotov projector, which burns rather than penetrates).
	toKill int
	penMM  float64
	// heat: the to-kill number does not change with range; otherwise it
	// follows the "≤ 25 mm" row of range effects (apRange).
	heat bool
	// fault is the kind of malfunction and faultAt the original to-hit
	// roll (2d6) from which it happens; 0 for none.
	fault   malfunction
	faultAt int
	// backblast: fired from restrictive terrain with the Case C3 +2, or
	// in desperation without it (backblastFrom).
	backblast bool
	// apfp is the fire table column a hit on infantry is rolled on, an AP
	// attack of that firepower; 0 for a weapon that does not fire at
	// infantry this way.
	apfp int
}

// The Panzerfaust (13.3): basic to-hit 10 (printed), less 2 a hex
// (inferred from the worked example: 6 at two hexes), to-kill 31 and 22
// for the early model (printed), range by date (printed).
const (
	pfBasicToHit = 10
	pfPerHex     = 2
)

// The light anti-tank weapons fire at infantry too (the worked example
// names an infantry target; 13.43 and 13.48 give the fire table columns):
// a hit is an AP attack on the target of the Bazooka's 8 and the
// Panzerschreck's 12 firepower (printed), the PIAT's 8 (inferred: it
// follows the Bazooka's rules where 13.6 does not differ), the
// Panzerfaust's 12 and its early model's 8 (ours: the excerpt prints no
// column for them; the Panzerschreck's for the full charge, the Bazooka's
// for the smaller one of the trials).
const (
	bazookaAPFP       = 8
	panzerschreckAPFP = 12
	piatAPFP          = bazookaAPFP
	pfAPFP            = panzerschreckAPFP
	pfEarlyAPFP       = bazookaAPFP
)

var (
	panzerfaust = model{name: "Panzerfaust", from: combat.Date{Year: 1943, Month: 10}, toKill: 31, penMM: 200, heat: true, backblast: true, apfp: pfAPFP}
	// panzerfaustEarly is the early model (PFk) of the combat trials; its
	// 140 mm is ours, the figure usually quoted for the Faustpatrone klein.
	panzerfaustEarly = model{name: "Panzerfaust (early)", from: combat.Date{Year: 1943, Month: 8}, toKill: 22, penMM: 140, heat: true, backblast: true, apfp: pfEarlyAPFP}

	// The Bazookas (13.4): three models by date, the latest in use
	// (printed); the 43 from November 1942 (printed); the 44 and 45 from
	// January of their years (our reading of "the year on the counter").
	// To-hit tables, ranges and X# are ours (the excerpt does not print
	// them): 10 at one hex falling a point a hex like the Panzerfaust's.
	// The 44 and 45 penetrate the catalogue's 100 mm; the 43 85 mm (ours:
	// the early M6 rocket, at the low end of the 75-120 mm sources give).
	bazooka43 = model{name: "Bazooka 43", from: combat.Date{Year: 1942, Month: 11}, toHit: []int{10, 9, 8},
		toKill: 13, penMM: 85, heat: true, fault: removedOnX, faultAt: 10, backblast: true, apfp: bazookaAPFP}
	bazooka44 = model{name: "Bazooka 44", from: combat.Date{Year: 1944, Month: 1}, toHit: []int{10, 9, 8, 6},
		toKill: 16, penMM: 100, heat: true, fault: removedOnX, faultAt: 11, backblast: true, apfp: bazookaAPFP}
	bazooka45 = model{name: "Bazooka 45", from: combat.Date{Year: 1945, Month: 1}, toHit: []int{10, 9, 8, 6},
		toKill: 16, penMM: 100, heat: true, fault: removedOnX, faultAt: 11, backblast: true, apfp: bazookaAPFP}

	// The Panzerschreck (13.48): from September 1943 (printed); its table
	// and X# ours; the catalogue's 200 mm.
	panzerschreck = model{name: "Panzerschreck", from: combat.Date{Year: 1943, Month: 9}, toHit: []int{10, 9, 8, 7},
		toKill: 31, penMM: 200, heat: true, fault: removedOnX, faultAt: 11, backblast: true, apfp: panzerschreckAPFP}

	// The PIAT (13.6): from April 1943 and B10 (printed); its table ours;
	// the catalogue's 100 mm. A spigot launcher: no backblast (our
	// reading, as it is not a rocket).
	piat = model{name: "PIAT", from: combat.Date{Year: 1943, Month: 4}, toHit: []int{10, 8, 7},
		toKill: 16, penMM: 100, heat: true, fault: brokenOnB, faultAt: 10, apfp: piatAPFP}

	// The anti-tank rifle (13.2): 12 hexes (printed); its to-hit numbers
	// are the general to-hit table's (gunToHit); its AP to-kill number
	// comes from the catalogue's 35 mm at 300 m (six hexes, the end of
	// the range row's 0 band) and changes with range; it breaks on an
	// original 12 (ours, the normal breakdown the excerpt refers to).
	atRifle = model{name: "AT Rifle", from: combat.Date{Year: 1935, Month: 1}, toKill: 5, penMM: 35,
		fault: brokenOnB, faultAt: 12}

	// The Molotov projector (13.5): malfunctions on 11, eliminated on 12
	// (printed), critical hit on an original 2 (printed); no backblast
	// (printed). Its to-hit table is ours; it hits AFVs as a Molotov does:
	// molotovKill, +1 from the rear, doubled by a critical hit (printed).
	molotovProjector = model{name: "Molotov Projector", from: combat.Date{Year: 1941, Month: 7}, toHit: []int{9, 8, 7},
		fault: brokenOnB, faultAt: 11}
)

// The Molotov projector's kill numbers (13.54, 13.55): against an AFV the
// Molotov's own number (ours: 6, the excerpt refers to a table it does not
// print), against an unarmoured vehicle 9 (printed), each doubled by a
// critical hit (printed).
const (
	molotovKillAFV        = 6
	molotovKillUnarmoured = 9
	molotovRemovedAt      = 12 // printed: X12 eliminates the projector
	// molotovCollateral is the firepower of the attack a hit on an AFV
	// makes on those it carries (printed 13.54: 4 against its vulnerable
	// passengers and riders; Hexfire's passengers ride outside or in
	// open-topped carriers, so all of them, inferred).
	molotovCollateral = 4
)

// The Panzerfaust check (13.31): a d6 modified; 1–3 fires (printed), 4 or
// more no opportunity (printed), an original 6 pins (printed). A leader
// making the check himself (13.35) adds 2 (ours: the excerpt's list of
// modifiers breaks off after the half squad's +1; one man is less likely
// still to be placed for the shot).
const (
	checkFiresUpTo = 3
	checkPinsOn    = 6
	leaderCheckMod = 2
)

// gunToHit is the general to-hit table (ours; the excerpt refers to one it
// does not print): the basic number by range band, for AT rifles and the
// guns of AFVs and Guns.
var gunToHit = []struct{ upTo, need int }{
	{1, 10}, {6, 9}, {12, 8}, {18, 7}, {24, 6}, {1 << 30, 5},
}

// gunToHitAt returns gunToHit's number at r hexes.
func gunToHitAt(r int) int {
	for _, row := range gunToHit {
		if r <= row.upTo {
			return row.need
		}
	}
	return gunToHit[len(gunToHit)-1].need
}

// apRangeRows is the "≤ 25 mm" row of range effects on an AP to-kill
// number, which the excerpt names for the AT rifle (values ours): +1 at
// one hex, none to 6 hexes, −1 to 12; beyond, −1 more every 6 hexes, for
// the guns that reach so far.
var apRangeRows = []struct{ upTo, mod int }{{1, 1}, {6, 0}, {12, -1}}

// apRange returns the range modifier to an AP to-kill number at r hexes.
func apRange(r int) int {
	for _, row := range apRangeRows {
		if r <= row.upTo {
			return row.mod
		}
	}
	return -1 - (r-7)/6
}

// letterPenMM is the penetration a gun of each ATFP letter stands for
// (ours, until the catalogue's penetration facts are read): a typical gun
// of the letter at combat range. gunToKill is toKillFromPenetration of it.
var letterPenMM = map[units.Rating]float64{
	units.A: 40, units.B: 60, units.C: 85, units.D: 110, units.E: 150, units.F: 200,
}

// gunToKill is the basic AP to-kill number of a gun by its ATFP letter.
var gunToKill = map[units.Rating]int{
	units.A: 6, units.B: 9, units.C: 13, units.D: 17, units.E: 23, units.F: 31,
}

// letterArmourMM is the effective armour each armour letter stands for
// (ours, until the catalogue's armour facts are read); armourFactor is
// armourFactorFromPlate of it.
var letterArmourMM = map[units.Rating]float64{
	units.A: 20, units.B: 40, units.C: 60, units.D: 80, units.E: 110, units.F: 140,
}

// armourFactor is the armour factor of a facing by its armour letter.
var armourFactor = map[units.Rating]int{
	units.A: 2, units.B: 4, units.C: 6, units.D: 8, units.E: 11, units.F: 14,
}

// desperation is the attack on the firer's own hex when a backblast weapon
// is fired from a building (13.81): the second die of the to-hit roll
// alone, read on the lowest column of the fire table (ours: 1 a casualty
// reduction, 2 pinned, more no effect).
const (
	desperationCasualty = 1
	desperationPinned   = 2
)
