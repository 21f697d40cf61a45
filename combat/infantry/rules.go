package infantry

import (
	"hexfire/combat"
	"hexfire/units"
)

// Rules is the default ruleset's infantry combat as a combat.InfantryRules.
// Its zero value is ready to use; rulesets embed it.
type Rules struct{}

var (
	_ combat.InfantryRules   = Rules{}
	_ combat.CasualtyChoices = Rules{}
)

// RollAP rolls an AP attack's casualty points alone (RollAP).
func (Rules) RollAP(a combat.APAttack, d combat.Dice) combat.APOutcome { return RollAP(a, d) }

// Allocations returns the legal allocations, the automatic one first.
func (Rules) Allocations(defs []combat.Defender, points int) [][]combat.Loss {
	return Allocations(defs, points)
}

// SpendAs spends points as the owner chose (SpendAs).
func (Rules) SpendAs(defs []combat.Defender, points int, choice []combat.Loss, d combat.Dice) (combat.Spent, error) {
	return SpendAs(defs, points, choice, d)
}

// APModifiers returns the AP attack's roll modifiers.
func (Rules) APModifiers(a combat.APAttack) []combat.Modifier { return apModifiers(a) }

// APRow returns the AP Combat Table row of a total APFP ("11-18").
func (Rules) APRow(apfp int) string { return RowName(apfp) }

// APOdds returns the exact odds of FireAP (FireOdds).
func (Rules) APOdds(a combat.APAttack, defs []combat.Defender) (combat.APOdds, error) {
	return FireOdds(a, defs)
}

// FireAP rolls an AP attack (Fire).
func (Rules) FireAP(a combat.APAttack, defs []combat.Defender, d combat.Dice) combat.APOutcome {
	return Fire(a, defs, d)
}

// Spend spends casualty points by the automatic allocation.
func (Rules) Spend(defs []combat.Defender, points int, d combat.Dice) combat.Spent {
	return Spend(defs, points, d)
}

// SpendOdds returns the exact odds of Spend.
func (Rules) SpendOdds(defs []combat.Defender, points int) []combat.FateOdds {
	return SpendOdds(defs, points)
}

// ValorCheck rolls 2d6 at or under the unit's valor number.
func (Rules) ValorCheck(name string, k units.Kind, cr int, d combat.Dice) (bool, string) {
	ok, _, line := Check2d6("valor check of "+name, ValorNumber(k, cr), 0, d)
	return ok, line
}

// RallyCheck rolls 2d6 plus the leader's modifier at or under the unit's
// rally number.
func (Rules) RallyCheck(name string, k units.Kind, elite bool, leader int, d combat.Dice) (bool, string) {
	ok, _, line := Check2d6("rally of "+name, RallyNumber(k, elite), leader, d)
	return ok, line
}

// PlanAssault checks a close assault and returns its odds out of 36.
func (Rules) PlanAssault(a combat.Assault) (combat.AssaultOdds, error) {
	if err := checkAssault(a); err != nil {
		return combat.AssaultOdds{}, err
	}
	r, kill := killOf(a)
	fixed, text := fixedPoints(a)
	return combat.AssaultOdds{Ratio: r, Kill: kill, SuccessWays: successWays(a), Total: 36,
		FixedPoints: fixed, PointsText: text}, nil
}

// AssaultModifiers returns the attacker's roll modifiers.
func (Rules) AssaultModifiers(a combat.Assault) []combat.Modifier { return assaultModifiers(a) }

// AttackerPointsOdds returns the distribution of the attackers' casualty
// points out of 36.
func (Rules) AttackerPointsOdds(a combat.Assault) ([]uint64, error) { return attackerPointsOdds(a) }

// ResolveAssault rolls a close assault.
func (Rules) ResolveAssault(a combat.Assault, d combat.Dice) combat.AssaultOutcome {
	return ResolveAssault(a, d)
}

// ImmobilizeInAssault rolls an AFV's immobilization in a failed assault.
func (Rules) ImmobilizeInAssault(name string, points int, d combat.Dice) (bool, string) {
	ok, _, line := Immobilize(name, points, d)
	return ok, line
}

// AssaultPointsOnAFV returns ImmobilizeUpTo.
func (Rules) AssaultPointsOnAFV() int { return ImmobilizeUpTo }
