package battle

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// FirePlan is an AT attack worked out but not rolled: the geometry, the
// shot the ruleset will resolve and its exact odds. The UI shows it before
// the player commits; Fire rolls exactly this shot. APPlan and AssaultPlan
// are its counterparts for AP fire and close assault.
type FirePlan struct {
	Firer, Target *Unit
	Second        *Unit // the volley's second vehicle (Fire.Second), or nil
	Leader        *Unit // the leader directing the fire, or nil
	LOS           board.LOS
	Shot          combat.Shot
	Odds          combat.Odds
	// Spotter is the friendly unit that sees the target for a mortar
	// firing indirectly (rules 12.62), nil when the firer sees it.
	Spotter *Unit
}

// PlanFire works out order o without rolling: it checks everything Fire
// checks (phase, markers, line of sight, arc, range, the ruleset's
// eligibility) and returns the shot with its exact odds.
func (b *Battle) PlanFire(o Fire) (FirePlan, error) { return b.planFire(o, b.rules, false) }

// planFire is PlanFire under ruleset r; asIfReady takes the firer as
// unmarked, as a final opportunity shot does (CompareFire).
func (b *Battle) planFire(o Fire, r combat.Ruleset, asIfReady bool) (FirePlan, error) {
	firer, err := b.actor(o.Unit)
	if err != nil {
		return FirePlan{}, err
	}
	if err := b.checkTargetSpotted(firer.Side, o.Target); err != nil {
		return FirePlan{}, err
	}
	target := b.Unit(o.Target)
	switch {
	case target == nil:
		return FirePlan{}, fmt.Errorf("there is no unit #%d to fire at", o.Target)
	case !target.OnMap():
		return FirePlan{}, fmt.Errorf("%s is not on the map", target.Label())
	case target.Side == firer.Side:
		return FirePlan{}, fmt.Errorf("%s is a friendly unit", target.Label())
	case b.Moving() != nil && !b.moving(target.ID):
		return FirePlan{}, fmt.Errorf("opportunity fire may only target the moving unit, %s", b.Moving().Label())
	case b.Moving() == nil && b.phase != FirePhase && b.phase != DefensiveFire:
		return FirePlan{}, fmt.Errorf("units fire in the Fire and Defensive Fire phases, or at a moving enemy; this is the %s phase", b.phase)
	case b.Moving() == nil && b.fireResolved:
		return FirePlan{}, fmt.Errorf("the AT fire of this %s phase is resolved: all of it is declared before it is rolled", b.phase)
	}
	final := b.FinalOpportunity(firer)
	check := b.checkCanFire
	if final || asIfReady {
		check = b.checkCanFireUnmarked
	}
	if err := check(firer); err != nil {
		return FirePlan{}, err
	}
	p := FirePlan{Firer: firer, Target: target}
	if p.Shot, err = b.shot(r, firer, target, o.Panzerfaust); err != nil {
		return FirePlan{}, err
	}
	p.Shot.Desperation, p.Shot.Ammo = o.Desperation, o.Ammo
	if _, reads := r.(combat.DesperationRules); o.Desperation && !reads {
		return FirePlan{}, fmt.Errorf("the %s ruleset has no desperation fire", r.Name())
	}
	if final {
		p.Shot.Aspect = board.Rear // the final shot at an overrunning AFV strikes its rear (rules 19.2)
	}
	if firer.WeaponLost != "" && !o.Panzerfaust {
		return FirePlan{}, fmt.Errorf("the weapon of %s is %s", firer.Label(), firer.WeaponLost)
	}
	if o.Leader != 0 {
		if p.Leader, err = b.directingLeader(r, firer, o.Leader); err != nil {
			return FirePlan{}, err
		}
		p.Shot.Leader = p.Leader.Type.Modifier
	}
	// Eligibility first (it does not depend on the hindrance), so a player
	// learns that infantry cannot be hurt by AT fire before anything else.
	if err := b.checkShot(r, firer, firer.Pose, target.Pose.Hex, p.Shot); err != nil {
		return FirePlan{}, err
	}
	if p.Shot.Weapon.Mortar && b.Moving() != nil {
		return FirePlan{}, errors.New("mortars never make opportunity fire (rules 12.61)")
	}
	if p.Shot.Weapon.Mortar && b.mortarStrikesVehicles() {
		return FirePlan{}, fmt.Errorf("a mortar strikes the whole hex: fire AP at %s, which rolls against each vehicle there (rules 12.67)", b.Board().Label(target.Pose.Hex))
	}
	p.LOS = b.Board().LOS(firer.Pose.Hex, target.Pose.Hex, b.Smoke)
	p.Shot.Hindrance = p.LOS.Hindrance + b.wirePenalty(firer)
	if p.Shot.Weapon.Mortar {
		p.Shot.Hindrance = 0 // nothing between a mortar and its target counts (rules 12.63)
	}
	if !p.LOS.Clear {
		if !p.Shot.Weapon.Mortar || o.Panzerfaust {
			return FirePlan{}, fmt.Errorf("no line of sight from %s to %s: %s", b.Board().Label(firer.Pose.Hex), b.Board().Label(target.Pose.Hex), p.LOS.BlockedBy.Reason)
		}
		if p.Spotter, err = b.indirectSpotter(firer.Side, firer.Pose.Hex, target.Pose.Hex, p.LOS); err != nil {
			return FirePlan{}, err
		}
	}
	if o.Second != 0 {
		if p.Second, err = b.secondTarget(r, &p, o.Second); err != nil {
			return FirePlan{}, err
		}
		if err := r.Check(p.Shot); err != nil {
			return FirePlan{}, err
		}
	}
	if p.Odds, err = r.Odds(p.Shot); err != nil {
		return FirePlan{}, err
	}
	return p, nil
}

