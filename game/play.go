package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/game/storage"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/umpire"
	"hexfire/units"
)

// Player gives the next order of the side acting in a battle, with a short
// explanation: the seam the computer opponent (package ai) plugs into.
// The umpire seats it (umpire.Ask).
type Player = umpire.Player

// mode is what the next click on the map means.
type mode uint8

const (
	modeNormal mode = iota // select, move, fire, advance
	modeSmoke              // lay smoke in the clicked hex
	modeCall               // call an off-board mission (play.call) on the clicked hex
)

// play is the state of a game in progress around the battle, in parts
// by what they are: the battle and its views, the order being drafted
// (draft), the display switches, the previews, the log, the hand-over
// screen (handOverScreen), the computer's players and their pace
// (pacing), the passing notes on the map (notices) and the replay.
type play struct {
	// ump holds the battle; b is the battle as the side the screen shows
	// knows it (view.Known), the only battle the scene reads: look makes
	// it again after every order.
	ump   *umpire.Umpire
	table table // what the scene plays against: ump, or remote
	// remote is the seat on a hexfire-server the scene plays (the
	// table), nil for a battle held here; ump then holds only the side's
	// known battle as it was welcomed, which nothing plays on.
	remote     *remoteTable
	view       *battle.View
	b          *battle.Battle
	viewerSide maps.Side     // Options.Viewer
	unit       battle.UnitID // the selected unit, or 0
	version    int           // bumped whenever the battle changes

	draft

	showViewshed bool
	hideArcs     bool // the forward arc, front armour half and aspect lines are hidden
	compareRules bool // the AT preview compares every registered ruleset

	pv      preview
	victory battle.Victory // the scenario's victory conditions, for the panel and the map

	log       gameLog
	logScroll int // lines scrolled back from the newest

	handOverScreen
	pacing
	notices

	reports map[maps.Side]*battle.Report // by side: what it saw the other side do since it last acted
	summary []summaryLine                // shown in the panel: what the other side did

	replay *replay
}

// draft is the order being prepared for the selected unit: the click's
// mode and the options the keys set, until the order is given or the
// selection changes.
type draft struct {
	mode        mode
	call        callChoice         // what a click calls in modeCall
	withLeader  bool               // fire with the leader in the firer's hex
	ghostTurn   int                // hexsides the shown end facing is turned from the path's own
	targetTurn  int                // next-target presses since the firer or the hovered hex changed
	flipKind    bool               // AT and AP fire swapped from the default at the hovered hex
	grenades    int                // grenades asked for with the next attack that may: at most this many, one a unit; 0 none
	lane        battle.LanePattern // the MG fire lane the next opportunity AP fire lays (rules 13.9); NoLane none
	panzerfaust bool               // fire a Panzerfaust with the next AT shot that may
	desperation bool               // fire in desperation when the ruleset refuses the shot for its backblast
	out         uint16             // members taken out of the fire group or assault (bit i: member i)
	// stackIn are the units of the selected unit's hex that move with it
	// as a stack (bit i: stack candidate i), until the selection or the
	// battle changes.
	stackIn    uint16
	stackFor   battle.UnitID
	stackAtVer int
	ammo       ammoPicks // the round each unit fires, where it has a choice (ammo.go)
	secondTurn int       // volley-key presses since the firer or the hovered hex changed (volley.go)
}

// handOverScreen is the hand-over or result screen over the board, and what
// decides when it shows.
type handOverScreen struct {
	coverTitle, coverText string // the screen shown; "" for none
	lastActing            maps.Side
	resultShown           bool
	handOver              bool
	// briefChange: the last change of the side to act was a chance of
	// fire in an open battle, announced without a cover, and so is the
	// mover's side taking over again after it (checkHandOver).
	briefChange bool
}

// pacing is the computer's players and the pace of their orders.
type pacing struct {
	computer  map[maps.Side]bool
	seats     map[maps.Side]*umpire.Seat // the computer's, by side
	newPlayer func(v *battle.View, seed uint64, level string) (Player, error)
	delay     int // ticks between two computer orders
	wait      int // ticks waited since the last one
	// watchUntil holds the computer's next order back until the tick
	// given, so that a shot or a move of the enemy the side shown saw
	// stays on the map long enough to be followed (watchTicks).
	watchUntil int
	// rush plays the computer's orders one a frame, nothing held back,
	// until a person is to act (Shift+K).
	rush bool
}

// notices are what passes over the map for a while, by the frame count
// tick: the toast line, the last order's shots, the enemy's last move and
// the banner of who acts.
type notices struct {
	tick       int
	toast      string
	toastUntil int
	toastBad   bool // the toast is a refusal (red), not a note

	shots      []shotMark // the attacks of the last order, drawn until shotsUntil
	shotsUntil int
	// trail is the enemy's last move as far as the side shown saw it,
	// drawn until trailUntil.
	trail      []trailStep
	trailUntil int

	banner      string // who acts now, shown big over the map for a while
	bannerSide  maps.Side
	bannerUntil int
	bannerPhase phaseKey // the phase the last banner was for
}

