package battle

import (
	"fmt"

	"hexfire/board"
)

// StageMarkers sets the markers of unit id outside the sequence of play,
// and StageSmoke the smoke level of hex h: for a battle set out by hand to
// be looked at (the game's study table) and never played on. No rule
// runs; the next order treats them as if play had put them there.
func (b *Battle) StageMarkers(id UnitID, m Markers) error {
	u := b.Unit(id)
	if u == nil {
		return fmt.Errorf("there is no unit #%d", id)
	}
	u.Markers = m
	return nil
}

// StageSmoke sets the smoke in hex h to level 0 (none), 1 or 2; see
// StageMarkers.
func (b *Battle) StageSmoke(h board.Hex, level int) error {
	switch {
	case !b.Board().Contains(h):
		return fmt.Errorf("%s is off the map", b.Board().Label(h))
	case level < 0 || level > 2:
		return fmt.Errorf("smoke level %d in %s: want 0, 1 or 2", level, b.Board().Label(h))
	case level == 0:
		delete(b.smoke, h)
	default:
		b.smoke[h] = level
	}
	return nil
}
