package ai

import (
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/maps"
)

// TestTakesTheObjectiveInTime: the allies must hold L3, where an enemy
// squad stands; another stands in A3. In the first half of the battle
// the allied squad's goals are the enemy units (it hunts them and wears
// the holders down); from half-way on (takeFrom) L3 is its only goal
// though the enemy holds it, since it must be taken by the end. So it is
// where both sides must hold L3: a side that holds its other hexes while
// the enemy holds one of them wins nothing (in the generated meeting
// engagements, where both sides must hold the same hexes, most battles
// the opponent did not win ended so, drawn, before it took such hexes
// too). Before mustTake an objective the enemy stood in was never a
// goal, and the squad hunted to the end.
func TestTakesTheObjectiveInTime(t *testing.T) {
	for _, tt := range []struct {
		victory string
		turn    int
		want    []string
	}{
		{"allies hold L3; axis otherwise", 1, []string{"L3", "A3"}},
		{"allies hold L3; axis otherwise", 3, []string{"L3", "A3"}},
		{"allies hold L3; axis otherwise", 4, []string{"L3"}},
		{"allies hold L3; axis otherwise", 8, []string{"L3"}},
		{"allies hold L3; axis hold L3", 3, []string{"L3", "A3"}},
		{"allies hold L3; axis hold L3", 8, []string{"L3"}},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "E3", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
			{"German Rifle Squad", maps.Axis, "A3", 0, ""},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": tt.victory}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		d := newDecision(t, b, maps.Allies)
		var goals []string
		for _, h := range d.objectives(b.Unit(1)) {
			goals = append(goals, b.Board().Label(h))
		}
		if !slices.Equal(goals, tt.want) {
			t.Errorf("%q, turn %d: goals %v, want %v", tt.victory, tt.turn, goals, tt.want)
		}
	}
}

// openMap12 is open ground, 12 hexes by 5.
const openMap12 = `
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
`

// TestPressesLate: the allies must hold L3, where an enemy squad stands,
// and lose when the battle ends without it. Their squad in G3 keeps its
// distance in turn 3 of 8, while it has time; by the last turn, when
// failing is the same defeat as dying, its losses count a tenth
// (urgency) and it moves next to L3, to assault it in the Advance phase.
// Before the urgency it waited in G3 to the end.
func TestPressesLate(t *testing.T) {
	for _, tt := range []struct {
		turn int
		next bool
	}{
		{3, false},
		{8, true},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "G3", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": "allies hold L3; axis otherwise"}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		to := battletest.Hex(t, b, "G3")
		if m, ok := moveOf(t, b, 1).(battle.Move); ok {
			to = m.Path[len(m.Path)-1].Hex
		}
		if next := to.Distance(battletest.Hex(t, b, "L3")) == 1; next != tt.next {
			t.Errorf("turn %d: the squad moves G3 → %s; want it next to L3 %v", tt.turn, b.Board().Label(to), tt.next)
		}
	}
}

// TestUrgency: how pressed a side is to change the battle's course grows
// from half-way (takeFrom) to the last turn while the battle, ended now,
// would not be its win, and stays 0 while it would.
func TestUrgency(t *testing.T) {
	for _, tt := range []struct {
		victory string
		side    maps.Side
		turn    int
		want    float64
	}{
		{"allies hold L3; axis otherwise", maps.Allies, 1, 0},
		{"allies hold L3; axis otherwise", maps.Allies, 4, 0},
		{"allies hold L3; axis otherwise", maps.Allies, 6, 0.5},
		{"allies hold L3; axis otherwise", maps.Allies, 8, 1},
		{"allies hold L3; axis otherwise", maps.Axis, 8, 0},       // the axis win as things stand
		{"allies hold A3; axis otherwise", maps.Allies, 8, 0},     // the allies hold A3 now
		{"allies destroy 3; axis destroy 3", maps.Allies, 6, 0.5}, // a draw as things stand
		{"allies destroy 3; axis destroy 3", maps.Axis, 7, 0.75},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "A3", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": tt.victory}}.battle(t)
		play(t, b, Random{EndChance: 1}, turnIs(tt.turn))
		if got := newView(b, &memo{}, tt.side).urgency(); got != tt.want {
			t.Errorf("%q, the %s in turn %d: urgency %v, want %v", tt.victory, tt.side, tt.turn, got, tt.want)
		}
	}
}

