package battle

import (
	"fmt"
	"maps"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	hmaps "hexfire/maps"
	"hexfire/units"
)

// Known is what a side knows of an enemy unit now.
type Known uint8

// What a side may know of an enemy unit (docs/RULES.md, "Fog of war").
const (
	// Unknown: nothing now; a last sighting may be kept (Sighting.Last).
	Unknown Known = iota
	// Contact: something is there, its type unknown.
	Contact
	// Spotted: the unit is in view, its type, facing and visible states.
	Spotted
)

// String names the knowledge as the headless view writes it.
func (k Known) String() string {
	switch k {
	case Contact:
		return "contact"
	case Spotted:
		return "spotted"
	}
	return "unknown"
}

// Reveal is the event that made a side spot a unit: what happened, and the
// turn it happened in. (Not the number of the order: counted against its
// own, a side would learn how many orders the enemy gave unseen.)
type Reveal struct {
	Event string // RevealSetUp, RevealSight, …
	Turn  int
}

// The events that reveal a unit.
const (
	RevealSetUp    = "set-up"   // in sight as the battle began
	RevealSight    = "sight"    // came within the distance its ground lets it be spotted at
	RevealMoved    = "moved"    // moved where it was spotted
	RevealFired    = "fired"    // fired, seen by every enemy with a line to it
	RevealAssault  = "assault"  // assaulted or was assaulted
	RevealAttacked = "attacked" // its hex was attacked: the fall of shot showed it
	RevealObserver = "observer" // an observer's call of off-board fire fell on its hex
	RevealBumped   = "bumped"   // an enemy unit tried to move into its hex
)

// LastSeen is where and when a side last spotted a unit, and as what.
type LastSeen struct {
	Pose board.Pose
	Type *units.Type
	Turn int
	By   Reveal // the event that had it spotted then
}

// Sighting is one side's knowledge of one enemy unit.
type Sighting struct {
	Known Known
	// Since is the event that made it Spotted (while Known is Spotted).
	Since Reveal
	// Contact numbers a contact for the side (1, 2, …, in the order the
	// side made them), unrelated to the unit's ID; 0 when not a contact.
	Contact int
	// Last is its last sighting while it is not Spotted; nil when the side
	// never spotted it or has seen it gone.
	Last *LastSeen
	// Gone: the side had it spotted as it left the battle for good
	// (eliminated, or off an edge), so it knows of the loss.
	Gone bool
}

// intel is both sides' knowledge of each other (knowledge.go), derived from
// the orders and dice like every other state, so never saved. Each pair of
// units of opposite sides has a look (the watcher's sighting of the target
// over a clear line); each unit counts the enemy watchers that have a line
// to it and that glimpse or identify it, so one unit's move updates only
// its own pairs.
type intel struct {
	n     int
	pairs []uint8 // pairs[w*n+t]: 0 no line, else 1 + the combat.Sighting
	// clear, glimpse and identify count, for each target, its enemy
	// watchers with a line, with at least a glimpse, with an identification.
	clear, glimpse, identify []int32
	// concealed: the unit was set up hidden and has not given itself away.
	concealed []bool
	// seen is each unit's knowledge by the other side.
	seen []Sighting
	// seenPose is where a Spotted unit was at its last look, the pose its
	// LastSeen takes when it is lost.
	seenPose []board.Pose
	// unseenAtMove: the other side did not have the unit spotted when its
	// latest move began (the acquisition of a target moving into sight).
	unseenAtMove []bool
	// at and on are each unit's hex and whether it watched and could be
	// watched at the last look, to find the units that changed since.
	at []board.Hex
	on []bool
	// smoke is the smoke at the last look: a change of it changes lines.
	smoke map[board.Hex]int
	// contacts counts each side's contacts made, for their numbers.
	contacts map[hmaps.Side]int
	// news counts, for each side, the times an enemy unit became a contact
	// or spotted to it: an order that changed it showed the side
	// something, and may not be undone under fog.
	news map[hmaps.Side]int
	// unmasked are the dummies taken off the map whose events are still
	// to be handed out (Battle.unmaskedEvents).
	unmasked []unmasked
}

