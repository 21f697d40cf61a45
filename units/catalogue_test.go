package units

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
)

func TestDefaultHasAgreedNames(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatalf("Default error: %v", err)
	}
	for _, name := range []string{"M4A3E8", "Tiger I", "Panther", "Sherman Firefly", "M4 (75)", "M10",
		"M3 Halftrack", "M38 Jeep", "3-Ton Truck", "6-Pndr Mk IV", "57mm M1", "Pz IV H", "StuG III G",
		"SdKfz 251", "Pak 40", "US Rifle Squad", "US Rifle Half Squad", "US Bazooka Team", "US Leader",
		"German Rifle Squad", "German Panzerschreck Team", "German Leader", "T-34/85", "SU-85",
		"45mm M1937", "Opel Blitz", "British Rifle Squad", "British PIAT Team", "Soviet Rifle Squad",
		"Soviet AT Rifle Team", "Soviet Leader", "British Leader"} {
		if _, err := c.Lookup(name); err != nil {
			t.Errorf("Lookup(%q) error: %v", name, err)
		}
	}
	for _, name := range []string{"Bazooka", "Panzerschreck", "PIAT", "AT Rifle", "Panzerfaust",
		"Bren", "M1919A6", "MG34", "5cm Mortar"} {
		if _, err := c.LookupWeapon(name); err != nil {
			t.Errorf("LookupWeapon(%q) error: %v", name, err)
		}
	}
}

func TestSampleCounters(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want string // a summary of the type
	}{
		{"M4A3E8", "afv atfp=D turret=true gun=12 mg=[{360 4} {ff 3}] armour=E/C mp=10 cr=0"},
		{"Tiger I", "afv atfp=E turret=true gun=14 mg=[{360 4} {ff 3}] armour=E/D mp=10 cr=0"},
		{"Panther", "afv atfp=E turret=true gun=14 mg=[{360 4} {ff 3}] armour=E/D mp=12 cr=0"},
		{"M3 Halftrack", "afv atfp=- turret=false gun=0 mg=[{360 4}] armour=A mp=14 cr=0"},
		{"M38 Jeep", "vehicle atfp=- turret=false gun=0 mg=[{360 4}] armour=- mp=16 cr=3"},
		{"6-Pndr Mk IV", "gun atfp=C turret=false gun=5 mg=[] armour=- mp=1 cr=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := c.Lookup(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			have := summary(u)
			if have != tt.want {
				t.Errorf("%s = %q, want %q", tt.name, have, tt.want)
			}
		})
	}
}

func summary(u *Type) string {
	return fmt.Sprintf("%s atfp=%s turret=%t gun=%d mg=%v armour=%s mp=%d cr=%d",
		u.Kind, u.ATFP, u.Turret, u.GunAPFP, u.MGs, u.Armour, u.MP, u.CR)
}

func TestEveryOwnValueHasAReason(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range c.Types() {
		for _, n := range u.Ours {
			if len(n.Fields) == 0 || len(n.Reason) < 10 {
				t.Errorf("%s: ours note %+v has no fields or no reason", u.Name, n)
			}
		}
		if u.Nation == "SU" && len(u.Ours) == 0 {
			t.Errorf("%s: Soviet ratings are all ours but carry no note", u.Name)
		}
	}
}

func TestMover(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want board.Mover
	}{
		{"US Rifle Squad", board.Foot},
		{"German Leader", board.Foot},
		{"Tiger I", board.Wheeled},
		{"M38 Jeep", board.Wheeled},
		{"Pak 40", board.Wheeled},
	}
	for _, tt := range tests {
		have, err := c.Mover(tt.name)
		if err != nil || have != tt.want {
			t.Errorf("Mover(%q) = %v, %v; want %v", tt.name, have, err, tt.want)
		}
	}
	if _, err := c.Mover("King Tiger"); err == nil || !strings.Contains(err.Error(), `"King Tiger"`) {
		t.Errorf("Mover(King Tiger) error = %v, want one naming the unit", err)
	}
}

