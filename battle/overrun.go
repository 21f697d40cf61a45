package battle

import (
	"errors"
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Overrun is an AFV's overrun attack in the Movement phase (rules 19): a
// move whose last two steps drive into an adjacent enemy hex, the target,
// and on into the hex directly opposite the one it came from, where the
// move ends (19.3, 19.4). The attack is resolved as the AFV enters the
// target (PlanOverrun gives its odds).
type Overrun struct {
	Unit UnitID
	Path []board.Pose
}

// overrunMP is what the overrun attack itself costs, on top of the hexes
// entered (rules 19.3).
const overrunMP = 2

// overrunState is the part of a pending move that is an overrun.
type overrunState struct {
	// Target is the hex overrun, From the hex the AFV enters it from.
	Target, From board.Hex
	// Attacked: the AFV has entered the target and made its attack; from
	// the exit hex, the units left in the target may fire at its rear.
	Attacked bool `json:",omitempty"`
	// FinalFired are the units of the target hex that took their final
	// opportunity shot (rules 19.2), one each.
	FinalFired []UnitID `json:",omitempty"`
}

// OverrunPlan is an overrun worked out but not rolled: the AFV, the target
// hex, the hex it enters it from and the exit hex, the MP it costs, the
// attack and its exact odds.
type OverrunPlan struct {
	AFV                *Unit
	Target, From, Exit board.Hex
	Cost               int // MP of the whole move, the attack's 2 included
	// Passengers are the AFV's passengers who add their APFP; Defenders
	// the units the points may be spent on, in the order of Odds' fates.
	Passengers []*Unit
	Defenders  []*Unit
	Attack     combat.APAttack
	Odds       combat.APOdds
}

// Name implements Order.
func (Overrun) Name() string { return "overrun" }

func (o Overrun) apply(b *Battle) ([]Event, error) { return b.overrun(o) }

func (o Overrun) record(bd *board.Board) OrderRecord {
	return Move{Unit: o.Unit, Path: o.Path}.record(bd).renamed(o.Name())
}

func (Overrun) parse(r OrderRecord, bd *board.Board) (Order, error) {
	m, err := Move{}.parse(r, bd)
	if err != nil {
		return nil, err
	}
	return Overrun{Unit: r.Unit, Path: m.(Move).Path}, nil
}

// renamed is r recorded as the order called name.
func (r OrderRecord) renamed(name string) OrderRecord {
	r.Order = name
	return r
}

// PlanOverrun works out order o without rolling: it checks what Overrun
// checks (rules 19.1, 19.3) and returns the attack the AFV would make
// with its exact odds, as the target hex stands now.
func (b *Battle) PlanOverrun(o Overrun) (OverrunPlan, error) {
	var p OverrunPlan
	u, err := b.checkOverrunner(o.Unit)
	if err != nil {
		return p, err
	}
	bd := b.Board()
	if len(o.Path) < 2 {
		return p, errors.New("an overrun path ends by entering the target hex and the hex beyond it")
	}
	n := len(o.Path)
	before := u.Pose
	if n > 2 {
		before = o.Path[n-3]
	}
	p.AFV, p.From, p.Target, p.Exit = u, before.Hex, o.Path[n-2].Hex, o.Path[n-1].Hex
	in, adjacent := before.Hex.DirectionTo(p.Target)
	if !adjacent || p.Target.Neighbor(in) != p.Exit {
		return p, fmt.Errorf("an overrun drives into the target hex and out by the hex directly opposite; %s → %s → %s is not a straight line",
			bd.Label(before.Hex), bd.Label(p.Target), bd.Label(p.Exit))
	}
	for _, q := range o.Path[:n-2] {
		if q.Hex == p.Target {
			return p, fmt.Errorf("the overrun enters %s once, as its last hex but one", bd.Label(p.Target))
		}
	}
	if err := b.checkOverrunTarget(u, p.Target); err != nil {
		return p, err
	}
	spec := b.allowance(u)
	whole := spec.MP
	spec.MP = max(0, whole-overrunMP)
	occ := b.Occupancy(u)
	enterable := occ.CanEnter
	occ.CanEnter = func(h board.Hex) bool { return h == p.Target || enterable(h) }
	cost, err := bd.CheckPath(spec, u.Pose, o.Path, occ)
	if err != nil {
		return p, err
	}
	if p.Cost = cost + overrunMP; p.Cost > whole {
		return p, fmt.Errorf("the overrun costs %d MP (%d for the hexes, %d for the attack) and %s has %d", p.Cost, cost, overrunMP, u.Label(), whole)
	}
	p.Attack, p.Passengers, p.Defenders = b.overrunAttack(u, before.Hex, p.Target)
	if p.Odds, err = b.infantry.APOdds(p.Attack, b.defenders(p.Defenders, before.Hex)); err != nil {
		return p, err
	}
	return p, nil
}

// checkOverrunner returns the unit id if it may overrun now (rules 19.1):
// an AFV of the acting side in the Movement phase that may start a move
// and tows no Gun, under a ruleset with AP fire.
func (b *Battle) checkOverrunner(id UnitID) (*Unit, error) {
	if err := b.requirePhase(Movement, "overruns are made"); err != nil {
		return nil, err
	}
	if b.pending != nil {
		return nil, fmt.Errorf("%s is moving: an overrun is a move of its own", b.Unit(b.pending.Unit).Label())
	}
	if _, err := b.infantryRules("an overrun"); err != nil {
		return nil, err
	}
	u, err := b.actor(id)
	if err != nil {
		return nil, err
	}
	if err := b.CheckMove(u); err != nil {
		return nil, err
	}
	switch {
	case u.Type.Kind != units.AFV:
		return nil, fmt.Errorf("%s is not an AFV: only AFVs overrun (rules 19.1)", u.Label())
	case b.Towed(u.ID) != nil:
		return nil, fmt.Errorf("%s is towing %s and may not overrun (rules 19.1)", u.Label(), b.Towed(u.ID).Label())
	}
	return u, nil
}

// checkOverrunTarget refuses a target hex rules 19.1 forbids: one with no
// enemy, an enemy AFV, a building or a bunker; and, our choice, one with
// mines or wire, which could stop the AFV inside the enemy's hex, a case
// the rules do not provide for.
func (b *Battle) checkOverrunTarget(u *Unit, h board.Hex) error {
	bd := b.Board()
	if !b.knownEnemyIn(u.Side, h) {
		return fmt.Errorf("there is no enemy unit in %s to overrun", bd.Label(h))
	}
	for _, o := range b.UnitsAt(h) {
		if o.Side != u.Side && o.Type.Kind == units.AFV && b.checkTargetSpotted(u.Side, o.ID) == nil {
			return fmt.Errorf("%s is in %s: an enemy AFV's hex may not be overrun (rules 19.1)", o.Label(), bd.Label(h))
		}
	}
	switch f := bd.Fort(h).Kind; {
	case bd.Cell(h).Terrain == board.Building:
		return fmt.Errorf("%s is a building hex: no overrun through it (rules 19.1)", bd.Label(h))
	case f.IsBunker():
		return fmt.Errorf("%s holds a bunker: no overrun through it (rules 19.1)", bd.Label(h))
	case f == board.Minefield || f == board.Wire:
		return fmt.Errorf("%s holds a %s, which could stop the AFV among the enemy: no overrun through it (our rule)", bd.Label(h), f)
	}
	return nil
}

// overrunAttack is the AP attack of AFV u overrunning hex h from the hex
// next to it, from (rules 19.4): twice the AFV's whole APFP, every gun and
// MG counted whatever its arc, with the APFP of passengers able to fire
// added once; the cover of h applies. It returns the passengers who add to it and the units in h the
// points may be spent on.
func (b *Battle) overrunAttack(u *Unit, from, h board.Hex) (combat.APAttack, []*Unit, []*Unit) {
	t := u.Type
	mgs := make([]combat.MountedMG, len(t.MGs))
	for i, mg := range t.MGs {
		mgs[i] = combat.MountedMG{APFP: mg.APFP, Forward: mg.Arc != units.Arc360, Bears: true}
	}
	apfp := 2 * combat.VehicleAPFPOf(b.rules, t.GunAPFP, mgs, u.StateSet())
	var passengers []*Unit
	for _, c := range b.Passengers(u.ID) {
		if b.checkCanFire(c) != nil {
			continue
		}
		// Our choice: passengers fire as from the hex the AFV comes from.
		if ap, _, _ := b.apFirepower(c, board.Pose{Hex: from}, h); ap > 0 {
			apfp += ap
			passengers = append(passengers, c)
		}
	}
	defenders := b.hexDefenders(u.Side, h, false)
	cover := b.apCover(h, defenders)
	return combat.APAttack{APFP: apfp, Cover: cover.Value, CoverName: cover.Label, Adjacent: true}, passengers, defenders
}

func (b *Battle) overrun(o Overrun) ([]Event, error) {
	p, err := b.PlanOverrun(o)
	if err != nil {
		return nil, err
	}
	u := p.AFV
	u.MovedFrom = u.Pose.Hex
	u.LastMove = LastMove{Segment: b.segment(), Cost: p.Cost, MP: b.allowance(u).MP}
	b.pending = &pendingMove{Unit: u.ID, Rest: o.Path, Cost: p.Cost, Overrun: &overrunState{Target: p.Target, From: p.From}}
	return b.continueMove(), nil
}

// overrunBumpVersion is the save version from which, under fog, an
// overrun runs into the enemy units its side did not know of as any move
// does, in every hex but its target, and falls back out of the target when
// they bar the hex beyond it (fallBackFromOverrun); older saves drove on
// through them.
const overrunBumpVersion = 11

// overrunsThroughUnseen reports whether the battle replays a save of
// before overrunBumpVersion.
func (b *Battle) overrunsThroughUnseen() bool {
	return b.config.Version > 0 && b.config.Version < overrunBumpVersion
}

// bumpsInto reports whether the pending move may run into enemy units it
// did not know of as it enters hex h (bump): any move may, but an overrun
// drives into the enemy in its target, where only an AFV its side had not
// spotted (checkOverrunTarget refuses one it had) stops it.
func (b *Battle) bumpsInto(h board.Hex) bool {
	ov, side := b.pending.Overrun, b.Unit(b.pending.Unit).Side
	switch {
	case ov == nil:
		return true
	case b.overrunsThroughUnseen():
		return false
	case h == ov.Target:
		return slices.ContainsFunc(b.standingAt(h), func(o *Unit) bool { return o.Side != side && o.Type.Kind == units.AFV })
	}
	return true
}

// fallBackFromOverrun takes the overrunning AFV (and what it carries),
// halted in the target hex by enemy units it ran into beyond it, back into
// the hex it entered the target from, facing the target, while the target
// still holds enemy units: units of both sides never share a hex. Ours:
// the rules' overrun always drives through, as without fog nothing unseen
// can bar the hex beyond.
func (b *Battle) fallBackFromOverrun(us []*Unit) []Event {
	ov, u := b.pending.Overrun, us[0]
	if ov == nil || u.Pose.Hex != ov.Target || !b.enemyIn(u.Side, ov.Target) {
		return nil
	}
	facing, _ := ov.From.DirectionTo(ov.Target)
	from, back := u.Pose, board.Pose{Hex: ov.From, Facing: facing}
	for _, m := range us {
		b.setPose(m, back)
	}
	if b.intel != nil {
		b.intel.update(b, us)
	}
	text := fmt.Sprintf("%s fall%s back %s → %s", stackNames(us), verbS(us), b.Board().Label(from.Hex), b.Board().Label(back.Hex))
	return []Event{{Kind: UnitMoved, Unit: u.ID, From: from, To: back, Hex: back.Hex, Text: text, seen: b.inSightOfFoe(us)}}
}

// overrunHits makes the overrun attack of the pending move's AFV u, now in
// the target hex.
func (b *Battle) overrunHits(u *Unit) []Event {
	ov := b.pending.Overrun
	ov.Attacked = true
	attack, passengers, defenders := b.overrunAttack(u, ov.From, ov.Target)
	defs := b.defenders(defenders, ov.From)
	out := b.infantry.FireAP(attack, defs, b.dice)
	label := b.Board().Label(ov.Target)
	if out.Err != nil { // PlanOverrun checked this attack; the hex has not changed since
		return []Event{{Kind: HexFired, Unit: u.ID, Hex: ov.Target, Text: fmt.Sprintf("%s overruns %s: %v", u.Label(), label, out.Err)}}
	}
	text := fmt.Sprintf("%s overruns %s with %d APFP: ", u.Label(), label, attack.APFP)
	if out.Points == 0 {
		text += "no effect"
	} else {
		text += fmt.Sprintf("%d casualty point%s", out.Points, map[bool]string{true: "", false: "s"}[out.Points == 1])
	}
	firers := append([]*Unit{u}, passengers...)
	a := pendingAllocation{Owner: Opponent(u.Side), Target: ov.Target, Points: out.Points, Valor: out.Valor,
		Firers: idsOf(firers), Units: idsOf(defenders), Defenders: defs}
	events := []Event{{Kind: HexFired, Unit: u.ID, Hex: ov.Target, AP: &out, Text: text}}
	return append(events, b.settleAP(a, out.Fates)...)
}

// FinalOpportunity reports whether u may take the final opportunity shot of
// rules 19.2: the overrunning AFV has left the target hex for the exit
// hex, and u is a unit of the target hex that has not taken it yet. It
// may, though it fired this segment.
func (b *Battle) FinalOpportunity(u *Unit) bool {
	m := b.Moving()
	if m == nil || b.pending.Overrun == nil {
		return false
	}
	ov := b.pending.Overrun
	return ov.Attacked && m.Pose.Hex != ov.Target && u.Side != m.Side && u.OnMap() && u.Pose.Hex == ov.Target &&
		!slices.Contains(ov.FinalFired, u.ID)
}

// Overruns returns the overruns AFV u may make now, the cheapest one for
// each enemy hex it can reach head-on (PlanOverrun accepts each), in the
// order of the battle's units. OverrunTo gives the one for a hex.
func (b *Battle) Overruns(u *Unit) []Overrun {
	if _, err := b.checkOverrunner(u.ID); err != nil {
		return nil
	}
	var out []Overrun
	b.Steady(func() {
		// The enemy hexes it may overrun within its range, in the order
		// of the battle's units: its reach is worked out only if there
		// are some.
		var targets []board.Hex
		seen := map[board.Hex]bool{}
		near := b.overrunSpec(u).Range() + 1
		for _, e := range b.units {
			h := e.Pose.Hex
			if e.Side == u.Side || !e.OnMap() || u.Pose.Hex.Distance(h) > near || seen[h] {
				continue
			}
			seen[h] = true
			if b.checkOverrunTarget(u, h) == nil {
				targets = append(targets, h)
			}
		}
		if len(targets) == 0 {
			return
		}
		reach := b.overrunReach(u)
		for _, h := range targets {
			if !reachesNextTo(reach, h) { // what every approach needs
				continue
			}
			if o, ok := b.overrunOf(u, reach, h); ok {
				out = append(out, o)
			}
		}
	})
	return out
}

// reachesNextTo reports whether reach reached a neighbour of hex h.
func reachesNextTo(reach *board.Reach, h board.Hex) bool {
	for d := range board.Direction(6) {
		if reach.Reached(h.Neighbor(d)) {
			return true
		}
	}
	return false
}

// OverrunTo returns the cheapest overrun of hex target AFV u may make now,
// driving into it from any of its neighbours, or says why it has none.
func (b *Battle) OverrunTo(u *Unit, target board.Hex) (Overrun, error) {
	if _, err := b.checkOverrunner(u.ID); err != nil {
		return Overrun{}, err
	}
	if err := b.checkOverrunTarget(u, target); err != nil {
		return Overrun{}, err
	}
	if o, ok := b.overrunOf(u, b.overrunReach(u), target); ok {
		return o, nil
	}
	return Overrun{}, fmt.Errorf("%s cannot drive into %s head-on and out the far side with the MP it has (the hexes' cost, and 2 for the attack: rules 19.3)",
		u.Label(), b.Board().Label(target))
}

// overrunReach is where u may drive before an overrun: its MP less the
// attack's 2 (overrunSpec), around no enemy.
func (b *Battle) overrunReach(u *Unit) *board.Reach {
	return b.Board().Reachable(b.overrunSpec(u), u.Pose, b.Occupancy(u))
}

// overrunSpec is how u moves before an overrun: with its MP less the
// attack's 2.
func (b *Battle) overrunSpec(u *Unit) board.MoveSpec {
	spec := b.allowance(u)
	spec.MP = max(0, spec.MP-overrunMP)
	return spec
}

// overrunOf is the cheapest overrun of target by u, with u's reach before
// the attack given, or false.
func (b *Battle) overrunOf(u *Unit, reach *board.Reach, target board.Hex) (Overrun, bool) {
	var best Overrun
	cost := 0
	for d := range board.Direction(6) {
		approach := board.Pose{Hex: target.Neighbor(d.Opposite()), Facing: d}
		var path []board.Pose
		if approach != u.Pose {
			var ok bool
			if path, ok = reach.PosesTo(approach); !ok {
				continue
			}
		}
		o := Overrun{Unit: u.ID, Path: append(path, board.Pose{Hex: target, Facing: d}, board.Pose{Hex: target.Neighbor(d), Facing: d})}
		if p, err := b.PlanOverrun(o); err == nil && (best.Path == nil || p.Cost < cost) {
			best, cost = o, p.Cost
		}
	}
	return best, best.Path != nil
}
