package battle

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/seamtest"
	"hexfire/maps"
)

// spotMap is 16 columns: open ground, with woods in P2, crops in P3, a
// building in P4 and woods in G5 across row 5.
const spotMap = `
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . W
. . . . . . . . . . . . . . . c
. . . . . . . . . . . . . . . B
. . . . . . W . . . . . . . . .
`

// TestSpottingAtSetUp: what the Allies know at set-up of one German unit,
// by the ground it stands on, the range, concealment and the night
// (docs/RULES.md, "Fog of war"); and of a dummy in its place, under fog:
// the same, but where the squad is spotted the dummy is gone.
func TestSpottingAtSetUp(t *testing.T) {
	for _, tt := range []struct {
		name    string
		watcher string // the M4's hex
		target  string // the German squad's hex
		hidden  bool
		night   bool
		want    Known
	}{
		{"open ground at 12 hexes", "A1", "M1", false, false, Spotted},
		{"open ground, hidden: nothing to hide in", "A1", "M1", true, false, Spotted},
		{"woods at 4", "L2", "P2", false, false, Spotted},
		{"woods at 5: a contact", "K2", "P2", false, false, Contact},
		{"woods at 2, hidden", "N2", "P2", true, false, Unknown},
		{"woods next to it, hidden", "O2", "P2", true, false, Spotted},
		{"crops at 6", "J3", "P3", false, false, Spotted},
		{"crops at 7: a contact", "I3", "P3", false, false, Contact},
		{"crops at 3, hidden", "M3", "P3", true, false, Unknown},
		{"crops at 2, hidden", "N3", "P3", true, false, Spotted},
		{"building at 4", "L4", "P4", false, false, Spotted},
		{"building at 5: a contact", "K4", "P4", false, false, Contact},
		{"night, open at 3", "A1", "D1", false, true, Unknown},
		{"night, open at 2", "B1", "D1", false, true, Spotted},
		{"the line blocked by the woods", "A5", "M5", false, false, Unknown},
	} {
		for _, typ := range []string{"German Rifle Squad", maps.DummyType} {
			t.Run(tt.name+", "+typ, func(t *testing.T) {
				f := fixture{grid: spotMap, props: map[string]string{"fog": "true"}, units: []unitAt{
					{"M4A3E8", maps.Allies, tt.watcher, board.DirN},
					{typ, maps.Axis, tt.target, board.DirS},
				}}
				if tt.hidden {
					f.hidden = []int{1}
				}
				if tt.night {
					f.props["night"] = "true"
				}
				b := f.battle(t)
				u, want := b.Unit(2), tt.want
				if gone := u.Dummy() && want == Spotted; gone != u.Vanished() || gone == u.OnMap() {
					t.Fatalf("the %s vanished %v, on the map %v; want vanished %v", typ, u.Vanished(), u.OnMap(), gone)
				} else if gone {
					want = Unknown
				}
				k := b.Knowledge(maps.Allies, u)
				if k.Known != want {
					t.Fatalf("the Allies know the %s as %v, want %v", typ, k.Known, want)
				}
				if want == Spotted && k.Since != (Reveal{Event: RevealSetUp}) {
					t.Errorf("spotted by %+v, want the set-up", k.Since)
				}
				if want == Contact && k.Contact != 1 {
					t.Errorf("contact number %d, want 1", k.Contact)
				}
				if k.Last != nil {
					t.Errorf("a last sighting %+v at set-up", *k.Last)
				}
			})
		}
	}
}

// hiddenPak is the Pak 40 set up hidden in the woods in P2, four hexes
// from the M4 in L2: in sight, but its ground hides it beyond one hex.
func hiddenPak(t *testing.T, dice ...int) *Battle {
	t.Helper()
	return fixture{grid: spotMap, dice: dice, hidden: []int{1}, units: []unitAt{
		{"M4A3E8", maps.Allies, "L2", board.DirNE},
		{"Pak 40", maps.Axis, "P2", board.DirSW},
	}}.battle(t)
}

