// Package strikedice is the ruleset of seed 000: a 2d6 to-hit roll against
// 5, 7 or 9 by how obscured the target is, natural 6s hitting weak spots
// for extra strike dice, a pool of A.P. Strike dice penetrating by hit
// location against the target's Armour dice saving on 5-6, and the AFV
// and APC damage tables, whose results are mostly Shock and lasting
// damage. Movement, line of sight, terrain and infantry fire and rally
// stay the default ruleset's (combat/infantry).
// docs/RULES-strikedice.md describes it in full.
//
// Importing it registers it under Name.
package strikedice

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/units"
)

// Name is the ruleset's registry name.
const Name = "strikedice"

// The states the ruleset puts on units.
const (
	Shock          = "shock"
	Engage         = "halt-engage"
	EngineDamage   = "engine"
	HullMG         = "hull-mg-lost"
	MGSuppressed   = "mg-suppressed"
	WeaponPosition = "mg-position-lost"
	Stunned        = "stunned"
	Optics         = "optics"
	Wounded        = "cdr-wounded"
	Suppressed     = "suppressed"
)

// Ruleset is the strikedice ruleset: its AT fire, and combat/infantry's
// AP fire and hex assault. Its zero value is ready to use.
type Ruleset struct{ infantry.Rules }

func init() { combat.Register(Ruleset{}) }

// Name returns Name.
func (Ruleset) Name() string { return Name }

// Aspect reads front, side and rear by board.Sector.
func (Ruleset) Aspect(target board.Pose, from board.Hex) board.Aspect {
	return board.Sector(target.Hex, target.Facing, from)
}

// States declares Shock and the damage results that last.
func (Ruleset) States() []combat.StateSpec {
	return []combat.StateSpec{
		{Name: Shock, Tag: "SHK", Counter: true, Lasts: combat.Permanent,
			Explain: "each Shock is -1 to hit; Shock on an immobilised vehicle counts double; four Shock abandon the vehicle"},
		{Name: Engage, Tag: "HLT", Lasts: combat.Permanent, Forbids: combat.ForbidMove | combat.ForbidFire, Engages: true, Unmet: Shock,
			Explain: "halt and engage: fires at the unit that caused it as its side's next Fire or Defensive Fire phase begins, a Shock if it cannot; may neither move nor fire at anything else until then"},
		{Name: EngineDamage, Tag: "ENG", Lasts: combat.Permanent, Slows: true,
			Explain: "engine damage: moves with half its MP (never flat out); may not fire its main gun after moving"},
		{Name: HullMG, Tag: "HMG", Lasts: combat.Permanent,
			Explain: "hull MG destroyed: its AP fire leaves that MG out"},
		{Name: MGSuppressed, Tag: "MGS", Lasts: combat.OnePhase,
			Explain: "MG suppressed: no MG in its AP fire in its next phase"},
		{Name: WeaponPosition, Tag: "WPN", Lasts: combat.Permanent,
			Explain: "weapon position destroyed: its AP fire leaves its strongest MG out"},
		{Name: Stunned, Tag: "STN", Lasts: combat.OnePhase, Forbids: combat.ForbidAll,
			Explain: "commander stunned: does nothing in its next phase"},
		{Name: Optics, Tag: "OPT", Lasts: combat.Permanent,
			Explain: "optics damaged: -2 to hit with the main gun"},
		{Name: Wounded, Tag: "WND", Lasts: combat.Permanent,
			Explain: "commander wounded: a leader's +1 for directing the gunner no longer applies"},
		{Name: Suppressed, Tag: "SUP", Lasts: combat.UntilOwnFirePhase, UnderFire: true,
			Explain: "under suppressing fire (enemy AP fire fell on its hex): -1 to hit with AT fire until its side's next Fire phase"},
	}
}

// Limits on the pools, so that the exact odds fit their integer weights:
// far above any rating of the catalogue (11 strike dice, 9 armour dice).
const (
	maxStrikeDice = 15
	maxArmourDice = 12
)

// plan is a checked shot worked out up to the first die: the to-hit
// number and its adjustments, the pools and the damage table.
type plan struct {
	need       int // the least adjusted 2d6 that hits
	adjust     int // the sum of the adjustments
	mods       []combat.Modifier
	strike     int // A.P. Strike dice before weak spots
	armour     int // the target's Armour dice at the aspect struck
	penetrates int // the least strike die that penetrates
	saves      int // the least armour die that saves
	aspect     board.Aspect
	where      string // the armour struck, for the step lines
	table      *table
	steps      []string
}

