package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/maps"
)

// fogOn is the map property of a battle under fog: dummies exist only
// there.
var fogOn = map[string]string{"fog": "true"}

// TestDummyViewIsAUnits: the enemy's view of a dummy, in JSON, is byte for
// byte its view of a German squad set up in its place, hidden or not,
// contact or unseen, at set-up and after a move of the watcher that keeps
// the view; the dummy's own side sees it whole and labelled.
func TestDummyViewIsAUnits(t *testing.T) {
	for _, tt := range []struct {
		name            string
		watcher, target string
		hidden          bool
		moveTo          string // the M4's move in the Allied Movement phase, "" for none
	}{
		{"a contact in the woods at 5", "K2", "P2", false, ""},
		{"a contact, after the watcher moved", "K2", "P2", false, "K1"},
		{"hidden in the woods at 2", "N2", "P2", true, ""},
		{"hidden in the crops at 3, after a move", "M3", "P3", true, "M4"},
		{"out of sight", "A5", "M5", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			views := map[string][]byte{}
			for _, typ := range []string{"German Rifle Squad", maps.DummyType} {
				f := fixture{grid: spotMap, props: fogOn, units: []unitAt{
					{"M4A3E8", maps.Allies, tt.watcher, board.DirN},
					{typ, maps.Axis, tt.target, board.DirS},
				}}
				if tt.hidden {
					f.hidden = []int{1}
				}
				b := f.battle(t)
				if tt.moveTo != "" {
					for b.Phase() != Movement {
						apply(t, b, EndPhase{})
					}
					apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, tt.moveTo, board.DirN)}})
				}
				v, err := json.Marshal(b.View(maps.Allies))
				if err != nil {
					t.Fatal(err)
				}
				views[typ] = v
			}
			if real, dummy := views["German Rifle Squad"], views[maps.DummyType]; !bytes.Equal(real, dummy) {
				t.Errorf("the Allies' view of a squad and of a dummy differ:\n%s\n%s", real, dummy)
			}
		})
	}
	b := fixture{grid: spotMap, props: fogOn, units: []unitAt{
		{"M4A3E8", maps.Allies, "K2", board.DirN},
		{maps.DummyType, maps.Axis, "P2", board.DirS},
	}}.battle(t)
	own := b.View(maps.Axis).Own
	if len(own) != 1 || own[0].Type.Name != maps.DummyType || !own[0].Dummy() || own[0].Where() != "map" {
		t.Fatalf("the Axis see their own units as %+v, want the dummy on the map", own)
	}
	data, err := json.Marshal(b.View(maps.Axis))
	if err != nil {
		t.Fatal(err)
	}
	if want := `"own":[{"id":"2","hex":"P2","facing":3,"type":"Dummy","name":"Dummy","dummy":true,"where":"map","markers":[]}]`; !bytes.Contains(data, []byte(want)) {
		t.Errorf("the Axis view is\n%s\nwant it to hold %s", data, want)
	}
}

