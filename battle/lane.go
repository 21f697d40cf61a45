package battle

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// LanePattern is how the markers of an MG fire lane lie along the line of
// fire (rules 13.9): in a straight line along it, or staggered, falling
// alternately on each side of it, the first on the side the firer picks.
type LanePattern uint8

// The fire lane patterns. NoLane: the attack lays no lane.
const (
	NoLane LanePattern = iota
	LaneStraight
	LaneStaggerLeft  // the first marker left of the line, seen from the firer
	LaneStaggerRight // the first marker right of the line
)

var lanePatternNames = [...]string{"", "straight", "left", "right"}

// String is the pattern's name in save files: "straight", "left", "right";
// "" for none.
func (p LanePattern) String() string {
	if int(p) < len(lanePatternNames) {
		return lanePatternNames[p]
	}
	return fmt.Sprintf("lane(%d)", p)
}

// ParseLanePattern reads a pattern's name, "" being none.
func ParseLanePattern(s string) (LanePattern, error) {
	if i := slices.Index(lanePatternNames[:], s); i >= 0 {
		return LanePattern(i), nil
	}
	return NoLane, fmt.Errorf("fire lane pattern %q: want straight, left or right", s)
}

// FireLane is the lane one MG laid with an opportunity-fire attack: a marker
// in each of Hexes, from the hex next to the firer's to the target hex, as
// many as the range (rules 13.9). It lasts to the end of the Movement phase.
type FireLane struct {
	Side   maps.Side
	Firer  UnitID
	Weapon string
	Hexes  []board.Hex
}

// LaneAPFP is the firepower a fire lane attacks with: the rules name the
// AP Combat Table's 1–4 row (13.9), and any total in that band reads it.
const LaneAPFP = 4

// FireLanes returns the fire lanes standing now.
func (b *Battle) FireLanes() []FireLane { return slices.Clone(b.lanes) }

// LaneMarkers counts the fire lane markers of side's lanes in hex h: one per
// lane through it (rules 13.91).
func (b *Battle) LaneMarkers(side maps.Side, h board.Hex) int {
	n := 0
	for _, l := range b.lanes {
		if l.Side == side && slices.Contains(l.Hexes, h) {
			n++
		}
	}
	return n
}

// LaneHexes returns the hexes of a fire lane from hex from to hex to laid in
// pattern p, or why no lane of that pattern fits (rules 13.9): as many as
// the range, each next to the one before, the first next to from and the
// last the target. Where the line runs along a hexside, between two hexes
// it touches equally, the pattern picks one: a straight lane always the
// one on the left of the line, a staggered one each side in turn, the
// first on the side it names. A line that nowhere runs between two hexes
// has only its straight lane.
func (b *Battle) LaneHexes(from, to board.Hex, p LanePattern) ([]board.Hex, error) {
	n := from.Distance(to)
	if p == NoLane || p > LaneStaggerRight {
		return nil, fmt.Errorf("fire lane pattern %v: want straight, left or right", p)
	}
	if n < 1 {
		return nil, fmt.Errorf("a fire lane needs a target away from the firer")
	}
	fx, fy := hexPixel(from)
	tx, ty := hexPixel(to)
	dx, dy := tx-fx, ty-fy
	length := math.Hypot(dx, dy)
	// The left normal, looking from the firer along the line (y grows
	// downward, as on the screen), a hair long: enough to break a tie.
	const nudge = 1e-6
	nx, ny := nudge*dy/length, -nudge*dx/length
	hexes := make([]board.Hex, 0, n)
	prev, ties := from, 0
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := fx+dx*t, fy+dy*t
		h, right := pixelHex(x+nx, y+ny), pixelHex(x-nx, y-ny)
		if h != right {
			if p == LaneStaggerRight && ties%2 == 0 || p == LaneStaggerLeft && ties%2 == 1 {
				h = right
			}
			ties++
		}
		if h.Distance(prev) != 1 || slices.Contains(hexes, h) {
			return nil, fmt.Errorf("a %v fire lane does not fit the line from %s to %s: lay it another way", p, b.Board().Label(from), b.Board().Label(to))
		}
		if !b.Board().Contains(h) {
			return nil, fmt.Errorf("a %v fire lane from %s to %s would leave the map at %s", p, b.Board().Label(from), b.Board().Label(to), b.Board().Label(h))
		}
		hexes = append(hexes, h)
		prev = h
	}
	if p != LaneStraight && ties < 2 {
		return nil, fmt.Errorf("the line from %s to %s does not run along hexsides: no staggered fire lane fits it, lay it straight", b.Board().Label(from), b.Board().Label(to))
	}
	return hexes, nil
}

