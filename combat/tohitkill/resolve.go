package tohitkill

import (
	"fmt"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// plan is a checked shot worked out before any die is rolled: every number
// the dice will be compared with. Resolve rolls it; Odds weighs every
// face of it.
type plan struct {
	m *model // nil for a gun
	// check: the Panzerfaust check opens the procedure, its d6 modified by
	// checkMods.
	check     bool
	checkMods []combat.Modifier
	// need is the modified to-hit number: basic less the Panzerfaust's
	// range reduction; the 2d6 plus drms hits at or below it.
	basic, rangeCut, need int
	drms                  []combat.Modifier
	drm                   int
	// Original to-hit rolls that harm the firer: fault (the weapon's
	// malfunction) from faultAt, the Molotov projector removed from
	// removedAt, the Panzerfaust firer's casualty from casualtyAt; 0 for
	// none. Every one of them is a miss.
	fault                          malfunction
	faultAt, removedAt, casualtyAt int
	crit                           bool // an original 2 that hits is critical (Molotov projector)
	spent                          bool // the shot uses up a round or the weapon
	desperation                    bool
	// After a hit: roll is false when the hit alone settles it (an
	// unarmoured target of a weapon other than the Molotov projector, or
	// infantry); apfp is the firepower of the AP attack a hit on infantry
	// makes, 0 for any other target.
	roll bool
	apfp int
	// collateral is the firepower of the attack a hit makes on the
	// target's passengers besides (the Molotov projector's on an AFV), 0
	// for none.
	collateral int
	// kill is the final to-kill number (or the Molotov projector's kill
	// number, killCrit on a critical hit); below it eliminates, equal
	// immobilizes.
	kill, killCrit int
	killLine       string // how kill was reached, for the step lines
	dudOn12        bool   // an original to-kill 12 is a dud (Panzerfaust)
	immobile       bool   // the target is already immobile
}

// newPlan works out a shot Check accepts.
func newPlan(s combat.Shot, m *model) plan {
	p := plan{m: m, desperation: s.Desperation}
	date := dateOf(s.Date)
	green := s.FirerQuality == combat.Green
	isPF := m == &panzerfaust || m == &panzerfaustEarly
	if isPF && s.Weapon.Inherent {
		p.check = true
		if !date.Before(1943, 8) && date.Before(1943, 10) {
			p.checkMods = append(p.checkMods, combat.Modifier{Value: 1, Label: "Aug-Sep 1943"})
		}
		if date.Year >= 1945 {
			p.checkMods = append(p.checkMods, combat.Modifier{Value: -1, Label: "1945"})
		}
		if s.Target.Kind != units.AFV {
			p.checkMods = append(p.checkMods, combat.Modifier{Value: 1, Label: "not an AFV"})
		}
		switch s.FirerKind {
		case units.HalfSquad:
			p.checkMods = append(p.checkMods, combat.Modifier{Value: 1, Label: "half squad"})
		case units.Leader:
			p.checkMods = append(p.checkMods, combat.Modifier{Value: leaderCheckMod, Label: "leader"})
		}
	}
	p.basic, p.rangeCut = basicToHit(m, s.Range), rangeCut(m, s.Range)
	p.need = p.basic - p.rangeCut
	if s.Cover != 0 {
		p.drms = append(p.drms, combat.Modifier{Value: s.Cover, Label: nameOr(s.CoverName, "cover")})
	}
	if s.Hindrance != 0 {
		p.drms = append(p.drms, combat.Modifier{Value: s.Hindrance, Label: "hindrance"})
	}
	if s.TargetMoved {
		p.drms = append(p.drms, combat.Modifier{Value: 2, Label: "moving target"})
	}
	switch {
	case s.Desperation:
		// 13.81: a desperation shot ignores the Case C3 +2, whichever
		// way it comes.
	case backblastFrom(m, s):
		p.drms = append(p.drms, combat.Modifier{Value: 2, Label: "backblast: fired from a building"})
	case s.FirerMoved:
		p.drms = append(p.drms, combat.Modifier{Value: 2, Label: "firer moved"})
	}
	if s.Leader != 0 {
		p.drms = append(p.drms, combat.Modifier{Value: s.Leader, Label: "leader"})
	}
	p.drm = combat.SumModifiers(p.drms)
	lower := 0
	if green {
		lower = 1 // 13.36, 13.59: inexperienced crews fault one sooner
	}
	if m != nil {
		p.fault = m.fault
		if m.fault != noMalfunction {
			p.faultAt = m.faultAt - lower
		}
		if m == &molotovProjector {
			p.removedAt, p.crit = molotovRemovedAt-lower, true
		}
	}
	if isPF {
		p.casualtyAt = 12 - lower
	}
	p.spent = (isPF && !s.Weapon.Inherent) || s.Weapon.Rounds > 0
	p.immobile = s.Target.Immobile
	switch {
	case s.Target.Kind.Infantry():
		p.apfp = m.apfp
	case m == &molotovProjector && s.Target.Kind == units.AFV:
		p.roll, p.kill = true, molotovKillAFV
		if s.Target.Riders > 0 {
			p.collateral = molotovCollateral
		}
		p.killLine = fmt.Sprintf("Molotov kill number %d", molotovKillAFV)
		if h := s.Target.History; h != nil && h.OpenTop {
			p.kill++
			p.killLine += " +1 open-topped"
		}
		if s.Aspect == board.Rear {
			p.kill++
			p.killLine += " +1 rear"
		}
		p.killCrit = 2 * p.kill
	case m == &molotovProjector:
		p.roll, p.kill, p.killCrit = true, molotovKillUnarmoured, 2*molotovKillUnarmoured
		p.killLine = fmt.Sprintf("Molotov kill number %d against an unarmoured target", molotovKillUnarmoured)
	case s.Target.Kind == units.AFV:
		p.roll = true
		basic, heat := 0, false
		if m != nil {
			basic, heat = m.toKill, m.heat
		} else {
			basic = gunToKillOf(s.Weapon)
		}
		af := armourFactorOf(s.Target, s.Aspect)
		p.kill = basic - af
		p.killLine = fmt.Sprintf("to-kill %d", basic)
		if !heat {
			r := apRange(s.Range)
			p.kill += r
			p.killLine += fmt.Sprintf(" %+d range", r)
		}
		p.killLine += fmt.Sprintf(" -%d %s armour = %d", af, s.Aspect, p.kill)
		p.killCrit = p.kill
		p.dudOn12 = isPF
	}
	return p
}

// Effect kinds of the target, as a result records them.
const (
	targetUntouched uint8 = iota
	targetEliminated
	targetImmobilized
	targetAPAttack // infantry hit: the AP attack of the plan's apfp
)

// How many values each part of a result takes.
const (
	targetKinds = 4
	firerKinds  = 1 << 5
	hexKinds    = 3
)

// Effects on the firer, as a bit set.
const (
	firerSpent uint8 = 1 << iota
	firerBroken
	firerRemoved
	firerCasualty
	firerPinned
)

// Effects on the firer's hex in desperation fire.
const (
	hexUntouched uint8 = iota
	hexCasualty
	hexPinned
)

// result is what one sequence of faces does, in a form Odds can count.
type result struct {
	hit    bool
	target uint8
	firer  uint8
	hex    uint8
}

// index packs a result into 0..resultKinds-1.
func (r result) index() int {
	i := int(r.target)*firerKinds*hexKinds + int(r.firer)*hexKinds + int(r.hex)
	if r.hit {
		i += targetKinds * firerKinds * hexKinds
	}
	return i
}

const resultKinds = 2 * targetKinds * firerKinds * hexKinds

// resultOf unpacks index i.
func resultOf(i int) result {
	var r result
	if i >= targetKinds*firerKinds*hexKinds {
		r.hit = true
		i -= targetKinds * firerKinds * hexKinds
	}
	r.hex = uint8(i % hexKinds)
	i /= hexKinds
	r.firer = uint8(i % firerKinds)
	r.target = uint8(i / firerKinds)
	return r
}

// effects lists a result's effects under plan p: a hit's attack on the
// target's passengers, the target's (an AP attack on infantry), then the
// firer's, then its hex's.
func (p *plan) effects(r result) []combat.Effect {
	var es []combat.Effect
	if r.hit && p.collateral > 0 {
		es = append(es, combat.Effect{Kind: combat.InfantryHits, On: combat.OnPassengers, N: p.collateral})
	}
	switch r.target {
	case targetAPAttack:
		// The cover counted in the to-hit roll, so the attack is rolled
		// without it.
		es = append(es, combat.Effect{Kind: combat.InfantryHits, On: combat.OnTarget, N: p.apfp})
	case targetEliminated:
		es = append(es, combat.Effect{Kind: combat.Eliminated, On: combat.OnTarget})
	case targetImmobilized:
		es = append(es, combat.Effect{Kind: combat.Immobilized, On: combat.OnTarget})
	}
	for _, f := range []struct {
		bit  uint8
		kind combat.EffectKind
	}{{firerSpent, combat.WeaponSpent}, {firerBroken, combat.WeaponBroken}, {firerRemoved, combat.WeaponRemoved},
		{firerCasualty, combat.Casualty}, {firerPinned, combat.Pinned}} {
		if r.firer&f.bit != 0 {
			es = append(es, combat.Effect{Kind: f.kind, On: combat.OnFirer})
		}
	}
	switch r.hex {
	case hexCasualty:
		es = append(es, combat.Effect{Kind: combat.Casualty, On: combat.OnFirerHex})
	case hexPinned:
		es = append(es, combat.Effect{Kind: combat.Pinned, On: combat.OnFirerHex})
	}
	return es
}

// checkFace reads the Panzerfaust check's die: whether the unit fires, and
// whether it is pinned.
func (p *plan) checkFace(face int) (fires, pinned bool) {
	if face == checkPinsOn {
		return false, true
	}
	return face+combat.SumModifiers(p.checkMods) <= checkFiresUpTo, false
}

// toHitFaces reads the to-hit dice a (first) and b (second): the hit, a
// critical hit, and the harm to the firer and its hex.
func (p *plan) toHitFaces(a, b int) (r result, crit bool) {
	orig := a + b
	if p.spent {
		r.firer |= firerSpent
	}
	switch {
	case p.removedAt > 0 && orig >= p.removedAt:
		r.firer |= firerRemoved
	case p.faultAt > 0 && orig >= p.faultAt && p.fault == removedOnX:
		r.firer |= firerRemoved
	case p.faultAt > 0 && orig >= p.faultAt:
		r.firer |= firerBroken
	case p.casualtyAt > 0 && orig >= p.casualtyAt:
		r.firer |= firerCasualty
	case orig < 12:
		r.hit = orig+p.drm <= p.need
		crit = r.hit && p.crit && orig == 2
	}
	if p.desperation {
		switch b {
		case desperationCasualty:
			r.hex = hexCasualty
		case desperationPinned:
			r.hex = hexPinned
		}
	}
	return r, crit
}

// toKillSum reads the to-kill 2d6 total.
func (p *plan) toKillSum(sum int, crit bool) uint8 {
	kill := p.kill
	if crit {
		kill = p.killCrit
	}
	switch {
	case p.dudOn12 && sum == 12:
		return targetUntouched
	case sum < kill:
		return targetEliminated
	case sum == kill && !p.immobile:
		return targetImmobilized
	}
	return targetUntouched
}

// Resolve rolls the shot: the Panzerfaust check (d6) when the firer has no
// allotment, the to-hit 2d6, and for a hit that needs it the to-kill 2d6.
func (Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	m, err := check(s)
	if err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	p := newPlan(s, m)
	o.ToHit = p.need
	if p.check {
		face := d.Roll(6)
		o.Rolls = append(o.Rolls, combat.Roll{Purpose: "panzerfaust check", Sides: 6, Dice: []int{face}})
		fires, pinned := p.checkFace(face)
		line := fmt.Sprintf("Panzerfaust check: rolled %d%s", face, combat.FormatModifiers(p.checkMods))
		if len(p.checkMods) > 0 {
			line += fmt.Sprintf(" = %d", face+combat.SumModifiers(p.checkMods))
		}
		switch {
		case pinned:
			o.Steps = append(o.Steps, line+": an original 6, no Panzerfaust to hand and the squad is pinned")
			o.Effects = p.effects(result{firer: firerPinned})
			return o
		case !fires:
			o.Steps = append(o.Steps, line+": no chance to fire it")
			return o
		}
		o.Steps = append(o.Steps, line+": a Panzerfaust is to hand")
	}
	a, b := d.Roll(6), d.Roll(6)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "to-hit", Sides: 6, Dice: []int{a, b}})
	r, crit := p.toHitFaces(a, b)
	o.Steps = append(o.Steps, p.toHitLine(a, b, r, crit))
	if p.desperation {
		o.Steps = append(o.Steps, desperationLine(b))
	}
	o.Hit = r.hit
	if r.hit {
		o.Aspect = s.Aspect
		switch {
		case p.apfp > 0:
			r.target = targetAPAttack
			o.Steps = append(o.Steps, p.afterHitLine())
		case !p.roll:
			r.target = targetEliminated
			o.Steps = append(o.Steps, p.afterHitLine())
		default:
			x, y := d.Roll(6), d.Roll(6)
			o.Rolls = append(o.Rolls, combat.Roll{Purpose: "to-kill", Sides: 6, Dice: []int{x, y}})
			r.target = p.toKillSum(x+y, crit)
			o.Steps = append(o.Steps, p.toKillLine(x+y, crit, r.target))
		}
		if p.collateral > 0 {
			o.Steps = append(o.Steps, p.collateralLine())
		}
	}
	o.Effects = p.effects(r)
	return o
}

