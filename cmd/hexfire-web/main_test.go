package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give -out DIR, -serve ADDRESS or both"},
		{[]string{"-from", "site"}, "-from goes with -serve alone"},
		{[]string{"-from", "site", "-out", "x", "-serve", ":0"}, "-from goes with -serve alone"},
		{[]string{"site"}, `unexpected arguments ["site"]`},
		{[]string{"-serve", "256.0.0.1:http", "-from", "."}, "-serve 256.0.0.1:http"},
	} {
		err := run(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run(%q) = %v, want an error saying %q", c.args, err, c.want)
		}
	}
}

// TestHandler serves the WebAssembly file with its type, which
// WebAssembly.instantiateStreaming needs, and everything uncached.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, wasmName), []byte("\x00asm"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeIndex(dir, 4); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, c := range []struct{ path, typ, body string }{
		{"/" + wasmName, "application/wasm", "\x00asm"},
		{"/", "text/html; charset=utf-8", "const wasmBytes = 4;"},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != c.typ || resp.Header.Get("Cache-Control") != "no-cache" ||
			!strings.Contains(string(body), c.body) {
			t.Errorf("GET %s: %s, type %q, cache %q, body has %q: %v", c.path, resp.Status, resp.Header.Get("Content-Type"),
				resp.Header.Get("Cache-Control"), c.body, strings.Contains(string(body), c.body))
		}
	}
}
