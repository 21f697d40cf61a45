package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// sniperMap: woods in B2 where the Germans fire from, open ground around,
// a building in F2 four hexes off (the only cover within six hexes but
// the woods the firers stand in).
const sniperMap = `
. . . . . . . .
. W . . . B . .
. . . . . . . .
`

// wideSniperMap is sniperMap with room for a sniper out of range.
const wideSniperMap = `
. . . . . . . . . . . .
. W . . . B . . . . . .
. . . . . . . . . . . .
`

// sniperFixture: two German squads in B2 and a US squad in D2, the
// Allies with the sniper props give, in phase p of the Axis turn 1.
func sniperFixture(t *testing.T, grid string, props map[string]string, p Phase, dice ...int) *Battle {
	t.Helper()
	b := fixture{grid: grid, props: props, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "D2", 0},   // 1
		{"German Rifle Squad", maps.Axis, "B2", 0}, // 2
		{"German Rifle Squad", maps.Axis, "B2", 0}, // 3
	}, dice: dice}.battle(t)
	toPhase(t, b, 1, maps.Axis, p)
	return b
}

// eventsOf returns the events of the kinds given, in order.
func eventsOf(events []Event, kinds ...EventKind) []Event {
	var out []Event
	for _, e := range events {
		for _, k := range kinds {
			if e.Kind == k {
				out = append(out, e)
			}
		}
	}
	return out
}

// TestSniperActivation: a natural 12 on an AP attack by infantry brings
// the other side's sniper into play in a hex with cover within six hexes
// (rules 17.2); it attacks the firers at once, one die less the cover of
// their hex and the line's hindrance giving casualty points (17.5: the
// rules' example, attackers in woods and a roll of 5, gives 3); unpinned
// targets then roll one die above the sniper's cover to eliminate it
// (17.6: the building's 3 here).
func TestSniperActivation(t *testing.T) {
	sniper := map[string]string{"sniper_allies": "1"}
	tests := []struct {
		name   string
		grid   string
		props  map[string]string
		dice   []int
		placed string // the sniper's hex, "" when not in play afterwards
		kinds  []EventKind
		points int // the sniper attack's casualty points
		text   string
	}{
		{"no sniper in the scenario", sniperMap, nil, []int{6, 6}, "", nil, 0, ""},
		{"a natural 11 calls no sniper", sniperMap, sniper, []int{6, 5}, "", nil, 0, ""},
		{"the rules' example: 5 against the woods is 3 points; the check's 4 beats the building's 3",
			sniperMap, sniper, []int{6, 6, 5, 4}, "",
			[]EventKind{SniperActivated, SniperFired, SniperEliminated}, 3, "rolled 4 against cover 3: the allies sniper is eliminated"},
		{"the check's 3 does not beat the building's 3: the sniper stays",
			sniperMap, sniper, []int{6, 6, 5, 3}, "F2",
			[]EventKind{SniperActivated, SniperFired, SniperChecked}, 3, "the allies sniper stays"},
		{"a roll at the woods' cover does nothing",
			sniperMap, sniper, []int{6, 6, 2, 1}, "F2",
			[]EventKind{SniperActivated, SniperFired, SniperChecked}, 0, "rolled 1 against cover 3: the allies sniper stays"},
		{"no hex with cover within six: not activated",
			openMap, sniper, []int{6, 6}, "",
			[]EventKind{SniperActivated}, 0, "no hex within 6 gives it cover"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sniperFixture(t, tt.grid, tt.props, FirePhase, tt.dice...)
			events := apply(t, b, FireAP{Units: []UnitID{2, 3}, Target: hexOf(t, b, "D2")})
			got := eventsOf(events, SniperActivated, SniperFired, SniperChecked, SniperEliminated)
			if len(got) != len(tt.kinds) {
				t.Fatalf("sniper events %v, want kinds %v", got, tt.kinds)
			}
			for i, e := range got {
				if e.Kind != tt.kinds[i] {
					t.Errorf("event %d is %q, want kind %d", i, e.Text, tt.kinds[i])
				}
				if e.Kind == SniperFired && e.AP.Points != tt.points {
					t.Errorf("the sniper gave %d casualty points, want %d", e.AP.Points, tt.points)
				}
			}
			if len(got) > 0 && !strings.Contains(got[len(got)-1].Text, tt.text) {
				t.Errorf("last sniper event %q, want it to say %q", got[len(got)-1].Text, tt.text)
			}
			h, on := b.SniperAt(maps.Allies)
			switch {
			case tt.placed == "" && on:
				t.Errorf("the sniper is in %s, want it off the map", b.Board().Label(h))
			case tt.placed != "" && (!on || h != hexOf(t, b, tt.placed)):
				t.Errorf("the sniper is in %s (on the map: %v), want %s", b.Board().Label(h), on, tt.placed)
			}
			if tt.points == 3 && b.Unit(3).Type.Name != "German Rifle Half Squad" {
				t.Errorf("3 points left squad #3 a %s, want it reduced", b.Unit(3).Type.Name)
			}
		})
	}
}

