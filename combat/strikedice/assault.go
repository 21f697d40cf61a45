package strikedice

import (
	"fmt"
	"math"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// AT grenades and charges: one infantry unit in the vehicle's hex or next
// to it sends a figure with its side's grenade or charge. From the next
// hex the figure must reach the vehicle: ours, 3d6 inches (a move at the
// double; the excerpt refers to its movement roll without printing it)
// against the distance, one hex of the map's metres at 4 m to the inch.
// In the same hex it is there already. A figure that arrives rolls the
// charge's strike dice against the top armour (3-6), the vehicle saves
// with its top armour dice (5-6), and net hits read the damage table.

// Grenade is an anti-tank grenade or charge of seed 000's table.
type Grenade struct {
	Name   string
	Strike int
}

// grenades are seed 000's "Anti tank Grenades & Charges" by nation, in
// its order.
var grenades = map[string][]Grenade{
	"DE": {{"Teller mine", 5}},
	"UK": {{"No.75 Hawkins grenade", 3}, {"No.83 Gammon bomb", 4}},
	"SU": {{"RPG-3 AT grenade", 4}},
	"US": {{"No.75 Hawkins grenade", 3}, {"No.83 Gammon bomb", 4}},
}

// petrolBomb is the table's universal charge, for every nation.
var petrolBomb = Grenade{"petrol bomb", 3}

// GrenadeOf returns the grenade or charge a nation's infantry use: ours,
// the strongest the table lists for the nation, the petrol bomb when it
// lists none.
func GrenadeOf(nation string) Grenade {
	best := petrolBomb
	for _, g := range grenades[nation] {
		if g.Strike > best.Strike {
			best = g
		}
	}
	return best
}

// reachDice is the dice of the figure's run to the vehicle (ours).
const reachDice = 3

// CheckVehicleAssault refuses an assault the ruleset does not allow.
func (Ruleset) CheckVehicleAssault(s combat.Shot) error {
	_, _, err := planAssault(s)
	return err
}

// Grenades into an open-topped vehicle (seed 000): the squad throws rather
// than carries, so it needs no run to the vehicle (ours); the throw is a
// 2d6 to-hit roll, each natural 6 of it a Bullseye adding a firepower die;
// the team's firepower dice, one more for the confined space, hit the
// passengers, and each 6 among them is a Shock on the vehicle, which rolls
// no armour dice.
const (
	squadFirepowerDice = 3 // seed 000's rifle team: three firepower dice
	halfFirepowerDice  = 2 // ours: a half squad throws with two
	confinedSpaceDice  = 1 // seed 000: one more die for the confined space
	// grenadeHitsOn is the least firepower die that hits a passenger:
	// ours, 4-6, since the excerpt does not print its infantry fire
	// table; a man in an open compartment has no cover, so the easier
	// half of the faces.
	grenadeHitsOn = 4
	grenadeShock  = 6 // seed 000: each 6 a Shock on the vehicle
)

// openTop reports whether grenades go into the target's open top.
func openTop(t combat.Target) bool { return t.History != nil && t.History.OpenTop }

// planGrenadesIn works out grenades into an open-topped vehicle: the
// to-hit number and adjustments, and the firepower dice before Bullseyes.
func planGrenadesIn(s combat.Shot) plan {
	p := plan{table: tableOf(s.Target), strike: squadFirepowerDice + confinedSpaceDice}
	if s.FirerKind == units.HalfSquad {
		p.strike = halfFirepowerDice + confinedSpaceDice
	}
	ob := ObscurementOf(s.Cover, s.Hindrance)
	p.need = toHitTable[ob]
	p.mods = adjustments(s, 0)
	p.adjust = combat.SumModifiers(p.mods)
	p.steps = []string{fmt.Sprintf("grenades into the open top of %s: 2d6%s needs %d: %s; %d firepower dice with the confined space's (+1 per natural 6), each %d+ a hit on the passengers, each %d a Shock",
		s.Target.Name, combat.FormatModifiers(p.mods), p.need, ob, p.strike, grenadeHitsOn, grenadeShock)}
	return p
}

// resolveGrenadesIn rolls grenades into an open-topped vehicle.
func resolveGrenadesIn(s combat.Shot, d combat.Dice) combat.Outcome {
	p := planGrenadesIn(s)
	o := combat.Outcome{Steps: p.steps[:1:1], ToHit: p.need}
	n, hit := rollToHit(&o, p, d, "miss, the grenade is lost", "a Bullseye", "firepower")
	if !hit {
		return withDiceErr(o, d)
	}
	fs := make([]int, n)
	hits, shocks := 0, 0
	for i := range fs {
		fs[i] = combat.RollBanded(d, 6, grenadeHitsOn, grenadeShock)
		if fs[i] >= grenadeHitsOn {
			hits++
		}
		if fs[i] >= grenadeShock {
			shocks++
		}
	}
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "firepower", Sides: 6, Pool: true, Dice: fs})
	o.Steps = append(o.Steps, fmt.Sprintf("%d firepower dice %s: %d hits on the passengers, %d sixes: %d Shock on the vehicle",
		n, faces(fs), hits, shocks, shocks))
	o.Effects = grenadesInEffects(s, hits, shocks)
	if s.Target.Immobile && shocks > 0 {
		o.Steps = append(o.Steps, fmt.Sprintf("immobilised: the %d Shock count double", shocks))
	}
	if combat.HasEffect(o.Effects, combat.OnTarget, combat.Abandoned) {
		o.Steps = append(o.Steps, "four Shock: the crew abandons the vehicle")
	}
	return withDiceErr(o, d)
}

