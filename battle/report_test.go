package battle

import (
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// TestReport: the Allies' turn summary under fog and in the open. The
// hidden German squad steps out of the woods of F3 into E3, in the M4's
// sight; next turn it goes back into F3 and on to G3 behind the woods. The
// Allies are told the first move, the step into F3 and that they lost the
// squad from sight there; in the open they are told both moves whole.
func TestReport(t *testing.T) {
	for _, tt := range []struct {
		fog  string
		want [][]string // the lines after each move
	}{
		{"true", [][]string{
			{"German Rifle Squad #2 moved F3 → E3"},
			{"German Rifle Squad #2 moved E3 → F3", "German Rifle Squad #2 was lost from sight in F3"},
		}},
		{"false", [][]string{
			{"German Rifle Squad #2 moved F3 → E3"},
			{"German Rifle Squad #2 moved E3 → G3"},
		}},
	} {
		t.Run("fog "+tt.fog, func(t *testing.T) {
			b := fixture{grid: screenMap, hidden: []int{1}, props: map[string]string{"fog": tt.fog}, units: []unitAt{
				{"M4A3E8", maps.Allies, "B3", board.DirNE},
				{"German Rifle Squad", maps.Axis, "F3", board.DirSW},
			}}.battle(t)
			allies, axis := NewReport(maps.Allies), NewReport(maps.Axis)
			order := func(o Order) {
				t.Helper()
				events := apply(t, b, o)
				allies.Add(events, b.View(maps.Allies))
				axis.Add(events, b.View(maps.Axis))
			}
			for i, path := range [][]string{{"E3"}, {"F3", "G3"}} {
				for b.Phasing() != maps.Axis || b.Phase() != Movement || b.Unit(2).Has(Moved) {
					order(EndPhase{})
				}
				var poses []board.Pose
				for _, h := range path {
					poses = append(poses, pose(t, b, h, board.DirSW))
				}
				order(Move{Unit: 2, Path: poses})
				for b.Moving() != nil {
					order(Pass{})
				}
				var got []string
				for _, l := range allies.Take() {
					got = append(got, l.Text)
				}
				if !slices.Equal(got, tt.want[i]) {
					t.Errorf("move %d: the Allies are told %q, want %q", i+1, got, tt.want[i])
				}
			}
			if lines := axis.Take(); len(lines) != 0 {
				t.Errorf("the Axis are told of their own moves: %v", lines)
			}
		})
	}
}

// TestReportOfAShot: the hidden Pak's shot at the M4 is told to the
// Allies, at the M4's hex; the Axis are told nothing of it.
func TestReportOfAShot(t *testing.T) {
	b := hiddenPak(t, 6, 6) // a miss
	allies, axis := NewReport(maps.Allies), NewReport(maps.Axis)
	for _, o := range []Order{EndPhase{}, EndPhase{}, Fire{Unit: 2, Target: 1}} {
		events := apply(t, b, o)
		allies.Add(events, b.View(maps.Allies))
		axis.Add(events, b.View(maps.Axis))
	}
	lines := allies.Take()
	if len(lines) != 1 || !strings.HasPrefix(lines[0].Text, "Pak 40 #2 fires at M4A3E8 #1") || b.Board().Label(lines[0].Hex) != "L2" {
		t.Errorf("the Allies are told %+v, want the Pak's shot at the M4 in L2", lines)
	}
	if lines := axis.Take(); len(lines) != 0 {
		t.Errorf("the Axis are told %+v", lines)
	}
}

// TestFiredUponUnseen: the hidden Pak knocks out the M4, its only
// watcher, and is lost from sight at once; the Allies see neither the shot
// nor the Pak, but are told, in their log and their report, that the M4
// was fired at by an enemy it could not see. The Axis see their shot.
func TestFiredUponUnseen(t *testing.T) {
	b := fixture{grid: spotMap, dice: []int{1, 1, 1, 1, 1, 1}, hidden: []int{1}, props: map[string]string{"fog": "true"}, units: []unitAt{
		{"M4A3E8", maps.Allies, "L2", board.DirNE},
		{"Pak 40", maps.Axis, "P2", board.DirSW},
	}}.battle(t)
	allies := NewReport(maps.Allies)
	var events []Event
	for _, o := range []Order{EndPhase{}, EndPhase{}, Fire{Unit: 2, Target: 1}} {
		events = apply(t, b, o)
		allies.Add(events, b.View(maps.Allies))
	}
	if b.Unit(1).Active() {
		t.Fatal("fixture: the dice leave the M4 in the fight")
	}
	const told = "M4A3E8 #1 in L2 is fired at by an enemy it cannot see"
	var alliesSaw, axisSaw []string
	for _, e := range events {
		if e.SeenBy(maps.Allies) {
			alliesSaw = append(alliesSaw, e.Text)
		}
		if e.SeenBy(maps.Axis) {
			axisSaw = append(axisSaw, e.Text)
		}
	}
	if !slices.Contains(alliesSaw, told) || slices.ContainsFunc(alliesSaw, func(s string) bool { return strings.Contains(s, "Pak") }) {
		t.Errorf("the Allies saw %q, want %q and no word of the Pak", alliesSaw, told)
	}
	if slices.Contains(axisSaw, told) || !slices.ContainsFunc(axisSaw, func(s string) bool { return strings.HasPrefix(s, "Pak 40 #2 fires at M4A3E8 #1") }) {
		t.Errorf("the Axis saw %q, want their shot and not the Allies' line", axisSaw)
	}
	if lines := allies.Take(); !slices.ContainsFunc(lines, func(l ReportLine) bool { return l.Text == told }) {
		t.Errorf("the Allies' report %+v lacks %q", lines, told)
	}
}
