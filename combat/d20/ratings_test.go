package d20

import (
	"testing"

	"hexfire/battle/battletest"
	"hexfire/combat"
)

// TestRatings holds the formula to the sizes the excerpt prints and to
// hand-worked values of the catalogue.
func TestRatings(t *testing.T) {
	c := battletest.Catalogue(t, nil)
	tests := []struct {
		unit, rating, want string
		origin             combat.Origin
	}{
		{"Tiger I", "size", "11", combat.Printed},         // 3.56 × 3.00 = 10.7
		{"SU-85", "size", "7", combat.Printed},            // 3.00 × 2.45 = 7.4
		{"Panther", "size", "10", combat.Derived},         // 3.27 × 2.99 = 9.8
		{"M38 Jeep", "size", "3", combat.Derived},         // 1.57 × 1.77 = 2.8
		{"Tiger I", "armour front", "10", combat.Derived}, // 100 / cos 9° = 101.2
		{"Panther", "armour front", "14", combat.Derived}, // 80 / cos 55° = 139.5
		{"SU-85", "armour side", "5", combat.Derived},     // 45 / cos 20° = 47.9
		{"Tiger I", "fire row", "86-100mm L55+", combat.Derived},
		{"T-34/85", "fire row", "61-85mm L30-54", combat.Derived}, // L/54.6
		{"M3 Halftrack", "fire row", "HMG 13mm", combat.Derived},
		{"57mm M1", "ROF", "-1", combat.Derived}, // AT gun up to 57 mm
		{"Pak 40", "ROF", "+0", combat.Derived},  // AT gun over 57 mm
		{"M4 (75)", "ROF", "-1", combat.Derived}, // 12 rounds a minute
		{"Tiger I", "pen APCBC", "13/13/12/11/10", combat.Derived},
		{"SU-85", "mount", "f", combat.Derived},
		{"Pak 40", "mount", "f", combat.Derived},
		{"Tiger I", "mount", "turret", combat.Derived},
		{"M3 Halftrack", "mount", "pivot HMG", combat.Typed},
		{"Pz IV H", "spaced", "s side", combat.Typed},
		{"M4A3E8", "stabiliser", "yes", combat.Typed},
	}
	for _, tt := range tests {
		rs, err := Ruleset{}.RateType(mustType(t, c, tt.unit))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range rs {
			if r.Name == tt.rating {
				found = true
				if r.Value != tt.want || r.Origin != tt.origin {
					t.Errorf("%s %s = %s (%s), want %s (%s)", tt.unit, tt.rating, r.Value, r.Origin, tt.want, tt.origin)
				}
			}
		}
		if !found {
			t.Errorf("%s has no %s rating", tt.unit, tt.rating)
		}
	}
	weapons := []struct{ weapon, rating, want string }{
		{"Panzerfaust", "FN", "9 14 - - -"},
		{"Panzerfaust", "HEAT pen", "18"},
		{"PIAT", "FN", "8 12 18 - -"},
		{"AT Rifle", "pen API", "4/4/3"}, // 40, 35, 25 mm
		{"MG34", "AT fire", "-"},
	}
	for _, tt := range weapons {
		w, err := c.LookupWeapon(tt.weapon)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := Ruleset{}.RateWeapon(w)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, r := range rs {
			if r.Name == tt.rating {
				got = r.Value
			}
		}
		if got != tt.want {
			t.Errorf("%s %s = %q, want %q", tt.weapon, tt.rating, got, tt.want)
		}
	}
	// Every catalogue entry rates without error.
	for _, u := range c.Types() {
		if _, err := (Ruleset{}).RateType(u); err != nil {
			t.Errorf("%s: %v", u.Name, err)
		}
	}
}
