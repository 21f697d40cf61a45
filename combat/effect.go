package combat

import (
	"slices"
	"strconv"
	"strings"
)

// EffectKind is what an effect does to a unit.
type EffectKind uint8

// The effect kinds. The battle applies each the same way whichever ruleset
// produced it.
const (
	// Eliminated: out of the battle, with everything it carries.
	Eliminated EffectKind = iota + 1
	// Abandoned: the crew bails out; the vehicle is out of the battle and
	// its passengers get out into its hex.
	Abandoned
	// Immobilized: an Immobile marker; no more moving or turning.
	Immobilized
	// Pinned: a Pinned marker until the unit rallies.
	Pinned
	// AddState adds N counters of the ruleset's state State (N is 1 for a
	// state that is only on or off). Lasting damage (optics, engine) and
	// timed states (suppressed, stunned) are states too: the ruleset's
	// StateSpec says how long each lasts and what it forbids.
	AddState
	// WeaponSpent: the firer fired a round of limited ammunition; a
	// one-shot weapon, or one whose last counted round it was, is used up.
	WeaponSpent
	// WeaponBroken: the firer's weapon is out of action until repaired.
	WeaponBroken
	// WeaponRemoved: the firer's weapon is gone for the rest of the battle.
	WeaponRemoved
	// Casualty: one casualty reduction (a squad becomes a half squad, a
	// smaller unit is eliminated).
	Casualty
	// Reverse: a forced move of N hexes straight away from the firer,
	// stopping where the way is blocked.
	Reverse
	// ValorCheck: the unit makes its side's valor check (infantry that
	// rolled a natural 2 in the default ruleset).
	ValorCheck
	// WeaponRepaired: the unit's broken weapon works again (WeaponRepairs).
	WeaponRepaired
	// DriveOn: a free move straight ahead through the hexside the unit
	// faces, hex by hex with its full movement points, paying each hex's
	// cost and stopping where the way is blocked; its facing does not
	// change.
	DriveOn
	// InfantryHits: the infantry among the role's units take an AP attack
	// of N firepower against cover Cover, rolled by the ruleset's infantry
	// combat (InfantryRules.FireAP); nothing under a ruleset without one.
	InfantryHits
	// Dismount: a passenger gets out of its vehicle into the vehicle's hex
	// at once, marked Move (it stays aboard when the hex has no room).
	Dismount
)

var effectNames = [...]string{"", "eliminated", "abandoned", "immobilized", "pinned", "state",
	"weapon spent", "weapon broken", "weapon removed", "casualty", "reverse", "valor check", "weapon repaired",
	"drive on", "infantry hits", "dismount"}

// String returns the kind in words.
func (k EffectKind) String() string {
	if int(k) < len(effectNames) && k != 0 {
		return effectNames[k]
	}
	return "effect?"
}

// Role says which unit an effect falls on, seen from the attack.
type Role uint8

// The roles.
const (
	OnTarget     Role = iota // the unit attacked
	OnFirer                  // the unit that attacked
	OnPassengers             // every unit riding the target (not a Gun it tows)
	OnHex                    // every other unit in the target's hex
	OnFirerHex               // every unit in the firer's hex, the firer included
	OnSecond                 // the second vehicle a volley strikes (Shot.Second)
)

var roleNames = [...]string{"target", "firer", "passengers", "hex", "firer's hex", "second target"}

// String returns the role in words.
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// Effect is one change an attack makes to a unit.
type Effect struct {
	Kind  EffectKind
	On    Role
	State string // AddState: the state's name, as the ruleset declares it
	N     int    // AddState: counters added; Reverse: hexes; InfantryHits: firepower
	Cover int    // InfantryHits: the cover the attack is rolled against
}

// String returns the effect in words: "eliminated", "2 shock", "reverse 2".
func (e Effect) String() string {
	switch e.Kind {
	case AddState:
		if e.N > 1 {
			return strconv.Itoa(e.N) + " " + e.State
		}
		return e.State
	case Reverse:
		return "reverse " + strconv.Itoa(e.N)
	case InfantryHits:
		return "AP attack of " + strconv.Itoa(e.N)
	}
	return e.Kind.String()
}

// HasEffect reports whether effects hold one of kind k on role on.
func HasEffect(effects []Effect, on Role, k EffectKind) bool {
	return slices.ContainsFunc(effects, func(e Effect) bool { return e.On == on && e.Kind == k })
}

// outcomeKey is a canonical text of an outcome, equal for equal outcomes.
func outcomeKey(hit bool, effects []Effect) string {
	return string(appendOutcomeKey(nil, hit, effects))
}