// TestFiringReveals: the hidden Pak is unknown until it fires in the
// Defensive Fire phase; then the Allies spot it (revealed by its shot,
// order 3), and keep it while the M4 has a line to it.
func TestFiringReveals(t *testing.T) {
	b := hiddenPak(t, 6, 6) // a miss: the M4 survives
	pak := b.Unit(2)
	if k := b.Knowledge(maps.Allies, pak); k.Known != Unknown {
		t.Fatalf("the hidden Pak is %v at set-up", k.Known)
	}
	apply(t, b, EndPhase{}, EndPhase{}, Fire{Unit: 2, Target: 1})
	k := b.Knowledge(maps.Allies, pak)
	if k.Known != Spotted || k.Since != (Reveal{Event: RevealFired, Turn: 1}) {
		t.Fatalf("after its shot the Pak is %v by %+v, want spotted, fired in order 3", k.Known, k.Since)
	}
	if seen := b.SeenBy(maps.Allies, pak); len(seen) != 1 || seen[0].ID != 1 {
		t.Errorf("seen by %v, want the M4", seen)
	}
	apply(t, b, EndPhase{}, EndPhase{}) // the Axis segment begins
	if k := b.Knowledge(maps.Allies, pak); k.Known != Spotted {
		t.Errorf("the Pak is %v once it has fired, in the M4's sight", k.Known)
	}
}

// TestFireNeedsASpottedTarget: under fog a shot may aim only at an enemy
// unit its side has spotted, and the refusal for a unit it does not know
// reads as the one for a unit that does not exist; in the open the hidden
// Pak may be fired at.
func TestFireNeedsASpottedTarget(t *testing.T) {
	for _, tt := range []struct {
		name   string
		fog    string
		target UnitID
		want   string // the error, "" for a shot planned
	}{
		{"fog, the hidden Pak", "true", 2, "the allies have spotted no enemy unit #2"},
		{"fog, no such unit", "true", 9, "the allies have spotted no enemy unit #9"},
		{"open, the hidden Pak", "false", 2, ""},
		{"open, no such unit", "false", 9, "there is no unit #9 to fire at"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: spotMap, hidden: []int{1}, props: map[string]string{"fog": tt.fog}, units: []unitAt{
				{"M4A3E8", maps.Allies, "L2", board.DirNE},
				{"Pak 40", maps.Axis, "P2", board.DirSW},
			}}.battle(t)
			_, err := b.PlanFire(Fire{Unit: 1, Target: tt.target})
			if got := fmt.Sprint(err); (tt.want == "") != (err == nil) || err != nil && got != tt.want {
				t.Errorf("PlanFire error %v, want %q", err, tt.want)
			}
		})
	}
	// Once the Pak has fired it is spotted, and the M4 may shoot back.
	b := fixture{grid: spotMap, dice: []int{6, 6}, hidden: []int{1}, props: map[string]string{"fog": "true"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "L2", board.DirNE},
		{"Pak 40", maps.Axis, "P2", board.DirSW},
	}}.battle(t)
	apply(t, b, EndPhase{}, EndPhase{}, Fire{Unit: 2, Target: 1})
	for b.Phasing() != maps.Allies || b.Phase() != FirePhase {
		apply(t, b, EndPhase{})
	}
	if _, err := b.PlanFire(Fire{Unit: 1, Target: 2}); err != nil {
		t.Errorf("at the Pak that fired and was spotted: %v", err)
	}
}