// secondTarget checks the second vehicle id of plan p's volley under
// ruleset r and adds it to the shot: an enemy vehicle on the map other than
// the target, in the firer's sight, for a weapon whose volley may strike
// two. The ruleset's Check decides the rest (the range bracket).
func (b *Battle) secondTarget(r combat.Ruleset, p *FirePlan, id UnitID) (*Unit, error) {
	if err := b.checkTargetSpotted(p.Firer.Side, id); err != nil {
		return nil, err
	}
	second := b.Unit(id)
	switch {
	case !combat.VolleyStrikesTwo(r, p.Shot.Weapon):
		return nil, fmt.Errorf("the %s of %s fires no volley that may strike a second vehicle under %s", p.Shot.Weapon.Name, p.Firer.Label(), r.Name())
	case second == nil || !second.OnMap():
		return nil, fmt.Errorf("there is no unit #%d on the map for the volley's second hit", id)
	case second.ID == p.Target.ID:
		return nil, fmt.Errorf("the volley's second vehicle is its target, %s", second.Label())
	case second.Side == p.Firer.Side:
		return nil, fmt.Errorf("%s is a friendly unit", second.Label())
	case second.Type.Kind.Infantry():
		return nil, fmt.Errorf("%s is infantry: a volley's second hit strikes a vehicle", second.Label())
	case b.pending != nil:
		return nil, fmt.Errorf("opportunity fire may only target the moving unit, %s", b.Moving().Label())
	}
	if los := b.Board().LOS(p.Firer.Pose.Hex, second.Pose.Hex, b.Smoke); !los.Clear {
		return nil, fmt.Errorf("no line of sight from %s to the second vehicle in %s: %s", b.Board().Label(p.Firer.Pose.Hex), b.Board().Label(second.Pose.Hex), los.BlockedBy.Reason)
	}
	s, err := b.shotUnder(r, p.Firer, p.Firer.Pose, second, second.Pose)
	if err != nil {
		return nil, err
	}
	p.Shot.Second = &combat.SecondTarget{Target: s.Target, Aspect: s.Aspect, Metres: s.Metres}
	return second, nil
}

// RulesetOdds is one ruleset's view of a shot, for comparing rulesets:
// its plan (the shot as it reads it and the exact odds) and their
// summary, or why it refuses the shot.
type RulesetOdds struct {
	Ruleset string
	Plan    FirePlan
	Summary combat.Summary
	Err     error
}

// CompareFire works out order o as PlanFire does under every registered
// ruleset, in name order: the same units, markers and line of sight, each
// ruleset with its own aspects, cover, eligibility and odds (a shot in
// desperation is a plain one where a ruleset has none). It compares the
// shot, not whether it may be taken now: a firer that fired this segment
// is taken as if it had not. The units' states are the active ruleset's;
// the others see them but know them not.
func (b *Battle) CompareFire(o Fire) []RulesetOdds {
	var all []RulesetOdds
	for _, name := range combat.Names() {
		r, err := combat.Lookup(name)
		ro := RulesetOdds{Ruleset: name, Err: err}
		if err == nil {
			ro.Plan, ro.Err = b.planFire(withoutDesperation(o, r), r, true)
			if ro.Err == nil {
				ro.Summary = ro.Plan.Odds.Summary(combat.StatesOfRuleset(r))
			}
		}
		all = append(all, ro)
	}
	return all
}

// withoutDesperation is o as ruleset r reads it: a ruleset without
// desperation fire (combat.DesperationRules) compares the shot as a plain
// one.
func withoutDesperation(o Fire, r combat.Ruleset) Fire {
	if _, reads := r.(combat.DesperationRules); !reads {
		o.Desperation = false
	}
	return o
}

// shot fills in the ruleset's view of an attack by firer on target where
// they stand, with the Panzerfaust from the side's pool when asked for.
// The line of sight's hindrance is the caller's to add.
func (b *Battle) shot(r combat.Ruleset, firer, target *Unit, panzerfaust bool) (combat.Shot, error) {
	s, err := b.shotUnder(r, firer, firer.Pose, target, target.Pose)
	if err != nil || !panzerfaust {
		return s, err
	}
	s.Weapon, err = b.panzerfaust(r, firer)
	return s, err
}

