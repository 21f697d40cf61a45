package battle

import (
	"fmt"

	"hexfire/board"
	"hexfire/maps"
)

// Phase is a phase of a player's segment (default-ruleset.md §2).
type Phase uint8

// The phases in order. Command and After-Action need no decisions and pass
// by themselves; the others end when the acting side ends them.
const (
	Command Phase = iota
	FirePhase
	Movement
	DefensiveFire
	AdvancePhase
	AfterAction
)

var phaseNames = [...]string{"Command", "Fire", "Movement", "Defensive Fire", "Advance & Assault", "After-Action"}

// String returns the phase's name as the rules write it.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", p)
}

// startPhase does what the current phase does by itself and moves past the
// phases that need no decision.
func (b *Battle) startPhase() []Event {
	var events []Event
	for b.result == nil {
		events = append(events, Event{Kind: PhaseStarted, Text: fmt.Sprintf("turn %d, %s: %s phase", b.turn, b.phasing, b.phase)})
		events = append(events, b.expireStates()...)
		events = append(events, b.compulsoryShots()...)
		switch b.phase {
		case Command:
			events = append(events, b.rallyAll()...)
			b.command, b.commands = true, b.commands+1
			b.phase = FirePhase
			continue
		case AfterAction:
			events = append(events, b.afterAction()...)
			events = append(events, b.endSegment()...)
			continue
		}
		return events
	}
	return events
}

// afterAction rallies the phasing side's pinned units early, removes the
// segment's markers from both sides and lets the smoke decay: Smoke 1
// goes, Smoke 2 becomes Smoke 1 (§7).
func (b *Battle) afterAction() []Event {
	events := b.earlyRally()
	for _, u := range b.units {
		u.Markers &^= Fired | Moved | Advanced | TurnedInAdvance | SmokeLaid
	}
	b.assaulted, b.fireGroups = nil, nil
	for _, h := range b.SmokeHexes() {
		b.smoke[h]--
		if b.smoke[h] == 0 {
			delete(b.smoke, h)
		}
		text := fmt.Sprintf("smoke in %s thins to Smoke %d", b.Board().Label(h), b.smoke[h])
		if b.smoke[h] == 0 {
			text = fmt.Sprintf("smoke in %s clears", b.Board().Label(h))
		}
		events = append(events, Event{Kind: SmokeDecayed, Hex: h, Text: text})
	}
	return events
}

// endSegment hands the turn to the other side or ends the game turn, and
// checks whether the battle is over.
func (b *Battle) endSegment() []Event {
	var events []Event
	if b.phasing != b.first {
		for _, u := range b.units {
			u.Markers &^= Loaded
		}
		if b.scenario.Turns > 0 && b.turn >= b.scenario.Turns {
			b.finish(fmt.Sprintf("the last turn (%d) is over", b.turn))
			return append(events, b.endEvent())
		}
		b.turn++
	}
	b.phasing = Opponent(b.phasing)
	b.phase = Command
	return events
}

// nextPhase ends the current phase: the AT shots still declared in it are
// rolled and applied, the attacks held for its end land (simultaneous
// fire), and the next phase starts.
func (b *Battle) nextPhase() ([]Event, error) {
	events, err := b.resolveDeclared()
	if err != nil {
		return nil, err
	}
	events = append(events, b.landHeld()...)
	if b.phase == Movement {
		events = append(events, b.liftLanes()...)
	}
	b.fireResolved = false
	b.phase++
	return append(events, b.startPhase()...), nil
}

// finish ends the battle, deciding the winner by the victory conditions.
func (b *Battle) finish(why string) {
	winner := b.victory.Winner(b, true)
	b.result = &Result{Winner: winner, Turn: b.turn, Reason: why}
	if winner != "" {
		b.result.Reason = why + "; " + b.victory.Explain(b, winner)
	}
}

func (b *Battle) endEvent() Event {
	text := "the battle ends in a draw: " + b.result.Reason
	if b.result.Winner != "" {
		text = fmt.Sprintf("%s win: %s", b.result.Winner, b.result.Reason)
	}
	return Event{Kind: BattleEnded, Text: text}
}

// checkSuddenDeath ends the battle at once when a side has destroyed
// enough enemy units (or taken enough off the map), and drawn when both
// sides have, by the same order: from then on neither could win, so
// playing on to the last turn would decide nothing (older saves did:
// mutualDeathVersion).
func (b *Battle) checkSuddenDeath() []Event {
	if b.result != nil {
		return nil
	}
	if w := b.victory.Winner(b, false); w != "" {
		b.result = &Result{Winner: w, Turn: b.turn, Reason: b.victory.Explain(b, w)}
		return []Event{b.endEvent()}
	}
	if !b.playsOnWhenBothWin() && b.victory.met(b, maps.Allies, false) && b.victory.met(b, maps.Axis, false) {
		b.result = &Result{Turn: b.turn, Reason: fmt.Sprintf("%s, and %s, at once",
			b.victory.Explain(b, maps.Allies), b.victory.Explain(b, maps.Axis))}
		return []Event{b.endEvent()}
	}
	return nil
}

// mutualDeathVersion is the save version from which a battle ends drawn
// at once when both sides meet a destroy or exit clause by one order;
// older saves played on to the last turn.
const mutualDeathVersion = 7

// playsOnWhenBothWin reports whether the battle follows a save of before
// version 7, which played on after both sides had met a destroy or exit
// clause at once (Config.Version).
func (b *Battle) playsOnWhenBothWin() bool {
	return b.config.Version > 0 && b.config.Version < mutualDeathVersion
}

// Result is how a battle ended.
type Result struct {
	Winner maps.Side // maps.Allies, maps.Axis, or "" for a draw
	Turn   int
	Reason string
}

// Eliminated counts the units of side that have been eliminated.
func (b *Battle) Eliminated(side maps.Side) int {
	n := 0
	for _, u := range b.units {
		if u.Side == side && u.Eliminated {
			n++
		}
	}
	return n
}

// Holds reports whether side alone has active units in hex h.
func (b *Battle) Holds(side maps.Side, h board.Hex) bool {
	mine := false
	for _, u := range b.UnitsAt(h) {
		if u.Side != side {
			return false
		}
		mine = true
	}
	return mine
}

// hexByHexVersion is the save version from which a move that came through
// opportunity fire waits for its owner to move it on or halt it (rules
// 13.8); saves of versions 1 and 2 were written when a move went on along
// its path by itself once every firer had passed. Version 3 saves were
// written both before and after the change (an hour apart, on the day it
// was made); they replay by the later rule.
const hexByHexVersion = 3

// wholeMoves reports whether the battle follows a save of before version
// 3, whose moves went on through opportunity fire without waiting for
// their owner (Config.Version).
func (b *Battle) wholeMoves() bool {
	return b.config.Version > 0 && b.config.Version < hexByHexVersion
}
