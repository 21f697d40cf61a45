package game

import (
	"fmt"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// Off-board artillery and air missions (rules 21): Shift+R arms the next click
// to call the side's first kind of mission left on the clicked hex, with
// the selected unit as the spotter of an artillery mission; Shift+R again picks
// the next kind, then disarms. The hovered hex previews the mission's
// chance of landing there and the odds of its strike.

// callKey arms, cycles or disarms the call of an off-board mission.
func (g *Game) callKey(*Intents) {
	p := &g.play
	b := g.battle
	left := b.SupportLeft(b.Acting())
	switch {
	case len(left) == 0:
		g.note("the " + sideName(b.Acting()) + " have no artillery or air missions left")
		p.mode = modeNormal
		return
	case !b.TransferOpen():
		g.note("missions are called in the Command phase: at the start of your Fire phase, before any other order")
		p.mode = modeNormal
		return
	}
	i := 0
	if p.mode == modeCall {
		i = slices.IndexFunc(left, func(m maps.SupportMissions) bool { return m.Kind == p.call }) + 1
		if i >= len(left) {
			p.mode = modeNormal
			return
		}
	}
	p.mode, p.call = modeCall, left[i].Kind
	how := "click the target hex"
	if p.call.Artillery() {
		how = "click the target hex, which the selected unit must see"
	}
	g.note(fmt.Sprintf("call %s (%d left): %s; Shift+R: the next kind; Esc cancels", withArticle(p.call), left[i].Count, how))
}

// withArticle names a mission of kind k with its article ("an air strike").
func withArticle(k maps.SupportKind) string {
	if k == maps.FighterBomber {
		return "an " + k.Noun()
	}
	return "a " + k.Noun()
}

// callOrder is the call of a mission of kind k on hex h, spotted by sel
// when it is artillery.
func callOrder(b *battle.Battle, sel *battle.Unit, h board.Hex, k maps.SupportKind) battle.CallFire {
	o := battle.CallFire{Kind: k, Target: h}
	if k.Artillery() && sel != nil {
		o.Spotter = sel.ID
	}
	return o
}

// supportTip previews the call of a mission of kind k on hex h with sel
// as the spotter: who spots, the chance it lands there, and the exact odds
// of its strike there; or why the battle refuses it.
func supportTip(b *battle.Battle, sel *battle.Unit, h board.Hex, k maps.SupportKind) []tipLine {
	bd := b.Board()
	o := callOrder(b, sel, h, k)
	left := 0
	for _, m := range b.SupportLeft(b.Acting()) {
		if m.Kind == k {
			left = m.Count
		}
	}
	lines := []tipLine{{tipTitle, fmt.Sprintf("call %s on %s (%d left)", withArticle(k), bd.Label(h), left)},
		{tipText, "click: call it;  Shift+R: the next kind;  Esc: cancel"}}
	add := func(kind tipKind, format string, a ...any) {
		lines = append(lines, tipLine{kind, fmt.Sprintf(format, a...)})
	}
	p, err := b.PlanSupport(o)
	if err != nil {
		add(tipRefused, "cannot call it: %v", err)
		return lines
	}
	if p.Spotter != nil {
		add(tipText, "spotted by %s", p.Spotter.Label())
		add(tipText, "lands on %s %s; 5 scatters it 1 hex, 6 two, in a rolled direction", bd.Label(h), exact(uint64(p.OnTarget), 6))
	} else {
		add(tipText, "the aircraft need no spotter and strike where called")
	}
	st := p.Strike
	if len(st.Defenders) == 0 && len(st.AFVs) == 0 {
		add(tipText, "no unit there it can harm")
		return lines
	}
	if st.Owner == b.Acting() {
		add(tipRefused, "your own units are in %s: the strike falls on them", bd.Label(h))
	}
	landing := "if it lands: "
	if p.OnTarget == 6 {
		landing = ""
	}
	if len(st.Defenders) > 0 {
		inf := b.Infantry()
		add(tipTitle, "%s%d APFP (row %s) on the hex", landing, st.Attack.APFP, inf.APRow(st.Attack.APFP))
		for _, m := range inf.APModifiers(st.Attack) {
			add(tipStep, "%+d %s", m.Value, m.Label)
		}
		for _, s := range st.Odds.Steps {
			add(tipStep, "%s", s)
		}
		lines = append(lines, fateLines(bd, st.Defenders, st.Odds)...)
	}
	for i, u := range st.AFVs {
		add(tipTitle, "%s: %shit on %d or less", u.Label(), strings.Replace(landing, ":", ",", 1), st.ShotOdds[i].ToHit)
		lines = append(lines, oddsLines(st.ShotOdds[i])...)
	}
	return lines
}
