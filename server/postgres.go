package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"hexfire/maps"
)

// postgresSchema creates the server's tables where they are missing, as
// sqliteSchema does. The orders' primary key (battle, number) is what
// lets several server processes share one database: of two processes
// that give a battle its next order at once, one insert fails on it
// (ErrOrderExists), and that process catches up before it tries again.
const postgresSchema = `
CREATE TABLE IF NOT EXISTS battles (
	id               BIGSERIAL PRIMARY KEY,
	scenario         TEXT    NOT NULL,
	scenario_digest  TEXT    NOT NULL,
	catalogue_digest TEXT    NOT NULL,
	ruleset          TEXT    NOT NULL,
	fog              BOOLEAN NOT NULL,
	seed             BIGINT  NOT NULL,
	version          INTEGER NOT NULL,
	digest           TEXT    NOT NULL,
	created          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS seats (
	battle     BIGINT NOT NULL REFERENCES battles(id),
	side       TEXT   NOT NULL,
	player     TEXT   NOT NULL,
	token_hash BYTEA,
	PRIMARY KEY (battle, side)
);
CREATE INDEX IF NOT EXISTS seats_token_hash ON seats (token_hash);
CREATE TABLE IF NOT EXISTS files (
	battle BIGINT NOT NULL REFERENCES battles(id),
	name   TEXT   NOT NULL,
	data   BYTEA  NOT NULL,
	PRIMARY KEY (battle, name)
);
CREATE TABLE IF NOT EXISTS orders (
	battle BIGINT  NOT NULL REFERENCES battles(id),
	number INTEGER NOT NULL,
	record TEXT    NOT NULL,
	reason TEXT    NOT NULL,
	digest TEXT    NOT NULL,
	PRIMARY KEY (battle, number)
);`

// postgresChannel is the channel of PostgreSQL's NOTIFY on which every
// stored order is announced, as "BATTLE:NUMBER", to the server processes
// sharing the database (Postgres.Watch).
const postgresChannel = "hexfire_orders"

// schemaLock is the key of the advisory lock under which a process
// creates the schema, so that two started at once do not both create it.
const schemaLock = 0x4865786669726531 // "Hexfire1"

// defaultPoolConns is how many connections a server keeps to PostgreSQL
// unless the URL says (pool_max_conns=N): our choice, a fair share of
// PostgreSQL's default of 100 connections for a few server processes.
const defaultPoolConns = 24

// Postgres is the Store in a PostgreSQL database (github.com/jackc/pgx),
// which several server processes may share: each order is inserted in
// its own transaction, committed before it is acknowledged, and
// announced to the other processes with NOTIFY (Watch).
type Postgres struct {
	pool *pgxpool.Pool
	url  string // for messages, without the password
}

// OpenPostgres connects to the database at url (postgres://...) and
// creates the server's tables where they are missing.
func OpenPostgres(ctx context.Context, rawURL string) (*Postgres, error) {
	shown := redactURL(rawURL)
	config, err := pgxpool.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("server: database %s: %w", shown, err)
	}
	if !strings.Contains(rawURL, "pool_max_conns") {
		// pgxpool's default is the number of CPUs (at least 4): every
		// battle's order waits for one of them while its battle is held.
		config.MaxConns = defaultPoolConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, fmt.Errorf("server: database %s: %w", shown, err)
	}
	p := &Postgres{pool: pool, url: shown}
	err = p.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(schemaLock)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, postgresSchema)
		return err
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("server: open database %s: %w", shown, err)
	}
	return p, nil
}

// redactURL is a database URL without its password, for messages.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(a postgres URL that does not parse)"
	}
	return u.Redacted()
}

