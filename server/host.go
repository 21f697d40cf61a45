package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/board"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/umpire"
)

// host holds one battle: its umpire, its seats and its connected
// clients. Its lock is the battle's alone, so a battle waiting on its
// computer player or its storage holds up no other; nothing under it
// waits on a network (clients are sent messages through their outboxes).
type host struct {
	server *Server
	record BattleRecord
	board  *board.Board // the battle's map, read only

	mu    sync.Mutex
	ump   *umpire.Umpire
	seats map[maps.Side]*seat
	// logs are each side's part of the log so far; lastView each side's
	// view as its clients were last sent it.
	logs     map[maps.Side][]remote.LogEntry
	lastView map[maps.Side][]byte
	clients  map[*client]bool
	// stopped is why the battle stopped (stop), nil while it plays.
	stopped error
	// count is the battle's order count as of its last order given or
	// caught up, read without mu by a notice of an order stored (notified).
	count atomic.Int64
}

// seat is one side of a battle and who plays it: a person, known by the
// hash of its token, or a computer player the server runs.
type seat struct {
	host      *host
	side      maps.Side
	tokenHash []byte
	computer  *umpire.Seat
	// sent is how many lines of the side's log a connection of the seat
	// was last sent (its welcome or an update), so that the next welcome
	// tells what came since (awayLines); -1 while none has been since the
	// battle was hosted here.
	sent int
}

// computerLevel is the level a player named "opponent" plays at.
const computerLevel = "normal"

// checkPlayer checks the name of a side's player (remote.CreateRequest).
func checkPlayer(name string) error {
	if name == remote.Person {
		return nil
	}
	_, err := levelOf(name)
	return err
}

// levelOf is the level of the computer player name names: "opponent" or
// "opponent:LEVEL".
func levelOf(name string) (string, error) {
	if name == "opponent" {
		return computerLevel, nil
	}
	level, ok := strings.CutPrefix(name, "opponent:")
	if !ok {
		return "", fmt.Errorf("player %s is not %q, \"opponent\" or \"opponent:LEVEL\"", fileio.Quote(name), remote.Person)
	}
	if _, err := ai.ParseLevel(level); err != nil {
		return "", err
	}
	return level, nil
}

// newComputer makes the computer opponent for the side whose view v is.
func newComputer(v *battle.View, seed uint64, level string) (umpire.Player, error) {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return nil, err
	}
	return ai.NewOpponentLevel(v, seed, l)
}

// newHost hosts battle b of record r, seating its computer players and
// reading each side's part of the log of the orders b has taken.
func newHost(s *Server, r BattleRecord, b *battle.Battle) (*host, error) {
	u, err := umpire.New(b)
	if err != nil {
		return nil, err
	}
	h := &host{server: s, record: r, board: b.Board(), ump: u, seats: map[maps.Side]*seat{},
		logs: map[maps.Side][]remote.LogEntry{}, lastView: map[maps.Side][]byte{}, clients: map[*client]bool{}}
	for _, sr := range r.Seats {
		st := &seat{host: h, side: sr.Side, tokenHash: sr.TokenHash, sent: -1}
		if sr.Player != remote.Person {
			level, err := levelOf(sr.Player)
			if err != nil {
				return nil, fmt.Errorf("the %s seat: %w", sr.Side.Adjective(), err)
			}
			if st.computer, err = u.NewSeat(sr.Side, newComputer, level); err != nil {
				return nil, fmt.Errorf("the %s seat: %w", sr.Side.Adjective(), err)
			}
		}
		h.seats[sr.Side] = st
	}
	err = u.History(func(step umpire.Step) error {
		h.addToLogs(step.Events)
		return nil
	})
	if err != nil {
		return nil, err
	}
	h.count.Store(int64(u.OrderCount()))
	return h, nil
}

// addToLogs adds events to the logs of the sides that saw them, and
// returns each side's new lines.
func (h *host) addToLogs(events []battle.Event) map[maps.Side][]remote.LogEntry {
	lines := map[maps.Side][]remote.LogEntry{}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		for _, e := range events {
			if e.SeenBy(side) {
				lines[side] = append(lines[side], remote.LogEntry{Text: e.Text})
			}
		}
		h.logs[side] = append(h.logs[side], lines[side]...)
	}
	return lines
}

