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
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Player gives the next order of the side acting in a battle, with a short
// explanation in words. The order is one battle.Apply accepts.
type Player interface {
	Next(b *battle.Battle) (battle.Order, string)
}

// Opponent is the tactical computer opponent. It plays whichever side is
// acting when Next is called: scripted units by their scripts, the others
// by its own judgement. Its decisions depend only on the battle (its seed
// and the orders so far): an Opponent made for a reloaded battle decides
// exactly as the one that played it. It keeps only caches of pure
// computations (lines of sight, odds, distance fields).
type Opponent struct {
	scripts map[battle.UnitID]*compiledScript
	memo    memo
}

// NewOpponent makes an opponent for battle b, parsing the scripts of its
// units. A script that does not parse, or names a hex off the map, is an
// error naming the map file, the unit and the position in the script.
func NewOpponent(b *battle.Battle) (*Opponent, error) {
	o := &Opponent{scripts: map[battle.UnitID]*compiledScript{}}
	for _, u := range b.Units() {
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

// decisionRNG is the tie-break randomness of one decision: seeded from the
// battle's seed, the acting side and the number of orders so far, so it
// never touches the battle's dice and repeats exactly on a replay.
func decisionRNG(b *battle.Battle, side string, orders int) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", side, orders)
	return rand.New(rand.NewPCG(b.Config().Seed, h.Sum64()))
}

// Next returns the acting side's next order and why it was chosen.
func (o *Opponent) Next(b *battle.Battle) (battle.Order, string) {
	side := b.Acting()
	if side == "" {
		return battle.EndPhase{}, "the battle is over"
	}
	orders := b.Orders()
	d := &decision{o: o, view: newView(b, &o.memo, side), orders: orders, rng: decisionRNG(b, side, len(orders))}
	d.weighStakes()
	if m := b.Moving(); m != nil {
		return d.opportunity(m)
	}
	switch b.Phase() {
	case battle.FirePhase:
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
	o      *Opponent
	orders []battle.Order
	rng    *rand.Rand
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
		return d.enemyWithin(u, t.N)
	case WhenTurn:
		return d.b.Turn() >= t.N
	}
	return false
}

func (d *decision) enemyWithin(u *battle.Unit, n int) bool {
	for _, e := range d.enemies {
		if e.Pose.Hex.Distance(u.Pose.Hex) <= n {
			return true
		}
	}
	return false
}

// sprung reports whether an ambush is over: the unit has fired in this
// battle, or an enemy is within its range now.
func (d *decision) sprung(u *battle.Unit, rng int) bool {
	for _, o := range d.orders {
		if f, ok := o.(battle.Fire); ok && f.Unit == u.ID {
			return true
		}
	}
	return d.enemyWithin(u, rng)
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
	for _, o := range d.orders {
		switch o := o.(type) {
		case battle.Move:
			if o.Unit == u.ID {
				for _, p := range o.Path {
					visit(p.Hex)
				}
			}
		case battle.Advance:
			if o.Unit == u.ID {
				visit(o.To)
			}
		}
	}
	return n
}

// cursor returns the highest unit ID that has acted in the current phase
// (orders since the last EndPhase that match), so each unit is considered
// once per phase and the choice needs no memory outside the battle.
func (d *decision) cursor(match func(battle.Order) (battle.UnitID, bool)) battle.UnitID {
	for i := len(d.orders) - 1; i >= 0; i-- {
		if _, end := d.orders[i].(battle.EndPhase); end {
			break
		}
		if id, ok := match(d.orders[i]); ok {
			return id
		}
	}
	return 0
}

// probabilities turns exact odds into chances per result.
func probabilities(odds combat.Odds) [combat.NumResults]float64 {
	var p [combat.NumResults]float64
	for _, r := range combat.Results() {
		p[r] = odds.Probability(r)
	}
	return p
}

// shotChoice is a planned attack with its worth.
type shotChoice struct {
	order battle.Fire
	plan  battle.Plan
	ev    float64
}

func (d *decision) explainShot(c shotChoice, why string) string {
	p := probabilities(c.plan.Odds)
	return fmt.Sprintf("%s fires at %s in %s (%s): eliminate %.0f%%, abandon %.0f%%, immobilize %.0f%%, miss or no effect %.0f%%; expected effect %.2f",
		c.plan.Firer.Label(), c.plan.Target.Label(), d.b.Board().Label(c.plan.Target.Pose.Hex), why,
		100*p[combat.Eliminated], 100*p[combat.Abandoned], 100*p[combat.Immobilized],
		100*(p[combat.Miss]+p[combat.NoEffect]), c.ev)
}

// shotOptions returns the attacks f may make on target: its own weapon, a
// Panzerfaust from the pool, each with a directing leader if one is free.
func (d *decision) shotOptions(f, target *battle.Unit) []battle.Fire {
	opts := []battle.Fire{{Unit: f.ID, Target: target.ID}}
	if (f.Type.Kind == units.Squad || f.Type.Kind == units.HalfSquad) && d.b.Panzerfausts(f.Side) > 0 && f.Pose.Hex.Distance(target.Pose.Hex) == 1 {
		opts = append(opts, battle.Fire{Unit: f.ID, Target: target.ID, Panzerfaust: true})
	}
	if f.Type.Kind.Infantry() {
		for _, l := range d.mine {
			if l.Type.Kind == units.Leader && l.ID != f.ID && l.Pose.Hex == f.Pose.Hex && !l.Has(battle.Fired) {
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

// bestShot finds f's best legal attack on any of targets worth at least
// min; ok is false when there is none.
func (d *decision) bestShot(f *battle.Unit, targets []*battle.Unit, min float64, ambush int) (shotChoice, bool) {
	best, found := shotChoice{}, false
	reach := d.weapon(f.Type).reach
	for _, e := range targets {
		dist := f.Pose.Hex.Distance(e.Pose.Hex)
		if e.Type.Kind.Infantry() || dist > max(reach, 1) || ambush > 0 && dist > ambush {
			continue
		}
		for _, o := range d.shotOptions(f, e) {
			plan, err := d.b.PlanFire(o)
			if err != nil {
				continue
			}
			ev := d.effect(probabilities(plan.Odds), e)
			if ev >= min && ev > best.ev {
				best, found = shotChoice{order: o, plan: plan, ev: ev}, true
			}
		}
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
	case t.verb == Hold || t.verb == Ambush || t.verb == Face:
		return least
	case t.verb == Free:
		return fireThreshold
	}
	return scriptedMoverFire
}

// fire decides in the Fire phase (own set) or the Defensive Fire phase:
// the best shot of each unit, best first. In its own Fire phase a free unit
// that could move and is in danger where it stands fires only if the shot
// (with the danger it takes away when it kills the firer's enemy) is worth
// more than what moving instead gains (bestPose); this is weighed for the
// moveChecks best shots, the others fire from fireThreshold.
func (d *decision) fire(own bool) (battle.Order, string) {
	type candidate struct {
		shotChoice
		t task
	}
	var cands []candidate
	for _, f := range d.mine {
		if f.Has(battle.Fired) || f.Has(battle.SmokeLaid) {
			continue
		}
		t := d.task(f)
		if c, ok := d.bestShot(f, d.enemies, d.fireThreshold(f, t, own), t.ambush); ok {
			cands = append(cands, candidate{c, t})
		}
	}
	slices.SortStableFunc(cands, func(a, c candidate) int { return cmp.Compare(c.ev, a.ev) })
	checks := 0
	for _, c := range cands {
		why := "best expected effect"
		if c.t.rule != "" {
			why = "script: " + c.t.rule
		}
		f := c.plan.Firer
		if own && c.t.verb == Free && d.canMove(f) {
			if checks == moveChecks {
				if c.ev < fireThreshold {
					continue
				}
			} else if d.endangered(f, c.ev) {
				checks++
				stay, best, path := d.bestPose(f)
				worth := d.net(c.ev, -d.relief(c.plan))
				if path != nil && worth < best.score-stay.score {
					continue // it keeps its move
				}
				if path != nil {
					why = fmt.Sprintf("worth %.2f with the danger it removes, more than moving to %s (gain %.2f)",
						worth, d.b.Board().Label(best.pose.Hex), best.score-stay.score)
				}
			}
		}
		return c.order, d.explainShot(c.shotChoice, why)
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
	return d.net(ev, lossWeight*(d.exposure(u, u.Pose, nil)+threat)) < 0
}

// relief is the expected loss a shot spares its firer by removing the
// target before it fires back: the chance the target is eliminated or
// abandoned, times the target's shots at the firer where it stands (in
// this segment and in the enemy's next Fire phase), weighted as a move
// weighs them.
func (d *decision) relief(p battle.Plan) float64 {
	pr := probabilities(p.Odds)
	back := d.enemyShot(p.Target, p.Firer, p.Firer.Pose, false) + d.enemyShot(p.Target, p.Firer, p.Firer.Pose, true)
	return (pr[combat.Eliminated] + pr[combat.Abandoned]) * lossWeight * back
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
		attack, _ := d.attackFrom(u, u.Pose)
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

// opportunity decides whether to fire at the moving enemy.
func (d *decision) opportunity(m *battle.Unit) (battle.Order, string) {
	best, found := shotChoice{}, false
	for _, f := range d.mine {
		if f.Has(battle.Fired) {
			continue // bestShot plans the rest with the battle's checks
		}
		t := d.task(f)
		min := opportunityThreshold
		if t.verb == Hold || t.verb == Ambush || t.verb == Face {
			min = 0.05
		}
		if c, ok := d.bestShot(f, []*battle.Unit{m}, min, t.ambush); ok && c.ev > best.ev {
			best, found = c, true
		}
	}
	if found {
		return best.order, d.explainShot(best, "opportunity fire")
	}
	return battle.Pass{}, fmt.Sprintf("the %s let %s move on: no shot at it worth %.2f", d.side, m.Label(), opportunityThreshold)
}
