package battle

import (
	"fmt"

	"hexfire/board"
	hmaps "hexfire/maps"
)

// Report is the turn summary of one side: what it saw the enemy do since
// it last took it (Take). It is built from the side's part of the log and
// its view only, so under fog it tells what the side saw and nothing
// else: a move as one line from where the side first saw it to where it
// last saw it, each attack and loss, and the enemy units lost from sight.
type Report struct {
	side  hmaps.Side
	lines []ReportLine
	moves map[UnitID]reportMove
	// watched are the enemy units the lines tell of that the side still
	// sees: the report tells when it loses one.
	watched map[UnitID]bool
}

// ReportLine is one thing a side saw the enemy do, and the hex to look at.
// Its Text names sides by their ids, as the events' texts do.
type ReportLine struct {
	Text string
	Hex  board.Hex
}

// reportMove is an enemy unit's move being summed up in one line of a
// Report: the line's index and the hex the move was first seen in.
type reportMove struct {
	line int
	from board.Hex
}

// NewReport starts side's report.
func NewReport(side hmaps.Side) *Report {
	return &Report{side: side, moves: map[UnitID]reportMove{}, watched: map[UnitID]bool{}}
}

// Add adds what the side saw of one order: its events, read with v, the
// side's view after the order. Events of the side's own units are left to
// the log: the report tells the enemy's doings.
func (r *Report) Add(events []Event, v *View) {
	bd := v.Board()
	for _, e := range events {
		if e.Kind == FiredUponUnseen && e.SeenBy(r.side) {
			r.lines = append(r.lines, ReportLine{e.Text, e.Hex})
			continue
		}
		if !e.SeenBy(r.side) || v.own(e.Unit) != nil {
			continue
		}
		name := v.enemyLabel(e.Unit)
		switch e.Kind {
		case UnitMoved:
			m, going := r.moves[e.Unit]
			going = going && m.line < len(r.lines) && r.lines[m.line].Hex == e.From.Hex
			switch {
			case going && e.From.Hex == e.To.Hex:
				// A turn on the way: the line of the move says enough.
			case going:
				r.lines[m.line] = ReportLine{fmt.Sprintf("%s moved %s → %s", name, bd.Label(m.from), bd.Label(e.To.Hex)), e.To.Hex}
			case e.From.Hex == e.To.Hex:
				r.lines = append(r.lines, ReportLine{fmt.Sprintf("%s turned to %v in %s", name, e.To.Facing, bd.Label(e.To.Hex)), e.To.Hex})
			default:
				r.moves[e.Unit] = reportMove{line: len(r.lines), from: e.From.Hex}
				r.lines = append(r.lines, ReportLine{fmt.Sprintf("%s moved %s → %s", name, bd.Label(e.From.Hex), bd.Label(e.To.Hex)), e.To.Hex})
			}
		case UnitFired, FireDeclared: // a declared shot is seen only in the open
			if t := v.own(e.Target); t != nil {
				r.lines = append(r.lines, ReportLine{e.Text, t.Pose.Hex})
			}
		case HexFired, HexAssaulted, UnitEliminated, UnitImmobilized, MinefieldCrossed, SupportCalled, LaneLaid, LaneFired:
			r.lines = append(r.lines, ReportLine{e.Text, e.Hex})
		default:
			continue
		}
		r.watched[e.Unit] = true
	}
	for _, en := range v.Enemy {
		if en.ID != 0 && r.watched[en.ID] && en.Known == Unknown {
			r.lines = append(r.lines, ReportLine{fmt.Sprintf("%s was lost from sight in %s", v.enemyLabel(en.ID), bd.Label(en.Pose.Hex)), en.Pose.Hex})
			delete(r.moves, en.ID)
			delete(r.watched, en.ID)
		}
	}
}

// Take returns the lines told since the last Take, the oldest first, and
// starts the report afresh.
func (r *Report) Take() []ReportLine {
	lines := r.lines
	r.lines = nil
	clear(r.moves)
	clear(r.watched)
	return lines
}

// own returns the side's unit id in v, or nil when it is not one.
func (v *View) own(id UnitID) *Unit {
	for i := range v.Own {
		if v.Own[i].ID == id {
			return &v.Own[i]
		}
	}
	return nil
}

// enemyLabel is how the side names enemy unit id: as it knows it
// ("Tiger I #9"), or "an enemy unit" when it does not.
func (v *View) enemyLabel(id UnitID) string {
	for _, e := range v.Enemy {
		if e.ID == id && e.ID != 0 {
			return fmt.Sprintf("%s #%d", e.Name, e.ID)
		}
	}
	return "an enemy unit"
}
