package game

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/units"
)

// attackKind is the attack the preview shows at the hovered enemy hex.
type attackKind uint8

const (
	attackNone    attackKind = iota
	attackAT                 // AT fire at one unit (battle.Fire)
	attackAP                 // AP fire at the hex (battle.FireAP)
	attackAssault            // close assault on the hex (battle.Assault)
	attackVehicle            // one unit's close assault of one vehicle (battle.AssaultVehicle)
)

// maxMembers is how many members of a fire group or an assault the digit
// keys 1–9 can take in or out.
const maxMembers = 9

// assaultNow reports whether sel would close-assault hex h: the Advance &
// Assault phase with no move pending, infantry on the map, h adjacent.
func assaultNow(b *battle.Battle, sel *battle.Unit, h board.Hex) bool {
	return b.Phase() == battle.AdvancePhase && b.Moving() == nil && sel.Type.Kind.Infantry() &&
		sel.Carrier == 0 && sel.Pose.Hex.Distance(h) == 1
}

// defaultKind is the fire the preview starts with at a hex holding the
// enemy units enemy: AT when sel could fire AT (its own weapon or a
// Panzerfaust) at an armoured vehicle, unarmoured vehicle or Gun there
// (or every unit there is an AFV, which
// AP fire cannot harm), else AP.
func defaultKind(b *battle.Battle, sel *battle.Unit, enemy []*battle.Unit) attackKind {
	apTargets := false
	for _, u := range enemy {
		if u.Type.Kind != units.AFV {
			apTargets = true
		}
		if u.Type.Kind.Infantry() {
			continue
		}
		if _, err := b.PlanFire(battle.Fire{Unit: sel.ID, Target: u.ID}); err == nil {
			return attackAT
		}
		if !b.MayFirePanzerfaust(sel) {
			continue
		}
		if _, err := b.PlanFire(battle.Fire{Unit: sel.ID, Target: u.ID, Panzerfaust: true}); err == nil {
			return attackAT
		}
	}
	if !apTargets {
		return attackAT
	}
	return attackAP
}

// apCandidates returns the units that may join sel's AP fire at hex h, in
// stack order: every unit of the group sel belongs to (the infantry on the
// ground in its hex; or a vehicle, AFV or Gun with its passengers) that
// has no Fire marker and could fire at h on its own. Leaders join through
// the leader switch instead.
func apCandidates(b *battle.Battle, sel *battle.Unit, h board.Hex) []*battle.Unit {
	var out []*battle.Unit
	try := func(u *battle.Unit) {
		if u == nil || u.Side != sel.Side || !u.Active() || u.Has(battle.Fired) || u.Type.Kind == units.Leader {
			return
		}
		if _, err := b.PlanAP(battle.FireAP{Units: []battle.UnitID{u.ID}, Target: h}); err == nil {
			out = append(out, u)
		}
	}
	vehicle := sel
	if sel.Carrier != 0 {
		vehicle = b.Unit(sel.Carrier)
	}
	if vehicle.Type.Kind.Infantry() {
		for _, u := range b.UnitsAt(sel.Pose.Hex) {
			if u.Type.Kind.Infantry() {
				try(u)
			}
		}
		return out
	}
	try(vehicle)
	for _, p := range b.Passengers(vehicle.ID) {
		try(p)
	}
	return out
}

// assaultCandidates returns the units of sel's hex that may close-assault:
// its side's infantry on the ground, leaders included, neither pinned nor
// marked Advanced.
func assaultCandidates(b *battle.Battle, sel *battle.Unit) []*battle.Unit {
	var out []*battle.Unit
	for _, u := range b.UnitsAt(sel.Pose.Hex) {
		if u.Side == sel.Side && u.Type.Kind.Infantry() && !u.Has(battle.Pinned) && !u.Has(battle.Advanced) {
			out = append(out, u)
		}
	}
	return out
}

