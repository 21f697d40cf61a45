// Package server hosts Hexfire battles for players at a distance (issue
// 35): it holds each battle in an umpire, rolls its dice, checks every
// order with the engine, stores it before it is acknowledged and sends
// each seat only its side's view and its side's part of the log, over
// WebSocket. Its protocol and its limits are in docs/ARCHITECTURE.md,
// "The server".
package server

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/units"
)

// Options are the server's limits. The zero value of a field is its
// default (DefaultOptions).
type Options struct {
	// MaxMessageBytes is the largest frame a client may send; a larger
	// one closes its connection (status 1009).
	MaxMessageBytes int64
	// MaxBodyBytes is the largest HTTP request body (a battle's creation).
	MaxBodyBytes int64
	// OrdersPerSecond and OrderBurst bound a connection's orders: a
	// client that sends more is disconnected.
	OrdersPerSecond float64
	OrderBurst      int
	// MaxConnsPerAddr bounds the open connections from one IP address;
	// MaxConnsPerSeat those of one seat (a person's devices), wherever
	// they come from.
	MaxConnsPerAddr int
	MaxConnsPerSeat int
	// HelloTimeout is how long a new connection has to present its token;
	// WriteTimeout how long one message may take to reach a client.
	HelloTimeout, WriteTimeout time.Duration
	// Outbox is how many messages may wait for a slow client before it is
	// disconnected, so that it never holds up its battle.
	Outbox int
	// RequestsPerSecond and RequestBurst bound the HTTP requests of one
	// IP address (POST /battles, GET /save, GET /scenario), a token
	// bucket per address; each request in progress counts among the
	// address's connections too (MaxConnsPerAddr).
	RequestsPerSecond float64
	RequestBurst      int
	// Compression is the WebSocket per-message compression the server
	// agrees to (permessage-deflate, RFC 7692), where the client asks for
	// it. The zero value is websocket.CompressionDisabled; hexfire-server
	// sets DefaultCompression.
	Compression websocket.CompressionMode
	// Origins are the web pages, besides the server's own, whose scripts
	// may play and create battles here (the browser build of the game
	// served from elsewhere): each an origin as a browser sends it,
	// http:// or https://, a host and perhaps a port, matched exactly.
	// None by default: a browser's WebSocket from another page is refused
	// and its HTTP answers kept from that page's script.
	Origins []string
	// Logf writes the server's log (log.Printf when nil).
	Logf func(format string, args ...any)
	// Catalogue is the unit catalogue every battle is built from and
	// replayed on; hexfire-server gives the shipped one, its derived
	// letters rated by the default ruleset. It has no default: New
	// returns an error without it rather than load one, since the
	// server picks no ruleset, and a catalogue loaded without a rater
	// (its derived letters NoRating) would replay the stored battles on
	// other letters than they were played with.
	Catalogue *units.Catalogue
}

// DefaultOptions are the limits of hexfire-server: our own choices. A
// client sends orders, each under 1 KB (a move's path of a hundred hexes
// is about 1 KB), so 64 KiB of frame holds any honest message; a person
// gives a few orders a second at most, a bot of the protocol many more.
var DefaultOptions = Options{
	MaxMessageBytes: 64 << 10,
	MaxBodyBytes:    64 << 10,
	OrdersPerSecond: 50,
	OrderBurst:      100,
	MaxConnsPerAddr: 32,
	MaxConnsPerSeat: 4,
	HelloTimeout:    10 * time.Second,
	WriteTimeout:    10 * time.Second,
	Outbox:          256,
	// A person creates a battle or fetches a save now and then; a page
	// of battles, a few at once.
	RequestsPerSecond: 5,
	RequestBurst:      20,
}

// DefaultCompression is hexfire-server's WebSocket compression: each
// message deflated alone (no context kept between messages), which
// costs no memory while a connection waits (a compressor kept with its
// context is 1.2 MB a connection in coder/websocket) and takes a view
// to about a quarter of its bytes (docs/BENCHMARKS.md).
const DefaultCompression = websocket.CompressionNoContextTakeover