// TestSniperOnlyOnce: a sniper in play or eliminated is not placed again
// by another natural 12 (rules 17.1, 17.6).
func TestSniperOnlyOnce(t *testing.T) {
	for _, onMap := range []bool{true, false} {
		b := sniperFixture(t, sniperMap, map[string]string{"sniper_allies": "1"}, FirePhase, 6, 6)
		s := sniper{OnMap: onMap, Hex: hexOf(t, b, "G1"), Eliminated: !onMap}
		b.snipers[maps.Allies] = s
		events := apply(t, b, FireAP{Units: []UnitID{2, 3}, Target: hexOf(t, b, "D2")})
		if got := eventsOf(events, SniperActivated, SniperFired, SniperChecked, SniperEliminated); len(got) != 0 {
			t.Errorf("sniper %+v: events %v, want none", s, got)
		}
		if b.snipers[maps.Allies] != s {
			t.Errorf("sniper %+v became %+v", s, b.snipers[maps.Allies])
		}
	}
}

// TestSniperEnteredIsEliminated: an enemy unit entering the sniper's hex
// eliminates it (rules 17.6).
func TestSniperEnteredIsEliminated(t *testing.T) {
	b := sniperFixture(t, sniperMap, map[string]string{"sniper_allies": "1"}, Movement)
	b.snipers[maps.Allies] = sniper{OnMap: true, Hex: hexOf(t, b, "C2")}
	u := b.Unit(2)
	events := apply(t, b, Move{Unit: 2, Path: []board.Pose{{Hex: hexOf(t, b, "C2"), Facing: u.Pose.Facing}}})
	if got := eventsOf(events, SniperEliminated); len(got) != 1 {
		t.Fatalf("events %v, want the sniper eliminated", events)
	}
	if _, on := b.SniperAt(maps.Allies); on || !b.snipers[maps.Allies].Eliminated {
		t.Errorf("sniper %+v, want it eliminated", b.snipers[maps.Allies])
	}
}

// TestSniperCheckNeedsUnpinnedTargets: with no unpinned target left in
// its hex the elimination check is not made (rules 17.6), and no die rolls.
func TestSniperCheckNeedsUnpinnedTargets(t *testing.T) {
	b := sniperFixture(t, sniperMap, map[string]string{"sniper_allies": "1"}, FirePhase)
	b.snipers[maps.Allies] = sniper{OnMap: true, Hex: hexOf(t, b, "F2")}
	targets := []*Unit{b.Unit(2), b.Unit(3)}
	for _, u := range targets {
		u.Markers |= Pinned
	}
	events := b.sniperCheck(maps.Allies, targets, hexOf(t, b, "B2"))
	if len(events) != 1 || events[0].Kind != SniperChecked || !strings.Contains(events[0].Text, "no unpinned unit") {
		t.Errorf("events %v, want no check made", events)
	}
	if b.dice.count != 0 || !b.snipers[maps.Allies].OnMap {
		t.Errorf("%d dice rolled, sniper %+v; want none rolled and the sniper in play", b.dice.count, b.snipers[maps.Allies])
	}
}

// TestSniperProperty: sniper_SIDE is 0 or 1 (rules 17.1: never more than
// one); anything else is refused naming the property and the value.
func TestSniperProperty(t *testing.T) {
	for _, tt := range []struct{ value, want string }{
		{"2", `"sniper_axis": 2 snipers; a side has at most 1`},
		{"one", `"sniper_axis": "one" is not a whole number`},
	} {
		f := fixture{grid: openMap, props: map[string]string{"sniper_axis": tt.value}}
		_, err := New(f.scenario(t), testCatalogue, Config{Seed: 1})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sniper_axis %q: error %v, want it to say %s", tt.value, err, tt.want)
		}
	}
}

