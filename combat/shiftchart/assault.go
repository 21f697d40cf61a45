package shiftchart

import (
	"fmt"
	"strconv"

	"hexfire/combat"
	"hexfire/units"
)

// Close assault of a vehicle: one infantry unit in the vehicle's hex or
// next to it (the excerpt's 25 m), not pinned (the excerpt's
// "unsuppressed"; the battle checks the marker), rolls 2d6 with the Close
// Assault Table's modifiers. The Shot's firer is the assaulting unit, its
// target the vehicle.

// CheckVehicleAssault refuses an assault the ruleset does not allow.
func (Ruleset) CheckVehicleAssault(s combat.Shot) error {
	firer := s.Firer
	if firer == "" {
		firer = "the assaulting unit"
	}
	switch {
	case s.FirerKind != units.Squad && s.FirerKind != units.HalfSquad:
		return fmt.Errorf("%s is not a squad or half squad: only infantry close-assault a vehicle", firer)
	case s.Passenger:
		return fmt.Errorf("%s rides in a vehicle", firer)
	case s.Target.Kind != units.AFV && s.Target.Kind != units.Vehicle:
		return fmt.Errorf("%s is not a vehicle", s.Target.Name)
	case s.Range < 0 || s.Range > 1:
		return fmt.Errorf("%s is %d hexes away: a close assault reaches the same or an adjacent hex", s.Target.Name, s.Range)
	}
	return nil
}

// assaultModifiers lists the Close Assault Table's modifiers that apply.
func assaultModifiers(s combat.Shot) []combat.Modifier {
	var ms []combat.Modifier
	if !s.TargetMoved {
		ms = append(ms, combat.Modifier{Value: modStationary, Label: "stationary target"})
	}
	switch s.FirerQuality {
	case combat.Veteran, combat.Elite:
		ms = append(ms, combat.Modifier{Value: modVeteran, Label: s.FirerQuality.String() + " infantry"})
	case combat.Green:
		ms = append(ms, combat.Modifier{Value: modGreen, Label: "green infantry"})
	}
	if s.FirerEngineers {
		ms = append(ms, combat.Modifier{Value: modEngineers, Label: "combat engineers"})
	}
	if s.Target.Riders > 0 {
		ms = append(ms, combat.Modifier{Value: modRiders, Label: "tank riders"})
	}
	return ms
}

// assaultResult reads a modified 2d6 total on the Close Assault Table; an
// immobilized result on an immobile vehicle does nothing more.
func assaultResult(total int, target combat.Target) result {
	switch {
	case total <= destroyedUpTo:
		return killed
	case total <= immobilizedUpTo && !target.Immobile:
		return immobilized
	case total <= immobilizedUpTo:
		return noEffect
	}
	return miss
}

// assaultSteps is the procedure's opening line.
func assaultSteps(s combat.Shot, mods []combat.Modifier) []string {
	line := "close assault on " + s.Target.Name + ": 2d6"
	if len(mods) > 0 {
		line += combat.FormatModifiers(mods)
	}
	return []string{line + "; " + strconv.Itoa(destroyedUpTo) + " or less destroys, " +
		strconv.Itoa(immobilizedUpTo) + " or less immobilizes"}
}

// ResolveVehicleAssault rolls the close assault.
func (r Ruleset) ResolveVehicleAssault(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	if err := r.CheckVehicleAssault(s); err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	mods := assaultModifiers(s)
	o.Steps = assaultSteps(s, mods)
	o.ToHit = immobilizedUpTo
	a, b := d.Roll(6), d.Roll(6)
	o.Rolls = []combat.Roll{{Purpose: "close assault", Sides: 6, Dice: []int{a, b}}}
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
		return o
	}
	total := a + b + combat.SumModifiers(mods)
	res := assaultResult(total, s.Target)
	o.Hit = res != miss
	o.Steps = append(o.Steps, "rolled "+strconv.Itoa(a+b)+combat.FormatModifiers(mods)+" = "+strconv.Itoa(total)+": "+resultWords[res])
	o.Effects = effects(res, false)
	return o
}

// VehicleAssaultOdds is the exact distribution of the close assault, over
// the 36 rolls of 2d6.
func (r Ruleset) VehicleAssaultOdds(s combat.Shot) (combat.Odds, error) {
	if err := r.CheckVehicleAssault(s); err != nil {
		return combat.Odds{}, err
	}
	mods := assaultModifiers(s)
	sum := combat.SumModifiers(mods)
	var weights [numResults]uint64
	for roll := 2; roll <= 12; roll++ {
		weights[assaultResult(roll+sum, s.Target)] += combat.TwoDiceWays(roll)
	}
	o := combat.Odds{ToHit: immobilizedUpTo, Total: 36, Steps: assaultSteps(s, mods)}
	for res, w := range weights {
		if w > 0 {
			o.Outcomes = append(o.Outcomes, combat.WeightedOutcome{Hit: result(res) != miss, Effects: effects(result(res), false), Weight: w})
		}
	}
	combat.SortOutcomes(o.Outcomes)
	return o, nil
}

var _ combat.VehicleAssaultRules = Ruleset{}