// withDefaults is o with every zero field set to its default.
func (o Options) withDefaults() Options {
	d := DefaultOptions
	if o.MaxMessageBytes > 0 {
		d.MaxMessageBytes = o.MaxMessageBytes
	}
	if o.MaxBodyBytes > 0 {
		d.MaxBodyBytes = o.MaxBodyBytes
	}
	if o.OrdersPerSecond > 0 {
		d.OrdersPerSecond = o.OrdersPerSecond
	}
	if o.OrderBurst > 0 {
		d.OrderBurst = o.OrderBurst
	}
	if o.MaxConnsPerAddr > 0 {
		d.MaxConnsPerAddr = o.MaxConnsPerAddr
	}
	if o.MaxConnsPerSeat > 0 {
		d.MaxConnsPerSeat = o.MaxConnsPerSeat
	}
	if o.HelloTimeout > 0 {
		d.HelloTimeout = o.HelloTimeout
	}
	if o.WriteTimeout > 0 {
		d.WriteTimeout = o.WriteTimeout
	}
	if o.Outbox > 0 {
		d.Outbox = o.Outbox
	}
	if o.RequestsPerSecond > 0 {
		d.RequestsPerSecond = o.RequestsPerSecond
	}
	if o.RequestBurst > 0 {
		d.RequestBurst = o.RequestBurst
	}
	d.Compression = o.Compression
	d.Catalogue = o.Catalogue
	d.Origins = o.Origins
	d.Logf = o.Logf
	if d.Logf == nil {
		d.Logf = log.Printf
	}
	return d
}

// Server hosts the battles of one store.
type Server struct {
	store     Store
	catalogue *units.Catalogue
	opts      Options
	origins   map[string]bool // Options.Origins

	mu      sync.Mutex
	battles map[int64]*host
	seats   map[tokenKey][]*seat // by the start of their token's hash
	addrs   map[string]int       // open connections by address
	// requests are the HTTP requests' token buckets by address.
	requests map[string]*rateLimit
	// unserved are the battles that could not be rebuilt, and why.
	unserved map[int64]error
	// loading is held while a battle found in the store by a token is
	// rebuilt (seatOf), so that it is rebuilt once.
	loading sync.Mutex

	// ctx ends with Close; closing tells the battles' computer players
	// to stop; work counts the goroutines Close waits for.
	ctx     context.Context
	cancel  context.CancelFunc
	closing atomic.Bool
	work    sync.WaitGroup
}

// New returns a server of the battles in store, each rebuilt by
// replaying its stored orders; a battle that cannot be rebuilt (its
// scenario or the rules changed) is logged and left out, and the others
// are served. The store stays the caller's to close, after Close.
// opts.Catalogue is required.
func New(store Store, opts Options) (*Server, error) {
	if opts.Catalogue == nil {
		return nil, errors.New("server: Options.Catalogue is nil: give the unit catalogue the battles are built from")
	}
	origins, err := originSet(opts.Origins)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{store: store, catalogue: opts.Catalogue, opts: opts.withDefaults(), origins: origins, battles: map[int64]*host{},
		seats: map[tokenKey][]*seat{}, addrs: map[string]int{}, unserved: map[int64]error{}, requests: map[string]*rateLimit{}, ctx: ctx, cancel: cancel}
	records, err := store.Battles(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	for _, r := range records {
		h, err := s.rebuild(r)
		if err != nil {
			s.opts.Logf("hexfire-server: battle %d is not served: %v", r.ID, err)
			s.unserved[r.ID] = err
			continue
		}
		s.add(h)
	}
	if w, ok := store.(Watcher); ok {
		s.work.Go(func() { w.Watch(ctx, s.stored) })
	}
	return s, nil
}

// stored is told by a shared store (Watcher) that order number of
// battle id is stored, by this process or another; id 0 says that
// notices may have been lost, so every battle looks.
func (s *Server) stored(id int64, number int) {
	s.mu.Lock()
	var hosts []*host
	if id == 0 {
		for _, h := range s.battles {
			hosts = append(hosts, h)
		}
	} else if h := s.battles[id]; h != nil {
		hosts = append(hosts, h)
	}
	s.mu.Unlock()
	for _, h := range hosts {
		h.notified(number)
	}
}

// rebuild replays battle r from its stored orders.
func (s *Server) rebuild(r BattleRecord) (*host, error) {
	orders, err := s.store.Orders(s.ctx, r.ID, 0)
	if err != nil {
		return nil, err
	}
	save := r.save(orders)
	sc, err := openSaveScenario(r, s.catalogue)
	if err != nil {
		return nil, err
	}
	b, err := battle.Replay(sc, s.catalogue, save)
	if err != nil {
		return nil, err
	}
	return newHost(s, r, b)
}

// add serves battle h: its seats' tokens open it, and its computer
// players start when their side acts.
func (s *Server) add(h *host) {
	s.mu.Lock()
	if s.battles[h.record.ID] != nil {
		s.mu.Unlock()
		return // served already
	}
	s.battles[h.record.ID] = h
	for _, st := range h.seats {
		if st.tokenHash != nil {
			k := keyOf(st.tokenHash)
			s.seats[k] = append(s.seats[k], st)
		}
	}
	s.mu.Unlock()
	s.work.Go(func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.playComputers()
	})
}

