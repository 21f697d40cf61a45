package infantry

import (
	"strconv"
	"strings"
	"testing"

	"hexfire/combat"
	"hexfire/units"
)

// TestAirBurst: the casualty points of rounds bursting in a woods hex are
// doubled (rules 12.64, 21.6), in the roll and in its odds alike.
func TestAirBurst(t *testing.T) {
	squad := combat.Defender{Name: "squad", Kind: units.Squad, CR: 3}
	plain := combat.APAttack{APFP: 20, Cover: 2, CoverName: "woods"}
	burst := plain
	burst.AirBurst = true
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			p := RollAP(plain, combat.NewFixedDice(x, y))
			b := RollAP(burst, combat.NewFixedDice(x, y))
			if b.Points != 2*p.Points {
				t.Errorf("roll %d+%d: %d points in the air burst, want twice %d", x, y, b.Points, p.Points)
			}
			if p.Points > 0 && !strings.HasSuffix(b.Steps[0], ", doubled by the air burst in woods: "+strconv.Itoa(b.Points)) {
				t.Errorf("step %q", b.Steps[0])
			}
		}
	}
	po, err := FireOdds(plain, []combat.Defender{squad})
	if err != nil {
		t.Fatal(err)
	}
	bo, err := FireOdds(burst, []combat.Defender{squad})
	if err != nil {
		t.Fatal(err)
	}
	for n, w := range po.Points {
		if bo.Points[2*n] != w && n > 0 {
			t.Errorf("%d points: weight %d in the air burst's odds at %d, want %d", n, bo.Points[2*n], 2*n, w)
		}
	}
}
