// Package tohitkill is the tohit-tokill ruleset (seed 004): light
// anti-tank weapons that roll 2d6 against a to-hit number that falls with
// range, then 2d6 against a to-kill number less the armour factor of the
// aspect hit. The Panzerfaust opens with an availability check unless the
// side holds an allotment; the Bazooka, Panzerschreck, PIAT, AT rifle and
// Molotov projector malfunction on high original to-hit rolls; backblast
// weapons are not fired from buildings except in desperation. Its infantry
// combat is the default ruleset's (combat/infantry). The rules as Hexfire
// plays them are in docs/RULES-tohit-tokill.md.
//
// Importing it registers it under Name.
package tohitkill

import (
	"fmt"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/units"
)

// Name is the ruleset's registry name.
const Name = "tohit-tokill"

// UndatedAs is the date the ruleset reads a scenario without a "date"
// property as: July 1944, the Normandy hedgerows of the shipped scenario
// (our choice, so that undated maps play with every weapon but the 1945
// models).
var UndatedAs = combat.Date{Year: 1944, Month: 7}

// Ruleset is the tohit-tokill ruleset; its zero value is ready to use.
type Ruleset struct{ infantry.Rules }

func init() { combat.Register(Ruleset{}) }

// Name returns Name.
func (Ruleset) Name() string { return Name }

// Aspect reads front, side and rear by board.Sector (other-rulesets.md).
func (Ruleset) Aspect(target board.Pose, from board.Hex) board.Aspect {
	return board.Sector(target.Hex, target.Facing, from)
}

// InherentExpendable reports that German squads, half squads and leaders
// carry a Panzerfaust from August 1943 (13.3: the early model from then,
// the Panzerfaust from October; 13.35 has a leader make the check
// himself), fired after the check.
func (Ruleset) InherentExpendable(k units.Kind, nation string, date combat.Date) bool {
	return nation == "DE" && k.Infantry() && !dateOf(date).Before(1943, 8)
}

// dateOf is the date a shot is read at: the scenario's, or UndatedAs.
func dateOf(d combat.Date) combat.Date {
	if !d.Known() {
		return UndatedAs
	}
	return d
}

// modelOf returns the ruleset's model of a shot's weapon: the light
// anti-tank weapons by catalogue name, the model of the scenario's date
// (Bazooka, Panzerfaust), or nil for a main gun.
func modelOf(s combat.Shot) (*model, error) {
	w, date := s.Weapon, dateOf(s.Date)
	if w.Class == combat.MainGun {
		return nil, nil
	}
	var m *model
	switch w.Name {
	case "Panzerfaust":
		m = &panzerfaust
		if date.Before(panzerfaust.from.Year, panzerfaust.from.Month) {
			m = &panzerfaustEarly
		}
	case "Bazooka":
		switch {
		case !date.Before(1945, 1):
			m = &bazooka45
		case !date.Before(1944, 1):
			m = &bazooka44
		default:
			m = &bazooka43
		}
	case "Panzerschreck":
		m = &panzerschreck
	case "PIAT":
		m = &piat
	case "AT Rifle":
		m = &atRifle
	case "Molotov Projector":
		m = &molotovProjector
	case "":
		return nil, fmt.Errorf("%s carries no anti-tank weapon", nameOr(s.Firer, "the firer"))
	default:
		return nil, fmt.Errorf("the %s is not an anti-tank weapon in this ruleset", w.Name)
	}
	if date.Before(m.from.Year, m.from.Month) {
		return nil, fmt.Errorf("the %s is not in service in %s (from %s)", w.Name, date, m.from)
	}
	return m, nil
}

// maxRange returns the range of model m on date (13.32 for the
// Panzerfaust: 1 hex before June 1944, 2 to December 1944, 3 after; the
// early model always 1).
func maxRange(m *model, date combat.Date) int {
	switch {
	case m == &panzerfaustEarly || (m == &panzerfaust && date.Before(1944, 6)):
		return 1
	case m == &panzerfaust && date.Before(1945, 1):
		return 2
	case m == &panzerfaust:
		return 3
	case m == &atRifle:
		return 12
	}
	return len(m.toHit)
}

// basicToHit returns the basic to-hit number of a shot at range r: the
// Panzerfaust's 10 (which its range then reduces, rangeCut), a weapon's
// own table, or the general table for AT rifles and guns.
func basicToHit(m *model, r int) int {
	switch {
	case m == &panzerfaust || m == &panzerfaustEarly:
		return pfBasicToHit
	case m == nil || m.toHit == nil:
		return gunToHitAt(r)
	}
	return m.toHit[r-1]
}

// rangeCut returns what range takes off the basic to-hit number: 2 a
// hex for the Panzerfaust, nothing for the weapons whose tables are
// already by range.
func rangeCut(m *model, r int) int {
	if m == &panzerfaust || m == &panzerfaustEarly {
		return pfPerHex * r
	}
	return 0
}

func nameOr(name, or string) string {
	if name == "" {
		return or
	}
	return name
}

// Check refuses a shot this ruleset does not allow, saying why. Line of
// sight, arcs and Fire markers are the battle engine's checks.
func (Ruleset) Check(s combat.Shot) error {
	_, err := check(s)
	return err
}

