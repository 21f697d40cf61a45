package game

import (
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/maps"
)

// TestLogSideNames: the log writes the sides as the top bar does, not by
// the scenario's ids the engine's texts use, and heads a phase with
// "Turn"; a word that only contains an id is left alone.
func TestLogSideNames(t *testing.T) {
	var l gameLog
	l.addEvents([]battle.Event{
		{Kind: battle.PhaseStarted, Text: "turn 1, allies: Movement phase"},
		{Kind: battle.OpportunityOffered, Text: "the axis may opportunity-fire at M4A3E8 #1 in D10"},
	})
	l.add(logComputer, "Axis (computer): the axis end the Movement phase")
	l.add(logNote, "axisymmetric alliesque")
	want := []string{
		"Turn 1, Allies: Movement phase",
		"the Axis may opportunity-fire at M4A3E8 #1 in D10",
		"Axis (computer): the Axis end the Movement phase",
		"axisymmetric alliesque",
	}
	if len(l.lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(l.lines), len(want))
	}
	for i, w := range want {
		if l.lines[i].text != w {
			t.Errorf("line %d = %q, want %q", i, l.lines[i].text, w)
		}
	}
	r := &battle.Result{Winner: "axis", Turn: 6, Reason: "axis eliminated 4 enemy units (needed 4)"}
	if _, text := resultText(r); text != "Axis win on turn 6: Axis eliminated 4 enemy units (needed 4)" {
		t.Errorf("result text %q", text)
	}
}

// TestCardKind: the card names an AFV in capitals, other kinds in the
// catalogue's words.
func TestCardKind(t *testing.T) {
	b := defaultBattle(t)
	for id, want := range map[battle.UnitID]string{1: "Allies AFV (US)", 5: "Allies squad (US)"} {
		if have := unitInfo(b, b.Unit(id))[1]; have != want {
			t.Errorf("%s: card line %q, want %q", b.Unit(id).Label(), have, want)
		}
	}
}

// TestLogMinefieldRoll: a unit's roll in a minefield is a result line,
// like the other outcomes of a die.
func TestLogMinefieldRoll(t *testing.T) {
	var l gameLog
	l.addEvents([]battle.Event{{Kind: battle.MinefieldCrossed, Text: "US Rifle Squad #1 comes through the minefield in C4 (rolled 5, 3 or less kills)"}})
	if len(l.lines) != 1 || l.lines[0].kind != logResult {
		t.Errorf("lines %+v, want one result line", l.lines)
	}
}

// TestLogFireLaneAttack: a fire lane's attack is a result line with its
// step lines and dice, like any AP attack.
func TestLogFireLaneAttack(t *testing.T) {
	var l gameLog
	out := combat.APOutcome{Points: 1, Steps: []string{"4 APFP (row 1-4): 2d6 = 6: 1 casualty point"}, Rolls: []combat.Roll{{Purpose: "AP attack", Sides: 6, Dice: []int{2, 4}}}}
	l.addEvents([]battle.Event{{Kind: battle.LaneFired, AP: &out, Text: "the fire lane in E5 fires at US Rifle Squad #1: 1 casualty point"}})
	if len(l.lines) < 2 || l.lines[0].kind != logResult || !strings.Contains(l.lines[1].text, "row 1-4") {
		t.Errorf("lines %+v, want the result and its steps", l.lines)
	}
}

