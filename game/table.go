package game

import (
	"hexfire/battle"
	"hexfire/maps"
)

// table is what the battle scene plays against: who acts, a side's view,
// and an order given. The local umpire (umpire.Umpire) holding the whole
// battle is one; a seat played on a hexfire-server, which has only its
// own side's view, is another. What only a battle held here can do
// (saves, undo, replays, the computer's seats, the history for the log)
// stays with play.ump.
type table interface {
	// Acting is the side that gives the next order ("" once it is over).
	Acting() maps.Side
	// View is what side knows of the battle now.
	View(side maps.Side) *battle.View
	// Apply gives order o, for the reason why (a computer player's), and
	// returns its events, or why it was refused.
	Apply(o battle.Order, why string) ([]battle.Event, error)
	// Fog reports whether the battle is fought under fog of war.
	Fog() bool
}
