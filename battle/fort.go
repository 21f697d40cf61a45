package battle

import (
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// Fortifications and entrenchments (Valor & Victory rules 20; the board's
// chart is board.FortInfo). docs/RULES.md lists what is played and what is
// our choice.

// MinefieldKills is the highest roll of one die that eliminates a unit
// entering a minefield (rules 20.7: 3 or less).
const MinefieldKills = 3

// mayOccupy reports whether a unit of type t may stand in a hex holding
// fortification f: foxholes and trenches hold infantry only (20.9, 20.10),
// sandbags and bunkers infantry and Guns (20.5, 20.6); a minefield takes
// anyone; wire infantry and AFVs (20.8).
func mayOccupy(f board.FortKind, t *units.Type) bool {
	info := f.Info()
	switch {
	case t.Kind.Infantry():
		return true
	case t.Kind == units.Gun:
		return info.Guns
	case t.Kind == units.AFV && f == board.Wire:
		return true
	}
	return info.Vehicles
}

// fortBars says why u may not stand in the fortification of h, or nil.
func (b *Battle) fortBars(u *Unit, h board.Hex) error {
	if f := b.Board().Fort(h).Kind; f != board.NoFort && !mayOccupy(f, u.Type) {
		return fmt.Errorf("%s may not stand in the %s in %s", u.Label(), f, b.Board().Label(h))
	}
	return nil
}

// fortStackError says why the units us may not end together in h for its
// fortification (rules 20.4, 20.5), or nil: a unit the position does not
// hold, or a bunker over its capacity of one Gun or two infantry units.
// The other units already in h count; those leaving do not.
func (b *Battle) fortStackError(us, leaving []*Unit, h board.Hex) error {
	f := b.Board().Fort(h).Kind
	if f == board.NoFort {
		return nil
	}
	guns, infantry := 0, 0
	count := func(u *Unit) error {
		if err := b.fortBars(u, h); err != nil {
			return err
		}
		if u.Type.Kind == units.Gun {
			guns++
		} else {
			infantry++
		}
		return nil
	}
	for _, o := range b.standingAt(h) {
		if o.Carrier == 0 && !slices.Contains(us, o) && !slices.Contains(leaving, o) {
			if err := count(o); err != nil {
				return err
			}
		}
	}
	for _, u := range us {
		if err := count(u); err != nil {
			return err
		}
	}
	if c := f.Info().Capacity; c > 0 && (guns > 1 || guns == 1 && infantry > 0 || infantry > c) {
		return fmt.Errorf("the %s in %s holds one Gun or %d infantry units", f, b.Board().Label(h), c)
	}
	return nil
}

// CoverAt returns the cover a unit of type t standing in h has under ruleset
// r: the terrain's (combat.CoverOf) plus its fortification's when the unit
// may occupy it (rules 20.5, 20.6, 20.9, 20.10: added to the terrain's),
// labelled "woods and foxhole".
func (b *Battle) CoverAt(r combat.Ruleset, h board.Hex, t *units.Type) combat.Modifier {
	cell := b.Board().Cell(h)
	cover := combat.CoverOf(r, cell.Terrain)
	f := cell.Fort
	if fc := f.Info().Cover; fc > 0 && mayOccupy(f, t) {
		cover.Value += fc
		if cell.Terrain.Info().Cover == 0 {
			cover.Label = f.String()
		} else {
			cover.Label += " and " + f.String()
		}
	}
	return cover
}

// apCover is the cover of an AP attack or close assault on h: CoverAt on
// the terrain chart (AP fire is the default ruleset's) for the hex's
// defenders, the fortification's share only when every one of
// them may occupy it (a vehicle passing through a trench hex is not in
// the trench).
func (b *Battle) apCover(h board.Hex, defenders []*Unit) combat.Modifier {
	var t *units.Type
	for _, u := range defenders {
		if t == nil || !mayOccupy(b.Board().Fort(h).Kind, u.Type) {
			t = u.Type
		}
	}
	if t == nil {
		return combat.CoverOf(nil, b.Board().Cell(h).Terrain)
	}
	return b.CoverAt(nil, h, t)
}

// checkBunkerShot refuses an AT shot the bunkers forbid (rules 20.5): at a
// unit in a bunker (it is attacked with AP fire only), by a mortar in a
// bunker, and by a unit in a bunker at a hex outside the bunker's forward
// arc.
func (b *Battle) checkBunkerShot(from, to board.Hex, mortar bool) error {
	if f := b.Board().Fort(to); f.Kind.IsBunker() {
		return fmt.Errorf("a unit in the %s in %s is attacked with AP fire only, not AT", f.Kind, b.Board().Label(to))
	}
	if f := b.Board().Fort(from); mortar && f.Kind.IsBunker() {
		return fmt.Errorf("no mortar fires out of the %s in %s", f.Kind, b.Board().Label(from))
	}
	return b.checkBunkerArc(from, to)
}

// checkBunkerArc refuses fire out of a bunker in from at a hex outside its
// forward arc (rules 20.5).
func (b *Battle) checkBunkerArc(from, to board.Hex) error {
	f := b.Board().Fort(from)
	if f.Kind.IsBunker() && !board.InForwardArc(from, f.Facing, to) {
		return fmt.Errorf("%s is outside the forward arc of the %s in %s (facing %v)", b.Board().Label(to), f.Kind, b.Board().Label(from), f.Facing)
	}
	return nil
}

// wirePenalty is what firing from barbed wire adds to an attack by
// infantry on the ground (rules 20.8: +1). It is shown within the
// attack's hindrance, the roll modifier it works like (our choice, so the
// rulesets need no field of their own for it).
func (b *Battle) wirePenalty(firer *Unit) int {
	if firer.Type.Kind.Infantry() && firer.Carrier == 0 && b.Board().Fort(firer.Pose.Hex).Kind == board.Wire {
		return 1
	}
	return 0
}

// mineAttack rolls the minefield's attack on the units us that have just
// entered h (rules 20.7): one die each, MinefieldKills or less eliminates
// the unit and what it carries. It reports whether any was eliminated.
func (b *Battle) mineAttack(us []*Unit, h board.Hex) ([]Event, bool) {
	if b.Board().Fort(h).Kind != board.Minefield {
		return nil, false
	}
	var events []Event
	hit := false
	for _, u := range us {
		if u.Eliminated || u.Dummy() {
			continue
		}
		roll := b.dice.Roll(6)
		if roll <= MinefieldKills {
			hit = true
			events = append(events, b.eliminate(u, fmt.Sprintf("eliminated by the minefield in %s (rolled %d, %d or less kills)", b.Board().Label(h), roll, MinefieldKills))...)
			continue
		}
		events = append(events, Event{Kind: MinefieldCrossed, Unit: u.ID, Hex: h,
			Text: fmt.Sprintf("%s comes through the minefield in %s (rolled %d, %d or less kills)", u.Label(), b.Board().Label(h), roll, MinefieldKills)})
	}
	return events, hit
}
