package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNumericFlagsRefusedOutOfRange gives every whole-number flag of odds,
// roll and simulate a value just outside its range and at the extremes of
// an int: each is refused with the flag and the value named.
func TestNumericFlagsRefusedOutOfRange(t *testing.T) {
	shot := []string{"--atfp", "C", "--kind", "afv", "--armour", "E"}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--cover", "9223372036854775807"}, "--cover 9223372036854775807: want 0 to 9"},
		{[]string{"--cover", "-7"}, "--cover -7: want 0 to 9"},
		{[]string{"--cover", "10"}, "--cover 10"},
		{[]string{"--hindrance", "9223372036854775807"}, "--hindrance 9223372036854775807: want 0 to 99"},
		{[]string{"--hindrance", "-1"}, "--hindrance -1"},
		{[]string{"--sw-range", "-3"}, "--sw-range -3: want 0 to 1000"},
		{[]string{"--range", "0"}, "--range 0: want 1 to 1000"},
		{[]string{"--range", "-9223372036854775808"}, "--range -9223372036854775808"},
		{[]string{"--range", "1001"}, "--range 1001"},
		{[]string{"--leader", "-4"}, "--leader -4: want -3 to 0"},
		{[]string{"--leader", "1"}, "--leader 1"},
		{[]string{"--elevation", "3"}, "--elevation 3: want -2 to 2"},
		{[]string{"--rounds", "-1"}, "--rounds -1"},
		{[]string{"--rounds", "100"}, "--rounds 100"},
		{[]string{"--riders", "-1"}, "--riders -1"},
		{[]string{"--hex-m", "0"}, "--hex-m 0: want 1 to 10000"},
		{[]string{"--hex-m", "9223372036854775807"}, "--hex-m 9223372036854775807"},
		{[]string{"--cover", "9223372036854775808"}, "-cover"}, // beyond int64: the flag package refuses it
	}
	for _, command := range []string{"odds", "roll"} {
		for _, tt := range tests {
			args := append(append([]string{command}, shot...), tt.args...)
			_, err := runCombatCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%q: error %v, want one containing %q", args, err, tt.want)
			}
		}
	}
}

// TestNumericFlagsAtTheirBounds accepts each flag at both ends of its range.
func TestNumericFlagsAtTheirBounds(t *testing.T) {
	shot := []string{"odds", "--atfp", "C", "--kind", "afv", "--armour", "E"}
	for _, extra := range [][]string{
		{"--cover", "0"}, {"--cover", "9"}, {"--hindrance", "99"}, {"--range", "1000"},
		{"--weapon", "sw", "--leader", "-3"}, {"--hex-m", "10000", "--range", "1000"}, {"--sw-range", "0"},
	} {
		if _, err := runCombatCLI(t, append(append([]string{}, shot...), extra...)...); err != nil {
			t.Errorf("odds %q: %v, want it accepted", extra, err)
		}
	}
}

func TestSimulateAndGenerateNumbersRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--battles", "9223372036854775807"}, "--battles 9223372036854775807: want 1 to 1000000"},
		{[]string{"--battles", "-1"}, "--battles -1"},
		{[]string{"--battles", "2", "--seed", "18446744073709551615"}, "--seed 18446744073709551615 with --battles 2"},
	} {
		_, err := runCombatCLI(t, append([]string{"simulate"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("simulate %q: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--points", "9223372036854775807"}, "--points 9223372036854775807: want 0 to 5000"},
		{[]string{"--points", "-1"}, "--points -1"},
	} {
		_, err := runCombatCLI(t, append([]string{"generate", "--out", filepath.Join(t.TempDir(), "x.tmx")}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("simulate %q: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
}
