package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"
)

// This file drives Chromium through the DevTools protocol with the
// standard library alone: a websocket client of the few frames the
// protocol uses (RFC 6455: text frames, masked from the client) and JSON
// calls over it.

// browser is a headless Chromium and the websocket of one of its pages.
type browser struct {
	cmd     *exec.Cmd
	profile string
	page    *cdpConn
}

// devtoolsLine is the line Chromium prints on stderr once it listens.
var devtoolsLine = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// startBrowser starts Chromium headless with software GL (SwiftShader) at
// width×height and connects to its blank page.
func startBrowser(ctx context.Context, chromium string, width, height int) (*browser, error) {
	profile, err := os.MkdirTemp("", "hexfire-chromium-")
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, chromium,
		"--headless=new", "--no-sandbox", "--disable-gpu-sandbox", "--no-first-run", "--no-default-browser-check",
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-extensions", "--mute-audio",
		fmt.Sprintf("--window-size=%d,%d", width, height), "--force-device-scale-factor=1",
		"--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", "--user-data-dir="+profile,
		"about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	b := &browser{cmd: cmd, profile: profile}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() { // read to the end, or Chromium blocks on a full pipe
			if m := devtoolsLine.FindStringSubmatch(sc.Text()); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
	}()
	var wsURL string
	select {
	case wsURL = <-found:
	case <-time.After(20 * time.Second):
		b.close()
		return nil, errors.New("chromium printed no DevTools address within 20 s")
	}
	u, err := url.Parse(wsURL)
	if err != nil {
		b.close()
		return nil, err
	}
	pageURL, err := pageSocket(u.Host)
	if err != nil {
		b.close()
		return nil, err
	}
	if b.page, err = dialCDP(pageURL); err != nil {
		b.close()
		return nil, err
	}
	// A headless page that never had an input event runs no animation
	// frames, so a game that waits (the computer's pause) would not go on:
	// the page is brought to the front and told it has the focus, as a
	// page a player looks at. The window is the size asked for.
	for _, c := range []struct {
		method string
		params map[string]any
	}{
		{"Page.bringToFront", nil},
		{"Emulation.setFocusEmulationEnabled", map[string]any{"enabled": true}},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}},
	} {
		if err := b.page.call(10*time.Second, c.method, c.params, nil); err != nil {
			b.close()
			return nil, err
		}
	}
	return b, nil
}

// pageSocket asks the DevTools HTTP endpoint for the page's websocket.
func pageSocket(host string) (string, error) {
	resp, err := http.Get("http://" + host + "/json/list")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var targets []struct {
		Type string `json:"type"`
		WS   string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&targets); err != nil {
		return "", fmt.Errorf("/json/list: %w", err)
	}
	for _, t := range targets {
		if t.Type == "page" {
			return t.WS, nil
		}
	}
	return "", errors.New("/json/list: chromium has no page")
}

func (b *browser) close() {
	if b.page != nil {
		b.page.conn.Close()
	}
	if b.cmd.Process != nil {
		b.cmd.Process.Kill()
		b.cmd.Wait()
	}
	os.RemoveAll(b.profile)
}

// cdpConn is one DevTools websocket: calls with ids, and the events
// between their answers dropped.
type cdpConn struct {
	conn net.Conn
	r    *bufio.Reader
	mu   sync.Mutex
	next int
}

// dialCDP opens the websocket at wsURL (ws://host/path).
func dialCDP(wsURL string) (*cdpConn, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	var nonce [16]byte
	rand.Read(nonce[:])
	key := base64.StdEncoding.EncodeToString(nonce[:])
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, key)
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, &http.Request{Method: http.MethodGet})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("websocket handshake: %w", err)
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.StatusCode != http.StatusSwitchingProtocols || resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		conn.Close()
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	return &cdpConn{conn: conn, r: r}, nil
}

