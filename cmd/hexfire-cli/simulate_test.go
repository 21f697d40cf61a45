package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimulateDeterministic(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"text", []string{"simulate", "--battles", "3", "--seed", "5"}},
		{"json against random", []string{"simulate", "--battles", "3", "--seed", "5", "--axis", "random", "--json"}},
		{"greedy", []string{"simulate", "--battles", "2", "--seed", "9", "--allies", "greedy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, err := runCombatCLI(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			second, err := runCombatCLI(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if first != second {
				t.Errorf("two runs differ:\n%s\n---\n%s", first, second)
			}
		})
	}
}

func TestSimulateJSON(t *testing.T) {
	out, err := runCombatCLI(t, "simulate", "--battles", "4", "--seed", "1", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Battles   int            `json:"battles"`
		Wins      map[string]int `json:"wins"`
		MeanTurns *float64       `json:"mean_turns"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if have := r.Wins["allies"] + r.Wins["axis"] + r.Wins["draw"]; r.Battles != 4 || have != 4 {
		t.Errorf("battles %d, wins+draws %d, want 4 and 4", r.Battles, have)
	}
	if r.MeanTurns == nil || *r.MeanTurns < 1 {
		t.Errorf("mean_turns = %v, want a number ≥ 1", r.MeanTurns)
	}
}

func TestSimulateErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--battles", "0"}, "--battles 0"},
		{[]string{"simulate", "--allies", "clever"}, `unknown player "clever"`},
		{[]string{"simulate", "--ai-level", "expert"}, `--ai-level: ai: unknown level "expert"`},
		{[]string{"simulate", "--rules", "nosuch", "--battles", "1"}, "nosuch"},
		{[]string{"simulate", "--scenario", "nosuch.tmx"}, "nosuch.tmx"},
		{[]string{"simulate", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := runCombatCLI(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestSimulateGivesATurnLimit(t *testing.T) {
	tmx := filepath.Join("..", "..", "maps", "testdata", "flat-even.tmx") // two tanks, no turns, no victory conditions
	for _, tt := range []struct {
		args     []string
		maxTurns float64
	}{
		{nil, defaultTurns},
		{[]string{"--turns", "2"}, 2},
	} {
		args := append([]string{"simulate", "--scenario", tmx, "--battles", "2", "--allies", "random", "--axis", "random", "--json"}, tt.args...)
		out, err := runCombatCLI(t, args...)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		var r struct {
			Unended   int     `json:"unended"`
			MeanTurns float64 `json:"mean_turns"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		if r.Unended != 0 || r.MeanTurns > tt.maxTurns {
			t.Errorf("%q: %d battles unended, mean turns %.2f, want every battle ended within %v turns", tt.args, r.Unended, r.MeanTurns, tt.maxTurns)
		}
	}
	if _, err := runCombatCLI(t, "simulate", "--turns", "0"); err == nil || !strings.Contains(err.Error(), "--turns 0") {
		t.Errorf("simulate --turns 0: error %v, want it refused", err)
	}
}
