package battle

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// hexPair is an origin hex and a target hex.
type hexPair struct{ From, To board.Hex }

// MGRange is the range of vehicle machine guns in hexes.
const MGRange = 8

// APPlan is an AP attack worked out but not rolled: the fire group and
// what each member adds, the line of sight, the attack the ruleset will
// roll, the units the casualty points may be spent on, and the exact odds.
type APPlan struct {
	Firers []*Unit
	// APFP[i] is what Firers[i] adds to the attack (valor included).
	APFP []int
	// Weapons[i] is the support weapon whose APFP Firers[i] adds, "" for
	// none.
	Weapons []string
	Leader  *Unit // the leader whose modifier applies, or nil
	From    board.Hex
	Target  board.Hex
	LOS     board.LOS
	Attack  combat.APAttack
	// Defenders are the units the points may be spent on, in the order of
	// Odds' fates: units in the hex (a vehicle followed by its passengers).
	Defenders []*Unit
	Odds      combat.APOdds
	// Mortars: the group fires mortars (rules 12.6), alone or with a
	// leader's modifier; Spotter is the friendly unit that sees the
	// target hex for mortars firing indirectly (rules 12.62), nil when the
	// firers see it.
	Mortars bool
	Spotter *Unit
	// VehicleStrike is the mortars' roll against each enemy vehicle in the
	// hex (rules 12.67), under a ruleset that resolves it
	// (combat.OffBoardFire); those vehicles and their passengers are then
	// not among Defenders, nor their AFVs among CrewChecks.
	VehicleStrike
	// CrewChecks are the immobile enemy AFVs in the hex. AP fire cannot
	// harm them, but under a ruleset with crew checks it is an attack on
	// them like any other, so each checks its crew after it (rules 18.6).
	CrewChecks []*Unit
	// Lane are the hexes of the fire lane the attack lays (rules 13.9),
	// one lane for each MG of the group; nil for none.
	Lane []board.Hex
}

// PlanAP works out order o without rolling: it checks everything FireAP
// checks and returns the attack with its exact odds.
func (b *Battle) PlanAP(o FireAP) (APPlan, error) {
	var p APPlan
	inf, err := b.infantryRules("AP fire")
	if err != nil {
		return p, err
	}
	if b.Moving() == nil && b.phase != FirePhase && b.phase != DefensiveFire {
		return p, fmt.Errorf("units fire in the Fire and Defensive Fire phases, or at a moving enemy; this is the %s phase", b.phase)
	}
	ids := slices.Clone(o.Units)
	if o.Leader != 0 && !slices.Contains(ids, o.Leader) {
		ids = append(ids, o.Leader)
	}
	if len(ids) == 0 {
		return p, errors.New("no unit fires")
	}
	for i, id := range ids {
		if slices.Contains(ids[:i], id) {
			return p, fmt.Errorf("unit #%d is listed twice", id)
		}
		u, err := b.actor(id)
		if err != nil {
			return p, err
		}
		if err := b.checkCanFire(u); err != nil {
			return p, err
		}
		p.Firers = append(p.Firers, u)
	}
	from, err := b.fireGroupHex(p.Firers)
	if err != nil {
		return p, err
	}
	p.From, p.Target = from, o.Target
	if o.Leader != 0 {
		l := b.Unit(o.Leader)
		switch {
		case l.Type.Kind != units.Leader:
			return p, fmt.Errorf("%s is not a leader", l.Label())
		case l.Carrier != 0:
			return p, fmt.Errorf("%s is aboard a vehicle and cannot direct fire", l.Label())
		}
		p.Leader = l
	}
	bd := b.Board()
	dist := from.Distance(o.Target)
	switch {
	case !bd.Contains(o.Target):
		return p, fmt.Errorf("%s is off the map", bd.Label(o.Target))
	case dist < 1:
		return p, errors.New("a unit does not fire at its own hex")
	case b.Moving() != nil && o.Target != b.Moving().Pose.Hex:
		return p, fmt.Errorf("opportunity fire may only target the moving unit, %s in %s", b.Moving().Label(), bd.Label(b.Moving().Pose.Hex))
	case o.Grenades > 0 && dist != 1:
		return p, fmt.Errorf("grenades are thrown at adjacent hexes only; %s is %d hexes away", bd.Label(o.Target), dist)
	case o.Grenades > 0 && !p.Firers[0].Type.Kind.Infantry():
		return p, errors.New("grenades are for infantry")
	}
	if err := b.checkGrenades(o.Grenades, p.Firers); err != nil {
		return p, err
	}
	if p.Firers[0].Type.Kind.Infantry() && p.Firers[0].Carrier == 0 && slices.Contains(b.fireGroups, hexPair{from, o.Target}) {
		return p, fmt.Errorf("units in %s have already fired at %s this segment: a hex's infantry fire at one target as one group", bd.Label(from), bd.Label(o.Target))
	}
	p.Defenders = b.apDefenders(p.Firers[0].Side, o.Target)
	p.CrewChecks = b.crewChecksAt(p.Firers[0].Side, o.Target)
	if !b.firesBlind() && !b.knownEnemyIn(p.Firers[0].Side, o.Target) {
		return p, fmt.Errorf("there is no enemy unit in %s", bd.Label(o.Target))
	}
	total := 0
	var weapons []*units.Weapon
	for _, u := range p.Firers {
		ap, w, why := b.apFirepower(u, u.Pose, o.Target)
		if ap == 0 && u != p.Leader {
			return p, fmt.Errorf("%s cannot fire AP at %s: %s", u.Label(), bd.Label(o.Target), why)
		}
		p.Mortars = p.Mortars || w != nil && w.Mortar
		weapons = append(weapons, w)
		p.APFP = append(p.APFP, ap)
		name := ""
		if w != nil {
			name = w.Name
		}
		p.Weapons = append(p.Weapons, name)
	}
	for i, u := range p.Firers {
		switch mortar := weapons[i] != nil && weapons[i].Mortar; {
		case p.Mortars && !mortar && u == p.Leader:
			p.APFP[i] = 0 // a leader adds his modifier to mortar fire, not his APFP (rules 12.61)
		case p.Mortars && !mortar:
			return p, fmt.Errorf("%s fires its own APFP, and mortars never fire in one group with infantry (rules 12.61)", u.Label())
		}
		total += p.APFP[i]
	}
	if p.Mortars && b.Moving() != nil {
		return p, errors.New("mortars never make opportunity fire (rules 12.61)")
	}
	if p.Mortars && b.mortarStrikesVehicles() {
		if err := b.planMortarStrike(&p, weapons); err != nil {
			return p, err
		}
	}
	if len(p.Vehicles) == 0 && b.harmsNone(p.Firers[0].Side, o.Target, p.Defenders, p.CrewChecks) {
		// A hex of dummies, or of units the side has not all spotted, is
		// fired at as any: the fall of shot finds them out (learn), and
		// the attack harms no one.
		return p, fmt.Errorf("AP fire cannot harm the armoured vehicles in %s: fire AT at them", bd.Label(o.Target))
	}
	p.LOS = bd.LOS(from, o.Target, b.Smoke)
	if !p.LOS.Clear {
		if !p.Mortars {
			return p, fmt.Errorf("no line of sight from %s to %s: %s", bd.Label(from), bd.Label(o.Target), p.LOS.BlockedBy.Reason)
		}
		if p.Spotter, err = b.indirectSpotter(p.Firers[0].Side, from, o.Target, p.LOS); err != nil {
			return p, err
		}
	}
	if err := b.checkBunkerArc(from, o.Target); err != nil {
		return p, err
	}
	cover := b.apCover(o.Target, p.Defenders)
	p.Attack = combat.APAttack{APFP: total, Cover: cover.Value, CoverName: cover.Label,
		Hindrance: p.LOS.Hindrance + b.wirePenalty(p.Firers[0]), Opportunity: b.Moving() != nil, Adjacent: dist == 1,
		WallCover: wallCovers(p.LOS)}
	if p.Mortars {
		// Only the target hex's own terrain counts against rounds that fall
		// from above (rules 12.63), and they burst in its trees (12.64).
		p.Attack.Hindrance, p.Attack.WallCover = 0, false
		p.Attack.AirBurst = airBurst(bd, o.Target, p.Defenders)
	}
	if p.Leader != nil {
		p.Attack.Leader = p.Leader.Type.Modifier
	}
	p.Attack.Grenades = o.Grenades
	if p.Odds, err = inf.APOdds(p.Attack, b.apDefendersOf(p, from)); err != nil {
		return p, err
	}
	if o.Lane != NoLane {
		if p.Lane, err = b.checkLane(o, p); err != nil {
			return p, err
		}
	}
	return p, nil
}

