package battle

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// scriptedRuleset resolves every shot as a hit with the effects
// scriptedEffects gives its firer, whatever the dice: a ruleset for testing
// how the battle applies, saves and replays each kind of effect.
type scriptedRuleset struct{}

const scriptedName = "scripted-effects"

var scriptedEffects = map[string][]combat.Effect{}

func init() { combat.Register(scriptedRuleset{}) }

func (scriptedRuleset) Name() string            { return scriptedName }
func (scriptedRuleset) Check(combat.Shot) error { return nil }
func (scriptedRuleset) Resolve(s combat.Shot, _ combat.Dice) combat.Outcome {
	return combat.Outcome{Hit: true, Effects: scriptedEffects[s.Firer]}
}
func (r scriptedRuleset) Odds(s combat.Shot) (combat.Odds, error) {
	return combat.Enumerate(func(d combat.Dice) combat.Outcome { return r.Resolve(s, d) })
}
func (scriptedRuleset) States() []combat.StateSpec {
	return []combat.StateSpec{
		{Name: "shock", Tag: "SHK", Counter: true},
		{Name: "suppressed", Tag: "SUP", Lasts: combat.UntilOwnFirePhase, Forbids: combat.ForbidFire},
		{Name: "stunned", Tag: "STN", Lasts: combat.OnePhase, Forbids: combat.ForbidAll},
		{Name: "optics", Tag: "OPT"},
	}
}

