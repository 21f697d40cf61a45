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
	listed := listUnitsJSON(t, "SU")
	for _, u := range listed {
		if u.Nation != "SU" || len(u.Ours) == 0 {
			t.Errorf("units --nation SU listed %s (%s) with ours %v; want Soviet units, all marked ours", u.Name, u.Nation, u.Ours)
		}
	}
	if len(listed) == 0 {
		t.Errorf("units --nation SU listed nothing")
	}
	if _, err := runCombatCLI(t, "units", "--nation", "FR"); err == nil {
		t.Errorf("units --nation FR: nil error, want one")
	}
}

func TestUnitsRatings(t *testing.T) {
	out, err := runCombatCLI(t, "units", "--rules", "elimination")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Ratings under elimination",
		"armour front  E            printed     default-ruleset §11; the formula agrees: front 100 mm @ 9°, effective 101.2 mm → E",
		"overridden  the formula gives D (front 38 mm @ 55°, effective 66.3 mm → D)",
		"ATFP          D            derived     APCBC 96 mm at 500 m vs 30° → D",
		"Panzerfaust",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("units --rules elimination lacks %q", want)
		}
	}
	out, err = runCombatCLI(t, "units", "--rules", "elimination", "--json", "--nation", "DE")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Ruleset string      `json:"ruleset"`
		Units   []ratedJSON `json:"units"`
		Weapons []ratedJSON `json:"weapons"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Ruleset != "elimination" || len(got.Weapons) == 0 {
		t.Errorf("ruleset %q with %d weapons, want elimination with all weapons", got.Ruleset, len(got.Weapons))
	}
	origins := map[string]int{}
	for _, u := range got.Units {
		if u.Nation != "DE" || len(u.Ratings) == 0 {
			t.Errorf("%s (%s) with %d ratings, want German units, each rated", u.Name, u.Nation, len(u.Ratings))
		}
		for _, r := range u.Ratings {
			origins[r.Origin]++
			if r.Reason == "" {
				t.Errorf("%s %s has no reason", u.Name, r.Name)
			}
		}
		if u.Name == "Tiger I" && (u.Ratings[0] != ratingJSON{"ATFP", "E", "printed",
			"default-ruleset §11; the formula agrees: APCBC 110 mm at 500 m vs 30° → E"}) {
			t.Errorf("Tiger I ATFP = %+v", u.Ratings[0])
		}
	}
	for _, o := range []string{"derived", "printed", "typed"} {
		if origins[o] == 0 {
			t.Errorf("no %s rating among the German units: %v", o, origins)
		}
	}
	for _, args := range [][]string{
		{"units", "--rules", "chess"},
		{"units", "--rules", "elimination", "extra"},
	} {
		if _, err := runCombatCLI(t, args...); err == nil {
			t.Errorf("%v: nil error, want one", args)
		}
	}
}

func TestUnitsJSONHistory(t *testing.T) {
	for _, u := range listUnitsJSON(t, "DE") {
		if u.Name != "Tiger I" {
			continue
		}
		h := u.History
		if h.Armour["front"] != "100 mm @ 9°" || h.Calibre != "88 mm L/56" ||
			h.Penetration["APCBC"] != "120/110/100/91/84 mm at 100/500/1000/1500/2000 m vs 30°" ||
			h.Crew != 5 || len(h.Sources) == 0 {
			t.Errorf("Tiger I history = %+v", h)
		}
		return
	}
	t.Errorf("no Tiger I in units --json --nation DE")
}

// listUnitsJSON runs units --json --nation nation and returns its units.
func listUnitsJSON(t *testing.T, nation string) []unitJSON {
	t.Helper()
	out, err := runCombatCLI(t, "units", "--json", "--nation", nation)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Units []unitJSON `json:"units"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	return got.Units
}
