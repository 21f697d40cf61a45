package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestShotFirerMove: a shot carries what the firer's latest move cost and
// its MP while that move is in this segment or the one before, and
// nothing once a segment has passed since.
func TestShotFirerMove(t *testing.T) {
	f := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", maps.Allies, "C5", board.DirN},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}
	b := f.battle(t)
	firer, target := b.Unit(1), b.Unit(2)
	moved := func() (int, int) {
		t.Helper()
		s, err := b.ShotAt(firer, firer.Pose, target, target.Pose)
		if err != nil {
			t.Fatal(err)
		}
		return s.FirerMovedMP, s.FirerMP
	}
	if c, mp := moved(); c != 0 || mp != 0 {
		t.Fatalf("before any move: moved %d of %d MP, want nothing", c, mp)
	}
	apply(t, b, EndPhase{}) // to Movement
	apply(t, b, Move{Unit: 1, Path: []board.Pose{pose(t, b, "C4", board.DirN), pose(t, b, "C3", board.DirN)}})
	seg := b.segment()
	want := firer.LastMove
	if want.Segment != seg || want.Cost <= 0 || want.MP != firer.Type.MP {
		t.Fatalf("last move %+v: want segment %d, a cost and the M4A3E8's %d MP", want, seg, firer.Type.MP)
	}
	for b.segment() == seg {
		if b.Moving() != nil {
			apply(t, b, Pass{})
			continue
		}
		apply(t, b, EndPhase{})
	}
	if c, mp := moved(); c != want.Cost || mp != want.MP {
		t.Errorf("the segment after the move: moved %d of %d MP, want %d of %d", c, mp, want.Cost, want.MP)
	}
	for b.segment() == seg+1 {
		apply(t, b, EndPhase{})
	}
	if c, mp := moved(); c != 0 || mp != 0 {
		t.Errorf("two segments after the move: moved %d of %d MP, want nothing", c, mp)
	}
}

// woodsMap is an open map with woods in E4 and E5, between C5 and G4.
const woodsMap = `
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . W . . .
. . . . W . . .
. . . . . . . .
`

// woodsMove starts a battle on woodsMap with the M4A3E8 in hex from
// facing d and the Pak 40 in G4, and orders the M4 through hexes, facing
// d; it returns the battle as the move stands (stopped where the Pak may
// fire, or over).
func woodsMove(t *testing.T, from string, d board.Direction, hexes ...string) (b *Battle, pak, m4 *Unit) {
	t.Helper()
	b = fixture{grid: woodsMap, units: []unitAt{
		{"M4A3E8", maps.Allies, from, d},
		{"Pak 40", maps.Axis, "G4", board.DirNW},
	}}.battle(t)
	apply(t, b, EndPhase{})
	var path []board.Pose
	for _, h := range hexes {
		path = append(path, pose(t, b, h, d))
	}
	apply(t, b, Move{Unit: 1, Path: path})
	return b, b.Unit(2), b.Unit(1)
}

// TestShotIntoSightAndOffAxis: the Pak 40 behind the woods sees the M4
// only once it comes out of them, so a shot at it carries that it moved
// into sight; the angle off the firer's centre line is the board's.
func TestShotIntoSightAndOffAxis(t *testing.T) {
	b, pak, m4 := woodsMove(t, "C5", board.DirN, "C4", "C3", "C2", "C1")
	s, err := b.ShotAt(pak, pak.Pose, m4, m4.Pose)
	if err != nil {
		t.Fatal(err)
	}
	if !s.TargetIntoSight {
		t.Errorf("the M4 came out from behind the woods: TargetIntoSight false")
	}
	if want := board.OffAxis(pak.Pose.Hex, pak.Pose.Facing, m4.Pose.Hex); s.FirerOffAxis != want {
		t.Errorf("off axis %.2f°, want %.2f°", s.FirerOffAxis, want)
	}
	if s, _ := b.ShotAt(m4, m4.Pose, pak, pak.Pose); s.TargetIntoSight {
		t.Errorf("the Pak has not moved: TargetIntoSight true")
	}
}

// TestNightProperty: the map property "night" reaches every shot; a value
// that is not a yes or a no is refused naming the file, the property and
// the value.
func TestNightProperty(t *testing.T) {
	for _, tt := range []struct {
		value string
		night bool
		err   string
	}{
		{"", false, ""},
		{"true", true, ""},
		{"Yes", true, ""},
		{"no", false, ""},
		{"false", false, ""},
		{"dusk", false, `test.tmx: map property "night": "dusk": want true or false`},
	} {
		f := fixture{grid: openMap, props: map[string]string{"night": tt.value}, units: []unitAt{
			{"M4A3E8", maps.Allies, "C5", board.DirN},
			{"Tiger I", maps.Axis, "C1", board.DirS},
		}}
		b, err := New(f.scenario(t), testCatalogue, Config{Seed: 1})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("night %q: error %v, want %q", tt.value, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("night %q: %v", tt.value, err)
		}
		s, err := b.ShotAt(b.Unit(1), b.Unit(1).Pose, b.Unit(2), b.Unit(2).Pose)
		if err != nil || s.Night != tt.night {
			t.Errorf("night %q: shot at night %v (%v), want %v", tt.value, s.Night, err, tt.night)
		}
	}
}

// TestPoolFired: each Panzerfaust a unit fires from its side's pool is
// counted on the unit and carried by its next Panzerfaust.
func TestPoolFired(t *testing.T) {
	f := fixture{grid: openMap, props: map[string]string{"panzerfausts_axis": "2"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "C3", board.DirN},
		{"German Rifle Squad", maps.Axis, "C2", board.DirS},
	}}
	b := f.battle(t)
	for b.Phase() != FirePhase || b.Acting() != maps.Axis {
		apply(t, b, EndPhase{})
	}
	squad := b.Unit(2)
	apply(t, b, Fire{Unit: 2, Target: 1, Panzerfaust: true})
	if squad.PoolFired != 1 || b.Panzerfausts(maps.Axis) != 1 {
		t.Fatalf("after one Panzerfaust: %d fired by the squad, %d in the pool; want 1 and 1", squad.PoolFired, b.Panzerfausts(maps.Axis))
	}
	w, err := b.panzerfaust(b.rules, squad)
	if err != nil || w.PoolFired != 1 {
		t.Errorf("the next Panzerfaust carries %d fired before (%v), want 1", w.PoolFired, err)
	}
}

// TestShotOutOfSight: the M4 moving south from C1 towards C5, behind the
// woods from the Pak 40 in G4, is offered to the Pak on the way; a shot
// at it then carries that its move ends out of sight, and not that it
// came into sight.
func TestShotOutOfSight(t *testing.T) {
	b, pak, m4 := woodsMove(t, "C1", board.DirS, "C2", "C3", "C4", "C5")
	if b.Moving() != m4 {
		t.Fatalf("the Pak is offered no shot on the way (the M4 in %s)", b.Board().Label(m4.Pose.Hex))
	}
	s, err := b.ShotAt(pak, pak.Pose, m4, m4.Pose)
	if err != nil {
		t.Fatal(err)
	}
	if !s.TargetOutOfSight || s.TargetIntoSight {
		t.Errorf("the M4 in %s on its way behind the woods: out of sight %v, into sight %v; want true, false",
			b.Board().Label(m4.Pose.Hex), s.TargetOutOfSight, s.TargetIntoSight)
	}
	apply(t, b, Pass{})
	if s, _ := b.ShotAt(pak, pak.Pose, m4, m4.Pose); s.TargetOutOfSight {
		t.Errorf("the move is over: TargetOutOfSight true")
	}
}
