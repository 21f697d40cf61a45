package ai

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// defenceMap has woods north of the objective D3 and south of the enemy.
const defenceMap = `
. . . . . . . .
. . . W . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`

// moveOf plays the acting side's opponent until it gives an order for
// unit id in the phase the battle is in, and returns that order (nil when
// the phase ends without one).
func moveOf(t *testing.T, b *battle.Battle, id battle.UnitID) battle.Order {
	t.Helper()
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	phase, side := b.Phase(), b.Acting()
	for range 100 {
		if b.Phase() != phase || b.Acting() != side || b.Moving() != nil {
			return nil
		}
		o, why := ask(op, b)
		switch o := o.(type) {
		case battle.Move:
			if o.Unit == id {
				return o
			}
		case battle.Advance:
			if o.Unit == id {
				return o
			}
		}
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("order %#v (%s) refused: %v", o, why, err)
		}
	}
	t.Fatal("no end of the phase after 100 orders")
	return nil
}

// TestHoldsAndFallsBack: the allies defend D3 (the axis must hold it).
// Their squad there stays on it under the fire of one enemy squad, though
// the woods next door are safer; under the fire of four it falls back
// into the woods instead of dying in place.
//
// The hex counts by the stakes as a loss does: where the axis win by
// destroying a single unit (each allied loss counts 4, as the allies need
// 4 kills) the squad holds against one enemy squad all the same; before,
// the hex stayed at its unscaled worth and the squad ran from D3.
func TestHoldsAndFallsBack(t *testing.T) {
	for _, tt := range []struct {
		name     string
		victory  string
		enemies  []string
		stays    bool
		fallback string // where it falls back to, when it does
	}{
		{"one enemy squad: holds", "axis hold D3; allies otherwise", []string{"D6"}, true, ""},
		{"four enemy squads: falls back", "axis hold D3; allies otherwise", []string{"C5", "D5", "E5", "D6"}, false, "D2"},
		{"losses dear, one enemy squad: holds", "axis hold D3; axis destroy 1; allies destroy 4; allies otherwise", []string{"D6"}, true, ""},
		// Behind the woods, out of their sight: a loss would end the battle.
		{"losses dear, four enemy squads: falls back", "axis hold D3; axis destroy 1; allies destroy 4; allies otherwise", []string{"C5", "D5", "E5", "D6"}, false, "D1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{{"US Rifle Squad", maps.Allies, "D3", 0, ""}}
			for _, h := range tt.enemies {
				us = append(us, unitAt{"German Rifle Squad", maps.Axis, h, 0, ""})
			}
			b := fixture{grid: defenceMap, units: us, turns: 6,
				props: map[string]string{"victory": tt.victory}}.battle(t)
			play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement })
			o := moveOf(t, b, 1)
			if tt.stays != (o == nil) {
				t.Fatalf("the squad's order: %#v; want it to stay %v", o, tt.stays)
			}
			if m, ok := o.(battle.Move); ok && m.Path[len(m.Path)-1].Hex != battletest.Hex(t, b, tt.fallback) {
				t.Errorf("it falls back to %s, want %s", b.Board().Label(m.Path[len(m.Path)-1].Hex), tt.fallback)
			}
		})
	}
}

