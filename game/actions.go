package game

import (
	"fmt"
	"image"
	"math"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/ui"
)

// scope says when a binding's handler may run.
type scope uint8

const (
	anyTime  scope = iota // the view: also in a replay and while the computer acts
	toOrder               // orders: only while a person gives the acting side's orders
	inReplay              // only in the replay viewer (elsewhere a note says so)
)

// apply turns one frame's intents into changes of the view and orders to
// the battle: a question or a covering screen takes the input first, else
// each binding triggered runs its handler.
func (g *Game) apply(in Intents) {
	in.gestures()
	t := &in.Triggered
	if g.ask != nil {
		g.answer(&in)
		return
	}
	if g.play.cover() != "" {
		// The hand-over or result screen takes the next click or key.
		if in.Click || t[ActionEndPhase] || t[ActionCancel] {
			g.play.dismissCover()
			if g.battle.Result() != nil && g.host != nil {
				g.exit = exitToVictory
			}
		}
		return
	}
	pa, choosing := g.casualtyChoice()
	if choosing {
		g.chooseCasualties(pa, &in)
	}
	g.updateHover(&in)
	for _, b := range Keymap {
		if !t[b.Action] || choosing && !whileChoosing[b.Action] || !g.allowed(b.scope, b.Action) {
			continue
		}
		g.refresh() // the preview of the hex hovered now: what F, A and a click give
		b.run(g, &in)
		if g.ask != nil {
			break // the rest waits for the answer
		}
	}
	w, h := g.layer.WorldSize()
	g.cam.Keep(w, h, g.view)
	g.updateHover(&in)
	g.refresh()
}

// whileChoosing are the keys that work while the dialog of the owner's
// casualty allocation waits: the view, the help, saving and leaving.
var whileChoosing = map[Action]bool{ActionPan: true, ActionZoom: true, ActionPanLeft: true, ActionPanRight: true,
	ActionPanUp: true, ActionPanDown: true, ActionZoomIn: true, ActionZoomOut: true, ActionFit: true,
	ActionSave: true, ActionToggleLabels: true, ActionToggleHelp: true, ActionBriefing: true, ActionMute: true,
	ActionScreenshot: true, ActionQuit: true}

// allowed reports whether a handler of the given scope may run now, and
// says why not when a key was pressed in vain.
func (g *Game) allowed(s scope, a Action) bool {
	p := &g.play
	switch s {
	case inReplay:
		if p.replay == nil {
			g.note("N and B step through a replay: open one from the menu or with -replay FILE")
			return false
		}
	case toOrder:
		if p.replay != nil || g.battle.Result() != nil {
			return false
		}
		if p.computer[g.battle.Acting()] {
			if a != ActionRotateWheel {
				g.note("the computer is giving the " + g.battle.Acting().Title() + "' orders: wait, or K for its next order now")
			}
			return false
		}
	}
	return true
}

// updateHover follows the cursor (unless the hover is fixed).
func (g *Game) updateHover(in *Intents) {
	if g.fixedHover {
		return
	}
	g.hasHover = false
	if in.CursorIn {
		g.hovered, g.hasHover = g.layer.HexAt(g.cam, in.Cursor)
	}
}

// wheel zooms around the cursor, or scrolls the log over the panel.
func (g *Game) wheel(in *Intents) {
	if in.ZoomSteps != 0 {
		g.cam.ZoomAt(float64(in.ZoomAt.X), float64(in.ZoomAt.Y), math.Pow(zoomStep, in.ZoomSteps))
	}
	g.scrollLog(in.LogScroll)
}

// zoomCentre zooms by steps around the centre of the map area.
func (g *Game) zoomCentre(steps float64) {
	c := image.Pt((g.view.Min.X+g.view.Max.X)/2, (g.view.Min.Y+g.view.Max.Y)/2)
	g.cam.ZoomAt(float64(c.X), float64(c.Y), math.Pow(zoomStep, steps))
}

// togglePanel shows or hides the right panel.
func (g *Game) togglePanel(*Intents) {
	g.showPanel = !g.showPanel
	g.resize(g.screen, g.scale, true)
}

