// Command headtohead plays the opponent of this tree against the opponent
// of an older commit, copied in as package oldai by run.sh; it is not
// built with the module (it lives under testdata). Every seed is played
// twice, the new opponent once on each side. The new opponent plays from
// its side's view, as it always does; the old one is asked with the
// battle itself, so under fog it sees through it (the omniscient opponent
// of before the fog of war).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync"

	"hexfire/ai"
	"hexfire/battle"
	_ "hexfire/combat/d20"
	"hexfire/combat/elimination"
	_ "hexfire/combat/shiftchart"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
	"hexfire/maps"
	"hexfire/oldai"
	"hexfire/umpire"
	"hexfire/units"
)

func main() {
	scenario := flag.String("scenario", "", "Tiled .tmx scenario (default: the embedded default)")
	rules := flag.String("rules", "", "ruleset (default: the scenario's)")
	n := flag.Int("battles", 10, "seeds; each is played with sides swapped")
	seed := flag.Uint64("seed", 1, "first seed")
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
	type result struct{ newWins, oldWins, draws int }
	results := make([]result, 2**n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				newSide := []maps.Side{maps.Allies, maps.Axis}[j%2]
				w, err := play(sc, cat, battle.Config{Seed: *seed + uint64(j/2), Ruleset: *rules}, newSide)
				if err != nil {
					fail(err)
				}
				switch w {
				case "":
					results[j].draws++
				case newSide:
					results[j].newWins++
				default:
					results[j].oldWins++
				}
			}
		}()
	}
	for j := range results {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	var t result
	for _, r := range results {
		t.newWins, t.oldWins, t.draws = t.newWins+r.newWins, t.oldWins+r.oldWins, t.draws+r.draws
	}
	fmt.Printf("%s: %d battles: new %d, old %d, draws %d; new wins %.1f%% of decided, %.1f%% of all\n",
		sc.Path, len(results), t.newWins, t.oldWins, t.draws,
		100*float64(t.newWins)/float64(max(1, t.newWins+t.oldWins)), 100*float64(t.newWins)/float64(len(results)))
}

func play(sc *maps.Scenario, cat *units.Catalogue, cfg battle.Config, newSide maps.Side) (maps.Side, error) {
	b, err := battle.New(sc, cat, cfg)
	if err != nil {
		return "", err
	}
	newOp, err := ai.NewOpponent(b.View(newSide), umpire.SeatSeed(cfg.Seed, newSide))
	if err != nil {
		return "", err
	}
	oldOp, err := oldai.NewOpponent(b)
	if err != nil {
		return "", err
	}
	for range 200000 {
		if b.Result() != nil {
			return b.Result().Winner, nil
		}
		var o battle.Order
		var why string
		if b.Acting() == newSide {
			o, why = newOp.Next(b.View(newSide))
		} else {
			o, why = oldOp.Next(b)
		}
		if _, err := b.Apply(o); err != nil {
			return "", fmt.Errorf("seed %d: %s refused (%s): %w", cfg.Seed, o.Name(), why, err)
		}
	}
	return "", nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "headtohead:", err)
	os.Exit(1)
}