// appendOutcomeKey appends outcomeKey's text to b.
func appendOutcomeKey(b []byte, hit bool, effects []Effect) []byte {
	if hit {
		b = append(b, "hit"...)
	} else {
		b = append(b, "miss"...)
	}
	for _, e := range effects {
		b = append(b, ';')
		b = append(b, e.On.String()...)
		b = append(b, ':')
		b = append(b, e.Kind.String()...)
		if e.State != "" || e.N != 0 {
			b = append(b, ' ')
			b = append(b, e.State...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(e.N), 10)
		}
		if e.Cover != 0 {
			b = append(b, " cover "...)
			b = strconv.AppendInt(b, int64(e.Cover), 10)
		}
	}
	return b
}

// Lasting says how long a state stays on a unit.
type Lasting uint8

// The ways a state lasts.
const (
	// Permanent: for the rest of the battle (shock, optics damaged).
	Permanent Lasting = iota
	// UntilOwnFirePhase: until the owner's next Fire phase begins
	// (suppressed).
	UntilOwnFirePhase
	// OnePhase: through the next phase of the owner's and then gone
	// (commander stunned).
	OnePhase
	// UntilTurnEnd: until the After-Action phase of the turn.
	UntilTurnEnd
)

// Forbids is a set of things a state stops a unit doing.
type Forbids uint8

// What a state may forbid.
const (
	ForbidFire Forbids = 1 << iota
	ForbidMove
	// ForbidAll: the unit does nothing at all (fire, move, turn, assault).
	ForbidAll Forbids = 0xff
)

// StateSpec declares one state a ruleset puts on units: its name in
// effects and saves, the tag on the counter, how long it lasts, what it
// forbids, and a line for the unit panel. The ruleset owns what the state
// does to its own rolls (a to-hit modifier per shock counter, four shock
// abandoning an AFV); the battle enforces Lasts and Forbids.
type StateSpec struct {
	Name    string
	Tag     string // a few letters for the counter: "SHK", "SUP"
	Counter bool   // counts up (shock points); otherwise on or off
	Lasts   Lasting
	Forbids Forbids
	Explain string
	// Engages: the unit must fire at the unit whose attack put the state
	// on it (its foe). The battle fires that shot itself as the unit's
	// side's next Fire or Defensive Fire phase begins, then takes the
	// state away. With the foe gone or out of sight nothing happens; a
	// shot refused for any other reason adds one counter of the state
	// Unmet instead (none when Unmet is empty), as the ruleset's
	// StateThresholds land it. A state that Engages and forbids fire
	// forbids only other fire: the battle takes it away before the shot,
	// and odds summaries count its unit as still fighting.
	Engages bool
	Unmet   string
	// UnderFire: the battle puts the state on every unit in a hex that an
	// enemy AP attack falls on and that comes through it (suppressing
	// fire); the ruleset reads it on the shots those units fire.
	UnderFire bool
	// Slows: the unit moves with half its movement points, rounded down
	// (engine damage: no more moving flat out).
	Slows bool
}

// FindState returns the spec called name.
func FindState(states []StateSpec, name string) (StateSpec, bool) {
	for _, s := range states {
		if s.Name == name {
			return s, true
		}
	}
	return StateSpec{}, false
}

// StateSet is the states a unit carries, as a shot sees them: a canonical
// comparable value ("optics=1;shock=2"), so that shots stay usable as map
// keys. The zero value holds no state.
type StateSet string

// Count returns the counters of state name (1 for an on/off state that is
// set), or 0.
func (s StateSet) Count(name string) int {
	for part := range strings.SplitSeq(string(s), ";") {
		if k, v, _ := strings.Cut(part, "="); k == name {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// StatesOf builds a StateSet from counts by name (counts of 0 left out).
func StatesOf(counts map[string]int) StateSet {
	names := make([]string, 0, len(counts))
	for k, n := range counts {
		if n != 0 {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + strconv.Itoa(counts[k])
	}
	return StateSet(strings.Join(parts, ";"))
}

// EffectLists holds a ruleset's effects of each of its results, alone and
// with the firer's counted round spent after them, built once so that
// resolving a shot allocates none. The lists are shared: read them only.
type EffectLists struct{ target, spent [][]Effect }

// NewEffectLists builds the lists from the effects of each result, by the
// result's index.
func NewEffectLists(byResult ...[]Effect) EffectLists {
	l := EffectLists{target: byResult, spent: make([][]Effect, len(byResult))}
	for r, es := range byResult {
		l.spent[r] = append(slices.Clone(es), Effect{Kind: WeaponSpent, On: OnFirer})
	}
	return l
}

// Of returns the effects of result r, followed by WeaponSpent on the firer
// when spent.
func (l EffectLists) Of(r int, spent bool) []Effect {
	if spent {
		return l.spent[r]
	}
	return l.target[r]
}
