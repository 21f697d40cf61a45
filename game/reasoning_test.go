package game

import (
	"regexp"
	"testing"

	"hexfire/ai"
	"hexfire/battle"
	"hexfire/game/ui"
	"hexfire/maps"
)

// score matches a number written with two decimals, as the opponent
// writes the scores it weighs its orders by ("expected effect 0.72");
// the events write casualty points, dice and percentages as integers.
var score = regexp.MustCompile(`\b\d+\.\d\d\b`)

// TestLogShowsNoScores: the computer plays both sides of the default
// scenario to its end; at the default settings the log a player reads
// holds none of its reasoning and no score, and with the reasoning
// setting on it shows both.
func TestLogShowsNoScores(t *testing.T) {
	b := defaultBattle(t)
	g, err := New(b, Options{Computer: []maps.Side{maps.Allies, maps.Axis}, Pace: 1,
		NewPlayer: func(v *battle.View, seed uint64, _ string) (Player, error) {
			return ai.NewOpponent(v, seed)
		}})
	if err != nil {
		t.Fatal(err)
	}
	for range 20_000 {
		if b.Result() != nil {
			break
		}
		g.runComputer()
	}
	if b.Result() == nil {
		t.Fatalf("the battle is not over after 20,000 ticks (%d orders)", b.OrderCount())
	}
	face := g.fonts.Face(ui.BarTextSize*g.scale, false)
	for _, reasoning := range []bool{false, true} {
		lines, scores := 0, 0
		for _, row := range g.play.log.wrapped(face, 400, maps.Allies, reasoning) {
			if row.kind == logComputer {
				lines++
			}
			if score.MatchString(row.text) {
				scores++
			}
		}
		if shown := lines > 0 && scores > 0; shown != reasoning {
			t.Errorf("reasoning setting %t: %d reasoning rows, %d rows with a score in the log of %d orders", reasoning, lines, scores, b.OrderCount())
		}
	}
}