// errNoSeat refuses a token that no seat has.
var errNoSeat = errors.New("seat token refused: no seat of this server has it")

// seatOf returns the seat whose token hashes to hash. One this process
// does not serve is looked for in the store, where another server
// process sharing it may have created its battle since this one started;
// found, its battle is rebuilt and served here too. errNoSeat refuses a
// token no seat has, another error a battle that is not served.
func (s *Server) seatOf(hash []byte) (*seat, error) {
	if st := s.knownSeat(hash); st != nil {
		return st, nil
	}
	r, ok, err := s.store.BattleOfToken(s.ctx, hash)
	if err != nil {
		s.opts.Logf("hexfire-server: %v", err)
		return nil, errors.New("the server could not read its database: try again")
	}
	if !ok || !s.hasToken(r, hash) {
		return nil, errNoSeat
	}
	s.loading.Lock()
	defer s.loading.Unlock()
	if st := s.knownSeat(hash); st != nil {
		return st, nil // rebuilt meanwhile
	}
	s.mu.Lock()
	why, known := s.unserved[r.ID]
	s.mu.Unlock()
	if known {
		return nil, fmt.Errorf("battle %d is not served: %w", r.ID, why)
	}
	h, err := s.rebuild(r)
	if err != nil {
		s.opts.Logf("hexfire-server: battle %d is not served: %v", r.ID, err)
		s.mu.Lock()
		s.unserved[r.ID] = err
		s.mu.Unlock()
		return nil, fmt.Errorf("battle %d is not served: %w", r.ID, err)
	}
	s.add(h)
	if st := s.knownSeat(hash); st != nil {
		return st, nil
	}
	return nil, errNoSeat
}

// hasToken reports whether a seat of battle r has the token of hash,
// compared in constant time.
func (s *Server) hasToken(r BattleRecord, hash []byte) bool {
	for _, seat := range r.Seats {
		if tokenMatches(hash, seat.TokenHash) {
			return true
		}
	}
	return false
}

// knownSeat returns the seat this process serves whose token hashes to
// hash, or nil.
func (s *Server) knownSeat(hash []byte) *seat {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.seats[keyOf(hash)] {
		if tokenMatches(hash, st.tokenHash) {
			return st
		}
	}
	return nil
}

// Handler returns the server's HTTP handler: POST /battles creates a
// battle, GET /play is a seat's WebSocket, GET /save a seat's save and
// GET /scenario its battle's uploaded scenario files.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /battles", s.limited(s.serveCreate))
	mux.HandleFunc("GET /play", s.servePlay)
	mux.HandleFunc("GET /save", s.limited(s.serveSave))
	mux.HandleFunc("GET /scenario", s.limited(s.serveScenario))
	return s.cors(mux)
}