// viewWire is side's view now in the form it travels in (View.Encode).
func (h *host) viewWire(side maps.Side) []byte {
	data, err := h.ump.View(side).Encode()
	if err != nil {
		panic("server: a view's wire form: " + err.Error()) // plain data: cannot fail
	}
	return data
}

// join welcomes client c to its side's seat: from then on it is sent
// every update of its side. The welcome's Away are the side's log lines
// after the first logSeen (the client's hello), or without it after
// those the seat was last sent. A seat may be connected from several
// devices at once, up to the server's MaxConnsPerSeat; a battle stopped
// (stop) welcomes no one. The refusal is returned. h.mu must not be held.
func (h *host) join(c *client, logSeen *int) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped != nil {
		return h.stopped
	}
	open := 0
	for other := range h.clients {
		if other.side == c.side {
			open++
		}
	}
	if limit := h.server.opts.MaxConnsPerSeat; open >= limit {
		return fmt.Errorf("the %s seat has %d connections open already, as many as a seat may: close one first", c.side.Adjective(), limit)
	}
	// Another server process sharing the store may have given the battle
	// orders since this one last looked; should its computer player act
	// now (its process gone before it played), it plays here.
	if err := h.catchUp(); err != nil {
		return err
	}
	if st := h.seats[h.ump.Acting()]; st != nil && st.computer != nil {
		h.server.work.Go(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.playComputers()
		})
	}
	view := h.viewWire(c.side)
	h.lastView[c.side] = view
	h.clients[c] = true
	log, st := h.logs[c.side], h.seats[c.side]
	seen := st.sent
	if logSeen != nil {
		seen = *logSeen
	}
	away, leftOut := awayLines(log, seen)
	st.sent = len(log)
	c.send(encode(remote.Welcome{Type: remote.TypeWelcome, Battle: h.record.ID, Side: c.side, Scenario: h.record.Scenario,
		SeatSeed: umpire.SeatSeed(h.record.Seed, c.side), View: view, Log: log, Away: away, AwayLeftOut: leftOut}))
	return nil
}

// awayLines are the lines of a side's log after its first seen, the
// latest of them that fit remote.MaxAwayLines and remote.MaxAwayBytes of
// text, and how many before those the bounds left out. A seen below 0
// (unknown), or as many lines as the log has or more (a client that holds
// more, of a battle rebuilt from an older store), gives none.
func awayLines(log []remote.LogEntry, seen int) (lines []remote.LogEntry, leftOut int) {
	if seen < 0 || seen >= len(log) {
		return nil, 0
	}
	first, size := len(log), 0
	for first > seen && len(log)-first < remote.MaxAwayLines && size+len(log[first-1].Text) <= remote.MaxAwayBytes {
		first--
		size += len(log[first].Text)
	}
	return log[first:], first - seen
}

// stop stops the battle for err, a fault of the server's own (an order
// it can neither store nor take back): every client of it is
// disconnected with the reason, and from then on it takes no order and
// welcomes no one, until the server is restarted and rebuilds it from
// its store. h.mu is held.
func (h *host) stop(err error) {
	h.stopped = fmt.Errorf("battle %d is stopped: %w", h.record.ID, err)
	h.server.opts.Logf("hexfire-server: %v", h.stopped)
	for c := range h.clients {
		c.send(encode(remote.ErrorMessage{Type: remote.TypeError, Reason: h.stopped.Error()}))
		c.closeWith(websocket.StatusInternalError, closeReason(h.stopped.Error()))
	}
	clear(h.clients)
}

// leave stops sending to client c.
func (h *host) leave(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, c)
}

