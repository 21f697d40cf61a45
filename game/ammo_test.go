package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/d20"
	"hexfire/maps"
)

// TestNextRound cycles through a gun's rounds, the default written "".
func TestNextRound(t *testing.T) {
	rounds := []string{"APCBC", "APCR", "HEAT"}
	tests := []struct{ picked, want string }{
		{"", "APCR"},
		{"APCR", "HEAT"},
		{"HEAT", ""},
		{"APDS", "APCR"}, // a round the gun lacks reads as the default
	}
	for _, tt := range tests {
		if got := nextRound(rounds, tt.picked); got != tt.want {
			t.Errorf("after %q: %q, want %q", tt.picked, got, tt.want)
		}
	}
}

// TestAmmoPicker: under d20 the fire preview lists the M4A3E8's rounds
// with the battle's own odds for each, the one it fires marked; \ picks
// the next, the preview's shot and odds follow, and the shot fired is
// the round picked. A gun without a choice says so.
func TestAmmoPicker(t *testing.T) {
	b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: d20.Name},
		placed{"M4A3E8", maps.Allies, "B3", board.DirSE},  // 1
		placed{"M4 (75)", maps.Allies, "B2", board.DirSE}, // 2
		placed{"Tiger I", maps.Axis, "D3", board.DirNW},   // 3
	)
	g := shotGame(t, b, "B3", "D3")
	want := func(picked string) []string {
		lines := []string{"rounds (\\: fire the next)"}
		for i, r := range []string{"APC", "HVAP"} {
			ammo := r
			if i == 0 {
				ammo = ""
			}
			plan, err := b.PlanFire(battle.Fire{Unit: 1, Target: 3, Ammo: ammo})
			if err != nil {
				t.Fatal(err)
			}
			mark := "  "
			if ammo == picked {
				mark = "> "
			}
			s := plan.Odds.Summary(b.States())
			lines = append(lines, fmt.Sprintf("%s%-6s hit %.0f%%  destroy %.0f%%  still fighting %.0f%%", mark, r, 100*s.P(s.Hit), 100*s.P(s.Destroy), 100*s.P(s.Fighting)))
		}
		return lines
	}
	if missing := tipLacks(&g.play.pv, want("")...); len(missing) > 0 {
		t.Errorf("default round: the preview lacks %q:\n%s", missing, previewText(&g.play.pv))
	}
	trigger(g, ActionAmmo)
	if missing := tipLacks(&g.play.pv, want("HVAP")...); len(missing) > 0 {
		t.Errorf("HVAP picked: the preview lacks %q:\n%s", missing, previewText(&g.play.pv))
	}
	hvap, err := b.PlanFire(battle.Fire{Unit: 1, Target: 3, Ammo: "HVAP"})
	if err != nil {
		t.Fatal(err)
	}
	if pl := g.play.pv.plan; pl == nil || pl.Shot.Ammo != "HVAP" || !slices.Equal(pl.Odds.Steps, hvap.Odds.Steps) {
		t.Fatalf("the previewed shot is not the HVAP one: %+v", pl)
	}
	if missing := tipLacks(&g.play.pv, hvap.Odds.Steps...); len(missing) > 0 {
		t.Errorf("the preview lacks the HVAP shot's steps %q", missing)
	}
	trigger(g, ActionFire)
	orders := b.Orders()
	if len(orders) == 0 || orders[len(orders)-1] != (battle.Fire{Unit: 1, Target: 3, Ammo: "HVAP"}) {
		t.Errorf("orders %v: want the last a Fire with HVAP", orders)
	}

	g.play.unit = 2
	trigger(g, ActionAmmo)
	if !strings.Contains(g.play.toast, "no choice of rounds") || len(g.play.ammo) != 1 {
		t.Errorf("the M4 (75): toast %q, picks %v; want no choice", g.play.toast, g.play.ammo)
	}
}

// TestVolleyPicker: under d20 a German squad's Panzerfaust volley at the
// M4 in C3 offers the M4A3E8 in D3, in the same range bracket, for its
// second hit; ` aims it there, the preview shows the battle's plan with
// the second vehicle's chances, a second press goes back to none, and the
// order given names the vehicle picked.
func TestVolleyPicker(t *testing.T) {
	b := configuredBattle(t, board.DefaultLayout, map[string]string{"panzerfausts_axis": "2"}, battle.Config{Seed: 1, Ruleset: d20.Name},
		placed{"M4 (75)", maps.Allies, "C3", board.DirN}, // 1
		placed{"M4A3E8", maps.Allies, "D3", board.DirN},  // 2: 50 m from the squad
		placed{"M4A3E8", maps.Allies, "C5", board.DirN},  // 3: 100 m
		placed{"German Rifle Squad", maps.Axis, "C2", 0}, // 4
	)
	phaseOf(t, b, battle.FirePhase, maps.Axis)
	g := shotGame(t, b, "C2", "C3") // the squad has no AT shot of its own: the Panzerfaust without J
	if missing := tipLacks(&g.play.pv, "`: the volley's second hit at another vehicle in the bracket (1 in reach)"); len(missing) > 0 {
		t.Fatalf("the preview lacks %q:\n%s", missing, previewText(&g.play.pv))
	}
	trigger(g, ActionVolley)
	want := battle.Fire{Unit: 4, Target: 1, Panzerfaust: true, Second: 2}
	plan, err := b.PlanFire(want)
	if err != nil {
		t.Fatal(err)
	}
	if g.play.pv.attack != want || g.play.pv.plan == nil || !slices.Equal(g.play.pv.plan.Odds.Steps, plan.Odds.Steps) {
		t.Fatalf("after `: order %+v, want %+v with its plan", g.play.pv.attack, want)
	}
	if missing := tipLacks(&g.play.pv, append([]string{"second hit at M4A3E8 #2 (D3)  (`: the next)", "second target: eliminated"}, plan.Odds.Steps...)...); len(missing) > 0 {
		t.Errorf("the preview lacks %q:\n%s", missing, previewText(&g.play.pv))
	}
	trigger(g, ActionVolley)
	if o, _ := g.play.pv.attack.(battle.Fire); o.Second != 0 {
		t.Errorf("a second press: second vehicle #%d, want none", o.Second)
	}
	trigger(g, ActionVolley)
	trigger(g, ActionFire)
	if orders := b.Orders(); orders[len(orders)-1] != want {
		t.Errorf("the last order %+v, want %+v", orders[len(orders)-1], want)
	}
}
