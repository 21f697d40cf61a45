package game

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"hexfire/battle"
	"hexfire/board"
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
	// rowStarts is, for each line wrapped, where its rows begin in rows.
	rowStarts []int
	// moving is the move the last line tells, which the next step of the
	// same unit joins (one line a move).
	moving loggedMove
	// offered is the chance of opportunity fire the last event's line
	// tells, with the move told before it: a pass takes it back (pass).
	offered struct {
		line   int
		before loggedMove
		ok     bool
	}
}

// loggedMove is a move told by the log's last event line: the unit, the hex it
// has reached and the side that may not read the line; the line's text
// without its end (text), whether it has left a hex yet (moved: before,
// the text is its last turn's), and the facing it turned to last, when a
// turn came after its last hex.
type loggedMove struct {
	unit   battle.UnitID
	at     board.Hex
	unseen maps.Side
	text   string
	facing string
	line   int
	moved  bool
	ok     bool
}

// wrapped returns the lines side may read wrapped to width in face f,
// the computer's reasoning only when asked for (Options.Reasoning: it
// weighs orders by scores a player has no use for), worked out again only
// for lines added since the last call with the same arguments.
func (l *gameLog) wrapped(f ui.Face, width float64, side maps.Side, reasoning bool) []logLine {
	if width != l.rowsWidth || side != l.rowsFor || reasoning != l.rowsReasoning || l.rowsOf > len(l.lines) {
		l.rows, l.rowsOf, l.rowsWidth, l.rowsFor, l.rowsReasoning = l.rows[:0], 0, width, side, reasoning
		l.rowStarts = l.rowStarts[:0]
	}
	for _, line := range l.lines[l.rowsOf:] {
		l.rowStarts = append(l.rowStarts, len(l.rows))
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
		case battle.UnitMoved:
			l.addMove(e)
		case battle.OpportunityOffered:
			before := l.moving
			l.addUnseen(logEvent, e.Text, e.Unseen)
			l.offered.line, l.offered.before, l.offered.ok = len(l.lines)-1, before, true
		case battle.MoveEnded:
			l.endMove(e)
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
	l.moving, l.offered.ok = loggedMove{}, false
}

// pass logs a pass of opportunity fire (passed, its line). A pass that
// answers the chance the last line tells takes that line back instead,
// and the move goes on in its own line: a move that drew no fire reads as
// one line, not a chance and a pass a hex.
func (l *gameLog) pass(passed string) {
	if o := l.offered; o.ok && o.line == l.lastEvent() {
		l.lines = slices.Delete(l.lines, o.line, o.line+1)
		l.wrapFrom(o.line)
		l.moving, l.offered.ok = o.before, false
		return
	}
	l.add(logEvent, passed)
}

// lastEvent is the index of the log's last line that is not a computer's
// reasoning (-1 for none): the line a move's next step may join, the
// reasoning of the order that gives it coming before it.
func (l *gameLog) lastEvent() int {
	i := len(l.lines) - 1
	for i >= 0 && l.lines[i].kind == logComputer {
		i--
	}
	return i
}

// wrapFrom has the lines from i on wrapped again (they changed).
func (l *gameLog) wrapFrom(i int) {
	if l.rowsOf > i {
		l.rows, l.rowStarts, l.rowsOf = l.rows[:l.rowStarts[i]], l.rowStarts[:i], i
	}
}

// addMove logs a step of a move (a UnitMoved event): as a line of its
// own, or joined to the line of the move it goes on, while no event came
// after it (lastEvent), so that a move reads as one line ("M4A3E8 #1 moves E4
// → E5 → F6, facing SE") and not one a hex. A move that waits for fire
// goes on in a new line after the fire's.
func (l *gameLog) addMove(e battle.Event) {
	m := &l.moving
	if m.ok && m.line == l.lastEvent() && m.unit == e.Unit && m.unseen == e.Unseen && m.at == e.From.Hex {
		i := strings.LastIndex(e.Text, "→ ")
		switch {
		case !m.moved: // turns before the first hex: the step's own line says it
			m.text, m.moved = e.Text, e.From.Hex != e.To.Hex
		case e.From.Hex == e.To.Hex:
			m.facing = e.To.Facing.String()
		case i >= 0:
			m.text, m.facing = m.text+" "+e.Text[i:], ""
		}
		m.at = e.To.Hex
		l.rewrite(m.line, m.told())
		return
	}
	l.addUnseen(logEvent, e.Text, e.Unseen)
	*m = loggedMove{unit: e.Unit, at: e.To.Hex, unseen: e.Unseen, text: e.Text, line: len(l.lines) - 1,
		moved: e.From.Hex != e.To.Hex, ok: true}
}

// told is the move's line.
func (m loggedMove) told() string {
	if m.facing == "" {
		return m.text
	}
	return m.text + ", facing " + m.facing
}

// endMove logs a move's end (MoveEnded): joined to the move's line when no
// event came after it ("… and ends its move"), as a line of its own when
// fire came in between.
func (l *gameLog) endMove(e battle.Event) {
	if m := l.moving; m.ok && m.line == l.lastEvent() && m.unit == e.Unit && m.unseen == e.Unseen {
		l.rewrite(m.line, m.told()+" and ends its move")
		l.moving = loggedMove{}
		return
	}
	l.addUnseen(logEvent, e.Text, e.Unseen)
}

// rewrite changes the text of line i, and has it wrapped again.
func (l *gameLog) rewrite(i int, text string) {
	l.lines[i].text = sideWords(text)
	l.wrapFrom(i)
}
