// Package battle is the match engine: the state of a battle on a scenario,
// the sequence of play, orders validated and applied through the active
// ruleset with the battle's seeded dice, the events they produce, and save
// files that replay a battle bit for bit.
//
// Everything a player, the computer opponent or a replay does goes through
// Apply, so hot-seat, solo play and replays share one code path. The
// package is pure: no IO except reading and writing save files, no ebiten.
package battle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// UnitID identifies a unit within a battle: 1, 2, … in the order of the
// scenario's placements. 0 means "no unit".
type UnitID int

// Markers is a set of the markers a unit carries.
type Markers uint16

// The markers. Fired and Moved are removed at every After-Action phase;
// Immobile and Valorous stay for the rest of the battle; Pinned until the
// unit rallies.
const (
	Fired           Markers = 1 << iota // attacked (or fired smoke) this segment
	Moved                               // finished a move this segment
	Immobile                            // immobilized: no move, no turn
	Advanced                            // advanced or assaulted in this Advance phase
	SmokeLaid                           // an infantry unit placed smoke this segment
	Loaded                              // loaded or unloaded this turn
	Pinned                              // pinned: no fire, move, advance, assault or leadership
	Valorous                            // gained Valor (infantry-combat.md)
	TurnedInAdvance                     // turned one hexside in this Advance phase
)

// Unit is one unit of a battle. The battle owns it: read it, never change it.
type Unit struct {
	ID   UnitID
	Name string // the scenario's name for the unit, or its type name
	Type *units.Type
	Side maps.Side
	Pose board.Pose
	// Markers the unit carries.
	Markers Markers
	// Eliminated units are out of the battle (left on the list for the record).
	Eliminated bool
	// Carrier is the vehicle carrying this unit, or 0.
	Carrier UnitID
	// SupportWeapon is the support weapon an infantry unit carries: its
	// type's, or the one its placement gives it (loadout.go); "" for none.
	SupportWeapon string
	// Quality is the unit's troop quality: elite for the catalogue's elite
	// types, else regular, unless its placement says otherwise.
	Quality combat.Quality
	// Rounds counts the rounds of limited ammunition left for its weapon,
	// when its placement counts them (0: not counted).
	Rounds int
	// Engineers marks infantry its placement makes combat engineers.
	Engineers bool
	// WeaponSpent is set once a one-shot weapon has been used, or the last
	// counted round fired.
	WeaponSpent bool
	// WeaponLost is "broken" or "removed" once an effect put the unit's
	// weapon out of action, and empty while it works.
	WeaponLost string
	// States are the ruleset's states the unit carries, by name (shock,
	// suppressed); nil when it carries none.
	States map[string]State
	// Script is the scenario's script for a scripted unit, unparsed.
	Script string
	// Placement is the object the unit came from in the scenario.
	Placement maps.Placement
	// MovedFrom is the hex its latest move order began in, for the
	// rulesets that rate a target's apparent movement (Shot.TargetAcross).
	MovedFrom board.Hex
	// LastMove is the unit's latest move order: its segment, the MP it
	// cost and the unit's MP then (Shot.FirerMovedMP, and the target's
	// Shot.TargetMoveMP). Replays rebuild it
	// from the orders, so the digest leaves it out.
	LastMove LastMove
	// PoolFired counts the expendable weapons (Panzerfausts) it has fired
	// from its side's pool (combat.Weapon.PoolFired); replays rebuild it.
	PoolFired int
	// offMap is where a unit off the map is (reinforce.go): waiting to
	// arrive or gone; exited, the edge it left by.
	offMap offMapState
	exited maps.Edge
	// Aim is the unit's memory of its AT shots, for the rulesets that
	// reward shooting again (Shot.RepeatShots, Shot.RepeatHit). Replays
	// rebuild it from the orders, so the digest leaves it out.
	Aim Aim
}

