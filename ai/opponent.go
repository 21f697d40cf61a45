// Package ai plays Hexfire: scripted units follow the orders a scenario
// author wrote for them, and a tactical opponent drives every other unit of
// a side the computer plays. It reads a battle and returns the same orders
// a player gives (battle.Order), so solo play, hot-seat and replays run
// one code path. It never rolls the battle's dice.
//
// Three players implement Player: Opponent (the tactical opponent, which
// also runs scripts), Random (uniformly random legal orders) and Greedy
// (fire at the nearest target, otherwise advance), the last two as
// baselines for hexfire-cli simulate. docs/AI.md describes the script
// language and how the opponent thinks.
package ai

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// Player gives its side's next order, with a short explanation in words,
// from the side's view of the battle (the only thing it is given: under
// fog it knows the enemy as the side does). The order is one
// battle.Apply accepts from the side.
type Player interface {
	Next(v *battle.View) (battle.Order, string)
}

// Opponent is the tactical computer opponent of one side: its scripted
// units by their scripts, the others by its own judgement. It reads
// nothing but the side's view of the battle (battle.View and the battle
// as the side knows it, View.Known): under fog it plays from what its
// side has seen. Its decisions depend only on that view and its seed, so
// an Opponent made again for a reloaded battle decides exactly as the one
// that played it. It keeps only caches of pure computations (lines of
// sight, odds, distance fields).
type Opponent struct {
	side    maps.Side
	seed    uint64
	scripts map[battle.UnitID]*compiledScript
	memo    memo
	level   Level
}

// NewOpponent makes an opponent for the side whose view v is, with seed
// for its own randomness (umpire.SeatSeed gives the seat's), parsing the
// scripts of the side's units. A script that does not parse, or names a
// hex off the map, is an error naming the map file, the unit and the
// position in the script.
func NewOpponent(v *battle.View, seed uint64) (*Opponent, error) {
	o := &Opponent{side: v.Side, seed: seed, scripts: map[battle.UnitID]*compiledScript{}}
	b := v.Known()
	for _, u := range b.Units() {
		if u.Side != v.Side {
			continue
		}
		cs, err := compileScript(b.Scenario(), u.Placement)
		if err != nil {
			return nil, fmt.Errorf("ai: %w", err)
		}
		if cs != nil {
			o.scripts[u.ID] = cs
		}
	}
	return o, nil
}

// actingView returns the battle as the side of view v knows it, when that
// side acts; else why it gives no order.
func actingView(v *battle.View) (*battle.Battle, string, bool) {
	switch v.Acting {
	case "":
		return nil, "the battle is over", false
	case v.Side:
		return v.Known(), "", true
	}
	return nil, fmt.Sprintf("the %s act, not the %s", v.Acting, v.Side), false
}

// decisionRNG is the tie-break randomness of one decision: seeded from
// the seat's seed (umpire.SeatSeed) and the position as the side knows it
// (positionKey), so it never touches the battle's dice and repeats
// exactly on a replay.
func decisionRNG(seed uint64, b *battle.Battle, side maps.Side) *rand.Rand {
	return rand.New(rand.NewPCG(seed, positionKey(b, side)))
}

// positionKey hashes what a decision of side reads of battle b: the side,
// the turn and phase, the orders of the phase so far, and every unit with
// its hex, facing, markers and whether it is on the map or carried.
func positionKey(b *battle.Battle, side maps.Side) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%d|%s|%s|%s|%d|", side, b.Turn(), b.Phasing(), b.Phase(), b.Acting(), len(b.PhaseOrders()))
	var buf [8]byte
	for _, u := range b.Units() {
		for _, x := range []int{int(u.ID), u.Pose.Hex.Q, u.Pose.Hex.R, int(u.Pose.Facing), int(u.Markers), int(u.Carrier)} {
			binary.LittleEndian.PutUint64(buf[:], uint64(x))
			h.Write(buf[:])
		}
		fmt.Fprintf(h, "%t;", u.OnMap())
	}
	return h.Sum64()
}

