package game

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	_ "hexfire/combat/elimination" // the default ruleset, registered for every test battle
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// infantryScene: two US squads and a leader in B3, a US tank in A3; in
// C3 (adjacent to B3) a German squad and a Tiger, in E3 a German squad
// alone. The Allies have two grenades.
func infantryScene(t *testing.T, seed uint64) *battle.Battle {
	t.Helper()
	return seededBattle(t, board.DefaultLayout, map[string]string{"grenades_allies": "2"}, seed,
		placed{"US Rifle Squad", maps.Allies, "B3", 0},   // 1
		placed{"US Rifle Squad", maps.Allies, "B3", 0},   // 2
		placed{"US Leader", maps.Allies, "B3", 0},        // 3
		placed{"M4A3E8", maps.Allies, "A3", board.DirSE}, // 4
		placed{"German Rifle Squad", maps.Axis, "C3", 0}, // 5
		placed{"Tiger I", maps.Axis, "C3", board.DirNW},  // 6
		placed{"German Rifle Squad", maps.Axis, "E3", 0}, // 7
		placed{"German Rifle Squad", maps.Axis, "E5", 0}, // 8
		placed{"US Rifle Squad", maps.Allies, "D5", 0},   // 9
	)
}

// previewOf works out the preview of unit id with hex label hovered.
func previewOf(t *testing.T, b *battle.Battle, key previewKey, label string) *preview {
	t.Helper()
	key.version, key.hover, key.hasHover = 1, battletest.Hex(t, b, label), true
	var pv preview
	pv.update(b, key)
	return &pv
}

func previewText(pv *preview) string {
	var text []string
	for _, l := range pv.tip {
		text = append(text, l.text)
	}
	return strings.Join(text, "\n")
}

func TestAttackOrders(t *testing.T) {
	fire := infantryScene(t, 1)
	advance := infantryScene(t, 1)
	for advance.Phase() != battle.AdvancePhase {
		if _, err := advance.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		b     *battle.Battle
		key   previewKey
		hover string
		kind  attackKind
		want  battle.Order
	}{
		{"squad at a squad: AP fire by both squads of the hex", fire, previewKey{unit: 1}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "E3")}},
		{"member 1 taken out", fire, previewKey{unit: 1, out: 1}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{2}, Target: battletest.Hex(t, fire, "E3")}},
		{"selected leader fires with the squads", fire, previewKey{unit: 3, leader: true}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "E3"), Leader: 3}},
		{"with leader", fire, previewKey{unit: 2, leader: true}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "E3"), Leader: 3}},
		{"grenades at an adjacent hex", fire, previewKey{unit: 1, grenades: allGrenades}, "C3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "C3"), Grenades: 2}},
		{"one grenade asked for (R again)", fire, previewKey{unit: 1, grenades: 1}, "C3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "C3"), Grenades: 1}},
		{"no grenades two hexes away", fire, previewKey{unit: 1, grenades: allGrenades}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, fire, "E3")}},
		{"tank at a tank and a squad: AT at the Tiger", fire, previewKey{unit: 4}, "C3", attackAT,
			battle.Fire{Unit: 4, Target: 6}},
		{"W: the tank's AP fire at the hex", fire, previewKey{unit: 4, flip: true}, "C3", attackAP,
			battle.FireAP{Units: []battle.UnitID{4}, Target: battletest.Hex(t, fire, "C3")}},
		{"W again on a squad's AP default: AT at the Tiger", fire, previewKey{unit: 1, flip: true}, "C3", attackAT,
			battle.Fire{Unit: 1, Target: 6}},
		{"tank at infantry alone: AP", fire, previewKey{unit: 4}, "E3", attackAP,
			battle.FireAP{Units: []battle.UnitID{4}, Target: battletest.Hex(t, fire, "E3")}},
		{"Advance phase, adjacent enemy: close assault by the hex", advance, previewKey{unit: 1}, "C3", attackAssault,
			battle.Assault{Units: []battle.UnitID{1, 2, 3}, Target: battletest.Hex(t, advance, "C3")}},
		{"assault without member 2, with grenades", advance, previewKey{unit: 1, out: 2, grenades: allGrenades}, "C3", attackAssault,
			battle.Assault{Units: []battle.UnitID{1, 3}, Target: battletest.Hex(t, advance, "C3"), Grenades: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pv := previewOf(t, tt.b, tt.key, tt.hover)
			if pv.kind != tt.kind || !reflect.DeepEqual(pv.attack, tt.want) {
				t.Fatalf("preview kind %d, order %+v; want %d, %+v\n%s", pv.kind, pv.attack, tt.kind, tt.want, previewText(pv))
			}
			c := clickCommand(tt.b, tt.b.Unit(tt.key.unit), battletest.Hex(t, tt.b, tt.hover), pv, modeNormal, tt.key.leader)
			if !reflect.DeepEqual(c.order, tt.want) {
				t.Errorf("click = %+v, want %+v", c, tt.want)
			}
		})
	}
	t.Run("Advance phase, adjacent empty hex: advance", func(t *testing.T) {
		pv := previewOf(t, advance, previewKey{unit: 1}, "B4")
		c := clickCommand(advance, advance.Unit(1), battletest.Hex(t, advance, "B4"), pv, modeNormal, false)
		if want := (battle.Advance{Unit: 1, To: battletest.Hex(t, advance, "B4")}); !reflect.DeepEqual(c.order, want) {
			t.Errorf("click = %+v, want %+v", c, want)
		}
	})
}