// Check refuses a shot the ruleset does not allow, saying why. Line of
// sight, arcs and markers are the battle's checks.
func (Ruleset) Check(s combat.Shot) error {
	_, err := planShot(s)
	return err
}

func planShot(s combat.Shot) (plan, error) {
	var p plan
	w := s.Weapon
	firer := s.Firer
	if firer == "" {
		firer = "the firer"
	}
	if err := combat.CheckFirer(s); err != nil {
		return p, err
	}
	switch {
	case w.History == nil:
		return p, fmt.Errorf("the %s has no historical record to rate its A.P. Strike from", w.Name)
	case s.Target.Kind == units.AFV && s.Target.History == nil:
		return p, fmt.Errorf("%s has no historical record to rate its Armour dice from", s.Target.Name)
	case s.Range < 1 || s.Metres < 0:
		return p, fmt.Errorf("range %d hexes, %d m: the target must be in another hex", s.Range, s.Metres)
	case s.Cover < 0 || s.Hindrance < 0:
		return p, fmt.Errorf("cover %d and hindrance %d: neither can be negative", s.Cover, s.Hindrance)
	case w.Class == combat.MainGun && s.FirerMoved && s.FirerStates.Count(EngineDamage) > 0:
		return p, fmt.Errorf("%s has engine damage: it may not move and fire its main gun", firer)
	}
	strike, _, err := StrikeDice(w.History)
	if err != nil {
		return p, fmt.Errorf("the %s: %w", w.Name, err)
	}
	if strike == 0 && w.Class == combat.MainGun && len(w.History.MGs) == 0 {
		return p, fmt.Errorf("%s has neither a gun nor a machine gun to fire at a vehicle", firer)
	}
	p.strike = strike
	p.aspect = s.Aspect
	if strike == 0 {
		p.aspect = board.Front // a team without A.P. Strike: armour dice as frontal
	}
	switch p.aspect {
	case board.Front:
		p.penetrates = penetratesFront
	case board.Side:
		p.penetrates = penetratesSide
	case board.Rear:
		p.penetrates = penetratesRear
	default:
		return p, fmt.Errorf("aspect %s: this ruleset reads front, side and rear (board.Sector)", s.Aspect)
	}
	p.where = p.aspect.String()
	p.saves = savesOn
	if strike == 0 && underFire(s) {
		p.saves-- // +1 to each armour die against a suppressed team (seed 000)
	}
	if s.Target.History != nil {
		p.armour, _ = ArmourDice(s.Target.History, facingOf(p.aspect))
	}
	if p.strike > maxStrikeDice || p.armour > maxArmourDice {
		return p, fmt.Errorf("%d strike dice against %d armour dice: at most %d and %d", p.strike, p.armour, maxStrikeDice, maxArmourDice)
	}
	p.table = tableOf(s.Target)
	bands := 0
	if w.Class == combat.SupportWeapon {
		ends := bandsOf(w)
		for bands < len(ends) && s.Metres > ends[bands]*metresPerInch {
			bands++
		}
		if bands == len(ends) {
			return p, fmt.Errorf("the %s reaches %d\" (%d m); the target is %d m away", w.Name, ends[len(ends)-1], ends[len(ends)-1]*metresPerInch, s.Metres)
		}
	}
	ob := ObscurementOf(s.Cover, s.Hindrance)
	p.need = toHitTable[ob]
	p.mods = adjustments(s, bands)
	p.adjust = combat.SumModifiers(p.mods)
	pool := fmt.Sprintf("%d strike dice (+1 per natural 6), penetrating on %d+ (%s)", p.strike, p.penetrates, p.aspect)
	if strike == 0 {
		pool = "no strike dice: no penetrating hit"
	}
	p.steps = append(p.steps,
		fmt.Sprintf("2d6%s needs %d: %s", combat.FormatModifiers(p.mods), p.need, ob),
		fmt.Sprintf("%s; %d armour dice saving on %d+; %s damage table", pool, p.armour, p.saves, p.table.name))
	return p, nil
}

// tableOf returns the damage table of a target: the AFV table for an
// armoured vehicle with a gun, the APC table for the others.
func tableOf(t combat.Target) *table {
	if t.Kind == units.AFV && t.History != nil && t.History.Gun.MM > 0 {
		return &afvTable
	}
	return &apcTable
}

