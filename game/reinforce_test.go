package game

import (
	"image"
	"reflect"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// arrivalBattle is a battle on battletest.OpenMap (6x5) with the allied US squad
// #1 arriving on turn `turn` by the west edge, the allied M4A3E8 #2 in A1
// and a Tiger I #3 in F5, under victory (none when empty), at the allies'
// Movement phase of turn 1.
func arrivalBattle(t *testing.T, turn int, victory string) *battle.Battle {
	t.Helper()
	bd := board.MustParseASCII(board.DefaultLayout, battletest.OpenMap)
	hex := func(l string) board.Hex {
		h, err := bd.ParseHex(l)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination", Turns: 3,
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{"victory": victory},
		Units: []maps.Placement{
			{ID: 1, Type: "US Rifle Squad", Side: maps.Allies, Hex: hex("C3"), Arrives: maps.Arrival{Turn: turn, Edge: maps.West}},
			{ID: 2, Type: "M4A3E8", Side: maps.Allies, Hex: hex("A1"), Facing: board.DirS},
			{ID: 3, Type: "Tiger I", Side: maps.Axis, Hex: hex("F5")},
		}}
	b, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for b.Phase() != battle.Movement {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestEntryCommand(t *testing.T) {
	b := arrivalBattle(t, 1, "")
	sq := b.Unit(1)
	label := func(ps []board.Pose) string {
		var ls []string
		for _, p := range ps {
			ls = append(ls, b.Board().Label(p.Hex))
		}
		return strings.Join(ls, " ")
	}
	for _, tc := range []struct {
		click, wantPath, wantErr string
	}{
		{click: "A3", wantPath: "A3"},
		{click: "C3", wantPath: "A2 B3 C3"}, // open ground: 1 MP to come on, 1 a hex
		{click: "F3", wantErr: "US Rifle Squad #1 cannot come on the map and reach F3 this turn"},
	} {
		h, _ := b.Board().ParseHex(tc.click)
		c := entryCommand(b, sq, h)
		o, ok := c.order.(battle.Enter)
		switch {
		case tc.wantErr != "" && (c.err == nil || c.err.Error() != tc.wantErr):
			t.Errorf("click %s: %v, want the error %q", tc.click, c.err, tc.wantErr)
		case tc.wantErr == "" && (!ok || label(o.Path) != tc.wantPath || b.Check(o) != nil):
			t.Errorf("click %s: entry by %s (%v), want a legal entry by %s", tc.click, label(o.Path), c.err, tc.wantPath)
		}
	}
	if !canAct(b, sq) {
		t.Errorf("a reinforcement that may enter cannot act")
	}
	if have, want := reinforcementLines(b), []string{"Reinforcements  (click one or Tab, then a ringed hex)",
		"US Rifle Squad #1: turn 1, by the west edge: may enter now"}; !reflect.DeepEqual(have, want) {
		t.Errorf("panel lines %q, want %q", have, want)
	}
	early := arrivalBattle(t, 2, "")
	if c := entryCommand(early, early.Unit(1), sq.Pose.Hex); c.err == nil || !strings.Contains(c.err.Error(), "arrives on turn 2, and this is turn 1") {
		t.Errorf("entering too early: %v, want a refusal naming turn 2", c.err)
	}
	if canAct(early, early.Unit(1)) {
		t.Errorf("a reinforcement due on turn 2 can act on turn 1")
	}
	if have := waitingAbility(early, early.Unit(1)); have != "off the map: arrives turn 2, by the west edge" {
		t.Errorf("waiting ability %q", have)
	}
}

func TestExitEdge(t *testing.T) {
	for _, tc := range []struct {
		victory string
		want    maps.Edge
	}{{"", maps.North}, {"allies exit 1 west", maps.West}, {"allies exit 1 north", maps.North}} {
		b := arrivalBattle(t, 1, tc.victory)
		v, err := victoryOf(b.Scenario())
		if err != nil {
			t.Fatal(err)
		}
		if have := exitEdge(b, v, b.Unit(2)); have != tc.want {
			t.Errorf("victory %q: the tank in the A1 corner leaves by %q, want %q", tc.victory, have, tc.want)
		}
	}
	b := arrivalBattle(t, 1, "allies exit 2 west")
	v, _ := victoryOf(b.Scenario())
	if have, want := exitProgressLines(b, v), []string{"Allies off the map by the west edge: 0 of 2"}; !reflect.DeepEqual(have, want) {
		t.Errorf("progress %q, want %q", have, want)
	}
	if have := exitGoalLines(v); len(have) != 1 || have[0] != "The Allies win at once when 2 of their units have left the map by the west edge." {
		t.Errorf("goal lines %q", have)
	}
}

// TestClickReinforcementLine: a click on a reinforcement's line in the
// panel selects it; a click on a ringed hex then brings it on.
func TestClickReinforcementLine(t *testing.T) {
	b := arrivalBattle(t, 1, "")
	g := shotGame(t, b, "", "")
	frame(g) // the panel lays the lines out
	if len(g.reinforceRects) != 1 {
		t.Fatalf("%d reinforcement lines drawn, want 1", len(g.reinforceRects))
	}
	r := g.reinforceRects[0].rect
	g.apply(Intents{Click: true, Cursor: image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)})
	if g.play.unit != 1 {
		t.Fatalf("selected after a click on the line: #%d, want #1", g.play.unit)
	}
	g.apply(Intents{Click: true, Cursor: hexScreen(g, "A3"), CursorIn: true})
	if u := b.Unit(1); u.Waiting() || b.Board().Label(u.Pose.Hex) != "A3" {
		t.Errorf("after a click on A3: waiting %v in %s, want on the map in A3", u.Waiting(), b.Board().Label(u.Pose.Hex))
	}
}
