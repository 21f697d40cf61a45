package game

import (
	"fmt"

	"hexfire/battle"
	"hexfire/combat"
)

// secondCandidates returns the enemy vehicles that AT shot o's volley
// may strike besides its target, in unit order: those the battle accepts
// as o's Second. None unless the ruleset lets the shot's weapon (plan's)
// fire such volleys (combat.TwoTargetVolleys).
func secondCandidates(b *battle.Battle, o battle.Fire, plan *battle.FirePlan) []*battle.Unit {
	if plan == nil || !combat.VolleyStrikesTwo(b.Rules(), plan.Shot.Weapon) {
		return nil
	}
	var out []*battle.Unit
	for _, u := range b.Units() {
		if u.Side == plan.Firer.Side || !u.OnMap() || u.ID == o.Target || u.Type.Kind.Infantry() {
			continue
		}
		s := o
		s.Second = u.ID
		if _, err := b.PlanFire(s); err == nil {
			out = append(out, u)
		}
	}
	return out
}

// volleyOf returns AT shot o (planned as plan, nil when refused) with the
// second vehicle the player picked, turn presses of the volley key after
// none (wrapping to none), its plan, and the preview's line about it.
func volleyOf(b *battle.Battle, o battle.Fire, plan *battle.FirePlan, turn int) (battle.Fire, *battle.FirePlan, []tipLine) {
	cands := secondCandidates(b, o, plan)
	if len(cands) == 0 {
		return o, plan, nil
	}
	i := turn % (len(cands) + 1)
	if i == 0 {
		return o, plan, []tipLine{{tipText, fmt.Sprintf("`: the volley's second hit at another vehicle in the bracket (%d in reach)", len(cands))}}
	}
	second := cands[i-1]
	s := o
	s.Second = second.ID
	sp, err := b.PlanFire(s)
	if err != nil {
		return o, plan, []tipLine{{tipRefused, fmt.Sprintf("second vehicle %s: %v", second.Label(), err)}}
	}
	line := fmt.Sprintf("second hit at %s (%s)  (`: the next)", second.Label(), b.Board().Label(second.Pose.Hex))
	return s, &sp, []tipLine{{tipText, line}}
}

// volleyKey picks the next vehicle for the previewed volley's second
// hit, or none after the last.
func (g *Game) volleyKey(*Intents) {
	p := &g.play
	o, ok := p.pv.attack.(battle.Fire)
	if ok {
		o.Second = 0
	}
	if !ok || p.pv.kind != attackAT || len(secondCandidates(g.battle, o, p.pv.plan)) == 0 {
		g.note("` aims a volley's second hit at another vehicle, where the ruleset's launcher fires volleys (d20: the Panzerfaust)")
		return
	}
	p.secondTurn++
}
