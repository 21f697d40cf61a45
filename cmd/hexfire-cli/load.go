package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"hexfire/fileio"
	"hexfire/remote"
)

func init() {
	commands["load"] = command{summary: "load a hexfire-server with many battles at once and measure it (docs/BENCHMARKS.md)", run: runLoad}
}

// loadReport is what load prints: the battles played at once, the orders
// given and how fast, the time from an order sent to its side's view
// received, and the bytes the server sent for each.
type loadReport struct {
	Battles     int    `json:"battles"`
	Compression string `json:"compression"`
	Orders      int64  `json:"orders"`
	Refused     int64  `json:"refused"`
	// Seconds is the time from the first order to the last view.
	Seconds         float64 `json:"seconds"`
	OrdersPerSecond float64 `json:"orders_per_second"`
	// The time from an order sent to the view after it received, in
	// milliseconds.
	P50ms float64 `json:"p50_ms"`
	P99ms float64 `json:"p99_ms"`
	MaxMs float64 `json:"max_ms"`
	// BytesPerOrder are the bytes the clients read from the server
	// (frames and all, after the welcomes) for each order given.
	BytesPerOrder float64 `json:"bytes_per_order"`
	// Errors counts the seats whose connection failed.
	Errors    int64  `json:"errors"`
	LastError string `json:"last_error,omitempty"`
}

// loadCompression are the compression modes load may ask the server for.
var loadCompression = map[string]websocket.CompressionMode{
	"none": websocket.CompressionDisabled, "message": websocket.CompressionNoContextTakeover, "context": websocket.CompressionContextTakeover,
}

func runLoad(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stdout)
	serverFlag := fs.String("server", "", "the server, ws://HOST:PORT")
	battles := fs.Int("battles", 100, "battles played at once, each between two clients that end their phases")
	orders := fs.Int("orders", 40, "orders given in each battle (fewer where it ends before)")
	compression := fs.String("compression", "none", "the WebSocket compression to ask for: none, message or context")
	fog := fs.Bool("fog", true, "the battles under fog of war")
	rate := fs.Float64("rate", 0, "orders a second each battle gives at most, as players who think between orders (0: each as soon as the view before it arrives)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("load: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	ws, web, err := serverURLs(*serverFlag)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	mode, ok := loadCompression[*compression]
	if !ok {
		return fmt.Errorf("load: --compression %s: want none, message or context", fileio.Quote(*compression))
	}
	if *battles < 1 || *battles > 10000 || *orders < 1 {
		return errors.New("load: want --battles from 1 to 10000 and --orders above 0")
	}
	report, err := loadServer(ws, web, *battles, *orders, *fog, mode, *rate)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	report.Compression = *compression
	data, err := json.Marshal(report)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", data)
	return err
}

// loadDialer makes the connections of client i from a loopback address
// of its own (127.1.x.y) when the server is on loopback, so that the
// server's limits per address, meant for people, do not stop a
// benchmark; it counts the bytes read on them.
type loadDialer struct {
	loopback bool
	read     atomic.Int64
}

// client is the HTTP client of client i.
func (d *loadDialer) client(i int) *http.Client {
	dialer := &net.Dialer{Timeout: 30 * time.Second}
	if d.loopback {
		dialer.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 1, byte(i/250), byte(i%250+1))}
	}
	transport := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, addr)
			if err != nil && dialer.LocalAddr != nil {
				// A system that routes only 127.0.0.1 to loopback (macOS):
				// from there, under the server's limits per address.
				c, err = (&net.Dialer{Timeout: dialer.Timeout}).DialContext(ctx, network, addr)
			}
			if err != nil {
				return nil, err
			}
			return &countingConn{Conn: c, read: &d.read}, nil
		},
		DisableKeepAlives: true,
	}
	return &http.Client{Transport: transport, Timeout: 2 * time.Minute}
}

// countingConn counts the bytes read on it.
type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// loadBattle is one battle of the load and the orders given in it.
type loadBattle struct {
	tokens map[string]string // by side
	given  atomic.Int64
	cancel context.CancelFunc
	// pending says that a seat waits for the view after its order; done
	// that the battle's orders are given: the last of the two to see
	// both ends the battle's connections, so that no order's view is
	// cut off.
	pending, done atomic.Bool
	// next is when the battle's next order may be given (UnixNano), with
	// a rate.
	next atomic.Int64
}

