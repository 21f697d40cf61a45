package battle

import (
	"maps"
	"slices"

	"hexfire/board"
	hmaps "hexfire/maps"
	"hexfire/units"
)

// View is what one side knows of a battle at one moment: its own units
// whole, the enemy as its units have seen it (docs/RULES.md, "Fog of
// war"), the map, the turn and phase, and what is public (smoke, the
// result). It is built from the battle and shares nothing with it that
// could be changed: a View is a snapshot, and nothing in it depends on an
// enemy unit the side does not know. In a battle without fog, or once it
// is over, the side knows every enemy unit (spotted by RevealOpen). It
// travels to a remote seat as Encode writes it, and DecodeView rebuilds it
// whole there.
type View struct {
	Side hmaps.Side
	// Fog: the battle is fought under fog of war.
	Fog bool
	// Turn, the map's last turn (0: no limit), the phase, the side whose
	// segment it is and the side that gives the next order ("" once over).
	Turn, Turns     int
	Phase           Phase
	Phasing, Acting hmaps.Side
	// Own are the side's units, eliminated and waiting ones included, in ID
	// order: copies, so changing one changes nothing in the battle.
	Own []Unit
	// Enemy are the enemy units the side knows of: spotted ones and last
	// sightings by unit ID, then contacts by their number.
	Enemy []Enemy
	// Smoke is the smoke on the map, by hex (in sight or not: a smoke
	// screen is seen from afar).
	Smoke map[board.Hex]int
	// The side's pools: Panzerfausts, grenades and smoke factors.
	Panzerfausts, Grenades, SmokeSupply int
	// Result is the battle's result once it is over, else nil.
	Result *Result

	board *board.Board
	known *Battle
}

// RevealOpen is the event by which every enemy unit is known in a battle
// without fog or once the battle is over.
const RevealOpen = "open"

// Enemy is a side's knowledge of one enemy unit in a View.
type Enemy struct {
	// ID is the unit's ID when it is spotted or last seen; 0 for a contact,
	// which is told apart by Contact alone.
	ID UnitID
	// Contact is the side's number for a contact (Sighting.Contact).
	Contact int
	// Known is Spotted or Contact; Unknown for a last sighting (Turn).
	Known Known
	// Pose is where it is (a contact: its hex, facing 0), or where it was
	// last seen.
	Pose board.Pose
	// Type and Name are what it is (a contact: nil and "").
	Type *units.Type
	Name string
	// Markers, States and WeaponLost are the counters a watcher sees on a
	// spotted unit (ours: every one, as on the table of a board game).
	Markers    Markers
	States     map[string]State
	WeaponLost string
	// Turn is the turn of a last sighting, else 0.
	Turn int
	// SeenBy are the side's units that make it out now (spotted or a
	// contact), in ID order.
	SeenBy []UnitID
	// Revealed is the event that had it spotted (now, or when last seen).
	Revealed Reveal
}

// View returns side's view of the battle now.
func (b *Battle) View(side hmaps.Side) *View {
	return b.view(side, !b.fog || b.result != nil || b.intel == nil)
}

// ViewOpen returns side's view of the battle now with every enemy unit
// shown, as the end of the battle shows it: for whoever may see the whole
// battle already (the replay of a battle that is over).
func (b *Battle) ViewOpen(side hmaps.Side) *View { return b.view(side, true) }

// view is side's view, open (every enemy unit known) or as the side knows
// the enemy.
func (b *Battle) view(side hmaps.Side, open bool) *View {
	v := &View{
		Side: side, Fog: b.fog, Turn: b.turn, Turns: b.scenario.Turns, Phase: b.phase, Phasing: b.phasing,
		Smoke: maps.Clone(b.smoke), Panzerfausts: b.Panzerfausts(side), Grenades: b.grenades[side],
		SmokeSupply: b.supply[side], board: b.Board(),
	}
	if b.result != nil {
		r := *b.result
		v.Result = &r
	}
	v.Acting = b.Acting()
	v.known = b.knownBy(side, open)
	var contacts []Enemy
	for i, u := range b.units {
		if u.Side == side {
			// The known battle's copy, whose states are its own already:
			// the two share them, both the view's.
			c := *v.known.units[i]
			c.Placement.Properties = maps.Clone(u.Placement.Properties)
			v.Own = append(v.Own, c)
			continue
		}
		if open {
			if u.OnMap() {
				v.Enemy = append(v.Enemy, spottedEnemy(u, Reveal{Event: RevealOpen}, nil))
			}
			continue
		}
		k := b.Knowledge(side, u)
		switch {
		case k.Known == Spotted:
			v.Enemy = append(v.Enemy, spottedEnemy(u, k.Since, b.seenBy(side, u)))
		case k.Known == Contact:
			contacts = append(contacts, Enemy{Contact: k.Contact, Known: Contact,
				Pose: board.Pose{Hex: u.Pose.Hex}, SeenBy: b.seenBy(side, u)})
		case k.Last != nil:
			l := k.Last
			v.Enemy = append(v.Enemy, Enemy{ID: u.ID, Pose: l.Pose, Type: l.Type, Name: u.Name, Turn: l.Turn, Revealed: l.By})
		}
	}
	slices.SortFunc(contacts, func(a, c Enemy) int { return a.Contact - c.Contact })
	v.Enemy = append(v.Enemy, contacts...)
	return v
}

// spottedEnemy is u as a side sees it, spotted by the event since.
func spottedEnemy(u *Unit, since Reveal, by []UnitID) Enemy {
	return Enemy{ID: u.ID, Known: Spotted, Pose: u.Pose, Type: u.Type, Name: u.Name,
		Markers: u.Markers, States: maps.Clone(u.States), WeaponLost: u.WeaponLost,
		SeenBy: by, Revealed: since}
}

// Board returns the map the battle is fought on (the same for both sides;
// read it, never change it).
func (v *View) Board() *board.Board { return v.board }

// Known returns the battle as the side knows it, to ask what the side may
// ask: the odds of a shot (PlanFire, PlanAP, CompareFire), whether an
// order would be accepted (Check), where a unit may go (Occupancy,
// MoveSpec), who may fire at a mover. It holds the side's own units, the
// enemy units it has spotted as a watcher sees them and nothing else of
// the enemy (a contact's hex counts as one a known enemy is in, for the
// orders aimed at a hex); so every answer it gives is one the side could
// work out, and a shot's odds read only what the firer could know (an
// unseen troop quality is its type's). It takes no orders and rolls no
// dice: orders go to the battle, and a new View shows what they did.
// Without fog, or once the battle is over, it is the whole battle (less
// the seed and the orders given).
func (v *View) Known() *Battle { return v.known }
