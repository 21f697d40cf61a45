package combat

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestFixedDiceSides(t *testing.T) {
	d := NewFixedDice(20, 10, 11)
	if a, b := d.Roll(20), d.Roll(10); a != 20 || b != 10 || d.Err() != nil {
		t.Errorf("d20, d10 = %d, %d (err %v), want 20, 10", a, b, d.Err())
	}
	if c := d.Roll(10); c != 1 || d.Err() == nil || d.Err().Error() != "fixed dice: roll 3 is 11, not a face 1..10" {
		t.Errorf("11 on a d10 = %d, err %v; want it refused", c, d.Err())
	}
}

func TestSeededDiceSides(t *testing.T) {
	d := NewSeededDice(7)
	var seen [21]bool
	for range 2000 {
		f := d.Roll(20)
		if f < 1 || f > 20 {
			t.Fatalf("Roll(20) = %d", f)
		}
		seen[f] = true
	}
	for f := 1; f <= 20; f++ {
		if !seen[f] {
			t.Errorf("face %d of a d20 never rolled in 2000 rolls of seed 7", f)
		}
	}
}

func TestRollNotation(t *testing.T) {
	tests := []struct {
		roll Roll
		want string
	}{
		{Roll{Sides: 6, Dice: []int{3, 4}}, "2d6"},
		{Roll{Sides: 10, Dice: []int{7}}, "d10"},
		{Roll{Sides: 20, Dice: []int{1}}, "d20"},
		{Roll{Sides: 6, Pool: true, Dice: []int{1, 1, 2, 3, 4, 4, 5, 5, 6, 6}}, "10×d6"},
	}
	for _, tt := range tests {
		if have := tt.roll.Notation(); have != tt.want {
			t.Errorf("%+v: Notation() = %q, want %q", tt.roll, have, tt.want)
		}
	}
}

func TestStateSet(t *testing.T) {
	s := StatesOf(map[string]int{"shock": 3, "optics": 1, "gone": 0})
	if s != "optics=1;shock=3" {
		t.Errorf("StatesOf = %q, want optics=1;shock=3", s)
	}
	for name, want := range map[string]int{"shock": 3, "optics": 1, "gone": 0, "shoc": 0} {
		if have := s.Count(name); have != want {
			t.Errorf("Count(%q) = %d, want %d", name, have, want)
		}
	}
	if StatesOf(nil) != "" || StateSet("").Count("shock") != 0 {
		t.Errorf("the empty set holds something")
	}
}

// toyProcedure rolls a d20 to hit on 15 or more; a natural 20 also rolls
// a d6 that changes nothing (a branch of another length); a hit then rolls
// a d10: 1-5 one shock, 6-9 immobilized, 10 eliminated.
func toyProcedure(d Dice) Outcome {
	var o Outcome
	toHit := d.Roll(20)
	if toHit < 15 {
		return o
	}
	o.Hit = true
	if toHit == 20 {
		d.Roll(6)
	}
	switch damage := d.Roll(10); {
	case damage <= 5:
		o.Effects = []Effect{{Kind: AddState, On: OnTarget, State: "shock", N: 1}}
	case damage <= 9:
		o.Effects = []Effect{{Kind: Immobilized, On: OnTarget}}
	default:
		o.Effects = []Effect{{Kind: Eliminated, On: OnTarget}}
	}
	return o
}

// TestEnumerateByHand checks the enumerator against odds worked out by
// hand: sequences of 1, 2 and 3 dice counted out of lcm(20, 200, 1200).
func TestEnumerateByHand(t *testing.T) {
	o, err := Enumerate(toyProcedure)
	if err != nil {
		t.Fatal(err)
	}
	// Miss: 14 of 20 faces. A hit on 15-19 weighs 6 per d10 face, one on
	// 20 1 per (d6, d10) pair: shock 5·5·6 + 6·5, immobilized 5·4·6 + 6·4,
	// eliminated 5·1·6 + 6·1.
	want := []WeightedOutcome{
		{Hit: false, Weight: 840},
		{Hit: true, Effects: []Effect{{Kind: AddState, On: OnTarget, State: "shock", N: 1}}, Weight: 180},
		{Hit: true, Effects: []Effect{{Kind: Immobilized, On: OnTarget}}, Weight: 144},
		{Hit: true, Effects: []Effect{{Kind: Eliminated, On: OnTarget}}, Weight: 36},
	}
	if o.Total != 1200 || !slices.EqualFunc(o.Outcomes, want, func(a, b WeightedOutcome) bool {
		return a.Hit == b.Hit && a.Weight == b.Weight && slices.Equal(a.Effects, b.Effects)
	}) {
		t.Errorf("Enumerate = %+v out of %d, want %+v out of 1200", o.Outcomes, o.Total, want)
	}
	if err := o.Check(); err != nil {
		t.Error(err)
	}
	specs := []StateSpec{{Name: "shock", Counter: true}}
	s := o.Summary(specs)
	if s.Hit != 360 || s.Destroy != 36 || s.Immobilize != 144 || s.Fighting != 1164 ||
		len(s.Counters) != 1 || s.Counters[0].State != "shock" || math.Abs(s.Counters[0].Expected-0.15) > 1e-15 {
		t.Errorf("Summary = %+v; want hit 360, destroy 36, immobilize 144, fighting 1164, 0.15 shock", s)
	}
	// A state that forbids fire takes the target out of the fight.
	silenced := o.Summary([]StateSpec{{Name: "shock", Forbids: ForbidFire}})
	if silenced.Fighting != 1164-180 {
		t.Errorf("Fighting with a silencing shock = %d, want %d", silenced.Fighting, 1164-180)
	}
	// One that Engages forbids only fire at others than its foe: the
	// target fights on.
	engaged := o.Summary([]StateSpec{{Name: "shock", Forbids: ForbidMove | ForbidFire, Engages: true}})
	if engaged.Fighting != 1164 {
		t.Errorf("Fighting with a shock that engages = %d, want 1164", engaged.Fighting)
	}
}

