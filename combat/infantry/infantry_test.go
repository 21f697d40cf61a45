package infantry

import (
	"math"
	"slices"
	"strings"
	"testing"

	"hexfire/combat"
	"hexfire/units"
)

func TestCasualtyPoints(t *testing.T) {
	tests := []struct {
		name       string
		apfp, roll int
		want       int
	}{
		{"text: 12 APFP roll 7", 12, 7, 2},
		{"text: 13 APFP roll 6", 13, 6, 3},
		{"text: 6 APFP roll 8", 6, 8, 0},
		{"text: 38 APFP roll 5", 38, 5, 6},
		{"row 1-4, roll under 2 reads the 2 column", 4, -1, 5},
		{"row 41+, roll under 2", 41, 0, 10},
		{"row 1-4, roll 2", 1, 2, 5},
		{"row 1-4, roll 6", 4, 6, 1},
		{"row 1-4, roll 7", 4, 7, 0},
		{"row 5-10 starts at 5", 5, 7, 1},
		{"row 19-28", 19, 9, 1},
		{"row 41+, roll 11", 41, 11, 1},
		{"row 41+, roll 12", 60, 12, 0},
		{"no firepower", 0, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := CasualtyPoints(tt.apfp, tt.roll); have != tt.want {
				t.Errorf("CasualtyPoints(%d, %d) = %d, want %d", tt.apfp, tt.roll, have, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		apfp int
		want string
	}{{4, "1-4"}, {10, "5-10"}, {18, "11-18"}, {28, "19-28"}, {40, "29-40"}, {41, "41+"}, {0, "none"}} {
		if have := RowName(tt.apfp); have != tt.want {
			t.Errorf("RowName(%d) = %q, want %q", tt.apfp, have, tt.want)
		}
	}
}

func TestModifiers(t *testing.T) {
	a := combat.APAttack{APFP: 9, Cover: 0, Hindrance: 1, Leader: -1, Grenades: 1, Opportunity: true, Adjacent: true}
	if have, want := combat.FormatModifiers(apModifiers(a)), " +1 hindrance -1 leader -1 grenades -1 no cover (opportunity fire) -2 adjacent (opportunity fire)"; have != want {
		t.Errorf("modifiers = %q, want %q", have, want)
	}
	woods := combat.APAttack{APFP: 9, Cover: 2, CoverName: "woods", Opportunity: true}
	if have := combat.SumModifiers(apModifiers(woods)); have != 2 {
		t.Errorf("opportunity fire at woods: modifiers %d, want +2 (no −1: the woods give cover)", have)
	}
	hedge := combat.APAttack{APFP: 9, Hindrance: 1, Opportunity: true, WallCover: true}
	if have := combat.SumModifiers(apModifiers(hedge)); have != 1 {
		t.Errorf("opportunity fire across a hedge of the target hex: modifiers %d, want +1 (no −1: the hedge gives cover)", have)
	}
	for _, tt := range []struct {
		a    combat.APAttack
		want string
	}{
		{combat.APAttack{APFP: 0}, "no AP firepower"},
		{combat.APAttack{APFP: 4, Grenades: 1}, "adjacent"},
		{combat.APAttack{APFP: 4, Leader: 1}, "negative"},
		{combat.APAttack{APFP: 4, Cover: -1}, "negative"},
	} {
		if err := checkAttack(tt.a); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%+v) = %v, want an error containing %q", tt.a, err, tt.want)
		}
	}
}

var (
	squad     = combat.Defender{Name: "squad", Kind: units.Squad, CR: 4, HalfCR: 2}
	squad5    = combat.Defender{Name: "squad5", Kind: units.Squad, CR: 5, HalfCR: 2}
	half      = combat.Defender{Name: "half", Kind: units.HalfSquad, CR: 2}
	leader    = combat.Defender{Name: "leader", Kind: units.Leader, CR: 1}
	jeep      = combat.Defender{Name: "jeep", Kind: units.Vehicle, CR: 3}
	gun       = combat.Defender{Name: "gun", Kind: units.Gun, CR: 3}
	pinnedSq  = combat.Defender{Name: "pinned squad", Kind: units.Squad, CR: 4, HalfCR: 2, Pinned: true}
	valorHalf = combat.Defender{Name: "valorous half", Kind: units.HalfSquad, CR: 2, Valorous: true}
)

func pinnedTo(d combat.Defender) combat.Defender { d.Pinned = true; return d }
func aboard(d combat.Defender, carrier int) combat.Defender {
	d.Carrier = carrier
	return d
}

// allocation is how the automatic allocation spends points, without the
// check dice: each defender's fate if every check die pins.
func allocation(defs []combat.Defender, points int) (pinnedIfChecked []combat.Fate, steps []string) {
	acts, steps := allocate(defs, points)
	checks := make([]bool, len(defs))
	for i := range checks {
		checks[i] = true
	}
	return fates(defs, acts, checks), steps
}

func TestAllocation(t *testing.T) {
	tests := []struct {
		name   string
		defs   []combat.Defender
		points int
		want   []combat.Fate // with every check die pinning
	}{
		{"no points", []combat.Defender{squad}, 0, []combat.Fate{combat.FateUntouched}},
		{"one pin", []combat.Defender{squad, half}, 1, []combat.Fate{combat.FatePinned, combat.FateUntouched}},
		{"pins cover the total", []combat.Defender{squad, half}, 2, []combat.Fate{combat.FatePinned, combat.FatePinned}},
		{"pins do not cover: reduce the squad", []combat.Defender{squad}, 2, []combat.Fate{combat.FateReduced}},
		{"reduce and pin for 3", []combat.Defender{squad}, 3, []combat.Fate{combat.FateReducedPinned}},
		{"4 points on a squad: eliminated", []combat.Defender{squad}, 4, []combat.Fate{combat.FateEliminated}},
		{"3 points on squad and leader: reduce, pin the leader", []combat.Defender{squad, leader, half}, 4, []combat.Fate{combat.FateReduced, combat.FatePinned, combat.FatePinned}},
		{"3 on two squads: one reduced and pinned, the other untouched", []combat.Defender{squad, squad}, 3, []combat.Fate{combat.FateUntouched, combat.FateReducedPinned}},
		{"5 on a squad and a half squad: least CR lost", []combat.Defender{squad, half}, 5, []combat.Fate{combat.FateReducedPinned, combat.FateEliminated}},
		{"squad 5-2: reduce costs 3", []combat.Defender{squad5}, 3, []combat.Fate{combat.FateReduced}},
		{"pinned unit: only unpinned take points", []combat.Defender{pinnedSq, squad}, 2, []combat.Fate{combat.FateUntouched, combat.FateReduced}},
		{"pinned unit eliminated when the others cannot absorb", []combat.Defender{pinnedSq, half}, 5, []combat.Fate{combat.FateEliminated, combat.FatePinned}},
		{"more than the hex can take is lost", []combat.Defender{half, leader}, 9, []combat.Fate{combat.FateEliminated, combat.FateEliminated}},
		{"valor ignores the first point", []combat.Defender{valorHalf}, 1, []combat.Fate{combat.FateUntouched}},
		{"valor: the rest goes to that unit first", []combat.Defender{squad, valorHalf}, 2, []combat.Fate{combat.FateUntouched, combat.FatePinned}},
		{"valor then pins", []combat.Defender{squad, valorHalf}, 3, []combat.Fate{combat.FatePinned, combat.FatePinned}},
		{"vehicle: 1 pins", []combat.Defender{jeep}, 1, []combat.Fate{combat.FatePinned}},
		{"vehicle: 2..CR checks", []combat.Defender{jeep}, 3, []combat.Fate{combat.FatePinned}},
		{"vehicle: more than CR destroys", []combat.Defender{jeep}, 4, []combat.Fate{combat.FateEliminated}},
		{"pinned vehicle destroyed at its CR", []combat.Defender{pinnedTo(jeep)}, 3, []combat.Fate{combat.FateEliminated}},
		{"passengers pinned with their vehicle", []combat.Defender{jeep, aboard(half, 1)}, 1, []combat.Fate{combat.FatePinned, combat.FatePinned}},
		{"passengers destroyed with their vehicle", []combat.Defender{jeep, aboard(half, 1)}, 6, []combat.Fate{combat.FateEliminated, combat.FateEliminated}},
		{"shielded Gun ignores the first point", []combat.Defender{{Name: "gun", Kind: units.Gun, CR: 3, Shielded: true}}, 2, []combat.Fate{combat.FatePinned}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, steps := allocation(tt.defs, tt.points)
			if !slices.Equal(have, tt.want) {
				t.Errorf("allocation(%d) = %v, want %v (steps %q)", tt.points, have, tt.want, steps)
			}
		})
	}
}

