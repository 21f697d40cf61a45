package board

import (
	"strings"
	"testing"
)

// fortMap has a column of fortifications in C: a foxhole in woods (C2),
// wire (C3), a minefield (C4), sandbags (B3) and a bunker facing N (D3).
const fortMap = `
. . . . .
. . W . .
. . . . .
. . . . .
. . . . .
foxhole C2
wire C3
minefield C4
sandbags B3
bunker D3 0
`

func TestFortEntryCosts(t *testing.T) {
	b := fixture(t, fortMap)
	tests := []struct {
		name    string
		spec    MoveSpec
		from    string
		d       Direction
		cost    int
		refusal string
	}{
		{"foxhole in woods: woods 2 +1 (rules 20.3)", MoveSpec{Kind: Infantry, MP: 4}, "C3", DirN, 3, ""},
		{"sandbags +1", MoveSpec{Kind: Infantry, MP: 4}, "B4", DirN, 2, ""},
		{"bunker +1 for a vehicle too", MoveSpec{Kind: Vehicle, MP: 4, Armoured: true}, "D4", DirN, 2, ""},
		{"wire: no extra MP for infantry (20.3)", MoveSpec{Kind: Infantry, MP: 4}, "C4", DirN, 1, ""},
		{"wire: nothing extra for an AFV (20.8)", MoveSpec{Kind: Vehicle, MP: 4, Armoured: true}, "C4", DirN, 1, ""},
		{"wire bars unarmoured vehicles (20.8)", MoveSpec{Kind: Vehicle, MP: 4}, "C4", DirN, -1, "barbed wire in C3 bars vehicles other than AFVs"},
		{"minefield: no extra MP (20.3)", MoveSpec{Kind: Vehicle, MP: 4}, "C5", DirN, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := at(t, tt.from, tt.d)
			next := Pose{start.Hex.Neighbor(tt.d), tt.d}
			cost, err := b.CheckPath(tt.spec, start, []Pose{next}, Occupancy{})
			if tt.refusal != "" {
				if err == nil || !strings.Contains(err.Error(), tt.refusal) {
					t.Fatalf("CheckPath = %d, %v; want an error with %q", cost, err, tt.refusal)
				}
				return
			}
			if err != nil || cost != tt.cost {
				t.Fatalf("CheckPath = %d, %v; want %d", cost, err, tt.cost)
			}
		})
	}
}

func TestInfantryStopInWire(t *testing.T) {
	b := fixture(t, fortMap)
	inf := MoveSpec{Kind: Infantry, MP: 4}
	// C4 → C3 (wire) → ... : the move ends in the wire.
	_, err := b.CheckPath(inf, at(t, "C4", DirN), []Pose{at(t, "C3", DirN), at(t, "B3", DirN)}, Occupancy{})
	if err == nil || !strings.Contains(err.Error(), "infantry entering barbed wire in C3 stop there") {
		t.Errorf("path through the wire: %v, want refused", err)
	}
	// Starting in the wire, the unit moves on normally (20.8).
	if _, err := b.CheckPath(inf, at(t, "C3", DirN), []Pose{at(t, "D3", DirN)}, Occupancy{}); err != nil {
		t.Errorf("leaving the wire: %v", err)
	}
	r := b.Reachable(inf, at(t, "C5", DirN), Occupancy{})
	if _, ok := r.Cost(label(t, "C3")); !ok {
		t.Errorf("C3 (wire) not reachable")
	}
	// C2 lies beyond the wire; around it by B or D costs more than 4.
	if c, ok := r.Cost(label(t, "C2")); ok {
		path, _ := r.Path(label(t, "C2"))
		t.Errorf("C2 reachable for %d MP by %s, want only through the wire, which stops", c, route(b, path))
	}
	// An AFV drives through the wire; a truck may not enter it.
	afv := b.Reachable(MoveSpec{Kind: Vehicle, MP: 6, Armoured: true}, at(t, "C5", DirN), Occupancy{})
	if c, ok := afv.Cost(label(t, "C2")); !ok || c != 5 {
		t.Errorf("AFV to C2: %d, %v; want 5 (minefield 1, wire 1, woods 2 +1 foxhole)", c, ok)
	}
	truck := b.Reachable(MoveSpec{Kind: Vehicle, MP: 4}, at(t, "C5", DirN), Occupancy{})
	if _, ok := truck.Cost(label(t, "C3")); ok {
		t.Errorf("a truck reached the wire in C3")
	}
	if _, ok := b.Reachable(MoveSpec{Kind: Gun, MP: 1}, at(t, "C4", DirN), Occupancy{}).Cost(label(t, "C3")); ok {
		t.Errorf("a Gun reached the wire in C3 (our choice: Guns are barred like vehicles)")
	}
}