// grenadesInEffects are the effects of hits on the passengers and shocks
// on the vehicle: the hits as an AP attack on the passengers, the Shock
// as a shot's (doubled on an immobilised vehicle, four abandon it).
func grenadesInEffects(s combat.Shot, hits, shocks int) []combat.Effect {
	var es []combat.Effect
	if hits > 0 && s.Target.Riders > 0 {
		es = append(es, combat.Effect{Kind: combat.InfantryHits, On: combat.OnPassengers, N: hits})
	}
	return append(es, shockOn(s.Target, shocks)...)
}

// grenadesInOdds is the exact distribution of resolveGrenadesIn: the 36
// throws by their natural 6s, then the multinomial counts of the firepower
// dice's sixes, other hits and misses.
func grenadesInOdds(s combat.Shot) combat.Odds {
	p := planGrenadesIn(s)
	var throws [3]uint64
	extra := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b+p.adjust >= p.need {
				throws[sixes(a, b)]++
				extra = max(extra, sixes(a, b))
			}
		}
	}
	maxN := p.strike + extra
	o := combat.Odds{ToHit: p.need, Total: 36 * pow(6, maxN), Steps: p.steps}
	add := func(hit bool, es []combat.Effect, w uint64) {
		for i := range o.Outcomes {
			if o.Outcomes[i].Hit == hit && slices.Equal(o.Outcomes[i].Effects, es) {
				o.Outcomes[i].Weight += w
				return
			}
		}
		o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: hit, Effects: es, Weight: w})
	}
	if missed := 36 - throws[0] - throws[1] - throws[2]; missed > 0 {
		add(false, nil, missed*pow(6, maxN))
	}
	const sixFaces, hitFaces, missFaces = 7 - grenadeShock, grenadeShock - grenadeHitsOn, grenadeHitsOn - 1
	for k, h := range throws {
		if h == 0 {
			continue
		}
		n := p.strike + k
		pad := h * pow(6, maxN-n)
		for x := 0; x <= n; x++ { // sixes
			for y := 0; x+y <= n; y++ { // hits short of a six
				ways := choose(n, x) * choose(n-x, y) * pow(sixFaces, x) * pow(hitFaces, y) * pow(missFaces, n-x-y)
				add(true, grenadesInEffects(s, x+y, x), pad*ways)
			}
		}
	}
	combat.SortOutcomes(o.Outcomes)
	return o
}

