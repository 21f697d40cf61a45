// Package d20 is the ruleset of seed 003: a fire number (FN) from the
// Direct Fire Table by calibre, barrel length and range in metres,
// modified by the firer's and target's conditions and the ammunition; a
// d20 against it for a miss, a near miss that suppresses, one hit or two;
// and for each hit a d10 on the penetration results table by penetration
// minus the armour of the aspect struck (front, side or rear), for
// neutralised or disabled. Movement, line of sight, terrain and infantry
// AP fire stay the default ruleset's. docs/RULES-d20.md describes it in
// full.
//
// Importing it registers it under Name.
package d20

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
const Name = "d20"

// Ruleset is the d20 ruleset: its AT fire and combat/infantry's AP fire
// and hex assault. Its zero value is ready to use.
type Ruleset struct{ infantry.Rules }

func init() { combat.Register(Ruleset{}) }

// Name returns Name.
func (Ruleset) Name() string { return Name }

// The ruleset's states.
const (
	// Suppressed: near-missed or hit, hatches closed down; +2 to its own
	// fire until its next Fire phase.
	Suppressed = "suppressed"
	// Neutralised: knocked out of the fight without being destroyed.
	Neutralised = "neutralised"
)

// States declares suppressed and neutralised. Disabled is the vehicle
// knocked out: the Eliminated effect, not a state.
func (Ruleset) States() []combat.StateSpec {
	return []combat.StateSpec{
		{Name: Suppressed, Tag: "SUP", Lasts: combat.UntilOwnFirePhase,
			Explain: "suppressed: closed down by a near miss or a hit; +2 to its fire number until its next Fire phase"},
		{Name: Neutralised, Tag: "NEU", Lasts: combat.Permanent, Forbids: combat.ForbidAll,
			Explain: "neutralised: penetrated and out of the fight for the rest of the battle (not destroyed)"},
	}
}

// Aspect reads front, side and rear by board.Sector (other-rulesets.md).
func (Ruleset) Aspect(target board.Pose, from board.Hex) board.Aspect {
	return board.Sector(target.Hex, target.Facing, from)
}

// The fire number modifiers the engine can supply (the excerpt's list).
const (
	modGreen          = +1 // green or poorly-trained troops
	modWellTrained    = -1 // well-trained troops (veteran, elite)
	modFirerSupressed = +2 // firer suppressed by enemy action
	modFirerMoved     = +2 // firing on the move (our reading: up to half, as the worked example)
)

// The modifiers of shooting again at the same target: the second shot,
// then one more for each after it, to the most.
const (
	modSecondShot  = -2
	modRepeatShots = -5
)

// repeatModifier is the modifier of a shot after repeats shots in a row
// at the same target: -2 for the second, -3 for the third, to -5 (our
// reading of "-1 each subsequent shot, to a maximum of -5": cumulative).
func repeatModifier(repeats int) int {
	return max(modRepeatShots, modSecondShot-(repeats-1))
}

// movementBands are the apparent target movement modifiers: the most
// metres across the line of sight each covers, and its modifier.
var movementBands = []struct{ metres, mod int }{{150, 1}, {250, 3}, {500, 5}, {750, 7}}

// movementBeyond is the modifier for more than 750 m across.
const movementBeyond = 9

// movementModifier is the modifier of a target that moved across metres.
func movementModifier(across int) int {
	for _, b := range movementBands {
		if across <= b.metres {
			return b.mod
		}
	}
	return movementBeyond
}

// fire is what a weapon brings to a shot: its base fire number and the
// column's ammunition modifier, its penetration, and how it is fired.
type fire struct {
	fn, ammoMod int
	ammoLabel   string
	pen         int
	heat        bool
	plusOne     bool // API or APHE: +1 on the penetration result
	atRifle     bool // no effect on armour above 4
	oneHit      bool // automatic weapons and rocket launchers: one hit at most
	disposable  bool // a disposable launcher fired in volleys (three a section)
	barrels     int  // automatic weapons: barrels for the penetration bonus
	lines       []string
}

