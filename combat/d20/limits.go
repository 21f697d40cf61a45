package d20

import (
	"fmt"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// The limits on firing, the modifiers of mounts, night, sight and
// stabilisers, spaced armour and volleys (seed 003; docs/RULES-d20.md,
// "Modifiers", "Penetration rules" and "Limits on firing").

// The fire number modifiers of this file, the excerpt's values.
const (
	modMount     = +2 // pivot, cupola, ball or fixed HMG or cannon; also the limited traverse modifier (our reading)
	modNight     = +2 // firing at night
	modIntoSight = +2 // target moved into or out of sight; both may apply (a fleeting shot from cover to cover)
)

// The limited-traverse arcs, in degrees either side of the centre line
// (excerpt): free within the first, with the modifier up to the second.
const (
	freeTraverse = 22.5
	mostTraverse = 90
)

// mount is how the weapon a shot fires is mounted, as the excerpt's
// modifiers read it.
type mount uint8

const (
	mountTurret mount = iota // all round, no modifier
	mountFixed               // limited traverse ('f'): a casemate gun or a Gun on its carriage
	mountPivot               // an HMG on a pivot, pedestal or ring mount
)

// mountOf returns the mount of a shot's weapon: a main gun fires from its
// turret or, without one, from a limited-traverse mount (the catalogue's
// turret = no: the StuG and the SU-85 in their casemates, the towed Guns on
// split trails, which the excerpt gives the limited traverse modifier
// unless on a 360° mount). A gunless vehicle's heavy MG is on a pivot
// mount (ours [DECIDED]: the catalogue records no MG mounts; its one such
// vehicle, the M3 Halftrack, carries its .50 on a pedestal or ring mount,
// Hunnicutt, Half-Track, 2001). Infantry weapons have no mount.
func mountOf(s combat.Shot, f fire) mount {
	switch {
	case s.Weapon.Class != combat.MainGun:
		return mountTurret
	case f.barrels > 0:
		return mountPivot
	case !s.Weapon.Turret:
		return mountFixed
	}
	return mountTurret
}

// moved reports whether the firer moved in its immediately preceding
// movement phase: the engine's Move marker, or a move in this segment or
// the one before (Shot.FirerMovedMP).
func moved(s combat.Shot) bool { return s.FirerMoved || s.FirerMovedMP > 0 }

// checkLimits refuses a shot the excerpt's limits on firing forbid: a
// firer that moved more than half its speed, and a limited-traverse mount
// more than 90° off its centre line.
func checkLimits(s combat.Shot, f fire) error {
	if s.FirerMP > 0 && 2*s.FirerMovedMP > s.FirerMP {
		return fmt.Errorf("%s moved %d of its %d MP, more than half its speed: it may not fire this segment", firerName(s), s.FirerMovedMP, s.FirerMP)
	}
	if mountOf(s, f) == mountFixed && s.FirerOffAxis > mostTraverse {
		return fmt.Errorf("the target is %.0f° off the centre line of %s, whose gun has limited traverse (at most %d°)", s.FirerOffAxis, firerName(s), mostTraverse)
	}
	if f.disposable && s.Weapon.PoolFired >= volleysPerSection {
		return fmt.Errorf("%s has fired its %d Panzerfaust volleys of the battle", firerName(s), volleysPerSection)
	}
	return nil
}

// Traverse is how far off its centre line a gun without a turret may be
// laid (combat.TraverseRules): a limited-traverse mount's 90° (excerpt),
// which checkLimits holds a shot to; a gunless vehicle's heavy MG keeps
// the battle's forward arc.
func (Ruleset) Traverse(w combat.Weapon) float64 {
	if w.Class == combat.MainGun && !w.Turret && w.History != nil && w.History.Gun.MM > 0 {
		return mostTraverse
	}
	return 0
}

// firerName is the shot's firer for messages.
func firerName(s combat.Shot) string {
	if s.Firer == "" {
		return "the firer"
	}
	return s.Firer
}

// mountRatings lists the vehicle-data marks of type t that the limits
// read: its main gun's or HMG's mount, the stabiliser and spaced armour.
func mountRatings(t *units.Type) []combat.Rating {
	var rs []combat.Rating
	h := &t.History
	switch n, _ := heavyMGs(h); {
	case h.Gun.MM > 0 && t.Turret:
		rs = append(rs, combat.Rating{Name: "mount", Value: "turret", Origin: combat.Derived, Reason: "the catalogue's turret = yes: fires all round"})
	case h.Gun.MM > 0:
		rs = append(rs, combat.Rating{Name: "mount", Value: "f", Origin: combat.Derived,
			Reason: "the catalogue's turret = no: limited traverse, free within 22.5°, +2 to 90°"})
	case n > 0:
		rs = append(rs, combat.Rating{Name: "mount", Value: "pivot HMG", Origin: combat.Typed,
			Reason: "ours: the catalogue records no MG mounts; a gunless vehicle's HMG is on a pivot, pedestal or ring (+2)"})
	}
	if stabilised[t.Name] {
		rs = append(rs, combat.Rating{Name: "stabiliser", Value: "yes", Origin: combat.Typed,
			Reason: "the excerpt's M4 Sherman; Hunnicutt, Sherman (1978): -1 off firing on the move with well-trained crews"})
	}
	if fs := spacedArmour[t.Name]; len(fs) > 0 {
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = f.String()
		}
		rs = append(rs, combat.Rating{Name: "spaced", Value: "s " + strings.Join(names, ", "), Origin: combat.Typed,
			Reason: "Schürzen, from the vehicle's references (limits.go): HEAT 7 suppresses, 8-10 neutralise"})
	}
	return rs
}

