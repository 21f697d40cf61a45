package boardview

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/game/ui"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/units"
)

// pointyLayout is the pointy-topped layout of maps/testdata/pointy-odd.tmx.
var pointyLayout = board.Layout{StaggerX: false, StaggerEven: false, TileWidth: 56, TileHeight: 64, HexSide: 32}

// placed is a unit of a test battle: type, side, hex label, facing.
type placed battletest.Placed

// testBattle builds a battle on battletest.OpenMap in layout l, dice seed 1.
func testBattle(t testing.TB, l board.Layout, props map[string]string, us ...placed) *battle.Battle {
	t.Helper()
	return configuredBattle(t, l, props, battle.Config{Seed: 1}, us...)
}

// configuredBattle builds a battle on battletest.OpenMap in layout l as cfg says.
func configuredBattle(t testing.TB, l board.Layout, props map[string]string, cfg battle.Config, us ...placed) *battle.Battle {
	t.Helper()
	return battletest.Grid(t, battletest.Catalogue(t, elimination.Ruleset{}), l, battletest.OpenMap, props, cfg, us...)
}

// counterScene is a terrain and a counter layer over it for drawing a
// battle's board and units offscreen.
type counterScene struct {
	terrain  *Terrain
	counters *Counters
}

// newCounterScene returns the layers of scenario sc.
func newCounterScene(t testing.TB, sc *maps.Scenario) counterScene {
	t.Helper()
	f, err := ui.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	terrain := NewTerrain(sc, f, ui.NewTriBatch())
	return counterScene{terrain, NewCounters(terrain, f)}
}

// draw draws the terrain, with its labels, and the Allies' view of b at
// zoom, with the board's top-left corner at the screen's, and reads the
// image back.
func (s counterScene) draw(b *battle.Battle, zoom float64, w, h int, selected battle.UnitID) *image.RGBA {
	return s.drawLabels(b, zoom, w, h, selected, true)
}

// drawLabels is draw with the labels switch at labels.
func (s counterScene) drawLabels(b *battle.Battle, zoom float64, w, h int, selected battle.UnitID, labels bool) *image.RGBA {
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	cam := Camera{Zoom: zoom}
	s.terrain.Draw(img, cam, labels)
	s.counters.Draw(img, b.View(maps.Allies), cam, selected)
	s.counters.DrawLabels(img)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// renderUnits draws the board and units of b (the Allies' view) at zoom,
// with the board's top-left corner at the screen's.
func renderUnits(t testing.TB, b *battle.Battle, zoom float64, w, h int, selected battle.UnitID) *image.RGBA {
	t.Helper()
	return newCounterScene(t, b.Scenario()).draw(b, zoom, w, h, selected)
}

// counterCentre returns the screen centre of the hex labelled label at zoom
// with the camera at the origin, and the counter size there.
func counterCentre(t testing.TB, b *battle.Battle, label string, zoom float64) (x, y, size float64) {
	t.Helper()
	h := battletest.Hex(t, b, label)
	wx, wy := b.Board().Layout.Center(h)
	l := b.Board().Layout
	return wx * zoom, wy * zoom, counterScale * float64(min(l.TileWidth, l.TileHeight)) * zoom
}

func pixel(img *image.RGBA, x, y float64) color.RGBA {
	return img.RGBAAt(int(x), int(y))
}

func TestCounterColours(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirN},
		placed{"German Rifle Squad", maps.Axis, "E3", 0},
	)
	img := renderUnits(t, b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "colours.png", img)
	tests := []struct {
		hex          string
		body, strip  color.RGBA
		name         string
		bodyX, bodyY float64 // a point of plain body, in counter sizes from the centre
	}{
		{"B2", nationColours["US"], sideColours["allies"], "US tank", -0.36, 0},
		{"E3", nationColours["DE"], sideColours["axis"], "German squad", -0.36, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, y, s := counterCentre(t, b, tc.hex, zoom)
			if have := pixel(img, x+tc.bodyX*s, y+tc.bodyY*s); !uitest.ColourNear(have, tc.body, 8) {
				t.Errorf("body pixel = %v, want the nation colour %v", have, tc.body)
			}
			if have := pixel(img, x-0.44*s, y-0.4*s); !uitest.ColourNear(have, tc.strip, 8) {
				t.Errorf("strip pixel = %v, want the side colour %v", have, tc.strip)
			}
		})
	}
}

