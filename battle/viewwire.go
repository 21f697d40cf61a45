package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	hmaps "hexfire/maps"
	"hexfire/units"
)

// ViewFormat and ViewVersion identify the form a View travels in
// (View.Encode, DecodeView); a decoder refuses any other version.
const (
	ViewFormat  = "hexfire-view"
	ViewVersion = 1
)

// MaxViewBytes is the largest encoded view DecodeView reads.
const MaxViewBytes = 8 << 20

// maxTurn is the latest turn an encoded view may be in: far beyond any
// battle's, so that no count made from it grows without bound.
const maxTurn = 1 << 16

// The form a View travels in to a remote seat: the display form
// (MarshalJSON) as it is, and beside it the state of the known battle that
// the display form leaves out, as the engine holds it (hexes axial, as the
// digest writes them), and nothing more. What the display form says (the
// turn, the phase, the smoke, the result, the enemy as the side knows it)
// is not said twice: the decoder takes it from there, and the known
// battle's units it shows must come out of the rest as shown.
type (
	viewWire struct {
		Format  string          `json:"format"`
		Version int             `json:"version"`
		View    json.RawMessage `json:"view"`
		Known   knownWire       `json:"known"`
	}
	knownWire struct {
		Ruleset     string     `json:"ruleset"`
		Source      string     `json:"source"`
		SaveVersion int        `json:"save_version,omitempty"`
		FogSetting  FogSetting `json:"fog_setting,omitempty"`
		// Open: the side knows every unit as it is (no fog, the battle
		// over, or ViewOpen).
		Open bool `json:"open,omitempty"`
		// Slots is the number of units of the battle, the scenario's unit
		// objects; Units are those the known battle has, in ID order.
		Slots int        `json:"slots"`
		Units []unitWire `json:"units"`
		// UnseenAtMove are the spotted enemy units whose latest move began
		// out of the side's sight (intel.unseenAtMove).
		UnseenAtMove []UnitID                               `json:"unseen_at_move,omitempty"`
		Supply       map[hmaps.Side]int                     `json:"supply"`
		Panzerfausts map[hmaps.Side]int                     `json:"panzerfausts"`
		Grenades     map[hmaps.Side]int                     `json:"grenades"`
		Snipers      map[hmaps.Side]sniper                  `json:"snipers"`
		Support      map[hmaps.Side][]hmaps.SupportMissions `json:"support"`
		Allocation   *pendingAllocation                     `json:"allocation,omitempty"`
		Assaulted    []board.Hex                            `json:"assaulted,omitempty"`
		FireGroups   []hexPair                              `json:"fire_groups,omitempty"`
		Lanes        []FireLane                             `json:"lanes,omitempty"`
		Pending      *pendingMove                           `json:"pending,omitempty"`
		Declared     []declaredWire                         `json:"declared,omitempty"`
		FireResolved bool                                   `json:"fire_resolved,omitempty"`
		Held         []heldAttack                           `json:"held,omitempty"`
		Command      bool                                   `json:"command,omitempty"`
		Commands     int                                    `json:"commands"`
		PhaseOrders  []phaseOrderWire                       `json:"phase_orders,omitempty"`
		Fired        []UnitID                               `json:"fired,omitempty"`
		Trails       []trailWire                            `json:"trails,omitempty"`
	}
	unitWire struct {
		ID          UnitID           `json:"id"`
		Type        string           `json:"type"`
		Name        string           `json:"name"`
		Pose        board.Pose       `json:"pose"`
		Markers     []string         `json:"markers,omitempty"`
		Eliminated  bool             `json:"eliminated,omitempty"`
		Carrier     UnitID           `json:"carrier,omitempty"`
		Weapon      string           `json:"weapon,omitempty"`
		Quality     combat.Quality   `json:"quality,omitempty"`
		Rounds      int              `json:"rounds,omitempty"`
		Engineers   bool             `json:"engineers,omitempty"`
		WeaponSpent bool             `json:"weapon_spent,omitempty"`
		WeaponLost  string           `json:"weapon_lost,omitempty"`
		States      map[string]State `json:"states,omitempty"`
		MovedFrom   board.Hex        `json:"moved_from"`
		LastMove    *LastMove        `json:"last_move,omitempty"`
		PoolFired   int              `json:"pool_fired,omitempty"`
		// OffMap is where a unit off the map is: "waiting", "exited" (by
		// the edge Exited) or "vanished"; "" on the map.
		OffMap string     `json:"off_map,omitempty"`
		Exited hmaps.Edge `json:"exited,omitempty"`
		Aim    *Aim       `json:"aim,omitempty"`
	}
	declaredWire struct {
		Order OrderRecord `json:"order"`
		Odds  combat.Odds `json:"odds"`
	}
	phaseOrderWire struct {
		By    hmaps.Side  `json:"by"`
		Order OrderRecord `json:"order"`
	}
	trailWire struct {
		Unit  UnitID      `json:"unit"`
		Hexes []board.Hex `json:"hexes"`
	}
)

// offMapNames name the places off the map in the wire form.
var offMapNames = map[offMapState]string{waiting: "waiting", exitedMap: "exited", vanished: "vanished"}

