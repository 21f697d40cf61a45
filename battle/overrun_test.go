package battle

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// overrunMap: woods with foxholes in D2, the target hex of the rules' §19
// example; a building in F3, a bunker in B3 and a stream in G3.
const overrunMap = `
. . . . . . . .
. . . W . . . .
. . . . . B s .
. . . . . . . .
. . . . . . . .
. . . . . . . .
foxhole D2
bunker B3 0
`

// northFrom is the path north through the hexes given, facing north.
func northFrom(t *testing.T, b *Battle, hexes ...string) []board.Pose {
	var path []board.Pose
	for _, h := range hexes {
		path = append(path, pose(t, b, h, board.DirN))
	}
	return path
}

// TestOverrunExample plays the rules' §19 example: the M4A3E8 (10 MP)
// overruns two German squads with their leader, Schmidt, dug into the
// woods of D2, driving north from D5 through D4 and D3 and out to D1.
// Entering D3 it takes a Panzerfaust from D2 as opportunity fire (19.2),
// directed by the leader: a 7, less his 1, is 6, a hit on 8 or less; the
// elimination number of D on armour E is 5, and the 11 rolled does
// nothing. No fire comes as it enters D2; it overruns the hex with 38
// APFP, its 19 doubled (19.4): a 2, +2 woods and +1 foxholes, is 5 on the
// 29-40 row, 6 casualty points (the automatic allocation spends them; the
// example's player chose otherwise). It ends its move in D1 facing north.
// The example counts 7 MP; Hexfire charges 8, the +1 of entering a
// fortified hex (20.3) on top, which the example's tally leaves out.
func TestOverrunExample(t *testing.T) {
	b := fixture{grid: overrunMap, props: map[string]string{"panzerfausts_axis": "1"},
		dice: []int{3, 4, 5, 6, 1, 1}, units: []unitAt{
			{"M4A3E8", maps.Allies, "D5", board.DirN},  // 1
			{"German Rifle Squad", maps.Axis, "D2", 0}, // 2
			{"German Rifle Squad", maps.Axis, "D2", 0}, // 3
			{"German Leader", maps.Axis, "D2", 0},      // 4: Schmidt
		}}.battle(t)
	apply(t, b, EndPhase{})
	o := Overrun{Unit: 1, Path: northFrom(t, b, "D4", "D3", "D2", "D1")}
	p, err := b.PlanOverrun(o)
	if err != nil {
		t.Fatalf("PlanOverrun: %v", err)
	}
	if p.Attack.APFP != 38 || p.Attack.Cover != 3 || p.Cost != 8 || len(p.Defenders) != 3 {
		t.Errorf("plan: APFP %d, cover %d, cost %d MP, %d defenders; want 38, 3 (woods 2, foxholes 1), 8, 3",
			p.Attack.APFP, p.Attack.Cover, p.Cost, len(p.Defenders))
	}
	events := apply(t, b, o)
	if last := events[len(events)-1]; last.Kind != OpportunityOffered || b.Unit(1).Pose.Hex != hexOf(t, b, "D3") {
		t.Fatalf("the overrun stopped in %s with %q, want opportunity fire offered in D3", b.Board().Label(b.Unit(1).Pose.Hex), last.Text)
	}
	shot := Fire{Unit: 2, Target: 1, Leader: 4, Panzerfaust: true}
	fp, err := b.PlanFire(shot)
	if err != nil {
		t.Fatalf("PlanFire: %v", err)
	}
	if fp.Odds.ToHit != 8 || !strings.Contains(strings.Join(fp.Odds.Steps, " "), "elimination number 5") {
		t.Errorf("Panzerfaust odds: to hit %d, steps %q; want 8 and elimination number 5", fp.Odds.ToHit, fp.Odds.Steps)
	}
	events = apply(t, b, shot)
	if out := events[0].Outcome; out == nil || !out.Hit || len(out.Effects) != 1 {
		t.Errorf("the Panzerfaust: %q, want a hit with no effect but the round spent", events[0].Text)
	}
	events = apply(t, b, Pass{})
	var ap *Event
	for i, e := range events {
		if e.AP != nil {
			ap = &events[i]
		}
		if e.Kind == OpportunityOffered {
			t.Errorf("opportunity fire offered after D3: %q", e.Text)
		}
	}
	if ap == nil {
		t.Fatalf("no overrun attack among %v", events)
	}
	if ap.AP.Natural != 2 || ap.AP.Total != 5 || ap.AP.Points != 6 || ap.Hex != hexOf(t, b, "D2") {
		t.Errorf("overrun: natural %d, total %d, %d points; want 2, 5, 6 (%q)", ap.AP.Natural, ap.AP.Total, ap.AP.Points, ap.AP.Steps)
	}
	u := b.Unit(1)
	if u.Pose != pose(t, b, "D1", board.DirN) || !u.Has(Moved) || b.Moving() != nil || u.LastMove.Cost != 8 {
		t.Errorf("the M4A3E8 ends at %v (moved %v, moving %v, cost %d), want D1 facing N, marked Move, 8 MP", u.Pose, u.Has(Moved), b.Moving(), u.LastMove.Cost)
	}
	if b.DiceRolled() != 6 {
		t.Errorf("%d dice rolled, want 6 (the Panzerfaust's 2+2, the overrun's 2)", b.DiceRolled())
	}
}