// TestMoveRunsIntoAnEnemy: a US squad plans a move east through the crops
// of P3, where a German squad lies hidden. In the open the path is refused
// (the hex holds an enemy). Under fog it is accepted, as the Allies know of
// nothing there; the squad is spotted when the US squad comes within two
// hexes, and the move halts in O3, before its hex, instead of entering it.
// (Check accepts that move as Apply does: it must not refuse what the
// battle takes, nor change what it knows.)
func TestMoveRunsIntoAnEnemy(t *testing.T) {
	for _, fog := range []bool{false, true} {
		b := fixture{grid: spotMap, hidden: []int{1}, props: map[string]string{"fog": fmt.Sprint(fog)}, units: []unitAt{
			{"US Rifle Squad", maps.Allies, "L3", board.DirSE},
			{"German Rifle Squad", maps.Axis, "P3", board.DirNW},
		}}.battle(t)
		for b.Phase() != Movement {
			apply(t, b, EndPhase{})
		}
		var path []board.Pose
		for _, h := range []string{"M3", "N3", "O3", "P3"} {
			path = append(path, pose(t, b, h, board.DirSE))
		}
		digest, known := b.Digest(), b.Knowledge(maps.Allies, b.Unit(2))
		checked := b.Check(Move{Unit: 1, Path: path})
		if k := b.Knowledge(maps.Allies, b.Unit(2)); k != known || b.Digest() != digest {
			t.Errorf("fog %t: Check changed the battle, or the Allies' knowledge of the German squad (%v, was %v)", fog, k.Known, known.Known)
		}
		events, err := b.Apply(Move{Unit: 1, Path: path})
		if fmt.Sprint(checked) != fmt.Sprint(err) {
			t.Errorf("fog %t: Check says %v, Apply %v: want Check to answer as Apply does", fog, checked, err)
		}
		if fog && b.Digest() == digest {
			t.Error("under fog the move changed nothing")
		}
		if !fog {
			if err == nil || !strings.Contains(err.Error(), "P3") {
				t.Errorf("open: the move into the German squad's hex: error %v, want it refused naming P3", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("under fog: the move through a hex the Allies know nothing of: %v", err)
		}
		for b.Moving() != nil {
			events = append(events, apply(t, b, Pass{})...)
		}
		us, them := b.Unit(1), b.Unit(2)
		if got := b.Board().Label(us.Pose.Hex); got != "O3" {
			t.Errorf("the US squad stopped in %s, want O3", got)
		}
		if !us.Has(Moved) {
			t.Error("the halted squad is not marked as moved")
		}
		i := slices.IndexFunc(events, func(e Event) bool { return e.Kind == MoveBumped })
		if i < 0 || events[i].Text != "US Rifle Squad #1 runs into German Rifle Squad #2 in P3 and halts in O3" {
			t.Errorf("no bump event, or another text: %v", events)
		}
		if k := b.Knowledge(maps.Allies, them); k.Known != Spotted {
			t.Errorf("the German squad is %v to the Allies after the bump", k.Known)
		}
	}
}

// screenMap has a block of woods in F2–G4 between open ground to the west
// and to the east.
const screenMap = `
. . . . . . . . . .
. . . . . W W . . .
. . . . . W W . . .
. . . . . W W . . .
. . . . . . . . . .
`

// axisMoves passes the Allies' segment and moves the Axis unit id through
// hexes, passing on every chance of opportunity fire.
func axisMoves(t *testing.T, b *Battle, id UnitID, hexes ...string) {
	t.Helper()
	for b.Phasing() != maps.Axis || b.Phase() != Movement {
		apply(t, b, EndPhase{})
	}
	var path []board.Pose
	for _, h := range hexes {
		path = append(path, pose(t, b, h, board.DirSW))
	}
	apply(t, b, Move{Unit: id, Path: path})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
}

// TestMovingInSightRevealsAndLastSeen: a hidden German squad in the woods
// at F3 moves out into E3, in the M4's sight: it loses its concealment and
// is spotted as it moved; next turn it goes back into the woods, where the
// M4 four hexes off keeps it in view, and on behind them, out of sight: it
// is last seen in F3 in turn 2.
func TestMovingInSightRevealsAndLastSeen(t *testing.T) {
	b := fixture{grid: screenMap, hidden: []int{1}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B3", board.DirNE},
		{"German Rifle Squad", maps.Axis, "F3", board.DirSW},
	}}.battle(t)
	sq := b.Unit(2)
	if k := b.Knowledge(maps.Allies, sq); k.Known != Unknown {
		t.Fatalf("the hidden squad is %v at set-up", k.Known)
	}
	axisMoves(t, b, 2, "E3")
	k := b.Knowledge(maps.Allies, sq)
	if k.Known != Spotted || k.Since.Event != RevealMoved {
		t.Fatalf("the squad that moved into E3 is %v by %+v, want spotted as it moved", k.Known, k.Since)
	}
	apply(t, b, EndPhase{}) // on to turn 2
	axisMoves(t, b, 2, "F3", "G3")
	k = b.Knowledge(maps.Allies, sq)
	if k.Known != Unknown || k.Last == nil {
		t.Fatalf("the squad behind the woods is %v with last sighting %v, want unknown, last seen", k.Known, k.Last)
	}
	if got := b.Board().Label(k.Last.Pose.Hex); got != "F3" || k.Last.Turn != 2 || k.Last.Type != sq.Type {
		t.Errorf("last seen in %s in turn %d as %s, want F3, turn 2, %s", got, k.Last.Turn, k.Last.Type.Name, sq.Type.Name)
	}
}

// TestSidesPartOfTheLog: under fog each side's part of the log (the
// events it saw) holds the moves of an enemy unit only where they end in
// its sight. The hidden German squad steps out of the woods into E3, in the
// M4's sight: the Allies see it. Next turn it goes back into F3, still in
// view, and on to G3 behind the woods: the Allies see the step into F3, not
// the one into G3 nor where its move ended. The Axis see all of their own.
func TestSidesPartOfTheLog(t *testing.T) {
	b := fixture{grid: screenMap, hidden: []int{1}, props: map[string]string{"fog": "true"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B3", board.DirNE},
		{"German Rifle Squad", maps.Axis, "F3", board.DirSW},
	}}.battle(t)
	seen := func(events []Event, side maps.Side) []string {
		var texts []string
		for _, e := range events {
			if e.SeenBy(side) && (e.Kind == UnitMoved || e.Kind == MoveEnded) {
				texts = append(texts, e.Text)
			}
		}
		return texts
	}
	var events []Event
	move := func(hexes ...string) {
		if b.Unit(2).Has(Moved) {
			apply(t, b, EndPhase{}) // on to the next turn
		}
		for b.Phasing() != maps.Axis || b.Phase() != Movement {
			apply(t, b, EndPhase{})
		}
		var path []board.Pose
		for _, h := range hexes {
			path = append(path, pose(t, b, h, board.DirSW))
		}
		events = apply(t, b, Move{Unit: 2, Path: path})
		for b.Moving() != nil {
			events = append(events, apply(t, b, Pass{})...)
		}
	}
	for _, tt := range []struct {
		path         []string
		allies, axis []string
	}{
		{[]string{"E3"},
			[]string{"German Rifle Squad #2 moves F3 → E3", "German Rifle Squad #2 ends its move in E3"},
			[]string{"German Rifle Squad #2 moves F3 → E3", "German Rifle Squad #2 ends its move in E3"}},
		{[]string{"F3", "G3"},
			[]string{"German Rifle Squad #2 moves E3 → F3"},
			[]string{"German Rifle Squad #2 moves E3 → F3", "German Rifle Squad #2 moves F3 → G3", "German Rifle Squad #2 ends its move in G3"}},
	} {
		move(tt.path...)
		if got := seen(events, maps.Allies); !slices.Equal(got, tt.allies) {
			t.Errorf("move to %v: the Allies saw %q, want %q", tt.path, got, tt.allies)
		}
		if got := seen(events, maps.Axis); !slices.Equal(got, tt.axis) {
			t.Errorf("move to %v: the Axis saw %q, want %q", tt.path, got, tt.axis)
		}
	}
	open := fixture{grid: screenMap, hidden: []int{1}, units: []unitAt{
		{"M4A3E8", maps.Allies, "B3", board.DirNE},
		{"German Rifle Squad", maps.Axis, "F3", board.DirSW},
	}}.battle(t)
	for open.Phasing() != maps.Axis || open.Phase() != Movement {
		apply(t, open, EndPhase{})
	}
	for _, e := range apply(t, open, Move{Unit: 2, Path: []board.Pose{pose(t, open, "G3", board.DirSW)}}) {
		if !e.SeenBy(maps.Allies) {
			t.Errorf("in the open battle the Allies did not see %q", e.Text)
		}
	}
}

// TestLastSeenForgotten: the last sighting stays until a watcher comes to
// where it would spot a unit standing there, and nothing is: the side sees
// the place empty.
func TestLastSeenForgotten(t *testing.T) {
	b := fixture{grid: screenMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "A3", board.DirNE},
		{"German Rifle Squad", maps.Axis, "E3", board.DirSW},
	}}.battle(t)
	sq := b.Unit(2)
	axisMoves(t, b, 2, "F3", "G3")
	k := b.Knowledge(maps.Allies, sq)
	if k.Known != Unknown || k.Last == nil || b.Board().Label(k.Last.Pose.Hex) != "F3" {
		t.Fatalf("the squad behind the woods: %v, last %+v; want unknown, last seen in F3", k.Known, k.Last)
	}
	for b.Phasing() != maps.Allies || b.Phase() != Movement {
		apply(t, b, EndPhase{})
	}
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "B3", board.DirNE)}})
	if k := b.Knowledge(maps.Allies, sq); k.Last != nil {
		t.Errorf("the M4 four hexes from the empty F3 still has the squad last seen there: %+v", *k.Last)
	}
}