// Next returns the side's next order and why it was chosen. Asked with
// the view of another side, or when its side does not act, it ends the
// phase, saying so (the umpire never asks it then).
func (o *Opponent) Next(v *battle.View) (battle.Order, string) {
	if v.Side != o.side {
		return battle.EndPhase{}, fmt.Sprintf("the %s opponent was shown the %s view", o.side.Adjective(), v.Side.Adjective())
	}
	b, why, ok := actingView(v)
	if !ok {
		return battle.EndPhase{}, why
	}
	side := o.side
	if o, why, ok := goOnAfterFire(b, nil); ok {
		return o, why
	}
	d := &decision{o: o, view: newView(b, &o.memo, side), rng: decisionRNG(o.seed, b, side)}
	if v.Fog {
		d.believe(v)
	}
	d.weighStakes()
	if m := b.Moving(); m != nil {
		return d.opportunity(m)
	}
	switch b.Phase() {
	case battle.FirePhase:
		if o, why, ok := handOver(b, side); ok {
			return o, why
		}
		if o, why, ok := d.callSupport(); ok {
			return o, why
		}
		return d.fire(true)
	case battle.DefensiveFire:
		return d.fire(false)
	case battle.Movement:
		return d.movement()
	case battle.AdvancePhase:
		return d.advance()
	}
	return battle.EndPhase{}, fmt.Sprintf("nothing to decide in the %s phase", b.Phase())
}

// decision is one call of Next.
type decision struct {
	*view
	o   *Opponent
	rng *rand.Rand
	// left is, under simultaneous fire, the chance each enemy with AT
	// shots declared at it comes through them (standing); nil otherwise.
	left map[battle.UnitID]float64
	// approach is the memo's routes of the enemy (routes), read once.
	approach *approaches
	// stateHash is poseKey's hash of the battle, taken once a decision.
	stateHash   uint64
	stateHashed bool
}

// poseKey names a bestPose search: the unit, its markers and the state of
// the battle it reads (decision.poseKey).
type poseKey struct {
	unit    battle.UnitID
	markers battle.Markers
	state   uint64
}

// poseChoice is a result of bestPose.
type poseChoice struct {
	stay, best scored
	path       []board.Pose
}

// task is what a unit is doing: its script's rule in force, or Free.
type task struct {
	verb   Verb
	rule   string    // the rule as written, "" for the tactical opponent
	goal   board.Hex // Advance, MoveTo, Patrol, Withdraw, Face
	ambush int       // Ambush: the range, while not sprung
}

func (d *decision) task(u *battle.Unit) task {
	cs := d.o.scripts[u.ID]
	if cs == nil {
		return task{verb: Free}
	}
	for i, r := range cs.Rules {
		if !d.holds(u, r.When) {
			continue
		}
		t := task{verb: r.Verb, rule: r.Source}
		hs := cs.hexes[i]
		switch r.Verb {
		case Ambush:
			if !d.sprung(u, r.Range) {
				t.ambush = r.Range
			}
		case Advance, Patrol:
			n := d.waypointsReached(u, hs, r.Verb == Patrol)
			if r.Verb == Advance && n == len(hs) {
				continue // route done: the next rule applies
			}
			t.goal = hs[n%len(hs)]
		case MoveTo:
			if u.Pose.Hex == hs[0] {
				continue
			}
			t.goal = hs[0]
		case Withdraw:
			t.goal = u.Placement.Hex
			if len(hs) > 0 {
				t.goal = hs[0]
			}
		case Face:
			t.goal = hs[0]
		}
		return t
	}
	return task{verb: Hold, rule: "(script done) hold"}
}

func (d *decision) holds(u *battle.Unit, when [][]Trigger) bool {
	if len(when) == 0 {
		return true
	}
	for _, and := range when {
		all := true
		for _, t := range and {
			all = all && d.trigger(u, t)
		}
		if all {
			return true
		}
	}
	return false
}

func (d *decision) trigger(u *battle.Unit, t Trigger) bool {
	switch t.Kind {
	case WhenImmobile:
		return u.Has(battle.Immobile)
	case WhenLost:
		return d.b.Eliminated(u.Side) >= t.N
	case WhenEnemyNear:
		return anyWithin(d.enemies, u.Pose.Hex, t.N)
	case WhenTurn:
		return d.b.Turn() >= t.N
	}
	return false
}