// TestOverrunFinalOpportunityFire: a squad in the target hex that fired
// at the AFV on its way in fires again as it leaves, though marked Fire,
// at its rear armour, with its leader directing though he directed the
// first shot (rules 19.2); once, and only from the target hex; the
// overrun leaves them unharmed: 6+6, +3, does nothing.
func TestOverrunFinalOpportunityFire(t *testing.T) {
	b := fixture{grid: overrunMap, props: map[string]string{"panzerfausts_axis": "3"},
		dice: []int{6, 6, 6, 6, 6, 6, 6, 6}, units: []unitAt{
			{"M4A3E8", maps.Allies, "D5", board.DirN},  // 1
			{"German Rifle Squad", maps.Axis, "D2", 0}, // 2
			{"German Leader", maps.Axis, "D2", 0},      // 3
			{"German Rifle Squad", maps.Axis, "E2", 0}, // 4: beside the path, not in the target hex
		}}.battle(t)
	apply(t, b, EndPhase{}, Overrun{Unit: 1, Path: northFrom(t, b, "D4", "D3", "D2", "D1")})
	apply(t, b, Fire{Unit: 2, Target: 1, Leader: 3, Panzerfaust: true}, Fire{Unit: 4, Target: 1, Panzerfaust: true}) // 6+6 misses
	events := apply(t, b, Pass{})
	if last := events[len(events)-1]; last.Kind != OpportunityOffered || b.Unit(1).Pose.Hex != hexOf(t, b, "D1") {
		t.Fatalf("after the overrun: %q in %s, want opportunity fire offered in D1", last.Text, b.Board().Label(b.Unit(1).Pose.Hex))
	}
	// The leader too may fire a Panzerfaust from the pool (12.5).
	if fs := b.OpportunityFirers(); len(fs) != 2 || fs[0].ID != 2 || fs[1].ID != 3 {
		t.Fatalf("OpportunityFirers = %v, want the squad and the leader of the target hex", fs)
	}
	final := Fire{Unit: 2, Target: 1, Leader: 3, Panzerfaust: true}
	p, err := b.PlanFire(final)
	if err != nil {
		t.Fatalf("the final shot: %v", err)
	}
	if p.Shot.Aspect != board.Rear {
		t.Errorf("the final shot strikes %v armour, want rear", p.Shot.Aspect)
	}
	assertRefused(t, b, Fire{Unit: 4, Target: 1, Panzerfaust: true}, "already fired")
	events = apply(t, b, final)
	if events[0].Kind != UnitFired || b.Panzerfausts(maps.Axis) != 0 {
		t.Fatalf("the final shot: %q, %d Panzerfausts left; want it fired, none left", events[0].Text, b.Panzerfausts(maps.Axis))
	}
	b.panzerfausts[maps.Axis]++ // a Panzerfaust for a second final shot, which is refused all the same
	assertRefused(t, b, final, "already fired")
	assertRefused(t, b, Fire{Unit: 3, Target: 1, Panzerfaust: true}, "already fired") // he directed his final shot
	if events := apply(t, b, Pass{}); events[len(events)-1].Kind != MoveEnded || b.Unit(1).Pose.Hex != hexOf(t, b, "D1") {
		t.Errorf("after the final shot the overrun ends with %q in %s, want its end in D1", events[len(events)-1].Text, b.Board().Label(b.Unit(1).Pose.Hex))
	}
}

// woodsColumn is a map with woods down column B.
const woodsColumn = `
. W . .
. W . .
. W . .
. W . .
. W . .
. W . .
. W . .
. W . .
`