func TestSpendVehicleCheck(t *testing.T) {
	tests := []struct {
		die  int
		want combat.Fate
	}{{3, combat.FatePinned}, {4, combat.FateEliminated}}
	for _, tt := range tests {
		sp := Spend([]combat.Defender{gun, half}, 3, combat.NewFixedDice(tt.die))
		if sp.Fates[0] != tt.want || len(sp.Rolls) != 1 {
			t.Errorf("Gun CR 3 and a half squad, 3 points, die %d: %v with %d rolls, want %v after one die (%q)", tt.die, sp.Fates, len(sp.Rolls), tt.want, sp.Steps)
		}
	}
}

// every returns the weight of each fate list under Spend on every face.
func everySpend(defs []combat.Defender, points int) map[string]uint64 {
	out := map[string]uint64{}
	vehicles := 0
	for _, d := range defs {
		if d.Vehicle() {
			vehicles++
		}
	}
	n := 1
	for range vehicles {
		n *= 6
	}
	for seq := range n {
		faces := make([]int, vehicles)
		x := seq
		for i := range faces {
			faces[i] = 1 + x%6
			x /= 6
		}
		d := combat.NewFixedDice(faces...)
		sp := Spend(defs, points, d)
		out[fatesKey(sp.Fates)]++
	}
	return out
}

