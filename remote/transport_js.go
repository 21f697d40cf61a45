//go:build js

package remote

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"syscall/js"

	"hexfire/fileio"
)

// maxQueuedBytes bounds the messages a browser's WebSocket has delivered
// and the seat not yet read: the page cannot make the server wait, so a
// server sending faster than the seat reads loses its connection instead.
const maxQueuedBytes = 2 * ReadLimit

// wsConn is a seat's WebSocket, the browser's own. Its event handlers
// run on the page's event loop and never wait: they queue a message or
// the connection's end and wake the reader.
type wsConn struct {
	ws       js.Value
	handlers []js.Func
	opened   chan struct{} // closed by the open event
	wake     chan struct{} // one pending wake-up for the reader

	mu     sync.Mutex
	queue  [][]byte
	queued int   // the bytes in queue
	err    error // why the connection ended, once it has
}

// closeError is a connection ended by its close event.
type closeError struct {
	code   int
	reason string
}

func (e closeError) Error() string {
	if e.reason == "" {
		return fmt.Sprintf("the connection closed with status %d", e.code)
	}
	return fmt.Sprintf("the connection closed with status %d: %s", e.code, fileio.Quote(e.reason))
}

// dialWS opens a WebSocket to url and waits until it is open.
func dialWS(ctx context.Context, url string) (*wsConn, error) {
	c := &wsConn{opened: make(chan struct{}), wake: make(chan struct{}, 1)}
	err := catch(func() { c.ws = js.Global().Get("WebSocket").New(url) })
	if err != nil {
		return nil, err
	}
	c.ws.Set("binaryType", "arraybuffer")
	c.on("open", func(js.Value) { close(c.opened) })
	c.on("message", func(e js.Value) { c.message(e.Get("data")) })
	c.on("close", func(e js.Value) {
		c.end(closeError{code: e.Get("code").Int(), reason: e.Get("reason").String()})
		for _, name := range []string{"onopen", "onmessage", "onclose"} {
			c.ws.Set(name, js.Null())
		}
		for _, f := range c.handlers {
			f.Release()
		}
	})
	select {
	case <-c.opened:
		return c, nil
	case <-c.wake:
		if err := c.ended(); err != nil {
			return nil, err
		}
		c.signal() // a message: the open event came before it
		return c, nil
	case <-ctx.Done():
		c.close()
		return nil, ctx.Err()
	}
}

// on sets the WebSocket's handler of event name to f.
func (c *wsConn) on(name string, f func(js.Value)) {
	h := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	})
	c.handlers = append(c.handlers, h)
	c.ws.Set("on"+name, h)
}

// message queues the data of a message event, text or binary, unless it
// is over ReadLimit or the queue would be over maxQueuedBytes: then the
// connection ends.
func (c *wsConn) message(data js.Value) {
	if data.Type() == js.TypeString {
		data = js.Global().Get("TextEncoder").New().Call("encode", data)
	} else {
		data = js.Global().Get("Uint8Array").New(data)
	}
	n := data.Length()
	c.mu.Lock()
	err := queueCheck(n, c.queued)
	if err == nil && c.err == nil {
		b := make([]byte, n)
		js.CopyBytesToGo(b, data)
		c.queue = append(c.queue, b)
		c.queued += n
	}
	c.mu.Unlock()
	if err != nil {
		c.end(err)
		c.ws.Call("close")
		return
	}
	c.signal()
}

// queueCheck refuses a message of n bytes from the server when it is
// over ReadLimit, or when queued bytes already wait to be read and the
// two are over maxQueuedBytes.
func queueCheck(n, queued int) error {
	if n > ReadLimit {
		return fmt.Errorf("a message of %d bytes from the server, over the limit of %d", n, ReadLimit)
	}
	if queued+n > maxQueuedBytes {
		return fmt.Errorf("the server sent %d bytes the client has not read yet, over the limit of %d", queued+n, maxQueuedBytes)
	}
	return nil
}

// end records why the connection ended, the first reason given, and
// wakes the reader.
func (c *wsConn) end(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.mu.Unlock()
	c.signal()
}