// Encode writes the view as it travels to a remote seat: its display form
// (MarshalJSON) and the rest of its known battle (Known), from which
// DecodeView rebuilds the same View. Like the display form it holds only
// what the side knows, in a fixed order: two views of the same knowledge
// are the same bytes. What the known battle leaves out stays out: the
// seed, the orders given but those of the phase in play that the side
// gave, and anything of an enemy unit the side does not know.
//
// The bytes are those json.Marshal gives of a viewWire, written without
// it: encoding/json would compact and escape the display form, a
// json.RawMessage, again, a scan of half the message that changes
// nothing in what json.Marshal wrote, and a server encodes a view for
// each side after every order.
func (v *View) Encode() ([]byte, error) {
	display, err := v.MarshalJSON()
	if err != nil {
		return nil, err
	}
	known, err := json.Marshal(v.known.knownWire())
	if err != nil {
		return nil, err
	}
	data := make([]byte, 0, len(viewWireHead)+len(display)+len(viewWireKnown)+len(known)+1)
	data = append(data, viewWireHead...)
	data = append(data, display...)
	data = append(data, viewWireKnown...)
	data = append(data, known...)
	return append(data, '}'), nil
}

// viewWireHead and viewWireKnown are the parts of a viewWire's JSON
// around its display form (Encode).
var (
	viewWireHead  = `{"format":` + strconv.Quote(ViewFormat) + `,"version":` + strconv.Itoa(ViewVersion) + `,"view":`
	viewWireKnown = `,"known":`
)

// knownWire is the state of known battle k that a View's display form
// leaves out.
func (k *Battle) knownWire() knownWire {
	bd := k.Board()
	w := knownWire{Ruleset: k.config.Ruleset, Source: k.config.Source, SaveVersion: k.config.Version, FogSetting: k.config.Fog,
		Open: k.intel == nil, Slots: len(k.units), Units: []unitWire{},
		Supply: k.supply, Panzerfausts: k.panzerfausts, Grenades: k.grenades, Snipers: k.snipers, Support: k.support,
		Allocation: k.allocation, Assaulted: k.assaulted, FireGroups: k.fireGroups, Lanes: k.lanes, Pending: k.pending,
		FireResolved: k.fireResolved, Held: k.held, Command: k.command, Commands: k.commands}
	for _, u := range k.units {
		if u.offMap == unknownSlot {
			continue
		}
		x := unitWire{ID: u.ID, Type: u.Type.Name, Name: u.Name, Pose: u.Pose, Eliminated: u.Eliminated, Carrier: u.Carrier,
			Weapon: u.SupportWeapon, Quality: u.Quality, Rounds: u.Rounds, Engineers: u.Engineers, WeaponSpent: u.WeaponSpent,
			WeaponLost: u.WeaponLost, States: u.States, MovedFrom: u.MovedFrom, PoolFired: u.PoolFired,
			OffMap: offMapNames[u.offMap], Exited: u.exited}
		if u.Markers != 0 {
			x.Markers = u.Markers.Names()
		}
		if u.LastMove != (LastMove{}) {
			m := u.LastMove
			x.LastMove = &m
		}
		if u.Aim != (Aim{}) {
			a := u.Aim
			x.Aim = &a
		}
		w.Units = append(w.Units, x)
		if k.intel != nil && k.intel.unseenAtMove[u.ID-1] {
			w.UnseenAtMove = append(w.UnseenAtMove, u.ID)
		}
	}
	for _, d := range k.declared {
		w.Declared = append(w.Declared, declaredWire{Order: d.Order.record(bd), Odds: d.odds})
	}
	for _, p := range k.history.phase {
		w.PhaseOrders = append(w.PhaseOrders, phaseOrderWire{By: p.by, Order: p.order.record(bd)})
	}
	for _, u := range k.units {
		if k.history.fired[u.ID] {
			w.Fired = append(w.Fired, u.ID)
		}
		if t, ok := k.history.trails[u.ID]; ok {
			w.Trails = append(w.Trails, trailWire{Unit: u.ID, Hexes: t})
		}
	}
	return w
}