// check is Check returning the weapon's model.
func check(s combat.Shot) (*model, error) {
	firer, target := nameOr(s.Firer, "the firer"), nameOr(s.Target.Name, "the target")
	w := s.Weapon
	switch {
	case s.Passenger:
		return nil, fmt.Errorf("%s is carried: passengers fire AP only", firer)
	case s.FirerKind.Infantry() && w.Class != combat.SupportWeapon:
		return nil, fmt.Errorf("%s is infantry: it fires AT only with a support weapon", firer)
	case !s.FirerKind.Infantry() && w.Class == combat.SupportWeapon:
		return nil, fmt.Errorf("%s is not infantry: support weapons are for infantry", firer)
	case w.Class == combat.MainGun && w.ATFP == units.NoRating:
		return nil, fmt.Errorf("%s has no anti-tank gun", firer)
	case w.Spent:
		return nil, fmt.Errorf("the %s has already been fired: it is used up", w.Name)
	case s.Range < 1:
		return nil, fmt.Errorf("range %d: the target must be in another hex", s.Range)
	case s.Leader > 0:
		return nil, fmt.Errorf("leader modifier %+d: a leader's modifier is negative", s.Leader)
	case s.Cover < 0 || s.Hindrance < 0:
		return nil, fmt.Errorf("cover %d and hindrance %d: neither can be negative", s.Cover, s.Hindrance)
	case s.Target.Kind == units.AFV && s.Target.Armour.Front == units.NoRating:
		return nil, fmt.Errorf("%s is an AFV without armour", target)
	case s.Target.Kind == units.AFV && s.Aspect != board.Front && s.Aspect != board.Side && s.Aspect != board.Rear:
		return nil, fmt.Errorf("aspect %s: this ruleset reads front, side and rear", s.Aspect)
	}
	m, err := modelOf(s)
	switch {
	case err != nil:
		return nil, err
	case s.Target.Kind.Infantry() && m == nil:
		return nil, fmt.Errorf("%s is infantry: a gun fires at it with AP fire", target)
	case s.Target.Kind.Infantry() && m == &atRifle:
		return nil, fmt.Errorf("%s is infantry: the AT rifle fires at it as small arms, with AP fire", target)
	case s.Target.Kind.Infantry() && m.apfp == 0:
		return nil, fmt.Errorf("%s is infantry: the %s fires at vehicles and Guns only", target, m.name)
	case m == nil && s.Desperation:
		return nil, fmt.Errorf("desperation fire is for a backblast weapon fired from a building, not for the gun of %s", firer)
	case m == nil:
		return nil, nil
	}
	date := dateOf(s.Date)
	switch {
	case w.Inherent && (s.FirerNation != "DE" || (m != &panzerfaust && m != &panzerfaustEarly)):
		return nil, fmt.Errorf("only German infantry carry the %s without an allotment", w.Name)
	case w.Inherent && m == &panzerfaustEarly && !s.PanzerfaustTrials:
		return nil, fmt.Errorf("the early Panzerfaust of %s is carried only by the scenario's rule (map property panzerfaust_trials)", date)
	case m == &molotovProjector && (s.FirerNation != "SU" || s.FirerKind == units.Leader):
		return nil, fmt.Errorf("only a Russian squad or half squad crews the Molotov projector, not %s", firer)
	case s.Range > maxRange(m, date):
		return nil, fmt.Errorf("the %s reaches %d hexes in %s; %s is %d away", m.name, maxRange(m, date), date, target, s.Range)
	case m == &piat && s.Elevation < 0 && s.Range <= 1:
		return nil, fmt.Errorf("the PIAT cannot fire down at %s, lower and adjacent", target)
	case s.Desperation && !backblastFrom(m, s):
		return nil, fmt.Errorf("desperation fire is for a backblast weapon fired from a building; the %s in %s needs none", m.name, s.FirerTerrain)
	}
	return m, nil
}

// MayFireInDesperation implements combat.DesperationRules: a backblast
// weapon fired from a building (13.81).
func (Ruleset) MayFireInDesperation(s combat.Shot) bool {
	m, err := modelOf(s)
	return err == nil && backblastFrom(m, s)
}

// Allotment is the optional Panzerfaust allotment (13.311): none before
// October 1943, then one a squad-equivalent in 1943, one and a half in
// 1944 and two from 1945, fractions dropped (printed). A half squad is
// half a squad-equivalent (ours: Hexfire has no crews).
func (Ruleset) Allotment(halfSquads int, date combat.Date) int {
	d := dateOf(date)
	switch {
	case d.Before(panzerfaust.from.Year, panzerfaust.from.Month):
		return 0
	case d.Year == 1943:
		return halfSquads / 2
	case d.Year == 1944:
		return halfSquads * 3 / 4
	}
	return halfSquads
}

// APRange is how far a support weapon's AP fire reaches
// (combat.SupportWeaponReach): the AT rifle fires at infantry as small
// arms to its 12 hexes (printed 13.24), every other weapon to the
// catalogue's range.
func (Ruleset) APRange(w *units.Weapon) int {
	if w.Name == atRifle.name {
		return maxRange(&atRifle, combat.Date{})
	}
	return w.Range
}

// OddsKey clears the firer's off-axis angle, which this ruleset never
// reads (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot { return combat.WithoutOffAxis(s) }
