package infantry

import (
	"slices"
	"strings"
	"testing"

	"hexfire/combat"
)

// The owner of the hit units chooses among the rules' legal ways of
// spending the casualty points, the automatic one listed first.
func TestAllocationsAreTheRulesLegalChoices(t *testing.T) {
	squadB := squad
	squadB.Name = "squad B"
	tests := []struct {
		name   string
		defs   []combat.Defender
		points int
		want   [][]combat.Loss
	}{
		{"pins cover the total: which units to pin", []combat.Defender{squad, squadB}, 1,
			[][]combat.Loss{{aPin, aNone}, {aNone, aPin}}},
		{"pins cannot cover: reductions first, then pins", []combat.Defender{squad, squadB}, 3,
			[][]combat.Loss{{aNone, aReducePin}, {aPin, aReduce}, {aReduce, aPin}, {aReducePin, aNone}}},
		{"no unit takes a heavier share than the points need", []combat.Defender{squad, squadB}, 5,
			[][]combat.Loss{{aReduce, aReducePin}, {aPin, aEliminate}, {aReducePin, aReduce}, {aEliminate, aPin}}},
		{"more than the hex absorbs eliminates everything", []combat.Defender{squad, leader}, 6,
			[][]combat.Loss{{aEliminate, aEliminate}}},
		{"a valorous unit ignores the first point and must take the rest", []combat.Defender{squad, valorHalf}, 2,
			[][]combat.Loss{{aNone, aPin}}},
		{"a vehicle checks, is pinned with its passenger reduced, or the passenger falls", []combat.Defender{jeep, aboard(squad, 1)}, 3,
			[][]combat.Loss{{aPin, aReduce}, {aNone, aEliminate}, {aCheck, aNone}}},
		{"no destruction where a check and a reduction spend the total", []combat.Defender{jeep, aboard(squad, 1)}, 5,
			[][]combat.Loss{{aPin, aEliminate}, {aCheck, aReduce}}},
		{"a destroyed vehicle takes its passengers with it", []combat.Defender{jeep, aboard(leader, 1)}, 5,
			[][]combat.Loss{{aDestroy, aNone}}},
		{"pinned units take points only when the unpinned cannot", []combat.Defender{pinnedSq, leader}, 2,
			[][]combat.Loss{{aEliminate, aNone}}},
		{"no points: nothing to choose", []combat.Defender{squad}, 0, [][]combat.Loss{{aNone}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Allocations(tt.defs, tt.points)
			auto, _ := allocate(tt.defs, tt.points)
			if !slices.Equal(got[0], auto) {
				t.Errorf("first choice %v, want the automatic %v", got[0], auto)
			}
			if !sameSet(got, tt.want) {
				t.Errorf("Allocations = %v, want %v (any order)", got, tt.want)
			}
		})
	}
}

// sameSet compares two lists of allocations as sets.
func sameSet(a, b [][]combat.Loss) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.ContainsFunc(b, func(y []combat.Loss) bool { return slices.Equal(x, y) }) {
			return false
		}
	}
	return true
}

// The automatic allocation is always one of the legal choices: it is the
// default the dialog offers first and the one the computer makes.
func TestAutomaticAllocationIsLegal(t *testing.T) {
	hexes := [][]combat.Defender{
		{squad, squad5, half, leader}, {squad, valorHalf, pinnedSq}, {jeep, aboard(squad, 1), aboard(leader, 1)},
		{gun, half}, {pinnedTo(jeep), aboard(half, 1)}, {pinnedTo(gun), squad}, {jeep, gun}, {pinnedSq, pinnedTo(leader)},
	}
	for _, defs := range hexes {
		for points := 0; points <= MaxCasualtyPoints; points++ {
			auto, _ := allocate(defs, points)
			if legal := legalAllocations(defs, points); !slices.ContainsFunc(legal, func(c []combat.Loss) bool { return slices.Equal(c, auto) }) {
				t.Errorf("%d points on %v: automatic %v not among the legal %v", points, names(defs), auto, legal)
			}
		}
	}
}

func names(defs []combat.Defender) []string {
	var ns []string
	for _, d := range defs {
		ns = append(ns, d.Name)
	}
	return ns
}

// SpendAs carries out the owner's choice, rolling a vehicle's check, and
// refuses a choice the rules do not allow, naming it.
func TestSpendAsTheOwnerChose(t *testing.T) {
	squadB := squad
	squadB.Name = "squad B"
	sp, err := SpendAs([]combat.Defender{squad, squadB}, 3, []combat.Loss{aPin, aReduce}, combat.NewFixedDice())
	if err != nil {
		t.Fatal(err)
	}
	if want := []combat.Fate{combat.FatePinned, combat.FateReduced}; !slices.Equal(sp.Fates, want) {
		t.Errorf("fates %v, want %v", sp.Fates, want)
	}
	sp, err = SpendAs([]combat.Defender{jeep, aboard(squad, 1)}, 3, []combat.Loss{aCheck, aNone}, combat.NewFixedDice(4))
	if err != nil {
		t.Fatal(err)
	}
	if want := []combat.Fate{combat.FateEliminated, combat.FateEliminated}; !slices.Equal(sp.Fates, want) || len(sp.Rolls) != 1 {
		t.Errorf("jeep checks on CR 3 and rolls 4: fates %v (rolls %v), want %v", sp.Fates, sp.Rolls, want)
	}
	for _, bad := range []struct {
		choice []combat.Loss
		want   string
	}{
		{[]combat.Loss{aEliminate, aNone}, "squad eliminated is not a legal way to spend 1 casualty point"},
		{[]combat.Loss{aPin}, "the allocation names 1 units; the hex has 2"},
	} {
		_, err := SpendAs([]combat.Defender{squad, squadB}, 1, bad.choice, combat.NewFixedDice())
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("SpendAs(%v) = %v, want an error saying %q", bad.choice, err, bad.want)
		}
	}
}

// RollAP rolls the attack alone; Fire is RollAP followed by Spend.
func TestRollAPThenSpendIsFire(t *testing.T) {
	a := combat.APAttack{APFP: 13, Leader: -1}
	defs := []combat.Defender{squad, half}
	whole := Fire(a, defs, combat.NewFixedDice(3, 4))
	rolled := RollAP(a, combat.NewFixedDice(3, 4))
	if rolled.Points != whole.Points || rolled.Fates != nil || rolled.Err != nil {
		t.Fatalf("RollAP = %+v, want %d points and no fates", rolled, whole.Points)
	}
	sp, err := SpendAs(defs, rolled.Points, Allocations(defs, rolled.Points)[0], combat.NewFixedDice())
	if err != nil || !slices.Equal(sp.Fates, whole.Fates) {
		t.Errorf("SpendAs the automatic choice = %v (%v), want Fire's %v", sp.Fates, err, whole.Fates)
	}
}