// TestOverrunRefused: what rules 19.1 and 19.3 forbid, and what any move
// forbids, each refused with the reason. Unit 1 is the AFV (or the unit
// ordered to overrun), driving north through the hexes of path.
func TestOverrunRefused(t *testing.T) {
	squad := func(hex string) unitAt { return unitAt{"German Rifle Squad", maps.Axis, hex, 0} }
	tank := func(hex string) unitAt { return unitAt{"M4A3E8", maps.Allies, hex, board.DirN} }
	tests := []struct {
		name  string
		grid  string // overrunMap when ""
		units []unitAt
		setup []Order
		path  []string
		want  string
	}{
		{"not an AFV", "", []unitAt{{"US Rifle Squad", maps.Allies, "D4", 0}, squad("D3")}, nil, []string{"D3", "D2"}, "only AFVs overrun"},
		{"an enemy AFV in the hex", "", []unitAt{tank("E5"), squad("E2"), {"StuG III G", maps.Axis, "E2", board.DirS}}, nil,
			[]string{"E4", "E3", "E2", "E1"}, "enemy AFV"},
		{"a building", "", []unitAt{tank("F5"), squad("F3")}, nil, []string{"F4", "F3", "F2"}, "building hex"},
		{"a bunker", "", []unitAt{tank("B5"), squad("B3")}, nil, []string{"B4", "B3", "B2"}, "bunker"},
		{"while towing", "", []unitAt{{"M3 Halftrack", maps.Allies, "D5", board.DirN}, {"57mm M1", maps.Allies, "D5", board.DirN}, squad("D2")}, []Order{Load{Unit: 2, Carrier: 1}},
			[]string{"D4", "D3", "D2", "D1"}, "towing"},
		{"no enemy there", "", []unitAt{tank("D5")}, nil, []string{"D4", "D3", "D2", "D1"}, "no enemy unit in D2"},
		{"not straight on", "", []unitAt{tank("D5"), squad("D2")}, nil, []string{"D4", "D3", "D2", "D2"}, "not a straight line"},
		{"no exit", "", []unitAt{tank("D5"), squad("D4")}, nil, []string{"D4"}, "ends by entering the target hex"},
		{"an exit it may not enter", "", []unitAt{tank("F5"), squad("F4")}, nil, []string{"F4", "F3"}, "F3"},
		{"an enemy in the exit", "", []unitAt{tank("D5"), squad("D3"), squad("D2")}, nil, []string{"D4", "D3", "D2"}, "D2"},
		// 10 MP of woods, enough for the move without the attack's 2.
		{"too few MP", woodsColumn, []unitAt{tank("B8"), squad("B4")}, nil, []string{"B7", "B6", "B5", "B4", "B3"}, "MP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid := tt.grid
			if grid == "" {
				grid = overrunMap
			}
			b := fixture{grid: grid, units: tt.units}.battle(t)
			apply(t, b, EndPhase{})
			apply(t, b, tt.setup...)
			start := b.Unit(1).Pose
			var path []board.Pose
			for _, h := range tt.path {
				path = append(path, pose(t, b, h, board.DirN))
			}
			assertRefused(t, b, Overrun{Unit: 1, Path: path}, tt.want)
			if b.Unit(1).Pose != start || b.Moving() != nil {
				t.Errorf("a refused overrun moved the AFV")
			}
		})
	}
}

// TestOverrunReplays: a battle saved in the middle of an overrun, the
// final shot waiting, and after it, replays from its save to the same
// state; Check accepts each pass, which drives the AFV on into its attack,
// without changing the battle.
func TestOverrunReplays(t *testing.T) {
	f := fixture{grid: overrunMap, props: map[string]string{"panzerfausts_axis": "2"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "D5", board.DirN},
		{"German Rifle Squad", maps.Axis, "D2", 0},
	}}
	b := f.battle(t)
	apply(t, b, EndPhase{}, Overrun{Unit: 1, Path: northFrom(t, b, "D4", "D3", "D2", "D1")})
	for b.Moving() != nil {
		loaded, err := Replay(f.scenario(t), testCatalogue, b.Save())
		if err != nil {
			t.Fatal(err)
		}
		if loaded.Digest() != b.Digest() || loaded.Unit(1).Pose != b.Unit(1).Pose {
			t.Fatalf("the replay of %d orders differs", len(b.Orders()))
		}
		before := b.Digest()
		if err := b.Check(Pass{}); err != nil || b.Digest() != before {
			t.Fatalf("Check(Pass) = %v, or it changed the battle", err)
		}
		apply(t, b, Pass{})
	}
	loaded, err := Replay(f.scenario(t), testCatalogue, b.Save())
	if err != nil || loaded.Digest() != b.Digest() {
		t.Fatalf("the replay after the overrun differs (err %v)", err)
	}
}