func TestLookupSuggests(t *testing.T) {
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Lookup("tiger")
	if err == nil || !strings.Contains(err.Error(), `"tiger"`) || !strings.Contains(err.Error(), "Tiger I") {
		t.Errorf("Lookup(tiger) error = %v, want it to name the unit and suggest Tiger I", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // parts the error must contain
	}{
		{"bad rating", "[unit X]\nnation = US\nkind = afv\narmour = G/C\nmp = 4\n",
			[]string{"bad.txt:4", `unit "X"`, `field "armour"`, `"G"`}},
		{"unknown field", "[unit X]\nnation = US\ncolour = red\n",
			[]string{"bad.txt:3", `unit "X"`, `field "colour"`, "unknown field"}},
		{"missing field", "[unit X]\nnation = US\nkind = afv\nmp = 4\n\n[unit Y]\n",
			[]string{"bad.txt:1", `unit "X"`, `field "armour" is missing`}},
		{"bad number", "[unit X]\nnation = US\nkind = afv\narmour = A\nmp = fast\n",
			[]string{"bad.txt:5", `field "mp"`, `"fast"`}},
		{"bad nation", "[unit X]\nnation = FR\n", []string{`field "nation"`, `"FR"`}},
		{"twice", "[unit X]\nnation = US\nnation = UK\n", []string{"bad.txt:3", `field "nation" given twice`}},
		{"no header", "mp = 4\n", []string{"bad.txt:1", `field "mp" before any`}},
		{"no equals", "[unit X]\nfast\n", []string{"bad.txt:2", `"fast"`}},
		{"bad header", "[tank X]\n", []string{"bad.txt:1", "[unit NAME]"}},
		{"duplicate", "[weapon W]\ntype = L\nrange = 2\n[weapon W]\ntype = L\nrange = 2\n", []string{"bad.txt:4", `weapon "W" already defined at bad.txt:1`}},
		{"ours names unset field", "[unit X]\nnation = US\nkind = afv\narmour = A\nmp = 4\nours = cr: guess\n",
			[]string{`unit "X"`, `field "ours"`, `"cr"`}},
		{"ours unknown field", "[unit X]\nours = speed: guess\n", []string{`field "ours"`, `"speed"`}},
		{"ours without reason", "[unit X]\nours = mp\n", []string{`field "ours"`, "reason"}},
		{"infantry atfp", "[unit X]\nnation = US\nkind = squad\natfp = C\napfp = 4\nrange = 6\ncr = 4\n", []string{`field "atfp"`, "support weapon"}},
		{"leader without modifier", "[unit X]\nnation = US\nkind = leader\napfp = 1\nrange = 3\ncr = 1\n", []string{`field "modifier" is missing`}},
		{"gun mp", "[unit X]\nnation = DE\nkind = gun\natfp = D\ncr = 3\nmp = 4\ngun_shield = no\n", []string{`field "mp"`, "0 or 1"}},
		{"armour on a truck", "[unit X]\nnation = DE\nkind = vehicle\ncr = 3\nmp = 4\narmour = B\n", []string{`field "armour"`, "only AFVs"}},
		{"bad mg", "[unit X]\nmg = 270 4\n", []string{`field "mg"`, `"270"`}},
		{"weapon range", "[weapon W]\ntype = L\nrange = 2\nmin_range = 3\n", []string{`weapon "W"`, `field "min_range"`}},
		{"weapon type", "[weapon W]\ntype = M\n", []string{"bad.txt:2", `weapon "W"`, `field "type"`, `"M"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := NewCatalogue().Parse("data/bad.txt", []byte(tt.text))
			if err == nil {
				t.Fatalf("Parse(%q) = nil error, want one containing %q", tt.text, tt.want)
			}
			for _, part := range tt.want {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("Parse error = %q, want it to contain %q", err, part)
				}
			}
		})
	}
}

func TestValidateUnknownWeapon(t *testing.T) {
	c := NewCatalogue()
	text := "# team\n[unit T]\nnation = US\nkind = half_squad\napfp = 1\nrange = 4\ncr = 2\nweapon = Bazoka\n"
	if err := c.Parse("us.txt", []byte(text)); err != nil {
		t.Fatal(err)
	}
	err := c.Validate()
	want := `units: us.txt:2: unit "T": field "weapon": unknown support weapon "Bazoka"`
	if err == nil || err.Error() != want {
		t.Errorf("Validate() = %v, want %s", err, want)
	}
}

func TestRatingsRoundTrip(t *testing.T) {
	for _, s := range []string{"A", "B", "C", "D", "E", "F", "-"} {
		r, err := ParseRating(s)
		if err != nil || r.String() != s {
			t.Errorf("ParseRating(%q) = %v, %v; want %s", s, r, err, s)
		}
	}
	for _, s := range []string{"E/C", "A", "-", "D/D"} {
		a, err := ParseArmour(s)
		want := s
		if s == "D/D" {
			want = "D"
		}
		if err != nil || a.String() != want {
			t.Errorf("ParseArmour(%q) = %v, %v; want %s", s, a, err, want)
		}
	}
	for _, s := range []string{"G", "AB", "E/", "-/C"} {
		if _, err := ParseArmour(s); err == nil {
			t.Errorf("ParseArmour(%q) = nil error, want one", s)
		}
	}
}

// docs/RULES.md lists every catalogue entry with values of our own.
func TestRulesDocListsOwnValues(t *testing.T) {
	doc, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Default(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range c.Types() {
		if ownRatings(u.Ours) && !strings.Contains(string(doc), "| "+u.Name+" | ") {
			t.Errorf("docs/RULES.md has no row for %s, whose ratings are partly ours", u.Name)
		}
	}
	for _, w := range c.Weapons() {
		if ownRatings(w.Ours) && !strings.Contains(string(doc), "| "+w.Name+" | ") {
			t.Errorf("docs/RULES.md has no row for %s, whose values are partly ours", w.Name)
		}
	}
}

// ownRatings reports whether any note names a rating rather than a
// historical fact (estimated facts carry their reasons in the data only).
func ownRatings(notes []Note) bool {
	for _, n := range notes {
		for _, f := range n.Fields {
			if !slices.Contains(historyFields, f) {
				return true
			}
		}
	}
	return false
}

// TestTypesOrder: Types lists the types by nation, then name, whatever
// the order the texts were parsed in, and a caller may reorder what it
// gets without changing what the next caller sees.
func TestTypesOrder(t *testing.T) {
	squad := func(name, nation string) string {
		return "[unit " + name + "]\nnation = " + nation + "\nkind = squad\napfp = 5\nrange = 6\ncr = 4\n\n"
	}
	c := NewCatalogue()
	for i, text := range []string{
		squad("Zug", "DE") + squad("Gruppe", "DE"),
		squad("Rifle", "US"),
		squad("Alpha", "UK") + squad("Assault", "DE"),
	} {
		if err := c.Parse(fmt.Sprintf("t%d.txt", i), []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	names := func() []string {
		var ns []string
		for _, u := range c.Types() {
			ns = append(ns, u.Nation+" "+u.Name)
		}
		return ns
	}
	want := []string{"DE Assault", "DE Gruppe", "DE Zug", "UK Alpha", "US Rifle"}
	if got := names(); !slices.Equal(got, want) {
		t.Fatalf("Types() = %q, want %q", got, want)
	}
	ts := c.Types()
	slices.Reverse(ts)
	if got := names(); !slices.Equal(got, want) {
		t.Errorf("after a caller reversed its slice, Types() = %q, want %q", got, want)
	}
}
