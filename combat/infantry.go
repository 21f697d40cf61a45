package combat

import (
	"strconv"

	"hexfire/units"
)

// InfantryRules is a ruleset's infantry combat: AP fire at every unit of a
// hex, casualty points spent over them, valor and rally checks, and close
// assault. The default ruleset's (combat/infantry) serves every ruleset
// whose rule text gives none of its own. The battle engine fills in the
// attacks from the board and applies the fates.
type InfantryRules interface {
	// APModifiers returns an AP attack's roll modifiers in step-line order.
	APModifiers(APAttack) []Modifier
	// APRow names the fire table row of a total firepower ("11-18").
	APRow(apfp int) string
	// APOdds returns the exact odds of FireAP on the defenders.
	APOdds(APAttack, []Defender) (APOdds, error)
	// FireAP rolls an AP attack and spends its casualty points.
	FireAP(APAttack, []Defender, Dice) APOutcome
	// Spend spends casualty points on defenders; SpendOdds gives the
	// exact odds of every way it can turn out.
	Spend(defs []Defender, points int, d Dice) Spent
	SpendOdds(defs []Defender, points int) []FateOdds
	// ValorCheck rolls whether a unit of kind k and casualty rating cr
	// gains Valor; RallyCheck whether a pinned unit rallies, with the
	// modifier of a leader in its hex (0 for none). Both return the step
	// line.
	ValorCheck(name string, k units.Kind, cr int, d Dice) (bool, string)
	RallyCheck(name string, k units.Kind, elite bool, leader int, d Dice) (bool, string)
	// PlanAssault checks a close assault and returns its odds.
	PlanAssault(Assault) (AssaultOdds, error)
	// AssaultModifiers returns the attacker's roll modifiers.
	AssaultModifiers(Assault) []Modifier
	// AttackerPointsOdds returns the exact distribution of the attackers'
	// casualty points: ways[n] of AssaultOdds.Total rolls give n.
	AttackerPointsOdds(Assault) ([]uint64, error)
	// ResolveAssault rolls a close assault.
	ResolveAssault(Assault, Dice) AssaultOutcome
	// ImmobilizeInAssault rolls whether an AFV that takes points in a
	// failed close assault is immobilized; AssaultPointsOnAFV is the most
	// points one AFV takes.
	ImmobilizeInAssault(name string, points int, d Dice) (bool, string)
	AssaultPointsOnAFV() int
}

// InfantryOf returns ruleset r's infantry combat, or nil when it has none.
func InfantryOf(r Ruleset) InfantryRules {
	i, _ := r.(InfantryRules)
	return i
}

// SupportWeaponReach is a ruleset under which a support weapon's AP fire
// reaches another distance than the catalogue's range (tohit-tokill's AT
// rifle, 12 hexes).
type SupportWeaponReach interface {
	// APRange returns how many hexes w's AP fire reaches.
	APRange(w *units.Weapon) int
}

// APRangeOf returns how many hexes support weapon w's AP fire reaches
// under ruleset r: r's own reach (SupportWeaponReach), or the catalogue's
// range.
func APRangeOf(r Ruleset, w *units.Weapon) int {
	if sr, ok := r.(SupportWeaponReach); ok {
		return sr.APRange(w)
	}
	return w.Range
}

// VehicleFirepower is a ruleset whose states change a vehicle's AP
// firepower (shock taking firepower away, a machine gun lost). Without it
// a vehicle fires the APFP of its gun and of every machine gun that bears.
type VehicleFirepower interface {
	// VehicleAPFP returns the AP firepower of a vehicle carrying states
	// whose gun, bearing, has APFP gun (0 when it does not bear) and whose
	// machine guns are mgs, bearing or not.
	VehicleAPFP(gun int, mgs []MountedMG, states StateSet) int
}

// MountedMG is one machine gun of a vehicle, as VehicleFirepower sees it.
type MountedMG struct {
	APFP    int
	Forward bool // it fires only in the forward arc (a hull or bow MG)
	Bears   bool // it reaches the target and the target is in its arc
}

// VehicleAPFPOf returns the AP firepower of a vehicle under ruleset r:
// r's own (VehicleFirepower), or the gun's and every bearing machine gun's.
func VehicleAPFPOf(r Ruleset, gun int, mgs []MountedMG, states StateSet) int {
	if v, ok := r.(VehicleFirepower); ok {
		return v.VehicleAPFP(gun, mgs, states)
	}
	total := gun
	for _, mg := range mgs {
		if mg.Bears {
			total += mg.APFP
		}
	}
	return total
}

