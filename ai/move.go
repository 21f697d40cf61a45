package ai

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	stdmaps "maps"
	"math/rand/v2"
	"slices"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// movement moves the next unit (in ID order, after the last one that moved
// in this phase) that has somewhere better to be, or ends the phase.
func (d *decision) movement() (battle.Order, string) {
	if o, why, ok := d.arrivalOrExit(); ok {
		return o, why
	}
	if o, why, ok := d.towing(); ok {
		return o, why
	}
	after := d.cursor(func(o battle.Order) (battle.UnitID, bool) {
		switch o := o.(type) {
		case battle.Move:
			return o.Unit, true
		case battle.Overrun:
			return o.Unit, true
		}
		return 0, false
	})
	for _, u := range d.mine {
		if u.ID <= after || !d.canMove(u) {
			continue
		}
		if o, why, ok := d.overrun(u); ok && d.b.Check(o) == nil {
			return o, why
		}
		if path, why, ok := d.plannedMove(u, d.task(u)); ok {
			if o := (battle.Move{Unit: u.ID, Path: path}); d.b.Check(o) == nil {
				return o, why
			}
		}
	}
	return battle.EndPhase{}, fmt.Sprintf("the %s end the Movement phase: every unit has moved or holds its ground", d.side)
}

// overrunMargin is what an overrun must score above the unit's best move
// to be made instead: our own choice, almost a third of a kill, since the
// attack leaves the AFV in the enemy's midst, where the estimate of its
// danger is the roughest (Bloody Gulch as the Axis against greedy, seeds
// 101–180: 47 of 80 won with 101 overruns, 46 with none).
const overrunMargin = 0.3

// overrun returns the best overrun free AFV u may make (battle.Overruns),
// when it scores better than its best move (bestPose) by overrunMargin:
// the attack's expected effect from its exact odds, and its next shot
// from the exit hex as a move's is counted (attackFrom), less the expected
// loss of the fire on the way in and of standing at the exit hex, where
// the target's survivors fire at its rear (threatTo counts them all, as
// though none fell).
func (d *decision) overrun(u *battle.Unit) (battle.Overrun, string, bool) {
	if u.Type.Kind != units.AFV || d.task(u).verb != Free {
		return battle.Overrun{}, "", false
	}
	overruns := d.b.Overruns(u)
	if len(overruns) == 0 {
		return battle.Overrun{}, "", false
	}
	stay, best, _ := d.bestPose(u)
	var pick battle.Overrun
	var why string
	top := best.score + overrunMargin
	for _, o := range overruns {
		p, err := d.b.PlanOverrun(o)
		if err != nil {
			continue
		}
		effect, _ := d.planWorth(battle.APPlan{Odds: p.Odds, Defenders: p.Defenders})
		exit := o.Path[len(o.Path)-1]
		threat, _ := d.threatTo(u, exit)
		threat += d.futureDanger(u, exit)
		exposure := d.exposure(u, u.Pose, o.Path[:len(o.Path)-1])
		attack, prize := d.attackFrom(u, exit, nil) // its next shot, from the exit, as a move's is counted
		attack *= pursuit(prize)
		if score := d.net(effect+attack, lossWeight*(exposure+threat)) + stay.objective; score > top {
			top, pick = score, o
			why = fmt.Sprintf("%s overruns %s out to %s: expected effect %.2f, expected loss %.2f on the way and %.2f at the exit; score %.2f against %.2f for its best move",
				u.Label(), d.b.Board().Label(p.Target), d.b.Board().Label(exit.Hex), effect, exposure, threat, score, best.score)
		}
	}
	return pick, why, pick.Path != nil
}

// plannedMove returns u's move for its task, or false to stay.
func (d *decision) plannedMove(u *battle.Unit, t task) ([]board.Pose, string, bool) {
	switch t.verb {
	case Hold, Ambush:
		return nil, "", false
	case Free:
		return d.tacticalMove(u)
	}
	spec := d.b.MoveSpec(u)
	reach := d.b.Board().Reachable(spec, u.Pose, d.occupancy(u))
	if t.verb == Face {
		f, ok := towards(u.Pose.Hex, t.goal)
		if !ok || spec.Kind == board.Infantry || f == u.Pose.Facing {
			return nil, "", false
		}
		path, ok := reach.PosesTo(board.Pose{Hex: u.Pose.Hex, Facing: f})
		if !ok || len(path) == 0 {
			return nil, "", false
		}
		return path, fmt.Sprintf("%s turns to face %s (script: %s)", u.Label(), d.b.Board().Label(t.goal), t.rule), true
	}
	field := d.field(spec.Kind.Mover(), []board.Hex{t.goal})
	best, bestD, bestCost := u.Pose.Hex, d.distance(field, u.Pose.Hex), 0
	for _, h := range reach.Hexes() {
		dist := d.distance(field, h)
		c, _ := reach.Cost(h)
		if dist < bestD || dist == bestD && c < bestCost {
			best, bestD, bestCost = h, dist, c
		}
	}
	if best == u.Pose.Hex {
		return nil, "", false // arrived, or blocked where it stands
	}
	p := d.safestPose(u, reach, best)
	path, ok := reach.PosesTo(p)
	if !ok || len(path) == 0 {
		return nil, "", false
	}
	return path, fmt.Sprintf("%s moves %s → %s toward %s (script: %s)", u.Label(),
		d.b.Board().Label(u.Pose.Hex), d.b.Board().Label(best), d.b.Board().Label(t.goal), t.rule), true
}