// DecodeView rebuilds a View and its known battle from its encoded form
// (View.Encode), for a remote seat that plays from it as a local one plays
// from Battle.View. sc is the battle's scenario as its file is loaded,
// every placement in it: the units of the view are the scenario's unit
// objects by number, and the decoder takes the side's own placements (its
// units' scripts and object properties) from it. Under fog the known
// battle keeps only the side's part of it, as the one it was encoded from
// (the enemy's placements and pools dropped: scenarioOf); an open view
// keeps it whole. cat is the unit catalogue the battle was started with.
//
// Input that is not a view of this scenario is refused with an error that
// names the field and its value; none panics, and nothing is made larger
// than the scenario and the board allow.
func DecodeView(sc *hmaps.Scenario, cat *units.Catalogue, data []byte) (*View, error) {
	if len(data) > MaxViewBytes {
		return nil, fmt.Errorf("battle: view: %d bytes, more than the %d a view may hold", len(data), MaxViewBytes)
	}
	var w viewWire
	if err := decodeStrict(data, &w); err != nil {
		return nil, fmt.Errorf("battle: view: %w", err)
	}
	if w.Format != ViewFormat {
		return nil, fieldError("format", "%s is not %q", fileio.Quote(w.Format), ViewFormat)
	}
	if w.Version != ViewVersion {
		return nil, fieldError("version", "%d is not %d, the version this program reads", w.Version, ViewVersion)
	}
	var d viewJSON
	if err := decodeStrict(w.View, &d); err != nil {
		return nil, fmt.Errorf("battle: view: field \"view\": %w", err)
	}
	k, err := decodeKnown(sc, cat, &w.Known, &d)
	if err != nil {
		return nil, err
	}
	v, err := viewOf(k, &d, w.Known.Open)
	if err != nil {
		return nil, err
	}
	for i, id := range w.Known.UnseenAtMove {
		if k.intel == nil || k.Unit(id) == nil || k.intel.seen[id-1].Known != Spotted {
			return nil, fieldError(fmt.Sprintf("known.unseen_at_move[%d]", i), "%d is no enemy unit the side has spotted", id)
		}
		k.intel.unseenAtMove[id-1] = true
	}
	// The display form must be the one the rebuilt view shows: what it
	// says of the side's units and pools is the known battle's.
	again, err := v.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var sent bytes.Buffer
	if err := json.Compact(&sent, w.View); err != nil {
		return nil, fmt.Errorf("battle: view: field \"view\": %w", err)
	}
	if !bytes.Equal(sent.Bytes(), again) {
		i := 0
		for i < len(again) && i < sent.Len() && again[i] == sent.Bytes()[i] {
			i++
		}
		return nil, fieldError("view", "does not agree with the known battle at byte %d: %s, where the known battle shows %s",
			i, fileio.Quote(clipAt(sent.Bytes(), i)), fileio.Quote(clipAt(again, i)))
	}
	return v, nil
}

// clipAt is a few bytes of data from offset i, for an error.
func clipAt(data []byte, i int) string {
	return string(data[i:min(len(data), i+40)])
}

// decodeStrict decodes data as JSON into v, refusing unknown fields and
// anything after the value.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the value")
	}
	return nil
}

// fieldError is the error of a field of an encoded view that does not
// hold.
func fieldError(field, format string, args ...any) error {
	return fmt.Errorf("battle: view: field %q: %s", field, fmt.Sprintf(format, args...))
}

// sideNamed is side s of field, "" when empty allows it.
func sideNamed(field, s string, empty bool) (hmaps.Side, error) {
	switch side := hmaps.Side(s); {
	case side == hmaps.Allies || side == hmaps.Axis || empty && s == "":
		return side, nil
	}
	return "", fieldError(field, "%s is no side", fileio.Quote(s))
}

// wireCheck checks the fields of an encoded known battle against the
// battle being rebuilt: its board and its number of units.
type wireCheck struct {
	b *Battle
	n int
}

// hex refuses h, of field, when it is off the board.
func (c wireCheck) hex(field string, h board.Hex) error {
	if !c.b.Board().Contains(h) {
		return fieldError(field, "hex %d,%d is off the board", h.Q, h.R)
	}
	return nil
}

// pose refuses p, of field, when its hex is off the board or its facing
// is no direction.
func (c wireCheck) pose(field string, p board.Pose) error {
	if p.Facing < 0 || p.Facing > 5 {
		return fieldError(field, "facing %d is not 0 to 5", p.Facing)
	}
	return c.hex(field, p.Hex)
}

// near refuses h, of field, when it is far off the board: a hex a unit off
// the map remembers need not be on it, but is of the board's size.
func (c wireCheck) near(field string, h board.Hex) error {
	bd := c.b.Board()
	if limit := 2 * (bd.Width + bd.Height + 2); h.Q < -limit || h.Q > limit || h.R < -limit || h.R > limit {
		return fieldError(field, "hex %d,%d is far off the board", h.Q, h.R)
	}
	return nil
}

// unit refuses id, of field, when no unit of the battle has it (or, with
// zero, when it is not 0 either).
func (c wireCheck) unit(field string, id UnitID, zero bool) error {
	if id == 0 && zero || id >= 1 && int(id) <= c.n {
		return nil
	}
	return fieldError(field, "%d is no unit of the battle's %d", id, c.n)
}

// units refuses ids, of field, when one is no unit or there are more than
// the battle has.
func (c wireCheck) units(field string, ids []UnitID) error {
	if len(ids) > c.n {
		return fieldError(field, "%d units, more than the battle's %d", len(ids), c.n)
	}
	for i, id := range ids {
		if err := c.unit(fmt.Sprintf("%s[%d]", field, i), id, false); err != nil {
			return err
		}
	}
	return nil
}

// notNegative refuses n, of field, when it is negative.
func notNegative(field string, n int) error {
	if n < 0 {
		return fieldError(field, "%d is negative", n)
	}
	return nil
}