// APAttack is one AP attack on a hex, filled in by the battle engine.
type APAttack struct {
	APFP      int    // total APFP of the fire group, valor included
	Cover     int    // cover of the target hex's terrain
	CoverName string // that terrain's name for the step lines
	Hindrance int    // hindrances along the line of sight, smoke included
	Leader    int    // the directing leader's modifier (negative), 0 = none
	Grenades  int    // grenade counters thrown, adjacent targets only: one a unit at most (rules 12.52), each −1
	// Opportunity fire at a moving unit; Adjacent: the target hex is next
	// to the firers'.
	Opportunity bool
	Adjacent    bool
	// WallCover: the line crosses a wall, hedge or hedgerow on a hexside of
	// the target hex, which covers the target though its terrain does not.
	WallCover bool
	// AirBurst: rounds falling from above (an on-board mortar or an
	// off-board mission) burst in the trees of a woods hex, doubling the
	// casualty points (rules 12.64, 21.6).
	AirBurst bool
	// Crossfire: for an attack by a fire lane (rules 13.9), the lane
	// markers in the hex beyond the first, each −1 (13.91).
	Crossfire int
}

// Defender is one unit that casualty points can be spent on: a unit in the
// attacked hex (infantry, unarmoured vehicle or Gun; AP fire never touches
// an AFV), or a passenger of an unarmoured vehicle there.
type Defender struct {
	Name string
	Kind units.Kind
	CR   int
	// HalfCR is the casualty rating of the half squad a squad is reduced
	// to; 0 when the unit cannot be reduced.
	HalfCR int
	Pinned bool
	// Valorous units, and Guns whose shield faces the attacker (Shielded),
	// ignore the first casualty point of the attack and take the rest
	// first.
	Valorous bool
	Shielded bool
	// Carrier is 1 + the index in the defenders of the unarmoured vehicle
	// carrying this passenger, or 0 for a unit on the map. A passenger
	// shares its vehicle's fate and is never pinned on its own.
	Carrier int
}

// Vehicle reports whether the defender follows the unarmoured vehicle and
// Gun rule rather than the infantry one.
func (d Defender) Vehicle() bool { return d.Kind == units.Vehicle || d.Kind == units.Gun }

// Fate is what an AP attack or a close assault did to one defender.
type Fate uint8

// The fates, from least to most harm.
const (
	FateUntouched Fate = iota
	FatePinned
	FateReduced       // a squad became a half squad
	FateReducedPinned // a squad became a half squad and is pinned
	FateEliminated    // eliminated, or destroyed (a vehicle or Gun)
	NumFates
)

var fateNames = [NumFates]string{"untouched", "pinned", "reduced", "reduced and pinned", "eliminated"}

// String returns the fate in words.
func (f Fate) String() string {
	if f < NumFates {
		return fateNames[f]
	}
	return "fate?"
}

// APOutcome is a resolved AP attack: the rolls in order, one line per step,
// the casualty points and what they did to each defender.
type APOutcome struct {
	Rolls   []Roll
	Steps   []string
	Natural int // the unmodified attack roll
	Total   int // the modified roll
	Points  int // casualty points from the table
	// Fates are the defenders' fates, in the order they were given.
	Fates []Fate
	// Valor: the firers make their valor check (a natural 2 in the
	// default ruleset).
	Valor bool
	Err   error
}

// APOdds is the exact distribution of an AP attack's casualty points and
// of their effect on the defenders.
type APOdds struct {
	// Points[n] is the number of the PointsTotal attack rolls that give n
	// points.
	Points      []uint64
	PointsTotal uint64
	// Fates lists each distinct result with its weight out of Total, most
	// likely first.
	Fates []FateOdds
	Total uint64
	Steps []string
}

// PointsProbability returns the chance of exactly n casualty points.
func (o APOdds) PointsProbability(n int) float64 {
	if n < 0 || n >= len(o.Points) || o.PointsTotal == 0 {
		return 0
	}
	return float64(o.Points[n]) / float64(o.PointsTotal)
}

// FateOdds is one possible result of an attack on its defenders and its
// weight.
type FateOdds struct {
	Fates  []Fate
	Weight uint64
}

// Probability returns the chance of the result, as a float.
func (e FateOdds) Probability(total uint64) float64 {
	return float64(e.Weight) / float64(total)
}

// Spent is casualty points spent on a hex: the fates, and the check rolls
// and step lines of the spending.
type Spent struct {
	Fates []Fate
	Rolls []Roll
	Steps []string
}

// Assault is one close assault, filled in by the battle engine.
type Assault struct {
	Attack  int // attackers' APFP (valorous units doubled)
	Defense int // defenders' APFP, pinned defenders left out
	// DefenderLeader is the best unpinned defending leader's modifier
	// (negative).
	DefenderLeader   int
	DefenderGrenades int // grenade counters the defenders throw, one a unit at most (12.52): each −1 to the kill number
	AttackerLeader   int // the attacking leader's modifier on the roll
	AttackerGrenades int // grenade counters the attackers throw, one a unit at most: each −1 to the roll
	// What the casualty points afterwards are made of.
	Cover     int // target hex cover, a wall or hedge crossed included
	Defenders int // unpinned defending units
	Attackers int // assaulting units
	Uphill    int // levels climbed into the target hex

	// For the rulesets whose close assault depends on who assaults what,
	// and when (tohit-tokill's magnetic mines): the scenario's date, the
	// attackers' nation when they all share one ("" otherwise), how many
	// of the Defenders are AFVs or vehicles, and whether the attackers use
	// the ruleset's magnetic mines.
	Date           Date
	AttackerNation string
	Vehicles       int
	Mine           MineUse
	// Extra is one more modifier a ruleset adds to the attackers' roll
	// (Value 0: none), labelled for the step lines.
	Extra Modifier
}