// ShotAt fills in the ruleset's view of an AT attack by firer standing in
// pose from on target standing in pose to, from the board and the units'
// state: range, cover, aspect, gun shield, markers. The line of sight's
// hindrance is left at 0 for the caller to add. The computer opponent asks
// it for poses the units are not in yet; PlanFire for where they stand.
func (b *Battle) ShotAt(firer *Unit, from board.Pose, target *Unit, to board.Pose) (combat.Shot, error) {
	return b.shotUnder(b.rules, firer, from, target, to)
}

// CheckShotAt reports what PlanFire would say of shot s (from ShotAt) by
// firer standing in pose from at a target in hex to, before the line of
// sight: the active ruleset's eligibility, then the arc of a gun that
// does not traverse (its forward arc, or the ruleset's, combat.GunBears). The sequence of play is left out, so a study or
// a kill zone can ask it of any poses; the line of sight is the caller's.
func (b *Battle) CheckShotAt(firer *Unit, from board.Pose, to board.Hex, s combat.Shot) error {
	return b.checkShot(b.rules, firer, from, to, s)
}

// checkShot is CheckShotAt under ruleset r.
func (b *Battle) checkShot(r combat.Ruleset, firer *Unit, from board.Pose, to board.Hex, s combat.Shot) error {
	if err := r.Check(s); err != nil {
		return err
	}
	if err := b.checkBunkerShot(from.Hex, to, s.Weapon.Mortar); err != nil {
		return err
	}
	if err := b.checkMortarHex(from.Hex, s.Weapon.Mortar); err != nil {
		return err
	}
	if s.Weapon.Class == combat.MainGun && !firer.Type.Turret && !combat.GunBears(r, s.Weapon, from, to) {
		return fmt.Errorf("%s is outside the forward firing arc of %s, whose gun does not traverse", b.Board().Label(to), firer.Label())
	}
	return nil
}

// shotUnder is ShotAt under ruleset r.
func (b *Battle) shotUnder(r combat.Ruleset, firer *Unit, from board.Pose, target *Unit, to board.Pose) (combat.Shot, error) {
	weapon, err := b.WeaponOf(firer)
	if err != nil {
		return combat.Shot{}, err
	}
	cell, fromCell := b.Board().Cell(to.Hex), b.Board().Cell(from.Hex)
	cover := b.CoverAt(r, to.Hex, target.Type)
	s := combat.Shot{
		Firer:           firer.Label(),
		FirerKind:       firer.Type.Kind,
		FirerStates:     firer.StateSet(),
		FirerQuality:    firer.Quality,
		FirerEngineers:  firer.Engineers,
		Passenger:       firer.Carrier != 0,
		Weapon:          weapon,
		Target:          b.targetOf(target),
		Range:           from.Hex.Distance(to.Hex),
		Terrain:         cell.Terrain,
		Cover:           cover.Value,
		CoverName:       cover.Label,
		Valorous:        firer.Has(Valorous),
		FirerMoved:      firer.Has(Moved),
		TargetMoved:     target.Has(Moved) || b.moving(target.ID),
		RepeatHit:       firer.Aim.repeatHit(target.ID, from, to),
		OutsideFrontArc: !firer.Type.Kind.Infantry() && !board.InForwardArc(from.Hex, from.Facing, to.Hex),
		Date:            b.date,
		FirerNation:     firer.Type.Nation,
		FirerTerrain:    fromCell.Terrain,
		Elevation:       cell.Level - fromCell.Level,
	}
	s.Metres = s.Range * b.scenario.HexMetres
	s.RepeatShots = firer.Aim.repeats(target.ID, b.segment())
	if s.TargetMoved {
		s.TargetMoveMP, s.TargetMP = target.LastMove.Cost, target.Type.MP
		s.TargetApproached = from.Hex.Distance(to.Hex) < from.Hex.Distance(target.MovedFrom)
		s.TargetAcross = int(math.Round(board.Across(from.Hex, target.MovedFrom, to.Hex) * float64(b.scenario.HexMetres)))
		s.TargetIntoSight = target.MovedFrom != to.Hex && b.beganUnseen(from.Hex, target)
	}
	if pm := b.pending; pm != nil && pm.Unit == target.ID && to == target.Pose && len(pm.Rest) > 0 {
		end := pm.Rest[len(pm.Rest)-1].Hex
		s.TargetOutOfSight = end != to.Hex && !b.Board().Sight(from.Hex, end, b.Smoke).Visible
	}
	s.FirerOffAxis = board.OffAxis(from.Hex, from.Facing, to.Hex)
	if m := firer.LastMove; m.Segment > 0 && m.Segment >= b.segment()-1 {
		s.FirerMovedMP, s.FirerMP = m.Cost, m.MP
	}
	s.Night, s.PanzerfaustTrials = b.night, b.panzerfaustTrials
	switch target.Type.Kind {
	case units.AFV:
		s.Aspect = combat.AspectOf(r, to, from.Hex)
	case units.Gun:
		s.GunShield = b.shieldFaces(target, to, from.Hex)
	}
	return s, nil
}

