package ai

import (
	"math/rand/v2"

	"hexfire/battle"
)

// goOnAfterFire is the order for a move that came through opportunity fire
// and waits for its owner (battle.MovePaused): on along the rest of the
// path the player gave, or a halt where there is no rest or the engine
// would refuse it (battle.Check). The players
// choose a move as a whole path and keep to it; with rng, random play
// halts half the time instead. ok is false when no move waits so.
func goOnAfterFire(b *battle.Battle, rng *rand.Rand) (o battle.Order, why string, ok bool) {
	u, rest, _ := b.MovePaused()
	switch {
	case u == nil:
		return nil, "", false
	case len(rest) == 0 || rng != nil && rng.IntN(2) == 0:
		return battle.Halt{}, u.Label() + " came through the fire: it halts", true
	}
	on := battle.Move{Unit: u.ID, Path: rest}
	if b.Check(on) != nil { // the fire or the steps so far left it too few MP for the rest
		return battle.Halt{}, u.Label() + " came through the fire and cannot go on: it halts", true
	}
	return on, u.Label() + " came through the fire: it goes on", true
}
