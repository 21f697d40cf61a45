package ai

import (
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	_ "hexfire/combat/d20" // the StuG case
	"hexfire/combat/elimination"
	"hexfire/combat/strikedice"
	"hexfire/maps"
	"hexfire/units"
)

// TestOddsMemosAreBounded: the memos of AT and AP odds start over once
// they hold maxOddsMemo entries, so that a long battle does not grow them
// without end, and what they give after is the odds computed afresh.
func TestOddsMemosAreBounded(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "B5", board.DirN, ""},
		{"Tiger I", maps.Axis, "B2", board.DirS, ""},
		{"German Rifle Squad", maps.Axis, "D3", board.DirS, ""},
	}}.battle(t)
	sherman, tiger, squad := b.Unit(1), b.Unit(2), b.Unit(3)
	fresh := newDecision(t, b, maps.Allies)
	wantAT := fresh.shotOdds(sherman, sherman.Pose, tiger, tiger.Pose)
	wantAP := fresh.apShot(sherman, sherman.Pose, squad, squad.Pose, false)
	if wantAT.destroy <= 0 || wantAP <= 0 {
		t.Fatalf("fixture: AT odds %+v, AP worth %v; want both above 0", wantAT, wantAP)
	}

	d := newDecision(t, b, maps.Allies)
	clear(d.m.odds)
	clear(d.m.apOdds)
	for i := range maxOddsMemo {
		d.m.odds[combat.Shot{Range: -1 - i}] = shotChances{}
		d.m.apOdds[apKey{attack: combat.APAttack{APFP: -1 - i}}] = fateOdds{}
	}
	if have := d.shotOdds(sherman, sherman.Pose, tiger, tiger.Pose); have != wantAT {
		t.Errorf("AT odds from a full memo %+v, want %+v", have, wantAT)
	}
	if have := d.apShot(sherman, sherman.Pose, squad, squad.Pose, false); have != wantAP {
		t.Errorf("AP worth from a full memo %v, want %v", have, wantAP)
	}
	if len(d.m.odds) != 1 || len(d.m.apOdds) != 1 {
		t.Errorf("memos hold %d AT and %d AP entries after a new one each, want 1 and 1 (bound %d)", len(d.m.odds), len(d.m.apOdds), maxOddsMemo)
	}
}

// TestUnitMemosFollowTheUnit: what the opponent memoises of a unit's
// weapons (its AT weapon's reach and strength, its AP reach) is the same,
// once the unit has changed, as a fresh memo works out: the memos keep
// nothing of where the unit stood when first asked, and start over when
// its support weapon changes hands or a vehicle's states change what it
// may fire. Unit 1 of each battle changes between the two asks.
func TestUnitMemosFollowTheUnit(t *testing.T) {
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	halfSquad, err := cat.Lookup("German Rifle Half Squad")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		rules  string
		firer  unitAt
		placed map[string]string
		change func(u *battle.Unit)
		// apReach, when set, is the AP reach the fresh memo must find.
		apReach int
	}{
		{"d20: a StuG first asked facing away", "d20", unitAt{"StuG III G", maps.Axis, "D2", board.DirN, ""}, nil,
			func(u *battle.Unit) { u.Pose.Facing = board.DirS }, 0},
		{"strikedice: a turret first asked facing away", "strikedice", unitAt{"M4A3E8", maps.Axis, "D2", board.DirN, ""}, nil,
			func(u *battle.Unit) { u.Pose.Facing = board.DirS }, 0},
		{"strikedice: a tank's Shock wears off", "strikedice", unitAt{"M4A3E8", maps.Axis, "D2", board.DirS, ""}, nil,
			func(u *battle.Unit) { clear(u.States) }, 0},
		{"a Panzerschreck handed to a squad", "", unitAt{"German Rifle Squad", maps.Axis, "D2", board.DirS, ""}, nil,
			func(u *battle.Unit) { u.SupportWeapon = "Panzerschreck" }, 0},
		{"an MG34 handed to a Panzerschreck team", "", unitAt{"German Panzerschreck Team", maps.Axis, "D2", board.DirS, ""}, nil,
			func(u *battle.Unit) { u.SupportWeapon = "MG34" }, 6}, // the MG's 6 hexes, not the team's own 4
		{"a new type (as a reduced squad's)", "", unitAt{"German Panzerschreck Team", maps.Axis, "D2", board.DirS, ""}, nil,
			func(u *battle.Unit) { u.Type = halfSquad }, 6}, // the half squad's own 6 hexes, not the team's 4
		{"a mortar first asked in a building", "", unitAt{"German Panzerschreck Team", maps.Axis, "A1", board.DirS, ""}, map[string]string{"weapons": "5cm Mortar"},
			func(u *battle.Unit) { u.Pose.Hex.R++ }, 6}, // the mortar's 2-6 hexes, not the team's own 4
	} {
		t.Run(tt.name, func(t *testing.T) {
			const grid = `
B . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
			b := fixture{grid: grid, rules: tt.rules, placed: map[int]map[string]string{0: tt.placed}, units: []unitAt{
				tt.firer,
				{"M4A3E8", maps.Allies, "D5", board.DirN, ""},
				{"US Rifle Squad", maps.Allies, "E5", board.DirN, ""},
			}}.battle(t)
			u := b.Unit(1)
			if tt.rules == "strikedice" {
				u.States = map[string]battle.State{strikedice.Shock: {N: 50}, strikedice.MGSuppressed: {N: 1}}
			}
			d := newDecision(t, b, maps.Allies)
			first, firstReach := *d.weapon(u), d.apReach(u)
			tt.change(u)
			fresh := newDecision(t, b, maps.Allies) // a new opponent, with memos of its own
			want, wantReach := *fresh.weapon(u), fresh.apReach(u)
			got, gotReach := *d.weapon(u), d.apReach(u)
			if tt.apReach != 0 && wantReach != tt.apReach {
				t.Errorf("fresh AP reach %d, want %d", wantReach, tt.apReach)
			}
			if got.ok != want.ok || got.reach != want.reach || got.strength != want.strength || gotReach != wantReach {
				t.Errorf("memoised: ok %v, reach %d, strength %.4f, AP reach %d; fresh: %v, %d, %.4f, %d (first asked: %v, %d, %.4f, %d)",
					got.ok, got.reach, got.strength, gotReach, want.ok, want.reach, want.strength, wantReach,
					first.ok, first.reach, first.strength, firstReach)
			}
		})
	}
}