// LastMove is a unit's latest move order: the segment it came in
// (Battle.segment; 0: none yet), the MP it cost and the unit's MP.
type LastMove struct{ Segment, Cost, MP int }

// Aim is a unit's run of AT shots at one target: the target, how many
// shots in a row, and the segment of the last (Battle.segment); and
// whether the last hit, with both units' poses then. A run goes on while
// each shot comes in the segment after the one before.
type Aim struct {
	Target  UnitID
	Shots   int
	Segment int
	Hit     bool
	From    board.Pose // the firer's pose at the last shot
	At      board.Pose // the target's
}

// repeatHit reports whether the unit's last AT shot hit target from
// where both still stand (from and at).
func (a Aim) repeatHit(target UnitID, from, at board.Pose) bool {
	return a.Hit && a.Target == target && a.From == from && a.At == at
}

// repeats returns the shots u has already fired in a row at target, when
// the run may go on in segment seg (its last shot was in the segment
// before), else 0.
func (a Aim) repeats(target UnitID, seg int) int {
	if a.Target == target && a.Segment == seg-1 {
		return a.Shots
	}
	return 0
}

// segment numbers the battle's segments in order: two a turn, the first
// side's then the other's. A unit fires AT at most once a segment.
func (b *Battle) segment() int {
	if b.phasing == b.first {
		return 2 * b.turn
	}
	return 2*b.turn + 1
}

// Has reports whether the unit carries all of the markers m.
func (u *Unit) Has(m Markers) bool { return u.Markers&m == m }

// Active reports whether the unit is still in the battle and on the map
// (not a reinforcement still to come, not gone off an edge).
func (u *Unit) Active() bool { return !u.Eliminated && u.offMap == onTheMap }

// OnMap reports whether the unit is in the battle and not carried.
func (u *Unit) OnMap() bool { return u.Active() && u.Carrier == 0 }

// Label is how the log names the unit: "M4A3E8 #3".
func (u *Unit) Label() string { return u.Name + " #" + strconv.Itoa(int(u.ID)) }

// Config is everything a battle starts from besides the scenario.
type Config struct {
	// Seed drives every die of the battle.
	Seed uint64
	// Ruleset overrides the scenario's ruleset when not empty.
	Ruleset string
	// Source names the scenario in save files: "embedded:scenarios/x.tmx"
	// or a file path. Defaults to the scenario's Path.
	Source string
	// Dice replaces the dice seeded from Seed, for tests that need exact
	// rolls. A battle with its own Dice cannot be replayed from a save.
	Dice combat.Dice
	// Version is the save version whose rules the battle's orders follow:
	// 0 for a new battle (SaveVersion); a battle replayed from an older
	// save keeps that save's rules, so it replays and goes on as it was
	// played (before version 4 an AT shot under simultaneous fire was
	// rolled when given, and only its effects waited for the phase's end).
	Version int
	// Fog overrides the scenario's map property "fog" unless FogOfMap.
	Fog FogSetting
}

// FogSetting says whether a battle is fought under fog of war.
type FogSetting int

const (
	// FogOfMap follows the scenario's map property "fog".
	FogOfMap FogSetting = iota
	// FogOn fights under fog of war whatever the scenario says.
	FogOn
	// FogOff fights in the open whatever the scenario says.
	FogOff
)

// FogSettingOf is FogOn for true and FogOff for false.
func FogSettingOf(fog bool) FogSetting {
	if fog {
		return FogOn
	}
	return FogOff
}

