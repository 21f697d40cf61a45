package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// TestPlacementLoadouts reads the weapon, quality and rounds a placement
// gives a unit, and refuses bad ones naming the file, the object and the
// property.
func TestPlacementLoadouts(t *testing.T) {
	tests := []struct {
		typ   string
		props map[string]string
		// want: the unit's weapon, quality and rounds, or the error.
		weapon  string
		quality combat.Quality
		rounds  int
		err     string
	}{
		{"US Rifle Squad", nil, "", combat.Regular, 0, ""},
		{"US Bazooka Team", nil, "Bazooka", combat.Regular, 0, ""},
		{"US Rifle Squad", map[string]string{"weapon": "M1919A6", "quality": "veteran"}, "M1919A6", combat.Veteran, 0, ""},
		{"US Bazooka Team", map[string]string{"rounds": "3", "quality": "green"}, "Bazooka", combat.Green, 3, ""},
		{"US Bazooka Team", map[string]string{"weapon": "none"}, "", combat.Regular, 0, ""},
		{"M4A3E8", map[string]string{"rounds": "12"}, "", combat.Regular, 12, ""},
		{"M4A3E8", map[string]string{"weapon": "Bazooka"}, "", 0, 0, `test.tmx: unit object 1, property "weapon": M4A3E8 is not infantry`},
		{"US Rifle Squad", map[string]string{"weapon": "Flamethrower"}, "", 0, 0, `property "weapon"`},
		{"German Rifle Squad", map[string]string{"weapon": "Panzerfaust"}, "", 0, 0, "held in the side's pool"},
		{"US Rifle Squad", map[string]string{"quality": "heroic"}, "", 0, 0, `"heroic" is not a troop quality`},
		{"US Bazooka Team", map[string]string{"rounds": "0"}, "", 0, 0, `"0" is not a whole number from 1 to 99`},
		{"US Bazooka Team", map[string]string{"rounds": "100"}, "", 0, 0, `"100" is not a whole number from 1 to 99`},
		{"US Bazooka Team", map[string]string{"rounds": "three"}, "", 0, 0, `"three" is not a whole number`},
		{"US Rifle Squad", map[string]string{"rounds": "3"}, "", 0, 0, "carries no weapon to count rounds of"},
		{"British Rifle Squad", map[string]string{"weapons": "Bren"}, "Bren", combat.Regular, 0, ""},
		{"German Rifle Squad", map[string]string{"weapons": " 5cm Mortar "}, "5cm Mortar", combat.Regular, 0, ""},
		{"German Rifle Half Squad", map[string]string{"weapons": "5cm Mortar"}, "5cm Mortar", combat.Regular, 0, ""},
		{"German Leader", map[string]string{"weapons": "MG34"}, "MG34", combat.Regular, 0, ""},
		{"US Bazooka Team", map[string]string{"weapons": "none"}, "", combat.Regular, 0, ""},
		{"German Leader", map[string]string{"weapons": "5cm Mortar"}, "", 0, 0, `test.tmx: unit object 1, property "weapons": German Leader is a leader: a leader carries a Light weapon only, and the 5cm Mortar is Heavy`},
		{"German Rifle Squad", map[string]string{"weapons": "MG34, 5cm Mortar"}, "", 0, 0, `property "weapons": "MG34, 5cm Mortar": a unit carries at most 1 support weapon`},
		{"German Rifle Squad", map[string]string{"weapons": "MG42"}, "", 0, 0, `property "weapons": units: unknown support weapon "MG42"`},
		{"German Rifle Squad", map[string]string{"weapons": ""}, "", 0, 0, `property "weapons": units: unknown support weapon ""`},
		{"German Rifle Squad", map[string]string{"weapons": "MG34", "weapon": "MG34"}, "", 0, 0, `property "weapon": give the unit's weapons in "weapons" alone`},
		{"Tiger I", map[string]string{"weapons": "MG34"}, "", 0, 0, `property "weapons": Tiger I is not infantry`},
		{"German Rifle Squad", map[string]string{"weapons": "Panzerfaust"}, "", 0, 0, "held in the side's pool"},
	}
	for _, tt := range tests {
		f := fixture{grid: openMap, units: []unitAt{{tt.typ, maps.Allies, "B2", board.DirN}}}
		sc := f.scenario(t)
		sc.Units[0].Properties = tt.props
		b, err := New(sc, testCatalogue, Config{Seed: 1})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %v: error %v, want one with %q", tt.typ, tt.props, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %v: %v", tt.typ, tt.props, err)
			continue
		}
		u := b.Unit(1)
		if u.SupportWeapon != tt.weapon || u.Quality != tt.quality || u.Rounds != tt.rounds {
			t.Errorf("%s %v: weapon %q, %s, %d rounds; want %q, %s, %d", tt.typ, tt.props, u.SupportWeapon, u.Quality, u.Rounds, tt.weapon, tt.quality, tt.rounds)
		}
	}
}

// TestCountedRounds fires a bazooka team with three counted rounds under a
// ruleset that spends a round a shot: the third empties it.
func TestCountedRounds(t *testing.T) {
	f := fixture{grid: openMap, turns: 5, units: []unitAt{
		{"US Bazooka Team", maps.Allies, "B2", board.DirN},
		{"Tiger I", maps.Axis, "C3", board.DirN},
	}}
	sc := f.scenario(t)
	sc.Ruleset = scriptedName
	sc.Units[0].Properties = map[string]string{"rounds": "3", "quality": "veteran"}
	scriptedEffects = map[string][]combat.Effect{"US Bazooka Team #1": {{Kind: combat.WeaponSpent, On: combat.OnFirer}}}
	defer func() { scriptedEffects = map[string][]combat.Effect{} }()
	b, err := New(sc, testCatalogue, Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	team := b.Unit(1)
	p, err := b.PlanFire(Fire{Unit: 1, Target: 2})
	if err != nil || p.Shot.Weapon.Rounds != 3 || p.Shot.FirerQuality != combat.Veteran {
		t.Fatalf("plan: %v, rounds %d, quality %s; want 3 rounds of a veteran team", err, p.Shot.Weapon.Rounds, p.Shot.FirerQuality)
	}
	var left []int
	for range 3 {
		apply(t, b, Fire{Unit: 1, Target: 2})
		left = append(left, team.Rounds)
		apply(t, b, EndPhase{})
		for b.Phasing() != maps.Allies || b.Phase() != FirePhase {
			apply(t, b, EndPhase{})
		}
	}
	if left[0] != 2 || left[1] != 1 || !team.WeaponSpent || team.Rounds != 0 {
		t.Errorf("rounds after each shot %v, spent %v; want 2, 1, then spent", left, team.WeaponSpent)
	}
}
