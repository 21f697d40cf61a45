// Package seamtest is a small ruleset for the engine's tests, not a game
// ruleset: no binary registers it. It exists to prove that every seam of
// combat carries a ruleset unlike the default one through the battle, the
// computer opponent, saves and replays, and the game's counters: it rolls a
// d20 to hit and a d10 for damage, reads front, side and rear by
// board.Sector, keeps a counter state (shock) and a timed state
// (suppressed, until its owner's next Fire phase, forbidding fire), opens
// every support-weapon shot with a d6 availability check, fires
// simultaneously, spots every unit within three hexes and nothing further,
// and has no infantry combat, crew check or smoke rounds.
//
// Importing it registers it under Name.
package seamtest

import (
	"errors"
	"fmt"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Name is the test ruleset's registry name.
const Name = "seam-test"

// The states the ruleset puts on units.
const (
	Shock      = "shock"
	Suppressed = "suppressed"
)

// AbandonAtShock is the shock an AFV's crew abandons at.
const AbandonAtShock = 3

// Ruleset is the test ruleset; its zero value is ready to use.
type Ruleset struct{}

func init() { combat.Register(Ruleset{}) }

// Name returns Name.
func (Ruleset) Name() string { return Name }

// States declares shock and suppressed.
func (Ruleset) States() []combat.StateSpec {
	return []combat.StateSpec{
		{Name: Shock, Tag: "SHK", Counter: true, Lasts: combat.Permanent,
			Explain: "each shock is +1 to be hit by nothing and -1 to hit; three abandon an AFV"},
		{Name: Suppressed, Tag: "SUP", Lasts: combat.UntilOwnFirePhase, Forbids: combat.ForbidFire,
			Explain: "may not fire until its side's next Fire phase"},
	}
}

// Aspect reads front, side and rear by board.Sector.
func (Ruleset) Aspect(target board.Pose, from board.Hex) board.Aspect {
	return board.Sector(target.Hex, target.Facing, from)
}

// SpotRange is how far the test ruleset's units make out anything.
const SpotRange = 3

// Spot identifies every unit within SpotRange hexes, whatever its ground,
// and makes out nothing further: no contacts (combat.SpottingRules).
func (Ruleset) Spot(l combat.Look) combat.Sighting {
	if l.Range <= SpotRange {
		return combat.Identified
	}
	return combat.Unseen
}

// SimultaneousFire reports true: AT fire lands at the end of the phase.
func (Ruleset) SimultaneousFire() bool { return true }

// Check refuses infantry targets, passengers and firers without a weapon.
func (Ruleset) Check(s combat.Shot) error {
	switch {
	case s.Target.Kind.Infantry():
		return errors.New("the test ruleset shoots at vehicles and Guns only")
	case s.Passenger:
		return errors.New("passengers do not fire in the test ruleset")
	case s.Weapon.ATFP == units.NoRating:
		return errors.New("no anti-tank weapon")
	case s.Weapon.Spent:
		return errors.New("the weapon is used up")
	case s.Weapon.Range > 0 && s.Range > s.Weapon.Range:
		return fmt.Errorf("out of range (%d hexes, the weapon reaches %d)", s.Range, s.Weapon.Range)
	case s.Range < 1:
		return errors.New("the target must be in another hex")
	}
	return nil
}

// toHit is the least d20 roll that hits: 11, +1 for each point of cover
// and hindrance and each shock on the firer, +2 beyond 10 hexes.
func toHit(s combat.Shot) int {
	need := 11 + s.Cover + s.Hindrance + s.FirerStates.Count(Shock)
	if s.Range > 10 {
		need += 2
	}
	return need
}

// aspectBonus is what the aspect adds to the damage die.
var aspectBonus = map[board.Aspect]int{board.Front: 0, board.Side: 2, board.Rear: 4}

// Resolve rolls the availability d6 of a support weapon (6: the firer is
// pinned and does not fire), the d20 to hit, and the d10 for damage plus
// the aspect's bonus: 1-5 nothing, 6-8 one shock, 9-10 suppressed and one
// shock, 11+ immobilized; an AFV reaching three shock is abandoned.
func (r Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	if err := r.Check(s); err != nil {
		o.Err = err
		return o
	}
	if s.Weapon.Class == combat.SupportWeapon {
		avail := combat.RollBanded(d, 6, 6)
		o.Rolls = append(o.Rolls, combat.Roll{Purpose: "availability", Sides: 6, Dice: []int{avail}})
		if avail == 6 {
			o.Steps = append(o.Steps, "availability: rolled 6, the firer is pinned and does not fire")
			o.Effects = []combat.Effect{{Kind: combat.Pinned, On: combat.OnFirer}}
			return o
		}
		o.Steps = append(o.Steps, fmt.Sprintf("availability: rolled %d, fires", avail))
	}
	need := toHit(s)
	o.ToHit = need
	roll := combat.RollBanded(d, 20, need)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "to-hit", Sides: 20, Dice: []int{roll}})
	o.Hit = roll >= need
	o.Steps = append(o.Steps, fmt.Sprintf("d20 needs %d or more; rolled %d: %s", need, roll, map[bool]string{true: "hit", false: "miss"}[o.Hit]))
	if s.Weapon.Expendable {
		o.Effects = append(o.Effects, combat.Effect{Kind: combat.WeaponSpent, On: combat.OnFirer})
	}
	if !o.Hit {
		return o
	}
	o.Aspect = s.Aspect
	if s.Target.Kind != units.AFV {
		o.Steps = append(o.Steps, "a hit eliminates an unarmoured target")
		o.Effects = append(o.Effects, combat.Effect{Kind: combat.Eliminated, On: combat.OnTarget})
		return o
	}
	bonus := aspectBonus[s.Aspect]
	dmg := combat.RollBanded(d, 10, 6-bonus, 9-bonus, 11-bonus)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "damage", Sides: 10, Dice: []int{dmg}})
	total := dmg + bonus
	shock := 0
	var effects []combat.Effect
	switch {
	case total >= 11:
		effects = append(effects, combat.Effect{Kind: combat.Immobilized, On: combat.OnTarget})
	case total >= 9:
		effects = append(effects, combat.Effect{Kind: combat.AddState, On: combat.OnTarget, State: Suppressed, N: 1})
		shock = 1
	case total >= 6:
		shock = 1
	}
	o.Steps = append(o.Steps, fmt.Sprintf("d10 %d +%d %s = %d", dmg, bonus, s.Aspect, total))
	if shock > 0 {
		if s.Target.States.Count(Shock)+shock >= AbandonAtShock {
			o.Steps = append(o.Steps, "a third shock: the crew abandons")
			return withEffects(o, combat.Effect{Kind: combat.Abandoned, On: combat.OnTarget})
		}
		effects = append(effects, combat.Effect{Kind: combat.AddState, On: combat.OnTarget, State: Shock, N: shock})
	}
	return withEffects(o, effects...)
}

// withEffects puts the target's effects before the firer's.
func withEffects(o combat.Outcome, target ...combat.Effect) combat.Outcome {
	o.Effects = append(target, o.Effects...)
	return o
}

// Odds enumerates every die of Resolve.
func (r Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	if err := r.Check(s); err != nil {
		return combat.Odds{}, err
	}
	o, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return r.Resolve(s, d) })
	o.ToHit = toHit(s)
	o.Steps = []string{fmt.Sprintf("d20 needs %d or more, then d10 for damage", o.ToHit)}
	return o, err
}

// OddsKey clears the firer's off-axis angle, which this ruleset never
// reads (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot { return combat.WithoutOffAxis(s) }