// TestOverrunTo finds the cheapest head-on overrun of a hex: of the
// squad in D2 from D5, north through D4 and D3 (8 MP with the foxholes);
// none of the building hex F3, which may not be overrun, and none once
// the AFV has moved, nor of H1, out of its reach. Overruns lists D2's
// alone.
func TestOverrunTo(t *testing.T) {
	b := fixture{grid: overrunMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "D5", board.DirN},
		{"German Rifle Squad", maps.Axis, "D2", 0},
		{"German Rifle Squad", maps.Axis, "F3", 0},
		{"German Rifle Squad", maps.Axis, "H1", 0},
	}}.battle(t)
	apply(t, b, EndPhase{})
	u := b.Unit(1)
	o, err := b.OverrunTo(u, hexOf(t, b, "D2"))
	want := northFrom(t, b, "D4", "D3", "D2", "D1")
	if err != nil || len(o.Path) != len(want) || o.Path[0] != want[0] || o.Path[3] != want[3] {
		t.Errorf("OverrunTo(D2) = %v, %v; want the path north %v", o, err, want)
	}
	if o, err := b.OverrunTo(u, hexOf(t, b, "F3")); err == nil || !strings.Contains(err.Error(), "building") {
		t.Errorf("OverrunTo(F3), a building = %v, %v; want none, for the building", o, err)
	}
	if o, err := b.OverrunTo(u, hexOf(t, b, "H1")); err == nil {
		t.Errorf("OverrunTo(H1), out of reach = %v, want none", o)
	}
	if os := b.Overruns(u); len(os) != 1 || os[0].Path[len(os[0].Path)-2].Hex != hexOf(t, b, "D2") {
		t.Errorf("Overruns = %v, want the one of D2", os)
	}
	apply(t, b, Move{Unit: 1, Path: northFrom(t, b, "D4")})
	if os := b.Overruns(u); len(os) != 0 {
		t.Errorf("Overruns after a move = %v, want none", os)
	}
}

