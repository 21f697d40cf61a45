package board

import "testing"

// TestSightFollowsChanges checks that Sight answers from the board as it
// is now: its packed terrain is dropped when a cell or a hexside changes,
// and a hex off the board reads as open ground, as for LOS.
func TestSightFollowsChanges(t *testing.T) {
	b := MustParseASCII(DefaultLayout, `
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .`)
	from, to := b.Layout.ToHex(Offset{2, 0}), b.Layout.ToHex(Offset{2, 4})
	mid := b.Layout.ToHex(Offset{2, 2})
	check := func(step string, want Sight) {
		t.Helper()
		if got := b.Sight(from, to, nil); got != want {
			t.Fatalf("%s: Sight = %+v, want %+v", step, got, want)
		}
		l := b.LOS(from, to, nil)
		if (Sight{Visible: l.Clear, Hindrance: l.Hindrance}) != want {
			t.Fatalf("%s: LOS = %v/%d, want %+v", step, l.Clear, l.Hindrance, want)
		}
	}
	check("open ground", Sight{Visible: true})
	if err := b.SetCell(mid, Cell{Terrain: Woods}); err != nil {
		t.Fatal(err)
	}
	check("woods between", Sight{})
	if err := b.SetCell(mid, Cell{Terrain: Orchard}); err != nil {
		t.Fatal(err)
	}
	check("orchard between", Sight{Visible: true, Hindrance: 1})
	if err := b.SetCell(mid, Cell{}); err != nil {
		t.Fatal(err)
	}
	for d := range Direction(6) {
		if err := b.SetHexside(mid, d, Hedgerow); err != nil {
			t.Fatal(err)
		}
	}
	check("hedgerows round the middle", Sight{})
	for d := range Direction(6) {
		if err := b.SetHexside(mid, d, NoFeature); err != nil {
			t.Fatal(err)
		}
	}
	check("hedgerows gone", Sight{Visible: true})
	smoke := func(h Hex) int {
		if h == mid {
			return 2
		}
		return 0
	}
	if got := b.Sight(from, to, smoke); got != (Sight{Visible: true, Hindrance: 2}) {
		t.Fatalf("smoke 2 between: Sight = %+v, want hindrance 2", got)
	}
	off := b.Layout.ToHex(Offset{2, 7})
	l := b.LOS(from, off, nil)
	if got := b.Sight(from, off, nil); got != (Sight{Visible: l.Clear, Hindrance: l.Hindrance}) {
		t.Fatalf("to a hex off the board: Sight = %+v, LOS %v/%d", got, l.Clear, l.Hindrance)
	}
}