// Battle is a battle in progress (or finished).
type Battle struct {
	scenario  *maps.Scenario
	catalogue *units.Catalogue
	rules     combat.Ruleset
	states    []combat.StateSpec // the ruleset's states
	infantry  combat.InfantryRules
	config    Config
	dice      *countingDice
	victory   Victory
	// date is the scenario's date (map property "date"), zero when none.
	date combat.Date
	// night: the scenario is fought at night (map property "night").
	night bool
	// panzerfaustTrials: the scenario lets German infantry carry the early
	// Panzerfaust (map property "panzerfaust_trials", Shot.PanzerfaustTrials).
	panzerfaustTrials bool
	// fog: each side sees only what it knows of the other (map property
	// "fog"); intel is that knowledge, kept in every battle (nil in a copy
	// made for Check, which learns nothing).
	fog   bool
	intel *intel
	// knownTo is the side whose knowledge a known battle is made of
	// (knownBy), "" in the battle itself; contactHexes are, in a known
	// battle, the hexes of that side's contacts.
	knownTo      maps.Side
	contactHexes map[board.Hex]bool
	// knownUnits are, in a known battle, the units it has (Units): all but
	// the blank slots, made once as the copy is.
	knownUnits []*Unit
	// hexIndex is, while Steady runs, the units standingAt finds in each
	// hex, in the battle's order; nil otherwise, when standingAt scans the
	// units (tests move them directly).
	hexIndex map[board.Hex][]*Unit

	turn    int
	first   maps.Side // the side that moves first in every turn
	phasing maps.Side
	phase   Phase
	units   []*Unit
	smoke   map[board.Hex]int
	// supply is each side's smoke factors left; panzerfausts and grenades
	// its pools (grenades holds only sides with some, for the digest).
	supply       map[maps.Side]int
	panzerfausts map[maps.Side]int
	grenades     map[maps.Side]int
	// snipers are the sides' snipers (map property "sniper_SIDE"), by
	// side; a side without one is absent.
	snipers map[maps.Side]sniper
	// support is each side's off-board missions not yet used (map
	// property support_SIDE, rules 21.2), by kind.
	support map[maps.Side][]maps.SupportMissions
	// allocation is an AP attack whose points wait for their owner.
	allocation *pendingAllocation
	// assaulted lists the hexes that close-assaulted this Advance phase;
	// fireGroups the infantry hexes that made an AP attack this segment,
	// with their targets (one group per hex and target).
	assaulted  []board.Hex
	fireGroups []hexPair
	// lanes are the MG fire lanes laid this Movement phase (rules 13.9).
	lanes []FireLane
	// pending is a move interrupted for opportunity fire, or nil.
	pending *pendingMove
	// declared are the AT shots of this phase declared and not yet rolled
	// (combat.SimultaneousFire): Resolve, or the phase's end, rolls them;
	// fireResolved is set once Resolve has, and no more are declared in
	// the phase.
	declared     []declaredShot
	fireResolved bool
	// held are the rolled attacks of this phase that land when it ends,
	// in a battle that follows a save of before version 4 (Config.Version).
	held   []heldAttack
	result *Result
	// command is the phasing side's Command phase as far as its orders go
	// (transfer.go): open from the phase until the side's first other
	// order of the segment; commands counts the phases opened, so an order
	// that opens one does not close it. Replays rebuild both.
	command  bool
	commands int

	orders  []Order
	why     map[int]string // the reasoning given with orders, by index (Explain)
	history history
	// undoable is set when the last order may be taken back (see CanUndo).
	undoable bool
}

// pendingMove is a move stopped after a hex entered, while the other side
// may opportunity-fire at the mover, or, once the mover has come through
// that fire, while its owner decides how it goes on (rules 13.8: a move is
// declared hex by hex). Fired and Paused are left out of a save's digest
// when false, so the digests of saves from before they existed hold.
type pendingMove struct {
	Unit UnitID
	// With are the units moving with Unit as a stack (Move.With).
	With []UnitID     `json:",omitempty"`
	Rest []board.Pose // the poses still to move through
	Cost int          // MP the whole move costs, as given
	// Fired: opportunity fire was made at the mover in this hex.
	Fired bool `json:",omitempty"`
	// Paused: the fire is over and the mover's owner gives the next order
	// (Move on from here, or Halt).
	Paused bool `json:",omitempty"`
	// Overrun is set when the move is an overrun (an Overrun order).
	Overrun *overrunState `json:",omitempty"`
}

