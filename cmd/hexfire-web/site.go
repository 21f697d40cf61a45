package main

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"

	"hexfire/assets"
	"hexfire/fileio"
)

// The files of the site.
const (
	wasmName   = "hexfire.wasm"
	loaderName = "wasm_exec.js"
	indexName  = "index.html"
	iconName   = "icon.png"
)

// iconSource is the page's icon in assets.Icon.
const iconSource = "icon/hexfire-64.png"

// indexPage is the site's page; wasmSizeMark in it is replaced by the
// WebAssembly file's size, so the loading bar can fill when a server
// compresses the download and gives no Content-Length.
//
//go:embed index.html
var indexPage string

const wasmSizeMark = "HEXFIRE_WASM_BYTES"

// Build writes the site to dir: the game built for GOOS=js GOARCH=wasm
// from the module that holds this command, compressed beside it with
// brotli and gzip (compressWasm), Go's wasm_exec.js of the same
// toolchain, index.html and the icon. It returns the WebAssembly file's
// size.
func Build(dir string) (int64, error) {
	root, err := goOutput("", nil, "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return 0, fmt.Errorf("finding the hexfire module: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	wasm, err := filepath.Abs(filepath.Join(dir, wasmName))
	if err != nil {
		return 0, err
	}
	// -s -w drop the symbol table and DWARF: a browser shows neither, and
	// they are a fifth of the file (docs/BENCHMARKS.md).
	if _, err := goOutput(root, []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "."); err != nil {
		return 0, fmt.Errorf("building %s: %w", wasmName, err)
	}
	loader, err := wasmExec()
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, loaderName), loader, 0o644); err != nil {
		return 0, err
	}
	icon, err := fs.ReadFile(assets.Icon, iconSource)
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, iconName), icon, 0o644); err != nil {
		return 0, err
	}
	st, err := os.Stat(wasm)
	if err != nil {
		return 0, err
	}
	if err := compressWasm(dir); err != nil {
		return 0, err
	}
	if err := writeIndex(dir, st.Size()); err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// The compressed copies of the WebAssembly file, by Content-Encoding, in
// the order a server prefers them.
var encodings = []struct {
	name, suffix string
	writer       func(io.Writer) (io.WriteCloser, error)
}{
	// Brotli quality 9 (our own choice): on the 24 MB game it writes 4.9 MB
	// in 5 s, where quality 11 writes 4.3 MB in over a minute and 7 writes
	// 5.0 MB in 2 s (docs/BENCHMARKS.md).
	{"br", ".br", func(w io.Writer) (io.WriteCloser, error) {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: 9, LGWin: 24}), nil
	}},
	{"gzip", ".gz", func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) }},
}

// compressWasm writes the brotli and gzip copies of dir's WebAssembly
// file beside it, each atomically.
func compressWasm(dir string) error {
	src := filepath.Join(dir, wasmName)
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	for _, e := range encodings {
		var buf bytes.Buffer
		w, err := e.writer(&buf)
		if err == nil {
			_, err = w.Write(data)
		}
		if err == nil {
			err = w.Close()
		}
		if err == nil {
			err = fileio.WriteFileAtomic(src+e.suffix, buf.Bytes())
		}
		if err != nil {
			return fmt.Errorf("compressing %s with %s: %w", wasmName, e.name, err)
		}
	}
	return nil
}

// writeIndex writes index.html to dir for a WebAssembly file of wasmSize
// bytes.
func writeIndex(dir string, wasmSize int64) error {
	page := strings.ReplaceAll(indexPage, wasmSizeMark, strconv.FormatInt(wasmSize, 10))
	return os.WriteFile(filepath.Join(dir, indexName), []byte(page), 0o644)
}

// wasmExec reads the wasm_exec.js of the go command's toolchain: in
// lib/wasm since Go 1.24, in misc/wasm before.
func wasmExec() ([]byte, error) {
	goroot, err := goOutput("", nil, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	for _, sub := range []string{"lib/wasm", "misc/wasm"} {
		data, err := os.ReadFile(filepath.Join(goroot, filepath.FromSlash(sub), loaderName))
		if err == nil {
			return data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no %s in %s/lib/wasm or %s/misc/wasm", loaderName, goroot, goroot)
}

// goOutput runs the go command in dir ("" for here) with env added, and
// returns its output trimmed; a failure carries what it printed.
func goOutput(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

// Handler serves the site in dir. The page and the loader are checked
// again on every visit (no-cache), so a rebuilt game is picked up. The
// WebAssembly file goes out in the best compressed copy the browser
// accepts (Accept-Encoding) that the site has, with its Content-Encoding;
// a static host that serves only the raw file serves the same page.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm") // for WebAssembly.instantiateStreaming
			w.Header().Add("Vary", "Accept-Encoding")
			if e, f := compressedCopy(dir, r); f != nil {
				defer f.Close()
				w.Header().Set("Content-Encoding", e)
				st, err := f.Stat()
				if err != nil {
					http.Error(w, err.Error(), http.StatusInternalServerError)
					return
				}
				http.ServeContent(w, r, wasmName, st.ModTime(), f)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// compressedCopy opens the compressed copy of the WebAssembly file asked
// for by r that the browser accepts, the best first, and returns its
// encoding; nil when it accepts none the site has.
func compressedCopy(dir string, r *http.Request) (string, *os.File) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead || filepath.Base(r.URL.Path) != wasmName {
		return "", nil
	}
	accepted := acceptedEncodings(r.Header.Values("Accept-Encoding"))
	for _, e := range encodings {
		if ok, named := accepted[e.name]; !ok && (named || !accepted["*"]) {
			continue
		}
		if f, err := os.Open(filepath.Join(dir, wasmName+e.suffix)); err == nil {
			return e.name, f
		}
	}
	return "", nil
}

// acceptedEncodings reads Accept-Encoding headers: each coding named,
// accepted with a quality above zero ("br;q=0" refuses brotli); "*"
// stands for those not named. A header of more than
// maxAcceptEncoding bytes is read no further.
func acceptedEncodings(headers []string) map[string]bool {
	out := map[string]bool{}
	for _, h := range headers {
		if len(h) > maxAcceptEncoding {
			h = h[:maxAcceptEncoding]
		}
		for _, part := range strings.Split(h, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.TrimSpace(k) == "q" {
					if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
						q = f
					}
				}
			}
			if name != "" {
				out[name] = q > 0
			}
		}
	}
	return out
}

// maxAcceptEncoding bounds the Accept-Encoding header read (our own
// choice: browsers send a few dozen bytes).
const maxAcceptEncoding = 1024