// safestPose picks the facing at hex h (among those reachable) that puts
// the front armour toward the danger: the least expected loss, then the
// best shot.
func (d *decision) safestPose(u *battle.Unit, reach *board.Reach, h board.Hex) board.Pose {
	best, bestScore, found := board.Pose{Hex: h, Facing: u.Pose.Facing}, 0.0, false
	for f := range board.Direction(6) {
		p := board.Pose{Hex: h, Facing: f}
		if _, ok := reach.PoseCost(p); !ok {
			continue
		}
		threat, _ := d.threatTo(u, p)
		attack, _ := d.attackFrom(u, p, nil)
		if s := d.net(attack, threatWeight*threat); !found || s > bestScore {
			best, bestScore, found = p, s, true
		}
	}
	return best
}

// objectives returns the hexes u should make for: the side's exit edge
// when its victory asks it to leave the map. Otherwise infantry, whom AT fire
// cannot harm, make for the hexes either side must hold (their own to take
// them, the enemy's to deny them), except those already held by two or
// more of their other units and those the enemy stands in (but see
// mustTake), and of the hexes the enemy must all hold only the one the
// side makes its stand in (denyFocus). Units with an AT weapon hunt: the hexes their
// side must hold, else the enemy units they could hurt. A side that wins
// when time runs out need not destroy, only deny: all its units make for
// either side's hold hexes, even manned ones, and without any it hunts
// nothing (where it waits is chosen by the shots, the danger and the
// approaches it covers, approachValue). Without any of those, the enemy
// units it can hurt: a unit with an AT weapon hunts the enemy's vehicles
// and Guns, a vehicle or Gun with AP fire alone the enemy units AP fire
// strikes, infantry without an AT weapon every enemy unit (it may
// close-assault any); a vehicle with neither an AT weapon nor AP fire has
// nothing to hunt with, and no goal.
func (d *decision) objectives(u *battle.Unit) []board.Hex {
	if exits := d.exitHexes(); len(exits) > 0 {
		return exits // reinforce.go: the side's aim is to leave the map
	}
	var goals []board.Hex
	own, all := d.holdHexes()
	holds := own
	if u.Type.Kind.Infantry() || d.winsByDefault() {
		holds = all
	}
	for _, h := range holds {
		n := 0
		for _, o := range d.mine {
			if o.ID != u.ID && o.Pose.Hex == h {
				n++
			}
		}
		if n < 2 && (!d.b.Holds(battle.Opponent(d.side), h) || d.mustTake(h)) {
			goals = append(goals, h)
		}
	}
	if focus, ok := d.denyFocus(); ok {
		goals = slices.DeleteFunc(goals, func(h board.Hex) bool { return h != focus && d.denyOnly(h) })
	}
	if len(goals) > 1 {
		goals = d.assigned(u, goals)
	}
	if len(goals) > 0 {
		return goals
	}
	if d.winsByDefault() {
		return holds // waiting wins: keep near the hold hexes (if any), not hunt
	}
	armed := d.weapon(u).ok
	apOnly := !armed && !u.Type.Kind.Infantry() // a vehicle or Gun with AP fire alone, if any
	if apOnly && d.apReach(u) == 0 {
		return nil
	}
	for _, e := range d.enemies {
		if armed && e.Type.Kind.Infantry() || apOnly && !d.b.StruckByAP(e) {
			continue // its gun is for the enemy's vehicles and Guns; AP fire cannot touch e
		}
		goals = append(goals, e.Pose.Hex)
	}
	return goals
}

// assigned keeps of goals those u is among the nearest of its side's
// mobile units to: each goal gets an even share of them, so that the
// side spreads over its objectives instead of all making for the nearest
// one. Without any (u is far from all), the goal where it ranks best
// against its share.
func (d *decision) assigned(u *battle.Unit, goals []board.Hex) []board.Hex {
	var movers []*battle.Unit
	for _, o := range d.mine {
		if o.Carrier == 0 && d.b.MoveSpec(o).MP > 0 && d.task(o).verb == Free {
			movers = append(movers, o)
		}
	}
	quota := (len(movers) + len(goals) - 1) / len(goals)
	var kept []board.Hex
	bestG, bestRank := goals[0], -1
	for _, g := range goals {
		mine := d.mpTo(u, g)
		rank := 0
		for _, o := range movers {
			if o.ID == u.ID {
				continue
			}
			if od := d.mpTo(o, g); od < mine || od == mine && o.ID < u.ID {
				rank++
			}
		}
		if rank < quota {
			kept = append(kept, g)
		}
		if bestRank < 0 || rank < bestRank {
			bestG, bestRank = g, rank
		}
	}
	if len(kept) == 0 {
		kept = []board.Hex{bestG}
	}
	return kept
}

