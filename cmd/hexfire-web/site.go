package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"hexfire/assets"
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
// from the module that holds this command, Go's wasm_exec.js of the same
// toolchain, index.html and the icon. It returns the WebAssembly file's size.
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
	if err := writeIndex(dir, st.Size()); err != nil {
		return 0, err
	}
	return st.Size(), nil
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
// again on every visit (no-cache), so a rebuilt game is picked up.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm") // for WebAssembly.instantiateStreaming
		}
		files.ServeHTTP(w, r)
	})
}
