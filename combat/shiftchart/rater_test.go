package shiftchart

import (
	"testing"

	"hexfire/battle/battletest"
	"hexfire/combat"
)

// TestRatingsReproduceThePrinted: the formula gives the printed contact P
// of every catalogue weapon with a row, but the listed overrides; every
// unit type and weapon is rated without error.
func TestRatingsReproduceThePrinted(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	rated := 0
	for _, w := range cat.Weapons() {
		rs, err := Ruleset{}.RateWeapon(w)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := RowOf(w.Name); !ok {
			continue
		}
		rated++
		p := rs[len(rs)-1]
		_, overridden := pOverrides[w.Name]
		if want := map[bool]combat.Origin{false: combat.Printed, true: combat.Overridden}[overridden]; p.Origin != want {
			t.Errorf("%s: contact P %s %s (%s), want %s", w.Name, p.Value, p.Origin, p.Reason, want)
		}
	}
	if rated != len(catalogueRows) {
		t.Errorf("%d catalogue weapons have a row, want %d", rated, len(catalogueRows))
	}
	for _, ty := range cat.Types() {
		if _, err := (Ruleset{}).RateType(ty); err != nil {
			t.Error(err)
		}
	}
}

// TestGunAndArmourFormula works two ratings by hand: the Tiger's 88 at
// 500 m defeats 110 mm at 30°, 127 mm square on: P13; the M4A3E8's
// 64 mm glacis at 47° is 93.8 mm square on: armour 10.
func TestGunAndArmourFormula(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	tiger, _ := cat.Lookup("Tiger I")
	sherman, _ := cat.Lookup("M4A3E8")
	s := combat.Shot{Firer: "Tiger I", FirerKind: tiger.Kind, Weapon: combat.MainGunOf(tiger), Target: combat.TargetOf(sherman), Metres: 500, Range: 10}
	p, err := plan(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.fire.cell.P != 13 || p.fire.cell.Mod != -1 || p.vuln != Vulnerability(3) {
		t.Errorf("P%d %d, vulnerability %s; steps %q", p.fire.cell.P, p.fire.cell.Mod, vulnLetter(p.vuln), p.steps)
	}
}

// TestHeavyMGVehicle: the M3 Halftrack, whose heaviest weapon is a 12.7 mm
// machine gun, fires by the .50-cal row: at the SdKfz 251's front (14.5 mm
// at 22°, armour 2) at 50 m, P1/-1 gives margin -1, E, 0 shifts: 8t9k
// without the "*", so 9-10 kill and 8 does nothing.
func TestHeavyMGVehicle(t *testing.T) {
	cat := battletest.Catalogue(t, nil)
	m3, _ := cat.Lookup("M3 Halftrack")
	sdkfz, _ := cat.Lookup("SdKfz 251")
	s := combat.Shot{Firer: "M3", FirerKind: m3.Kind, Weapon: combat.MainGunOf(m3), Target: combat.TargetOf(sdkfz), Metres: 50, Range: 1}
	o, err := Ruleset{}.Odds(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]uint64{}
	for _, h := range o.Headlines() {
		got[h.Headline] = h.Weight
	}
	if got["eliminated"] != 2 || got["no effect"] != 1 || got["miss"] != 7 {
		t.Errorf("odds %v; steps %q", got, o.Steps)
	}
	rs, err := Ruleset{}.RateType(m3)
	if err != nil || rs[0].Origin != combat.Printed || rs[0].Value != "contact P1/-0 50m P1/-1 100m P1/-1 150m P1/-2 200m P1/-2 750m P1/-3" {
		t.Errorf("ratings %+v, %v", rs, err)
	}
}