// mustTake reports whether hex h, which the enemy stands in, stays a goal
// of the acting side: from takeFrom of the battle's turns on, a hex only
// it must hold, since it wins by holding it only if it drives the enemy
// out in time (before, it hunts the enemy units and wears the holders
// down). A hex both sides must hold is not: there the side's own hexes
// are what the enemy comes for, and its units keep to them.
func (d *decision) mustTake(h board.Hex) bool {
	turns := d.b.Scenario().Turns
	if turns > 0 && float64(d.b.Turn()) < takeFrom*float64(turns) {
		return false
	}
	vc, ok := d.victory()
	return ok && slices.Contains(vc.Hold[d.side], h)
}

// placeValue is what hex h is worth to u for where it is: its cover, the
// objective it holds, the approaches it covers and the assault it
// threatens.
func (d *decision) placeValue(u *battle.Unit, h board.Hex) float64 {
	return d.coverValue(u, h) + d.holdValue(u, h) + d.approachValue(u, h) + d.siegeValue(u, h)
}

// siegeValue is what infantry standing in hex h is worth next to a hex its
// side must take that the enemy holds (or, in the last turn, one it must
// deny: toRetake), or where it can still come next to it in the turns
// left (an estimate, as arrival's: the movement points it has now, as
// many times as Movement phases are left, on the empty board): a share
// of that hex's worth (siegeShare) times the urgency, since only from
// there can it close-assault the holders out in the Advance phase. (The
// urgency is above 0 only from takeFrom of the turns on, when such a hex
// is a goal again: mustTake.) Late in a battle the side must win by
// taking a hex: firing from afar at a stack in cover would leave the
// holders there at the end, and a unit that fires in its Fire phase does
// not move in that turn (the Hürtgen Forest's P17, which American squads
// fired at from four hexes off until too late to close in).
func (d *decision) siegeValue(u *battle.Unit, h board.Hex) float64 {
	urgency := d.urgency()
	if urgency == 0 || !u.Type.Kind.Infantry() {
		return 0
	}
	left := d.b.Scenario().Turns - d.b.Turn()
	mp := d.b.MoveSpec(u).MP
	best := 0.0
	for _, o := range d.toRetake() {
		if !d.b.Holds(battle.Opponent(d.side), o) {
			continue
		}
		if h.Distance(o) == 1 || left > 0 && mp > 0 && d.distance(d.besiegersField(o), h) <= float64(mp*left) {
			best = max(best, d.holdValue(u, o))
		}
	}
	return siegeShare * urgency * best
}

// toRetake is the hexes the acting side may besiege (siegeValue): those
// it must hold, and in the last turn those it need only deny, the stand
// alone where it has one (denyFocus). A hex to deny counts only at the
// end, so it is worth retaking only when it can no longer be lost again.
func (d *decision) toRetake() []board.Hex {
	if d.retakeKnown {
		return d.retake
	}
	d.retakeKnown = true
	own, _ := d.holdHexes()
	vc, ok := d.victory()
	d.retake = own
	if turns := d.b.Scenario().Turns; !ok || turns == 0 || d.b.Turn() < turns {
		return own // no last turn yet, or none at all
	}
	d.retake = slices.Clone(own)
	focus, focused := d.denyFocus()
	for _, h := range vc.Hold[battle.Opponent(d.side)] {
		if d.denyOnly(h) && (!focused || h == focus) && !slices.Contains(d.retake, h) {
			d.retake = append(d.retake, h)
		}
	}
	return d.retake
}

// besiegersField is the cost field of infantry to the hexes next to h,
// worked out once a decision.
func (d *decision) besiegersField(h board.Hex) []int32 {
	f, ok := d.besiegers[h]
	if !ok {
		if d.besiegers == nil {
			d.besiegers = map[board.Hex][]int32{}
		}
		f = d.field(board.Foot, neighbours(h))
		d.besiegers[h] = f
	}
	return f
}

// coverValue is the small preference for the cover u would have in hex h,
// as the active ruleset gives it, a fortification u may occupy included
// (battle.CoverAt): a defender values a foxhole or bunker it can reach.
func (d *decision) coverValue(u *battle.Unit, h board.Hex) float64 {
	return coverWorth * float64(d.b.CoverAt(d.b.Rules(), h, u.Type).Value)
}

// occupancy is the battle's Occupancy for u with the hexes of minefields
// closed: the opponent never walks into one (rules 20.7: a unit entering
// is eliminated on 3 or less of a die), though one it stands in it may
// leave.
func (d *decision) occupancy(u *battle.Unit) board.Occupancy {
	occ := d.b.Occupancy(u)
	enter, bd := occ.CanEnter, d.b.Board()
	occ.CanEnter = func(h board.Hex) bool { return bd.Fort(h).Kind != board.Minefield && enter(h) }
	return occ
}

