package boardview

import (
	"image"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	_ "hexfire/combat/d20" // registered for the faces under every ruleset
	"hexfire/combat/elimination"
	"hexfire/combat/seamtest"
	_ "hexfire/combat/strikedice"
	_ "hexfire/combat/tohitkill"
	"hexfire/game/ui/uitest"
	"hexfire/maps"
)

// TestFaceRatings: a counter prints the active ruleset's own anti-tank
// attack and armour front/rear (its combat.Rater ratings), the
// catalogue's letters under a ruleset that rates nothing. The figures are
// those each ruleset's ratings give (hexfire-cli ratings).
func TestFaceRatings(t *testing.T) {
	cat := battletest.Catalogue(t, elimination.Ruleset{})
	for _, tc := range []struct {
		rules, unit    string
		attack, armour string
	}{
		{"elimination", "Panther", "E", "E/D"},
		{"elimination", "Pak 40", "D", ""},
		{"d20", "Panther", "15", "14/5"}, // "pen APCBC 15/14/13/11/10": the nearest range
		{"d20", "Pak 40", "12", ""},
		{"d20", "M3 Halftrack", "-", "1"},       // no gun: no attack; front and rear armour alike
		{"shiftchart", "Panther", "16", "14/6"}, // "fire table 250m P16/-0 …"
		{"shiftchart", "Pak 40", "12", ""},
		{"strikedice", "Panther", "10", "9/3"}, // "armour dice front 9", "… rear 3"
		{"strikedice", "Pak 40", "9", ""},
		{"tohit-tokill", "Panther", "22", "14/5"},
		{"tohit-tokill", "Pak 40", "17", ""},
		{seamtest.Name, "Panther", "E", "E/D"}, // rates nothing: the catalogue's letters
		{seamtest.Name, "Opel Blitz", "-", ""},
	} {
		r, err := combat.Lookup(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		typ, err := cat.Lookup(tc.unit)
		if err != nil {
			t.Fatal(err)
		}
		if attack, armour := faceRatings(r, typ); attack != tc.attack || armour != tc.armour {
			t.Errorf("%s %s: face prints %q and %q, want %q and %q", tc.rules, tc.unit, attack, armour, tc.attack, tc.armour)
		}
	}
}

// TestFaceFollowsRuleset draws a Panther's counter under the default
// ruleset and under d20: the name strip is the same, the values row is
// not (E and E/D against 15 and 14/5).
func TestFaceFollowsRuleset(t *testing.T) {
	const zoom = 0.77
	faces := map[string]*image.RGBA{}
	for _, rules := range []string{"elimination", "d20"} {
		b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1, Ruleset: rules},
			placed{"Panther", maps.Axis, "B2", board.DirN})
		faces[rules] = renderUnits(t, b, zoom, 200, 200, 0)
		uitest.SavePNG(t, "face-"+rules+".png", faces[rules])
	}
	b := configuredBattle(t, board.DefaultLayout, nil, battle.Config{Seed: 1}, placed{"Panther", maps.Axis, "B2", board.DirN})
	x, y, s := counterCentre(t, b, "B2", zoom)
	differ := func(y0, y1 float64) int {
		n := 0
		for py := int(y - s/2 + y0*s); py < int(y-s/2+y1*s); py++ {
			for px := int(x - s/2); px < int(x+s/2); px++ {
				if !uitest.ColourNear(faces["elimination"].RGBAAt(px, py), faces["d20"].RGBAAt(px, py), 8) {
					n++
				}
			}
		}
		return n
	}
	if n := differ(0.05, 0.25); n != 0 {
		t.Errorf("the name strips differ in %d pixels, want none", n)
	}
	if n := differ(0.62, 0.92); n < 20 {
		t.Errorf("the values rows differ in %d pixels, want the other ruleset's figures", n)
	}
}

// TestTagsLegible: at the default zoom of the default layout (77%) a
// marker tag's fill is at least 10 pixels tall on screen (12 with its
// border), its letters about 10 (the tags were 8 and 7 before).
func TestTagsLegible(t *testing.T) {
	const zoom = 0.77
	b := testBattle(t, board.DefaultLayout, nil,
		placed{"M4A3E8", maps.Allies, "B2", board.DirSE},
		placed{"Tiger I", maps.Axis, "D3", board.DirNW})
	if _, err := b.Apply(battle.Fire{Unit: 1, Target: 2}); err != nil {
		t.Fatal(err)
	}
	img := renderUnits(t, b, zoom, 300, 300, 0)
	uitest.SavePNG(t, "tags.png", img)
	x, y, s := counterCentre(t, b, "B2", zoom)
	fill := markerFill(battle.Fired)
	rows := 0
	for py := int(y - s); py < int(y+s); py++ {
		for px := int(x - 1.2*s); px < int(x); px++ {
			if uitest.ColourNear(img.RGBAAt(px, py), fill, 6) {
				rows++
				break
			}
		}
	}
	if rows < 10 {
		t.Errorf("the Fired tag is %d pixels tall at 77%%, want at least 10", rows)
	}
}