// writeText sends one masked text frame.
func (c *cdpConn) writeText(payload []byte) error {
	var head []byte
	head = append(head, 0x81) // FIN, text
	switch n := len(payload); {
	case n < 126:
		head = append(head, 0x80|byte(n))
	case n < 1<<16:
		head = append(head, 0x80|126, byte(n>>8), byte(n))
	default:
		head = append(head, 0x80|127)
		head = binary.BigEndian.AppendUint64(head, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	head = append(head, mask[:]...)
	masked := make([]byte, len(payload))
	for i, b := range payload {
		masked[i] = b ^ mask[i%4]
	}
	_, err := c.conn.Write(append(head, masked...))
	return err
}

// maxMessage bounds a message read from Chromium (a screenshot of the
// window in base64 is a few MB).
const maxMessage = 64 << 20

// readMessage reads one whole message, joining continuation frames and
// answering pings.
func (c *cdpConn) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var e [2]byte
			if _, err := io.ReadFull(c.r, e[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(e[:]))
		case 127:
			var e [8]byte
			if _, err := io.ReadFull(c.r, e[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(e[:])
		}
		if n > maxMessage || uint64(len(msg))+n > maxMessage {
			return nil, fmt.Errorf("websocket: a message of more than %d bytes", maxMessage)
		}
		if h[1]&0x80 != 0 {
			return nil, errors.New("websocket: a masked frame from the server")
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(c.r, payload); err != nil {
			return nil, err
		}
		switch op {
		case 0x8:
			return nil, errors.New("websocket: closed by chromium")
		case 0x9: // ping: the pong is not needed by Chromium; ignore
			continue
		case 0xa:
			continue
		}
		msg = append(msg, payload...)
		if fin {
			return msg, nil
		}
	}
}

// call sends a DevTools method with its parameters and decodes the
// result into out (nil: ignored), waiting at most timeout.
func (c *cdpConn) call(timeout time.Duration, method string, params any, out any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next++
	id := c.next
	if params == nil {
		params = struct{}{}
	}
	req, err := json.Marshal(struct {
		ID     int    `json:"id"`
		Method string `json:"method"`
		Params any    `json:"params"`
	}{id, method, params})
	if err != nil {
		return err
	}
	c.conn.SetDeadline(time.Now().Add(timeout))
	defer c.conn.SetDeadline(time.Time{})
	if err := c.writeText(req); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	for {
		data, err := c.readMessage()
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		var resp struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(data, &resp); err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if resp.ID != id {
			continue // an event, or the answer to an earlier call
		}
		if resp.Error != nil {
			return fmt.Errorf("%s: %s", method, resp.Error.Message)
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(resp.Result, out)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its
// value (returned by value) into out.
func (c *cdpConn) eval(expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := c.call(time.Minute, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return err
	}
	if res.Exception != nil {
		return fmt.Errorf("%s: %s", expr, res.Exception.Text)
	}
	if out == nil || len(res.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(res.Result.Value, out)
}

// frames waits for n animation frames of the page: the game reads its
// input once a frame, and a frame in software GL can take long, so each
// event lasts two frames to be seen.
func (c *cdpConn) frames(n int) error {
	expr := fmt.Sprintf(`new Promise(done => { let left = %d; const tick = () => --left > 0 ? requestAnimationFrame(tick) : done(true); requestAnimationFrame(tick); })`, n)
	return c.call(30*time.Second, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true}, nil)
}

// setFiles puts files (paths on this machine) into the page's file
// input with the given id, as if the player had picked them; Chromium then
// fires the input's change event.
func (c *cdpConn) setFiles(id string, files ...string) error {
	var res struct {
		Result struct {
			ObjectID string `json:"objectId"`
		} `json:"result"`
	}
	if err := c.call(time.Minute, "Runtime.evaluate", map[string]any{"expression": fmt.Sprintf("document.getElementById(%q)", id)}, &res); err != nil {
		return err
	}
	if res.Result.ObjectID == "" {
		return fmt.Errorf("the page has no element %q", id)
	}
	return c.call(10*time.Second, "DOM.setFileInputFiles", map[string]any{"files": files, "objectId": res.Result.ObjectID}, nil)
}

// screenshot captures the page as PNG bytes.
func (c *cdpConn) screenshot() ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := c.call(30*time.Second, "Page.captureScreenshot", map[string]any{"format": "png"}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

// click presses and releases the left button at x, y (CSS pixels).
func (c *cdpConn) click(x, y int) error {
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		p := map[string]any{"type": typ, "x": x, "y": y, "button": "left", "clickCount": 1}
		if typ == "mouseMoved" {
			p["button"] = "none"
		}
		if err := c.call(5*time.Second, "Input.dispatchMouseEvent", p, nil); err != nil {
			return err
		}
		if err := c.frames(2); err != nil {
			return err
		}
	}
	return nil
}

// keyCodes are the keys the test presses: the DOM code and the Windows
// virtual key code Chromium wants with it.
var keyCodes = map[string]int{"Backspace": 8, "Escape": 27, "F5": 116, "F9": 120, "F12": 123, "KeyC": 67, "KeyE": 69, "KeyL": 76, "KeyQ": 81, "KeyS": 83, "KeyY": 89, "Space": 32, "ShiftLeft": 16, "ControlLeft": 17}

// typeText types text, a key a character (its key alone, with no code:
// the game reads only the character), two frames each.
func (c *cdpConn) typeText(text string) error {
	for _, r := range text {
		for _, typ := range []string{"keyDown", "keyUp"} {
			if err := c.call(5*time.Second, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": string(r)}, nil); err != nil {
				return err
			}
			if err := c.frames(2); err != nil {
				return err
			}
		}
	}
	return nil
}

// modifierBits are the DevTools protocol's modifier flags of the
// modifier keys the test presses.
var modifierBits = map[string]int{"ControlLeft": 2, "ShiftLeft": 8}

// press presses a key, or a chord like "ShiftLeft+KeyS" (named by DOM
// codes): the keys go down in order and come up in the reverse order,
// all in one frame, and the game is given two frames to see them down,
// then two to see them up.
func (c *cdpConn) press(chord string) error {
	codes := strings.Split(chord, "+")
	modifiers := 0
	send := func(typ, code string) error {
		vk, ok := keyCodes[code]
		if !ok {
			return fmt.Errorf("press %s: no virtual key code for %s", chord, code)
		}
		key := strings.TrimPrefix(code, "Key")
		switch code {
		case "Space":
			key = " "
		case "ShiftLeft":
			key = "Shift"
		case "ControlLeft":
			key = "Control"
		}
		if modifiers&8 != 0 && len(key) == 1 {
			key = strings.ToUpper(key)
		}
		p := map[string]any{"type": typ, "code": code, "key": key, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk, "modifiers": modifiers}
		return c.call(5*time.Second, "Input.dispatchKeyEvent", p, nil)
	}
	for _, code := range codes {
		if err := send("rawKeyDown", code); err != nil {
			return err
		}
		modifiers |= modifierBits[code]
	}
	if err := c.frames(2); err != nil {
		return err
	}
	for i := len(codes) - 1; i >= 0; i-- {
		modifiers &^= modifierBits[codes[i]]
		if err := send("keyUp", codes[i]); err != nil {
			return err
		}
	}
	return c.frames(2)
}