// clone returns a copy of the knowledge that can change without touching
// in (nil for nil): Check moves a copy of a battle under fog, and a move
// looks as it goes.
func (in *intel) clone() *intel {
	if in == nil {
		return nil
	}
	c := *in
	c.pairs, c.clear, c.glimpse, c.identify = slices.Clone(in.pairs), slices.Clone(in.clear), slices.Clone(in.glimpse), slices.Clone(in.identify)
	c.concealed, c.seen, c.seenPose, c.unseenAtMove = slices.Clone(in.concealed), slices.Clone(in.seen), slices.Clone(in.seenPose), slices.Clone(in.unseenAtMove)
	c.at, c.on, c.unmasked = slices.Clone(in.at), slices.Clone(in.on), slices.Clone(in.unmasked)
	c.smoke, c.contacts, c.news = maps.Clone(in.smoke), maps.Clone(in.contacts), maps.Clone(in.news)
	return &c
}

// newIntel sets up the knowledge of a battle's start: concealed units as
// their placements say, then a first look from every unit (set-up).
func newIntel(b *Battle) *intel {
	n := len(b.units)
	in := &intel{
		n: n, pairs: make([]uint8, n*n),
		clear: make([]int32, n), glimpse: make([]int32, n), identify: make([]int32, n),
		concealed: make([]bool, n), seen: make([]Sighting, n), seenPose: make([]board.Pose, n),
		unseenAtMove: make([]bool, n), at: make([]board.Hex, n), on: make([]bool, n),
		contacts: map[hmaps.Side]int{}, news: map[hmaps.Side]int{},
	}
	for i, u := range b.units {
		in.concealed[i] = u.Placement.Hidden
	}
	in.refresh(b, Reveal{Event: RevealSetUp})
	return in
}

// looks works out the sightings of units a and b (of opposite sides) of
// each other as pairs' bytes, 0 for no line: the line is the same both
// ways (docs/LOS.md), what each makes out of the other is not. A dummy
// watches for nobody: its side sees nothing through it.
func (in *intel) looks(b *Battle, a, c *Unit) (ac, ca uint8) {
	if !a.OnMap() || !c.OnMap() {
		return 0, 0
	}
	s := b.Board().Sight(a.Pose.Hex, c.Pose.Hex, b.Smoke)
	if !s.Visible {
		return 0, 0
	}
	if !a.Dummy() {
		ac = in.sighting(b, a, c, s)
	}
	if !c.Dummy() {
		ca = in.sighting(b, c, a, s)
	}
	return ac, ca
}

// sighting is watcher w's sighting of target t over the line s.
func (in *intel) sighting(b *Battle, w, t *Unit, s board.Sight) uint8 {
	l := lookAt(b, w, t.Pose.Hex, t.Type, s)
	l.Concealed = in.concealed[t.ID-1]
	return 1 + uint8(combat.SpotOf(b.rules, l))
}

// lookAt is watcher w's look at a unit of type t in hex h over the line s.
func lookAt(b *Battle, w *Unit, h board.Hex, t *units.Type, s board.Sight) combat.Look {
	return combat.Look{
		Range: w.Pose.Hex.Distance(h), Hindrance: s.Hindrance,
		Terrain: b.Board().Cell(h).Terrain, Fort: b.Board().Fort(h).Kind,
		Target: t.Kind, Watcher: w.Type.Kind, Night: b.night,
	}
}

// setPair records the pair (w, t) as p, keeping t's counts.
func (in *intel) setPair(w, t int, p uint8) {
	old := in.pairs[w*in.n+t]
	if old == p {
		return
	}
	in.pairs[w*in.n+t] = p
	in.count(t, old, -1)
	in.count(t, p, 1)
}

