package battle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/board"
	_ "hexfire/combat/shiftchart" // the five rulesets of the game
	_ "hexfire/combat/strikedice"
	"hexfire/mapgen"
	"hexfire/maps"
)

// TestViewNonInterference: a side's view does not depend on an enemy unit
// it does not know. Random battles under fog on every shipped scenario and
// on generated quick battles, in every ruleset, are played to a random order; then every enemy unit the
// side (each in turn) neither spots nor glimpses is changed: moved to a
// hex no unit of the side has a line to, turned, its markers and weapon
// state changed, and the knowledge updated; the side's view, serialised,
// must be the same bytes, and so must its encoded form (View.Encode), and
// its known battle must answer alike. (Its last sighting, if any, stays as seen.) A
// battle that ended is shown whole, and not checked. Every scenario gains
// a dummy of each side (withDummies), which the changes treat as any unit.
func TestViewNonInterference(t *testing.T) {
	scenarios := viewScenarios(t, 16, 11) // 9 × 5 rulesets × 16 + 6 × 5 × 11 = 1,050 battles
	rules := []string{"elimination", "strikedice", "shiftchart", "d20", "tohit-tokill"}
	battles, changed, unmasked := 0, 0, 0
	for _, s := range scenarios {
		sc := withDummies(s.sc)
		sc.Properties["fog"] = "true"
		for _, r := range rules {
			for seed := range s.battles {
				b, err := New(sc, testCatalogue, Config{Seed: seed, Ruleset: r})
				if err != nil {
					t.Fatalf("%s %s: %v", sc.Path, r, err)
				}
				rng := rand.New(rand.NewPCG(seed, 33))
				playRandom(t, b, rng, rng.IntN(120))
				battles++
				for _, u := range b.units {
					if u.Dummy() && u.Vanished() {
						unmasked++
					}
				}
				if b.Result() != nil {
					continue // over: the view shows everything
				}
				for _, side := range []maps.Side{maps.Allies, maps.Axis} {
					before, err := json.Marshal(b.View(side))
					if err != nil {
						t.Fatal(err)
					}
					answers := knownAnswers(b.View(side))
					wire, err := b.View(side).Encode()
					if err != nil {
						t.Fatal(err)
					}
					n := changeUnknown(b, side, rng)
					changed += n
					after, _ := json.Marshal(b.View(side))
					if again, _ := b.View(side).Encode(); !bytes.Equal(wire, again) {
						t.Fatalf("%s %s seed %d, after %d orders: changing %d enemy units the %s do not know changed their encoded view:\n%s\n%s",
							sc.Path, r, seed, b.OrderCount(), n, side, wire, again)
					}
					if again := knownAnswers(b.View(side)); again != answers {
						t.Fatalf("%s %s seed %d, after %d orders: changing %d enemy units the %s do not know changed what their known battle answers:\n%s\n%s",
							sc.Path, r, seed, b.OrderCount(), n, side, answers, again)
					}
					if !bytes.Equal(before, after) {
						t.Fatalf("%s %s seed %d, after %d orders: changing %d enemy units the %s do not know changed their view:\n%s\n%s",
							sc.Path, r, seed, b.OrderCount(), n, side, before, after)
					}
				}
			}
		}
	}
	if battles < 1000 || changed == 0 || unmasked == 0 {
		t.Errorf("%d battles, %d units changed, %d dummies found out: want at least 1,000 battles, some changes, some dummies found out", battles, changed, unmasked)
	}
	t.Logf("%d battles, %d unknown units changed, %d dummies found out", battles, changed, unmasked)
}

// viewScenario is a scenario to play random battles on, and how many to
// play on it in each ruleset.
type viewScenario struct {
	sc      *maps.Scenario
	battles uint64
}