// ended is why the connection ended.
func (c *wsConn) ended() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// signal wakes the reader, or leaves it a wake-up pending.
func (c *wsConn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// write sends data as a text message. The browser queues it without
// waiting, so ctx bounds nothing.
func (c *wsConn) write(_ context.Context, data []byte) error {
	if err := c.ended(); err != nil {
		return err
	}
	return catch(func() { c.ws.Call("send", string(data)) })
}

// read returns the next message queued, or waits for one. A connection
// that ended returns the messages that came before its end, then why it
// ended.
func (c *wsConn) read(ctx context.Context) ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			b := c.queue[0]
			c.queue[0] = nil
			c.queue = c.queue[1:]
			c.queued -= len(b)
			c.mu.Unlock()
			return b, nil
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			return nil, err
		}
		select {
		case <-c.wake:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// close ends the connection at once: the reader is told so now, and the
// browser closes the WebSocket when it can.
func (c *wsConn) close() {
	c.end(errors.New("the connection was closed by the client"))
	c.ws.Call("close")
}

// closeStatus is the status of the close event that ended a read with
// err, or -1 when the read ended otherwise.
func closeStatus(err error) int {
	if ce, ok := errors.AsType[closeError](err); ok {
		return ce.code
	}
	return -1
}

// httpDo sends a request to url with the browser's fetch and returns its
// answer's body, at most MaxAnswerBytes of it, within HTTPTimeout; an
// answer other than 200 is an error with the server's reason. body, when
// not nil, is sent as JSON, and token, when not empty, as the bearer of
// the request.
func httpDo(ctx context.Context, method, url, token string, body []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, HTTPTimeout)
	defer cancel()
	abort := js.Global().Get("AbortController").New()
	defer context.AfterFunc(ctx, func() { abort.Call("abort") })()
	headers := map[string]any{}
	init := map[string]any{"method": method, "headers": headers, "signal": abort.Get("signal")}
	if body != nil {
		headers["Content-Type"] = "application/json"
		init["body"] = string(body)
	}
	if token != "" {
		headers["Authorization"] = "Bearer " + token
	}
	resp, err := await(ctx, js.Global().Call("fetch", url, init))
	if err != nil {
		return nil, err
	}
	var answer []byte
	if stream := resp.Get("body"); !stream.IsNull() {
		reader := stream.Call("getReader")
		for {
			chunk, err := await(ctx, reader.Call("read"))
			if err != nil {
				return nil, fmt.Errorf("reading the server's answer: %w", err)
			}
			if chunk.Get("done").Bool() {
				break
			}
			data := chunk.Get("value")
			n := data.Length()
			if len(answer)+n > MaxAnswerBytes {
				abort.Call("abort")
				return nil, fmt.Errorf("the server's answer is over %d bytes", MaxAnswerBytes)
			}
			old := len(answer)
			answer = slices.Grow(answer, n)[:old+n]
			js.CopyBytesToGo(answer[old:], data)
		}
	}
	if status := resp.Get("status").Int(); status != 200 {
		return nil, answerError(strings.TrimSpace(fmt.Sprintf("%d %s", status, resp.Get("statusText").String())), answer)
	}
	return answer, nil
}

// await waits for promise p to settle and returns its value or its
// rejection's reason, or ctx's error first if ctx ends.
func await(ctx context.Context, p js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	var resolve, reject js.Func
	settle := func(s settled) {
		done <- s
		resolve.Release()
		reject.Release()
	}
	resolve = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(settled{v: args[0]})
		return nil
	})
	reject = js.FuncOf(func(_ js.Value, args []js.Value) any {
		settle(settled{err: js.Error{Value: args[0]}})
		return nil
	})
	p.Call("then", resolve, reject)
	select {
	case s := <-done:
		return s.v, s.err
	case <-ctx.Done():
		return js.Undefined(), ctx.Err()
	}
}

// catch runs f and returns the JavaScript exception it threw, if any.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			jsErr, ok := r.(js.Error)
			if !ok {
				panic(r)
			}
			err = jsErr
		}
	}()
	f()
	return nil
}