func (in *intel) count(t int, p uint8, d int32) {
	if p == 0 {
		return
	}
	in.clear[t] += d
	if s := combat.Sighting(p - 1); s >= combat.Glimpsed {
		in.glimpse[t] += d
		if s == combat.Identified {
			in.identify[t] += d
		}
	}
}

// relook works out again every pair u is in, as watcher and as target.
func (in *intel) relook(b *Battle, u *Unit) {
	i := int(u.ID - 1)
	for _, v := range b.units {
		if v.Side == u.Side {
			continue
		}
		j := int(v.ID - 1)
		uv, vu := in.looks(b, u, v)
		in.setPair(i, j, uv)
		in.setPair(j, i, vu)
	}
}

// refresh works out every pair again (the start, or the smoke changed),
// then each unit's knowledge, with cause for what becomes spotted.
func (in *intel) refresh(b *Battle, cause Reveal) {
	for i, w := range b.units {
		for _, t := range b.units[i+1:] {
			if w.Side != t.Side {
				wt, tw := in.looks(b, w, t)
				in.setPair(int(w.ID-1), int(t.ID-1), wt)
				in.setPair(int(t.ID-1), int(w.ID-1), tw)
			}
		}
	}
	in.snapshot(b)
	for _, u := range b.units {
		in.judge(b, u, cause)
	}
	for _, u := range b.units {
		in.forget(b, u, b.units)
	}
}

// snapshot records where every unit is and the smoke, for the next look.
func (in *intel) snapshot(b *Battle) {
	for i, u := range b.units {
		in.at[i], in.on[i] = u.Pose.Hex, u.OnMap()
	}
	in.smoke = maps.Clone(b.smoke)
}

// update looks again after the battle changed: every pair again when the
// smoke did, else the pairs of the units that moved, came or went. moving
// are units entering a hex as part of a move: one a line reaches gives
// its concealment away.
func (in *intel) update(b *Battle, moving []*Unit) {
	sight := Reveal{Event: RevealSight, Turn: b.turn}
	if !maps.Equal(in.smoke, b.smoke) {
		in.refresh(b, sight)
		in.uncover(b, moving)
		return
	}
	var changed []*Unit
	for i, u := range b.units {
		if in.at[i] != u.Pose.Hex || in.on[i] != u.OnMap() {
			changed = append(changed, u)
		}
	}
	for _, u := range changed {
		in.relook(b, u)
	}
	in.snapshot(b)
	in.uncover(b, moving)
	if len(changed) == 0 {
		return
	}
	for _, u := range b.units {
		cause := sight
		if slices.Contains(moving, u) {
			cause.Event = RevealMoved
		}
		in.judge(b, u, cause)
	}
	for _, t := range b.units {
		in.forget(b, t, changed)
	}
}

// uncover takes the concealment from every moving unit that an enemy has a
// line to (it moved in sight), and looks again at it.
func (in *intel) uncover(b *Battle, moving []*Unit) {
	for _, u := range moving {
		i := int(u.ID - 1)
		if in.concealed[i] && in.clear[i] > 0 {
			in.concealed[i] = false
			in.relook(b, u)
			in.judge(b, u, Reveal{Event: RevealMoved, Turn: b.turn})
		}
	}
}

// judge settles the other side's knowledge of u from its counts: spotted
// when a watcher identifies it, or it was and a watcher still has a line
// to it; a contact when glimpsed; else lost, leaving its last sighting. A
// dummy that would be spotted is taken off the map instead.
func (in *intel) judge(b *Battle, u *Unit, cause Reveal) {
	i := int(u.ID - 1)
	k := &in.seen[i]
	if !u.OnMap() {
		in.gone(b, u)
		return
	}
	switch {
	case in.identify[i] > 0 && u.Dummy():
		in.unmask(b, u, cause)
	case in.identify[i] > 0 || k.Known == Spotted && in.clear[i] > 0:
		if k.Known != Spotted {
			*k = Sighting{Known: Spotted, Since: cause}
			in.news[Opponent(u.Side)]++
		}
		in.concealed[i] = false
		in.seenPose[i] = u.Pose
	case in.glimpse[i] > 0:
		in.lose(b, u)
		if k.Known != Contact {
			side := Opponent(u.Side)
			in.contacts[side]++
			in.news[side]++
			k.Known, k.Contact = Contact, in.contacts[side]
		}
	default:
		in.lose(b, u)
		k.Known, k.Contact = Unknown, 0
	}
}

