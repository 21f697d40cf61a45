package ai

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/combat/elimination"
	"hexfire/maps"
)

func TestParseLevel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Level
		err  bool
	}{{"easy", Easy, false}, {"Normal", Normal, false}, {"HARD", Hard, false}, {"expert", Normal, true}, {"", Normal, true}} {
		got, err := ParseLevel(tt.in)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
		if err == nil && got.String() != map[Level]string{Easy: "easy", Normal: "normal", Hard: "hard"}[got] {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	if _, err := opponentLevelOf(battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: 1, Fog: battle.FogOff}), Level(9)); err == nil {
		t.Error("level 9 accepted")
	}
}

// TestLevelsRepeatAndDiffer: the easy opponent's deliberate errors come
// from the decision's own generator, so a battle between two easy
// opponents repeats exactly from its seed, with only legal orders; and
// its play is not the normal opponent's.
func TestLevelsRepeatAndDiffer(t *testing.T) {
	play := func(l Level) []string {
		b := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: 3, Fog: battle.FogOff})
		op, err := opponentLevelOf(b, l)
		if err != nil {
			t.Fatal(err)
		}
		return playOut(t, b, map[maps.Side]Player{maps.Allies: op, maps.Axis: op})
	}
	easy := play(Easy)
	if again := play(Easy); !slices.Equal(easy, again) {
		t.Error("two easy battles from one seed differ")
	}
	if slices.Equal(easy, play(Normal)) {
		t.Error("the easy opponent plays exactly as the normal one")
	}
	play(Hard)
}
