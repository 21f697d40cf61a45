package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/boardview"
	"hexfire/game/ui"
	"hexfire/units"
)

// arcRange is how far the forward firing arc is shaded, in hexes (our own
// choice: beyond most guns' reach, short of cluttering the whole map).
const arcRange = 10

// preview is everything the overlays, the tooltip and the panel show about
// the selected unit and the hovered hex, worked out when one of them or
// the battle changes, never per frame.
type preview struct {
	key  previewKey
	unit *battle.Unit

	// The selected unit's own part (unitKey).
	unitKey previewKey
	// stackCands are the units of the selected unit's hex that may move
	// with it as a stack; stack is the unit and those taken in (key.stack).
	stackCands []*battle.Unit
	stack      []*battle.Unit
	reach      *board.Reach // nil when the unit cannot move now
	reachAt    []reachHex
	active     bool        // the reach is clickable: the unit may move now
	arc        []board.Hex // its forward firing arc, out to arcRange
	faced      bool        // the unit has a facing (not infantry)
	hidden     []board.Hex // hexes out of its sight, when the viewshed is shown

	// The hovered hex's part.
	hasGhost bool
	ghost    board.Pose // the end pose of the move to the hovered hex
	ghostOK  bool       // the unit can end its move in ghost
	path     []board.Hex
	los      *board.LOS
	target   *battle.Unit
	targets  int // enemy units in the hovered hex: the target is one of them
	plan     *battle.FirePlan
	// The attack at the hovered enemy hex: its kind, the order a click
	// (or F, or A) gives, the plans, and the units the digit keys take in
	// or out of an AP fire group or an assault.
	kind      attackKind
	swap      bool        // W switches to another attack at the hovered hex
	fire      fireOptions // the AT shot's options (Panzerfaust, desperation)
	attack    battle.Order
	apPlan    *battle.APPlan
	asPlan    *battle.AssaultPlan
	members   []*battle.Unit
	tip       []tipLine
	losStatus string
}

// previewKey is what a preview depends on.
type previewKey struct {
	version   int
	unit      battle.UnitID
	hover     board.Hex
	hasHover  bool
	ghostTurn int
	leader    bool
	viewshed  bool
	hideArcs  bool
	compare   bool // the AT preview compares every registered ruleset
	mode      mode
	target    int                // times the player asked for the next target in the hovered hex
	flip      bool               // AT and AP fire swapped from the default
	grenades  int                // grenades asked for: at most this many (playState.grenades)
	lane      battle.LanePattern // the fire lane asked for (playState.lane)
	pzf       bool               // a Panzerfaust asked for
	desperate bool               // desperation fire asked for
	ammo      string             // the round the firer is set to fire (ammo.go)
	second    int                // volley-key presses (volley.go)
	out       uint16             // fire group or assault members taken out (bit i: member i)
	stack     uint16             // the selected unit's stack candidates moving with it (bit i: candidate i)
	call      callChoice         // what a click calls (modeCall), the zero value for none
}

// reachHex is a hex the selected unit can end its move in, and the MP it costs.
type reachHex struct {
	hex  board.Hex
	cost int
}

// reachable reports whether the previewed unit may move to h now.
func (pv *preview) reachable(h board.Hex) bool {
	if pv.reach == nil || !pv.active {
		return false
	}
	_, ok := pv.reach.Cost(h)
	return ok && h != pv.unit.Pose.Hex
}

// refresh brings the preview up to date when the selection, the hovered
// hex or the battle changed since it was worked out.
func (g *Game) refresh() {
	p := &g.play
	if u := g.battle.Unit(p.unit); u != nil && u.Active() {
		g.selected, g.hasSelected = u.Pose.Hex, true
	}
	if p.unit != p.pv.key.unit || g.hovered != p.pv.key.hover || g.hasHover != p.pv.key.hasHover || p.version != p.pv.key.version {
		// A new firer, hex or battle state starts from the default target,
		// fire and group.
		p.targetTurn, p.flipKind, p.out = 0, false, 0
		p.secondTurn = 0
	}
	if p.unit != p.stackFor || p.version != p.stackAtVer {
		p.stackIn, p.stackFor, p.stackAtVer = 0, p.unit, p.version
	}
	key := previewKey{version: p.version, unit: p.unit, hover: g.hovered, hasHover: g.hasHover,
		ghostTurn: p.ghostTurn, leader: p.withLeader, viewshed: p.showViewshed, hideArcs: p.hideArcs, compare: p.compareRules, mode: p.mode, target: p.targetTurn,
		flip: p.flipKind, grenades: p.grenades, lane: p.lane, pzf: p.panzerfaust, desperate: p.desperation, ammo: p.ammo.of(p.unit), second: p.secondTurn, out: p.out, stack: p.stackIn}
	if p.mode == modeCall {
		key.call = p.call
	}
	if key == p.pv.key && p.pv.key.version != 0 {
		return
	}
	p.pv.update(g.battle, key)
}

