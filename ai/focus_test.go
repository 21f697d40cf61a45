package ai

import (
	"slices"
	"testing"

	"hexfire/battle"
	"hexfire/maps"
)

// TestStandsWhereItCanKeep: the Germans win by holding both C3 and J3, so
// the allies need keep only one of them. Their three squads, in F2, F3
// and F4, all make for the one the enemy reaches last (denyFocus): C3
// with the Germans coming from the east, J3 with them coming from the
// west. There the stand counts for both hexes (holdValue), the other for
// spareDeny of one. Where the enemy must hold a single hex, or the allies
// must hold one of the two themselves (so only one is merely denied),
// there is no such choice and both hexes stay goals, shared between the
// squads (assigned). Where the enemy stands in the stand, the stand stays
// (an enemy driving through does not move it), and with no hex left to
// make for the squads make for both hexes again (objectives). Before,
// the squads split between the two hexes: at Bloody Gulch the
// paratroopers by the stream died beside H12, where the assault guns came
// first, while F6 fell to the German infantry (41 of 60 battles won as
// the Allies; 52 with the stand).
func TestStandsWhereItCanKeep(t *testing.T) {
	east := []string{"L2", "L3", "L4"}
	west := []string{"A2", "A3", "A4"}
	for _, tt := range []struct {
		victory string
		enemy   []string
		focus   string // "" for none
		goals   []string
	}{
		{"axis hold C3 J3; allies otherwise", east, "C3", []string{"C3"}},
		{"axis hold C3 J3; allies otherwise", append([]string{"C3"}, east...), "C3", []string{"C3", "J3"}},
		{"axis hold C3 J3; allies otherwise", west, "J3", []string{"J3"}},
		{"axis hold J3; allies otherwise", east, "", []string{"J3"}},
		{"allies hold C3; axis hold C3 J3; axis otherwise", east, "", []string{"C3", "J3"}},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "F2", 0, ""},
			{"US Rifle Squad", maps.Allies, "F3", 0, ""},
			{"US Rifle Squad", maps.Allies, "F4", 0, ""},
		}
		for _, h := range tt.enemy {
			us = append(us, unitAt{"German Rifle Squad", maps.Axis, h, 0, ""})
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": tt.victory}}.battle(t)
		d := newDecision(t, b, maps.Allies)
		label := b.Board().Label
		focus, ok := d.denyFocus()
		got := ""
		if ok {
			got = label(focus)
		}
		if got != tt.focus {
			t.Errorf("%q, enemy in %v: the stand is in %q, want %q", tt.victory, tt.enemy, got, tt.focus)
		}
		var goals []string
		for id := battle.UnitID(1); id <= 3; id++ {
			for _, h := range d.objectives(b.Unit(id)) {
				if !slices.Contains(goals, label(h)) {
					goals = append(goals, label(h))
				}
			}
		}
		slices.Sort(goals)
		if !slices.Equal(goals, tt.goals) {
			t.Errorf("%q, enemy in %v: the squads make for %v, want %v", tt.victory, tt.enemy, goals, tt.goals)
		}
		if !ok {
			continue
		}
		other, err := b.Board().ParseHex(map[string]string{"C3": "J3", "J3": "C3"}[label(focus)])
		if err != nil {
			t.Fatal(err)
		}
		u := b.Unit(2)
		stand := d.holdValue(u, focus)
		if got, want := d.holdValue(u, other)/stand, spareDeny/2; stand <= 0 || got < want-1e-9 || got > want+1e-9 {
			t.Errorf("%q, enemy in %v: the stand is worth %.3f, the other hex %.3f of it, want %.3f", tt.victory, tt.enemy, stand, got, want)
		}
	}
}
