package elimination

import (
	"strings"
	"testing"

	"hexfire/combat"
	"hexfire/units"
)

// lettersBefore are the letters every catalogue entry had typed before they
// were derived (armour "" for the kinds without any).
var lettersBefore = map[string][2]string{
	"Tiger I": {"E", "E/D"}, "Panther": {"E", "E/D"}, "Pz IV H": {"D", "D/C"}, "StuG III G": {"D", "D/C"},
	"SdKfz 251": {"-", "A"}, "Opel Blitz": {"-", ""}, "Pak 40": {"D", ""},
	"T-34/85": {"D", "D/C"}, "SU-85": {"D", "D/C"}, "ZIS-5 Truck": {"-", ""}, "45mm M1937": {"B", ""},
	"Sherman Firefly": {"E", "D/C"}, "3-Ton Truck": {"-", ""}, "6-Pndr Mk IV": {"C", ""},
	"M4A3E8": {"D", "E/C"}, "M4 (75)": {"C", "D/C"}, "M10": {"D", "C/B"}, "M3 Halftrack": {"-", "A"},
	"M38 Jeep": {"-", ""}, "GMC Truck": {"-", ""}, "57mm M1": {"C", ""},
	"Panzerfaust": {"D", ""}, "Bren": {"-", ""}, "M1919A6": {"-", ""}, "MG34": {"-", ""},
	"5cm Mortar": {"A", ""}, "Bazooka": {"C", ""}, "Panzerschreck": {"D", ""}, "PIAT": {"C", ""},
	"AT Rifle": {"A", ""}, "Molotov Projector": {"-", ""},
}