// targetOf returns u as the target of a shot sees it: its type, its
// markers and states, its quality and the infantry riding it.
func (b *Battle) targetOf(u *Unit) combat.Target {
	t := combat.TargetOf(u.Type)
	t.Name = u.Label()
	t.Immobile = u.Has(Immobile)
	t.States = u.StateSet()
	t.Quality = u.Quality
	// Only a type with a transport class takes passengers aboard (Load):
	// the others spare the search through every unit.
	if u.Type.Transport != "" {
		for _, p := range b.Passengers(u.ID) {
			if p.Type.Kind.Infantry() {
				t.Riders++
			}
		}
	}
	return t
}

// WeaponOf returns the weapon u fires AT with, as a shot sees it: the main
// gun of an AFV, vehicle or Gun, or the support weapon infantry carry (one
// without a name or rating when it carries none), with its rounds left and
// whether it is spent.
func (b *Battle) WeaponOf(u *Unit) (combat.Weapon, error) {
	var w combat.Weapon
	switch {
	case !u.Type.Kind.Infantry():
		w = combat.MainGunOf(u.Type)
	case u.SupportWeapon == "":
		w = combat.Weapon{Class: combat.SupportWeapon}
	default:
		sw, err := b.catalogue.LookupWeapon(u.SupportWeapon)
		if err != nil {
			return w, fmt.Errorf("battle: %s: %w", u.Label(), err)
		}
		w = combat.SupportWeaponOf(sw)
	}
	w.Spent, w.Rounds = u.WeaponSpent, u.Rounds
	return w, nil
}

// panzerfaust returns a Panzerfaust from the side's pool for firer (any
// infantry unit, leaders included: rules 12.5), or, with the pool empty,
// the one ruleset r assumes firer carries (combat.InherentWeapons).
func (b *Battle) panzerfaust(r combat.Ruleset, firer *Unit) (combat.Weapon, error) {
	inherent := false
	switch {
	case !firer.Type.Kind.Infantry():
		return combat.Weapon{}, fmt.Errorf("only infantry use Panzerfausts, not %s", firer.Label())
	case b.Panzerfausts(firer.Side) == 0:
		if !combat.HasInherentExpendable(r, firer.Type.Kind, firer.Type.Nation, b.date) {
			return combat.Weapon{}, fmt.Errorf("the %s have no Panzerfausts left", firer.Side)
		}
		inherent = true
	}
	sw, err := b.catalogue.LookupWeapon("Panzerfaust")
	if err != nil {
		return combat.Weapon{}, err
	}
	w := combat.SupportWeaponOf(sw)
	w.Inherent, w.PoolFired = inherent, firer.PoolFired
	return w, nil
}

// directingLeader checks that the leader id may direct firer's AT fire
// under ruleset r (§9; combat.LeaderDirects).
func (b *Battle) directingLeader(r combat.Ruleset, firer *Unit, id UnitID) (*Unit, error) {
	l := b.Unit(id)
	switch {
	case l == nil || !l.OnMap():
		return nil, fmt.Errorf("there is no leader #%d on the map", id)
	case l.Side != firer.Side || l.Type.Kind != units.Leader:
		return nil, fmt.Errorf("%s is not a friendly leader", l.Label())
	case l == firer:
		return nil, fmt.Errorf("%s fires itself: a leader directs the fire of others", l.Label())
	case !combat.LeaderDirects(r, firer.Type.Kind):
		return nil, fmt.Errorf("leaders direct infantry fire, not %s", firer.Label())
	case l.Pose.Hex != firer.Pose.Hex:
		return nil, fmt.Errorf("%s must be in the firer's hex to direct its fire", l.Label())
	case l.Has(Fired) && !b.FinalOpportunity(firer): // he may direct the final shot at an overrunning AFV (rules 19.2)
		return nil, fmt.Errorf("%s has already directed or made an attack %s", l.Label(), b.firedWhen(l))
	case l.Has(Pinned):
		return nil, fmt.Errorf("%s is pinned and may not direct fire", l.Label())
	}
	return l, nil
}