// decodeKnown rebuilds the known battle of encoded view w (display form
// d) on scenario sc.
func decodeKnown(sc *hmaps.Scenario, cat *units.Catalogue, w *knownWire, d *viewJSON) (*Battle, error) {
	side, err := sideNamed("view.side", d.Side, false)
	if err != nil {
		return nil, err
	}
	if w.Slots != len(sc.Units) {
		return nil, fieldError("known.slots", "%d units, where the scenario %s has %d", w.Slots, fileio.Quote(sc.Path), len(sc.Units))
	}
	if w.FogSetting < FogOfMap || w.FogSetting > FogOff {
		return nil, fieldError("known.fog_setting", "%d is not %d to %d", w.FogSetting, FogOfMap, FogOff)
	}
	if w.SaveVersion < 0 || w.SaveVersion > SaveVersion {
		return nil, fieldError("known.save_version", "%d is not 0 to %d", w.SaveVersion, SaveVersion)
	}
	k, err := setUp(sc, cat, Config{Ruleset: w.Ruleset, Source: w.Source, Version: w.SaveVersion, Fog: w.FogSetting})
	if err != nil {
		return nil, fmt.Errorf("battle: view: field \"known.ruleset\" %s on its scenario: %w", fileio.Quote(w.Ruleset), err)
	}
	if d.Fog != k.fog {
		return nil, fieldError("view.fog", "%v, where the scenario and the fog setting make it %v", d.Fog, k.fog)
	}
	if !w.Open && (!k.fog || d.Result != nil) {
		return nil, fieldError("known.open", "false in a battle in the open or over, where the side knows every unit")
	}
	c := wireCheck{b: k, n: len(k.units)}
	// The copy's dice refuse to roll, and it holds no seed nor orders, as
	// knownBy's.
	k.dice = &countingDice{dice: noDice{}}
	k.knownTo = side
	if err := w.units(c, k, sc, side); err != nil {
		return nil, err
	}
	if err := w.pools(c, k, side); err != nil {
		return nil, err
	}
	if err := w.records(c, k); err != nil {
		return nil, err
	}
	if err := w.history(c, k, side); err != nil {
		return nil, err
	}
	if !w.Open {
		k.scenario = scenarioOf(sc, side)
	}
	return k, nil
}

// units sets the units of known battle k from w: those it has as given,
// blank slots for the others.
func (w *knownWire) units(c wireCheck, k *Battle, sc *hmaps.Scenario, side hmaps.Side) error {
	if len(w.Units) > c.n {
		return fieldError("known.units", "%d units, more than the battle's %d", len(w.Units), c.n)
	}
	kept := make([]bool, c.n)
	next := UnitID(1)
	for i, x := range w.Units {
		field := fmt.Sprintf("known.units[%d]", i)
		if x.ID < next || int(x.ID) > c.n {
			return fieldError(field+".id", "%d is not from %d to %d, after the unit before", x.ID, next, c.n)
		}
		next = x.ID + 1
		u, err := x.unit(field, c, sc.Units[x.ID-1], side, w.Open)
		if err != nil {
			return err
		}
		*k.units[x.ID-1] = u
		kept[x.ID-1] = true
	}
	k.knownUnits = nil
	for i, u := range k.units {
		switch {
		case kept[i]:
			k.knownUnits = append(k.knownUnits, u)
		case w.Open || u.Side == side:
			return fieldError("known.units", "unit %d of the %s is missing, which the side knows", u.ID, u.Side)
		default:
			*u = Unit{ID: u.ID, Side: u.Side, Name: unknownType.Name, Type: unknownType, offMap: unknownSlot}
		}
	}
	if w.Open {
		k.knownUnits = k.units
	}
	for i, u := range k.units {
		if u.Carrier != 0 && (k.Unit(u.Carrier) == nil || u.Carrier == u.ID) {
			return fieldError(fmt.Sprintf("known.units[%d].carrier", i), "%d is no other unit the side knows", u.Carrier)
		}
	}
	return nil
}

