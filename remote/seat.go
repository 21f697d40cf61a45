package remote

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/units"
)

// State is where a Seat's connection stands.
type State int

// The states of a seat's connection.
const (
	// Connecting: the first connection is being opened, no view yet.
	Connecting State = iota
	// Connected: welcomed; the view is the server's latest.
	Connected
	// Lost: the connection ended; the seat tries again by itself, with
	// backoff, and its view is the last it was sent.
	Lost
	// Refused: the server refused the seat (its token) or sent what the
	// seat cannot play from; it tries no more.
	Refused
)

// String names the state.
func (s State) String() string {
	return [...]string{"connecting", "connected", "connection lost", "refused"}[s]
}

// ErrNotConnected refuses an order given while the seat has no connection:
// nothing was sent, and the order may be given again once it has one.
var ErrNotConnected = errors.New("not connected to the server: the order was not sent (it reconnects by itself; give the order again then)")

// Seat plays one seat of a battle on a server for a program that must
// never wait on the network, such as the game's frame loop: it connects
// in the background, again after every lost connection, and keeps the
// side's latest view, its part of the log and the answers to its orders
// for the program to take when it looks. It only ever has its own side's
// view: the server sends nothing else.
type Seat struct {
	server, token string
	catalogue     *units.Catalogue
	cancel        context.CancelFunc
	done          chan struct{}
	outbox        chan ClientMessage

	mu       sync.Mutex
	state    State
	err      error // why the last connection ended, or why the seat was refused
	battleID int64
	side     maps.Side
	scenario *maps.Scenario
	view     *battle.View
	version  int        // bumped with every new view
	log      []LogEntry // the side's whole part of the log
	taken    int        // the lines of log TakeLog has returned
	// away and awayLeftOut are the last welcome's Away and AwayLeftOut,
	// until TakeAway takes them.
	away        []LogEntry
	awayLeftOut int
	answers     []Answer // not yet taken
	orders      int      // the ids given
	pending     map[string]bool
}

// Open starts playing the seat whose token is given on server (ws:// or
// wss://), in the background until Close.
func Open(server, token string, cat *units.Catalogue) *Seat {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Seat{server: server, token: token, catalogue: cat, cancel: cancel, done: make(chan struct{}),
		outbox: make(chan ClientMessage, 16), pending: map[string]bool{}}
	go s.run(ctx)
	return s
}

// Close ends the seat's connection and its retries.
func (s *Seat) Close() {
	s.cancel()
	<-s.done
}

// Status is what a Seat knows at one moment.
type Status struct {
	State State
	// Err is why the last connection ended (Lost) or the seat was refused.
	Err    error
	Battle int64
	Side   maps.Side
	// View is the side's latest view (nil before the first welcome);
	// Version changes with it.
	View    *battle.View
	Version int
	// Waiting counts the orders sent and not yet answered.
	Waiting int
}

// Status returns where the seat stands now.
func (s *Seat) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Status{State: s.state, Err: s.err, Battle: s.battleID, Side: s.side, View: s.view, Version: s.version, Waiting: len(s.pending)}
}

// TakeLog returns the side's log lines that came since the last call.
func (s *Seat) TakeLog() []LogEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := s.log[s.taken:]
	s.taken = len(s.log)
	return lines
}

// TakeAway returns what the side saw while the seat was away, as the
// latest welcome tells it (Welcome.Away: the lines after those the seat
// held, on its first connection after those the server last sent it)
// and how many earlier lines its bounds left out, once; nothing when no
// welcome brought any since the last call.
func (s *Seat) TakeAway() (lines []LogEntry, leftOut int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines, leftOut = s.away, s.awayLeftOut
	s.away, s.awayLeftOut = nil, 0
	return lines, leftOut
}

// TakeAnswers returns the answers to the seat's orders that came since
// the last call.
func (s *Seat) TakeAnswers() []Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.answers
	s.answers = nil
	return a
}

// Send sends order record for the side and returns its id, which its
// answer will carry. Without a connection it sends nothing and returns
// ErrNotConnected.
func (s *Seat) Send(record battle.OrderRecord) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != Connected {
		return "", ErrNotConnected
	}
	s.orders++
	id := strconv.Itoa(s.orders)
	select {
	case s.outbox <- ClientMessage{Type: TypeOrder, ID: id, Order: &record}:
		s.pending[id] = true
		return id, nil
	default:
		return "", errors.New("too many orders waiting to be sent: the order was not sent")
	}
}

// fatal is an end of a connection after which the seat tries no more.
type fatal struct{ error }

