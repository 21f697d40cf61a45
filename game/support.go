package game

import (
	"fmt"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// Off-board artillery and air missions (rules 21): Shift+R arms the next
// click to call the side's first kind of mission left on the clicked hex,
// with the selected unit as the spotter of an artillery mission; Shift+R
// again picks the next choice (each artillery kind's smoke barrage after
// it, rules 21.7), then disarms. The hovered hex previews the mission's
// chance of landing there and the odds of its strike.

// callChoice is what a click calls in modeCall: a kind of mission, or its
// smoke barrage.
type callChoice struct {
	kind  maps.SupportKind
	smoke bool
}

// noun names the choice with its article ("an air strike", "a smoke
// barrage (light)").
func (c callChoice) noun() string {
	switch {
	case c.smoke:
		return "a smoke barrage (" + string(c.kind) + ")"
	case c.kind == maps.FighterBomber:
		return "an " + c.kind.Noun()
	}
	return "a " + c.kind.Noun()
}

// callChoices lists what the side may call: each kind of mission left,
// an artillery kind followed by its smoke barrage.
func callChoices(left []maps.SupportMissions) []callChoice {
	var cs []callChoice
	for _, m := range left {
		cs = append(cs, callChoice{kind: m.Kind})
		if m.Kind.Artillery() {
			cs = append(cs, callChoice{kind: m.Kind, smoke: true})
		}
	}
	return cs
}

// callKey arms, cycles or disarms the call of an off-board mission.
func (g *Game) callKey(*Intents) {
	p := &g.play
	b := g.battle
	left := b.SupportLeft(b.Acting())
	switch {
	case len(left) == 0:
		g.note("the " + b.Acting().Title() + " have no artillery or air missions left")
		p.mode = modeNormal
		return
	case !b.TransferOpen():
		g.note("missions are called in the Command phase: at the start of your Fire phase, before any other order")
		p.mode = modeNormal
		return
	}
	cs := callChoices(left)
	i := 0
	if p.mode == modeCall {
		i = slices.Index(cs, p.call) + 1
		if i >= len(cs) {
			p.mode = modeNormal
			return
		}
	}
	p.mode, p.call = modeCall, cs[i]
	how := "click the target hex"
	if p.call.kind.Artillery() {
		how = "click the target hex, which the selected unit must see"
	}
	g.note(fmt.Sprintf("call %s: %s; Shift+R: the next choice; Esc cancels", p.call.noun(), how))
}

// callOrder is the call of choice c on hex h, spotted by sel when it is
// artillery.
func callOrder(sel *battle.Unit, h board.Hex, c callChoice) battle.CallFire {
	o := battle.CallFire{Kind: c.kind, Target: h, Smoke: c.smoke}
	if c.kind.Artillery() && sel != nil {
		o.Spotter = sel.ID
	}
	return o
}

// supportTip previews the call of choice c on hex h with sel as the
// spotter: who spots, the chance it lands there, and the exact odds of its
// strike there (or the smoke it lays); or why the battle refuses it.
func supportTip(b *battle.Battle, sel *battle.Unit, h board.Hex, c callChoice) []tipLine {
	bd := b.Board()
	o := callOrder(sel, h, c)
	left := 0
	for _, m := range b.SupportLeft(b.Acting()) {
		if m.Kind == c.kind {
			left = m.Count
		}
	}
	lines := []tipLine{{tipTitle, fmt.Sprintf("call %s on %s (%d %s left)", c.noun(), bd.Label(h), left, c.kind.Noun())},
		{tipText, "click: call it;  Shift+R: the next choice;  Esc: cancel"}}
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
	if c.smoke {
		add(tipText, "lays Smoke 2 where it lands, for 2 of your %d smoke factors; the %s is kept (rules 21.7)", b.SmokeSupply(b.Acting()), c.kind.Noun())
		return lines
	}
	st := p.Strike
	if len(st.Defenders) == 0 && len(st.Vehicles) == 0 {
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
	return append(lines, vehicleStrikeLines(st.VehicleStrike, strings.Replace(landing, ":", ",", 1))...)
}

// vehicleStrikeLines give, for each vehicle rounds falling on a hex roll
// against (an off-board mission's, a mortar's), its chance to be hit and
// what a hit does; prefix comes before "hit".
func vehicleStrikeLines(vs battle.VehicleStrike, prefix string) []tipLine {
	var lines []tipLine
	for i, u := range vs.Vehicles {
		lines = append(lines, tipLine{tipTitle, fmt.Sprintf("%s: %shit on %d or less", u.Label(), prefix, vs.ShotOdds[i].ToHit)})
		lines = append(lines, oddsLines(vs.ShotOdds[i])...)
	}
	return lines
}