// rushKey is Shift+K: the computer plays on without a pause until a
// person is to act.
func (g *Game) rushKey(*Intents) {
	if !g.play.computer[g.battle.Acting()] {
		g.note("Shift+K plays the computer's orders at once while it acts; it is not acting now")
		return
	}
	g.play.rush = true
	g.note("the computer plays on at once until you are to act")
}

// setPace sets the pause between the computer's orders (and a playing
// replay's), within bounds.
func (g *Game) setPace(ticks int) {
	g.play.delay = min(maxComputerDelay, max(1, ticks))
	g.note(fmt.Sprintf("computer and replay pace %.2f s an order", float64(g.play.delay)/60))
}

// click selects, moves, fires or advances at the hovered hex; in a
// replay or while the computer acts it only selects.
func (g *Game) click(in *Intents) {
	p := &g.play
	b := g.battle
	if l, ok := g.summaryAt(in.Cursor); ok && !in.CursorIn {
		g.showHex(l.hex)
		g.selected, g.hasSelected = l.hex, true
		return
	}
	if id, ok := g.reinforcementAt(in.Cursor); ok && !in.CursorIn {
		g.selectUnit(id)
		g.showHex(shownHex(b, b.Unit(id)))
		return
	}
	if in.Cursor.In(g.tutorialButton()) {
		g.tutorialNext()
		return
	}
	if !in.CursorIn {
		return
	}
	if !g.hasHover {
		g.selectUnit(0)
		g.hasSelected = false
		return
	}
	if p.replay != nil || p.computer[b.Acting()] || b.Result() != nil {
		g.selectHex(g.hovered)
		return
	}
	c := clickCommand(b, b.Unit(p.unit), g.hovered, &p.pv, p.mode, p.withLeader)
	switch {
	case c.order != nil || c.err != nil:
		if p.mode == modeSmoke || p.mode == modeCall {
			p.mode = modeNormal
		}
		g.issueOrRefuse(c.order, c.err)
	case c.selectUnit != 0:
		// In a fanned stack the counter clicked is the one chosen, if it
		// is of the side the click would select from.
		if u := g.counterAt(in.Cursor); u != nil && u.Side == b.Unit(c.selectUnit).Side {
			g.selectUnit(u.ID)
		} else {
			g.selectUnit(c.selectUnit)
		}
	case c.selectHex:
		g.selectUnit(0)
		g.selected, g.hasSelected = g.hovered, true
	}
}

// rotate turns the ghost's end facing by turn hexsides, or in the Advance
// phase turns the selected unit itself.
func (g *Game) rotate(turn int) {
	b := g.battle
	sel := b.Unit(g.play.unit)
	if b.Phase() == battle.AdvancePhase && sel != nil && b.Moving() == nil {
		g.issue(battle.Turn{Unit: sel.ID, Facing: sel.Pose.Facing.Rotate(turn)})
		return
	}
	g.play.ghostTurn += turn
}

// nextUnitKey selects the next unit that can still act, and brings it
// into view.
func (g *Game) nextUnitKey(*Intents) {
	b := g.battle
	id := nextUnit(b, g.play.unit)
	if id == 0 {
		g.note("no unit of the " + b.Acting().Title() + " can act in this phase: Space ends it")
		return
	}
	g.selectUnit(id)
	g.showHex(shownHex(b, b.Unit(id)))
}

// moveKey moves (or advances) the selected unit to the hovered hex.
func (g *Game) moveKey(*Intents) {
	b := g.battle
	sel := b.Unit(g.play.unit)
	if sel == nil || !g.hasHover {
		g.note("M: select one of your units, hover a hex, then M moves it there")
		return
	}
	if b.Phase() == battle.AdvancePhase {
		g.issue(battle.Advance{Unit: sel.ID, To: g.hovered})
		return
	}
	c := moveCommand(b, sel, g.hovered, &g.play.pv)
	g.issueOrRefuse(c.order, c.err)
}

// nextTargetKey picks the next enemy unit of the hovered stack.
func (g *Game) nextTargetKey(*Intents) {
	if g.play.pv.targets > 1 {
		g.play.targetTurn++
		return
	}
	g.note("C picks the next target when the hovered hex holds several enemy units")
}

