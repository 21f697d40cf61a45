package battle

import (
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// d6Ruleset fires simultaneously and rolls one d6 a shot: 6 eliminates
// the target, 5 immobilizes it, 1 eliminates every unit in the firer's
// hex (a test's stand-in for a shot that knocks out its own side), 2-4
// miss. The effects scriptedEffects gives the firer follow.
type d6Ruleset struct{ scriptedRuleset }

const d6Name = "simultaneous-d6-test"

func init() { combat.Register(d6Ruleset{}) }

func (d6Ruleset) Name() string           { return d6Name }
func (d6Ruleset) SimultaneousFire() bool { return true }
func (d6Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	r := d.Roll(6)
	o := combat.Outcome{Rolls: []combat.Roll{{Purpose: "effect", Sides: 6, Dice: []int{r}}}, Hit: r >= 5}
	switch r {
	case 6:
		o.Effects = []combat.Effect{{Kind: combat.Eliminated, On: combat.OnTarget}}
	case 5:
		o.Effects = []combat.Effect{{Kind: combat.Immobilized, On: combat.OnTarget}}
	case 1:
		o.Effects = []combat.Effect{{Kind: combat.Eliminated, On: combat.OnFirerHex}}
	}
	o.Effects = append(o.Effects, scriptedEffects[s.Firer]...)
	return o
}
func (r d6Ruleset) Odds(s combat.Shot) (combat.Odds, error) {
	return combat.Enumerate(func(d combat.Dice) combat.Outcome { return r.Resolve(s, d) })
}

// declareFixture: two Shermans in B2 and one in B4 facing three Tigers
// across the open map, under d6Ruleset.
func declareFixture(dice ...int) fixture {
	return fixture{grid: openMap, rules: d6Name, dice: dice, units: []unitAt{
		{"M4A3E8", maps.Allies, "B2", board.DirSE}, // 1
		{"M4A3E8", maps.Allies, "B2", board.DirSE}, // 2
		{"M4A3E8", maps.Allies, "B4", board.DirSE}, // 3
		{"Tiger I", maps.Axis, "F2", board.DirNW},  // 4
		{"Tiger I", maps.Axis, "F3", board.DirNW},  // 5
		{"Tiger I", maps.Axis, "F4", board.DirNW},  // 6
	}}
}

// kinds lists the kinds of events, without the phase's own.
func kinds(events []Event) []EventKind {
	var ks []EventKind
	for _, e := range events {
		if e.Kind != PhaseStarted {
			ks = append(ks, e.Kind)
		}
	}
	return ks
}

// TestDeclaredFire: under simultaneous fire a Fire order declares its
// shot and rolls nothing; Resolve (or the phase's end) rolls every
// declared shot in the order declared, from the battle's dice, and only
// then applies their effects, so a unit knocked out by an earlier shot of
// the phase still fires. After Resolve no more AT fire is declared in the
// phase.
func TestDeclaredFire(t *testing.T) {
	for _, tt := range []struct {
		name  string
		dice  []int
		fire  []Fire
		then  Order
		rolls []EventKind // the events of the then order
		gone  []UnitID    // eliminated after it
	}{
		{"resolve", []int{6, 5}, []Fire{{Unit: 1, Target: 4}, {Unit: 3, Target: 5}}, Resolve{},
			[]EventKind{UnitFired, UnitEliminated, UnitFired, UnitImmobilized}, []UnitID{4}},
		{"the phase's end resolves", []int{2, 6}, []Fire{{Unit: 1, Target: 4}, {Unit: 3, Target: 5}}, EndPhase{},
			[]EventKind{UnitFired, UnitFired, UnitEliminated}, []UnitID{5}},
		{"knocked out, still fires", []int{1, 6}, []Fire{{Unit: 1, Target: 4}, {Unit: 2, Target: 6}}, Resolve{},
			[]EventKind{UnitFired, UnitEliminated, UnitEliminated, UnitFired, UnitEliminated}, []UnitID{1, 2, 6}},
		{"two at one target", []int{6, 6}, []Fire{{Unit: 1, Target: 4}, {Unit: 3, Target: 4}}, Resolve{},
			[]EventKind{UnitFired, UnitEliminated, UnitFired}, []UnitID{4}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := declareFixture(tt.dice...).battle(t)
			for _, o := range tt.fire {
				events := apply(t, b, o)
				if len(events) != 1 || events[0].Kind != FireDeclared || events[0].Target != o.Target || !b.Unit(o.Unit).Has(Fired) {
					t.Fatalf("%+v: events %+v", o, events)
				}
			}
			if b.DiceRolled() != 0 || b.Unit(tt.fire[0].Target).Eliminated {
				t.Fatalf("declared: %d dice rolled", b.DiceRolled())
			}
			declared := b.DeclaredShots()
			if len(declared) != len(tt.fire) || declared[1].Fire != tt.fire[1] || declared[0].Odds.Total != 6 {
				t.Fatalf("declared shots %+v", declared)
			}
			events := apply(t, b, tt.then)
			if got := kinds(events); !slices.Equal(got[:min(len(got), len(tt.rolls))], tt.rolls) {
				t.Errorf("events %v, want %v first", got, tt.rolls)
			}
			if b.DiceRolled() != len(tt.dice) || len(b.DeclaredShots()) != 0 {
				t.Errorf("%d dice rolled, %d shots still declared", b.DiceRolled(), len(b.DeclaredShots()))
			}
			for _, u := range b.Units() {
				if u.Eliminated != slices.Contains(tt.gone, u.ID) {
					t.Errorf("%s eliminated %v", u.Label(), u.Eliminated)
				}
			}
		})
	}
}