// collateralLine is the step line of a hit's attack on the passengers.
func (p *plan) collateralLine() string {
	return fmt.Sprintf("a hit also makes an AP attack of %d on the passengers", p.collateral)
}

// afterHitLine is the step line of a hit that needs no to-kill roll.
func (p *plan) afterHitLine() string {
	if p.apfp > 0 {
		return fmt.Sprintf("a hit on infantry: an AP attack of %d firepower on it (its cover counted in the to-hit roll)", p.apfp)
	}
	return "a hit destroys an unarmoured vehicle or Gun"
}

// toHitLine is the step line of the to-hit roll.
func (p *plan) toHitLine(a, b int, r result, crit bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "to-hit %d", p.basic)
	if p.rangeCut != 0 {
		fmt.Fprintf(&sb, " -%d range = %d", p.rangeCut, p.need)
	}
	fmt.Fprintf(&sb, "; 2d6 %d+%d", a, b)
	if len(p.drms) > 0 {
		fmt.Fprintf(&sb, "%s = %d", combat.FormatModifiers(p.drms), a+b+p.drm)
	}
	switch {
	case r.firer&firerRemoved != 0:
		sb.WriteString(": the weapon malfunctions and is removed, a miss")
	case r.firer&firerBroken != 0:
		sb.WriteString(": the weapon breaks down, a miss")
	case r.firer&firerCasualty != 0:
		sb.WriteString(": a miss, and the firer suffers a casualty reduction")
	case crit:
		sb.WriteString(": a critical hit")
	case r.hit:
		sb.WriteString(": hit")
	default:
		sb.WriteString(": miss")
	}
	return sb.String()
}