// viewScenarios are every shipped scenario, shipped battles each, and six
// quick battles, one of each ground, flat and pointy, of every allied
// nation, quick battles each.
func viewScenarios(t *testing.T, shipped, quick uint64) []viewScenario {
	t.Helper()
	files, err := fs.Glob(assets.FS, "scenarios/*.tmx")
	if err != nil || len(files) == 0 {
		t.Fatalf("shipped scenarios: %v %v", files, err)
	}
	var scenarios []viewScenario
	for _, f := range files {
		sc, err := OpenScenario(EmbeddedPrefix+f, testCatalogue)
		if err != nil {
			t.Fatal(err)
		}
		scenarios = append(scenarios, viewScenario{sc, shipped})
	}
	dir := t.TempDir()
	for i, ground := range mapgen.Grounds {
		o := mapgen.Options{Seed: uint64(100 + i), Width: 20, Height: 14, Ground: ground, Points: 300,
			Allies: []string{"US", "UK", "SU"}[i%3], Axis: "DE", Pointy: i%2 == 1}
		path := filepath.Join(dir, fmt.Sprintf("quick-%d.tmx", i))
		if _, err := mapgen.WriteFile(path, o, testCatalogue); err != nil {
			t.Fatal(err)
		}
		sc, err := OpenScenario(path, testCatalogue)
		if err != nil {
			t.Fatal(err)
		}
		scenarios = append(scenarios, viewScenario{sc, quick})
	}
	return scenarios
}

// knownAnswers is what v's known battle answers to the questions a player
// or the opponent asks: its state (Digest), and for every unit of the side
// on the map, the plan of a shot at each enemy unit it knows and of AP
// fire at each hex that holds one or a contact, refusals included.
func knownAnswers(v *View) string {
	k := v.Known()
	var out strings.Builder
	out.WriteString(k.Digest())
	var hexes []board.Hex
	for _, e := range v.Enemy {
		if e.Known != Unknown && !slices.Contains(hexes, e.Pose.Hex) {
			hexes = append(hexes, e.Pose.Hex)
		}
	}
	for _, u := range k.Units() {
		if u.Side != v.Side || !u.OnMap() {
			continue
		}
		for _, e := range k.Units() {
			if e.Side != v.Side {
				p, err := k.PlanFire(Fire{Unit: u.ID, Target: e.ID})
				fmt.Fprintf(&out, "\n#%d at #%d: %v %v", u.ID, e.ID, err, p.Odds.Summary(k.States()))
			}
		}
		for _, h := range hexes {
			p, err := k.PlanAP(FireAP{Units: []UnitID{u.ID}, Target: h})
			fmt.Fprintf(&out, "\n#%d AP at %s: %v %v %d", u.ID, k.Board().Label(h), err, p.Odds, len(p.Defenders))
		}
	}
	fmt.Fprintf(&out, "\nend phase: %v", k.Check(EndPhase{}))
	return out.String()
}

// changeUnknown changes every enemy unit on the map that side does not know
// (not spotted, not a contact, not moving) as rng says, updates the
// knowledge, and returns how many it changed.
func changeUnknown(b *Battle, side maps.Side, rng *rand.Rand) int {
	var watchers []*Unit
	for _, u := range b.units {
		if u.Side == side && u.OnMap() {
			watchers = append(watchers, u)
		}
	}
	var unseen []board.Hex
	for h := range b.Board().Hexes() {
		seen := false
		for _, w := range watchers {
			if b.Board().Sight(w.Pose.Hex, h, b.Smoke).Visible {
				seen = true
				break
			}
		}
		if !seen {
			unseen = append(unseen, h)
		}
	}
	n := 0
	for _, u := range b.units {
		if u.Side == side || !u.OnMap() || b.Knowledge(side, u).Known != Unknown || b.Moving() == u {
			continue
		}
		if len(unseen) > 0 {
			b.setPose(u, board.Pose{Hex: unseen[rng.IntN(len(unseen))], Facing: board.Direction(rng.IntN(6))})
		}
		u.Markers ^= Markers(rng.IntN(1 << len(markerNames)))
		u.WeaponSpent = !u.WeaponSpent
		u.States = map[string]State{"changed": {N: 1 + rng.IntN(3)}}
		n++
	}
	b.intel.update(b, nil)
	return n
}

// withDummies is sc with a dummy of each side set up where the side's first
// unit is, as it is (hidden or not, arriving or not).
func withDummies(sc *maps.Scenario) *maps.Scenario {
	c := *sc
	c.Units = slices.Clone(sc.Units)
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if i := slices.IndexFunc(sc.Units, func(p maps.Placement) bool { return p.Side == side }); i >= 0 {
			p := sc.Units[i]
			c.Units = append(c.Units, maps.Placement{ID: 1_000_000 + len(c.Units), Type: maps.DummyType, Side: side,
				Hex: p.Hex, Facing: p.Facing, Arrives: p.Arrives, Hidden: p.Hidden})
		}
	}
	return &c
}
