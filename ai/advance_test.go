package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestRetiresBeforeTheAdvance: a Pz IV of the defender (the axis win when
// time runs out unless they lose 4 units) stands in E3, behind the woods
// of G2–H5, out of sight of four Shermans in L2–L5, which could drive
// round the woods next turn and see it. Waiting for their advance in the
// open, it would be caught by four guns; it moves to where the enemy's
// advance brings less fire (futureThreat). With the Shermans immobilized
// there is no advance to fear. For an attacker (no side wins when time
// runs out) the enemy's next advance does not count (futureDanger): it is
// the one that must advance.
func TestRetiresBeforeTheAdvance(t *testing.T) {
	grid := `
. . . . . . . . . . . . . .
. . . . . . W W . . . . . .
. . . . . . W W . . . . . .
. . . . . . W W . . . . . .
. . . . . . W W . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
`
	for _, tt := range []struct {
		name      string
		victory   string
		immobile  bool
		wantMoves bool
	}{
		{"defender, the enemy may advance", "allies destroy 4; axis otherwise", false, true},
		{"defender, the enemy immobilized", "allies destroy 4; axis otherwise", true, false}, // where it goes is cover's to say
		{"attacker", "allies destroy 4; axis destroy 4", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			us := []unitAt{{"Pz IV H", maps.Axis, "E3", board.DirSE, ""}}
			for _, h := range []string{"L2", "L3", "L4", "L5"} {
				us = append(us, unitAt{"M4A3E8", maps.Allies, h, board.DirNW, "hold"})
			}
			b := fixture{grid: grid, turns: 8, units: us, props: map[string]string{"victory": tt.victory}}.battle(t)
			if tt.immobile {
				for id := battle.UnitID(2); id <= 5; id++ {
					b.Unit(id).Markers |= battle.Immobile
				}
			}
			play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.Movement && b.Acting() == maps.Axis })
			d := newDecision(t, b, maps.Axis)
			d.weighStakes()
			pz := b.Unit(1)
			if threat, _ := d.threatTo(pz, pz.Pose); threat != 0 {
				t.Fatalf("the Shermans threaten E3 now (%.2f); the fixture wants it out of their sight", threat)
			}
			future, danger := d.futureThreat(pz, pz.Pose), d.futureDanger(pz, pz.Pose)
			switch {
			case tt.immobile && future != 0:
				t.Fatalf("immobilized Shermans threaten an advance on E3 (%.2f)", future)
			case !tt.immobile && future == 0:
				t.Fatal("the Shermans' advance does not threaten E3")
			case tt.wantMoves && danger == 0 || tt.name == "attacker" && danger != 0:
				t.Fatalf("the danger of the advance to E3 counts %.2f for the %s", danger, tt.name)
			}
			if !tt.wantMoves {
				return
			}
			_, best, path := d.bestPose(pz)
			if path == nil {
				t.Fatal("stays in E3, where the Shermans' advance will catch it")
			}
			if d.futureThreat(pz, best.pose) >= future {
				t.Errorf("moves to %s, where the advance threatens %.2f, no less than %.2f in E3", b.Board().Label(best.pose.Hex),
					d.futureThreat(pz, best.pose), future)
			}
		})
	}
}
