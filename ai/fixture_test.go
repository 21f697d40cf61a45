package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/umpire"
)

const openMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`

// unitAt places a unit for a test: type, side, hex label, facing, script.
type unitAt struct {
	typ    string
	side   maps.Side
	hex    string
	facing board.Direction
	script string
}

// fixture builds a small battle from an ASCII map (or a board of its own).
type fixture struct {
	grid string
	// board, when set, is the map instead of grid (a shipped scenario's).
	board *board.Board
	units []unitAt
	props map[string]string
	turns int
	rules string // the ruleset, if not the default one
	// arrives makes units reinforcements, by index in units.
	arrives map[int]maps.Arrival
	// placed are the object properties of some units, by index in units.
	placed map[int]map[string]string
	// dice, when set, are the battle's dice faces in order (combat.FixedDice).
	dice []int
	// support is each side's off-board missions (maps.Scenario.Support).
	support map[maps.Side][]maps.SupportMissions
}

func (f fixture) battle(t *testing.T) *battle.Battle {
	t.Helper()
	bd := f.board
	if bd == nil {
		var err error
		if bd, err = board.ParseASCII(board.DefaultLayout, f.grid); err != nil {
			t.Fatalf("fixture map: %v", err)
		}
	}
	sc := &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		Turns: f.turns, FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: f.props, Support: f.support}
	if sc.Properties == nil {
		sc.Properties = map[string]string{}
	}
	for i, u := range f.units {
		h, err := bd.ParseHex(u.hex)
		if err != nil {
			t.Fatalf("fixture unit %d: %v", i, err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: u.facing, Script: u.script,
			Arrives: f.arrives[i], Properties: f.placed[i]})
	}
	cfg := battle.Config{Seed: 1, Ruleset: f.rules}
	if f.dice != nil {
		cfg.Dice = combat.NewFixedDice(f.dice...)
	}
	b, err := battle.New(sc, battletest.Catalogue(t, elimination.Ruleset{}), cfg)
	if err != nil {
		t.Fatalf("battle.New: %v", err)
	}
	return b
}

// play lets p act until the phase is one of stop or the battle ends,
// applying every order (a refused one fails the test), and returns the
// orders given.
func play(t *testing.T, b *battle.Battle, p Player, stop func(*battle.Battle) bool) []battle.Order {
	t.Helper()
	var given []battle.Order
	for range 1000 {
		if b.Result() != nil || stop(b) {
			return given
		}
		o, why := ask(p, b)
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("order %#v (%s) refused: %v", o, why, err)
		}
		given = append(given, o)
	}
	t.Fatalf("no stop after 1000 orders")
	return nil
}

// turnIs stops play when turn n begins.
func turnIs(n int) func(*battle.Battle) bool {
	return func(b *battle.Battle) bool { return b.Turn() >= n }
}

// newDecision is the opponent's decision for side in battle b as it
// stands, to ask its judgements directly. The stakes are not weighed
// (killScale and lossScale stay 1, as Next would not leave them): a test
// that needs them calls weighStakes.
func newDecision(t *testing.T, b *battle.Battle, side maps.Side) *decision {
	t.Helper()
	seed := umpire.SeatSeed(b.Config().Seed, side)
	op, err := NewOpponent(b.View(side), seed)
	if err != nil {
		t.Fatal(err)
	}
	return &decision{o: op, view: newView(b, &op.memo, side), rng: decisionRNG(seed, b, side)}
}

// seated plays both sides of a battle as the umpire seats the computer:
// each side by its own opponent at level, made from the side's view with
// the seat's seed of the battle's seed when the side first acts.
type seated struct {
	seed  uint64
	level Level
	sides map[maps.Side]*Opponent
}

// opponentOf is the opponent, at the normal level, of both sides of b.
func opponentOf(b *battle.Battle) (*seated, error) { return opponentLevelOf(b, Normal) }

// opponentLevelOf is the opponent, at level l, of both sides of b.
func opponentLevelOf(b *battle.Battle, l Level) (*seated, error) {
	s := &seated{seed: b.Config().Seed, level: l, sides: map[maps.Side]*Opponent{}}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		op, err := NewOpponentLevel(b.View(side), umpire.SeatSeed(s.seed, side), l)
		if err != nil {
			return nil, err
		}
		s.sides[side] = op
	}
	return s, nil
}

// mustOpponent is opponentOf(b), failing the test on an error.
func mustOpponent(t *testing.T, b *battle.Battle) *seated {
	t.Helper()
	s, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Next is the order of the opponent of v's side.
func (s *seated) Next(v *battle.View) (battle.Order, string) { return s.sides[v.Side].Next(v) }

// ask is p's next order for the side acting in b, from its view.
func ask(p Player, b *battle.Battle) (battle.Order, string) { return p.Next(b.View(b.Acting())) }
