package ai

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// TestLOSMemoMatchesSight checks the opponent's memoised lines of sight
// against board.Sight for every pair of hexes from a few viewers, asked
// twice (traced, then read back), on a map wider than a window so that
// far lines are asked too, and again after smoke is laid.
func TestLOSMemoMatchesSight(t *testing.T) {
	const cols = 2*sightRadius + 8
	var sb strings.Builder
	for row := range 6 {
		for col := range cols {
			c := "."
			switch (col*7 + row*3) % 11 {
			case 0:
				c = "W"
			case 4:
				c = "o"
			}
			sb.WriteString(c + " ")
		}
		sb.WriteString("\n")
	}
	b := fixture{grid: sb.String(), props: map[string]string{"smoke_allies": "3"}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "B3", 0, ""},
		{"Tiger I", maps.Axis, "F3", board.DirNW, ""},
	}}.battle(t)
	m := &memo{}
	viewers := []string{"B3", "A1", "F4", "D6"}
	check := func(step string) {
		t.Helper()
		v := newView(b, m, maps.Allies)
		far := 0
		for range 2 {
			for _, label := range viewers {
				from := battletest.Hex(t, b, label)
				for to := range b.Board().Hexes() {
					if from.Distance(to) > sightRadius {
						far++
					}
					if got, want := v.los(from, to), b.Board().Sight(from, to, b.Smoke); got != want {
						t.Fatalf("%s: los %s → %s = %+v, want %+v", step, label, b.Board().Label(to), got, want)
					}
				}
			}
		}
		if far == 0 {
			t.Fatalf("%s: no line beyond the window was asked", step)
		}
	}
	check("clear air")
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(battle.PlaceSmoke{Unit: 1, Hex: battletest.Hex(t, b, "C3")}); err != nil {
		t.Fatal(err)
	}
	if b.Smoke(battletest.Hex(t, b, "C3")) == 0 {
		t.Fatal("no smoke in C3")
	}
	check("smoke in C3")
}