func TestFacingMark(t *testing.T) {
	const zoom = 2
	for _, l := range []struct {
		name   string
		layout board.Layout
	}{{"flat", board.DefaultLayout}, {"pointy", pointyLayout}} {
		for d := range board.Direction(6) {
			t.Run(l.name+"/"+d.String(), func(t *testing.T) {
				b := testBattle(t, l.layout, nil, placed{"Pak 40", maps.Axis, "C3", d})
				img := renderUnits(t, b, zoom, 800, 700, 0)
				uitest.SavePNG(t, "facing-"+l.name+"-"+d.String()+".png", img)
				x, y, s := counterCentre(t, b, "C3", zoom)
				dirs := screenDirections(l.layout)
				u := dirs[d]
				toward := pixel(img, x+float64(u.X)*0.62*s, y+float64(u.Y)*0.62*s)
				away := pixel(img, x-float64(u.X)*0.62*s, y-float64(u.Y)*0.62*s)
				if !uitest.ColourNear(toward, colFacing, 12) {
					t.Errorf("pixel towards the faced hexside = %v, want the arrow %v", toward, colFacing)
				}
				if uitest.ColourNear(away, colFacing, 12) {
					t.Errorf("pixel on the opposite side = %v, want no arrow", away)
				}
			})
		}
	}
}

func TestStackAndSmoke(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, map[string]string{"smoke_allies": "3"},
		placed{"US Rifle Squad", maps.Allies, "C3", 0},
		placed{"British Rifle Squad", maps.Allies, "C3", 0},
		placed{"M4A3E8", maps.Allies, "A5", board.DirNE},
	)
	target, err := b.Board().ParseHex("E3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(battle.FireSmoke{Unit: 3, Hex: target}); err != nil {
		t.Fatalf("smoke round: %v", err)
	}
	img := renderUnits(t, b, zoom, 800, 600, 2)
	uitest.SavePNG(t, "stack.png", img)
	x, y, s := counterCentre(t, b, "C3", zoom)
	off := StackStep * s / 2
	// The first counter sits down-left of the centre, the second up-right
	// on top of it; each shows plain body on its outer side.
	if have, want := pixel(img, x-off-0.42*s, y+off), nationColours["US"]; !uitest.ColourNear(have, want, 8) {
		t.Errorf("first counter's body = %v, want %v", have, want)
	}
	if have, want := pixel(img, x+off+0.42*s, y-off), nationColours["UK"]; !uitest.ColourNear(have, want, 8) {
		t.Errorf("second counter's body = %v, want %v", have, want)
	}
	// The selected unit (2) is ringed.
	if have := pixel(img, x+off+0.5*s+2, y-off); !uitest.ColourNear(have, SelectedColour, 8) {
		t.Errorf("pixel just right of the selected counter = %v, want the selection %v", have, SelectedColour)
	}
	// The smoke marker: a pale grey puff down-left of the hex centre.
	sx, sy, _ := counterCentre(t, b, "E3", zoom)
	hexPx := 56.0 * zoom
	have := pixel(img, sx-0.24*hexPx-0.1*s, sy+0.2*hexPx)
	if !uitest.ColourNear(have, colSmoke, 8) && !uitest.ColourNear(have, colSmokeShade, 8) {
		t.Errorf("smoke marker pixel = %v, want grey %v", have, colSmoke)
	}
	// The firer carries a Fire marker down its left edge.
	fx, fy, _ := counterCentre(t, b, "A5", zoom)
	if have, want := pixel(img, fx-0.5*s+1, fy-0.5*s+0.26*s+0.1*s), markerFill(battle.Fired); !uitest.ColourNear(have, want, 8) {
		t.Errorf("fire marker pixel = %v, want %v", have, want)
	}
}

// markerFill is the tag colour of marker m.
func markerFill(m battle.Markers) color.RGBA {
	for _, cm := range counterMarkers {
		if cm.marker == m {
			return cm.fill
		}
	}
	panic("no tag for the marker")
}

func TestSmallZoomDisc(t *testing.T) {
	const zoom = 0.25
	b := testBattle(t, board.DefaultLayout, nil, placed{"Tiger I", maps.Axis, "C3", board.DirS})
	img := renderUnits(t, b, zoom, 200, 200, 0)
	x, y, _ := counterCentre(t, b, "C3", zoom)
	if have, want := pixel(img, x, y), nationColours["DE"]; !uitest.ColourNear(have, want, 8) {
		t.Errorf("centre of a far-zoom counter = %v, want the nation colour %v", have, want)
	}
}

