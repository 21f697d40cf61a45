package game

import (
	"fmt"

	"hexfire/battle"
	"hexfire/board"
)

// overrunTip is the preview of AFV u's overrun of the enemy hex h (rules
// 19) while it may make one: the hexes it drives through, the attack, its
// cost and its chance of casualty points; nil when it may not.
func overrunTip(b *battle.Battle, u *battle.Unit, h board.Hex) []tipLine {
	if u.Side != b.Acting() {
		return nil
	}
	o, err := b.OverrunTo(u, h)
	if err != nil {
		return nil
	}
	p, err := b.PlanOverrun(o)
	if err != nil { // OverrunTo offers only what PlanOverrun accepts
		return nil
	}
	bd := b.Board()
	lines := []tipLine{
		{tipTitle, fmt.Sprintf("Shift+A: overrun %s from %s, out to %s (%d MP)", bd.Label(p.Target), bd.Label(p.From), bd.Label(p.Exit), p.Cost)},
		{tipStep, fmt.Sprintf("%d APFP (the AFV's doubled, passengers' once) on row %s", p.Attack.APFP, b.Infantry().APRow(p.Attack.APFP))},
	}
	for _, m := range b.Infantry().APModifiers(p.Attack) {
		lines = append(lines, tipLine{tipStep, fmt.Sprintf("%+d %s", m.Value, m.Label)})
	}
	lines = append(lines, tipLine{tipResult, fmt.Sprintf("%.0f%% for one casualty point or more", 100*(1-p.Odds.PointsProbability(0)))})
	return lines
}

// overrunKey overruns the hovered enemy hex with the selected AFV
// (Shift+A in the Movement phase).
func (g *Game) overrunKey(*Intents) {
	b := g.battle
	sel := b.Unit(g.play.unit)
	if sel == nil || !g.hasHover || b.Phase() != battle.Movement {
		g.note("Shift+A: in the Movement phase select one of your AFVs, hover an enemy hex it can reach, then Shift+A overruns it")
		return
	}
	g.issueOrRefuse(b.OverrunTo(sel, g.hovered))
}