func (b *Battle) fire(o Fire) ([]Event, error) {
	p, err := b.PlanFire(o)
	if err != nil {
		return nil, err
	}
	if b.declares() {
		return b.declare(o, p), nil
	}
	out := b.rules.Resolve(p.Shot, b.dice)
	if out.Err != nil {
		return nil, out.Err
	}
	firer, target := p.Firer, p.Target
	if b.FinalOpportunity(firer) { // the final shot at an overrunning AFV, one a unit; a leader directing it spends his
		ov := b.pending.Overrun
		ov.FinalFired = append(ov.FinalFired, firer.ID)
		if p.Leader != nil {
			ov.FinalFired = append(ov.FinalFired, p.Leader.ID)
		}
	}
	firer.Markers |= Fired
	seg := b.segment()
	firer.Aim = Aim{Target: target.ID, Shots: firer.Aim.repeats(target.ID, seg) + 1, Segment: seg,
		Hit: out.Hit, From: firer.Pose, At: target.Pose}
	a := attack{firer: firer, target: target, panzerfaust: o.Panzerfaust, second: p.Second}
	if p.Leader != nil {
		p.Leader.Markers |= Fired
		a.group = []*Unit{p.Leader}
	}
	text := fmt.Sprintf("%s fires at %s in %s: %s", firer.Label(), target.Label(), b.Board().Label(target.Pose.Hex), out.Headline())
	if b.Moving() == nil && combat.Simultaneous(b.rules) {
		// Simultaneous fire as saves before version 4 played it
		// (rollsAtOnce): the shot is rolled now and lands with the phase's
		// others when it ends. The round the firer used is gone at once,
		// so no other unit fires it.
		now, later := ownWeaponEffects(out.Effects)
		b.hold(a, later)
		events := []Event{{Kind: UnitFired, Unit: firer.ID, Target: target.ID, Hex: target.Pose.Hex, Outcome: &out,
			Text: text + " (lands when the phase ends)"}}
		return append(events, b.applyEffects(a, now)...), nil
	}
	events := []Event{{Kind: UnitFired, Unit: firer.ID, Target: target.ID, Hex: target.Pose.Hex, Outcome: &out, Text: text}}
	events = append(events, b.applyEffects(a, out.Effects)...)
	events = append(events, b.sniperAfterShot(a, out)...)
	return append(events, b.stopHaltedMover()...), nil
}

// ownWeaponEffects splits a shot's effects into those on the firer's own
// weapon (a round spent, the weapon broken or removed) and the rest, in
// their order. effects is left as it is.
func ownWeaponEffects(effects []combat.Effect) (own, rest []combat.Effect) {
	for _, e := range effects {
		switch {
		case e.On == combat.OnFirer && (e.Kind == combat.WeaponSpent || e.Kind == combat.WeaponBroken || e.Kind == combat.WeaponRemoved):
			own = append(own, e)
		default:
			rest = append(rest, e)
		}
	}
	return own, rest
}

// eliminate removes u and everything it carries from the battle.
func (b *Battle) eliminate(u *Unit, how string) []Event {
	u.Eliminated = true
	events := []Event{{Kind: UnitEliminated, Unit: u.ID, Hex: u.Pose.Hex, Text: fmt.Sprintf("%s is %s", u.Label(), how)}}
	for _, p := range b.carried(u.ID) {
		events = append(events, b.eliminate(p, "eliminated with its vehicle")...)
	}
	return events
}

// abandon eliminates an AFV whose crew abandoned it: the rules count it
// eliminated (18.6). The Gun it tows shares its fate (8.5); its passengers
// too, unless the ruleset lets them get out (combat.AbandonedPassengers):
// then each unloads into the hex, marked Move, where stacking allows once
// the AFV is gone, and is lost with it where it does not (ours).
func (b *Battle) abandon(u *Unit) []Event {
	if !combat.PassengersGetOut(b.rules) || b.passengersLostWhenAbandoned() {
		return b.eliminate(u, "abandoned by its crew")
	}
	passengers := b.Passengers(u.ID)
	u.Eliminated = true // before its passengers get out: the hex has its room
	events := []Event{{Kind: UnitEliminated, Unit: u.ID, Hex: u.Pose.Hex, Text: u.Label() + " is abandoned by its crew"}}
	for _, p := range passengers {
		if out := b.dismount(p); out != nil {
			events = append(events, out...)
			continue
		}
		events = append(events, b.eliminate(p, "eliminated with its vehicle: no room to get out in "+b.Board().Label(u.Pose.Hex))...)
	}
	for _, c := range b.carried(u.ID) {
		events = append(events, b.eliminate(c, "eliminated with its vehicle")...)
	}
	return events
}

// abandonUnloadVersion is the save version from which the passengers of
// an abandoned transport get out where the ruleset says so
// (combat.AbandonedPassengers); older saves lost them with it.
const abandonUnloadVersion = 12

// passengersLostWhenAbandoned reports whether the battle replays a save
// of before abandonUnloadVersion.
func (b *Battle) passengersLostWhenAbandoned() bool {
	return b.config.Version > 0 && b.config.Version < abandonUnloadVersion
}

// OpportunityFirers returns the units of the non-moving side that could
// fire AT at the moving unit now (a Fire order): no Fire marker, and a
// shot the ruleset allows, with the unit's own weapon or a Panzerfaust
// from the side's pool. OpportunityAPFirers lists those that could fire AP
// at it.
func (b *Battle) OpportunityFirers() []*Unit {
	if b.Moving() == nil {
		return nil
	}
	var firers []*Unit
	for _, u := range b.units {
		if _, ok := b.OpportunityFire(u); ok {
			firers = append(firers, u)
		}
	}
	return firers
}

// OpportunityFire returns the AT shot u could take at the moving unit now:
// with its own weapon when the ruleset allows that, else with a Panzerfaust
// from the side's pool; false when it has none.
func (b *Battle) OpportunityFire(u *Unit) (Fire, bool) {
	if b.Moving() == nil || u.Side != b.Acting() || !u.OnMap() || u.Has(Fired) && !b.FinalOpportunity(u) {
		return Fire{}, false
	}
	// Every shot needs a clear line: the allocation-free Sight rules most
	// units out before a plan is built.
	if !b.Board().Sight(u.Pose.Hex, b.Moving().Pose.Hex, b.Smoke).Visible {
		return Fire{}, false
	}
	for _, pf := range []bool{false, true} {
		o := Fire{Unit: u.ID, Target: b.pending.Unit, Panzerfaust: pf}
		if pf && b.wholeMoves() {
			break // saves of before version 3 offered only a unit's own weapon
		}
		if _, err := b.PlanFire(o); err == nil {
			return o, true
		}
	}
	return Fire{}, false
}

