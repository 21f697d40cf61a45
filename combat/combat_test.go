package combat

import (
	"slices"
	"strings"
	"testing"
)

func TestFixedDice(t *testing.T) {
	d := NewFixedDice(3, 6, 1)
	var have []int
	for range 3 {
		have = append(have, d.Roll(6))
	}
	if !slices.Equal(have, []int{3, 6, 1}) || d.Err() != nil || d.Used() != 3 {
		t.Errorf("rolls = %v, err %v, used %d; want [3 6 1], nil, 3", have, d.Err(), d.Used())
	}
	if face := d.Roll(6); face != 1 || d.Err() == nil || d.Err().Error() != "fixed dice: roll 4 asked for, only 3 given" {
		t.Errorf("roll past the end = %d, err %v; want 1 and a clear error", face, d.Err())
	}
	bad := NewFixedDice(7)
	if bad.Roll(6); bad.Err() == nil || bad.Err().Error() != "fixed dice: roll 1 is 7, not a face 1..6" {
		t.Errorf("face 7: err %v, want it refused", bad.Err())
	}
}

func TestSeededDice(t *testing.T) {
	a, b, c := NewSeededDice(42), NewSeededDice(42), NewSeededDice(43)
	var seen [7]int
	same, differ := true, false
	for range 600 {
		x, y, z := a.Roll(6), b.Roll(6), c.Roll(6)
		if x < 1 || x > 6 {
			t.Fatalf("Roll(6) = %d, want 1..6", x)
		}
		seen[x]++
		same = same && x == y
		differ = differ || x != z
	}
	if !same || !differ {
		t.Errorf("same seed same rolls = %v, other seed other rolls = %v; want both", same, differ)
	}
	for face := 1; face <= 6; face++ {
		if seen[face] == 0 {
			t.Errorf("face %d never rolled in 600 rolls of seed 42", face)
		}
	}
}

type stubRuleset struct{ name string }

func (s stubRuleset) Name() string             { return s.name }
func (stubRuleset) Check(Shot) error           { return nil }
func (stubRuleset) Resolve(Shot, Dice) Outcome { return Outcome{} }
func (stubRuleset) Odds(Shot) (Odds, error)    { return Odds{}, nil }

func TestRegistry(t *testing.T) {
	Register(stubRuleset{"test-stub"})
	defer delete(registry, "test-stub")
	if r, err := Lookup("test-stub"); err != nil || r.Name() != "test-stub" {
		t.Errorf("Lookup(test-stub) = %v, %v", r, err)
	}
	if !slices.Contains(Names(), "test-stub") {
		t.Errorf("Names() = %v, want test-stub in it", Names())
	}
	_, err := Lookup("nope")
	if err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "test-stub") {
		t.Errorf("Lookup(nope) error = %v, want it to name nope and the known rulesets", err)
	}
}

// TestTwoDiceWays counts the 36 rolls of two dice by hand.
func TestTwoDiceWays(t *testing.T) {
	var want [14]uint64
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			want[x+y]++
		}
	}
	for sum := 0; sum <= 13; sum++ {
		if have := TwoDiceWays(sum); have != want[sum] {
			t.Errorf("TwoDiceWays(%d) = %d, want %d", sum, have, want[sum])
		}
	}
}
