package battle

import (
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// EventKind says what happened.
type EventKind uint8

// The kinds of event.
const (
	PhaseStarted        EventKind = iota
	UnitMoved                     // the unit entered a hex or turned (From → To)
	MoveEnded                     // the unit finished its move and is marked Move
	OpportunityOffered            // the other side may fire at the moving unit
	UnitFired                     // an attack was resolved (Outcome)
	SmokePlaced                   // smoke laid in Hex
	SmokeDecayed                  // smoke in Hex thinned or cleared
	UnitEliminated                // the unit is out of the battle
	UnitImmobilized               // the unit got an Immobile marker
	UnitLoaded                    // the unit boarded Target
	UnitUnloaded                  // the unit left Target
	BattleEnded                   // the battle is over
	HexFired                      // an AP attack on Hex was resolved (AP)
	UnitPinned                    // the unit got a Pinned marker
	UnitRallied                   // the unit lost its Pinned marker
	UnitReduced                   // the squad became a half squad
	UnitValorous                  // the unit gained Valor
	HexAssaulted                  // a close assault on Hex was resolved (Assault)
	UnitStateChanged              // the unit gained or lost a ruleset state (State) or its weapon
	VehicleAssaulted              // the unit close-assaulted the vehicle Target (Outcome)
	WeaponRepairTried             // the unit tried to repair its broken weapon (Outcome)
	MovePaused                    // the moving unit came through opportunity fire; its owner says how it goes on
	UnitEntered                   // the reinforcement came on the map (To)
	UnitExited                    // the unit left the map (From)
	FireDeclared                  // the unit declared an AT shot at Target, rolled when the fire is resolved (simultaneous fire)
	CasualtiesAllocated           // the owner spent an AP attack's casualty points on Hex (AP: the fates)
	WeaponTransferred             // the unit handed its support weapon to Target (and took Target's, if any)
	MinefieldCrossed              // the unit entered a minefield (Hex) and survived its attack
	SniperActivated               // a natural 12 called the other side's sniper, placed in Hex
	SniperFired                   // a sniper attacked the units in Hex (AP: its roll and points)
	SniperChecked                 // the sniper's targets checked to eliminate it and failed, or could not (Hex: the sniper's)
	SniperEliminated              // the sniper in Hex was eliminated
	SniperWithdrawn               // the sniper's owner took it off the map from Hex (it may come back)
	SupportCalled                 // an off-board mission was called (Unit: its spotter, 0 for none); Hex is where it landed
	LaneLaid                      // the unit's MG laid a fire lane ending at Hex (Battle.FireLanes)
	LaneFired                     // a fire lane attacked the units that entered Hex (AP: its roll and points; Unit: the first of them)
	LanesLifted                   // the fire lanes were removed at the end of the Movement phase
	MoveBumped                    // under fog the moving unit ran into enemy units it did not know of in Hex, which are revealed, and halted where it stood
	DummyRevealed                 // under fog the other side would have spotted the dummy Unit in Hex: it is removed from the map (seen by both sides)
	FiredUponUnseen               // under fog an enemy the Unit's side did not see fired at the Unit in Hex: that side's part of the log, for a UnitFired it did not see
)

// Event is one thing that happened when an order was applied, for the log,
// the animation and the computer opponent.
type Event struct {
	Kind     EventKind
	Unit     UnitID
	Target   UnitID
	Hex      board.Hex
	From, To board.Pose
	// Outcome is the resolved attack of a UnitFired or VehicleAssaulted
	// event, or the repair attempt of a WeaponRepairTried one.
	Outcome *combat.Outcome
	// AP is the resolved attack of a HexFired event (without fates when
	// the owner allocates the points), or the spent points of a
	// CasualtiesAllocated one.
	AP *combat.APOutcome
	// Assault is the resolved close assault of a HexAssaulted event.
	Assault *combat.AssaultOutcome
	// State names the ruleset state of a UnitStateChanged event.
	State string
	// Text is the event in words, with hex labels, for the log.
	Text string
	// Unseen is the side that did not see the event happen, under fog:
	// the enemy of the unit it concerns, when that side had the unit
	// spotted neither before the order, nor as it happened, nor after it;
	// "" when both sides saw it (always in an open battle). A side's part
	// of the log is the events it saw (SeenBy).
	Unseen maps.Side
	// seen: the enemy saw it as it happened (a step of a move in its
	// sight, though the move ends out of it).
	seen bool
}

// SeenBy reports whether side saw the event: its part of the log.
func (e Event) SeenBy(side maps.Side) bool { return e.Unseen != side }
