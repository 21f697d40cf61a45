package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"hexfire/combat"
)

func init() {
	commands["roll"] = command{summary: "resolve one AT shot with seeded dice and print the steps", run: runRoll}
}

// rollJSON is the --json form of roll.
type rollJSON struct {
	Rules  string `json:"rules"`
	Seed   uint64 `json:"seed"`
	ToHit  int    `json:"to_hit"`
	Hit    bool   `json:"hit"`
	Result string `json:"result"`
	// Effects are the outcome's effects on the units, in words with the
	// unit they fall on ("target: immobilized", "firer: weapon spent").
	Effects []string      `json:"effects"`
	Rolls   []combat.Roll `json:"rolls"`
	Steps   []string      `json:"steps"`
}

func runRoll(args []string, stdout io.Writer) error {
	var f shotFlags
	var seed uint64
	err := parseFlags("roll", args, stdout, &f, func(fs *flag.FlagSet) {
		fs.Uint64Var(&seed, "seed", 0, "dice seed (0: a new random seed, printed)")
	})
	if err != nil {
		return err
	}
	r, s, err := f.build()
	if err != nil {
		return err
	}
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	o := f.resolve(r, s, combat.NewSeededDice(seed))
	if o.Err != nil {
		return o.Err
	}
	if f.jsonOut {
		effects := []string{}
		for _, e := range o.Effects {
			effects = append(effects, e.On.String()+": "+e.String())
		}
		return writeJSON(stdout, rollJSON{Rules: r.Name(), Seed: seed, ToHit: o.ToHit, Hit: o.Hit,
			Result: outcomeKey(o.Headline()), Effects: effects, Rolls: o.Rolls, Steps: o.Steps})
	}
	fmt.Fprintln(stdout, describe(r, s))
	fmt.Fprintf(stdout, "seed %d\n", seed)
	for _, step := range o.Steps {
		fmt.Fprintln(stdout, "  "+step)
	}
	for _, roll := range o.Rolls {
		fmt.Fprintf(stdout, "  %s %s: %v\n", roll.Notation(), roll.Purpose, roll.Dice)
	}
	fmt.Fprintf(stdout, "result: %s\n", o.Headline())
	return nil
}