// serveSave answers the seat whose token the request's "Authorization:
// Bearer TOKEN" header gives with its battle's save once it is over, and
// with the seat's own view before. The token goes in a header, not the
// URL, so that no log of a proxy holds it.
func (s *Server) serveSave(w http.ResponseWriter, r *http.Request) {
	st, ok := s.bearerSeat(w, r)
	if !ok {
		return
	}
	kind, data, err := st.host.save(st.side)
	if err != nil {
		httpError(w, http.StatusServiceUnavailable, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(remote.SaveKindHeader, kind)
	w.Write(append(data, '\n'))
}

// serveScenario answers a seat (its token as for GET /save) with its
// battle's scenario files: what a client of an uploaded scenario decodes
// its views with. Both sides are given the whole map, as both players'
// programs hold the whole of each of their own scenarios.
func (s *Server) serveScenario(w http.ResponseWriter, r *http.Request) {
	st, ok := s.bearerSeat(w, r)
	if !ok {
		return
	}
	rec := st.host.record
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(encode(remote.ScenarioAnswer{Scenario: rec.Scenario, Files: rec.Files}), '\n'))
}

// bearerSeat is the seat whose token the request's "Authorization:
// Bearer TOKEN" header gives; without one it answers the refusal and
// returns false.
func (s *Server) bearerSeat(w http.ResponseWriter, r *http.Request) (*seat, bool) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || token == "" {
		httpError(w, http.StatusUnauthorized, errors.New(`no seat token: give it as the header "Authorization: Bearer TOKEN"`))
		return nil, false
	}
	st, err := s.seatOf(hashToken(token))
	if errors.Is(err, errNoSeat) {
		httpError(w, http.StatusForbidden, err)
		return nil, false
	}
	if err != nil {
		httpError(w, http.StatusServiceUnavailable, err)
		return nil, false
	}
	return st, true
}

// Close disconnects every client, stops the computer players and waits
// for every order in progress to be stored and applied.
func (s *Server) Close() {
	s.closing.Store(true)
	s.cancel()
	s.work.Wait()
}

// serveCreate creates a battle from a remote.CreateRequest.
func (s *Server) serveCreate(w http.ResponseWriter, r *http.Request) {
	// An upload's files travel in base64: four bytes for three, and each
	// name quoted, bounded before anything is read.
	limit := s.opts.MaxBodyBytes + (maps.MaxFilesBytes/3+1)*4 + maps.MaxFilesCount*(maps.MaxFileNameLength+8)
	r.Body = http.MaxBytesReader(w, r.Body, int64(limit))
	var req remote.CreateRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		status := http.StatusBadRequest
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			status = http.StatusRequestEntityTooLarge
		}
		httpError(w, status, fmt.Errorf("the battle's request is not its JSON: %w", err))
		return
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		httpError(w, http.StatusBadRequest, errors.New("the battle's request is not its JSON: something follows its object"))
		return
	}
	resp, err := s.create(req)
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(encode(resp), '\n'))
}

// httpError answers with status and the reason as JSON.
func httpError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(encode(map[string]string{"error": err.Error()}), '\n'))
}

