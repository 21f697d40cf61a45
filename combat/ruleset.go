// Package combat resolves attacks: a declared Shot and injected Dice go in,
// an Outcome with every roll, a line of explanation per step and the
// effects on the units comes out. Each ruleset lives in a subpackage and
// registers itself here; the battle engine, the computer opponent and the
// game know rulesets only through the interfaces of this package.
//
// A ruleset must resolve anti-tank shots (Ruleset). Everything else it may
// offer as a capability, an interface the battle looks for on it the way
// io.Copy looks for io.WriterTo: its own armour aspects (AspectRules), the
// fields of a shot it never reads (OddsKeyRules), how far a gun without a
// turret is laid off its centre line (TraverseRules), how terrain covers
// (CoverRules), the states it puts on units (StateRules),
// the crew check after other attacks (CrewChecker), smoke rounds
// (SmokeRounds) and their running out (SmokeDepletion), infantry fire and close assault (InfantryRules),
// simultaneous fire (SimultaneousFire), close assault of one vehicle by
// one infantry unit (VehicleAssaultRules), weapons every unit of a kind
// carries (InherentWeapons), repairs of broken weapons (WeaponRepairs),
// rounds of limited ammunition (LimitedAmmunition) and its ratings (Rater). Where a
// ruleset offers none, the helpers here give the default ruleset's
// behaviour or say the thing is not part of the ruleset.
package combat

import (
	"fmt"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/units"
)

// Ruleset is one way of resolving attacks.
type Ruleset interface {
	// Name is the ruleset's registry name ("elimination").
	Name() string
	// Check refuses a shot the rules do not allow, with a reason a player
	// understands; nil means the shot may be fired.
	Check(Shot) error
	// Resolve rolls the shot with d. A refused shot returns an Outcome with
	// Err set and no rolls.
	Resolve(Shot, Dice) Outcome
	// Odds returns the exact distribution of Resolve's outcomes for the
	// shot. A ruleset without a faster closed form returns
	// Enumerate(func(d Dice) Outcome { return r.Resolve(s, d) }).
	Odds(Shot) (Odds, error)
}

// AspectRules is a ruleset that reads armour aspects its own way (front,
// side, rear by board.Sector, say). Without it a shot strikes the front or
// rear half by board.ArmourAspect.
// DesperationRules is the capability of a ruleset that reads
// Shot.Desperation (tohit-tokill's backblast): some shots may be fired in
// desperation, at the ruleset's price to the firer's hex. Under a ruleset
// without it no shot is.
type DesperationRules interface {
	// MayFireInDesperation reports whether shot s may be fired in
	// desperation.
	MayFireInDesperation(s Shot) bool
}

// MayFireInDesperation reports whether ruleset r lets shot s be fired in
// desperation (DesperationRules).
func MayFireInDesperation(r Ruleset, s Shot) bool {
	d, ok := r.(DesperationRules)
	return ok && d.MayFireInDesperation(s)
}

type AspectRules interface {
	Aspect(target board.Pose, from board.Hex) board.Aspect
}

// AspectOf returns the armour aspect a shot from hex from strikes on a
// target standing in pose target, under ruleset r.
func AspectOf(r Ruleset, target board.Pose, from board.Hex) board.Aspect {
	if a, ok := r.(AspectRules); ok {
		return a.Aspect(target, from)
	}
	return board.ArmourAspect(target.Hex, target.Facing, from)
}

// OddsKeyRules is a ruleset that knows which fields of a shot its Check
// and Odds never read: OddsKey returns the shot with them cleared, so that
// shots with one key get one verdict. A caller asking about many shots
// that differ only there (a kill zone) then works their odds out once.
type OddsKeyRules interface {
	OddsKey(Shot) Shot
}

// OddsKey returns shot s as ruleset r tells shots apart (OddsKeyRules), or
// s itself when r does not say.
func OddsKey(r Ruleset, s Shot) Shot {
	if k, ok := r.(OddsKeyRules); ok {
		return k.OddsKey(s)
	}
	return s
}