// TestSniperCalledByATFire: a natural 12 on the to-hit roll of an
// infantry unit's AT attack calls the other side's sniper too (rules
// 17.2), which attacks the firer.
func TestSniperCalledByATFire(t *testing.T) {
	for _, tt := range []struct {
		name  string
		dice  []int
		kinds int
	}{
		{"a natural 12 to hit", []int{6, 6, 6, 1}, 3},
		{"an 11 to hit", []int{6, 5}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: sniperMap, props: map[string]string{"sniper_axis": "1"}, units: []unitAt{
				{"US Bazooka Team", maps.Allies, "D3", 0}, // 1
				{"Tiger I", maps.Axis, "D1", board.DirS},  // 2
			}, dice: tt.dice}.battle(t)
			toPhase(t, b, 1, maps.Allies, FirePhase)
			events := apply(t, b, Fire{Unit: 1, Target: 2})
			if len(b.declared) > 0 { // simultaneous fire: rolled when resolved
				events = append(events, apply(t, b, Resolve{})...)
			}
			got := eventsOf(events, SniperActivated, SniperFired, SniperChecked, SniperEliminated)
			if len(got) != tt.kinds {
				t.Errorf("sniper events %v, want %d", got, tt.kinds)
			}
			if len(got) > 1 && got[1].Hex != hexOf(t, b, "D3") {
				t.Errorf("the sniper fired at %s, want the firer's D3", b.Board().Label(got[1].Hex))
			}
		})
	}
}

// TestSnipe: a sniper in play makes one opportunity fire a turn at moving
// infantry within six hexes and in sight (rules 17.4), as its attack of
// 17.5; the mover then checks to eliminate it (17.6).
func TestSnipe(t *testing.T) {
	moveTo := func(t *testing.T, b *Battle, id UnitID, label string) {
		t.Helper()
		apply(t, b, Move{Unit: id, Path: []board.Pose{{Hex: hexOf(t, b, label), Facing: b.Unit(id).Pose.Facing}}})
	}
	tests := []struct {
		name   string
		sniper func(b *Battle) (sniper, bool) // the Allies' sniper, and whether they have one
		to     string                         // where German squad #2 moves
		want   string                         // the refusal, "" when the sniper fires
	}{
		{"no sniper in the battle", func(*Battle) (sniper, bool) { return sniper{}, false }, "C2", "the allies have no sniper"},
		{"not in play", func(*Battle) (sniper, bool) { return sniper{}, true }, "C2", "not in play"},
		{"already fired this turn", func(b *Battle) (sniper, bool) {
			return sniper{OnMap: true, Hex: hexOf(t, b, "F2"), FiredTurn: 1}, true
		}, "C2", "already fired this turn"},
		{"more than six hexes off", func(b *Battle) (sniper, bool) {
			return sniper{OnMap: true, Hex: hexOf(t, b, "L2")}, true
		}, "C2", "9 hexes from the sniper, more than 6"},
		{"fires", func(b *Battle) (sniper, bool) {
			return sniper{OnMap: true, Hex: hexOf(t, b, "F2"), FiredTurn: 0}, true
		}, "C2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sniperFixture(t, wideSniperMap, nil, Movement, 2, 1)
			if s, ok := tt.sniper(b); ok {
				b.snipers[maps.Allies] = s
			}
			moveTo(t, b, 2, tt.to)
			if b.Moving() == nil {
				t.Fatal("the move did not wait for opportunity fire")
			}
			if tt.want != "" {
				assertRefused(t, b, Snipe{}, tt.want)
				return
			}
			events := apply(t, b, Snipe{})
			got := eventsOf(events, SniperFired, SniperChecked, SniperEliminated)
			// 2 against open ground: 2 points on the squad in C2; its
			// check rolls 1, not above the building's 3.
			if len(got) != 2 || got[0].Kind != SniperFired || got[0].AP.Points != 2 || got[0].Hex != hexOf(t, b, "C2") || got[1].Kind != SniperChecked {
				t.Fatalf("events %v, want the sniper's 2 points on C2 and a failed check", events)
			}
			if b.snipers[maps.Allies].FiredTurn != 1 {
				t.Errorf("sniper %+v, want it marked as fired in turn 1", b.snipers[maps.Allies])
			}
			if err := b.CanSnipe(maps.Allies); err == nil {
				t.Error("the sniper may fire again this turn")
			}
		})
	}
}

