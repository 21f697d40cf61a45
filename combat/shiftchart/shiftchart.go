// Package shiftchart is the ruleset of seed 002: a weapon's penetration P
// and to-hit modifier at the shot's range band, every full two points of
// negative modifiers shifting one column right on a d10 effects chart
// whose row is the target's vulnerability A–F (P against its armour);
// only weapons marked "*" immobilize; AT fire is simultaneous; infantry
// close-assault a vehicle next to them on 2d6. Movement, line of sight,
// terrain and infantry AP fire stay the default ruleset's.
// docs/RULES-shiftchart.md describes it in full.
//
// Importing it registers it under Name.
package shiftchart

import (
	"errors"
	"fmt"
	"strconv"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/units"
)

// Name is the ruleset's registry name.
const Name = "shiftchart"

// Ruleset is the shiftchart ruleset: its AT fire and close assault of
// vehicles, and combat/infantry's AP fire and hex assault. Its zero value
// is ready to use.
type Ruleset struct{ infantry.Rules }

func init() { combat.Register(Ruleset{}) }

// Name returns Name.
func (Ruleset) Name() string { return Name }

// SimultaneousFire reports true: the AT fire of a phase lands when the
// phase ends.
func (Ruleset) SimultaneousFire() bool { return true }

// The to-hit modifiers standing in for the Direct Fire phase the excerpt
// refers to but does not print (ours, docs/RULES-shiftchart.md): each is
// negative, as the excerpt's shifts count only negative modifiers.
const (
	modTargetMoving = -1 // the target moved this segment, or is moving
	modFirerMoved   = -2 // the firer moved this segment or the one before
	modGreenFirer   = -1 // militia or recruit firers
	modGunShield    = -1 // a Gun's shield faces the firer
)

// Check refuses a shot the ruleset does not allow, saying why. Line of
// sight, arcs and markers are the battle's checks.
func (Ruleset) Check(s combat.Shot) error {
	_, err := plan(s)
	return err
}

// shot is a checked shot worked out: the weapon's cell, the modifiers,
// the column shifts, the vulnerability and the chart entry, with a line
// per step.
type shot struct {
	fire   fire
	mods   []combat.Modifier
	shifts int
	vuln   int
	entry  entry
	steps  []string
}