// update works the preview out for key.
func (pv *preview) update(b *battle.Battle, key previewKey) {
	u := b.Unit(key.unit)
	if u != nil && !u.Active() {
		u = nil
	}
	unitKey := previewKey{version: key.version, unit: key.unit, viewshed: key.viewshed, stack: key.stack}
	if unitKey != pv.unitKey || pv.key.version == 0 {
		pv.unitKey = unitKey
		pv.unitPart(b, u, key.viewshed, key.stack)
	}
	pv.key = key
	pv.unit = u
	pv.hoverPart(b, u, key)
}

// unitPart works out the reach (of u and the stack candidates in, bits of
// stack), the arc and the viewshed of u.
func (pv *preview) unitPart(b *battle.Battle, u *battle.Unit, viewshed bool, stack uint16) {
	pv.reach, pv.reachAt, pv.arc, pv.hidden, pv.faced, pv.active = nil, nil, nil, nil, false, false
	pv.stackCands, pv.stack = nil, nil
	if u == nil {
		return
	}
	bd := b.Board()
	pv.faced = !u.Type.Kind.Infantry()
	spec, occ := b.MoveSpec(u), b.Occupancy(u)
	if pv.stackCands = stackCandidates(b, u); len(pv.stackCands) > 0 {
		pv.stack = []*battle.Unit{u}
		for i, c := range pv.stackCands {
			if i < maxMembers && stack&(1<<i) != 0 {
				pv.stack = append(pv.stack, c)
			}
		}
		spec, occ = b.StackSpec(pv.stack), b.StackOccupancy(pv.stack)
	}
	if b.CheckMove(u) == nil && spec.MP > 0 && u.OnMap() {
		pv.reach = bd.Reachable(spec, u.Pose, occ)
		for _, h := range pv.reach.Hexes() {
			if c, ok := pv.reach.Cost(h); ok && h != u.Pose.Hex {
				pv.reachAt = append(pv.reachAt, reachHex{h, c})
			}
		}
		paused, _, _ := b.MovePaused()
		pv.active = u.Side == b.Acting() && b.Phase() == battle.Movement && b.Moving() == nil && (paused == nil || paused == u)
	}
	if pv.faced {
		pv.arc = arcAt(bd, u.Pose)
	}
	if viewshed && u.OnMap() {
		if vs, err := bd.Viewshed(u.Pose.Hex, b.Smoke); err == nil {
			for h, s := range vs.All() {
				if !s.Visible {
					pv.hidden = append(pv.hidden, h)
				}
			}
		}
	}
}

