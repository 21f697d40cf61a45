package units

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

func TestHistoryParsed(t *testing.T) {
	text := `[unit X]
nation = DE
kind = afv
armour = E/D
mp = 10
armour_front = 100 @ 9
armour_side = 80
armour_top = 25 mm
open_top = no
calibre = 88 mm L/56
pen_apcbc = 120/110 mm at 100/500 m vs 30°
pen_apc = 93/88 mm at 500/1000 yd vs 30
pen_heat = 90 mm vs 0°
size = 6.32 x 3.56 x 3.00 m
speed_road = 45 km/h
speed_country = 20
crew = 5
machine_guns = 2 x 7.92, 1 x 12.7
rof = 6
source = armour_front, armour_side, armour_top, open_top, calibre: a book
source = pen_apcbc, pen_apc, pen_heat, size, speed_road, crew, machine_guns: another
ours = speed_country, rof: a guess
`
	c := NewCatalogue()
	if err := c.Parse("x.txt", []byte(text)); err != nil {
		t.Fatal(err)
	}
	h := c.types["X"].History
	checks := []struct {
		what, have, want string
	}{
		{"front", h.Armour[FacingFront].String(), "100 mm @ 9°"},
		{"side", h.Armour[FacingSide].String(), "80 mm"},
		{"rear", h.Armour[FacingRear].String(), "0 mm"},
		{"top", h.Armour[FacingTop].String(), "25 mm"},
		{"gun", h.Gun.String(), "88 mm L/56"},
		{"pen 0", h.Pen[0].Ammo.String() + " " + h.Pen[0].String(), "APCBC 120/110 mm at 100/500 m vs 30°"},
		{"pen 1", h.Pen[1].Ammo.String() + " " + h.Pen[1].String(), "APC 93/88 mm at 500/1000 yd vs 30°"},
		{"pen 2", h.Pen[2].Ammo.String() + " " + h.Pen[2].String(), "HEAT 90 mm vs 0°"},
	}
	for _, c := range checks {
		if c.have != c.want {
			t.Errorf("%s = %q, want %q", c.what, c.have, c.want)
		}
	}
	if h.Length != 6.32 || h.Width != 3.56 || h.Height != 3 || h.RoadSpeed != 45 || h.CountrySpeed != 20 ||
		h.Crew != 5 || h.ROF != 6 || len(h.MGs) != 2 || h.MGs[1] != (MGFacts{1, 12.7}) || h.OpenTop {
		t.Errorf("history = %+v", h)
	}
	if len(h.Sources) != 2 || h.Sources[1].Reason != "another" {
		t.Errorf("sources = %+v, want the two notes", h.Sources)
	}
	if m := h.Pen[1].Metres; m[0] != 500*0.9144 || m[1] != 1000*0.9144 {
		t.Errorf("yards read as metres %v, want 457.2 and 914.4", m)
	}
}

func TestPenetrationAt(t *testing.T) {
	p := Penetration{MM: []float64{120, 110, 100}, Metres: []float64{100, 500, 1000}}
	heat := Penetration{MM: []float64{90}}
	tests := []struct {
		p      Penetration
		metres float64
		want   float64
		ok     bool
	}{
		{p, 100, 120, true},
		{p, 300, 115, true},
		{p, 750, 105, true},
		{p, 1000, 100, true},
		{p, 50, 0, false},
		{p, 1001, 0, false},
		{heat, 0, 90, true},
		{heat, 5000, 90, true},
		{Penetration{}, 100, 0, false},
	}
	for _, tt := range tests {
		have, ok := tt.p.At(tt.metres)
		if have != tt.want || ok != tt.ok {
			t.Errorf("%v.At(%v) = %v, %v; want %v, %v", tt.p, tt.metres, have, ok, tt.want, tt.ok)
		}
	}
}

