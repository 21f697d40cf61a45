package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// soakBattles is the number of battles TestSoak plays, spread evenly over
// every pair of shipped scenario and registered ruleset; 0 plays the short
// version, one battle a scenario. docs/FUZZING.md gives the full command.
var soakBattles = flag.Int("soak", 0, "battles TestSoak plays over every shipped scenario and registered ruleset (0: one a scenario)")

// soakPlayers are the pairs of players (allies, axis) the soak's battles
// take in turn, so that the random and greedy players' odd orders are
// played against the opponent's.
var soakPlayers = []map[maps.Side]string{
	{maps.Allies: "opponent", maps.Axis: "opponent"},
	{maps.Allies: "random", maps.Axis: "opponent"},
	{maps.Allies: "opponent", maps.Axis: "random"},
	{maps.Allies: "greedy", maps.Axis: "opponent"},
	{maps.Allies: "opponent", maps.Axis: "greedy"},
}

// soakBattle is one battle of the soak: where, under which rules, with
// which seed and players.
type soakBattle struct {
	scenario string
	rules    string
	seed     uint64
	players  map[maps.Side]string
}

// soakPlan lays out n battles over every scenario and ruleset, by
// scenario and then ruleset: battle i of a pair has seed i+1 and the
// players soakPlayers[i]. With n = 0, one battle a scenario, the rulesets
// and players taken in turn, so that each is played.
func soakPlan(scenarios, rulesets []string, n int) map[string][]soakBattle {
	plan := map[string][]soakBattle{}
	if n == 0 {
		for i, sc := range scenarios {
			rules := rulesets[i%len(rulesets)]
			plan[sc+"/"+rules] = []soakBattle{{sc, rules, 1, soakPlayers[i%len(soakPlayers)]}}
		}
		return plan
	}
	pairs := len(scenarios) * len(rulesets)
	for k := range pairs {
		sc, rules := scenarios[k/len(rulesets)], rulesets[k%len(rulesets)]
		share := n / pairs
		if k < n%pairs {
			share++
		}
		for i := range share {
			plan[sc+"/"+rules] = append(plan[sc+"/"+rules], soakBattle{sc, rules, uint64(i + 1), soakPlayers[i%len(soakPlayers)]})
		}
	}
	return plan
}

func TestSoakPlan(t *testing.T) {
	scenarios, rulesets := []string{"a", "b", "c"}, []string{"x", "y"}
	count := func(plan map[string][]soakBattle) int {
		n := 0
		for _, bs := range plan {
			n += len(bs)
		}
		return n
	}
	short := soakPlan(scenarios, rulesets, 0)
	if count(short) != 3 || len(short["a/x"]) != 1 || len(short["b/y"]) != 1 || len(short["c/x"]) != 1 {
		t.Errorf("short plan %v, want a/x, b/y and c/x once each", short)
	}
	full := soakPlan(scenarios, rulesets, 10_000)
	if count(full) != 10_000 || len(full) != 6 || len(full["a/x"]) != 1667 || len(full["c/y"]) != 1666 {
		t.Errorf("plan of 10,000: %d battles over %d pairs (a/x %d, c/y %d), want 10,000 over 6 (1667 and 1666)",
			count(full), len(full), len(full["a/x"]), len(full["c/y"]))
	}
	if b := full["b/y"][7]; b.seed != 8 || b.players[maps.Allies] != soakPlayers[2][maps.Allies] {
		t.Errorf("b/y's eighth battle: seed %d, players %v; want seed 8 and soakPlayers[2]", b.seed, b.players)
	}
}