// plan is a checked shot worked out up to the dice.
type plan struct {
	fire
	fn      int                     // the modified fire number
	cuts    []int                   // the d20's bands (hitCuts)
	penCuts [maxAutoBonus + 1][]int // the d10's bands by automatic bonus (penetrationCuts)
	armour  int
	spaced  bool // HEAT against spaced armour: 7 suppresses, 8-10 neutralise
	steps   []string
	// second is the volley's second hit on a second vehicle (Shot.Second):
	// this plan with that vehicle's armour; nil for none.
	second *plan
}

// Check refuses a shot the ruleset does not allow, saying why.
func (Ruleset) Check(s combat.Shot) error {
	_, err := planShot(s)
	return err
}

// planShot checks s and works it out up to the dice.
func planShot(s combat.Shot) (plan, error) {
	var p plan
	if err := combat.CheckFirer(s); err != nil {
		return p, err
	}
	switch {
	case s.Leader != 0:
		return p, errors.New("leaders do not direct anti-tank fire in this ruleset")
	case s.Metres < 0 || s.TargetAcross < 0 || s.RepeatShots < 0:
		return p, fmt.Errorf("range %d m, target moved %d m across, %d shots before: none can be negative", s.Metres, s.TargetAcross, s.RepeatShots)
	case s.Target.Kind == units.AFV && s.Aspect != board.Front && s.Aspect != board.Side && s.Aspect != board.Rear:
		return p, fmt.Errorf("aspect %s: this ruleset reads front, side and rear", s.Aspect)
	}
	f, err := fireOf(s)
	if err != nil {
		return p, err
	}
	if err := checkLimits(s, f); err != nil {
		return p, err
	}
	p.fire = f
	p.spaced = f.heat && spaced(s.Target, s.Aspect)
	p.steps = append(p.steps, f.lines...)
	mods := modifiers(s, f)
	p.fn = f.fn + combat.SumModifiers(mods)
	p.cuts = p.hitCuts()
	p.steps = append(p.steps, "FN "+strconv.Itoa(f.fn)+combat.FormatModifiers(mods)+" = "+strconv.Itoa(p.fn)+
		": d20 "+strconv.Itoa(p.fn-1)+" near miss, "+strconv.Itoa(p.fn)+"+ hit"+twoHits(p))
	armour, how := armourOf(s.Target, s.Aspect)
	p.armour = armour
	p.penCuts = p.penetrationCuts()
	p.steps = append(p.steps, fmt.Sprintf("penetration %d against %s armour %d (%s): %s", f.pen, s.Aspect, armour, how, p.penLine()))
	if s.Second != nil {
		second, err := p.secondPlan(s)
		if err != nil {
			return p, err
		}
		p.second = &second
		p.steps = append(p.steps, second.steps[len(second.steps)-1])
	}
	return p, nil
}

// twoHits describes the two-hit band of a plan.
func twoHits(p plan) string {
	if p.oneHit {
		return " (one hit at most)"
	}
	return ", " + strconv.Itoa(p.fn+5) + "+ two hits"
}

// penLine describes the penetration roll of a plan.
func (p plan) penLine() string {
	margin := p.margin(0)
	switch {
	case p.atRifle && p.armour > 4:
		return "an AT rifle has no effect on armour over 4"
	case margin < leastMargin && p.barrels == 0:
		return fmt.Sprintf("margin %+d: no penetration", margin)
	case p.barrels > 0:
		return fmt.Sprintf("margin %+d, +1 a barrel (%d) for each 2 the d20 beats the FN by, at most +6; d10 on the penetration table", margin, p.barrels)
	}
	line := fmt.Sprintf("margin %+d", margin)
	if p.plusOne {
		line = fmt.Sprintf("margin %+d +1 API/APHE (our reading: one line down the table) = %+d", margin-1, margin)
	}
	switch {
	case p.spaced:
		line += "; HEAT against spaced armour: 7 suppresses only, 8-10 neutralise only"
	case p.heat:
		line += "; HEAT: 9 suppresses only, 10 neutralises only"
	}
	return line + "; d10 on the penetration table"
}