// stabilised names the catalogue's tanks with the early gun stabiliser
// the excerpt gives the American M3 Stuart, M3 Lee and M4 Sherman: the US
// Shermans (Hunnicutt, Sherman, 1978: the gyrostabiliser of the M4 series).
// The British Firefly is left out (ours [DECIDED]: the excerpt names the
// American tanks).
var stabilised = map[string]bool{"M4 (75)": true, "M4A3E8": true}

// moveModifier is the firing on the move modifier: +2 for any move the
// limits allow (our reading of the worked example, which gives +2 to a
// Tiger that moved at half speed), one less with the stabiliser in
// well-trained hands.
func moveModifier(s combat.Shot) (int, string) {
	if !moved(s) {
		return 0, ""
	}
	if s.Weapon.Class == combat.MainGun && stabilised[s.Weapon.Name] && (s.FirerQuality == combat.Veteran || s.FirerQuality == combat.Elite) {
		return modFirerMoved - 1, "firing on the move, stabilised"
	}
	return modFirerMoved, "firing on the move"
}

// mountModifier is the mount's modifier: a pivot-mounted HMG always; a
// limited-traverse gun beyond 22.5° of its centre line, or after moving.
func mountModifier(s combat.Shot, f fire) (int, string) {
	switch mountOf(s, f) {
	case mountPivot:
		return modMount, "pivot-mounted HMG"
	case mountFixed:
		switch {
		case s.FirerOffAxis > freeTraverse:
			return modMount, fmt.Sprintf("limited traverse, %.0f° off the centre line", s.FirerOffAxis)
		case moved(s):
			return modMount, "limited traverse, after moving"
		}
	}
	return 0, ""
}

// spacedArmour lists the catalogue's vehicles whose side armour is spaced
// (the excerpt's 's'): the 5 mm Schürzen hung along the hull sides.
// Sources: Pz IV H, Jentz & Doyle, Panzer Tracts 4-3 (2001); StuG III G,
// Jentz & Doyle, Panzer Tracts 8 (1999); Panther Ausf. G, Jentz, Germany's
// Panther Tank (1995).
var spacedArmour = map[string][]units.Facing{
	"Pz IV H":    {units.FacingSide},
	"StuG III G": {units.FacingSide},
	"Panther":    {units.FacingSide},
}

