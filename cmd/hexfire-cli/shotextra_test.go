package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestShiftchartFlags: the worked example from raw flags (the excerpt's
// weapon by name at 100 m, a raw AFV), the close assault with its
// modifiers, and bad values refused with the flag named.
func TestShiftchartFlags(t *testing.T) {
	out, err := runCombatCLI(t, "odds", "--json", "--rules", "shiftchart", "--sw-name", "Panzerschreck 43",
		"--kind", "afv", "--armour-mm", "100/80", "--range", "2")
	if err != nil {
		t.Fatal(err)
	}
	var got oddsJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Outcomes["eliminated"] != 0.3 || got.Outcomes["miss"] != 0.7 || got.ToHit == nil || *got.ToHit != 8 ||
		!strings.Contains(strings.Join(got.Steps, "\n"), "P21/-6\nmodifiers -6 range = -6: 3 column shifts") {
		t.Errorf("the worked example: %+v", got)
	}
	// 2d6 -1 stationary -1 veteran -2 engineers +3 riders: 4 or less
	// destroys (a roll of 5 or less, 10/36), 7 or less immobilizes (8 or
	// less, 16/36 more).
	out, err = runCombatCLI(t, "odds", "--json", "--rules", "shiftchart", "--assault", "--firer", "US Rifle Squad",
		"--target", "Tiger I", "--quality", "veteran", "--engineers", "--riders", "1")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Summary.Destroy != 10.0/36 || got.Summary.Immobilize != 16.0/36 {
		t.Errorf("the close assault: %+v", got.Summary)
	}
	out, err = runCombatCLI(t, "roll", "--rules", "shiftchart", "--assault", "--firer", "US Rifle Squad", "--target", "Tiger I", "--seed", "3")
	if err != nil || !strings.Contains(out, "2d6 close assault") {
		t.Errorf("roll --assault: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--quality", "crack"}, "--quality"},
		{[]string{"--hex-m", "0"}, "--hex-m"},
		{[]string{"--riders", "-1"}, "--riders"},
		{[]string{"--assault", "--rules", "elimination"}, "no close assault of a vehicle"},
		{[]string{"--pen-mm", "lots"}, "--pen-mm"},
		{[]string{"--pen-mm", "120"}, "not both"},
	} {
		args := append([]string{"odds", "--rules", "shiftchart", "--firer", "US Rifle Squad", "--target", "Tiger I"}, tt.args...)
		if _, err := runCombatCLI(t, args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want %q", tt.args, err, tt.want)
		}
	}
	if _, err := runCombatCLI(t, "odds", "--rules", "shiftchart", "--pen-mm", "120", "--kind", "afv", "--armour-mm", "1x/2"); err == nil ||
		!strings.Contains(err.Error(), "--armour-mm") {
		t.Errorf("bad --armour-mm: %v", err)
	}
}

// TestQualityDefaultsToTheFirersOwn: without --quality a catalogue
// firer fights at its own quality, as in play: the elite US Para Half
// Squad close-assaults a stationary Tiger at 2d6 -1 stationary -1 elite,
// destroying on 6 or less (15/36) and immobilizing on 7-9 (15/36 more);
// --quality regular takes the -1 away (10/36 and 16/36).
func TestQualityDefaultsToTheFirersOwn(t *testing.T) {
	for _, tt := range []struct {
		flags               []string
		destroy, immobilize float64
	}{
		{nil, 15.0 / 36, 15.0 / 36},
		{[]string{"--quality", "regular"}, 10.0 / 36, 16.0 / 36},
	} {
		args := append([]string{"odds", "--json", "--rules", "shiftchart", "--assault", "--firer", "US Para Half Squad", "--target", "Tiger I"}, tt.flags...)
		out, err := runCombatCLI(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		var got oddsJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if got.Summary.Destroy != tt.destroy || got.Summary.Immobilize != tt.immobilize {
			t.Errorf("%v: destroy %v, immobilize %v; want %v, %v", tt.flags, got.Summary.Destroy, got.Summary.Immobilize, tt.destroy, tt.immobilize)
		}
	}
}

// TestUnitsUnderShiftchart lists the catalogue's ratings under shiftchart:
// the Panzerschreck team's printed row and a gun's derived fire table.
func TestUnitsUnderShiftchart(t *testing.T) {
	out, err := runCombatCLI(t, "units", "--rules", "shiftchart")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"contact P21/-0 50m P21/-2 100m P21/-5 150m P21/-7", "250m P14/-0 500m P13/-1", "P at contact"} {
		if !strings.Contains(out, want) {
			t.Errorf("units --rules shiftchart lacks %q", want)
		}
	}
}