// fireKindKey switches between AT and AP fire at the hovered hex.
func (g *Game) fireKindKey(*Intents) {
	p := &g.play
	if p.pv.swap {
		p.flipKind = !p.flipKind
		return
	}
	g.note("W switches between AT and AP fire at the hovered enemy hex, or between assaulting a vehicle and the hex")
}

// memberKey takes a member of the fire group or assault in or out, or,
// with no attack previewed, a unit of the selected unit's hex into its
// stack or out of it.
func (g *Game) memberKey(in *Intents) {
	p := &g.play
	if in.Member > 0 && in.Member <= min(len(p.pv.members), maxMembers) {
		p.out ^= 1 << (in.Member - 1)
		return
	}
	if len(p.pv.members) == 0 && in.Member > 0 && in.Member <= min(len(p.pv.stackCands), maxMembers) {
		p.stackIn ^= 1 << (in.Member - 1)
		return
	}
	g.note(fmt.Sprintf("1-9 take a member of the fire group or assault in or out; the preview lists %d", len(p.pv.members)))
}

// assaultKey commits the close assault the preview shows.
func (g *Game) assaultKey(*Intents) {
	p := &g.play
	switch a := p.pv.attack.(type) {
	case battle.Assault, battle.AssaultVehicle:
		if p.pv.unit == g.battle.Unit(p.unit) && g.hasHover {
			g.issue(a)
			return
		}
	}
	g.note("A: close assault in the Advance & Assault phase: select your infantry and hover an adjacent enemy hex")
}

// panzerfaustKey asks for a Panzerfaust with the AT shot the preview
// shows, or no longer.
func (g *Game) panzerfaustKey(*Intents) {
	g.toggleOption(&g.play.panzerfaust, g.play.pv.fire.panzerfaust,
		"J fires a Panzerfaust when the fire preview offers one: hover an enemy vehicle with a squad selected")
}

// desperationKey asks for desperation fire with the AT shot the preview
// shows, or no longer.
func (g *Game) desperationKey(*Intents) {
	g.toggleOption(&g.play.desperation, g.play.pv.fire.desperation,
		"; fires in desperation when the previewed shot suffers its backblast (tohit-tokill)")
}

// toggleOption turns an option of the AT shot off, or on when the preview
// offers it (else says how to get it offered).
func (g *Game) toggleOption(on *bool, offered bool, hint string) {
	switch {
	case *on:
		*on = false
	case offered:
		*on = true
	default:
		g.note(hint)
	}
}

// repairKey orders the selected unit to try to repair its broken weapon
// instead of firing.
func (g *Game) repairKey(*Intents) {
	sel := g.battle.Unit(g.play.unit)
	if sel == nil || sel.WeaponLost != "broken" {
		g.note("': select a unit whose weapon is broken, in a Fire or Defensive Fire phase")
		return
	}
	g.issue(battle.Repair{Unit: sel.ID})
}

// smokeKey arms or disarms smoke for the next click.
func (g *Game) smokeKey(*Intents) {
	p := &g.play
	sel := g.battle.Unit(p.unit)
	switch {
	case sel == nil || sel.Side != g.battle.Acting():
		g.note("select one of your units first, then S and a hex for smoke")
	case p.mode == modeSmoke:
		p.mode = modeNormal
	default:
		p.mode = modeSmoke
		g.note("smoke: click the hex (Esc cancels)")
	}
}

// turnKey turns the selected unit in place to the facing shown.
func (g *Game) turnKey(*Intents) {
	p := &g.play
	sel := g.battle.Unit(p.unit)
	if sel == nil {
		g.note("T: select a unit first")
		return
	}
	f := sel.Pose.Facing.Rotate(p.ghostTurn)
	if p.pv.hasGhost && p.pv.ghost.Hex == sel.Pose.Hex {
		f = p.pv.ghost.Facing
	}
	g.issue(battle.Turn{Unit: sel.ID, Facing: f})
}

// embarkKey embarks the selected infantry, or hooks a Gun up to a tower.
func (g *Game) embarkKey(*Intents) {
	if sel := g.battle.Unit(g.play.unit); sel != nil {
		g.issueOrRefuse(loadOrder(g.battle, sel))
	}
}

