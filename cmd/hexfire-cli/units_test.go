package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestUnitsCommand(t *testing.T) {
	out, err := runCombatCLI(t, "units")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"M4A3E8", "Tiger I", "Panzerfaust", "adjacent only", "57mm M1"} {
		if !strings.Contains(out, want) {
			t.Errorf("units output lacks %q", want)
		}
	}
	out, err = runCombatCLI(t, "units", "--json", "--nation", "SU")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Units []unitJSON `json:"units"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, u := range got.Units {
		if u.Nation != "SU" || len(u.Ours) == 0 {
			t.Errorf("units --nation SU listed %s (%s) with ours %v; want Soviet units, all marked ours", u.Name, u.Nation, u.Ours)
		}
	}
	if len(got.Units) == 0 {
		t.Errorf("units --nation SU listed nothing")
	}
	if _, err := runCombatCLI(t, "units", "--nation", "FR"); err == nil {
		t.Errorf("units --nation FR: nil error, want one")
	}
}
