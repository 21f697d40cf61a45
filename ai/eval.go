package ai

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// Weights of the opponent's judgement. All are our own choices, tuned by
// playing the default scenario with hexfire-cli simulate (docs/AI.md).
const (
	// immobileWorth is what an immobilization is worth against a kill: the
	// target stays in the battle and still fires, but cannot move or turn
	// and may be abandoned later.
	immobileWorth = 0.35
	// threatWeight is how much the expected loss of a unit counts against
	// the expected kills it may score from a position.
	threatWeight = 2.0
	// lossWeight is how much one expected loss counts against one expected
	// kill when a move is chosen, per round of enemy fire (the rest of this
	// segment, and the enemy's next Fire phase).
	lossWeight = 1.0
	// exposedPoses is how many of the best hexes of a unit (its best pose
	// in each) are scored again with the fire they draw on the way there.
	exposedPoses = 14
	// moveAttackWeight discounts the shot a unit expects from a new
	// position: the enemy fires at it first, and may move away.
	moveAttackWeight = 0.6
	// objectivePerMP is the value of one movement point closer to an
	// objective, for infantry and for vehicles.
	infantryObjectivePerMP = 0.05
	vehicleObjectivePerMP  = 0.03
	// urgentPull is how much more the pull of infantry's objectives grows
	// by the last turn for a side that would not win if the battle ended
	// now (infantryPull).
	urgentPull = 2.0
	// coverWorth is a small preference for cover, per point of cover.
	coverWorth = 0.01
	// holdStand is what standing in a hex a side must hold is worth at the
	// start, against a kill (holdValue).
	holdStand = 0.4
	// holdGrowth is how much of holdStand a hold hex gains by the last
	// turn; denyGrowth the same for a side that wins when time runs out,
	// for which only who stands there at the end counts, and leaving it
	// open late lets the enemy walk in.
	holdGrowth = 1.0
	denyGrowth = 2.0
	// takeFrom is the share of the battle's turns from which an objective
	// the enemy stands in, and only the acting side must hold, is again a
	// goal of its units (mustTake): it must be taken in time.
	takeFrom = 0.5
	// spareDeny is the share of a hold hex's worth that a hex the enemy
	// must hold keeps when keeping any one of them denies the enemy its
	// win and the side makes its stand in another (denyFocus): a little,
	// since losing the stand then costs the battle unless another is
	// kept. Our own choice.
	spareDeny = 0.25
	// siegeShare is the share of a hex's worth that a place next to it
	// counts for, in the last turn, when the side must take it from the
	// enemy (siegeValue). Our own choice.
	siegeShare = 0.5
	// fireThreshold is the least expected effect that makes a unit fire in
	// its own Fire phase instead of keeping its move; opportunityThreshold
	// the least that makes it spend its shot on a moving enemy.
	fireThreshold        = 0.08
	opportunityThreshold = 0.12
	// keepShot is how much a shot kept for Defensive Fire counts against
	// opportunity fire at a mover: the enemy it is kept for may yet move
	// out of sight or be hit by another unit first.
	keepShot = 0.8
	// moveChecks is how many of the best shots in a Fire phase are weighed
	// against moving the firer instead, per decision.
	moveChecks = 6
	// scriptedMoverFire is the least expected effect for which a unit with
	// a moving script stops in its own Fire phase to fire.
	scriptedMoverFire = 0.25
	// moveMargin is how much better a position must score to be worth
	// moving to; it keeps units from shuffling for nothing.
	moveMargin = 0.02
	// candidateHexes is how many reachable hexes per unit are scored in
	// full (line of sight to every enemy), after a cheap first sort (which
	// does not see what the way there costs). With exposedPoses, the width
	// hard searched before: at 16 and 8 the opponent won the Hedgerow
	// Crossroads as the Axis in 731 of 900 battles against greedy, at 28
	// and 14 in 758, for a tenth more time a segment (docs/AI.md).
	candidateHexes = 28
	// fallbackHexes is how many of the least dangerous reachable hexes
	// (the nearest first) are scored in full besides those.
	fallbackHexes = 4
	// mainGunReach is the range, in hexes, out to which the opponent
	// always considers the fire of a gun of unlimited range (farther when
	// the active ruleset says the gun still harms there, gunReach), and
	// AP fire.
	mainGunReach = 24
	// farShotFloor is the least mean chance to destroy, under the active
	// ruleset, that makes a range worth considering for a gun: many
	// enemies each this weak at long range still add up to a real danger.
	farShotFloor = 0.02
)

