package game

import (
	"errors"
	"fmt"
	"image"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/remote"
)

// remoteTable is a seat of a battle on a hexfire-server as the battle
// scene's table: orders go to the server, and the side's view comes back
// with the updates. It never has the other side's view: View gives its
// own side's whatever side is asked for, and the scene shows no other
// (Options.Viewer is the seat's side).
type remoteTable struct {
	seat      *remote.Seat
	server    string
	seatToken string
	st        remote.Status // as last polled (remoteTable.poll)
}

// Acting is the side that acts in the latest view.
func (t *remoteTable) Acting() maps.Side { return t.st.View.Acting }

// View is the seat's own side's latest view, whichever side is asked.
func (t *remoteTable) View(maps.Side) *battle.View { return t.st.View }

// Fog reports whether the battle is fought under fog.
func (t *remoteTable) Fog() bool { return t.st.View.Known().Fog() }

// Apply sends order o to the server, which answers it later (poll): it
// returns no events; the view and the log lines come with the update.
// An order out of the seat's turn, or without a connection, is refused
// here and sends nothing; the scene keeps the selection and the order
// prepared, so that it can be given again.
func (t *remoteTable) Apply(o battle.Order, _ string) ([]battle.Event, error) {
	switch {
	case t.st.State != remote.Connected:
		return nil, remote.ErrNotConnected
	case t.st.Waiting > 0:
		return nil, errors.New("the last order is still on its way to the server: wait for its answer")
	case t.st.View.Acting != t.st.Side:
		return nil, fmt.Errorf("the %s act now: wait for their orders", t.st.View.Acting.Title())
	}
	if _, err := t.seat.Send(battle.RecordOf(o, t.st.View.Board())); err != nil {
		return nil, err
	}
	t.st.Waiting++
	return nil, nil
}

// newRemoteGame is the battle scene of the seat t, welcomed: its side's
// view shown, none other; nothing autosaved (the server keeps the
// battle).
func newRemoteGame(a *App, t *remoteTable) (*Game, error) {
	o := a.battleOptions(nil)
	o.Autosave, o.Viewer, o.HandOver = "", t.st.Side, false
	g, err := New(t.st.View.Known(), o)
	if err != nil {
		return nil, err
	}
	g.host = a
	g.play.table, g.play.remote = t, t
	g.play.log = gameLog{}
	g.play.log.add(logHeading, fmt.Sprintf("battle %d on %s: you play the %s", t.st.Battle, t.server, t.st.Side.Title()))
	g.look()
	g.pollRemote()
	if a.screen != (image.Point{}) {
		g.resize(a.screen, a.scale, true)
	}
	return g, nil
}

// pollRemote takes what the server sent the seat since the last frame:
// the answers to its orders (a refusal shown as any refused order is),
// the side's new log lines (on the first frame the welcome's whole log),
// those the side saw while the seat was away headed so, and the view,
// shown at once.
func (g *Game) pollRemote() {
	t := g.play.remote
	if t == nil {
		return
	}
	st := t.seat.Status()
	for _, ans := range t.seat.TakeAnswers() {
		if ans.Type == remote.TypeRefused {
			g.refuse(fmt.Errorf("the server refused the order: %s", ans.Reason))
		}
	}
	away, leftOut := t.seat.TakeAway()
	lines := t.seat.TakeLog()
	changed := st.Version != t.st.Version
	t.st = st
	awayFrom := awayStart(lines, away)
	for i, l := range lines {
		if i == awayFrom {
			g.play.log.add(logHeading, awayHeading(len(away), leftOut))
		}
		g.play.log.add(logEvent, l.Text)
	}
	if !changed {
		return
	}
	g.applied(nil)
}

// awayStart is where, among the log lines a welcome brought, the lines
// the side saw while the seat was away begin: they end the welcome's
// lines; -1 when there are none, or they are not the lines' end.
func awayStart[L comparable](lines, away []L) int {
	n := len(lines) - len(away)
	if len(away) == 0 || n < 0 || !slices.Equal(lines[n:], away) {
		return -1
	}
	return n
}

// awayHeading heads the lines the side saw while the seat was away, n
// of them, leftOut earlier ones left out by the server's bounds.
func awayHeading(n, leftOut int) string {
	if leftOut > 0 {
		return fmt.Sprintf("While you were away (the last %d lines; %d before them are in the log above)", n, leftOut)
	}
	return "While you were away"
}

// remoteState is the line the battle scene of a remote seat shows over
// the map: the connection's state and whose turn it is.
func (t *remoteTable) remoteState() (text string, bad bool) {
	st := t.st
	switch {
	case st.State == remote.Refused:
		return fmt.Sprintf("the server refused the seat: %v", st.Err), true
	case st.State == remote.Lost:
		return "connection lost, retrying by itself: orders wait until it is back, nothing prepared is lost", true
	case st.State == remote.Connecting:
		return "connecting to " + t.server, false
	case st.View.Result != nil:
		return "the battle is over", false
	case st.Waiting > 0:
		return "order sent: waiting for the server's answer", false
	case st.View.Acting != st.Side:
		return fmt.Sprintf("the %s player's turn: waiting for their orders, shown as your side sees them", st.View.Acting.Title()), false
	}
	return fmt.Sprintf("your turn (%s)", st.Side.Title()), false
}

// drawRemoteState draws the remote seat's state along the foot of the map, clear of the
// toast and the banner at its top.
func (g *Game) drawRemoteState(a *App, screen *ebiten.Image) {
	t := g.play.remote
	if t == nil {
		return
	}
	text, bad := t.remoteState()
	c := a.canvas(screen)
	col := ui.ColPanelKey
	if bad {
		col = colBad
	}
	c.Text(text, c.Face(ui.BarTextSize*1.2, true), float64(g.view.Min.X+g.view.Dx()/2), float64(g.view.Max.Y)-22*a.scale, ui.AlignCenter, col)
}