// adjustments lists the shot's to-hit adjustments, leaving out those of 0.
func adjustments(s combat.Shot, bands int) []combat.Modifier {
	var ms []combat.Modifier
	add := func(v int, label string) {
		if v != 0 {
			ms = append(ms, combat.Modifier{Value: v, Label: label})
		}
	}
	if flatOut(s) {
		add(adjTargetMoved, "target moved flat out")
	}
	if s.FirerMoved {
		add(adjFirerMoved, "firer moved")
	}
	if s.Weapon.Class == combat.MainGun && s.OutsideFrontArc {
		add(adjTurret, "turret out of arc")
	}
	add(adjPerShock*s.FirerStates.Count(Shock), "shock")
	if h := s.Target.History; h != nil {
		if h.Height > 0 && h.Height <= lowProfileMetres {
			add(adjLowProfile, "low profile")
		}
		if h.Length > 0 && h.Length < smallMetres {
			add(adjSmall, "small target")
		}
	}
	add(adjPerBand*bands, "range band")
	if underFire(s) {
		add(adjSuppressed, "under suppressing fire")
	}
	if s.Leader != 0 && s.FirerStates.Count(Wounded) == 0 {
		add(adjLeader, "leader")
	}
	if s.RepeatHit && !s.FirerMoved && !s.TargetMoved {
		add(adjRepeatHit, "hit with the last round")
	}
	if s.Weapon.Class == combat.MainGun && s.FirerStates.Count(Optics) > 0 {
		add(adjOptics, "optics damaged")
	}
	return ms
}

// flatOut reports whether the target moved flat out in its last move:
// ours, a move order that cost more than half its movement points (the
// excerpt's tactical move and flat out in Hexfire's MP); a shot whose
// target's MP are not known (given by hand) counts any move.
func flatOut(s combat.Shot) bool {
	if !s.TargetMoved {
		return false
	}
	if s.TargetMP == 0 {
		return true
	}
	return 2*s.TargetMoveMP > s.TargetMP
}

// underFire reports whether the firer is infantry or a Gun's crew under
// suppressing fire (seed 000's "Infantry and Support Units").
func underFire(s combat.Shot) bool {
	return (s.FirerKind.Infantry() || s.FirerKind == units.Gun) && s.FirerStates.Count(Suppressed) > 0
}

// Our thresholds for the excerpt's low-profile and small targets, from
// the catalogue's sizes: a hull or carriage no higher than 2 m (every Gun,
// no tank), and one shorter than 4.5 m (a jeep, a light Gun).
const (
	lowProfileMetres = 2.0
	smallMetres      = 4.5
)

// bandsOf returns the far ends in inches of an infantry weapon's range
// bands: the Panzerschreck's printed 18", 24", 36"; for the others ours,
// the same shares (1/2, 2/3, all) of the weapon's effective range (the
// Panzerschreck's own for a weapon given by hand without one).
func bandsOf(w combat.Weapon) []int {
	if strings.HasPrefix(w.Name, "Panzerschreck") || w.History.RangeM == 0 {
		return panzerschreckBands
	}
	reach := w.History.RangeM / metresPerInch
	return []int{reach / 2, reach * 2 / 3, reach}
}

func facingOf(a board.Aspect) units.Facing {
	switch a {
	case board.Side:
		return units.FacingSide
	case board.Rear:
		return units.FacingRear
	}
	return units.FacingFront
}

// reverseHexes is a reverse of inches in hexes (other-rulesets.md): one
// hex per 12.5 inches, rounded, at least one.
func reverseHexes(inches int) int {
	return max(1, int(math.Round(float64(inches)/inchesPerHexReverse)))
}