// holdValue is what u standing in hex h is worth to the victory
// conditions: a hex either side must hold (the acting side to take it,
// or to deny it to the enemy) is worth holdStand, growing to twice that
// by the last turn (three times for a side that wins when time runs out:
// for it the hex at the end is the whole win), to its first holder and
// half that to a second (other units of the side already there count
// first). It counts by the stakes as kills and losses do (weighStakes):
// a hex the side must take as its kills, a hex it must deny as its
// losses, since taking one is a way to win as destroying is, and giving
// one up a way to lose as dying is (a hex both sides must hold as the
// dearer of the two). So a unit on an objective leaves it only for a
// position worth that much more, and falls back from it only when its
// expected loss there outweighs it, however dear the destroy clauses
// make a loss. Where keeping one of the enemy's hexes is enough, the
// stand counts for all of them and the others for spareDeny of one
// (denyFocus).
func (d *decision) holdValue(u *battle.Unit, h board.Hex) float64 {
	own, all := d.holdHexes()
	if !slices.Contains(all, h) {
		return 0
	}
	others := 0
	for _, o := range d.mine {
		if o.ID != u.ID && o.Pose.Hex == h {
			others++
		}
	}
	if others >= 2 {
		return 0
	}
	v := holdStand / float64(1+others)
	if turns := d.b.Scenario().Turns; turns > 0 {
		growth := holdGrowth
		if d.winsByDefault() {
			growth = denyGrowth
		}
		v *= 1 + growth*float64(min(d.b.Turn(), turns))/float64(turns)
	}
	if focus, ok := d.denyFocus(); ok && d.denyOnly(h) {
		if h == focus {
			v *= float64(d.focusCarries) // the stand carries them all
		} else {
			v *= spareDeny
		}
	}
	scale := d.lossScale // the enemy's to hold: the side denies it
	if slices.Contains(own, h) {
		scale = d.killScale
		if vc, _ := d.victory(); slices.Contains(vc.Hold[battle.Opponent(d.side)], h) {
			scale = max(scale, d.lossScale) // both sides' to hold
		}
	}
	return v * scale
}

// denyFocus returns the hex the acting side makes its stand in when the
// enemy wins by holding two or more hexes, every one of them, that the
// side itself need not hold (denyOnly): keeping one of them is enough, so
// the side does not split itself to keep them all. It is the hex with the
// most time between the side's arrival there and the enemy's (arrival):
// the one the enemy's force reaches last on average, unless the side is
// much farther from it. The choice holds steady as the side gathers
// there, and when the enemy stands in the stand: a tank driving through
// it does not move the stand (choosing only among the hexes the enemy
// does not hold cost Târgu Frumos as the Axis 11 of 150 battles), and as
// the enemy's hexes are no goal (objectives), the side's units then make
// for all of the hexes again. The stand counts for all the hexes it keeps
// (holdValue); the others count for spareDeny of one and are no unit's
// objective. False without such hexes.
func (d *decision) denyFocus() (board.Hex, bool) {
	if d.focusKnown {
		return d.focus, d.focusOK
	}
	d.focusKnown = true
	vc, ok := d.victory()
	if !ok {
		return board.Hex{}, false
	}
	var denied []board.Hex
	for _, h := range vc.Hold[battle.Opponent(d.side)] {
		if d.denyOnly(h) && !slices.Contains(denied, h) {
			denied = append(denied, h)
		}
	}
	if len(denied) < 2 {
		return board.Hex{}, false
	}
	d.focusCarries = len(denied)
	best := 0.0
	for _, h := range denied {
		margin := d.arrival(d.enemies, h) - d.arrival(d.mine, h)
		if !d.focusOK || margin > best {
			d.focus, d.focusOK, best = h, true, margin
		}
	}
	return d.focus, d.focusOK
}

// denyOnly reports whether hex h is one only the enemy must hold: a hex
// the acting side must deny but need not take (denyFocus).
func (d *decision) denyOnly(h board.Hex) bool {
	vc, ok := d.victory()
	return ok && slices.Contains(vc.Hold[battle.Opponent(d.side)], h) && !slices.Contains(vc.Hold[d.side], h)
}

// arrival is when units come to stand in hex h: the mean, weighted by
// their worth, of the turns of movement each needs (mpTo, at the movement
// points it has now a turn: for a unit in the middle of a paused move,
// those it has left), those already there 0. Units that cannot move and
// are elsewhere never arrive and are left out; without any units,
// arrivalNever.
func (d *decision) arrival(us []*battle.Unit, h board.Hex) float64 {
	sum, weight := 0.0, 0.0
	for _, u := range us {
		turns := 0.0
		if u.Pose.Hex != h {
			mp := d.b.MoveSpec(u).MP
			if mp <= 0 {
				continue
			}
			turns = min(arrivalNever, d.mpTo(u, h)/float64(mp))
		}
		w := d.worth(u)
		sum, weight = sum+w*turns, weight+w
	}
	if weight == 0 {
		return arrivalNever
	}
	return sum / weight
}

// mpTo is the movement points u needs to reach hex h on the empty board
// (distance), a large number where it cannot.
func (d *decision) mpTo(u *battle.Unit, h board.Hex) float64 {
	return d.distance(d.field(d.b.MoveSpec(u).Kind.Mover(), []board.Hex{h}), u.Pose.Hex)
}

// arrivalNever caps the turns arrival counts for one unit, so that a
// unit cut off from a hex does not outweigh the rest. Our own choice: more
// than any shipped battle lasts.
const arrivalNever = 20