// CreateBattle stores battle b, its seats and its files in one
// transaction.
func (p *Postgres) CreateBattle(ctx context.Context, b BattleRecord) (id int64, err error) {
	err = p.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO battles (scenario, scenario_digest, catalogue_digest, ruleset, fog, seed, version, digest)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
			b.Scenario, b.ScenarioDigest, b.CatalogueDigest, b.Ruleset, b.Fog, int64(b.Seed), b.Version, b.Digest).Scan(&id)
		if err != nil {
			return err
		}
		for _, seat := range b.Seats {
			if _, err := tx.Exec(ctx, `INSERT INTO seats (battle, side, player, token_hash) VALUES ($1, $2, $3, $4)`,
				id, string(seat.Side), seat.Player, seat.TokenHash); err != nil {
				return err
			}
		}
		for _, name := range fileNames(b.Files) {
			if _, err := tx.Exec(ctx, `INSERT INTO files (battle, name, data) VALUES ($1, $2, $3)`, id, name, b.Files[name]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("server: store a battle of %s in %s: %w", b.Scenario, p.url, err)
	}
	return id, nil
}

// battleColumns are the columns of a BattleRecord in table battles.
const battleColumns = `id, scenario, scenario_digest, catalogue_digest, ruleset, fog, seed, version, digest`

// scanBattle reads a row of battleColumns.
func scanBattle(row pgx.Row) (BattleRecord, error) {
	var b BattleRecord
	var seed int64
	err := row.Scan(&b.ID, &b.Scenario, &b.ScenarioDigest, &b.CatalogueDigest, &b.Ruleset, &b.Fog, &seed, &b.Version, &b.Digest)
	b.Seed = uint64(seed)
	return b, err
}

// Battles returns every stored battle with its seats and files.
func (p *Postgres) Battles(ctx context.Context) ([]BattleRecord, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+battleColumns+` FROM battles ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("server: read the battles of %s: %w", p.url, err)
	}
	battles, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (BattleRecord, error) { return scanBattle(row) })
	if err != nil {
		return nil, fmt.Errorf("server: read the battles of %s: %w", p.url, err)
	}
	for i := range battles {
		if err := p.details(ctx, &battles[i]); err != nil {
			return nil, err
		}
	}
	return battles, nil
}

// details reads the seats and files of battle b.
func (p *Postgres) details(ctx context.Context, b *BattleRecord) error {
	rows, err := p.pool.Query(ctx, `SELECT side, player, token_hash FROM seats WHERE battle = $1 ORDER BY side`, b.ID)
	if err != nil {
		return fmt.Errorf("server: read the seats of battle %d in %s: %w", b.ID, p.url, err)
	}
	b.Seats, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (SeatRecord, error) {
		var seat SeatRecord
		var side string
		err := row.Scan(&side, &seat.Player, &seat.TokenHash)
		seat.Side = maps.Side(side)
		return seat, err
	})
	if err != nil {
		return fmt.Errorf("server: read the seats of battle %d in %s: %w", b.ID, p.url, err)
	}
	rows, err = p.pool.Query(ctx, `SELECT name, data FROM files WHERE battle = $1`, b.ID)
	if err != nil {
		return fmt.Errorf("server: read the files of battle %d in %s: %w", b.ID, p.url, err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var data []byte
		if err := rows.Scan(&name, &data); err != nil {
			return fmt.Errorf("server: read the files of battle %d in %s: %w", b.ID, p.url, err)
		}
		if b.Files == nil {
			b.Files = map[string][]byte{}
		}
		b.Files[name] = data
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("server: read the files of battle %d in %s: %w", b.ID, p.url, err)
	}
	return nil
}

// BattleOfToken returns the battle one of whose seats has token hash,
// which another process may have created since this one started.
func (p *Postgres) BattleOfToken(ctx context.Context, hash []byte) (BattleRecord, bool, error) {
	b, err := scanBattle(p.pool.QueryRow(ctx, `SELECT `+battleColumns+` FROM battles
		WHERE id = (SELECT battle FROM seats WHERE token_hash = $1 LIMIT 1)`, hash))
	if errors.Is(err, pgx.ErrNoRows) {
		return BattleRecord{}, false, nil
	}
	if err != nil {
		return BattleRecord{}, false, fmt.Errorf("server: find a seat in %s: %w", p.url, err)
	}
	if err := p.details(ctx, &b); err != nil {
		return BattleRecord{}, false, err
	}
	return b, true, nil
}

// Orders returns the orders of battle id numbered above after, by number.
func (p *Postgres) Orders(ctx context.Context, id int64, after int) ([]OrderRow, error) {
	rows, err := p.pool.Query(ctx, `SELECT number, record, reason, digest FROM orders WHERE battle = $1 AND number > $2 ORDER BY number`, id, after)
	if err != nil {
		return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, p.url, err)
	}
	defer rows.Close()
	var orders []OrderRow
	for rows.Next() {
		var o OrderRow
		var record string
		if err := rows.Scan(&o.Number, &record, &o.Reason, &o.Digest); err != nil {
			return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, p.url, err)
		}
		if err := json.Unmarshal([]byte(record), &o.Record); err != nil {
			return nil, fmt.Errorf("server: battle %d, order %d in %s: %w", id, o.Number, p.url, err)
		}
		orders = append(orders, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, p.url, err)
	}
	return orders, nil
}

// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const uniqueViolation = "23505"

// AppendOrder stores order row of battle id once the battle's stored
// orders end just before it, and announces it on postgresChannel (the
// NOTIFY is delivered when the transaction commits). Two processes that
// insert the same number at once are told apart by the primary key: the
// second's insert waits for the first's transaction and then fails with
// ErrOrderExists.
func (p *Postgres) AppendOrder(ctx context.Context, id int64, row OrderRow) error {
	record, err := json.Marshal(row.Record)
	if err != nil {
		return fmt.Errorf("server: battle %d, order %d: %w", id, row.Number, err)
	}
	err = p.inTx(ctx, func(tx pgx.Tx) error {
		var last int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(number), 0) FROM orders WHERE battle = $1`, id).Scan(&last); err != nil {
			return err
		}
		if last >= row.Number {
			return fmt.Errorf("%w (the battle has %d)", ErrOrderExists, last)
		}
		if last != row.Number-1 {
			return fmt.Errorf("the battle has %d orders stored, so its next is %d", last, last+1)
		}
		_, err := tx.Exec(ctx, `INSERT INTO orders (battle, number, record, reason, digest) VALUES ($1, $2, $3, $4, $5)`,
			id, row.Number, string(record), row.Reason, row.Digest)
		if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == uniqueViolation {
			return fmt.Errorf("%w (stored by another writer just now)", ErrOrderExists)
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, postgresChannel, fmt.Sprintf("%d:%d", id, row.Number))
		return err
	})
	if err != nil {
		return fmt.Errorf("server: store order %d of battle %d in %s: %w", row.Number, id, p.url, err)
	}
	return nil
}