// toKillLine is the step line of the to-kill roll.
func (p *plan) toKillLine(sum int, crit bool, target uint8) string {
	line := p.killLine
	if crit {
		line += fmt.Sprintf(", doubled by the critical hit to %d", p.killCrit)
	}
	line += fmt.Sprintf("; 2d6 %d", sum)
	switch {
	case p.dudOn12 && sum == 12:
		return line + ": an original 12, a dud"
	case target == targetEliminated:
		return line + ": below, destroyed"
	case target == targetImmobilized:
		return line + ": equal, immobilized"
	case sum == p.kill && p.immobile:
		return line + ": equal, but already immobile"
	}
	return line + ": no effect"
}

// backblastFrom reports whether shot s fires weapon m from where its
// backblast costs the Case C3 +2 (13.8, 13.81): a rocket or recoilless
// launcher fired from a building, Hexfire's only restrictive terrain.
// The +2 is the same Case C3 as the firer's move, counted once; a gun
// (m nil) has no backblast.
func backblastFrom(m *model, s combat.Shot) bool {
	return m != nil && m.backblast && s.FirerTerrain == board.Building
}

// desperationLine is the step line of the backblast in the firer's hex.
func desperationLine(b int) string {
	switch b {
	case desperationCasualty:
		return fmt.Sprintf("backblast in the firer's hex: second die %d, a casualty reduction to every unit there", b)
	case desperationPinned:
		return fmt.Sprintf("backblast in the firer's hex: second die %d, every unit there is pinned", b)
	}
	return fmt.Sprintf("backblast in the firer's hex: second die %d, no effect", b)
}

