//go:build !js

package remote

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// PingEvery and PingTimeout: a server that does not answer a ping in time
// is taken for gone (a connection dead without a close would otherwise be
// read from forever). A browser sends no pings of its own: the page
// cannot, and it answers the server's by itself.
const (
	PingEvery   = 30 * time.Second
	PingTimeout = 15 * time.Second
)

// wsConn is a seat's WebSocket, by coder/websocket.
type wsConn struct {
	ws   *websocket.Conn
	stop context.CancelFunc
}

// dialWS opens a WebSocket to url, asking for per-message compression,
// each message deflated alone (the server's default), reads no message
// over ReadLimit and pings the server every PingEvery until closed.
func dialWS(ctx context.Context, url string) (*wsConn, error) {
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(ReadLimit)
	pctx, stop := context.WithCancel(context.Background())
	c := &wsConn{ws: conn, stop: stop}
	go c.ping(pctx)
	return c, nil
}

// write sends data as a text message.
func (c *wsConn) write(ctx context.Context, data []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, data)
}

// read waits for the next message.
func (c *wsConn) read(ctx context.Context) ([]byte, error) {
	_, data, err := c.ws.Read(ctx)
	return data, err
}

// close ends the connection at once.
func (c *wsConn) close() {
	c.stop()
	c.ws.CloseNow()
}

// closeStatus is the status of the server's close that ended a read with
// err, or -1 when the read ended otherwise.
func closeStatus(err error) int { return int(websocket.CloseStatus(err)) }

// ping pings the server every PingEvery until the connection is closed,
// and closes it when a ping goes unanswered.
func (c *wsConn) ping(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(PingEvery):
		}
		pctx, cancel := context.WithTimeout(ctx, PingTimeout)
		err := c.ws.Ping(pctx)
		cancel()
		if err != nil && ctx.Err() == nil {
			c.ws.CloseNow()
			return
		}
	}
}

// httpDo sends a request to url with Exchange and returns its answer's
// body: body, when not nil, is sent as JSON, and token, when not empty,
// as the bearer of the request.
func httpDo(ctx context.Context, method, url, token string, body []byte) ([]byte, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	_, answer, err := Exchange(req)
	return answer, err
}

// AnswerError is a server's refusal of an HTTP request: its status and
// the reason it gave ({"error": ...}), or its body when it gave none.
func AnswerError(resp *http.Response, body []byte) error {
	return answerError(resp.Status, body)
}

// Exchange sends req and reads its answer's body, at most MaxAnswerBytes
// of it, within HTTPTimeout; an answer other than 200 is an error with
// the server's reason.
func Exchange(req *http.Request) (*http.Response, []byte, error) {
	client := &http.Client{Timeout: HTTPTimeout}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading the server's answer: %w", err)
	}
	if len(body) > MaxAnswerBytes {
		return nil, nil, fmt.Errorf("the server's answer is over %d bytes", MaxAnswerBytes)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, nil, AnswerError(resp, body)
	}
	return resp, body, nil
}
