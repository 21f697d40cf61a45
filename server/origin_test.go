package server

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestOrigins: a page of an origin of Options.Origins may open a seat's
// WebSocket and read the HTTP answers (CORS, its preflight answered); a
// page of any other origin may not, nor any page but the server's own
// when there are none; an origin that is not one is refused by New.
func TestOrigins(t *testing.T) {
	store, err := OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, bad := range []string{"allowed.test", "ftp://allowed.test", "https://allowed.test/", "https://allowed.test/play", "https://", "https://u@allowed.test"} {
		if srv, err := New(store, testOptions(t, Options{Origins: []string{bad}})); err == nil {
			srv.Close()
			t.Errorf("New with the origin %q: no error", bad)
		}
	}

	const allowed, other = "http://allowed.test:8080", "https://other.test"
	open := startServer(t, filepath.Join(t.TempDir(), "open.db"), Options{Origins: []string{allowed}})
	closed := startServer(t, filepath.Join(t.TempDir(), "closed.db"), Options{})
	for _, c := range []struct {
		ts     *testServer
		origin string
		want   bool
	}{{open, allowed, true}, {open, strings.ToUpper(allowed), true}, {open, other, false}, {closed, allowed, false}} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.ts.http.URL, "http")+"/play",
			&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {c.origin}}})
		cancel()
		if err == nil {
			conn.CloseNow()
		}
		if (err == nil) != c.want {
			t.Errorf("a WebSocket from %s (origins %q): %v, want accepted %v", c.origin, c.ts.srv.opts.Origins, err, c.want)
		}

		pre, _ := http.NewRequest(http.MethodOptions, c.ts.http.URL+"/battles", nil)
		pre.Header.Set("Origin", c.origin)
		pre.Header.Set("Access-Control-Request-Method", "POST")
		pre.Header.Set("Access-Control-Request-Headers", "content-type")
		resp, err := http.DefaultClient.Do(pre)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		got := resp.Header.Get("Access-Control-Allow-Origin") == c.origin && strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Content-Type")
		if got != c.want || (c.want && resp.StatusCode != http.StatusNoContent) {
			t.Errorf("a preflight from %s (origins %q): %s %v, want allowed %v", c.origin, c.ts.srv.opts.Origins, resp.Status, resp.Header, c.want)
		}

		req, _ := http.NewRequest(http.MethodPost, c.ts.http.URL+"/battles", strings.NewReader(`{}`))
		req.Header.Set("Origin", c.origin)
		req.Header.Set("Content-Type", "application/json")
		resp, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("POST /battles from %s: %s", c.origin, resp.Status)
		}
		if got := resp.Header.Get("Access-Control-Allow-Origin") == c.origin; got != c.want {
			t.Errorf("POST /battles from %s (origins %q): Access-Control-Allow-Origin %q, want it %v", c.origin, c.ts.srv.opts.Origins, resp.Header.Get("Access-Control-Allow-Origin"), c.want)
		}
	}
}
