package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
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

// TestCompressedWasm: the WebAssembly file goes out in the best copy the
// browser accepts, brotli before gzip, each decoding to the file itself;
// raw to a browser that accepts neither, and from a site without the
// copies.
func TestCompressedWasm(t *testing.T) {
	dir := t.TempDir()
	raw := bytes.Repeat([]byte("\x00asm hexfire wasm "), 4000)
	if err := os.WriteFile(filepath.Join(dir, wasmName), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compressWasm(dir); err != nil {
		t.Fatal(err)
	}
	bare := t.TempDir() // a static host's copy: the raw file alone
	if err := os.WriteFile(filepath.Join(bare, wasmName), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	site, host := httptest.NewServer(Handler(dir)), httptest.NewServer(Handler(bare))
	defer site.Close()
	defer host.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, c := range []struct {
		server *httptest.Server
		accept string
		want   string // the Content-Encoding
	}{
		{site, "gzip, deflate, br, zstd", "br"},
		{site, "gzip, deflate", "gzip"},
		{site, "br;q=0, gzip;q=0.5", "gzip"},
		{site, "*", "br"},
		{site, "*, br;q=0", "gzip"},
		{site, "identity", ""},
		{site, "", ""},
		{host, "br, gzip", ""},
	} {
		req, err := http.NewRequest(http.MethodGet, c.server.URL+"/"+wasmName, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = resp.Body
		switch resp.Header.Get("Content-Encoding") {
		case "br":
			body = brotli.NewReader(resp.Body)
		case "gzip":
			if body, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatal(err)
			}
		}
		got, err := io.ReadAll(body)
		resp.Body.Close()
		if e := resp.Header.Get("Content-Encoding"); e != c.want || err != nil || !bytes.Equal(got, raw) ||
			resp.Header.Get("Content-Type") != "application/wasm" || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: encoding %q (want %q), type %q, vary %q, %d bytes decoded (want %d), %v",
				c.accept, e, c.want, resp.Header.Get("Content-Type"), resp.Header.Get("Vary"), len(got), len(raw), err)
		}
	}
}
