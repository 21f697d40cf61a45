package battle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// reinforceMap has a building in A6, on the south edge.
const reinforceMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
B . . . . . . .
`

// reinforcements is a battle where the allied M4A3E8 (#1) arrives on turn
// 2 by the south edge, the US squad (#2) on turn 1 at its own hex H6, two
// M10s (#3, #4) stand in C6 and a Tiger I (#5) in E6; victory is set by
// the caller (none when empty).
func reinforcements(t *testing.T, victory string) *Battle {
	t.Helper()
	return reinforcementsWith(t, victory, Config{Seed: 1})
}

// reinforcementsWith is reinforcements started as cfg says.
func reinforcementsWith(t *testing.T, victory string, cfg Config) *Battle {
	t.Helper()
	f := fixture{grid: reinforceMap, turns: 4, units: []unitAt{
		{"M4A3E8", maps.Allies, "D3", board.DirN},
		{"US Rifle Squad", maps.Allies, "H6", 0},
		{"M10", maps.Allies, "C6", board.DirN},
		{"M10", maps.Allies, "C6", board.DirN},
		{"Tiger I", maps.Axis, "E6", board.DirN},
	}}
	if victory != "" {
		f.props = map[string]string{"victory": victory}
	}
	sc := f.scenario(t)
	sc.Units[0].Arrives = maps.Arrival{Turn: 2, Edge: maps.South}
	sc.Units[1].Arrives = maps.Arrival{Turn: 1}
	b, err := New(sc, testCatalogue, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// toPhase ends phases until it is side's phase p of turn.
func toPhase(t *testing.T, b *Battle, turn int, side maps.Side, p Phase) {
	t.Helper()
	for b.Turn() != turn || b.Phasing() != side || b.Phase() != p {
		apply(t, b, EndPhase{})
	}
}

func TestReinforcementsWaitOffTheMap(t *testing.T) {
	b := reinforcements(t, "")
	tank := b.Unit(1)
	if !tank.Waiting() || tank.Active() || tank.OnMap() || len(b.UnitsAt(tank.Placement.Hex)) != 0 {
		t.Errorf("a reinforcement is on the map before it enters: waiting %v, active %v", tank.Waiting(), tank.Active())
	}
	if have := b.Reinforcements(maps.Allies); len(have) != 2 || have[0].ID != 1 || have[1].ID != 2 {
		t.Errorf("allied reinforcements = %v, want #1 and #2", have)
	}
	if len(b.Reinforcements(maps.Axis)) != 0 {
		t.Errorf("the axis has reinforcements, want none")
	}
}

func TestEnterRefused(t *testing.T) {
	early := reinforcements(t, "")
	toPhase(t, early, 1, maps.Allies, Movement)
	assertRefused(t, early, Enter{Unit: 1, Path: []board.Pose{pose(t, early, "B6", board.DirN)}}, "#1 arrives on turn 2, and this is turn 1")
	for _, tc := range []struct {
		name  string
		order func(b *Battle) Order
		want  string
	}{
		{"not its edge", func(b *Battle) Order { return Enter{Unit: 1, Path: []board.Pose{pose(t, b, "D3", board.DirN)}} }, "D3 is not on the south edge"},
		{"closed terrain", func(b *Battle) Order { return Enter{Unit: 1, Path: []board.Pose{pose(t, b, "A6", board.DirN)}} }, "may not enter A6 (building)"},
		{"over-stacked", func(b *Battle) Order { return Enter{Unit: 1, Path: []board.Pose{pose(t, b, "C6", board.DirN)}} }, "C6 would be over-stacked"},
		{"enemy hex", func(b *Battle) Order { return Enter{Unit: 1, Path: []board.Pose{pose(t, b, "E6", board.DirN)}} }, "E6 holds enemy units"},
		{"not its own hex", func(b *Battle) Order { return Enter{Unit: 2, Path: []board.Pose{pose(t, b, "G6", 0)}} }, "#2 arrives at H6, not G6"},
		{"no entry hex", func(*Battle) Order { return Enter{Unit: 1} }, "#1 needs an entry hex"},
		{"on the map already", func(b *Battle) Order { return Enter{Unit: 3, Path: []board.Pose{pose(t, b, "B6", board.DirN)}} }, "M10 #3 is not waiting to enter the map"},
		{"no unit", func(b *Battle) Order { return Enter{Unit: 99} }, "there is no unit #99"},
		{"move before entering", func(b *Battle) Order { return Move{Unit: 1, Path: []board.Pose{pose(t, b, "D2", board.DirN)}} }, "#1 has not entered the map yet"},
		{"path beyond its MP", func(b *Battle) Order {
			return Enter{Unit: 2, Path: []board.Pose{pose(t, b, "H6", 0), pose(t, b, "H5", 0), pose(t, b, "H4", 0), pose(t, b, "H3", 0), pose(t, b, "H2", 0)}}
		}, "MP"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := reinforcements(t, "")
			toPhase(t, b, 2, maps.Allies, Movement)
			assertRefused(t, b, tc.order(b), tc.want)
		})
	}
	b := reinforcements(t, "")
	toPhase(t, b, 2, maps.Allies, FirePhase)
	assertRefused(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "B6", board.DirN)}}, "reinforcements enter in the Movement phase")
}

func TestEnterThenMove(t *testing.T) {
	b := reinforcements(t, "")
	toPhase(t, b, 2, maps.Allies, Movement)
	events := apply(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "B6", board.DirN), pose(t, b, "B5", board.DirN)}})
	if events[0].Kind != UnitEntered || events[0].Text != "M4A3E8 #1 enters the map at B6" {
		t.Errorf("first event = %+v, want the tank entering at B6", events[0])
	}
	// The Tiger may fire as the tank comes on; passing lets it go on.
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	tank := b.Unit(1)
	if tank.Waiting() || !tank.Active() || tank.Pose != pose(t, b, "B5", board.DirN) || !tank.Has(Moved) {
		t.Errorf("tank after entering: waiting %v, active %v, pose %v, moved %v; want active in B5 facing N, moved",
			tank.Waiting(), tank.Active(), b.Board().Label(tank.Pose.Hex), tank.Has(Moved))
	}
	if len(b.Reinforcements(maps.Allies)) != 1 {
		t.Errorf("reinforcements left = %d, want 1 (the squad)", len(b.Reinforcements(maps.Allies)))
	}
	// A reinforcement not brought on in its turn may still come later.
	apply(t, b, Enter{Unit: 2, Path: []board.Pose{pose(t, b, "H6", 0)}})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	if u := b.Unit(2); !u.Active() || b.Board().Label(u.Pose.Hex) != "H6" {
		t.Errorf("squad after entering on turn 2: active %v in %s, want active in H6", u.Active(), b.Board().Label(u.Pose.Hex))
	}
}

func TestExit(t *testing.T) {
	b := reinforcements(t, "")
	toPhase(t, b, 1, maps.Allies, FirePhase)
	assertRefused(t, b, Exit{Unit: 3, Edge: maps.South}, "units leave the map in the Movement phase")
	apply(t, b, EndPhase{})
	assertRefused(t, b, Exit{Unit: 3, Edge: maps.North}, "M10 #3 in C6 is not on the north edge")
	assertRefused(t, b, Exit{Unit: 1, Edge: maps.South}, "#1 has not entered the map yet")
	events := apply(t, b, Exit{Unit: 3, Edge: maps.South})
	if len(events) != 1 || events[0].Kind != UnitExited || events[0].Text != "M10 #3 leaves the map by the south edge from C6" {
		t.Errorf("events = %+v, want M10 #3 leaving by the south edge", events)
	}
	m10 := b.Unit(3)
	if m10.Active() || m10.Eliminated || m10.ExitedBy() != maps.South || len(b.UnitsAt(hexOf(t, b, "C6"))) != 1 {
		t.Errorf("after exiting: active %v, eliminated %v, edge %q, %d units in C6; want gone by the south edge, not eliminated, 1 left",
			m10.Active(), m10.Eliminated, m10.ExitedBy(), len(b.UnitsAt(hexOf(t, b, "C6"))))
	}
	if b.Exited(maps.Allies, maps.South) != 1 || b.Exited(maps.Allies, "") != 1 || b.Exited(maps.Allies, maps.North) != 0 || b.Eliminated(maps.Allies) != 0 {
		t.Errorf("exited south %d, any %d, north %d, eliminated %d; want 1 1 0 0", b.Exited(maps.Allies, maps.South),
			b.Exited(maps.Allies, ""), b.Exited(maps.Allies, maps.North), b.Eliminated(maps.Allies))
	}
	assertRefused(t, b, Exit{Unit: 3, Edge: maps.South}, "M10 #3 has left the map")
	apply(t, b, Move{Unit: 4, Path: []board.Pose{pose(t, b, "C5", board.DirN)}})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	assertRefused(t, b, Exit{Unit: 4, Edge: maps.South}, "M10 #4 has already moved in this turn's Allied Movement phase")
}

func TestExitVictory(t *testing.T) {
	for _, tc := range []struct {
		victory, want string
	}{
		{"allies exit 1 south", "allies win: allies took 1 units off the south edge (needed 1)"},
		{"allies exit 1", "allies win: allies took 1 units off the map (needed 1)"},
		{"allies exit 1 north", ""},
		{"allies exit 2", ""},
	} {
		t.Run(tc.victory, func(t *testing.T) {
			b := reinforcements(t, tc.victory)
			toPhase(t, b, 1, maps.Allies, Movement)
			events := apply(t, b, Exit{Unit: 3, Edge: maps.South})
			last := events[len(events)-1]
			switch {
			case tc.want == "" && (b.Result() != nil || last.Kind == BattleEnded):
				t.Errorf("the battle ended: %+v", b.Result())
			case tc.want != "" && (last.Kind != BattleEnded || last.Text != tc.want):
				t.Errorf("last event %q, want %q", last.Text, tc.want)
			}
		})
	}
}

func TestParseExitVictory(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	for _, tc := range []struct{ s, want string }{
		{"allies exit", `want "SIDE hold HEX …", "SIDE destroy N", "SIDE exit N [EDGE]" or "SIDE otherwise"`},
		{"allies exit 0", "want a number of units ≥ 1 after exit, then at most an edge"},
		{"allies exit some north", "want a number of units ≥ 1 after exit"},
		{"allies exit 2 north east", "want a number of units ≥ 1 after exit, then at most an edge"},
		{"allies exit 2 up", `"up" is not a map edge`},
		{"axis leave 2", `"leave" is not hold, destroy or exit`},
	} {
		if _, err := ParseVictory(tc.s, bd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseVictory(%q) = %v, want an error containing %q", tc.s, err, tc.want)
		}
	}
	v, err := ParseVictory("allies exit 3 East; axis exit 1", bd)
	if err != nil || v.Exit[maps.Allies] != (ExitGoal{N: 3, Edge: maps.East}) || v.Exit[maps.Axis] != (ExitGoal{N: 1}) {
		t.Errorf("ParseVictory = %+v, %v; want allies 3 by the east edge, axis 1 by any", v.Exit, err)
	}
}

// TestReinforcementSaveReplays saves a battle with an entry and an exit,
// through JSON, and replays it to the same digest.
func TestReinforcementSaveReplays(t *testing.T) {
	b := reinforcements(t, "")
	toPhase(t, b, 2, maps.Allies, Movement)
	apply(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "B6", board.DirN), pose(t, b, "B5", board.DirN)}})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	apply(t, b, Exit{Unit: 3, Edge: maps.South})
	data, err := json.Marshal(b.Save())
	if err != nil {
		t.Fatal(err)
	}
	var s Save
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	again, err := Replay(b.Scenario(), testCatalogue, s)
	if err != nil {
		t.Fatal(err)
	}
	if again.Digest() != b.Digest() || again.Unit(3).ExitedBy() != maps.South || !again.Unit(1).Active() {
		t.Errorf("the replay differs: digest %s vs %s", again.Digest(), b.Digest())
	}
}

// TestDigestCountsArrival: a waiting unit and the same battle with that
// unit entered differ in their digests.
func TestDigestCountsArrival(t *testing.T) {
	b := reinforcements(t, "")
	toPhase(t, b, 1, maps.Allies, Movement)
	before := b.Digest()
	apply(t, b, Enter{Unit: 2, Path: []board.Pose{pose(t, b, "H6", 0)}})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	if b.Digest() == before {
		t.Errorf("entering left the digest as it was")
	}
}

// TestEnterThroughOpportunityFire: fired at on its entry hex and missed,
// the tank's owner goes on with the MP left after paying for that hex.
func TestEnterThroughOpportunityFire(t *testing.T) {
	b := reinforcementsWith(t, "", Config{Dice: combat.NewFixedDice(6, 6, 6, 6)})
	toPhase(t, b, 2, maps.Allies, Movement)
	events := apply(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "B6", board.DirN), pose(t, b, "B5", board.DirN)}})
	if last := events[len(events)-1]; last.Kind != OpportunityOffered || b.Board().Label(last.Hex) != "B6" {
		t.Fatalf("last event %+v, want opportunity fire offered in B6", last)
	}
	apply(t, b, Fire{Unit: 5, Target: 1}, Pass{}) // missed; the axis fire no more
	u, rest, left := b.MovePaused()
	full := b.allowance(b.Unit(1)).MP
	if u == nil || u.ID != 1 || len(rest) != 1 || left != full-1 {
		t.Fatalf("paused: %v, rest %v, %d MP left; want the tank with B5 to go and %d MP (entering open ground cost 1)", u, rest, left, full-1)
	}
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B5", board.DirN), pose(t, b, "B4", board.DirN)}})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
	if tank := b.Unit(1); b.Board().Label(tank.Pose.Hex) != "B4" || !tank.Has(Moved) {
		t.Errorf("tank in %s, moved %v; want it in B4, moved", b.Board().Label(tank.Pose.Hex), tank.Has(Moved))
	}
}

// TestEnteringUnseen: a US squad comes on in the crops of P3, eight hexes
// from a Tiger in H3 with a clear line: beyond the six hexes crops let it
// be spotted at, it is a contact to the Axis, and under fog they are
// offered no opportunity fire at it (they do not see it); in the open the
// move waits for their fire.
func TestEnteringUnseen(t *testing.T) {
	for _, fog := range []bool{false, true} {
		f := fixture{grid: spotMap, props: map[string]string{"fog": fmt.Sprint(fog)}, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "P3", board.DirSW},
			{"Tiger I", maps.Axis, "H3", board.DirSE},
		}}
		sc := f.scenario(t)
		sc.Units[0].Arrives = maps.Arrival{Turn: 1}
		b, err := New(sc, testCatalogue, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		toPhase(t, b, 1, maps.Allies, Movement)
		apply(t, b, Enter{Unit: 1, Path: []board.Pose{pose(t, b, "P3", board.DirSW)}})
		if offered := b.Moving() != nil; offered != !fog {
			t.Errorf("fog %t: opportunity fire offered %t, want %t", fog, offered, !fog)
		}
		if k := b.Knowledge(maps.Axis, b.Unit(1)); fog && k.Known != Contact {
			t.Errorf("under fog the Axis know the squad that came on as %v, want a contact", k.Known)
		}
	}
}