// unit is the unit x says, of placement p, in a known battle of side
// (open: knowing every unit as it is).
func (x unitWire) unit(field string, c wireCheck, p hmaps.Placement, side hmaps.Side, open bool) (Unit, error) {
	b := c.b
	t, err := placedType(b.catalogue, hmaps.Placement{Type: x.Type})
	if err != nil {
		return Unit{}, fieldError(field+".type", "%v", err)
	}
	u := Unit{ID: x.ID, Name: x.Name, Type: t, Side: p.Side, Pose: x.Pose, Eliminated: x.Eliminated, Carrier: x.Carrier,
		SupportWeapon: x.Weapon, Quality: x.Quality, Rounds: x.Rounds, Engineers: x.Engineers, WeaponSpent: x.WeaponSpent,
		WeaponLost: x.WeaponLost, States: x.States, MovedFrom: x.MovedFrom, PoolFired: x.PoolFired, exited: x.Exited}
	if open || p.Side == side {
		u.Script, u.Placement = p.Script, p
	} else {
		u.Placement = hmaps.Placement{ID: p.ID, Type: p.Type, Side: p.Side}
	}
	if x.LastMove != nil {
		u.LastMove = *x.LastMove
	}
	if x.Aim != nil {
		u.Aim = *x.Aim
	}
	if x.OffMap != "" {
		found := false
		for s, name := range offMapNames {
			if name == x.OffMap {
				u.offMap, found = s, true
			}
		}
		if !found {
			return Unit{}, fieldError(field+".off_map", "%s is not waiting, exited or vanished", fileio.Quote(x.OffMap))
		}
	}
	switch x.Exited {
	case "", hmaps.North, hmaps.South, hmaps.West, hmaps.East:
	default:
		return Unit{}, fieldError(field+".exited", "%s is no edge", fileio.Quote(string(x.Exited)))
	}
	for _, name := range x.Markers {
		i := slices.Index(markerNames[:], name)
		if i < 0 {
			return Unit{}, fieldError(field+".markers", "%s is no marker", fileio.Quote(name))
		}
		u.Markers |= 1 << i
	}
	for name, s := range x.States {
		if !slices.ContainsFunc(b.states, func(spec combat.StateSpec) bool { return spec.Name == name }) {
			return Unit{}, fieldError(field+".states", "%s is no state of the %s ruleset", fileio.Quote(name), b.rules.Name())
		}
		if s.N < 1 {
			return Unit{}, fieldError(field+".states."+name, "%d counters, fewer than 1", s.N)
		}
		if err := c.unit(field+".states."+name+".Foe", s.Foe, true); err != nil {
			return Unit{}, err
		}
	}
	if x.Weapon != "" {
		if _, err := b.catalogue.LookupWeapon(x.Weapon); err != nil {
			return Unit{}, fieldError(field+".weapon", "%v", err)
		}
	}
	switch x.WeaponLost {
	case "", "broken", "removed":
	default:
		return Unit{}, fieldError(field+".weapon_lost", "%s is not broken or removed", fileio.Quote(x.WeaponLost))
	}
	if x.Quality > combat.Elite {
		return Unit{}, fieldError(field+".quality", "%d is no troop quality", x.Quality)
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"rounds", x.Rounds}, {"pool_fired", x.PoolFired}, {"last_move.Segment", u.LastMove.Segment},
		{"last_move.Cost", u.LastMove.Cost}, {"last_move.MP", u.LastMove.MP}, {"aim.Shots", u.Aim.Shots}, {"aim.Segment", u.Aim.Segment}} {
		if err := notNegative(field+"."+f.name, f.n); err != nil {
			return Unit{}, err
		}
	}
	if err := c.unit(field+".carrier", x.Carrier, true); err != nil {
		return Unit{}, err
	}
	if err := c.unit(field+".aim.Target", u.Aim.Target, true); err != nil {
		return Unit{}, err
	}
	check := c.near
	if u.Active() {
		check = c.hex
	}
	if u.Pose.Facing < 0 || u.Pose.Facing > 5 {
		return Unit{}, fieldError(field+".pose", "facing %d is not 0 to 5", u.Pose.Facing)
	}
	for _, h := range []struct {
		name string
		hex  board.Hex
		ok   func(string, board.Hex) error
	}{{"pose", u.Pose.Hex, check}, {"moved_from", u.MovedFrom, c.near}, {"aim.From", u.Aim.From.Hex, c.near}, {"aim.At", u.Aim.At.Hex, c.near}} {
		if err := h.ok(field+"."+h.name, h.hex); err != nil {
			return Unit{}, err
		}
	}
	return u, nil
}

// pools sets the pools, snipers and off-board support of k from w: the
// side's own alone under fog.
func (w *knownWire) pools(c wireCheck, k *Battle, side hmaps.Side) error {
	enemy := Opponent(side)
	for _, p := range []struct {
		name string
		pool map[hmaps.Side]int
	}{{"supply", w.Supply}, {"panzerfausts", w.Panzerfausts}, {"grenades", w.Grenades}} {
		for s, n := range p.pool {
			field := "known." + p.name + "." + string(s)
			if _, err := sideNamed(field, string(s), false); err != nil {
				return err
			}
			if s == enemy && !w.Open {
				return fieldError(field, "the enemy's pool is not the side's to know under fog")
			}
			if err := notNegative(field, n); err != nil {
				return err
			}
		}
	}
	for s, sn := range w.Snipers {
		field := "known.snipers." + string(s)
		if _, err := sideNamed(field, string(s), false); err != nil {
			return err
		}
		if s == enemy && !w.Open {
			return fieldError(field, "the enemy's sniper is not the side's to know under fog")
		}
		if sn.OnMap {
			if err := c.hex(field+".Hex", sn.Hex); err != nil {
				return err
			}
		}
	}
	for s, ms := range w.Support {
		field := "known.support." + string(s)
		if _, err := sideNamed(field, string(s), false); err != nil {
			return err
		}
		if s == enemy && !w.Open {
			return fieldError(field, "the enemy's support is not the side's to know under fog")
		}
		for i, m := range ms {
			f := fmt.Sprintf("%s[%d]", field, i)
			switch m.Kind {
			case hmaps.LightBarrage, hmaps.HeavyBarrage, hmaps.FighterBomber:
			default:
				return fieldError(f+".Kind", "%s is no kind of support", fileio.Quote(string(m.Kind)))
			}
			if m.Count < 0 || m.Count > hmaps.MaxPool || m.APFP < 0 || m.APFP > hmaps.MaxSupportAPFP {
				return fieldError(f, "%d missions of APFP %d: want 0 to %d of 0 to %d", m.Count, m.APFP, hmaps.MaxPool, hmaps.MaxSupportAPFP)
			}
			if _, err := units.ParseRating(m.ATFP); err != nil {
				return fieldError(f+".ATFP", "%v", err)
			}
		}
	}
	if w.Snipers == nil || w.Support == nil || w.Supply == nil || w.Panzerfausts == nil || w.Grenades == nil {
		return fieldError("known", "a pool, the snipers or the support is missing")
	}
	k.supply, k.panzerfausts, k.grenades, k.snipers, k.support = w.Supply, w.Panzerfausts, w.Grenades, w.Snipers, w.Support
	return nil
}

