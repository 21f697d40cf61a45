package battle_test

// This test plays the computer opponent, which lives above battle, so it
// is of the external test package: what it proves is the decoder's, that
// a remote seat plays from a decoded view as a local one plays from the
// battle's.

import (
	"fmt"
	"io/fs"
	"testing"

	"hexfire/ai"
	"hexfire/assets"
	"hexfire/battle"
	_ "hexfire/combat/d20" // the five rulesets of the game
	"hexfire/combat/elimination"
	_ "hexfire/combat/shiftchart"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
	"hexfire/maps"
	"hexfire/units"
)

// TestOpponentOnADecodedView: the computer opponent playing each side of
// a battle decides the same order, for the same reason, from the side's
// view decoded from its encoded form as from the view itself. Computer
// against computer on every shipped scenario, under fog and in the open, a
// ruleset each in turn, for up to 300 orders.
func TestOpponentOnADecodedView(t *testing.T) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(assets.FS, "scenarios/*.tmx")
	if err != nil || len(files) == 0 {
		t.Fatalf("shipped scenarios: %v %v", files, err)
	}
	rules := []string{"elimination", "strikedice", "shiftchart", "d20", "tohit-tokill"}
	decisions, battles := 0, 0
	for i, f := range files {
		sc, err := battle.OpenScenario(battle.EmbeddedPrefix+f, cat)
		if err != nil {
			t.Fatal(err)
		}
		for _, fog := range []battle.FogSetting{battle.FogOn, battle.FogOff} {
			decisions += playBoth(t, sc, cat, battle.Config{Seed: uint64(i), Ruleset: rules[i%len(rules)], Fog: fog})
			battles++
		}
	}
	if decisions < 3000 {
		t.Errorf("%d decisions in %d battles, want at least 3,000", decisions, battles)
	}
	t.Logf("%d decisions in %d battles the same from the decoded views", decisions, battles)
}

// playBoth plays a battle of sc and cfg computer against computer for up
// to 300 orders, each side's order decided from its view and from the
// view decoded, and fails the test when the two differ. It returns the
// number of orders decided.
func playBoth(t *testing.T, sc *maps.Scenario, cat *units.Catalogue, cfg battle.Config) int {
	t.Helper()
	b, err := battle.New(sc, cat, cfg)
	if err != nil {
		t.Fatal(err)
	}
	local, remote := map[maps.Side]*ai.Opponent{}, map[maps.Side]*ai.Opponent{}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		v := b.View(side)
		if local[side], err = ai.NewOpponent(v, cfg.Seed); err != nil {
			t.Fatal(err)
		}
		if remote[side], err = ai.NewOpponent(decoded(t, sc, cat, v), cfg.Seed); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for ; n < 300 && b.Result() == nil; n++ {
		side := b.Acting()
		v := b.View(side)
		o, why := local[side].Next(v)
		ro, rwhy := remote[side].Next(decoded(t, sc, cat, v))
		if fmt.Sprintf("%#v %s", o, why) != fmt.Sprintf("%#v %s", ro, rwhy) {
			t.Fatalf("%s %s fog %v, order %d, the %s: from the decoded view %#v (%s), from the view %#v (%s)",
				sc.Path, cfg.Ruleset, cfg.Fog == battle.FogOn, n+1, side, ro, rwhy, o, why)
		}
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("%s %s, order %d, the %s: %v", sc.Path, cfg.Ruleset, n+1, side, err)
		}
	}
	return n
}

// decoded is view v encoded and decoded on scenario sc.
func decoded(t *testing.T, sc *maps.Scenario, cat *units.Catalogue, v *battle.View) *battle.View {
	t.Helper()
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	d, err := battle.DecodeView(sc, cat, data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