// anyWithin reports whether one of units stands within n hexes of h.
func anyWithin(units []*battle.Unit, h board.Hex, n int) bool {
	return slices.ContainsFunc(units, func(u *battle.Unit) bool { return u.Pose.Hex.Distance(h) <= n })
}

// sprung reports whether an ambush is over: the unit has fired in this
// battle, or an enemy is within its range now.
func (d *decision) sprung(u *battle.Unit, rng int) bool {
	return d.b.HasFired(u.ID) || anyWithin(d.enemies, u.Pose.Hex, rng)
}

// waypointsReached counts the waypoints u has reached in order along its
// trail (its start hex and every hex its orders took it through); with
// cycle set the route starts over after the last waypoint.
func (d *decision) waypointsReached(u *battle.Unit, wps []board.Hex, cycle bool) int {
	n := 0
	visit := func(h board.Hex) {
		if (cycle || n < len(wps)) && h == wps[n%len(wps)] {
			n++
		}
	}
	visit(u.Placement.Hex)
	for h := range d.b.Trail(u.ID) {
		visit(h)
	}
	return n
}

// cursor returns the highest unit ID that has acted in the current phase
// (orders since the last EndPhase that match), so each unit is considered
// once per phase and the choice needs no memory outside the battle.
func (d *decision) cursor(match func(battle.Order) (battle.UnitID, bool)) battle.UnitID {
	orders := d.b.PhaseOrders()
	for i := len(orders) - 1; i >= 0; i-- {
		if id, ok := match(orders[i]); ok {
			return id
		}
	}
	return 0
}

// shotChoice is a planned attack (battle.Fire or battle.FireAP) with its
// worth.
type shotChoice struct {
	order   battle.Order
	members []*battle.Unit // every unit the attack marks Fired
	ev      float64
	// score ranks attacks: the expected effect less the best AT shots the
	// members of an AP fire group give up by joining it.
	score float64
	text  string // the attack and its odds in words
	kills []killChance
	t     task // the task of the first member
}

// killChance is the chance an attack eliminates (or has abandoned) one
// enemy unit.
type killChance struct {
	unit *battle.Unit
	p    float64
}

func (d *decision) explainShot(c shotChoice, why string) string {
	return fmt.Sprintf("%s (%s); expected effect %.2f", c.text, why, c.ev)
}

// atChoice describes a planned AT attack.
func (d *decision) atChoice(o battle.Fire, plan battle.FirePlan) shotChoice {
	sum := plan.Odds.Summary(d.b.States())
	ev := d.effect(shotChances{destroy: sum.P(sum.Destroy), immobilize: sum.P(sum.Immobilize)}, plan.Target)
	kill := sum.P(sum.Destroy)
	members := []*battle.Unit{plan.Firer}
	if plan.Leader != nil {
		members = append(members, plan.Leader)
	}
	text := fmt.Sprintf("%s fires at %s in %s: hit %.0f%%, destroy %.0f%%, immobilize %.0f%%, still fighting %.0f%%",
		plan.Firer.Label(), plan.Target.Label(), d.b.Board().Label(plan.Target.Pose.Hex),
		100*sum.P(sum.Hit), 100*sum.P(sum.Destroy), 100*sum.P(sum.Immobilize), 100*sum.P(sum.Fighting))
	if left, ok := d.left[plan.Target.ID]; ok {
		// The shot counts only where the shots declared before it leave
		// the target standing.
		ev, kill = ev*left, kill*left
		text += fmt.Sprintf(" (the shots already declared at it leave it standing %.0f%%)", 100*left)
	}
	if cost := d.selfHarm(plan); cost > 0 {
		ev -= cost
		text += fmt.Sprintf(", at a cost of %.2f to its own", cost)
	}
	return shotChoice{order: o, members: members, ev: ev, score: ev, text: text, kills: []killChance{{plan.Target, kill}}}
}