// TestDummyVanishesInSight: the dummy stands in the open in H3, behind
// the woods of F2–G4 from the US squad in E5. The squad walks east along
// row 5: from H5 it sees H3, where open ground hides nothing, and the
// dummy is gone at once, by an event both sides see; the move goes on to
// its end in I5. A German squad in its place is spotted there instead.
func TestDummyVanishesInSight(t *testing.T) {
	for _, typ := range []string{maps.DummyType, "German Rifle Squad"} {
		t.Run(typ, func(t *testing.T) {
			b := fixture{grid: screenMap, props: fogOn, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "E5", board.DirSE},
				{typ, maps.Axis, "H3", board.DirSW},
			}}.battle(t)
			d := b.Unit(2)
			if k := b.Knowledge(maps.Allies, d); k.Known != Unknown || !d.OnMap() {
				t.Fatalf("behind the woods the %s is %v, on the map %v", typ, k.Known, d.OnMap())
			}
			for b.Phase() != Movement {
				apply(t, b, EndPhase{})
			}
			var path []board.Pose
			for _, h := range []string{"F5", "G5", "H5", "I5"} {
				path = append(path, pose(t, b, h, board.DirSE))
			}
			events := apply(t, b, Move{Unit: 1, Path: path})
			for b.Moving() != nil {
				events = append(events, apply(t, b, Pass{})...)
			}
			if got := b.Board().Label(b.Unit(1).Pose.Hex); got != "I5" {
				t.Errorf("the US squad ended in %s, want I5", got)
			}
			i := slices.IndexFunc(events, func(e Event) bool { return e.Kind == DummyRevealed })
			if typ != maps.DummyType {
				if i >= 0 || b.Knowledge(maps.Allies, d).Known != Spotted {
					t.Errorf("the German squad is %v, events %v; want spotted, no dummy", b.Knowledge(maps.Allies, d).Known, events)
				}
				return
			}
			if i < 0 {
				t.Fatalf("no DummyRevealed among %v", events)
			}
			e := events[i]
			if e.Unit != 2 || b.Board().Label(e.Hex) != "H3" || e.Unseen != "" || !e.SeenBy(maps.Allies) || !e.SeenBy(maps.Axis) ||
				e.Text != "the Axis contact in H3 is a dummy (revealed by sight): it is removed" {
				t.Errorf("the event is %+v, want dummy #2 in H3, seen by both, revealed by sight", e)
			}
			if !d.Vanished() || d.OnMap() || d.Where() != "vanished" || b.Knowledge(maps.Allies, d) != (Sighting{}) {
				t.Errorf("the dummy is on the map %v, where %q, known %+v; want vanished and forgotten", d.OnMap(), d.Where(), b.Knowledge(maps.Allies, d))
			}
			if n := len(b.View(maps.Allies).Enemy); n != 0 {
				t.Errorf("the Allies' view holds %d enemy entries, want none", n)
			}
			if own := b.View(maps.Axis).Own; own[0].Where() != "vanished" {
				t.Errorf("the Axis see their dummy %s", own[0].Where())
			}
		})
	}
}

// blindRuleset identifies a unit in the watcher's own hex only, glimpses
// one next to it (a contact) and makes out nothing farther
// (combat.SpottingRules), with the default infantry combat and no AT fire:
// under the rulesets of the game a unit next to an enemy with a line to
// it is always spotted, so only such rules let a move run into a dummy,
// or an assault find one.
type blindRuleset struct{ infantry.Rules }

const blindName = "blind-spotting"

func init() { combat.Register(blindRuleset{}) }

func (blindRuleset) Name() string { return blindName }
func (blindRuleset) Check(combat.Shot) error {
	return errors.New("the blind ruleset has no AT fire")
}
func (blindRuleset) Resolve(combat.Shot, combat.Dice) combat.Outcome { return combat.Outcome{} }
func (blindRuleset) Odds(combat.Shot) (combat.Odds, error) {
	return combat.Odds{}, errors.New("the blind ruleset has no AT fire")
}

// Spot identifies a unit in the watcher's own hex and glimpses one next
// to it.
func (blindRuleset) Spot(l combat.Look) combat.Sighting {
	switch l.Range {
	case 0:
		return combat.Identified
	case 1:
		return combat.Glimpsed
	}
	return combat.Unseen
}

