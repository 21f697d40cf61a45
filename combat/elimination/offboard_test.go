package elimination

import (
	"strconv"
	"strings"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// offBoardShot is a heavy barrage of ATFP B on the Tiger I (rear D) in a
// hex of cover 1, as the battle engine builds it (rules 21.5).
func offBoardShot(t *testing.T) combat.Shot {
	s := shot(t, "German Rifle Squad", "", "Tiger I", 1, board.Front)
	s.Firer, s.FirerKind = "heavy barrage", units.Squad
	s.Weapon = combat.Weapon{Name: "heavy barrage", Class: combat.SupportWeapon, ATFP: units.B, Mortar: true, OffBoard: true}
	s.Cover, s.CoverName = 1, "crops"
	return s
}

// TestOffBoardShot: a mission hits an AFV on 8 or less with the hex's
// cover, strikes its rear armour, and eliminates on the elimination number
// or less (rules 21.5); its odds are the enumeration of its rolls.
func TestOffBoardShot(t *testing.T) {
	en := EliminationNumber(units.B, units.D)
	tests := []struct {
		name  string
		dice  []int
		want  result
		steps string
	}{
		{"7 plus cover hits, the number eliminates", []int{3, 4, en / 2, en - en/2}, eliminated,
			"needs 8 or less; rolled 7 +1 crops = 8: hit|the heavy barrage falls on the rear armour|B vs rear D: elimination number " +
				itoa(en) + "; rolled " + itoa(en) + ": eliminated"},
		{"8 plus cover misses", []int{4, 4}, miss, "needs 8 or less; rolled 8 +1 crops = 9: miss"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Ruleset{}.Resolve(offBoardShot(t), combat.NewFixedDice(tt.dice...))
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			if have := resultOf(o.Hit, o.Effects); have != tt.want {
				t.Errorf("result %v, want %v", have, tt.want)
			}
			if have := strings.Join(o.Steps, "|"); have != tt.steps {
				t.Errorf("steps\n%s\nwant\n%s", have, tt.steps)
			}
			if combat.HasEffect(o.Effects, combat.OnFirer, combat.ValorCheck) {
				t.Error("a mission has no firer to check valor")
			}
		})
	}
	s := offBoardShot(t)
	odds, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	enum, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, d) })
	if err != nil {
		t.Fatal(err)
	}
	if err := combat.EqualOdds(odds, enum); err != nil {
		t.Error(err)
	}
	for _, bad := range []func(*combat.Shot){
		func(s *combat.Shot) { s.Target = combat.TargetOf(catalogueType(t, "German Rifle Squad")) },
		func(s *combat.Shot) { s.Weapon.ATFP = units.NoRating },
		func(s *combat.Shot) { s.Hindrance = 1 },
	} {
		s := offBoardShot(t)
		bad(&s)
		if err := (Ruleset{}).Check(s); err == nil {
			t.Errorf("%+v accepted", s)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func catalogueType(t *testing.T, name string) *units.Type {
	ty, err := battletest.Catalogue(t, Ruleset{}).Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return ty
}