// create starts, stores and serves the battle req asks for.
func (s *Server) create(req remote.CreateRequest) (remote.Created, error) {
	if req.Scenario == "" && req.Files == nil {
		req.Scenario = battle.EmbeddedPrefix + maps.DefaultPath
	}
	var files map[string][]byte
	if req.Files != nil {
		var err error
		if files, err = s.uploaded(req); err != nil {
			return remote.Created{}, err
		}
		req.Scenario = remote.UploadPrefix + req.Scenario
	} else if !strings.HasPrefix(req.Scenario, battle.EmbeddedPrefix) {
		return remote.Created{}, fmt.Errorf("field \"scenario\": %s is not one of the program's scenarios (%s and a path) nor, with field \"files\", one of the files uploaded; the server opens no file", fileio.Quote(req.Scenario), battle.EmbeddedPrefix)
	}
	players := map[maps.Side]string{maps.Allies: req.Allies, maps.Axis: req.Axis}
	for side, p := range players {
		if p == "" {
			players[side] = remote.Person
		} else if err := checkPlayer(p); err != nil {
			return remote.Created{}, fmt.Errorf("field %q: %w", string(side), err)
		}
	}
	if players[maps.Allies] != remote.Person && players[maps.Axis] != remote.Person {
		return remote.Created{}, errors.New("fields \"allies\" and \"axis\": a battle needs a person on one side at least")
	}
	sc, err := openScenario(req.Scenario, files, s.catalogue)
	if err != nil {
		return remote.Created{}, fmt.Errorf("field \"scenario\": %w", err)
	}
	seed, err := seedOf(req.Seed)
	if err != nil {
		return remote.Created{}, err
	}
	cfg := battle.Config{Seed: seed, Ruleset: req.Rules, Source: req.Scenario}
	if req.Fog != nil {
		cfg.Fog = battle.FogSettingOf(*req.Fog)
	}
	b, err := battle.New(sc, s.catalogue, cfg)
	if err != nil {
		return remote.Created{}, err
	}
	save := b.Save()
	r := BattleRecord{Scenario: save.Scenario, ScenarioDigest: save.ScenarioDigest, CatalogueDigest: save.CatalogueDigest,
		Ruleset: save.Ruleset, Fog: b.Fog(), Seed: seed, Version: save.Version, Digest: save.Digest, Files: files}
	var resp remote.Created
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		seat := SeatRecord{Side: side, Player: players[side]}
		if seat.Player == remote.Person {
			var token string
			if token, seat.TokenHash, err = newToken(); err != nil {
				return remote.Created{}, err
			}
			if side == maps.Allies {
				resp.Allies = token
			} else {
				resp.Axis = token
			}
		}
		r.Seats = append(r.Seats, seat)
	}
	// The battle is hosted as a restart rebuilds it from its store (its
	// save version and fog setting written out, where New left them to
	// the defaults), so that its views are the same bytes before and
	// after any restart.
	b, err = battle.Replay(sc, s.catalogue, r.save(nil))
	if err != nil {
		return remote.Created{}, err
	}
	h, err := newHost(s, r, b) // seats the computer players before anything is stored
	if err != nil {
		return remote.Created{}, err
	}
	if r.ID, err = s.store.CreateBattle(s.ctx, r); err != nil {
		return remote.Created{}, err
	}
	h.record.ID = r.ID
	resp.Battle = r.ID
	s.add(h)
	return resp, nil
}

// uploaded decodes and checks the files of request req (their number,
// size and names, maps.CheckFiles); req.Scenario must name the .tmx
// among them. The loader checks them next (openScenario).
func (s *Server) uploaded(req remote.CreateRequest) (map[string][]byte, error) {
	if len(req.Files) > maps.MaxFilesCount {
		return nil, fmt.Errorf("field \"files\": %d files, at most %d", len(req.Files), maps.MaxFilesCount)
	}
	files := map[string][]byte{}
	for name, text := range req.Files {
		if err := maps.CheckFileName(name); err != nil {
			return nil, fmt.Errorf("field \"files\": %w", err)
		}
		data, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("field \"files\": file %s is not in base64: %w", fileio.Quote(name), err)
		}
		files[name] = data
	}
	if err := maps.CheckFiles(files); err != nil {
		return nil, fmt.Errorf("field \"files\": %w", err)
	}
	if _, ok := files[req.Scenario]; !ok || !strings.HasSuffix(req.Scenario, ".tmx") {
		return nil, fmt.Errorf("field \"scenario\": %s is not a .tmx among the files uploaded", fileio.Quote(req.Scenario))
	}
	return files, nil
}

// openScenario loads the scenario source names: one of the program's, or
// with files the uploaded map remote.UploadPrefix+NAME among them.
func openScenario(source string, files map[string][]byte, cat *units.Catalogue) (*maps.Scenario, error) {
	var sc *maps.Scenario
	var err error
	if name, ok := strings.CutPrefix(source, remote.UploadPrefix); ok && files != nil {
		sc, err = maps.LoadFiles(files, name, cat)
	} else if !strings.HasPrefix(source, battle.EmbeddedPrefix) {
		return nil, fmt.Errorf("%s is neither one of the program's scenarios nor uploaded with its files", fileio.Quote(source))
	} else {
		sc, err = battle.OpenScenario(source, cat)
	}
	return withoutTiles(sc), err
}