// modifiers lists the shot's fire number modifiers, leaving out those of 0.
func modifiers(s combat.Shot, f fire) []combat.Modifier {
	ms := make([]combat.Modifier, 0, 10)
	add := func(v int, label string) {
		if v != 0 {
			ms = append(ms, combat.Modifier{Value: v, Label: label})
		}
	}
	add(f.ammoMod, f.ammoLabel)
	if s.Weapon.Class == combat.MainGun {
		rof, _ := rofModifier(s.FirerKind, s.Weapon.History)
		add(rof, "ROF")
	}
	switch s.FirerQuality {
	case combat.Green:
		add(modGreen, "green troops")
	case combat.Veteran, combat.Elite:
		add(modWellTrained, "well-trained troops")
	}
	size, _ := sizeOf(s.Target.History)
	add(sizeModifier(size), "target size "+strconv.Itoa(size))
	switch {
	case s.TargetMoved && s.TargetApproached:
		add(movementModifier(0), "target moved towards the firer")
	case s.TargetMoved:
		add(movementModifier(s.TargetAcross), "target moved "+strconv.Itoa(s.TargetAcross)+" m across")
	}
	if s.RepeatShots > 0 {
		add(repeatModifier(s.RepeatShots), "shot "+strconv.Itoa(s.RepeatShots+1)+" at the same target")
	}
	if s.FirerStates.Count(Suppressed) > 0 {
		add(modFirerSupressed, "firer suppressed")
	}
	add(moveModifier(s))
	add(mountModifier(s, f))
	if s.Night {
		add(modNight, "at night")
	}
	if s.TargetIntoSight {
		add(modIntoSight, "target moved into sight")
	}
	if s.TargetOutOfSight {
		add(modIntoSight, "target moving out of sight")
	}
	return ms
}

// column returns the index of the first range column reaching metres, or
// -1 beyond the last.
func column(columns []int, metres int) int {
	for i, m := range columns {
		if metres <= m {
			return i
		}
	}
	return -1
}

// fireOf works out what the shot's weapon brings at its range.
func fireOf(s combat.Shot) (fire, error) {
	w := s.Weapon
	if w.Class == combat.SupportWeapon {
		if r, ok := infantryRowOf(w.Name); ok {
			c := column(infantryColumns[:], s.Metres)
			if c < 0 || r.fn[c] == 0 {
				return fire{}, fmt.Errorf("the %s does not reach %d m", w.Name, s.Metres)
			}
			return fire{fn: r.fn[c], pen: r.pen, heat: true, oneHit: r.oneHit, disposable: r.disposable,
				lines: []string{fmt.Sprintf("%s at %d m (to %d m): FN %d, HEAT penetration %d", r.weapon, s.Metres, infantryColumns[c], r.fn[c], r.pen)}}, nil
		}
		if round, ok := atRifleRound(w.History); ok {
			return smallBore(s, round, w.History.Gun.MM, true)
		}
		return fire{}, fmt.Errorf("the %s has no anti-tank use in this ruleset", w.Name)
	}
	h := w.History
	switch {
	case h == nil:
		return fire{}, fmt.Errorf("the %s has no historical facts to fire by", w.Name)
	case h.Gun.MM >= smallestGun:
		return gunFire(s)
	case h.Gun.MM > 0:
		round, err := ammoOf(h, s.Ammo)
		if err != nil {
			return fire{}, fmt.Errorf("the %s: %w", w.Name, err)
		}
		return smallBore(s, round, h.Gun.MM, false)
	}
	if n, cal := heavyMGs(h); n > 0 {
		if s.Ammo != "" {
			return fire{}, fmt.Errorf("the %s fires its heavy MG's AP bullets: no ammunition choice", w.Name)
		}
		c := column(rangeColumns[:], s.Metres)
		if c < 0 || cannonTable[hmg13][c] == 0 {
			return fire{}, fmt.Errorf("the %s's heavy MG does not reach %d m", w.Name, s.Metres)
		}
		fn := cannonTable[cannonClass(cal)][c]
		return fire{fn: fn, pen: hmgPen, oneHit: true, barrels: n,
			lines: []string{fmt.Sprintf("%d × %g mm HMG at %d m (to %d m): FN %d, penetration %d (ours)", n, cal, s.Metres, rangeColumns[c], fn, hmgPen)}}, nil
	}
	return fire{}, fmt.Errorf("the %s has no gun or heavy MG to fire at vehicles", w.Name)
}

