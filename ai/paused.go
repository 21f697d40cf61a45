package ai

import (
	"math/rand/v2"

	"hexfire/battle"
)

// goOnAfterFire is the order for a move that came through opportunity fire
// and waits for its owner (battle.MovePaused): on along the rest of the
// path the player gave, or a halt where there is no rest or the battle
// refuses it (the fire left the unit no MP, say). The players
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
	if o := (battle.Move{Unit: u.ID, Path: rest}); b.Check(o) == nil {
		return o, u.Label() + " came through the fire: it goes on", true
	}
	return battle.Halt{}, u.Label() + " came through the fire but cannot go on (the battle refuses the rest of its path): it halts", true
}
