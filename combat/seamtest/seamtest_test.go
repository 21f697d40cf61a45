package seamtest

import (
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

func gunShot() combat.Shot {
	return combat.Shot{Firer: "gun", FirerKind: units.AFV,
		Weapon: combat.Weapon{Name: "gun", Class: combat.MainGun, ATFP: units.Rating(3)},
		Target: combat.Target{Name: "tank", Kind: units.AFV}, Range: 4, Aspect: board.Side}
}

func TestResolveStepByStep(t *testing.T) {
	tests := []struct {
		name    string
		shot    func() combat.Shot
		faces   []int
		hit     bool
		effects []combat.Effect
	}{
		{"miss", gunShot, []int{10}, false, nil},
		{"side, 3+2: nothing", gunShot, []int{11, 3}, true, nil},
		{"side, 5+2: shock", gunShot, []int{11, 5}, true, []combat.Effect{{Kind: combat.AddState, State: Shock, N: 1}}},
		{"side, 8+2: suppressed and shock", gunShot, []int{20, 8}, true, []combat.Effect{
			{Kind: combat.AddState, State: Suppressed, N: 1}, {Kind: combat.AddState, State: Shock, N: 1}}},
		{"side, 9+2: immobilized", gunShot, []int{20, 9}, true, []combat.Effect{{Kind: combat.Immobilized}}},
		{"third shock abandons", func() combat.Shot {
			s := gunShot()
			s.Target.States = combat.StatesOf(map[string]int{Shock: 2})
			return s
		}, []int{15, 5}, true, []combat.Effect{{Kind: combat.Abandoned}}},
		{"unavailable support weapon pins its firer", func() combat.Shot {
			s := gunShot()
			s.Weapon.Class, s.FirerKind = combat.SupportWeapon, units.Squad
			return s
		}, []int{6}, false, []combat.Effect{{Kind: combat.Pinned, On: combat.OnFirer}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := combat.NewFixedDice(tt.faces...)
			o := Ruleset{}.Resolve(tt.shot(), d)
			if o.Err != nil || d.Err() != nil || d.Used() != len(tt.faces) {
				t.Fatalf("err %v, dice %v, used %d of %d", o.Err, d.Err(), d.Used(), len(tt.faces))
			}
			if o.Hit != tt.hit || len(o.Effects) != len(tt.effects) {
				t.Fatalf("hit %v effects %+v, want %v %+v", o.Hit, o.Effects, tt.hit, tt.effects)
			}
			for i := range tt.effects {
				if o.Effects[i] != tt.effects[i] {
					t.Errorf("effect %d = %+v, want %+v", i, o.Effects[i], tt.effects[i])
				}
			}
		})
	}
}

// TestOddsByHand checks the side shot against arithmetic: hit on 11+ is
// 10/20; then of the d10 faces +2, 1-3 nothing, 4-6 shock, 7-8 suppressed
// and shock, 9-10 immobilized.
func TestOddsByHand(t *testing.T) {
	o, err := Ruleset{}.Odds(gunShot())
	if err != nil {
		t.Fatal(err)
	}
	s := o.Summary(Ruleset{}.States())
	if s.P(s.Hit) != 0.5 || s.P(s.Immobilize) != 0.5*0.2 || s.P(s.Destroy) != 0 ||
		s.P(s.Fighting) != 1-0.5*0.2 || len(s.Counters) != 2 {
		t.Errorf("summary %+v", s)
	}
}

// TestBandsAgreeWithEveryFace walks every face of every die (dice that
// cannot roll bands) and compares with the banded walk.
func TestBandsAgreeWithEveryFace(t *testing.T) {
	for _, aspect := range []board.Aspect{board.Front, board.Side, board.Rear} {
		for _, shock := range []int{0, 1, 2} {
			for _, sw := range []bool{false, true} {
				s := gunShot()
				s.Aspect, s.Cover = aspect, shock
				s.Target.States = combat.StatesOf(map[string]int{Shock: shock})
				if sw {
					s.Weapon.Class, s.FirerKind = combat.SupportWeapon, units.Squad
				}
				banded, err := Ruleset{}.Odds(s)
				if err != nil {
					t.Fatal(err)
				}
				every, err := combat.Enumerate(func(d combat.Dice) combat.Outcome { return Ruleset{}.Resolve(s, plainDice{d}) })
				if err != nil {
					t.Fatal(err)
				}
				if err := combat.EqualOdds(banded, every); err != nil {
					t.Errorf("%s, %d shock, support weapon %v: %v", aspect, shock, sw, err)
				}
			}
		}
	}
}

// plainDice hides the enumerator's bands, so every face is walked.
type plainDice struct{ d combat.Dice }

func (p plainDice) Roll(sides int) int { return p.d.Roll(sides) }

func BenchmarkOdds(b *testing.B) {
	s := gunShot()
	s.Weapon.Class, s.FirerKind = combat.SupportWeapon, units.Squad
	for b.Loop() {
		if _, err := (Ruleset{}).Odds(s); err != nil {
			b.Fatal(err)
		}
	}
}
