package tohitkill

import (
	"slices"
	"testing"

	"hexfire/combat"
)

// mineAssault is German infantry (6 APFP) declaring a magnetic mine on a
// hex held by a Sherman and a squad (4 APFP) in 1944: 1-1, kill number 6.
func mineAssault() combat.Assault {
	return combat.Assault{Attack: 6, Defense: 4, Cover: 1, Defenders: 2, Attackers: 1, Vehicles: 1,
		Date: combat.Date{Year: 1944, Month: 8}, AttackerNation: "DE", Mine: combat.MineDeclared}
}

// mineWith returns mineAssault changed by f.
func mineWith(f func(a *combat.Assault)) combat.Assault {
	a := mineAssault()
	f(&a)
	return a
}

func TestMineCheckStepByStep(t *testing.T) {
	alone := mineWith(func(a *combat.Assault) { a.Defenders, a.Defense = 1, 2 }) // the Sherman alone: 3-1, kill number 9
	wherever := mineWith(func(a *combat.Assault) { a.Mine = combat.MineWherever })
	tests := []struct {
		name              string
		a                 combat.Assault
		faces             []int
		success, vehicles bool
		pinned            bool
		points            int
		steps             []string
	}{
		{"placed, not needed: 5 -3 = 2 takes the hex", mineAssault(), []int{3, 2, 3}, true, false, false, 3, []string{
			"magnetic mine check: rolled 3: a mine is placed (-3 to the assault)",
			"6 APFP against 4: 1-1, kill number 6",
			"needs 6 or less; rolled 5 -3 magnetic mine = 2: success, every defender eliminated"}},
		{"placed and needed: 9 -3 = 6 takes the Sherman alone", mineAssault(), []int{3, 4, 5}, false, true, false, 6, []string{
			"magnetic mine check: rolled 3: a mine is placed (-3 to the assault)",
			"6 APFP against 4: 1-1, kill number 6",
			"with the magnetic mine 9 -3 = 6: success against the vehicles alone, which are eliminated",
			"against the rest of the hex, without the mine: needs 6 or less; rolled 9: failure",
			"the attackers take 6 points (3 over the kill number, cover 1, 2 defenders, 0 uphill); the defenders take 1"}},
		{"the Sherman alone: 12 -3 = 9 is the mine's malfunction", alone, []int{2, 6, 6}, false, false, false, 5, []string{
			"magnetic mine check: rolled 2: a mine is placed (-3 to the assault)",
			"an original 12: the magnetic mine malfunctions, its -3 does not count"}},
		{"the Sherman alone: 11 -3 = 8 takes the hex", alone, []int{2, 5, 6}, true, false, false, 2, []string{
			"magnetic mine check: rolled 2: a mine is placed (-3 to the assault)",
			"6 APFP against 2: 3-1, kill number 9",
			"needs 9 or less; rolled 11 -3 magnetic mine = 8: success, every defender eliminated"}},
		{"the earlier reading: 9 -3 = 6 takes the hex", wherever, []int{3, 4, 5}, true, false, false, 3, []string{
			"magnetic mine check: rolled 3: a mine is placed (-3 to the assault)"}},
		{"no mine: 9 fails", mineAssault(), []int{5, 4, 5}, false, false, false, 6, []string{
			"magnetic mine check: rolled 5: no mine in position"}},
		{"pinned: 5 +1 = 6 succeeds", mineAssault(), []int{6, 2, 3}, true, false, true, 3, []string{
			"magnetic mine check: rolled 6: an original 6, the attackers are pinned (+1 to the assault)"}},
		{"original 12: the mine fails", mineAssault(), []int{1, 6, 6}, false, false, false, 9, []string{
			"magnetic mine check: rolled 1: a mine is placed (-3 to the assault)"}},
	}
	for _, tt := range tests {
		d := combat.NewFixedDice(tt.faces...)
		out := Ruleset{}.ResolveAssault(tt.a, d)
		if out.Err != nil || d.Err() != nil || d.Used() != 3 {
			t.Fatalf("%s: %v %v used %d", tt.name, out.Err, d.Err(), d.Used())
		}
		if out.Success != tt.success || out.VehiclesOnly != tt.vehicles || out.AttackersPinned != tt.pinned || out.AttackerPoints != tt.points {
			t.Errorf("%s: success %v vehicles only %v pinned %v points %d steps %q", tt.name, out.Success, out.VehiclesOnly, out.AttackersPinned, out.AttackerPoints, out.Steps)
		}
		steps := tt.steps
		if len(out.Steps) < len(steps) || !slices.Equal(out.Steps[:len(steps)], steps) {
			t.Errorf("%s: steps %q, want %q first", tt.name, out.Steps, steps)
		}
		if len(out.Rolls) != 2 || out.Rolls[0].Purpose != "magnetic mine check" || !slices.Equal(out.Rolls[1].Dice, tt.faces[1:]) {
			t.Errorf("%s: rolls %v", tt.name, out.Rolls)
		}
	}
	// No check: undeclared, the Allies (refused when declared), 1943
	// (refused), or a hex without vehicles (declared, but nothing to place
	// it on).
	for _, tt := range []struct {
		a       combat.Assault
		refused string
	}{
		{mineWith(func(a *combat.Assault) { a.Mine = combat.NoMine }), ""},
		{mineWith(func(a *combat.Assault) { a.Vehicles = 0 }), ""},
		{mineWith(func(a *combat.Assault) { a.AttackerNation = "US"; a.Mine = combat.MineWherever }), ""},
		{mineWith(func(a *combat.Assault) { a.AttackerNation = "US" }), "only German infantry carry magnetic mines, from 1944"},
		{mineWith(func(a *combat.Assault) { a.Date = combat.Date{Year: 1943, Month: 12} }), "only German infantry carry magnetic mines, from 1944"},
	} {
		d := combat.NewFixedDice(3, 4)
		out := (Ruleset{}).ResolveAssault(tt.a, d)
		_, planErr := (Ruleset{}).PlanAssault(tt.a)
		if tt.refused != "" {
			if out.Err == nil || out.Err.Error() != tt.refused || planErr == nil || planErr.Error() != tt.refused || d.Used() != 0 {
				t.Errorf("%+v: %v, plan %v, used %d; want refused", tt.a, out.Err, planErr, d.Used())
			}
			continue
		}
		if out.Err != nil || planErr != nil || d.Used() != 2 || out.Success || out.Steps[0] != "6 APFP against 4: 1-1, kill number 6" {
			t.Errorf("%+v: %+v, plan %v, used %d", tt.a, out, planErr, d.Used())
		}
	}
}