// hexPixel is the centre of h in a flat-topped layout of hex size 1 (the
// lane's geometry: any rotation of it keeps the sides of a line).
func hexPixel(h board.Hex) (x, y float64) {
	return 1.5 * float64(h.Q), math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
}

// pixelHex is the hex whose centre lies nearest the point (x, y) of
// hexPixel's layout.
func pixelHex(x, y float64) board.Hex {
	q := x / 1.5
	return board.RoundHex(q, y/math.Sqrt(3)-q/2)
}

// laneMGs returns the firers of plan p that may lay a fire lane: infantry
// on the map firing an MG support weapon (rules 13.9: never a vehicle's
// MG), one lane each.
func (b *Battle) laneMGs(p APPlan) []int {
	var idx []int
	for i, u := range p.Firers {
		if p.Weapons[i] == "" || !u.Type.Kind.Infantry() || u.Carrier != 0 {
			continue
		}
		if w, err := b.catalogue.LookupWeapon(p.Weapons[i]); err == nil && w.MG {
			idx = append(idx, i)
		}
	}
	return idx
}

// checkLane says why attack o, planned as p, may not lay the fire lane it
// asks for, or returns the lane's hexes.
func (b *Battle) checkLane(o FireAP, p APPlan) ([]board.Hex, error) {
	switch {
	case o.Lane > LaneStaggerRight:
		return nil, fmt.Errorf("fire lane pattern %v: want straight, left or right", o.Lane)
	case b.Moving() == nil:
		return nil, fmt.Errorf("a fire lane is laid only by opportunity fire at a moving unit (rules 13.9)")
	case len(b.laneMGs(p)) == 0:
		return nil, fmt.Errorf("no infantry unit of the group fires an MG support weapon: only they lay fire lanes (rules 13.9)")
	}
	return b.LaneHexes(p.From, o.Target, o.Lane)
}

// layLanes lays plan p's fire lane, one for each MG of its group.
func (b *Battle) layLanes(p APPlan) []Event {
	hexes := p.Lane
	var events []Event
	labels := make([]string, len(hexes))
	for i, h := range hexes {
		labels[i] = b.Board().Label(h)
	}
	for _, i := range b.laneMGs(p) {
		u := p.Firers[i]
		b.lanes = append(b.lanes, FireLane{Side: u.Side, Firer: u.ID, Weapon: p.Weapons[i], Hexes: hexes})
		events = append(events, Event{Kind: LaneLaid, Unit: u.ID, Hex: p.Target,
			Text: fmt.Sprintf("%s lays a fire lane with its %s: %s", u.Label(), p.Weapons[i], strings.Join(labels, ", "))})
	}
	return events
}

