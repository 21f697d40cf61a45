package ai

import (
	"fmt"
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

// playOut plays a battle to its end, failing on any refused order, and
// returns the orders as save records (comparable text).
func playOut(t *testing.T, b *battle.Battle, players map[maps.Side]Player) []string {
	t.Helper()
	for range 100000 {
		if b.Result() != nil {
			break
		}
		side := b.Acting()
		o, why := ask(players[side], b)
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("seed %d, turn %d, %s %s phase: order %#v (%s) refused: %v", b.Config().Seed, b.Turn(), side, b.Phase(), o, why, err)
		}
	}
	if b.Result() == nil {
		t.Fatalf("seed %d: battle not over after 100000 orders", b.Config().Seed)
	}
	var out []string
	for _, r := range b.Save().Orders {
		out = append(out, fmt.Sprintf("%+v", r))
	}
	return out
}

// TestEveryOrderLegal plays whole battles on the default map between every
// pair of players and fails on any order the battle refuses. It also
// checks that AP fire was among the orders every player gave. (Whether a
// player happens to close-assault in these battles depends on every rule;
// that random play can is TestRandomOffersAssaults, that the opponent does
// where it pays TestOpponentCloseAssaults.)
func TestEveryOrderLegal(t *testing.T) {
	kinds := []string{"opponent", "random", "greedy"}
	given := map[string]map[string]bool{}
	for _, k := range kinds {
		given[k] = map[string]bool{}
	}
	for _, allies := range kinds {
		for _, axis := range kinds {
			t.Run(allies+" vs "+axis, func(t *testing.T) {
				for seed := range uint64(12) {
					b := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: seed + 1, Fog: battle.FogOff})
					playOut(t, b, map[maps.Side]Player{maps.Allies: newTestPlayer(t, allies, b), maps.Axis: newTestPlayer(t, axis, b)})
					for _, o := range b.Orders() {
						given[map[bool]string{true: allies, false: axis}[sideOf(b, o) == maps.Allies]][o.Name()] = true
					}
				}
			})
		}
	}
	for _, tt := range []struct {
		player, order string
	}{
		{"opponent", "fire-ap"}, {"random", "fire-ap"}, {"greedy", "fire-ap"},
	} {
		if !given[tt.player][tt.order] {
			t.Errorf("%s gave no %s order in any battle, want some", tt.player, tt.order)
		}
	}
}

// sideOf returns the side of the unit that gives order o ("" for orders
// without a unit: end-phase, pass).
func sideOf(b *battle.Battle, o battle.Order) maps.Side {
	var id battle.UnitID
	switch o := o.(type) {
	case battle.Fire:
		id = o.Unit
	case battle.FireAP:
		id = o.Units[0]
	case battle.Assault:
		id = o.Units[0]
	case battle.Move:
		id = o.Unit
	case battle.Advance:
		id = o.Unit
	case battle.Turn:
		id = o.Unit
	case battle.FireSmoke:
		id = o.Unit
	case battle.PlaceSmoke:
		id = o.Unit
	case battle.Load:
		id = o.Unit
	case battle.Unload:
		id = o.Unit
	}
	if u := b.Unit(id); u != nil {
		return u.Side
	}
	return ""
}

func newTestPlayer(t *testing.T, kind string, b *battle.Battle) Player {
	t.Helper()
	switch kind {
	case "random":
		return Random{}
	case "greedy":
		return &Greedy{}
	}
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	return op
}

// TestDeterminism: the same seed gives the same orders, and an opponent
// made afresh for a battle in progress (as after loading a save) decides
// exactly as the one that played it.
func TestDeterminism(t *testing.T) {
	for _, seed := range []uint64{3, 17} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			b1, b2 := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: seed, Fog: battle.FogOff}), battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: seed, Fog: battle.FogOff})
			o1 := playOut(t, b1, map[maps.Side]Player{maps.Allies: newTestPlayer(t, "opponent", b1), maps.Axis: newTestPlayer(t, "opponent", b1)})
			o2 := playOut(t, b2, map[maps.Side]Player{maps.Allies: newTestPlayer(t, "opponent", b2), maps.Axis: newTestPlayer(t, "opponent", b2)})
			if !slices.Equal(o1, o2) {
				t.Fatalf("two runs with seed %d gave different orders (%d and %d)", seed, len(o1), len(o2))
			}
			if !slices.ContainsFunc(b1.Orders(), func(o battle.Order) bool { return o.Name() == "fire-ap" }) {
				t.Errorf("seed %d: no AP fire in the battle, want the replay to cover it", seed)
			}
			// Replay: at every order, a fresh opponent must choose the
			// order the original chose.
			b3 := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: seed, Fog: battle.FogOff})
			for i, o := range b1.Orders() {
				fresh, err := opponentOf(b3)
				if err != nil {
					t.Fatal(err)
				}
				rolled := b3.DiceRolled()
				have, _ := ask(fresh, b3)
				if b3.DiceRolled() != rolled {
					t.Fatalf("order %d: deciding rolled the battle's dice", i)
				}
				if fmt.Sprintf("%#v", have) != fmt.Sprintf("%#v", o) {
					t.Fatalf("order %d: a fresh opponent chose %#v, the original %#v", i, have, o)
				}
				if _, err := b3.Apply(o); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestRandomOffersAssaults: in the Advance phase, with a squad next to an
// enemy hex, random play counts close assault among its order kinds, and
// the battle accepts the assaults it offers; with no enemy adjacent, none.
func TestRandomOffersAssaults(t *testing.T) {
	for _, tt := range []struct {
		name, enemyAt string
		want          bool
	}{
		{"enemy adjacent", "C2", true},
		{"enemy two hexes away", "C1", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{typ: "US Rifle Squad", side: maps.Allies, hex: "C3"},
				{typ: "German Rifle Squad", side: maps.Axis, hex: tt.enemyAt},
			}}.battle(t)
			for range 3 { // Fire, Movement, Defensive Fire
				if _, err := b.Apply(battle.EndPhase{}); err != nil {
					t.Fatal(err)
				}
			}
			legal := 0
			for _, kind := range randomKinds(b, maps.Allies) {
				for o := range kind.orders() {
					if _, ok := o.(battle.Assault); ok && b.Check(o) == nil {
						legal++
					}
				}
			}
			if have := legal > 0; have != tt.want {
				t.Errorf("random play offers %d legal assaults, want some: %v", legal, tt.want)
			}
		})
	}
}

// TestOpponentCloseAssaults: in the Advance phase two squads next to a lone
// enemy half squad in the open close-assault it (odds 4-1); with the enemy
// two hexes away there is nothing to assault.
func TestOpponentCloseAssaults(t *testing.T) {
	for _, tt := range []struct {
		enemyAt string
		want    bool
	}{{"C2", true}, {"C1", false}} {
		t.Run(tt.enemyAt, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{typ: "US Rifle Squad", side: maps.Allies, hex: "C3"},
				{typ: "US Rifle Squad", side: maps.Allies, hex: "C3"},
				{typ: "German Rifle Half Squad", side: maps.Axis, hex: tt.enemyAt},
			}}.battle(t)
			for range 3 { // Fire, Movement, Defensive Fire
				if _, err := b.Apply(battle.EndPhase{}); err != nil {
					t.Fatal(err)
				}
			}
			o, why := ask(mustOpponent(t, b), b)
			if _, assaults := o.(battle.Assault); assaults != tt.want {
				t.Errorf("the opponent gives %#v (%s), want an assault: %v", o, why, tt.want)
			}
		})
	}
}