// TestHoldsToTheEnd: the allies, who win when time runs out, defend D3
// (the axis must hold it) against three enemy squads. In turn 3 of 6 the
// squad there falls back; in the last turn it stays, since who stands on
// D3 when the battle ends is the whole of their win (the hex grows to
// three times its worth by then, denyGrowth; at twice, as for a side
// that must take a hex, it fell back in the last turn too).
func TestHoldsToTheEnd(t *testing.T) {
	for _, tt := range []struct {
		turn  int
		stays bool
	}{
		{3, false},
		{6, true},
	} {
		us := []unitAt{{"US Rifle Squad", maps.Allies, "D3", 0, ""}}
		for _, h := range []string{"C5", "D5", "D6"} {
			us = append(us, unitAt{"German Rifle Squad", maps.Axis, h, 0, ""})
		}
		b := fixture{grid: defenceMap, units: us, turns: 6,
			props: map[string]string{"victory": "axis hold D3; allies otherwise"}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		if o := moveOf(t, b, 1); tt.stays != (o == nil) {
			t.Errorf("turn %d: the squad's order %#v; want it to stay %v", tt.turn, o, tt.stays)
		}
	}
}

// TestOpportunityFireWaits: a Tiger with a close shot at a Sherman that
// stands still lets a far Sherman move on (firing at it would spend the
// Tiger for the Defensive Fire at the near one); with no near target, it
// fires at the mover.
func TestOpportunityFireWaits(t *testing.T) {
	for _, tt := range []struct {
		name  string
		near  bool
		fires bool
	}{
		{"a near target kept for Defensive Fire", true, false},
		{"only the mover", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{
				{"M4A3E8", maps.Allies, "G5", board.DirN, ""},
				{"Tiger I", maps.Axis, "D1", board.DirS, ""},
			}
			if tt.near {
				us = append(us, unitAt{"M4 (75)", maps.Allies, "D3", board.DirN, ""})
			}
			b := fixture{grid: openMap, units: us, turns: 6}.battle(t)
			play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement })
			mover := b.Unit(1)
			reach := b.Board().Reachable(b.MoveSpec(mover), mover.Pose, b.Occupancy(mover))
			steps, ok := reach.Path(battletest.Hex(t, b, "G4"))
			if !ok {
				t.Fatal("no path to G4")
			}
			var path []board.Pose
			for _, s := range steps {
				path = append(path, s.To)
			}
			if _, err := b.Apply(battle.Move{Unit: 1, Path: path}); err != nil {
				t.Fatal(err)
			}
			if b.Moving() == nil {
				t.Fatal("the move gives the Tiger no opportunity to fire")
			}
			op, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			o, why := ask(op, b)
			if _, fires := o.(battle.Fire); fires != tt.fires {
				t.Errorf("the Tiger gives %#v (%s); want it to fire %v", o, why, tt.fires)
			}
		})
	}
}