// Odds weighs every face of Resolve's dice: the check's d6, the to-hit
// 2d6 die by die (desperation reads the second), and the to-kill total.
func (Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	m, err := check(s)
	if err != nil {
		return combat.Odds{}, err
	}
	p := newPlan(s, m)
	var weights [resultKinds]uint64
	const tkTotal = 36
	checkFaces := []int{0}
	if p.check {
		checkFaces = []int{1, 2, 3, 4, 5, 6}
	}
	for _, face := range checkFaces {
		if face != 0 {
			fires, pinned := p.checkFace(face)
			switch {
			case pinned:
				weights[result{firer: firerPinned}.index()] += 36 * tkTotal
				continue
			case !fires:
				weights[result{}.index()] += 36 * tkTotal
				continue
			}
		}
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				r, crit := p.toHitFaces(a, b)
				switch {
				case !r.hit:
					weights[r.index()] += tkTotal
				case p.apfp > 0:
					r.target = targetAPAttack
					weights[r.index()] += tkTotal
				case !p.roll:
					r.target = targetEliminated
					weights[r.index()] += tkTotal
				default:
					for sum := 2; sum <= 12; sum++ {
						r.target = p.toKillSum(sum, crit)
						weights[r.index()] += combat.TwoDiceWays(sum)
					}
				}
			}
		}
	}
	o := combat.Odds{ToHit: p.need, Total: uint64(len(checkFaces)) * 36 * tkTotal}
	for i, w := range weights {
		if w == 0 {
			continue
		}
		r := resultOf(i)
		o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: r.hit, Effects: p.effects(r), Weight: w})
	}
	combat.SortOutcomes(o.Outcomes)
	o.Steps = p.oddsSteps()
	return o, nil
}