// hoverPart works out the ghost move, the line of sight and the attack
// plan from u to the hovered hex.
func (pv *preview) hoverPart(b *battle.Battle, u *battle.Unit, key previewKey) {
	pv.hasGhost, pv.ghostOK, pv.path, pv.los, pv.target, pv.targets, pv.plan, pv.tip, pv.losStatus = false, false, nil, nil, nil, 0, nil, nil, ""
	pv.kind, pv.swap, pv.fire, pv.attack, pv.apPlan, pv.asPlan, pv.members = attackNone, false, fireOptions{}, nil, nil, nil, nil
	if key.call.kind != "" && key.hasHover {
		pv.tip = supportTip(b, u, key.hover, key.call)
		return
	}
	if u == nil || !u.OnMap() {
		return
	}
	h := key.hover
	if pv.reach != nil && pv.active && pv.faced && (!key.hasHover || h == u.Pose.Hex) {
		// No hex hovered, or the unit's own: the facing shown is a turn in place.
		pv.hasGhost, pv.ghost = true, board.Pose{Hex: u.Pose.Hex, Facing: u.Pose.Facing.Rotate(key.ghostTurn)}
		_, pv.ghostOK = pv.reach.PoseCost(pv.ghost)
	}
	if !key.hasHover || h == u.Pose.Hex {
		return
	}
	if pv.reachable(h) {
		if len(pv.stackCands) > 0 {
			pv.tip = stackTip(b, u, pv.stackCands, key.stack, pv.reach, h)
		}
		steps, _ := pv.reach.Path(h)
		end := u.Pose.Facing
		if len(steps) > 0 {
			end = steps[len(steps)-1].To.Facing
		}
		if pv.faced {
			pv.hasGhost, pv.ghost = true, board.Pose{Hex: h, Facing: end.Rotate(key.ghostTurn)}
			if s, ok := pv.reach.PathTo(pv.ghost); ok {
				pv.ghostOK, steps = true, s
			}
		}
		pv.path = []board.Hex{u.Pose.Hex}
		for _, s := range steps {
			if s.To.Hex != pv.path[len(pv.path)-1] {
				pv.path = append(pv.path, s.To.Hex)
			}
		}
	}
	los := b.Board().LOS(u.Pose.Hex, h, b.Smoke)
	pv.los = &los
	pv.losStatus = losSummary(b.Board(), los)
	var enemy []*battle.Unit
	for _, t := range b.UnitsAt(h) {
		if t.Side != u.Side {
			enemy = append(enemy, t)
		}
	}
	if len(enemy) == 0 {
		return
	}
	pv.targets = len(enemy)
	vehicles := vehicleAssaultTargets(b, u, h, enemy)
	if len(vehicles) > 0 && (!key.flip || b.Infantry() == nil) {
		pv.kind, pv.swap = attackVehicle, b.Infantry() != nil
		pv.targets = len(vehicles)
		pv.target = pickTarget(b, vehicles, key.target)
		o := battle.AssaultVehicle{Unit: u.ID, Target: pv.target.ID}
		plan, err := b.PlanAssaultVehicle(o)
		if err == nil {
			pv.plan = &plan
		}
		pv.attack, pv.tip = o, vehicleAssaultTip(b, u, vehicles, o, pv.plan, pv.swap, err)
		return
	}
	if assaultNow(b, u, h) {
		pv.kind, pv.swap = attackAssault, len(vehicles) > 0
		pv.members = assaultCandidates(b, u)
		o := assaultOrder(b, u, h, pv.members, key)
		plan, err := b.PlanAssault(o)
		if err == nil {
			pv.asPlan = &plan
		}
		pv.attack, pv.tip = o, assaultTip(b, u, pv.members, key.out, o, pv.asPlan, err)
		return
	}
	pv.kind, pv.swap = defaultKind(b, u, enemy), true
	if key.flip {
		pv.kind = attackAT + attackAP - pv.kind
	}
	if pv.kind == attackAP {
		pv.members = apCandidates(b, u, h)
		o := apOrder(b, u, h, pv.members, key)
		plan, err := b.PlanAP(o)
		if err == nil {
			pv.apPlan = &plan
		}
		pv.attack, pv.tip = o, apTip(b, u, pv.members, key.out, o, los, pv.apPlan, err)
		pv.tip = append(pv.tip, overrunTip(b, u, h)...)
		return
	}
	pv.target = pickTarget(b, enemy, key.target)
	o, opts, plan, err := planFireOptions(b, withAmmo(fireOrder(b, u, pv.target, key.leader), key.ammo), key)
	o, plan, volley := volleyOf(b, o, plan, key.second)
	pv.fire, pv.plan, pv.attack = opts, plan, o
	pv.tip = fireTip(b, u, pv.target, los, o.Leader, pv.plan, err)
	extra := targetLines(b, enemy, pv.target, h)
	extra = append(extra, kindLine(b, attackAT))
	if combat.Simultaneous(b.Rules()) && b.Moving() == nil {
		extra = append(extra, tipLine{tipText, "simultaneous fire: F declares the shot, no die rolled; Shift+F (or the phase's end) rolls every declared shot at once"})
	}
	extra = append(extra, pv.fire.lines(b, u)...)
	extra = append(extra, ammoLines(b, o)...)
	extra = append(extra, volley...)
	pv.tip = slices.Insert(pv.tip, 1, extra...)
	if key.compare {
		pv.tip = append(pv.tip, compareTip(b.CompareFire(o), u.Has(battle.Fired))...)
	}
	pv.tip = append(pv.tip, overrunTip(b, u, h)...)
}

