package game

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

// fogMap is 16 columns of open ground with woods in P2 and crops in
// O3–P4.
const fogMap = `
. . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . W
. . . . . . . . . . . . . . c c
. . . . . . . . . . . . . . c c
. . . . . . . . . . . . . . . .
`

// fogBattle is, under fog (or in the open), an M4 in C2 with a Tiger in
// the open in M1 in its sight (spotted), and two German squads further
// than it can make them out: one in the woods of P2, one set up hidden in
// the crops of hidden.
func fogBattle(t *testing.T, fog battle.FogSetting, hidden string) *battle.Battle {
	t.Helper()
	bd := board.MustParseASCII(board.DefaultLayout, fogMap)
	sc := &maps.Scenario{Path: "fog.tmx", Title: "fog", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
	for i, u := range []struct {
		typ    string
		side   maps.Side
		hex    string
		hidden bool
	}{
		{"M4A3E8", maps.Allies, "C2", false},
		{"Tiger I", maps.Axis, "M1", false},
		{"German Rifle Squad", maps.Axis, "P2", false},
		{"German Rifle Squad", maps.Axis, hidden, true},
	} {
		h, err := bd.ParseHex(u.hex)
		if err != nil {
			t.Fatal(err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: board.DirSW, Hidden: u.hidden})
	}
	b, err := battle.New(sc, testCatalogue, battle.Config{Seed: 1, Fog: fog})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGameShowsOnlyTheView: under fog the game reads the battle as the
// side it shows knows it. The Allies' screen holds the M4 and the spotted
// Tiger, not the squads; the hand-over screen comes
// though the settings turn it off; and the Allies' screen is the same,
// pixel for pixel, wherever the hidden squad lies (in the open it is not).
func TestGameShowsOnlyTheView(t *testing.T) {
	opts := Options{Scripted: true, Size: image.Pt(1280, 800)}
	g, err := New(fogBattle(t, battle.FogOn, "P3"), opts)
	if err != nil {
		t.Fatal(err)
	}
	var ids []battle.UnitID
	for _, u := range g.battle.Units() {
		ids = append(ids, u.ID)
	}
	if len(ids) != 2 || ids[0] != 1 || ids[1] != 2 || g.battle.Unit(3) != nil || g.battle.Unit(4) != nil {
		t.Errorf("the Allies' screen knows units %v, want the M4 and the Tiger", ids)
	}
	if !g.play.handOver {
		t.Error("under fog the hand-over screen is off")
	}
	if !strings.Contains(logText(g), "seed kept by the umpire") {
		t.Errorf("the log's heading under fog: %q", g.play.log.lines[0].text)
	}

	screens := map[battle.FogSetting][2][]byte{}
	for _, fog := range []battle.FogSetting{battle.FogOn, battle.FogOff} {
		var pix [2][]byte
		for i, hidden := range []string{"P3", "O4"} {
			g := shotGame(t, fogBattle(t, fog, hidden), "C2", "")
			pix[i] = frame(g).Pix
		}
		screens[fog] = pix
	}
	if on := screens[battle.FogOn]; !bytes.Equal(on[0], on[1]) {
		t.Error("under fog the Allies' screen changes with where the hidden squad lies")
	}
	if off := screens[battle.FogOff]; bytes.Equal(off[0], off[1]) {
		t.Error("in the open the screen does not show where the squad lies: the test cannot tell")
	}
}

// TestLogShowsEachSideItsPart: the hidden squad's move out of the crops,
// out of the M4's sight, is in the Axis player's part of the log and not
// in the Allies', nor in their summary of the Axis turn.
func TestLogShowsEachSideItsPart(t *testing.T) {
	g := shotGame(t, fogBattle(t, battle.FogOn, "P3"), "", "")
	for g.play.view.Acting != maps.Axis || g.battle.Phase() != battle.Movement {
		if !g.issue(battle.EndPhase{}) {
			t.Fatal(g.play.toast)
		}
	}
	if g.play.view.Side != maps.Axis {
		t.Fatalf("hot-seat: the screen shows the %s in the Axis Movement phase", g.play.view.Side)
	}
	to := hexOf(t, g.battle, "P4")
	if !g.issue(battle.Move{Unit: 4, Path: []board.Pose{{Hex: to, Facing: board.DirSW}}}) {
		t.Fatal(g.play.toast)
	}
	const moved = "German Rifle Squad #4 moves P3 → P4"
	read := func(side maps.Side) string {
		var s []string
		for _, l := range g.play.log.lines {
			if l.readableBy(side) {
				s = append(s, l.text)
			}
		}
		return strings.Join(s, "\n")
	}
	if !strings.Contains(read(maps.Axis), moved) {
		t.Errorf("the Axis part of the log lacks %q:\n%s", moved, read(maps.Axis))
	}
	if strings.Contains(read(maps.Allies), "#4") {
		t.Errorf("the Allies' part of the log tells of the hidden squad:\n%s", read(maps.Allies))
	}
	for g.play.view.Acting != maps.Allies {
		if !g.issue(battle.EndPhase{}) {
			t.Fatal(g.play.toast)
		}
	}
	for _, l := range g.play.summary {
		if strings.Contains(l.text, "#4") {
			t.Errorf("the Allies' summary tells of the hidden squad: %q", l.text)
		}
	}
}