// unloadKey unloads the selected passenger, or unhooks a towed Gun.
func (g *Game) unloadKey(*Intents) {
	if sel := g.battle.Unit(g.play.unit); sel != nil {
		g.issueOrRefuse(unloadOrder(g.battle, sel))
	}
}

// transferKey hands the selected unit's support weapon to the next unit
// of its hex that may take it, or takes one (transferOrder).
func (g *Game) transferKey(*Intents) {
	if sel := g.battle.Unit(g.play.unit); sel != nil {
		g.issueOrRefuse(transferOrder(g.battle, sel))
	}
}

// endPhaseKey ends the phase, or passes opportunity fire, asking first
// while units of the acting side can still act. In a replay it starts or
// stops the autoplay.
func (g *Game) endPhaseKey(*Intents) {
	p := &g.play
	b := g.battle
	switch {
	case p.replay != nil:
		p.replay.auto = !p.replay.auto
		if p.replay.auto {
			g.note("replay plays by itself (Space stops it; , and . change the pace)")
		}
		return
	case b.Result() != nil || p.computer[b.Acting()]:
		return
	}
	if u, rest, _ := b.MovePaused(); u != nil {
		if len(rest) == 0 {
			g.issue(battle.Halt{})
			return
		}
		g.issue(battle.Move{Unit: u.ID, Path: rest})
		return
	}
	if m := b.Moving(); m != nil {
		n := len(b.OpportunityFirers()) + len(b.OpportunityAPFirers())
		could := ui.Plural(n, "unit")
		if b.CanSnipe(b.Acting()) == nil {
			could += " and your sniper (Shift+P)"
		}
		g.confirm(fmt.Sprintf("Pass opportunity fire at the %s in %s? %s could fire at it.", m.Label(), b.Board().Label(m.Pose.Hex), could),
			func() { g.issue(battle.Pass{}) })
		return
	}
	g.issueOrAsk(battle.EndPhase{}, func(n int) string {
		text := fmt.Sprintf("End the %s %s phase? %s can still act (Tab selects them).", b.Acting().Adjective(), b.Phase(), ui.Plural(n, "unit"))
		if d := len(b.DeclaredShots()); d > 0 {
			text += fmt.Sprintf(" Ending it rolls the %s first.", ui.Plural(d, "declared AT shot"))
		}
		return text
	})
}

// issueOrAsk gives order o at once when no unit of the acting side can
// still act, else asks first the question text(n), n being how many can.
func (g *Game) issueOrAsk(o battle.Order, text func(n int) string) {
	n := 0
	for _, u := range g.battle.Units() {
		if canAct(g.battle, u) {
			n++
		}
	}
	if n == 0 {
		g.issue(o)
		return
	}
	g.confirm(text(n), func() { g.issue(o) })
}

// resolveKey rolls the AT shots declared in this phase (simultaneous
// fire), asking first while units of the acting side could still
// declare one, since no more AT fire is declared in the phase after it.
func (g *Game) resolveKey(*Intents) {
	b := g.battle
	declared := len(b.DeclaredShots())
	if declared == 0 {
		g.note("Shift+F rolls the AT shots declared under simultaneous fire, and none is declared")
		return
	}
	g.issueOrAsk(battle.Resolve{}, func(n int) string {
		return fmt.Sprintf("Roll the %s now? %s could still declare, and no more AT fire is declared in this phase after it.", ui.Plural(declared, "declared AT shot"), ui.Plural(n, "unit"))
	})
}

// passKey passes opportunity fire at the moving unit, or halts one's own
// unit that came through that fire where it stands (battle.Halt).
func (g *Game) passKey(*Intents) {
	if u, _, _ := g.battle.MovePaused(); u != nil {
		g.issue(battle.Halt{})
		return
	}
	g.issue(battle.Pass{})
}