// TestFogProperty: the map property "fog" says whether the battle is
// fought under fog of war; a value that is not a yes or a no is refused
// naming the file, the property and the value.
func TestFogProperty(t *testing.T) {
	for _, tt := range []struct {
		value string
		fog   bool
		err   string
	}{
		{"", false, ""},
		{"true", true, ""},
		{"no", false, ""},
		{"1", false, `battle: test.tmx: map property "fog": "1": want true or false (yes or no)`},
	} {
		f := fixture{grid: openMap, props: map[string]string{"fog": tt.value}, units: []unitAt{
			{"M4A3E8", maps.Allies, "C5", board.DirN},
			{"Tiger I", maps.Axis, "C1", board.DirS},
		}}
		b, err := New(f.scenario(t), testCatalogue, Config{Seed: 1})
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("fog %q: error %v, want %q", tt.value, err, tt.err)
			}
		case err != nil:
			t.Errorf("fog %q: %v", tt.value, err)
		case b.Fog() != tt.fog:
			t.Errorf("fog %q: Fog() = %v", tt.value, b.Fog())
		}
	}
}

// TestFogSettingOverridesTheMap: Config.Fog decides over the map property
// "fog"; a version 8 save records the fog the battle was fought under and
// replays under it whatever the map says, and an older save follows the map.
func TestFogSettingOverridesTheMap(t *testing.T) {
	for _, tt := range []struct {
		property string
		setting  FogSetting
		fog      bool
	}{
		{"", FogOfMap, false},
		{"true", FogOfMap, true},
		{"true", FogOff, false},
		{"false", FogOn, true},
		{"", FogOn, true},
	} {
		f := fixture{grid: openMap, props: map[string]string{"fog": tt.property}, units: []unitAt{
			{"M4A3E8", maps.Allies, "C5", board.DirN},
			{"Tiger I", maps.Axis, "C1", board.DirS},
		}}
		sc := f.scenario(t)
		b, err := New(sc, testCatalogue, Config{Seed: 1, Fog: tt.setting})
		if err != nil {
			t.Fatal(err)
		}
		if b.Fog() != tt.fog {
			t.Errorf("map %q, setting %d: Fog() = %v, want %v", tt.property, tt.setting, b.Fog(), tt.fog)
		}
		s := b.Save()
		if s.Fog == nil || *s.Fog != tt.fog {
			t.Errorf("map %q, setting %d: the save's fog = %v, want %v", tt.property, tt.setting, s.Fog, tt.fog)
		}
		r, err := Replay(sc, testCatalogue, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Fog() != tt.fog {
			t.Errorf("map %q, setting %d: replayed, Fog() = %v, want %v", tt.property, tt.setting, r.Fog(), tt.fog)
		}
		s.Version, s.Fog = fogVersion-1, nil
		if old := ConfigOf(s); old.Fog != FogOfMap {
			t.Errorf("a version %d save: Config.Fog = %d, want FogOfMap", s.Version, old.Fog)
		}
	}
}

// TestSpottingRulesOfARuleset: a ruleset with spotting rules of its own
// (combat.SpottingRules: the test ruleset makes out everything within
// three hexes and nothing further) decides what the sides know.
func TestSpottingRulesOfARuleset(t *testing.T) {
	for _, tt := range []struct {
		watcher, target string
		want            Known
	}{
		{"A1", "M1", Unknown}, // open ground at 12: spotted by the default rule
		{"J1", "M1", Spotted},
		{"L2", "P2", Unknown}, // woods at 4: spotted by the default rule
		{"N2", "P2", Spotted},
		{"K2", "P2", Unknown}, // woods at 5: a contact by the default rule
	} {
		b := fixture{grid: spotMap, rules: seamtest.Name, units: []unitAt{
			{"M4A3E8", maps.Allies, tt.watcher, board.DirN},
			{"Tiger I", maps.Axis, tt.target, board.DirS},
		}}.battle(t)
		if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known != tt.want {
			t.Errorf("%s → %s: %v, want %v", tt.watcher, tt.target, k.Known, tt.want)
		}
	}
}

// TestAttackRevealsTheHex: an AP attack on a hex shows the attacker what
// is in it: the hidden German squad in the woods three hexes off is
// spotted once the US squad fires at its hex, and stays in view.
func TestAttackRevealsTheHex(t *testing.T) {
	b := fixture{grid: spotMap, hidden: []int{1}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "M2", board.DirNE},
		{"German Rifle Squad", maps.Axis, "P2", board.DirSW},
	}}.battle(t)
	sq := b.Unit(2)
	if k := b.Knowledge(maps.Allies, sq); k.Known != Unknown {
		t.Fatalf("the hidden squad is %v at set-up", k.Known)
	}
	apply(t, b, FireAP{Units: []UnitID{1}, Target: sq.Pose.Hex})
	if !sq.Active() {
		t.Fatal("seed 1 eliminated the squad: the fixture wants it to survive the attack")
	}
	if k := b.Knowledge(maps.Allies, sq); k.Known != Spotted || k.Since != (Reveal{Event: RevealAttacked, Turn: 1}) {
		t.Errorf("the squad in the attacked hex is %v by %+v, want spotted by the attack of order 1", k.Known, k.Since)
	}
}

