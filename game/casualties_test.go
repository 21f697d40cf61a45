package game

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/maps"
)

// casualtyGame: in hot-seat the US squads and leader in C4 (units 1–3)
// fire at the German squad (4) and half squad (5) in the woods of C2; the
// dice give 3 casualty points, which the Axis may spend by pinning the
// squad and eliminating the half squad (the automatic choice) or by
// reducing the squad.
func casualtyGame(t *testing.T) (*Game, *battle.Battle) {
	t.Helper()
	const grid = `
. . . . . . . .
. . W . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`
	b := gridBattle(t, board.DefaultLayout, grid, nil, battle.Config{Seed: 1, Dice: combat.NewFixedDice(2, 3)},
		placed{"US Rifle Squad", maps.Allies, "C4", board.DirN},
		placed{"US Rifle Squad", maps.Allies, "C4", board.DirN},
		placed{"US Leader", maps.Allies, "C4", board.DirN},
		placed{"German Rifle Squad", maps.Axis, "C2", board.DirS},
		placed{"German Rifle Half Squad", maps.Axis, "C2", board.DirS},
	)
	g := shotGame(t, b, "", "")
	g.play.lastActing = maps.Allies
	return g, b
}

// fireAtC2 gives the Allied AP fire at C2 as the game gives it.
func fireAtC2(t *testing.T, g *Game, b *battle.Battle) {
	t.Helper()
	if !g.issue(battle.FireAP{Units: []battle.UnitID{1, 2}, Leader: 3, Target: battletest.Hex(t, b, "C2")}) {
		t.Fatalf("the AP fire was refused: %s", g.play.toast)
	}
}

// After AP fire at his units the other player chooses how they take the
// casualty points: the banner tells him, the dialog lists the battle's
// legal choices, the automatic one first, and a digit gives his choice.
func TestTheOwnerChoosesHisCasualties(t *testing.T) {
	g, b := casualtyGame(t)
	fireAtC2(t, g, b)
	pa, ok := b.AllocationPending()
	if !ok || b.Acting() != maps.Axis {
		t.Fatalf("pending %v, acting %s: want the Axis to choose", ok, b.Acting())
	}
	if want := "Axis: 3 casualty points in C2 — choose how your units take them"; g.play.banner != want {
		t.Errorf("banner %q, want %q", g.play.banner, want)
	}
	if got, want := allocationText(pa, pa.Choices[1]), "German Rifle Squad #4 reduced to a half squad"; got != want {
		t.Errorf("second choice reads %q, want %q", got, want)
	}
	var in Intents
	in.Member = 2
	g.apply(in)
	if _, ok := b.AllocationPending(); ok || b.Unit(4).Type.Name != "German Rifle Half Squad" || b.Unit(5).Eliminated {
		t.Errorf("after 2: pending %v, squad %s, half squad eliminated %v: want the squad reduced",
			ok, b.Unit(4).Type.Name, b.Unit(5).Eliminated)
	}
	if g.play.bannerUntil > g.play.tick {
		t.Errorf("the banner %q still asks after the choice", g.play.banner)
	}
	if !strings.Contains(logText(g), "the Axis spend the 3 casualty points in C2") {
		t.Errorf("the log does not say the Axis spent the points:\n%s", logText(g))
	}
}

// Enter takes the automatic choice; the quick setting and a computer
// owner never ask.
func TestCasualtiesWithoutAsking(t *testing.T) {
	g, b := casualtyGame(t)
	fireAtC2(t, g, b)
	trigger(g, ActionEndPhase)
	if _, ok := b.AllocationPending(); ok || !b.Unit(4).Has(battle.Pinned) || !b.Unit(5).Eliminated {
		t.Errorf("Enter: pending %v; want the squad pinned and the half squad eliminated", ok)
	}
	for _, tt := range []struct {
		name string
		set  func(g *Game)
	}{
		{"quick setting", func(g *Game) { g.opts.QuickCasualties = true }},
		{"computer owner", func(g *Game) { g.play.computer[maps.Axis] = true }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, b := casualtyGame(t)
			tt.set(g)
			fireAtC2(t, g, b)
			if _, ok := b.AllocationPending(); ok || !b.Unit(5).Eliminated {
				t.Errorf("pending %v, half squad eliminated %v: want the automatic allocation at once", ok, b.Unit(5).Eliminated)
			}
		})
	}
}

// The dialog is drawn over the map while the owner chooses, under the
// hand-over screen in hot-seat, and goes once he has chosen.
func TestCasualtyDialogPixels(t *testing.T) {
	g, b := casualtyGame(t)
	fireAtC2(t, g, b)
	pa, _ := b.AllocationPending()
	rows, box := g.casualtyRows(pa)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	border := box.Min.Add(image.Pt(1, 1))
	if c := frame(g).RGBAAt(border.X, border.Y); c != ui.ColPanelKey {
		t.Errorf("dialog border at %v is %v, want the panel key colour %v", border, c, ui.ColPanelKey)
	}
	g.play.handOver = true
	g.play.lastActing = maps.Allies
	g.play.checkHandOver()
	if g.play.coverTitle != "Axis: casualties" || !strings.Contains(g.play.coverText, "the Allied fire at C2 scored 3 casualty points") {
		t.Errorf("hand-over %q: %q, want the casualties to choose", g.play.coverTitle, g.play.coverText)
	}
	if c := frame(g).RGBAAt(border.X, border.Y); c == ui.ColPanelKey {
		t.Error("the dialog shows through the hand-over screen")
	}
	g.play.dismissCover()
	var in Intents
	in.Click, in.Cursor = true, rows[0].Min.Add(image.Pt(4, 4))
	g.apply(in)
	if _, ok := b.AllocationPending(); ok {
		t.Fatal("a click on the first choice did not choose it")
	}
	if c := frame(g).RGBAAt(border.X, border.Y); c == ui.ColPanelKey {
		t.Errorf("the dialog border colour %v is still at %v after the choice", color.RGBA(c), border)
	}
}

// A save may leave the computer's units waiting for their allocation (a
// person played them when it was written): the computer takes the
// automatic one rather than an order the battle would refuse.
func TestTheComputerTakesTheAutomaticAllocation(t *testing.T) {
	g, b := casualtyGame(t)
	fireAtC2(t, g, b)
	g.play.computer[maps.Axis] = true
	seat, err := g.play.ump.NewSeat(maps.Axis, func(*battle.View, uint64, string) (Player, error) { return endPhases{}, nil }, "")
	if err != nil {
		t.Fatal(err)
	}
	g.play.seats[maps.Axis] = seat
	g.play.wait, g.play.watchUntil = g.play.delay, 0 // K: the next order now
	g.runComputer()
	if _, ok := b.AllocationPending(); ok || !b.Unit(4).Has(battle.Pinned) || !b.Unit(5).Eliminated {
		t.Errorf("pending %v: want the automatic allocation (squad pinned, half squad eliminated)", ok)
	}
}