// selfHarm is the expected worth a shot's own side loses by the shot's
// effects on the firer and its hex (a Panzerfaust's 12, a backblast fired
// in desperation), each rated as the enemy's AP fire would be (fateWorth):
// a casualty reduces a squad and eliminates a smaller unit.
func (d *decision) selfHarm(plan battle.FirePlan) float64 {
	firerHex := d.b.UnitsAt(plan.Firer.Pose.Hex)
	cost := 0.0
	for _, w := range plan.Odds.Outcomes {
		p := plan.Odds.Probability(w.Weight)
		for _, e := range w.Effects {
			hit := firerHex
			switch {
			case e.On == combat.OnFirer:
				hit = []*battle.Unit{plan.Firer}
			case e.On != combat.OnFirerHex:
				continue
			}
			for _, u := range hit {
				fate := combat.FatePinned
				switch {
				case e.Kind == combat.Casualty && d.b.HalfSquadOf(u.Type) != nil:
					fate = combat.FateReduced
				case e.Kind == combat.Casualty:
					fate = combat.FateEliminated
				case e.Kind != combat.Pinned:
					continue
				}
				cost += p * d.fateWorth(fate, u)
			}
		}
	}
	return cost
}

// apChoice describes a planned AP attack.
func (d *decision) apChoice(o battle.FireAP, plan battle.APPlan) shotChoice {
	ev, kill := d.planWorth(plan)
	c := shotChoice{order: o, members: plan.Firers, ev: ev, score: ev}
	names := make([]string, len(plan.Firers))
	for i, f := range plan.Firers {
		names[i] = f.Label()
	}
	var fates []string
	for i, u := range plan.Defenders {
		c.kills = append(c.kills, killChance{u, kill[i]})
		fates = append(fates, fmt.Sprintf("%s eliminated %.0f%%", u.Label(), 100*kill[i]))
	}
	hits := 1 - plan.Odds.PointsProbability(0)
	c.text = fmt.Sprintf("%s fire AP at %s (%d APFP", strings.Join(names, ", "), d.b.Board().Label(plan.Target), plan.Attack.APFP)
	if plan.Leader != nil {
		c.text += ", directed by " + plan.Leader.Label()
	}
	if o.Grenades > 0 {
		c.text += fmt.Sprintf(", %d grenades", o.Grenades)
	}
	c.text += fmt.Sprintf("): casualty points %.0f%%, %s", 100*hits, strings.Join(fates, ", "))
	return c
}

// panzerfaustReach is the farthest a Panzerfaust fires under any ruleset
// (tohit-tokill's from 1945); PlanFire refuses what the ruleset and the
// date do not allow.
const panzerfaustReach = 3

// shotOptions returns the AT attacks f may make on target: its own weapon
// with each round the ruleset lets it choose, a Panzerfaust from the pool
// or carried, each in desperation too where f stands in a building under a
// ruleset with backblast, and each with a directing leader if one is free.
func (d *decision) shotOptions(f, target *battle.Unit) []battle.Fire {
	opts := []battle.Fire{{Unit: f.ID, Target: target.ID}}
	if w, err := d.b.WeaponOf(f); err == nil {
		if rounds := combat.AmmunitionOf(d.b.Rules(), w); len(rounds) > 1 {
			for _, a := range rounds[1:] { // the first is the default, fired without naming it
				opts = append(opts, battle.Fire{Unit: f.ID, Target: target.ID, Ammo: a})
			}
		}
	}
	if d.b.MayFirePanzerfaust(f) && f.Pose.Hex.Distance(target.Pose.Hex) <= panzerfaustReach {
		opts = append(opts, battle.Fire{Unit: f.ID, Target: target.ID, Panzerfaust: true})
	}
	if _, reads := d.b.Rules().(combat.DesperationRules); reads && d.b.Board().Cell(f.Pose.Hex).Terrain == board.Building {
		for _, o := range slices.Clone(opts) {
			o.Desperation = true
			opts = append(opts, o)
		}
	}
	if f.Type.Kind.Infantry() {
		for _, l := range d.mine {
			if l.Type.Kind == units.Leader && l.ID != f.ID && l.Pose.Hex == f.Pose.Hex && (!l.Has(battle.Fired) || d.b.FinalOpportunity(f)) && !l.Has(battle.Pinned) {
				for _, o := range slices.Clone(opts) {
					o.Leader = l.ID
					opts = append(opts, o)
				}
				break
			}
		}
	}
	return opts
}

