package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/units"
)

func init() {
	commands["bot"] = command{summary: "a computer player plays one seat of a battle on a hexfire-server to its end", run: runBot}
}

// The bot's patience: our own choices (remote has a client's limits).
const (
	// botGiveUp: the bot gives up once it has been without a connection
	// for so long (a server down for a minute is no error).
	botGiveUp = 10 * time.Minute
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
	ws, _, err := remote.URLs(*serverFlag)
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
	cat, err := loadCatalogue()
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
	var backoff remote.Backoff
	for {
		report, welcomed, err := b.session(ctx)
		if err == nil {
			return report, nil
		}
		if _, stop := errors.AsType[stopError](err); stop || ctx.Err() != nil {
			return botReport{}, err
		}
		if welcomed {
			backoff.Connected()
		}
		wait := backoff.Next()
		if backoff.Down() > botGiveUp {
			return botReport{}, fmt.Errorf("no connection to %s for %v: %w", b.url, botGiveUp, err)
		}
		b.logf("%v; connecting again in %v", err, wait)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return botReport{}, ctx.Err()
		}
	}
}

// session is one connection: the hello, then the views as they come and
// the seat's orders, until the battle is over (its result returned) or
// the connection ends (an error; welcomed says whether it got as far as
// the welcome).
func (b *bot) session(ctx context.Context) (report botReport, welcomed bool, err error) {
	conn, err := remote.Dial(ctx, b.url, b.token)
	if err != nil {
		return botReport{}, false, err
	}
	defer conn.Close()
	sctx, stop := context.WithCancel(ctx)
	defer stop()

	// The bot acts on each view it is sent in which its side acts. While
	// it acts nothing else happens in the battle, and the update that
	// follows an order's acceptance is the view after it. last is the
	// latest view, refusals the refusals in a row of the orders given
	// from it.
	var last *battle.View
	refusals := 0
	for {
		m, data, err := conn.Read(sctx)
		if data == nil && err != nil {
			return botReport{}, welcomed, fmt.Errorf("the connection to %s ended: %w", b.url, err)
		}
		if b.record != nil {
			if _, err := b.record.Write(append(data, '\n')); err != nil {
				return botReport{}, welcomed, fmt.Errorf("--record: %w", err)
			}
		}
		if err != nil {
			return botReport{}, welcomed, err
		}
		var v *battle.View
		switch m.Type {
		case "welcome":
			if v, err = b.welcome(m); err != nil {
				if _, again := errors.AsType[remote.FetchError](err); again {
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
				if conn.Retry(sctx) {
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

// welcome takes the server's welcome: the seat's battle, side and
// scenario (the same on every connection), and its view, which it
// returns; the first seats the bot's player with the seat's seed.
func (b *bot) welcome(m remote.ServerMessage) (*battle.View, error) {
	if b.scenario == nil {
		sc, err := remote.OpenScenario(context.Background(), b.url, b.token, m.Scenario, b.catalogue)
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
func (b *bot) order(ctx context.Context, conn *remote.Conn, v *battle.View) error {
	o, _ := b.player.Next(v)
	if wait := time.Until(b.lastOrder.Add(b.every)); wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	b.orders++
	if err := conn.SendOrder(ctx, strconv.Itoa(b.orders), battle.RecordOf(o, v.Board())); err != nil {
		return err
	}
	b.lastOrder = time.Now()
	return nil
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
