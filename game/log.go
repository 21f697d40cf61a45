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
	// unseen is the side that may not read the line (Event.Unseen, or the
	// enemy of a computer player's reasoning under fog); "" for both.
	unseen maps.Side
}

// gameLog is the combat log: every event's text, with the steps and dice
// of every attack, each line marked with the side that did not see it.
// It shows one side's part at a time (wrapped).
type gameLog struct {
	lines []logLine
	// rows caches the lines side rowsFor may read wrapped to rowsWidth,
	// for rowsOf lines.
	rows          []logLine
	rowsOf        int
	rowsWidth     float64
	rowsFor       maps.Side
	rowsReasoning bool
}

// wrapped returns the lines side may read wrapped to width in face f,
// the computer's reasoning only when asked for (Options.Reasoning: it
// weighs orders by scores a player has no use for), worked out again only
// for lines added since the last call with the same arguments.
func (l *gameLog) wrapped(f ui.Face, width float64, side maps.Side, reasoning bool) []logLine {
	if width != l.rowsWidth || side != l.rowsFor || reasoning != l.rowsReasoning || l.rowsOf > len(l.lines) {
		l.rows, l.rowsOf, l.rowsWidth, l.rowsFor, l.rowsReasoning = l.rows[:0], 0, width, side, reasoning
	}
	for _, line := range l.lines[l.rowsOf:] {
		if !line.readableBy(side) || line.kind == logComputer && !reasoning {
			continue
		}
		indent := ""
		if line.kind == logStep {
			indent = "   "
		}
		for _, w := range ui.Wrap(f, indent+line.text, width) {
			l.rows = append(l.rows, logLine{kind: line.kind, text: w})
		}
	}
	l.rowsOf = len(l.lines)
	return l.rows
}

// readableBy reports whether side may read the line.
func (l logLine) readableBy(side maps.Side) bool { return l.unseen == "" || l.unseen != side }

// add appends a line both sides may read.
func (l *gameLog) add(k logKind, text string) { l.addUnseen(k, text, "") }

// addUnseen appends a line side may not read ("": both may).
func (l *gameLog) addUnseen(k logKind, text string, side maps.Side) {
	l.lines = append(l.lines, logLine{k, sideWords(text), side})
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
			l.addUnseen(logHeading, phaseHeading(e.Text), e.Unseen)
		case battle.UnitFired:
			l.addUnseen(logResult, e.Text, e.Unseen)
			if e.Outcome != nil {
				l.addSteps(e.Outcome.Rolls, e.Outcome.Steps, e.Unseen)
			}
		case battle.HexFired, battle.CasualtiesAllocated, battle.LaneFired:
			l.addUnseen(logResult, e.Text, e.Unseen)
			if e.AP != nil {
				l.addSteps(e.AP.Rolls, e.AP.Steps, e.Unseen)
			}
		case battle.HexAssaulted:
			l.addUnseen(logResult, e.Text, e.Unseen)
			if e.Assault != nil {
				l.addSteps(e.Assault.Rolls, e.Assault.Steps, e.Unseen)
			}
		case battle.UnitEliminated, battle.UnitImmobilized, battle.UnitPinned, battle.UnitReduced, battle.UnitValorous, battle.BattleEnded, battle.MinefieldCrossed, battle.MoveBumped, battle.FiredUponUnseen:
			l.addUnseen(logResult, e.Text, e.Unseen)
		default:
			l.addUnseen(logEvent, e.Text, e.Unseen)
		}
	}
}

// addSteps appends the step lines of an attack and a line with the faces
// of its dice ("dice: AP attack 3+4, vehicle check 5"), which side
// unseen may not read.
func (l *gameLog) addSteps(rolls []combat.Roll, steps []string, unseen maps.Side) {
	for _, s := range steps {
		l.addUnseen(logStep, s, unseen)
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
	l.addUnseen(logStep, b.String(), unseen)
}

// truncate drops the lines from n on (a replay stepping back).
func (l *gameLog) truncate(n int) {
	l.lines = l.lines[:min(n, len(l.lines))]
	l.rowsOf = len(l.lines) + 1 // wrap again
}
