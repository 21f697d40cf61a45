package game

import (
	"regexp"
	"strconv"
	"strings"

	"hexfire/battle"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/maps"
)

// logKind says how a log line is drawn.
type logKind uint8

const (
	logHeading  logKind = iota // a phase, a load, the start
	logEvent                   // something that happened
	logStep                    // a step of an attack, with its dice
	logResult                  // an attack's result, an elimination
	logComputer                // a computer player's reasoning
	logNote                    // an undo or other note of the game's own
	logError                   // a refused computer order
)

// logLine is one line of the combat log.
type logLine struct {
	kind logKind
	text string
}

// gameLog is the combat log: every event's text, with the steps and dice
// of every attack.
type gameLog struct {
	lines []logLine
	// rows caches the lines wrapped to rowsWidth, for rowsOf lines.
	rows      []logLine
	rowsOf    int
	rowsWidth float64
}

// wrapped returns the log's lines wrapped to width in face f, worked out
// again only for lines added since the last call at that width.
func (l *gameLog) wrapped(f ui.Face, width float64) []logLine {
	if width != l.rowsWidth || l.rowsOf > len(l.lines) {
		l.rows, l.rowsOf, l.rowsWidth = l.rows[:0], 0, width
	}
	for _, line := range l.lines[l.rowsOf:] {
		indent := ""
		if line.kind == logStep {
			indent = "   "
		}
		for _, w := range ui.Wrap(f, indent+line.text, width) {
			l.rows = append(l.rows, logLine{line.kind, w})
		}
	}
	l.rowsOf = len(l.lines)
	return l.rows
}

// add appends a line.
func (l *gameLog) add(k logKind, text string) {
	l.lines = append(l.lines, logLine{k, sideWords(text)})
}

// sideWords writes the sides named in text as the screen names them: the
// engine's events and the computer's reasoning use the scenario's ids
// ("the allies may opportunity-fire", "axis eliminated 4 enemy units"),
// the top bar and the panel "Allies" and "Axis". The texts themselves stay
// as they are for the golden logs that pin them.
func sideWords(text string) string {
	return sideIDs.ReplaceAllStringFunc(text, func(id string) string { return maps.Side(id).Title() })
}

// sideIDs matches the side ids as whole words.
var sideIDs = regexp.MustCompile(`\b(` + string(maps.Allies) + `|` + string(maps.Axis) + `)\b`)

// phaseHeading is a PhaseStarted event's text as the log heads the phase,
// with "Turn" as the top bar writes it ("turn 1, allies: Movement phase"
// is logged "Turn 1, Allies: Movement phase", add writing the side).
func phaseHeading(text string) string {
	return strings.Replace(text, "turn ", "Turn ", 1)
}

// addEvents appends the lines of an order's events.
func (l *gameLog) addEvents(events []battle.Event) {
	for _, e := range events {
		switch e.Kind {
		case battle.PhaseStarted:
			l.add(logHeading, phaseHeading(e.Text))
		case battle.UnitFired:
			l.add(logResult, e.Text)
			if e.Outcome != nil {
				l.addSteps(e.Outcome.Rolls, e.Outcome.Steps)
			}
		case battle.HexFired, battle.CasualtiesAllocated, battle.LaneFired:
			l.add(logResult, e.Text)
			if e.AP != nil {
				l.addSteps(e.AP.Rolls, e.AP.Steps)
			}
		case battle.HexAssaulted:
			l.add(logResult, e.Text)
			if e.Assault != nil {
				l.addSteps(e.Assault.Rolls, e.Assault.Steps)
			}
		case battle.UnitEliminated, battle.UnitImmobilized, battle.UnitPinned, battle.UnitReduced, battle.UnitValorous, battle.BattleEnded, battle.MinefieldCrossed, battle.MoveBumped:
			l.add(logResult, e.Text)
		default:
			l.add(logEvent, e.Text)
		}
	}
}

// addSteps appends the step lines of an attack and a line with the faces
// of its dice ("dice: AP attack 3+4, vehicle check 5").
func (l *gameLog) addSteps(rolls []combat.Roll, steps []string) {
	for _, s := range steps {
		l.add(logStep, s)
	}
	if len(rolls) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString("dice:")
	for i, r := range rolls {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + r.Purpose + " " + r.Notation() + " ")
		sep := byte('+')
		if r.Pool {
			sep = ' '
		}
		for j, d := range r.Dice {
			if j > 0 {
				b.WriteByte(sep)
			}
			b.WriteString(strconv.Itoa(d))
		}
	}
	l.add(logStep, b.String())
}

// truncate drops the lines from n on (a replay stepping back).
func (l *gameLog) truncate(n int) {
	l.lines = l.lines[:min(n, len(l.lines))]
	l.rowsOf = len(l.lines) + 1 // wrap again
}
