package preview

import (
	"image/color"
	"testing"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

func TestShortName(t *testing.T) {
	cat, err := units.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, want string }{
		{"Tiger I", "Tiger"},
		{"Pz IV H", "PzIV"},
		{"M4A3E8", "M4A3E"},
		{"US Rifle Squad", "Sqd"},
		{"US Rifle Half Squad", "HS"},
		{"US Para Half Squad", "Para"},
		{"US Bazooka Team", "Bazo"},
		{"German Leader", "Ldr"},
		{"6-Pndr Mk IV", "6-Pnd"},
	}
	for _, tt := range tests {
		ty, err := cat.Lookup(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := ShortName(ty); got != tt.want {
			t.Errorf("ShortName(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFortificationsTinted: a minefield's hex is drawn red, wire's dark,
// and an unfortified hex keeps the background.
func TestFortificationsTinted(t *testing.T) {
	b := board.MustParseASCII(board.DefaultLayout, ". . .\nminefield A1\nwire B1\n")
	cat, err := units.Default()
	if err != nil {
		t.Fatal(err)
	}
	img, err := Draw(&maps.Scenario{Path: "t.tmx", Board: b}, cat, Options{NoUnits: true})
	if err != nil {
		t.Fatal(err)
	}
	at := func(label string) color.RGBA {
		h, _ := b.ParseHex(label)
		x, y := b.Layout.Center(h)
		return img.RGBAAt(int(x), int(y))
	}
	background := color.RGBA{40, 44, 36, 255}
	if c := at("A1"); c.R <= c.G || c.R <= background.R {
		t.Errorf("minefield hex A1 is %v, want red over the background", c)
	}
	if c := at("B1"); c == background || c.R > background.R {
		t.Errorf("wire hex B1 is %v, want darkened", c)
	}
	if c := at("C1"); c != background {
		t.Errorf("open hex C1 is %v, want the background %v", c, background)
	}
}