// run connects and reconnects until ctx ends or the seat is refused.
func (s *Seat) run(ctx context.Context) {
	defer close(s.done)
	var backoff Backoff
	for {
		welcomed, err := s.session(ctx)
		if ctx.Err() != nil {
			return
		}
		s.mu.Lock()
		s.err = err
		// An order sent on the lost connection has no answer to wait
		// for: the next welcome's view shows whether it was taken.
		for id := range s.pending {
			s.answers = append(s.answers, Answer{Type: TypeRefused, ID: id, Reason: "the connection was lost before the server answered; the view shows whether the order was taken"})
		}
		clear(s.pending)
		if _, stop := errors.AsType[fatal](err); stop {
			s.state = Refused
			s.mu.Unlock()
			return
		}
		s.state = Lost
		if s.view == nil && !welcomed {
			s.state = Connecting
		}
		s.mu.Unlock()
		if welcomed {
			backoff.Connected()
		}
		select {
		case <-time.After(backoff.Next()):
		case <-ctx.Done():
			return
		}
	}
}

// session is one connection, until it ends.
func (s *Seat) session(ctx context.Context) (welcomed bool, err error) {
	s.mu.Lock()
	before, held := s.scenario != nil, len(s.log)
	s.mu.Unlock()
	var conn *Conn
	if before { // welcomed on an earlier connection: it holds held lines
		conn, err = DialAfter(ctx, s.server, s.token, held)
	} else {
		conn, err = Dial(ctx, s.server, s.token)
	}
	if err != nil {
		return false, err
	}
	defer conn.Close()
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	writeErr := make(chan error, 1)
	for {
		m, data, err := conn.Read(sctx)
		if data == nil && err != nil {
			select {
			case werr := <-writeErr:
				err = werr
			default:
			}
			return welcomed, fmt.Errorf("the connection to %s ended: %w", s.server, err)
		}
		if err != nil {
			return welcomed, err
		}
		switch m.Type {
		case TypeWelcome:
			if err := s.welcome(ctx, m); err != nil {
				if _, again := errors.AsType[FetchError](err); again {
					return welcomed, err
				}
				return welcomed, fatal{err}
			}
			if !welcomed {
				welcomed = true
				go s.write(sctx, conn, writeErr)
			}
		case TypeUpdate:
			if !welcomed {
				return welcomed, errors.New("an update before the welcome")
			}
			if err := s.update(m); err != nil {
				return welcomed, fatal{err}
			}
		case TypeAccepted, TypeRefused:
			s.mu.Lock()
			delete(s.pending, m.ID)
			s.answers = append(s.answers, Answer{Type: m.Type, ID: m.ID, Reason: m.Reason})
			s.mu.Unlock()
		case TypeError:
			if !welcomed && !conn.Retry(sctx) {
				return welcomed, fatal{errors.New("the server refused the seat: " + m.Reason)}
			}
			return welcomed, fmt.Errorf("the server closed the connection: %s", m.Reason)
		default:
			return welcomed, fmt.Errorf("a message of unknown type %q from the server", m.Type)
		}
	}
}

// write sends the seat's orders on conn until ctx ends or a write fails.
func (s *Seat) write(ctx context.Context, conn *Conn, failed chan<- error) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-s.outbox:
			if err := conn.SendOrder(ctx, m.ID, *m.Order); err != nil {
				failed <- err
				conn.Close()
				return
			}
		}
	}
}

// welcome takes a welcome: the seat's battle, side and scenario (the same
// on every connection), its view and its whole part of the log.
func (s *Seat) welcome(ctx context.Context, m ServerMessage) error {
	s.mu.Lock()
	sc := s.scenario
	s.mu.Unlock()
	if sc == nil {
		var err error
		if sc, err = OpenScenario(ctx, s.server, s.token, m.Scenario, s.catalogue); err != nil {
			return fmt.Errorf("the battle's scenario: %w", err)
		}
	}
	v, err := battle.DecodeView(sc, s.catalogue, m.View)
	if err != nil {
		return fmt.Errorf("the server's view does not decode: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.scenario != nil && (m.Battle != s.battleID || m.Side != s.side) {
		return fmt.Errorf("welcomed to the %s of battle %d, after the %s of battle %d", m.Side.Title(), m.Battle, s.side.Title(), s.battleID)
	}
	s.battleID, s.side, s.scenario = m.Battle, m.Side, sc
	s.view, s.log, s.state, s.err = v, m.Log, Connected, nil
	s.away, s.awayLeftOut = m.Away, m.AwayLeftOut
	s.taken = min(s.taken, len(s.log))
	s.version++
	return nil
}

// update takes an update: the side's view now and the lines it saw.
func (s *Seat) update(m ServerMessage) error {
	s.mu.Lock()
	sc := s.scenario
	s.mu.Unlock()
	v, err := battle.DecodeView(sc, s.catalogue, m.View)
	if err != nil {
		return fmt.Errorf("the server's view does not decode: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.view = v
	s.log = append(s.log, m.Log...)
	s.version++
	return nil
}