// bestATShot finds f's best legal AT attack on any of targets; ok is
// false when there is none worth more than 0.
func (d *decision) bestATShot(f *battle.Unit, targets []*battle.Unit, ambush int) (shotChoice, bool) {
	best, found := shotChoice{}, false
	reach, pfReach := d.weapon(f).reach, 0
	if d.b.MayFirePanzerfaust(f) {
		pfReach = panzerfaustReach
	}
	for _, e := range targets {
		dist := f.Pose.Hex.Distance(e.Pose.Hex)
		// Every shot needs a clear line: the memoised Sight rules out most
		// targets before a plan is built.
		if e.Type.Kind.Infantry() || dist > max(reach, 1, pfReach) || ambush > 0 && dist > ambush || !d.los(f.Pose.Hex, e.Pose.Hex).Visible {
			continue
		}
		for _, o := range d.shotOptions(f, e) {
			plan, err := d.b.PlanFire(o)
			if err != nil {
				continue
			}
			if c := d.atChoice(o, plan); c.ev > best.ev {
				best, found = c, true
			}
		}
	}
	return best, found
}

// ready reports whether u may fire now, as far as its markers say.
func ready(u *battle.Unit) bool {
	return !u.Has(battle.Fired) && !u.Has(battle.SmokeLaid) && !u.Has(battle.Pinned)
}

// attacks lists the attacks the acting side may make on targets, each
// worth at least the threshold its first member's task sets (min): every
// ready unit's best AT shot, and the AP fire of every group (a vehicle or
// Gun alone, or the infantry of a hex) at every hex of a target AP fire
// can harm. A hex's infantry fire as one group: all that add firepower,
// and also without those that have an AT shot of their own; a free leader
// directs it when that adds leaderGain, and grenades are thrown when they
// add grenadeCost. Best score first.
func (d *decision) attacks(targets []*battle.Unit, min func(*battle.Unit, task) float64) []shotChoice {
	var out []shotChoice
	atAlt := make(map[battle.UnitID]float64, len(d.mine))
	tasks := make(map[battle.UnitID]task, len(d.mine))
	for _, f := range d.mine {
		if !ready(f) && !d.b.FinalOpportunity(f) { // the final shot at an overrunning AFV (rules 19.2)
			continue
		}
		t := d.task(f)
		tasks[f.ID] = t
		if c, ok := d.bestATShot(f, targets, t.ambush); ok {
			atAlt[f.ID] = c.ev
			if c.ev >= min(f, t) {
				c.t = t
				out = append(out, c)
			}
		}
	}
	groups := d.fireGroups()
	// A mortar's attack on a hex rolls against its AFVs too (rules 12.67):
	// with a mortar among the groups, a hex of AFVs alone is a target.
	mortars := slices.ContainsFunc(groups, func(g fireGroup) bool { return len(mortarsOf(d.b, g)) > 0 })
	var hexes []board.Hex
	for _, e := range targets {
		if (mortars || d.b.StruckByAP(e)) && !slices.Contains(hexes, e.Pose.Hex) {
			hexes = append(hexes, e.Pose.Hex)
		}
	}
	if len(hexes) == 0 {
		return d.rank(out)
	}
	for _, g := range groups {
		lead := g.members[0]
		t := tasks[lead.ID]
		reach := 0
		for _, m := range g.members {
			reach = max(reach, d.apReach(m))
		}
		for _, h := range hexes {
			dist := lead.Pose.Hex.Distance(h)
			if dist > reach || t.ambush > 0 && dist > t.ambush || !d.los(lead.Pose.Hex, h).Visible && !d.indirectFire(g, h) {
				continue
			}
			if c, ok := d.groupAttack(g, h, atAlt); ok && c.ev >= min(lead, t) {
				c.t = t
				out = append(out, c)
			}
		}
	}
	return d.rank(out)
}

// rank sorts attacks best first, by their score with the level's
// deliberate error.
func (d *decision) rank(cs []shotChoice) []shotChoice {
	for i := range cs {
		cs[i].score += d.err()
	}
	slices.SortStableFunc(cs, func(a, c shotChoice) int { return cmp.Compare(c.score, a.score) })
	return cs
}