// order gives the order record r of client c's side, answers c (the
// client's id for it echoed), sends each side what it now knows and
// lets the computer play when its side acts next.
func (h *host) order(c *client, r battle.OrderRecord, id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	refuse := func(err error) {
		c.send(encode(remote.Answer{Type: remote.TypeRefused, ID: id, Reason: err.Error()}))
	}
	// A refusal the battle's state decides (out of turn, refused by the
	// engine) is checked again once the battle has caught up with the
	// orders other server processes may have stored: only a battle
	// known to be current refuses.
	current := false
	stale := func() bool {
		if current {
			return false
		}
		current = true
		n := h.ump.OrderCount()
		if cerr := h.catchUp(); cerr != nil {
			return false
		}
		return h.ump.OrderCount() != n
	}
	for tries := 1; ; tries++ {
		if h.stopped != nil {
			refuse(h.stopped)
			return
		}
		var err error
		switch acting := h.ump.Acting(); {
		case acting == "":
			err = errors.New("the battle is over: no more orders")
		case acting != c.side:
			err = fmt.Errorf("the %s act now, not the %s: wait for their orders", acting.Title(), c.side.Title())
		case h.server.closing.Load():
			refuse(errors.New("the server is shutting down: give the order again once it is back"))
			return
		}
		var events []battle.Event
		if err == nil {
			var o battle.Order
			if o, err = battle.OrderOf(r, h.board); err != nil {
				err = fmt.Errorf("order %s: %w", fileio.Quote(r.Order), err)
			} else {
				events, err = h.commit(o, "")
			}
		}
		if errors.Is(err, errBehind) && tries < maxCatchUps {
			current = true
			continue // caught up: checked again on the battle as it now stands
		}
		if err != nil && !errors.Is(err, errNotStored) && !errors.Is(err, errBehind) && stale() {
			continue
		}
		if err != nil {
			refuse(err)
			return
		}
		c.send(encode(remote.Answer{Type: remote.TypeAccepted, ID: id}))
		h.publish(events, c.side)
		h.playComputers()
		return
	}
}

// maxCatchUps is how many times an order is tried on a battle that
// another process moved on meanwhile before it is refused: our choice;
// each time another process stored an order first, so the battle moves.
const maxCatchUps = 5

// errBehind says that another server process sharing the store gave the
// battle its next order first (ErrOrderExists): the battle has caught
// up since (commit), and the order is to be checked again.
var errBehind = errors.New("another server process gave the battle an order first")

// catchUp gives the battle the stored orders it has not had, given by
// another server process sharing the store, and sends each side what
// they told it. An order stored that the battle refuses, or that leads
// elsewhere than its stored digest, stops the battle. A store that
// cannot be read is an error, the battle left as it was. h.mu is held.
func (h *host) catchUp() error {
	if h.stopped != nil {
		return h.stopped
	}
	rows, err := h.server.store.Orders(h.server.ctx, h.record.ID, h.ump.OrderCount())
	if err != nil {
		return fmt.Errorf("the server could not read the battle's orders: try again (%w)", err)
	}
	for _, row := range rows {
		n := h.ump.OrderCount() + 1
		if row.Number != n {
			h.stop(fmt.Errorf("the store holds order %d where order %d was due", row.Number, n))
			return h.stopped
		}
		by := h.ump.Acting()
		o, err := battle.OrderOf(row.Record, h.board)
		var events []battle.Event
		if err == nil {
			events, err = h.ump.Apply(o, row.Reason)
		}
		if err == nil && h.ump.Digest() != row.Digest {
			err = fmt.Errorf("digest %.12s…, stored %.12s…", h.ump.Digest(), row.Digest)
		}
		if err != nil {
			h.stop(fmt.Errorf("stored order %d does not replay: %w", n, err))
			return h.stopped
		}
		h.count.Store(int64(n))
		h.publish(events, by)
	}
	return nil
}

// notified is told that the store holds order number of the battle
// (number 0: some order, perhaps): one given by another process reaches
// this process's clients of the battle. A battle without clients here
// catches up when a client joins or when it is given an order.
func (h *host) notified(number int) {
	if number > 0 && int64(number) <= h.count.Load() {
		return // this process's own order, or one it has
	}
	h.server.work.Go(func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.stopped != nil || len(h.clients) == 0 {
			return
		}
		if err := h.catchUp(); err != nil {
			h.server.opts.Logf("hexfire-server: battle %d: %v", h.record.ID, err)
		}
	})
}

