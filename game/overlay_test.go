package game

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/boardview"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// zoomedGame returns a scripted 1280×800 game on b with the given
// selection and hover, the camera at zoom with hex centre on the middle of
// the map area, and its preview worked out.
func zoomedGame(t *testing.T, b *battle.Battle, sel, hover, centre string, zoom float64) *Game {
	t.Helper()
	g := shotGame(t, b, sel, hover)
	h, err := b.Board().ParseHex(centre)
	if err != nil {
		t.Fatal(err)
	}
	x, y := b.Board().Layout.Center(h)
	g.cam = boardview.Camera{Zoom: zoom}
	sx, sy := g.cam.WorldToScreen(x, y)
	g.cam.Pan(float64(g.view.Min.X+g.view.Max.X)/2-sx, float64(g.view.Min.Y+g.view.Max.Y)/2-sy)
	return g
}

// screenAt returns where the world point (x, y) lands on g's screen.
func screenAt(g *Game, x, y float64) image.Point {
	sx, sy := g.cam.WorldToScreen(x, y)
	return image.Pt(int(math.Round(sx)), int(math.Round(sy)))
}

func TestHoverUnderCounters(t *testing.T) {
	// The M4A3E8 in B2 selected, the German squad in E3 hovered: the hover
	// wash and the line of sight from B2 run under the squad's counter.
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirNE},
		placed{"German Rifle Squad", maps.Axis, "E3", 0},
	)
	const zoom = 2
	hovered := frame(zoomedGame(t, b, "B2", "E3", "D3", zoom))
	g := zoomedGame(t, b, "B2", "", "D3", zoom)
	plain := frame(g)

	e3, _ := b.Board().ParseHex("E3")
	cx, cy := b.Board().Layout.Center(e3)
	s := g.counters.Size(boardview.Camera{Zoom: 1}) // counter size in world pixels
	// A point of the counter's body on the line from B2, left of the symbol.
	b2, _ := b.Board().ParseHex("B2")
	bx, by := b.Board().Layout.Center(b2)
	k := 0.36 * s / math.Hypot(bx-cx, by-cy)
	body := screenAt(g, cx+(bx-cx)*k, cy+(by-cy)*k)
	if have, want := hovered.RGBAAt(body.X, body.Y), plain.RGBAAt(body.X, body.Y); !uitest.ColourNear(have, want, 8) {
		t.Errorf("counter body at %v = %v, want %v as without the hover (no wash, no line over it)", body, have, want)
	}
	// Below the counter, inside the hover ring, the hex is washed.
	below := screenAt(g, cx, cy+0.45*float64(b.Board().Layout.TileHeight))
	base := plain.RGBAAt(below.X, below.Y)
	if have, want := hovered.RGBAAt(below.X, below.Y), uitest.Over(base, colHover); !uitest.ColourNear(have, want, 3) {
		t.Errorf("colour below the counter at %v = %v, want the wash %v over %v", below, have, want, base)
	}
}

func TestLOSHexsideMarks(t *testing.T) {
	// E4 → C1 on the default map runs along hexsides: the hexes it only
	// touches are outlined, magenta on the left and lime on the right.
	b := defaultBattle(t)
	g := zoomedGame(t, b, "E4", "C1", "D3", 3)
	shot := frame(g)
	los := g.play.pv.los
	if los == nil || !los.AlongHexside || len(los.Left) == 0 || len(los.Right) == 0 {
		t.Fatalf("LOS E4 → C1 = %+v: want one along a hexside with hexes on both sides (the fixture moved)", los)
	}
	fx, fy := b.Board().Layout.Center(los.From)
	tx, ty := b.Board().Layout.Center(los.To)
	// edgePoint returns a point just inside the hexside of h farthest from
	// the line, clear of the line and of the marks on it.
	edgePoint := func(h board.Hex) image.Point {
		cx, cy := b.Board().Layout.Center(h)
		best, far := image.Point{}, -1.0
		for d := range board.Direction(6) {
			mx, my := g.layer.EdgeMid(h, d)
			if dist := segmentDistance(mx, my, fx, fy, tx, ty); dist > far {
				k := 0.04
				best, far = screenAt(g, mx+(cx-mx)*k, my+(cy-my)*k), dist
			}
		}
		return best
	}
	for _, side := range []struct {
		name  string
		hexes []board.Hex
		want  color.RGBA
	}{{"left", los.Left, colLOSLeft}, {"right", los.Right, colLOSRight}} {
		for _, h := range side.hexes {
			t.Run(side.name+"/"+b.Board().Label(h), func(t *testing.T) {
				p := edgePoint(h)
				if have := shot.RGBAAt(p.X, p.Y); !uitest.ColourNear(have, side.want, 8) {
					t.Errorf("colour inside the edge of %s at %v = %v, want %v", b.Board().Label(h), p, have, side.want)
				}
			})
		}
	}
	if s := g.play.pv.losStatus; !strings.Contains(s, "along a hexside") {
		t.Errorf("status %q does not say the line runs along a hexside", s)
	}
}