// harmsNone reports whether AP fire of side at hex h, whose defenders and
// crew checks are given, is refused as harming no one when it strikes no
// vehicle: the hex holds enemy units the side knows of and knows all of,
// and none the fire could touch.
func (b *Battle) harmsNone(side maps.Side, h board.Hex, defenders, crewChecks []*Unit) bool {
	return len(defenders) == 0 && len(crewChecks) == 0 && b.knownEnemyIn(side, h) && b.knowsHex(side, h)
}

// surelyHarmless reports whether PlanAP is sure to refuse o as harming no
// one (harmsNone), when it is refused on nothing else first: no mortar
// can fire in it that strikes vehicles, and the acting side's fire at its
// target harms none. harmless holds the answers for targets already
// asked about, for a battle that does not change meanwhile.
func (b *Battle) surelyHarmless(o FireAP, harmless map[board.Hex]bool) bool {
	if b.mortarStrikesVehicles() {
		for _, id := range append(slices.Clone(o.Units), o.Leader) {
			if u := b.Unit(id); id != 0 && (u == nil || u.Type.Kind.Infantry()) {
				return false // an infantry unit may fire a mortar
			}
		}
	}
	v, ok := harmless[o.Target]
	if !ok {
		side := b.Acting()
		v = b.harmsNone(side, o.Target, b.apDefenders(side, o.Target), b.crewChecksAt(side, o.Target))
		harmless[o.Target] = v
	}
	return v
}

// mortarStrikeVersion is the save version from which mortars fire at the
// whole hex, rolling against each vehicle in it (rules 12.67); older
// saves fired AP at its infantry or AT at one vehicle.
const mortarStrikeVersion = 6

// mortarStrikesVehicles reports whether a mortar's attack on a hex rolls
// against each vehicle there (rules 12.67): under a ruleset that resolves
// rounds falling on AFVs (combat.OffBoardFire), in a battle that follows
// the rules of version 6 or later (Config.Version).
func (b *Battle) mortarStrikesVehicles() bool {
	return combat.ResolvesOffBoard(b.rules) && !b.mortarShotsAlone()
}

// mortarShotsAlone reports whether the battle follows a save of before
// version 6, whose mortars left the vehicles of a hex they fired AP at
// alone (Config.Version).
func (b *Battle) mortarShotsAlone() bool {
	return b.config.Version > 0 && b.config.Version < mortarStrikeVersion
}

// planMortarStrike adds to plan p, an attack by mortars whose support
// weapons are weapons, the roll against each enemy vehicle of the target
// hex (rules 12.67), with the highest ATFP among the mortars (ours: the
// rules roll once for each vehicle, and a group of mortars is one
// attack). The vehicles and their passengers leave the AP attack's
// defenders (ours: 12.67 is how a mortar harms a vehicle, and a
// destroyed vehicle takes its passengers with it, rules 8.5), and the
// AFVs its crew checks (the roll's own check covers an immobile one).
func (b *Battle) planMortarStrike(p *APPlan, weapons []*units.Weapon) error {
	var best *units.Weapon
	for _, w := range weapons {
		if w != nil && w.Mortar && w.ATFP != units.NoRating && (best == nil || w.ATFP > best.ATFP) {
			best = w
		}
	}
	if best == nil {
		return nil
	}
	w := mortarRounds(best.Name, best.ATFP)
	side := p.Firers[0].Side
	enemy := slices.DeleteFunc(b.UnitsAt(p.Target), func(u *Unit) bool { return u.Side == side })
	vs, err := b.planVehicleStrike(w, enemy, true)
	if err != nil || len(vs.Vehicles) == 0 {
		return err
	}
	p.VehicleStrike = vs
	p.Defenders = slices.DeleteFunc(p.Defenders, func(u *Unit) bool {
		return u.Type.Kind == units.Vehicle || u.Carrier != 0
	})
	p.CrewChecks = nil
	return nil
}

// mortarRounds is a shot's view of the rounds of mortar name, of ATFP
// atfp, falling on a vehicle of the hex its AP attack struck (rules
// 12.67); the attack has checked the range.
func mortarRounds(name string, atfp units.Rating) combat.Weapon {
	return combat.Weapon{Name: name, Class: combat.SupportWeapon, ATFP: atfp, Mortar: true}
}

// mortarStrike rolls the mortar of allocation a against each vehicle of
// its hex that is still in play (rules 12.67).
func (b *Battle) mortarStrike(a pendingAllocation) []Event {
	vs := VehicleStrike{Vehicles: b.unitsOf(a.Vehicles)}
	w := mortarRounds(a.Mortar, a.MortarATFP)
	for _, u := range vs.Vehicles {
		vs.Shots = append(vs.Shots, b.strikeShot(w, u))
	}
	return b.rollVehicleStrike(a.Mortar, vs, b.unitsOf(a.Firers))
}