// members returns the IDs of the candidates not taken out by the mask
// out (bit i: candidate i is out).
func members(cands []*battle.Unit, out uint16) []battle.UnitID {
	var ids []battle.UnitID
	for i, u := range cands {
		if i >= maxMembers || out&(1<<i) == 0 {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// apLeader is the leader who would join sel's AP fire: sel when it is a
// leader, else a leader in its hex without a Fire marker.
func apLeader(b *battle.Battle, sel *battle.Unit) *battle.Unit {
	if sel.Type.Kind == units.Leader && !sel.Has(battle.Fired) && sel.Carrier == 0 {
		return sel
	}
	return leaderWith(b, sel)
}

// canThrowGrenades reports whether sel's side may add grenades to an
// attack on h: infantry on the ground, h adjacent, grenades left.
func canThrowGrenades(b *battle.Battle, sel *battle.Unit, h board.Hex) bool {
	return sel.Type.Kind.Infantry() && sel.Carrier == 0 && sel.Pose.Hex.Distance(h) == 1 && b.Grenades(sel.Side) > 0
}

// apOrder is the AP fire of sel's group at h: the candidates not taken
// out, the leader when asked for and present, grenades when asked for and
// allowed. With no candidate it is sel alone, so that the battle says why
// sel cannot fire.
func apOrder(b *battle.Battle, sel *battle.Unit, h board.Hex, cands []*battle.Unit, key previewKey) battle.FireAP {
	o := battle.FireAP{Units: members(cands, key.out), Target: h}
	if len(cands) == 0 && sel.Type.Kind != units.Leader {
		o.Units = []battle.UnitID{sel.ID}
	}
	if key.leader {
		if l := apLeader(b, sel); l != nil {
			o.Leader = l.ID
		}
	}
	if key.grenades > 0 && canThrowGrenades(b, sel, h) {
		o.Grenades = min(key.grenades, b.GrenadeLimit(sel.Side, append(slices.Clone(o.Units), o.Leader)...))
	}
	if b.Moving() != nil {
		o.Lane = key.lane
	}
	return o
}

// assaultOrder is the close assault of sel's hex on h by the candidates
// not taken out, with grenades when asked for and left.
func assaultOrder(b *battle.Battle, sel *battle.Unit, h board.Hex, cands []*battle.Unit, key previewKey) battle.Assault {
	o := battle.Assault{Units: members(cands, key.out), Target: h}
	if len(cands) == 0 {
		o.Units = []battle.UnitID{sel.ID}
	}
	if key.grenades > 0 {
		o.Grenades = min(key.grenades, b.GrenadeLimit(sel.Side, o.Units...))
	}
	return o
}

// exact writes weight/total as "12.50%  (1/8)".
func exact(weight, total uint64) string {
	r := new(big.Rat).SetFrac(new(big.Int).SetUint64(weight), new(big.Int).SetUint64(total))
	return fmt.Sprintf("%6.2f%%  (%s)", 100*float64(weight)/float64(total), r.RatString())
}

// losLines are the range and line-of-sight lines of an attack preview.
func losLines(b *battle.Battle, los board.LOS) []tipLine {
	lines := []tipLine{{tipText, fmt.Sprintf("range %s (%d m)", ui.Plural(los.Range, "hex"), los.Range*b.Scenario().HexMetres)}}
	switch {
	case !los.Clear:
		lines = append(lines, tipLine{tipText, "line of sight blocked by " + los.BlockedBy.Reason})
	case los.Hindrance > 0:
		var rs []string
		for _, o := range los.Hindrances {
			rs = append(rs, fmt.Sprintf("+%d %s", o.Amount, o.Reason))
		}
		lines = append(lines, tipLine{tipText, "line of sight clear, hindrance " + strings.Join(rs, ", ")})
	default:
		lines = append(lines, tipLine{tipText, "line of sight clear, no hindrance"})
	}
	return lines
}

// kindLine is the preview's second line: which fire it shows and the key
// for the other.
func kindLine(b *battle.Battle, k attackKind) tipLine {
	opp := ""
	if b.Moving() != nil {
		opp = "opportunity "
	}
	if k == attackAP {
		return tipLine{tipText, "AP " + opp + "fire at the hex  (W: AT fire instead)"}
	}
	return tipLine{tipText, "AT " + opp + "fire at one unit  (W: AP fire instead)"}
}

// memberLines list the candidates of a fire group or an assault with the
// digit that takes each in or out; add, when not nil, says what a member
// in the group adds.
func memberLines(cands []*battle.Unit, out uint16, add func(*battle.Unit) string) []tipLine {
	var lines []tipLine
	for i, u := range cands {
		state := "in "
		if i < maxMembers && out&(1<<i) != 0 {
			state = "out"
		}
		s := fmt.Sprintf("%d %s  %s", i+1, state, u.Label())
		if i >= maxMembers {
			s = fmt.Sprintf("   %s  %s", state, u.Label())
		}
		if state == "in " && add != nil {
			s += add(u)
		}
		lines = append(lines, tipLine{tipStep, s})
	}
	return lines
}

// grenadeLine says how many grenades go with an attack (thrown: one a
// unit, rules 12.52) and how many the side has, or "" when it has none.
func grenadeLine(b *battle.Battle, sel *battle.Unit, thrown int) string {
	n := b.Grenades(sel.Side)
	switch {
	case n == 0:
		return ""
	case thrown > 0:
		return fmt.Sprintf("grenades thrown: %d of %d left, %+d  (R: one fewer)", thrown, n, -thrown)
	}
	return fmt.Sprintf("grenades: %d left  (R: throw them, one a unit, -1 each; R again: fewer)", n)
}

// apTip is the preview of AP fire order o by sel's group (the candidates
// cands) at hex o.Target: who fires and what each adds, the leader, the
// grenades, the line of sight, the total and the modifiers itemised, the
// exact chance of each number of casualty points and of each fate of each
// unit that may take them; or why the battle refuses it.
func apTip(b *battle.Battle, sel *battle.Unit, cands []*battle.Unit, out uint16, o battle.FireAP, los board.LOS, plan *battle.APPlan, err error) []tipLine {
	bd := b.Board()
	lines := []tipLine{{tipTitle, fmt.Sprintf("AP fire: %s → %s", bd.Label(sel.Pose.Hex), bd.Label(o.Target))}, kindLine(b, attackAP)}
	add := func(k tipKind, format string, a ...any) { lines = append(lines, tipLine{k, fmt.Sprintf(format, a...)}) }
	share := func(u *battle.Unit) string {
		if plan == nil {
			return ""
		}
		if i := slices.Index(plan.Firers, u); i >= 0 {
			return fmt.Sprintf(": %d APFP", plan.APFP[i])
		}
		return ""
	}
	if len(cands) == 0 {
		add(tipText, "fire group: none of the units in %s can fire at %s", bd.Label(sel.Pose.Hex), bd.Label(o.Target))
	} else {
		add(tipText, "fire group (1-9: in or out):")
		lines = append(lines, memberLines(cands, out, share)...)
	}
	switch l := b.Unit(o.Leader); {
	case l != nil:
		add(tipText, "leader %s: %+d%s  (L: without)", l.Label(), l.Type.Modifier, share(l))
	case apLeader(b, sel) != nil:
		add(tipText, "leader %s may join  (L: with leader)", apLeader(b, sel).Label())
	}
	if sel.Type.Kind.Infantry() && sel.Pose.Hex.Distance(o.Target) == 1 {
		thrown := 0
		if plan != nil {
			thrown = plan.Attack.Grenades
		}
		if s := grenadeLine(b, sel, thrown); s != "" {
			add(tipText, "%s", s)
		}
	}
	if b.Moving() != nil && sel.Type.Kind.Infantry() {
		if o.Lane == battle.NoLane {
			add(tipText, "fire lane: none  (Shift+J: lay one, with an MG)")
		} else {
			add(tipText, "fire lane: %s  (Shift+J: next pattern)", laneWords(o.Lane))
		}
	}
	lines = append(lines, losLines(b, los)...)
	if err != nil {
		add(tipRefused, "cannot fire: %v", err)
		return lines
	}
	if plan.Lane != nil {
		var ls []string
		for _, h := range plan.Lane {
			ls = append(ls, bd.Label(h))
		}
		add(tipStep, "lane markers: %s (1-4 row at units entering them)", strings.Join(ls, " "))
	}
	if plan.Spotter != nil {
		add(tipText, "indirect fire: the mortars fire unseen, spotted by %s; nothing between hinders", plan.Spotter.Label())
	}
	a, inf := plan.Attack, b.Infantry()
	add(tipTitle, "total %d APFP (row %s)", a.APFP, inf.APRow(a.APFP))
	ms := inf.APModifiers(a)
	if len(ms) == 0 {
		add(tipStep, "no modifier to the 2d6")
	}
	for _, m := range ms {
		add(tipStep, "%+d %s", m.Value, m.Label)
	}
	for _, s := range plan.Odds.Steps {
		add(tipStep, "%s", s)
	}
	add(tipTitle, "casualty points")
	for n, w := range plan.Odds.Points {
		if w > 0 {
			add(tipResult, "%-12s %s", pointsName(n), exact(w, plan.Odds.PointsTotal))
		}
	}
	lines = append(lines, fateLines(bd, plan.Defenders, plan.Odds)...)
	lines = append(lines, vehicleStrikeLines(plan.VehicleStrike, "the mortar rounds ")...)
	if odds, ok := b.CrewCheckOdds(); ok {
		for _, u := range plan.CrewChecks {
			add(tipTitle, "%s (%s): immobile, its crew checks", u.Label(), bd.Label(u.Pose.Hex))
			for _, h := range odds.Headlines() {
				add(tipResult, "%-12s %s", h.Headline, exact(h.Weight, odds.Total))
			}
		}
	}
	return lines
}

// fateLines give, for each defender of an AP attack with odds o, the
// exact chance of each fate it may come to.
func fateLines(bd *board.Board, defenders []*battle.Unit, o combat.APOdds) []tipLine {
	var lines []tipLine
	for i, d := range defenders {
		lines = append(lines, tipLine{tipTitle, fmt.Sprintf("%s (%s)", d.Label(), bd.Label(d.Pose.Hex))})
		for _, f := range []combat.Fate{combat.FateEliminated, combat.FateReducedPinned, combat.FateReduced, combat.FatePinned, combat.FateUntouched} {
			w := uint64(0)
			for _, e := range o.Fates {
				if e.Fates[i] == f {
					w += e.Weight
				}
			}
			if w > 0 {
				lines = append(lines, tipLine{tipResult, fmt.Sprintf("%-12s %s", f, exact(w, o.Total))})
			}
		}
	}
	return lines
}

// pointsName writes "no points", "1 point", "3 points".
func pointsName(n int) string {
	switch n {
	case 0:
		return "no points"
	case 1:
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

// assaultTip is the preview of close assault o from sel's hex: the
// attackers (the candidates cands) and defenders, the odds ratio and kill
// number with their modifiers, the exact chance of success, and the
// casualty points each side takes; or why the battle refuses it.
func assaultTip(b *battle.Battle, sel *battle.Unit, cands []*battle.Unit, out uint16, o battle.Assault, plan *battle.AssaultPlan, err error) []tipLine {
	bd := b.Board()
	lines := []tipLine{{tipTitle, fmt.Sprintf("close assault: %s → %s", bd.Label(sel.Pose.Hex), bd.Label(o.Target))},
		{tipText, "A or click: assault"}}
	add := func(k tipKind, format string, a ...any) { lines = append(lines, tipLine{k, fmt.Sprintf(format, a...)}) }
	if len(cands) > 0 {
		add(tipText, "attackers (1-9: in or out):")
		lines = append(lines, memberLines(cands, out, nil)...)
	}
	thrown := 0
	if plan != nil {
		thrown = plan.Assault.AttackerGrenades
	}
	if s := grenadeLine(b, sel, thrown); s != "" {
		add(tipText, "%s", s)
	}
	if err != nil {
		add(tipRefused, "cannot assault: %v", err)
		return lines
	}
	names := func(us []*battle.Unit) string {
		s := make([]string, len(us))
		for i, u := range us {
			s[i] = u.Label()
		}
		return strings.Join(s, ", ")
	}
	if len(plan.Defenders) > 0 {
		add(tipText, "defenders: %s", names(plan.Defenders))
	}
	if len(plan.Doomed) > 0 {
		add(tipText, "pinned, eliminated first: %s", names(plan.Doomed))
	}
	if len(plan.Defenders) == 0 {
		add(tipResult, "only pinned units hold %s: taken without a roll", bd.Label(o.Target))
		return lines
	}
	a, odds, inf := plan.Assault, plan.Odds, b.Infantry()
	add(tipTitle, "%d APFP against %d: %s, kill number %d", a.Attack, a.Defense, odds.Ratio, odds.Kill)
	if a.DefenderLeader != 0 {
		add(tipStep, "%+d defending leader (kill number)", a.DefenderLeader)
	}
	if a.DefenderGrenades > 0 {
		add(tipStep, "%+d defenders' grenades (kill number)", -a.DefenderGrenades)
	}
	ms := inf.AssaultModifiers(a)
	for _, m := range ms {
		add(tipStep, "%+d %s (roll)", m.Value, m.Label)
	}
	add(tipStep, "2d6%s at or under %d succeeds", combat.FormatModifiers(ms), odds.Kill)
	add(tipResult, "%-12s %s", "success", exact(odds.SuccessWays, odds.Total))
	add(tipResult, "%-12s %s", "failure", exact(odds.Total-odds.SuccessWays, odds.Total))
	add(tipText, "success: the defenders are eliminated; the attackers take %s and move in", odds.PointsText)
	add(tipText, "failure: the attackers take %d + the roll over %d; the defenders take %d", odds.FixedPoints, odds.Kill, a.Attackers)
	if points, err := inf.AttackerPointsOdds(a); err == nil {
		var total int64
		for n, ways := range points {
			total += int64(n) * int64(ways)
		}
		e := big.NewRat(total, int64(odds.Total))
		f, _ := e.Float64()
		add(tipResult, "attackers' casualty points expected: %.2f  (%s)", f, e.RatString())
	}
	return lines
}

// vehicleAssaultTargets returns the enemy vehicles among enemy (the enemy
// units of hex h) that sel could close-assault one at a time now: the
// ruleset offers the assault (combat.VehicleAssaultRules) and sel would
// close-assault h.
func vehicleAssaultTargets(b *battle.Battle, sel *battle.Unit, h board.Hex, enemy []*battle.Unit) []*battle.Unit {
	if combat.VehicleAssaultOf(b.Rules()) == nil || !assaultNow(b, sel, h) {
		return nil
	}
	var out []*battle.Unit
	for _, u := range enemy {
		if !u.Type.Kind.Infantry() {
			out = append(out, u)
		}
	}
	return out
}

// targetLines is the line that says which of the enemy units in hex h
// the preview aims at and the key for the next, when there are several.
func targetLines(b *battle.Battle, enemy []*battle.Unit, target *battle.Unit, h board.Hex) []tipLine {
	if len(enemy) < 2 {
		return nil
	}
	return []tipLine{{tipText, fmt.Sprintf("target %d of %d in %s: C for the next",
		slices.Index(enemy, target)+1, len(enemy), b.Board().Label(h))}}
}

// vehicleAssaultTip is the preview of sel's close assault of one vehicle
// (o.Target, one of vehicles): the steps of the ruleset's procedure, the
// exact chance of each headline and the shared summary; or why the battle
// refuses it. swap says W offers the hex's close assault instead.
func vehicleAssaultTip(b *battle.Battle, sel *battle.Unit, vehicles []*battle.Unit, o battle.AssaultVehicle, plan *battle.FirePlan, swap bool, err error) []tipLine {
	bd := b.Board()
	t := b.Unit(o.Target)
	lines := []tipLine{{tipTitle, fmt.Sprintf("close assault: %s (%s) → %s (%s)", sel.Label(), bd.Label(sel.Pose.Hex), t.Label(), bd.Label(t.Pose.Hex))}}
	keys := "A or click: assault the vehicle"
	if swap {
		keys += "  (W: assault the hex instead)"
	}
	lines = append(lines, tipLine{tipText, keys})
	lines = append(lines, targetLines(b, vehicles, t, t.Pose.Hex)...)
	if err != nil {
		return append(lines, tipLine{tipRefused, fmt.Sprintf("cannot assault: %v", err)})
	}
	lines = append(lines, oddsLines(plan.Odds)...)
	return append(lines, summaryLines(plan.Odds.Summary(b.States()))...)
}

// fireOptions are the choices of an AT shot that the battle would accept
// and those taken: a Panzerfaust (from the side's pool or carried, as the
// ruleset allows), and desperation fire where the ruleset accepts the
// shot in desperation (its backblast, combat.DesperationRules).
type fireOptions struct {
	panzerfaust, withPanzerfaust bool
	// panzerfaustOnly: the unit has no shot of its own (not even in
	// desperation), so the Panzerfaust is taken without asking.
	panzerfaustOnly            bool
	desperation, inDesperation bool
	// refused: the shot is refused unless fired in desperation.
	refused bool
}

// planFireOptions plans AT shot o with the options key asks for that the
// battle accepts, and says which it offers: a Panzerfaust when a shot with
// one is accepted (in desperation or not), taken without asking when the
// unit has no shot of its own; desperation when the shot is accepted in
// desperation. It returns the order a click gives and
// its plan, or why the battle refuses it.
func planFireOptions(b *battle.Battle, o battle.Fire, key previewKey) (battle.Fire, fireOptions, *battle.FirePlan, error) {
	accepts := func(f battle.Fire) bool {
		_, err := b.PlanFire(f)
		return err == nil
	}
	var opts fireOptions
	if b.MayFirePanzerfaust(b.Unit(o.Unit)) {
		pf := o
		pf.Panzerfaust = true
		pfDesperate := pf
		pfDesperate.Desperation = true
		opts.panzerfaust = accepts(pf) || accepts(pfDesperate)
	}
	if opts.panzerfaust {
		desperate := o
		desperate.Desperation = true
		opts.panzerfaustOnly = !accepts(o) && !accepts(desperate)
	}
	o.Panzerfaust = opts.panzerfaust && (key.pzf || opts.panzerfaustOnly)
	opts.withPanzerfaust = o.Panzerfaust
	plan, err := b.PlanFire(o)
	d := o
	d.Desperation = true
	dplan, derr := b.PlanFire(d)
	opts.desperation, opts.refused = derr == nil, err != nil
	switch {
	case opts.desperation && key.desperate:
		opts.inDesperation = true
		return d, opts, &dplan, nil
	case err != nil:
		return o, opts, nil, err
	}
	return o, opts, &plan, nil
}

// lines are the fire preview's lines for the options: each one offered,
// whether it is taken and the key that switches it.
func (opts fireOptions) lines(b *battle.Battle, sel *battle.Unit) []tipLine {
	var lines []tipLine
	if opts.panzerfaust {
		from := fmt.Sprintf("from the pool of %d", b.Panzerfausts(sel.Side))
		if b.Panzerfausts(sel.Side) == 0 {
			from = "carried: the ruleset rolls whether it is to hand"
		}
		s := "J: fire a Panzerfaust (" + from + ")"
		switch {
		case opts.panzerfaustOnly:
			s = "with a Panzerfaust, " + from
		case opts.withPanzerfaust:
			s = "with a Panzerfaust, " + from + "  (J: without)"
		}
		lines = append(lines, tipLine{tipText, s})
	}
	if opts.desperation {
		s := "backblast: +2 to hit from the building  (;: fire in desperation, no +2, the firer's hex takes the blast)"
		switch {
		case opts.inDesperation:
			s = "desperation fire: the firer's hex takes the backblast  (;: not)"
		case opts.refused:
			s = "refused for its backblast  (;: fire in desperation, the firer's hex takes the blast)"
		}
		lines = append(lines, tipLine{tipText, s})
	}
	return lines
}