// fireGroup is units that may fire AP together: a vehicle or Gun alone,
// or the ready infantry of one hex (leaders apart, as directors).
type fireGroup struct {
	members []*battle.Unit
	leaders []*battle.Unit
}

// fireGroups returns the acting side's AP fire groups, in unit ID order.
func (d *decision) fireGroups() []fireGroup {
	var gs []fireGroup
	byHex := map[board.Hex]int{}
	for _, u := range d.mine {
		if !ready(u) || u.Carrier != 0 || d.apReach(u) == 0 && u.Type.Kind != units.Leader {
			continue
		}
		if !u.Type.Kind.Infantry() {
			gs = append(gs, fireGroup{members: []*battle.Unit{u}})
			continue
		}
		i, ok := byHex[u.Pose.Hex]
		if !ok {
			i = len(gs)
			byHex[u.Pose.Hex] = i
			gs = append(gs, fireGroup{})
		}
		if u.Type.Kind == units.Leader {
			gs[i].leaders = append(gs[i].leaders, u)
		} else {
			gs[i].members = append(gs[i].members, u)
		}
	}
	// A hex of leaders alone fires with its first leader as a member.
	for i := range gs {
		if len(gs[i].members) == 0 {
			gs[i].members, gs[i].leaders = gs[i].leaders[:1], gs[i].leaders[1:]
		}
	}
	return gs
}

// groupAttack plans group g's best AP attack on hex h (see attacks).
func (d *decision) groupAttack(g fireGroup, h board.Hex, atAlt map[battle.UnitID]float64) (shotChoice, bool) {
	var all, spare []battle.UnitID
	for _, m := range g.members {
		if d.apFirepower(m, m.Pose, h) == 0 {
			continue
		}
		all = append(all, m.ID)
		if atAlt[m.ID] == 0 {
			spare = append(spare, m.ID)
		}
	}
	variants := [][]battle.UnitID{all}
	if len(spare) > 0 && len(spare) < len(all) {
		variants = append(variants, spare)
	}
	if m := mortarsOf(d.b, g); len(m) > 0 && len(m) < len(all) {
		// Mortars never fire in one group with infantry (rules 12.61):
		// the mortars alone, or the others without them.
		rest := slices.DeleteFunc(slices.Clone(all), func(id battle.UnitID) bool { return slices.Contains(m, id) })
		variants = append(variants, m, rest)
	}
	best, found := shotChoice{}, false
	for _, ids := range variants {
		if len(ids) == 0 {
			continue
		}
		o := battle.FireAP{Units: ids, Target: h}
		plan, err := d.b.PlanAP(o)
		if err != nil {
			continue
		}
		c := d.apChoice(o, plan)
		if len(g.leaders) > 0 {
			lo := o
			lo.Leader = g.leaders[0].ID
			if lp, err := d.b.PlanAP(lo); err == nil {
				if lc := d.apChoice(lo, lp); lc.ev >= c.ev+leaderGain {
					o, c = lo, lc
				}
			}
		}
		if gro, n := o, d.b.GrenadeLimit(d.side, append(slices.Clone(o.Units), o.Leader)...); plan.From.Distance(h) == 1 && g.members[0].Type.Kind.Infantry() && n > 0 {
			gro.Grenades = n
			if gp, err := d.b.PlanAP(gro); err == nil {
				if gc := d.apChoice(gro, gp); gc.ev >= c.ev+grenadeCost {
					c = gc
				}
			}
		}
		for _, m := range c.members {
			c.score -= atAlt[m.ID]
		}
		if !found || c.score > best.score {
			best, found = c, true
		}
	}
	if found {
		best = d.withLane(best)
	}
	return best, found
}

// canMove reports whether u could still move in this segment.
func (d *decision) canMove(u *battle.Unit) bool {
	return d.b.CheckMove(u) == nil && d.b.MoveSpec(u).MP > 0
}