// WithoutOffAxis returns s with no off-axis angle (Shot.FirerOffAxis): the
// OddsKey of the rulesets that never read it.
func WithoutOffAxis(s Shot) Shot {
	s.FirerOffAxis = 0
	return s
}

// TraverseRules is a ruleset in which a gun without a turret may be laid
// beyond its forward arc (board.InForwardArc: the 60° either side of its
// centre line that its two front hexsides bound, where such a gun fires
// under every ruleset). Traverse returns how far off the centre line, in
// degrees either side, weapon w may fire (seed 003's limited traverse:
// 90°, with its modifier beyond 22.5°); an angle within the forward arc
// leaves the arc as it is.
type TraverseRules interface {
	Traverse(w Weapon) float64
}

// GunBears reports whether under ruleset r weapon w of a unit without a
// turret, standing in pose from, may be laid on hex to: inside the forward
// arc, or within the ruleset's Traverse.
func GunBears(r Ruleset, w Weapon, from board.Pose, to board.Hex) bool {
	if board.InForwardArc(from.Hex, from.Facing, to) {
		return true
	}
	t, ok := r.(TraverseRules)
	return ok && to != from.Hex && board.OffAxis(from.Hex, from.Facing, to) <= t.Traverse(w)
}

// CoverRules is a ruleset with its own cover for terrain. Without it a
// target's cover is the terrain chart's (board.TerrainInfo.Cover).
type CoverRules interface {
	Cover(t board.Terrain) Modifier
}

// CoverOf returns the cover terrain t gives a target under ruleset r, as a
// modifier labelled with the terrain's name.
func CoverOf(r Ruleset, t board.Terrain) Modifier {
	if c, ok := r.(CoverRules); ok {
		return c.Cover(t)
	}
	return Modifier{Value: t.Info().Cover, Label: t.String()}
}

// StateRules is a ruleset that puts states of its own on units (shock,
// suppressed, optics damaged). Effects of kind AddState name them.
type StateRules interface {
	States() []StateSpec
}

// StatesOfRuleset returns the states ruleset r declares, or none.
func StatesOfRuleset(r Ruleset) []StateSpec {
	if s, ok := r.(StateRules); ok {
		return s.States()
	}
	return nil
}

// DirectedFire is a ruleset in which a leader may direct the AT fire of
// firers that the default ruleset leaves to their own crews (strikedice:
// a leader in the hex of an AFV or Gun stands for the excerpt's commander
// ordering the gunner). LeaderDirects reports whether a leader may direct
// a firer of kind k.
type DirectedFire interface {
	LeaderDirects(k units.Kind) bool
}

// LeaderDirects reports whether under ruleset r a leader may direct the AT
// fire of a firer of kind k: infantry always (§9); others when r's
// DirectedFire says so.
func LeaderDirects(r Ruleset, k units.Kind) bool {
	if k.Infantry() {
		return true
	}
	d, ok := r.(DirectedFire)
	return ok && d.LeaderDirects(k)
}

// StateThresholds is a ruleset whose counters do more than count when the
// battle adds them by itself (a state's Unmet counter): StateEffects
// returns the effects, on the role OnTarget, of n counters of state
// landing on t (strikedice's Shock doubles on an immobilised vehicle and
// abandons it at four, whatever put it on).
type StateThresholds interface {
	StateEffects(t Target, state string, n int) []Effect
}

// StateEffectsOf returns the effects of n counters of state landing on t
// under ruleset r: its StateThresholds', or the counters added.
func StateEffectsOf(r Ruleset, t Target, state string, n int) []Effect {
	if st, ok := r.(StateThresholds); ok {
		return st.StateEffects(t, state, n)
	}
	return []Effect{{Kind: AddState, On: OnTarget, State: state, N: n}}
}

// CrewChecker is a ruleset whose immobile AFVs check their crew after
// surviving any attack, not only its own AT shots (the default ruleset's
// abandonment roll after a close assault). CrewCheck rolls it: the roll,
// whether the crew abandons, and the step line.
type CrewChecker interface {
	CrewCheck(d Dice) (Roll, bool, string)
}