// choose returns the binomial coefficient C(n, k).
func choose(n, k int) uint64 {
	c := uint64(1)
	for i := range k {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return c
}

// planAssault checks an assault and works it out: the plan of the strike
// and, from the next hex, the inches the figure must run (0: none).
func planAssault(s combat.Shot) (plan, int, error) {
	var p plan
	firer := s.Firer
	if firer == "" {
		firer = "the assaulting unit"
	}
	switch {
	case s.FirerKind != units.Squad && s.FirerKind != units.HalfSquad:
		return p, 0, fmt.Errorf("%s is not a squad or half squad: only infantry attack a vehicle with grenades and charges", firer)
	case s.Passenger:
		return p, 0, fmt.Errorf("%s rides in a vehicle", firer)
	case s.Target.Kind != units.AFV && s.Target.Kind != units.Vehicle:
		return p, 0, fmt.Errorf("%s is not a vehicle", s.Target.Name)
	case s.Range < 0 || s.Range > 1:
		return p, 0, fmt.Errorf("%s is %d hexes away: grenades and charges reach the same or an adjacent hex", s.Target.Name, s.Range)
	case s.Range == 1 && s.Metres < 1:
		return p, 0, fmt.Errorf("%s is %d m away: an adjacent hex is at least a metre off", s.Target.Name, s.Metres)
	}
	g := GrenadeOf(s.FirerNation)
	p.strike, p.penetrates, p.aspect, p.where, p.saves = g.Strike, penetratesRear, board.Front, "top", savesOn
	if s.Target.History != nil {
		p.armour, _ = ArmourDice(s.Target.History, units.FacingTop)
	}
	p.table = tableOf(s.Target)
	inches := 0
	line := fmt.Sprintf("%s (%s, A.P. Strike %d) at %s: ", g.Name, s.FirerNation, g.Strike, s.Target.Name)
	if s.Range == 1 {
		inches = int(math.Ceil(float64(s.Metres) / metresPerInch))
		p.need = inches
		line += fmt.Sprintf("the figure needs %d\" on %dd6 to reach it; ", inches, reachDice)
	}
	line += fmt.Sprintf("%d strike dice penetrating the top on %d+; %d armour dice saving on %d+; %s damage table",
		p.strike, p.penetrates, p.armour, p.saves, p.table.name)
	p.steps = []string{line}
	return p, inches, nil
}

// ResolveVehicleAssault rolls the figure's run, then the strike.
func (Ruleset) ResolveVehicleAssault(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	p, inches, err := planAssault(s)
	if err != nil {
		return refused(err)
	}
	if openTop(s.Target) {
		return resolveGrenadesIn(s, d)
	}
	o.Steps = p.steps[:1:1]
	o.ToHit = p.need
	if inches > 0 {
		run := combat.Roll{Purpose: "reach", Sides: 6, Dice: make([]int, reachDice)}
		for i := range run.Dice {
			run.Dice[i] = d.Roll(6)
		}
		o.Rolls = append(o.Rolls, run)
		if run.Total() < inches {
			o.Steps = append(o.Steps, fmt.Sprintf("ran %d\": short of the vehicle, the charge is lost", run.Total()))
			return withDiceErr(o, d)
		}
		o.Steps = append(o.Steps, fmt.Sprintf("ran %d\": in contact", run.Total()))
	}
	o.Hit = true
	return withDiceErr(rollPools(o, s, p, d, p.strike), d)
}

// VehicleAssaultOdds is the exact distribution of the assault: the
// 3d6 runs that reach, then the pools as for a shot.
func (Ruleset) VehicleAssaultOdds(s combat.Shot) (combat.Odds, error) {
	p, inches, err := planAssault(s)
	if err != nil {
		return combat.Odds{}, err
	}
	if openTop(s.Target) {
		return grenadesInOdds(s), nil
	}
	if inches == 0 {
		return poolOdds(s, p, [3]uint64{1}, 1), nil
	}
	var reach uint64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				if a+b+c >= inches {
					reach++
				}
			}
		}
	}
	return poolOdds(s, p, [3]uint64{reach}, 216), nil
}
