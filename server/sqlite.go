package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"

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
// machine losing power. The orders of different battles given at the
// same moment are committed together (group commit: one transaction
// and one sync for all the orders waiting, AppendOrder), so that the
// sync, a millisecond or more, is not paid once for every order of
// every battle in turn.
type SQLite struct {
	db   *sql.DB
	path string

	// appends are the orders waiting for the writer (write); closing
	// stops it once they are stored, and mu keeps an order from being
	// queued after Close.
	appends chan *appendRequest
	closing chan struct{}
	written chan struct{}
	mu      sync.RWMutex
	closed  bool
}

// appendRequest is an order waiting to be stored, and where its
// outcome goes.
type appendRequest struct {
	ctx    context.Context
	id     int64
	row    OrderRow
	record string
	done   chan error
}

// maxGroup is the most orders committed in one transaction: our choice,
// so that one commit stays short.
const maxGroup = 256

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
	s := &SQLite{db: db, path: path, appends: make(chan *appendRequest, maxGroup), closing: make(chan struct{}), written: make(chan struct{})}
	go s.write()
	return s, nil
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
// orders end just before it. It returns once the transaction that holds
// it is committed (with the orders of other battles queued meanwhile)
// or has failed; an order queued is waited for to the end, whatever ctx
// does, so that no stored order is reported lost.
func (s *SQLite) AppendOrder(ctx context.Context, id int64, row OrderRow) error {
	record, err := json.Marshal(row.Record)
	if err != nil {
		return fmt.Errorf("server: battle %d, order %d: %w", id, row.Number, err)
	}
	req := &appendRequest{ctx: ctx, id: id, row: row, record: string(record), done: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return fmt.Errorf("server: store order %d of battle %d in %s: the database is closed", row.Number, id, s.path)
	}
	select {
	case s.appends <- req:
	case <-ctx.Done():
		s.mu.RUnlock()
		return fmt.Errorf("server: store order %d of battle %d in %s: %w", row.Number, id, s.path, ctx.Err())
	}
	s.mu.RUnlock()
	if err := <-req.done; err != nil {
		return fmt.Errorf("server: store order %d of battle %d in %s: %w", row.Number, id, s.path, err)
	}
	return nil
}

// write stores the orders queued, as many at once as are waiting, until
// Close; then it stores those left and ends.
func (s *SQLite) write() {
	defer close(s.written)
	for {
		var first *appendRequest
		select {
		case first = <-s.appends:
		case <-s.closing:
			for {
				select {
				case req := <-s.appends:
					s.commitGroup([]*appendRequest{req})
				default:
					return
				}
			}
		}
		group := []*appendRequest{first}
	gather:
		for len(group) < maxGroup {
			select {
			case req := <-s.appends:
				group = append(group, req)
			default:
				break gather
			}
		}
		s.commitGroup(group)
	}
}

// commitGroup stores the orders of group in one transaction, each
// checked to be its battle's next: one that is not is refused alone
// (its insert not made), the others committed together. A commit that
// fails fails them all.
func (s *SQLite) commitGroup(group []*appendRequest) {
	errs := make([]error, len(group))
	err := s.inTx(context.Background(), func(tx *sql.Tx) error {
		// Each statement is prepared once for the group, not parsed
		// again for each of its orders.
		last, err := tx.Prepare(`SELECT COALESCE(MAX(number), 0) FROM orders WHERE battle = ?`)
		if err != nil {
			return err
		}
		defer last.Close()
		insert, err := tx.Prepare(`INSERT INTO orders (battle, number, record, reason, digest) VALUES (?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer insert.Close()
		for i, req := range group {
			errs[i] = appendIn(last, insert, req)
		}
		return nil
	})
	for i, req := range group {
		if err != nil && errs[i] == nil {
			errs[i] = err
		}
		req.done <- errs[i]
	}
}

// appendIn inserts order req with the statement insert, after checking
// with the statement lastOrder (the battle's highest order number) that
// it is its battle's next, both of one transaction. A refused order
// leaves the transaction as it was: SQLite takes back a failed statement
// alone.
func appendIn(lastOrder, insert *sql.Stmt, req *appendRequest) error {
	if err := req.ctx.Err(); err != nil {
		return err
	}
	var last int
	if err := lastOrder.QueryRow(req.id).Scan(&last); err != nil {
		return err
	}
	if last >= req.row.Number {
		return fmt.Errorf("%w (the battle has %d)", ErrOrderExists, last)
	}
	if last != req.row.Number-1 {
		return fmt.Errorf("the battle has %d orders stored, so its next is %d", last, last+1)
	}
	_, err := insert.Exec(req.id, req.row.Number, req.record, req.row.Reason, req.row.Digest)
	return err
}

// Close stores the orders queued and closes the database.
func (s *SQLite) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.closing)
	}
	s.mu.Unlock()
	<-s.written
	return s.db.Close()
}

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