// TestMineOddsEqualEnumerate: the ways to take the hex, to take its
// vehicles alone and the attackers' points equal the enumerator's walk of
// ResolveAssault, for assaults across the kill numbers, with the mine
// declared on a hex of a Sherman and a squad and on the Sherman alone,
// and by the earlier reading.
func TestMineOddsEqualEnumerate(t *testing.T) {
	r := Ruleset{}
	uses := []struct {
		name                string
		mine                combat.MineUse
		defenders, vehicles int
	}{
		{"declared, Sherman and squad", combat.MineDeclared, 2, 1},
		{"declared, Sherman alone", combat.MineDeclared, 1, 1},
		{"earlier reading, Sherman and squad", combat.MineWherever, 2, 1},
	}
	vehicleWays := map[string]uint64{}
	for _, use := range uses {
		for attack := 1; attack <= 16; attack += 3 {
			for _, grenades := range []int{0, 1, 2} {
				a := mineAssault()
				a.Attack, a.AttackerGrenades = attack, grenades
				a.Mine, a.Defenders, a.Vehicles = use.mine, use.defenders, use.vehicles
				want, err := combat.Enumerate(func(d combat.Dice) combat.Outcome {
					out := r.ResolveAssault(a, d)
					es := []combat.Effect{{Kind: combat.AddState, State: "points", N: out.AttackerPoints}}
					if out.AttackersPinned {
						es = append(es, combat.Effect{Kind: combat.Pinned, On: combat.OnFirer})
					}
					if out.VehiclesOnly {
						es = append(es, combat.Effect{Kind: combat.Eliminated, On: combat.OnHex})
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
				var success, vehicles uint64
				wantPoints := make([]uint64, len(points))
				for _, w := range want.Outcomes {
					if w.Hit {
						success += w.Weight
					}
					if slices.ContainsFunc(w.Effects, func(e combat.Effect) bool { return e.Kind == combat.Eliminated }) {
						vehicles += w.Weight
					}
					n := w.Effects[0].N
					if n >= len(wantPoints) {
						t.Fatalf("%s, attack %d: %d points beyond the odds' %d", use.name, attack, n, len(points)-1)
					}
					wantPoints[n] += w.Weight * plan.Total / want.Total
				}
				if plan.Total != 216 || success*plan.Total != plan.SuccessWays*want.Total || vehicles*plan.Total != plan.VehicleWays*want.Total || !slices.Equal(points, wantPoints) {
					t.Errorf("%s, attack %d grenades %v: success %d/%d, enumerated %d/%d; vehicles alone %d, enumerated %d; points %v, enumerated %v",
						use.name, attack, grenades, plan.SuccessWays, plan.Total, success, want.Total, plan.VehicleWays, vehicles, points, wantPoints)
				}
				vehicleWays[use.name] += plan.VehicleWays
			}
		}
	}
	// Only a declared mine on a hex with others than vehicles takes the
	// vehicles alone.
	if vehicleWays["declared, Sherman and squad"] == 0 || vehicleWays["declared, Sherman alone"] != 0 || vehicleWays["earlier reading, Sherman and squad"] != 0 {
		t.Errorf("ways to take the vehicles alone: %v", vehicleWays)
	}
}