// compareTip is the same shot under every registered ruleset, one block
// each: the shared summary, or why the ruleset refuses it; for a firer
// that fired, the shot as if it had not (CompareFire).
func compareTip(all []battle.RulesetOdds, fired bool) []tipLine {
	lines := []tipLine{{tipTitle, "under every ruleset (D: hide)"}}
	if fired {
		lines = append(lines, tipLine{tipText, "it has fired already: the shot as if it had not"})
	}
	for _, ro := range all {
		if ro.Err != nil {
			lines = append(lines, tipLine{tipRefused, fmt.Sprintf("%s: refused: %v", ro.Ruleset, ro.Err)})
			continue
		}
		lines = append(lines, tipLine{tipText, fmt.Sprintf("%s (to hit %d)", ro.Ruleset, ro.Plan.Odds.ToHit)})
		lines = append(lines, summaryLines(ro.Summary)...)
	}
	return lines
}

// summaryLines are an attack's shared summary: the chance to hit, to
// destroy, to immobilize and to leave the target fighting, and the
// expected counters of each state.
func summaryLines(s combat.Summary) []tipLine {
	lines := []tipLine{{tipResult, fmt.Sprintf("hit %.0f%%  destroy %.0f%%  immobilize %.0f%%  still fighting %.0f%%",
		100*s.P(s.Hit), 100*s.P(s.Destroy), 100*s.P(s.Immobilize), 100*s.P(s.Fighting))}}
	for _, c := range s.Counters {
		lines = append(lines, tipLine{tipResult, fmt.Sprintf("expected %s %.2f", c.State, c.Expected)})
	}
	return lines
}

// pickTarget returns the target among the enemy units of a hex after turn
// presses of the next-target key: the default target (targetIn) first,
// then the others in stack order, wrapping.
func pickTarget(b *battle.Battle, enemy []*battle.Unit, turn int) *battle.Unit {
	first := slices.Index(enemy, targetIn(b, enemy))
	return enemy[(first+turn)%len(enemy)]
}

// losSummary is one line about a line of sight: range and what it meets.
func losSummary(bd *board.Board, l board.LOS) string {
	s := fmt.Sprintf("LOS %s → %s, range %d", bd.Label(l.From), bd.Label(l.To), l.Range)
	if l.AlongHexside {
		s += " along a hexside (touched hexes: magenta left, lime right)"
	}
	switch {
	case !l.Clear:
		return s + ": blocked by " + l.BlockedBy.Reason
	case l.Hindrance > 0:
		return s + fmt.Sprintf(": clear, hindrance +%d", l.Hindrance)
	}
	return s + ": clear"
}

// tipKind says how a tooltip line is drawn.
type tipKind uint8

const (
	tipTitle tipKind = iota
	tipText
	tipStep   // a step of the procedure, indented
	tipResult // one outcome and its chance
	tipRefused
)

// tipLine is one line of the fire tooltip.
type tipLine struct {
	kind tipKind
	text string
}

// fireTip is the tooltip of an attack by u on target before it is given:
// the geometry, the to-hit number, every modifier of the procedure and the
// exact chance of each result, from the battle's own plan (the numbers
// Fire rolls against), or why the attack may not be made.
func fireTip(b *battle.Battle, u, target *battle.Unit, los board.LOS, leader battle.UnitID, plan *battle.FirePlan, err error) []tipLine {
	bd := b.Board()
	lines := []tipLine{{tipTitle, fmt.Sprintf("%s (%s) → %s (%s)", u.Label(), bd.Label(u.Pose.Hex), target.Label(), bd.Label(target.Pose.Hex))}}
	add := func(k tipKind, format string, a ...any) { lines = append(lines, tipLine{k, fmt.Sprintf(format, a...)}) }
	lines = append(lines, losLines(b, los)...)
	if target.Type.Kind == units.AFV {
		a := combat.AspectOf(b.Rules(), target.Pose, u.Pose.Hex) // as the active ruleset reads aspects
		what := a.String() + " armour"
		if a == board.FrontRearTie {
			what = "front or rear armour (along the hexside: a die decides)"
		}
		add(tipText, "strikes its %s", what)
	}
	if leader != 0 {
		add(tipText, "directed by %s", b.Unit(leader).Label())
	}
	if err != nil {
		add(tipRefused, "cannot fire: %v", err)
		return lines
	}
	if plan.Spotter != nil {
		add(tipText, "indirect fire: the mortar fires unseen, spotted by %s; nothing between hinders", plan.Spotter.Label())
	}
	add(tipTitle, "to hit: %d", plan.Odds.ToHit)
	return append(lines, oddsLines(plan.Odds)...)
}

