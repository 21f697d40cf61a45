package game

import (
	"fmt"

	"hexfire/battle"
	"hexfire/board"
)

// stackCandidates returns the units that may move with u as a stack (rules
// 6.31): in the Movement phase, the other infantry of u's side in its hex
// that may move, when u is infantry that may move and no move is under
// way. The battle checks the stack again when the move is given.
func stackCandidates(b *battle.Battle, u *battle.Unit) []*battle.Unit {
	if b.Phase() != battle.Movement || b.Moving() != nil || u.Side != b.Acting() || !u.Type.Kind.Infantry() || b.CheckMove(u) != nil {
		return nil
	}
	if paused, _, _ := b.MovePaused(); paused != nil {
		return nil
	}
	var cands []*battle.Unit
	for _, c := range b.UnitsAt(u.Pose.Hex) {
		if c != u && c.Side == u.Side && c.Type.Kind.Infantry() && b.CheckMove(c) == nil {
			cands = append(cands, c)
		}
	}
	return cands
}

// stackTip is the move preview's list of the units that may move with u
// (the digits take each in or out; bits of in) and the stack's MP, with
// the cost of the move to h.
func stackTip(b *battle.Battle, u *battle.Unit, cands []*battle.Unit, in uint16, reach *board.Reach, h board.Hex) []tipLine {
	stack := []*battle.Unit{u}
	for i, c := range cands {
		if i < maxMembers && in&(1<<i) != 0 {
			stack = append(stack, c)
		}
	}
	cost, _ := reach.Cost(h)
	lines := []tipLine{{tipTitle, fmt.Sprintf("move %s → %s: %d of %d MP", b.Board().Label(u.Pose.Hex), b.Board().Label(h), cost, b.StackSpec(stack).MP)},
		{tipText, "moving with it as a stack (1-9: in or out; a leader gives squads 6 MP):"}}
	return append(lines, memberLines(cands, ^in, nil)...)
}