// keepsTheWin reports whether the acting side's free units leaving (a
// move, an advance or an assault out of hex h) must stay: in the side's
// last turn, it wins as things stand, h is a hex it must hold, and no
// other unit of its stands there. The hold counts who stands in h when
// the battle ends, and the side has no Movement phase left to come back
// in: leaving h gives the win away, and nothing a kill or a better place
// elsewhere is worth makes up for it, as the battle ends before either
// counts (an assault whose kills could meet a destroy clause weighs that
// itself: assaultWorth). Scripted units follow their scripts.
func (d *decision) keepsTheWin(h board.Hex, leaving []battle.UnitID) bool {
	sc := d.b.Scenario()
	if sc.Turns == 0 || d.b.Turn() < sc.Turns {
		return false
	}
	own, _ := d.holdHexes()
	if !slices.Contains(own, h) {
		return false
	}
	for _, u := range d.mine {
		if u.Pose.Hex == h && !slices.Contains(leaving, u.ID) {
			return false
		}
	}
	vc, ok := d.victory()
	return ok && vc.Winner(d.b, true) == d.side
}

// holdHexes returns the hexes the acting side must hold, and those of
// both sides.
func (d *decision) holdHexes() (own, all []board.Hex) {
	v, ok := d.victory()
	if !ok {
		return nil, nil // the battle refused such a scenario; nothing to aim at
	}
	for _, side := range []maps.Side{d.side, battle.Opponent(d.side)} {
		for _, h := range v.Hold[side] {
			if !slices.Contains(all, h) {
				all = append(all, h)
			}
		}
	}
	return v.Hold[d.side], all
}

// scored is a candidate end pose with its worth.
type scored struct {
	pose          board.Pose
	score         float64
	attack        float64
	threat        float64 // one round of enemy fire where it ends
	exposure      float64 // enemy fire on the way there, in this segment
	objective     float64
	danger, prize *battle.Unit
}

// tacticalMove chooses where an unscripted unit goes (bestPose), or false
// to stay.
func (d *decision) tacticalMove(u *battle.Unit) ([]board.Pose, string, bool) {
	stay, best, path := d.bestPose(u)
	if path == nil {
		return nil, "", false
	}
	return slices.Clone(path), d.explainMove(u, stay, best), true // the order keeps its own: the memo keeps this one
}

// bestPose scores where u stands and the reachable pose with the best
// expected kills minus expected losses, plus progress toward the
// objectives and what the place is worth (placeValue: cover, an objective
// held, approaches covered, an assault threatened), with the path there;
// the path is nil when
// staying is as good (within moveMargin). Only the candidateHexes most
// promising hexes by objective and cover, and the fallbackHexes least
// dangerous of those less dangerous than where it stands (so it may fall
// back out of sight though its objectives lie the other way), are scored
// in full, and only the
// exposedPoses best poses of those with the fire drawn on the way.
//
// The answer is memoised by the unit and the battle's state as it bears
// on the search (poseKey), so the decisions of a Fire phase, which weigh
// the same units' moves again after every shot, search again only after a
// shot that changed something; its tie-breaks and the level's error are
// drawn from a generator seeded by that state, so the memo never changes
// a choice.
func (d *decision) bestPose(u *battle.Unit) (stay, best scored, path []board.Pose) {
	k := d.poseKey(u)
	if c, ok := d.m.poses[k]; ok {
		stay, best, path = c.stay, c.best, c.path
	} else {
		stay, best, path = d.searchPose(u, rand.New(rand.NewPCG(d.o.seed, k.state^uint64(u.ID))))
		if len(d.m.poses) >= maxPoseMemo {
			clear(d.m.poses)
		}
		d.m.poses[k] = poseChoice{stay, best, path}
	}
	if path != nil && path[len(path)-1].Hex != u.Pose.Hex && d.keepsTheWin(u.Pose.Hex, []battle.UnitID{u.ID}) {
		return stay, stay, nil // no move to weigh against a shot either (fire)
	}
	return stay, best, path
}

// maxPoseMemo bounds the memo of best poses; our own choice (a phase
// weighs a few hundred units at most).
const maxPoseMemo = 4096

// poseKey names u's bestPose search by the state it reads: the turn,
// phase and acting side, the smoke, each side's losses and units gone off
// the map (the stakes and the victory read them), every unit on the map
// with its pose,
// markers, states and weapon, except the Fired and SmokeLaid markers of
// the acting side's other units (firing does not change where a unit
// should go; u's own are kept).
func (d *decision) poseKey(u *battle.Unit) poseKey {
	if !d.stateHashed {
		h := fnv.New64a()
		enemy := battle.Opponent(d.side)
		fmt.Fprintf(h, "%d|%s|%s|%s|%d,%d|%d,%d|", d.b.Turn(), d.b.Phase(), d.side, d.m.smoke,
			d.b.Eliminated(d.side), d.b.Eliminated(enemy), d.b.Exited(d.side, ""), d.b.Exited(enemy, ""))
		var buf [8]byte
		word := func(x uint64) {
			binary.LittleEndian.PutUint64(buf[:], x)
			h.Write(buf[:])
		}
		for _, o := range d.b.Units() {
			if !o.OnMap() {
				continue
			}
			m := o.Markers
			if o.Side == d.side {
				m &^= battle.Fired | battle.SmokeLaid
			}
			for _, x := range []int{int(o.ID), o.Pose.Hex.Q, o.Pose.Hex.R, int(o.Pose.Facing), int(m), int(o.Carrier), o.Rounds} {
				word(uint64(x))
			}
			fmt.Fprintf(h, "%t%s%d;", o.WeaponSpent, o.WeaponLost, len(o.States))
			for _, name := range slices.Sorted(stdmaps.Keys(o.States)) {
				fmt.Fprintf(h, "%s=%v;", name, o.States[name])
			}
		}
		d.stateHash, d.stateHashed = h.Sum64(), true
	}
	return poseKey{unit: u.ID, markers: u.Markers, state: d.stateHash}
}