// effectsOf returns the effects of damage result r on the target of s,
// then the firer's round when it is counted; n is the hexes of a reverse
// or the hits of an explosion on the infantry in the hex.
func effectsOf(s combat.Shot, r result, n int) []combat.Effect {
	var es []combat.Effect
	target := func(k combat.EffectKind) { es = append(es, combat.Effect{Kind: k, On: combat.OnTarget}) }
	state := func(name string, n int) {
		es = append(es, combat.Effect{Kind: combat.AddState, On: combat.OnTarget, State: name, N: n})
	}
	apc := tableOf(s.Target) == &apcTable
	hits := func(on combat.Role, firepower, cover int) {
		es = append(es, combat.Effect{Kind: combat.InfantryHits, On: on, N: firepower, Cover: cover})
	}
	shock := shockOn(s.Target, r.shock)
	switch {
	case r.what == destroyed || r.what == explodes:
		if apc && s.Target.Riders > 0 {
			hits(combat.OnPassengers, passengerHits, passengerCover[r.what == explodes])
		}
		if r.what == explodes {
			// the passengers are still aboard, so these fall on the others
			hits(combat.OnHex, n, 0)
		}
		if apc {
			es = append(es, abandonment(s.Target)...) // the passengers deploy (seed 000)
		} else {
			target(combat.Eliminated)
		}
	case combat.HasEffect(shock, combat.OnTarget, combat.Abandoned):
		es = append(es, shock...)
	default:
		es = append(es, shock...)
		switch r.what {
		case reverse:
			if s.Target.Kind != units.Gun && !s.Target.Immobile {
				es = append(es, combat.Effect{Kind: combat.Reverse, On: combat.OnTarget, N: n})
			}
		case halt:
			state(Engage, 1)
		case pedal:
			if s.Target.Kind != units.Gun && !s.Target.Immobile {
				target(combat.DriveOn)
			}
		case engine:
			state(EngineDamage, 1)
		case hullMG:
			state(HullMG, 1)
		case mgSuppressed:
			state(MGSuppressed, 1)
		case stunned:
			state(Stunned, 1)
		case immobilised:
			if !s.Target.Immobile {
				target(combat.Immobilized)
			}
			if apc && s.Target.Riders > 0 {
				// the passengers deploy at once (seed 000, APC table)
				es = append(es, combat.Effect{Kind: combat.Dismount, On: combat.OnPassengers})
			}
		case optics:
			state(Optics, 1)
		case weaponPosition:
			state(WeaponPosition, 1)
		case wounded:
			state(Wounded, 1)
		}
	}
	if spends(s.Weapon) {
		es = append(es, combat.Effect{Kind: combat.WeaponSpent, On: combat.OnFirer})
	}
	return es
}

// shockOn returns the effects of n Shock landing on t (seed 000, Shock on
// vehicles): doubled on an immobilised vehicle, and the vehicle abandoned
// once it has four. Every Shock of the ruleset goes through it.
func shockOn(t combat.Target, n int) []combat.Effect {
	if n <= 0 {
		return nil
	}
	if t.Immobile {
		n *= immobileShockX
	}
	if t.States.Count(Shock)+n >= abandonAtShock {
		return abandonment(t)
	}
	return []combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: n}}
}

// LeaderDirects lets a leader direct an AFV's or a Gun's AT fire as well
// as infantry's: ours, a leader in its hex stands for the excerpt's
// commander giving the gunner two orders, which Hexfire, without orders,
// has no other way to tell.
func (Ruleset) LeaderDirects(k units.Kind) bool { return k == units.AFV || k == units.Gun }

// StateEffects lands the Shock the battle adds by itself (a halted
// vehicle that could not fire its compulsory shot) by the rule of every
// other Shock (shockOn); any other state is added as it is.
func (Ruleset) StateEffects(t combat.Target, state string, n int) []combat.Effect {
	if state == Shock {
		return shockOn(t, n)
	}
	return []combat.Effect{{Kind: combat.AddState, On: combat.OnTarget, State: state, N: n}}
}

// abandonment returns the effects of t's crew leaving it: its passengers
// get out first (seed 000 has an APC's deploy when it is destroyed; ours,
// also those of any vehicle abandoned at four Shock), since the battle
// loses with a vehicle whatever is still aboard.
func abandonment(t combat.Target) []combat.Effect {
	var es []combat.Effect
	if t.Riders > 0 {
		es = append(es, combat.Effect{Kind: combat.Dismount, On: combat.OnPassengers})
	}
	return append(es, combat.Effect{Kind: combat.Abandoned, On: combat.OnTarget})
}

// spends reports whether a shot uses up a round the battle counts.
func spends(w combat.Weapon) bool { return w.Expendable || w.Rounds > 0 }

// missEffects are the effects of a miss or of a hit that does nothing.
func missEffects(s combat.Shot) []combat.Effect {
	if spends(s.Weapon) {
		return []combat.Effect{{Kind: combat.WeaponSpent, On: combat.OnFirer}}
	}
	return nil
}