// apDefendersOf returns the defenders of plan p's attack from hex from:
// no Gun's shield turns a round falling from above (ours: the rules give
// the shield against fire from the front, and indirect fire has none).
func (b *Battle) apDefendersOf(p APPlan, from board.Hex) []combat.Defender {
	if p.Mortars {
		return b.unshieldedDefenders(p.Defenders, from)
	}
	return b.defenders(p.Defenders, from)
}

// unshieldedDefenders is defenders for an attack no Gun's shield turns:
// rounds falling from above (a mortar's, an off-board mission's) and a
// fire lane's attack.
func (b *Battle) unshieldedDefenders(us []*Unit, from board.Hex) []combat.Defender {
	defs := b.defenders(us, from)
	for i := range defs {
		defs[i].Shielded = false
	}
	return defs
}

// checkCanFire refuses a firer that may not attack now.
func (b *Battle) checkCanFire(u *Unit) error {
	if u.Active() && !u.Has(Pinned) && u.Has(Fired) {
		return fmt.Errorf("%s has already fired %s", u.Label(), b.firedWhen(u))
	}
	return b.checkCanFireUnmarked(u)
}

// firedWhen says when unit u, marked Fire, fired, in the words of the
// phases a player reads on the top bar rather than the rules' segment
// (the half of the turn a side moves in, whose end clears the marker):
// the moving side fires in its Fire phase, the other at its movers and
// in Defensive Fire.
func (b *Battle) firedWhen(u *Unit) string {
	if u.Side == b.phasing {
		return fmt.Sprintf("in this turn's %s Fire phase", b.phasing.Adjective())
	}
	return fmt.Sprintf("in this turn's %s Movement or Defensive Fire phase", b.phasing.Adjective())
}

// checkCanFireUnmarked is checkCanFire for a unit that may fire though it
// fired this segment (the final shot at an overrunning AFV, rules 19.2).
func (b *Battle) checkCanFireUnmarked(u *Unit) error {
	switch {
	case !u.Active():
		return fmt.Errorf("%s has been eliminated", u.Label())
	case u.Has(Pinned):
		return fmt.Errorf("%s is pinned and may not fire", u.Label())
	case u.Has(SmokeLaid):
		return fmt.Errorf("%s laid smoke %s and may not fire", u.Label(), b.firedWhen(u))
	}
	return b.checkForbidden(u, combat.ForbidFire, "fire")
}

// fireGroupHex checks that firers may fire as one group and returns the
// hex they fire from: infantry of one hex; or one AFV, vehicle or Gun with
// its own passengers; or passengers of one vehicle.
func (b *Battle) fireGroupHex(firers []*Unit) (board.Hex, error) {
	var vehicle *Unit
	carrier := UnitID(0)
	onMapInfantry := 0
	for _, u := range firers {
		switch {
		case !u.Type.Kind.Infantry():
			if vehicle != nil {
				return board.Hex{}, fmt.Errorf("%s and %s: AFVs, vehicles and Guns never fire as a group", vehicle.Label(), u.Label())
			}
			vehicle = u
		case u.Carrier != 0:
			if carrier != 0 && carrier != u.Carrier {
				return board.Hex{}, fmt.Errorf("%s rides another vehicle: passengers fire only with their own vehicle and its passengers", u.Label())
			}
			carrier = u.Carrier
		default:
			onMapInfantry++
		}
	}
	switch {
	case (vehicle != nil || carrier != 0) && onMapInfantry > 0:
		return board.Hex{}, errors.New("passengers and vehicles fire as a group only with each other, not with infantry on the ground")
	case vehicle != nil && carrier != 0 && carrier != vehicle.ID:
		return board.Hex{}, fmt.Errorf("the passengers do not ride %s", vehicle.Label())
	}
	from := firers[0].Pose.Hex
	for _, u := range firers[1:] {
		if u.Pose.Hex != from {
			return board.Hex{}, fmt.Errorf("%s is not in %s: a fire group is the units of one hex", u.Label(), b.Board().Label(from))
		}
	}
	return from, nil
}

// wallCovers reports whether the line l crosses a wall, hedge or hedgerow
// on a hexside of its target hex: positive cover for the target even in
// open ground.
func wallCovers(l board.LOS) bool {
	return slices.ContainsFunc(l.Hindrances, func(o board.Obstacle) bool {
		return o.Kind == board.OnHexside && (o.Hex == l.To || o.Other == l.To)
	})
}

// APFirepower returns what u, standing in pose from, adds to an AP attack
// on hex to, or 0 and why nothing (the computer opponent asks it for poses
// a unit is not in yet): infantry their APFP within their range plus one support weapon
// (a squad: Light or Heavy; a half squad: Light, or a Heavy weapon's APFP
// alone; a leader: a Light weapon's APFP alone); a member out of its own
// range adds its weapon's APFP alone when that reaches. Passengers fire
// their own APFP, and of their weapons only a light MG. AFVs and vehicles
// add the main gun (unlimited range, within its arc) and their MGs (8
// hexes, forward MGs within the FFA); Guns their gun within the FFA. Valor
// adds 1 to the men's own APFP when it counts, never to a weapon's.
func (b *Battle) APFirepower(u *Unit, from board.Pose, to board.Hex) (int, string) {
	total, _, why := b.apFirepower(u, from, to)
	return total, why
}

// apFirepower is APFirepower with the support weapon whose APFP counts in
// the total (nil when none does).
func (b *Battle) apFirepower(u *Unit, from board.Pose, to board.Hex) (int, *units.Weapon, string) {
	t := u.Type
	dist := from.Hex.Distance(to)
	inFFA := board.InForwardArc(from.Hex, from.Facing, to)
	total, why := 0, ""
	if !t.Kind.Infantry() {
		gun, bears := 0, false
		if t.GunAPFP > 0 && (t.Turret || inFFA) {
			gun, bears = t.GunAPFP, true
		}
		mgs := make([]combat.MountedMG, len(t.MGs))
		for i, mg := range t.MGs {
			mgs[i] = combat.MountedMG{APFP: mg.APFP, Forward: mg.Arc != units.Arc360,
				Bears: dist <= MGRange && (mg.Arc == units.Arc360 || inFFA)}
			bears = bears || mgs[i].Bears
		}
		total = combat.VehicleAPFPOf(b.rules, gun, mgs, u.StateSet())
		switch {
		case !bears:
			why = "no gun or MG bears on it (MGs reach 8 hexes; forward weapons fire within the forward arc)"
		case total == 0:
			why = "its states leave it no AP firepower"
		}
		return total, nil, why
	}
	w := b.APWeapon(u, from.Hex, dist)
	own := 0
	if dist <= t.Range {
		own = t.APFP
	}
	weapon := 0
	switch {
	case w == nil:
	case u.Carrier != 0 && (w.Type != units.Light || w.ATFP != units.NoRating):
		// From a vehicle only a light MG fires beside the men's own APFP.
	case t.Kind == units.Leader && w.Type == units.Heavy:
	case t.Kind == units.Leader, t.Kind == units.HalfSquad && w.Type == units.Heavy:
		own, weapon = 0, w.APFP
	default:
		weapon = w.APFP
	}
	if own > 0 && u.Has(Valorous) {
		own++ // Valor raises the men's own firepower, never a support weapon's
	}
	if w != nil && w.Mortar && weapon > 0 {
		// Firing a mortar the crew add nothing of their own (rules 12.6):
		// the unit fires the mortar or its own APFP, whichever is more.
		if own > weapon {
			weapon = 0
		} else {
			own = 0
		}
	}
	if total = own + weapon; total == 0 {
		return 0, nil, fmt.Sprintf("it is %d hexes away and its range is %d", dist, t.Range)
	}
	if weapon == 0 {
		w = nil
	}
	return total, w, ""
}

