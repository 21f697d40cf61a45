package main

import (
	"bytes"
	"encoding/json"
	"hexfire/combat"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// runCombatCLI runs hexfire-cli with args and returns its output.
func runCombatCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(args, &out)
	return out.String(), err
}

func TestOddsText(t *testing.T) {
	out, err := runCombatCLI(t, "odds", "--rules", "elimination", "--firer", "M4A3E8", "--target", "Tiger I",
		"--range", "4", "--terrain", "woods", "--aspect", "rear")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"elimination: M4A3E8 (M4A3E8 ATFP D) at Tiger I (afv E/D), 4 hexes, rear\n",
		"to-hit number: 10\n",
		"  to-hit: needs 10 or less (gun at 1-10 hexes), roll +2 woods: hits with 26 of 36 rolls\n",
		"  D vs rear D: elimination number 7: 2d6 below it eliminates, equal immobilizes\n",
		"miss           27.78%   (5/18)\n",
		"eliminated     30.09%   (65/216)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("odds output lacks %q; got\n%s", want, out)
		}
	}
}

func TestOddsJSON(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		toHit int
		want  map[string]float64
	}{
		{"raw gun vs AFV", []string{"--atfp", "D", "--weapon", "gun", "--kind", "afv", "--armour", "E/C",
			"--aspect", "rear", "--range", "20"}, 6, nil},
		{"raw sw vs gun", []string{"--atfp", "C", "--weapon", "sw", "--kind", "gun", "--range", "2", "--shield"}, 8,
			map[string]float64{"miss": 15.0 / 36, "eliminated": 21.0 / 36}},
		{"catalogue panzerfaust", []string{"--weapon", "Panzerfaust", "--target", "M4A3E8", "--leader", "-1"}, 8, nil},
		{"immobile hexside", []string{"--firer", "Pz IV H", "--target", "T-34/85", "--aspect", "hexside",
			"--range", "11", "--immobile", "--hindrance", "2"}, 8, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCombatCLI(t, append([]string{"odds", "--json"}, tt.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			var got oddsJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if got.ToHit == nil || *got.ToHit != tt.toHit || len(got.Outcomes) == 0 || got.Summary == nil || got.Rules != "elimination" {
				t.Fatalf("to_hit %v, outcomes %v, summary %v, rules %q; want %d, some outcomes and a summary of elimination",
					got.ToHit, got.Outcomes, got.Summary, got.Rules, tt.toHit)
			}
			destroyed := got.Outcomes["eliminated"] + got.Outcomes["abandoned"]
			if math.Abs(got.Summary.Destroy-destroyed) > 1e-12 || got.Summary.Fighting+got.Summary.Destroy > 1+1e-12 {
				t.Errorf("summary %+v does not agree with the outcomes %v", *got.Summary, got.Outcomes)
			}
			total := 0.0
			for _, p := range got.Outcomes {
				total += p
			}
			if math.Abs(total-1) > 1e-12 {
				t.Errorf("outcomes sum to %v, want 1", total)
			}
			for k, p := range tt.want {
				if math.Abs(got.Outcomes[k]-p) > 1e-12 {
					t.Errorf("%s = %v, want %v", k, got.Outcomes[k], p)
				}
			}
		})
	}
}

func TestOddsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--firer", "M4A3E8", "--target", "German Rifle Squad"}, "shot refused: German Rifle Squad is a squad"},
		{[]string{"--firer", "Tigger", "--target", "M4A3E8"}, `--firer: units: unknown unit type "Tigger"`},
		{[]string{"--firer", "M4A3E8", "--target", "Shermann"}, `--target: units: unknown unit type "Shermann"`},
		{[]string{"--rules", "nope", "--firer", "M4A3E8", "--target", "Tiger I"}, `unknown ruleset "nope"`},
		{[]string{"--atfp", "G", "--kind", "afv", "--armour", "E"}, "--atfp:"},
		{[]string{"--atfp", "D", "--kind", "afv"}, "--kind afv needs --armour"},
		{[]string{"--atfp", "D", "--kind", "tank", "--armour", "E"}, "--kind:"},
		{[]string{"--atfp", "D", "--firer", "M10", "--kind", "gun"}, "give --firer or --atfp"},
		{[]string{"--firer", "M10", "--target", "Pak 40", "--aspect", "left"}, `--aspect "left"`},
		{[]string{"--firer", "M10"}, "no target"},
		{[]string{"--target", "M10"}, "no firer"},
		{[]string{"--weapon", "Panzerfaust", "--target", "M10", "--range", "2"}, "shot refused: the Panzerfaust reaches adjacent targets only"},
		{[]string{"--firer", "M10", "--target", "Pak 40", "--fortification", "bunker"}, `--fortification "bunker": AT fire attacks no unit in a bunker`},
		{[]string{"--firer", "M10", "--target", "Pak 40", "--fortification", "wire"}, `--fortification "wire": a wire gives no cover`},
		{[]string{"--firer", "M10", "--target", "Pak 40", "--fortification", "moat"}, `--fortification "moat": not a fortification`},
	}
	for _, tt := range tests {
		_, err := runCombatCLI(t, append([]string{"odds"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("odds %q: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
}

// TestOddsCompare evaluates one shot under every registered ruleset; with
// elimination alone it is one column equal to plain odds.
func TestOddsCompare(t *testing.T) {
	args := []string{"--firer", "M4A3E8", "--target", "Tiger I", "--aspect", "rear", "--range", "4", "--terrain", "woods"}
	out, err := runCombatCLI(t, append([]string{"odds", "--compare", "--json"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	var all []oddsJSON
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("output is not a JSON array: %v\n%s", err, out)
	}
	single, err := runCombatCLI(t, append([]string{"odds", "--json"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	var one oddsJSON
	if err := json.Unmarshal([]byte(single), &one); err != nil {
		t.Fatal(err)
	}
	elim := slices.IndexFunc(all, func(o oddsJSON) bool { return o.Rules == "elimination" })
	if len(all) != len(combat.Names()) || elim < 0 || all[elim].Summary == nil ||
		!reflect.DeepEqual(all[elim].Summary, one.Summary) {
		t.Fatalf("compare = %+v, want one object per ruleset, elimination's summary %+v", all, *one.Summary)
	}
	// Seed 001: hit on 10 or less with +2 woods (26/36), then elimination
	// number 7: eliminated below it (15/36), immobilized on it (6/36), of
	// which a third abandon.
	want := summaryJSON{Hit: 26.0 / 36, Destroy: 26.0 / 36 * (15.0/36 + 6.0/36/3), Immobilize: 26.0 / 36 * 6 / 36 * 2 / 3}
	want.Fighting = 1 - want.Destroy
	if s := all[elim].Summary; math.Abs(s.Hit-want.Hit) > 1e-12 || math.Abs(s.Destroy-want.Destroy) > 1e-12 ||
		math.Abs(s.Immobilize-want.Immobilize) > 1e-12 || math.Abs(s.Fighting-want.Fighting) > 1e-12 {
		t.Errorf("summary %+v, want %+v", *s, want)
	}
	text, err := runCombatCLI(t, append([]string{"odds", "--compare"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"elimination", "hit", "destroy", "immobilize", "still fighting"} {
		if !strings.Contains(text, line) {
			t.Errorf("compare text lacks %q:\n%s", line, text)
		}
	}
}

// TestOddsSandbags: a Gun behind sandbags (rules 20.6: +2) in woods is at
// +4, named for both.
func TestOddsSandbags(t *testing.T) {
	out, err := runCombatCLI(t, "odds", "--rules", "elimination", "--firer", "M4A3E8", "--target", "Pak 40",
		"--range", "4", "--terrain", "open", "--fortification", "sandbags")
	if err != nil {
		t.Fatal(err)
	}
	if want := "roll +2 open and sandbags: hits with 26 of 36 rolls\n"; !strings.Contains(out, want) {
		t.Errorf("odds output lacks %q; got\n%s", want, out)
	}
}

// zeroToHit is a ruleset whose one shot has the to-hit number 0 and
// always misses.
type zeroToHit struct{}

func (zeroToHit) Name() string            { return "zero-to-hit" }
func (zeroToHit) Check(combat.Shot) error { return nil }
func (zeroToHit) Resolve(combat.Shot, combat.Dice) combat.Outcome {
	return combat.Outcome{ToHit: 0}
}
func (zeroToHit) Odds(combat.Shot) (combat.Odds, error) {
	return combat.Odds{Total: 1, Outcomes: []combat.WeightedOutcome{{Weight: 1}}}, nil
}

// TestOddsJSONKeepsAZeroToHit: a to-hit number of 0 is written as one,
// not left out as if the odds had none.
func TestOddsJSONKeepsAZeroToHit(t *testing.T) {
	out, _ := rulesetOdds(zeroToHit{}, combat.Shot{}, &extraShotFlags{})
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"to_hit":0`) {
		t.Errorf("%s: no to_hit", b)
	}
}
