package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStrikediceCLI: units lists the printed ratings, odds gives the
// shared summary and the ruleset's own outcome keys, roll rolls the pools.
func TestStrikediceCLI(t *testing.T) {
	out, err := runCombatCLI(t, "units", "--rules", "strikedice")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range [][]string{
		{"A.P. Strike", "9", "printed", "seed 000, AT fire example"},
		{"armour dice front", "6", "printed", "seed 000, AT fire example: the Sherman has 6 Armour Dice"},
		{"AT grenade or charge", "Teller mine 5", "printed"},
	} {
		found := false
		for line := range strings.SplitSeq(out, "\n") {
			if fields := strings.Join(strings.Fields(line), " "); strings.Contains(fields, strings.Join(want, " ")) {
				found = true
			}
		}
		if !found {
			t.Errorf("units --rules strikedice has no line with %q", want)
		}
	}
	out, err = runCombatCLI(t, "odds", "--json", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)")
	if err != nil {
		t.Fatal(err)
	}
	var odds struct {
		ToHit   int `json:"to_hit"`
		Summary struct {
			Hit      float64            `json:"hit"`
			Counters map[string]float64 `json:"counters"`
		} `json:"summary"`
		Outcomes map[string]float64 `json:"outcomes"`
	}
	if err := json.Unmarshal([]byte(out), &odds); err != nil {
		t.Fatal(err)
	}
	if odds.ToHit != 5 || odds.Summary.Hit != 30.0/36 || odds.Summary.Counters["shock"] == 0 || odds.Outcomes["shock,_reverse_1"] == 0 {
		t.Errorf("odds --json: %+v", odds)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--outside-arc"}, "-1 turret out of arc"},
		{[]string{"--target-moved", "--target-move-mp", "6/10"}, "-1 target moved flat out"},
		{[]string{"--target-moved", "--target-move-mp", "5/10"}, "2d6 needs 5: in the open"},
		{[]string{"--firer", "US Bazooka Team", "--firer-states", "suppressed=1"}, "2d6 -1 under suppressing fire needs 5"},
	} {
		args := append([]string{"odds", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)"}, tt.args...)
		out, err := runCombatCLI(t, args...)
		if err != nil || !strings.Contains(out, tt.want) {
			t.Errorf("%v: %v\n%s", tt.args, err, out)
		}
	}
	if _, err := runCombatCLI(t, "odds", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)", "--target-move-mp", "6/10"); err == nil {
		t.Errorf("--target-move-mp without --target-moved accepted")
	}
	if _, err := runCombatCLI(t, "odds", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)", "--target-moved", "--target-move-mp", "11/10"); err == nil {
		t.Errorf("--target-move-mp 11/10 accepted")
	}
	out, err = runCombatCLI(t, "roll", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)", "--seed", "3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "10×d6 strike: [2 5 2 4 1 2 6 5 1 5]") || !strings.Contains(out, "6×d6 armour:") {
		t.Errorf("roll --rules strikedice:\n%s", out)
	}
}
