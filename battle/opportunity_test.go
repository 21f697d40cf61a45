package battle

import (
	"slices"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestOpportunityFirersMatchPlans checks the quick answers about
// opportunity fire (OpportunityFirers, OpportunityAPFirers and
// opportunityOffered, which rule units out by the allocation-free Sight
// before planning) against the plain definition, PlanFire and PlanAP for
// every unit, with the mover stopped in every hex of a map with woods, a
// building, an orchard and smoke, in each ruleset the tests use.
func TestOpportunityFirersMatchPlans(t *testing.T) {
	grid := `
. . . . . . . . . .
. . W . . o . . . .
. . W . B . . . . .
. . . . . . W . . .
. o . . . . W W W W
. . . . W . . . . .
. . . . . . . . . .
. . . . . . . . . .
`
	for _, rules := range []string{"", "d20", "tohit-tokill"} {
		t.Run(rules, func(t *testing.T) {
			b := fixture{grid: grid, rules: rules, units: []unitAt{
				{"M4A3E8", maps.Allies, "A1", board.DirSE},  // 1: the mover
				{"StuG III G", maps.Axis, "J8", board.DirN}, // behind the woods, gun fixed
				{"Pak 40", maps.Axis, "D1", board.DirS},     // a gun that does not traverse
				{"German Rifle Squad", maps.Axis, "F6", 0},
				{"German Panzerschreck Team", maps.Axis, "A6", 0},
				{"US Rifle Squad", maps.Allies, "B2", 0}, // 6: the other mover
			}}.battle(t)
			b.smoke[hexOf(t, b, "E4")] = 2
			withAT, withAP, without := 0, 0, 0
			for _, mover := range []*Unit{b.Unit(1), b.Unit(6)} {
				b.pending = &pendingMove{Unit: mover.ID}
				start := mover.Pose
				for h := range b.Board().Hexes() {
					if len(b.UnitsAt(h)) > 0 && h != mover.Pose.Hex {
						continue
					}
					b.setPose(mover, board.Pose{Hex: h, Facing: board.DirSE})
					var wantAT, wantAP []*Unit
					for _, u := range b.units {
						_, errAT := b.PlanFire(Fire{Unit: u.ID, Target: mover.ID})
						_, errPF := b.PlanFire(Fire{Unit: u.ID, Target: mover.ID, Panzerfaust: true})
						if errAT == nil || errPF == nil {
							wantAT = append(wantAT, u)
						}
						if u.Active() && !u.Has(Fired) && b.Board().Contains(u.Pose.Hex) {
							if _, err := b.PlanAP(FireAP{Units: []UnitID{u.ID}, Target: h}); err == nil {
								wantAP = append(wantAP, u)
							}
						}
					}
					switch {
					case len(wantAT) > 0:
						withAT++
					case len(wantAP) > 0:
						withAP++
					default:
						without++
					}
					label := mover.Label() + " in " + b.Board().Label(h)
					if got := b.OpportunityFirers(); !slices.Equal(got, wantAT) {
						t.Errorf("%s: OpportunityFirers = %v, want %v", label, got, wantAT)
					}
					if got := b.OpportunityAPFirers(); !slices.Equal(got, wantAP) {
						t.Errorf("%s: OpportunityAPFirers = %v, want %v", label, got, wantAP)
					}
					if got, want := b.opportunityOffered(), len(wantAT)+len(wantAP) > 0; got != want {
						t.Errorf("%s: opportunityOffered = %v, want %v", label, got, want)
					}
				}
				b.setPose(mover, start)
			}
			if withAT == 0 || withAP == 0 || without == 0 {
				t.Errorf("hexes with AT firers %d, with AP firers only %d, with none %d: want some of each", withAT, withAP, without)
			}
		})
	}
}
