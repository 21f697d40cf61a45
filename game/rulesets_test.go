package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/seamtest"
	"hexfire/combat/shiftchart"
	"hexfire/combat/tohitkill"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// buildingMap is battletest.OpenMap with a building in B3.
const buildingMap = `
. . . . . .
. . . . . .
. B . . . .
. . . . . .
. . . . . .
`

// phaseOf ends phases of b until side acts in phase.
func phaseOf(t *testing.T, b *battle.Battle, phase battle.Phase, side maps.Side) {
	t.Helper()
	for range 12 {
		if b.Phase() == phase && b.Acting() == side {
			return
		}
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no %s %s phase in 12 phases", side, phase)
}

// trigger gives g one frame in which action a was triggered.
func trigger(g *Game, a Action) {
	var in Intents
	in.Triggered[a] = true
	g.apply(in)
	g.refresh()
}

// tipLacks returns the lines of want missing from the preview's tip.
func tipLacks(pv *preview, want ...string) []string {
	text := previewText(pv)
	var missing []string
	for _, w := range want {
		if !strings.Contains(text, w) {
			missing = append(missing, w)
		}
	}
	return missing
}

// vehicleAssaultScene: a US squad in B3 next to a Tiger in C3, another
// Tiger in E5 out of reach, in the Allies' Advance & Assault phase.
func vehicleAssaultScene(t *testing.T, rules string) *battle.Battle {
	b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: rules},
		placed{"US Rifle Squad", maps.Allies, "B3", 0},  // 1
		placed{"Tiger I", maps.Axis, "C3", board.DirNW}, // 2
		placed{"Tiger I", maps.Axis, "E5", board.DirNW}, // 3
	)
	phaseOf(t, b, battle.AdvancePhase, maps.Allies)
	return b
}

// TestVehicleAssaultPreview: under a ruleset with a close assault of
// vehicles, infantry hovering an adjacent enemy vehicle in the Advance &
// Assault phase previews that assault, from the battle's own plan (its
// steps, each headline's exact chance, the summary), W turns it into the
// hex's assault and A commits it; under the default ruleset, and at a
// vehicle out of reach, there is none.
func TestVehicleAssaultPreview(t *testing.T) {
	b := vehicleAssaultScene(t, shiftchart.Name)
	pv := previewOf(t, b, previewKey{unit: 1}, "C3")
	want := battle.AssaultVehicle{Unit: 1, Target: 2}
	if pv.kind != attackVehicle || pv.attack != want {
		t.Fatalf("preview kind %d, order %#v; want the vehicle assault %#v", pv.kind, pv.attack, want)
	}
	plan, err := b.PlanAssaultVehicle(want)
	if err != nil {
		t.Fatal(err)
	}
	lines := append([]string{"close assault: US Rifle Squad #1 (B3) → Tiger I #2 (C3)",
		"A or click: assault the vehicle  (W: assault the hex instead)"}, plan.Odds.Steps...)
	var sum uint64
	for _, h := range plan.Odds.Headlines() {
		sum += h.Weight
		lines = append(lines, fmt.Sprintf("%-12s %6.2f%%  (%s)", h.Headline, 100*plan.Odds.Probability(h.Weight), plan.Odds.Exact(h.Weight).RatString()))
	}
	if sum != plan.Odds.Total || len(plan.Odds.Steps) == 0 {
		t.Fatalf("headlines weigh %d of %d, %d steps: the plan is not a full distribution", sum, plan.Odds.Total, len(plan.Odds.Steps))
	}
	s := plan.Odds.Summary(b.States())
	lines = append(lines, fmt.Sprintf("hit %.0f%%  destroy %.0f%%  immobilize %.0f%%  still fighting %.0f%%",
		100*s.P(s.Hit), 100*s.P(s.Destroy), 100*s.P(s.Immobilize), 100*s.P(s.Fighting)))
	if missing := tipLacks(pv, lines...); len(missing) > 0 {
		t.Errorf("the preview lacks %q:\n%s", missing, previewText(pv))
	}

	if pv := previewOf(t, b, previewKey{unit: 1, flip: true}, "C3"); pv.kind != attackAssault {
		t.Errorf("W: preview kind %d, want the hex's close assault", pv.kind)
	}
	if pv := previewOf(t, b, previewKey{unit: 1}, "E5"); pv.kind == attackVehicle {
		t.Errorf("the Tiger out of reach in E5 is offered a vehicle assault")
	}
	if pv := previewOf(t, vehicleAssaultScene(t, "elimination"), previewKey{unit: 1}, "C3"); pv.kind != attackAssault {
		t.Errorf("default ruleset: preview kind %d, want the hex's close assault only", pv.kind)
	}

	g := shotGame(t, b, "B3", "C3")
	trigger(g, ActionAssault)
	if !b.Unit(1).Has(battle.Advanced) || !strings.Contains(logText(g), "US Rifle Squad #1 close-assaults Tiger I #2 in C3") {
		t.Errorf("A did not assault the Tiger; log:\n%s", logText(g))
	}
}

