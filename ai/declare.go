package ai

import (
	"fmt"

	"hexfire/battle"
)

// This file holds the opponent's side of simultaneous fire
// (combat.SimultaneousFire): its AT shots in a Fire or Defensive Fire
// phase are declarations, rolled together when it resolves them. It aims
// each at what the shots already declared leave standing, so that one
// target likely enough to fall draws no more fire and the rest is spread.

// standing returns the chance each enemy with shots declared at it comes
// through all of them, neither destroyed nor abandoned: the product over
// those shots, independent rolls, of the chance each leaves it standing,
// from the shot's exact odds as declared. It is nil when no shot is
// declared.
func (d *decision) standing() map[battle.UnitID]float64 {
	declared := d.b.DeclaredShots()
	if len(declared) == 0 {
		return nil
	}
	left := map[battle.UnitID]float64{}
	for _, s := range declared {
		sum := s.Odds.Summary(d.b.States())
		p, ok := left[s.Fire.Target]
		if !ok {
			p = 1
		}
		left[s.Fire.Target] = p * (1 - sum.P(sum.Destroy))
	}
	return left
}

// resolveDeclared is the order that rolls the side's declared AT shots,
// when it has any left to roll.
func (d *decision) resolveDeclared() (battle.Order, string, bool) {
	n := len(d.b.DeclaredShots())
	if n == 0 {
		return nil, "", false
	}
	return battle.Resolve{}, fmt.Sprintf("the %s resolve their %s: no other shot worth declaring", d.side, plural(n, "declared AT shot")), true
}

// plural is "1 shot" or "N shots".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