// TestSoak plays computer battles as hexfire-cli simulate does, over every
// shipped scenario and registered ruleset, and checks the engine's
// invariants before and after every order (soakChecker) and, at the end,
// that the battle's save replays to the same digest. Every battle must
// end by its rules, with no order refused. Run with -soak N for N battles
// in all (docs/FUZZING.md); by default it plays one battle a scenario.
func TestSoak(t *testing.T) {
	cat, scenarios := shippedScenarios(t)
	rulesets := combat.Names()
	if len(rulesets) < 5 {
		t.Fatalf("%d rulesets, want the registered 5", len(rulesets))
	}
	names := make([]string, 0, len(scenarios))
	for name := range scenarios {
		names = append(names, name)
	}
	slices.Sort(names)
	plan := soakPlan(names, rulesets, *soakBattles)
	pairs := make([]string, 0, len(plan))
	for pair := range plan {
		pairs = append(pairs, pair)
	}
	slices.Sort(pairs)
	for _, pair := range pairs {
		battles := plan[pair]
		t.Run(pair, func(t *testing.T) {
			t.Parallel()
			for _, sb := range battles {
				sc := scenarios[sb.scenario]
				c := &soakChecker{}
				res := simulateBattle(sc, cat, battle.Config{Seed: sb.seed, Ruleset: sb.rules}, sb.players, c.apply)
				if res.err == nil {
					res.err = c.replays(sc, cat)
				}
				if res.err != nil {
					t.Fatalf("seed %d, allies %s, axis %s: %v", sb.seed, sb.players[maps.Allies], sb.players[maps.Axis], res.err)
				}
				if !res.ended {
					t.Fatalf("seed %d, allies %s, axis %s: the battle did not end (turn %d)", sb.seed, sb.players[maps.Allies], sb.players[maps.Axis], res.turns)
				}
			}
			t.Logf("%d battles", len(battles))
		})
	}
}

// soakChecker applies a simulated battle's orders and checks the engine's
// invariants around each (checkOrder before, checkState after). It
// remembers the battle and where its eliminated units fell.
type soakChecker struct {
	b      *battle.Battle
	turn   int
	fallen map[battle.UnitID]board.Pose
}

func (c *soakChecker) apply(b *battle.Battle, o battle.Order) error {
	c.b = b
	if c.fallen == nil {
		c.fallen = map[battle.UnitID]board.Pose{}
		if err := c.checkState(b); err != nil {
			return fmt.Errorf("invariant, before the first order: %w", err)
		}
	}
	if err := checkOrder(b, o); err != nil {
		return fmt.Errorf("invariant, before order %d: %w", b.OrderCount()+1, err)
	}
	if err := applyOrder(b, o); err != nil {
		return err
	}
	if err := c.checkState(b); err != nil {
		return fmt.Errorf("invariant, after order %d (%s): %w", b.OrderCount(), o.Name(), err)
	}
	return nil
}

