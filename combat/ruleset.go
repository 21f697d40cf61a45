// Package combat resolves attacks: a declared Shot and injected Dice go in,
// an Outcome with every roll and a line of explanation per step comes out.
// Each ruleset lives in a subpackage and registers itself here; Odds gives
// the exact distribution of the same procedure without rolling.
package combat

import (
	"fmt"
	"slices"
	"strings"
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
	// Odds returns the exact distribution of Resolve's results for the shot.
	Odds(Shot) (Odds, error)
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