// TestEveryEffectKindSavesAndReplays fires one scripted shot per effect
// kind, checks what each did to the units, and replays the battle from its
// save to the same state.
func TestEveryEffectKindSavesAndReplays(t *testing.T) {
	f := fixture{grid: openMap, turns: 3, units: []unitAt{
		{"M4A3E8", maps.Allies, "A1", board.DirSE},           // 1: shock 2, suppressed, optics on the Tiger
		{"M4A3E8", maps.Allies, "A2", board.DirSE},           // 2: the Tiger reverses 2
		{"US Bazooka Team", maps.Allies, "A3", board.DirSE},  // 3: immobilizes the Pz IV; its weapon breaks
		{"M4A3E8", maps.Allies, "A4", board.DirSE},           // 4: the StuG is abandoned
		{"M4A3E8", maps.Allies, "A5", board.DirSE},           // 5: the Panther is eliminated
		{"M4A3E8", maps.Allies, "A6", board.DirSE},           // 6: a casualty and a pin on the squad
		{"US Bazooka Team", maps.Allies, "B1", board.DirSE},  // 7: spent, removed; its own valor check
		{"M4A3E8", maps.Allies, "B2", board.DirSE},           // 8: pins the hex of the Pak 40; stuns the Pak
		{"Tiger I", maps.Axis, "D3", board.DirNW},            // 9
		{"Pz IV H", maps.Axis, "E3", board.DirNW},            // 10
		{"StuG III G", maps.Axis, "F3", board.DirNW},         // 11
		{"Panther", maps.Axis, "G3", board.DirNW},            // 12
		{"German Rifle Squad", maps.Axis, "D5", board.DirNW}, // 13
		{"Pak 40", maps.Axis, "F5", board.DirNW},             // 14
		{"German Rifle Squad", maps.Axis, "F5", board.DirNW}, // 15
	}}
	sc := f.scenario(t)
	sc.Ruleset = scriptedName
	label := func(id int, typ string) string { return typ + " #" + string(rune('0'+id)) }
	scriptedEffects = map[string][]combat.Effect{
		label(1, "M4A3E8"): {{Kind: combat.AddState, State: "shock", N: 2}, {Kind: combat.AddState, State: "suppressed", N: 1},
			{Kind: combat.AddState, State: "optics", N: 1}},
		label(2, "M4A3E8"):          {{Kind: combat.Reverse, N: 2}},
		label(3, "US Bazooka Team"): {{Kind: combat.Immobilized}, {Kind: combat.WeaponBroken, On: combat.OnFirer}},
		label(4, "M4A3E8"):          {{Kind: combat.Abandoned}},
		label(5, "M4A3E8"):          {{Kind: combat.Eliminated}},
		label(6, "M4A3E8"):          {{Kind: combat.Casualty}, {Kind: combat.Pinned}},
		label(7, "US Bazooka Team"): {{Kind: combat.WeaponSpent, On: combat.OnFirer}, {Kind: combat.WeaponRemoved, On: combat.OnFirer},
			{Kind: combat.ValorCheck, On: combat.OnFirer}},
		label(8, "M4A3E8"): {{Kind: combat.Pinned, On: combat.OnHex}, {Kind: combat.AddState, State: "stunned", N: 1}},
	}
	defer func() { scriptedEffects = map[string][]combat.Effect{} }()
	b, err := New(sc, testCatalogue, Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, shot := range [][2]UnitID{{1, 9}, {2, 9}, {3, 10}, {4, 11}, {5, 12}, {6, 13}, {7, 10}, {8, 14}} {
		apply(t, b, Fire{Unit: shot[0], Target: shot[1]})
	}
	tiger, pz, stug, panther, squad, pak, guard := b.Unit(9), b.Unit(10), b.Unit(11), b.Unit(12), b.Unit(13), b.Unit(14), b.Unit(15)
	checks := []struct {
		what string
		ok   bool
	}{
		{"the Tiger has shock 2, suppressed and optics", tiger.StateCount("shock") == 2 && tiger.StateCount("suppressed") == 1 && tiger.StateCount("optics") == 1},
		{"the Tiger reversed two hexes straight away from A2", tiger.Pose.Hex.Distance(hexOf(t, b, "A2")) == hexOf(t, b, "D3").Distance(hexOf(t, b, "A2"))+2 && tiger.Pose.Facing == board.DirNW},
		{"the Pz IV is immobilized", pz.Has(Immobile)},
		{"the first bazooka is broken", b.Unit(3).WeaponLost == "broken"},
		{"the StuG is abandoned", stug.Eliminated},
		{"the Panther is eliminated", panther.Eliminated},
		{"the squad is reduced and pinned", squad.Type.Name == "German Rifle Half Squad" && squad.Has(Pinned)},
		{"the second bazooka is spent and removed", b.Unit(7).WeaponSpent && b.Unit(7).WeaponLost == "removed"},
		{"the Pak 40's hexmate is pinned, the Pak is not, and is stunned", guard.Has(Pinned) && !pak.Has(Pinned) && pak.StateCount("stunned") == 1},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("not so: %s", c.what)
		}
	}
	// The battle's own rules about the states: suppressed forbids fire,
	// stunned everything.
	apply(t, b, EndPhase{}, EndPhase{}) // Fire, Movement: now the Axis's Defensive Fire
	if _, err := b.PlanFire(Fire{Unit: 9, Target: 1}); err == nil || !strings.Contains(err.Error(), "suppressed and may not fire") {
		t.Errorf("the suppressed Tiger fires: %v", err)
	}
	if _, err := b.PlanFire(Fire{Unit: 14, Target: 1}); err == nil || !strings.Contains(err.Error(), "stunned and may not act") {
		t.Errorf("the stunned Pak fires: %v", err)
	}

	replayed, err := Replay(sc, testCatalogue, b.Save())
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range b.Units() {
		r := replayed.Units()[i]
		if !reflect.DeepEqual(u.States, r.States) || u.WeaponLost != r.WeaponLost || u.Pose != r.Pose || u.Markers != r.Markers ||
			u.Eliminated != r.Eliminated || u.Type != r.Type || u.WeaponSpent != r.WeaponSpent {
			t.Errorf("unit %d after the replay: %+v, before: %+v", u.ID, *r, *u)
		}
	}
}