// checkOrder checks, before o is applied, that every unit it names to act
// is in the battle and of the acting side, that every unit it targets is
// in the battle and of the other side, and that Check accepts it without
// changing the battle.
func checkOrder(b *battle.Battle, o battle.Order) error {
	var actors, targets []battle.UnitID
	switch o := o.(type) {
	case battle.Move:
		actors = append([]battle.UnitID{o.Unit}, o.With...)
	case battle.Turn:
		actors = []battle.UnitID{o.Unit}
	case battle.Fire:
		actors, targets = []battle.UnitID{o.Unit, o.Leader}, []battle.UnitID{o.Target}
	case battle.FireAP:
		actors = append(slices.Clone(o.Units), o.Leader)
		if o.Lane != battle.NoLane && b.Moving() == nil {
			return fmt.Errorf("a %v fire lane laid with no enemy moving", o.Lane)
		}
	case battle.Assault:
		actors = o.Units
	case battle.AssaultVehicle:
		actors, targets = []battle.UnitID{o.Unit}, []battle.UnitID{o.Target}
	case battle.FireSmoke:
		actors = []battle.UnitID{o.Unit}
	case battle.PlaceSmoke:
		actors = []battle.UnitID{o.Unit}
	case battle.Advance:
		actors = []battle.UnitID{o.Unit}
	case battle.Load:
		actors = []battle.UnitID{o.Unit, o.Carrier}
	case battle.Unload:
		actors = []battle.UnitID{o.Unit}
	case battle.Repair:
		actors = []battle.UnitID{o.Unit}
	case battle.Enter:
		actors = []battle.UnitID{o.Unit}
	case battle.Exit:
		actors = []battle.UnitID{o.Unit}
	case battle.Overrun:
		actors = []battle.UnitID{o.Unit}
	case battle.Transfer:
		actors = []battle.UnitID{o.Unit, o.To}
	case battle.CallFire:
		actors = []battle.UnitID{o.Spotter} // 0 for an air strike: no unit acts
	case battle.Pass, battle.EndPhase, battle.Halt, battle.Resolve, battle.Allocate, battle.Snipe, battle.WithdrawSniper:
		// the side acts, or its sniper, which is no unit
	default:
		return fmt.Errorf("an order of unknown kind %T", o)
	}
	acting := b.Acting()
	for _, id := range actors {
		if id == 0 {
			continue // no leader
		}
		switch u := b.Unit(id); {
		case u == nil:
			return fmt.Errorf("%s names unit %d, which does not exist", o.Name(), id)
		case u.Eliminated:
			return fmt.Errorf("%s: %s is eliminated and acts", o.Name(), u.Label())
		case u.Side != acting:
			return fmt.Errorf("%s: %s of the %s acts in the %s' turn to act", o.Name(), u.Label(), u.Side, acting)
		}
	}
	for _, id := range targets {
		switch u := b.Unit(id); {
		case u == nil:
			return fmt.Errorf("%s targets unit %d, which does not exist", o.Name(), id)
		case u.Eliminated:
			return fmt.Errorf("%s targets %s, which is eliminated", o.Name(), u.Label())
		case u.Side == acting:
			return fmt.Errorf("%s targets %s of its own side", o.Name(), u.Label())
		}
	}
	digest := b.Digest()
	if err := b.Check(o); err != nil {
		return fmt.Errorf("Check refuses the player's %s order: %w", o.Name(), err)
	}
	if b.Digest() != digest {
		return fmt.Errorf("Check of a %s order changed the battle", o.Name())
	}
	return nil
}