// TestResolveClosesTheFire: Resolve needs a declared shot; after it the
// phase's AT fire is over (other AT fire is refused), and the next Fire
// phase declares again.
func TestResolveClosesTheFire(t *testing.T) {
	b := declareFixture(2).battle(t)
	if err := b.Check(Resolve{}); err == nil || !strings.Contains(err.Error(), "no AT shot is declared") {
		t.Errorf("Resolve with nothing declared: %v", err)
	}
	apply(t, b, Fire{Unit: 1, Target: 4})
	if err := b.Check(Resolve{}); err != nil {
		t.Errorf("Check(Resolve): %v", err)
	}
	apply(t, b, Resolve{})
	if err := b.Check(Fire{Unit: 3, Target: 5}); err == nil || !strings.Contains(err.Error(), "is resolved") {
		t.Errorf("a shot after Resolve: %v", err)
	}
	apply(t, b, EndPhase{}, EndPhase{}) // Fire, Movement
	if err := b.Check(Fire{Unit: 4, Target: 3}); err != nil {
		t.Errorf("the Axis in Defensive Fire: %v", err)
	}
}

// TestUndoDeclaredShot: a declared shot rolled nothing, so it can be taken
// back, and its firer has not fired; a resolved one cannot.
func TestUndoDeclaredShot(t *testing.T) {
	b := declareFixture().battle(t)
	apply(t, b, Fire{Unit: 1, Target: 4})
	if !b.CanUndo() {
		t.Fatal("a declared shot cannot be undone")
	}
	if err := b.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(b.DeclaredShots()) != 0 || b.Unit(1).Has(Fired) || b.OrderCount() != 0 {
		t.Errorf("after Undo: %d declared, firer fired %v, %d orders", len(b.DeclaredShots()), b.Unit(1).Has(Fired), b.OrderCount())
	}
	apply(t, b, Fire{Unit: 1, Target: 4}, Resolve{})
	if b.CanUndo() {
		t.Error("a resolved shot can be undone")
	}
}

// TestDeclaredPanzerfaustLeavesThePool: a Panzerfaust declared from the
// pool is out of it at once, so the pool's last one is declared once; the
// roll spends it.
func TestDeclaredPanzerfaustLeavesThePool(t *testing.T) {
	f := fixture{grid: openMap, rules: d6Name, dice: []int{3}, props: map[string]string{"panzerfausts_axis": "1"}, units: []unitAt{
		{"German Rifle Squad", maps.Axis, "C3", 0}, // 1
		{"German Rifle Squad", maps.Axis, "E3", 0}, // 2
		{"M4A3E8", maps.Allies, "C4", 0},           // 3
		{"M4A3E8", maps.Allies, "E4", 0},           // 4
	}}
	sc := f.scenario(t)
	sc.FirstSide = maps.Axis
	scriptedEffects = map[string][]combat.Effect{"German Rifle Squad #1": {{Kind: combat.WeaponSpent, On: combat.OnFirer}}}
	defer func() { scriptedEffects = map[string][]combat.Effect{} }()
	b, err := New(sc, testCatalogue, Config{Seed: 1, Ruleset: d6Name, Dice: combat.NewFixedDice(f.dice...)})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, b, Fire{Unit: 1, Target: 3, Panzerfaust: true})
	if b.Panzerfausts(maps.Axis) != 0 {
		t.Errorf("declared: %d Panzerfausts left, want 0", b.Panzerfausts(maps.Axis))
	}
	if err := b.Check(Fire{Unit: 2, Target: 4, Panzerfaust: true}); err == nil || !strings.Contains(err.Error(), "no Panzerfausts left") {
		t.Errorf("the pool's last Panzerfaust declared twice: %v", err)
	}
	apply(t, b, EndPhase{})
	if b.Panzerfausts(maps.Axis) != 0 || b.DiceRolled() != 1 {
		t.Errorf("resolved: %d Panzerfausts, %d dice", b.Panzerfausts(maps.Axis), b.DiceRolled())
	}
}