// TestDefaultScenarioCounters draws the default scenario with its tiles and
// all its units at a small and a large zoom: every unit alone in its hex
// shows its nation's colour beside its symbol.
func TestDefaultScenarioCounters(t *testing.T) {
	b := defaultBattle(t)
	s := newCounterScene(t, b.Scenario())
	for _, zoom := range []float64{0.77, 1.5} {
		t.Run(fmt.Sprint(zoom), func(t *testing.T) {
			w, h := b.Board().Layout.PixelSize(b.Board().Width, b.Board().Height)
			img := s.draw(b, zoom, int(float64(w)*zoom)+1, int(float64(h)*zoom)+1, 1)
			uitest.SavePNG(t, fmt.Sprintf("default-%v.png", zoom), img)
			for _, u := range b.Units() {
				if len(b.UnitsAt(u.Pose.Hex)) != 1 {
					continue
				}
				x, y, s := counterCentre(t, b, b.Board().Label(u.Pose.Hex), zoom)
				if u.Type.Kind == units.HalfSquad {
					s *= HalfSquadScale
				}
				if have, want := pixel(img, x-0.36*s, y), nationColours[u.Type.Nation]; !uitest.ColourNear(have, want, 8) {
					t.Errorf("%s: body pixel = %v, want %v", u.Label(), have, want)
				}
			}
		})
	}
}

func TestPassengersAreABadge(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M3 Halftrack", maps.Allies, "C3", board.DirN},
		placed{"US Rifle Squad", maps.Allies, "C3", 0},
	)
	for _, o := range []battle.Order{battle.EndPhase{}, battle.Load{Unit: 2, Carrier: 1}} {
		if _, err := b.Apply(o); err != nil {
			t.Fatalf("%T: %v", o, err)
		}
	}
	img := renderUnits(t, b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "passenger.png", img)
	x, y, s := counterCentre(t, b, "C3", zoom)
	// The carrier alone is drawn, centred on its hex.
	if have, want := pixel(img, x-0.36*s, y), nationColours["US"]; !uitest.ColourNear(have, want, 8) {
		t.Errorf("carrier body = %v, want %v", have, want)
	}
	r := max(4, 0.15*s)
	bx, by := x+s/2*0.96, y+s/2*0.96
	if have := pixel(img, bx-r*0.7, by); !uitest.ColourNear(have, colBadge, 8) {
		t.Errorf("badge pixel = %v, want %v", have, colBadge)
	}
}

// bigBattle is a 200×160 open board with 300 units, one per hex on a
// spread grid: every type of the catalogue in turn, US and UK types for
// the allies, German and Soviet types for the axis (sides are only
// colours here).
func bigBattle(b *testing.B) *battle.Battle {
	b.Helper()
	bd, err := board.New(board.DefaultLayout, 200, 160)
	if err != nil {
		b.Fatal(err)
	}
	sc := &maps.Scenario{Path: "big.tmx", Title: "big", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}
	cat := battletest.Catalogue(b, elimination.Ruleset{})
	types := cat.Types()
	for i := range 300 {
		t := types[i%len(types)]
		side := maps.Allies
		if t.Nation == "DE" || t.Nation == "SU" {
			side = maps.Axis
		}
		h := bd.Layout.ToHex(board.Offset{Col: 3 + (i%20)*9, Row: 3 + (i/20)*10})
		sc.Units = append(sc.Units, maps.Placement{ID: i + 1, Type: t.Name, Side: side, Hex: h, Facing: board.Direction(i % 6)})
	}
	bt, err := battle.New(sc, cat, battle.Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return bt
}

// BenchmarkDrawUnits measures Counters.Draw over a 1280×800 screen, then waits
// for the GPU by reading a pixel back. The terrain is not drawn: the
// figure is the counters alone. "fit" shows the whole board; "zoom1"
// shows the part of it at the top left at zoom 1 (full counter faces);
// "zoom2" the same at zoom 2.
func BenchmarkDrawUnits(b *testing.B) {
	defBattle := defaultBattle(b)
	big := bigBattle(b)
	for _, bc := range []struct {
		name string
		b    *battle.Battle
		zoom float64 // 0: fitted
	}{
		{"default-fit", defBattle, 0},
		{"default-zoom2", defBattle, 2},
		{"200x160-300units-fit", big, 0},
		{"200x160-300units-zoom1", big, 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := newCounterScene(b, bc.b.Scenario())
			cam := Camera{Zoom: bc.zoom}
			if bc.zoom == 0 {
				w, h := s.terrain.WorldSize()
				cam = FitCamera(w, h, image.Rect(0, 0, 1280, 800), 0)
			}
			screen := ebiten.NewImage(1280, 800)
			defer screen.Deallocate()
			view := bc.b.View(maps.Allies)
			s.counters.Draw(screen, view, cam, 1) // the first frame draws the counter faces: not timed
			screen.At(0, 0)
			b.ReportAllocs()
			for b.Loop() {
				s.counters.Draw(screen, view, cam, 1)
				screen.At(0, 0)
			}
		})
	}
}