// Resolve rolls the shot: 2d6 to hit, the strike dice, the armour dice,
// and on equal or more penetrations than saves a d6 on the damage table.
func (Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	p, err := planShot(s)
	if err != nil {
		return refused(err)
	}
	o.Steps = p.steps[:1:1]
	o.ToHit = p.need
	n, hit := rollToHit(&o, p, d, "miss", "a weak spot", "strike")
	if !hit {
		o.Effects = missEffects(s)
		return withDiceErr(o, d)
	}
	o.Aspect = p.aspect
	return withDiceErr(rollPools(o, s, p, d, n), d)
}

// rollToHit rolls plan p's 2d6 to hit into o with its step line: miss on
// a miss, or a hit whose natural 6s each add a die (sixWords: what a 6
// is) to the pool of p.strike dice. It returns the pool's dice and
// whether it hit.
func rollToHit(o *combat.Outcome, p plan, d combat.Dice, miss, sixWords, pool string) (int, bool) {
	a, b := d.Roll(6), d.Roll(6)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "to-hit", Sides: 6, Dice: []int{a, b}})
	total := a + b + p.adjust
	if o.Hit = total >= p.need; !o.Hit {
		o.Steps = append(o.Steps, fmt.Sprintf("rolled %d+%d, %d: %s", a, b, total, miss))
		return 0, false
	}
	six := p.weakSpots(a, b)
	n := p.strike + six
	line := fmt.Sprintf("rolled %d+%d, %d: hit", a, b, total)
	if six > 0 {
		line += fmt.Sprintf("; %d natural 6: %s, %d %s dice", six, sixWords, n, pool)
	}
	o.Steps = append(o.Steps, line)
	return n, true
}

// rollPools rolls the n strike dice of a hit and the armour dice, and the
// damage table when the penetrations are not outnumbered.
func rollPools(o combat.Outcome, s combat.Shot, p plan, d combat.Dice, n int) combat.Outcome {
	pens, strikeFaces := pool(d, n, p.penetrates)
	saves, armourFaces := pool(d, p.armour, p.saves)
	o.Rolls = append(o.Rolls,
		combat.Roll{Purpose: "strike", Sides: 6, Pool: true, Dice: strikeFaces},
		combat.Roll{Purpose: "armour", Sides: 6, Pool: true, Dice: armourFaces})
	net := pens - saves
	o.Steps = append(o.Steps, fmt.Sprintf("%d strike dice %s: %d penetrating on %d+ (%s); %d armour dice %s: saves %d; net %d",
		n, faces(strikeFaces), pens, p.penetrates, p.where, p.armour, faces(armourFaces), saves, net))
	if net < 0 {
		o.Steps = append(o.Steps, "more saves than penetrations: no effect")
		o.Effects = missEffects(s)
		return o
	}
	face := combat.RollBanded(d, 6, p.table.cuts(net)...)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "damage", Sides: 6, Dice: []int{face}})
	r := p.table.read(net, face)
	o.Steps = append(o.Steps, fmt.Sprintf("%s table, %s, d6 %d: %s", p.table.name, rowName(net), face, r))
	moved := 0 // hexes reversed, or hits of an explosion
	switch r.what {
	case reverse:
		inches := combat.RollBanded(d, 6)
		o.Rolls = append(o.Rolls, combat.Roll{Purpose: "reverse", Sides: 6, Dice: []int{inches}})
		moved = reverseHexes(inches)
		o.Steps = append(o.Steps, fmt.Sprintf("reverses %d\": %d hex", inches, moved))
	case explodes:
		moved = d.Roll(blastSides)
		o.Rolls = append(o.Rolls, combat.Roll{Purpose: "explosion", Sides: blastSides, Dice: []int{moved}})
		o.Steps = append(o.Steps, fmt.Sprintf("the explosion: %d hits on the infantry in its hex, in the open", moved))
	}
	if (r.what == destroyed || r.what == explodes) && p.table == &apcTable && s.Target.Riders > 0 {
		cover := "hard"
		if r.what == explodes {
			cover = "light"
		}
		o.Steps = append(o.Steps, "one hit on the passengers, as in "+cover+" cover")
	}
	o.Effects = effectsOf(s, r, moved)
	if r.shock > 0 && s.Target.Immobile {
		o.Steps = append(o.Steps, fmt.Sprintf("immobilised: the %d Shock count double", r.shock))
	}
	if combat.HasEffect(o.Effects, combat.OnTarget, combat.Abandoned) && r.what != destroyed && r.what != explodes {
		o.Steps = append(o.Steps, "four Shock: the crew abandons the vehicle")
	}
	return o
}

