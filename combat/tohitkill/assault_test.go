package tohitkill

import (
	"slices"
	"testing"

	"hexfire/combat"
)

// mineAssault is German infantry (6 APFP) assaulting a hex held by a
// Sherman and a squad (4 APFP) in 1944: 1-1, kill number 6.
func mineAssault() combat.Assault {
	return combat.Assault{Attack: 6, Defense: 4, Cover: 1, Defenders: 2, Attackers: 1,
		Date: combat.Date{Year: 1944, Month: 8}, AttackerNation: "DE", Vehicles: true}
}

func TestMineCheckStepByStep(t *testing.T) {
	tests := []struct {
		name    string
		faces   []int
		success bool
		pinned  bool
		points  int
		first   string
	}{
		{"placed: 9 -3 = 6 succeeds", []int{3, 4, 5}, true, false, 3, "magnetic mine check: rolled 3: a mine is placed (-3 to the assault)"},
		{"no mine: 9 fails", []int{5, 4, 5}, false, false, 6, "magnetic mine check: rolled 5: no mine in position"},
		{"pinned: 5 +1 = 6 succeeds", []int{6, 2, 3}, true, true, 3, "magnetic mine check: rolled 6: an original 6, the attackers are pinned (+1 to the assault)"},
		{"original 12: the mine fails", []int{1, 6, 6}, false, false, 9, "magnetic mine check: rolled 1: a mine is placed (-3 to the assault)"},
	}
	for _, tt := range tests {
		d := combat.NewFixedDice(tt.faces...)
		out := Ruleset{}.ResolveAssault(mineAssault(), d)
		if out.Err != nil || d.Err() != nil || d.Used() != 3 {
			t.Fatalf("%s: %v %v used %d", tt.name, out.Err, d.Err(), d.Used())
		}
		if out.Success != tt.success || out.AttackersPinned != tt.pinned || out.AttackerPoints != tt.points || out.Steps[0] != tt.first {
			t.Errorf("%s: success %v pinned %v points %d steps %q", tt.name, out.Success, out.AttackersPinned, out.AttackerPoints, out.Steps)
		}
		if len(out.Rolls) != 2 || out.Rolls[0].Purpose != "magnetic mine check" {
			t.Errorf("%s: rolls %v", tt.name, out.Rolls)
		}
	}
	// No check: the Allies, 1943, or a hex without vehicles.
	for _, a := range []combat.Assault{
		func() combat.Assault { a := mineAssault(); a.AttackerNation = "US"; return a }(),
		func() combat.Assault { a := mineAssault(); a.Date = combat.Date{Year: 1943, Month: 12}; return a }(),
		func() combat.Assault { a := mineAssault(); a.Vehicles = false; return a }(),
	} {
		d := combat.NewFixedDice(3, 4)
		if out := (Ruleset{}).ResolveAssault(a, d); out.Err != nil || d.Used() != 2 || out.Success {
			t.Errorf("%+v: %+v used %d", a, out, d.Used())
		}
	}
}

// TestMineOddsEqualEnumerate: the success ways and the attackers' points
// equal the enumerator's walk of ResolveAssault, for assaults across the
// kill numbers.
func TestMineOddsEqualEnumerate(t *testing.T) {
	r := Ruleset{}
	for attack := 1; attack <= 16; attack += 3 {
		for _, grenades := range []int{0, 1, 2} {
			a := mineAssault()
			a.Attack, a.AttackerGrenades = attack, grenades
			want, err := combat.Enumerate(func(d combat.Dice) combat.Outcome {
				out := r.ResolveAssault(a, d)
				es := []combat.Effect{{Kind: combat.AddState, State: "points", N: out.AttackerPoints}}
				if out.AttackersPinned {
					es = append(es, combat.Effect{Kind: combat.Pinned, On: combat.OnFirer})
				}
				return combat.Outcome{Hit: out.Success, Effects: es, Err: out.Err}
			})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := r.PlanAssault(a)
			if err != nil {
				t.Fatal(err)
			}
			points, err := r.AttackerPointsOdds(a)
			if err != nil {
				t.Fatal(err)
			}
			var success uint64
			wantPoints := make([]uint64, len(points))
			for _, w := range want.Outcomes {
				if w.Hit {
					success += w.Weight
				}
				n := w.Effects[0].N
				if n >= len(wantPoints) {
					t.Fatalf("attack %d: %d points beyond the odds' %d", attack, n, len(points)-1)
				}
				wantPoints[n] += w.Weight * plan.Total / want.Total
			}
			if plan.Total != 216 || success*plan.Total != plan.SuccessWays*want.Total || !slices.Equal(points, wantPoints) {
				t.Errorf("attack %d grenades %v: success %d/%d, enumerated %d/%d; points %v, enumerated %v",
					attack, grenades, plan.SuccessWays, plan.Total, success, want.Total, points, wantPoints)
			}
		}
	}
}