// lose keeps the last sighting of u if it was spotted until now.
func (in *intel) lose(b *Battle, u *Unit) {
	i := int(u.ID - 1)
	k := &in.seen[i]
	if k.Known == Spotted {
		k.Last = &LastSeen{Pose: in.seenPose[i], Type: u.Type, Turn: b.turn, By: k.Since}
		k.Known, k.Since = Unknown, Reveal{}
	}
}

// gone settles the knowledge of a unit that left the map, was carried off
// or eliminated: what the side saw happen (it had the unit spotted) it
// knows, and forgets the unit but for the loss of one gone for good
// (Gone); else its last sighting stays.
func (in *intel) gone(b *Battle, u *Unit) {
	k := &in.seen[u.ID-1]
	if k.Known == Spotted {
		*k = Sighting{Gone: u.Eliminated || u.offMap == exitedMap}
		return
	}
	k.Known, k.Contact = Unknown, 0
}

// forget drops the last sighting of u once one of the watchers ws of the
// other side would spot a unit standing where it was seen, and u is not
// spotted: the side sees the place empty.
func (in *intel) forget(b *Battle, u *Unit, ws []*Unit) {
	k := &in.seen[u.ID-1]
	if k.Last == nil || k.Known == Spotted {
		return
	}
	h := k.Last.Pose.Hex
	for _, w := range ws {
		if w.Side == u.Side || !w.OnMap() || w.Dummy() {
			continue
		}
		s := b.Board().Sight(w.Pose.Hex, h, b.Smoke)
		if s.Visible && combat.SpotOf(b.rules, lookAt(b, w, h, k.Last.Type, s)) == combat.Identified {
			k.Last = nil
			return
		}
	}
}

// reveal has the side watching u spot it now, for cause (it fired, was
// assaulted, an observer saw its hex): it gives its concealment away, and
// stays spotted while a watcher has a line to it. A dummy is taken off
// the map.
func (in *intel) reveal(b *Battle, u *Unit, cause Reveal) {
	if !u.OnMap() {
		return
	}
	if u.Dummy() {
		in.unmask(b, u, cause)
		return
	}
	i := int(u.ID - 1)
	if in.concealed[i] {
		in.concealed[i] = false
		in.relook(b, u)
	}
	k := &in.seen[i]
	if k.Known != Spotted {
		*k = Sighting{Known: Spotted, Since: cause}
		in.seenPose[i] = u.Pose
		in.news[Opponent(u.Side)]++
	}
	in.judge(b, u, cause)
}

