// Command battlelog plays one battle of a scenario between two players and
// prints it order by order: the turn, phase and acting side, the order, the
// player's reason, and the events. It is not built with the module (it
// lives under testdata); run it from the repository root:
//
//	go run ./ai/testdata/battlelog -scenario assets/scenarios/bloody-gulch.tmx -seed 3 -allies opponent -axis greedy
package main

import (
	"flag"
	"fmt"
	"os"

	"hexfire/ai"
	"hexfire/battle"
	_ "hexfire/combat/d20"
	"hexfire/combat/elimination"
	_ "hexfire/combat/shiftchart"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
	"hexfire/maps"
	"hexfire/units"
)

func main() {
	scenario := flag.String("scenario", "", "Tiled .tmx scenario (default: the embedded default)")
	rules := flag.String("rules", "", "ruleset (default: the scenario's)")
	seed := flag.Uint64("seed", 1, "the battle's seed")
	allies := flag.String("allies", "opponent", "opponent, greedy or random")
	axis := flag.String("axis", "opponent", "opponent, greedy or random")
	flag.Parse()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		fail(err)
	}
	var sc *maps.Scenario
	if *scenario == "" {
		sc, err = maps.Default(cat)
	} else {
		sc, err = maps.LoadFile(*scenario, cat)
	}
	if err != nil {
		fail(err)
	}
	if sc.Turns == 0 {
		sc.Turns = 20
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: *seed, Ruleset: *rules})
	if err != nil {
		fail(err)
	}
	players := map[maps.Side]ai.Player{}
	for side, name := range map[maps.Side]string{maps.Allies: *allies, maps.Axis: *axis} {
		switch name {
		case "opponent":
			players[side], err = ai.NewOpponent(b.View(side), *seed)
		case "greedy":
			players[side] = &ai.Greedy{}
		case "random":
			players[side] = ai.Random{}
		default:
			err = fmt.Errorf("unknown player %q", name)
		}
		if err != nil {
			fail(err)
		}
	}
	for n := 0; b.Result() == nil; n++ {
		if n > 200000 {
			fail(fmt.Errorf("no result after %d orders", n))
		}
		side := b.Acting()
		o, why := players[side].Next(b.View(side))
		fmt.Printf("T%d %v %s: %s  [%s]\n", b.Turn(), b.Phase(), side, o.Name(), why)
		events, err := b.Apply(o)
		if err != nil {
			fail(fmt.Errorf("order %d %s refused: %w", n+1, o.Name(), err))
		}
		for _, e := range events {
			fmt.Printf("    %s\n", e.Text)
		}
	}
	r := b.Result()
	fmt.Printf("result: %+v\n", *r)
	for _, u := range b.Units() {
		state := "at " + b.Board().Label(u.Pose.Hex)
		if u.Eliminated {
			state = "eliminated"
		}
		fmt.Printf("  %s %s %s\n", u.Side, u.Label(), state)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "battlelog:", err)
	os.Exit(1)
}