// TestOpportunityFireStaysImmediate: fire at a moving unit is rolled and
// lands at once under simultaneous fire.
func TestOpportunityFireStaysImmediate(t *testing.T) {
	b := declareFixture(6).battle(t)
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}, EndPhase{}) // to the Axis Movement phase
	if b.Phase() != Movement || b.Phasing() != maps.Axis {
		t.Fatalf("turn %d %s %s", b.Turn(), b.Phasing(), b.Phase())
	}
	apply(t, b, Move{Unit: 4, Path: []board.Pose{pose(t, b, "E1", board.DirNW)}})
	if b.Moving() == nil {
		t.Fatal("no opportunity fire offered")
	}
	events := apply(t, b, Fire{Unit: 1, Target: 4})
	if got := kinds(events); len(got) < 2 || got[0] != UnitFired || got[1] != UnitEliminated || !b.Unit(4).Eliminated {
		t.Errorf("opportunity fire: %v", got)
	}
}

// TestDeclaredFireSavesAndReplays: a save made with shots declared and not
// rolled, and one made after them, replay to the same state on seeded
// dice; the declarations are part of the state's digest.
func TestDeclaredFireSavesAndReplays(t *testing.T) {
	b := declareFixture().battle(t) // seeded
	sc := b.Scenario()
	before := b.Digest()
	apply(t, b, Fire{Unit: 1, Target: 4}, Fire{Unit: 3, Target: 5})
	if b.Digest() == before {
		t.Error("the declarations are not in the digest")
	}
	for _, more := range []Order{nil, Resolve{}, EndPhase{}} {
		if more != nil {
			apply(t, b, more)
		}
		s := b.Save()
		r, err := Replay(sc, testCatalogue, s)
		if err != nil || s.Version != SaveVersion {
			t.Fatalf("after %v: version %d, %v", more, s.Version, err)
		}
		if len(r.DeclaredShots()) != len(b.DeclaredShots()) || r.DiceRolled() != b.DiceRolled() {
			t.Errorf("after %v: replayed %d declared, %d dice; want %d, %d", more, len(r.DeclaredShots()), r.DiceRolled(), len(b.DeclaredShots()), b.DiceRolled())
		}
	}
}

// TestOlderSavesRollAtOnce: a battle that follows a save of before
// version 4 rolls each simultaneous shot when given and holds its effects
// to the phase's end, as it was played; it saves and replays as version 3.
func TestOlderSavesRollAtOnce(t *testing.T) {
	sc := declareFixture().scenario(t)
	sc.Ruleset = d6Name
	b, err := New(sc, testCatalogue, Config{Seed: 5, Version: 3})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, b, Fire{Unit: 1, Target: 4}, Fire{Unit: 3, Target: 5})
	if b.DiceRolled() != 2 || len(b.DeclaredShots()) != 0 {
		t.Errorf("version 3: %d dice rolled, %d declared; want 2 and none", b.DiceRolled(), len(b.DeclaredShots()))
	}
	if err := b.Check(Resolve{}); err == nil {
		t.Error("version 3: Resolve accepted with nothing declared")
	}
	s := b.Save()
	if s.Version != 3 {
		t.Errorf("saved as version %d, want 3", s.Version)
	}
	r, err := Replay(sc, testCatalogue, s)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	apply(t, r, EndPhase{})
	apply(t, b, EndPhase{})
	if r.Digest() != b.Digest() {
		t.Errorf("the replayed battle goes on differently")
	}
}