// commit applies order o (with the computer's reason why) and stores it
// with the digest it leads to. An order the engine refuses is not
// stored; one the store fails to keep is taken back (the battle rebuilt
// without it), so that the battle never runs ahead of what is stored.
// h.mu is held.
func (h *host) commit(o battle.Order, why string) ([]battle.Event, error) {
	events, err := h.ump.Apply(o, why)
	if err != nil {
		return nil, err
	}
	n := h.ump.OrderCount()
	row := OrderRow{Number: n, Record: battle.RecordOf(o, h.board), Reason: why, Digest: h.ump.Digest()}
	if err := h.server.store.AppendOrder(h.server.ctx, h.record.ID, row); err != nil {
		behind := errors.Is(err, ErrOrderExists)
		if !behind {
			h.server.opts.Logf("hexfire-server: battle %d: %v", h.record.ID, err)
		}
		back, rerr := h.ump.Rewound(n - 1)
		if rerr != nil {
			h.stop(fmt.Errorf("order %d could not be stored (%v) nor taken back: %w", n, err, rerr))
			return nil, h.stopped
		}
		h.ump = back
		if behind {
			if err := h.catchUp(); err != nil {
				return nil, err
			}
			return nil, errBehind
		}
		return nil, fmt.Errorf("%w: give it again (%w)", errNotStored, err)
	}
	h.count.Store(int64(n))
	return events, nil
}

// publish adds the events of an order the side by gave to the logs and
// sends its update to that side and to each other side whose view or log
// changed. The side that gave the order is always sent one, so that its
// clients know that what follows the order's acceptance is its update,
// and it tells the side nothing it did not know. h.mu is held.
func (h *host) publish(events []battle.Event, by maps.Side) {
	lines := h.addToLogs(events)
	for side, st := range h.seats {
		if st.computer != nil {
			continue
		}
		var clients []*client
		for c := range h.clients {
			if c.side == side {
				clients = append(clients, c)
			}
		}
		if len(clients) == 0 {
			delete(h.lastView, side)
			continue
		}
		st.sent = len(h.logs[side])
		// An order the side saw nothing of, leaving its view as it was,
		// is not told: even that an order came would tell the side that
		// the enemy is at work where it cannot see.
		view := h.viewWire(side)
		if side != by && bytes.Equal(view, h.lastView[side]) && len(lines[side]) == 0 {
			continue
		}
		h.lastView[side] = view
		msg := encodeUpdate(view, lines[side])
		for _, c := range clients {
			c.send(msg)
		}
	}
}

// errNotStored says that an order was not given because the store failed
// to keep it (commit).
var errNotStored = errors.New("the server could not store the order, so it was not given")

// computerRetry is how long a computer player whose order the store
// failed to keep waits before it decides again: our choice, a store's
// passing trouble (a full disk being freed) over in seconds.
const computerRetry = time.Second

// playComputers has the computer players give their orders while their
// side acts, each stored before it is sent. A computer's order that the
// engine refuses stops them (logged): the battle waits. One the store
// failed to keep is decided again after computerRetry, until the server
// closes, so that a battle whose other side is a person waiting for the
// computer does not wait for a restart. h.mu is held.
func (h *host) playComputers() {
	for !h.server.closing.Load() && h.stopped == nil {
		st := h.seats[h.ump.Acting()]
		if st == nil || st.computer == nil {
			return
		}
		o, why, err := h.ump.Ask(st.computer)
		if err == nil {
			var events []battle.Event
			if events, err = h.commit(o, why); err == nil || errors.Is(err, errBehind) {
				if err == nil {
					h.publish(events, st.side)
				}
				continue // after errBehind: caught up, whoever acts now
			}
		}
		if errors.Is(err, errNotStored) {
			h.server.opts.Logf("hexfire-server: battle %d: the %s computer player tries again in %v: %v", h.record.ID, st.side.Adjective(), computerRetry, err)
			h.server.work.Go(func() {
				select {
				case <-time.After(computerRetry):
				case <-h.server.ctx.Done():
					return
				}
				h.mu.Lock()
				defer h.mu.Unlock()
				h.playComputers()
			})
			return
		}
		h.server.opts.Logf("hexfire-server: battle %d: the %s computer player stops: %v", h.record.ID, st.side.Adjective(), err)
		return
	}
}

// save is what GET /save answers the seat of side: once the battle is
// over its whole save (remote.SaveKindBattle), before only the side's own view
// (remote.SaveKindView).
func (h *host) save(side maps.Side) (kind string, data []byte, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.catchUp(); err != nil {
		return "", nil, err
	}
	if b, over := h.ump.Revealed(); over {
		data, err = json.MarshalIndent(b.Save(), "", "  ")
		return remote.SaveKindBattle, data, err
	}
	data, err = json.Marshal(h.ump.View(side))
	return remote.SaveKindView, data, err
}