// weaponInfo is what the opponent knows about a unit type's AT weapon,
// against the enemy side's unit types.
type weaponInfo struct {
	weapon combat.Weapon
	worked weaponFor // what of the unit it was worked out for
	ok     bool      // the ruleset accepts its shot at some enemy type
	reach  int       // farthest range considered
	// strength is the mean chance, read from the odds summary of the
	// active ruleset, that a shot of this weapon destroys an enemy type it
	// may fire at, from strengthRange hexes at the front in the open.
	strength float64
	// targets are the enemy types the ruleset lets it fire at (its
	// refusals that no pose changes, asked once).
	targets map[*units.Type]bool
}

// weaponFor is what of a unit its weaponInfo depends on.
type weaponFor struct {
	typ     *units.Type
	quality combat.Quality
	carried string // its support weapon
}

// fieldKey names a distance field: a mover class and its goal hexes.
type fieldKey struct {
	mover board.Mover
	goals string
}

// memo holds pure caches: every value is a function of the battle's
// units, board, smoke and rules only, so keeping them never changes a
// decision. A memo serves one battle.
type memo struct {
	// The board and ruleset the memo was made for: a side's known battle
	// is a new copy at every decision, and the memo outlives it.
	board *board.Board
	rules combat.Ruleset
	smoke string // fingerprint of the smoke the lines of sight were traced in
	// sights holds, by the board cell of a line's first hex, the lines of
	// sight asked so far from it (windows of them, at most maxSightWindows).
	sights  []*sightWindow
	windows int
	odds    map[combat.Shot]shotChances
	weapons []*weaponInfo // by unit ID (dense from 1; grown as IDs come)
	fields  map[fieldKey][]int32
	apOdds  map[apKey]fateOdds
	apReach []apReachMemo // by unit ID, as weapons
	reaches map[moveKey]*board.Reach
	poses   map[poseKey]poseChoice
	// approach is the enemy's routes to its goals for the side and the
	// enemy positions approachKey names (routes).
	approach    *approaches
	approachKey string
	// victory is the scenario's victory conditions, parsed on first use.
	victory                  battle.Victory
	victoryOK, victoryParsed bool
}

// grow makes room in the memos by unit ID for unit id: under fog the
// units a side knows of come as they are spotted.
func (m *memo) grow(id battle.UnitID) {
	if n := int(id) + 1; n > len(m.weapons) {
		m.weapons = append(m.weapons, make([]*weaponInfo, n-len(m.weapons))...)
		m.apReach = append(m.apReach, make([]apReachMemo, n-len(m.apReach))...)
	}
}

func (m *memo) reset(b *battle.Battle) {
	if m.board != b.Board() || m.rules != b.Rules() {
		*m = memo{board: b.Board(), rules: b.Rules(), odds: map[combat.Shot]shotChances{}, fields: map[fieldKey][]int32{},
			apOdds: map[apKey]fateOdds{}, reaches: map[moveKey]*board.Reach{}, poses: map[poseKey]poseChoice{}}
	}
	var sb strings.Builder
	for _, h := range b.SmokeHexes() {
		fmt.Fprintf(&sb, "%d,%d,%d;", h.Q, h.R, b.Smoke(h))
	}
	if fp := sb.String(); m.sights == nil || fp != m.smoke || m.windows > maxSightWindows {
		bd := b.Board()
		m.smoke, m.sights, m.windows = fp, make([]*sightWindow, bd.Width*bd.Height), 0
	}
}

