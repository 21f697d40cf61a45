package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"hexfire/fileio"
	"hexfire/maps"

	_ "modernc.org/sqlite" // the "sqlite" driver, pure Go
)

// sqliteSchema creates the server's tables where they are missing. A
// seed is stored as the int64 of the same bits (SQLite's integers are
// signed).
const sqliteSchema = `
CREATE TABLE IF NOT EXISTS battles (
	id               INTEGER PRIMARY KEY AUTOINCREMENT,
	scenario         TEXT    NOT NULL,
	scenario_digest  TEXT    NOT NULL,
	catalogue_digest TEXT    NOT NULL,
	ruleset          TEXT    NOT NULL,
	fog              INTEGER NOT NULL,
	seed             INTEGER NOT NULL,
	version          INTEGER NOT NULL,
	digest           TEXT    NOT NULL,
	created          TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS seats (
	battle     INTEGER NOT NULL REFERENCES battles(id),
	side       TEXT    NOT NULL,
	player     TEXT    NOT NULL,
	token_hash BLOB,
	PRIMARY KEY (battle, side)
);
CREATE INDEX IF NOT EXISTS seats_token_hash ON seats (token_hash);
CREATE TABLE IF NOT EXISTS files (
	battle INTEGER NOT NULL REFERENCES battles(id),
	name   TEXT    NOT NULL,
	data   BLOB    NOT NULL,
	PRIMARY KEY (battle, name)
);
CREATE TABLE IF NOT EXISTS orders (
	battle INTEGER NOT NULL REFERENCES battles(id),
	number INTEGER NOT NULL,
	record TEXT    NOT NULL,
	reason TEXT    NOT NULL,
	digest TEXT    NOT NULL,
	PRIMARY KEY (battle, number)
);`

// SQLite is the Store in one SQLite file (modernc.org/sqlite, no cgo).
// Its writes go through one connection, as SQLite takes one writer at a
// time anyway; each order is committed with a full sync of the
// write-ahead log, so it survives the process being killed and the
// machine losing power.
type SQLite struct {
	db   *sql.DB
	path string
}