// records sets the records of the phase in play of k from w: the pending
// move and allocation, the declared and held attacks, the hexes that
// fired or assaulted, the fire lanes.
func (w *knownWire) records(c wireCheck, k *Battle) error {
	bd := k.Board()
	if w.Commands < 0 {
		return fieldError("known.commands", "%d is negative", w.Commands)
	}
	if len(w.Assaulted) > bd.Width*bd.Height || len(w.FireGroups) > bd.Width*bd.Height || len(w.Lanes) > c.n || len(w.Declared) > c.n*c.n || len(w.Held) > c.n*c.n {
		return fieldError("known", "%d assaulted hexes, %d fire groups, %d lanes, %d declared and %d held attacks: more than the board and the units allow",
			len(w.Assaulted), len(w.FireGroups), len(w.Lanes), len(w.Declared), len(w.Held))
	}
	for i, h := range w.Assaulted {
		if err := c.hex(fmt.Sprintf("known.assaulted[%d]", i), h); err != nil {
			return err
		}
	}
	for i, g := range w.FireGroups {
		for _, h := range []board.Hex{g.From, g.To} {
			if err := c.hex(fmt.Sprintf("known.fire_groups[%d]", i), h); err != nil {
				return err
			}
		}
	}
	for i, l := range w.Lanes {
		field := fmt.Sprintf("known.lanes[%d]", i)
		if _, err := sideNamed(field+".Side", string(l.Side), false); err != nil {
			return err
		}
		if err := c.unit(field+".Firer", l.Firer, false); err != nil {
			return err
		}
		if len(l.Hexes) > bd.Width+bd.Height {
			return fieldError(field+".Hexes", "%d hexes, longer than the board", len(l.Hexes))
		}
		for _, h := range l.Hexes {
			if err := c.hex(field+".Hexes", h); err != nil {
				return err
			}
		}
	}
	if p := w.Pending; p != nil {
		if err := c.pending(p); err != nil {
			return err
		}
	}
	if a := w.Allocation; a != nil {
		if err := c.allocation(a); err != nil {
			return err
		}
	}
	for i, d := range w.Declared {
		field := fmt.Sprintf("known.declared[%d]", i)
		o, err := d.Order.order(bd)
		if err != nil {
			return fieldError(field+".order", "%v", err)
		}
		f, ok := o.(Fire)
		if !ok {
			return fieldError(field+".order", "%s is no AT shot", fileio.Quote(d.Order.Order))
		}
		if k.Unit(f.Unit) == nil {
			return fieldError(field+".order.unit", "%d is no unit the side knows", f.Unit)
		}
		if err := c.units(field+".order", []UnitID{f.Target}); err != nil {
			return err
		}
		k.declared = append(k.declared, declaredShot{Order: f, odds: d.Odds})
	}
	for i, h := range w.Held {
		field := fmt.Sprintf("known.held[%d]", i)
		if err := c.units(field, append([]UnitID{h.Firer, h.Target}, h.Group...)); err != nil {
			return err
		}
		if err := c.unit(field+".Second", h.Second, true); err != nil {
			return err
		}
	}
	k.pending, k.allocation, k.assaulted, k.fireGroups, k.lanes, k.held = w.Pending, w.Allocation, w.Assaulted, w.FireGroups, w.Lanes, w.Held
	k.fireResolved, k.command, k.commands = w.FireResolved, w.Command, w.Commands
	return nil
}

// pending refuses a pending move whose movers the side does not know or
// whose path leaves the board.
func (c wireCheck) pending(p *pendingMove) error {
	for i, id := range append([]UnitID{p.Unit}, p.With...) {
		if i >= c.n || c.b.Unit(id) == nil {
			return fieldError("known.pending", "mover %d is no unit the side knows", id)
		}
	}
	if len(p.Rest) > c.b.Board().Width*c.b.Board().Height {
		return fieldError("known.pending.Rest", "%d poses, more than the board's hexes", len(p.Rest))
	}
	for i, pose := range p.Rest {
		if err := c.pose(fmt.Sprintf("known.pending.Rest[%d]", i), pose); err != nil {
			return err
		}
	}
	if err := notNegative("known.pending.Cost", p.Cost); err != nil {
		return err
	}
	if o := p.Overrun; o != nil {
		for _, h := range []board.Hex{o.Target, o.From} {
			if err := c.hex("known.pending.Overrun", h); err != nil {
				return err
			}
		}
		return c.units("known.pending.Overrun.FinalFired", o.FinalFired)
	}
	return nil
}