// The derived-or-overridden letters equal the letters typed before the
// switch to derived ones, for every unit type and support weapon, both as
// the catalogue loads them and as the ruleset rates them: play does not
// change.
func TestDerivedLettersEqualTypedBefore(t *testing.T) {
	cat, err := units.Default(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	armourString := func(a units.Armour) string {
		if a.Front == units.NoRating {
			return ""
		}
		return a.String()
	}
	for _, u := range cat.Types() {
		want, ok := lettersBefore[u.Name]
		if u.Kind.Infantry() {
			want, ok = [2]string{"-", ""}, true
		}
		if !ok {
			t.Errorf("%s: not in lettersBefore; add the letters it plays with", u.Name)
			continue
		}
		armour, err := Ruleset{}.TypeArmour(u)
		if err != nil {
			t.Errorf("%s: %v", u.Name, err)
		}
		have := [2]string{Ruleset{}.TypeATFP(u).String(), armourString(armour)}
		loaded := [2]string{u.ATFP.String(), armourString(u.Armour)}
		if have != want || loaded != want {
			t.Errorf("%s: rated %v, loaded %v; want %v", u.Name, have, loaded, want)
		}
	}
	for _, w := range cat.Weapons() {
		want, ok := lettersBefore[w.Name]
		if have := (Ruleset{}).WeaponATFP(w).String(); !ok || have != want[0] || w.ATFP.String() != want[0] {
			t.Errorf("%s: rated %s, loaded %s; want %v", w.Name, have, w.ATFP, want)
		}
	}
}

// Every letter the rules print comes out, by the formula or by an override
// (and then only the mortar, which has nothing to derive from).
func TestPrintedLettersComeOut(t *testing.T) {
	cat, err := units.Default(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range printed {
		var rs []combat.Rating
		if u, err := cat.Lookup(p.entry); err == nil {
			rs, err = Ruleset{}.RateType(u)
			if err != nil {
				t.Fatal(err)
			}
		} else if w, err := cat.LookupWeapon(p.entry); err == nil {
			rs, _ = Ruleset{}.RateWeapon(w)
		} else {
			t.Errorf("printed %s %s: no such catalogue entry", p.entry, p.rating)
			continue
		}
		r, ok := ratingNamed(rs, p.rating)
		switch {
		case !ok:
			t.Errorf("%s: no %s rating", p.entry, p.rating)
		case r.Value != p.value.String():
			t.Errorf("%s %s = %s, printed %s", p.entry, p.rating, r.Value, p.value)
		case r.Origin != combat.Printed && r.Origin != combat.Overridden:
			t.Errorf("%s %s is %s, want printed", p.entry, p.rating, r.Origin)
		case r.Origin == combat.Overridden && p.entry != "5cm Mortar":
			t.Errorf("%s %s: the formula misses a printed letter: %s", p.entry, p.rating, r.Reason)
		}
	}
}

func ratingNamed(rs []combat.Rating, name string) (combat.Rating, bool) {
	for _, r := range rs {
		if r.Name == name {
			return r, true
		}
	}
	return combat.Rating{}, false
}

// The overrides are few, each has a reason, and each differs from what the
// formula gives (an override the formula agrees with would be dead).
func TestOverridesAreFewAndNeeded(t *testing.T) {
	if len(overrides) > 4 {
		t.Errorf("%d overrides; the formula should carry the catalogue", len(overrides))
	}
	cat, err := units.Default(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range overrides {
		if len(o.why) < 40 {
			t.Errorf("override %s %s: reason %q too thin", o.entry, o.rating, o.why)
		}
		var d derivation
		if u, err := cat.Lookup(o.entry); err == nil {
			switch o.rating {
			case ratingATFP:
				d = deriveATFP(u.History)
			case ratingArmourFront:
				d = deriveArmour(u.History.Armour[units.FacingFront], units.FacingFront)
			case ratingArmourRear:
				d = deriveArmour(u.History.Armour[units.FacingSide], units.FacingSide)
			}
		} else if w, err := cat.LookupWeapon(o.entry); err == nil {
			d = deriveATFP(w.History)
		} else {
			t.Errorf("override %s: no such catalogue entry", o.entry)
			continue
		}
		if d.value == o.value {
			t.Errorf("override %s %s = %s, which the formula gives anyway (%s)", o.entry, o.rating, o.value, d.working)
		}
	}
}

func TestDeriveATFP(t *testing.T) {
	yd := 0.9144
	tests := []struct {
		name string
		pen  []units.Penetration
		want units.Rating
		how  string
	}{
		{"88 L/56", []units.Penetration{
			{Ammo: units.APCBC, Angle: 30, MM: []float64{120, 110, 100}, Metres: []float64{100, 500, 1000}},
			{Ammo: units.APCR, Angle: 30, MM: []float64{171, 156, 138}, Metres: []float64{100, 500, 1000}},
		}, units.E, "APCBC 110 mm at 500 m vs 30° → E"},
		{"76 mm, yards", []units.Penetration{
			{Ammo: units.APC, Angle: 30, MM: []float64{93, 88}, Metres: []float64{500 * yd, 1000 * yd}},
		}, units.D, "APC 92.5 mm at 500 m vs 30° → D"},
		{"85 mm vs upright plate", []units.Penetration{
			{Ammo: units.APHE, Angle: 0, MM: []float64{111, 102}, Metres: []float64{500, 1000}},
		}, units.D, "APHE 96.1 mm at 500 m vs 30° → D"},
		{"hollow charge", []units.Penetration{{Ammo: units.HEAT, Angle: 0, MM: []float64{100}}},
			units.C, "HEAT 86.6 mm at any range vs 30°, halved for a hollow charge: 43.3 mm → C"},
		{"sub-calibre only", []units.Penetration{
			{Ammo: units.HVAP, Angle: 30, MM: []float64{157}, Metres: []float64{500}},
		}, units.NoRating, "no full-calibre or hollow-charge penetration figure"},
		{"out of range", []units.Penetration{
			{Ammo: units.AP, Angle: 30, MM: []float64{40, 35}, Metres: []float64{100, 300}},
		}, units.NoRating, "no full-calibre or hollow-charge penetration figure"},
		{"none", nil, units.NoRating, "no gun or launcher"},
	}
	for _, tt := range tests {
		d := deriveATFP(units.History{Pen: tt.pen, Gun: units.Calibre{MM: float64(len(tt.pen))}})
		if d.value != tt.want || d.working != tt.how {
			t.Errorf("%s: %s (%s), want %s (%s)", tt.name, d.value, d.working, tt.want, tt.how)
		}
	}
}

func TestLetterScales(t *testing.T) {
	tests := []struct {
		mm           float64
		atfp, armour units.Rating
	}{
		{0, units.NoRating, units.NoRating},
		{-3, units.NoRating, units.NoRating},
		{0.1, units.A, units.A},
		{20, units.A, units.B},
		{25, units.B, units.B},
		{28, units.B, units.C},
		{40, units.C, units.C},
		{55, units.C, units.D},
		{85, units.D, units.D},
		{92.5, units.D, units.E},
		{105, units.E, units.E},
		{160, units.F, units.F},
		{1000, units.F, units.F},
	}
	for _, tt := range tests {
		if a, b := letterFor(tt.mm, atfpScale), letterFor(tt.mm, armourScale); a != tt.atfp || b != tt.armour {
			t.Errorf("%v mm: ATFP %s, armour %s; want %s, %s", tt.mm, a, b, tt.atfp, tt.armour)
		}
	}
}

func TestRateType(t *testing.T) {
	cat, err := units.Default(Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want []string // "name value origin"
	}{
		{"Tiger I", []string{"ATFP E printed", "armour front E printed", "armour rear D printed",
			"gun APFP 14 printed", "MG 360 4, ff 3 printed", "MP 10 printed"}},
		{"Pz IV H", []string{"ATFP D derived", "armour front D derived", "armour rear C derived",
			"gun APFP 12 typed", "MG 360 4, ff 3 typed", "MP 10 typed"}},
		{"T-34/85", []string{"ATFP D derived", "armour front D derived", "armour rear C overridden",
			"gun APFP 12 typed", "MG 360 3, ff 3 typed", "MP 12 typed"}},
		{"Opel Blitz", []string{"ATFP - derived", "CR 4 typed", "MP 14 typed"}},
		{"German Leader", []string{"APFP 1 printed", "range 3 printed", "CR 1 printed", "modifier -1 printed"}},
	}
	for _, tt := range tests {
		u, err := cat.Lookup(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := Ruleset{}.RateType(u)
		if err != nil {
			t.Fatal(err)
		}
		var have []string
		for _, r := range rs {
			have = append(have, r.Name+" "+r.Value+" "+r.Origin.String())
			if r.Reason == "" {
				t.Errorf("%s %s has no reason", tt.name, r.Name)
			}
		}
		if strings.Join(have, "; ") != strings.Join(tt.want, "; ") {
			t.Errorf("%s:\nhave %q\nwant %q", tt.name, have, tt.want)
		}
	}
	r, _ := ratingNamed(mustRate(t, cat, "T-34/85"), ratingArmourRear)
	if !strings.Contains(r.Reason, "the formula gives D (side 45 mm @ 40°, effective 58.7 mm → D)") {
		t.Errorf("override reason %q does not show the formula's working", r.Reason)
	}
}

func mustRate(t *testing.T, cat *units.Catalogue, name string) []combat.Rating {
	t.Helper()
	u, err := cat.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Ruleset{}.RateType(u)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestRateTypeNeedsArmour(t *testing.T) {
	u := &units.Type{Name: "Ghost", Kind: units.AFV, Source: "x.txt:1"}
	_, err := Ruleset{}.RateType(u)
	if err == nil || !strings.Contains(err.Error(), "Ghost (x.txt:1)") || !strings.Contains(err.Error(), "armour_front") {
		t.Errorf("RateType(AFV without armour) error = %v, want one naming the unit and armour_front", err)
	}
	if _, err := (Ruleset{}).TypeArmour(u); err == nil {
		t.Errorf("TypeArmour(AFV without armour) = nil error, want one")
	}
}

func TestRulesetIsARater(t *testing.T) {
	r, err := combat.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.(combat.Rater); !ok {
		t.Errorf("the registered %s ruleset does not implement combat.Rater", Name)
	}
}
