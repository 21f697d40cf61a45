package battle

import (
	"fmt"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// Dummy counters (maps.DummyType; docs/RULES.md, Fog of war) are units of
// their side with nobody behind them. The battle keeps them among its
// units, so that the enemy's knowledge of them is worked out exactly as
// of any unit, and its own side sees them whole. They move as infantry
// and take a squad's room in a hex, but UnitsAt leaves them out, so that
// no attack, assault, effect, count or hold finds them; actor refuses
// them every order but a move. The moment the enemy would spot one
// (intel.judge, intel.reveal) it is taken off the map (vanished) and an
// event seen by both sides says so (DummyRevealed). In a battle without
// fog they are taken off at set-up.

// dummyType is the unit type of every dummy: a squad to the rules of
// movement, stacking and sight (its 4 MP, its room in a hex, the kind a
// watcher looks at), with no firepower, range, weapon or casualty rating.
var dummyType = &units.Type{Name: maps.DummyType, Kind: units.Squad, Source: "battle: dummy counters"}

// Dummy reports whether u is a dummy counter.
func (u *Unit) Dummy() bool { return u.Placement.Dummy() }

// Vanished reports whether u is a dummy taken off the map: the enemy came
// to make it out, or the battle is fought without fog.
func (u *Unit) Vanished() bool { return u.offMap == vanished }

// clearDummies takes every dummy off the map before a battle without fog
// begins: in the open a dummy deceives no one.
func (b *Battle) clearDummies() {
	for _, u := range b.units {
		if u.Dummy() {
			u.offMap = vanished
		}
	}
}

// dummyRefused is why dummy u may not carry out an order that needs
// strength: a dummy only moves.
func dummyRefused(u *Unit) error {
	return fmt.Errorf("%s is a dummy: it has no strength, and only moves", u.Label())
}

// unmasked is a dummy the other side came to make out, with what did it.
type unmasked struct {
	ID UnitID
	By Reveal
}

// unmask takes dummy u off the map now that the other side would spot it
// for cause, and forgets it: that side saw it for what it is. Its event
// waits in the knowledge until unmaskedEvents hands it out.
func (in *intel) unmask(b *Battle, u *Unit, cause Reveal) {
	i := int(u.ID - 1)
	u.offMap = vanished
	in.seen[i] = Sighting{}
	in.concealed[i] = false
	in.relook(b, u)
	in.at[i], in.on[i] = u.Pose.Hex, false
	in.news[Opponent(u.Side)]++
	in.unmasked = append(in.unmasked, unmasked{ID: u.ID, By: cause})
}

// unmaskedEvents returns an event for each dummy taken off the map since
// it was last called (DummyRevealed), in the order they went.
func (b *Battle) unmaskedEvents() []Event {
	if b.intel == nil {
		return nil
	}
	var events []Event
	for _, m := range b.intel.unmasked {
		u := b.Unit(m.ID)
		events = append(events, Event{Kind: DummyRevealed, Unit: u.ID, Hex: u.Pose.Hex,
			Text: fmt.Sprintf("the %s contact in %s is a dummy (revealed by %s): it is removed", u.Side.Adjective(), b.Board().Label(u.Pose.Hex), m.By.Event)})
	}
	b.intel.unmasked = nil
	return events
}

// unmaskAt reveals, for cause, the dummies of the enemy of side in hex h
// (an attack or an assault on the hex is about to find them) and returns
// their events.
func (b *Battle) unmaskAt(side maps.Side, h board.Hex, cause string) []Event {
	if b.intel == nil {
		return nil
	}
	for _, u := range b.standingAt(h) {
		if u.Dummy() && u.Side != side {
			b.intel.unmask(b, u, Reveal{Event: cause, Turn: b.turn})
		}
	}
	return b.unmaskedEvents()
}

// dummyEntered is what befalls dummy u in the hex it has just entered: a
// fire lane of the enemy there finds it out, as its fire would show a
// unit (ours; a minefield and a sniper find nobody to harm).
func (b *Battle) dummyEntered(u *Unit) []Event {
	if b.intel == nil || b.LaneMarkers(Opponent(u.Side), u.Pose.Hex) == 0 {
		return nil
	}
	b.intel.unmask(b, u, Reveal{Event: RevealAttacked, Turn: b.turn})
	return b.unmaskedEvents()
}