// searchPose is bestPose's search, its tie-breaks and error drawn from rng.
func (d *decision) searchPose(u *battle.Unit, rng *rand.Rand) (stay, best scored, path []board.Pose) {
	spec := d.b.MoveSpec(u)
	reach := d.b.Board().Reachable(spec, u.Pose, d.occupancy(u))
	goals := d.objectives(u)
	var field []int32
	if len(goals) > 0 {
		field = d.field(spec.Kind.Mover(), goals)
	}
	// The pull grows as the last turn nears: a position that only waits
	// wins nothing.
	// It grows twice as fast for a side that has nothing to hold and can
	// only win by destroying, and not at all for a side that wins when
	// time runs out: waiting is its win.
	perMP := vehicleObjectivePerMP
	if turns := d.b.Scenario().Turns; turns > 0 && !d.winsByDefault() {
		growth := 2.0
		if own, _ := d.holdHexes(); len(own) == 0 {
			growth = 4
		}
		perMP *= 1 + growth*float64(min(d.b.Turn(), turns))/float64(turns)
	}
	if spec.Kind == board.Infantry {
		perMP = d.infantryPull()
	}
	cheap := func(h board.Hex) float64 {
		s := d.placeValue(u, h)
		if field != nil {
			s -= perMP * min(d.distance(field, h), 200)
		}
		return s
	}
	// The first sort also counts the danger in each hex (facing as the
	// unit faces now), so that hiding places are among the candidates.
	type sorted struct {
		hex                     board.Hex
		jitter, presort, threat float64
		cost                    int
	}
	all := reach.Hexes()
	rows := make([]sorted, len(all))
	jitter := make(map[board.Hex]float64, len(all))
	for i, h := range all {
		r := sorted{hex: h, jitter: rng.Float64() * 1e-6} // tie-breaks only
		r.threat, _ = d.threatTo(u, board.Pose{Hex: h, Facing: u.Pose.Facing})
		r.threat += d.futureDanger(u, board.Pose{Hex: h, Facing: u.Pose.Facing})
		r.presort = cheap(h) + r.jitter + d.net(0, threatWeight*r.threat)
		r.cost, _ = reach.Cost(h)
		rows[i], jitter[h] = r, r.jitter
	}
	// A unit in danger where it stands also scores hiding places,
	// whatever their progress: of the hexes less dangerous than its own,
	// the fallbackHexes least dangerous, the nearest first, and every one
	// next to it (the step into cover next door, which draws the least fire
	// on the way: the first sort does not see the way, and may rank a hex
	// far back above it, TestStepsIntoTheHouseNextDoor).
	here, _ := d.threatTo(u, u.Pose)
	here += d.futureDanger(u, u.Pose)
	safest := slices.DeleteFunc(slices.Clone(rows), func(r sorted) bool { return r.threat >= here })
	slices.SortStableFunc(safest, func(a, c sorted) int {
		if r := cmp.Compare(a.threat, c.threat); r != 0 {
			return r
		}
		return cmp.Compare(a.cost, c.cost)
	})
	slices.SortStableFunc(rows, func(a, c sorted) int { return cmp.Compare(c.presort, a.presort) })
	hexes := make([]board.Hex, 0, depths[d.o.level].candidates+fallbackHexes+1)
	for _, r := range rows[:min(depths[d.o.level].candidates, len(rows))] {
		hexes = append(hexes, r.hex)
	}
	var hiding []board.Hex
	for i, r := range safest {
		if i >= fallbackHexes && r.hex.Distance(u.Pose.Hex) > 1 {
			continue
		}
		hiding = append(hiding, r.hex)
		if !slices.Contains(hexes, r.hex) {
			hexes = append(hexes, r.hex)
		}
	}
	if !slices.Contains(hexes, u.Pose.Hex) {
		hexes = append(hexes, u.Pose.Hex)
	}
	score := func(p board.Pose) scored {
		s := scored{pose: p, objective: cheap(p.Hex) + jitter[p.Hex]}
		s.attack, s.prize = d.attackFrom(u, p, nil)
		s.threat, s.danger = d.threatTo(u, p)
		s.threat += d.futureDanger(u, p)
		attack := s.attack
		if p.Hex != u.Pose.Hex {
			attack *= pursuit(s.prize)
		}
		s.score = d.net(attack, threatWeight*s.threat) + s.objective
		return s
	}
	var cands []scored
	for _, h := range hexes {
		for f := range board.Direction(6) {
			p := board.Pose{Hex: h, Facing: f}
			if spec.Kind == board.Infantry {
				if f > 0 {
					break
				}
				p.Facing = u.Pose.Facing
			}
			if p == u.Pose {
				continue
			}
			if _, ok := reach.PoseCost(p); !ok {
				continue
			}
			cands = append(cands, score(p))
		}
	}
	slices.SortStableFunc(cands, func(a, c scored) int { return cmp.Compare(c.score, a.score) })
	// The best pose in each of the few best hexes, and in each hiding
	// place, is scored again with what moving there costs: the enemy's
	// opportunity and Defensive Fire along the path.
	var hidden []scored
	for _, c := range cands {
		if i := slices.Index(hiding, c.pose.Hex); i >= 0 {
			hidden = append(hidden, c)
			hiding = slices.Delete(hiding, i, i+1)
		}
	}
	cands = bestPerHex(cands, depths[d.o.level].exposed)
	for _, c := range hidden {
		if !slices.ContainsFunc(cands, func(o scored) bool { return o.pose.Hex == c.pose.Hex }) {
			cands = append(cands, c)
		}
	}
	final := func(s scored, path []board.Pose) scored {
		s.exposure = d.exposure(u, u.Pose, path)
		attack := s.attack
		if s.pose.Hex != u.Pose.Hex {
			attack *= pursuit(s.prize)
		}
		s.score = d.net(attack, lossWeight*(s.exposure+s.threat)) + s.objective + d.errFrom(rng)
		return s
	}
	stay = final(score(u.Pose), nil)
	best = stay
	for _, c := range cands {
		route, ok := reach.PosesTo(c.pose)
		if !ok || len(route) == 0 {
			continue
		}
		if s := final(c, route); s.score > best.score {
			best, path = s, route
		}
	}
	if best.score < stay.score+moveMargin {
		return stay, stay, nil
	}
	return stay, best, path
}