func TestEnumerateErrors(t *testing.T) {
	_, err := Enumerate(func(d Dice) Outcome {
		for range 9 {
			d.Roll(6)
		}
		return Outcome{}
	})
	if !errors.Is(err, ErrTooManySequences) {
		t.Errorf("6^9 sequences: err %v, want ErrTooManySequences", err)
	}
	refused := errors.New("refused")
	if _, err := Enumerate(func(Dice) Outcome { return Outcome{Err: refused} }); !errors.Is(err, refused) {
		t.Errorf("a refused shot: err %v, want it passed on", err)
	}
}

func TestEqualOdds(t *testing.T) {
	a := Odds{Total: 4, Outcomes: []WeightedOutcome{{Weight: 1}, {Hit: true, Weight: 3}}}
	b := Odds{Total: 8, Outcomes: []WeightedOutcome{{Hit: true, Weight: 6}, {Weight: 2}}}
	if err := EqualOdds(a, b); err != nil {
		t.Errorf("1/4 and 2/8 differ: %v", err)
	}
	c := Odds{Total: 8, Outcomes: []WeightedOutcome{{Hit: true, Weight: 5}, {Weight: 3}}}
	if err := EqualOdds(a, c); err == nil || err.Error() != `outcome "hit": 3/4 against 5/8` {
		t.Errorf("3/4 against 5/8: err %v", err)
	}
}

func TestHeadline(t *testing.T) {
	tests := []struct {
		o    Outcome
		want string
	}{
		{Outcome{}, "miss"},
		{Outcome{Hit: true}, "no effect"},
		{Outcome{Hit: true, Effects: []Effect{{Kind: WeaponSpent, On: OnFirer}}}, "no effect"},
		{Outcome{Effects: []Effect{{Kind: Abandoned}}}, "abandoned"},
		{Outcome{Hit: true, Effects: []Effect{{Kind: AddState, State: "shock", N: 2}, {Kind: Immobilized}}}, "immobilized"},
		{Outcome{Hit: true, Effects: []Effect{{Kind: AddState, State: "shock", N: 2}, {Kind: Reverse, N: 1}}}, "2 shock, reverse 1"},
	}
	for _, tt := range tests {
		if have := tt.o.Headline(); have != tt.want {
			t.Errorf("Headline(%+v) = %q, want %q", tt.o.Effects, have, tt.want)
		}
	}
}

func TestOddsCheck(t *testing.T) {
	good := Odds{Total: 36, Outcomes: []WeightedOutcome{{Weight: 10}, {Hit: true, Weight: 26}}}
	if err := good.Check(); err != nil || good.Probability(26) != 26.0/36 || good.Exact(10).String() != "5/18" {
		t.Errorf("good odds: Check %v, P(26) %v, Exact(10) %v", err, good.Probability(26), good.Exact(10))
	}
	short := Odds{Total: 36, Outcomes: []WeightedOutcome{{Weight: 10}, {Hit: true, Weight: 25}}}
	if err := short.Check(); err == nil {
		t.Errorf("odds summing to 35 of 36: Check = nil, want an error")
	}
	twice := Odds{Total: 36, Outcomes: []WeightedOutcome{{Weight: 10}, {Weight: 26}}}
	if err := twice.Check(); err == nil {
		t.Errorf("one outcome listed twice: Check = nil, want an error")
	}
}

// TestEffectLists: each result's effects alone, and with the firer's
// round spent after them.
func TestEffectLists(t *testing.T) {
	kill := Effect{Kind: Eliminated, On: OnTarget}
	spent := Effect{Kind: WeaponSpent, On: OnFirer}
	l := NewEffectLists(nil, []Effect{kill})
	tests := []struct {
		r     int
		spent bool
		want  []Effect
	}{
		{0, false, nil},
		{0, true, []Effect{spent}},
		{1, false, []Effect{kill}},
		{1, true, []Effect{kill, spent}},
	}
	for _, tt := range tests {
		if got := l.Of(tt.r, tt.spent); !slices.Equal(got, tt.want) {
			t.Errorf("Of(%d, %v) = %v, want %v", tt.r, tt.spent, got, tt.want)
		}
	}
}