// viewer is the side whose view the screen shows: the side Options.Viewer
// names; else the side a person plays against the computer; in hot-seat
// the side that acts (or acted last); the Allies when the computer plays
// both, and in a replay. Without fog, or once the battle is over, every
// side's view shows everything.
func (p *play) viewer() maps.Side {
	switch acting := p.table.Acting(); {
	case p.viewerSide != "":
		return p.viewerSide
	case p.replay != nil || p.computer[maps.Allies] && p.computer[maps.Axis]:
		return maps.Allies
	case p.computer[maps.Allies]:
		return maps.Axis
	case p.computer[maps.Axis]:
		return maps.Allies
	case acting != "":
		return acting
	case p.view != nil:
		return p.view.Side
	}
	return maps.Allies
}

// look brings the view up to date with the battle: the viewer's view, and
// the battle as the viewer knows it.
func (p *play) look() {
	p.view = p.table.View(p.viewer())
	p.b = p.view.Known()
}

// The computer players' pace, in ticks (60 a second): our own choice, slow
// enough to follow each order on the map.
const (
	defaultComputerDelay = 24
	maxComputerDelay     = 240
	toastTicks           = 240
	bannerTicks          = 150
)

// reset starts playing the battle u holds: everything but the log's
// history is new. Under fog the hand-over screen is not a choice: without
// it either player would see the other's view.
func (p *play) reset(u *umpire.Umpire, opts Options) error {
	delay := defaultComputerDelay
	if opts.Pace > 0 {
		delay = min(opts.Pace, maxComputerDelay)
	}
	*p = play{ump: u, table: u, viewerSide: opts.Viewer,
		handOverScreen: handOverScreen{handOver: (opts.HandOver || u.Fog()) && opts.Viewer == ""},
		pacing:         pacing{computer: map[maps.Side]bool{}, delay: delay, newPlayer: opts.NewPlayer},
		reports:        map[maps.Side]*battle.Report{maps.Allies: battle.NewReport(maps.Allies), maps.Axis: battle.NewReport(maps.Axis)},
		log:            p.log, showViewshed: p.showViewshed, hideArcs: p.hideArcs, compareRules: p.compareRules, version: p.version + 1}
	for _, side := range opts.Computer {
		if side != maps.Allies && side != maps.Axis {
			return fmt.Errorf("game: computer side %q is not allies or axis", side)
		}
		p.computer[side] = true
	}
	if len(p.computer) > 0 && p.newPlayer == nil {
		return errors.New("game: computer sides given without a computer player")
	}
	if opts.Replay != nil {
		p.replay = &replay{recorded: umpire.Record(opts.Replay)}
		u.Replays(p.replay.recorded)
		p.handOver = false
		p.computer = map[maps.Side]bool{}
	}
	p.seats = map[maps.Side]*umpire.Seat{}
	for side := range p.computer {
		seat, err := u.NewSeat(side, p.newPlayer, opts.Level)
		if err != nil {
			return fmt.Errorf("game: computer player: %w", err)
		}
		p.seats[side] = seat
	}
	p.look()
	sc := p.b.Scenario()
	v, err := victoryOf(sc)
	if err != nil {
		return fmt.Errorf("game: %w", err)
	}
	p.victory = v
	p.log.add(logHeading, battleHeading(u, p.b))
	p.checkHandOver()
	return nil
}

// battleHeading is the log's first line: the scenario, the seed when the
// players may know it (umpire.Seed), the ruleset.
func battleHeading(u *umpire.Umpire, known *battle.Battle) string {
	seed := "seed kept by the umpire"
	if s := u.Seed(); s != 0 || !u.Fog() {
		seed = fmt.Sprintf("seed %d", s)
	}
	return fmt.Sprintf("%s: %s, ruleset %s", known.Scenario().Title, seed, known.Rules().Name())
}

// cover returns the text of the screen covering the map, or "".
func (p *play) cover() string { return p.coverText }

// dismissCover takes the hand-over or result screen away.
func (p *play) dismissCover() { p.coverTitle, p.coverText = "", "" }

// humans reports whether both sides are played by people.
func (p *play) humans() bool { return !p.computer[maps.Allies] && !p.computer[maps.Axis] }

// checkHandOver covers the map when the side that acts changes in
// hot-seat play, and when the battle ends.
func (p *play) checkHandOver() {
	b := p.b
	if r := b.Result(); r != nil {
		if !p.resultShown {
			p.resultShown = true
			p.coverTitle, p.coverText = resultText(r)
		}
		return
	}
	acting := b.Acting()
	phase := phaseKey{b.Turn(), b.Phase()}
	changed, newPhase := acting != p.lastActing, phase != p.bannerPhase
	first := p.lastActing == ""
	p.bannerPhase = phase
	if !changed && !newPhase {
		return
	}
	paused, _, _ := b.MovePaused()
	_, allocating := b.AllocationPending()
	midMove := b.Moving() != nil || paused != nil
	if changed {
		// In an open battle a chance of opportunity fire, and the mover's
		// side taking over after it, are announced by the banner, not a
		// cover, as neither player has anything to hide (ours: a move
		// under fire made a hand-over of every hex). Under fog each side
		// must not see the other's view, and every hand-over is covered.
		brief := !p.table.Fog() && (midMove && !allocating || p.briefChange)
		p.briefChange = !p.table.Fog() && midMove && !allocating
		p.lastActing = acting
		p.showSummary(acting)
		p.mode, p.withLeader, p.grenades, p.panzerfaust, p.desperation, p.lane = modeNormal, false, 0, false, false, battle.NoLane
		if u := b.Unit(p.unit); u != nil && u.Side != acting {
			p.unit = 0
		}
		if u, _, _ := b.MovePaused(); u != nil && !p.computer[acting] {
			p.unit = u.ID // its owner says how its move goes on: a click gives a new path
		}
		if p.handOver && p.humans() && p.replay == nil && !brief {
			p.coverTitle, p.coverText = handOverText(b)
			if p.table.Fog() {
				// The board behind it is the next player's view already.
				p.coverTitle = "Pass to the " + acting.Adjective() + " player"
			}
			return
		}
	}
	// Without a hand-over screen the side to act is announced over the
	// map, so that the other player cannot miss the change: a new phase,
	// a person's casualties to choose, or a person's chance of
	// opportunity fire (not the mover's side
	// taking over again after it; at the start the briefing has just
	// said who begins).
	opportunity := changed && (midMove || allocating) && !p.computer[acting]
	if !first && (opportunity || newPhase) {
		p.banner, p.bannerSide, p.bannerUntil = bannerText(b), acting, p.tick+bannerTicks
	}
}