// OpenSQLite opens (creating where missing) the database file at path.
func OpenSQLite(path string) (*SQLite, error) {
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("server: database file %s: a name with '?' cannot be told from the driver's parameters", fileio.Quote(path))
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(5000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	// A plain name (not "file:") with the driver's own parameters after
	// '?', which it takes off before SQLite opens the file.
	db, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("server: open database %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(sqliteSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("server: open database %s: %w", path, err)
	}
	return &SQLite{db: db, path: path}, nil
}

// CreateBattle stores battle b and its seats in one transaction.
func (s *SQLite) CreateBattle(ctx context.Context, b BattleRecord) (id int64, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO battles (scenario, scenario_digest, catalogue_digest, ruleset, fog, seed, version, digest)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, b.Scenario, b.ScenarioDigest, b.CatalogueDigest, b.Ruleset, b.Fog, int64(b.Seed), b.Version, b.Digest)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for _, seat := range b.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (battle, side, player, token_hash) VALUES (?, ?, ?, ?)`,
				id, string(seat.Side), seat.Player, seat.TokenHash); err != nil {
				return err
			}
		}
		for _, name := range fileNames(b.Files) {
			if _, err := tx.ExecContext(ctx, `INSERT INTO files (battle, name, data) VALUES (?, ?, ?)`, id, name, b.Files[name]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("server: store a battle of %s in %s: %w", b.Scenario, s.path, err)
	}
	return id, nil
}

// Battles returns every stored battle with its seats and files.
func (s *SQLite) Battles(ctx context.Context) ([]BattleRecord, error) {
	return s.battles(ctx, "", nil)
}

// battles returns the stored battles with their seats and files, those
// whose id is id alone where where is " WHERE battle = ?" and id is it.
func (s *SQLite) battles(ctx context.Context, where string, id any) ([]BattleRecord, error) {
	var args []any
	if where != "" {
		args = []any{id}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, scenario, scenario_digest, catalogue_digest, ruleset, fog, seed, version, digest FROM battles`+strings.ReplaceAll(where, "battle", "id")+` ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("server: read the battles of %s: %w", s.path, err)
	}
	var battles []BattleRecord
	byID := map[int64]int{}
	for rows.Next() {
		var b BattleRecord
		var seed int64
		if err := rows.Scan(&b.ID, &b.Scenario, &b.ScenarioDigest, &b.CatalogueDigest, &b.Ruleset, &b.Fog, &seed, &b.Version, &b.Digest); err != nil {
			rows.Close()
			return nil, fmt.Errorf("server: read the battles of %s: %w", s.path, err)
		}
		b.Seed = uint64(seed)
		byID[b.ID] = len(battles)
		battles = append(battles, b)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("server: read the battles of %s: %w", s.path, err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT battle, side, player, token_hash FROM seats`+where+` ORDER BY battle, side`, args...)
	if err != nil {
		return nil, fmt.Errorf("server: read the seats of %s: %w", s.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var seat SeatRecord
		var side string
		if err := rows.Scan(&id, &side, &seat.Player, &seat.TokenHash); err != nil {
			return nil, fmt.Errorf("server: read the seats of %s: %w", s.path, err)
		}
		seat.Side = maps.Side(side)
		if i, ok := byID[id]; ok {
			battles[i].Seats = append(battles[i].Seats, seat)
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("server: read the seats of %s: %w", s.path, err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT battle, name, data FROM files`+where+` ORDER BY battle, name`, args...)
	if err != nil {
		return nil, fmt.Errorf("server: read the files of %s: %w", s.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		var data []byte
		if err := rows.Scan(&id, &name, &data); err != nil {
			return nil, fmt.Errorf("server: read the files of %s: %w", s.path, err)
		}
		if i, ok := byID[id]; ok {
			if battles[i].Files == nil {
				battles[i].Files = map[string][]byte{}
			}
			battles[i].Files[name] = data
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: read the files of %s: %w", s.path, err)
	}
	return battles, nil
}

// BattleOfToken returns the battle one of whose seats has token hash.
func (s *SQLite) BattleOfToken(ctx context.Context, hash []byte) (BattleRecord, bool, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT battle FROM seats WHERE token_hash = ? LIMIT 1`, hash).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return BattleRecord{}, false, nil
	}
	if err != nil {
		return BattleRecord{}, false, fmt.Errorf("server: find a seat in %s: %w", s.path, err)
	}
	battles, err := s.battles(ctx, " WHERE battle = ?", id)
	if err != nil || len(battles) == 0 {
		return BattleRecord{}, false, err
	}
	return battles[0], true, nil
}

// Orders returns the orders of battle id numbered above after, by number.
func (s *SQLite) Orders(ctx context.Context, id int64, after int) ([]OrderRow, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number, record, reason, digest FROM orders WHERE battle = ? AND number > ? ORDER BY number`, id, after)
	if err != nil {
		return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, s.path, err)
	}
	defer rows.Close()
	var orders []OrderRow
	for rows.Next() {
		var o OrderRow
		var record string
		if err := rows.Scan(&o.Number, &record, &o.Reason, &o.Digest); err != nil {
			return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, s.path, err)
		}
		if err := json.Unmarshal([]byte(record), &o.Record); err != nil {
			return nil, fmt.Errorf("server: battle %d, order %d in %s: %w", id, o.Number, s.path, err)
		}
		orders = append(orders, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("server: read the orders of battle %d in %s: %w", id, s.path, err)
	}
	return orders, nil
}

// AppendOrder stores order row of battle id once the battle's stored
// orders end just before it.
func (s *SQLite) AppendOrder(ctx context.Context, id int64, row OrderRow) error {
	record, err := json.Marshal(row.Record)
	if err != nil {
		return fmt.Errorf("server: battle %d, order %d: %w", id, row.Number, err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var last int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(number), 0) FROM orders WHERE battle = ?`, id).Scan(&last); err != nil {
			return err
		}
		if last >= row.Number {
			return fmt.Errorf("%w (the battle has %d)", ErrOrderExists, last)
		}
		if last != row.Number-1 {
			return fmt.Errorf("the battle has %d orders stored, so its next is %d", last, last+1)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO orders (battle, number, record, reason, digest) VALUES (?, ?, ?, ?, ?)`,
			id, row.Number, string(record), row.Reason, row.Digest)
		return err
	})
	if err != nil {
		return fmt.Errorf("server: store order %d of battle %d in %s: %w", row.Number, id, s.path, err)
	}
	return nil
}

// Close closes the database.
func (s *SQLite) Close() error { return s.db.Close() }

// inTx runs f in a transaction, committed when f returns nil.
func (s *SQLite) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}
