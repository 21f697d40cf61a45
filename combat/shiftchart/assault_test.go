package shiftchart

import (
	"testing"

	"hexfire/combat"
	"hexfire/units"
)

func assaultShot() combat.Shot {
	return combat.Shot{Firer: "squad", FirerKind: units.Squad, Target: plated(80, 30), Range: 1, Metres: 50, TargetMoved: true}
}

// TestCloseAssault reads the Close Assault Table with every modifier.
func TestCloseAssault(t *testing.T) {
	tests := []struct {
		name  string
		shot  func(*combat.Shot)
		faces []int
		want  string
	}{
		{"4 destroys", nil, []int{1, 3}, "eliminated"},
		{"5 immobilizes", nil, []int{2, 3}, "immobilized"},
		{"7 immobilizes", nil, []int{3, 4}, "immobilized"},
		{"8 does nothing", nil, []int{4, 4}, "miss"},
		{"stationary -1: 5 destroys", func(s *combat.Shot) { s.TargetMoved = false }, []int{2, 3}, "eliminated"},
		{"veteran -1: 8 immobilizes", func(s *combat.Shot) { s.FirerQuality = combat.Veteran }, []int{4, 4}, "immobilized"},
		{"elite -1: 5 destroys", func(s *combat.Shot) { s.FirerQuality = combat.Elite }, []int{2, 3}, "eliminated"},
		{"green +1: 4 immobilizes", func(s *combat.Shot) { s.FirerQuality = combat.Green }, []int{1, 3}, "immobilized"},
		{"engineers -2: 6 destroys", func(s *combat.Shot) { s.FirerEngineers = true }, []int{3, 3}, "eliminated"},
		{"tank riders +3: 5 does nothing", func(s *combat.Shot) { s.Target.Riders = 1 }, []int{2, 3}, "miss"},
		{"immobile target: 6 does nothing more", func(s *combat.Shot) { s.Target.Immobile = true }, []int{3, 3}, "no effect"},
		{"everything: 12 -1 -1 -2 +3 = 11", func(s *combat.Shot) {
			s.TargetMoved, s.FirerQuality, s.FirerEngineers, s.Target.Riders = false, combat.Elite, true, 2
		}, []int{6, 6}, "miss"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := assaultShot()
			if tt.shot != nil {
				tt.shot(&s)
			}
			d := combat.NewFixedDice(tt.faces...)
			o := Ruleset{}.ResolveVehicleAssault(s, d)
			if o.Err != nil || d.Used() != 2 {
				t.Fatalf("%v, %d dice", o.Err, d.Used())
			}
			if got := o.Headline(); got != tt.want {
				t.Errorf("%s, want %s; steps %q", got, tt.want, o.Steps)
			}
		})
	}
}

func TestCloseAssaultRefusals(t *testing.T) {
	for name, f := range map[string]func(*combat.Shot){
		"two hexes":   func(s *combat.Shot) { s.Range = 2 },
		"a leader":    func(s *combat.Shot) { s.FirerKind = units.Leader },
		"a tank":      func(s *combat.Shot) { s.FirerKind = units.AFV },
		"a passenger": func(s *combat.Shot) { s.Passenger = true },
		"a Gun":       func(s *combat.Shot) { s.Target.Kind = units.Gun },
		"infantry":    func(s *combat.Shot) { s.Target.Kind = units.Squad },
	} {
		s := assaultShot()
		f(&s)
		if _, err := (Ruleset{}).VehicleAssaultOdds(s); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if o := (Ruleset{}).ResolveVehicleAssault(s, combat.NewFixedDice(1, 1)); o.Err == nil {
			t.Errorf("%s: resolved", name)
		}
	}
}

// TestCloseAssaultOddsEqualEnumeration checks the closed form against the
// enumerator for every combination of the modifiers.
func TestCloseAssaultOddsEqualEnumeration(t *testing.T) {
	n := 0
	for moved := range 2 {
		for q := range combat.Quality(4) {
			for eng := range 2 {
				for riders := range 2 {
					for immobile := range 2 {
						s := assaultShot()
						s.TargetMoved, s.FirerQuality, s.FirerEngineers = moved == 1, q, eng == 1
						s.Target.Riders, s.Target.Immobile = riders, immobile == 1
						o, err := Ruleset{}.VehicleAssaultOdds(s)
						if err != nil {
							t.Fatal(err)
						}
						every, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.ResolveVehicleAssault(s, d) })
						if err != nil {
							t.Fatal(err)
						}
						if err := combat.EqualOdds(o, every); err != nil {
							t.Errorf("%+v: %v", s, err)
						}
						n++
					}
				}
			}
		}
	}
	if n != 64 {
		t.Errorf("%d combinations", n)
	}
}
