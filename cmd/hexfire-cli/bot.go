package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

func init() {
	commands["bot"] = command{summary: "a computer player plays one seat of a battle on a hexfire-server to its end", run: runBot}
}

// The bot's limits and patience: our own choices.
const (
	// botReadLimit bounds a message from the server: a welcome holds a
	// view (at most battle.MaxViewBytes) and the side's whole log.
	botReadLimit = 2 * battle.MaxViewBytes
	// botDialTimeout bounds a connection's opening and its hello;
	// botWriteTimeout an order's sending.
	botDialTimeout  = 10 * time.Second
	botWriteTimeout = 10 * time.Second
	// botPingEvery and botPingTimeout: a server that does not answer a
	// ping in time is taken for gone (a connection dead without a close
	// would otherwise be read from forever) and the bot reconnects.
	botPingEvery   = 30 * time.Second
	botPingTimeout = 15 * time.Second
	// The wait before a reconnection doubles from botFirstBackoff up to
	// botMaxBackoff; the bot gives up once it has been without a
	// connection for botGiveUp (a server down for a minute is no error).
	botFirstBackoff = 250 * time.Millisecond
	botMaxBackoff   = 10 * time.Second
	botGiveUp       = 10 * time.Minute
	// botDefaultRate is the orders a second the bot gives at most by
	// default: under the 50 of hexfire-server's limit (server.DefaultOptions),
	// which disconnects a client that gives more.
	botDefaultRate = 40
	// A refused order is given again from the same view after
	// botRefusedWait, botRefusals times in a row at most: the server
	// refuses for a while an order it cannot store or while it shuts
	// down, and an order the engine refuses is refused every time.
	botRefusedWait = time.Second
	botRefusals    = 5
)

// botReport is what bot prints once its battle is over.
type botReport struct {
	Battle int64     `json:"battle"`
	Side   maps.Side `json:"side"`
	// Winner is the winning side, or "draw".
	Winner string                       `json:"winner"`
	Turn   int                          `json:"turn"`
	Losses map[maps.Side]map[string]int `json:"losses"`
}

// serverMessage is any message of the server as the bot reads it
// (server's protocol.go).
type serverMessage struct {
	Type     string          `json:"type"`
	ID       string          `json:"id"`
	Reason   string          `json:"reason"`
	Battle   int64           `json:"battle"`
	Side     maps.Side       `json:"side"`
	Scenario string          `json:"scenario"`
	SeatSeed uint64          `json:"seat_seed,string"`
	View     json.RawMessage `json:"view"`
}

// stopError ends the bot with no other connection tried: the server
// refused the seat (its token) or an order for good, or sent what the bot
// cannot play from.
type stopError struct{ reason string }

func (e stopError) Error() string { return e.reason }

// bot plays one seat of a battle on a server.
type bot struct {
	url        string // the server's ws:// URL
	token      string
	playerName string
	catalogue  *units.Catalogue
	// record receives every message, one a line (nil: none kept).
	record io.Writer
	// every is the least time between two orders (0: none).
	every time.Duration
	// logf tells of lost connections and reconnections.
	logf func(format string, args ...any)

	// Known from the first welcome on.
	battleID int64
	side     maps.Side
	scenario *maps.Scenario
	player   ai.Player
	// orders counts the orders given (the ids sent); lastOrder is when
	// the last was sent.
	orders    int
	lastOrder time.Time
}

func runBot(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(stdout)
	serverFlag := fs.String("server", "", "the server, ws://HOST:PORT")
	token := fs.String("token", "", "the seat's token")
	playerFlag := fs.String("player", "opponent", "the player: opponent, greedy or random")
	levelName := fs.String("level", "", "the opponent's level: easy, normal or hard (default: normal)")
	recordPath := fs.String("record", "", "write every message received to this file, one JSON a line")
	rate := fs.Float64("rate", botDefaultRate, "the most orders a second to give (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bot: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	ws, _, err := serverURLs(*serverFlag)
	if err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	if *token == "" {
		return errors.New("bot: want --token")
	}
	if !slices.Contains(playerNames, *playerFlag) {
		return fmt.Errorf("bot: --player %s: want opponent, greedy or random", fileio.Quote(*playerFlag))
	}
	name := *playerFlag
	if *levelName != "" {
		if name != "opponent" {
			return fmt.Errorf("bot: --level %s: only the opponent has levels, not %s", fileio.Quote(*levelName), name)
		}
		if _, err := ai.ParseLevel(*levelName); err != nil {
			return fmt.Errorf("bot: --level: %w", err)
		}
		name = "opponent:" + *levelName
	}
	if *rate < 0 {
		return fmt.Errorf("bot: --rate %g: want 0 or more", *rate)
	}
	cat, err := units.Default()
	if err != nil {
		return err
	}
	b := &bot{url: ws, token: *token, playerName: name, catalogue: cat,
		logf: func(format string, args ...any) { fmt.Fprintf(os.Stderr, "hexfire-cli bot: "+format+"\n", args...) }}
	if *rate > 0 {
		b.every = time.Duration(float64(time.Second) / *rate)
	}
	if *recordPath != "" {
		f, err := os.Create(*recordPath)
		if err != nil {
			return fmt.Errorf("bot: --record: %w", err)
		}
		defer f.Close()
		b.record = f
	}
	report, err := b.play(context.Background())
	if err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	data, err := json.Marshal(report)
	if err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s\n", data)
	return err
}

// play plays the seat to the battle's end, connecting again after each
// lost connection, and returns the result.
func (b *bot) play(ctx context.Context) (botReport, error) {
	backoff := botFirstBackoff
	var downSince time.Time
	for {
		report, welcomed, err := b.session(ctx)
		if err == nil {
			return report, nil
		}
		if _, stop := errors.AsType[stopError](err); stop || ctx.Err() != nil {
			return botReport{}, err
		}
		if welcomed {
			downSince, backoff = time.Time{}, botFirstBackoff
		}
		if downSince.IsZero() {
			downSince = time.Now()
		}
		if time.Since(downSince) > botGiveUp {
			return botReport{}, fmt.Errorf("no connection to %s for %v: %w", b.url, botGiveUp, err)
		}
		b.logf("%v; connecting again in %v", err, backoff)
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return botReport{}, ctx.Err()
		}
		backoff = min(2*backoff, botMaxBackoff)
	}
}