// TestAcquisitionReadsKnowledge: under fog, seed 003's target that moved
// into sight is one its firer's side did not have spotted as the move
// began; the M4 that leaves C5 behind the woods is spotted there by the
// German squad in A5, so the Pak 40's shot at it carries no acquisition,
// while in an open battle the Pak's own line decides.
func TestAcquisitionReadsKnowledge(t *testing.T) {
	for _, tt := range []struct {
		fog  string
		want bool
	}{{"false", true}, {"true", false}} {
		b := fixture{grid: woodsMap, rules: "d20", props: map[string]string{"fog": tt.fog}, units: []unitAt{
			{"M4A3E8", maps.Allies, "C5", board.DirN},
			{"Pak 40", maps.Axis, "G4", board.DirNW},
			{"German Rifle Squad", maps.Axis, "A5", board.DirNE},
		}}.battle(t)
		apply(t, b, EndPhase{})
		var path []board.Pose
		for _, h := range []string{"C4", "C3", "C2", "C1"} {
			path = append(path, pose(t, b, h, board.DirN))
		}
		apply(t, b, Move{Unit: 1, Path: path})
		pak, m4 := b.Unit(2), b.Unit(1)
		s, err := b.ShotAt(pak, pak.Pose, m4, m4.Pose)
		if err != nil {
			t.Fatal(err)
		}
		if s.TargetIntoSight != tt.want {
			t.Errorf("fog %s: TargetIntoSight %v, want %v", tt.fog, s.TargetIntoSight, tt.want)
		}
	}
}