// AbandonedPassengers is the capability of a ruleset in which the
// passengers of a vehicle its crew abandons get out into its hex, where
// stacking allows, instead of being lost with it (the default ruleset's
// decided reading: they unload, marked Move). A ruleset without it either
// sets them down itself, as an effect of the hit (Dismount), or loses them
// with the vehicle. A towed Gun is lost with its tower either way.
type AbandonedPassengers interface {
	PassengersGetOut() bool
}

// PassengersGetOut reports whether under ruleset r the passengers of an
// abandoned vehicle get out into its hex (AbandonedPassengers).
func PassengersGetOut(r Ruleset) bool {
	a, ok := r.(AbandonedPassengers)
	return ok && a.PassengersGetOut()
}

// SmokeRounds is a ruleset in which some units may fire smoke rounds
// (Guns and AFVs; a dated infantry weapon's white phosphorus). CheckSmoke
// refuses a round the ruleset does not allow; SmokeRound gives the level
// of the smoke placed and the factors of the side's supply it costs.
type SmokeRounds interface {
	CheckSmoke(SmokeShot) error
	SmokeRound() (level, factors int)
}

// VehicleAssaultRules is a ruleset in which one infantry unit may
// close-assault one enemy vehicle next to it: a roll of its own, resolved
// and previewed like a shot (the Shot's firer is the assaulting unit, its
// target the vehicle, its range 0 or 1 hex) and giving effects on the
// units. The battle offers it in the Advance & Assault phase.
type VehicleAssaultRules interface {
	// CheckVehicleAssault refuses an assault the rules do not allow.
	CheckVehicleAssault(Shot) error
	// ResolveVehicleAssault rolls it; a refused assault returns an
	// Outcome with Err set.
	ResolveVehicleAssault(Shot, Dice) Outcome
	// VehicleAssaultOdds is the exact distribution of its outcomes.
	VehicleAssaultOdds(Shot) (Odds, error)
}

// VehicleAssaultOf returns ruleset r's close assault of vehicles, or nil
// when it has none.
func VehicleAssaultOf(r Ruleset) VehicleAssaultRules {
	v, _ := r.(VehicleAssaultRules)
	return v
}

// SmokeDepletion is a SmokeRounds ruleset in which a weapon's supply of
// smoke rounds may run out during a battle. Once CheckSmoke has accepted a
// round, RollSmoke rolls whether the firer still has one: Outcome.Hit
// reports that it has and the round is fired; otherwise nothing is placed
// and nothing paid. Its effects on the firer apply either way (a state of
// the ruleset's that records the rounds are gone, which CheckSmoke then
// reads in SmokeShot.FirerStates); its rolls and steps go to the log.
type SmokeDepletion interface {
	RollSmoke(SmokeShot, Dice) Outcome
}

// SmokeShot is a smoke round as a ruleset checks it, filled in by the
// battle engine: the firer's kind, states and weapon, whether it is
// carried, the range in hexes to the smoke's hex, and the scenario's date.
type SmokeShot struct {
	FirerKind   units.Kind
	FirerStates StateSet
	Weapon      Weapon
	Passenger   bool
	Range       int
	Date        Date
}

// SimultaneousFire is a ruleset in which the AT fire of a phase lands all
// at once: the effects of each shot wait until the phase ends, so a unit
// knocked out in the phase still fires in it.
type SimultaneousFire interface {
	SimultaneousFire() bool
}

// Simultaneous reports whether ruleset r fires simultaneously.
func Simultaneous(r Ruleset) bool {
	s, ok := r.(SimultaneousFire)
	return ok && s.SimultaneousFire()
}

// OffBoardFire is a ruleset that resolves an off-board artillery or air
// mission's attack on an AFV in the struck hex as a Shot whose weapon is
// OffBoard (rules 21.5). Without it a mission's AP attack still strikes
// the hex, but its AFVs come through untouched.
type OffBoardFire interface {
	OffBoardFire() bool
}

// ResolvesOffBoard reports whether ruleset r resolves off-board missions
// against AFVs.
func ResolvesOffBoard(r Ruleset) bool {
	o, ok := r.(OffBoardFire)
	return ok && o.OffBoardFire()
}