// OpportunityAPFirers returns the units of the non-moving side that could
// make an AP attack on the moving unit's hex on their own now (a FireAP
// order with that unit alone; passengers fire from their vehicle).
func (b *Battle) OpportunityAPFirers() []*Unit {
	if b.Moving() == nil {
		return nil
	}
	var firers []*Unit
	for _, u := range b.units {
		if b.canOpportunityAP(u) {
			firers = append(firers, u)
		}
	}
	return firers
}

// canOpportunityAP reports whether u could make an AP attack on the moving
// unit's hex on its own now.
func (b *Battle) canOpportunityAP(u *Unit) bool {
	at := b.Moving().Pose.Hex
	if u.Side != b.Acting() || !u.Active() || u.Has(Fired) || !b.Board().Contains(u.Pose.Hex) {
		return false
	}
	// A lone unit fires from its own hex, along a clear line: the
	// allocation-free Sight rules most units out before a plan is built.
	if !b.Board().Sight(u.Pose.Hex, at, b.Smoke).Visible {
		return false
	}
	_, err := b.PlanAP(FireAP{Units: []UnitID{u.ID}, Target: at})
	return err == nil
}

// opportunityOffered reports whether some unit of the non-moving side
// could opportunity-fire at the moving unit now, AT or AP: whether
// OpportunityFirers or OpportunityAPFirers would list anyone, or its
// sniper may fire (Snipe).
func (b *Battle) opportunityOffered() bool {
	if b.Moving() == nil {
		return false
	}
	for _, u := range b.units {
		if _, ok := b.OpportunityFire(u); ok {
			return true
		}
	}
	for _, u := range b.units {
		if b.canOpportunityAP(u) {
			return true
		}
	}
	return b.checkSnipe(Opponent(b.phasing)) == nil
}