// gunFire reads the gun rows for a main gun of 31 mm or more.
func gunFire(s combat.Shot) (fire, error) {
	w := s.Weapon
	h := w.History
	round, err := ammoOf(h, s.Ammo)
	if err != nil {
		return fire{}, fmt.Errorf("the %s: %w", w.Name, err)
	}
	c := max(1, column(rangeColumns[:], s.Metres)) // 50 m reads the 250 m column (our reading)
	if column(rangeColumns[:], s.Metres) < 0 {
		return fire{}, fmt.Errorf("the %s does not reach %d m (the table ends at %d m)", w.Name, s.Metres, rangeColumns[numColumns-1])
	}
	cal, length := calibreClass(h.Gun.MM), lengthClass(h.Gun.Length)
	fn := gunTable[cal][length][c]
	if fn == 0 {
		return fire{}, fmt.Errorf("the %s (%s %s) does not reach %d m", w.Name, calibreNames[cal], lengthNames[length], s.Metres)
	}
	pen, how := penValue(round, float64(s.Metres))
	f := fire{fn: fn, pen: pen, heat: round.Ammo == units.HEAT, plusOne: round.Ammo == units.API || round.Ammo == units.APHE}
	if row := ammoRow(round.Ammo); row >= 0 {
		f.ammoMod, f.ammoLabel = ammoTable[row][c], ammoRowNames[row]
	}
	f.lines = []string{fmt.Sprintf("%s %s (%s %s) at %d m (to %d m): FN %d", w.Name, h.Gun, calibreNames[cal], lengthNames[length], s.Metres, rangeColumns[c], fn),
		fmt.Sprintf("%s: penetration %d (%s)", round.Ammo, pen, how)}
	return f, nil
}

// smallBore reads the cannon and HMG rows for a cannon or an AT rifle.
func smallBore(s combat.Shot, round units.Penetration, calibre float64, atRifle bool) (fire, error) {
	c := column(rangeColumns[:], s.Metres)
	class := cannonClass(calibre)
	if c < 0 || cannonTable[class][c] == 0 {
		return fire{}, fmt.Errorf("the %s does not reach %d m", s.Weapon.Name, s.Metres)
	}
	fn := cannonTable[class][c]
	pen, how := penValue(round, float64(s.Metres))
	f := fire{fn: fn, pen: pen, atRifle: atRifle, plusOne: round.Ammo == units.API || round.Ammo == units.APHE, heat: round.Ammo == units.HEAT}
	f.lines = []string{fmt.Sprintf("%s (%g mm, %s row) at %d m (to %d m): FN %d", s.Weapon.Name, calibre, cannonNames[class], s.Metres, rangeColumns[c], fn),
		fmt.Sprintf("%s: penetration %d (%s)", round.Ammo, pen, how)}
	return f, nil
}

// armourOf returns the target's armour on the aspect struck and where it
// comes from: 0 for a target without armour facts.
func armourOf(t combat.Target, aspect board.Aspect) (int, string) {
	if t.History == nil {
		return 0, "no armour facts"
	}
	facing, ok := facingOf[aspect.String()]
	if !ok {
		facing = units.FacingFront
	}
	return armourValue(t.History.Armour[facing])
}

// margin is penetration minus armour with bonus added, and one more for
// API and APHE (our reading: one line down the table, docs/RULES-d20.md).
func (p plan) margin(bonus int) int {
	m := p.pen + bonus - p.armour
	if p.plusOne {
		m++
	}
	return m
}
