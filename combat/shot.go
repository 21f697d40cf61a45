package combat

import (
	"fmt"

	"hexfire/board"
	"hexfire/units"
)

// WeaponClass says which to-hit row a weapon uses.
type WeaponClass uint8

// The weapon classes.
const (
	MainGun       WeaponClass = iota // the gun of an AFV, vehicle or Gun
	SupportWeapon                    // an infantry support weapon
)

// String returns "gun" or "sw".
func (c WeaponClass) String() string {
	if c == SupportWeapon {
		return "sw"
	}
	return "gun"
}

// Weapon is the weapon a shot is fired with.
type Weapon struct {
	Name       string
	Class      WeaponClass
	ATFP       units.Rating
	Range      int  // maximum range in hexes; 0 = unlimited
	MinRange   int  // minimum range in hexes; 0 = none
	Expendable bool // removed after one use (Panzerfaust)
	Mortar     bool // an on-board mortar, whose rounds fall from above
	// OffBoard: an off-board artillery or air mission striking an AFV in
	// its hex (rules 21.5); its rounds fall from above too (Mortar is set
	// with it). Only a ruleset with OffBoardFire is given such a shot.
	OffBoard bool
	Spent    bool // an expendable weapon already used, or no counted round left
	Rounds   int  // rounds of limited ammunition left, when the scenario counts them (0: not counted)
	// History is the catalogue's historical record of the weapon (the
	// unit type's for a main gun), for the rulesets that rate from it;
	// nil for a weapon given by hand.
	History *units.History
	// Inherent: the unit fires an expendable weapon it is assumed to have
	// (InherentWeapons) rather than one from its side's pool; nothing is
	// used up, so the ruleset gives no WeaponSpent for it.
	Inherent bool
	// Turret: a main gun that fires all round (units.Type.Turret); one
	// without fires from a limited-traverse mount.
	Turret bool
	// PoolFired counts the expendable weapons the firer has already fired
	// from its side's pool this battle, for the rulesets that limit each
	// unit's share (d20's three volleys a section).
	PoolFired int
}

// Target is what a shot is fired at.
type Target struct {
	Name     string
	Type     string // the catalogue type's name (Name may be a unit's label)
	Kind     units.Kind
	Armour   units.Armour
	Immobile bool     // carries an Immobile marker
	States   StateSet // the ruleset's states it carries (shock, suppressed)
	Quality  Quality
	// Riders counts the infantry units riding on it (tank riders).
	Riders int
	// History is the catalogue's historical record of its type, for the
	// rulesets that rate from it; nil for a target given by hand.
	History *units.History
}

// Shot is one declared attack with its geometry, filled in by the battle
// engine from the board (or by hand in the CLI and tests). It is a plain
// value: rulesets read it, never change it.
type Shot struct {
	Firer     string     // firer's name, for messages
	FirerKind units.Kind // what fires
	// FirerStates are the ruleset's states the firer carries.
	FirerStates  StateSet
	FirerQuality Quality
	// FirerEngineers: the firer is a unit of combat engineers (a
	// scenario's placement says so).
	FirerEngineers bool
	Passenger      bool // the firer is carried or towed by a vehicle
	Weapon         Weapon
	Target         Target

	Range int // hexes, the target's hex counted and the firer's not
	// Metres is Range times the map's metres per hex, for the rulesets
	// with ranges in metres (other-rulesets.md); elimination reads Range.
	Metres    int
	Aspect    board.Aspect // armour facing the firer, as the ruleset's aspects read it (AspectOf)
	Terrain   board.Terrain
	Cover     int    // cover of the target hex's terrain, as the ruleset counts it (CoverOf)
	CoverName string // that terrain's name for the step lines ("woods")
	Hindrance int    // total of the hindrances along the line of sight, smoke included
	GunShield bool   // the target Gun's shield counts: firer inside its FFA, no Move marker
	Leader    int    // modifier of a leader directing the fire (negative, 0 = none)
	Valorous  bool   // the firer has Valor

	// FirerMoved and TargetMoved say that the firer or the target carries
	// a Move marker, for the rulesets with movement modifiers
	// (other-rulesets.md); elimination does not read them.
	FirerMoved  bool
	TargetMoved bool
	// TargetMoveMP is the MP the target's last move order cost and
	// TargetMP its full movement points, when TargetMoved, for the
	// rulesets that ask how fast it moved (strikedice's flat out).
	TargetMoveMP int
	TargetMP     int
	// RepeatHit: the firer's last AT shot hit this target, and both stand
	// where they stood then (same hex and facing), for the rulesets with a
	// bonus for it (strikedice); the others do not read it.
	RepeatHit bool
	// OutsideFrontArc: the target is outside the forward firing arc of a
	// vehicle or Gun firer (board.InForwardArc), so a turret has to turn
	// away from the hull to bear; false for infantry firers.
	OutsideFrontArc bool

	// Date is the scenario's date (its map property "date"), for the
	// rulesets whose weapons change with it; the zero Date when the
	// scenario gives none.
	Date Date
	// FirerNation is the firer's nation as the catalogue writes it ("DE").
	FirerNation string
	// FirerTerrain is the terrain of the firer's hex, for the rulesets in
	// which a weapon may not be fired from some terrain (backblast).
	FirerTerrain board.Terrain
	// Desperation: the player chose to fire from terrain the ruleset
	// otherwise forbids, accepting what the ruleset does to the firer's hex.
	Desperation bool
	// Elevation is the target hex's level minus the firer hex's.
	Elevation int
	// Ammo is the ammunition the firer chose for the shot, as the
	// catalogue names it ("APCR"), for the rulesets that fire by
	// ammunition (other-rulesets.md, d20); empty: the ruleset's default
	// round.
	Ammo string
	// TargetAcross is how far, in metres, the target moved across the
	// firer's line of sight in its last move (0: not at all, straight
	// towards the firer, or not known), for the rulesets that rate
	// apparent movement (d20).
	TargetAcross int
	// TargetApproached: the target's last move brought it nearer the
	// firer, for the same rulesets.
	TargetApproached bool
	// RepeatShots counts the AT shots the firer has already fired at this
	// target in a row, one in each segment up to the one before this (0:
	// a first shot), for the rulesets that reward shooting again (d20).
	RepeatShots int
	// FirerOffAxis is the angle in degrees (0 to 180) between the firer's
	// facing and the line to the target, for the rulesets whose
	// limited-traverse mounts fire freely only near their centre line (d20).
	FirerOffAxis float64
	// FirerMovedMP is what the firer's latest move cost, in MP, when it
	// moved in this segment or the one before (0: it did not), and FirerMP
	// its movement allowance then, for the rulesets that limit or rate fire
	// after a move by how far it went (d20).
	FirerMovedMP, FirerMP int
	// TargetIntoSight: the target began its latest move where the firer
	// could not see it; TargetOutOfSight: it is moving, and the rest of its
	// move ends where the firer cannot see it (a shot at it on the way), for
	// the rulesets that rate a target moving into or out of sight (d20).
	TargetIntoSight, TargetOutOfSight bool
	// Night: the scenario is fought at night (its map property "night").
	Night bool
	// PanzerfaustTrials: the scenario lets German infantry carry the early
	// Panzerfaust of the combat trials (its map property
	// "panzerfaust_trials"), for the ruleset that keeps it to a scenario
	// rule (tohit-tokill).
	PanzerfaustTrials bool
	// Second is a second vehicle the shot's volley may strike, for the
	// rulesets whose volleys may hit two (TwoTargetVolleys); nil for none.
	// Its effects fall on the role OnSecond.
	Second *SecondTarget
}