func TestBunkerBlocksLOS(t *testing.T) {
	b := fixture(t, fortMap)
	// D1 → D5 runs down column D through the bunker in D3.
	l := b.LOS(label(t, "D1"), label(t, "D5"), nil)
	if l.Clear || !strings.Contains(l.BlockedBy.Reason, "bunker in D3") {
		t.Errorf("LOS D1 → D5 = clear %v, %q; want blocked by the bunker in D3", l.Clear, l.BlockedBy.Reason)
	}
	// Into and out of the bunker's own hex it does not block.
	if l := b.LOS(label(t, "D1"), label(t, "D3"), nil); !l.Clear {
		t.Errorf("LOS into the bunker hex blocked: %s", l.BlockedBy.Reason)
	}
	// Other fortifications leave the line alone (20.1).
	if l := b.LOS(label(t, "B1"), label(t, "B5"), nil); !l.Clear {
		t.Errorf("LOS past sandbags blocked: %s", l.BlockedBy.Reason)
	}
}

func TestFortSites(t *testing.T) {
	tests := []struct {
		kind FortKind
		cell Cell
		ok   bool
	}{
		{Foxhole, Cell{Terrain: Woods}, true},
		{Trench, Cell{Terrain: Crops}, true},
		{Foxhole, Cell{Terrain: Building}, false},
		{Trench, Cell{Terrain: Stream}, false},
		{Foxhole, Cell{Terrain: Marsh}, false},
		{Bunker, Cell{Terrain: Open, Level: 1}, true},
		{Sandbags, Cell{Terrain: Field}, true},
		{Minefield, Cell{Terrain: Road}, true},
		{Wire, Cell{Terrain: Woods}, false},
		{EarthBunker, Cell{Terrain: Orchard}, false},
	}
	for _, tt := range tests {
		if err := CheckSite(tt.kind, tt.cell); (err == nil) != tt.ok {
			t.Errorf("CheckSite(%s, %s level %d) = %v, want ok %v", tt.kind, tt.cell.Terrain, tt.cell.Level, err, tt.ok)
		}
	}
	if _, err := ParseASCII(DefaultLayout, ". W\nbunker B1"); err == nil || !strings.Contains(err.Error(), "hex B1: a bunker stands only in open, field or road hexes, not in woods") {
		t.Errorf("bunker in woods: %v", err)
	}
}

// TestCostFieldGoesRoundMinefields: the field counts MinefieldDetour for
// entering a minefield, so it leads round a belt of mines where a way
// round is open, and through it (at the detour's price) where none is.
func TestCostFieldGoesRoundMinefields(t *testing.T) {
	tests := []struct {
		name, grid string
		from       string
		want       int32
	}{
		{"no mines: straight on", ". . . . .\n. . . . .\n. . . . .\n. . . . .\n", "A2", 4},
		{"round the belt by C4", ". . . . .\n. . . . .\n. . . . .\n. . . . .\nminefield C1\nminefield C2\nminefield C3\n", "A2", 6},
		{"no way round: through, +8", ". . . . .\n. . . . .\n. . . . .\n. . . . .\nminefield C1\nminefield C2\nminefield C3\nminefield C4\n", "A2", 4 + MinefieldDetour},
		{"from inside the belt nothing is added", ". . . . .\n. . . . .\n. . . . .\n. . . . .\nminefield C1\nminefield C2\nminefield C3\nminefield C4\n", "C2", 2},
	}
	for _, tt := range tests {
		b := fixture(t, tt.grid)
		f := b.CostField(Foot, []Hex{label2(t, b, "E2")})
		o := b.Layout.ToOffset(label2(t, b, tt.from))
		if have := f[o.Row*b.Width+o.Col]; have != tt.want {
			t.Errorf("%s: distance %s → E2 = %d, want %d", tt.name, tt.from, have, tt.want)
		}
	}
}

func label2(t *testing.T, b *Board, s string) Hex {
	t.Helper()
	h, err := b.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
