package tohitkill

import (
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// TestWeaponTableMatchesCatalogue: the penetration behind each weapon's
// to-kill number is the catalogue's historical figure, for the models the
// catalogue describes (the AT rifle's at 300 m).
func TestWeaponTableMatchesCatalogue(t *testing.T) {
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		weapon string
		m      *model
		metres float64
	}{
		{"Panzerfaust", &panzerfaust, 0}, {"Bazooka", &bazooka44, 0}, {"Bazooka", &bazooka45, 0},
		{"Panzerschreck", &panzerschreck, 0}, {"PIAT", &piat, 0}, {"AT Rifle", &atRifle, 300},
	} {
		w, err := cat.LookupWeapon(c.weapon)
		if err != nil {
			t.Fatal(err)
		}
		if len(w.History.Pen) == 0 {
			t.Fatalf("%s: the catalogue gives no penetration", c.weapon)
		}
		mm, ok := w.History.Pen[0].At(c.metres)
		if !ok || mm != c.m.penMM {
			t.Errorf("%s: the catalogue gives %g mm (%v), the table %g", c.m.name, mm, ok, c.m.penMM)
		}
	}
}

// TestRatingsOfTheCatalogue: every unit type and weapon rates without an
// error; AFV armour comes from the plates; the Panzerfaust's printed 31 and
// 22 are the formula's.
func TestRatingsOfTheCatalogue(t *testing.T) {
	cat, err := units.Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := Ruleset{}
	var rater combat.Rater = r
	got := map[string]string{}
	for _, typ := range cat.Types() {
		rs, err := rater.RateType(typ)
		if err != nil {
			t.Fatalf("%s: %v", typ.Name, err)
		}
		for _, x := range rs {
			got[typ.Name+" "+x.Name] = x.Value + " " + x.Origin.String()
		}
	}
	for _, w := range cat.Weapons() {
		rs, err := rater.RateWeapon(w)
		if err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		for _, x := range rs {
			got[w.Name+" "+x.Name] = x.Value + " " + x.Origin.String()
		}
	}
	for k, want := range map[string]string{
		"Tiger I armour front":                    "10 derived", // 100 mm @ 9°
		"Panther armour front":                    "14 derived", // 80 mm @ 55°
		"M4A3E8 armour side":                      "4 derived",
		"Tiger I to-kill":                         "20 derived",
		"Panzerfaust Panzerfaust to-kill":         "31 printed",
		"Panzerfaust Panzerfaust (early) to-kill": "22 printed",
		"Bazooka Bazooka 44 to-kill":              "16 derived",
		"PIAT malfunction":                        "B10 typed",
		"Molotov Projector to-kill":               "6 AFV, 9 unarmoured typed",
		"Molotov Projector malfunction":           "B11 typed",
	} {
		if got[k] != want {
			t.Errorf("%s = %q, want %q", k, got[k], want)
		}
	}
	if _, ok := got["MG34 to-kill"]; ok {
		t.Error("an MG is no anti-tank weapon here")
	}
	// In play, a catalogue target's armour is its plate's.
	tiger, _ := cat.Lookup("Tiger I")
	if af := armourFactorOf(combat.TargetOf(tiger), board.Front); af != 10 {
		t.Errorf("Tiger front in play: %d", af)
	}
}
