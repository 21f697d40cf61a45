package game

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/game/boardview"
	"hexfire/maps"
	"hexfire/units"
)

// playBattle is a battle on a w×h bench board with n units spread over it,
// Allied and Axis tanks and squads alternating.
func playBattle(b *testing.B, w, h, n int) *battle.Battle {
	b.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		b.Fatal(err)
	}
	bd := benchBoard(b, w, h)
	sc := &maps.Scenario{Path: "bench", Title: "bench", Board: bd, HexMetres: maps.DefaultHexMetres,
		Ruleset: maps.DefaultRuleset, FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}}
	types := []struct {
		name string
		side maps.Side
	}{{"M4A3E8", maps.Allies}, {"Tiger I", maps.Axis}, {"US Rifle Squad", maps.Allies}, {"German Rifle Squad", maps.Axis}}
	for i := range n {
		t := types[i%len(types)]
		o := board.Offset{Col: 4 + (i*7)%(w-8), Row: 4 + (i*3)%(h-8)}
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: t.name, Side: t.side, Hex: bd.Layout.ToHex(o), Facing: board.Direction(i % 6)})
	}
	bt, err := battle.New(sc, cat, battle.Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return bt
}

// playFrameCase is a scene of the play-frame benchmarks.
type playFrameCase struct {
	name       string
	battle     func(*testing.B) *battle.Battle
	sel, hover string
	hover2     string
	movement   bool
	zoom       float64
	viewshed   bool
	// animated: the M4A3E8 has just fired at the Tiger I (a Fired tag on
	// its counter, the shot's line and result drawn) and the phase banner
	// shows, both kept on for every frame measured.
	animated bool
}

var playFrameCases = []playFrameCase{
	{name: "default-fire", battle: func(b *testing.B) *battle.Battle { return defaultBattle(b) }, sel: "E4", hover: "C1", hover2: "N7"},
	{name: "default-movement", battle: func(b *testing.B) *battle.Battle { return defaultBattle(b) }, sel: "E4", hover: "C1", hover2: "E6", movement: true},
	{name: "default-ap", battle: func(b *testing.B) *battle.Battle { return defaultBattle(b) }, sel: "E8", hover: "K8", hover2: "L8"},
	{name: "default-viewshed", battle: func(b *testing.B) *battle.Battle { return defaultBattle(b) }, sel: "E4", hover: "C1", hover2: "N7", viewshed: true},
	{name: "default-animated", battle: func(b *testing.B) *battle.Battle { return defaultBattle(b) }, sel: "E4", hover: "C1", hover2: "N7", animated: true},
	{name: "200x160-300units-zoom1", battle: func(b *testing.B) *battle.Battle { return playBattle(b, 200, 160, 300) }, sel: "E5", hover: "L8", hover2: "F9", movement: true, zoom: 1},
	{name: "200x160-300units-fit", battle: func(b *testing.B) *battle.Battle { return playBattle(b, 200, 160, 300) }, sel: "E5", hover: "L8", hover2: "F9", movement: true},
}

// BenchmarkPlayFrame measures one Update and Draw of a 1280×800 screen of
// a battle with a unit selected and an enemy hovered, every preview drawn
// (arc, aspect, reach in the Movement phase, LOS, odds in the panel, the
// log), waiting for the GPU by reading a pixel back. "still" redraws the
// cached previews; "hover" moves the hovered hex every frame, so the LOS
// and the odds are worked out again each time; "select" changes the
// selected unit every frame (reach, arc and viewshed again). Under Xvfb
// the wait includes Mesa rasterising the frame in software.
func BenchmarkPlayFrame(b *testing.B) { benchPlayFrames(b, false) }

// BenchmarkPlayFrameCPU measures the same frames without the GPU: only
// Update and Draw are timed (our code and ebiten building its command
// queue); the queue is flushed and a pixel read back with the timer
// stopped, so the rasteriser's work (Mesa's, under Xvfb) is left out.
// Both report cpu-ms/op, the process's CPU time in Update and Draw, which
// a loaded machine does not inflate as it does the wall time of ns/op.
func BenchmarkPlayFrameCPU(b *testing.B) { benchPlayFrames(b, true) }

func benchPlayFrames(b *testing.B, cpuOnly bool) {
	for _, c := range playFrameCases {
		for _, kind := range []string{"still", "hover", "select"} {
			b.Run(c.name+"/"+kind, func(b *testing.B) {
				bt := c.battle(b)
				if c.movement {
					if _, err := bt.Apply(battle.EndPhase{}); err != nil {
						b.Fatal(err)
					}
				}
				g, err := New(bt, Options{Scripted: true, Select: c.sel, Hover: c.hover, Viewshed: c.viewshed, Size: image.Pt(1280, 800)})
				if err != nil {
					b.Fatal(err)
				}
				g.Layout(1280, 800)
				if c.zoom != 0 {
					h, _ := g.board.ParseHex(c.sel)
					x, y := g.board.Layout.Center(h)
					g.cam = boardview.Camera{X: x - 400, Y: y - 300, Zoom: c.zoom}
				}
				if c.animated && (!g.issue(battle.Fire{Unit: battletest.Unit(b, bt, "M4A3E8"), Target: battletest.Unit(b, bt, "Tiger I")}) || len(g.play.shots) == 0) {
					b.Fatalf("the M4A3E8 did not fire at the Tiger I: %s", g.play.toast)
				}
				hovers := [2]board.Hex{g.hovered}
				hovers[1], _ = g.board.ParseHex(c.hover2)
				units := [2]battle.UnitID{g.play.unit, nextUnit(bt, g.play.unit)}
				screen := ebiten.NewImage(1280, 800)
				defer screen.Deallocate()
				if err := g.Update(); err != nil {
					b.Fatal(err)
				}
				g.Draw(screen)
				screen.At(0, 0)
				i := 0
				var cpu time.Duration // the process's CPU time in Update and Draw
				b.ReportAllocs()
				for b.Loop() {
					i++
					start := processCPU()
					if c.animated {
						p := &g.play
						p.shotsUntil, p.bannerUntil = p.tick+shotTicks, p.tick+bannerTicks
						if p.banner == "" {
							p.banner = bannerText(bt)
						}
					}
					switch kind {
					case "hover":
						g.hovered = hovers[i%2]
					case "select":
						g.selectUnit(units[i%2])
					}
					if err := g.Update(); err != nil {
						b.Fatal(err)
					}
					g.Draw(screen)
					cpu += processCPU() - start
					if cpuOnly {
						b.StopTimer()
					}
					screen.At(0, 0)
					if cpuOnly {
						b.StartTimer()
					}
				}
				b.ReportMetric(float64(cpu)/float64(i)/1e6, "cpu-ms/op")
			})
		}
	}
}