// phaseKey names a phase of a battle: its turn and phase.
type phaseKey struct {
	turn  int
	phase battle.Phase
}

// bannerText announces the side that acts now.
func bannerText(b *battle.Battle) string {
	side := b.Acting()
	if pa, ok := b.AllocationPending(); ok {
		return fmt.Sprintf("%s: %s in %s — choose how your units take them", side.Title(), ui.Plural(pa.Points, "casualty point"), b.Board().Label(pa.Target))
	}
	if m := b.Moving(); m != nil {
		return fmt.Sprintf("%s: opportunity fire at the %s in %s? Fire, or P to pass", side.Title(), m.Label(), b.Board().Label(m.Pose.Hex))
	}
	if u, _, left := b.MovePaused(); u != nil {
		return pausedText(b, u, left)
	}
	return fmt.Sprintf("%s to act: %s phase, turn %d", side.Title(), b.Phase(), b.Turn())
}

// pausedText asks the owner of unit u, which came through opportunity fire
// with left MP, how its move goes on.
func pausedText(b *battle.Battle, u *battle.Unit, left int) string {
	return fmt.Sprintf("%s came through the fire in %s (%d MP left): Space goes on, a click another way, P halts",
		u.Label(), b.Board().Label(u.Pose.Hex), left)
}

// handOverText is the hand-over screen for the side that acts now.
func handOverText(b *battle.Battle) (title, text string) {
	side := b.Acting()
	if pa, ok := b.AllocationPending(); ok {
		return side.Title() + ": casualties", fmt.Sprintf("%s: the %s fire at %s scored %s — choose how your units take them",
			side.Title(), battle.Opponent(side).Adjective(), b.Board().Label(pa.Target), ui.Plural(pa.Points, "casualty point"))
	}
	if m := b.Moving(); m != nil {
		return side.Title() + ": opportunity fire",
			fmt.Sprintf("%s: the %s %s moved into %s — %s or pass", side.Title(), m.Side.Adjective(), m.Name, b.Board().Label(m.Pose.Hex),
				opportunityChoices(b))
	}
	// The same words as the top bar and the banner: the phase belongs to
	// the phasing side, the side named acts in it.
	return side.Title() + " to act",
		fmt.Sprintf("Turn %d, %s %s phase: %s to act — click to continue", b.Turn(), b.Phasing().Title(), b.Phase(), side.Title())
}

// opportunityChoices says who may answer a move with AT fire and who
// with AP fire: "fire AT (Pak 40 #12) or AP (German Rifle Squad #13)".
func opportunityChoices(b *battle.Battle) string {
	list := func(us []*battle.Unit) string {
		const most = 3
		names := make([]string, 0, most+1)
		for i, u := range us {
			if i == most {
				names = append(names, fmt.Sprintf("%d more", len(us)-most))
				break
			}
			names = append(names, u.Label())
		}
		return strings.Join(names, ", ")
	}
	var parts []string
	if at := b.OpportunityFirers(); len(at) > 0 {
		parts = append(parts, "AT ("+list(at)+")")
	}
	if ap := b.OpportunityAPFirers(); len(ap) > 0 {
		parts = append(parts, "AP ("+list(ap)+")")
	}
	if len(parts) == 0 {
		return "fire"
	}
	return "fire " + strings.Join(parts, " or ")
}

// resultText is the screen that ends a battle.
func resultText(r *battle.Result) (title, text string) {
	if r.Winner == "" {
		return "Draw", fmt.Sprintf("The battle ends in a draw on turn %d: %s", r.Turn, sideWords(r.Reason))
	}
	return r.Winner.Title() + " win", fmt.Sprintf("%s win on turn %d: %s", r.Winner.Title(), r.Turn, sideWords(r.Reason))
}

// command is what a click or key asks for: an order for the battle, a new
// selection, or a refusal explained before the battle is asked.
type command struct {
	order battle.Order
	// selectUnit, when set, selects that unit; selectHex selects the hex
	// alone (no unit).
	selectUnit battle.UnitID
	selectHex  bool
	err        error
}