// session is one connection: the hello, then the views as they come and
// the seat's orders, until the battle is over (its result returned) or
// the connection ends (an error; welcomed says whether it got as far as
// the welcome).
func (b *bot) session(ctx context.Context) (report botReport, welcomed bool, err error) {
	dctx, cancel := context.WithTimeout(ctx, botDialTimeout)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, b.url+"/play", &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		return botReport{}, false, fmt.Errorf("connecting to %s: %w", b.url, err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(botReadLimit)
	hello, err := json.Marshal(map[string]string{"type": "hello", "token": b.token})
	if err != nil {
		return botReport{}, false, err
	}
	if err := conn.Write(dctx, websocket.MessageText, hello); err != nil {
		return botReport{}, false, fmt.Errorf("sending the hello: %w", err)
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	go b.ping(sctx, conn)

	// The bot acts on each view it is sent in which its side acts. While
	// it acts nothing else happens in the battle, and the update that
	// follows an order's acceptance is the view after it. last is the
	// latest view, refusals the refusals in a row of the orders given
	// from it.
	var last *battle.View
	refusals := 0
	for {
		_, data, err := conn.Read(sctx)
		if err != nil {
			return botReport{}, welcomed, fmt.Errorf("the connection to %s ended: %w", b.url, err)
		}
		if b.record != nil {
			if _, err := b.record.Write(append(data, '\n')); err != nil {
				return botReport{}, welcomed, fmt.Errorf("--record: %w", err)
			}
		}
		var m serverMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return botReport{}, welcomed, fmt.Errorf("a message from the server that is not JSON: %w", err)
		}
		var v *battle.View
		switch m.Type {
		case "welcome":
			if v, err = b.welcome(m); err != nil {
				if _, again := errors.AsType[fetchError](err); again {
					return botReport{}, welcomed, err // connected again, as a lost connection
				}
				return botReport{}, welcomed, stopError{reason: err.Error()}
			}
			welcomed = true
		case "update":
			if !welcomed {
				return botReport{}, welcomed, errors.New("an update before the welcome")
			}
			if v, err = battle.DecodeView(b.scenario, b.catalogue, m.View); err != nil {
				return botReport{}, welcomed, stopError{reason: fmt.Sprintf("the server's view does not decode: %v", err)}
			}
		case "accepted":
			continue
		case "refused":
			if refusals++; refusals >= botRefusals || last == nil {
				return botReport{}, welcomed, stopError{reason: fmt.Sprintf("order %s was refused %d times in a row: %s", m.ID, refusals, m.Reason)}
			}
			b.logf("order %s was refused (%s); giving it again in %v", m.ID, m.Reason, botRefusedWait)
			select {
			case <-time.After(botRefusedWait):
			case <-sctx.Done():
				return botReport{}, welcomed, sctx.Err()
			}
			v = last
		case "error":
			if !welcomed {
				// The close that follows says whether to try again later
				// (1013: the seat has as many connections as it may, one
				// perhaps the bot's own, not yet seen closed) or not.
				if _, _, err := conn.Read(sctx); websocket.CloseStatus(err) == websocket.StatusTryAgainLater {
					return botReport{}, welcomed, fmt.Errorf("the server turned the seat away for now: %s", m.Reason)
				}
				return botReport{}, welcomed, stopError{reason: "the server refused the seat: " + m.Reason}
			}
			return botReport{}, welcomed, fmt.Errorf("the server closed the connection: %s", m.Reason)
		default:
			return botReport{}, welcomed, fmt.Errorf("a message of unknown type %s from the server", fileio.Quote(m.Type))
		}
		if v != last {
			last, refusals = v, 0
		}
		if v.Result != nil {
			return b.report(v), true, nil
		}
		if v.Acting == b.side {
			if err := b.order(sctx, conn, v); err != nil {
				return botReport{}, welcomed, err
			}
		}
	}
}

// fetchError is a GET /scenario that failed on the way (the server down,
// or refusing for now): tried again with the next connection.
type fetchError struct{ err error }

func (e fetchError) Error() string { return e.err.Error() }
func (e fetchError) Unwrap() error { return e.err }

// uploadPrefix starts the scenario of a battle whose map was uploaded
// with its files (the server's UploadPrefix), which GET /scenario gives.
const uploadPrefix = "upload:"

// uploadedScenario fetches the files of the battle's uploaded scenario
// (GET /scenario) and loads them as the server did, with the same
// loader and limits (maps.LoadFiles): what a server sends is checked as
// any file is.
func (b *bot) uploadedScenario(source string) (*maps.Scenario, error) {
	_, web, err := serverURLs(b.url)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodGet, web+"/scenario", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+b.token)
	_, body, err := exchange(req)
	if err != nil {
		return nil, fetchError{fmt.Errorf("GET /scenario: %w", err)}
	}
	var answer struct {
		Scenario string            `json:"scenario"`
		Files    map[string][]byte `json:"files"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		return nil, fmt.Errorf("GET /scenario: not its answer: %w", err)
	}
	if answer.Scenario != source {
		return nil, fmt.Errorf("GET /scenario: the scenario %s, where the welcome named %s", fileio.Quote(answer.Scenario), fileio.Quote(source))
	}
	return maps.LoadFiles(answer.Files, strings.TrimPrefix(source, uploadPrefix), b.catalogue)
}

// welcome takes the server's welcome: the seat's battle, side and
// scenario (the same on every connection), and its view, which it
// returns; the first seats the bot's player with the seat's seed.
func (b *bot) welcome(m serverMessage) (*battle.View, error) {
	if b.scenario == nil {
		var sc *maps.Scenario
		var err error
		switch {
		case strings.HasPrefix(m.Scenario, uploadPrefix):
			sc, err = b.uploadedScenario(m.Scenario)
		case strings.HasPrefix(m.Scenario, battle.EmbeddedPrefix):
			sc, err = battle.OpenScenario(m.Scenario, b.catalogue)
		default:
			return nil, fmt.Errorf("the battle's scenario %s is neither one of the program's (%s and a path) nor uploaded (%s and a name): the bot opens no file a server names", fileio.Quote(m.Scenario), battle.EmbeddedPrefix, uploadPrefix)
		}
		if err != nil {
			return nil, fmt.Errorf("the battle's scenario: %w", err)
		}
		b.battleID, b.side, b.scenario = m.Battle, m.Side, sc
	} else if m.Battle != b.battleID || m.Side != b.side {
		return nil, fmt.Errorf("welcomed to the %s of battle %d, after the %s of battle %d", m.Side.Title(), m.Battle, b.side.Title(), b.battleID)
	}
	v, err := battle.DecodeView(b.scenario, b.catalogue, m.View)
	if err != nil {
		return nil, fmt.Errorf("the server's view does not decode: %w", err)
	}
	if b.player == nil {
		if b.player, err = newPlayer(b.playerName, v, m.SeatSeed); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// order has the player decide the side's next order from view v and
// sends it, no sooner than b.every after the last.
func (b *bot) order(ctx context.Context, conn *websocket.Conn, v *battle.View) error {
	o, _ := b.player.Next(v)
	if wait := time.Until(b.lastOrder.Add(b.every)); wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	b.orders++
	record := battle.RecordOf(o, v.Board())
	msg, err := json.Marshal(struct {
		Type  string             `json:"type"`
		ID    string             `json:"id"`
		Order battle.OrderRecord `json:"order"`
	}{"order", strconv.Itoa(b.orders), record})
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, botWriteTimeout)
	defer cancel()
	if err := conn.Write(wctx, websocket.MessageText, msg); err != nil {
		return fmt.Errorf("sending order %d: %w", b.orders, err)
	}
	b.lastOrder = time.Now()
	return nil
}

// ping pings the server every botPingEvery until ctx ends, and closes the
// connection when a ping goes unanswered, so that its read ends.
func (b *bot) ping(ctx context.Context, conn *websocket.Conn) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(botPingEvery):
		}
		pctx, cancel := context.WithTimeout(ctx, botPingTimeout)
		err := conn.Ping(pctx)
		cancel()
		if err != nil && ctx.Err() == nil {
			conn.CloseNow()
			return
		}
	}
}

// report is the result of the battle that view v shows over: once it is
// over the side knows every unit, its losses the enemy's too.
func (b *bot) report(v *battle.View) botReport {
	return botReport{Battle: b.battleID, Side: b.side, Winner: winnerName(v.Result.Winner), Turn: v.Result.Turn, Losses: lossesOf(v.Known().Units())}
}

// winnerName is how a report names a battle's winner: the side, or
// "draw" for none.
func winnerName(winner maps.Side) string {
	if winner == "" {
		return "draw"
	}
	return string(winner)
}
