package game

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/boardview"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// sniperGrid: woods in B3 for the Germans, a building in E3 for the
// Americans' sniper.
const sniperGrid = `
. . . . . .
. . . . . .
. W . . B .
. . . . . .
. . . . . .
`

// sniperInPlay is a battle on sniperGrid in which the Germans in B3 rolled
// a natural 12 at the Americans in D3, bringing the Allies' sniper into
// E3 (its 1 did nothing, the Germans' check of 1 failed); the dice after
// those show 1.
func sniperInPlay(t *testing.T) *battle.Battle {
	t.Helper()
	faces := []int{6, 6, 1, 1}
	for range 40 {
		faces = append(faces, 1)
	}
	b := gridBattle(t, board.DefaultLayout, sniperGrid, map[string]string{"sniper_allies": "1"},
		battle.Config{Dice: combat.NewFixedDice(faces...)},
		placed{"US Rifle Squad", maps.Allies, "D3", 0},
		placed{"German Rifle Squad", maps.Axis, "B3", 0},
		placed{"German Rifle Squad", maps.Axis, "B3", 0},
	)
	toBattlePhase(t, b, maps.Axis, battle.FirePhase)
	d3, _ := b.Board().ParseHex("D3")
	if _, err := b.Apply(battle.FireAP{Units: []battle.UnitID{2}, Target: d3}); err != nil {
		t.Fatal(err)
	}
	return b
}

// toBattlePhase ends phases until side's phase p.
func toBattlePhase(t *testing.T, b *battle.Battle, side maps.Side, p battle.Phase) {
	t.Helper()
	for b.Phasing() != side || b.Phase() != p {
		if _, err := b.Apply(battle.EndPhase{}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSniperKey: Space's question while the German moves counts one's
// sniper; Shift+P fires it at him (rules 17.4), and in one's own Advance
// phase asks, then withdraws it (17.3).
func TestSniperKey(t *testing.T) {
	b := sniperInPlay(t)
	toBattlePhase(t, b, maps.Axis, battle.Movement)
	c3, _ := b.Board().ParseHex("C3")
	if _, err := b.Apply(battle.Move{Unit: 3, Path: []board.Pose{{Hex: c3, Facing: b.Unit(3).Pose.Facing}}}); err != nil {
		t.Fatal(err)
	}
	g, err := New(b, Options{Size: image.Pt(1280, 800), Scripted: true})
	if err != nil {
		t.Fatal(err)
	}
	g.endPhaseKey(nil)
	if g.ask == nil || !strings.Contains(g.ask.Text, "and your sniper (Shift+P) could fire") {
		t.Fatalf("Space while the German moves asks %+v, want the sniper counted among those who could fire", g.ask)
	}
	g.ask = nil
	g.snipeKey(nil)
	if o := b.Orders(); o[len(o)-1] != (battle.Snipe{}) {
		t.Fatalf("Shift+P gave %#v, want the sniper's shot", o[len(o)-1])
	}
	toBattlePhase(t, b, maps.Allies, battle.AdvancePhase)
	g.look() // the phases were ended on the battle itself, past the game
	g.snipeKey(nil)
	if g.ask == nil || !strings.Contains(g.ask.Text, "Withdraw your sniper from E3") {
		t.Fatalf("Shift+P in the Advance phase asks %+v, want whether to withdraw the sniper", g.ask)
	}
	g.ask.Yes()
	if _, on := b.SniperAt(maps.Allies); on {
		t.Error("the sniper is still in play after its withdrawal")
	}
}

// TestSniperMarker: a sniper in play is drawn in its hex (rules 17.2: the
// marker is in plain view), a sight picture in its side's colour at the
// hex's lower right.
func TestSniperMarker(t *testing.T) {
	b := sniperInPlay(t)
	h, ok := b.SniperAt(maps.Allies)
	if !ok || b.Board().Label(h) != "E3" {
		t.Fatalf("the sniper is in %s (in play: %v), want the building in E3", b.Board().Label(h), ok)
	}
	g := shotGame(t, b, "", "")
	img := frame(g)
	uitest.SavePNG(t, "sniper.png", img)
	c := hexScreen(g, "E3")
	hexPx := g.layer.HexHeight() * g.cam.Zoom
	cx, cy := float64(c.X)+0.24*hexPx, float64(c.Y)+0.2*hexPx
	r := 0.22 * g.counters.Size(g.cam)
	side := boardview.SideColour(maps.Allies)
	sight := color.RGBA{0xf4, 0xf0, 0xe6, 0xff} // the pale disc of the sight picture
	for _, p := range []struct {
		what   string
		dx, dy float64
		want   color.RGBA
	}{
		{"ring", 0.6 * r, 0.6 * r, side},
		{"sight", 0.35 * r, 0.35 * r, sight},
		{"cross hair", 0.5 * r, 0, side},
	} {
		if have := img.RGBAAt(int(cx+p.dx), int(cy+p.dy)); !uitest.ColourNear(have, p.want, 8) {
			t.Errorf("sniper marker %s = %v, want %v", p.what, have, p.want)
		}
	}
}