// countingDice counts the dice rolled, so Undo knows whether anything was.
type countingDice struct {
	dice  combat.Dice
	count int
}

func (c *countingDice) Roll(sides int) int {
	c.count++
	return c.dice.Roll(sides)
}

// New starts a battle on a loaded scenario.
func New(sc *maps.Scenario, cat *units.Catalogue, cfg Config) (*Battle, error) {
	b, err := setUp(sc, cat, cfg)
	if err != nil {
		return nil, err
	}
	if err := b.allot(); err != nil {
		return nil, err
	}
	if !b.fog {
		b.clearDummies()
	}
	b.intel = newIntel(b)
	// A dummy the enemy makes out at set-up is gone before the first
	// order: no order's events tell of it.
	b.learn(b.startPhase(), b.phasing)
	return b, nil
}

// setUp is a battle on sc as its scenario and cfg make it, its units as
// placed, before anything is worked out from them (the pools the ruleset
// allots, the knowledge, the first phase): what DecodeView sets a known
// battle's state on.
func setUp(sc *maps.Scenario, cat *units.Catalogue, cfg Config) (*Battle, error) {
	name := cfg.Ruleset
	if name == "" {
		name = sc.Ruleset
	}
	rules, err := combat.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("battle: %s: %w", sc.Path, err)
	}
	if sc.HexMetres < 1 || sc.HexMetres > maps.MaxHexMetres {
		return nil, fmt.Errorf("battle: %s: map property \"hex_m\": %d is not 1 to %d metres per hex", sc.Path, sc.HexMetres, maps.MaxHexMetres)
	}
	victory, err := ParseVictory(sc.Properties["victory"], sc.Board)
	if err != nil {
		return nil, fmt.Errorf("battle: %s: map property \"victory\": %w", sc.Path, err)
	}
	var date combat.Date
	if s := sc.Properties["date"]; s != "" {
		if date, err = combat.ParseDate(s); err != nil {
			return nil, fmt.Errorf("battle: %s: map property \"date\": %w", sc.Path, err)
		}
	}
	night, err := maps.ParseFlag(sc.Properties["night"])
	if err != nil {
		return nil, fmt.Errorf("battle: %s: map property \"night\": %w", sc.Path, err)
	}
	trials, err := maps.ParseFlag(sc.Properties["panzerfaust_trials"])
	if err != nil {
		return nil, fmt.Errorf("battle: %s: map property \"panzerfaust_trials\": %w", sc.Path, err)
	}
	fog, err := maps.ParseFlag(sc.Properties["fog"])
	if err != nil {
		return nil, fmt.Errorf("battle: %s: map property \"fog\": %w", sc.Path, err)
	}
	if cfg.Fog != FogOfMap {
		fog = cfg.Fog == FogOn
	}
	if cfg.Source == "" {
		cfg.Source = sc.Path
	}
	cfg.Ruleset = name
	dice := cfg.Dice
	if dice == nil {
		dice = combat.NewSeededDice(cfg.Seed)
	}
	b := &Battle{
		scenario:          sc,
		catalogue:         cat,
		rules:             rules,
		states:            combat.StatesOfRuleset(rules),
		infantry:          combat.InfantryOf(rules),
		config:            cfg,
		dice:              &countingDice{dice: dice},
		victory:           victory,
		date:              date,
		night:             night,
		panzerfaustTrials: trials,
		fog:               fog,
		turn:              1,
		first:             sc.FirstSide,
		phase:             Command,
		smoke:             map[board.Hex]int{},
		supply:            map[maps.Side]int{},
		panzerfausts:      map[maps.Side]int{},
		grenades:          map[maps.Side]int{},
	}
	if b.first == "" {
		b.first = maps.Allies
	}
	b.phasing = b.first
	b.support = loadSupport(sc)
	if b.snipers, err = loadSnipers(sc); err != nil {
		return nil, err
	}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if b.supply[side], err = intProperty(sc, "smoke_"+string(side), 0); err != nil {
			return nil, err
		}
		if strings.TrimSpace(sc.Properties["panzerfausts_"+string(side)]) != allotment {
			if b.panzerfausts[side], err = intProperty(sc, "panzerfausts_"+string(side), 0); err != nil {
				return nil, err
			}
		}
		n, err := intProperty(sc, "grenades_"+string(side), 0)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			b.grenades[side] = n
		}
	}
	for i, p := range sc.Units {
		t, err := placedType(cat, p)
		if err != nil {
			return nil, fmt.Errorf("battle: %s: unit object %d: %w", sc.Path, p.ID, err)
		}
		name := p.Name
		if name == "" {
			name = t.Name
		}
		l := loadout{quality: combat.QualityOf(t)}
		if !p.Dummy() { // the loader refuses a dummy's loadout (maps.DummyType)
			if l, err = loadoutOf(sc, cat, p, t); err != nil {
				return nil, err
			}
		}
		if f := sc.Board.Fort(p.Hex).Kind; !p.Arrives.Pending() && !mayOccupy(f, t) {
			return nil, fmt.Errorf("battle: %s: unit object %d: %s may not stand in the %s in %s (rules 20)", sc.Path, p.ID, t.Name, f, sc.Board.Label(p.Hex))
		}
		if l.rounds == 0 && l.weapon != "" && t.Kind.Infantry() {
			if w, err := cat.LookupWeapon(l.weapon); err == nil {
				l.rounds = combat.StartingRounds(rules, w)
			}
		}
		b.units = append(b.units, &Unit{
			ID: UnitID(i + 1), Name: name, Type: t, Side: p.Side,
			Pose: board.Pose{Hex: p.Hex, Facing: p.Facing}, Script: p.Script, Placement: p,
			SupportWeapon: l.weapon, Quality: l.quality, Rounds: l.rounds, Engineers: l.engineers,
		})
		if p.Arrives.Pending() {
			b.units[i].offMap = waiting
		}
	}
	return b, nil
}