// clickCommand maps a click on hex h to a command, given the selected unit
// (nil for none) and the prepared move preview.
func clickCommand(b *battle.Battle, sel *battle.Unit, h board.Hex, pv *preview, m mode, leader bool) command {
	acting := b.Acting()
	mine := sel != nil && sel.Side == acting && sel.Active()
	if m == modeSmoke && mine {
		return command{order: smokeOrder(b, sel, h)}
	}
	if m == modeCall {
		if !mine {
			sel = nil
		}
		return command{order: callOrder(sel, h, pv.key.call)}
	}
	if sel != nil && sel.Waiting() && sel.Side == acting && b.Moving() == nil {
		return entryCommand(b, sel, h) // reinforce.go
	}
	var own, enemy []*battle.Unit
	for _, u := range b.UnitsAt(h) {
		if u.Side == acting {
			own = append(own, u)
		} else {
			enemy = append(enemy, u)
		}
	}
	switch {
	case mine && len(enemy) > 0 && pv.attack != nil && pv.unit == sel && pv.key.hasHover && pv.key.hover == h:
		return command{order: pv.attack}
	case mine && len(enemy) > 0:
		return command{order: fireOrder(b, sel, previewedTarget(b, pv, h, enemy), leader)}
	case len(own) > 0:
		return command{selectUnit: nextInStack(own, sel)}
	case mine && b.Moving() == nil && b.Phase() == battle.Movement && pv.reachable(h):
		return moveCommand(b, sel, h, pv)
	case mine && b.Moving() == nil && b.Phase() == battle.AdvancePhase && sel.Pose.Hex.Distance(h) == 1:
		return command{order: battle.Advance{Unit: sel.ID, To: h}}
	case len(enemy) > 0:
		return command{selectUnit: nextInStack(enemy, sel)}
	case mine && b.Moving() == nil && b.Phase() == battle.Movement && pv.unit == sel && pv.active && h != sel.Pose.Hex:
		// Not a silent loss of the selection: say why it cannot go there.
		return command{err: fmt.Errorf("%s cannot reach %s this phase (the shaded hexes are its reach); Esc clears the selection", sel.Label(), b.Board().Label(h))}
	}
	return command{selectHex: true}
}

// moveCommand is the move of sel to hex h along the cheapest path ending
// in the facing shown (vehicles and Guns) or in any facing (infantry).
func moveCommand(b *battle.Battle, sel *battle.Unit, h board.Hex, pv *preview) command {
	if pv.reach == nil || pv.unit != sel {
		return command{err: fmt.Errorf("%s cannot move now", sel.Label())}
	}
	var steps []board.Step
	var ok bool
	if pv.hasGhost && pv.ghost.Hex == h {
		steps, ok = pv.reach.PathTo(pv.ghost)
		if !ok {
			return command{err: fmt.Errorf("%s cannot end its move in %s facing %v: turn the facing with [ ] or Shift+wheel", sel.Label(), b.Board().Label(h), pv.ghost.Facing)}
		}
	} else if steps, ok = pv.reach.Path(h); !ok {
		return command{err: fmt.Errorf("%s cannot reach %s", sel.Label(), b.Board().Label(h))}
	}
	if len(steps) == 0 {
		return command{err: fmt.Errorf("%s is already in %s", sel.Label(), b.Board().Label(h))}
	}
	path := make([]board.Pose, len(steps))
	for i, s := range steps {
		path[i] = s.To
	}
	var with []battle.UnitID
	for _, u := range pv.stack[min(1, len(pv.stack)):] {
		with = append(with, u.ID)
	}
	return command{order: battle.Move{Unit: sel.ID, Path: path, With: with}}
}

// fireOrder is sel's attack on target, directed by a leader in sel's hex
// when leader is set and one is there.
func fireOrder(b *battle.Battle, sel, target *battle.Unit, leader bool) battle.Fire {
	o := battle.Fire{Unit: sel.ID, Target: target.ID}
	if leader {
		if l := leaderWith(b, sel); l != nil {
			o.Leader = l.ID
		}
	}
	return o
}

// leaderWith returns a friendly leader in sel's hex, other than sel, that
// has not fired, or nil.
func leaderWith(b *battle.Battle, sel *battle.Unit) *battle.Unit {
	for _, u := range b.UnitsAt(sel.Pose.Hex) {
		if u.ID != sel.ID && u.Side == sel.Side && u.Type.Kind == units.Leader && !u.Has(battle.Fired) {
			return u
		}
	}
	return nil
}

// previewedTarget is the target the fire preview shows when it is in hex
// h (the player may have picked another of the stack), else the default
// one among the enemy units there.
func previewedTarget(b *battle.Battle, pv *preview, h board.Hex, enemy []*battle.Unit) *battle.Unit {
	if t := pv.target; t != nil && t.Pose.Hex == h && slices.Contains(enemy, t) {
		return t
	}
	return targetIn(b, enemy)
}

// targetIn picks the unit to fire at among the enemy units of a hex: the
// moving unit during opportunity fire, else the first armoured vehicle or
// Gun (what AT fire is for), else the first.
func targetIn(b *battle.Battle, enemy []*battle.Unit) *battle.Unit {
	if m := b.Moving(); m != nil {
		for _, u := range enemy {
			if u.ID == m.ID {
				return u
			}
		}
	}
	for _, u := range enemy {
		if !u.Type.Kind.Infantry() {
			return u
		}
	}
	return enemy[0]
}

// nextInStack returns the unit after sel in a stack, or the first one when
// sel is not in it: clicking a stack again cycles through it.
func nextInStack(stack []*battle.Unit, sel *battle.Unit) battle.UnitID {
	for i, u := range stack {
		if u == sel {
			return stack[(i+1)%len(stack)].ID
		}
	}
	return stack[0].ID
}