// TestEventsReveal: what each kind of event gives away, to the side that
// saw it, of two concealed German squads the US squad in M2 cannot make
// out (the woods in P2 and the crops in P3, each three hexes off; the
// order's events are fed to learn as they stand).
func TestEventsReveal(t *testing.T) {
	type want struct{ woods, crops string } // the Reveal event of each, "" for unknown
	for _, tt := range []struct {
		name   string
		actor  maps.Side
		firing bool // the squad in the woods has fired this segment
		event  func(b *Battle) Event
		want   want
	}{
		{"an AT shot", maps.Axis, false, func(b *Battle) Event { return Event{Kind: UnitFired, Unit: 2, Target: 1} },
			want{RevealFired, ""}},
		{"a close assault of a vehicle: both ends", maps.Axis, false, func(b *Battle) Event {
			return Event{Kind: VehicleAssaulted, Unit: 2, Target: 3}
		}, want{RevealAssault, RevealAssault}},
		{"a close assault of a hex: its units", maps.Allies, false, func(b *Battle) Event {
			return Event{Kind: HexAssaulted, Unit: 1, Hex: hexOf(t, b, "P3")}
		}, want{"", RevealAssault}},
		{"AP fire at a hex: its units", maps.Allies, false, func(b *Battle) Event {
			return Event{Kind: HexFired, Unit: 1, Hex: hexOf(t, b, "P2")}
		}, want{RevealAttacked, ""}},
		{"AP fire from a hex: its firers", maps.Axis, true, func(b *Battle) Event {
			return Event{Kind: HexFired, Unit: 2, Hex: hexOf(t, b, "M2")}
		}, want{RevealFired, ""}},
		{"a fire lane laid: its MG", maps.Axis, false, func(b *Battle) Event {
			return Event{Kind: LaneLaid, Unit: 3, Hex: hexOf(t, b, "M2")}
		}, want{"", RevealFired}},
		{"a fire lane fires at a mover: the lane's MG", maps.Allies, false, func(b *Battle) Event {
			b.lanes = []FireLane{{Side: maps.Axis, Firer: 2, Weapon: "MG34", Hexes: []board.Hex{hexOf(t, b, "M2")}}}
			return Event{Kind: LaneFired, Unit: 1, Hex: hexOf(t, b, "M2")}
		}, want{RevealFired, ""}},
		{"an observer's call lands on a hex", maps.Allies, false, func(b *Battle) Event {
			return Event{Kind: SupportCalled, Unit: 1, Hex: hexOf(t, b, "P3")}
		}, want{"", RevealObserver}},
		{"a call of the side itself gives nothing away", maps.Axis, false, func(b *Battle) Event {
			return Event{Kind: SupportCalled, Hex: hexOf(t, b, "P3")}
		}, want{"", ""}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: spotMap, hidden: []int{1, 2}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "M2", board.DirNE},
				{"German Rifle Squad", maps.Axis, "P2", board.DirSW},
				{"German Rifle Squad", maps.Axis, "P3", board.DirSW},
			}}.battle(t)
			if tt.firing {
				b.Unit(2).Markers |= Fired
			}
			b.learn([]Event{tt.event(b)}, tt.actor)
			for _, c := range []struct {
				id   UnitID
				want string
			}{{2, tt.want.woods}, {3, tt.want.crops}} {
				k := b.Knowledge(maps.Allies, b.Unit(c.id))
				switch {
				case c.want == "" && k.Known != Unknown:
					t.Errorf("unit %d is %v by %+v, want unknown", c.id, k.Known, k.Since)
				case c.want != "" && (k.Known != Spotted || k.Since != Reveal{Event: c.want, Turn: 1}):
					t.Errorf("unit %d is %v by %+v, want spotted by %s of order 4", c.id, k.Known, k.Since, c.want)
				}
			}
		})
	}
}