// refused is the outcome of a refused shot or assault.
func refused(err error) combat.Outcome {
	return combat.Outcome{Err: err, Steps: []string{"refused: " + err.Error()}}
}

// withDiceErr copies fixed dice's error into the outcome.
func withDiceErr(o combat.Outcome, d combat.Dice) combat.Outcome {
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
	}
	return o
}

// weakSpots returns the dice the natural 6s of to-hit roll a, b add to
// the pool: one a 6, and none for a team without A.P. Strike, which
// makes no penetrating hit whatever it rolls (seed 000), so that only the
// equal row can be read.
func (p plan) weakSpots(a, b int) int {
	if p.strike == 0 {
		return 0
	}
	return sixes(a, b)
}

// sixes counts the natural 6s of a to-hit roll: the weak spots hit.
func sixes(a, b int) int {
	n := 0
	if a == 6 {
		n++
	}
	if b == 6 {
		n++
	}
	return n
}

// pool rolls n d6, each read against least, and returns how many reached
// it and the faces.
func pool(d combat.Dice, n, least int) (int, []int) {
	got := 0
	fs := make([]int, n)
	for i := range fs {
		fs[i] = combat.RollBanded(d, 6, least)
		if fs[i] >= least {
			got++
		}
	}
	return got, fs
}

func faces(fs []int) string {
	if len(fs) == 0 {
		return "(none)"
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = strconv.Itoa(f)
	}
	return strings.Join(parts, ",")
}

// rowNames are the damage tables' rows by net hits.
var rowNames = [4]string{"equal hits and saves", "+1 net hit", "+2 net hits", "+3 net hits"}

func rowName(net int) string { return rowNames[min(net, 3)] }

// String returns the result in the table's words.
func (r result) String() string {
	switch {
	case r.shock > 0 && r.what == none:
		return fmt.Sprintf("%d Shock", r.shock)
	case r.shock > 0:
		return fmt.Sprintf("%d Shock, %s", r.shock, extraWords[r.what])
	}
	return extraWords[r.what]
}

// VehicleAPFP is a vehicle's AP firepower under seed 000's damage: a
// suppressed MG does not fire, a destroyed hull MG (the forward one, or a
// vehicle's only MG) or weapon position (ours: the strongest MG, as the
// firing player would choose) is left out, and each Shock takes away one
// firepower die, one APFP of Hexfire's (ours), from what is left.
func (Ruleset) VehicleAPFP(gun int, mgs []combat.MountedMG, states combat.StateSet) int {
	lost := lostMGs(mgs, states)
	total := gun
	if states.Count(MGSuppressed) == 0 {
		for i, mg := range mgs {
			if mg.Bears && !lost[i] {
				total += mg.APFP
			}
		}
	}
	return max(0, total-states.Count(Shock))
}

// lostMGs marks the machine guns a vehicle's states have destroyed.
func lostMGs(mgs []combat.MountedMG, states combat.StateSet) []bool {
	lost := make([]bool, len(mgs))
	if states.Count(HullMG) > 0 {
		hull := slices.IndexFunc(mgs, func(mg combat.MountedMG) bool { return mg.Forward })
		if hull < 0 && len(mgs) == 1 {
			hull = 0 // a single top-mounted MG counts as the hull MG (seed 000)
		}
		if hull >= 0 {
			lost[hull] = true
		}
	}
	if states.Count(WeaponPosition) > 0 {
		best := -1
		for i, mg := range mgs {
			if !lost[i] && (best < 0 || mg.APFP > mgs[best].APFP) {
				best = i
			}
		}
		if best >= 0 {
			lost[best] = true
		}
	}
	return lost
}

var (
	_ combat.Ruleset       = Ruleset{}
	_ combat.AspectRules   = Ruleset{}
	_ combat.StateRules    = Ruleset{}
	_ combat.InfantryRules = Ruleset{}

	_ combat.VehicleAssaultRules = Ruleset{}
	_ combat.VehicleFirepower    = Ruleset{}
	_ combat.StateThresholds     = Ruleset{}
	_ combat.DirectedFire        = Ruleset{}
)

// OddsKey clears the firer's off-axis angle, which this ruleset never
// reads (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot { return combat.WithoutOffAxis(s) }
