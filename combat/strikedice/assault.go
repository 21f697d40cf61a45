package strikedice

import (
	"fmt"
	"math"

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

// grenades are seed 000's "Anti tank Grenades & Charges" by nation, the
// one we give each nation's infantry (ours: the strongest it lists); a
// nation it does not list throws the universal petrol bomb.
var grenades = map[string]Grenade{
	"DE": {"Teller mine", 5},
	"UK": {"No.83 Gammon bomb", 4},
	"US": {"No.83 Gammon bomb", 4},
	"SU": {"RPG-3 AT grenade", 4},
}

var petrolBomb = Grenade{"petrol bomb", 3}

// GrenadeOf returns the grenade or charge a nation's infantry use.
func GrenadeOf(nation string) Grenade {
	if g, ok := grenades[nation]; ok {
		return g
	}
	return petrolBomb
}

// reachDice is the dice of the figure's run to the vehicle (ours).
const reachDice = 3

// CheckVehicleAssault refuses an assault the ruleset does not allow.
func (Ruleset) CheckVehicleAssault(s combat.Shot) error {
	_, _, err := planAssault(s)
	return err
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
	p.strike, p.penetrates, p.aspect, p.where = g.Strike, penetratesRear, board.Front, "top"
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
		p.strike, p.penetrates, p.armour, savesOn, p.table.name)
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