// APWeapon returns u's support weapon if it has AP firepower and reaches
// dist hexes (its range, or the ruleset's reach: combat.APRangeOf) when
// fired from hex from, or nil. Expendable weapons (the
// Panzerfaust) are AT only.
func (b *Battle) APWeapon(u *Unit, from board.Hex, dist int) *units.Weapon {
	if u.SupportWeapon == "" || u.WeaponSpent || u.WeaponLost != "" {
		return nil
	}
	w, err := b.catalogue.LookupWeapon(u.SupportWeapon)
	if err != nil || w.APFP == 0 || w.Type == units.Expendable || dist > combat.APRangeOf(b.rules, w) || dist < w.MinRange {
		return nil
	}
	if w.Mortar && (b.Board().Fort(from).Kind.IsBunker() || b.checkMortarHex(from, true) != nil) {
		return nil // no mortar fires out of a bunker (rules 20.5) or a building (12.61)
	}
	return w
}

// apDefenders returns the enemy units in hex h that AP fire can harm:
// infantry, unarmoured vehicles and Guns, each vehicle followed by its
// passengers (never an AFV or those it carries). Opportunity fire strikes
// the moving unit alone.
func (b *Battle) apDefenders(side maps.Side, h board.Hex) []*Unit {
	return b.hexDefenders(side, h, b.Moving() != nil)
}

// hexDefenders is apDefenders, with opportunity fire's limit to the moving
// units only when movingOnly (an overrun strikes the whole hex while its
// AFV moves).
func (b *Battle) hexDefenders(side maps.Side, h board.Hex, movingOnly bool) []*Unit {
	var us []*Unit
	for _, u := range b.UnitsAt(h) {
		if u.Side == side || !b.StruckByAP(u) || (movingOnly && !b.moving(u.ID)) {
			continue
		}
		us = append(us, u)
		if u.Type.Kind == units.Vehicle {
			us = append(us, b.Passengers(u.ID)...)
		}
	}
	return us
}

// StruckByAP reports whether AP fire at u's hex counts u among its
// defenders (casualty points): any unit but an AFV, and a passenger only
// of a vehicle that is not one. The sequence of play (opportunity fire
// strikes the moving unit alone) and the crew checks some rulesets make
// immobile AFVs take are left out: the computer opponent asks it of units
// where they might stand.
func (b *Battle) StruckByAP(u *Unit) bool {
	if u.Carrier != 0 {
		c := b.Unit(u.Carrier)
		return c != nil && c.Type.Kind == units.Vehicle
	}
	return u.Type.Kind != units.AFV
}

// crewChecksAt returns the immobile AFVs of the enemy of side in hex h that
// an attack on the hex makes check their crews, when the ruleset has crew
// checks. Opportunity fire strikes the moving unit alone, never them.
func (b *Battle) crewChecksAt(side maps.Side, h board.Hex) []*Unit {
	if _, ok := b.rules.(combat.CrewChecker); !ok || b.Moving() != nil {
		return nil
	}
	var us []*Unit
	for _, u := range b.UnitsAt(h) {
		if u.Side != side && u.Type.Kind == units.AFV && u.Has(Immobile) {
			us = append(us, u)
		}
	}
	return us
}

// defenders describes units for the casualty-point allocation; from is the
// attacker's hex (a Gun's shield counts against fire from its forward arc).
func (b *Battle) defenders(us []*Unit, from board.Hex) []combat.Defender {
	ds := make([]combat.Defender, len(us))
	for i, u := range us {
		d := b.Defender(u, u.Pose, from)
		if u.Carrier != 0 {
			d.Carrier = slices.IndexFunc(us, func(c *Unit) bool { return c.ID == u.Carrier }) + 1
		}
		ds[i] = d
	}
	return ds
}

// Defender describes u, standing in pose at, for the casualty-point
// allocation of an attack from hex from (a Gun's shield counts against
// fire from its forward arc while it has not moved and is not moving).
func (b *Battle) Defender(u *Unit, at board.Pose, from board.Hex) combat.Defender {
	d := combat.Defender{Name: u.Label(), Kind: u.Type.Kind, CR: u.Type.CR,
		Pinned: u.Has(Pinned), Valorous: u.Has(Valorous)}
	if h := b.HalfSquadOf(u.Type); h != nil {
		d.HalfCR = h.CR
	}
	if u.Type.Kind == units.Gun {
		d.Shielded = b.shieldFaces(u, at, from)
	}
	return d
}

// shieldFaces reports whether Gun u, standing in pose at, has a shield
// that covers it against fire from hex from: the attacker in its forward
// arc and the Gun not moved this segment nor moving now (rules 13.5: a
// Gun being moved has no shield).
func (b *Battle) shieldFaces(u *Unit, at board.Pose, from board.Hex) bool {
	return u.Type.GunShield && !u.Has(Moved) && !b.moving(u.ID) && board.InForwardArc(at.Hex, at.Facing, from)
}

// HalfSquadOf returns the half squad a squad of type t is reduced to: the
// catalogue's half squad of the same nation without a support weapon of
// its own, elite if the squad is (any when none matches), first by name;
// nil when t is not a squad or its nation has none.
func (b *Battle) HalfSquadOf(t *units.Type) *units.Type {
	if t.Kind != units.Squad {
		return nil
	}
	var any *units.Type
	for _, h := range b.catalogue.Types() {
		if h.Nation != t.Nation || h.Kind != units.HalfSquad || h.Weapon != "" {
			continue
		}
		if h.Elite == t.Elite {
			return h
		}
		if any == nil {
			any = h
		}
	}
	return any
}