// fireThreshold is the least expected effect for which u fires now.
func (d *decision) fireThreshold(u *battle.Unit, t task, own bool) float64 {
	const least = 0.01
	switch {
	case !own || !d.canMove(u):
		return least
	case t.verb == Face && !d.facing(u, t.goal):
		return scriptedMoverFire // it turns first
	case t.verb == Hold || t.verb == Ambush || t.verb == Face:
		return least
	case t.verb == Free:
		return fireThreshold
	}
	return scriptedMoverFire
}

// facing reports whether u's front is turned toward goal (infantry
// always are).
func (d *decision) facing(u *battle.Unit, goal board.Hex) bool {
	f, ok := towards(u.Pose.Hex, goal)
	return !ok || u.Type.Kind.Infantry() || f == u.Pose.Facing
}

// fire decides in the Fire phase (own set) or the Defensive Fire phase:
// the attacks of the side (attacks), best first. In its own Fire phase a
// free unit that could move and is in danger where it stands fires only if
// the attack (with the danger it takes away when it kills the firer's
// enemy) is worth more than what moving instead gains (bestPose); this is
// weighed for the best attacks of moveChecks units or groups, and again
// for every later attack of units already weighed, at no cost (their
// best poses are memoised), so that a unit whose move beat a better shot
// fires no lesser one unchecked; the other attacks fire from
// fireThreshold. For an AP fire group the gains of all its endangered
// free members are added up. Before any shot, a unit with a broken weapon
// tries to repair it (repair).
func (d *decision) fire(own bool) (battle.Order, string) {
	if o, why, ok := d.repair(); ok {
		return o, why
	}
	d.left = d.standing()
	cands := d.attacks(d.enemies, func(u *battle.Unit, t task) float64 { return d.fireThreshold(u, t, own) })
	checks := 0
	weighed := map[battle.UnitID]bool{} // units whose move has been weighed against a shot
	for _, c := range cands {
		why := "best expected effect"
		if c.t.rule != "" {
			why = "script: " + c.t.rule
		}
		if own && c.t.verb == Free {
			var movers []*battle.Unit
			for _, m := range c.members {
				if d.canMove(m) && d.task(m).verb == Free {
					movers = append(movers, m)
				}
			}
			fresh := slices.ContainsFunc(movers, func(m *battle.Unit) bool { return !weighed[m.ID] })
			if len(movers) > 0 && fresh && checks == depths[d.o.level].checks {
				if c.ev < fireThreshold {
					continue
				}
			} else if len(movers) > 0 {
				if fresh {
					checks++
				}
				for _, m := range movers {
					weighed[m.ID] = true
				}
				worth, gain, to := d.net(c.ev, -d.relief(c)), 0.0, ""
				for _, m := range movers {
					if !d.endangered(m, c.ev) && !d.bound(m) {
						continue
					}
					stay, best, path := d.bestPose(m)
					if path != nil {
						gain += best.score - stay.score
						to = d.b.Board().Label(best.pose.Hex)
					}
				}
				if worth < gain {
					continue // the units keep their move
				}
				if to != "" {
					why = fmt.Sprintf("worth %.2f with the danger it removes, more than moving (to %s; gain %.2f)", worth, to, gain)
				}
			}
		}
		return c.order, d.explainShot(c, why)
	}
	if o, why, ok := d.resolveDeclared(); ok {
		return o, why
	}
	if own {
		if o, text, ok := d.smokeRound(); ok {
			return o, text
		}
	}
	return battle.EndPhase{}, fmt.Sprintf("the %s end the %s phase: no shot worth taking", d.side, d.b.Phase())
}

// endangered reports whether u, staying where it stands, risks more than
// a shot worth ev: the enemy's Defensive Fire and next Fire phase. Only
// then is firing weighed against moving away.
func (d *decision) endangered(u *battle.Unit, ev float64) bool {
	threat, _ := d.threatTo(u, u.Pose)
	threat += d.futureDanger(u, u.Pose)
	return d.net(ev, lossWeight*(d.exposure(u, u.Pose, nil)+threat)) < 0
}

// bound reports whether u has yet to reach a hex its side must hold or
// deny, where it cannot wait for the enemy to come: a side that does not
// win when time runs out, with u on none of the hexes either side must
// hold. Such a unit weighs a shot from where it stands against closing
// in, though it is in no danger.
func (d *decision) bound(u *battle.Unit) bool {
	_, all := d.holdHexes()
	return len(all) > 0 && !d.winsByDefault() && !slices.Contains(all, u.Pose.Hex)
}