// TestCounterAttacks: a Sherman behind woods keeps out of sight of a StuG
// that can turn to face it, and comes out on the StuG's flank once the
// StuG is immobilized (it can neither turn nor move away), though a Pz IV
// far off fires at it on the way: the shot at a target that cannot get
// away counts in full (pursuit).
func TestCounterAttacks(t *testing.T) {
	grid := `
. . . . . . . .
. . . . . . . .
W W W . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	for _, immobile := range []bool{false, true} {
		b := fixture{grid: grid, turns: 6, units: []unitAt{
			{"M4 (75)", maps.Allies, "B1", board.DirS, ""},
			{"StuG III G", maps.Axis, "B6", board.DirN, ""},
			{"Pz IV H", maps.Axis, "H1", board.DirSW, ""},
		}}.battle(t)
		if immobile {
			b.Unit(2).Markers |= battle.Immobile
		}
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement })
		end := b.Unit(1).Pose
		if m, ok := moveOf(t, b, 1).(battle.Move); ok {
			end = m.Path[len(m.Path)-1]
		}
		stug := b.Unit(2).Pose
		seen := b.Board().Sight(end.Hex, stug.Hex, nil).Visible
		flank := !board.InForwardArc(stug.Hex, stug.Facing, end.Hex)
		if seen != immobile || seen && !flank {
			t.Errorf("StuG immobile %v: the Sherman ends in %s facing %v: in sight of the StuG %v, on its flank %v", immobile, b.Board().Label(end.Hex), end.Facing, seen, flank)
		}
	}
}

// lastTurnHolder is a battle of six turns on defenceMap: units (the
// first of them, unit 1, in D3), played by Random, which ends every
// phase, until side's phase of turn begins.
func lastTurnHolder(t *testing.T, units []unitAt, victory string, turn int, side maps.Side, phase battle.Phase) *battle.Battle {
	t.Helper()
	b := fixture{grid: defenceMap, units: units, turns: 6, props: map[string]string{"victory": victory}}.battle(t)
	play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool {
		return b.Turn() == turn && b.Acting() == side && b.Phase() == phase
	})
	return b
}

// opponentNext is a new opponent's next order in b, and its reason.
func opponentNext(t *testing.T, b *battle.Battle) (battle.Order, string) {
	t.Helper()
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	return ask(op, b)
}

// surrounded is a squad of side in D3 (unit 1) and enemy squads in hexes.
func surrounded(side maps.Side, hexes ...string) []unitAt {
	mine, theirs := "German Rifle Squad", "US Rifle Squad"
	if side == maps.Allies {
		mine, theirs = theirs, mine
	}
	us := []unitAt{{mine, side, "D3", 0, ""}}
	for _, h := range hexes {
		us = append(us, unitAt{theirs, battle.Opponent(side), h, 0, ""})
	}
	return us
}

// TestKeepsTheHexItAssaultsFrom: a German squad alone in D3, which the
// axis must hold, next to a pinned American half squad in D4 (an assault
// on pinned units alone moves in without a roll), assaults it while turns
// are left, but not in the last turn, when moving on into D4 gives up D3
// and the win with it. It does then too with a StuG beside it to keep
// D3, when it does not win as things stand (H6 is no German's), and when
// the kill itself wins the battle.
func TestKeepsTheHexItAssaultsFrom(t *testing.T) {
	const holdD3 = "axis hold D3; allies otherwise"
	for _, tt := range []struct {
		name     string
		turn     int
		stug     bool
		victory  string
		assaults bool
	}{
		{"turns left", 2, false, holdD3, true},
		{"the last turn", 6, false, holdD3, false},
		{"the last turn, a StuG keeps the hex", 6, true, holdD3, true},
		{"the last turn, not winning", 6, false, "axis hold D3 H6; allies otherwise", true},
		{"the last turn, the kill wins", 6, false, "axis hold D3; axis destroy 1; allies otherwise", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{
				{"German Rifle Squad", maps.Axis, "D3", board.DirS, ""},
				{"US Rifle Half Squad", maps.Allies, "D4", board.DirN, ""},
			}
			if tt.stug {
				us = append(us, unitAt{"StuG III G", maps.Axis, "D3", board.DirS, ""})
			}
			b := lastTurnHolder(t, us, tt.victory, tt.turn, maps.Axis, battle.AdvancePhase)
			b.Unit(2).Markers |= battle.Pinned
			o, why := opponentNext(t, b)
			if _, ok := o.(battle.Assault); ok != tt.assaults {
				t.Errorf("turn %d: %#v (%s); want an assault %v", tt.turn, o, why, tt.assaults)
			}
		})
	}
}

// TestKeepsTheHexToTheEnd: a squad alone in D3, which its side must hold
// (and so wins as things stand), with four enemy squads two and three
// hexes off, falls back into the woods while turns are left (as in
// TestHoldsAndFallsBack); in its side's last turn, moving first or
// second, it stays and fires instead, since leaving D3 gives the battle
// away. Before, the Germans ended their last Fire phase to fall back
// from D3 in the Movement phase.
func TestKeepsTheHexToTheEnd(t *testing.T) {
	for _, tt := range []struct {
		side  maps.Side
		turn  int
		stays bool
	}{
		{maps.Axis, 3, false},
		{maps.Axis, 6, true},
		{maps.Allies, 6, true}, // the allies move first in each turn
	} {
		t.Run(fmt.Sprintf("%s turn %d", tt.side, tt.turn), func(t *testing.T) {
			victory := fmt.Sprintf("%s hold D3; %s otherwise", tt.side, battle.Opponent(tt.side))
			b := lastTurnHolder(t, surrounded(tt.side, "C5", "D5", "E5", "D6"), victory, tt.turn, tt.side, battle.FirePhase)
			o, why := opponentNext(t, b)
			if _, fires := o.(battle.FireAP); fires != tt.stays {
				t.Errorf("Fire phase: %#v (%s); want it to fire %v", o, why, tt.stays)
			}
			play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool {
				return b.Acting() == tt.side && b.Phase() == battle.Movement
			})
			if o := moveOf(t, b, 1); (o == nil) != tt.stays {
				t.Errorf("Movement phase: %#v; want it to stay %v", o, tt.stays)
			}
		})
	}
}

// TestKeepsTheHexInTheAdvance: an American squad alone in D3, which the
// allies must hold, with six German squads around it, steps back into the
// woods in D2 in the Advance phase while turns are left (and says so, not
// that it makes for its objective), but not in the last turn, when that
// gives the battle away.
func TestKeepsTheHexInTheAdvance(t *testing.T) {
	for _, tt := range []struct {
		turn     int
		advances bool
	}{
		{3, true},
		{6, false},
	} {
		us := surrounded(maps.Allies, "C4", "E4", "C5", "D5", "E5", "D6")
		b := lastTurnHolder(t, us, "allies hold D3; axis otherwise", tt.turn, maps.Allies, battle.AdvancePhase)
		o, why := opponentNext(t, b)
		if _, ok := o.(battle.Advance); ok != tt.advances {
			t.Errorf("turn %d: %#v (%s); want an advance %v", tt.turn, o, why, tt.advances)
		}
		if want := "US Rifle Squad #1 advances D3 → D2 where it stands better"; tt.advances && !strings.HasPrefix(why, want) {
			t.Errorf("turn %d: the reason %q, want it to begin %q", tt.turn, why, want)
		}
	}
}