// alliesMoveIn stops play at the allies' Movement phase of turn n.
func alliesMoveIn(n int) func(*battle.Battle) bool {
	return func(b *battle.Battle) bool {
		return b.Turn() >= n && b.Phase() == battle.Movement && b.Acting() == maps.Allies
	}
}

// TestSpreadsOverObjectives: four allied squads in C4, C5, C6 and C9 must
// take C1 and C12. C1 is the nearest for three of them, but each
// objective is the goal of the half of the side's units nearest it: C4
// and C5 make for C1, C6 and C9 for C12. Before, three made for C1: in
// the Hürtgen Forest the infantry marched on N6, which the tanks took,
// and came to P17 too late.
func TestSpreadsOverObjectives(t *testing.T) {
	grid := strings.Repeat(". . . . .\n", 12)
	us := []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0, ""},
		{"US Rifle Squad", maps.Allies, "C5", 0, ""},
		{"US Rifle Squad", maps.Allies, "C6", 0, ""},
		{"US Rifle Squad", maps.Allies, "C9", 0, ""},
		{"German Rifle Squad", maps.Axis, "E7", 0, "hold"},
	}
	b := fixture{grid: grid, units: us, turns: 8, props: map[string]string{"victory": "allies hold C1 C12; axis otherwise"}}.battle(t)
	d := newDecision(t, b, maps.Allies)
	for id, want := range map[battle.UnitID]string{1: "C1", 2: "C1", 3: "C12", 4: "C12"} {
		var goals []string
		for _, h := range d.objectives(b.Unit(id)) {
			goals = append(goals, b.Board().Label(h))
		}
		if !slices.Equal(goals, []string{want}) {
			t.Errorf("the squad in %s makes for %v, want [%s]", b.Board().Label(b.Unit(id).Pose.Hex), goals, want)
		}
	}
}

// TestClosesInsteadOfFiring: in turn 7 of 8 the allies must take L3,
// held by a German truck; their squad in F3, in no danger (the truck is
// unarmed), has a long AP shot at it in its Fire phase. Firing would cost
// it its move, and it has ground to cover: it keeps its move (bound), as
// the American infantry in the Hürtgen Forest did not, firing from afar
// turn after turn at the stack that held P17. Standing on a hex either
// side must hold, it is not bound and takes the shot.
func TestClosesInsteadOfFiring(t *testing.T) {
	for _, tt := range []struct {
		victory string
		fires   bool
	}{
		{"allies hold L3; axis otherwise", false},
		{"allies hold F3 L3; axis otherwise", true},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, "F3", 0, ""},
			{"Opel Blitz", maps.Axis, "L3", 0, "hold"},
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": tt.victory}}.battle(t)
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool {
			return b.Turn() >= 7 && b.Phase() == battle.FirePhase && b.Acting() == maps.Allies
		})
		op, err := opponentOf(b)
		if err != nil {
			t.Fatal(err)
		}
		o, why := ask(op, b)
		if _, fires := o.(battle.FireAP); fires != tt.fires {
			t.Errorf("%q: %s (%s); want the squad to fire %v", tt.victory, o.Name(), why, tt.fires)
		}
	}
}

