package game

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/units"
)

// aschaffenburg opens the shipped battle whose Americans have artillery
// and air missions, at the Allies' Command phase of turn 1.
func aschaffenburg(t *testing.T) *battle.Battle {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	src := battle.EmbeddedPrefix + "scenarios/aschaffenburg.tmx"
	sc, err := battle.OpenScenario(src, cat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: 1, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func joinTip(lines []tipLine) string {
	var text []string
	for _, l := range lines {
		text = append(text, l.text)
	}
	return strings.Join(text, "\n")
}

// TestSupportTip: the call's preview names the spotter, the chance the
// barrage lands on the hex, and the exact odds of its shot at the StuG
// there; an air strike needs no spotter; an artillery call without a
// spotter is refused with the battle's reason.
func TestSupportTip(t *testing.T) {
	b := aschaffenburg(t)
	h, err := b.Board().ParseHex("M4")
	if err != nil {
		t.Fatal(err)
	}
	tank := b.Unit(1)
	plan, err := b.PlanSupport(battle.CallFire{Spotter: tank.ID, Kind: maps.LightBarrage, Target: h})
	if err != nil {
		t.Fatal(err)
	}
	all := joinTip(supportTip(b, tank, h, callChoice{kind: maps.LightBarrage}))
	want := []string{"call a light barrage on M4 (2 light barrage left)", "spotted by M4A3E8 #1", "lands on M4  66.67%  (2/3)", "StuG III G #17: if it lands, hit on 8 or less"}
	odds := plan.Strike.ShotOdds[0]
	for _, hl := range odds.Headlines() {
		want = append(want, fmt.Sprintf("%-12s %6.2f%%  (%s)", hl.Headline, 100*odds.Probability(hl.Weight), odds.Exact(hl.Weight).RatString()))
	}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("light barrage tip lacks %q; have\n%s", w, all)
		}
	}
	if air := joinTip(supportTip(b, tank, h, callChoice{kind: maps.FighterBomber})); !strings.Contains(air, "the aircraft need no spotter") || !strings.Contains(air, "StuG III G #17: hit on 8 or less") {
		t.Errorf("air strike tip:\n%s", air)
	}
	if smoke := joinTip(supportTip(b, tank, h, callChoice{kind: maps.LightBarrage, smoke: true})); !strings.Contains(smoke, "lays Smoke 2 where it lands, for 2 of your 4 smoke factors; the light barrage is kept (rules 21.7)") {
		t.Errorf("smoke barrage tip:\n%s", smoke)
	}
	lines := supportTip(b, nil, h, callChoice{kind: maps.LightBarrage})
	if last := lines[len(lines)-1]; last.kind != tipRefused || !strings.Contains(last.text, "needs a spotter: select an unpinned unit of yours that sees M4") {
		t.Errorf("refused tip ends with %+v, want the battle's reason", last)
	}
}

// TestClickCallsFire: with a call armed, a click calls the mission on the
// hex, the selected unit spotting an artillery mission.
func TestClickCallsFire(t *testing.T) {
	b := aschaffenburg(t)
	h, _ := b.Board().ParseHex("M4")
	for _, c := range callChoices(b.SupportLeft(maps.Allies)) {
		var pv preview
		pv.update(b, previewKey{version: 1, unit: 1, hover: h, hasHover: true, call: c})
		want := battle.CallFire{Kind: c.kind, Target: h, Smoke: c.smoke}
		if c.kind.Artillery() {
			want.Spotter = 1
		}
		if have := clickCommand(b, b.Unit(1), h, &pv, modeCall, false); !reflect.DeepEqual(have, command{order: want}) {
			t.Errorf("%+v: clickCommand = %+v, want %+v", c, have, want)
		}
	}
}

// TestStrikeMark: a mission's strike is drawn where it landed, with what
// it did there in words.
func TestStrikeMark(t *testing.T) {
	events := []battle.Event{
		{Kind: battle.SupportCalled, Hex: board.Hex{Q: 3, R: 4}},
		{Kind: battle.HexFired, Hex: board.Hex{Q: 3, R: 4}},
		{Kind: battle.UnitPinned, Unit: 5},
		{Kind: battle.UnitFired, Target: 6},
		{Kind: battle.UnitEliminated, Unit: 6},
		{Kind: battle.SupportCalled, Hex: board.Hex{Q: 9, R: 9}},
	}
	b := aschaffenburg(t)
	marks := shotMarks(b, events)
	want := []shotMark{{from: board.Hex{Q: 3, R: 4}, to: board.Hex{Q: 3, R: 4}, text: "1 eliminated, 1 pinned", hit: true},
		{from: board.Hex{Q: 9, R: 9}, to: board.Hex{Q: 9, R: 9}, text: "no effect"}}
	if !reflect.DeepEqual(marks, want) {
		t.Errorf("marks %+v, want %+v", marks, want)
	}
}