// relief is the expected loss an attack spares its firers by removing
// its targets before they fire back: the chance each target is eliminated
// or abandoned, times its attacks on the firers where they stand (in this
// segment and in the enemy's next Fire phase), weighted as a move weighs
// them.
func (d *decision) relief(c shotChoice) float64 {
	total := 0.0
	for _, k := range c.kills {
		for _, f := range c.members {
			total += k.p * lossWeight * (d.enemyShot(k.unit, f, f.Pose, false) + d.enemyShot(k.unit, f, f.Pose, true))
		}
	}
	return total
}

// keptShot is the best attack f could make from where it stands on an
// enemy other than the mover m: what it keeps for Defensive Fire by
// letting m pass.
func (d *decision) keptShot(f, m *battle.Unit) float64 {
	best, _ := d.attackFrom(f, f.Pose, m)
	return best
}

// smokeRound fires a smoke round for a unit that is outgunned where it stands
// and cannot move away: into the line to its most dangerous enemy. Whether
// the unit may fire smoke there (ruleset, weapon, supply, line of sight,
// arc) is the battle's to say (battle.Check).
func (d *decision) smokeRound() (battle.Order, string, bool) {
	if d.b.SmokeSupply(d.side) < 2 {
		return nil, "", false
	}
	for _, u := range d.mine {
		if u.Has(battle.Fired) || u.Type.Kind.Infantry() || d.canMove(u) {
			continue
		}
		threat, worst := d.threatTo(u, u.Pose)
		attack, _ := d.attackFrom(u, u.Pose, nil)
		if worst == nil || threat < 0.25 || attack >= threat/2 {
			continue
		}
		target := worst.Pose.Hex
		if line := d.b.Board().LOS(u.Pose.Hex, worst.Pose.Hex, d.smoke); len(line.Path) > 2 {
			target = line.Path[1]
		}
		o := battle.FireSmoke{Unit: u.ID, Hex: target}
		if d.b.Check(o) != nil {
			continue
		}
		return o, fmt.Sprintf("%s fires smoke into %s: outgunned by %s (expected loss %.2f against expected effect %.2f) and unable to move",
			u.Label(), d.b.Board().Label(target), worst.Label(), threat, attack), true
	}
	return nil, "", false
}

// opportunity decides whether to fire at the moving enemy: the side's
// sniper when it may (Snipe); otherwise the best attack on it, AT or AP
// (attacks), if it is worth opportunityThreshold (0.05 for hold, ambush
// and face units).
//
// The moment matters: a unit that fires at a mover is spent for the
// Defensive Fire phase that follows the enemy's movement. So in the
// Movement phase a free unit lets the mover pass when its best attack
// from where it stands on an enemy that is not moving is worth more than
// the shot at the mover by keepShot (that enemy will still be there), and
// takes the shot at the mover when the mover offers the better one (in
// the open, close, its flank turned).
func (d *decision) opportunity(m *battle.Unit) (battle.Order, string) {
	if d.b.CanSnipe(d.side) == nil {
		// Ours: the sniper has no other use for its one shot a turn, so it
		// takes the first moving infantry it may.
		return battle.Snipe{}, fmt.Sprintf("the %s sniper fires at %s: its one opportunity shot this turn", d.side, m.Label())
	}
	cands := d.attacks([]*battle.Unit{m}, func(_ *battle.Unit, t task) float64 {
		if t.verb == Hold || t.verb == Ambush || t.verb == Face {
			return 0.05
		}
		return opportunityThreshold
	})
	for _, c := range cands {
		if c.t.verb == Free && d.b.Phase() == battle.Movement {
			kept := 0.0
			for _, f := range c.members {
				kept += d.keptShot(f, m)
			}
			if keepShot*kept > c.ev {
				continue
			}
		}
		return c.order, d.explainShot(c, "opportunity fire")
	}
	return battle.Pass{}, fmt.Sprintf("the %s let %s move on: no shot at it worth %.2f", d.side, m.Label(), opportunityThreshold)
}
