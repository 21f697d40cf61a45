package remote

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// A client's limits and patience: our own choices.
const (
	// ReadLimit bounds a message from the server: a welcome holds a view
	// (at most battle.MaxViewBytes) and the side's whole log.
	ReadLimit = 2 * battle.MaxViewBytes
	// DialTimeout bounds a connection's opening and its hello;
	// WriteTimeout an order's sending.
	DialTimeout  = 10 * time.Second
	WriteTimeout = 10 * time.Second
	// HTTPTimeout bounds each HTTP exchange with a server, long enough
	// for a save of thousands of orders on a slow link.
	HTTPTimeout = 60 * time.Second
	// MaxAnswerBytes is the most of an HTTP answer a client reads: a save
	// of the longest battle is far below it.
	MaxAnswerBytes = 64 << 20
)

// URLs checks a server's address, ws:// or wss:// and a host, and returns
// it with no trailing slash and the http:// or https:// URL of the same
// server.
func URLs(raw string) (ws, web string, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", fmt.Errorf("--server %s: %w", fileio.Quote(raw), err)
	}
	if u.Host == "" || (u.Scheme != "ws" && u.Scheme != "wss") {
		return "", "", fmt.Errorf("--server %s: want ws://HOST:PORT or wss://HOST:PORT", fileio.Quote(raw))
	}
	ws = strings.TrimSuffix(u.String(), "/")
	return ws, "http" + strings.TrimPrefix(ws, "ws"), nil
}

// answerError is a server's refusal of an HTTP request: its status line
// and the reason it gave ({"error": ...}), or its body when it gave none.
func answerError(status string, body []byte) error {
	var refusal struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(body, &refusal) == nil && refusal.Error != "" {
		return fmt.Errorf("the server answered %s: %s", status, refusal.Error)
	}
	return fmt.Errorf("the server answered %s: %s", status, fileio.Quote(string(bytes.TrimSpace(body))))
}

// statusTryAgainLater is the WebSocket close status of a seat refused for
// now (RFC 6455's 1013).
const statusTryAgainLater = 1013

// EncodeFiles is an upload's files in the form a CreateRequest carries
// them: base64, by name.
func EncodeFiles(files map[string][]byte) map[string]string {
	out := make(map[string]string, len(files))
	for name, data := range files {
		out[name] = base64.StdEncoding.EncodeToString(data)
	}
	return out
}

// Create creates a battle on the server at address server (ws:// or
// wss://) with POST /battles and returns the server's answer: the
// battle's id and its person seats' tokens.
func Create(ctx context.Context, server string, req CreateRequest) (Created, error) {
	_, web, err := URLs(server)
	if err != nil {
		return Created{}, err
	}
	data, err := json.Marshal(req)
	if err != nil {
		return Created{}, err
	}
	answer, err := httpDo(ctx, "POST", web+"/battles", "", data)
	if err != nil {
		return Created{}, err
	}
	var c Created
	if err := json.Unmarshal(answer, &c); err != nil {
		return Created{}, fmt.Errorf("the server's answer is not a battle's creation: %w", err)
	}
	return c, nil
}

// FetchError is a GET /scenario that failed on the way (the server down,
// or refusing for now): worth trying again with the next connection.
type FetchError struct{ Err error }

func (e FetchError) Error() string { return e.Err.Error() }
func (e FetchError) Unwrap() error { return e.Err }

// OpenScenario opens the scenario a welcome names: one of the program's
// (battle.EmbeddedPrefix and a path), or an uploaded one, whose files it
// fetches with GET /scenario and the seat's token and loads with the
// loader and limits the server used (maps.LoadFiles): what a server
// sends is checked as any file is. It opens no other file a server names.
func OpenScenario(ctx context.Context, server, token, source string, cat *units.Catalogue) (*maps.Scenario, error) {
	switch {
	case strings.HasPrefix(source, battle.EmbeddedPrefix):
		return battle.OpenScenario(source, cat)
	case !strings.HasPrefix(source, UploadPrefix):
		return nil, fmt.Errorf("the battle's scenario %s is neither one of the program's (%s and a path) nor uploaded (%s and a name): a client opens no file a server names", fileio.Quote(source), battle.EmbeddedPrefix, UploadPrefix)
	}
	_, web, err := URLs(server)
	if err != nil {
		return nil, err
	}
	body, err := httpDo(ctx, "GET", web+"/scenario", token, nil)
	if err != nil {
		return nil, FetchError{fmt.Errorf("GET /scenario: %w", err)}
	}
	var answer ScenarioAnswer
	if err := json.Unmarshal(body, &answer); err != nil {
		return nil, fmt.Errorf("GET /scenario: not its answer: %w", err)
	}
	if answer.Scenario != source {
		return nil, fmt.Errorf("GET /scenario: the scenario %s, where the welcome named %s", fileio.Quote(answer.Scenario), fileio.Quote(source))
	}
	return maps.LoadFiles(answer.Files, strings.TrimPrefix(source, UploadPrefix), cat)
}