// checkState checks the battle's state after an order: the turn never goes
// back; an eliminated unit stays so, where it fell; no hex holds both
// sides, and none is over-stacked but the one a move (waiting for
// opportunity fire or for its owner) passes through; a passenger rides an active vehicle of its side that
// is on the map, in the vehicle's hex; every state a unit carries is one
// of the ruleset's, with a count from 1 (1 for an on/off state); smoke
// levels are 1 or 2 on the board; fire lanes stand only in the Movement
// phase, laid by the side not moving, on the board; no pool or count of rounds is negative;
// a finished battle has no side to act.
func (c *soakChecker) checkState(b *battle.Battle) error {
	if b.Turn() < c.turn {
		return fmt.Errorf("the turn went back from %d to %d", c.turn, b.Turn())
	}
	c.turn = b.Turn()
	bd := b.Board()
	specs := b.States()
	type stack struct {
		vehicles, infantry int
		sides              map[maps.Side]bool
	}
	stacks := map[board.Hex]*stack{}
	// A move may pass through a full hex: the hex where the moving unit
	// (and the stack moving with it) stands mid-move is not held to the
	// limit until the move ends.
	moving := b.Moving()
	if paused, _, _ := b.MovePaused(); paused != nil {
		moving = paused
	}
	for _, u := range b.Units() {
		if at, ok := c.fallen[u.ID]; ok {
			if !u.Eliminated {
				return fmt.Errorf("%s was eliminated and is back", u.Label())
			}
			if u.Pose != at {
				return fmt.Errorf("%s was eliminated in %s and is now in %s", u.Label(), bd.Label(at.Hex), bd.Label(u.Pose.Hex))
			}
			continue
		}
		if u.Eliminated {
			c.fallen[u.ID] = u.Pose
			continue
		}
		if !u.Active() {
			continue // waiting to arrive, or gone off the map by an edge (passengers too)
		}
		if u.Rounds < 0 {
			return fmt.Errorf("%s has %d rounds", u.Label(), u.Rounds)
		}
		for name, st := range u.States {
			spec, ok := combat.FindState(specs, name)
			switch {
			case !ok:
				return fmt.Errorf("%s carries the state %q, which the ruleset %s does not have", u.Label(), name, b.Rules().Name())
			case st.N < 1 || !spec.Counter && st.N != 1:
				return fmt.Errorf("%s carries %d of the state %s (counter: %t)", u.Label(), st.N, name, spec.Counter)
			}
		}
		if !bd.Contains(u.Pose.Hex) {
			return fmt.Errorf("%s is off the board at %v", u.Label(), u.Pose.Hex)
		}
		if u.Carrier != 0 {
			switch v := b.Unit(u.Carrier); {
			case v == nil || !v.OnMap() || v.Side != u.Side:
				return fmt.Errorf("%s rides unit %d, which is not an active vehicle of its side on the map", u.Label(), u.Carrier)
			case v.Pose.Hex != u.Pose.Hex: // a passenger's facing is left as it was when it boarded
				return fmt.Errorf("%s rides %s in %s but stands in %s", u.Label(), v.Label(), bd.Label(v.Pose.Hex), bd.Label(u.Pose.Hex))
			}
			continue
		}
		s := stacks[u.Pose.Hex]
		if s == nil {
			s = &stack{sides: map[maps.Side]bool{}}
			stacks[u.Pose.Hex] = s
		}
		s.sides[u.Side] = true
		if u.Type.Kind.Infantry() {
			s.infantry++
		} else {
			s.vehicles++
		}
	}
	for h, s := range stacks {
		if len(s.sides) > 1 {
			return fmt.Errorf("%s holds units of both sides", bd.Label(h))
		}
		if moving != nil && h == moving.Pose.Hex {
			continue
		}
		if !(s.vehicles == 0 && s.infantry <= 4 || s.vehicles == 1 && s.infantry <= 2 || s.vehicles == 2 && s.infantry == 0) {
			return fmt.Errorf("%s is over-stacked: %d vehicles/Guns and %d infantry", bd.Label(h), s.vehicles, s.infantry)
		}
	}
	for _, h := range b.SmokeHexes() {
		if l := b.Smoke(h); l < 1 || l > 2 || !bd.Contains(h) {
			return fmt.Errorf("smoke %d in %v", l, h)
		}
	}
	for _, l := range b.FireLanes() {
		switch {
		case b.Phase() != battle.Movement:
			return fmt.Errorf("a fire lane of the %s stands in the %s phase (lanes end with the Movement phase)", l.Side, b.Phase())
		case l.Side == b.Phasing():
			return fmt.Errorf("a fire lane of the %s, who are moving", l.Side)
		case len(l.Hexes) == 0 || !bd.Contains(l.Hexes[0]) || !bd.Contains(l.Hexes[len(l.Hexes)-1]):
			return fmt.Errorf("a fire lane of the %s with hexes %v", l.Side, l.Hexes)
		}
	}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if b.SmokeSupply(side) < 0 || b.Panzerfausts(side) < 0 || b.Grenades(side) < 0 {
			return fmt.Errorf("the %s' pools: smoke %d, Panzerfausts %d, grenades %d", side, b.SmokeSupply(side), b.Panzerfausts(side), b.Grenades(side))
		}
	}
	if b.Result() != nil && b.Acting() != "" {
		return fmt.Errorf("the battle is over and the %s act", b.Acting())
	}
	return nil
}

// replays checks that the battle the checker saw, saved and read back,
// replays on its scenario to the same digest.
func (c *soakChecker) replays(sc *maps.Scenario, cat *units.Catalogue) error {
	if c.b == nil {
		return errors.New("the battle had no order")
	}
	data, err := json.Marshal(c.b.Save())
	if err != nil {
		return err
	}
	s, err := battle.ParseSave(data)
	if err != nil {
		return fmt.Errorf("its save does not read back: %w", err)
	}
	replayed, err := battle.Replay(sc, cat, s)
	if err != nil {
		return err
	}
	if replayed.Digest() != c.b.Digest() {
		return fmt.Errorf("the replay's digest %.12s… differs from the battle's %.12s…", replayed.Digest(), c.b.Digest())
	}
	return nil
}