// smokeOrder is sel laying smoke in h: a smoke round (FireSmoke) from a
// Gun or AFV, smoke placed by hand (PlaceSmoke) by infantry.
func smokeOrder(b *battle.Battle, sel *battle.Unit, h board.Hex) battle.Order {
	if sel.Type.Kind.Infantry() && b.Phase() != battle.FirePhase {
		return battle.PlaceSmoke{Unit: sel.ID, Hex: h}
	}
	return battle.FireSmoke{Unit: sel.ID, Hex: h} // a mortar's smoke round is infantry's (rules 12.66)
}

// loadOrder embarks sel on a friendly transport in its hex, or hooks a
// Gun up to a friendly tower in its hex: sel the Gun or sel the tower.
func loadOrder(b *battle.Battle, sel *battle.Unit) (battle.Order, error) {
	for _, u := range b.UnitsAt(sel.Pose.Hex) {
		if u.Side != sel.Side || u.ID == sel.ID {
			continue
		}
		switch {
		case sel.Type.Kind == units.Gun && u.Type.Tows:
			return battle.Load{Unit: sel.ID, Carrier: u.ID}, nil
		case sel.Type.Tows && u.Type.Kind == units.Gun:
			return battle.Load{Unit: u.ID, Carrier: sel.ID}, nil
		case sel.Type.Kind.Infantry() && u.Type.Transport != "":
			return battle.Load{Unit: sel.ID, Carrier: u.ID}, nil
		}
	}
	if sel.Type.Kind == units.Gun || sel.Type.Tows {
		return nil, fmt.Errorf("there is no friendly Gun and tower together in %s", b.Board().Label(sel.Pose.Hex))
	}
	return nil, fmt.Errorf("there is no friendly vehicle that carries passengers in %s", b.Board().Label(sel.Pose.Hex))
}

// transferOrder is Shift+W's order for sel (rules 12.4): sel hands its support
// weapon to the next friendly unit of its hex, after it in the battle's
// order, that may take it (an exchange when that unit carries one), or,
// carrying none, takes the first weapon of its hex it may carry. The
// engine's refusal says why when no unit fits.
func transferOrder(b *battle.Battle, sel *battle.Unit) (battle.Order, error) {
	var others []*battle.Unit
	for _, u := range b.UnitsAt(sel.Pose.Hex) {
		if u.Side == sel.Side && u.ID != sel.ID && u.Type.Kind.Infantry() {
			others = append(others, u)
		}
	}
	if len(others) == 0 {
		return nil, fmt.Errorf("%s has no friendly infantry in its hex to hand a weapon to", sel.Label())
	}
	// The units after sel first, then those before it, so Shift+W again
	// passes the weapon on round the hex.
	next := slices.IndexFunc(others, func(u *battle.Unit) bool { return u.ID > sel.ID })
	if next > 0 {
		others = slices.Concat(others[next:], others[:next])
	}
	var first battle.Order
	for _, u := range others {
		o := battle.Transfer{Unit: sel.ID, To: u.ID}
		if b.CarriedWeapon(sel) == nil {
			o = battle.Transfer{Unit: u.ID, To: sel.ID}
		}
		if first == nil {
			first = o
		}
		if b.Check(o) == nil {
			return o, nil
		}
	}
	return first, nil // refused, with the engine's reason
}

// unloadOrder unloads sel, or when sel is a vehicle its first passenger,
// else the Gun it tows.
func unloadOrder(b *battle.Battle, sel *battle.Unit) (battle.Order, error) {
	if sel.Carrier != 0 {
		return battle.Unload{Unit: sel.ID}, nil
	}
	if ps := b.Passengers(sel.ID); len(ps) > 0 {
		return battle.Unload{Unit: ps[0].ID}, nil
	}
	if g := b.Towed(sel.ID); g != nil {
		return battle.Unload{Unit: g.ID}, nil
	}
	return nil, fmt.Errorf("%s carries no passengers, tows no Gun and is not aboard", sel.Label())
}

// canAct reports whether u could still give an order in the current
// phase, for Tab.
func canAct(b *battle.Battle, u *battle.Unit) bool {
	if u.Waiting() {
		return b.Moving() == nil && b.CheckEnter(u) == nil
	}
	if !u.Active() || u.Side != b.Acting() {
		return false
	}
	if m := b.Moving(); m != nil {
		return slices.Contains(b.OpportunityFirers(), u) || slices.Contains(b.OpportunityAPFirers(), u)
	}
	switch b.Phase() {
	case battle.FirePhase, battle.DefensiveFire:
		// A leader fires only a weapon he carries (rules 12.3); else he
		// directs the fire of others.
		return u.OnMap() && !u.Has(battle.Fired) && !u.Has(battle.SmokeLaid) && (u.Type.Kind != units.Leader || b.CarriedWeapon(u) != nil)
	case battle.Movement:
		return b.CheckMove(u) == nil && b.MoveSpec(u).MP > 0 || u.Carrier != 0 && !u.Has(battle.Loaded)
	case battle.AdvancePhase:
		// It may advance (unless it has advanced or turned instead), or a
		// faced unit may still turn one hexside (after an advance too).
		free := u.OnMap() && !u.Has(battle.Immobile) && !u.Has(battle.Pinned) && !u.Has(battle.TurnedInAdvance)
		return free && (!u.Has(battle.Advanced) || !u.Type.Kind.Infantry())
	}
	return false
}