// learn updates both sides' knowledge after an order gave
// events: the units that moved, came or went are looked at again, then
// what the events reveal is spotted (docs/RULES.md, "Fog of war"). actor
// is the side that gave the order. It returns the events of the dummies
// this took off the map.
func (b *Battle) learn(events []Event, actor hmaps.Side) []Event {
	in := b.intel
	if in == nil {
		return nil
	}
	in.update(b, nil)
	reveal := func(u *Unit, event string) {
		if u != nil {
			in.reveal(b, u, Reveal{Event: event, Turn: b.turn})
		}
	}
	hex := func(h board.Hex, event string) {
		for _, u := range b.standingAt(h) {
			reveal(u, event)
		}
	}
	for _, e := range events {
		switch e.Kind {
		case UnitFired:
			reveal(b.Unit(e.Unit), RevealFired)
		case VehicleAssaulted:
			reveal(b.Unit(e.Unit), RevealAssault)
			reveal(b.Unit(e.Target), RevealAssault)
		case HexAssaulted:
			hex(e.Hex, RevealAssault)
			reveal(b.Unit(e.Unit), RevealAssault)
		case LaneLaid:
			reveal(b.Unit(e.Unit), RevealFired)
		case LaneFired:
			hex(e.Hex, RevealAttacked)
			if m := b.Unit(e.Unit); m != nil {
				for _, l := range b.lanes {
					if l.Side != m.Side && slices.Contains(l.Hexes, e.Hex) {
						reveal(b.Unit(l.Firer), RevealFired)
					}
				}
			}
		case HexFired:
			hex(e.Hex, RevealAttacked)
			if f := b.Unit(e.Unit); f != nil && !slices.ContainsFunc(b.UnitsAt(e.Hex), func(u *Unit) bool { return u.Side == f.Side }) {
				for _, u := range b.UnitsAt(f.Pose.Hex) {
					if u.Side == f.Side && u.Has(Fired) {
						reveal(u, RevealFired)
					}
				}
			}
		case SupportCalled:
			for _, u := range b.standingAt(e.Hex) {
				if u.Side != actor {
					reveal(u, RevealObserver)
				}
			}
		}
	}
	return b.unmaskedEvents()
}

// moveBegins records, for each unit of a move, whether the other side had
// it spotted as the move began (Shot.TargetIntoSight under fog).
func (in *intel) moveBegins(us []*Unit) {
	for _, u := range us {
		in.unseenAtMove[u.ID-1] = in.seen[u.ID-1].Known != Spotted
	}
}

// Knowledge returns what side knows of the enemy unit u (its Sighting);
// the zero Sighting for a unit of side itself.
func (b *Battle) Knowledge(side hmaps.Side, u *Unit) Sighting {
	if b.intel == nil || u.Side == side {
		return Sighting{}
	}
	return b.intel.seen[u.ID-1]
}

// SeenBy returns the units of side that make u out now, identified or
// glimpsed, in ID order.
func (b *Battle) SeenBy(side hmaps.Side, u *Unit) []*Unit {
	var out []*Unit
	for _, id := range b.seenBy(side, u) {
		out = append(out, b.Unit(id))
	}
	return out
}

// seenBy is SeenBy as IDs.
func (b *Battle) seenBy(side hmaps.Side, u *Unit) []UnitID {
	in := b.intel
	if in == nil || u.Side == side {
		return nil
	}
	t := int(u.ID - 1)
	if in.glimpse[t] == 0 {
		return nil
	}
	ids := make([]UnitID, 0, in.glimpse[t])
	for w := range in.n {
		if in.pairs[w*in.n+t] > 1 {
			ids = append(ids, UnitID(w+1))
		}
	}
	return ids
}

// checkTargetSpotted refuses, under fog, an order of side aimed at unit id
// when side has not spotted it or there is no such unit: an order may aim
// only at an enemy unit its side has spotted, and it is refused alike for
// a unit the side does not know and for one that does not exist, so the refusal
// tells nothing (ours: direct fire needs a target in sight; fire at a hex,
// whatever is in it, is an AP attack).
func (b *Battle) checkTargetSpotted(side hmaps.Side, id UnitID) error {
	if !b.fog || b.intel == nil {
		return nil
	}
	if u := b.Unit(id); u != nil && (u.Side == side || b.Knowledge(side, u).Known == Spotted) {
		return nil
	}
	return fmt.Errorf("the %s have spotted no enemy unit #%d", side, id)
}

// firesBlind reports whether AP fire may fall on a hex where its side
// knows of no enemy: under fog, where the hex may hold one it has not
// found (reconnaissance by fire), not in the open, where it can see the
// hex is empty.
func (b *Battle) firesBlind() bool { return b.fog && b.intel != nil }

