package game

import (
	"fmt"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// bothSides are the two sides in the order the screens list them.
var bothSides = [2]maps.Side{maps.Allies, maps.Axis}

// victoryOf parses a scenario's victory conditions (map property
// "victory"), as the battle does.
func victoryOf(sc *maps.Scenario) (battle.Victory, error) {
	v, err := battle.ParseVictory(sc.Properties["victory"], sc.Board)
	if err != nil {
		return v, fmt.Errorf("%s: map property \"victory\": %w", sc.Path, err)
	}
	return v, nil
}

// hexList writes hex labels as "K8 and L8" or "K8, L8 and M9".
func hexList(bd *board.Board, hs []board.Hex) string {
	labels := make([]string, len(hs))
	for i, h := range hs {
		labels[i] = bd.Label(h)
	}
	if len(labels) < 2 {
		return strings.Join(labels, "")
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1]
}

// goalLines says a scenario's victory conditions and length in words.
func goalLines(sc *maps.Scenario, v battle.Victory) []string {
	var out []string
	for _, side := range bothSides {
		if n, ok := v.Destroy[side]; ok {
			out = append(out, fmt.Sprintf("The %s win at once when they have eliminated %d %s units.", side.Title(), n, battle.Opponent(side).Adjective()))
		}
		if hold := v.Hold[side]; len(hold) > 0 {
			out = append(out, fmt.Sprintf("The %s win if, when the last turn ends, they alone hold %s.", side.Title(), hexList(sc.Board, hold)))
		}
	}
	out = append(out, exitGoalLines(v)...)
	switch {
	case v.Otherwise != "":
		out = append(out, fmt.Sprintf("If neither side has won by the end, the %s win.", v.Otherwise.Title()))
	case len(v.Hold) == 0 && len(v.Destroy) == 0 && len(v.Exit) == 0:
		out = append(out, "When the last turn ends, the side that has eliminated more enemy units wins.")
	default:
		out = append(out, "If neither side has won by the end, or both have, the battle is a draw.")
	}
	length := "The map sets no turn limit"
	if sc.Turns > 0 {
		length = fmt.Sprintf("The battle lasts %d turns", sc.Turns)
	}
	return append(out, fmt.Sprintf("%s; the %s move first.", length, sc.FirstSide.Title()))
}

// briefingOf is a scenario's map property "briefing", or a line saying
// there is none.
func briefingOf(sc *maps.Scenario) string {
	if b := strings.TrimSpace(sc.Properties["briefing"]); b != "" {
		return b
	}
	return "This scenario has no briefing (map property \"briefing\")."
}

// scoreLine is the losses so far against the destroy thresholds, for the
// top bar: "lost: Allies 1/4, Axis 0/4" (a side's number after the slash
// is how many of its units the enemy must eliminate to win).
func scoreLine(b *battle.Battle, v battle.Victory) string {
	parts := make([]string, 0, 2)
	for _, side := range bothSides {
		s := fmt.Sprintf("%s %d", side.Title(), b.Eliminated(side))
		if n, ok := v.Destroy[battle.Opponent(side)]; ok {
			s += fmt.Sprintf("/%d", n)
		}
		parts = append(parts, s)
	}
	return "lost: " + strings.Join(parts, ", ")
}

// holder is the side holding hex h alone, or "".
func holder(b *battle.Battle, h board.Hex) maps.Side {
	for _, side := range bothSides {
		if b.Holds(side, h) {
			return side
		}
	}
	return ""
}

// objectiveLines say, for the panel, who must hold which hex and who
// holds it now.
func objectiveLines(b *battle.Battle, v battle.Victory) []string {
	var out []string
	for _, side := range bothSides {
		for _, h := range v.Hold[side] {
			now := "empty or contested"
			if w := holder(b, h); w != "" {
				now = "held by the " + w.Title()
			}
			out = append(out, fmt.Sprintf("%s for the %s: %s", b.Board().Label(h), side.Title(), now))
		}
	}
	return append(out, exitProgressLines(b, v)...)
}
