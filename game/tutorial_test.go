package game

import (
	"image"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/maps"
)

// TestParseLesson: a steps file parses into its steps, and a malformed one
// is refused with the file, the line, the field and the value.
func TestParseLesson(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, battletest.OpenMap)
	steps, err := parseLesson("steps.txt", "# One\ndo: select M4A3E8\nshow: B2 C3\nClick it.\nNow.\n\nAgain.\n# Two\ndo: phase advance & assault\nGo on.\n", bd)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[0].title != "One" || steps[0].wait != waitSelect || steps[0].name != "M4A3E8" ||
		len(steps[0].show) != 2 || bd.Label(steps[0].show[1]) != "C3" || steps[0].text != "Click it. Now.\nAgain." ||
		steps[1].wait != waitPhase || steps[1].phase != battle.AdvancePhase {
		t.Errorf("steps = %+v", steps)
	}
	for _, tt := range []struct {
		name, text, want string
	}{
		{"no steps", "", "steps.txt: no steps"},
		{"text before a step", "hello\n# One\ndo: next\nText.\n", `steps.txt: line 1: "hello" before the first step`},
		{"no do", "# One\nText.\n", `steps.txt: step "One": no "do:" line`},
		{"no do, then a step", "# One\nText.\n# Two\ndo: next\nMore.\n", `steps.txt: step "One": no "do:" line`},
		{"two do lines", "# One\ndo: next\ndo: briefing\nText.\n", `steps.txt: line 3: a second "do:" line in step "One"`},
		{"no text", "# One\ndo: next\n", `steps.txt: step "One": no text`},
		{"unknown wait", "# One\ndo: dance\nText.\n", `steps.txt: line 2: do "dance": want next, briefing, select, hover, order or phase`},
		{"unknown order", "# One\ndo: order fly\nText.\n", `steps.txt: line 2: do "order fly": no order "fly" to wait for`},
		{"unknown phase", "# One\ndo: phase lunch\nText.\n", `steps.txt: line 2: do "phase lunch": no phase "lunch"`},
		{"hover off the map", "# One\ndo: hover Z40\nText.\n", `steps.txt: line 2: do "hover Z40": `},
		{"show off the map", "# One\ndo: next\nshow: B2 Z40\nText.\n", `steps.txt: line 3: show "Z40": `},
		{"select nobody", "# One\ndo: select\nText.\n", `steps.txt: line 2: do "select": want the unit's name after select`},
		{"next with more", "# One\ndo: next now\nText.\n", `steps.txt: line 2: do "next now": next takes nothing after it`},
		{"too much text", "# One\ndo: next\n" + strings.Repeat("word ", 500) + "\n", `steps.txt: step "One": 2499 characters of text, more than 2000`},
		{"too many steps", strings.Repeat("# S\ndo: next\nText.\n", maxLessonSteps+1), `steps.txt: line 193: more than 64 steps`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseLesson("steps.txt", tt.text, bd)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}

// tutorialAct is what the test does for one step of the shipped tutorial.
type tutorialAct struct {
	title string
	do    func(t *testing.T, a *App, g *Game)
}

// clickHex clicks the centre of hex label.
func clickHex(t *testing.T, a *App, g *Game, label string) {
	t.Helper()
	c := hexScreen(g, label)
	step(t, a, frameInput{intents: &Intents{Cursor: c, CursorIn: true}}) // the hover first, as a mouse does
	step(t, a, frameInput{intents: &Intents{Cursor: c, CursorIn: true, Click: true}})
}

// keys presses the keys of actions, the cursor over hex label.
func keys(t *testing.T, a *App, g *Game, label string, actions ...Action) {
	t.Helper()
	in := Intents{Cursor: hexScreen(g, label), CursorIn: true}
	step(t, a, frameInput{intents: &in})
	for _, act := range actions {
		in.Triggered[act] = true
	}
	step(t, a, frameInput{intents: &in})
}

// endPhase presses Space, answering Y when the game asks.
func endPhase(t *testing.T, a *App, g *Game) {
	t.Helper()
	step(t, a, battleKeys(ActionEndPhase))
	if g.ask != nil {
		step(t, a, battleKeys(ActionYes))
	}
}

// TestTutorialPlaysThrough starts Learn to play from the menu and does
// what each step of the shipped tutorial asks, as a player would, with
// the mouse and the keys: every step is reached, and each goes on by
// itself once done (the reading steps by F2), until the guide is over
// and the map has the strip's room back. The computer plays the Axis,
// ending its phases.
func TestTutorialPlaysThrough(t *testing.T) {
	a := testApp(t, t.TempDir())
	a.opts.Battle.NewPlayer = endPhasesPlayer
	m := a.scene.(*menu)
	learn := -1
	for i, b := range m.list.Items {
		if b.Label == "Learn to play" {
			learn = i
		}
	}
	if learn < 0 {
		t.Fatal("the menu has no Learn to play")
	}
	m.list.Items[learn].Do()
	g, ok := a.scene.(*Game)
	if !ok || g.tutor == nil {
		t.Fatalf("Learn to play opened %T without a guide (message %q)", a.scene, a.message)
	}
	full := mapArea(g.screen, g.scale, g.showPanel)
	if strip := g.tutorialStrip(); strip.Empty() || g.view.Max.Y != strip.Min.Y || strip.Max.Y != full.Max.Y {
		t.Errorf("the strip %v does not lie between the map %v and the status bar at %d", strip, g.view, full.Max.Y)
	}
	acts := []tutorialAct{
		{"Welcome", func(t *testing.T, a *App, g *Game) { step(t, a, battleKeys(ActionTutorialNext)) }},
		{"The goal", func(t *testing.T, a *App, g *Game) {
			step(t, a, battleKeys(ActionBriefing))
			if g.tutor.at != 1 {
				t.Error("the goal's step went on with the briefing still open")
			}
			step(t, a, battleKeys(ActionBriefing)) // closes it
		}},
		{"Select a unit", func(t *testing.T, a *App, g *Game) { clickHex(t, a, g, "B5") }},
		{"Line of sight and armour", func(t *testing.T, a *App, g *Game) { keys(t, a, g, "G3") }},
		{"Anti-tank fire", func(t *testing.T, a *App, g *Game) { clickHex(t, a, g, "G3") }},
		{"Infantry fire", func(t *testing.T, a *App, g *Game) {
			clickHex(t, a, g, "C7")
			clickHex(t, a, g, "F6")
		}},
		{"Ending a phase", endPhase},
		{"Moving", func(t *testing.T, a *App, g *Game) {
			clickHex(t, a, g, "B8")
			clickHex(t, a, g, "E6")
		}},
		{"Facing and arcs", func(t *testing.T, a *App, g *Game) {
			clickHex(t, a, g, "B3")
			keys(t, a, g, "C4", ActionRotateRight)
			clickHex(t, a, g, "C4")
		}},
		{"Opportunity fire", endPhase},
		{"Close assault", func(t *testing.T, a *App, g *Game) {
			clickHex(t, a, g, "E6")
			keys(t, a, g, "F6", ActionAssault)
		}},
		{"Fog of war", func(t *testing.T, a *App, g *Game) {
			// The button on the strip, rather than F2.
			c := g.tutorialButton().Min.Add(image.Pt(4, 4))
			step(t, a, frameInput{intents: &Intents{Cursor: c, Click: true}})
		}},
		{"Your battle", func(t *testing.T, a *App, g *Game) { step(t, a, battleKeys(ActionTutorialNext)) }},
	}
	if len(acts) != len(g.tutor.steps) {
		t.Fatalf("the test knows %d steps, the tutorial has %d", len(acts), len(g.tutor.steps))
	}
	for i, act := range acts {
		if s := g.tutor.step(); s == nil || s.title != act.title || g.tutor.at != i {
			t.Fatalf("step %d: the guide shows %+v, want %q", i+1, s, act.title)
		}
		// The computer answers a move first (opportunity fire) at its
		// pace.
		for n := 0; g.battle.Acting() != maps.Allies && n < 2000; n++ {
			step(t, a, frameInput{})
		}
		act.do(t, a, g)
		// The computer's orders take their pace: frames until the step
		// goes on, within a bound.
		for n := 0; g.tutor.at == i && n < 2000; n++ {
			step(t, a, frameInput{})
		}
		if g.tutor.at != i+1 {
			b := g.battle
			t.Fatalf("step %d %q not done: %s %s phase, toast %q, selected %d", i+1, act.title, b.Phasing(), b.Phase(), g.play.toast, g.play.unit)
		}
	}
	if !g.tutorialStrip().Empty() || g.view != full {
		t.Errorf("the guide is over, yet the strip is %v and the map %v (want %v)", g.tutorialStrip(), g.view, full)
	}
}

// TestTutorialStepGoesByWithItsPhase: a player who ends the Fire phase
// without the shot a step asks for finds that step, and the next one that
// needs the Fire phase, gone by; the guide waits at the first step the
// Movement phase allows.
func TestTutorialStepGoesByWithItsPhase(t *testing.T) {
	a := testApp(t, t.TempDir())
	a.opts.Battle.NewPlayer = endPhasesPlayer
	if err := a.startTutorial(); err != nil {
		t.Fatal(err)
	}
	g := a.scene.(*Game)
	for g.tutor.step().title != "Anti-tank fire" {
		g.tutorialNext()
	}
	step(t, a, frameInput{})
	endPhase(t, a, g)
	for n := 0; n < 10; n++ {
		step(t, a, frameInput{})
	}
	if s := g.tutor.step(); s == nil || s.title != "Moving" || g.battle.Phase() != battle.Movement {
		t.Errorf("after the Fire phase ended unfired the guide shows %+v in the %s phase, want the step Moving", s, g.battle.Phase())
	}
}