// allocation refuses a pending allocation of units that are not the
// battle's, on a hex off the board.
func (c wireCheck) allocation(a *pendingAllocation) error {
	if _, err := sideNamed("known.allocation.Owner", string(a.Owner), false); err != nil {
		return err
	}
	if _, ok := c.b.infantry.(combat.CasualtyChoices); !ok {
		return fieldError("known.allocation", "the %s ruleset has no owner's allocation", c.b.rules.Name())
	}
	if err := c.hex("known.allocation.Target", a.Target); err != nil {
		return err
	}
	if err := notNegative("known.allocation.Points", a.Points); err != nil {
		return err
	}
	for _, l := range []struct {
		name string
		ids  []UnitID
	}{{"Firers", a.Firers}, {"Units", a.Units}, {"CrewChecks", a.CrewChecks}, {"Vehicles", a.Vehicles}} {
		if err := c.units("known.allocation."+l.name, l.ids); err != nil {
			return err
		}
	}
	if len(a.Defenders) != len(a.Units) {
		return fieldError("known.allocation.Defenders", "%d defenders of %d units", len(a.Defenders), len(a.Units))
	}
	for i, d := range a.Defenders {
		if d.Carrier < 0 || d.Carrier > len(a.Defenders) {
			return fieldError(fmt.Sprintf("known.allocation.Defenders[%d].Carrier", i), "%d is not 0 to %d", d.Carrier, len(a.Defenders))
		}
	}
	return nil
}

// history sets what the orders so far tell k from w: the orders of the
// phase in play the side knows, who fired, the trails.
func (w *knownWire) history(c wireCheck, k *Battle, side hmaps.Side) error {
	bd := k.Board()
	h := history{fired: map[UnitID]bool{}, trails: map[UnitID][]board.Hex{}}
	for i, p := range w.PhaseOrders {
		field := fmt.Sprintf("known.phase_orders[%d]", i)
		by, err := sideNamed(field+".by", string(p.By), false)
		if err != nil {
			return err
		}
		if by != side && !w.Open {
			return fieldError(field+".by", "the %s's orders are not the side's to know under fog", by)
		}
		o, err := p.Order.order(bd)
		if err != nil {
			return fieldError(field+".order", "%v", err)
		}
		h.phase = append(h.phase, phaseOrder{order: o, by: by})
	}
	if err := c.units("known.fired", w.Fired); err != nil {
		return err
	}
	for _, id := range w.Fired {
		h.fired[id] = true
	}
	if len(w.Trails) > c.n {
		return fieldError("known.trails", "%d trails, more than the battle's %d units", len(w.Trails), c.n)
	}
	for i, t := range w.Trails {
		field := fmt.Sprintf("known.trails[%d]", i)
		if err := c.unit(field+".unit", t.Unit, false); err != nil {
			return err
		}
		for _, x := range t.Hexes {
			if err := c.hex(field+".hexes", x); err != nil {
				return err
			}
		}
		h.trails[t.Unit] = t.Hexes
	}
	k.history = h
	return nil
}

// viewOf is the View whose known battle is k and display form d: the
// enemy as the side knows it comes from the display form, the rest from k.
func viewOf(k *Battle, d *viewJSON, open bool) (*View, error) {
	bd := k.Board()
	side := k.knownTo
	var err error
	v := &View{Side: side, Fog: k.fog, Turn: d.Turn, Turns: k.scenario.Turns, board: bd, known: k}
	if v.Phasing, err = sideNamed("view.phasing", d.Phasing, false); err != nil {
		return nil, err
	}
	if v.Acting, err = sideNamed("view.acting", d.Acting, true); err != nil {
		return nil, err
	}
	i := slices.Index(phaseNames[:], d.Phase)
	if i < 0 {
		return nil, fieldError("view.phase", "%s is no phase", fileio.Quote(d.Phase))
	}
	v.Phase = Phase(i)
	if d.Turn < 1 || d.Turn > maxTurn {
		return nil, fieldError("view.turn", "%d is not 1 to %d", d.Turn, maxTurn)
	}
	if len(d.Smoke) > bd.Width*bd.Height {
		return nil, fieldError("view.smoke", "%d hexes, more than the board's", len(d.Smoke))
	}
	v.Smoke = map[board.Hex]int{}
	for i, s := range d.Smoke {
		h, err := bd.ParseHex(s.Hex)
		if err != nil {
			return nil, fieldError(fmt.Sprintf("view.smoke[%d].hex", i), "%v", err)
		}
		if s.Level < 1 || s.Level > 2 {
			return nil, fieldError(fmt.Sprintf("view.smoke[%d].level", i), "%d is not 1 or 2", s.Level)
		}
		v.Smoke[h] = s.Level
	}
	if r := d.Result; r != nil {
		winner, err := sideNamed("view.result.winner", r.Winner, true)
		if err != nil {
			return nil, err
		}
		if err := notNegative("view.result.turn", r.Turn); err != nil {
			return nil, err
		}
		v.Result = &Result{Winner: winner, Turn: r.Turn, Reason: r.Reason}
		res := *v.Result
		k.result = &res
	}
	k.turn, k.phase, k.phasing, k.smoke = d.Turn, v.Phase, v.Phasing, maps.Clone(v.Smoke)
	v.Panzerfausts, v.Grenades, v.SmokeSupply = k.Panzerfausts(side), k.grenades[side], k.supply[side]
	for _, u := range k.units {
		if u.Side == side {
			c := *u
			c.Placement.Properties = maps.Clone(u.Placement.Properties)
			v.Own = append(v.Own, c)
		}
	}
	if err := v.enemies(d.Enemy, open); err != nil {
		return nil, err
	}
	return v, nil
}

