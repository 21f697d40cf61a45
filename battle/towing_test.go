package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// towingFixture is, all Allied: a GMC Truck (14 MP, T2, tows) and a 57mm
// M1 (1 MP) in B5; a Pak 40 (0 MP) and an M38 Jeep (TH, tows) in B4; an
// M4A3E8 and a Pak 40 in E5; against a Tiger far off.
func towingFixture(t *testing.T) *Battle {
	t.Helper()
	return fixture{grid: openMap, units: []unitAt{
		{"GMC Truck", maps.Allies, "B5", board.DirN},
		{"57mm M1", maps.Allies, "B5", board.DirS},
		{"Pak 40", maps.Allies, "B4", board.DirN},
		{"M38 Jeep", maps.Allies, "B4", board.DirN},
		{"M4A3E8", maps.Allies, "E5", board.DirN},
		{"Pak 40", maps.Allies, "E5", board.DirN},
		{"Tiger I", maps.Axis, "H1", board.DirS},
	}}.battle(t)
}

// drive moves unit id along the named hexes, each with its facing, and
// lets the enemy pass every opportunity to fire at it.
func drive(t *testing.T, b *Battle, id UnitID, steps ...board.Pose) {
	t.Helper()
	apply(t, b, Move{Unit: id, Path: steps})
	for b.Moving() != nil {
		apply(t, b, Pass{})
	}
}

// TestTowing: a tower hooks up a Gun in its hex at no cost in MP (rules
// 8.3) and drives off with it; the Gun rides in tow (off the map's
// stacking, never a target, never firing); a later turn the tower drives
// first and then unhooks it, and the Gun is left in the tower's hex
// facing the tower's way, marked Move.
func TestTowing(t *testing.T) {
	b := towingFixture(t)
	apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1})
	truck, gun := b.Unit(1), b.Unit(2)
	if b.Towed(1) != gun || len(b.Passengers(1)) != 0 {
		t.Fatalf("Towed(truck) = %v, Passengers = %v; want the 57mm and no passengers", b.Towed(1), b.Passengers(1))
	}
	if have := b.MoveSpec(truck).MP; have != 14 {
		t.Errorf("truck MP after hooking up = %d, want its 14", have)
	}
	for _, u := range b.UnitsAt(hexOf(t, b, "B5")) {
		if u == gun {
			t.Errorf("a towed Gun stands on the map among %s's units", b.Board().Label(u.Pose.Hex))
		}
	}
	drive(t, b, 1, pose(t, b, "B4", board.DirN), pose(t, b, "B3", board.DirN))
	if gun.Pose != truck.Pose {
		t.Errorf("towed Gun at %v, want its tower's pose %v", gun.Pose, truck.Pose)
	}
	assertRefused(t, b, Unload{Unit: 2}, "already loaded or unloaded this turn")

	toPhase(t, b, 2, maps.Allies, Movement)
	drive(t, b, 1, pose(t, b, "B2", board.DirN))
	apply(t, b, Unload{Unit: 2})
	if gun.Carrier != 0 || gun.Pose != truck.Pose || !gun.Has(Moved) {
		t.Errorf("unhooked Gun: carrier %d, pose %v (tower %v), Move %v; want on the map in the tower's pose, marked Move",
			gun.Carrier, gun.Pose, truck.Pose, gun.Has(Moved))
	}
	assertRefused(t, b, Move{Unit: 2, Path: []board.Pose{pose(t, b, "B1", board.DirN)}}, "moved")
}

// TestTowingRefusals: who may tow what, and when.
func TestTowingRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setUp func(t *testing.T, b *Battle)
		order Order
		want  string
	}{
		{"a tank tows nothing", nil, Load{Unit: 6, Carrier: 5}, "cannot tow a Gun"},
		{"a jeep tows no 0-MP Gun", nil, Load{Unit: 3, Carrier: 4}, "class TH"},
		{"one Gun a tower", func(t *testing.T, b *Battle) {
			apply(t, b, Load{Unit: 2, Carrier: 1})
			drive(t, b, 4, pose(t, b, "B3", board.DirN)) // room in B4
			drive(t, b, 1, pose(t, b, "B4", board.DirN))
		}, Load{Unit: 3, Carrier: 1}, "already tows"},
		{"a Gun that moved", func(t *testing.T, b *Battle) {
			drive(t, b, 2, pose(t, b, "B6", board.DirN))
			drive(t, b, 1, pose(t, b, "B6", board.DirN)) // in reverse
		}, Load{Unit: 2, Carrier: 1}, "moved"},
		{"once a turn", func(t *testing.T, b *Battle) {
			apply(t, b, Load{Unit: 2, Carrier: 1})
		}, Unload{Unit: 2}, "already loaded or unloaded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := towingFixture(t)
			assertRefused(t, b, Load{Unit: 2, Carrier: 1}, "Movement phase")
			apply(t, b, EndPhase{})
			if tt.setUp != nil {
				tt.setUp(t, b)
			}
			assertRefused(t, b, tt.order, tt.want)
		})
	}
}

// TestTowedGunSharesItsTowersEnd: a Gun in tow never fires, and is pinned
// and eliminated with its tower (rules 8.5), abandoned by its crew too
// (18.6: the tower is eliminated), where the tower's passenger gets out
// (the default ruleset's decided reading).
func TestTowedGunSharesItsTowersEnd(t *testing.T) {
	for _, end := range []string{"pinned", "eliminated", "abandoned"} {
		t.Run(end, func(t *testing.T) {
			b := fixture{grid: openMap, units: []unitAt{
				{"M3 Halftrack", maps.Allies, "B5", board.DirN},
				{"57mm M1", maps.Allies, "B5", board.DirS},
				{"US Rifle Squad", maps.Allies, "B5", 0},
				{"Tiger I", maps.Axis, "B1", board.DirS},
			}}.battle(t)
			apply(t, b, EndPhase{}, Load{Unit: 2, Carrier: 1}, Load{Unit: 3, Carrier: 1})
			toPhase(t, b, 2, maps.Allies, FirePhase)
			assertRefused(t, b, Fire{Unit: 2, Target: 4}, "being towed")
			track, gun, squad := b.Unit(1), b.Unit(2), b.Unit(3)
			if end == "pinned" {
				b.pin(track)
				if !gun.Has(Pinned) || !squad.Has(Pinned) {
					t.Errorf("tower pinned: Gun pinned %v, passenger %v; want both", gun.Has(Pinned), squad.Has(Pinned))
				}
				return
			}
			if end == "eliminated" {
				b.eliminate(track, "destroyed")
				if !gun.Eliminated || !squad.Eliminated {
					t.Errorf("tower eliminated: Gun eliminated %v, passenger %v; want both", gun.Eliminated, squad.Eliminated)
				}
				return
			}
			b.abandon(track)
			if !gun.Eliminated || squad.Eliminated || !squad.OnMap() {
				t.Errorf("tower abandoned: Gun eliminated %v, passenger %v (on the map %v); want the Gun lost, the passenger out", gun.Eliminated, squad.Eliminated, squad.OnMap())
			}
		})
	}
}