// nextUnit returns the acting side's next unit after cur (in ID order,
// wrapping) that can still act, or 0.
func nextUnit(b *battle.Battle, cur battle.UnitID) battle.UnitID {
	us := b.Units()
	start := slices.IndexFunc(us, func(u *battle.Unit) bool { return u.ID == cur })
	for i := 1; i <= len(us); i++ {
		u := us[(start+i+len(us))%len(us)]
		if canAct(b, u) {
			return u.ID
		}
	}
	return 0
}

// selectHex selects hex h and a unit in it: the next of the stack when the
// selected unit is there, else an acting unit, else any.
func (g *Game) selectHex(h board.Hex) {
	b := g.battle
	g.selected, g.hasSelected = h, true
	stack := b.UnitsAt(h)
	if len(stack) == 0 {
		g.selectUnit(0)
		return
	}
	var acting []*battle.Unit
	for _, u := range stack {
		if u.Side == b.Acting() {
			acting = append(acting, u)
		}
	}
	if len(acting) == 0 {
		acting = stack
	}
	g.selectUnit(nextInStack(acting, b.Unit(g.play.unit)))
}

// selectUnit selects unit id (0: none) and its hex.
func (g *Game) selectUnit(id battle.UnitID) {
	p := &g.play
	if id != p.unit {
		p.ghostTurn, p.withLeader, p.grenades, p.panzerfaust, p.desperation, p.lane = 0, false, 0, false, false, battle.NoLane
		if p.mode == modeSmoke {
			p.mode = modeNormal
		}
	}
	p.unit = id
	if u := g.battle.Unit(id); u != nil && !u.Waiting() {
		g.selected, g.hasSelected = u.Pose.Hex, true
	}
}

// fireKey gives the attack the preview shows at the hovered enemy hex (F).
func (g *Game) fireKey() {
	pv := &g.play.pv
	switch a := pv.attack.(type) {
	case nil:
		g.note("hover an enemy unit, then F to fire at it")
	case battle.Assault, battle.AssaultVehicle:
		g.note("A assaults the hovered hex; units do not fire in the Advance & Assault phase")
	default:
		g.issue(a)
	}
}

// allGrenades asks for as many grenades as an attack may throw: one a
// unit of it, as far as the side's pool goes (Battle.GrenadeLimit).
const allGrenades = 1 << 10

// toggleGrenades asks for grenades with the next attack, one a unit of it;
// pressed again, for one fewer than the attack previewed throws (the rules
// leave how many to the player: §15's example throws one for a platoon),
// down to none.
func (g *Game) toggleGrenades(sel *battle.Unit) {
	p := &g.play
	switch {
	case p.grenades > 0:
		p.grenades = previewedGrenades(p.pv.attack) - 1
		if p.grenades <= 0 {
			p.grenades = 0
			g.note("no grenades")
			return
		}
		g.note(fmt.Sprintf("%d grenades with the next attack", p.grenades))
	case sel == nil || sel.Side != g.battle.Acting():
		g.note("select one of your units first")
	case g.battle.Grenades(sel.Side) == 0:
		g.note("the " + sel.Side.Title() + " have no grenades")
	default:
		p.grenades = allGrenades
		g.note(fmt.Sprintf("grenades with the next AP fire at an adjacent hex or close assault, one a unit (%d left; R again: fewer)", g.battle.Grenades(sel.Side)))
	}
}

// laneKey steps the MG fire lane the next opportunity AP fire lays (rules
// 13.9): none, straight along the line, staggered with the first marker on
// the left, on the right, and none again.
func (g *Game) laneKey() {
	p := &g.play
	if g.battle.Moving() == nil {
		p.lane = battle.NoLane
		g.note("a fire lane is laid with opportunity fire by infantry with an MG, at a moving enemy")
		return
	}
	p.lane = (p.lane + 1) % (battle.LaneStaggerRight + 1)
	if p.lane == battle.NoLane {
		g.note("no fire lane")
		return
	}
	g.note(fmt.Sprintf("the next AP fire lays a %s fire lane (Shift+J again: next pattern)", laneWords(p.lane)))
}

// laneWords names a lane pattern for the player.
func laneWords(p battle.LanePattern) string {
	switch p {
	case battle.LaneStaggerLeft:
		return "staggered (first marker left of the line)"
	case battle.LaneStaggerRight:
		return "staggered (first marker right of the line)"
	}
	return p.String()
}

// previewedGrenades is how many grenades the previewed attack o throws.
func previewedGrenades(o battle.Order) int {
	switch o := o.(type) {
	case battle.FireAP:
		return o.Grenades
	case battle.Assault:
		return o.Grenades
	}
	return 0
}

// note shows a short message over the map for a few seconds.
func (g *Game) note(s string) {
	g.play.toast, g.play.toastUntil, g.play.toastBad = s, g.play.tick+toastTicks, false
}

// refuse shows why an order was refused, in the red box.
func (g *Game) refuse(err error) {
	g.note(err.Error())
	g.play.toastBad = true
}

// issueOrRefuse gives order o, or shows err.
func (g *Game) issueOrRefuse(o battle.Order, err error) {
	if err != nil {
		g.refuse(err)
		return
	}
	g.issue(o)
}

