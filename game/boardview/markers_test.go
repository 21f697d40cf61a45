package boardview

import (
	"image"
	"image/color"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat/seamtest"
	_ "hexfire/combat/shiftchart" // simultaneous fire, for the declared-shot tag
	"hexfire/game/ui/uitest"
	"hexfire/maps"
	"hexfire/units"
)

// tagPixels counts the pixels of colour c left of the counter in hex: the
// tags of that colour on it.
func tagPixels(t *testing.T, b *battle.Battle, img *image.RGBA, hex string, zoom float64, c color.RGBA) int {
	t.Helper()
	x, y, s := counterCentre(t, b, hex, zoom)
	n := 0
	for py := int(y - s); py < int(y+s); py++ {
		for px := int(x - 1.2*s); px < int(x); px++ {
			if uitest.ColourNear(img.RGBAAt(px, py), c, 6) {
				n++
			}
		}
	}
	return n
}

// TestPinnedAndReducedCounters: AP fire that pins the German squad in C3
// puts the Pinned tag first down its counter's left edge; fire that
// reduces it draws it as a half squad, smaller than a full counter.
func TestPinnedAndReducedCounters(t *testing.T) {
	const zoom = 2
	var pinned, reduced *battle.Battle
	for seed := uint64(1); seed < 200 && (pinned == nil || reduced == nil); seed++ {
		b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: seed},
			placed{"US Rifle Squad", maps.Allies, "B3", 0},
			placed{"US Rifle Squad", maps.Allies, "B3", 0},
			placed{"German Rifle Squad", maps.Axis, "C3", 0},
			placed{"Tiger I", maps.Axis, "C3", board.DirNW},
		)
		if _, err := b.Apply(battle.FireAP{Units: []battle.UnitID{1, 2}, Target: b.Unit(3).Pose.Hex}); err != nil {
			t.Fatal(err)
		}
		switch u := b.Unit(3); {
		case u.Active() && u.Has(battle.Pinned) && u.Type.Name == "German Rifle Squad" && pinned == nil:
			pinned = b
		case u.Active() && u.Type.Name != "German Rifle Squad" && reduced == nil:
			reduced = b
		}
	}
	if pinned == nil || reduced == nil {
		t.Fatal("no seed below 200 pins the squad and another reduces it")
	}
	img := renderUnits(t, pinned, zoom, 800, 600, 0)
	uitest.SavePNG(t, "pinned.png", img)
	// C3 holds the squad (first) and the Tiger: the squad sits down-left.
	x, y, s := counterCentre(t, pinned, "C3", zoom)
	off := StackStep * s / 2
	// The first tag's top edge, above its letters.
	if have, want := pixel(img, x-off-0.5*s+1, y+off-0.5*s+0.26*s+0.04*s), colPinned; !uitest.ColourNear(have, want, 8) {
		t.Errorf("pinned tag pixel = %v, want %v", have, want)
	}
	if have := pixel(img, x-off-0.42*s, y+off+0.4*s); !uitest.ColourNear(have, nationColours["DE"], 8) {
		t.Errorf("pinned squad's body = %v, want %v", have, nationColours["DE"])
	}
	// The reduced squad is drawn as a half squad: smaller, so a point
	// near the full counter's lower-left corner shows no body.
	if have := reduced.Unit(3).Type.Kind; have.String() != "half_squad" {
		t.Fatalf("reduced unit kind = %v, want half_squad", have)
	}
	img = renderUnits(t, reduced, zoom, 800, 600, 0)
	uitest.SavePNG(t, "reduced.png", img)
	if have := pixel(img, x-off-0.46*s, y+off+0.46*s); uitest.ColourNear(have, nationColours["DE"], 8) {
		t.Errorf("pixel at the full counter's corner = %v: a full-size counter, want a half squad", have)
	}
}

// TestRoundsTag: a support weapon whose rounds are counted shows them on
// its counter ("R3"); one whose rounds are not counted shows none.
func TestRoundsTag(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"US Bazooka Team", maps.Allies, "B2", 0},
		placed{"US Bazooka Team", maps.Allies, "D2", 0},
	)
	b.Unit(1).Rounds = 3
	s := newCounterScene(t, b.Scenario())
	img := s.draw(b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "rounds.png", img)
	for hex, want := range map[string]bool{"B2": true, "D2": false} {
		if n := tagPixels(t, b, img, hex, zoom, colRoundsTag); (n >= 40) != want || (!want && n != 0) {
			t.Errorf("%s: %d pixels of the rounds tag, want a tag: %v", hex, n, want)
		}
	}
	if s.counters.tags["R3"] == nil {
		t.Errorf("tags drawn: %v, want R3", s.counters.tags)
	}
}