// enemies sets the enemy units the side knows of, as the display form
// lists them, and the known battle's knowledge of them: under fog, the
// spotted ones with the event that had them spotted, and the contacts'
// hexes.
func (v *View) enemies(list []enemyJSON, open bool) error {
	k, bd := v.known, v.board
	if len(list) > len(k.units) {
		return fieldError("view.enemy", "%d enemy units, more than the battle's %d units", len(list), len(k.units))
	}
	if !open {
		n := len(k.units)
		k.intel = &intel{n: n, seen: make([]Sighting, n), unseenAtMove: make([]bool, n), glimpse: make([]int32, n)}
	}
	for i, x := range list {
		field := fmt.Sprintf("view.enemy[%d]", i)
		var e Enemy
		var err error
		if x.Revealed != nil {
			e.Revealed = Reveal{Event: x.Revealed.Event, Turn: x.Revealed.Turn}
		}
		if e.SeenBy, err = v.seenByOf(field+".seen_by", x.SeenBy); err != nil {
			return err
		}
		switch x.Known {
		case "spotted":
			id, err := strconv.Atoi(x.ID)
			u := k.Unit(UnitID(id))
			if err != nil || u == nil || u.Side == v.Side || !u.OnMap() {
				return fieldError(field+".id", "%s is no enemy unit on the map the side knows", fileio.Quote(x.ID))
			}
			e = spottedEnemy(u, e.Revealed, e.SeenBy)
			if k.intel != nil {
				k.intel.seen[u.ID-1] = Sighting{Known: Spotted, Since: e.Revealed}
			}
		case "contact":
			n, err := strconv.Atoi(strings.TrimPrefix(x.ID, "c"))
			if err != nil || n < 1 || !strings.HasPrefix(x.ID, "c") {
				return fieldError(field+".id", "%s is not c and a contact's number", fileio.Quote(x.ID))
			}
			h, err := bd.ParseHex(x.Hex)
			if err != nil {
				return fieldError(field+".hex", "%v", err)
			}
			e.Contact, e.Known, e.Pose = n, Contact, board.Pose{Hex: h}
			if k.contactHexes == nil {
				k.contactHexes = map[board.Hex]bool{}
			}
			k.contactHexes[h] = true
		case "last_seen":
			id, err := strconv.Atoi(x.ID)
			if err != nil || id < 1 || id > len(k.units) || k.units[id-1].Side == v.Side {
				return fieldError(field+".id", "%s is no enemy unit of the battle", fileio.Quote(x.ID))
			}
			h, err := bd.ParseHex(x.Hex)
			if err != nil {
				return fieldError(field+".hex", "%v", err)
			}
			if x.Facing == nil || *x.Facing < 0 || *x.Facing > 5 {
				return fieldError(field+".facing", "want a facing 0 to 5")
			}
			t, err := placedType(k.catalogue, hmaps.Placement{Type: x.Type})
			if err != nil {
				return fieldError(field+".type", "%v", err)
			}
			e.ID, e.Pose, e.Type, e.Name, e.Turn = UnitID(id), board.Pose{Hex: h, Facing: board.Direction(*x.Facing)}, t, x.Name, x.Turn
		default:
			return fieldError(field+".known", "%s is not spotted, contact or last_seen", fileio.Quote(x.Known))
		}
		v.Enemy = append(v.Enemy, e)
	}
	// Under fog the known battle has an enemy unit on the map only when
	// the side has it spotted.
	for _, u := range k.knownUnits {
		if k.intel != nil && u.Side != v.Side && u.OnMap() && k.intel.seen[u.ID-1].Known != Spotted {
			return fieldError("view.enemy", "unit %d, on the map in the known battle, is not spotted", u.ID)
		}
	}
	return nil
}

// seenByOf is the side's units that ids (a display form's seen_by) name.
func (v *View) seenByOf(field string, ids []string) ([]UnitID, error) {
	if len(ids) > len(v.known.units) {
		return nil, fieldError(field, "%d units, more than the battle's", len(ids))
	}
	var out []UnitID
	for _, s := range ids {
		id, err := strconv.Atoi(s)
		if u := v.known.Unit(UnitID(id)); err != nil || u == nil || u.Side != v.Side {
			return nil, fieldError(field, "%s is no unit of the %s", fileio.Quote(s), v.Side)
		}
		out = append(out, UnitID(id))
	}
	return out, nil
}
