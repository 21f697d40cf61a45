package game

import (
	"fmt"

	"hexfire/battle"
)

// replay steps through a saved battle's orders. Forward applies the next
// order to the battle shown; back rebuilds the battle from its start with
// one order fewer (the battle is deterministic given its seed).
type replay struct {
	orders   []battle.Order
	recorded *battle.Battle // the battle the orders come from, with their reasoning
	at       int            // orders applied so far
	marks    []int          // log length before each applied order
	auto     bool           // the replay plays by itself, an order every pace
}

// replayForward applies the next order of the replay.
func (g *Game) replayForward() {
	r := g.play.replay
	if r.at >= len(r.orders) {
		g.note(fmt.Sprintf("end of the replay (%d orders)", len(r.orders)))
		return
	}
	o := r.orders[r.at]
	mark := len(g.play.log.lines)
	side := g.battle.Acting()
	events, err := g.battle.Apply(o)
	if err != nil {
		g.note(fmt.Sprintf("replay: order %d: %v", r.at+1, err))
		return
	}
	r.marks = append(r.marks, mark)
	r.at++
	g.play.log.add(logNote, fmt.Sprintf("replay %d/%d: %s", r.at, len(r.orders), o.Name()))
	if why := r.recorded.Why(r.at - 1); why != "" {
		g.play.log.add(logComputer, computerLine(side, why))
	}
	g.applied(events)
	// The unit the order was for is selected and brought into view.
	if u := g.battle.Unit(orderUnit(o)); u != nil && u.Active() {
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
	old := g.battle
	nb, err := battle.New(old.Scenario(), old.Catalogue(), old.Config())
	if err == nil {
		for i, o := range r.orders[:r.at-1] {
			if _, err = nb.Apply(o); err != nil {
				err = fmt.Errorf("replay: order %d: %w", i+1, err)
				break
			}
		}
	}
	if err != nil {
		g.note(err.Error())
		return
	}
	r.at--
	g.play.log.truncate(r.marks[r.at])
	r.marks = r.marks[:r.at]
	g.battle = nb
	g.play.b = nb
	g.applied(nil)
}
