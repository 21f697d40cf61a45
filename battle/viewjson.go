package battle

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
)

// The wire form of a View (hexfire-cli view --json, docs/CLI.md): hexes by
// their labels, units by string ids ("7" a unit, "c3" a contact), every
// list in a fixed order, so that two views of the same knowledge are the
// same bytes.
type (
	viewJSON struct {
		Side         string      `json:"side"`
		Fog          bool        `json:"fog"`
		Turn         int         `json:"turn"`
		Turns        int         `json:"turns"`
		Phase        string      `json:"phase"`
		Phasing      string      `json:"phasing"`
		Acting       string      `json:"acting"`
		Own          []ownJSON   `json:"own"`
		Enemy        []enemyJSON `json:"enemy"`
		Smoke        []smokeJSON `json:"smoke"`
		Panzerfausts int         `json:"panzerfausts"`
		Grenades     int         `json:"grenades"`
		SmokeSupply  int         `json:"smoke_supply"`
		Result       *resultJSON `json:"result,omitempty"`
	}
	ownJSON struct {
		ID            string         `json:"id"`
		Hex           string         `json:"hex,omitempty"`
		Facing        int            `json:"facing"`
		Type          string         `json:"type"`
		Name          string         `json:"name"`
		Dummy         bool           `json:"dummy,omitempty"`
		Where         string         `json:"where"`
		Carrier       string         `json:"carrier,omitempty"`
		Markers       []string       `json:"markers"`
		States        map[string]int `json:"states,omitempty"`
		SupportWeapon string         `json:"weapon,omitempty"`
		WeaponLost    string         `json:"weapon_lost,omitempty"`
		WeaponSpent   bool           `json:"weapon_spent,omitempty"`
		Rounds        int            `json:"rounds,omitempty"`
	}
	enemyJSON struct {
		ID         string         `json:"id"`
		Known      string         `json:"known"`
		Hex        string         `json:"hex"`
		Facing     *int           `json:"facing,omitempty"`
		Type       string         `json:"type,omitempty"`
		Name       string         `json:"name,omitempty"`
		Turn       int            `json:"turn,omitempty"`
		Markers    []string       `json:"markers,omitempty"`
		States     map[string]int `json:"states,omitempty"`
		WeaponLost string         `json:"weapon_lost,omitempty"`
		SeenBy     []string       `json:"seen_by,omitempty"`
		Revealed   *revealJSON    `json:"revealed_by,omitempty"`
	}
	revealJSON struct {
		Event string `json:"event"`
		Turn  int    `json:"turn"`
	}
	smokeJSON struct {
		Hex   string `json:"hex"`
		Level int    `json:"level"`
	}
	resultJSON struct {
		Winner string `json:"winner"`
		Turn   int    `json:"turn"`
		Reason string `json:"reason"`
	}
)

// markerNames name the markers in the wire form, in bit order.
var markerNames = [...]string{"fired", "moved", "immobile", "advanced", "smoke_laid", "loaded", "pinned", "valorous", "turned_in_advance"}

// Names returns the markers' names in the wire form, in a fixed order.
func (m Markers) Names() []string {
	names := []string{}
	for i, n := range markerNames {
		if m&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return names
}

// Where says where an own unit is in the wire form: "map", "carried",
// "waiting" (a reinforcement), "exited", "eliminated" or "vanished" (a
// dummy taken off the map).
func (u *Unit) Where() string {
	switch {
	case u.Eliminated:
		return "eliminated"
	case u.Vanished():
		return "vanished"
	case u.Waiting():
		return "waiting"
	case !u.Active():
		return "exited"
	case u.Carrier != 0:
		return "carried"
	}
	return "map"
}

// ViewID is the id the wire form gives an enemy entry: its unit's ID, or
// "c" and the contact's number.
func (e Enemy) ViewID() string {
	if e.Known == Contact {
		return "c" + strconv.Itoa(e.Contact)
	}
	return strconv.Itoa(int(e.ID))
}

// KnownName is how the wire form says what the side knows of e:
// "spotted", "contact" or "last_seen".
func (e Enemy) KnownName() string {
	if e.Known == Unknown {
		return "last_seen"
	}
	return e.Known.String()
}

// MarshalJSON writes the view's wire form.
func (v *View) MarshalJSON() ([]byte, error) {
	bd := v.board
	w := viewJSON{Side: string(v.Side), Fog: v.Fog, Turn: v.Turn, Turns: v.Turns, Phase: v.Phase.String(),
		Phasing: string(v.Phasing), Acting: string(v.Acting), Own: make([]ownJSON, 0, len(v.Own)), Enemy: make([]enemyJSON, 0, len(v.Enemy)), Smoke: make([]smokeJSON, 0, len(v.Smoke)),
		Panzerfausts: v.Panzerfausts, Grenades: v.Grenades, SmokeSupply: v.SmokeSupply}
	for _, u := range v.Own {
		o := ownJSON{ID: strconv.Itoa(int(u.ID)), Facing: int(u.Pose.Facing), Type: u.Type.Name, Name: u.Name,
			Dummy: u.Dummy(), Where: u.Where(), Markers: u.Markers.Names(), States: stateCounts(u.States),
			SupportWeapon: u.SupportWeapon, WeaponLost: u.WeaponLost, WeaponSpent: u.WeaponSpent, Rounds: u.Rounds}
		if u.Where() == "map" || u.Where() == "carried" {
			o.Hex = bd.Label(u.Pose.Hex)
		}
		if u.Carrier != 0 {
			o.Carrier = strconv.Itoa(int(u.Carrier))
		}
		w.Own = append(w.Own, o)
	}
	for _, e := range v.Enemy {
		x := enemyJSON{ID: e.ViewID(), Known: e.KnownName(), Hex: bd.Label(e.Pose.Hex), Turn: e.Turn, WeaponLost: e.WeaponLost}
		if e.Type != nil {
			f := int(e.Pose.Facing)
			x.Facing, x.Type, x.Name = &f, e.Type.Name, e.Name
		}
		if e.Known == Spotted {
			x.Markers, x.States = e.Markers.Names(), stateCounts(e.States)
		}
		for _, id := range e.SeenBy {
			x.SeenBy = append(x.SeenBy, strconv.Itoa(int(id)))
		}
		if e.Revealed.Event != "" {
			x.Revealed = &revealJSON{Event: e.Revealed.Event, Turn: e.Revealed.Turn}
		}
		w.Enemy = append(w.Enemy, x)
	}
	hexes := slices.Collect(maps.Keys(v.Smoke))
	sortHexes(hexes)
	for _, h := range hexes {
		w.Smoke = append(w.Smoke, smokeJSON{Hex: bd.Label(h), Level: v.Smoke[h]})
	}
	if r := v.Result; r != nil {
		w.Result = &resultJSON{Winner: string(r.Winner), Turn: r.Turn, Reason: r.Reason}
	}
	return json.Marshal(w)
}

// stateCounts is the ruleset states by name and count, nil for none.
func stateCounts(states map[string]State) map[string]int {
	if len(states) == 0 {
		return nil
	}
	m := make(map[string]int, len(states))
	for n, s := range states {
		m[n] = s.N
	}
	return m
}
