package game

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui/uitest"
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

// fogBattle is, under fog (or in the open), an M4 in m4 (C2: the Tiger in
// the open in M1 in its sight, both German squads too far to make out;
// K2: the squad in the woods of P2 five hexes off a contact), a Tiger in
// M1, a German squad in the woods of P2 and one set up hidden in the crops
// of hidden.
func fogBattle(t *testing.T, fog battle.FogSetting, m4, hidden string) *battle.Battle {
	t.Helper()
	return concealedBattle(t, fogMap, battle.Config{Seed: 1, Fog: fog}, []concealed{
		{"M4A3E8", maps.Allies, m4, false},
		{"Tiger I", maps.Axis, "M1", false},
		{"German Rifle Squad", maps.Axis, "P2", false},
		{"German Rifle Squad", maps.Axis, hidden, true},
	})
}

// concealed is a unit of a test battle, set up hidden or not.
type concealed struct {
	typ    string
	side   maps.Side
	hex    string
	hidden bool
}

// concealedBattle is a battle on the ASCII map grid with units us, facing
// south-west, as cfg says.
func concealedBattle(t *testing.T, grid string, cfg battle.Config, us []concealed) *battle.Battle {
	t.Helper()
	bd := board.MustParseASCII(board.DefaultLayout, grid)
	sc := &maps.Scenario{Path: "fog.tmx", Title: "fog", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
	for i, u := range us {
		h, err := bd.ParseHex(u.hex)
		if err != nil {
			t.Fatal(err)
		}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: u.typ, Side: u.side, Hex: h, Facing: board.DirSW, Hidden: u.hidden})
	}
	b, err := battle.New(sc, testCatalogue, cfg)
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
	g, err := New(fogBattle(t, battle.FogOn, "C2", "P3"), opts)
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
			g := shotGame(t, fogBattle(t, fog, "C2", hidden), "C2", "")
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
	g := shotGame(t, fogBattle(t, battle.FogOn, "C2", "P3"), "", "")
	for g.play.view.Acting != maps.Axis || g.battle.Phase() != battle.Movement {
		if !g.issue(battle.EndPhase{}) {
			t.Fatal(g.play.toast)
		}
	}
	if g.play.view.Side != maps.Axis {
		t.Fatalf("hot-seat: the screen shows the %s in the Axis Movement phase", g.play.view.Side)
	}
	to := battletest.Hex(t, g.battle, "P4")
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

// TestSightingsDrawn: the Allies' screen draws their contact (the squad in
// the woods of P2, from the M4 in K2) and their last sighting of the squad
// that stepped out of the woods of F3 into E3 and went back behind them
// next turn, each at its hex, and nothing else changes for them.
func TestSightingsDrawn(t *testing.T) {
	g := alliedScreen(t, fogBattle(t, battle.FogOn, "K2", "P3"))
	sightings := boardview.Sightings(g.play.view)
	if len(sightings) != 1 || sightings[0].Known != battle.Contact || g.board.Label(sightings[0].Pose.Hex) != "P2" {
		t.Fatalf("the Allies' sightings %+v, want the contact in P2", sightings)
	}
	checkDrawnAt(t, g, "P2", "contact")
	if got := sightingText(sightings[0]); got != "contact: something is there" {
		t.Errorf("the bar over the contact says %q", got)
	}

	g = alliedScreen(t, fixtureOnScreen(t))
	move := func(hexes ...string) {
		t.Helper()
		for g.play.view.Acting != maps.Axis || g.battle.Phase() != battle.Movement || g.play.view.Phasing != maps.Axis {
			if !g.issue(battle.EndPhase{}) {
				t.Fatal(g.play.toast)
			}
		}
		var path []board.Pose
		for _, h := range hexes {
			path = append(path, board.Pose{Hex: battletest.Hex(t, g.battle, h), Facing: board.DirSW})
		}
		if !g.issue(battle.Move{Unit: 2, Path: path}) {
			t.Fatal(g.play.toast)
		}
		for g.battle.Moving() != nil {
			if !g.issue(battle.Pass{}) {
				t.Fatal(g.play.toast)
			}
		}
		if !g.issue(battle.EndPhase{}) {
			t.Fatal(g.play.toast)
		}
	}
	move("E3")
	move("F3", "G3")
	sightings = boardview.Sightings(g.play.view)
	if len(sightings) != 1 || sightings[0].Known != battle.Unknown || sightings[0].Turn != 2 || g.board.Label(sightings[0].Pose.Hex) != "F3" {
		t.Fatalf("the Allies' sightings %+v, want the squad last seen in F3 in turn 2", sightings)
	}
	checkDrawnAt(t, g, "F3", "last-seen")
	if got := sightingText(sightings[0]); got != "last seen: German Rifle Squad #2, turn 2" {
		t.Errorf("the bar over the last sighting says %q", got)
	}
}

// alliedScreen is a screenshot's game of b showing the Allies' view, with
// no hand-over screen.
func alliedScreen(t *testing.T, b *battle.Battle) *Game {
	t.Helper()
	g, err := New(b, Options{Scripted: true, Size: image.Pt(1280, 800), Viewer: maps.Allies})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	g.refresh()
	return g
}

// screenGrid has a block of woods in F2–G4 between open ground to the
// west and to the east.
const screenGrid = `
. . . . . . . . . .
. . . . . W W . . .
. . . . . W W . . .
. . . . . W W . . .
. . . . . . . . . .
`

// fixtureOnScreen is an M4 in B3 and a German squad set up hidden in the
// woods of F3, under fog.
func fixtureOnScreen(t *testing.T) *battle.Battle {
	t.Helper()
	return concealedBattle(t, screenGrid, battle.Config{Seed: 1, Fog: battle.FogOn}, []concealed{
		{"M4A3E8", maps.Allies, "B3", false},
		{"German Rifle Squad", maps.Axis, "F3", true},
	})
}

// checkDrawnAt renders g with and without the view's sightings: the
// pictures differ at the hex labelled at and nowhere far from it.
func checkDrawnAt(t *testing.T, g *Game, at, name string) {
	t.Helper()
	g.mapCache.Invalidate()
	with := frame(g)
	uitest.SavePNG(t, name+".png", with)
	enemy := g.play.view.Enemy
	g.play.view.Enemy = nil
	g.mapCache.Invalidate()
	without := frame(g)
	g.play.view.Enemy = enemy
	h := battletest.Hex(t, g.battle, at)
	v := BoardView{g: g, Board: g.board, Camera: g.cam}
	cx, cy := v.HexCenter(h)
	r := v.HexRadius()
	near, far := 0, 0
	b := with.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			i := with.PixOffset(x, y)
			if bytes.Equal(with.Pix[i:i+4], without.Pix[i:i+4]) {
				continue
			}
			if dx, dy := float64(x)-cx, float64(y)-cy; dx*dx+dy*dy <= 4*r*r {
				near++
			} else {
				far++
			}
		}
	}
	if near < int(r) || far > 0 {
		t.Errorf("%s: %d pixels drawn near %s, %d elsewhere; want it drawn at its hex only", name, near, at, far)
	}
}
