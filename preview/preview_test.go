package preview

import (
	"testing"

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