// declaredScene: two US tanks in B2 and B3 and a Tiger in D3, in the Allies'
// Fire phase.
func declaredScene(t *testing.T, rules string) *battle.Battle {
	return configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: rules},
		placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
		placed{"Sherman Firefly", maps.Allies, "B3", board.DirSE},
		placed{"Tiger I", maps.Axis, "D3", board.DirNW},
	)
}

// TestDeclaredShotsShown: under simultaneous fire the AT preview says F
// declares the shot and Shift+F rolls them; two shots declared at the
// Tiger put a line on its card and two lines with their odds in the
// panel's list (the tag on its counter: boardview's TestDeclaredShotTag),
// which go when the fire is resolved and the log shows each roll. Under the default
// ruleset a shot is rolled at once and nothing is declared.
func TestDeclaredShotsShown(t *testing.T) {
	const note = "simultaneous fire: F declares the shot, no die rolled; Shift+F (or the phase's end) rolls every declared shot at once"
	for _, rules := range []string{shiftchart.Name, "elimination"} {
		t.Run(rules, func(t *testing.T) {
			b := declaredScene(t, rules)
			simultaneous := rules == shiftchart.Name
			if has := len(tipLacks(previewOf(t, b, previewKey{unit: 1}, "D3"), note)) == 0; has != simultaneous {
				t.Errorf("the preview says the shot is declared: %v, want %v", has, simultaneous)
			}
			for _, o := range []battle.Order{battle.Fire{Unit: 1, Target: 3}, battle.Fire{Unit: 2, Target: 3}} {
				if _, err := b.Apply(o); err != nil && simultaneous {
					t.Fatal(err)
				}
			}
			lines := declaredLines(b)
			if !simultaneous {
				if len(lines) != 0 {
					t.Errorf("nothing is declared, yet the panel lists %q", lines)
				}
				return
			}
			if len(lines) != 3 || lines[0] != "2 AT shots declared: Shift+F rolls them all (Space too, ending the phase)" ||
				!strings.HasPrefix(lines[1], "M4A3E8 #1 → Tiger I #3: hit ") || !strings.HasPrefix(lines[2], "Sherman Firefly #2 → Tiger I #3: hit ") {
				t.Errorf("declared lines = %q", lines)
			}
			if card := strings.Join(unitInfo(b, b.Unit(3)), "\n"); !strings.Contains(card, "2 AT shots declared at it") {
				t.Errorf("the Tiger's card does not say two shots are declared:\n%s", card)
			}
			if b.DiceRolled() != 0 {
				t.Errorf("%d dice rolled by declarations", b.DiceRolled())
			}
			if _, err := b.Apply(battle.Resolve{}); err != nil {
				t.Fatal(err)
			}
			if lines := declaredLines(b); len(lines) != 0 || b.DiceRolled() != 2 {
				t.Errorf("resolved: declared lines %q, or %d dice rolled (want 2)", lines, b.DiceRolled())
			}
		})
	}
}