func (b *Battle) fireAP(o FireAP) ([]Event, error) {
	p, err := b.PlanAP(o)
	if err != nil {
		return nil, err
	}
	defs := b.apDefendersOf(p, p.From)
	chooser, owner := b.infantry.(combat.CasualtyChoices)
	owner = owner && o.OwnerAllocates
	var out combat.APOutcome
	var choices [][]combat.Loss
	if owner {
		out = chooser.RollAP(p.Attack, b.dice)
		if out.Err == nil {
			choices = chooser.Allocations(defs, out.Points)
		}
	} else {
		out = b.infantry.FireAP(p.Attack, defs, b.dice)
	}
	if out.Err != nil {
		return nil, out.Err
	}
	side := p.Firers[0].Side
	names := make([]string, len(p.Firers))
	for i, u := range p.Firers {
		u.Markers |= Fired
		names[i] = u.Label()
	}
	b.grenades[side] -= p.Attack.Grenades
	if p.Firers[0].Type.Kind.Infantry() && p.Firers[0].Carrier == 0 {
		b.fireGroups = append(b.fireGroups, hexPair{p.From, p.Target})
	}
	var laid []Event
	if p.Lane != nil {
		laid = b.layLanes(p)
	}
	bd := b.Board()
	how, spotted := "", ""
	if p.Spotter != nil {
		how, spotted = " indirectly", ", spotted by "+p.Spotter.Label()
	}
	text := fmt.Sprintf("%s fire%s%s at %s%s: ", strings.Join(names, ", "), map[bool]string{true: "s", false: ""}[len(names) == 1], how, bd.Label(p.Target), spotted)
	if out.Points == 0 {
		text += "no effect"
	} else {
		text += fmt.Sprintf("%d casualty point%s", out.Points, map[bool]string{true: "", false: "s"}[out.Points == 1])
	}
	a := pendingAllocation{Owner: Opponent(side), Target: p.Target, Points: out.Points, Valor: out.Valor,
		Firers: idsOf(p.Firers), Units: idsOf(p.Defenders), Defenders: defs, CrewChecks: idsOf(p.CrewChecks)}
	if len(p.Vehicles) > 0 {
		w := p.Shots[0].Weapon
		a.Vehicles, a.Mortar, a.MortarATFP = idsOf(p.Vehicles), w.Name, w.ATFP
	}
	_, sniperWaits := b.snipers[Opponent(side)]
	a.Sniper = sniperWaits && out.Natural == sniperActivationRoll && p.Firers[0].Type.Kind.Infantry()
	if owner && len(choices) > 1 {
		b.allocation = &a
		text += fmt.Sprintf(": the %s choose how to spend them", a.Owner)
		return append([]Event{{Kind: HexFired, Unit: p.Firers[0].ID, Hex: p.Target, AP: &out, Text: text}}, laid...), nil
	}
	if owner { // one way to spend them: no choice to wait for
		sp, err := chooser.SpendAs(defs, out.Points, choices[0], b.dice)
		if err != nil {
			return nil, err
		}
		out.Fates, out.Rolls, out.Steps = sp.Fates, append(out.Rolls, sp.Rolls...), append(out.Steps, sp.Steps...)
	}
	events := append([]Event{{Kind: HexFired, Unit: p.Firers[0].ID, Hex: p.Target, AP: &out, Text: text}}, laid...)
	return append(events, b.settleAP(a, out.Fates)...), nil
}

