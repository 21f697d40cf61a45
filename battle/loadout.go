package battle

import (
	"fmt"
	"strconv"
	"strings"

	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// The object properties by which a scenario changes what one placed unit
// carries (docs/MAPS.md; maps names them, since a dummy may have none).
const (
	// propWeapons lists the support weapons the unit carries instead of its
	// type's, comma-separated, or "none" (as many as its portage allows:
	// rules 12.2, one).
	propWeapons = maps.PropWeapons
	propWeapon  = maps.PropWeapon  // the older name of "weapons", for one weapon or "none"
	propQuality = maps.PropQuality // regular, green, veteran or elite
	propRounds  = maps.PropRounds  // rounds of limited ammunition for its weapon
	// propEngineers marks infantry as combat engineers: yes or no.
	propEngineers = maps.PropEngineers
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
	l := loadout{weapon: t.Weapon, quality: combat.QualityOf(t)}
	field := func(name string, err error) error {
		return fmt.Errorf("battle: %s: unit object %d, property %q: %w", sc.Path, p.ID, name, err)
	}
	name := propWeapons
	v, given := p.Properties[propWeapons]
	if _, old := p.Properties[propWeapon]; old && given {
		return l, field(propWeapon, fmt.Errorf("give the unit's weapons in %q alone, not in both", propWeapons))
	}
	if !given {
		name = propWeapon
		v, given = p.Properties[propWeapon]
	}
	if given {
		w, err := placedWeapon(cat, t, v)
		if err != nil {
			return l, field(name, err)
		}
		l.weapon = w
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

// placedWeapon reads a placement's weapons value v for a unit of type t:
// "none", or catalogue weapons, comma-separated, that the unit may carry
// (Portage). It returns the weapon's name, "" for none.
func placedWeapon(cat *units.Catalogue, t *units.Type, v string) (string, error) {
	if strings.TrimSpace(v) == "none" {
		return "", nil
	}
	if !t.Kind.Infantry() {
		return "", fmt.Errorf("%s is not infantry: only infantry carry support weapons", t.Name)
	}
	names := strings.Split(v, ",")
	if len(names) > maxCarried {
		return "", fmt.Errorf("%s: a unit carries at most %d support weapon (rules 12.2)", fileio.Quote(v), maxCarried)
	}
	w, err := cat.LookupWeapon(strings.TrimSpace(names[0]))
	if err != nil {
		return "", err
	}
	if w.Pool {
		return "", fmt.Errorf("the %s is held in the side's pool, not by one unit", w.Name)
	}
	if err := Portage(t, w); err != nil {
		return "", err
	}
	return w.Name, nil
}

// maxCarried is how many support weapons one infantry unit carries: a
// squad or half squad one, Light or Heavy; a leader one Light (rules 12.2).
const maxCarried = 1

// Portage says whether an infantry unit of type t may carry weapon w, or
// why not (rules 12.2): a squad or half squad any Light or Heavy weapon,
// a leader a Light one; expendable weapons are held by the side, never
// carried. A squad or half squad with a Heavy weapon has 1 MP less
// (Battle.MoveSpec).
func Portage(t *units.Type, w *units.Weapon) error {
	switch {
	case !t.Kind.Infantry():
		return fmt.Errorf("%s is not infantry: only infantry carry support weapons", t.Name)
	case w.Type == units.Expendable:
		return fmt.Errorf("the %s is expendable: the side holds it, no unit carries it (rules 12.5)", w.Name)
	case t.Kind == units.Leader && w.Type != units.Light:
		return fmt.Errorf("%s is a leader: a leader carries a Light weapon only, and the %s is %s (rules 12.2)", t.Name, w.Name, weaponTypeName(w.Type))
	}
	return nil
}

// weaponTypeName is a weapon type in words.
func weaponTypeName(wt units.WeaponType) string {
	return map[units.WeaponType]string{units.Light: "Light", units.Heavy: "Heavy", units.Expendable: "Expendable"}[wt]
}
