package ai

import (
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
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