func TestCounterName(t *testing.T) {
	tests := []struct{ name, nation, want string }{
		{"US Rifle Squad", "US", "Rifle"},
		{"German Leader", "DE", "Ldr"},
		{"German Panzerschreck Team", "DE", "PzSch"},
		{"German Rifle Half Squad", "DE", "Rifle ½"},
		{"Sherman Firefly", "UK", "Ffly"},
		{"M3 Halftrack", "US", "M3 HT"},
		{"Tiger I", "DE", "Tiger I"},
		{"Squad", "US", "Squad"}, // nothing left: the name as it is
	}
	for _, tt := range tests {
		if have := counterName(tt.name, tt.nation); have != tt.want {
			t.Errorf("counterName(%q) = %q, want %q", tt.name, have, tt.want)
		}
	}
}

// TestSmallName: a small face prints a short name, what tells the
// vehicle apart within about five letters.
func TestSmallName(t *testing.T) {
	tests := []struct{ name, nation, want string }{
		{"Panther", "DE", "Pnthr"},
		{"Pz IV H", "DE", "IV H"},
		{"SdKfz 251", "DE", "251"},
		{"Tiger I", "DE", "Tiger"},
		{"StuG III G", "DE", "StuG"},
		{"Pak 40", "DE", "Pak"},
		{"M3 Halftrack", "US", "M3 HT"},
		{"GMC Truck", "US", "GMC"},
		{"M4A3E8", "US", "E8"},
		{"Sherman Firefly", "UK", "Ffly"},
		{"57mm M1", "US", "57"},
		{"45mm M1937", "SU", "45"},
		{"6-Pndr Mk IV", "UK", "6pdr"},
	}
	for _, tt := range tests {
		if have := smallName(tt.name, tt.nation); have != tt.want {
			t.Errorf("smallName(%q) = %q, want %q", tt.name, have, tt.want)
		}
	}
}

// TestSmallFacesNameVehicles: too small for the strip's name and values,
// the face of an AFV still tells a Panther from a Pz IV H, a SdKfz 251
// and a Tiger I, which share the symbol: its short name fills a taller
// strip. The faces are drawn at the sizes the fit zoom of a 30×20 map
// asks for, in a window of 1280×800 (29 pixels, shown at 28) and of
// 1024×600 (23, shown at 20), and at 25; the name's type is at least 9
// pixels in the smallest (the full name was about 5).
func TestSmallFacesNameVehicles(t *testing.T) {
	f, err := ui.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	vehicles := []string{"Panther", "Pz IV H", "SdKfz 251", "Tiger I"}
	for _, size := range []int{23, 25, 29} {
		a := &Counters{batch: ui.NewTriBatch(), size: size, faces: map[faceKey]*ebiten.Image{}, rules: defaultBattle(t).Rules()}
		faces := map[string][]byte{}
		for _, name := range vehicles {
			ty, err := cat.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			img := a.drawFace(f, faceKey{t: ty, rules: a.rules.Name(), side: maps.Axis, name: ty.Name})
			pix := make([]byte, 4*size*size)
			img.ReadPixels(pix)
			faces[name] = pix
			out := image.NewRGBA(image.Rect(0, 0, size, size))
			copy(out.Pix, pix)
			uitest.SavePNG(t, fmt.Sprintf("small-%d-%s.png", size, name), out)
			if short, fit := smallNameFit(f, ty.Name, ty.Nation, float32(size)); fit.face.GoText.Size < 9 {
				t.Errorf("at %d pixels %s prints %q in %.1f-pixel type, want at least 9", size, name, short, fit.face.GoText.Size)
			}
		}
		for i, m := range vehicles {
			for _, n := range vehicles[i+1:] {
				if bytes.Equal(faces[m], faces[n]) {
					t.Errorf("at %d pixels the %s's and the %s's faces are the same", size, m, n)
				}
			}
		}
	}
}

// defaultBattle is a battle of the default scenario without fog.
func defaultBattle(t testing.TB) *battle.Battle {
	t.Helper()
	return battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: 1, Fog: battle.FogOff})
}
