package ai

import (
	"math"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// TestWeighStakes: kills and losses are scaled by how many kills each
// side still needs under its destroy clause.
func TestWeighStakes(t *testing.T) {
	units := []unitAt{
		{"M4A3E8", maps.Allies, "A1", board.DirS, ""},
		{"M4A3E8", maps.Allies, "A2", board.DirS, ""},
		{"M4A3E8", maps.Allies, "A3", board.DirS, ""},
		{"Pz IV H", maps.Axis, "H1", board.DirS, ""},
		{"Pz IV H", maps.Axis, "H2", board.DirS, ""},
		{"Pz IV H", maps.Axis, "H3", board.DirS, ""},
	}
	tests := []struct {
		name                string
		victory             string
		lostAllies, lostAxi int
		wantKill, wantLoss  float64
	}{
		{"no clauses", "", 0, 0, 1, 1},
		{"hold only", "allies hold D3; axis otherwise", 1, 1, 1, 1},
		{"both destroy, none lost", "allies destroy 3; axis destroy 3", 0, 0, 1, 1},
		{"allies need one more kill", "allies destroy 3; axis destroy 3", 0, 2, 3, 1},
		{"allies can lose one more", "allies destroy 3; axis destroy 3", 2, 1, 1.5, 3},
		{"only the axis destroys", "allies hold D3; axis destroy 2", 1, 0, 1, 2},
		{"the axis needs twice the kills", "allies destroy 2; axis destroy 4", 0, 0, 2, 1},
		{"the allies need twice the kills", "allies destroy 4; axis destroy 2", 1, 0, 1, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: units, turns: 5, props: map[string]string{"victory": tt.victory}}.battle(t)
			for i := range tt.lostAllies {
				b.Unit(battle.UnitID(1 + i)).Eliminated = true
			}
			for i := range tt.lostAxi {
				b.Unit(battle.UnitID(4 + i)).Eliminated = true
			}
			v := newView(b, &memo{}, maps.Allies)
			v.weighStakes()
			if v.killScale != tt.wantKill || v.lossScale != tt.wantLoss {
				t.Errorf("killScale, lossScale = %v, %v, want %v, %v", v.killScale, v.lossScale, tt.wantKill, tt.wantLoss)
			}
		})
	}
}

// TestStakesOfSeveral: units eliminated by one roll count each at the
// scale of its own place on the way to a destroy goal (the mean of those
// scales times their worth): with two kills still needed of three, two at
// once count 3/2 and 3/1; with three losses left, two at once cost 3/3
// and 3/2. Without a destroy clause each counts 1.
func TestStakesOfSeveral(t *testing.T) {
	units := []unitAt{
		{"US Rifle Squad", maps.Allies, "A1", 0, ""},
		{"German Rifle Squad", maps.Axis, "H1", 0, ""},
		{"German Rifle Squad", maps.Axis, "H2", 0, ""},
		{"German Rifle Squad", maps.Axis, "H3", 0, ""},
	}
	for _, tt := range []struct {
		victory          string
		lostAxis, n      int
		worth            float64
		wantKills, wantL float64
	}{
		{"", 0, 2, 2, 2, 2},
		{"allies destroy 3; axis destroy 3", 1, 2, 2, (1.5 + 3) / 2 * 2, (1 + 1.5) / 2 * 2},
		{"allies destroy 3; axis destroy 3", 1, 1, 1, 1.5, 1},
		{"allies destroy 3; axis destroy 3", 2, 3, 3, 3 * 3, (1 + 1.5 + 3) / 3 * 3}, // past the goal: the decisive scale
		{"allies destroy 3; axis destroy 3", 0, 0, 0, 0, 0},
	} {
		b := fixture{grid: openMap, units: units, turns: 5, props: map[string]string{"victory": tt.victory}}.battle(t)
		for i := range tt.lostAxis {
			b.Unit(battle.UnitID(2 + i)).Eliminated = true
		}
		v := newView(b, &memo{}, maps.Allies)
		v.weighStakes()
		if got := v.killsWorth(tt.n, tt.worth); got != tt.wantKills {
			t.Errorf("%q, %d lost: killsWorth(%d, %v) = %v, want %v", tt.victory, tt.lostAxis, tt.n, tt.worth, got, tt.wantKills)
		}
		if got := v.lossesWorth(tt.n, tt.worth); got != tt.wantL {
			t.Errorf("%q: lossesWorth(%d, %v) = %v, want %v", tt.victory, tt.n, tt.worth, got, tt.wantL)
		}
	}
}

