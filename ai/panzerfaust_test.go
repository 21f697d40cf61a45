package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/combat/tohitkill"
	"hexfire/maps"
)

// TestOpponentFiresCarriedPanzerfausts: with no Panzerfausts in the pool,
// the German opponent fires the one its squad carries under tohit-tokill
// (its check rolled first) at a Sherman two hexes away where the date lets
// it reach that far, and not where it does not; the default ruleset arms
// only from the pool (issue 37, fault 13).
func TestOpponentFiresCarriedPanzerfausts(t *testing.T) {
	tests := []struct {
		name, rules, date string
		fires             bool
	}{
		{"December 1944, 2 hexes", tohitkill.Name, "1944-12", true},
		{"May 1944: 1 hex only", tohitkill.Name, "1944-05", false},
		{"the default ruleset, no pool", "elimination", "1944-12", false},
	}
	for _, tt := range tests {
		b := fixture{rules: tt.rules, grid: openMap, props: map[string]string{"date": tt.date}, units: []unitAt{
			{"German Rifle Squad", maps.Axis, "C3", 0, ""},
			{"M4A3E8", maps.Allies, "C1", 3, ""},
		}}.battle(t)
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.FirePhase && b.Acting() == maps.Axis })
		o, why := ask(mustOpponent(t, b), b)
		f, ok := o.(battle.Fire)
		if got := ok && f.Panzerfaust && f.Target == 2; got != tt.fires {
			t.Errorf("%s: the opponent gives %#v (%s), want a Panzerfaust fired %t", tt.name, o, why, tt.fires)
			continue
		}
		if _, err := b.Apply(o); err != nil {
			t.Errorf("%s: %#v refused: %v", tt.name, o, err)
		}
	}
}

// TestOpponentFiresFromABuilding: under tohit-tokill a German squad in a
// building fires the Panzerfaust it carries at the adjacent Sherman in
// Defensive Fire: in desperation, waiving the backblast's +2, when it
// stands alone (a hit 33 in 36 against 26, for 1 in 6 of a casualty and 1
// in 6 of a pin); as a plain shot with the +2 when two more squads share
// its hex, whom the backblast would strike too (issue 37, fault 14).
func TestOpponentFiresFromABuilding(t *testing.T) {
	const grid = `
. . . . . . . .
. . . . . . . .
. . B . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	for _, squads := range []int{0, 2} {
		units := []unitAt{
			{"German Rifle Squad", maps.Axis, "C3", 0, ""},
			{"M4A3E8", maps.Allies, "C2", 3, ""},
		}
		for range squads {
			units = append(units, unitAt{"German Rifle Squad", maps.Axis, "C3", 0, ""})
		}
		b := fixture{rules: tohitkill.Name, grid: grid, props: map[string]string{"date": "1944-08"}, units: units}.battle(t)
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.DefensiveFire && b.Acting() == maps.Axis })
		o, why := ask(mustOpponent(t, b), b)
		f, ok := o.(battle.Fire)
		if !ok || f.Unit != 1 || f.Target != 2 || !f.Panzerfaust || f.Desperation != (squads == 0) {
			t.Errorf("%d more squads in the hex: the opponent gives %#v (%s), want the squad's Panzerfaust fired at the Sherman, in desperation %t", squads, o, why, squads == 0)
			continue
		}
		if _, err := b.Apply(o); err != nil {
			t.Errorf("%d more squads: %#v refused: %v", squads, o, err)
		}
	}
}