// TestDummyBumped: the US squad in A1 moves through B1 and C1 to D1, and
// C1 holds an Axis unit the Allies do not know of at the start, and
// glimpse from B1 (blindRuleset). A
// German squad bars the hex: the move halts in B1 (MoveBumped). A dummy
// is found out and removed as the squad enters, and the move goes on.
func TestDummyBumped(t *testing.T) {
	for _, tt := range []struct {
		typ, end string
		want     EventKind
	}{
		{maps.DummyType, "D1", DummyRevealed},
		{"German Rifle Squad", "B1", MoveBumped},
	} {
		t.Run(tt.typ, func(t *testing.T) {
			b := fixture{grid: openMap, props: fogOn, rules: blindName, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "A1", board.DirSE},
				{tt.typ, maps.Axis, "C1", board.DirSW},
			}}.battle(t)
			if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known != Unknown || !b.Unit(2).OnMap() {
				t.Fatalf("behind the hedgerows the %s is %v", tt.typ, k.Known)
			}
			for b.Phase() != Movement {
				apply(t, b, EndPhase{})
			}
			var path []board.Pose
			for _, h := range []string{"B1", "C1", "D1"} {
				path = append(path, pose(t, b, h, board.DirSE))
			}
			events := apply(t, b, Move{Unit: 1, Path: path})
			for b.Moving() != nil {
				events = append(events, apply(t, b, Pass{})...)
			}
			if got := b.Board().Label(b.Unit(1).Pose.Hex); got != tt.end {
				t.Errorf("the US squad ended in %s, want %s", got, tt.end)
			}
			i := slices.IndexFunc(events, func(e Event) bool { return e.Kind == tt.want })
			if i < 0 || slices.ContainsFunc(events, func(e Event) bool { return e.Kind == MoveBumped || e.Kind == DummyRevealed }) && events[i].Kind != tt.want {
				t.Fatalf("events %v, want one of kind %d", events, tt.want)
			}
			if tt.want == DummyRevealed && (!strings.Contains(events[i].Text, "revealed by bumped") || !b.Unit(2).Vanished()) {
				t.Errorf("the dummy's event is %q, vanished %v", events[i].Text, b.Unit(2).Vanished())
			}
		})
	}
}

// wallMap has a line of woods down column G: nothing west of it sees east
// of it.
const wallMap = `
. . . . . . W . . .
. . . . . . W . . .
. . . . . . W . . .
. . . . . . W . . .
`

// TestAssaultOnDummies: the US squad in B1 close-assaults C1, where the
// Allies glimpse a contact (blindRuleset). Against a German squad the
// assault is rolled; a dummy is found out by it, and the hex is taken
// without a roll, the US squad moving in.
func TestAssaultOnDummies(t *testing.T) {
	for _, tt := range []struct {
		typ  string
		want []EventKind
	}{
		{maps.DummyType, []EventKind{DummyRevealed, HexAssaulted, UnitMoved}},
		{"German Rifle Squad", []EventKind{HexAssaulted}},
	} {
		t.Run(tt.typ, func(t *testing.T) {
			b := fixture{grid: openMap, props: fogOn, rules: blindName, dice: []int{6, 6, 6, 6}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "B1", board.DirSE},
				{tt.typ, maps.Axis, "C1", board.DirSW},
			}}.battle(t)
			if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known != Contact {
				t.Fatalf("the %s next to the US squad is %v, want a contact", tt.typ, k.Known)
			}
			for b.Phase() != AdvancePhase {
				apply(t, b, EndPhase{})
			}
			events := apply(t, b, Assault{Units: []UnitID{1}, Target: hexOf(t, b, "C1")})
			var kinds []EventKind
			for _, e := range events {
				if e.Kind == DummyRevealed || e.Kind == HexAssaulted || e.Kind == UnitMoved {
					kinds = append(kinds, e.Kind)
				}
			}
			if !slices.Equal(kinds, tt.want) {
				t.Fatalf("events %v, want the kinds %v", events, tt.want)
			}
			if tt.typ != maps.DummyType {
				return
			}
			if e := events[1]; e.Text != "only dummies held C1: it is taken without a roll" || e.Assault != nil {
				t.Errorf("the assault is %+v, want C1 taken without a roll", e)
			}
			if got := b.Board().Label(b.Unit(1).Pose.Hex); got != "C1" || !b.Unit(2).Vanished() || !strings.Contains(events[0].Text, "revealed by assault") {
				t.Errorf("the US squad is in %s, the dummy vanished %v (%q); want C1, vanished by the assault", got, b.Unit(2).Vanished(), events[0].Text)
			}
		})
	}
}