// issue gives order o to the battle: the events go to the log, a refusal
// to the toast line.
func (g *Game) issue(o battle.Order) bool { return g.issueExplained(o, "") }

// issueExplained is issue for an order given for the reason why (a
// computer player's), which the battle keeps with it for the save.
func (g *Game) issueExplained(o battle.Order, why string) bool {
	if fa, ok := o.(battle.FireAP); ok {
		o = g.ownerAllocates(fa)
	}
	passed := passText(g.battle, o)
	events, err := g.play.table.Apply(o, why)
	if err != nil {
		g.refuse(err)
		return false
	}
	if passed != "" {
		g.play.log.pass(passed)
	}
	g.applied(events)
	if g.tutor != nil {
		g.tutorialOrdered(o)
	}
	return true
}

// look shows the battle as it stands now, from the viewer's side
// (play.look).
func (g *Game) look() {
	g.play.look()
	g.battle = g.play.b
}

// passText is the log line of a pass of opportunity fire (the battle
// records a pass with no event of its own), or "" for another order.
func passText(b *battle.Battle, o battle.Order) string {
	m := b.Moving()
	if _, ok := o.(battle.Pass); !ok || m == nil {
		return ""
	}
	return fmt.Sprintf("the %s pass: no opportunity fire at %s in %s", b.Acting().Title(), m.Label(), b.Board().Label(m.Pose.Hex))
}

// applied records the events of an order and brings the view up to date.
func (g *Game) applied(events []battle.Event) {
	p := &g.play
	g.look()
	p.version++
	p.ghostTurn, p.grenades, p.panzerfaust, p.desperation, p.lane = 0, 0, false, false, battle.NoLane
	p.log.addEvents(events)
	p.recordForOpponent(events)
	p.logScroll = 0
	events = seenBy(events, p.view.Side)
	g.sound.play(eventSound(events))
	banner := p.bannerUntil
	defer func() {
		if p.bannerUntil != banner {
			g.sound.play(sndTurn)
		}
	}()
	shots := shotMarks(g.battle, events)
	if len(shots) > 0 {
		p.shots, p.shotsUntil = shots, p.tick+shotTicks
	}
	trail := moveTrail(g.battle, events, p.view.Side)
	if len(trail) > 0 {
		p.trail, p.trailUntil = trail, p.tick+shotTicks
	}
	if len(shots) > 0 || len(trail) > 0 {
		p.watchUntil = p.tick + watchTicks(p.delay)
	}
	// The selection follows its unit: to the hex it moved to, or away
	// with it when it is eliminated.
	if u := g.battle.Unit(p.unit); u != nil {
		if u.Active() {
			g.selected, g.hasSelected = u.Pose.Hex, true
		} else {
			p.unit, g.hasSelected = 0, false
		}
	}
	p.checkHandOver()
	g.autosave()
}

// autosave writes the battle to the autosave file, if there is one.
func (g *Game) autosave() {
	if g.opts.Autosave == "" || g.play.replay != nil {
		return
	}
	if err := g.play.ump.Save(g.storage(), g.opts.Autosave); err != nil {
		g.note("autosave failed: " + err.Error())
	}
}

// undo takes back the last move when the battle allows it.
func (g *Game) undo() {
	if g.play.remote != nil {
		g.note(errRemote.Error())
		return
	}
	b := g.play.ump
	if !b.CanUndo() {
		g.note("nothing to undo: only a move that rolled no die and gave no shot, or a declared AT shot, can be taken back")
		return
	}
	if err := b.Undo(); err != nil {
		g.note(err.Error())
		return
	}
	g.play.log.add(logNote, "the last order was taken back")
	g.applied(nil)
}

// errRemote refuses undo, save and load in a battle held on a server.
var errRemote = errors.New("the server holds this battle: no undo, and nothing saved or loaded here (hexfire-cli match save fetches its save)")

// savePath is the file F5 and F9 use.
func (g *Game) savePath() string {
	if g.opts.SavePath != "" {
		return g.opts.SavePath
	}
	return DefaultSavePath
}

// storage is where the game's files are kept.
func (g *Game) storage() storage.Storage {
	if g.opts.Storage == nil {
		return storage.Dir{}
	}
	return g.opts.Storage
}

// save writes the battle to the save file.
func (g *Game) save() {
	if g.play.remote != nil {
		g.note(errRemote.Error())
		return
	}
	if err := g.play.ump.Save(g.storage(), g.savePath()); err != nil {
		g.note(err.Error())
		return
	}
	g.note("saved " + g.storage().Where(g.savePath()))
}

// load replaces the battle with the one in the save file; on an error the
// battle goes on unchanged.
func (g *Game) load() {
	if g.play.remote != nil {
		g.note(errRemote.Error())
		return
	}
	nb, err := storage.LoadSave(g.storage(), g.savePath(), g.battle.Catalogue())
	var u *umpire.Umpire
	if err == nil {
		u, err = umpire.New(nb)
	}
	var log gameLog
	if err == nil {
		log, err = battleLog(u)
	}
	if err == nil {
		g.play.log = gameLog{}
		err = g.setBattle(u)
	}
	if err != nil {
		g.note(err.Error())
		return
	}
	if g.tutor != nil { // the guide was for the tutorial's battle
		g.tutor = nil
		g.resize(g.screen, g.scale, true)
	}
	// The log is the loaded battle's own, every order of it replayed, so
	// that it tells what the board shows.
	g.play.log = log
	where := g.storage().Where(g.savePath())
	g.play.log.add(logHeading, fmt.Sprintf("loaded %s: turn %d, %s %s phase", where, nb.Turn(), nb.Phasing().Title(), nb.Phase()))
	g.note("loaded " + where)
	g.autosave()
}