// placedType is the unit type of placement p: the catalogue's, or the
// dummies' own (dummyType).
func placedType(cat *units.Catalogue, p maps.Placement) (*units.Type, error) {
	if p.Dummy() {
		return dummyType, nil
	}
	return cat.Lookup(p.Type)
}

// allotment is the value of a panzerfausts_SIDE property that asks the
// ruleset to work the pool out (combat.ExpendableAllotment).
const allotment = "allotment"

// allot sets the Panzerfaust pool of each side whose property asks for
// the ruleset's allotment, from the side's squads and half squads.
func (b *Battle) allot() error {
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		name := "panzerfausts_" + string(side)
		if strings.TrimSpace(b.scenario.Properties[name]) != allotment {
			continue
		}
		a, ok := b.rules.(combat.ExpendableAllotment)
		if !ok {
			return fmt.Errorf("battle: %s: map property %q: the %s ruleset has no allotment; give a number", b.scenario.Path, name, b.rules.Name())
		}
		halves := 0
		for _, u := range b.units {
			switch {
			case u.Side != side || u.Dummy():
			case u.Type.Kind == units.Squad:
				halves += 2
			case u.Type.Kind == units.HalfSquad:
				halves++
			}
		}
		b.panzerfausts[side] = a.Allotment(halves, b.date)
	}
	return nil
}

func intProperty(sc *maps.Scenario, name string, def int) (int, error) {
	s, ok := sc.Properties[name]
	if !ok || s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("battle: %s: map property %q: %s is not a whole number ≥ 0", sc.Path, name, fileio.Quote(s))
	}
	return n, nil
}

// Scenario returns the scenario the battle is fought on.
func (b *Battle) Scenario() *maps.Scenario { return b.scenario }