// loadServer creates n battles, connects both seats of each, has the
// acting seat of each end its phase whenever its view says it acts (at
// most rate orders a second a battle, where rate is above 0; the first
// order of each battle at a random moment of the first interval),
// orders times per battle, all at once, and measures. The time waited
// for a battle's next slot is not counted in an order's time.
func loadServer(ws, web string, n, orders int, fog bool, mode websocket.CompressionMode, rate float64) (loadReport, error) {
	u, err := url.Parse(web)
	if err != nil {
		return loadReport{}, err
	}
	ip := net.ParseIP(u.Hostname())
	d := &loadDialer{loopback: u.Hostname() == "localhost" || ip != nil && ip.IsLoopback()}
	battles := make([]*loadBattle, n)
	body := fmt.Sprintf(`{"fog":%t}`, fog)
	if err := parallel(n, 16, func(i int) error {
		resp, err := d.client(2*i).Post(web+"/battles", "application/json", bytes.NewReader([]byte(body)))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode != http.StatusOK {
			return remote.AnswerError(resp, data)
		}
		var c struct{ Allies, Axis string }
		if err := json.Unmarshal(data, &c); err != nil {
			return err
		}
		battles[i] = &loadBattle{tokens: map[string]string{"allies": c.Allies, "axis": c.Axis}}
		return nil
	}); err != nil {
		return loadReport{}, fmt.Errorf("creating the battles: %w", err)
	}

	var every time.Duration
	if rate > 0 {
		every = time.Duration(float64(time.Second) / rate)
	}
	type seat struct {
		b    *loadBattle
		side string
		conn *websocket.Conn
		ctx  context.Context
		// acting is who acts in the welcome's view.
		acting string
	}
	seats := make([]*seat, 2*n)
	for i, b := range battles {
		ctx, cancel := context.WithCancel(context.Background())
		b.cancel = cancel
		if every > 0 {
			b.next.Store(time.Now().Add(time.Second).Add(time.Duration(rand.Int64N(int64(every)))).UnixNano())
		}
		seats[2*i] = &seat{b: b, side: "allies", ctx: ctx}
		seats[2*i+1] = &seat{b: b, side: "axis", ctx: ctx}
	}
	if err := parallel(len(seats), 32, func(i int) error {
		s := seats[i]
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, ws+"/play", &websocket.DialOptions{HTTPClient: d.client(i), CompressionMode: mode})
		if err != nil {
			return err
		}
		conn.SetReadLimit(8 << 20)
		if err := conn.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"hello","token":%q}`, s.b.tokens[s.side])); err != nil {
			return err
		}
		_, data, err := conn.Read(ctx)
		if err != nil {
			return err
		}
		m, err := loadMessageOf(data)
		if err != nil || m.Type != "welcome" {
			return fmt.Errorf("answer to the hello: %.200s", data)
		}
		s.conn, s.acting = conn, m.acting()
		return nil
	}); err != nil {
		return loadReport{}, fmt.Errorf("connecting the seats: %w", err)
	}

	var (
		mu        sync.Mutex
		latencies []time.Duration
		report    = loadReport{Battles: n}
		refused   atomic.Int64
		failed    atomic.Int64
		lastErr   atomic.Value
		wg        sync.WaitGroup
	)
	startBytes := d.read.Load()
	start := time.Now()
	if every > 0 {
		start = start.Add(time.Second) // the first orders wait that long
	}
	for _, s := range seats {
		wg.Go(func() {
			defer s.conn.CloseNow()
			var own []time.Duration
			defer func() {
				mu.Lock()
				latencies = append(latencies, own...)
				mu.Unlock()
			}()
			acting, outstanding, accepted := s.acting, false, false
			var sent time.Time
			for {
				if !outstanding && acting == s.side {
					if s.b.given.Add(1) > int64(orders) {
						s.b.done.Store(true)
						if !s.b.pending.Load() {
							s.b.cancel() // the battle's orders given: both seats stop
						}
						return
					}
					s.b.pending.Store(true)
					if every > 0 {
						next := time.Unix(0, s.b.next.Load())
						time.Sleep(time.Until(next))
						if now := time.Now(); next.Before(now) {
							next = now // behind: no burst to catch up
						}
						s.b.next.Store(next.Add(every).UnixNano())
					}
					if err := s.conn.Write(s.ctx, websocket.MessageText, []byte(`{"type":"order","order":{"order":"end-phase"}}`)); err != nil {
						return
					}
					sent, outstanding, accepted = time.Now(), true, false
				}
				_, data, err := s.conn.Read(s.ctx)
				if err != nil {
					if s.ctx.Err() == nil {
						failed.Add(1)
						lastErr.Store(err.Error())
						s.b.cancel()
					}
					return
				}
				m, err := loadMessageOf(data)
				if err != nil {
					failed.Add(1)
					lastErr.Store(err.Error())
					s.b.cancel()
					return
				}
				switch m.Type {
				case "accepted":
					accepted = true
				case "refused":
					refused.Add(1)
					outstanding = false
					s.b.pending.Store(false)
				case "update":
					acting = m.acting()
					if outstanding && accepted {
						own = append(own, time.Since(sent))
						outstanding = false
						s.b.pending.Store(false)
						if s.b.done.Load() {
							s.b.cancel()
							return
						}
					}
					if acting == "" {
						s.b.cancel() // over
						return
					}
				case "error":
					failed.Add(1)
					lastErr.Store(string(data))
					s.b.cancel()
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	report.Seconds = elapsed.Seconds()
	report.Orders = int64(len(latencies))
	report.Refused = refused.Load()
	report.Errors = failed.Load()
	if e, ok := lastErr.Load().(string); ok {
		report.LastError = e
	}
	if report.Orders > 0 {
		slices.Sort(latencies)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		report.P50ms = ms(latencies[len(latencies)/2])
		report.P99ms = ms(latencies[min(len(latencies)-1, len(latencies)*99/100)])
		report.MaxMs = ms(latencies[len(latencies)-1])
		report.OrdersPerSecond = float64(report.Orders) / elapsed.Seconds()
		report.BytesPerOrder = float64(d.read.Load()-startBytes) / float64(report.Orders)
	}
	return report, nil
}

// loadMessage is the part of a server message load reads.
type loadMessage struct {
	Type string `json:"type"`
	View struct {
		View struct {
			Acting string `json:"acting"`
		} `json:"view"`
	} `json:"view"`
}

// acting is the side that acts in the message's view ("" once over).
func (m loadMessage) acting() string { return m.View.View.Acting }

func loadMessageOf(data []byte) (loadMessage, error) {
	var m loadMessage
	err := json.Unmarshal(data, &m)
	return m, err
}

// parallel runs f(0) to f(n-1), workers at once, and returns the first
// error.
func parallel(n, workers int, f func(int) error) error {
	var next atomic.Int64
	var first error
	var once sync.Once
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := f(i); err != nil {
					once.Do(func() { first = fmt.Errorf("%d: %w", i, err) })
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}