// TestResolveKey: under simultaneous fire F declares the shot (the log
// says so, no die is rolled), U takes it back; Shift+F asks first while a unit could still
// declare, Esc keeps the declaration, Y rolls it and the log shows the
// roll with its dice. With nothing declared Shift+F only says so.
func TestResolveKey(t *testing.T) {
	b := declaredScene(t, shiftchart.Name)
	g := shotGame(t, b, "B2", "D3")
	trigger(g, ActionResolve)
	if g.ask != nil || b.OrderCount() != 0 {
		t.Fatalf("Shift+F with nothing declared: question %v, %d orders", g.ask, b.OrderCount())
	}
	trigger(g, ActionFire)
	if len(b.DeclaredShots()) != 1 || b.DiceRolled() != 0 || !strings.Contains(logText(g), "M4A3E8 #1 declares AT fire at Tiger I #3 in D3") {
		t.Fatalf("F: %d declared, %d dice; log:\n%s", len(b.DeclaredShots()), b.DiceRolled(), logText(g))
	}
	trigger(g, ActionUndo)
	if len(b.DeclaredShots()) != 0 || !strings.Contains(logText(g), "the last order was taken back") {
		t.Fatalf("U: %d declared; log:\n%s", len(b.DeclaredShots()), logText(g))
	}
	trigger(g, ActionFire)
	trigger(g, ActionResolve)
	if g.ask == nil || !strings.Contains(g.ask.Text, "Roll the 1 declared AT shot now? 1 unit could still declare") {
		t.Fatalf("Shift+F while the Firefly could fire: question %+v", g.ask)
	}
	trigger(g, ActionCancel)
	if g.ask != nil || len(b.DeclaredShots()) != 1 {
		t.Fatalf("Esc: question %+v, %d declared", g.ask, len(b.DeclaredShots()))
	}
	trigger(g, ActionResolve)
	trigger(g, ActionYes)
	if len(b.DeclaredShots()) != 0 || b.DiceRolled() != 1 || !strings.Contains(logText(g), "M4A3E8 #1 fires at Tiger I #3 in D3: ") ||
		!strings.Contains(logText(g), "dice: ") {
		t.Errorf("Y: %d declared, %d dice; log:\n%s", len(b.DeclaredShots()), b.DiceRolled(), logText(g))
	}
}

// repairScene: a British PIAT team in B3 whose PIAT is broken, a Tiger in
// D3, in the Allies' Fire phase.
func repairScene(t *testing.T, rules, lost string) *battle.Battle {
	b := configuredBattle(t, board.DefaultLayout, map[string]string{"date": "1944-08"}, battle.Config{Seed: 1, Ruleset: rules},
		placed{"British PIAT Team", maps.Allies, "B3", 0},
		placed{"Tiger I", maps.Axis, "D3", board.DirNW},
	)
	b.Unit(1).WeaponLost = lost
	return b
}

// TestRepairKey: ' orders the selected unit with a broken weapon to try a
// repair where the ruleset repairs weapons (the attempt spends its fire);
// the default ruleset refuses it, and a unit whose weapon is whole gives
// no order.
func TestRepairKey(t *testing.T) {
	tests := []struct {
		rules, lost string
		fired       bool
		say         string // in the toast
	}{
		{tohitkill.Name, "broken", true, ""},
		{"elimination", "broken", false, "repairs no weapons"},
		{tohitkill.Name, "", false, "select a unit whose weapon is broken"},
		{tohitkill.Name, "removed", false, "select a unit whose weapon is broken"},
	}
	for _, tt := range tests {
		t.Run(tt.rules+"/"+tt.lost, func(t *testing.T) {
			b := repairScene(t, tt.rules, tt.lost)
			g := shotGame(t, b, "B3", "")
			trigger(g, ActionRepair)
			if have := b.Unit(1).Has(battle.Fired); have != tt.fired {
				t.Errorf("the team is marked Fired: %v, want %v (toast %q)", have, tt.fired, g.play.toast)
			}
			if tt.fired && !strings.Contains(logText(g), "British PIAT Team #1 tries to repair its PIAT: ") {
				t.Errorf("the log lacks the repair:\n%s", logText(g))
			}
			if !strings.Contains(g.play.toast, tt.say) {
				t.Errorf("toast %q, want %q", g.play.toast, tt.say)
			}
		})
	}
	for rules, want := range map[string]string{tohitkill.Name: "weapon PIAT [L AP 0 range 2] (broken: ' repairs it)", "elimination": "weapon PIAT [L AP 0 range 2] (broken)"} {
		b := repairScene(t, rules, "broken")
		if card := unitInfo(b, b.Unit(1)); !slices.Contains(card, want) {
			t.Errorf("%s: the card lacks %q: %q", rules, want, card)
		}
	}
}