func TestSpendOddsMatchEveryFace(t *testing.T) {
	hexes := [][]combat.Defender{
		{jeep, aboard(squad, 1)},
		{gun, jeep},
		{squad, half, leader},
		{pinnedTo(gun), squad},
	}
	for hi, defs := range hexes {
		for points := 0; points <= MaxCasualtyPoints; points++ {
			want := everySpend(defs, points)
			have := map[string]uint64{}
			for _, e := range SpendOdds(defs, points) {
				have[fatesKey(e.Fates)] += e.Weight
			}
			for k, w := range want {
				if have[k] != w {
					t.Errorf("hex %d, %d points, fates %q: SpendOdds weight %d, every face %d", hi, points, k, have[k], w)
				}
			}
			if len(have) != len(want) {
				t.Errorf("hex %d, %d points: SpendOdds has %d effects, every face %d", hi, points, len(have), len(want))
			}
		}
	}
}

func TestFireOddsSumAndMatchSeededSample(t *testing.T) {
	const n = 40000
	tests := []struct {
		a    combat.APAttack
		defs []combat.Defender
	}{
		{combat.APAttack{APFP: 12, Cover: 2, CoverName: "woods"}, []combat.Defender{squad, leader}},
		{combat.APAttack{APFP: 4, Opportunity: true, Adjacent: true}, []combat.Defender{jeep, aboard(half, 1)}},
		{combat.APAttack{APFP: 30, Hindrance: 1, Leader: -1}, []combat.Defender{gun, squad}},
	}
	for i, tt := range tests {
		o, err := FireOdds(tt.a, tt.defs)
		if err != nil {
			t.Fatal(err)
		}
		var sum, psum uint64
		for _, e := range o.Fates {
			sum += e.Weight
		}
		for _, w := range o.Points {
			psum += w
		}
		if sum != o.Total || psum != 36 {
			t.Fatalf("attack %d: effect weights sum to %d of %d, points to %d of 36", i, sum, o.Total, psum)
		}
		d := combat.NewSeededDice(uint64(500 + i))
		count := map[string]int{}
		for range n {
			out := Fire(tt.a, tt.defs, d)
			count[fatesKey(out.Fates)]++
		}
		for _, e := range o.Fates {
			p := e.Probability(o.Total)
			tol := 5*math.Sqrt(p*(1-p)/n) + 1e-9
			if have := float64(count[fatesKey(e.Fates)]) / n; math.Abs(have-p) > tol {
				t.Errorf("attack %d, fates %v: sampled %.4f, odds %.4f (tolerance %.4f)", i, e.Fates, have, p, tol)
			}
			delete(count, fatesKey(e.Fates))
		}
		if len(count) > 0 {
			t.Errorf("attack %d: the resolver produced effects the odds do not list: %v", i, count)
		}
	}
}