// TestExposure: a move draws one shot from every enemy that has not fired,
// at the point of the path where that shot is best; a stay draws its
// Defensive Fire where the unit stands.
func TestExposure(t *testing.T) {
	// Woods in D2–D5 hide column C and west of it from a gun in G3.
	grid := `
. . . . . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . W . . . .
. . . . . . . .
`
	b := fixture{grid: grid, turns: 5, units: []unitAt{
		{"M4A3E8", maps.Allies, "C3", board.DirN, ""},
		{"Pz IV H", maps.Axis, "G3", board.DirNW, ""},
	}}.battle(t)
	u, e := b.Unit(1), b.Unit(2)
	v := newView(b, &memo{}, maps.Allies)
	pose := func(label string, f board.Direction) board.Pose {
		return board.Pose{Hex: battletest.Hex(t, b, label), Facing: f}
	}
	// South along column C to C6, which the Pz IV sees past the woods, and
	// back north-west into hiding.
	c6 := pose("C6", board.DirS)
	back := board.Pose{Hex: c6.Hex.Neighbor(board.DirNW), Facing: board.DirNW}
	open := v.enemyShot(e, u, c6, false)
	if open <= 0 || v.enemyShot(e, u, back, false) != 0 {
		t.Fatalf("fixture: shots at C6 and %s = %v, %v, want > 0 and 0", b.Board().Label(back.Hex), open, v.enemyShot(e, u, back, false))
	}
	tests := []struct {
		name string
		path []board.Pose
		want float64
	}{
		{"stay hidden", nil, 0},
		{"behind the woods", []board.Pose{pose("C4", board.DirS), pose("C5", board.DirS)}, 0},
		{"out into the open and back", []board.Pose{pose("C4", board.DirS), pose("C5", board.DirS), c6, back}, open},
		{"ends in the open", []board.Pose{pose("C4", board.DirS), pose("C5", board.DirS), c6}, open},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := v.exposure(u, u.Pose, tt.path); math.Abs(have-tt.want) > 1e-12 {
				t.Errorf("exposure = %v, want %v", have, tt.want)
			}
		})
	}
	t.Run("enemy has fired", func(t *testing.T) {
		e.Markers |= battle.Fired
		defer func() { e.Markers &^= battle.Fired }()
		path := []board.Pose{pose("C4", board.DirS), pose("C5", board.DirS), c6}
		if have := v.exposure(u, u.Pose, path); have != 0 {
			t.Errorf("exposure = %v, want 0", have)
		}
	})
}

// TestFireOrMove: in its own Fire phase an exposed tank with a poor shot
// keeps its move to get out of sight (the woods in E3–G3 hide D3 from H4);
// with a good shot it fires.
func TestFireOrMove(t *testing.T) {
	grid := `
. . . . . . . .
. . . . . . . .
. . . . W W W .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	tests := []struct {
		name        string
		enemyFacing board.Direction
		fired       bool
	}{
		{"Tiger front on: hide", board.DirNW, false},
		{"Tiger rear on: fire", board.DirSE, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: grid, turns: 5, units: []unitAt{
				{"M4A3E8", maps.Allies, "D4", board.DirNE, ""},
				{"Tiger I", maps.Axis, "H4", tt.enemyFacing, "hold"},
			}}.battle(t)
			op, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			orders := play(t, b, op, phaseIs(maps.Allies, battle.Movement))
			if have := firedBy(orders, 1); have != tt.fired {
				t.Errorf("fired = %v, want %v (orders %v)", have, tt.fired, orders)
			}
		})
	}
}

// TestPinsBeforeTheAssault: in the allies' own Fire phase a pin of the
// German squad in F3 is worth pinFollowUp more while an allied squad may
// close-assault it before it rallies (next to it, or within three hexes
// and free to move there): a pinned defender is lost outright in the
// assault. Farther off, or in the Defensive Fire phase, a pin is worth
// pinWorth.
func TestPinsBeforeTheAssault(t *testing.T) {
	for _, tt := range []struct {
		at      string
		defence bool
		want    float64
	}{
		{"E3", false, pinWorth + pinFollowUp},
		{"C3", false, pinWorth + pinFollowUp},
		{"A3", false, pinWorth},
		{"E3", true, pinWorth},
	} {
		us := []unitAt{
			{"US Rifle Squad", maps.Allies, tt.at, 0, ""},
			{"German Rifle Squad", maps.Axis, "F3", 0, "hold"},
		}
		b := fixture{grid: openMap, units: us, turns: 5}.battle(t)
		phase := battle.FirePhase
		if tt.defence {
			phase = battle.DefensiveFire
		}
		play(t, b, Random{EndChance: 1}, func(b *battle.Battle) bool { return b.Phase() == phase && b.Acting() == maps.Allies })
		v := newView(b, &memo{}, maps.Allies)
		if got := v.fateWorth(combat.FatePinned, b.Unit(2)) / v.worth(b.Unit(2)); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("the squad in %s, defensive fire %v: a pin worth %v, want %v", tt.at, tt.defence, got, tt.want)
		}
	}
}
