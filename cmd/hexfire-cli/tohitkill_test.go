package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestOddsTohitTokillFlags: the worked example of seed 004 through the
// command line (to-hit 6 at two hexes), and the flags only the tohit-tokill
// ruleset reads: the date, the inherent Panzerfaust's check, backblast and
// desperation, troop quality.
func TestOddsTohitTokillFlags(t *testing.T) {
	base := []string{"odds", "--rules", "tohit-tokill", "--weapon", "Panzerfaust", "--nation", "DE", "--target", "M4A3E8", "--range", "2"}
	out, err := runCombatCLI(t, append(base, "--date", "1944-12")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"to-hit number: 6\n", "  to-hit 10 -4 range = 6; 2d6 hits at or below it\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q; got\n%s", want, out)
		}
	}
	if _, err := runCombatCLI(t, append(base, "--date", "1944-05")...); err == nil || !strings.Contains(err.Error(), "reaches 1 hexes") {
		t.Errorf("a Panzerfaust before June 1944 at 2 hexes: %v", err)
	}
	if out, err := runCombatCLI(t, append(base, "--date", "1944-12", "--firer-terrain", "building")...); err != nil || !strings.Contains(out, "to-hit 10 -4 range = 6; 2d6 +2 backblast: fired from a building hits at or below it") {
		t.Errorf("from a building: %v, want the backblast's +2 on the roll; got\n%s", err, out)
	}
	// The early Panzerfaust is carried in September 1943 only by the
	// scenario's rule.
	early := append(slices.Clone(base[:len(base)-1]), "1", "--date", "1943-09", "--inherent")
	if _, err := runCombatCLI(t, early...); err == nil || !strings.Contains(err.Error(), "panzerfaust_trials") {
		t.Errorf("an early Panzerfaust carried without the rule: %v", err)
	}
	if out, err := runCombatCLI(t, append(early, "--panzerfaust-trials")...); err != nil || !strings.Contains(out, "+1 Aug-Sep 1943") {
		t.Errorf("with the rule: %v\n%s", err, out)
	}
	for _, bad := range [][]string{{"--date", "1944"}, {"--quality", "raw"}, {"--firer-terrain", "lava"}, {"--rounds", "-1"}} {
		if _, err := runCombatCLI(t, append(base, bad...)...); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v, want an error naming the flag", bad, err)
		}
	}
	out, err = runCombatCLI(t, append(base, "--date", "1945-02", "--inherent", "--quality", "green", "--firer-terrain", "building",
		"--desperation", "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var got oddsJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// The check: 1-4 fire with -1 in 1945, 6 pins: 1/6 pinned.
	if got.ToHit == nil || *got.ToHit != 6 || got.Firer["firer: pinned"] != 1.0/6 || got.Firer["firer's hex: casualty"] == 0 || got.Firer["firer: casualty"] == 0 {
		t.Errorf("to-hit %v, firer %v", got.ToHit, got.Firer)
	}
}