// TestOverrunRunsIntoTheUnseen: under fog an M4A3E8 overruns a German
// squad in the open in D4, driving north from D6 out to D3, where a second
// squad lies hidden in the crops. The way out is barred by it: the AFV
// runs into it, and, the target squad left unharmed (6+6), falls back to
// D5 facing the target, so that no hex holds units of both sides; the
// target wiped out (1+1), it halts in D4. A version 10 save drove on
// into D3.
func TestOverrunRunsIntoTheUnseen(t *testing.T) {
	const grid = `
. . . . . . . .
. . . . . . . .
. . . c . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	for _, tc := range []struct {
		dice    []int
		version int
		want    string // where the AFV ends
		lost    bool   // the target squad eliminated
	}{
		{dice: []int{6, 6}, want: "D5"},
		{dice: []int{1, 1}, want: "D4", lost: true},
		{dice: []int{6, 6}, version: 10, want: "D3"},
	} {
		b := fixture{grid: grid, dice: tc.dice, hidden: []int{2}, version: tc.version, props: map[string]string{"fog": "true"}, units: []unitAt{
			{"M4A3E8", maps.Allies, "D6", board.DirN},  // 1
			{"German Rifle Squad", maps.Axis, "D4", 0}, // 2
			{"German Rifle Squad", maps.Axis, "D3", 0}, // 3, hidden
		}}.battle(t)
		for b.Phase() != Movement {
			apply(t, b, EndPhase{})
		}
		o := Overrun{Unit: 1, Path: northFrom(t, b, "D5", "D4", "D3")}
		checked := b.Check(o)
		events, err := b.Apply(o)
		if fmt.Sprint(checked) != fmt.Sprint(err) || err != nil {
			t.Fatalf("%v: Check says %v, Apply %v: want both to accept the overrun", tc.dice, checked, err)
		}
		for b.Moving() != nil {
			events = append(events, apply(t, b, Pass{})...)
		}
		u := b.Unit(1)
		if got := b.Board().Label(u.Pose.Hex); got != tc.want || u.Pose.Facing != board.DirN || !u.Has(Moved) {
			t.Errorf("%v, version %d: the M4A3E8 ends in %s facing %v (moved %t), want %s facing N, moved", tc.dice, tc.version, got, u.Pose.Facing, u.Has(Moved), tc.want)
		}
		if lost := !b.Unit(2).OnMap(); lost != tc.lost {
			t.Errorf("%v: the target squad eliminated %t, want %t", tc.dice, lost, tc.lost)
		}
		if tc.version != 0 {
			continue
		}
		if k := b.Knowledge(maps.Allies, b.Unit(3)); k.Known != Spotted {
			t.Errorf("%v: the hidden squad is %v to the Allies after the overrun ran into it", tc.dice, k.Known)
		}
		if !slices.ContainsFunc(events, func(e Event) bool { return e.Kind == MoveBumped && e.Hex == hexOf(t, b, "D3") }) {
			t.Errorf("%v: no bump into D3 among %v", tc.dice, events)
		}
	}
}

// TestOverrunFindsAnUnseenAFV: under fog an enemy AFV bars an overrun only
// where its side has spotted it (refusing the order would tell of one it
// has not). A Pz IV H lies hidden in the woods of D4 with a German squad
// the Allies can see; the M4A3E8's overrun of the squad from D7 is
// accepted, finds the Panzer on the way and halts in D5 before the hex,
// no attack made.
func TestOverrunFindsAnUnseenAFV(t *testing.T) {
	const grid = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . W . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	b := fixture{grid: grid, hidden: []int{2}, props: map[string]string{"fog": "true"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "D7", board.DirN},  // 1
		{"German Rifle Squad", maps.Axis, "D4", 0}, // 2
		{"Pz IV H", maps.Axis, "D4", board.DirS},   // 3, hidden
	}}.battle(t)
	for b.Phase() != Movement {
		apply(t, b, EndPhase{})
	}
	if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known == Unknown {
		t.Fatalf("the German squad in D4 is unknown to the Allies: the fixture needs it known")
	}
	events := apply(t, b, Overrun{Unit: 1, Path: northFrom(t, b, "D6", "D5", "D4", "D3")})
	for b.Moving() != nil {
		events = append(events, apply(t, b, Pass{})...)
	}
	if got := b.Board().Label(b.Unit(1).Pose.Hex); got != "D5" {
		t.Errorf("the M4A3E8 ends in %s, want D5", got)
	}
	if slices.ContainsFunc(events, func(e Event) bool { return e.AP != nil }) {
		t.Errorf("an overrun attack was made: %v", events)
	}
	if k := b.Knowledge(maps.Allies, b.Unit(3)); k.Known != Spotted {
		t.Errorf("the Pz IV H is %v to the Allies after the overrun found it", k.Known)
	}
}

// TestOverrunAroundAContact: under fog a German squad in the woods of D3,
// beyond the target D4, is a contact to the M4A3E8 five hexes off. The hex it holds bars an overrun
// out through it in the Allies' known battle as in the battle itself (the
// known battle let the path through its contacts, and the battle refused
// the order it planned: the soak's random overruns).
func TestOverrunAroundAContact(t *testing.T) {
	const grid = `
. . . . . . . .
. . . . . . . .
. . . W . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	b := fixture{grid: grid, props: map[string]string{"fog": "true"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "D8", board.DirN},  // 1
		{"German Rifle Squad", maps.Axis, "D4", 0}, // 2
		{"German Rifle Squad", maps.Axis, "D3", 0}, // 3, in the woods
	}}.battle(t)
	for b.Phase() != Movement {
		apply(t, b, EndPhase{})
	}
	if k := b.Knowledge(maps.Allies, b.Unit(3)); k.Known != Contact {
		t.Fatalf("the squad in the woods is %v to the Allies, want a contact: the fixture needs one", k.Known)
	}
	o := Overrun{Unit: 1, Path: northFrom(t, b, "D7", "D6", "D5", "D4", "D3")}
	known := b.View(maps.Allies).Known()
	if _, err := known.PlanOverrun(o); err == nil || !strings.Contains(err.Error(), "D3") {
		t.Errorf("the known battle's plan of an overrun out into the contact's hex: %v, want it refused naming D3", err)
	}
	if err := b.Check(o); err == nil || !strings.Contains(err.Error(), "D3") {
		t.Errorf("the battle's check: %v, want it refused naming D3", err)
	}
}