// computerLine is the log line of a computer player's reasoning for
// side's order.
func computerLine(side maps.Side, why string) string {
	return fmt.Sprintf("%s (computer): %s", side.Title(), why)
}

// battleLog is the log of the battle u holds from its start: its orders
// applied again to a fresh battle (the same seed rolls the same dice),
// each with the computer's reasoning the save kept, every line marked
// with the side that did not see it.
func battleLog(u *umpire.Umpire) (gameLog, error) {
	var l gameLog
	l.add(logHeading, battleHeading(u, u.View(maps.Allies).Known()))
	err := u.History(func(s umpire.Step) error {
		if s.Why != "" {
			l.addUnseen(logComputer, computerLine(s.Acting, s.Why), secretOf(u, s.Acting))
		}
		if passed := passText(s.Before.Known(), s.Order); passed != "" {
			l.pass(passed)
		}
		l.addEvents(s.Events)
		return nil
	})
	return l, err
}

// secretOf is the side that may not read what side's computer player
// thinks: its enemy, under fog (its reasons speak of what it sees).
func secretOf(u *umpire.Umpire, side maps.Side) maps.Side {
	if !u.Fog() {
		return ""
	}
	return battle.Opponent(side)
}

// runComputer gives the computer's next order when a side it plays acts
// and its pause is over.
func (g *Game) runComputer() {
	p := &g.play
	b := g.battle
	side := b.Acting()
	if r := p.replay; r != nil && r.auto && p.coverText == "" && g.ask == nil {
		if p.wait++; p.wait >= p.delay {
			p.wait = 0
			g.replayForward()
			r.auto = r.at < r.recorded.Len()
		}
		return
	}
	seat := p.seats[side]
	if p.replay != nil || seat == nil || p.coverText != "" || g.ask != nil {
		p.rush = p.rush && seat != nil // a person acts: the rush is over
		return
	}
	p.wait++
	if !p.rush && (p.wait < p.delay || p.tick < p.watchUntil) {
		return
	}
	p.wait = 0
	if pa, ok := b.AllocationPending(); ok { // a save left the computer's casualties to choose
		g.issueExplained(battle.Allocate{Losses: pa.Choices[0]}, "the automatic allocation")
		return
	}
	o, why, err := p.ump.Ask(seat)
	if err != nil { // never: the seat's side acts
		p.toast = err.Error()
		return
	}
	p.log.addUnseen(logComputer, computerLine(side, why), secretOf(p.ump, side))
	actor := orderUnit(o)
	if g.issueExplained(o, why) {
		// The camera follows the unit that acted, and selects it, when the
		// side shown knows it.
		if u := g.battle.Unit(actor); u != nil && u.Active() {
			g.selectUnit(u.ID)
			g.showHex(u.Pose.Hex)
		}
		return
	}
	// A refused order must not stall the battle: pass or end the phase.
	// Under fog its refusal is the computer's own business.
	p.log.addUnseen(logError, fmt.Sprintf("%s (computer): %s refused: %s", side.Title(), o.Name(), p.toast), secretOf(p.ump, side))
	if p.ump.Fog() {
		p.toast = ""
	}
	switch u, _, _ := b.MovePaused(); {
	case u != nil:
		g.issue(battle.Halt{})
	case b.Moving() != nil:
		g.issue(battle.Pass{})
	default:
		g.issue(battle.EndPhase{})
	}
}

// statusLine is the top bar's middle: turn, phasing side, phase and who
// acts now.
func statusLine(b *battle.Battle) string {
	if r := b.Result(); r != nil {
		_, text := resultText(r)
		return text
	}
	turn := fmt.Sprintf("Turn %d", b.Turn())
	if n := b.Scenario().Turns; n > 0 {
		turn += fmt.Sprintf(" of %d", n)
	}
	parts := []string{turn, b.Phasing().Title() + " " + b.Phase().String() + " phase"}
	if m := b.Moving(); m != nil {
		parts = append(parts, fmt.Sprintf("opportunity fire! %s at %s: %s act", m.Label(), b.Board().Label(m.Pose.Hex), b.Acting().Title()))
	} else {
		parts = append(parts, b.Acting().Title()+" to act")
	}
	return strings.Join(parts, "  |  ")
}

// orderUnit is the unit an order is given to, or 0 (a pass, an end of
// phase).
func orderUnit(o battle.Order) battle.UnitID {
	switch o := o.(type) {
	case battle.Move:
		return o.Unit
	case battle.Fire:
		return o.Unit
	case battle.FireAP:
		if len(o.Units) > 0 {
			return o.Units[0]
		}
	case battle.Assault:
		if len(o.Units) > 0 {
			return o.Units[0]
		}
	case battle.Advance:
		return o.Unit
	case battle.Turn:
		return o.Unit
	case battle.FireSmoke:
		return o.Unit
	case battle.PlaceSmoke:
		return o.Unit
	case battle.Load:
		return o.Unit
	case battle.Unload:
		return o.Unit
	}
	return 0
}