// Board returns the battle's map.
func (b *Battle) Board() *board.Board { return b.scenario.Board }

// Rules returns the active ruleset.
func (b *Battle) Rules() combat.Ruleset { return b.rules }

// Catalogue returns the unit catalogue the battle's units come from.
func (b *Battle) Catalogue() *units.Catalogue { return b.catalogue }

// Config returns how the battle was started.
func (b *Battle) Config() Config { return b.config }

// Turn returns the current game turn, from 1.
func (b *Battle) Turn() int { return b.turn }

// Phase returns the current phase of the phasing side's segment.
func (b *Battle) Phase() Phase { return b.phase }

// Phasing returns the side whose segment it is.
func (b *Battle) Phasing() maps.Side { return b.phasing }

// Acting returns the side that gives the next order: the phasing side,
// except in the Defensive Fire phase and while a move waits for
// opportunity fire, when it is the other side, and while an AP attack's
// casualty points wait for their owner (AllocationPending), when it is
// the owner. Empty when the battle is over.
func (b *Battle) Acting() maps.Side {
	switch {
	case b.result != nil:
		return ""
	case b.allocation != nil:
		return b.allocation.Owner
	case b.pending != nil && b.pending.Paused:
		return b.phasing
	case b.pending != nil || b.phase == DefensiveFire:
		return Opponent(b.phasing)
	}
	return b.phasing
}

// Units returns every unit of the battle, eliminated ones included, in ID
// order. The slice and the units are the battle's: read, never change. A
// side's known battle (View.Known) has only the units the side knows.
func (b *Battle) Units() []*Unit {
	if b.knownTo == "" {
		return b.units
	}
	return b.knownUnits
}

// Unit returns the unit with the given ID, or nil (also, in a side's
// known battle, for an enemy unit the side does not know).
func (b *Battle) Unit(id UnitID) *Unit {
	if id < 1 || int(id) > len(b.units) || b.units[id-1].offMap == unknownSlot {
		return nil
	}
	return b.units[id-1]
}

// UnitsAt returns the active units in hex h that are on the map (not
// carried), dummies left out: nothing a dummy is can be fired at,
// assaulted, carried or counted (dummy.go; standingAt counts them).
func (b *Battle) UnitsAt(h board.Hex) []*Unit {
	return slices.DeleteFunc(b.standingAt(h), (*Unit).Dummy)
}

// standingAt is UnitsAt with the dummies in h: what takes room in the
// hex, and what an enemy may find there.
func (b *Battle) standingAt(h board.Hex) []*Unit {
	if b.hexIndex != nil {
		if us := b.hexIndex[h]; len(us) > 0 {
			return slices.Clone(us) // callers may filter theirs in place
		}
		return nil
	}
	var us []*Unit
	for _, u := range b.units {
		if u.OnMap() && u.Pose.Hex == h {
			us = append(us, u)
		}
	}
	return us
}

// unitsByHex lists the units standingAt finds in each hex, in the
// battle's order.
func (b *Battle) unitsByHex() map[board.Hex][]*Unit {
	at := map[board.Hex][]*Unit{}
	for _, u := range b.units {
		if u.OnMap() {
			at[u.Pose.Hex] = append(at[u.Pose.Hex], u)
		}
	}
	return at
}

// Passengers returns the active infantry units riding unit id (not the
// Gun it tows: Towed).
func (b *Battle) Passengers(id UnitID) []*Unit {
	var us []*Unit
	for _, u := range b.units {
		if u.Active() && u.Carrier == id && u.Type.Kind != units.Gun {
			us = append(us, u)
		}
	}
	return us
}

// Towed returns the Gun unit id tows, or nil.
func (b *Battle) Towed(id UnitID) *Unit {
	for _, u := range b.units {
		if u.Active() && u.Carrier == id && u.Type.Kind == units.Gun {
			return u
		}
	}
	return nil
}