// InherentWeapons is a ruleset in which some units may fire an expendable
// weapon without drawing it from their side's pool (the Panzerfaust of
// every German squad from late 1943): the weapon is assumed to be at hand,
// and the ruleset's Resolve opens with whatever check says whether it is.
// InherentExpendable reports whether a unit of kind k and nation may, on
// date.
type InherentWeapons interface {
	InherentExpendable(k units.Kind, nation string, date Date) bool
}

// HasInherentExpendable reports whether under ruleset r a unit of kind k
// and nation may fire an expendable weapon without a pool, on date.
func HasInherentExpendable(r Ruleset, k units.Kind, nation string, date Date) bool {
	i, ok := r.(InherentWeapons)
	return ok && i.InherentExpendable(k, nation, date)
}

// ExpendableAllotment is a ruleset that works out a side's pool of
// expendable weapons from its order of battle and the date (a scenario's
// panzerfausts_SIDE = allotment): Allotment returns the pool for a side
// whose infantry make halfSquads half squads (a squad counts two).
type ExpendableAllotment interface {
	Allotment(halfSquads int, date Date) int
}

// WeaponRepairs is a ruleset whose broken weapons may be repaired: a unit
// spends its fire on an attempt. RepairWeapon refuses a weapon that cannot
// be repaired (Outcome.Err) or rolls the attempt: its effects on the
// firer are WeaponRepaired, WeaponRemoved, or none (still broken).
type WeaponRepairs interface {
	RepairWeapon(w Weapon, q Quality, d Dice) Outcome
}

// RepairsOf returns ruleset r's weapon repairs, or nil when broken weapons
// stay broken.
func RepairsOf(r Ruleset) WeaponRepairs {
	w, _ := r.(WeaponRepairs)
	return w
}

// LimitedAmmunition is a ruleset that gives some support weapons a number
// of rounds for the battle (three rockets for a Bazooka) where the
// scenario counts none (a placement's rounds property): StartingRounds
// returns them for weapon w, 0 for rounds not counted.
type LimitedAmmunition interface {
	StartingRounds(w *units.Weapon) int
}

// StartingRounds returns the rounds ruleset r gives weapon w when the
// scenario counts none, or 0.
func StartingRounds(r Ruleset, w *units.Weapon) int {
	if l, ok := r.(LimitedAmmunition); ok {
		return l.StartingRounds(w)
	}
	return 0
}

// TwoTargetVolleys is a ruleset in which a volley of some weapons may
// strike a second vehicle besides the one fired at (a Fire order's
// Second; Shot.Second): VolleyStrikesTwo reports whether weapon w's may.
// The ruleset's Check decides which second vehicles it accepts.
type TwoTargetVolleys interface {
	VolleyStrikesTwo(w Weapon) bool
}

// VolleyStrikesTwo reports whether under ruleset r a volley of weapon w
// may strike a second vehicle.
func VolleyStrikesTwo(r Ruleset, w Weapon) bool {
	v, ok := r.(TwoTargetVolleys)
	return ok && v.VolleyStrikesTwo(w)
}

// AmmoRules is a ruleset in which a gun fires one of several rounds, the
// one a shot names (Shot.Ammo). Ammunition lists the rounds weapon w may
// fire, its default (an empty Shot.Ammo) first; none when it has no choice.
type AmmoRules interface {
	Ammunition(w Weapon) []string
}

// AmmunitionOf returns the rounds weapon w may fire under ruleset r, the
// default first, or none when the ruleset or the weapon offers no choice.
func AmmunitionOf(r Ruleset, w Weapon) []string {
	if a, ok := r.(AmmoRules); ok {
		return a.Ammunition(w)
	}
	return nil
}

var registry = map[string]Ruleset{}

// Register adds a ruleset under its name. Rulesets call it from init;
// registering one name twice is a programming error and panics.
func Register(r Ruleset) {
	if _, dup := registry[r.Name()]; dup {
		panic("combat: ruleset " + r.Name() + " registered twice")
	}
	registry[r.Name()] = r
}

// Lookup returns the registered ruleset called name.
func Lookup(name string) (Ruleset, error) {
	if r, ok := registry[name]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("combat: unknown ruleset %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the registered rulesets' names, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
