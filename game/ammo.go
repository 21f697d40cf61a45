package game

import (
	"fmt"
	"slices"

	"hexfire/battle"
	"hexfire/combat"
)

// ammoPicks is the round each unit is set to fire with its AT shots, by
// unit; a unit not in it fires its ruleset's default round. Only rulesets
// that fire by ammunition (combat.AmmoRules) offer a choice.
type ammoPicks map[battle.UnitID]string

// of returns the round u is set to fire, "" for the default.
func (a ammoPicks) of(u battle.UnitID) string { return a[u] }

// roundsOf returns the rounds u's weapon may fire under the battle's
// ruleset, the default first, or none when it has no choice.
func roundsOf(b *battle.Battle, u *battle.Unit) []string {
	w, err := b.WeaponOf(u)
	if err != nil {
		return nil
	}
	return combat.AmmunitionOf(b.Rules(), w)
}

// nextRound returns the round after picked among rounds ("" is the
// default, rounds[0]), wrapping to the default, which it returns as "".
func nextRound(rounds []string, picked string) string {
	i := max(0, slices.Index(rounds, picked))
	next := rounds[(i+1)%len(rounds)]
	if next == rounds[0] {
		return ""
	}
	return next
}

// ammoKey sets the selected unit to fire its next round, and says which.
func (g *Game) ammoKey(*Intents) {
	sel := g.battle.Unit(g.play.unit)
	if sel == nil || !sel.Active() {
		g.note("\\ picks the round the selected unit fires, where the ruleset lets its gun choose")
		return
	}
	rounds := roundsOf(g.battle, sel)
	if len(rounds) < 2 {
		g.note(fmt.Sprintf("%s has no choice of rounds under %s", sel.Label(), g.battle.Rules().Name()))
		return
	}
	if g.play.ammo == nil {
		g.play.ammo = ammoPicks{}
	}
	next := nextRound(rounds, g.play.ammo.of(sel.ID))
	if next == "" {
		delete(g.play.ammo, sel.ID)
		g.note(fmt.Sprintf("%s fires %s, its default round", sel.Label(), rounds[0]))
		return
	}
	g.play.ammo[sel.ID] = next
	g.note(fmt.Sprintf("%s fires %s", sel.Label(), next))
}

// withAmmo returns AT shot o firing round ("" for the default).
func withAmmo(o battle.Fire, round string) battle.Fire {
	o.Ammo = round
	return o
}

// ammoLines are the fire preview's rounds for AT shot o: each round the
// firer's gun may fire with its chance to hit and to destroy, the one o
// fires marked, and the key that changes it. None when there is no choice.
func ammoLines(b *battle.Battle, o battle.Fire) []tipLine {
	sel := b.Unit(o.Unit)
	if sel == nil {
		return nil
	}
	rounds := roundsOf(b, sel)
	if len(rounds) < 2 {
		return nil
	}
	lines := []tipLine{{tipText, "rounds (\\: fire the next)"}}
	states := b.States()
	for i, r := range rounds {
		shot := o
		shot.Ammo = r
		if i == 0 {
			shot.Ammo = ""
		}
		mark := "  "
		if shot.Ammo == o.Ammo {
			mark = "> "
		}
		plan, err := b.PlanFire(shot)
		if err != nil {
			lines = append(lines, tipLine{tipRefused, fmt.Sprintf("%s%s: refused: %v", mark, r, err)})
			continue
		}
		s := plan.Odds.Summary(states)
		lines = append(lines, tipLine{tipResult, fmt.Sprintf("%s%-6s hit %.0f%%  destroy %.0f%%  still fighting %.0f%%",
			mark, r, 100*s.P(s.Hit), 100*s.P(s.Destroy), 100*s.P(s.Fighting))})
	}
	return lines
}
