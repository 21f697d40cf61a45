package main

import (
	"strings"
	"testing"
)

// TestD20Flags: the worked example's shot through the flags d20 reads
// (--ammo, --target-moved --approached, --firer-states), its reply, a
// shot with the mount, move, night and sight flags, and the flags' errors.
func TestD20Flags(t *testing.T) {
	out, err := runCombatCLI(t, "odds", "--rules", "d20", "--firer", "SU-85", "--target", "Tiger I", "--range", "9",
		"--ammo", "APCR", "--target-moved", "--approached", "--across", "160")
	if err != nil || !strings.Contains(out, "FN 8 -1 APCR, SV +1 target moved towards the firer = 8") {
		t.Errorf("SU-85: %v\n%s", err, out)
	}
	out, err = runCombatCLI(t, "roll", "--rules", "d20", "--firer", "Tiger I", "--target", "SU-85", "--range", "12",
		"--firer-moved", "--firer-states", "suppressed=1", "--seed", "1")
	if err != nil || !strings.Contains(out, "= 12: d20 11 near miss, 12+ hit") {
		t.Errorf("Tiger: %v\n%s", err, out)
	}
	out, err = runCombatCLI(t, "odds", "--rules", "d20", "--firer", "SU-85", "--target", "Tiger I", "--range", "20",
		"--off-axis", "40", "--moved-mp", "5/10", "--night", "--into-sight", "--out-of-sight")
	if err != nil || !strings.Contains(out, "FN 11 +2 firing on the move +2 limited traverse, 40° off the centre line +2 at night +2 target moved into sight +2 target moving out of sight = 21") {
		t.Errorf("SU-85 at night: %v\n%s", err, out)
	}
	out, err = runCombatCLI(t, "roll", "--rules", "d20", "--sw-name", "Panzerfaust", "--target", "M4 (75)", "--range", "1",
		"--second", "Tiger I", "--second-aspect", "side", "--seed", "1")
	if err != nil || !strings.Contains(out, "second hit on Tiger I: penetration 18 against side armour 8") {
		t.Errorf("a volley at two vehicles: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--ammo", "APDS"}, `no ammunition "APDS": it fires APCBC, APCR, HEAT`},
		{[]string{"--firer-states", "shock=1"}, `"shock" is not a state of the d20 ruleset`},
		{[]string{"--firer-states", "suppressed=x"}, "count of 1 to 99"},
		{[]string{"--across", "-5"}, "--across -5"},
		{[]string{"--repeats", "-1"}, "--repeats -1"},
		{[]string{"--off-axis", "181"}, "--off-axis 181: want degrees from 0 to 180"},
		{[]string{"--moved-mp", "4"}, `--moved-mp "4": want MP spent/the unit's MP`},
		{[]string{"--moved-mp", "0/10"}, `--moved-mp "0/10"`},
		{[]string{"--moved-mp", "6/10"}, "moved 6 of its 10 MP, more than half its speed"},
		{[]string{"--firer", "SU-85", "--off-axis", "95"}, "95° off the centre line of SU-85"},
		{[]string{"--second", "Tiger I"}, "only a disposable launcher's volley strikes a second vehicle"},
		{[]string{"--second", "Tiger II"}, "--second"},
		{[]string{"--second", "Tiger I", "--second-aspect", "above"}, `--second-aspect "above"`},
		{[]string{"--second", "Tiger I", "--second-range", "1001"}, "--second-range 1001: want 1 to 1000"},
	} {
		args := append([]string{"odds", "--rules", "d20", "--firer", "Tiger I", "--target", "SU-85"}, tt.args...)
		if _, err := runCombatCLI(t, args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want %q", tt.args, err, tt.want)
		}
	}
}

// TestUnitsUnderD20 lists the ratings the excerpt prints: Tiger size 11,
// SU-85 size 7, the Panzerfaust's row.
func TestUnitsUnderD20(t *testing.T) {
	out, err := runCombatCLI(t, "units", "--rules", "d20")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"size          11                  printed", "size          7                   printed", "FN            9 14 - - -"} {
		if !strings.Contains(out, want) {
			t.Errorf("units --rules d20 lacks %q", want)
		}
	}
}