func TestAPTipMatchesPlan(t *testing.T) {
	b := infantryScene(t, 1)
	pv := previewOf(t, b, previewKey{unit: 1, leader: true, grenades: allGrenades}, "C3")
	o := pv.attack.(battle.FireAP)
	plan, err := b.PlanAP(o)
	if err != nil {
		t.Fatal(err)
	}
	all := previewText(pv)
	want := []string{"AP fire: B3 → C3", "W: AT fire instead", "grenades thrown: 2 of 2 left, -2",
		fmt.Sprintf("total %d APFP (row %s)", plan.Attack.APFP, b.Infantry().APRow(plan.Attack.APFP))}
	for i, u := range plan.Firers {
		if u.ID == o.Leader {
			want = append(want, fmt.Sprintf("leader %s: %+d: %d APFP", u.Label(), u.Type.Modifier, plan.APFP[i]))
		} else {
			want = append(want, fmt.Sprintf("in   %s: %d APFP", u.Label(), plan.APFP[i]))
		}
	}
	for _, m := range b.Infantry().APModifiers(plan.Attack) {
		want = append(want, fmt.Sprintf("%+d %s", m.Value, m.Label))
	}
	want = append(want, plan.Odds.Steps...)
	for n, w := range plan.Odds.Points {
		if w > 0 {
			want = append(want, fmt.Sprintf("%-12s %s", pointsName(n), exact(w, 36)))
		}
	}
	for i, d := range plan.Defenders {
		want = append(want, fmt.Sprintf("%s (C3)", d.Label()))
		weights := map[combat.Fate]uint64{}
		for _, e := range plan.Odds.Fates {
			weights[e.Fates[i]] += e.Weight
		}
		for f, w := range weights {
			want = append(want, fmt.Sprintf("%-12s %s", f, exact(w, plan.Odds.Total)))
		}
	}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("AP preview lacks %q; have\n%s", w, all)
		}
	}
	if strings.Contains(all, "Tiger") {
		t.Errorf("AP preview names the Tiger, which AP fire cannot harm:\n%s", all)
	}

	// An immobile Tiger in the hex checks its crew after the attack; the
	// preview gives the check's exact odds.
	b.Unit(6).Markers |= battle.Immobile
	immobile := previewOf(t, b, previewKey{unit: 1, leader: true, grenades: allGrenades}, "C3")
	for _, w := range []string{"Tiger I #6 (C3): immobile, its crew checks", fmt.Sprintf("%-12s %s", "abandoned", exact(2, 6))} {
		if !strings.Contains(previewText(immobile), w) {
			t.Errorf("AP preview at an immobile Tiger lacks %q; have\n%s", w, previewText(immobile))
		}
	}
	uitest.SavePNG(t, "ap-crew-check.png", frame(shotGame(t, b, "B3", "C3")))
	b.Unit(6).Markers &^= battle.Immobile

	// A refusal shows the battle's reason.
	far := previewOf(t, b, previewKey{unit: 1, out: 3}, "E5")
	_, refusal := b.PlanAP(far.attack.(battle.FireAP))
	if refusal == nil || !strings.Contains(previewText(far), refusal.Error()) {
		t.Errorf("refused AP preview = \n%s\nwant the battle's reason %v", previewText(far), refusal)
	}
}

func TestAssaultTipMatchesPlan(t *testing.T) {
	b := infantryScene(t, 1)
	for b.Phase() != battle.AdvancePhase {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	pv := previewOf(t, b, previewKey{unit: 1, grenades: allGrenades}, "C3")
	plan, err := b.PlanAssault(pv.attack.(battle.Assault))
	if err != nil {
		t.Fatal(err)
	}
	all := previewText(pv)
	total := 0 // the attackers' points over the 36 rolls, as the ruleset resolves them
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			total += b.Infantry().ResolveAssault(plan.Assault, combat.NewFixedDice(x, y)).AttackerPoints
		}
	}
	mean := big.NewRat(int64(total), 36)
	meanF, _ := mean.Float64()
	want := []string{"close assault: B3 → C3",
		fmt.Sprintf("attackers' casualty points expected: %.2f  (%s)", meanF, mean.RatString()),
		fmt.Sprintf("%d APFP against %d: %s, kill number %d", plan.Assault.Attack, plan.Assault.Defense, plan.Odds.Ratio, plan.Odds.Kill),
		fmt.Sprintf("%-12s %s", "success", exact(plan.Odds.SuccessWays, 36)),
		fmt.Sprintf("%-12s %s", "failure", exact(36-plan.Odds.SuccessWays, 36)),
		"-2 grenades (roll)", "-1 leader (roll)"}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("assault preview lacks %q; have\n%s", w, all)
		}
	}
}