// MineUse is whether close-assaulting infantry use a ruleset's magnetic
// mines (tohit-tokill), which help against the defending vehicles alone.
type MineUse uint8

// The uses of a magnetic mine.
const (
	// NoMine: the assault is rolled without a mine check.
	NoMine MineUse = iota
	// MineDeclared: the attackers declare a mine attack, refused by a
	// ruleset that gives them none; its check opens the assault where a
	// vehicle defends.
	MineDeclared
	// MineWherever is the earlier reading a replayed battle may follow: the
	// check opens every assault where the ruleset gives one, and a success
	// with the mine takes the whole hex.
	MineWherever
)

// Ratio is a close-assault odds ratio, Attacker to Defender with one side 1.
type Ratio struct{ Attacker, Defender int }

// String returns "2-1".
func (r Ratio) String() string { return strconv.Itoa(r.Attacker) + "-" + strconv.Itoa(r.Defender) }

// AssaultOdds is a close assault's odds before the roll: the ratio, the
// kill number, how many of Total rolls succeed, and the casualty points
// the attackers take whatever the roll with their breakdown in words.
type AssaultOdds struct {
	Ratio       Ratio
	Kill        int
	SuccessWays uint64
	Total       uint64
	FixedPoints int
	PointsText  string
	// VehicleWays is how many of the Total rolls succeed against the
	// defending vehicles only, a success a weapon against vehicles alone
	// made (tohit-tokill's magnetic mine): the vehicles are eliminated,
	// and the rest of the hex holds as after a failure. SuccessWays leaves
	// them out.
	VehicleWays uint64
}

// AssaultOutcome is a resolved close assault.
type AssaultOutcome struct {
	Ratio   Ratio
	Kill    int // the modified kill number
	Natural int
	Total   int
	Success bool
	// VehiclesOnly: the roll succeeded against the defending vehicles
	// only (see AssaultOdds.VehicleWays); Success is false, and the points
	// are those of the failure against the rest of the hex.
	VehiclesOnly bool
	// AttackerPoints are the casualty points the attackers take;
	// DefenderPoints those the defenders take (after a failure only).
	AttackerPoints int
	DefenderPoints int
	// AttackersPinned: the attackers are pinned after the assault (a
	// ruleset's check before it went wrong).
	AttackersPinned bool
	Rolls           []Roll
	Steps           []string
	Err             error
}

// Loss is how one defender takes casualty points in an allocation.
type Loss uint8

// The casualties, from least to most harm.
const (
	NoLoss        Loss = iota
	LossPin            // 1 point: pinned
	LossReduce         // a squad reduced to a half squad: the CR difference
	LossReducePin      // reduced and pinned: the CR difference + 1
	LossEliminate      // eliminated: its CR
	LossCheck          // an unarmoured vehicle or Gun takes 2 to its CR points and checks
	LossDestroy        // an unarmoured vehicle or Gun takes more than its CR (pinned: its CR)
	NumLosses
)

var lossNames = [NumLosses]string{"none", "pin", "reduce", "reduce-pin", "eliminate", "check", "destroy"}

// String returns the loss's name as saves write it ("reduce-pin").
func (c Loss) String() string {
	if c < NumLosses {
		return lossNames[c]
	}
	return "loss?"
}

// Words says what the loss does to a unit, after its name: "reduced to a
// half squad".
func (c Loss) Words() string {
	if c < NumLosses {
		return lossWords[c]
	}
	return "loss?"
}

var lossWords = [NumLosses]string{"untouched", "pinned", "reduced to a half squad", "reduced and pinned",
	"eliminated", "checks (pinned on its casualty rating or less, else destroyed)", "destroyed, with any passengers"}

// ParseLoss reads a loss's name ("pin").
func ParseLoss(s string) (Loss, bool) {
	for i, n := range lossNames {
		if n == s {
			return Loss(i), true
		}
	}
	return NoLoss, false
}

// CasualtyChoices is an infantry combat (InfantryRules) that lets the owner
// of the hit units choose how to spend an AP attack's casualty points: the
// attack is rolled alone (RollAP), the owner picks one of the legal
// allocations (Allocations) and the points are spent as chosen (SpendAs).
// Without it the automatic allocation of Spend is the only one.
type CasualtyChoices interface {
	// RollAP rolls an AP attack's casualty points without spending them
	// (the outcome has no fates).
	RollAP(APAttack, Dice) APOutcome
	// Allocations returns every legal way of spending points on defs, one
	// Loss per defender, the automatic allocation first.
	Allocations(defs []Defender, points int) [][]Loss
	// SpendAs spends points on defs as choice says, rolling what the
	// choice leaves to the dice; an error when choice is not one of
	// Allocations.
	SpendAs(defs []Defender, points int, choice []Loss, d Dice) (Spent, error)
}
