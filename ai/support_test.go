package ai

import (
	"reflect"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// woodsWall is a map whose D column is woods from edge to edge.
const woodsWall = `
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
`

// TestOpponentCallsArtillery: with a heavy barrage and a leader who sees a
// hex of three German squads in the open, the opponent's first order is
// the call on that hex; with its own squad next to the target (where the
// barrage might scatter) or no spotter it calls none, and an air strike,
// which needs no spotter and never scatters, it still calls.
func TestOpponentCallsArtillery(t *testing.T) {
	heavy := map[maps.Side][]maps.SupportMissions{maps.Allies: {{Kind: maps.HeavyBarrage, Count: 1, APFP: 20, ATFP: "C"}}}
	air := map[maps.Side][]maps.SupportMissions{maps.Allies: {{Kind: maps.FighterBomber, Count: 1, APFP: 20, ATFP: "C"}}}
	enemy := []unitAt{{"German Rifle Squad", maps.Axis, "F3", 0, ""}, {"German Rifle Squad", maps.Axis, "F3", 0, ""}, {"German Rifle Squad", maps.Axis, "F3", 0, ""}}
	tests := []struct {
		name    string
		mine    []unitAt
		support map[maps.Side][]maps.SupportMissions
		want    battle.Order // nil: no call
	}{
		{"the leader spots the squads", []unitAt{{"US Leader", maps.Allies, "F6", 0, ""}}, heavy,
			battle.CallFire{Spotter: 4, Kind: maps.HeavyBarrage}},
		{"own squad within the scatter", []unitAt{{"US Leader", maps.Allies, "F6", 0, ""}, {"US Rifle Squad", maps.Allies, "G4", 0, ""}}, heavy, nil},
		{"nobody sees the hex", []unitAt{{"US Leader", maps.Allies, "B1", 0, ""}}, heavy, nil},
		{"an air strike needs no spotter", []unitAt{{"US Leader", maps.Allies, "B1", 0, ""}}, air,
			battle.CallFire{Kind: maps.FighterBomber}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: woodsWall, units: append(enemy, tt.mine...), support: tt.support}.battle(t)
			if tt.want != nil {
				o := tt.want.(battle.CallFire)
				o.Target, _ = b.Board().ParseHex("F3")
				tt.want = o
			}
			opp, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			first, why := ask(opp, b)
			call, isCall := first.(battle.CallFire)
			switch {
			case tt.want == nil && isCall:
				t.Errorf("first order %#v (%s), want no call", first, why)
			case tt.want != nil && first != tt.want:
				t.Errorf("first order %#v (%s), want %#v", first, why, tt.want)
			case isCall && !strings.Contains(why, "expected effect"):
				t.Errorf("reason %q gives no expected effect", why)
			}
			if isCall {
				if _, err := b.Apply(call); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestOpponentFiresMortarIndirectly: a German mortar behind a wood of
// trees fires at the American squad its leader sees beyond them, and at
// a halftrack standing there alone, whose roll (rules 12.67) is the
// attack's whole worth.
func TestOpponentFiresMortarIndirectly(t *testing.T) {
	for _, target := range []string{"US Rifle Squad", "M3 Halftrack"} {
		t.Run(target, func(t *testing.T) { opponentFiresMortarAt(t, target) })
	}
}

// opponentFiresMortarAt is TestOpponentFiresMortarIndirectly at a target
// of type target in F3.
func opponentFiresMortarAt(t *testing.T, target string) {
	b := fixture{grid: woodsWall, units: []unitAt{
		{"German Rifle Half Squad", maps.Allies, "B3", 0, ""},
		{"German Leader", maps.Allies, "E4", 0, ""},
		{target, maps.Axis, "F3", 0, ""},
	}, placed: map[int]map[string]string{0: {"weapons": "5cm Mortar"}}}.battle(t)
	opp, err := opponentOf(b)
	if err != nil {
		t.Fatal(err)
	}
	f3, _ := b.Board().ParseHex("F3")
	for range 5 {
		o, why := ask(opp, b)
		if ap, ok := o.(battle.FireAP); ok && len(ap.Units) == 1 && ap.Units[0] == 1 && ap.Target == f3 {
			p, err := b.PlanAP(ap)
			if err != nil || p.Spotter == nil {
				t.Fatalf("the mortar's attack %#v (%s): plan %v, spotter %v", ap, why, err, p.Spotter)
			}
			return
		}
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("%#v (%s): %v", o, why, err)
		}
		if b.Phase() != battle.FirePhase {
			break
		}
	}
	t.Errorf("the mortar never fired at %s", b.Board().Label(f3))
}

// TestRandomCalls: random play offers each mission left on each enemy
// hex, an artillery one through the first unit that may spot there, and
// nothing once the Command phase is over.
func TestRandomCalls(t *testing.T) {
	support := map[maps.Side][]maps.SupportMissions{maps.Allies: {
		{Kind: maps.LightBarrage, Count: 2, APFP: 12, ATFP: "D"}, {Kind: maps.FighterBomber, Count: 1, APFP: 20, ATFP: "B"}}}
	b := fixture{grid: woodsWall, units: []unitAt{
		{"German Rifle Squad", maps.Axis, "F3", 0, ""},
		{"German Rifle Squad", maps.Axis, "A5", 0, ""},
		{"US Leader", maps.Allies, "F6", 0, ""},
	}, support: support}.battle(t)
	f3, _ := b.Board().ParseHex("F3")
	a5, _ := b.Board().ParseHex("A5")
	have := randomCalls(b, maps.Allies, []board.Hex{f3, a5})
	want := []battle.Order{
		battle.CallFire{Spotter: 3, Kind: maps.LightBarrage, Target: f3}, // nobody sees A5
		battle.CallFire{Kind: maps.FighterBomber, Target: f3},
		battle.CallFire{Kind: maps.FighterBomber, Target: a5},
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("random calls %#v, want %#v", have, want)
	}
	if _, err := b.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	if have := randomCalls(b, maps.Allies, []board.Hex{f3}); have != nil {
		t.Errorf("after the Command phase: %#v, want none", have)
	}
}
