package battle

import (
	"fmt"
	"strconv"

	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// The object properties by which a scenario changes what one placed unit
// carries (docs/MAPS.md).
const (
	propWeapon  = "weapon"  // a catalogue support weapon, or "none"
	propQuality = "quality" // regular, green, veteran or elite
	propRounds  = "rounds"  // rounds of limited ammunition for its weapon
	// propEngineers marks infantry as combat engineers: yes or no.
	propEngineers = "engineers"
)

// maxRounds bounds the "rounds" property: our own limit, far above the
// three rounds of any rule that counts them.
const maxRounds = 99

// loadout is what a placed unit carries.
type loadout struct {
	weapon  string
	quality combat.Quality
	rounds  int
	// engineers: combat engineers (infantry only).
	engineers bool
}

// loadoutOf reads a placement's loadout: its type's weapon and quality
// unless the placement's properties change them.
func loadoutOf(sc *maps.Scenario, cat *units.Catalogue, p maps.Placement, t *units.Type) (loadout, error) {
	l := loadout{weapon: t.Weapon, quality: typeQuality(t)}
	field := func(name string, err error) error {
		return fmt.Errorf("battle: %s: unit object %d, property %q: %w", sc.Path, p.ID, name, err)
	}
	if v, ok := p.Properties[propWeapon]; ok {
		switch {
		case v == "none":
			l.weapon = ""
		case !t.Kind.Infantry():
			return l, field(propWeapon, fmt.Errorf("%s is not infantry: only infantry carry support weapons", t.Name))
		default:
			w, err := cat.LookupWeapon(v)
			if err != nil {
				return l, field(propWeapon, err)
			}
			if w.Pool {
				return l, field(propWeapon, fmt.Errorf("the %s is held in the side's pool, not by one unit", w.Name))
			}
			l.weapon = w.Name
		}
	}
	if v, ok := p.Properties[propQuality]; ok {
		q, err := combat.ParseQuality(v)
		if err != nil {
			return l, field(propQuality, err)
		}
		l.quality = q
	}
	if v, ok := p.Properties[propRounds]; ok {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 1 || n > maxRounds:
			return l, field(propRounds, fmt.Errorf("%s is not a whole number from 1 to %d", fileio.Quote(v), maxRounds))
		case l.weapon == "" && t.Kind.Infantry():
			return l, field(propRounds, fmt.Errorf("%s carries no weapon to count rounds of", t.Name))
		}
		l.rounds = n
	}
	if v, ok := p.Properties[propEngineers]; ok {
		switch {
		case v != "yes" && v != "no":
			return l, field(propEngineers, fmt.Errorf("%s is not yes or no", fileio.Quote(v)))
		case v == "yes" && !t.Kind.Infantry():
			return l, field(propEngineers, fmt.Errorf("%s is not infantry: only infantry are combat engineers", t.Name))
		}
		l.engineers = v == "yes"
	}
	return l, nil
}

// typeQuality is the troop quality of a unit of type t whose placement sets
// none: elite for the catalogue's elite types, else regular.
func typeQuality(t *units.Type) combat.Quality {
	if t.Elite {
		return combat.Elite
	}
	return combat.Regular
}