// withoutTiles is sc without its tile layers, the decoded tileset images
// the game draws the map with and a server never needs: they are about
// 1 MB a battle of a shipped scenario, nearly all a hosted battle's
// memory (docs/BENCHMARKS.md).
func withoutTiles(sc *maps.Scenario) *maps.Scenario {
	if sc != nil {
		sc.Tiles = nil
	}
	return sc
}

// openSaveScenario loads the scenario of stored battle r and checks it
// and cat against the digests it was created with, as
// battle.OpenSaveScenario does for a save.
func openSaveScenario(r BattleRecord, cat *units.Catalogue) (*maps.Scenario, error) {
	if r.Files == nil {
		sc, err := battle.OpenSaveScenario(r.save(nil), cat)
		return withoutTiles(sc), err
	}
	sc, err := openScenario(r.Scenario, r.Files, cat)
	if err != nil {
		return nil, fmt.Errorf("field \"scenario\": %w", err)
	}
	if sc.Digest != r.ScenarioDigest {
		return nil, fmt.Errorf("field \"scenario_digest\": the uploaded scenario %s loads with digest %.12s…, stored %.12s…", r.Scenario, sc.Digest, r.ScenarioDigest)
	}
	if d := cat.Digest(); d != r.CatalogueDigest {
		return nil, fmt.Errorf("field \"catalogue_digest\": the unit catalogue was %w (digest %.12s…, stored %.12s…)", battle.ErrChanged, d, r.CatalogueDigest)
	}
	return sc, nil
}

// seedOf is the battle's seed the request's field seed asks for, or a
// new one from crypto/rand when it is empty.
func seedOf(field string) (uint64, error) {
	if field == "" {
		return newSeed()
	}
	seed, err := strconv.ParseUint(field, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("field \"seed\": %s is not a decimal number from 0 to %d", fileio.Quote(field), uint64(math.MaxUint64))
	}
	return seed, nil
}

// acquireAddr counts a new connection from addr, false when addr has as
// many open as it may.
func (s *Server) acquireAddr(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.addrs[addr] >= s.opts.MaxConnsPerAddr {
		return false
	}
	s.addrs[addr]++
	return true
}

// limited is handler h under the limits of its client's address: the
// request counts among the address's open connections while it is
// served, and takes one of its requests a second.
func (s *Server) limited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		addr := addrOf(r)
		if !s.acquireAddr(addr) {
			httpError(w, http.StatusTooManyRequests, fmt.Errorf("too many connections from %s (at most %d)", addr, s.opts.MaxConnsPerAddr))
			return
		}
		defer s.releaseAddr(addr)
		if !s.allowRequest(addr, time.Now()) {
			httpError(w, http.StatusTooManyRequests, fmt.Errorf("more than %g requests a second from %s: wait a moment", s.opts.RequestsPerSecond, addr))
			return
		}
		h(w, r)
	}
}

// maxRequestBuckets is how many addresses' request buckets are kept
// before those full again (idle for a while) are forgotten: our choice.
const maxRequestBuckets = 10000

// allowRequest takes one request of addr from its bucket at now.
func (s *Server) allowRequest(addr string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.requests[addr]
	if l == nil {
		if len(s.requests) >= maxRequestBuckets {
			for a, old := range s.requests {
				if now.Sub(old.last).Seconds()*old.perSecond >= old.burst {
					delete(s.requests, a)
				}
			}
		}
		l = &rateLimit{perSecond: s.opts.RequestsPerSecond, burst: float64(s.opts.RequestBurst), tokens: float64(s.opts.RequestBurst), last: now}
		s.requests[addr] = l
	}
	return l.allow(now)
}

// releaseAddr counts a connection from addr closed.
func (s *Server) releaseAddr(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.addrs[addr]--; s.addrs[addr] <= 0 {
		delete(s.addrs, addr)
	}
}

// addrOf is the IP address of a request's client.
func addrOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