// infantryPull is what one MP closer to its objectives is worth to
// infantry: infantryObjectivePerMP, growing by urgentPull times the
// urgency, so that a side that must change the battle's course closes in
// while it still can.
func (d *decision) infantryPull() float64 {
	return infantryObjectivePerMP * (1 + urgentPull*d.urgency())
}

// pursuit is how much the shot a unit expects from a new position at
// target counts: moveAttackWeight, as the enemy fires first and may move
// away, but in full at a target that cannot move away, an immobilized
// vehicle or pinned infantry. So the opponent counter-attacks a weakened
// attacker that its own shot and the enemy's fire would not make worth
// the move otherwise.
func pursuit(target *battle.Unit) float64 {
	if target != nil && (target.Has(battle.Immobile) || target.Has(battle.Pinned)) {
		return 1
	}
	return moveAttackWeight
}

// bestPerHex keeps, of candidates sorted best first, the first (best)
// pose in each hex, for the n first hexes only.
func bestPerHex(cands []scored, n int) []scored {
	seen := map[board.Hex]bool{}
	return slices.DeleteFunc(cands, func(c scored) bool {
		if seen[c.pose.Hex] || len(seen) >= n {
			return true
		}
		seen[c.pose.Hex] = true
		return false
	})
}

// explainMove says why u moves to best's pose rather than stay: its shot
// from there, the losses it expects in the rest of this segment (the
// enemy's opportunity fire on the way and Defensive Fire at the end,
// exposure) and there afterwards (the enemy's next Fire phase and, for a
// defender's vehicle, its next advance: threat), and the two scores.
func (d *decision) explainMove(u *battle.Unit, stay, best scored) string {
	label := d.b.Board().Label
	text := fmt.Sprintf("%s moves %s → %s facing %v: ", u.Label(), label(u.Pose.Hex), label(best.pose.Hex), best.pose.Facing)
	if best.prize != nil {
		text += fmt.Sprintf("best shot from there %.2f at %s; ", best.attack, best.prize.Label())
	}
	if best.exposure > 0 || best.threat > 0 || best.danger != nil {
		text += fmt.Sprintf("expected loss %.2f on the way and %.2f there", best.exposure, best.threat)
		if best.danger != nil {
			text += fmt.Sprintf(" (most dangerous there: %s)", best.danger.Label())
		}
		text += "; "
	}
	return text + fmt.Sprintf("score %.2f against %.2f where it stands", best.score, stay.score)
}

// advance makes the close assaults worth making (closeAssault), then
// turns vehicles and Guns toward the danger and moves infantry one hex
// toward their goal, one unit per order, in ID order.
func (d *decision) advance() (battle.Order, string) {
	if o, why, ok := d.closeAssault(); ok {
		return o, why
	}
	if o, why, ok := d.vehicleAssault(); ok {
		return o, why
	}
	after := d.cursor(func(o battle.Order) (battle.UnitID, bool) {
		switch o := o.(type) {
		case battle.Advance:
			return o.Unit, true
		case battle.Turn:
			return o.Unit, true
		}
		return 0, false
	})
	for _, u := range d.mine {
		if u.ID <= after || u.Has(battle.Immobile) || u.Has(battle.Advanced) || u.Has(battle.Pinned) {
			continue
		}
		t := d.task(u)
		if u.Type.Kind.Infantry() {
			if o, why, ok := d.infantryAdvance(u, t); ok {
				return o, why
			}
			continue
		}
		if o, why, ok := d.turnToDanger(u, t); ok {
			return o, why
		}
	}
	return battle.EndPhase{}, fmt.Sprintf("the %s end the Advance phase", d.side)
}

