package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"hexfire/maps"
	"hexfire/remote"
)

// client is one connection of a seat.
type client struct {
	conn *websocket.Conn
	side maps.Side
	// outbox holds the messages the writer has still to send; closed
	// says the connection is being closed (closeWith), after which
	// nothing more is queued.
	outbox    chan []byte
	closeOnce sync.Once
	closed    chan struct{}
}

// send queues msg for the client. A client whose outbox is full is too
// slow to keep up: it is disconnected rather than let its battle wait.
func (c *client) send(msg []byte) {
	select {
	case <-c.closed:
	case c.outbox <- msg:
	default:
		c.closeWith(websocket.StatusPolicyViolation, "too slow: messages were waiting unread")
	}
}

// closeWith closes the connection with status and reason, once, without
// waiting for the client's answer.
func (c *client) closeWith(status websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		close(c.closed)
		go c.conn.Close(status, reason)
	})
}

// write sends the queued messages until the connection closes, each
// within the write timeout.
func (c *client) write(ctx context.Context, timeout time.Duration) {
	for {
		select {
		case <-c.closed:
			return
		case <-ctx.Done():
			return
		case msg := <-c.outbox:
			wctx, cancel := context.WithTimeout(ctx, timeout)
			err := c.conn.Write(wctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				c.closeWith(websocket.StatusPolicyViolation, "a message could not be sent in time")
				return
			}
		}
	}
}

// rateLimit is a token bucket: a connection may give perSecond orders a
// second on average, burst at once.
type rateLimit struct {
	perSecond float64
	burst     float64
	tokens    float64
	last      time.Time
}

// allow takes one order from the bucket at now, false when it is empty.
func (l *rateLimit) allow(now time.Time) bool {
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.perSecond)
	l.last = now
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}

// servePlay is a seat's WebSocket: a hello with the seat's token, then
// orders, until either side closes it.
func (s *Server) servePlay(w http.ResponseWriter, r *http.Request) {
	addr := addrOf(r)
	if !s.acquireAddr(addr) {
		http.Error(w, fmt.Sprintf("too many connections from %s (at most %d)", addr, s.opts.MaxConnsPerAddr), http.StatusTooManyRequests)
		return
	}
	defer s.releaseAddr(addr)
	if s.closing.Load() {
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	}
	s.work.Add(1)
	defer s.work.Done()
	// A page of one of Options.Origins is let in; any other origin is
	// checked by Accept, which refuses all but the server's own.
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: s.opts.Compression, InsecureSkipVerify: s.otherOrigin(r)})
	if err != nil {
		return // Accept has answered the request
	}
	defer conn.CloseNow()
	conn.SetReadLimit(s.opts.MaxMessageBytes)
	st, logSeen, err := s.hello(conn)
	if err != nil {
		s.refuse(conn, websocket.StatusPolicyViolation, err)
		return
	}
	c := &client{conn: conn, side: st.side, outbox: make(chan []byte, s.opts.Outbox), closed: make(chan struct{})}
	h := st.host
	if err := h.join(c, logSeen); err != nil {
		s.refuse(conn, websocket.StatusTryAgainLater, err)
		return
	}
	defer h.leave(c)
	writing := make(chan struct{})
	go func() {
		defer close(writing)
		c.write(s.ctx, s.opts.WriteTimeout)
	}()
	s.read(c, h)
	c.closeWith(websocket.StatusNormalClosure, "")
	<-writing
}

// hello reads the first message, which must present a seat's token,
// within the hello timeout, and returns the seat and the hello's
// LogSeen (nil when it has none).
func (s *Server) hello(conn *websocket.Conn) (*seat, *int, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.HelloTimeout)
	defer cancel()
	typ, data, err := conn.Read(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("no hello: %w", err)
	}
	if typ != websocket.MessageText {
		return nil, nil, errors.New("a binary frame: the protocol's messages are JSON text")
	}
	m, err := decodeClientMessage(data)
	if err != nil {
		return nil, nil, err
	}
	if m.Type != remote.TypeHello {
		return nil, nil, fmt.Errorf("a %s before the hello: present the seat's token first", m.Type)
	}
	st, err := s.seatOf(hashToken(m.Token))
	return st, m.LogSeen, err
}

// read takes client c's orders until the connection ends or breaks the
// protocol, which closes it with the reason.
func (s *Server) read(c *client, h *host) {
	limit := rateLimit{perSecond: s.opts.OrdersPerSecond, burst: float64(s.opts.OrderBurst), tokens: float64(s.opts.OrderBurst), last: time.Now()}
	for {
		typ, data, err := c.conn.Read(s.ctx)
		if err != nil {
			return // closed, too large a frame (closed with 1009), or the server closing
		}
		if typ != websocket.MessageText {
			s.refuse(c.conn, websocket.StatusUnsupportedData, errors.New("a binary frame: the protocol's messages are JSON text"))
			return
		}
		m, err := decodeClientMessage(data)
		if err != nil {
			s.refuse(c.conn, websocket.StatusInvalidFramePayloadData, err)
			return
		}
		if m.Type != remote.TypeOrder {
			s.refuse(c.conn, websocket.StatusPolicyViolation, fmt.Errorf("a second %s: the seat is known already", m.Type))
			return
		}
		if !limit.allow(time.Now()) {
			s.refuse(c.conn, websocket.StatusPolicyViolation, fmt.Errorf("more than %g orders a second", s.opts.OrdersPerSecond))
			return
		}
		h.order(c, *m.Order, m.ID)
	}
}

// refuse tells the client why it is disconnected, in an error message and
// in the close frame, and closes the connection.
func (s *Server) refuse(conn *websocket.Conn, status websocket.StatusCode, err error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.WriteTimeout)
	defer cancel()
	conn.Write(ctx, websocket.MessageText, encode(remote.ErrorMessage{Type: remote.TypeError, Reason: err.Error()}))
	conn.Close(status, closeReason(err.Error()))
}

// maxCloseReason is the longest reason a close frame carries (RFC 6455
// §5.5: 125 bytes of payload, two of them the status).
const maxCloseReason = 123

// closeReason is reason cut to fit a close frame, on a rune boundary.
func closeReason(reason string) string {
	if len(reason) <= maxCloseReason {
		return reason
	}
	cut := maxCloseReason
	for cut > 0 && reason[cut]&0xC0 == 0x80 {
		cut--
	}
	return reason[:cut]
}
