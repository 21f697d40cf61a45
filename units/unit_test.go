package units

import (
	"testing"

	"hexfire/board"
)

func TestNewUnit(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	team, err := c.Lookup("US Bazooka Team")
	if err != nil {
		t.Fatal(err)
	}
	u := NewUnit("us-1", team, 0, board.Hex{Q: 2, R: 1}, 0)
	if u.Weapon != "Bazooka" || u.Ammo != -1 || u.Passenger() || u.String() != "us-1 (US Bazooka Team)" {
		t.Errorf("NewUnit = %+v, want the Bazooka, unlimited ammunition, not a passenger", u)
	}
	u.Carrier, u.Fire, u.Move, u.Immobile = "us-2", true, true, true
	u.ClearMarkers()
	if !u.Passenger() || u.Fire || u.Move || !u.Immobile {
		t.Errorf("after ClearMarkers: passenger %v fire %v move %v immobile %v; want true false false true",
			u.Passenger(), u.Fire, u.Move, u.Immobile)
	}
}