// TestTimedStatesExpire follows a suppressed and stunned unit through the
// phases: suppressed goes when its side's Fire phase begins; stunned covers
// the next phase in which its side gives orders (the enemy's Defensive
// Fire) and goes when the one after begins.
func TestTimedStatesExpire(t *testing.T) {
	f := fixture{grid: openMap, turns: 3, units: []unitAt{
		{"M4A3E8", maps.Allies, "A1", board.DirSE},
		{"Tiger I", maps.Axis, "D3", board.DirNW},
	}}
	sc := f.scenario(t)
	sc.Ruleset = scriptedName
	scriptedEffects = map[string][]combat.Effect{"M4A3E8 #1": {{Kind: combat.AddState, State: "suppressed", N: 1},
		{Kind: combat.AddState, State: "stunned", N: 1}}}
	defer func() { scriptedEffects = map[string][]combat.Effect{} }()
	b, err := New(sc, testCatalogue, Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, b, Fire{Unit: 1, Target: 2})
	tiger := b.Unit(2)
	var seen []string
	for b.Turn() == 1 {
		seen = append(seen, string(b.Phasing())+" "+b.Phase().String()+": "+strings.Join(tiger.StateNames(), ","))
		apply(t, b, EndPhase{})
	}
	want := []string{
		"allies Fire: stunned,suppressed",
		"allies Movement: stunned,suppressed",
		"allies Defensive Fire: stunned,suppressed",
		"allies Advance & Assault: stunned,suppressed",
		"axis Fire: ",
		"axis Movement: ",
		"axis Defensive Fire: ",
		"axis Advance & Assault: ",
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("states by phase:\n  %s\nwant\n  %s", strings.Join(seen, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestCompareFire plans one shot under every registered ruleset: the
// active one's column equals PlanFire, the others read the same geometry
// their own way (the scripted ruleset hits with its firer's effects); a
// firer that fired is compared as if it had not.
func TestCompareFire(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B2", board.DirSE},
		{"Tiger I", maps.Axis, "E4", board.DirNW},
	}}.battle(t)
	scriptedEffects = map[string][]combat.Effect{"M4A3E8 #1": {{Kind: combat.Immobilized}}}
	defer func() { scriptedEffects = map[string][]combat.Effect{} }()
	all := b.CompareFire(Fire{Unit: 1, Target: 2})
	plan, err := b.PlanFire(Fire{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]RulesetOdds{}
	var names []string
	for _, ro := range all {
		byName[ro.Ruleset] = ro
		names = append(names, ro.Ruleset)
	}
	if !reflect.DeepEqual(names, combat.Names()) {
		t.Fatalf("compared under %v, want every registered ruleset %v", names, combat.Names())
	}
	if e := byName["elimination"]; e.Err != nil || !reflect.DeepEqual(e.Plan.Odds, plan.Odds) || e.Summary.Total != plan.Odds.Total {
		t.Errorf("elimination's column %+v differs from PlanFire's odds %+v", e, plan.Odds)
	}
	if s := byName[scriptedName]; s.Err != nil || s.Summary.Immobilize != s.Summary.Total {
		t.Errorf("the scripted ruleset's column = %+v, want a certain immobilization", s)
	}

	// Once the M4A3E8 has fired, the shot is refused, but compared as if
	// it had not: the same odds under every ruleset.
	b.Unit(1).Markers |= Fired
	if _, err := b.PlanFire(Fire{Unit: 1, Target: 2}); err == nil {
		t.Fatal("PlanFire accepts a shot from a unit that fired")
	}
	for _, ro := range b.CompareFire(Fire{Unit: 1, Target: 2}) {
		was := byName[ro.Ruleset]
		if fmt.Sprint(ro.Err) != fmt.Sprint(was.Err) || !reflect.DeepEqual(ro.Summary, was.Summary) {
			t.Errorf("%s, the firer marked Fire: %v, summary %+v; want the shot as before it fired: %v, %+v", ro.Ruleset, ro.Err, ro.Summary, was.Err, was.Summary)
		}
	}
}