// TestBesiegesLate: the allies must take L3 from the German squad in it.
// Late in the battle a place next to L3 is worth a share of L3 itself to
// their infantry (siegeValue), growing with the urgency: only from there
// can it assault the holders out. Before, in the Hürtgen Forest, the
// American squads fired from three hexes off at the stack in P17 to the
// last turn, and the Germans held it in 15 of 60 battles (12 with the
// siege). A place from which the squad can still come next to L3 in the
// Movement phases left counts as much: it loses the siege only where it
// falls out of time, as a squad does that fires instead of closing in
// (in the Hürtgen Forest, the allies then won 138 of 150 battles, against
// 121). A side that need only deny besieges its stand (L3, nearer the
// allies than L5) in the last turn alone, when retaking it is the win:
// taken back earlier, it is there to be lost again (the Hedgerow
// Crossroads' Germans, who stood next to K8 and L8 from turn 5 on and
// were shot there, lost the battle by their losses in turn 7).
func TestBesiegesLate(t *testing.T) {
	const deny = "axis hold L3 L5; allies otherwise"
	for _, tt := range []struct {
		unit    string
		hex     string
		turn    int
		victory string
		share   float64 // of L3's worth
	}{
		{"US Rifle Squad", "K3", 8, "", siegeShare},
		{"US Rifle Squad", "K3", 6, "", siegeShare / 2},
		{"US Rifle Squad", "K3", 4, "", 0},                  // no urgency yet
		{"US Rifle Squad", "J3", 8, "", 0},                  // not next to L3
		{"US Rifle Squad", "H3", 7, "", siegeShare * 3 / 4}, // next to L3 by turn 8's move
		{"US Rifle Squad", "B3", 7, "", 0},                  // too far to come next to it by then
		{"M4 (75)", "K3", 8, "", 0},                         // a tank does not close-assault
		{"US Rifle Squad", "K3", 8, deny, siegeShare},
		{"US Rifle Squad", "K3", 7, deny, 0}, // not yet the last turn
		{"US Rifle Squad", "K5", 8, deny, 0}, // next to L5, not the stand
	} {
		us := []unitAt{
			{tt.unit, maps.Allies, "A1", 0, ""},
			{"German Rifle Squad", maps.Axis, "L3", 0, ""},
		}
		victory := "allies hold L3; axis otherwise"
		if tt.victory != "" {
			victory = tt.victory
			us = append(us, unitAt{"German Rifle Squad", maps.Axis, "L5", 0, ""})
		}
		b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": victory}}.battle(t)
		play(t, b, Random{EndChance: 1}, alliesMoveIn(tt.turn))
		d := newDecision(t, b, maps.Allies)
		if focus, ok := d.denyFocus(); tt.victory != "" && (!ok || focus != battletest.Hex(t, b, "L3")) {
			t.Fatalf("fixture: %q: the stand is %s (%v), want L3", victory, b.Board().Label(focus), ok)
		}
		u := b.Unit(1)
		got, want := d.siegeValue(u, battletest.Hex(t, b, tt.hex)), tt.share*d.holdValue(u, battletest.Hex(t, b, "L3"))
		if got < want-1e-9 || got > want+1e-9 || tt.share > 0 && want <= 0 {
			t.Errorf("%s in %s, turn %d, %q: siege worth %.3f, want %.3f", tt.unit, tt.hex, tt.turn, victory, got, want)
		}
	}
}

// TestHuntsWhatItCanHurt: with no hex to hold, the allies hunt the enemy
// units their fire can harm. A tank's gun hunts the Tiger, not the
// squad; a halftrack, whose machine guns cannot touch a tank, hunts only
// the squad (before, it made for the nearer Tiger as well); a rifle
// squad, which may close-assault either, hunts both; a truck hunts
// nothing.
func TestHuntsWhatItCanHurt(t *testing.T) {
	us := []unitAt{
		{"M4 (75)", maps.Allies, "A1", 0, ""},
		{"M3 Halftrack", maps.Allies, "A2", 0, ""},
		{"US Rifle Squad", maps.Allies, "A3", 0, ""},
		{"GMC Truck", maps.Allies, "A4", 0, ""},
		{"Tiger I", maps.Axis, "F3", 0, ""},
		{"German Rifle Squad", maps.Axis, "L3", 0, ""},
	}
	b := fixture{grid: openMap12, units: us, turns: 8, props: map[string]string{"victory": "allies destroy 2"}}.battle(t)
	d := newDecision(t, b, maps.Allies)
	for _, tt := range []struct {
		id   battle.UnitID
		want []string
	}{
		{1, []string{"F3"}},
		{2, []string{"L3"}},
		{3, []string{"F3", "L3"}},
		{4, nil},
	} {
		var goals []string
		for _, h := range d.objectives(b.Unit(tt.id)) {
			goals = append(goals, b.Board().Label(h))
		}
		if !slices.Equal(goals, tt.want) {
			t.Errorf("%s: goals %v, want %v", b.Unit(tt.id).Label(), goals, tt.want)
		}
	}
}