// Conn is one WebSocket connection of a seat, its hello sent.
type Conn struct{ ws *wsConn }

// Dial opens the seat's connection to server (ws:// or wss://) and sends
// its hello with token; the welcome, or the error refusing the seat, is
// the first message Read returns. No message over ReadLimit is read. On
// the desktop the connection is pinged every PingEvery and closed when a
// ping goes unanswered, so that a dead one ends Read; in a browser, which
// sends no pings, a dead one ends when the browser sees it so.
func Dial(ctx context.Context, server, token string) (*Conn, error) {
	return dial(ctx, server, ClientMessage{Type: TypeHello, Token: token})
}

// DialAfter is Dial for a client that holds the first logSeen lines of
// its side's log already (those of its last welcome and the updates
// after it): the welcome's Away has the lines after them, what the side
// saw while the client was away.
func DialAfter(ctx context.Context, server, token string, logSeen int) (*Conn, error) {
	return dial(ctx, server, ClientMessage{Type: TypeHello, Token: token, LogSeen: &logSeen})
}

// dial opens a seat's connection with hello (Dial).
func dial(ctx context.Context, server string, hello ClientMessage) (*Conn, error) {
	ws, _, err := URLs(server)
	if err != nil {
		return nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, DialTimeout)
	defer cancel()
	conn, err := dialWS(dctx, ws+"/play")
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", ws, err)
	}
	msg, err := json.Marshal(hello)
	if err != nil {
		conn.close()
		return nil, err
	}
	if err := conn.write(dctx, msg); err != nil {
		conn.close()
		return nil, fmt.Errorf("sending the hello: %w", err)
	}
	return &Conn{ws: conn}, nil
}

// Read waits for the server's next message and returns it with its bytes
// as they came.
func (c *Conn) Read(ctx context.Context) (ServerMessage, []byte, error) {
	data, err := c.ws.read(ctx)
	if err != nil {
		return ServerMessage{}, nil, err
	}
	var m ServerMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return m, data, fmt.Errorf("a message from the server that is not JSON: %w", err)
	}
	return m, data, nil
}

// Retry reports whether the server's error that refused the seat before
// its welcome leaves it worth trying later: it reads the close that
// follows, 1013 (the seat has as many connections as it may, one perhaps
// the client's own, not yet seen closed) saying so.
func (c *Conn) Retry(ctx context.Context) bool {
	_, err := c.ws.read(ctx)
	return closeStatus(err) == statusTryAgainLater
}

// SendOrder sends order record as the client's order id, whose answer
// (accepted or refused) Read returns later.
func (c *Conn) SendOrder(ctx context.Context, id string, record battle.OrderRecord) error {
	msg, err := json.Marshal(ClientMessage{Type: TypeOrder, ID: id, Order: &record})
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, WriteTimeout)
	defer cancel()
	if err := c.ws.write(wctx, msg); err != nil {
		return fmt.Errorf("sending order %s: %w", id, err)
	}
	return nil
}

// Close ends the connection at once.
func (c *Conn) Close() { c.ws.close() }

// The wait before a reconnection doubles from FirstBackoff up to
// MaxBackoff.
const (
	FirstBackoff = 250 * time.Millisecond
	MaxBackoff   = 10 * time.Second
)

// Backoff is the wait before each next connection after a lost one: it
// doubles from FirstBackoff to MaxBackoff, and Since tells how long the
// seat has been without one. Its zero value is ready.
type Backoff struct {
	next      time.Duration
	downSince time.Time
}

// Connected starts the waits again: a connection got as far as its
// welcome.
func (b *Backoff) Connected() { *b = Backoff{} }

// Next is the wait before the next try, the one after it doubled.
func (b *Backoff) Next() time.Duration {
	if b.downSince.IsZero() {
		b.downSince = time.Now()
	}
	if b.next == 0 {
		b.next = FirstBackoff
	}
	wait := b.next
	b.next = min(2*b.next, MaxBackoff)
	return wait
}

// Down is how long since the first try of the current run of them.
func (b *Backoff) Down() time.Duration {
	if b.downSince.IsZero() {
		return 0
	}
	return time.Since(b.downSince)
}
