package game

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/combat"
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