// infantryAdvance steps u one hex toward its goal when it may. A free
// unit weighs each step as a move does: progress toward the objectives
// and cover, plus its shot from there, against the enemy's next Fire
// phase there (threatTo); it steps only if that beats staying by
// moveMargin, so it does not walk out of cover into the enemy's fire.
func (d *decision) infantryAdvance(u *battle.Unit, t task) (battle.Order, string, bool) {
	var goals []board.Hex
	switch t.verb {
	case Hold, Ambush, Face:
		return nil, "", false
	case Free:
		goals = d.objectives(u)
	default:
		goals = []board.Hex{t.goal}
	}
	if len(goals) == 0 || t.verb == Free && d.keepsTheWin(u.Pose.Hex, []battle.UnitID{u.ID}) {
		return nil, "", false
	}
	field := d.field(board.Foot, goals)
	score := func(h board.Hex) float64 {
		dist := d.distance(field, h)
		if t.verb != Free {
			return -dist
		}
		p := board.Pose{Hex: h, Facing: u.Pose.Facing}
		threat, _ := d.threatTo(u, p)
		attack, prize := d.attackFrom(u, p, nil)
		return d.net(pursuit(prize)*attack, lossWeight*threat) - d.infantryPull()*min(dist, 200) +
			d.placeValue(u, h)
	}
	here := score(u.Pose.Hex)
	type step struct {
		to    board.Hex
		score float64
	}
	var steps []step
	for dir := range board.Direction(6) {
		n := u.Pose.Hex.Neighbor(dir)
		if d.distance(field, n) >= d.distance(field, u.Pose.Hex) && t.verb != Free || d.b.Board().Fort(n).Kind == board.Minefield {
			continue // never advance into a minefield, as in a move (occupancy)
		}
		if s := score(n); s > here && (t.verb != Free || s >= here+moveMargin) {
			steps = append(steps, step{n, s})
		}
	}
	// The best step the battle accepts, the first in direction order of
	// equals; asked best first, since each check plays the order on a
	// copy of the battle.
	slices.SortStableFunc(steps, func(a, c step) int { return cmp.Compare(c.score, a.score) })
	i := slices.IndexFunc(steps, func(s step) bool { return d.b.Check(battle.Advance{Unit: u.ID, To: s.to}) == nil })
	if i < 0 {
		return nil, "", false
	}
	best, bestS := steps[i].to, steps[i].score
	aim := "toward its objective"
	if d.distance(field, best) >= d.distance(field, u.Pose.Hex) {
		aim = "where it stands better" // no nearer its objectives: for the danger, cover or a shot
	}
	return battle.Advance{Unit: u.ID, To: best}, fmt.Sprintf("%s advances %s → %s %s (score %.2f against %.2f)",
		u.Label(), d.b.Board().Label(u.Pose.Hex), d.b.Board().Label(best), aim, bestS, here), true
}

// turnToDanger turns u one hexside when that lowers its expected loss
// against its best shot (or, for a Face script, toward the hex named).
func (d *decision) turnToDanger(u *battle.Unit, t task) (battle.Order, string, bool) {
	canTurn := func(f board.Direction) bool { return d.b.Check(battle.Turn{Unit: u.ID, Facing: f}) == nil }
	if t.verb == Face {
		f, ok := towards(u.Pose.Hex, t.goal)
		if !ok || f == u.Pose.Facing {
			return nil, "", false
		}
		next := u.Pose.Facing.Rotate(1)
		if u.Pose.Facing.Rotate(-1).Turns(f) < next.Turns(f) {
			next = u.Pose.Facing.Rotate(-1)
		}
		if !canTurn(next) {
			return nil, "", false
		}
		return battle.Turn{Unit: u.ID, Facing: next}, fmt.Sprintf("%s turns toward %s (script: %s)", u.Label(), d.b.Board().Label(t.goal), t.rule), true
	}
	value := func(f board.Direction) (float64, float64) {
		p := board.Pose{Hex: u.Pose.Hex, Facing: f}
		threat, _ := d.threatTo(u, p)
		attack, _ := d.attackFrom(u, p, nil)
		return d.net(attack, threatWeight*threat), threat
	}
	here, threatHere := value(u.Pose.Facing)
	best, bestF, bestThreat := here, u.Pose.Facing, threatHere
	for _, turn := range []int{1, -1} {
		f := u.Pose.Facing.Rotate(turn)
		if v, threat := value(f); v > best+moveMargin {
			best, bestF, bestThreat = v, f, threat
		}
	}
	// Whether it may turn at all is asked last: the check plays the order
	// on a copy of the battle, and the weighing touches only pure memos.
	if bestF == u.Pose.Facing || !canTurn(bestF) {
		return nil, "", false
	}
	return battle.Turn{Unit: u.ID, Facing: bestF}, fmt.Sprintf("%s turns %v → %v: expected loss %.2f instead of %.2f",
		u.Label(), u.Pose.Facing, bestF, bestThreat, threatHere), true
}