// TestObserverReveals: a barrage called by the US leader on the woods in
// P2, three hexes off, shows him the concealed German squad there (the
// observer's call, then its fall of shot), and the squad stays in view.
func TestObserverReveals(t *testing.T) {
	f := fixture{grid: spotMap, hidden: []int{1}, dice: []int{1, 6, 6, 6, 6}, units: []unitAt{
		{"US Leader", maps.Allies, "M2", board.DirNE},
		{"German Rifle Squad", maps.Axis, "P2", board.DirSW},
	}}
	sc := f.scenario(t)
	sc.Support = map[maps.Side][]maps.SupportMissions{maps.Allies: {{Kind: maps.HeavyBarrage, Count: 1, APFP: 4, ATFP: "-"}}}
	b, err := New(sc, testCatalogue, Config{Seed: 1, Dice: combat.NewFixedDice(f.dice...)})
	if err != nil {
		t.Fatal(err)
	}
	sq := b.Unit(2)
	if k := b.Knowledge(maps.Allies, sq); k.Known != Unknown {
		t.Fatalf("the concealed squad is %v at set-up", k.Known)
	}
	apply(t, b, CallFire{Spotter: 1, Kind: maps.HeavyBarrage, Target: sq.Pose.Hex})
	if !sq.Active() {
		t.Fatal("the barrage eliminated the squad: the fixture wants it to survive")
	}
	if k := b.Knowledge(maps.Allies, sq); k.Known != Spotted || k.Since != (Reveal{Event: RevealObserver, Turn: 1}) {
		t.Errorf("the squad under the barrage is %v by %+v, want spotted by the observer of order 1", k.Known, k.Since)
	}
}