// TestLogOneLineAMove: the steps of a move are one line of the log, turns
// on the way folded in and its end joined, while no event comes between
// (a computer's reasoning may); a chance of opportunity fire that is
// passed leaves no line, and after fire the move goes on in a line of its
// own; a step the other side does not see never joins a line it may
// read. The wrapped rows follow each rewritten line.
func TestLogOneLineAMove(t *testing.T) {
	fonts, err := ui.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	face := fonts.Face(ui.BarTextSize, false)
	hex := func(q, r int) board.Hex { return board.Hex{Q: q, R: r} }
	pose := func(h board.Hex, f board.Direction) board.Pose { return board.Pose{Hex: h, Facing: f} }
	e4, e5, f6, g6 := hex(4, 2), hex(4, 3), hex(5, 3), hex(6, 3)
	step := func(from, to board.Pose, text string) battle.Event {
		return battle.Event{Kind: battle.UnitMoved, Unit: 1, From: from, To: to, Hex: to.Hex, Text: text}
	}
	turnS := step(pose(e4, board.DirN), pose(e4, board.DirS), "M4A3E8 #1 turns to S in E4")
	toE5 := step(pose(e4, board.DirS), pose(e5, board.DirS), "M4A3E8 #1 moves E4 → E5")
	turnSE := step(pose(e5, board.DirS), pose(e5, board.DirSE), "M4A3E8 #1 turns to SE in E5")
	toF6 := step(pose(e5, board.DirSE), pose(f6, board.DirSE), "M4A3E8 #1 moves E5 → F6")
	turnNE := step(pose(f6, board.DirSE), pose(f6, board.DirNE), "M4A3E8 #1 turns to NE in F6")
	toG6 := step(pose(f6, board.DirNE), pose(g6, board.DirNE), "M4A3E8 #1 moves F6 → G6")
	ended := battle.Event{Kind: battle.MoveEnded, Unit: 1, Hex: g6, Text: "M4A3E8 #1 ends its move in G6"}
	offer := battle.Event{Kind: battle.OpportunityOffered, Unit: 1, Hex: f6, Text: "the axis may opportunity-fire at M4A3E8 #1 in F6"}
	fired := battle.Event{Kind: battle.UnitFired, Unit: 9, Hex: f6, Text: "Tiger I #9 fires at M4A3E8 #1: miss"}
	unseen := toG6
	unseen.Unseen = maps.Axis
	const pass, why = "the Axis pass: no opportunity fire at M4A3E8 #1 in F6", "Axis (computer): no shot worth it"
	whole := "M4A3E8 #1 moves E4 → E5 → F6 → G6 and ends its move"
	for _, tc := range []struct {
		name  string
		steps []any // each order's events, added one call each; "pass" logs a pass, "why" a computer's reasoning
		lines []string
		rows  []string // the rows wrapped without the reasoning; lines when nil
	}{
		{"a whole move", []any{[]battle.Event{turnS, toE5, turnSE, toF6, turnNE, toG6, ended}}, []string{whole}, nil},
		{"a turn last", []any{[]battle.Event{toE5, turnSE}}, []string{"M4A3E8 #1 moves E4 → E5, facing SE"}, nil},
		{"across orders", []any{[]battle.Event{toE5}, []battle.Event{toF6}}, []string{"M4A3E8 #1 moves E4 → E5 → F6"}, nil},
		{"a chance passed", []any{[]battle.Event{toE5, toF6, offer}, "pass", []battle.Event{turnNE, toG6, ended}}, []string{whole}, nil},
		{"a computer's pass", []any{[]battle.Event{toE5, toF6, offer}, "why", "pass", []battle.Event{turnNE, toG6, ended}},
			[]string{whole, why}, []string{whole}},
		{"fire", []any{[]battle.Event{toE5, toF6, offer, fired}, "pass", []battle.Event{turnNE, toG6, ended}},
			[]string{"M4A3E8 #1 moves E4 → E5 → F6", "the Axis may opportunity-fire at M4A3E8 #1 in F6", "Tiger I #9 fires at M4A3E8 #1: miss", pass,
				"M4A3E8 #1 moves F6 → G6 and ends its move"}, nil},
		{"a step the Axis do not see", []any{[]battle.Event{toE5, toF6, unseen}}, []string{"M4A3E8 #1 moves E4 → E5 → F6", "M4A3E8 #1 moves F6 → G6"}, nil},
		{"a turn in place", []any{[]battle.Event{turnS}}, []string{"M4A3E8 #1 turns to S in E4"}, nil},
	} {
		var l gameLog
		for _, st := range tc.steps {
			l.wrapped(face, 2000, maps.Allies, false) // the rows cached before each order, as the HUD does
			switch st := st.(type) {
			case []battle.Event:
				l.addEvents(st)
			case string:
				if st == "pass" {
					l.pass(pass)
				} else {
					l.add(logComputer, why)
				}
			}
		}
		var lines, rows []string
		for _, line := range l.lines {
			lines = append(lines, line.text)
		}
		for _, r := range l.wrapped(face, 2000, maps.Allies, false) {
			rows = append(rows, r.text)
		}
		want := tc.rows
		if want == nil {
			want = tc.lines
		}
		if !slices.Equal(lines, tc.lines) || !slices.Equal(rows, want) {
			t.Errorf("%s: lines %q, rows %q; want %q and %q", tc.name, lines, rows, tc.lines, want)
		}
	}
}
