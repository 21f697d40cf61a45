package ai

import (
	"math/rand/v2"

	"hexfire/battle"
)

// goOnAfterFire is the order for a move that came through opportunity fire
// and waits for its owner (battle.MovePaused): on along the rest of the
// path the player gave, or a halt where there is no rest or the fire
// left the unit unable to go on. The players
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
	if on := (battle.Move{Unit: u.ID, Path: rest}); b.Check(on) == nil {
		return on, u.Label() + " came through the fire: it goes on", true
	}
	// The fire left it unable to go on (immobilized, pinned).
	return battle.Halt{}, u.Label() + " came through the fire and cannot go on: it halts", true
}