// TestNoOpportunityAtUnseenMover: under fog a move pauses for opportunity
// fire only where the other side has the mover spotted. The Tiger leaving
// the woods in P2 for the crops in P3, seven hexes from the M4 in I3, is a
// contact there, not spotted: no pause under fog, one in an open battle.
func TestNoOpportunityAtUnseenMover(t *testing.T) {
	for _, tt := range []struct {
		fog    string
		offers bool
	}{{"false", true}, {"true", false}} {
		b := fixture{grid: spotMap, props: map[string]string{"fog": tt.fog}, units: []unitAt{
			{"M4A3E8", maps.Allies, "I3", board.DirNE},
			{"Tiger I", maps.Axis, "P2", board.DirS},
		}}.battle(t)
		for b.Phasing() != maps.Axis || b.Phase() != Movement {
			apply(t, b, EndPhase{})
		}
		events := apply(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "P3", board.DirS)}})
		if got := len(eventsOf(events, OpportunityOffered)) > 0; got != tt.offers {
			t.Errorf("fog %s: opportunity fire offered %v, want %v (the Allies know the Tiger as %v)",
				tt.fog, got, tt.offers, b.Knowledge(maps.Allies, b.Unit(2)).Known)
		}
	}
}

// TestUndoUnderFog: under fog a move that showed the mover's side
// something (an enemy unit became a contact or was spotted) cannot be
// taken back; one that showed nothing can, as any move can in an open
// battle. The M4 closes from H3 on the truck in the crops at P3: I3 keeps
// it a contact, J3 spots it.
func TestUndoUnderFog(t *testing.T) {
	for _, tt := range []struct {
		fog, to string
		undo    bool
	}{{"true", "I3", true}, {"true", "J3", false}, {"false", "J3", true}} {
		b := fixture{grid: spotMap, props: map[string]string{"fog": tt.fog}, units: []unitAt{
			{"M4A3E8", maps.Allies, "H3", board.DirSE},
			{"Opel Blitz", maps.Axis, "P3", board.DirS},
		}}.battle(t)
		for b.Phase() != Movement {
			apply(t, b, EndPhase{})
		}
		path := []board.Pose{pose(t, b, "I3", board.DirSE)}
		if tt.to == "J3" {
			path = append(path, pose(t, b, "I3", board.DirNE), pose(t, b, "J3", board.DirNE))
		}
		apply(t, b, Move{Unit: 1, Path: path})
		if b.CanUndo() != tt.undo {
			t.Errorf("fog %s, to %s: CanUndo %v, want %v (the truck is %v to the Allies)",
				tt.fog, tt.to, b.CanUndo(), tt.undo, b.Knowledge(maps.Allies, b.Unit(2)).Known)
		}
	}
}
