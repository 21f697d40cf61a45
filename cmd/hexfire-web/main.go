// Command hexfire-web builds Hexfire for the browser: a static site of the
// game compiled to WebAssembly (GOOS=js GOARCH=wasm) with its brotli and
// gzip copies, Go's loader wasm_exec.js and an index.html with a loading
// bar, that any static host can serve (one that serves only the raw file
// too); -serve sends the best copy the browser accepts.
//
//	hexfire-web -out DIR              write the site to DIR
//	hexfire-web -serve :8080          build it to a temporary folder and serve it
//	hexfire-web -out DIR -serve :8080 write it to DIR, then serve DIR
//	hexfire-web -serve :8080 -from DIR serve a site written before, without building
//
// It uses the standard library only (and never links ebiten): the game is
// built by the go command, with the game's own sources.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	err := run(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hexfire-web:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	flags := flag.NewFlagSet("hexfire-web", flag.ContinueOnError)
	out := flags.String("out", "", "write the site to this folder (made if missing)")
	serve := flags.String("serve", "", "serve the site on this address, like :8080 or 127.0.0.1:8080")
	from := flags.String("from", "", "with -serve: serve this folder as it is, building nothing")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (flags start with -)", flags.Args())
	}
	if *from != "" && (*out != "" || *serve == "") {
		return errors.New("-from goes with -serve alone: it serves a site written before")
	}
	if *out == "" && *serve == "" {
		return errors.New("give -out DIR, -serve ADDRESS or both")
	}
	dir := *from
	if dir == "" {
		dir = *out
		if dir == "" {
			tmp, err := os.MkdirTemp("", "hexfire-web-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(tmp)
			dir = tmp
		}
		start := time.Now()
		size, err := Build(dir)
		if err != nil {
			return err
		}
		fmt.Printf("hexfire-web: wrote %s (%s: %d bytes) in %.0f s\n", dir, wasmName, size, time.Since(start).Seconds())
	}
	if *serve == "" {
		return nil
	}
	ln, err := net.Listen("tcp", *serve)
	if err != nil {
		return fmt.Errorf("-serve %s: %w", *serve, err)
	}
	fmt.Printf("hexfire-web: serving %s on http://%s/\n", dir, browsable(ln.Addr()))
	return http.Serve(ln, Handler(dir))
}

// browsable is the listener's address as a browser on this machine reaches
// it: an unspecified host (":8080") becomes localhost.
func browsable(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