func TestPlateEffective(t *testing.T) {
	tests := []struct {
		p    Plate
		want float64
	}{
		{Plate{80, 0}, 80},
		{Plate{80, 60}, 160},
		{Plate{64, 47}, 93.84},
	}
	for _, tt := range tests {
		if have := tt.p.Effective(); math.Abs(have-tt.want) > 0.01 {
			t.Errorf("%v.Effective() = %v, want %v", tt.p, have, tt.want)
		}
	}
}

func TestHistoryParseErrors(t *testing.T) {
	head := "[unit X]\nnation = DE\nkind = afv\narmour = A\nmp = 4\n"
	tests := []struct {
		name, text string
		want       []string
	}{
		{"no source", head + "crew = 5\n", []string{"bad.txt:1", `unit "X"`, `field "crew"`, "source"}},
		{"source names unset", head + "source = crew: a book\n", []string{`field "source"`, `"crew"`}},
		{"source unknown field", head + "source = mp: a book\n", []string{"bad.txt:6", `field "source"`, `"mp"`}},
		{"bad slope", head + "armour_front = 80 @ 95\n", []string{"bad.txt:6", `field "armour_front"`, "slope", `"95"`}},
		{"NaN", head + "armour_front = NaN\n", []string{`field "armour_front"`, `"NaN"`}},
		{"bad pen counts", head + "pen_ap = 1/2/3 mm at 100/500 m vs 30\n", []string{`field "pen_ap"`, "3 figures for 2 ranges"}},
		{"pen without unit", head + "pen_ap = 1/2 mm at 100/500 vs 30\n", []string{`field "pen_ap"`, "m or yd"}},
		{"pen without angle", head + "pen_ap = 100 mm\n", []string{`field "pen_ap"`, "vs 30°"}},
		{"pen ranges fall", head + "pen_ap = 2/1 mm at 500/100 m vs 30\n", []string{`field "pen_ap"`, "increase"}},
		{"pen no ranges", head + "pen_ap = 2/1 mm vs 30\n", []string{`field "pen_ap"`, "ranges"}},
		{"pen too long", head + "pen_ap = " + strings.Repeat("1/", 20) + "1 mm vs 0\n", []string{`field "pen_ap"`, "at most 12"}},
		{"unknown ammo", head + "pen_sabot = 1 mm vs 0\n", []string{`field "pen_sabot"`, "unknown field"}},
		{"unknown facing", head + "armour_belly = 10\n", []string{`field "armour_belly"`, "unknown field"}},
		{"size", head + "size = 6 x 3 m\n", []string{`field "size"`, "length x width x height"}},
		{"mgs", head + "machine_guns = two\n", []string{`field "machine_guns"`, "2 x 7.92"}},
		{"calibre", head + "calibre = 88 mm L/0\n", []string{`field "calibre"`, "barrel length"}},
		{"AFV without armour or plates", "[unit X]\nnation = DE\nkind = afv\nmp = 4\narmour_front = 80\nsource = armour_front: a book\n",
			[]string{"bad.txt:1", `field "armour" is missing`, "armour_front and armour_side"}},
		{"Gun without atfp or penetration", "[unit X]\nnation = DE\nkind = gun\ncr = 3\nmp = 0\ngun_shield = yes\ncalibre = 75 mm\nsource = calibre: a book\n",
			[]string{"bad.txt:1", `field "atfp" is missing`, "pen_"}},
		{"weapon field", "[weapon W]\ntype = L\nrange = 2\nrange_m = lots\n", []string{"bad.txt:4", `weapon "W"`, `field "range_m"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := NewCatalogue().Parse("data/bad.txt", []byte(tt.text))
			if err == nil {
				t.Fatalf("Parse = nil error, want one containing %q", tt.want)
			}
			for _, part := range tt.want {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("Parse error = %q, want it to contain %q", err, part)
				}
			}
		})
	}
}

// Every unit type and support weapon of the catalogue carries the facts its
// kind is rated from.
func TestEveryEntryHasItsFacts(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range c.Types() {
		h := u.History
		var missing []string
		need := func(field string, ok bool) {
			if !ok {
				missing = append(missing, field)
			}
		}
		need("crew", h.Crew > 0)
		if !u.Kind.Infantry() {
			need("size", h.Length > 0)
			need("speed_road", h.RoadSpeed > 0 || u.Kind == Gun)
			need("machine_guns", len(u.MGs) == 0 || len(h.MGs) > 0)
		}
		if u.Kind == AFV {
			for f := FacingFront; f <= FacingRear; f++ {
				need("armour_"+f.String(), h.Armour[f].MM > 0)
			}
			need("armour_top", h.OpenTop || h.Armour[FacingTop].MM > 0)
			need("speed_country", h.CountrySpeed > 0)
		}
		if u.ATFP != NoRating {
			need("calibre", h.Gun.MM > 0 && h.Gun.Length > 0)
			need("pen_*", len(h.Pen) > 0)
			need("rof", h.ROF > 0)
		}
		if len(missing) > 0 {
			t.Errorf("%s (%s) lacks %v", u.Name, u.Source, missing)
		}
	}
	for _, w := range c.Weapons() {
		h := w.History
		if h.Gun.MM == 0 || h.RangeM == 0 || h.Crew == 0 {
			t.Errorf("%s lacks calibre, range_m or crew: %+v", w.Name, h)
		}
		// The light mortar fires high explosive only: it has no
		// penetration figure.
		if w.ATFP != NoRating && len(h.Pen) == 0 && w.Name != "5cm Mortar" {
			t.Errorf("%s has an ATFP but no penetration figure", w.Name)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"data/de.txt", "data/weapons.txt"} {
		data, err := embedded.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("[unit X]\npen_ap = 1/2 mm at 1/2 yd vs 3\nsize = 1x1x1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := NewCatalogue()
		if err := c.Parse("fuzz.txt", data); err == nil {
			_ = c.Validate()
		}
		for _, u := range c.Types() {
			for _, p := range u.History.Pen {
				_, _ = p.At(500)
				_ = p.String()
			}
		}
	})
}

// fakeLetters rates every gun C, every AFV B/A and every weapon D, and
// fails on a unit called "Broken".
type fakeLetters struct{}

func (fakeLetters) TypeATFP(*Type) Rating { return C }
func (fakeLetters) TypeArmour(t *Type) (Armour, error) {
	if t.Name == "Broken" {
		return Armour{}, fmt.Errorf("no plates for %s", t.Name)
	}
	return Armour{B, A}, nil
}
func (fakeLetters) WeaponATFP(*Weapon) Rating { return D }

func TestLoadDerivesUntypedLetters(t *testing.T) {
	tank := "nation = DE\nkind = afv\nmp = 10\narmour_front = 80\narmour_side = 30\nsource = armour_front, armour_side: a book\n"
	files := fstest.MapFS{
		"d/a.txt": {Data: []byte("[unit Typed]\n" + tank + "atfp = E\narmour = E/D\n" +
			"[unit Derived]\n" + tank +
			"[weapon Typed W]\ntype = L\nrange = 2\natfp = A\n" +
			"[weapon Derived W]\ntype = L\nrange = 2\n")},
	}
	c, err := Load(files, "d", fakeLetters{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, have, want string }{
		{"typed ATFP", c.types["Typed"].ATFP.String(), "E"},
		{"typed armour", c.types["Typed"].Armour.String(), "E/D"},
		{"derived ATFP", c.types["Derived"].ATFP.String(), "C"},
		{"derived armour", c.types["Derived"].Armour.String(), "B/A"},
		{"typed weapon", c.weapons["Typed W"].ATFP.String(), "A"},
		{"derived weapon", c.weapons["Derived W"].ATFP.String(), "D"},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, tt.have, tt.want)
		}
	}
	files["d/a.txt"] = &fstest.MapFile{Data: []byte("[unit Broken]\n" + tank)}
	if _, err := Load(files, "d", fakeLetters{}); err == nil || !strings.Contains(err.Error(), "no plates for Broken") {
		t.Errorf("Load with an underivable armour = %v, want the rater's error", err)
	}
}
