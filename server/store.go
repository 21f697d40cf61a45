package server

import (
	"context"
	"errors"
	"slices"

	"hexfire/battle"
	"hexfire/maps"
)

// Store keeps the server's battles and their orders, so that a server
// killed at any moment starts again where its last acknowledged order
// left each battle. The server reaches storage through this interface
// alone: SQLite is one implementation (OpenSQLite); another database
// implements the same methods.
type Store interface {
	// CreateBattle stores a new battle and returns its id. The record's
	// ID is ignored.
	CreateBattle(ctx context.Context, b BattleRecord) (int64, error)
	// Battles returns every stored battle, by id.
	Battles(ctx context.Context) ([]BattleRecord, error)
	// BattleOfToken returns the battle one of whose seats has the token
	// of hash, false when none has: a battle another server process
	// sharing the store created since this one started.
	BattleOfToken(ctx context.Context, hash []byte) (BattleRecord, bool, error)
	// Orders returns the stored orders of battle id numbered above after,
	// by number.
	Orders(ctx context.Context, id int64, after int) ([]OrderRow, error)
	// AppendOrder stores order row of battle id in one transaction, durably
	// once it returns nil. Its number must be the battle's next one: a
	// number already stored is ErrOrderExists.
	AppendOrder(ctx context.Context, id int64, row OrderRow) error
	// Close releases the store.
	Close() error
}

// Watcher is a Store that other server processes may write to as well
// (Postgres). Its orders' numbers are its lock: of two processes giving a
// battle its next order, one is told ErrOrderExists and catches up.
type Watcher interface {
	// Watch calls stored for every order stored by any process, until ctx
	// ends; stored(0, 0) says that some may have been missed.
	Watch(ctx context.Context, stored func(battle int64, number int))
}

// ErrOrderExists is returned by AppendOrder for an order number the
// battle already has: two writers raced for the same battle.
var ErrOrderExists = errors.New("an order of that number is stored already")

// BattleRecord is what a battle started from: with its stored orders it
// is the whole battle (a save file's contents, Save).
type BattleRecord struct {
	ID int64
	// Scenario is the battle's source, battle.EmbeddedPrefix and a path;
	// ScenarioDigest and CatalogueDigest are the digests it was created
	// with, checked when it is replayed.
	Scenario, ScenarioDigest, CatalogueDigest string
	Ruleset                                   string
	Fog                                       bool
	Seed                                      uint64
	// Version is the save version whose rules the battle follows
	// (battle.Config.Version).
	Version int
	// Digest is the battle's state digest before its first order.
	Digest string
	Seats  []SeatRecord
	// Files are the files of an uploaded scenario by name (its .tmx and
	// the tilesets, templates and images it refers to), nil for one of
	// the program's own.
	Files map[string][]byte
}

// fileNames are the names of files, sorted.
func fileNames(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// SeatRecord is who plays one side of a battle.
type SeatRecord struct {
	Side maps.Side
	// Player is "person" or the computer player's name ("opponent",
	// "opponent:easy", ...).
	Player string
	// TokenHash is the SHA-256 of a person's seat token (nil for a
	// computer): the token itself is never stored.
	TokenHash []byte
}

// OrderRow is one stored order.
type OrderRow struct {
	// Number counts the battle's orders from 1.
	Number int
	// Record is the order, without its reason.
	Record battle.OrderRecord
	// Reason is a computer player's reason for it ("" for a person).
	Reason string
	// Digest is the battle's state digest after it.
	Digest string
}

// save assembles the save file of battle r with its orders: what
// battle.Replay rebuilds it from.
func (r BattleRecord) save(orders []OrderRow) battle.Save {
	fog := r.Fog
	s := battle.Save{Format: battle.SaveFormat, Version: r.Version, Scenario: r.Scenario,
		ScenarioDigest: r.ScenarioDigest, CatalogueDigest: r.CatalogueDigest, Ruleset: r.Ruleset,
		Fog: &fog, Seed: r.Seed, Digest: r.Digest, Orders: []battle.OrderRecord{}}
	for _, o := range orders {
		rec := o.Record
		rec.Why = o.Reason
		s.Orders = append(s.Orders, rec)
		s.Digest = o.Digest
	}
	return s
}
