// Package elimination is Hexfire's default ruleset: a 2d6 to-hit roll by
// weapon and range with cover added, then, against an AFV, the firer's ATFP
// letter against the armour letter struck gives an elimination number for
// an unmodified 2d6 roll; immobilized AFVs may be abandoned by their crews.
// docs/RULES.md describes it in full.
package elimination

import (
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Name is the ruleset's registry name.
const Name = "elimination"

// Chart entries that are not numbers: E (any hit eliminates, no roll) and
// "–" (a hit has no effect, no roll).
const (
	AlwaysEliminates = 99
	NoEffectPossible = 0
)

// eliminationChart[atfp][armour] is the elimination number, A = 0 … F = 5
// (default-ruleset §10). It follows 7 + 2·(ATFP − armour), with 13 and above
// shown as E and 1 and below as –.
var eliminationChart = [6][6]int{
	//        A                 B                 C                 D                 E                 F
	/* A */ {7, 5, 3, NoEffectPossible, NoEffectPossible, NoEffectPossible},
	/* B */ {9, 7, 5, 3, NoEffectPossible, NoEffectPossible},
	/* C */ {11, 9, 7, 5, 3, NoEffectPossible},
	/* D */ {AlwaysEliminates, 11, 9, 7, 5, 3},
	/* E */ {AlwaysEliminates, AlwaysEliminates, 11, 9, 7, 5},
	/* F */ {AlwaysEliminates, AlwaysEliminates, AlwaysEliminates, 11, 9, 7},
}

// EliminationNumber returns the chart entry for atfp against armour: a
// number, AlwaysEliminates or NoEffectPossible. Either rating missing gives
// NoEffectPossible.
func EliminationNumber(atfp, armour units.Rating) int {
	a, b := atfp.Index(), armour.Index()
	if a < 0 || b < 0 {
		return NoEffectPossible
	}
	return eliminationChart[a][b]
}

// toHitBand is one row of the to-hit chart for guns.
type toHitBand struct {
	maxRange int // last range of the band in hexes; 0 = no limit
	need     int
	label    string
}

// gunToHit is the to-hit chart for guns, AFV main guns included (§10).
var gunToHit = []toHitBand{
	{10, 10, "gun at 1-10 hexes"},
	{19, 8, "gun at 11-19 hexes"},
	{0, 6, "gun at 20+ hexes"},
}

// supportWeaponToHit is the to-hit number of every infantry AT weapon (§8)
// but the on-board mortar's (rules 12.6).
const (
	supportWeaponToHit = 8
	mortarToHit        = 6
	// offBoardToHit is the to-hit number of an off-board artillery or air
	// mission against an AFV in its hex (rules 21.5).
	offBoardToHit = 8
)

// aspectStruck is the armour a hit strikes as the shot gives it: a mortar
// round falls on the thin rear and top of an AFV whatever its facing
// (rules 12.6), so a mortar shot strikes the rear and rolls no tie-break.
func aspectStruck(s combat.Shot) board.Aspect {
	if s.Weapon.Mortar {
		return board.Rear
	}
	return s.Aspect
}

// eliminates reports whether an unmodified elimination roll eliminates:
// below the elimination number, or at it for a mortar (rules 12.6), which
// never immobilizes.
func eliminates(s combat.Shot, roll, en int) bool {
	return roll < en || roll == en && s.Weapon.Mortar
}

// Die faces of the single-die checks.
const (
	frontArmourUpTo = 3 // hexside tie-break: 1–3 front, 4–6 rear
	abandonUpTo     = 2 // abandonment: 1–2 the crew abandons
)

// ToHitNumber returns the unmodified to-hit number of a weapon at a range in
// hexes, and the chart row it comes from.
func ToHitNumber(w combat.Weapon, rangeHexes int) (need int, row string) {
	switch {
	case w.OffBoard:
		return offBoardToHit, "off-board mission"
	case w.Class == combat.SupportWeapon && w.Mortar:
		return mortarToHit, "on-board mortar"
	case w.Class == combat.SupportWeapon:
		return supportWeaponToHit, "infantry AT weapon"
	}
	for _, b := range gunToHit {
		if b.maxRange == 0 || rangeHexes <= b.maxRange {
			return b.need, b.label
		}
	}
	return 0, ""
}