// TestSniperReplays: a battle with the seeded dice in which a natural 12
// brings the sniper into play and it fires at a mover saves and replays
// to the same state, the sniper where it was.
func TestSniperReplays(t *testing.T) {
	f := fixture{grid: wideSniperMap, props: map[string]string{"sniper_allies": "1"}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "D2", 0},   // 1
		{"German Rifle Squad", maps.Axis, "B2", 0}, // 2
		{"German Rifle Squad", maps.Axis, "B2", 0}, // 3
	}}
	// The first seed whose first two dice, the AP attack's, are 6 and 6.
	seed := uint64(1)
	for d := combat.NewSeededDice(seed); d.Roll(6) != 6 || d.Roll(6) != 6; d = combat.NewSeededDice(seed) {
		seed++
	}
	sc := f.scenario(t)
	b, err := New(sc, testCatalogue, Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	toPhase(t, b, 1, maps.Axis, FirePhase)
	apply(t, b, FireAP{Units: []UnitID{3}, Target: hexOf(t, b, "D2")})
	at, ok := b.SniperAt(maps.Allies)
	if !ok {
		t.Fatalf("seed %d: no sniper in play after the natural 12: %+v", seed, b.snipers[maps.Allies])
	}
	toPhase(t, b, 1, maps.Axis, Movement)
	apply(t, b, Move{Unit: 2, Path: []board.Pose{{Hex: hexOf(t, b, "C2"), Facing: b.Unit(2).Pose.Facing}}})
	if err := b.CanSnipe(maps.Allies); err != nil {
		t.Fatalf("seed %d: the sniper in %s may not fire at C2: %v", seed, b.Board().Label(at), err)
	}
	apply(t, b, Snipe{})
	loaded, err := Replay(sc, testCatalogue, b.Save())
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if loaded.Digest() != b.Digest() || loaded.snipers[maps.Allies] != b.snipers[maps.Allies] {
		t.Errorf("seed %d: replayed sniper %+v (digest %s), want %+v (%s)", seed, loaded.snipers[maps.Allies], loaded.Digest(), b.snipers[maps.Allies], b.Digest())
	}
}

// TestWithdrawSniper: the owner takes its sniper off the map in its own
// Advance & Assault phase (rules 17.3, the After-Action being automatic in
// Hexfire); it is not eliminated, and the next natural 12 brings it back.
func TestWithdrawSniper(t *testing.T) {
	for _, tt := range []struct {
		name   string
		side   maps.Side
		phase  Phase
		inPlay bool
		want   string
	}{
		{"in the owner's Advance phase", maps.Allies, AdvancePhase, true, ""},
		{"in the owner's Fire phase", maps.Allies, FirePhase, true, "in its side's Advance & Assault phase"},
		{"no sniper in play", maps.Allies, AdvancePhase, false, "no sniper in play"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: sniperMap, props: map[string]string{"sniper_allies": "1"}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "D2", 0},   // 1
				{"German Rifle Squad", maps.Axis, "B2", 0}, // 2
			}, dice: []int{6, 6, 1, 1}}.battle(t)
			toPhase(t, b, 1, tt.side, tt.phase)
			b.snipers[maps.Allies] = sniper{OnMap: tt.inPlay, Hex: hexOf(t, b, "G1")}
			if tt.want != "" {
				assertRefused(t, b, WithdrawSniper{}, tt.want)
				return
			}
			apply(t, b, WithdrawSniper{})
			if s := b.snipers[maps.Allies]; s.OnMap || s.Eliminated {
				t.Fatalf("sniper %+v after withdrawal, want it off the map and not eliminated", s)
			}
			toPhase(t, b, 1, maps.Axis, FirePhase)
			apply(t, b, FireAP{Units: []UnitID{2}, Target: hexOf(t, b, "D2")})
			if h, on := b.SniperAt(maps.Allies); !on || h != hexOf(t, b, "F2") {
				t.Errorf("after a natural 12 the sniper is in %s (in play: %v), want it back in F2", b.Board().Label(h), on)
			}
		})
	}
}
