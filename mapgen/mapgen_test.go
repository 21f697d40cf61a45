package mapgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/units"
)

func options(g Ground, seed uint64, pointy bool) Options {
	return Options{Seed: seed, Width: 30, Height: 20, Ground: g, Points: 400, Allies: "US", Axis: "DE", Pointy: pointy, TilesetDir: "../tiles"}
}

// TestSameSeedSameBytes: a seed always gives the same file, and another
// seed another one.
func TestSameSeedSameBytes(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, g := range Grounds {
		t.Run(string(g), func(t *testing.T) {
			var files [3][]byte
			for i, seed := range []uint64{7, 7, 8} {
				m, err := Generate(options(g, seed, false), cat)
				if err != nil {
					t.Fatal(err)
				}
				if files[i], err = m.TMX(); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(files[0], files[1]) {
				t.Error("seed 7 gave two different files")
			}
			if bytes.Equal(files[0], files[2]) {
				t.Error("seeds 7 and 8 gave the same file")
			}
		})
	}
}

// TestTileNamesExist: every tile the writer may name is in the tilesets.
func TestTileNamesExist(t *testing.T) {
	ids, err := tileIDs()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range tileNames() {
		if _, ok := ids[name]; !ok {
			t.Errorf("tile %q is not in %s", name, FlatTileset)
		}
	}
}

func TestTileNames(t *testing.T) {
	tests := []struct{ got, want string }{
		{roadTile(dirSet(0).with(4)), "road-end-4"},
		{roadTile(dirSet(0).with(4).with(1)), "road-1-4"},
		{roadTile(dirSet(0).with(5).with(0).with(3)), "road-0-3-5"},
		{streamTile(3, 0), "stream-0-3"},
		{streamTile(0, 4), "stream-4-0"},
		{streamTile(3, 1), "stream-1-3"},
		{bridgeTile(1, 0), "bridge-1-4-over-3-0"},
		{bridgeTile(3, 2), "bridge-0-3-over-2-5"},
		{bridgeTile(5, 4), "bridge-2-5-over-4-1"},
		{hexsideTile(board.Hedgerow, 2), "hedgerow-2"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestRoadsConnect walks every generated road: each road hexside leads to
// a hex that has the road on the same hexside, or off the map; all road
// hexes form one network that leaves the map by the west and east edges;
// a bridge carries a straight road over a straight stream.
func TestRoadsConnect(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, g := range Grounds {
		for _, pointy := range []bool{false, true} {
			for seed := range uint64(3) {
				t.Run(fmt.Sprintf("%s/pointy=%v/seed=%d", g, pointy, seed), func(t *testing.T) {
					m, err := Generate(options(g, seed, pointy), cat)
					if err != nil {
						t.Fatal(err)
					}
					checkRoads(t, m)
				})
			}
		}
	}
}

func checkRoads(t *testing.T, m *Map) {
	t.Helper()
	var start board.Hex
	total := 0
	edges := map[string]bool{}
	for _, h := range m.Hexes() {
		c := m.At(h)
		if c.Roads == 0 {
			continue
		}
		total, start = total+1, h
		if n := c.Roads.count(); n > 3 {
			t.Errorf("%s: road through %d hexsides, no tile has more than 3", m.Label(h), n)
		}
		if c.Terrain == board.Bridge {
			r, ok1 := straightAxis(c.Roads)
			s, ok2 := straightAxis(c.Stream)
			if !ok1 || !ok2 || r == s {
				t.Errorf("%s: bridge with roads %v over stream %v", m.Label(h), c.Roads.dirs(), c.Stream.dirs())
			}
		}
		for _, d := range c.Roads.dirs() {
			nb := h.Neighbor(d)
			if !m.Contains(nb) {
				o := m.Layout.ToOffset(nb)
				switch {
				case o.Col < 0:
					edges["west"] = true
				case o.Col >= m.Options.Width:
					edges["east"] = true
				default:
					edges["north or south"] = true
				}
				continue
			}
			if !m.At(nb).Roads.has(d.Opposite()) {
				t.Errorf("road leaves %s by side %d but %s has no road on that side", m.Label(h), d, m.Label(nb))
			}
		}
	}
	if total == 0 {
		t.Fatal("no road")
	}
	seen := map[board.Hex]bool{start: true}
	queue := []board.Hex{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, d := range m.At(h).Roads.dirs() {
			if nb := h.Neighbor(d); m.Contains(nb) && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	if len(seen) != total {
		t.Errorf("the roads fall apart: %d of %d road hexes reached from %s", len(seen), total, m.Label(start))
	}
	if !edges["west"] || !edges["east"] {
		t.Errorf("the roads leave the map by %v, want west and east", edges)
	}
}

// TestForcesBalanced: each side spends at most its points and falls short
// by little (less than its cheapest squad or half squad without a support
// weapon, at most 30 here); units stand in their zone on
// ground they may enter, one to a hex.
func TestForcesBalanced(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, nation := range []string{"US", "UK", "SU"} {
		o := options(Mixed, 5, false)
		o.Allies = nation
		m, err := Generate(o, cat)
		if err != nil {
			t.Fatal(err)
		}
		used := map[board.Hex]bool{}
		spent := map[maps.Side]int{}
		for _, u := range m.Units {
			ty, err := cat.Lookup(u.Type)
			if err != nil {
				t.Fatal(err)
			}
			spent[u.Side] += Points(ty, cat)
			if used[u.Hex] {
				t.Errorf("two units in %s", m.Label(u.Hex))
			}
			used[u.Hex] = true
			z := m.Zones[u.Side]
			if col := m.Col(u.Hex); col < z[0] || col >= z[1] {
				t.Errorf("%s %s in %s, outside its zone columns %d–%d", u.Side, u.Type, m.Label(u.Hex), z[0], z[1]-1)
			}
			if !m.MayStand(ty, u.Hex) {
				t.Errorf("%s may not stand in %s", u.Type, m.Label(u.Hex))
			}
		}
		for _, side := range []maps.Side{maps.Allies, maps.Axis} {
			if spent[side] > o.Points || spent[side] < o.Points-30 {
				t.Errorf("%s (%s) spent %d of %d points", side, nation, spent[side], o.Points)
			}
			if got := m.Property("points_" + string(side)); got != fmt.Sprint(spent[side]) {
				t.Errorf("points_%s = %q, want %d", side, got, spent[side])
			}
		}
	}
}

// TestInfantryMostlyRiflemen: support-weapon teams take at most their
// share of a force's points (15%), and squads and half squads without one
// at least twice the teams' points, for each nation on 20 seeds (before,
// a German force could buy 204 points of Panzerschreck teams and 13 of
// riflemen).
func TestInfantryMostlyRiflemen(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, nation := range []string{"US", "UK", "SU", "DE"} {
		for seed := range uint64(20) {
			const points = 400
			var teams, riflemen int
			for _, name := range Buy(cat, nation, points, rand.New(rand.NewPCG(seed, 4))) {
				ty, err := cat.Lookup(name)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case weaponTeam(ty):
					teams += Points(ty, cat)
				case rifleInfantry(ty):
					riflemen += Points(ty, cat)
				}
			}
			if teams > points*15/100 || riflemen < 2*teams {
				t.Errorf("%s, seed %d: %d points of support-weapon teams and %d of riflemen, want teams at most 60 and riflemen at least twice as many",
					nation, seed, teams, riflemen)
			}
		}
	}
}

// TestPoints checks the formula on three units by hand (docs/SCENARIOS.md).
func TestPoints(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	tests := []struct {
		name string
		want int
	}{
		// ATFP E 6×5 + APFP 14 + MGs 4+3, armour E/D 4×(5+4), MP 10/2, turret 4
		{"Tiger I", 30 + 14 + 7 + 36 + 5 + 4},
		// APFP 2×5, CR 3×4, range 6/2
		{"US Rifle Squad", 10 + 12 + 3},
		// APFP 2×1, Bazooka ATFP C 6×3 + APFP 0, CR 3×2, range 4/2
		{"US Bazooka Team", 2 + 18 + 6 + 2},
		// ATFP D 6×4 + APFP 6, CR 3×3, shield 2
		{"Pak 40", 24 + 6 + 9 + 2},
		// APFP 2×1, CR 3×1, modifier 10×1, range 3/2
		{"US Leader", 2 + 3 + 10 + 1},
	}
	for _, tt := range tests {
		ty, err := cat.Lookup(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := Points(ty, cat); got != tt.want {
			t.Errorf("Points(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	good := options(Bocage, 1, false)
	tests := []struct {
		name   string
		change func(*Options)
	}{
		{"too narrow", func(o *Options) { o.Width = 9 }},
		{"too high", func(o *Options) { o.Height = 101 }},
		{"unknown ground", func(o *Options) { o.Ground = "desert" }},
		{"negative points", func(o *Options) { o.Points = -1 }},
		{"axis allies", func(o *Options) { o.Allies = "DE" }},
		{"allied axis", func(o *Options) { o.Axis = "US" }},
	}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		o := good
		tt.change(&o)
		if err := o.Validate(); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// TestFogAndHiddenInCover: a quick battle is fought under fog with each
// side's infantry and Guns in cover (terrain that hinders or blocks sight,
// a fortification) set up hidden and nobody else; Open writes an open
// battle with nobody hidden. The file says so in the properties fog and
// hidden.
func TestFogAndHiddenInCover(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, g := range Grounds {
		t.Run(string(g), func(t *testing.T) {
			o := options(g, 5, false)
			m, err := Generate(o, cat)
			if err != nil {
				t.Fatal(err)
			}
			if f := m.Property("fog"); f != "true" {
				t.Errorf("fog = %q, want true", f)
			}
			hidden := 0
			for _, u := range m.Units {
				ty, err := cat.Lookup(u.Type)
				if err != nil {
					t.Fatal(err)
				}
				cover := m.At(u.Hex).Terrain.Info().LOS != board.Clear
				if want := cover && (ty.Kind.Infantry() || ty.Kind == units.Gun); u.Hidden != want {
					t.Errorf("%s %s at %s on %s: hidden %v, want %v", u.Side, u.Type, m.Label(u.Hex), m.At(u.Hex).Terrain, u.Hidden, want)
				}
				if u.Hidden {
					hidden++
				}
			}
			if hidden == 0 {
				t.Error("nobody hidden")
			}
			data, err := m.TMX()
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(data, []byte(`<property name="hidden" type="bool" value="true"/>`)); n != hidden {
				t.Errorf("the file sets %d units hidden, want %d", n, hidden)
			}

			o.Open = true
			if m, err = Generate(o, cat); err != nil {
				t.Fatal(err)
			}
			if f := m.Property("fog"); f != "false" {
				t.Errorf("open: fog = %q, want false", f)
			}
			for _, u := range m.Units {
				if u.Hidden {
					t.Errorf("open: %s %s at %s hidden", u.Side, u.Type, m.Label(u.Hex))
				}
			}
		})
	}
}