// segmentDistance is the distance from (px, py) to the segment (ax, ay)–(bx, by).
func segmentDistance(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	k := max(0, min(1, ((px-ax)*dx+(py-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(px-ax-k*dx, py-ay-k*dy)
}

func TestNextTarget(t *testing.T) {
	// Two enemy units in E3: the Tiger first (armour is what AT fire is
	// for), then the squad, then the Tiger again.
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirNE},
		placed{"German Rifle Squad", maps.Axis, "E3", 0},
		placed{"Tiger I", maps.Axis, "E3", board.DirSW},
	)
	e3, _ := b.Board().ParseHex("E3")
	squad, tiger := b.UnitsAt(e3)[0], b.UnitsAt(e3)[1]
	if squad.Type.Name != "German Rifle Squad" {
		squad, tiger = tiger, squad
	}
	for turn, want := range []*battle.Unit{tiger, squad, tiger} {
		var pv preview
		pv.update(b, previewKey{version: 1, unit: 1, hover: e3, hasHover: true, target: turn})
		if pv.target != want || pv.targets != 2 {
			t.Errorf("target after %d presses = %v of %d, want %v of 2", turn, pv.target.Label(), pv.targets, want.Label())
		}
		if len(pv.tip) < 2 || !strings.Contains(pv.tip[1].text, "of 2 in E3") {
			t.Errorf("fire preview line 2 = %+v, want the target's place in the stack", pv.tip[1:2])
		}
		c := clickCommand(b, b.Unit(1), e3, &pv, modeNormal, false)
		if f, ok := c.order.(battle.Fire); !ok || f.Target != want.ID {
			t.Errorf("click after %d presses = %+v, want fire at %v", turn, c, want.Label())
		}
	}

	g := shotGame(t, b, "B2", "E3")
	var in Intents
	in.Triggered[ActionNextTarget] = true
	g.apply(in)
	g.refresh()
	if g.play.pv.target.ID != squad.ID {
		t.Errorf("target after C = %v, want %v", g.play.pv.target.Label(), squad.Label())
	}
	g.hovered, _ = b.Board().ParseHex("E4")
	g.refresh()
	g.hovered = e3
	g.refresh()
	if g.play.pv.target.ID != tiger.ID {
		t.Errorf("target after hovering away and back = %v, want the default %v", g.play.pv.target.Label(), tiger.Label())
	}
}

func TestLoadOffInReplay(t *testing.T) {
	played := defaultBattle(t)
	if _, err := played.Apply(battle.EndPhase{}); err != nil {
		t.Fatal(err)
	}
	g, err := New(defaultBattle(t), Options{Replay: played, SavePath: t.TempDir() + "/save.json"})
	if err != nil {
		t.Fatal(err)
	}
	g.save()
	g.replayForward()
	before := g.battle
	var in Intents
	in.Triggered[ActionLoadSave] = true
	g.apply(in)
	if g.battle != before || g.play.replay.at != 1 || !strings.Contains(g.play.toast, "F9 is off") {
		t.Errorf("F9 in the replay: battle replaced %v, replay at %d, toast %q; want the replay kept at 1 and a note",
			g.battle != before, g.play.replay.at, g.play.toast)
	}
}

func TestCachesRedrawOnlyOnChange(t *testing.T) {
	b := defaultBattle(t)
	g := shotGame(t, b, "E4", "C1")
	screen := ebiten.NewImage(1280, 800)
	defer screen.Deallocate()
	steps := []struct {
		name       string
		change     func()
		mapN, hudN int // redraws so far
	}{
		{"first frame", func() {}, 1, 1},
		{"still frame", func() {}, 1, 1},
		{"still frame after Update", func() {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}, 1, 1},
		{"hover moved", func() { g.hovered, _ = b.Board().ParseHex("N7"); g.refresh() }, 2, 2},
		{"camera panned", func() { g.cam.Pan(5, 0) }, 3, 2},
		{"zoomed: the status bar shows the zoom", func() { g.cam.ZoomAt(600, 400, 1.2) }, 4, 3},
		{"labels off", func() { g.showLabels = false }, 5, 3},
		{"order given", func() { g.issue(battle.EndPhase{}); g.refresh() }, 6, 4},
	}
	for _, s := range steps {
		s.change()
		g.Draw(screen)
		if g.mapCache.Redraws() != s.mapN || g.hudCache.Redraws() != s.hudN {
			t.Errorf("%s: map and HUD redrawn %d and %d times, want %d and %d", s.name, g.mapCache.Redraws(), g.hudCache.Redraws(), s.mapN, s.hudN)
		}
	}
}