// watchRetry is how long Watch waits before it listens again on a lost
// connection: our choice.
const watchRetry = time.Second

// Watch calls stored with the battle and number of every order stored in
// the database, by any process (this one's too), until ctx ends. When
// its connection is lost it connects again and calls stored(0, 0):
// orders may have been missed, so every battle should catch up.
func (p *Postgres) Watch(ctx context.Context, stored func(battle int64, number int)) {
	for ctx.Err() == nil {
		err := p.listen(ctx, stored)
		if ctx.Err() != nil {
			return
		}
		stored(0, 0)
		_ = err // a lost connection: listened again below
		select {
		case <-ctx.Done():
			return
		case <-time.After(watchRetry):
		}
	}
}

// listen waits for the notifications of postgresChannel on a connection
// of its own until it fails or ctx ends.
func (p *Postgres) listen(ctx context.Context, stored func(battle int64, number int)) error {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The connection leaves the pool: one that listened is not handed to
	// another query.
	c := conn.Hijack()
	defer c.Close(context.WithoutCancel(ctx))
	if _, err := c.Exec(ctx, "LISTEN "+postgresChannel); err != nil {
		return err
	}
	stored(0, 0) // anything stored before the LISTEN took effect
	for {
		n, err := c.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		before, after, ok := strings.Cut(n.Payload, ":")
		id, err1 := strconv.ParseInt(before, 10, 64)
		number, err2 := strconv.Atoi(after)
		if !ok || err1 != nil || err2 != nil {
			continue // not one of ours
		}
		stored(id, number)
	}
}

// Name is the database's URL without its password.
func (p *Postgres) Name() string { return p.url }

// Close closes the pool's connections.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}

// inTx runs f in a transaction, committed when f returns nil.
func (p *Postgres) inTx(ctx context.Context, f func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, p.pool, f)
}
