// Package loopback serves a hexfire-server for a test: the client side's
// tests (package remote, the game, hexfire-cli) play against a real one.
package loopback

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/server"
)

// Serve serves a server of a new SQLite database with options o on
// loopback until the test ends, and returns its ws:// URL and its HTTP
// server (whose connections a test may cut). o.Logf, when nil, is the
// test's log; o.Catalogue must be set, as server.New requires one.
func Serve(t testing.TB, o server.Options) (string, *httptest.Server) {
	t.Helper()
	store, err := server.OpenSQLite(filepath.Join(t.TempDir(), "hexfire.db"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Logf == nil {
		o.Logf = t.Logf
	}
	srv, err := server.New(store, o)
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	web := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { web.Close(); srv.Close(); store.Close() })
	return "ws" + strings.TrimPrefix(web.URL, "http"), web
}
