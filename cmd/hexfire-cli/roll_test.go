package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRoll(t *testing.T) {
	args := []string{"roll", "--firer", "M4A3E8", "--target", "Tiger I", "--range", "4", "--terrain", "woods",
		"--aspect", "rear", "--seed", "11"}
	first, err := runCombatCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := runCombatCLI(t, args...)
	if first != again || !strings.Contains(first, "seed 11\n  needs 10 or less; rolled ") || !strings.Contains(first, "result: ") {
		t.Errorf("roll output (twice the same seed):\n%s\n%s", first, again)
	}
	out, err := runCombatCLI(t, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var got rollJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("roll --json is not JSON: %v\n%s", err, out)
	}
	if got.Seed != 11 || got.ToHit != 10 || len(got.Rolls) == 0 || got.Rolls[0].Purpose != "to-hit" ||
		len(got.Steps) == 0 || !strings.Contains(first, "result: "+got.Result) {
		t.Errorf("roll --json = %+v, want seed 11, to_hit 10, the same result as the text", got)
	}
	if _, err := runCombatCLI(t, "roll", "--firer", "M4A3E8", "--target", "US Leader", "--seed", "1"); err == nil ||
		!strings.Contains(err.Error(), "anti-tank fire cannot harm infantry") {
		t.Errorf("roll at infantry: error %v, want a refusal", err)
	}
}
