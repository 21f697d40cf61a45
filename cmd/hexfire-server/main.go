// Command hexfire-server hosts Hexfire battles for players at a distance
// (package server): hexfire-server -listen :8090 -db hexfire.db. It holds
// every battle, rolls the dice and sends each seat only its side's view;
// every accepted order is in the database before it is acknowledged, so
// a server killed at any moment goes on from there when it is started
// again.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"hexfire/buildinfo"
	"hexfire/server"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "hexfire-server:", err)
		os.Exit(1)
	}
}

// run serves until SIGINT or SIGTERM; the address it listens on is
// printed on stdout once it does (with -listen :0, the port chosen).
func run(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("hexfire-server", flag.ContinueOnError)
	flags.SetOutput(stderr)
	listen := flags.String("listen", ":8090", "address to serve on (host:port; :0 picks a free port)")
	dbPath := flags.String("db", "hexfire.db", "SQLite database file of the battles (created when missing), or a PostgreSQL URL postgres://... that several servers may share")
	compression := flags.String("compression", "message", "WebSocket compression where a client asks for it: message (each message deflated alone), context (deflated with the connection's past messages: 1.2 MB a connection) or none")
	origins := flags.String("allow-origin", "", "comma-separated origins of web pages besides the server's own whose scripts may play here, such as https://play.example.org (the browser build served from elsewhere)")
	version := flags.Bool("version", false, "print this build's version and exit")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Line("hexfire-server"))
		return nil
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only: -listen, -db, -compression, -allow-origin)", flags.Arg(0))
	}
	modes := map[string]websocket.CompressionMode{"message": server.DefaultCompression,
		"context": websocket.CompressionContextTakeover, "none": websocket.CompressionDisabled}
	mode, ok := modes[*compression]
	if !ok {
		return fmt.Errorf("-compression %q: want message, context or none", *compression)
	}
	store, shown, err := openStore(*dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	cat, err := loadCatalogue()
	if err != nil {
		return err
	}
	var allowed []string
	if *origins != "" {
		allowed = strings.Split(*origins, ",")
	}
	srv, err := server.New(store, server.Options{Compression: mode, Catalogue: cat, Origins: allowed, Logf: log.New(stderr, "", log.LstdFlags).Printf})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "hexfire-server: serving on %s, battles in %s\n", ln.Addr(), shown)
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// openStore opens the database -db names: a PostgreSQL URL
// (postgres:// or postgresql://) or a SQLite file. It returns the store
// and its name as the log shows it (a URL without its password).
func openStore(db string) (server.Store, string, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		store, err := server.OpenPostgres(ctx, db)
		if err != nil {
			return nil, "", err
		}
		return store, store.Name(), nil
	}
	store, err := server.OpenSQLite(db)
	if err != nil {
		return nil, "", err
	}
	return store, db, nil
}