// sightWindow holds the lines of sight from one hex to the hexes within
// sightRadius of it (by axial offset), each 0 while not asked yet, else 1
// when blocked and 2 plus its hindrance when clear.
type sightWindow [(2*sightRadius + 1) * (2*sightRadius + 1)]uint8

// sightRadius is the farthest line a sightWindow holds, in hexes: beyond
// every reach the opponent weighs (mainGunReach, and a step more for the
// enemy's move). Farther lines are traced each time. Our own choice.
const sightRadius = mainGunReach + 8

// maxFields bounds the memo of distance fields (a field is 4 bytes a hex:
// 128 kB on 200×160); it starts over once it holds more. Our own choice:
// a segment asks for a few, one for each set of goals.
const maxFields = 256

// maxOddsMemo bounds the memos of the odds of AT shots and AP attacks
// (an AT shot's entry is about 0.5 kB, an AP attack's 0.15 kB): each
// starts over once it holds more, so that a long battle does not grow
// them without end. Our own choice: a segment on 200×160 with 300 units
// asks for about 3,000 AT shots, the default scenario about 2,000 a turn.
const maxOddsMemo = 16384

// maxSightWindows bounds the memo of lines of sight (a window is 4 kB):
// it starts over, between decisions, once it holds more. Our own choice:
// a segment on 200×160 with 300 units asks from about 300 hexes.
const maxSightWindows = 4096

// view is one decision: the battle seen by one side.
type view struct {
	b       *battle.Battle
	m       *memo
	side    maps.Side
	mine    []*battle.Unit // on the map
	enemies []*battle.Unit // on the map
	// reach is, for each of enemies, the farthest it may attack before its
	// next Fire phase (attackReach).
	reach []int
	// ghosts are the enemy units believed where the side sees none
	// (believe; none for Greedy).
	ghosts []ghost
	smoke  func(board.Hex) int
	// killScale and lossScale weigh expected kills and losses by what the
	// victory conditions make of them now (weighStakes); 1 by default.
	killScale, lossScale float64
	// killsLeft and lossesLeft are the kills the side still needs and the
	// losses it may still take before a destroy clause ends the battle (0:
	// no such clause); stakesScale is the larger destroy goal, and
	// lossFactor what the urgency leaves of a loss (weighStakes).
	killsLeft, lossesLeft   int
	stakesScale, lossFactor float64
	// urgent is urgency's answer, worked out once.
	urgent       float64
	urgencyKnown bool
	// focus is denyFocus's answer, worked out once, and focusCarries the
	// number of hexes the stand keeps.
	focus               board.Hex
	focusOK, focusKnown bool
	focusCarries        int
	// retake is toRetake's answer, worked out once, and besiegers the
	// cost fields to the hexes next to each of them (siegeValue).
	retake      []board.Hex
	retakeKnown bool
	besiegers   map[board.Hex][]int32
}

// newView reads the battle for side: its units and the enemy's on the
// map, dummies left out (docs/AI.md, Dummies: the side's own hold, and
// the enemy's are nothing to fire at or fear).
func newView(b *battle.Battle, m *memo, side maps.Side) *view {
	m.reset(b)
	v := &view{b: b, m: m, side: side, smoke: b.Smoke, killScale: 1, lossScale: 1}
	for _, u := range b.Units() {
		if !u.OnMap() || u.Dummy() {
			continue
		}
		if u.Side == side {
			v.mine = append(v.mine, u)
		} else {
			v.enemies = append(v.enemies, u)
			v.reach = append(v.reach, v.attackReach(u))
		}
	}
	return v
}

// attackReach is the farthest e may attack, AT or AP, before its next
// Fire phase (infantry may step one hex closer first).
func (v *view) attackReach(e *battle.Unit) int {
	r := max(v.apReach(e), v.weapon(e).reach)
	if r == 0 {
		return 0
	}
	return r + 1
}

// strengthRange is the range, in hexes, of the reference shots that rate
// a weapon's strength (or the weapon's own range when shorter). Our own
// choice: a typical range of a tank fight on the shipped maps.
const strengthRange = 4