// original names the original rolls from to to: "an original 12", "an
// original 10-12".
func original(from, to int) string {
	if from == to {
		return fmt.Sprintf("an original %d", from)
	}
	return fmt.Sprintf("an original %d-%d", from, to)
}

// oddsSteps is the procedure as the preview shows it.
func (p *plan) oddsSteps() []string {
	var steps []string
	if p.check {
		steps = append(steps, fmt.Sprintf("Panzerfaust check d6%s: fires on 3 or less, an original 6 pins", combat.FormatModifiers(p.checkMods)))
	}
	line := fmt.Sprintf("to-hit %d", p.basic)
	if p.rangeCut != 0 {
		line += fmt.Sprintf(" -%d range = %d", p.rangeCut, p.need)
	}
	line += "; 2d6" + combat.FormatModifiers(p.drms) + " hits at or below it"
	steps = append(steps, line)
	switch {
	case p.removedAt > 0:
		steps = append(steps, fmt.Sprintf("%s breaks the weapon down, %s removes it", original(p.faultAt, p.removedAt-1), original(p.removedAt, 12)))
	case p.fault == removedOnX:
		steps = append(steps, original(p.faultAt, 12)+" removes the weapon")
	case p.fault == brokenOnB:
		steps = append(steps, original(p.faultAt, 12)+" breaks the weapon down")
	case p.casualtyAt > 0:
		steps = append(steps, original(p.casualtyAt, 12)+" misses and costs the firer a casualty reduction")
	}
	if p.desperation {
		steps = append(steps, "desperation: the to-hit roll's second die attacks the firer's hex (1 casualty, 2 pinned)")
	}
	switch {
	case p.roll:
		line := p.killLine + "; 2d6 below destroys, equal immobilizes"
		if p.dudOn12 {
			line += ", an original 12 is a dud"
		}
		steps = append(steps, line)
		if p.crit {
			steps = append(steps, fmt.Sprintf("an original 2 that hits is a critical hit: the kill number doubles to %d", p.killCrit))
		}
		if p.collateral > 0 {
			steps = append(steps, p.collateralLine())
		}
	default:
		steps = append(steps, p.afterHitLine())
	}
	return steps
}