// laneAttack attacks the movers us that just entered hex h if the enemy's
// fire lanes cross it (rules 13.9): infantry, Guns and unarmoured vehicles
// with their passengers, on the AP table's 1–4 row with no modifier but
// the crossfire's (13.91). It reports whether one of them was halted.
func (b *Battle) laneAttack(us []*Unit, h board.Hex) ([]Event, bool) {
	if len(us) == 0 {
		return nil, false
	}
	markers := b.LaneMarkers(Opponent(us[0].Side), h)
	if markers == 0 {
		return nil, false
	}
	targets := laneTargets(b, us)
	if len(targets) == 0 || b.infantry == nil {
		return nil, false
	}
	// Our reading: its points are spent as the automatic allocation says,
	// in the middle of the move, and no valor or sniper check follows.
	out := b.infantry.FireAP(laneAttackOf(markers), b.laneDefenders(targets, h), b.dice)
	if out.Err != nil {
		// A lane's attack is always a legal one; an error here is the
		// dice's (a replay's count ran out), and leaves the mover alone.
		return nil, false
	}
	text := fmt.Sprintf("the fire lane in %s fires at %s: ", b.Board().Label(h), stackNames(targets))
	if markers > 1 {
		text = fmt.Sprintf("%d fire lanes cross in %s and fire at %s: ", markers, b.Board().Label(h), stackNames(targets))
	}
	if out.Points == 0 {
		text += "no effect"
	} else {
		text += fmt.Sprintf("%d casualty point%s", out.Points, map[bool]string{true: "", false: "s"}[out.Points == 1])
	}
	events := []Event{{Kind: LaneFired, Unit: targets[0].ID, Hex: h, AP: &out, Text: text}}
	events = append(events, b.applyFates(targets, out.Fates)...)
	events = append(events, b.putUnderFire(targets)...)
	halted := false
	for _, u := range us {
		halted = halted || !u.Active() || u.Has(Pinned) || u.Has(Immobile)
	}
	return events, halted
}

// liftLanes removes the fire lanes at the end of the Movement phase (rules
// 13.9).
func (b *Battle) liftLanes() []Event {
	if len(b.lanes) == 0 {
		return nil
	}
	b.lanes = nil
	return []Event{{Kind: LanesLifted, Text: "the fire lanes are lifted at the end of the Movement phase"}}
}

// LaneOdds returns the exact odds of the attack the enemy's fire lanes
// would make on u entering hex h if markers of them crossed it (rules
// 13.9, 13.91): the 1–4 row, less one for each marker past the first.
func (b *Battle) LaneOdds(u *Unit, h board.Hex, markers int) (combat.APOdds, error) {
	if markers < 1 {
		return combat.APOdds{}, fmt.Errorf("%d fire lane markers: a lane attack needs one or more", markers)
	}
	inf, err := b.infantryRules("a fire lane's attack")
	if err != nil {
		return combat.APOdds{}, err
	}
	targets := laneTargets(b, []*Unit{u})
	if len(targets) == 0 {
		return combat.APOdds{}, fmt.Errorf("a fire lane does not attack %s: an AFV", u.Label())
	}
	return inf.APOdds(laneAttackOf(markers), b.laneDefenders(targets, h))
}

// laneAttackOf is the attack of a fire lane in a hex with markers of them:
// the 1–4 row and the crossfire (rules 13.9, 13.91).
func laneAttackOf(markers int) combat.APAttack {
	return combat.APAttack{APFP: LaneAPFP, Crossfire: markers - 1}
}

// laneTargets returns the units of us a fire lane attacks (rules 13.9):
// infantry, Guns and unarmoured vehicles, each vehicle followed by its
// passengers; never an AFV.
func laneTargets(b *Battle, us []*Unit) []*Unit {
	var targets []*Unit
	for _, u := range us {
		if u.Eliminated || u.Type.Kind == units.AFV {
			continue
		}
		targets = append(targets, u)
		if u.Type.Kind == units.Vehicle {
			targets = append(targets, b.carried(u.ID)...)
		}
	}
	return targets
}

// laneDefenders describes targets entering hex h for a lane's attack. Our
// reading: the attack comes from the lane, not from a hex, so no Gun
// shield turns it (the rules give it no modifier but the crossfire).
func (b *Battle) laneDefenders(targets []*Unit, h board.Hex) []combat.Defender {
	return b.unshieldedDefenders(targets, h)
}