// TestDummyOrders: a dummy moves as infantry (4 MP), alone, and is refused
// every order that needs strength.
func TestDummyOrders(t *testing.T) {
	path := func(b *Battle, labels ...string) []board.Pose {
		var ps []board.Pose
		for _, l := range labels {
			ps = append(ps, pose(t, b, l, board.DirSE))
		}
		return ps
	}
	for _, tt := range []struct {
		name  string
		phase Phase
		order func(b *Battle) Order
		want  string // "" for accepted
	}{
		{"a move of 4 MP", Movement, func(b *Battle) Order { return Move{Unit: 1, Path: path(b, "B1", "C1", "D1", "E1")} }, ""},
		{"a move of 5 MP", Movement, func(b *Battle) Order { return Move{Unit: 1, Path: path(b, "B1", "C1", "D1", "E1", "F1")} }, "MP"},
		{"a move with a squad", Movement, func(b *Battle) Order { return Move{Unit: 1, With: []UnitID{2}, Path: path(b, "B1")} }, "Dummy #1 is a dummy: it moves alone"},
		{"a squad's move with it", Movement, func(b *Battle) Order { return Move{Unit: 2, With: []UnitID{1}, Path: path(b, "B1")} }, "Dummy #1 is a dummy: it has no strength, and only moves"},
		{"AP fire", FirePhase, func(b *Battle) Order { return FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "C2")} }, "Dummy #1 is a dummy: it has no strength"},
		{"AT fire with a Panzerfaust", FirePhase, func(*Battle) Order { return Fire{Unit: 1, Target: 3, Panzerfaust: true} }, "Dummy #1 is a dummy: it has no strength"},
		{"loading", Movement, func(*Battle) Order { return Load{Unit: 1, Carrier: 4} }, "Dummy #1 is a dummy: it has no strength"},
		{"leaving the map", Movement, func(*Battle) Order { return Exit{Unit: 1, Edge: maps.West} }, "Dummy #1 is a dummy: it has no strength"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: wallMap, props: fogOn, units: []unitAt{
				{maps.DummyType, maps.Allies, "A1", board.DirNE},
				{"US Rifle Squad", maps.Allies, "A1", board.DirNE},
				{"German Rifle Squad", maps.Axis, "J2", board.DirSW},
				{"M3 Halftrack", maps.Allies, "A1", board.DirNE},
			}}.battle(t)
			if !b.Unit(1).OnMap() {
				t.Fatal("the dummy is gone at set-up")
			}
			for b.Phase() != tt.phase {
				apply(t, b, EndPhase{})
			}
			_, err := b.Apply(tt.order(b))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestVictoryIgnoresDummies: a dummy holds no hex, and one found out is no