// knowsHex reports whether side knows every enemy unit in hex h (spotted
// them all): under fog, AP fire at a hex that holds only armour is
// refused as harmless only when the firers' side can see that it does, so
// the refusal tells nothing it could not (a side's known battle knows a
// contact's hex only as holding something).
func (b *Battle) knowsHex(side hmaps.Side, h board.Hex) bool {
	if b.contactHexes[h] && side == b.knownTo {
		return false
	}
	return !slices.ContainsFunc(b.standingAt(h), func(u *Unit) bool {
		return u.Side != side && b.fog && b.intel != nil && b.Knowledge(side, u).Known != Spotted
	})
}

// unknownTo reports whether, under fog, u is an enemy unit side does not
// know is there (neither spotted nor a contact): a move of side is planned
// as if its hex were empty (Occupancy), and runs into it (bump).
func (b *Battle) unknownTo(side hmaps.Side, u *Unit) bool {
	return b.fog && b.intel != nil && u.Side != side && b.Knowledge(side, u).Known == Unknown
}

// bump stops, under fog, the move of the units us before hex h when h
// holds enemy units: the move was planned on the map as their side saw it
// (Occupancy), and an enemy it did not know of, or one it came to spot on
// the way, bars the hex. The units found are revealed to it, as a unit
// that walks into an enemy finds it, and the move ends where it stands.
// Dummies found are taken off the map and bar nothing; a dummy that runs
// into an enemy is itself found out, and shows its side nothing. It
// returns the events and whether the move halts; no events when the way
// into h is free.
func (b *Battle) bump(us []*Unit, h board.Hex) ([]Event, bool) {
	if !b.fog || b.intel == nil {
		return nil, false
	}
	side := us[0].Side
	var found []*Unit
	for _, o := range b.standingAt(h) {
		if o.Side != side {
			found = append(found, o)
		}
	}
	if len(found) == 0 {
		return nil, false
	}
	cause := Reveal{Event: RevealBumped, Turn: b.turn}
	u := us[0]
	if u.Dummy() && slices.ContainsFunc(found, func(o *Unit) bool { return !o.Dummy() }) {
		b.intel.unmask(b, u, cause)
		return b.unmaskedEvents(), true
	}
	for _, o := range found {
		b.intel.reveal(b, o, cause)
	}
	events := b.unmaskedEvents()
	if found = slices.DeleteFunc(found, (*Unit).Dummy); len(found) == 0 {
		return events, false
	}
	return append(events, Event{Kind: MoveBumped, Unit: u.ID, Hex: h, Text: fmt.Sprintf("%s run%s into %s in %s and halt%s in %s",
		stackNames(us), verbS(us), stackNames(found), b.Board().Label(h), verbS(us), b.Board().Label(u.Pose.Hex))}), true
}

// spottedByFoe lists, under fog, whether each unit is spotted by its
// enemy now (by ID - 1); nil in an open battle or a copy.
func (b *Battle) spottedByFoe() []bool {
	if !b.fog || b.intel == nil {
		return nil
	}
	spotted := make([]bool, len(b.units))
	for i, u := range b.units {
		spotted[i] = b.intel.seen[i].Known == Spotted && u.OnMap()
	}
	return spotted
}