// carried returns everything unit id carries: its passengers and the Gun
// it tows, which go where it goes and share its end.
func (b *Battle) carried(id UnitID) []*Unit {
	var us []*Unit
	for _, u := range b.units {
		if u.Active() && u.Carrier == id {
			us = append(us, u)
		}
	}
	return us
}

// Smoke returns the smoke level (0, 1 or 2) in hex h.
func (b *Battle) Smoke(h board.Hex) int { return b.smoke[h] }

// SmokeHexes returns the hexes that hold smoke, in a stable order.
func (b *Battle) SmokeHexes() []board.Hex {
	hs := make([]board.Hex, 0, len(b.smoke))
	for h := range b.smoke {
		hs = append(hs, h)
	}
	sortHexes(hs)
	return hs
}

// sortHexes sorts hexes by row of the axial coordinates, then column: the
// fixed order of the smoke's hexes wherever they are listed.
func sortHexes(hs []board.Hex) {
	slices.SortFunc(hs, func(a, c board.Hex) int {
		if a.R != c.R {
			return a.R - c.R
		}
		return a.Q - c.Q
	})
}

// SmokeSupply returns the smoke factors side has left.
func (b *Battle) SmokeSupply(side maps.Side) int { return b.supply[side] }

// Date returns the scenario's date (map property "date"), the zero Date
// when it gives none.
func (b *Battle) Date() combat.Date { return b.date }

// Panzerfausts returns how many Panzerfausts are left in side's pool,
// less those that shots declared in this phase will fire.
func (b *Battle) Panzerfausts(side maps.Side) int { return b.panzerfausts[side] - b.declaredPool(side) }

// MayFirePanzerfaust reports whether u could have a Panzerfaust at all:
// an infantry unit whose side has some in its pool, or whose ruleset lets
// it carry one (combat.InherentWeapons). Only then is a shot with one
// worth planning (PlanFire with Fire.Panzerfaust says whether it may be
// fired there).
func (b *Battle) MayFirePanzerfaust(u *Unit) bool {
	if !u.Type.Kind.Infantry() {
		return false
	}
	return b.Panzerfausts(u.Side) > 0 || combat.HasInherentExpendable(b.rules, u.Type.Kind, u.Type.Nation, b.date)
}

// Grenades returns how many grenade attacks are left in side's pool (map
// property "grenades_SIDE", 0 when absent).
func (b *Battle) Grenades(side maps.Side) int { return b.grenades[side] }

// Moving returns the unit whose move waits for opportunity fire, or nil.
// A move paused for its owner (MovePaused) is not waiting for fire.
func (b *Battle) Moving() *Unit {
	if b.pending == nil || b.pending.Paused {
		return nil
	}
	return b.Unit(b.pending.Unit)
}

// MovePaused returns the unit whose move came through opportunity fire and
// waits for its owner (rules 13.8), with the rest of the path it was given
// and the MP it has left; nil when no move waits so. The owner goes on
// with a Move from where the unit stands (the rest, or a new path within
// those MP) or stops it with Halt.
func (b *Battle) MovePaused() (u *Unit, rest []board.Pose, mpLeft int) {
	if b.pending == nil || !b.pending.Paused {
		return nil, nil, 0
	}
	u = b.Unit(b.pending.Unit)
	return u, slices.Clone(b.pending.Rest), b.mpLeft(u)
}

// Result returns the result of a finished battle, or nil while it goes on.
func (b *Battle) Result() *Result { return b.result }

// Orders returns the orders applied so far, in order.
func (b *Battle) Orders() []Order { return slices.Clone(b.orders) }

// DiceRolled returns how many dice the battle has rolled.
func (b *Battle) DiceRolled() int { return b.dice.count }

// Opponent returns the other side.
func Opponent(side maps.Side) maps.Side {
	if side == maps.Allies {
		return maps.Axis
	}
	return maps.Allies
}