// TestLostWeaponTags: a broken weapon and a removed one each put a tag in
// the lost-weapon colour on the counter ("BRK", "RMV"); a whole weapon
// none.
func TestLostWeaponTags(t *testing.T) {
	const zoom = 2
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"US Bazooka Team", maps.Allies, "B2", 0},
		placed{"US Bazooka Team", maps.Allies, "D2", 0},
		placed{"US Bazooka Team", maps.Allies, "B4", 0},
	)
	b.Unit(1).WeaponLost, b.Unit(2).WeaponLost = "broken", "removed"
	s := newCounterScene(t, b.Scenario())
	img := s.draw(b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "lost-weapons.png", img)
	for hex, want := range map[string]bool{"B2": true, "D2": true, "B4": false} {
		if n := tagPixels(t, b, img, hex, zoom, colWeaponLost); (n >= 40) != want || (!want && n != 0) {
			t.Errorf("%s: %d pixels of the lost-weapon tag, want a tag: %v", hex, n, want)
		}
	}
	if a := s.counters.tags; a["BRK"] == nil || a["RMV"] == nil {
		t.Errorf("tags drawn: %v, want BRK and RMV", a)
	}
}

// TestRulesetStatesOnCounters plays the engine's test ruleset until a shot
// leaves the Tiger shocked and suppressed, then draws it: its counter
// carries a tag per state in the state-tag colour ("SHK", "SUP"), which a
// counter of the default ruleset, with no states, never shows.
func TestRulesetStatesOnCounters(t *testing.T) {
	const zoom = 2
	var b *battle.Battle
	for seed := uint64(1); seed <= 400 && b == nil; seed++ {
		c := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: seed, Ruleset: seamtest.Name},
			placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
			placed{"Sherman Firefly", maps.Allies, "B3", board.DirSE},
			placed{"Tiger I", maps.Axis, "D3", board.DirNW},
		)
		for _, o := range []battle.Order{battle.Fire{Unit: 1, Target: 3}, battle.Fire{Unit: 2, Target: 3}, battle.EndPhase{}} {
			if _, err := c.Apply(o); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if tiger := c.Unit(3); tiger.StateCount(seamtest.Shock) > 0 && tiger.StateCount(seamtest.Suppressed) > 0 {
			b = c
		}
	}
	if b == nil {
		t.Fatal("no seed of 400 left the Tiger shocked and suppressed")
	}
	img := renderUnits(t, b, zoom, 800, 600, 0)
	uitest.SavePNG(t, "states.png", img)
	if n := tagPixels(t, b, img, "D3", zoom, colStateTag); n < 40 {
		t.Errorf("the shocked, suppressed Tiger shows %d pixels of state tags, want two tags", n)
	}
	if n := tagPixels(t, b, img, "B2", zoom, colStateTag); n != 0 {
		t.Errorf("the M4A3E8, with no state, shows %d pixels of state tags", n)
	}
}

// TestDeclaredShotTag: under simultaneous fire two AT shots declared at
// the Tiger put a declared-shot tag on its counter, none on the firers';
// once the shots are rolled the tag goes. Under the default ruleset a shot
// is rolled at once: no tag.
func TestDeclaredShotTag(t *testing.T) {
	const zoom = 2
	for _, tc := range []struct {
		rules    string
		declared bool
	}{{"shiftchart", true}, {"elimination", false}} {
		t.Run(tc.rules, func(t *testing.T) {
			b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: tc.rules},
				placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
				placed{"Sherman Firefly", maps.Allies, "B3", board.DirSE},
				placed{"Tiger I", maps.Axis, "D3", board.DirNW},
			)
			for _, o := range []battle.Order{battle.Fire{Unit: 1, Target: 3}, battle.Fire{Unit: 2, Target: 3}} {
				if _, err := b.Apply(o); err != nil && tc.declared {
					t.Fatal(err)
				}
			}
			img := renderUnits(t, b, zoom, 800, 600, 0)
			uitest.SavePNG(t, "declared-"+tc.rules+".png", img)
			if n := tagPixels(t, b, img, "D3", zoom, colDeclared); (n >= 40) != tc.declared || (!tc.declared && n != 0) {
				t.Errorf("the Tiger shows %d pixels of the declared-shot tag, want a tag: %v", n, tc.declared)
			}
			if n := tagPixels(t, b, img, "B2", zoom, colDeclared); n != 0 {
				t.Errorf("the M4A3E8, at which nothing is declared, shows %d pixels of the tag", n)
			}
			if !tc.declared {
				return
			}
			if _, err := b.Apply(battle.Resolve{}); err != nil {
				t.Fatal(err)
			}
			img = renderUnits(t, b, zoom, 800, 600, 0)
			if n := tagPixels(t, b, img, "D3", zoom, colDeclared); n != 0 {
				t.Errorf("the shots are rolled, yet the Tiger shows %d pixels of the tag", n)
			}
		})
	}
}

// TestCarriedTag: a counter tags the support weapon its unit carries when
// its type does not print it, by the weapon's first word cut to five
// letters.
func TestCarriedTag(t *testing.T) {
	squad := &units.Type{Name: "German Rifle Squad", Weapon: "MG34"}
	for _, tt := range []struct {
		carried string
		want    string
	}{
		{"", ""},         // nothing carried
		{"MG34", ""},     // the type's own weapon, printed on the face
		{"MG42", "MG42"}, // handed over
		{"5cm Mortar", "5cm"},
		{"Panzerschreck", "Panze"},
	} {
		u := &battle.Unit{Type: squad, SupportWeapon: tt.carried}
		if have := carriedTag(u); have != tt.want {
			t.Errorf("carrying %q: tag %q, want %q", tt.carried, have, tt.want)
		}
	}
}