// plan checks s and works it out up to the die roll.
func plan(s combat.Shot) (shot, error) {
	var p shot
	if err := combat.CheckFirer(s); err != nil {
		return p, err
	}
	switch {
	case s.Leader != 0:
		return p, errors.New("leaders do not direct anti-tank fire in this ruleset")
	case s.Range < 0 || s.Metres < 0:
		return p, fmt.Errorf("range %d hexes, %d m: neither can be negative", s.Range, s.Metres)
	case s.Cover < 0 || s.Hindrance < 0:
		return p, fmt.Errorf("cover %d and hindrance %d: neither can be negative", s.Cover, s.Hindrance)
	case s.Target.Kind == units.AFV && s.Aspect != board.Front && s.Aspect != board.Rear && s.Aspect != board.FrontRearTie:
		return p, fmt.Errorf("aspect %s: this ruleset reads front, rear and the hexside between", s.Aspect)
	}
	f, err := fireOf(s)
	if err != nil {
		return p, err
	}
	p.fire = f
	p.steps = append(p.steps, f.line)
	p.mods = modifiers(s, f.cell.Mod)
	total := combat.SumModifiers(p.mods)
	p.shifts = min(MaxShifts, -total/2)
	p.steps = append(p.steps, "modifiers"+combat.FormatModifiers(p.mods)+" = "+strconv.Itoa(total)+": "+
		strconv.Itoa(p.shifts)+" column shift"+plural(p.shifts))
	armour, how := armourOf(s.Target, s.Aspect)
	margin := f.cell.P - armour
	p.vuln = Vulnerability(margin)
	p.steps = append(p.steps, fmt.Sprintf("P%d against armour %d (%s): margin %+d, vulnerability %s",
		f.cell.P, armour, how, margin, vulnLetter(p.vuln)))
	p.entry = chart[p.vuln][p.shifts]
	line := fmt.Sprintf("chart %s, %d shift%s: %s", vulnLetter(p.vuln), p.shifts, plural(p.shifts), p.entry)
	switch {
	case p.entry.immobilize > 0 && !f.immobilizes:
		line += "; the " + s.Weapon.Name + " is not marked *: a t result does nothing"
	case p.entry.immobilize > 0 && s.Target.Immobile:
		line += "; the target is already immobile: a t result does nothing"
	}
	p.steps = append(p.steps, line)
	return p, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// modifiers lists the shot's to-hit modifiers, the range band's first,
// leaving out those of 0.
func modifiers(s combat.Shot, rangeMod int) []combat.Modifier {
	ms := make([]combat.Modifier, 0, 6)
	add := func(v int, label string) {
		if v != 0 {
			ms = append(ms, combat.Modifier{Value: v, Label: label})
		}
	}
	add(rangeMod, "range")
	cover := s.CoverName
	if cover == "" {
		cover = "cover"
	}
	add(-s.Cover, cover)
	add(-s.Hindrance, "hindrance")
	if s.TargetMoved {
		add(modTargetMoving, "target moving")
	}
	if s.FirerMoved || s.FirerMovedMP > 0 {
		// A unit fires next after its own move in the enemy's segment
		// (opportunity or Defensive Fire), where the move still counts.
		add(modFirerMoved, "firer moved")
	}
	if s.FirerQuality == combat.Green {
		add(modGreenFirer, "green firer")
	}
	if s.GunShield && s.Target.Kind == units.Gun {
		add(modGunShield, "gun shield")
	}
	return ms
}

// result is what one d10 roll does.
type result uint8

const (
	miss result = iota
	noEffect
	immobilized
	killed
	numResults
)

var resultWords = [numResults]string{"miss", "no effect", "immobilized", "killed"}

// read reads a d10 face on the shot's chart entry.
func (p shot) read(face int, target combat.Target) result {
	e := p.entry
	switch {
	case e.kill > 0 && face >= e.kill:
		return killed
	case e.immobilize > 0 && face >= e.immobilize:
		if !p.fire.immobilizes || target.Immobile {
			return noEffect
		}
		return immobilized
	}
	return miss
}

// effects returns the effects of a result: on the target, then the firer's
// round when the weapon is one-shot or its rounds are counted. The lists
// are shared: read them only.
func effects(r result, spent bool) []combat.Effect { return resultEffects.Of(int(r), spent) }

// resultEffects are the effects of each result, by its index.
var resultEffects = combat.NewEffectLists(
	nil, // miss
	nil, // no effect
	[]combat.Effect{{Kind: combat.Immobilized, On: combat.OnTarget}},
	[]combat.Effect{{Kind: combat.Eliminated, On: combat.OnTarget}},
)

// spends reports whether a shot uses up a round the battle counts.
func spends(w combat.Weapon) bool { return w.Expendable || w.Rounds > 0 }

// least is the least roll that does anything on the entry (11: none).
func (e entry) least() int {
	switch {
	case e.immobilize > 0:
		return e.immobilize
	case e.kill > 0:
		return e.kill
	}
	return dieSides + 1
}

// Resolve rolls the shot: one d10 read on the effects chart.
func (Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	p, err := plan(s)
	if err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	o.Steps = p.steps
	o.ToHit = p.entry.least()
	face := combat.RollBanded(d, dieSides, p.entry.immobilize, p.entry.kill)
	o.Rolls = []combat.Roll{{Purpose: "effects", Sides: dieSides, Dice: []int{face}}}
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
		return o
	}
	r := p.read(face, s.Target)
	o.Hit = r != miss
	if o.Hit {
		o.Aspect = s.Aspect
	}
	o.Steps = append(o.Steps, "d10 rolled "+strconv.Itoa(face)+": "+resultWords[r])
	o.Effects = effects(r, spends(s.Weapon))
	return o
}

// Odds returns the exact odds of the shot: each d10 face read on its
// chart entry.
func (Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	p, err := plan(s)
	if err != nil {
		return combat.Odds{}, err
	}
	var weights [numResults]uint64
	for face := 1; face <= dieSides; face++ {
		weights[p.read(face, s.Target)]++
	}
	o := combat.Odds{ToHit: p.entry.least(), Total: dieSides, Steps: p.steps,
		Outcomes: make([]combat.WeightedOutcome, 0, numResults)}
	for r, w := range weights {
		if w > 0 {
			o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: result(r) != miss, Effects: effects(result(r), spends(s.Weapon)), Weight: w})
		}
	}
	combat.SortOutcomes(o.Outcomes)
	return o, nil
}

var (
	_ combat.Ruleset          = Ruleset{}
	_ combat.SimultaneousFire = Ruleset{}
	_ combat.InfantryRules    = Ruleset{}
)

// OddsKey clears the firer's off-axis angle, which this ruleset never
// reads (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot { return combat.WithoutOffAxis(s) }