// fireOptionScene: in the Allies' Defensive Fire phase, German infantry
// fire at a US tank in C3: a Panzerschreck team from the building in B3
// (unit 1) and a rifle squad in the open in B4 (unit 2), in August 1944.
func fireOptionScene(t *testing.T, rules string, props map[string]string) *battle.Battle {
	if props == nil {
		props = map[string]string{}
	}
	props["date"] = "1944-08"
	b := gridBattle(t, board.DefaultLayout, buildingMap, props, battle.Config{Seed: 1, Ruleset: rules},
		placed{"German Panzerschreck Team", maps.Axis, "B3", 0},
		placed{"German Rifle Squad", maps.Axis, "B4", 0},
		placed{"M4A3E8", maps.Allies, "C3", board.DirNW},
	)
	phaseOf(t, b, battle.DefensiveFire, maps.Axis)
	return b
}

// TestDesperationFire: the Panzerschreck fires from the building with +2
// to hit for its backblast under tohit-tokill; the preview offers
// desperation (;), and with it asked for the order carries it and the
// preview shows the plan's odds, the backblast's chances on the firer's
// hex included (the second die of the to-hit roll: 1 a casualty, 2
// pinned, 1/6 each).
func TestDesperationFire(t *testing.T) {
	b := fireOptionScene(t, tohitkill.Name, nil)
	pv := previewOf(t, b, previewKey{unit: 1}, "C3")
	if !pv.fire.desperation || pv.plan == nil || pv.attack.(battle.Fire).Desperation {
		t.Fatalf("without desperation: options %+v, plan %v, order %#v; want desperation offered, the plain shot planned", pv.fire, pv.plan != nil, pv.attack)
	}
	if missing := tipLacks(pv, "backblast: +2 to hit from the building  (;: fire in desperation, no +2, the firer's hex takes the blast)"); len(missing) > 0 {
		t.Errorf("the preview lacks %q:\n%s", missing, previewText(pv))
	}
	pv = previewOf(t, b, previewKey{unit: 1, desperate: true}, "C3")
	if o := pv.attack.(battle.Fire); !o.Desperation || pv.plan == nil {
		t.Fatalf("with desperation: order %#v, plan %v", o, pv.plan != nil)
	}
	if missing := tipLacks(pv, "desperation fire: the firer's hex takes the backblast  (;: not)",
		"firer's hex: casualty  16.67%  (1/6)", "firer's hex: pinned  16.67%  (1/6)"); len(missing) > 0 {
		t.Errorf("the preview lacks %q:\n%s", missing, previewText(pv))
	}
	if pv := previewOf(t, b, previewKey{unit: 2, desperate: true}, "C3"); pv.fire.desperation {
		t.Errorf("the squad in the open is offered desperation: %+v", pv.fire)
	}
	if pv := previewOf(t, fireOptionScene(t, "elimination", nil), previewKey{unit: 1}, "C3"); pv.fire.desperation {
		t.Errorf("the default ruleset offers desperation: %+v", pv.fire)
	}

	g := shotGame(t, b, "B3", "C3")
	trigger(g, ActionDesperation)
	if !g.play.desperation {
		t.Fatal("; did not ask for desperation")
	}
	trigger(g, ActionFire)
	if !b.Unit(1).Has(battle.Fired) || !strings.Contains(logText(g), "backblast in the firer's hex") {
		t.Errorf("F did not fire in desperation; log:\n%s", logText(g))
	}
}

