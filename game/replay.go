package game

import (
	"fmt"

	"hexfire/umpire"
)

// replay steps through a saved battle's orders. Forward gives the next
// order to the battle shown; back rebuilds the battle from its start with
// one order fewer (the battle is deterministic given its seed).
type replay struct {
	recorded umpire.Recorded // the battle the orders come from, with their reasoning
	at       int             // orders applied so far
	marks    []int           // log length before each applied order
	auto     bool            // the replay plays by itself, an order every pace
}

// replayForward applies the next order of the replay.
func (g *Game) replayForward() {
	r := g.play.replay
	if r.at >= r.recorded.Len() {
		g.note(fmt.Sprintf("end of the replay (%d orders)", r.recorded.Len()))
		return
	}
	mark := len(g.play.log.lines)
	step, err := g.play.ump.Play(r.recorded, r.at)
	if err != nil {
		g.note(fmt.Sprintf("replay: order %d: %v", r.at+1, err))
		return
	}
	r.marks = append(r.marks, mark)
	r.at++
	note := fmt.Sprintf("replay %d/%d", r.at, r.recorded.Len())
	if !g.play.ump.Fog() {
		note += ": " + step.Order.Name() // under fog an order's kind may be the enemy's secret
	}
	g.play.log.add(logNote, note)
	if step.Why != "" {
		g.play.log.addUnseen(logComputer, computerLine(step.Acting, step.Why), secretOf(g.play.ump, step.Acting))
	}
	g.applied(step.Events)
	// The unit the order was for is selected and brought into view, when
	// the side shown knows it.
	if u := g.battle.Unit(orderUnit(step.Order)); u != nil && u.Active() {
		g.selectUnit(u.ID)
		g.showHex(u.Pose.Hex)
	}
}

// replayBack rebuilds the battle without the last order applied.
func (g *Game) replayBack() {
	r := g.play.replay
	if r.at == 0 {
		g.note("start of the replay")
		return
	}
	u, err := g.play.ump.Rewound(r.at - 1)
	if err != nil {
		g.note("replay: " + err.Error())
		return
	}
	r.at--
	g.play.log.truncate(r.marks[r.at])
	r.marks = r.marks[:r.at]
	g.play.ump, g.play.table = u, u
	g.applied(nil)
}