// loss. The Axis must hold H3 after the one turn; the Allies win by one
// kill. A German squad in H3 holds it; a dummy there does not, whether
// the US squad stays behind the woods or comes into view of it (the dummy
// is removed, and the Allies have killed no one, so the battle goes on):
// the battle ends drawn.
func TestVictoryIgnoresDummies(t *testing.T) {
	for _, tt := range []struct {
		typ    string
		looks  bool // the US squad moves where it sees H3
		winner maps.Side
	}{
		{"German Rifle Squad", false, maps.Axis},
		{maps.DummyType, false, ""},
		{maps.DummyType, true, ""},
	} {
		t.Run(fmt.Sprint(tt.typ, tt.looks), func(t *testing.T) {
			b := fixture{grid: screenMap, props: map[string]string{"fog": "true", "victory": "axis hold H3; allies destroy 1"}, turns: 1,
				units: []unitAt{
					{"US Rifle Squad", maps.Allies, "E5", board.DirSE},
					{tt.typ, maps.Axis, "H3", board.DirSW},
				}}.battle(t)
			if tt.looks {
				for b.Phase() != Movement {
					apply(t, b, EndPhase{})
				}
				apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "F5", 0), pose(t, b, "G5", 0), pose(t, b, "H5", 0), pose(t, b, "I5", 0)}})
				for b.Moving() != nil {
					apply(t, b, Pass{})
				}
				if !b.Unit(2).Vanished() || b.Result() != nil || b.Eliminated(maps.Axis) != 0 {
					t.Fatalf("the dummy found out: vanished %v, result %v, Axis losses %d; want vanished, no result, no loss", b.Unit(2).Vanished(), b.Result(), b.Eliminated(maps.Axis))
				}
			}
			for i := 0; b.Result() == nil && i < 20; i++ {
				apply(t, b, EndPhase{})
			}
			if r := b.Result(); r == nil || r.Winner != tt.winner {
				t.Errorf("result %+v, want the winner %q", r, tt.winner)
			}
			if b.Holds(maps.Axis, hexOf(t, b, "H3")) != (tt.winner == maps.Axis) {
				t.Errorf("the Axis hold H3: %v", b.Holds(maps.Axis, hexOf(t, b, "H3")))
			}
		})
	}
}

// TestDummiesOnlyUnderFog: in a battle without fog, by the map or by the
// config, the dummies are off the map before the first order.
func TestDummiesOnlyUnderFog(t *testing.T) {
	for _, tt := range []struct {
		name string
		fog  string
		cfg  FogSetting
		gone bool
	}{
		{"the map's fog", "true", FogOfMap, false},
		{"the map without fog", "false", FogOfMap, true},
		{"the config without fog", "true", FogOff, true},
		{"the config with fog", "false", FogOn, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := fixture{grid: screenMap, props: map[string]string{"fog": tt.fog}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "A4", board.DirSE},
				{maps.DummyType, maps.Axis, "H3", board.DirSW},
			}}.scenario(t)
			b, err := New(sc, testCatalogue, Config{Seed: 1, Fog: tt.cfg})
			if err != nil {
				t.Fatal(err)
			}
			if d := b.Unit(2); d.Vanished() != tt.gone || d.OnMap() == tt.gone {
				t.Errorf("the dummy vanished %v, on the map %v; want vanished %v", d.Vanished(), d.OnMap(), tt.gone)
			}
			if n := len(b.View(maps.Allies).Enemy); n != 0 && tt.gone {
				t.Errorf("the open battle shows the Allies %d enemy units", n)
			}
		})
	}
}

// TestFireAtADummy: AP fire at a contact that is a dummy is fired as at
// any contact; the fall of shot finds the dummy out, and the attack harms
// no one.
func TestFireAtADummy(t *testing.T) {
	b := fixture{grid: spotMap, props: fogOn, dice: []int{3, 3}, units: []unitAt{
		{"M4A3E8", maps.Allies, "K2", board.DirNE},
		{maps.DummyType, maps.Axis, "P2", board.DirS},
	}}.battle(t)
	if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known != Contact {
		t.Fatalf("the dummy in the woods at 5 is %v, want a contact", k.Known)
	}
	for b.Phase() != FirePhase {
		apply(t, b, EndPhase{})
	}
	events := apply(t, b, FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "P2")})
	kinds := make([]EventKind, len(events))
	for i, e := range events {
		kinds[i] = e.Kind
	}
	if !slices.Equal(kinds, []EventKind{HexFired, DummyRevealed}) || !strings.Contains(events[1].Text, "revealed by attacked") {
		t.Errorf("events %v, want the attack and the dummy found out by it", events)
	}
	if !b.Unit(2).Vanished() || !b.Unit(1).Has(Fired) {
		t.Errorf("the dummy vanished %v, the squad fired %v", b.Unit(2).Vanished(), b.Unit(1).Has(Fired))
	}
}