// weapon is what the opponent knows about u's AT weapon: the weapon it
// carries (what this unit has left aside), its reach, its strength and the
// enemy types it may fire at, memoised per unit until what it was worked
// out for changes: the support weapon (weapons change hands), the type
// and quality (a reduced squad is a half squad). The strength is rated
// from reference poses, not from where the unit stands.
func (v *view) weapon(u *battle.Unit) *weaponInfo {
	worked := weaponFor{u.Type, u.Quality, u.SupportWeapon}
	v.m.grow(u.ID)
	if w := v.m.weapons[u.ID]; w != nil && w.worked == worked {
		return w
	}
	w, err := v.b.WeaponOf(u)
	w.Spent, w.Rounds = false, 0 // the type's weapon, whatever this unit has left
	info := weaponInfo{weapon: w, worked: worked}
	if err == nil {
		info.strength, info.targets = v.rate(u, w)
		info.ok = len(info.targets) > 0
	}
	switch {
	case !info.ok:
	case w.Range > 0:
		info.reach = w.Range
	default:
		info.reach = v.gunReach(u, w)
	}
	v.m.weapons[u.ID] = &info
	return &info
}

// gunReach is how far the opponent considers the fire of u's gun w of
// unlimited range: mainGunReach, or farther, to the last range at which
// the active ruleset's odds of the reference shot (rateAt) still reach
// farShotFloor, up to the longest distance on the board and within
// sightRadius, the farthest line it memoises. So a ruleset whose guns
// stay deadly at long range keeps the opponent's units out of their
// sight, or at least out of that range; beyond sightRadius (1.6 km at 50
// m a hex) a ruleset whose odds do not fall with range (elimination's
// to-hit is the same from 20 hexes on) would make every unit on a big
// open map weigh every enemy, for a danger that lines of sight that long
// seldom carry.
func (v *view) gunReach(u *battle.Unit, w combat.Weapon) int {
	bd := v.b.Board()
	harms := func(r int) bool { p, _ := v.rateAt(u, w, r); return p >= farShotFloor }
	good, bad := mainGunReach, min(bd.Width+bd.Height, sightRadius-1)+1 // attackReach adds a hex
	if !harms(good + 1) {
		return good
	}
	// The chance falls with range: search for the last range that harms.
	for bad-good > 1 {
		mid := (good + bad) / 2
		if harms(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}

// rate asks the active ruleset how strong weapon w of unit u is: the mean
// chance to destroy, from its odds summary, of a reference shot (from
// strengthRange hexes or the weapon's range, at the front, in the open,
// neither unit moving nor marked) at each enemy unit type in the battle
// that the ruleset lets it fire at, and those types.
func (v *view) rate(u *battle.Unit, w combat.Weapon) (strength float64, targets map[*units.Type]bool) {
	rng := strengthRange
	if w.Range > 0 {
		rng = min(rng, w.Range)
	}
	return v.rateAt(u, w, max(rng, w.MinRange))
}

// rateAt is rate's mean chance to destroy, and the enemy types, for
// reference shots from rng hexes.
func (v *view) rateAt(u *battle.Unit, w combat.Weapon, rng int) (strength float64, targets map[*units.Type]bool) {
	seen, targets := map[*units.Type]bool{}, map[*units.Type]bool{}
	total := 0.0
	var posed *combat.Shot // the battle's shot at the first enemy, for the firer's part
	for _, e := range v.b.Units() {
		if e.Side == u.Side || seen[e.Type] || e.Dummy() {
			continue
		}
		seen[e.Type] = true
		if posed == nil {
			s, err := v.b.ShotAt(u, u.Pose, e, e.Pose)
			if err != nil {
				return 0, nil // the firer's weapon is unknown
			}
			posed = &s
		}
		// Of the battle's shot only what belongs to the firer for good,
		// and to the battle, is kept; the rest is the reference's.
		s := combat.Shot{
			Firer: posed.Firer, FirerKind: posed.FirerKind, FirerQuality: posed.FirerQuality,
			FirerEngineers: posed.FirerEngineers, FirerNation: posed.FirerNation, Date: posed.Date, Night: posed.Night,
			Weapon: w, Target: combat.TargetOf(e.Type),
			Range: rng, Metres: rng * v.b.Scenario().HexMetres,
			Terrain: board.Open, FirerTerrain: board.Open, Aspect: board.Front,
		}
		if v.b.Rules().Check(s) != nil {
			continue
		}
		odds, err := v.b.Rules().Odds(s)
		if err != nil {
			continue
		}
		total += chancesOf(odds, v.b.States()).destroy
		targets[e.Type] = true
	}
	if len(targets) == 0 {
		return 0, nil
	}
	return total / float64(len(targets)), targets
}

// worth is what eliminating u is worth: one unit towards a destroy clause,
// more for a unit that hits hard (by its weapon's strength under the
// active ruleset).
func (v *view) worth(u *battle.Unit) float64 { return 1 + v.weapon(u).strength }

// los is the line of sight from one hex to another, as the board's
// allocation-free query answers it, memoised until the smoke changes (a
// decision asks the same lines many times over, for the candidate poses of
// its units and the enemies' shots at them).
func (v *view) los(from, to board.Hex) board.Sight {
	bd := v.b.Board()
	dq, dr := to.Q-from.Q, to.R-from.R
	o := bd.Layout.ToOffset(from)
	if o.Col < 0 || o.Row < 0 || o.Col >= bd.Width || o.Row >= bd.Height || max(dq, -dq, dr, -dr) > sightRadius {
		return bd.Sight(from, to, v.smoke)
	}
	w := v.m.sights[o.Row*bd.Width+o.Col]
	if w == nil {
		w = new(sightWindow)
		v.m.sights[o.Row*bd.Width+o.Col] = w
		v.m.windows++
	}
	c := &w[(dr+sightRadius)*(2*sightRadius+1)+dq+sightRadius]
	if *c == 0 {
		s := bd.Sight(from, to, v.smoke)
		switch {
		case !s.Visible:
			*c = 1
		case s.Hindrance > 253:
			return s // too much to hold in a byte: traced each time
		default:
			*c = uint8(2 + s.Hindrance)
		}
	}
	if *c == 1 {
		return board.Sight{}
	}
	return board.Sight{Visible: true, Hindrance: int(*c) - 2}
}

// shotOdds estimates the chances of destroying and immobilizing target
// for firer at pose fp against target standing at tp: the battle's own
// shot from poses that are not yet real (battle.ShotAt), where the line
// of sight is clear and battle.CheckShotAt accepts it (the ruleset's
// eligibility and range, the arc of a gun that does not traverse, as
// PlanFire checks them), with the odds of the active ruleset. It is not
// asked beyond the weapon's reach nor for a target type the ruleset
// refuses the weapon whatever the poses (rate).
func (v *view) shotOdds(firer *battle.Unit, fp board.Pose, target *battle.Unit, tp board.Pose) shotChances {
	var none shotChances
	w := v.weapon(firer)
	if !w.targets[target.Type] || fp.Hex.Distance(tp.Hex) > w.reach {
		return none
	}
	sight := v.los(fp.Hex, tp.Hex)
	if !sight.Visible {
		return none
	}
	s, err := v.b.ShotAt(firer, fp, target, tp)
	if firer.Carrier != 0 && firer.Type.Kind == units.Gun {
		// The opponent weighs a towed Gun only where it would unhook it.
		s.Passenger = false
	}
	if err != nil || v.b.CheckShotAt(firer, fp, tp.Hex, s) != nil {
		return none
	}
	s.Hindrance = sight.Hindrance
	// The names are only for messages: without them shots that differ in
	// nothing else share one memo entry.
	s.Firer, s.Target.Name = "", ""
	if p, ok := v.m.odds[s]; ok {
		return p
	}
	var p shotChances
	if odds, err := v.b.Rules().Odds(s); err == nil {
		p = chancesOf(odds, v.b.States())
	}
	if len(v.m.odds) >= maxOddsMemo {
		clear(v.m.odds)
	}
	v.m.odds[s] = p
	return p
}

// shotChances are the chances of an AT shot that the opponent weighs: to
// destroy the target (eliminated or abandoned) and to immobilize it.
type shotChances struct{ destroy, immobilize float64 }

// chancesOf reads the chances from exact odds, through the summary every
// consumer of odds shares.
func chancesOf(odds combat.Odds, states []combat.StateSpec) shotChances {
	s := odds.Summary(states)
	return shotChances{destroy: s.P(s.Destroy), immobilize: s.P(s.Immobilize)}
}

// effect is the expected worth of a shot with the given chances on target.
func (v *view) effect(p shotChances, target *battle.Unit) float64 {
	e := p.destroy
	if !target.Has(battle.Immobile) {
		e += immobileWorth * p.immobilize
	}
	return e * v.worth(target)
}

// attackFrom is the best expected effect u could get from pose p against
// the enemies where they stand (skip aside, when not nil), AT or AP, and
// the enemy it would be against.
func (v *view) attackFrom(u *battle.Unit, p board.Pose, skip *battle.Unit) (float64, *battle.Unit) {
	best, bestT := v.apAttackFrom(u, p, skip)
	w := v.weapon(u)
	if !w.ok {
		return best, bestT
	}
	for _, e := range v.enemies {
		if e == skip || p.Hex.Distance(e.Pose.Hex) > w.reach {
			continue
		}
		if ev := v.effect(v.shotOdds(u, p, e, e.Pose), e); ev > best {
			best, bestT = ev, e
		}
	}
	return best, bestT
}

// threatTo is the expected loss of u (its worth times the chances of the
// enemies' AT or AP attacks) standing at pose p through one round of enemy
// fire, and the most dangerous enemy. A turretless enemy is taken to turn
// toward p first, as it may before its next Fire phase.
func (v *view) threatTo(u *battle.Unit, p board.Pose) (float64, *battle.Unit) {
	total, worst, worstE := 0.0, 0.0, (*battle.Unit)(nil)
	for i, e := range v.enemies {
		if e.Pose.Hex.Distance(p.Hex) > v.reach[i] {
			continue
		}
		t := v.enemyShot(e, u, p, true)
		total += t
		if t > worst {
			worst, worstE = t, e
		}
	}
	for _, g := range v.ghosts {
		if g.unit.Pose.Hex.Distance(p.Hex) <= g.reach {
			total += g.weight * v.enemyShot(g.unit, u, p, true)
		}
	}
	return total, worstE
}

// enemyShot is the expected worth of enemy e's attack on u standing at
// pose p: its AT shot, or its AP attack, whichever is worth more (AP fire
// at a moving unit when moving is set). With turn set, a turretless enemy
// that can still turn is taken to face p (a Gun turns one hexside at
// most), and infantry to step one hex closer, as before their next Fire
// phase; without it e fires as it stands, as in opportunity and Defensive
// Fire.
func (v *view) enemyShot(e, u *battle.Unit, p board.Pose, turn bool) float64 {
	return v.enemyAttack(e, u, p, turn, false)
}

func (v *view) enemyAttack(e, u *battle.Unit, p board.Pose, turn, moving bool) float64 {
	w := v.weapon(e)
	reach := max(v.apReach(e), w.reach)
	if turn {
		reach++ // infantry step closer before firing
	}
	if reach == 0 || e.Pose.Hex.Distance(p.Hex) > reach {
		return 0
	}
	if !v.los(e.Pose.Hex, p.Hex).Visible {
		return 0 // AT and AP fire both need the line; most enemies in reach have none
	}
	ep := e.Pose
	if turn && !e.Type.Turret && !e.Has(battle.Immobile) {
		if d, ok := towards(ep.Hex, p.Hex); ok && (e.Type.Kind != units.Gun || ep.Facing.Turns(d) <= 1) {
			ep.Facing = d
		}
	}
	return v.enemyAttackFrom(e, ep, u, p, moving)
}

// enemyAttackFrom is enemy e's attack on u at pose p, AT or AP, from pose
// ep.
func (v *view) enemyAttackFrom(e *battle.Unit, ep board.Pose, u *battle.Unit, p board.Pose, moving bool) float64 {
	at := 0.0
	if v.weapon(e).ok {
		at = v.effect(v.shotOdds(e, ep, u, p), u)
	}
	return max(at, v.apShot(e, ep, u, p, moving))
}

// exposure is u's expected loss in the rest of the current segment if it
// moves along path (the poses after each step) from pose from, or stays
// there when path is empty: every enemy that has not fired yet may fire
// once, after a hex is entered (opportunity fire) or at the end (Defensive
// Fire), and is taken to fire where its chance is best.
func (v *view) exposure(u *battle.Unit, from board.Pose, path []board.Pose) float64 {
	total := 0.0
	for i, e := range v.enemies {
		if e.Has(battle.Fired) || e.Has(battle.SmokeLaid) || e.Has(battle.Pinned) {
			continue
		}
		total += v.bestShotOnPath(e, v.reach[i], u, from, path)
	}
	for _, g := range v.ghosts {
		total += g.weight * v.bestShotOnPath(g.unit, g.reach, u, from, path)
	}
	return total
}

// bestShotOnPath is enemy e's best attack, within reach, on u moving from
// pose from along path (after each hex entered, and at its end), or
// standing there when path is empty.
func (v *view) bestShotOnPath(e *battle.Unit, reach int, u *battle.Unit, from board.Pose, path []board.Pose) float64 {
	if e.Pose.Hex.Distance(from.Hex)-len(path) > reach {
		return 0
	}
	best := 0.0
	if len(path) == 0 {
		best = v.enemyShot(e, u, from, false)
	}
	prev := from.Hex
	for i, p := range path {
		if p.Hex != prev || i == len(path)-1 {
			best = max(best, v.enemyAttack(e, u, p, false, p.Hex != prev))
		}
		prev = p.Hex
	}
	return best
}

// towards returns the direction from a whose neighbour is nearest to b.
func towards(a, b board.Hex) (board.Direction, bool) {
	if a == b {
		return 0, false
	}
	best, bestD := board.Direction(0), math.MaxInt
	for d := range board.Direction(6) {
		if dist := a.Neighbor(d).Distance(b); dist < bestD {
			best, bestD = d, dist
		}
	}
	return best, true
}

// field returns, for every hex of the board, the movement points a mover
// needs to reach the nearest goal (ignoring units and facing), or -1
// where no goal can be reached: the board's search (board.CostField),
// memoised per goal set.
func (v *view) field(m board.Mover, goals []board.Hex) []int32 {
	goals = slices.Clone(goals)
	slices.SortFunc(goals, func(a, c board.Hex) int {
		if a.R != c.R {
			return a.R - c.R
		}
		return a.Q - c.Q
	})
	goals = slices.Compact(goals) // a stack is one goal: a loss in it changes nothing
	var sb strings.Builder
	for _, g := range goals {
		fmt.Fprintf(&sb, "%d,%d;", g.Q, g.R)
	}
	key := fieldKey{mover: m, goals: sb.String()}
	if f, ok := v.m.fields[key]; ok {
		return f
	}
	if len(v.m.fields) >= maxFields {
		clear(v.m.fields)
	}
	f := v.b.Board().CostField(m, goals)
	v.m.fields[key] = f
	return f
}

// distance reads a field at h: the MP to the goals, or a large number.
func (v *view) distance(f []int32, h board.Hex) float64 {
	bd := v.b.Board()
	if !bd.Contains(h) {
		return 1e4
	}
	o := bd.Layout.ToOffset(h)
	if d := f[o.Row*bd.Width+o.Col]; d >= 0 {
		return float64(d)
	}
	return 1e4
}
