package battle

import (
	"strings"
	"testing"
)

// TestStage puts an immobile marker and smoke on a fresh battle: the
// line of sight through the smoke is hindered, the marker reaches the
// shot, and bad arguments are refused.
func TestStage(t *testing.T) {
	b := fixture{grid: openMap, units: []unitAt{
		{"M4A3E8", "allies", "A3", 2},
		{"Tiger I", "axis", "E3", 5},
	}}.battle(t)
	plan, err := b.PlanFire(Fire{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Shot.Target.Immobile || plan.Shot.Hindrance != 0 {
		t.Fatalf("before staging: immobile %v, hindrance %d", plan.Shot.Target.Immobile, plan.Shot.Hindrance)
	}
	if err := b.StageMarkers(2, Immobile); err != nil {
		t.Fatal(err)
	}
	if err := b.StageSmoke(hexOf(t, b, "C3"), 2); err != nil {
		t.Fatal(err)
	}
	plan, err = b.PlanFire(Fire{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Shot.Target.Immobile || plan.Shot.Hindrance == 0 {
		t.Fatalf("after staging: immobile %v, hindrance %d, want immobile and hindered", plan.Shot.Target.Immobile, plan.Shot.Hindrance)
	}
	if err := b.StageSmoke(hexOf(t, b, "C3"), 0); err != nil || b.Smoke(hexOf(t, b, "C3")) != 0 || len(b.SmokeHexes()) != 0 {
		t.Fatalf("smoke 0 left %d (err %v)", b.Smoke(hexOf(t, b, "C3")), err)
	}
	for _, err := range []error{b.StageMarkers(9, Pinned), b.StageSmoke(hexOf(t, b, "C3"), 3), b.StageSmoke(hexOf(t, b, "A1").Neighbor(0).Neighbor(0), 1)} {
		if err == nil || !strings.Contains(err.Error(), "#9") && !strings.Contains(err.Error(), "want 0, 1 or 2") && !strings.Contains(err.Error(), "off the map") {
			t.Errorf("err = %v, want a refusal", err)
		}
	}
}
