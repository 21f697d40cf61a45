package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestPlayersFireTheSniper: once the Allies' sniper is in play (a German
// natural 12), the opponent and the greedy player fire it at moving German
// infantry in its reach (rules 17.4), the opponent before any other shot.
func TestPlayersFireTheSniper(t *testing.T) {
	for _, tt := range []struct {
		name   string
		player func(b *battle.Battle) Player
		us     string // where the US squad stands: next to the mover, or out of sight
		// shotsFirst: the AP attacks the player makes before the sniper's.
		shotsFirst int
	}{
		{"opponent", func(b *battle.Battle) Player {
			o, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}, "D2", 0},
		{"greedy, after the squad's shot", func(*battle.Battle) Player { return &Greedy{} }, "H1", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// A natural 12 at D3; the sniper's 1 does nothing, the check's 1
			// fails; then an 11 for the greedy squad's shot.
			b := fixture{grid: "\n. . . . . . . .\n. W . . . B . .\n. . . . . . W .\n", props: map[string]string{"sniper_allies": "1"},
				units: []unitAt{
					{"US Rifle Squad", maps.Allies, tt.us, 0, ""},
					{"German Rifle Squad", maps.Axis, "B2", 0, ""},
					{"German Rifle Squad", maps.Axis, "B2", 0, ""},
					{"US Rifle Squad", maps.Allies, "D3", 0, ""},
				}, dice: []int{6, 6, 1, 1, 6, 5}}.battle(t)
			bd := b.Board()
			for b.Phasing() != maps.Axis || b.Phase() != battle.FirePhase {
				mustApply(t, b, battle.EndPhase{})
			}
			mustApply(t, b, battle.FireAP{Units: []battle.UnitID{3}, Target: b.Unit(4).Pose.Hex})
			if _, on := b.SniperAt(maps.Allies); !on {
				t.Fatal("the natural 12 brought no sniper into play")
			}
			for b.Phase() != battle.Movement {
				mustApply(t, b, battle.EndPhase{})
			}
			c2, _ := bd.ParseHex("C2")
			mustApply(t, b, battle.Move{Unit: 2, Path: []board.Pose{{Hex: c2, Facing: b.Unit(2).Pose.Facing}}})
			p := tt.player(b)
			for range tt.shotsFirst {
				o, why := ask(p, b)
				if _, ok := o.(battle.FireAP); !ok {
					t.Fatalf("the Allies answer the move with %#v (%s), want the squad's AP fire first", o, why)
				}
				mustApply(t, b, o)
			}
			if o, why := ask(p, b); o != (battle.Snipe{}) {
				t.Errorf("the Allies answer the move with %#v (%s), want the sniper's shot", o, why)
			}
		})
	}
}

func mustApply(t *testing.T, b *battle.Battle, o battle.Order) {
	t.Helper()
	if _, err := b.Apply(o); err != nil {
		t.Fatal(err)
	}
}
