package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// TestKeepsItsMoveForLesserShots: a Sherman in the open in B4 of gapMap
// is in sight of four Tigers and of eight German squads in the open. In its
// Fire phase its shots are weighed against moving away (moveChecks of
// them), and moving is worth more than the best of them. Every lesser
// shot of the Sherman is worth less than that move too, so it fires none
// of them: each is weighed against the move again, at no cost to the
// checks. Before, its lesser shots used up the checks one by one, and the
// seventh fired unchecked: a unit that fired does not move, so the
// Sherman stayed in the Tigers' sight (the
// Hedgerow Crossroads' Tiger in C1 fired AP at a squad instead of
// leaving a Sherman's sight, and died there).
func TestKeepsItsMoveForLesserShots(t *testing.T) {
	us := []unitAt{{"M4 (75)", maps.Allies, "B4", board.DirNE, ""}}
	for _, h := range []string{"E1", "F1", "G1", "H1"} {
		us = append(us, unitAt{"Tiger I", maps.Axis, h, board.DirS, ""})
	}
	for _, h := range []string{"D2", "E3", "F3", "G3", "H3", "I2", "I3", "J3"} {
		us = append(us, unitAt{"German Rifle Squad", maps.Axis, h, board.DirS, ""})
	}
	b := fixture{grid: gapMap, turns: 6, units: us, props: map[string]string{"victory": "allies hold N7; axis otherwise"}}.battle(t)
	play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == battle.FirePhase && b.Acting() == maps.Allies })
	d := newDecision(t, b, maps.Allies)
	d.weighStakes()
	cands := d.attacks(d.enemies, func(*battle.Unit, task) float64 { return fireThreshold })
	if len(cands) <= moveChecks {
		t.Fatalf("fixture: %d attacks worth fireThreshold, want more than moveChecks (%d)", len(cands), moveChecks)
	}
	op, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	switch o, why := ask(op, b); o.(type) {
	case battle.Fire, battle.FireAP:
		t.Errorf("the Sherman fires instead of moving out of the Tigers' sight: %s", why)
	}
}