func TestFireSteps(t *testing.T) {
	out := Fire(combat.APAttack{APFP: 13, Cover: 0, Leader: -1}, []combat.Defender{squad, half}, combat.NewFixedDice(3, 4))
	want := []string{"13 APFP (row 11-18); rolled 7 -1 leader = 6: 3 casualty points", "squad reduced to a half squad (2)", "half pinned (1)"}
	if !slices.Equal(out.Steps, want) || out.Points != 3 {
		t.Errorf("steps = %q (points %d), want %q", out.Steps, out.Points, want)
	}
}

func TestOddsRatioAndKillNumber(t *testing.T) {
	tests := []struct {
		a, d  int
		ratio string
		kill  int
	}{
		{13, 11, "1-1", 6}, {11, 13, "1-1", 6}, {4, 9, "1-2", 5}, {3, 10, "1-3", 4}, {1, 9, "1-4", 3},
		{22, 11, "2-1", 8}, {9, 3, "3-1", 9}, {30, 2, "4-1", 10}, {5, 0, "4-1", 10},
	}
	for _, tt := range tests {
		r := OddsRatio(tt.a, tt.d)
		if r.String() != tt.ratio || KillNumber(r) != tt.kill {
			t.Errorf("%d vs %d: %s kill %d, want %s kill %d", tt.a, tt.d, r, KillNumber(r), tt.ratio, tt.kill)
		}
	}
}

// The spec's example: 13 vs 11 → 1-1, kill 6, −1 defending leader → 5;
// roll 7 −1 leader −1 grenades = 5: success; 3 (building) + 3 defenders.
func TestAssaultExample(t *testing.T) {
	a := combat.Assault{Attack: 13, Defense: 11, DefenderLeader: -1, AttackerLeader: -1, AttackerGrenades: 1,
		Cover: 3, Defenders: 3, Attackers: 3}
	o := ResolveAssault(a, combat.NewFixedDice(3, 4))
	if o.Err != nil || o.Ratio.String() != "1-1" || o.Kill != 5 || o.Total != 5 || !o.Success || o.AttackerPoints != 6 || o.DefenderPoints != 0 {
		t.Errorf("assault = %+v, want 1-1, kill 5, total 5, success, attackers take 6", o)
	}
	fail := ResolveAssault(a, combat.NewFixedDice(5, 5))
	if fail.Success || fail.AttackerPoints != (8-5)+3+3 || fail.DefenderPoints != 3 {
		t.Errorf("failed assault = %+v, want attackers 9 points, defenders 3", fail)
	}
	if have := successWays(a); have != 21 {
		t.Errorf("SuccessWays = %d, want 21 (rolls of 7 or less with −2)", have)
	}
}