// TestPanzerfaustOption: the preview offers a Panzerfaust whenever the
// battle accepts a shot with one: tohit-tokill's German squad carries one
// with its pool empty; the default ruleset offers it only from a pool. A
// unit with no AT shot of its own (the rifle squad) takes it without
// asking, so F fires it; one with a weapon of its own (the Panzerschreck
// team) is offered it on J.
func TestPanzerfaustOption(t *testing.T) {
	tests := []struct {
		rules   string
		pool    string
		unit    battle.UnitID
		offered bool
		taken   string // the line with the Panzerfaust taken; "" when only J takes it
		line    string
	}{
		{tohitkill.Name, "0", 2, true, "with a Panzerfaust, carried: the ruleset rolls whether it is to hand", ""},
		{"elimination", "0", 2, false, "", ""},
		{"elimination", "1", 2, true, "with a Panzerfaust, from the pool of 1", ""},
		{"elimination", "1", 1, true, "", "from the pool of 1"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/unit %d", tt.rules, tt.pool, tt.unit), func(t *testing.T) {
			b := fireOptionScene(t, tt.rules, map[string]string{"panzerfausts_axis": tt.pool})
			pv := previewOf(t, b, previewKey{unit: tt.unit}, "C3")
			taken := pv.attack.(battle.Fire).Panzerfaust
			if pv.fire.panzerfaust != tt.offered || taken != (tt.taken != "") {
				t.Fatalf("options %+v, order %#v; want a Panzerfaust offered: %v, taken: %v", pv.fire, pv.attack, tt.offered, tt.taken != "")
			}
			if !tt.offered {
				return
			}
			at := b.Board().Label(b.Unit(tt.unit).Pose.Hex)
			g := shotGame(t, b, at, "C3")
			uitest.SavePNG(t, fmt.Sprintf("panzerfaust-%s-%s-%d.png", tt.rules, tt.pool, tt.unit), frame(g))
			if tt.taken != "" {
				if missing := tipLacks(pv, tt.taken); len(missing) > 0 || pv.plan == nil {
					t.Errorf("the preview lacks %q (plan %v):\n%s", missing, pv.plan != nil, previewText(pv))
				}
			} else {
				if missing := tipLacks(pv, "J: fire a Panzerfaust ("+tt.line+")"); len(missing) > 0 {
					t.Errorf("the preview lacks %q:\n%s", missing, previewText(pv))
				}
				pv = previewOf(t, b, previewKey{unit: tt.unit, pzf: true}, "C3")
				if !pv.attack.(battle.Fire).Panzerfaust || pv.plan == nil {
					t.Fatalf("asked for: order %#v, plan %v", pv.attack, pv.plan != nil)
				}
				if missing := tipLacks(pv, "with a Panzerfaust, "+tt.line+"  (J: without)"); len(missing) > 0 {
					t.Errorf("the preview lacks %q:\n%s", missing, previewText(pv))
				}
				trigger(g, ActionPanzerfaust)
			}
			trigger(g, ActionFire)
			if u := b.Unit(tt.unit); !u.Has(battle.Fired) || !strings.Contains(logText(g), u.Label()+" fires at M4A3E8 #3") {
				t.Errorf("F did not fire the Panzerfaust; log:\n%s", logText(g))
			}
		})
	}
}

// TestRulesetRatingsOnCard: the unit card lists the active ruleset's
// ratings of the unit (combat.Rater), and the catalogue's letters under a
// ruleset that rates nothing.
func TestRulesetRatingsOnCard(t *testing.T) {
	for _, rules := range []string{shiftchart.Name, tohitkill.Name, seamtest.Name} {
		t.Run(rules, func(t *testing.T) {
			b := declaredScene(t, rules)
			tiger := b.Unit(3)
			card := unitInfo(b, tiger)
			want := "ATFP " + tiger.Type.ATFP.String() + "  armour " + tiger.Type.Armour.String() + "  MP "
			if rater, ok := b.Rules().(combat.Rater); ok {
				rs, err := rater.RateType(tiger.Type)
				if err != nil || len(rs) == 0 {
					t.Fatalf("RateType: %v, %d ratings", err, len(rs))
				}
				var parts []string
				for _, r := range rs {
					if r.Name != "MP" { // the card prints the battle's MP
						parts = append(parts, r.Name+" "+r.Value)
					}
				}
				want = strings.Join(parts, "  ") + "  MP "
			}
			if !strings.HasPrefix(card[2], want) {
				t.Errorf("ratings line %q, want it to start %q", card[2], want)
			}
		})
	}
}