// oddsLines are the steps of an attack's procedure and the exact chance of
// each of its headlines.
func oddsLines(o combat.Odds) []tipLine {
	var lines []tipLine
	for _, s := range o.Steps {
		lines = append(lines, tipLine{tipStep, s})
	}
	for _, h := range o.Headlines() {
		lines = append(lines, tipLine{tipResult, fmt.Sprintf("%-12s %6.2f%%  (%s)", h.Headline, 100*o.Probability(h.Weight), o.Exact(h.Weight).RatString())})
	}
	// The effects on units other than the target (the firer, its hex, the
	// target's passengers and hex), each with its chance.
	var others []combat.Effect
	var weights []uint64
	for _, w := range o.Outcomes {
		for i, e := range w.Effects {
			if e.On == combat.OnTarget || slices.Contains(w.Effects[:i], e) {
				continue
			}
			j := slices.Index(others, e)
			if j < 0 {
				j = len(others)
				others, weights = append(others, e), append(weights, 0)
			}
			weights[j] += w.Weight
		}
	}
	for j, e := range others {
		lines = append(lines, tipLine{tipResult, fmt.Sprintf("%s: %s %6.2f%%  (%s)", e.On, e, 100*o.Probability(weights[j]), o.Exact(weights[j]).RatString())})
	}
	return lines
}

// weaponStats is a support weapon's type, APFP and range as the panel
// shows them: "[L AP 3 range 6]", "[H AP 5 range 2-6]".
func weaponStats(w *units.Weapon) string {
	reach := strconv.Itoa(w.Range)
	if w.MinRange > 0 {
		reach = fmt.Sprintf("%d-%d", w.MinRange, w.Range)
	}
	return fmt.Sprintf("[%s AP %d range %s]", w.Type, w.APFP, reach)
}