// TestAssaultOddsMatchResolve resolves each assault with every one of the
// 36 rolls and checks that AttackerPointsOdds and SuccessWays count the
// same points and successes.
func TestAssaultOddsMatchResolve(t *testing.T) {
	tests := []struct {
		name string
		a    combat.Assault
	}{
		{"spec example", combat.Assault{Attack: 13, Defense: 11, DefenderLeader: -1, AttackerLeader: -1, AttackerGrenades: 1,
			Cover: 3, Defenders: 3, Attackers: 3}},
		{"4-1 uphill", combat.Assault{Attack: 30, Defense: 2, Cover: 1, Defenders: 1, Attackers: 2, Uphill: 1}},
		{"1-4 with defenders' grenades", combat.Assault{Attack: 1, Defense: 9, DefenderLeader: -2, DefenderGrenades: 1,
			Defenders: 2, Attackers: 1}},
		{"only pinned defenders", combat.Assault{Attack: 5, Cover: 2, Attackers: 1, Uphill: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			odds, err := attackerPointsOdds(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			var want []uint64
			var successes uint64
			for x := 1; x <= 6; x++ {
				for y := 1; y <= 6; y++ {
					d := combat.NewFixedDice(x, y)
					o := ResolveAssault(tt.a, d)
					if o.Err != nil {
						t.Fatalf("roll %d+%d: %v", x, y, o.Err)
					}
					if tt.a.Defenders == 0 && (d.Used() != 0 || !o.Success || o.AttackerPoints != 0) {
						t.Errorf("no unpinned defender: %d dice, success %v, %d points; want no roll, success, 0 points",
							d.Used(), o.Success, o.AttackerPoints)
					}
					for len(want) <= o.AttackerPoints {
						want = append(want, 0)
					}
					want[o.AttackerPoints]++
					if o.Success {
						successes++
					}
				}
			}
			if !slices.Equal(odds, want) {
				t.Errorf("AttackerPointsOdds = %v, want %v", odds, want)
			}
			if have := successWays(tt.a); have != successes {
				t.Errorf("SuccessWays = %d, want %d", have, successes)
			}
		})
	}
	if _, err := attackerPointsOdds(combat.Assault{Attackers: 1, Defenders: 1}); err == nil {
		t.Errorf("AttackerPointsOdds of an assault without firepower: no error, want Check's")
	}
}

func TestImmobilize(t *testing.T) {
	tests := []struct {
		points, die int
		want        bool
		rolls       int
	}{{1, 1, true, 1}, {1, 2, false, 1}, {2, 2, true, 1}, {3, 6, true, 0}, {5, 6, true, 0}}
	for _, tt := range tests {
		ok, rolls, _ := Immobilize("tank", tt.points, combat.NewFixedDice(tt.die))
		if ok != tt.want || len(rolls) != tt.rolls {
			t.Errorf("Immobilize(%d points, die %d) = %v with %d rolls, want %v with %d", tt.points, tt.die, ok, len(rolls), tt.want, tt.rolls)
		}
	}
}

func TestValorAndRallyNumbers(t *testing.T) {
	if ValorNumber(units.Leader, 1) != 6 || ValorNumber(units.Squad, 4) != 4 {
		t.Errorf("valor numbers: leader %d, squad CR 4 %d; want 6 and 4", ValorNumber(units.Leader, 1), ValorNumber(units.Squad, 4))
	}
	tests := []struct {
		k     units.Kind
		elite bool
		want  int
	}{{units.Squad, false, 6}, {units.HalfSquad, true, 7}, {units.Leader, false, 7}, {units.Vehicle, false, 7}, {units.Gun, false, 7}}
	for _, tt := range tests {
		if have := RallyNumber(tt.k, tt.elite); have != tt.want {
			t.Errorf("RallyNumber(%v, elite %v) = %d, want %d", tt.k, tt.elite, have, tt.want)
		}
	}
	ok, _, line := Check2d6("rally", 6, -1, combat.NewFixedDice(3, 4))
	if !ok || line != "rally: needs 6 or less, rolled 7 -1 leader = 6: success" {
		t.Errorf("Check2d6 = %v %q", ok, line)
	}
}

func BenchmarkFireOdds(b *testing.B) {
	defs := []combat.Defender{jeep, aboard(squad, 1), aboard(half, 1), squad}
	a := combat.APAttack{APFP: 20, Cover: 1}
	for b.Loop() {
		if _, err := FireOdds(a, defs); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFireOddsEqualTheEnumerator walks every dice sequence of Fire with the
// engine's enumerator and compares, weight for weight, the fates of the
// defenders and the casualty points with FireOdds' closed form.
func TestFireOddsEqualTheEnumerator(t *testing.T) {
	attacks := []combat.APAttack{
		{APFP: 12, Cover: 2, CoverName: "woods"},
		{APFP: 4, Opportunity: true, Adjacent: true},
		{APFP: 30, Hindrance: 1, Leader: -1},
		{APFP: 45, Grenades: 1, Adjacent: true},
		{APFP: 1, Cover: 3},
	}
	groups := [][]combat.Defender{{squad, leader}, {jeep, aboard(half, 1)}, {gun, squad}, {pinnedSq, valorHalf, gun}, {squad5}}
	// asOutcome writes fates (or the points) as effects, so that the
	// enumerator can tell outcomes apart.
	asOutcome := func(points int, fates []combat.Fate, byPoints bool) combat.Outcome {
		if byPoints {
			return combat.Outcome{Effects: []combat.Effect{{Kind: combat.AddState, State: "points", N: points}}}
		}
		var o combat.Outcome
		for i, f := range fates {
			o.Effects = append(o.Effects, combat.Effect{Kind: combat.AddState, State: f.String(), N: i + 1})
		}
		return o
	}
	for _, a := range attacks {
		for _, defs := range groups {
			closed, err := FireOdds(a, defs)
			if err != nil {
				t.Fatal(err)
			}
			for _, byPoints := range []bool{false, true} {
				want := combat.Odds{Total: closed.Total}
				if byPoints {
					want.Total = closed.PointsTotal
					for n, w := range closed.Points {
						if w > 0 {
							want.Outcomes = append(want.Outcomes, combat.WeightedOutcome{Effects: asOutcome(n, nil, true).Effects, Weight: w})
						}
					}
				} else {
					for _, e := range closed.Fates {
						want.Outcomes = append(want.Outcomes, combat.WeightedOutcome{Effects: asOutcome(0, e.Fates, false).Effects, Weight: e.Weight})
					}
				}
				walked, err := combat.Enumerate(func(d combat.Dice) combat.Outcome {
					o := Fire(a, defs, d)
					return asOutcome(o.Points, o.Fates, byPoints)
				})
				if err != nil {
					t.Fatal(err)
				}
				if err := combat.EqualOdds(want, walked); err != nil {
					t.Errorf("%+v on %d defenders (by points %v): %v", a, len(defs), byPoints, err)
				}
			}
		}
	}
}

// TestGrenadesPerUnit: each unit of an attack may use one grenade counter
// (rules 12.52), each −1 to the attack's roll, or to the assaulter's kill
// number when defenders throw them; a negative count is refused.
func TestGrenadesPerUnit(t *testing.T) {
	two := combat.APAttack{APFP: 6, Grenades: 2, Adjacent: true}
	if have, want := combat.FormatModifiers(apModifiers(two)), " -2 grenades"; have != want {
		t.Errorf("AP modifiers with 2 grenades = %q, want %q", have, want)
	}
	if err := checkAttack(combat.APAttack{APFP: 6, Grenades: -1, Adjacent: true}); err == nil {
		t.Errorf("-1 grenades: want an error")
	}
	a := combat.Assault{Attack: 8, Defense: 8, Attackers: 2, Defenders: 3, AttackerGrenades: 2, DefenderGrenades: 3}
	r, kill := killOf(a)
	if want := KillNumber(r) - 3; kill != want {
		t.Errorf("kill number with 3 defenders' grenades = %d, want %d", kill, want)
	}
	if have, want := combat.FormatModifiers(assaultModifiers(a)), " -2 grenades"; have != want {
		t.Errorf("assault modifiers with 2 grenades = %q, want %q", have, want)
	}
	if line := killLine(a, r, kill); !strings.Contains(line, "-3 defenders' grenades") {
		t.Errorf("kill line %q, want the defenders' -3", line)
	}
	if err := checkAssault(combat.Assault{Attack: 8, Defense: 8, Attackers: 2, AttackerGrenades: -1}); err == nil {
		t.Errorf("-1 attacker grenades: want an error")
	}
	// No magnetic mines in the default close assault; the earlier reading a
	// replayed battle follows is no declaration, and passes.
	if err := checkAssault(combat.Assault{Attack: 8, Defense: 8, Attackers: 2, Mine: combat.MineDeclared}); err == nil || err.Error() != "this ruleset has no magnetic mines" {
		t.Errorf("a declared mine: %v, want refused", err)
	}
	if err := checkAssault(combat.Assault{Attack: 8, Defense: 8, Attackers: 2, Mine: combat.MineWherever}); err != nil {
		t.Errorf("mines wherever: %v", err)
	}
}

// TestCrossfireModifier: each fire lane marker past the first in a hex
// takes 1 from the lane's attack (rules 13.91); a negative count is
// refused.
func TestCrossfireModifier(t *testing.T) {
	a := combat.APAttack{APFP: 4, Crossfire: 2}
	if have, want := combat.FormatModifiers(apModifiers(a)), " -2 crossfire"; have != want {
		t.Errorf("modifiers %q, want %q", have, want)
	}
	if err := checkAttack(combat.APAttack{APFP: 4, Crossfire: -1}); err == nil {
		t.Error("a negative crossfire was accepted")
	}
}