// SecondTarget is the second vehicle of a volley: the target as a shot
// sees it, with the aspect and the range it presents to the firer.
type SecondTarget struct {
	Target Target
	Aspect board.Aspect
	Metres int
}

// MainGunOf returns the main gun of an AFV, vehicle or Gun type.
func MainGunOf(t *units.Type) Weapon {
	return Weapon{Name: t.Name, Class: MainGun, ATFP: t.ATFP, History: &t.History, Turret: t.Turret}
}

// SupportWeaponOf returns a shot's view of a catalogue support weapon.
func SupportWeaponOf(w *units.Weapon) Weapon {
	return Weapon{Name: w.Name, Class: SupportWeapon, ATFP: w.ATFP, Range: w.Range,
		MinRange: w.MinRange, Expendable: w.Type == units.Expendable, Mortar: w.Mortar, History: &w.History}
}

// TargetOf returns a shot's view of a catalogue unit type.
func TargetOf(t *units.Type) Target {
	return Target{Name: t.Name, Type: t.Name, Kind: t.Kind, Armour: t.Armour, History: &t.History}
}

// WeaponOf returns the weapon a unit of type t fires AT with: the main gun
// of an AFV, vehicle or Gun, or the support weapon infantry carry (a
// support weapon without name or ATFP when it carries none).
func WeaponOf(c *units.Catalogue, t *units.Type) (Weapon, error) {
	if !t.Kind.Infantry() {
		return MainGunOf(t), nil
	}
	if t.Weapon == "" {
		return Weapon{Class: SupportWeapon}, nil // no weapon: Name stays empty
	}
	w, err := c.LookupWeapon(t.Weapon)
	if err != nil {
		return Weapon{}, fmt.Errorf("combat: %s: %w", t.Name, err)
	}
	return SupportWeaponOf(w), nil
}

// CheckFirer refuses, in a player's words, the AT shots that no firer may
// make whatever the ruleset: at infantry (AP fire is for them), by a
// passenger, by infantry without a support weapon or a vehicle with one,
// with no weapon or a used-up one. A ruleset's Check adds its own after it.
func CheckFirer(s Shot) error {
	w := s.Weapon
	firer := s.Firer
	if firer == "" {
		firer = "the firer"
	}
	switch {
	case s.Target.Kind.Infantry():
		return fmt.Errorf("%s is infantry: anti-tank fire cannot harm it, use AP fire", s.Target.Name)
	case s.Passenger:
		return fmt.Errorf("%s rides in a vehicle or is in tow: passengers and towed Guns fire no anti-tank weapon", firer)
	case s.FirerKind.Infantry() && w.Class != SupportWeapon:
		return fmt.Errorf("%s is infantry: it fires at vehicles only with an anti-tank weapon", firer)
	case !s.FirerKind.Infantry() && w.Class == SupportWeapon:
		return fmt.Errorf("%s fires its own gun, not a support weapon", firer)
	case w.Name == "":
		return fmt.Errorf("%s carries no anti-tank weapon", firer)
	case w.Spent:
		return fmt.Errorf("the %s has already been fired: it is used up", w.Name)
	}
	return nil
}