// snipeKey fires the acting side's sniper at the moving unit (rules
// 17.4), or in the side's Advance phase offers to withdraw it (17.3), or
// says why it may not.
func (g *Game) snipeKey(*Intents) {
	b := g.battle
	side := b.Acting()
	if h, ok := b.SniperAt(side); ok && b.Moving() == nil && b.Check(battle.WithdrawSniper{}) == nil {
		g.confirm(fmt.Sprintf("Withdraw your sniper from %s? It comes back, placed anew, on the enemy's next natural 12.", b.Board().Label(h)),
			func() { g.issue(battle.WithdrawSniper{}) })
		return
	}
	if err := b.CanSnipe(side); err != nil {
		g.note("no sniper shot: " + err.Error())
		return
	}
	g.issue(battle.Snipe{})
}

// loadKey asks before loading the save file over a battle in progress.
func (g *Game) loadKey(*Intents) {
	if g.play.replay != nil {
		g.note("F9 is off in the replay viewer: a loaded battle has no replay to step through (load it from the menu)")
		return
	}
	if g.play.ump.OrderCount() == 0 || g.battle.Result() != nil {
		g.load()
		return
	}
	g.confirm(fmt.Sprintf("Load %s over this battle? This battle is left as it is in the autosave only.", g.savePath()), g.load)
}

// cancelKey closes what is open, innermost first: the help, smoke, the
// selection.
func (g *Game) cancelKey(*Intents) {
	p := &g.play
	switch {
	case g.showHelp:
		g.showHelp = false
	case g.showBriefing:
		g.showBriefing = false
	case p.mode != modeNormal:
		p.mode = modeNormal
	case p.unit != 0 || g.hasSelected:
		g.selectUnit(0)
		g.hasSelected = false
	default:
		g.note("Q leaves the battle")
	}
}

// quitKey asks before leaving the battle: for the menu in the app (the
// battle is autosaved), else quitting the program.
func (g *Game) quitKey(*Intents) {
	switch {
	case g.host != nil && (g.play.replay != nil || g.battle.Result() != nil):
		g.exit = exitToMenu
	case g.host != nil:
		g.confirm("Leave the battle for the menu? "+keptText(g), func() { g.exit = exitToMenu })
	default:
		g.confirm("Quit Hexfire? A battle not saved with F5 is lost.", func() { g.quit = true })
	}
}

// keptText says what becomes of the battle when it is left for the menu.
func keptText(g *Game) string {
	switch {
	case g.opts.Autosave == "":
		return "It is not kept (there is no config folder for the autosave; F5 saves it)."
	case g.play.ump.OrderCount() == 0:
		return "No order has been given yet, so there is nothing to go on with."
	}
	return "It is saved: Continue on the menu goes on with it."
}

// confirm asks text; yes runs if the player answers Y (or clicks Yes).
func (g *Game) confirm(text string, yes func()) { g.ask = &ui.Question{Text: text, Yes: yes} }

// answer takes this frame's input as the answer to the question shown.
func (g *Game) answer(in *Intents) {
	t := &in.Triggered
	yesBox, noBox := g.askButtons()
	switch {
	case t[ActionYes] || in.Click && in.Cursor.In(yesBox):
		q := g.ask
		g.ask = nil
		q.Yes()
	case t[ActionCancel] || in.Click && in.Cursor.In(noBox):
		g.ask = nil
	}
}

// showHex pans the map to centre hex h when it is not well inside the
// map area.
func (g *Game) showHex(h board.Hex) {
	x, y := g.board.Layout.Center(h)
	sx, sy := g.cam.WorldToScreen(x, y)
	margin := g.layer.HexHeight() * g.cam.Zoom
	inner := image.Rect(g.view.Min.X+int(margin), g.view.Min.Y+int(margin), g.view.Max.X-int(margin), g.view.Max.Y-int(margin))
	if image.Pt(int(sx), int(sy)).In(inner) {
		return
	}
	g.cam.Pan(float64(g.view.Min.X+g.view.Max.X)/2-sx, float64(g.view.Min.Y+g.view.Max.Y)/2-sy)
}

// muteKey turns the sound on or off (kept in the settings in the app).
func (g *Game) muteKey(*Intents) {
	g.sound.on = !g.sound.on
	if g.host != nil {
		g.host.keepSound(g.sound.on)
	}
	if g.sound.on {
		g.note("sound on (F8 mutes)")
	} else {
		g.note("sound off (F8 turns it on)")
	}
}
