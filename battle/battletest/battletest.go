// Package battletest holds the helpers the tests of several packages share:
// the shipped catalogue, a battle of the default scenario or of a small
// ASCII map, and the lookups that name a hex by its label and a unit by
// its scenario name, so a test says which unit it means rather than where
// the scenario happens to place it in order.
//
// It imports battle, so battle's own internal tests cannot use it (they
// would import themselves); they keep their few helpers in package battle.
package battletest

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// Catalogue returns the shipped unit catalogue (units.Default), its derived
// letters rated by r (nil: left NoRating), failing t if it does not load.
// It takes r rather than the default ruleset's rater because that ruleset's
// tests use this package.
func Catalogue(t testing.TB, r units.LetterRater) *units.Catalogue {
	t.Helper()
	c, err := units.Default(r)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// DefaultBattle starts a battle of the embedded default scenario on the
// shipped catalogue, rated by r (see Catalogue), with cfg, failing t if it
// does not start.
func DefaultBattle(t testing.TB, r units.LetterRater, cfg battle.Config) *battle.Battle {
	t.Helper()
	cat := Catalogue(t, r)
	sc, err := maps.Default(cat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Hex returns the hex of b's board labelled label ("C4"), failing t if
// there is none.
func Hex(t testing.TB, b *battle.Battle, label string) board.Hex {
	t.Helper()
	h, err := b.Board().ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Unit returns the ID of the one unit of b that the scenario names name
// (Unit.Name, the type's name where the scenario gives none), or whose
// label is name ("Sherman #1"), failing t unless exactly one unit matches.
func Unit(t testing.TB, b *battle.Battle, name string) battle.UnitID {
	t.Helper()
	var found []battle.UnitID
	for _, u := range b.Units() {
		if u.Name == name || u.Label() == name {
			found = append(found, u.ID)
		}
	}
	switch len(found) {
	case 1:
		return found[0]
	case 0:
		t.Fatalf("no unit named %q", name)
	default:
		t.Fatalf("%d units named %q (%v): name one by its label", len(found), name, found)
	}
	return 0
}

// OpenMap is a small board of open ground, 6 hexes by 5, for Grid.
const OpenMap = `
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
`

// Placed is a unit of a Grid battle: its type's name, its side, the label
// of its hex and its facing. A test package may name a type of its own
// after it (type placed battletest.Placed) to write its units unkeyed.
type Placed struct {
	Type   string
	Side   maps.Side
	Hex    string
	Facing board.Direction
}

// Grid starts a battle with cfg on the ASCII map grid (board.ParseASCII)
// in layout l, on catalogue cat, with the scenario properties props and
// the units us (IDs 1, 2, … in order), failing t if it does not start.
// The scenario is "test.tmx" of 50 m hexes, fought under elimination
// unless cfg.Ruleset names another, the Allies first.
func Grid[P ~struct {
	Type   string
	Side   maps.Side
	Hex    string
	Facing board.Direction
}](t testing.TB, cat *units.Catalogue, l board.Layout, grid string, props map[string]string, cfg battle.Config, us ...P) *battle.Battle {
	t.Helper()
	bd, err := board.ParseASCII(l, grid)
	if err != nil {
		t.Fatal(err)
	}
	if props == nil {
		props = map[string]string{}
	}
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: props}
	for i, p := range us {
		u := Placed(p)
		h, err := bd.ParseHex(u.Hex)
		if err != nil {
			t.Fatal(err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.Type, Side: u.Side, Hex: h, Facing: u.Facing})
	}
	b, err := battle.New(sc, cat, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