// idsOf returns the IDs of us.
func idsOf(us []*Unit) []UnitID {
	out := make([]UnitID, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

// settleAP carries out what an AP attack's spent points did: the fates,
// the crew checks of immobile AFVs in the hex, a mortar's roll against
// each vehicle there (rules 12.67), the marks of having come
// under fire, the firers' valor checks on a natural 2, and the stop of a
// mover the attack halted.
func (b *Battle) settleAP(a pendingAllocation, fates []combat.Fate) []Event {
	events := b.applyFates(b.unitsOf(a.Units), fates)
	for _, u := range b.unitsOf(a.CrewChecks) {
		events = append(events, b.crewCheck(u, HexFired)...)
	}
	events = append(events, b.mortarStrike(a)...)
	events = append(events, b.putUnderFire(b.unitsOf(a.Units))...)
	if a.Valor {
		events = append(events, b.valorChecks(b.unitsOf(a.Firers))...)
	}
	if a.Sniper {
		events = append(events, b.sniperStrikes(a.Firers)...)
	}
	return append(events, b.stopHaltedMover()...)
}

// unitsOf returns the units with the IDs.
func (b *Battle) unitsOf(ids []UnitID) []*Unit {
	us := make([]*Unit, len(ids))
	for i, id := range ids {
		us[i] = b.Unit(id)
	}
	return us
}

// stopHaltedMover ends the pending move of a mover that was pinned,
// immobilized or eliminated; one halted in an over-stacked friendly hex it
// was passing through is eliminated.
func (b *Battle) stopHaltedMover() []Event {
	if b.pending == nil {
		return nil
	}
	var going, halted []*Unit
	for _, m := range b.movers() {
		if m.Active() && !m.Has(Pinned) && !m.Has(Immobile) {
			going = append(going, m)
		} else {
			halted = append(halted, m)
		}
	}
	var events []Event
	// A mover may pass through a full friendly hex but not stop there; one
	// stopped there by a pin is eliminated (infantry-combat.md), and so,
	// our choice, is one stopped there by immobilization: it can neither
	// end its move there nor leave. A stack's members halted so stop; the
	// others go on.
	for _, m := range halted {
		if m.Active() && b.stackErrorLeaving([]*Unit{m}, going, m.Pose.Hex) != nil {
			events = append(events, b.eliminate(m, "eliminated: stopped in an over-stacked hex")...)
		}
	}
	if len(going) == 0 {
		return append(events, b.endMove(b.Unit(b.pending.Unit))...)
	}
	for _, m := range halted {
		if m.Active() {
			m.Markers |= Moved
			events = append(events, Event{Kind: MoveEnded, Unit: m.ID, Hex: m.Pose.Hex,
				Text: fmt.Sprintf("%s stops in %s; the rest of its stack goes on", m.Label(), b.Board().Label(m.Pose.Hex))})
		}
	}
	b.pending.Unit, b.pending.With = going[0].ID, nil
	for _, m := range going[1:] {
		b.pending.With = append(b.pending.With, m.ID)
	}
	b.pending.Fired = true // its owner decides how it goes on (Pass)
	return events
}

// applyFates carries out the fates of an attack on the units.
func (b *Battle) applyFates(us []*Unit, fates []combat.Fate) []Event {
	var events []Event
	for i, u := range us {
		if !u.Active() {
			continue // eliminated with its vehicle
		}
		switch fates[i] {
		case combat.FatePinned:
			events = append(events, b.pin(u)...)
		case combat.FateReduced:
			events = append(events, b.reduce(u)...)
		case combat.FateReducedPinned:
			events = append(events, b.reduce(u)...)
			events = append(events, b.pin(u)...)
		case combat.FateEliminated:
			events = append(events, b.eliminate(u, "eliminated")...)
		}
	}
	return events
}

// pin marks u and what it carries (passengers, a Gun in tow) Pinned (rules 8.5).
func (b *Battle) pin(u *Unit) []Event {
	var events []Event
	for _, x := range append([]*Unit{u}, b.carried(u.ID)...) {
		if x.Has(Pinned) {
			continue
		}
		x.Markers |= Pinned
		events = append(events, Event{Kind: UnitPinned, Unit: x.ID, Hex: x.Pose.Hex, Text: x.Label() + " is pinned"})
	}
	return events
}

// unpin removes the Pinned marker of u and what it carries.
func (b *Battle) unpin(u *Unit, how string) []Event {
	var events []Event
	for _, x := range append([]*Unit{u}, b.carried(u.ID)...) {
		if !x.Has(Pinned) {
			continue
		}
		x.Markers &^= Pinned
		events = append(events, Event{Kind: UnitRallied, Unit: x.ID, Hex: x.Pose.Hex, Text: x.Label() + " " + how})
	}
	return events
}

// reduce turns a squad into its nation's half squad; it keeps its markers
// (Valor included) and its scenario name if it had one.
func (b *Battle) reduce(u *Unit) []Event {
	h := b.HalfSquadOf(u.Type)
	if h == nil {
		return b.eliminate(u, "eliminated")
	}
	old := u.Label()
	if u.Name == u.Type.Name {
		u.Name = h.Name
	}
	if u.Quality == combat.QualityOf(u.Type) {
		u.Quality = combat.QualityOf(h)
	}
	// The half squad keeps the weapon the squad carried (rules 12.2: a half
	// squad carries one too; the §14 AP example keeps its MG).
	u.Type = h
	return []Event{{Kind: UnitReduced, Unit: u.ID, Hex: u.Pose.Hex, Text: fmt.Sprintf("%s is reduced to %s", old, u.Label())}}
}

// valorChecks rolls the Valor check of every infantry unit that made a
// roll of natural 2: 2d6 at or under its CR (a leader 6).
func (b *Battle) valorChecks(us []*Unit) []Event {
	if b.infantry == nil {
		return nil
	}
	var events []Event
	for _, u := range us {
		if !u.Active() || !u.Type.Kind.Infantry() || u.Has(Valorous) {
			continue
		}
		ok, line := b.infantry.ValorCheck(u.Label(), u.Type.Kind, u.Type.CR, b.dice)
		text := line
		if ok {
			u.Markers |= Valorous
			text = line + ": " + u.Label() + " gains Valor"
		}
		events = append(events, Event{Kind: UnitValorous, Unit: u.ID, Hex: u.Pose.Hex, Text: text})
	}
	return events
}

// rallyAll removes the Pinned marker of every unit of the phasing side
// (the Command phase).
func (b *Battle) rallyAll() []Event {
	var events []Event
	for _, u := range b.units {
		if u.Active() && u.Side == b.phasing && u.Has(Pinned) {
			u.Markers &^= Pinned
			events = append(events, Event{Kind: UnitRallied, Unit: u.ID, Hex: u.Pose.Hex, Text: u.Label() + " rallies"})
		}
	}
	return events
}

// earlyRally is the After-Action rally of the phasing side, automatic for
// every pinned unit on the map in ID order (our choice): 2d6 at or under 7
// (leaders, elite infantry, vehicles, Guns) or 6 (regular infantry), with
// the best modifier of an unpinned friendly leader in its hex at the time
// of the roll. Passengers rally with their vehicle.
func (b *Battle) earlyRally() []Event {
	if b.infantry == nil {
		return nil
	}
	var events []Event
	for _, u := range b.units {
		if !u.OnMap() || u.Side != b.phasing || !u.Has(Pinned) {
			continue
		}
		mod := 0
		for _, l := range b.UnitsAt(u.Pose.Hex) {
			if l.ID != u.ID && l.Side == u.Side && l.Type.Kind == units.Leader && !l.Has(Pinned) {
				mod = min(mod, l.Type.Modifier)
			}
		}
		ok, line := b.infantry.RallyCheck(u.Label(), u.Type.Kind, u.Quality == combat.Elite, mod, b.dice)
		if !ok {
			events = append(events, Event{Kind: UnitPinned, Unit: u.ID, Hex: u.Pose.Hex, Text: line + ": stays pinned"})
			continue
		}
		for _, e := range b.unpin(u, "rallies") {
			if e.Unit == u.ID {
				e.Text = line + ": " + e.Text
			}
			events = append(events, e)
		}
	}
	return events
}

// AssaultPlan is a close assault worked out but not rolled.
type AssaultPlan struct {
	Attackers []*Unit
	From      board.Hex
	Target    board.Hex
	// Defenders are the unpinned units that defend; Doomed the pinned
	// units in the hex, eliminated before the roll.
	Defenders []*Unit
	Doomed    []*Unit
	// Assault is what the ruleset rolls; Odds its ratio, kill number and
	// chance of success. With no unpinned defender the hex is taken
	// without a roll.
	Assault combat.Assault
	Odds    combat.AssaultOdds
	// DefenderGrenades is how many grenades the defenders will throw from
	// their pool (Grenades).
	DefenderGrenades int
}

// grenadesByUnitVersion is the save version from which each unit of an
// attack may throw a grenade (rules 12.52); older saves threw one an
// attack, and replay so.
const grenadesByUnitVersion = 5

// oneGrenadeAnAttack reports whether the battle follows a save of before
// version 5, which threw one grenade an attack (Config.Version).
func (b *Battle) oneGrenadeAnAttack() bool {
	return b.config.Version > 0 && b.config.Version < grenadesByUnitVersion
}

// GrenadeLimit is how many grenade counters the units ids of side may
// throw in one attack (a FireAP's units and leader, an Assault's units):
// grenadeLimit.
func (b *Battle) GrenadeLimit(side maps.Side, ids ...UnitID) int {
	var us []*Unit
	for _, id := range ids {
		if u := b.Unit(id); u != nil && u.Side == side {
			us = append(us, u)
		}
	}
	return b.grenadeLimit(side, us)
}

// grenadeLimit is how many grenade counters side's units us may throw in
// one attack: one for each infantry unit (rules 12.52), as many as the
// side's pool holds (one an attack in a battle that follows an older save).
// Defenders in a close assault throw this many (our choice: all they may).
func (b *Battle) grenadeLimit(side maps.Side, us []*Unit) int {
	n := 0
	for _, u := range us {
		if u.Type.Kind.Infantry() {
			n++
		}
	}
	if b.oneGrenadeAnAttack() {
		n = min(n, 1)
	}
	return min(n, b.grenades[side])
}

// checkGrenades refuses n grenade counters thrown by units us.
func (b *Battle) checkGrenades(n int, us []*Unit) error {
	if n == 0 {
		return nil
	}
	side := us[0].Side
	switch limit := b.grenadeLimit(side, us); {
	case n < 0:
		return fmt.Errorf("%d grenades: none or more", n)
	case b.grenades[side] == 0:
		return fmt.Errorf("the %s have no grenades left", side)
	case n > limit:
		return fmt.Errorf("%d grenades: one a unit at most (rules 12.52), %d here with %d in the pool", n, limit, b.grenades[side])
	}
	return nil
}

// mineDeclaredVersion is the save version from which an assault declares a
// magnetic mine (Assault.Mine), whose success acts on the defending
// vehicles alone; older saves rolled the mine check wherever the ruleset
// gave one, and a success with the mine took the whole hex.
const mineDeclaredVersion = 9

// minesWherever reports whether the battle follows a save of before
// version 9, whose assaults used magnetic mines wherever they could
// (Config.Version).
func (b *Battle) minesWherever() bool {
	return b.config.Version > 0 && b.config.Version < mineDeclaredVersion
}

// PlanAssault works out order o without rolling.
func (b *Battle) PlanAssault(o Assault) (AssaultPlan, error) {
	var p AssaultPlan
	inf, err := b.infantryRules("close assault")
	if err != nil {
		return p, err
	}
	if err := b.requirePhase(AdvancePhase, "units close-assault"); err != nil {
		return p, err
	}
	if len(o.Units) == 0 {
		return p, errors.New("no unit assaults")
	}
	for i, id := range o.Units {
		if slices.Contains(o.Units[:i], id) {
			return p, fmt.Errorf("unit #%d is listed twice", id)
		}
		u, err := b.actor(id)
		if err != nil {
			return p, err
		}
		switch {
		case !u.Type.Kind.Infantry():
			return p, fmt.Errorf("%s is not infantry: only infantry close-assault", u.Label())
		case u.Carrier != 0:
			return p, fmt.Errorf("%s is aboard a vehicle", u.Label())
		case u.Has(Pinned):
			return p, fmt.Errorf("%s is pinned and may not assault", u.Label())
		case u.Has(Advanced):
			return p, fmt.Errorf("%s advanced or assaulted in this phase", u.Label())
		case i > 0 && u.Pose.Hex != p.From:
			return p, fmt.Errorf("%s is not in %s: the assaulting units come from one hex", u.Label(), b.Board().Label(p.From))
		}
		p.From = u.Pose.Hex
		p.Attackers = append(p.Attackers, u)
	}
	bd := b.Board()
	side := p.Attackers[0].Side
	p.Target = o.Target
	switch {
	case slices.Contains(b.assaulted, p.From):
		return p, fmt.Errorf("units in %s have already close-assaulted this turn", bd.Label(p.From))
	case p.From.Distance(o.Target) != 1:
		return p, fmt.Errorf("%s is not next to %s", bd.Label(o.Target), bd.Label(p.From))
	case !b.knownEnemyIn(side, o.Target):
		return p, fmt.Errorf("there is no enemy unit in %s", bd.Label(o.Target))
	}
	if err := b.checkGrenades(o.Grenades, p.Attackers); err != nil {
		return p, err
	}
	a := combat.Assault{Attackers: len(p.Attackers), Date: b.date,
		AttackerNation: p.Attackers[0].Type.Nation}
	switch {
	case b.minesWherever():
		a.Mine = combat.MineWherever
	case o.Mine:
		a.Mine = combat.MineDeclared
	}
	for _, u := range p.Attackers {
		if u.Type.Nation != a.AttackerNation {
			a.AttackerNation = ""
		}
		a.Attack += b.assaultFirepower(u, true)
		if u.Type.Kind == units.Leader {
			a.AttackerLeader = min(a.AttackerLeader, u.Type.Modifier)
		}
	}
	for _, u := range b.UnitsAt(o.Target) {
		if u.Has(Pinned) {
			p.Doomed = append(p.Doomed, u)
			continue
		}
		p.Defenders = append(p.Defenders, u)
		if u.Type.Kind == units.AFV || u.Type.Kind == units.Vehicle {
			a.Vehicles++
		}
		a.Defense += b.assaultFirepower(u, false)
		if u.Type.Kind == units.Leader {
			a.DefenderLeader = min(a.DefenderLeader, u.Type.Modifier)
		}
	}
	a.AttackerGrenades = o.Grenades
	p.DefenderGrenades = b.grenadeLimit(Opponent(side), p.Defenders)
	if b.oneGrenadeAnAttack() && len(p.Defenders) > 0 {
		p.DefenderGrenades = min(1, b.grenades[Opponent(side)]) // as an older save's battle threw them
	}
	a.DefenderGrenades = p.DefenderGrenades
	a.Defenders = len(p.Defenders)
	a.Cover = b.apCover(o.Target, p.Defenders).Value
	if bd.HexsideBetween(p.From, o.Target) != board.NoFeature {
		a.Cover++
	}
	a.Uphill = max(0, bd.Cell(o.Target).Level-bd.Cell(p.From).Level)
	p.Assault = a
	if p.Odds, err = inf.PlanAssault(a); err != nil {
		return p, err
	}
	return p, nil
}

// assaultFirepower is a unit's APFP in close assault: infantry their own
// (doubled with Valor) plus a support weapon (attackers: light MGs only);
// a defending AFV or vehicle its MGs plus its passengers', a Gun or a
// vehicle without MGs 2, an AFV without MGs 1 (our choices).
func (b *Battle) assaultFirepower(u *Unit, attacking bool) int {
	t := u.Type
	if !t.Kind.Infantry() {
		total := 0
		for _, mg := range t.MGs {
			total += mg.APFP
		}
		for _, p := range b.Passengers(u.ID) {
			total += b.assaultFirepower(p, false)
		}
		switch {
		case total > 0:
			return total
		case t.Kind == units.AFV:
			return 1
		}
		return 2
	}
	own := t.APFP
	if u.Has(Valorous) {
		own *= 2
	}
	w := b.APWeapon(u, u.Pose.Hex, 1)
	switch {
	case w == nil, attacking && (w.Type != units.Light || w.ATFP != units.NoRating):
		return own
	case t.Kind == units.Leader && w.Type == units.Heavy:
		return own
	case t.Kind == units.Leader, t.Kind == units.HalfSquad && w.Type == units.Heavy:
		return w.APFP
	}
	return own + w.APFP
}

func (b *Battle) assault(o Assault) ([]Event, error) {
	p, err := b.PlanAssault(o)
	if err != nil {
		return nil, err
	}
	bd := b.Board()
	side := p.Attackers[0].Side
	b.assaulted = append(b.assaulted, p.From)
	for _, u := range p.Attackers {
		u.Markers |= Advanced
	}
	events := b.unmaskAt(side, p.Target, RevealAssault) // the assault finds the dummies out first
	for _, u := range p.Doomed {
		if u.Active() {
			events = append(events, b.eliminate(u, "eliminated: pinned in a close-assaulted hex")...)
		}
	}
	if len(p.Defenders) == 0 {
		held := "only pinned units held %s"
		if len(p.Doomed) == 0 {
			held = "only dummies held %s"
		}
		events = append(events, Event{Kind: HexAssaulted, Unit: p.Attackers[0].ID, Hex: p.Target,
			Text: fmt.Sprintf(held+": it is taken without a roll", bd.Label(p.Target))})
		return append(events, b.moveIn(p)...), nil
	}
	out := b.infantry.ResolveAssault(p.Assault, b.dice)
	if out.Err != nil {
		return nil, out.Err
	}
	b.grenades[side] -= p.Assault.AttackerGrenades
	b.grenades[Opponent(side)] -= p.DefenderGrenades
	result := "fails"
	switch {
	case out.Success:
		result = "succeeds"
	case out.VehiclesOnly:
		result = "succeeds against the vehicles alone"
	}
	events = append(events, Event{Kind: HexAssaulted, Unit: p.Attackers[0].ID, Hex: p.Target, Assault: &out,
		Text: fmt.Sprintf("close assault from %s on %s (%s, kill number %d) %s", bd.Label(p.From), bd.Label(p.Target), out.Ratio, out.Kill, result)})
	for _, u := range p.Defenders {
		vehicle := u.Type.Kind == units.AFV || u.Type.Kind == units.Vehicle
		if u.Active() && (out.Success || out.VehiclesOnly && vehicle) {
			events = append(events, b.eliminate(u, "eliminated in close assault")...)
		}
	}
	sp := b.infantry.Spend(b.defenders(p.Attackers, p.Target), out.AttackerPoints, b.dice)
	events = append(events, b.applyFates(p.Attackers, sp.Fates)...)
	if out.AttackersPinned {
		for _, u := range p.Attackers {
			if u.Active() {
				events = append(events, b.pin(u)...)
			}
		}
	}
	if out.Success {
		return append(events, b.moveIn(p)...), nil
	}
	return append(events, b.defendersTakePoints(p, out.DefenderPoints)...), nil
}

// moveIn moves the surviving attackers into the taken hex.
func (b *Battle) moveIn(p AssaultPlan) []Event {
	var events []Event
	for _, u := range p.Attackers {
		if !u.Active() {
			continue
		}
		from := u.Pose
		b.setPose(u, board.Pose{Hex: p.Target, Facing: u.Pose.Facing})
		events = append(events, Event{Kind: UnitMoved, Unit: u.ID, From: from, To: u.Pose, Hex: p.Target,
			Text: fmt.Sprintf("%s moves into %s", u.Label(), b.Board().Label(p.Target))})
		events = append(events, b.sniperOverrun(u.Side, p.Target)...)
	}
	return events
}

// defendersTakePoints spends the points of a failed assault on the
// defenders: AFVs take them first, up to 3 each, and roll for
// immobilization (our choice: an immobilization loses no casualty rating,
// so it is the cheapest place for them); the rest go to the other
// defenders by the automatic allocation. Defenders already eliminated
// (the vehicles a magnetic mine took) take none.
func (b *Battle) defendersTakePoints(p AssaultPlan, points int) []Event {
	var events []Event
	var rest []*Unit
	for _, u := range p.Defenders {
		if !u.Active() {
			continue
		}
		if u.Type.Kind != units.AFV {
			rest = append(rest, u)
			if u.Type.Kind == units.Vehicle {
				rest = append(rest, b.Passengers(u.ID)...)
			}
			continue
		}
		if points > 0 {
			take := min(points, b.infantry.AssaultPointsOnAFV())
			points -= take
			ok, line := b.infantry.ImmobilizeInAssault(u.Label(), take, b.dice)
			events = append(events, Event{Kind: HexAssaulted, Unit: u.ID, Hex: u.Pose.Hex, Text: line})
			if ok && !u.Has(Immobile) {
				u.Markers |= Immobile
				events = append(events, Event{Kind: UnitImmobilized, Unit: u.ID, Hex: u.Pose.Hex, Text: u.Label() + " is immobilized"})
			}
		}
		// An immobile AFV that survives any attack checks its crew in the
		// rulesets that say so (default §10 step 6), once for this assault.
		events = append(events, b.crewCheck(u, HexAssaulted)...)
	}
	if points > 0 && len(rest) > 0 {
		sp := b.infantry.Spend(b.defenders(rest, p.From), points, b.dice)
		events = append(events, b.applyFates(rest, sp.Fates)...)
	}
	return events
}

// crewCheck rolls the crew check of u, an immobile AFV that survived an
// attack other than the ruleset's own AT shot, when the ruleset has one;
// the event of the roll is of kind k.
func (b *Battle) crewCheck(u *Unit, k EventKind) []Event {
	cc, ok := b.rules.(combat.CrewChecker)
	if !ok || !u.Active() || !u.Has(Immobile) {
		return nil
	}
	_, abandons, line := cc.CrewCheck(b.dice)
	events := []Event{{Kind: k, Unit: u.ID, Hex: u.Pose.Hex, Text: u.Label() + ": " + line}}
	if abandons {
		events = append(events, b.abandon(u)...)
	}
	return events
}

// CrewCheckOdds returns the exact odds of the ruleset's crew check, as
// headlines "abandoned" and "no effect", or false when it has none.
func (b *Battle) CrewCheckOdds() (combat.Odds, bool) {
	cc, ok := b.rules.(combat.CrewChecker)
	if !ok {
		return combat.Odds{}, false
	}
	odds, err := combat.Enumerate(func(d combat.Dice) combat.Outcome {
		o := combat.Outcome{Hit: true}
		if _, abandons, _ := cc.CrewCheck(d); abandons {
			o.Effects = []combat.Effect{{Kind: combat.Abandoned}}
		}
		return o
	})
	return odds, err == nil
}

// Infantry returns the ruleset's infantry combat, or nil when it has none.
func (b *Battle) Infantry() combat.InfantryRules { return b.infantry }

// infantryRules returns the ruleset's infantry combat, or why there is
// none for what.
func (b *Battle) infantryRules(what string) (combat.InfantryRules, error) {
	if b.infantry == nil {
		return nil, fmt.Errorf("the %s ruleset has no %s", b.rules.Name(), what)
	}
	return b.infantry, nil
}
