package ai

import (
	"fmt"
	"slices"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Worth of the lesser effects of AP fire, against an elimination (1). Our
// own choices, tuned with hexfire-cli simulate.
const (
	// pinWorth: a pinned unit neither fires nor moves until it rallies,
	// and is lost outright if its hex is close-assaulted.
	pinWorth = 0.25
	// pinFollowUp is what a pin is worth more in the side's own Fire phase
	// when its infantry may close-assault the hex before the enemy rallies
	// (assaultFollows): a pinned defender is lost outright in the assault.
	pinFollowUp = 0.5
	// reduceWorth: a squad reduced to a half squad keeps fighting with
	// about half its firepower and casualty rating.
	reduceWorth = 0.5
	// grenadeCost is what a grenade from the side's pool must add to an
	// attack's expected effect to be thrown.
	grenadeCost = 0.05
	// leaderGain is what a directing leader must add to an AP attack to
	// be attached (he is then spent for the segment).
	leaderGain = 0.02
	// apGunReach is the farthest range at which the opponent considers
	// main-gun AP fire (the gun reaches any range; beyond this the work
	// grows). Not shorter than the range of infantry's own AP fire: at
	// Targu Frumos, under strikedice, random play's tank guns killed
	// squads from 20 hexes and more that the opponent thought out of
	// reach at 12.
	apGunReach = mainGunReach
	// assaultMin is the least net worth for which a close assault is made.
	assaultMin = 0.1
	// holdWorth is what taking a hex that a side must hold is worth in a
	// close assault, against a kill.
	holdWorth = 1.0
)

// fateOdds is the chance of each fate of one defender.
type fateOdds [combat.NumFates]float64

// apKey names one memoised AP attack on one defender.
type apKey struct {
	attack   combat.APAttack
	defender combat.Defender
}

// apFirepower estimates what u at pose p adds to an AP attack on hex to:
// the battle's own rule for a pose the unit may not be in yet, with main
// guns considered only out to apGunReach. It only ranks choices: orders
// are planned with battle.PlanAP.
func (v *view) apFirepower(u *battle.Unit, p board.Pose, to board.Hex) int {
	dist := p.Hex.Distance(to)
	if dist < 1 || (!u.Type.Kind.Infantry() && dist > apGunReach) {
		return 0
	}
	fp, _ := v.b.APFirepower(u, p, to)
	return fp
}

// apReachKey names what AP reach depends on: the unit and its type (a
// reduced squad is a half squad), the support weapon it carries (weapons
// change hands), whether that is spent or lost, whether it rides, Valor,
// and a vehicle's states (some rulesets' vehicle AP firepower reads them).
type apReachKey struct {
	unit           battle.UnitID
	typ            *units.Type
	weapon         string
	spent, riding  bool
	lost, valorous bool
	states         combat.StateSet
}

// apReach is the farthest range at which u may fire AP at all, as the
// battle answers it (battle.APFirepower at every range along a line in
// front of it), out to mainGunReach for infantry and apGunReach for the
// guns of vehicles (the opponent's own limits); memoised. The line starts
// off the board, in the open ground the board gives there, so that where
// the unit stands (a mortar in a building) does not limit what it could
// fire elsewhere.
func (v *view) apReach(u *battle.Unit) int {
	k := apReachKey{u.ID, u.Type, u.SupportWeapon, u.WeaponSpent, u.Carrier != 0, u.WeaponLost != "", u.Has(battle.Valorous), ""}
	if !u.Type.Kind.Infantry() {
		k.states = u.StateSet()
	}
	v.m.grow(u.ID)
	if r := v.m.apReach[u.ID]; r.set && r.key == k {
		return r.reach
	}
	limit := mainGunReach
	if !u.Type.Kind.Infantry() {
		limit = apGunReach
	}
	bd := v.b.Board()
	from := board.Pose{Hex: bd.Layout.ToHex(board.Offset{Col: -1}), Facing: board.DirN}
	step, r := board.DirN.Vector(), 0
	for d := 1; d <= limit; d++ {
		to := board.Hex{Q: from.Hex.Q + d*step.Q, R: from.Hex.R + d*step.R}
		if fp, _ := v.b.APFirepower(u, from, to); fp > 0 {
			r = d
		}
	}
	v.m.apReach[u.ID] = apReachMemo{k, r, true}
	return r
}

// apReachMemo is a unit's AP reach and what it was worked out for: a
// unit's key changes seldom, so one entry per unit, looked up by its ID,
// is enough.
type apReachMemo struct {
	key   apReachKey
	reach int
	set   bool
}

// fateWorth is what fate f of unit u is worth (to the side inflicting it),
// in kills.
func (v *view) fateWorth(f combat.Fate, u *battle.Unit) float64 {
	pin := pinWorth
	if u.Has(battle.Pinned) {
		pin = 0
	} else if u.Side != v.side && v.assaultFollows(u.Pose.Hex) {
		pin += pinFollowUp
	}
	switch f {
	case combat.FatePinned:
		return pin * v.worth(u)
	case combat.FateReduced:
		return reduceWorth * v.worth(u)
	case combat.FateReducedPinned:
		return (reduceWorth + pin) * v.worth(u)
	case combat.FateEliminated:
		return v.worth(u)
	}
	return 0
}

// assaultFollows reports whether enemies pinned in hex h now may be
// close-assaulted by the acting side before they rally: in its own Fire
// phase, with a free infantry unit of its next to h, or near enough to
// move next to it. A pinned defender is lost outright in a close assault.
func (v *view) assaultFollows(h board.Hex) bool {
	if v.b.Phase() != battle.FirePhase {
		return false
	}
	for _, o := range v.mine {
		if !o.Type.Kind.Infantry() || o.Carrier != 0 || o.Has(battle.Pinned) {
			continue
		}
		if dist := o.Pose.Hex.Distance(h); dist == 1 || dist <= 3 && !o.Has(battle.Fired) {
			return true
		}
	}
	return false
}

// planWorth is the expected worth of an AP attack from its exact odds (a
// mortar's rolls against the hex's vehicles included), and the chance
// each defender is eliminated.
func (v *view) planWorth(p battle.APPlan) (float64, []float64) {
	ev, kill := 0.0, make([]float64, len(p.Defenders))
	for _, e := range p.Odds.Fates {
		pr := e.Probability(p.Odds.Total)
		for i, f := range e.Fates {
			ev += pr * v.fateWorth(f, p.Defenders[i])
			if f == combat.FateEliminated {
				kill[i] += pr
			}
		}
	}
	return ev + v.vehicleStrikeWorth(p.VehicleStrike), kill
}

// apShot estimates the expected worth of an AP attack by e at pose ep on u
// standing at pose p, u alone in its hex (memoised odds of the ruleset's
// table). opportunity marks fire at a moving unit.
func (v *view) apShot(e *battle.Unit, ep board.Pose, u *battle.Unit, p board.Pose, opportunity bool) float64 {
	dist := ep.Hex.Distance(p.Hex)
	if dist < 1 || dist > v.apReach(e) || !v.b.StruckByAP(u) {
		return 0
	}
	l := v.los(ep.Hex, p.Hex) // memoised: cheaper than the firepower asked next
	if !l.Visible {
		return 0
	}
	fp := v.apFirepower(e, ep, p.Hex)
	if fp == 0 {
		return 0
	}
	inf := v.b.Infantry()
	if inf == nil {
		return 0
	}
	cover := v.b.CoverAt(nil, p.Hex, u.Type) // AP fire reads the terrain chart, as the battle does
	a := combat.APAttack{APFP: fp, Cover: cover.Value, Hindrance: l.Hindrance,
		Opportunity: opportunity, Adjacent: dist == 1}
	def := v.b.Defender(u, p, ep.Hex)
	def.Name = "" // only labels the steps: units of one type share a memo entry
	k := apKey{attack: a, defender: def}
	fates, ok := v.m.apOdds[k]
	if !ok {
		if odds, err := inf.APOdds(a, []combat.Defender{k.defender}); err == nil {
			for _, e := range odds.Fates {
				fates[e.Fates[0]] += e.Probability(odds.Total)
			}
		}
		if len(v.m.apOdds) >= maxOddsMemo {
			clear(v.m.apOdds)
		}
		v.m.apOdds[k] = fates
	}
	ev := 0.0
	for f, pr := range fates {
		ev += pr * v.fateWorth(combat.Fate(f), u)
	}
	return ev
}

// apAttackFrom is the best estimated AP attack u could make from pose p on
// the enemies where they stand (skip aside, when not nil).
func (v *view) apAttackFrom(u *battle.Unit, p board.Pose, skip *battle.Unit) (float64, *battle.Unit) {
	reach := v.apReach(u)
	if reach == 0 || u.Carrier != 0 {
		return 0, nil
	}
	best, bestT := 0.0, (*battle.Unit)(nil)
	for _, e := range v.enemies {
		if e == skip || p.Hex.Distance(e.Pose.Hex) > reach || !v.b.StruckByAP(e) {
			continue
		}
		if ev := v.apShot(u, p, e, e.Pose, false); ev > best {
			best, bestT = ev, e
		}
	}
	return best, bestT
}

// closeAssault picks the best close assault of the acting side in the
// Advance & Assault phase: for every hex of its infantry that may assault,
// all of them on each adjacent enemy hex (battle.PlanAssault), with
// grenades when they add grenadeCost. An assault is worth the chance of
// success times the defenders' worth and the hex when a side must hold it,
// plus the pinned defenders lost outright, less the attackers' expected
// losses (the casualty points of each roll spent by the automatic
// allocation). ok is false when none is worth assaultMin. Only free
// units assault: a script keeps its units where it sends them.
func (d *decision) closeAssault() (battle.Order, string, bool) {
	groups := map[board.Hex][]battle.UnitID{}
	var froms []board.Hex
	for _, u := range d.mine {
		if !u.Type.Kind.Infantry() || u.Carrier != 0 || u.Has(battle.Pinned) || u.Has(battle.Advanced) || d.task(u).verb != Free {
			continue
		}
		if _, ok := groups[u.Pose.Hex]; !ok {
			froms = append(froms, u.Pose.Hex)
		}
		groups[u.Pose.Hex] = append(groups[u.Pose.Hex], u.ID)
	}
	_, holds := d.holdHexes()
	best, bestV, bestText := battle.Assault{}, assaultMin, ""
	for _, from := range froms {
		for dir := range board.Direction(6) {
			to := from.Neighbor(dir)
			if !slices.ContainsFunc(d.enemies, func(e *battle.Unit) bool { return e.Pose.Hex == to }) {
				continue
			}
			o := battle.Assault{Units: groups[from], Target: to}
			v, text, ok := d.assaultWorth(o, slices.Contains(holds, to))
			if !ok {
				continue
			}
			if n := d.b.GrenadeLimit(d.side, o.Units...); n > 0 {
				og := o
				og.Grenades = n
				if vg, tg, ok := d.assaultWorth(og, slices.Contains(holds, to)); ok && vg >= v+grenadeCost {
					o, v, text = og, vg, tg
				}
			}
			if v > bestV {
				best, bestV, bestText = o, v, text
			}
		}
	}
	if bestText == "" {
		return nil, "", false
	}
	return best, bestText, true
}

// vehicleAssault picks the best close assault of one enemy vehicle by one
// free infantry unit next to it (battle.AssaultVehicle), under a ruleset
// that has one: worth its expected effect, read from the odds summary as
// an AT shot's is. ok is false when none is worth assaultMin.
func (d *decision) vehicleAssault() (battle.Order, string, bool) {
	if combat.VehicleAssaultOf(d.b.Rules()) == nil {
		return nil, "", false
	}
	var best battle.AssaultVehicle
	bestV, text := assaultMin, ""
	for _, u := range d.mine {
		if !u.Type.Kind.Infantry() || u.Carrier != 0 || u.Has(battle.Pinned) || u.Has(battle.Advanced) || d.task(u).verb != Free {
			continue
		}
		for _, e := range d.enemies {
			if e.Type.Kind.Infantry() || e.Pose.Hex.Distance(u.Pose.Hex) > 1 {
				continue
			}
			o := battle.AssaultVehicle{Unit: u.ID, Target: e.ID}
			plan, err := d.b.PlanAssaultVehicle(o)
			if err != nil {
				continue
			}
			c := chancesOf(plan.Odds, d.b.States())
			if v := d.effect(c, e); v > bestV {
				best, bestV = o, v
				text = fmt.Sprintf("%s close-assaults %s: destroy %.0f%%, immobilize %.0f%%; expected effect %.2f",
					u.Label(), e.Label(), 100*c.destroy, 100*c.immobilize, v)
			}
		}
	}
	return best, text, text != ""
}

// assaultWorth is the net worth of close assault o (see closeAssault).
func (d *decision) assaultWorth(o battle.Assault, hold bool) (float64, string, bool) {
	p, err := d.b.PlanAssault(o)
	if err != nil {
		return 0, "", false
	}
	all := len(p.Defenders) + len(p.Doomed)
	if d.keepsTheWin(p.From, o.Units) && (d.killsLeft == 0 || all < d.killsLeft) {
		return 0, "", false // its success moves the attackers out: kills cannot win it back
	}
	success := float64(p.Odds.SuccessWays) / float64(p.Odds.Total)
	kills, doomed := 0.0, 0.0
	for _, u := range p.Defenders {
		kills += d.worth(u)
	}
	for _, u := range p.Doomed {
		doomed += d.worth(u)
	}
	prize := 0.0
	if hold {
		prize = holdWorth
	}
	defs := make([]combat.Defender, len(p.Attackers))
	for i, u := range p.Attackers {
		defs[i] = d.b.Defender(u, u.Pose, p.Target)
	}
	inf := d.b.Infantry()
	odds, err := inf.AttackerPointsOdds(p.Assault)
	if err != nil {
		return 0, "", false
	}
	// Each outcome's eliminations count together by the stakes
	// (lossesWorth): an assault that may lose two units at once near the
	// enemy's destroy goal weighs the second dearer.
	loss, cost := 0.0, 0.0
	for points, ways := range odds {
		if ways == 0 {
			continue
		}
		spent := inf.SpendOdds(defs, points)
		total := spendTotal(spent)
		for _, e := range spent {
			pr := float64(ways) / float64(p.Odds.Total) * float64(e.Weight) / float64(total)
			lost, lostWorth, harm := 0, 0.0, 0.0
			for i, f := range e.Fates {
				w := d.fateWorth(f, p.Attackers[i])
				loss += pr * w
				if f == combat.FateEliminated {
					lost, lostWorth = lost+1, lostWorth+w
				} else {
					harm += w
				}
			}
			cost += pr * (d.lossScale*harm + d.lossesWorth(lost, lostWorth))
		}
	}
	v := success*(d.killsWorth(all, kills+doomed)+prize) + (1-success)*d.killsWorth(len(p.Doomed), doomed) - cost
	text := fmt.Sprintf("close assault from %s on %s (%s, kill number %d): success %.0f%%, expected loss %.2f; worth %.2f",
		d.b.Board().Label(p.From), d.b.Board().Label(p.Target), p.Odds.Ratio, p.Odds.Kill, 100*success, loss, v)
	return v, text, true
}

// spendTotal is the total weight of the ways casualty points can be spent.
func spendTotal(spent []combat.FateOdds) uint64 {
	var t uint64
	for _, e := range spent {
		t += e.Weight
	}
	return t
}