// markUnseen marks, under fog, the events of an order that the enemy of
// the unit each concerns did not see (Event.Unseen). A unit's going, from
// hex to hex, is seen where it arrives in the enemy's sight (a step that
// ends out of sight is not, so the log never tells where a unit went
// once lost from view); anything else a unit does or suffers is seen if
// the enemy had it spotted before the order (spotted, from spottedByFoe)
// or after it. A shot declared under simultaneous fire is its side's
// secret until the fire is resolved. Events of no unit (phases, the
// battle's end) are seen by both. A shot at a unit whose side did not see
// it is told to that side as a FiredUponUnseen of its own: it knows it
// was fired at, not by whom nor from where. It returns the events with
// those added.
func (b *Battle) markUnseen(events []Event, spotted []bool) []Event {
	if spotted == nil {
		return events
	}
	var told []Event
	for i := range events {
		e := &events[i]
		u := b.Unit(e.Unit)
		if u == nil {
			continue
		}
		foe := Opponent(u.Side)
		switch {
		case e.Kind == DummyRevealed: // seen by both
		case e.Kind == FireDeclared:
			e.Unseen = foe
		case e.seen || b.Knowledge(foe, u).Known == Spotted:
		case whereabouts(e.Kind):
			e.Unseen = foe
		case !spotted[u.ID-1]:
			e.Unseen = foe
		}
		if t := b.Unit(e.Target); e.Kind == UnitFired && e.Unseen == foe && t != nil && t.Side == foe {
			told = append(told, Event{Kind: FiredUponUnseen, Unit: t.ID, Hex: t.Pose.Hex, Unseen: u.Side,
				Text: fmt.Sprintf("%s in %s is fired at by an enemy it cannot see", t.Label(), b.Board().Label(t.Pose.Hex))})
		}
	}
	return append(events, told...)
}

// whereabouts reports whether an event of kind k tells where a unit went.
func whereabouts(k EventKind) bool {
	switch k {
	case UnitMoved, MoveEnded, MovePaused, MoveBumped, UnitEntered, UnitExited, UnitLoaded, UnitUnloaded:
		return true
	}
	return false
}

// Fog reports whether the battle is fought under fog of war (map property
// "fog"): each side sees only what it knows of the other.
func (b *Battle) Fog() bool { return b.fog }

// inSightOfFoe reports whether the other side sees one of the movers us:
// under fog it may opportunity-fire only at a mover it has spotted (no
// pause offers it a shot at, or tells it of, a unit it does not see).
func (b *Battle) inSightOfFoe(us []*Unit) bool {
	if !b.fog || b.intel == nil {
		return true
	}
	return slices.ContainsFunc(us, func(u *Unit) bool { return b.Knowledge(Opponent(u.Side), u).Known == Spotted })
}

// newsFor is how many times side has come to know an enemy unit so far
// (intel.news), 0 in a copy.
func (b *Battle) newsFor(side hmaps.Side) int {
	if b.intel == nil {
		return 0
	}
	return b.intel.news[side]
}

// beganUnseen reports whether target's latest move began out of the sight
// of a firer in hex from: under fog, whether the firer's side did not have
// it spotted then (it has to be acquired as it comes into view); in an
// open battle, whether the hex the move began in is out of from's line of
// sight.
func (b *Battle) beganUnseen(from board.Hex, target *Unit) bool {
	if b.fog && b.intel != nil {
		return b.intel.unseenAtMove[target.ID-1]
	}
	return !b.Board().Sight(from, target.MovedFrom, b.Smoke).Visible
}

// unseenMoverVersion is the save version from which, under fog, a side's
// opportunity fire ends once it sees none of the movers (passMoverLost).
const unseenMoverVersion = 10

// firesAtUnseenMovers reports whether the battle replays a save of before
// unseenMoverVersion, whose opportunity fire went on at a mover out of
// sight.
func (b *Battle) firesAtUnseenMovers() bool {
	return b.config.Version > 0 && b.config.Version < unseenMoverVersion
}

// passMoverLost passes, under fog, for a side offered opportunity fire at
// a move none of whose units it sees any more (the side's fire made the
// mover reverse out of its sight): it has nothing left to fire at, and
// its knowledge must not tell it that a move waits there (ours).
func (b *Battle) passMoverLost() []Event {
	if !b.fog || b.intel == nil || b.firesAtUnseenMovers() || b.Moving() == nil || b.inSightOfFoe(b.movers()) {
		return nil
	}
	events, err := Pass{}.apply(b)
	if err != nil {
		return nil // never: a move waits for the pass
	}
	return events
}