// unitInfo is the panel's description of unit u.
func unitInfo(b *battle.Battle, u *battle.Unit) []string {
	t := u.Type
	bd := b.Board()
	lines := []string{u.Label(), fmt.Sprintf("%s %s (%s)", u.Side.Title(), kindWords(t.Kind), t.Nation)}
	stats := ratingsOf(b.Rules(), t)
	spec := b.MoveSpec(u)
	stats = append(stats, fmt.Sprintf("MP %d", spec.MP))
	if t.Turret {
		stats = append(stats, "turret")
	}
	lines = append(lines, strings.Join(stats, "  "))
	where := "in " + bd.Label(u.Pose.Hex)
	if !t.Kind.Infantry() {
		where = fmt.Sprintf("in %s facing %v", bd.Label(u.Pose.Hex), u.Pose.Facing)
	}
	switch {
	case u.Eliminated:
		where = "eliminated"
	case u.Waiting():
		where = "off the map" // the phase line says when it arrives
	case u.ExitedBy() != "":
		where = "left the map by the " + string(u.ExitedBy()) + " edge"
	case u.Carrier != 0 && u.Type.Kind == units.Gun:
		where = "in tow behind " + b.Unit(u.Carrier).Label() + " " + where
	case u.Carrier != 0:
		where = "aboard " + b.Unit(u.Carrier).Label() + " " + where
	}
	lines = append(lines, where)
	if u.SupportWeapon != "" {
		w := "weapon " + u.SupportWeapon
		if sw, err := b.Catalogue().LookupWeapon(u.SupportWeapon); err == nil {
			w += " " + weaponStats(sw)
		}
		switch {
		case u.WeaponLost == "broken" && combat.RepairsOf(b.Rules()) != nil:
			w += " (broken: ' repairs it)"
		case u.WeaponLost != "":
			w += " (" + u.WeaponLost + ")"
		case u.WeaponSpent:
			w += " (spent)"
		case u.Rounds > 0:
			w += fmt.Sprintf(" (%d rounds)", u.Rounds)
		}
		lines = append(lines, w)
	}
	if n := declaredAt(b, u.ID); n > 0 {
		lines = append(lines, ui.Plural(n, "AT shot")+" declared at it, rolled when the fire is resolved")
	}
	if u.Quality != combat.Regular {
		lines = append(lines, "troops: "+u.Quality.String())
	}
	for _, name := range u.StateNames() {
		spec, _ := combat.FindState(b.States(), name)
		line := name
		if n := u.StateCount(name); spec.Counter {
			line = fmt.Sprintf("%s %d", name, n)
		}
		if spec.Explain != "" {
			line += ": " + spec.Explain
		}
		lines = append(lines, line)
	}
	if m := markerNames(u); m != "" {
		lines = append(lines, "markers: "+m)
	}
	if u.Side == b.Acting() && b.Phase() == battle.Movement && b.Moving() == nil {
		if err := b.CheckMove(u); err != nil {
			lines = append(lines, "cannot move: "+err.Error())
		} else {
			lines = append(lines, fmt.Sprintf("%d MP left: can move", spec.MP))
		}
	}
	for _, p := range b.Passengers(u.ID) {
		lines = append(lines, "carries "+p.Label())
	}
	if g := b.Towed(u.ID); g != nil {
		lines = append(lines, "tows "+g.Label())
	}
	return lines
}

// kindWords names a kind of unit as the card shows it: the catalogue's
// words ("half squad"), the abbreviation AFV in capitals.
func kindWords(k units.Kind) string {
	if k == units.AFV {
		return "AFV"
	}
	return k.Words()
}

// ratingsOf is what the panel prints of unit type t's ratings: the
// active ruleset's own (combat.Rater), else the catalogue's ATFP and
// armour letters. A ruleset's "MP" is left out: the panel prints the MP
// the battle allows the unit.
func ratingsOf(r combat.Ruleset, t *units.Type) []string {
	return slices.Clip(boardview.Rated(r, t).Lines)
}

// declaredAt is the number of AT shots declared at unit id and not yet
// rolled (simultaneous fire).
func declaredAt(b *battle.Battle, id battle.UnitID) int {
	n := 0
	for _, d := range b.DeclaredShots() {
		if d.Fire.Target == id {
			n++
		}
	}
	return n
}

// declaredLines are the panel's list of the AT shots declared in this
// phase and not yet rolled (simultaneous fire): firer, target and each
// one's exact chances as declared; none when no shot is declared.
func declaredLines(b *battle.Battle) []string {
	declared := b.DeclaredShots()
	if len(declared) == 0 {
		return nil
	}
	lines := []string{ui.Plural(len(declared), "AT shot") + " declared: Shift+F rolls them all (Space too, ending the phase)"}
	for _, d := range declared {
		sum := d.Odds.Summary(b.States())
		lines = append(lines, fmt.Sprintf("%s → %s: hit %.0f%%, destroy %.0f%%, immobilize %.0f%%", b.Unit(d.Fire.Unit).Label(), b.Unit(d.Fire.Target).Label(),
			100*sum.P(sum.Hit), 100*sum.P(sum.Destroy), 100*sum.P(sum.Immobilize)))
	}
	return lines
}

// markerNames lists the markers u carries.
func markerNames(u *battle.Unit) string {
	names := []struct {
		m    battle.Markers
		name string
	}{{battle.Fired, "Fired"}, {battle.Moved, "Moved"}, {battle.Immobile, "Immobile"},
		{battle.Advanced, "Advanced"}, {battle.SmokeLaid, "Smoke laid"}, {battle.Loaded, "Loaded"},
		{battle.Pinned, "Pinned"}, {battle.Valorous, "Valor"}}
	var out []string
	for _, n := range names {
		if u.Has(n.m) {
			out = append(out, n.name)
		}
	}
	return strings.Join(out, ", ")
}