func TestAttackKeys(t *testing.T) {
	b := infantryScene(t, 1)
	g := shotGame(t, b, "B3", "E3")
	press := func(a Action, member int) {
		var in Intents
		in.Triggered[a] = true
		in.Member = member
		g.apply(in)
		g.refresh()
	}
	if _, ok := g.play.pv.attack.(battle.FireAP); !ok {
		t.Fatalf("attack = %+v, want AP fire", g.play.pv.attack)
	}
	press(ActionMember, 1)
	if have := g.play.pv.attack.(battle.FireAP).Units; !reflect.DeepEqual(have, []battle.UnitID{2}) {
		t.Errorf("after 1: group %v, want [2]", have)
	}
	press(ActionFireKind, 0)
	if _, ok := g.play.pv.attack.(battle.Fire); !ok {
		t.Errorf("after W: attack = %+v, want AT fire", g.play.pv.attack)
	}
	press(ActionFireKind, 0)
	press(ActionFire, 0)
	if have := b.Unit(2); !have.Has(battle.Fired) || b.Unit(1).Has(battle.Fired) {
		t.Errorf("after F: squads 1, 2 fired %v, %v; want false, true", b.Unit(1).Has(battle.Fired), have.Has(battle.Fired))
	}
	if !strings.Contains(logText(g), "fires at E3") || !strings.Contains(logText(g), "dice: AP attack ") {
		t.Errorf("log after AP fire lacks the attack or its dice:\n%s", logText(g))
	}
}

func logText(g *Game) string {
	var s []string
	for _, l := range g.play.log.lines {
		s = append(s, l.text)
	}
	return strings.Join(s, "\n")
}

// pinnedSquad returns a battle where AP fire left the German squad in C3
// (unit 5) pinned but not reduced: the first seed that does.
func pinnedSquad(t *testing.T) *battle.Battle {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		b := infantryScene(t, seed)
		if _, err := b.Apply(battle.FireAP{Units: []battle.UnitID{1, 2}, Target: battletest.Hex(t, b, "C3")}); err != nil {
			t.Fatal(err)
		}
		if u := b.Unit(5); u.Active() && u.Has(battle.Pinned) && u.Type.Name == "German Rifle Squad" {
			return b
		}
	}
	t.Fatal("no seed below 200 pins the squad")
	return nil
}

// TestPinnedOnCard: the card of a squad pinned by AP fire lists the
// marker (its counter's tag: boardview's TestPinnedAndReducedCounters).
func TestPinnedOnCard(t *testing.T) {
	pinned := pinnedSquad(t)
	info := strings.Join(unitInfo(pinned, pinned.Unit(5)), "\n")
	if !strings.Contains(info, "Pinned") {
		t.Errorf("unit panel of the pinned squad lacks the marker:\n%s", info)
	}
}

func TestOpportunityHandOver(t *testing.T) {
	b := infantryScene(t, 1)
	if _, err := b.Apply(battle.EndPhase{}); err != nil { // Movement
		t.Fatal(err)
	}
	// Unit 9 in D5 moves next to the German squads: their AP fire may answer.
	path := []board.Pose{{Hex: battletest.Hex(t, b, "D4"), Facing: board.DirN}}
	if _, err := b.Apply(battle.Move{Unit: 9, Path: path}); err != nil {
		t.Fatal(err)
	}
	if b.Moving() == nil {
		t.Fatal("no opportunity fire offered: the fixture changed")
	}
	_, text := handOverText(b)
	if !strings.Contains(text, "AP (German Rifle Squad") {
		t.Errorf("hand-over = %q, want the AP firers named", text)
	}
	g := shotGame(t, b, "E3", "D4")
	if k := g.play.pv.kind; k != attackAP || !strings.Contains(previewText(&g.play.pv), "AP opportunity fire") {
		t.Errorf("opportunity preview kind %d:\n%s\nwant AP opportunity fire", k, previewText(&g.play.pv))
	}
}

// TestGrenadesKeyCycles: R asks for grenades, one a unit of the attack as
// far as the pool goes (two here, the pool's two for three units); R again
// asks for one fewer than the preview throws, then none.
func TestGrenadesKeyCycles(t *testing.T) {
	g := shotGame(t, infantryScene(t, 1), "B3", "C3")
	sel := g.battle.Unit(g.play.unit)
	for _, want := range []int{2, 1, 0} {
		g.toggleGrenades(sel)
		g.refresh()
		if o, ok := g.play.pv.attack.(battle.FireAP); !ok || o.Grenades != want {
			t.Fatalf("after R: previewed %#v, want AP fire with %d grenades", g.play.pv.attack, want)
		}
	}
}
