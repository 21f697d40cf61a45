package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// Rules 13.5: a Gun's shield protects its crew only while the Gun stands;
// one being moved has no shield, against AT fire (the to-hit cover) and
// AP fire (the ignored first point) alike, from the first hex of its move,
// not only once it carries the Move marker at the end.
func TestGunShieldDoesNotProtectAMovingGun(t *testing.T) {
	b := fixture{grid: `
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
`, units: []unitAt{
		{"6-Pndr Mk IV", maps.Allies, "C4", board.DirN}, // 1: 1 MP, gun shield
		{"German Rifle Squad", maps.Axis, "C1", board.DirS},
		{"Pz IV H", maps.Axis, "D1", board.DirS},
	}}.battle(t)
	gun, squad, tank := b.Unit(1), b.Unit(2), b.Unit(3)
	shielded := func() (at, ap bool) {
		s, err := b.ShotAt(tank, tank.Pose, gun, gun.Pose)
		if err != nil {
			t.Fatal(err)
		}
		return s.GunShield, b.Defender(gun, gun.Pose, squad.Pose.Hex).Shielded
	}
	if at, ap := shielded(); !at || !ap {
		t.Fatalf("standing Gun: shield against AT %v, AP %v; want both", at, ap)
	}
	apply(t, b, EndPhase{}, Move{Unit: 1, Path: []board.Pose{{Hex: hexOf(t, b, "C3"), Facing: board.DirN}}})
	if b.Moving() != gun {
		t.Fatalf("the Gun's move does not wait for opportunity fire (moving %v)", b.Moving())
	}
	if at, ap := shielded(); at || ap {
		t.Errorf("moving Gun: shield against AT %v, AP %v; want neither (rules 13.5)", at, ap)
	}
}