// spaced reports whether target t's armour on aspect is spaced.
func spaced(t combat.Target, aspect board.Aspect) bool {
	if t.History == nil {
		return false
	}
	facing, ok := facingOf[aspect.String()]
	if !ok {
		return false
	}
	for _, f := range spacedArmour[t.Type] {
		if f == facing {
			return true
		}
	}
	return false
}

// volleysPerSection is how many volleys of disposable launchers a
// section fires in a game (excerpt).
const volleysPerSection = 3

// firstPanzerfaust is when the first Panzerfaust reached the troops: the
// early model's date in seed 004 (August 1943), which seed 003 does not
// give.
var firstPanzerfaust = combat.Date{Year: 1943, Month: 8}

// Allotment gives a side three Panzerfaust volleys for each section (a
// squad; a half squad is half a section, ours [DECIDED]: Hexfire's squads
// are the excerpt's sections), none before the Panzerfaust's first issue;
// an undated scenario that asks for the allotment gets it. The side holds
// them as its pool, and each section fires at most three (checkLimits).
func (Ruleset) Allotment(halfSquads int, date combat.Date) int {
	if date.Known() && date.Before(firstPanzerfaust.Year, firstPanzerfaust.Month) {
		return 0
	}
	return halfSquads * volleysPerSection / 2
}

// VolleyStrikesTwo reports whether a volley of weapon w may strike a
// second vehicle: a disposable launcher's (excerpt).
func (Ruleset) VolleyStrikesTwo(w combat.Weapon) bool {
	r, ok := infantryRowOf(w.Name)
	return ok && w.Class == combat.SupportWeapon && r.disposable
}

// secondPlan checks the second vehicle of p's volley and returns the plan
// of its hit: p with that vehicle's armour on the aspect it presents. The
// two vehicles must share a range bracket (the infantry table's column:
// "the same acquisition number"). The first hit strikes the target, the
// second the second vehicle (ours [DECIDED]: the excerpt lets the two hits
// fall on two vehicles without saying which).
func (p plan) secondPlan(s combat.Shot) (plan, error) {
	sec := s.Second
	switch {
	case !p.disposable:
		return plan{}, fmt.Errorf("only a disposable launcher's volley strikes a second vehicle, not the %s's", s.Weapon.Name)
	case sec.Target.Kind.Infantry():
		return plan{}, fmt.Errorf("%s is infantry: a volley's second hit strikes a vehicle", sec.Target.Name)
	case sec.Target.Kind == units.AFV && sec.Aspect != board.Front && sec.Aspect != board.Side && sec.Aspect != board.Rear:
		return plan{}, fmt.Errorf("aspect %s: this ruleset reads front, side and rear", sec.Aspect)
	}
	if c, c2 := column(infantryColumns[:], s.Metres), column(infantryColumns[:], sec.Metres); c != c2 || c < 0 {
		return plan{}, fmt.Errorf("%s is at %d m and %s at %d m: a volley's two vehicles must be in one range bracket (50 m)", s.Target.Name, s.Metres, sec.Target.Name, sec.Metres)
	}
	second := p
	second.second = nil
	var how string
	second.armour, how = armourOf(sec.Target, sec.Aspect)
	second.spaced = p.heat && spaced(sec.Target, sec.Aspect)
	second.penCuts = second.penetrationCuts()
	second.steps = []string{fmt.Sprintf("second hit on %s: penetration %d against %s armour %d (%s): %s", sec.Target.Name, p.pen, sec.Aspect, second.armour, how, second.penLine())}
	return second, nil
}

// OddsKey clears the firer's off-axis angle unless its gun has limited
// traverse (a main gun without a turret: mountOf's fixed or pivot mounts),
// the only shots that read it (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot {
	if s.Weapon.Class != combat.MainGun || s.Weapon.Turret {
		return combat.WithoutOffAxis(s)
	}
	return s
}