func (b *Battle) fireSmoke(o FireSmoke) ([]Event, error) {
	if err := b.requirePhase(FirePhase, "smoke rounds are fired"); err != nil {
		return nil, err
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	if u.Has(Pinned) {
		return nil, fmt.Errorf("%s is pinned and may not fire", u.Label())
	}
	sr, ok := b.rules.(combat.SmokeRounds)
	if !ok {
		return nil, fmt.Errorf("the %s ruleset has no smoke rounds", b.rules.Name())
	}
	w, err := b.WeaponOf(u)
	if err != nil {
		return nil, err
	}
	ss := combat.SmokeShot{FirerKind: u.Type.Kind, FirerStates: u.StateSet(), Weapon: w, Passenger: u.Carrier != 0,
		Range: u.Pose.Hex.Distance(o.Hex), Date: b.date}
	if err := sr.CheckSmoke(ss); err != nil {
		return nil, err
	}
	switch {
	case u.Has(Fired):
		return nil, fmt.Errorf("%s has already fired %s", u.Label(), b.firedWhen(u))
	case u.WeaponLost != "":
		return nil, fmt.Errorf("the weapon of %s is %s", u.Label(), u.WeaponLost)
	case !b.Board().Contains(o.Hex):
		return nil, fmt.Errorf("%s is off the map", b.Board().Label(o.Hex))
	}
	level, factors := sr.SmokeRound()
	if err := b.smokeWouldChange(o.Hex, level); err != nil {
		return nil, err
	}
	los := b.Board().LOS(u.Pose.Hex, o.Hex, b.Smoke)
	if w.Mortar && !los.Clear {
		// A mortar's smoke round goes where its attack could (rules 12.66).
		if _, err := b.indirectSpotter(u.Side, u.Pose.Hex, o.Hex, los); err != nil {
			return nil, err
		}
		los.Clear = true
	}
	if err := b.checkMortarHex(u.Pose.Hex, w.Mortar); err != nil {
		return nil, err
	}
	switch {
	case !los.Clear:
		return nil, fmt.Errorf("no line of sight to %s: %s", b.Board().Label(o.Hex), los.BlockedBy.Reason)
	case !u.Type.Kind.Infantry() && !u.Type.Turret && o.Hex != u.Pose.Hex && !combat.GunBears(b.rules, w, u.Pose, o.Hex):
		return nil, fmt.Errorf("%s is outside the forward firing arc of %s", b.Board().Label(o.Hex), u.Label())
	case b.supply[u.Side] < factors:
		return nil, fmt.Errorf("a smoke round costs %d smoke factors and the %s have %d", factors, u.Side, b.supply[u.Side])
	}
	var supplied *combat.Outcome
	if dep, ok := sr.(combat.SmokeDepletion); ok {
		out := dep.RollSmoke(ss, b.dice)
		if out.Err != nil {
			return nil, out.Err
		}
		supplied = &out
		if !out.Hit {
			return b.smokeRunOut(u, out), nil
		}
	}
	b.supply[u.Side] -= factors
	u.Markers |= Fired
	placed := b.laySmoke(u, o.Hex, level)
	placed.Outcome = supplied
	events := []Event{placed}
	if supplied != nil {
		events = append(events, b.applyEffects(attack{firer: u, target: u}, supplied.Effects)...)
	}
	return events, nil
}

// smokeRunOut reports a smoke round the firer no longer has
// (combat.SmokeDepletion): nothing is placed or paid, the unit has not
// fired, and the outcome's effects on it apply.
func (b *Battle) smokeRunOut(u *Unit, out combat.Outcome) []Event {
	events := []Event{{Kind: UnitStateChanged, Unit: u.ID, Hex: u.Pose.Hex, Outcome: &out,
		Text: fmt.Sprintf("%s has no smoke round left: %s", u.Label(), strings.Join(out.Steps, "; "))}}
	return append(events, b.applyEffects(attack{firer: u, target: u}, out.Effects)...)
}

func (b *Battle) placeSmoke(o PlaceSmoke) ([]Event, error) {
	u, err := b.checkPlaceSmoke(o)
	if err != nil {
		return nil, err
	}
	b.supply[u.Side]--
	u.Markers |= SmokeLaid
	return []Event{b.laySmoke(u, o.Hex, 1)}, nil
}

// checkPlaceSmoke returns the unit of order o if it may place the smoke
// now, changing nothing.
func (b *Battle) checkPlaceSmoke(o PlaceSmoke) (*Unit, error) {
	if err := b.requirePhase(Movement, "infantry place smoke"); err != nil {
		return nil, err
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	switch {
	case !u.Type.Kind.Infantry():
		return nil, fmt.Errorf("only infantry place smoke by hand; %s fires smoke rounds in its Fire phase", u.Label())
	case u.Carrier != 0:
		return nil, fmt.Errorf("%s is aboard a vehicle", u.Label())
	case u.Has(Pinned):
		return nil, fmt.Errorf("%s is pinned", u.Label())
	case u.Has(Fired):
		return nil, fmt.Errorf("%s fired %s; smoke is laid instead of firing", u.Label(), b.firedWhen(u))
	case u.Has(Moved) || u.Has(SmokeLaid):
		return nil, fmt.Errorf("%s places smoke before it moves, once a segment", u.Label())
	case u.Pose.Hex.Distance(o.Hex) > 1 || !b.Board().Contains(o.Hex):
		return nil, fmt.Errorf("smoke goes in the unit's own hex or an adjacent one, not %s", b.Board().Label(o.Hex))
	case b.supply[u.Side] < 1:
		return nil, fmt.Errorf("the %s have no smoke left", u.Side)
	}
	if err := b.smokeWouldChange(o.Hex, 1); err != nil {
		return nil, err
	}
	return u, nil
}

// laySmoke puts smoke of the given level in h, which smokeWouldChange has
// found weaker or clear.
func (b *Battle) laySmoke(u *Unit, h board.Hex, level int) Event {
	b.smoke[h] = level
	return Event{Kind: SmokePlaced, Unit: u.ID, Hex: h, Text: fmt.Sprintf("%s lays Smoke %d in %s", u.Label(), level, b.Board().Label(h))}
}

// smokeWouldChange refuses smoke of the given level in h when h already
// holds as much or more: it would cost supply and change nothing (§7: a
// new marker replaces a weaker one only).
func (b *Battle) smokeWouldChange(h board.Hex, level int) error {
	if b.smoke[h] >= level {
		return fmt.Errorf("%s already holds Smoke %d: Smoke %d would change nothing", b.Board().Label(h), b.smoke[h], level)
	}
	return nil
}

// capacity is how many squad-equivalents a transport class carries: a
// squad counts 2, a half squad 1, a leader 0. Our choice: the rules' sample
// gives the classes but not their sizes; T1 (a halftrack) carries a squad
// with its leader, T2 (a truck) two squads, TH (a jeep) a half squad.
var capacity = map[string]int{"T1": 2, "T2": 4, "TH": 1}

// leaderRoom is how many leaders a transport class carries besides its
// squad-equivalents: two in a T2 (rules 8.21), one in the others.
func leaderRoom(class string) int {
	if class == "T2" {
		return 2
	}
	return 1
}

func squadEquivalents(k units.Kind) int {
	switch k {
	case units.Squad:
		return 2
	case units.HalfSquad:
		return 1
	}
	return 0
}

func (b *Battle) load(o Load) ([]Event, error) {
	if err := b.requirePhase(Movement, "units load"); err != nil {
		return nil, err
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	c := b.Unit(o.Carrier)
	switch {
	case c == nil || !c.OnMap() || c.Side != u.Side:
		return nil, fmt.Errorf("there is no friendly vehicle #%d on the map", o.Carrier)
	case u.Carrier != 0:
		return nil, fmt.Errorf("%s is already aboard", u.Label())
	case c.Pose.Hex != u.Pose.Hex:
		return nil, fmt.Errorf("%s must be in the same hex as %s", u.Label(), c.Label())
	case u.Has(Loaded) || u.Has(Moved) || u.Has(Fired):
		return nil, fmt.Errorf("%s has moved, fired or loaded this turn", u.Label())
	case u.Has(Pinned) || c.Has(Pinned):
		return nil, fmt.Errorf("%s or %s is pinned", u.Label(), c.Label())
	case u.Type.Kind == units.Gun:
		return b.hookUp(u, c)
	case !u.Type.Kind.Infantry():
		return nil, fmt.Errorf("%s cannot board: only infantry ride as passengers, and Guns are towed", u.Label())
	case c.Type.Transport == "":
		return nil, fmt.Errorf("%s carries no passengers", c.Label())
	}
	used := squadEquivalents(u.Type.Kind)
	leaders := 0
	for _, p := range b.Passengers(c.ID) {
		used += squadEquivalents(p.Type.Kind)
		if p.Type.Kind == units.Leader {
			leaders++
		}
	}
	if used > capacity[c.Type.Transport] || (u.Type.Kind == units.Leader && leaders >= leaderRoom(c.Type.Transport)) {
		return nil, fmt.Errorf("%s (class %s) has no room for %s", c.Label(), c.Type.Transport, u.Label())
	}
	u.Carrier = c.ID
	u.Markers |= Loaded
	return []Event{{Kind: UnitLoaded, Unit: u.ID, Target: c.ID, Hex: c.Pose.Hex, Text: fmt.Sprintf("%s boards %s", u.Label(), c.Label())}}, nil
}

func (b *Battle) unload(o Unload) ([]Event, error) {
	if err := b.requirePhase(Movement, "units unload"); err != nil {
		return nil, err
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	c := b.Unit(u.Carrier)
	switch {
	case c == nil:
		return nil, fmt.Errorf("%s is not aboard a vehicle", u.Label())
	case u.Has(Loaded):
		return nil, fmt.Errorf("%s has already loaded or unloaded this turn", u.Label())
	case u.Has(Pinned):
		return nil, fmt.Errorf("%s is pinned and may not unload", u.Label())
	case u.Has(Fired):
		return nil, fmt.Errorf("%s fired %s and may not unload (unloading is a move)", u.Label(), b.firedWhen(u))
	case u.Type.Kind == units.Gun:
		if err := b.checkHitch(c, "unhook"); err != nil {
			return nil, err
		}
	}
	if err := b.stackingError(u, c.Pose.Hex); err != nil {
		return nil, err
	}
	u.Carrier = 0
	u.Pose, u.MovedFrom = c.Pose, c.Pose.Hex
	u.Markers |= Loaded | Moved
	if u.Type.Kind == units.Gun {
		return []Event{{Kind: UnitUnloaded, Unit: u.ID, Target: c.ID, Hex: c.Pose.Hex, Text: fmt.Sprintf("%s unhooks %s in %s, facing %v", c.Label(), u.Label(), b.Board().Label(c.Pose.Hex), c.Pose.Facing)}}, nil
	}
	return []Event{{Kind: UnitUnloaded, Unit: u.ID, Target: c.ID, Hex: c.Pose.Hex, Text: fmt.Sprintf("%s unloads from %s in %s", u.Label(), c.Label(), b.Board().Label(c.Pose.Hex))}}, nil
}

// hookUp puts Gun g in tow behind vehicle c in its hex (rules 8.21, 8.3):
// c must be able to tow g and tow nothing yet.
func (b *Battle) hookUp(g, c *Unit) ([]Event, error) {
	switch {
	case !c.Type.Tows:
		return nil, fmt.Errorf("%s cannot tow a Gun", c.Label())
	case c.Type.Transport == "TH" && g.Type.MP == 0:
		return nil, fmt.Errorf("%s (class TH) cannot tow %s: a 0-MP Gun needs a heavier tower", c.Label(), g.Label())
	case b.Towed(c.ID) != nil:
		return nil, fmt.Errorf("%s already tows %s", c.Label(), b.Towed(c.ID).Label())
	}
	if err := b.checkHitch(c, "hook up"); err != nil {
		return nil, err
	}
	g.Carrier = c.ID
	g.Markers |= Loaded
	return []Event{{Kind: UnitLoaded, Unit: g.ID, Target: c.ID, Hex: c.Pose.Hex, Text: fmt.Sprintf("%s hooks up %s in %s", c.Label(), g.Label(), b.Board().Label(c.Pose.Hex))}}, nil
}

// checkHitch says why tower c may not hook up or unhook a Gun now (what
// names the act): not in the middle of its move. It may move before or
// after (rules 8.3), but a vehicle moves once a segment, so never both.
func (b *Battle) checkHitch(c *Unit, what string) error {
	if b.pending != nil && b.pending.Unit == c.ID {
		return fmt.Errorf("%s is moving: halt it before it can %s a Gun", c.Label(), what)
	}
	return nil
}
