package battle

import (
	"errors"
	"fmt"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// sniperRange is how far from the units that activate it a sniper is
// placed, and so how far it shoots (rules 17.2: six hexes).
const sniperRange = 6

// sniperDie is the die of a sniper's attack and of the elimination check
// against it (rules 17.5, 17.6: "a die roll", the rules' one die).
const sniperDie = 6

// sniperActivationRoll is the natural AP attack roll of opposing infantry
// that brings a side's sniper into play (rules 17.2).
const sniperActivationRoll = 12

// sniper is a side's sniper (map property "sniper_SIDE", rules 17.1): not
// yet in play, on the map in Hex, or eliminated.
type sniper struct {
	OnMap      bool
	Hex        board.Hex
	Eliminated bool
	// FiredTurn is the turn it last made opportunity fire (rules 17.4:
	// once a turn, then a Fire marker), 0 when never.
	FiredTurn int `json:",omitempty"`
}

// loadSnipers reads the map properties sniper_allies and sniper_axis: 0
// (the default) or 1, a player never having more than one (rules 17.1).
func loadSnipers(sc *maps.Scenario) (map[maps.Side]sniper, error) {
	out := map[maps.Side]sniper{}
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		name := "sniper_" + string(side)
		n, err := intProperty(sc, name, 0)
		if err != nil {
			return nil, err
		}
		if n > 1 {
			return nil, fmt.Errorf("battle: %s: map property %q: %d snipers; a side has at most 1 (rules 17.1)", sc.Path, name, n)
		}
		if n == 1 {
			out[side] = sniper{}
		}
	}
	return out, nil
}

// SniperAt returns the hex of side's sniper and true while it is on the
// map (the Sniper marker is in plain sight once placed, rules 17.2).
func (b *Battle) SniperAt(side maps.Side) (board.Hex, bool) {
	s, ok := b.snipers[side]
	if !ok || !s.OnMap {
		return board.Hex{}, false
	}
	return s.Hex, true
}

// sniperCover is what protects from a shot along the line from → to: the
// cover of hex to on the terrain chart (cover) plus the line's hindrance
// (rules 17.5, 17.6: the hex's cover "including any intervening terrain
// hindrances"). A wall, hedge or hedgerow on to's hexside crossed by the
// line counts through the hindrance it gives.
func sniperCover(cover int, l board.LOS) int {
	return cover + l.Hindrance
}

// placeSniper chooses the hex of a sniper activated by attackers in hex
// from (rules 17.2): within six hexes, in line of sight, free of the
// attackers' side, and giving the sniper cover (terrain cover, or a wall,
// hedge or hedgerow on its hexside facing the attackers). The rules leave
// the hex to its owner; ours: the engine chooses for every owner, the most
// protected hex (cover plus hindrance), then the nearest, then the first in
// the board's order, so that the choice needs no hand-over in hot seat and
// a save replays it from the seed. It returns false when no hex qualifies,
// and the sniper is then not activated.
func (b *Battle) placeSniper(attackers maps.Side, from board.Hex) (board.Hex, bool) {
	bd := b.Board()
	best, bestCover, found := board.Hex{}, 0, false
	for h := range bd.Hexes() {
		d := h.Distance(from)
		if d < 1 || d > sniperRange || b.enemyIn(Opponent(attackers), h) {
			continue
		}
		l := bd.LOS(from, h, b.Smoke)
		if !l.Clear {
			continue
		}
		terrain := combat.CoverOf(nil, bd.Cell(h).Terrain).Value
		if terrain <= 0 && !wallCovers(l) {
			continue
		}
		c := sniperCover(terrain, l)
		if !found || c > bestCover || (c == bestCover && d < best.Distance(from)) {
			best, bestCover, found = h, c, true
		}
	}
	return best, found
}

// sniperStrikes is what follows an AP attack by infantry whose natural
// roll was 12 (rules 17.2): the other side's sniper, if it has one not yet
// in play nor eliminated, is placed and at once attacks the firers still
// in their hex (17.5); then the firers check to eliminate it (17.6).
func (b *Battle) sniperStrikes(firerIDs []UnitID) []Event {
	firers := b.unitsOf(firerIDs)
	if len(firers) == 0 {
		return nil
	}
	attackers, from := firers[0].Side, firers[0].Pose.Hex
	owner := Opponent(attackers)
	s, ok := b.snipers[owner]
	if !ok || s.OnMap || s.Eliminated {
		return nil
	}
	bd := b.Board()
	h, ok := b.placeSniper(attackers, from)
	if !ok {
		return []Event{{Kind: SniperActivated, Hex: from, Text: fmt.Sprintf("a natural 12 in %s would call the %s sniper, but no hex within %d gives it cover", bd.Label(from), owner, sniperRange)}}
	}
	b.snipers[owner] = sniper{OnMap: true, Hex: h}
	events := []Event{{Kind: SniperActivated, Hex: h, Text: fmt.Sprintf("a natural 12: the %s sniper appears in %s", owner, bd.Label(h))}}
	return append(events, b.sniperAttack(owner, firers, from)...)
}

// sniperAfterShot calls the other side's sniper after an AT attack a by
// an infantry firer whose to-hit roll was a natural 12 on two dice (rules
// 17.2); the sniper attacks the firer and the leader who directed it. A
// ruleset that rolls no 2d6 to hit (d20) has no natural 12, and calls no
// sniper with AT fire (ours: the rules' trigger is a 2d6 roll).
func (b *Battle) sniperAfterShot(a attack, out combat.Outcome) []Event {
	if _, ok := b.snipers[Opponent(a.firer.Side)]; !ok || !a.firer.Type.Kind.Infantry() || len(out.Rolls) == 0 {
		return nil
	}
	r := out.Rolls[0]
	if r.Purpose != "to-hit" || r.Sides != 6 || len(r.Dice) != 2 || r.Dice[0]+r.Dice[1] != sniperActivationRoll {
		return nil
	}
	ids := []UnitID{a.firer.ID}
	for _, l := range a.group {
		ids = append(ids, l.ID)
	}
	return b.sniperStrikes(ids)
}

// sniperAttack is the attack of owner's sniper on targets, the units in
// hex at (rules 17.5): one die; what it rolls above the target hex's cover
// and the hindrance of the line are casualty points, spent as AP fire's
// are (14.61, the automatic allocation). The targets then make the
// elimination check (17.6).
func (b *Battle) sniperAttack(owner maps.Side, targets []*Unit, at board.Hex) []Event {
	s := b.snipers[owner]
	bd := b.Board()
	var hit []*Unit
	for _, u := range targets {
		if u.Active() && u.Pose.Hex == at && b.StruckByAP(u) {
			hit = append(hit, u)
		}
	}
	l := bd.LOS(s.Hex, at, b.Smoke)
	cover := sniperCover(b.apCover(at, hit).Value, l)
	roll := b.dice.Roll(sniperDie)
	points := max(roll-cover, 0)
	text := fmt.Sprintf("the %s sniper in %s fires at %s: rolled %d against cover %d: ", owner, bd.Label(s.Hex), bd.Label(at), roll, cover)
	if points == 0 || len(hit) == 0 {
		text += "no effect"
	} else {
		text += fmt.Sprintf("%d casualty point%s", points, map[bool]string{true: "", false: "s"}[points == 1])
	}
	out := combat.APOutcome{Natural: roll, Total: roll - cover, Points: points}
	events := []Event{{Kind: SniperFired, Hex: at, AP: &out, Text: text}}
	if points > 0 && len(hit) > 0 {
		sp := b.infantry.Spend(b.defenders(hit, s.Hex), points, b.dice)
		out.Fates, out.Rolls, out.Steps = sp.Fates, sp.Rolls, sp.Steps
		events = append(events, b.applyFates(hit, sp.Fates)...)
		events = append(events, b.putUnderFire(hit)...)
	}
	return append(events, b.sniperCheck(owner, targets, at)...)
}

// sniperCheck is the elimination check the targets of owner's sniper
// make after its attack (rules 17.6): only when some of them are still in
// hex at and unpinned; one die above the sniper's hex cover plus the
// hindrance of the line eliminates it.
func (b *Battle) sniperCheck(owner maps.Side, targets []*Unit, at board.Hex) []Event {
	s := b.snipers[owner]
	bd := b.Board()
	able := false
	for _, u := range targets {
		if u.Active() && u.Pose.Hex == at && !u.Has(Pinned) {
			able = true
		}
	}
	if !able {
		return []Event{{Kind: SniperChecked, Hex: s.Hex, Text: fmt.Sprintf("no unpinned unit in %s left to check against the %s sniper", bd.Label(at), owner)}}
	}
	l := bd.LOS(at, s.Hex, b.Smoke)
	cover := sniperCover(combat.CoverOf(nil, bd.Cell(s.Hex).Terrain).Value, l)
	roll := b.dice.Roll(sniperDie)
	if roll <= cover {
		return []Event{{Kind: SniperChecked, Hex: s.Hex, Text: fmt.Sprintf("sniper check from %s: rolled %d against cover %d: the %s sniper stays", bd.Label(at), roll, cover, owner)}}
	}
	s.OnMap, s.Eliminated = false, true
	b.snipers[owner] = s
	return []Event{{Kind: SniperEliminated, Hex: s.Hex, Text: fmt.Sprintf("sniper check from %s: rolled %d against cover %d: the %s sniper is eliminated", bd.Label(at), roll, cover, owner)}}
}

// sniperOverrun eliminates side's enemy sniper when a unit of side enters
// its hex h (rules 17.6).
func (b *Battle) sniperOverrun(side maps.Side, h board.Hex) []Event {
	s, ok := b.snipers[Opponent(side)]
	if !ok || !s.OnMap || s.Hex != h {
		return nil
	}
	s.OnMap, s.Eliminated = false, true
	b.snipers[Opponent(side)] = s
	return []Event{{Kind: SniperEliminated, Hex: h, Text: fmt.Sprintf("the %s sniper in %s is eliminated: enemy units entered its hex", Opponent(side), b.Board().Label(h))}}
}

// Snipe is the opportunity fire of the acting side's sniper at the moving
// units (rules 17.4): once a turn, at moving infantry within six hexes of
// the sniper and in its sight. The movers make the elimination check after
// it (17.6).
type Snipe struct{}

// Name implements Order.
func (Snipe) Name() string { return "snipe" }

func (o Snipe) record(*board.Board) OrderRecord              { return OrderRecord{Order: o.Name()} }
func (Snipe) parse(OrderRecord, *board.Board) (Order, error) { return Snipe{}, nil }

func (Snipe) apply(b *Battle) ([]Event, error) {
	owner := b.Acting()
	if err := b.checkSnipe(owner); err != nil {
		return nil, err
	}
	s := b.snipers[owner]
	s.FiredTurn = b.turn
	b.snipers[owner] = s
	movers := b.movers()
	events := b.sniperAttack(owner, movers, movers[0].Pose.Hex)
	return append(events, b.stopHaltedMover()...), nil
}

// CanSnipe reports whether side's sniper may make opportunity fire now
// (the Snipe order), or says why not.
func (b *Battle) CanSnipe(side maps.Side) error { return b.checkSnipe(side) }

// checkSnipe says why side's sniper may not fire at the moving units now.
func (b *Battle) checkSnipe(side maps.Side) error {
	s, ok := b.snipers[side]
	m := b.Moving()
	switch {
	case !ok:
		return fmt.Errorf("the %s have no sniper in this battle", side)
	case !s.OnMap:
		return fmt.Errorf("the %s sniper is not in play", side)
	case m == nil || m.Side == side:
		return errors.New("a sniper fires only at an enemy unit while it moves (rules 17.4)")
	case s.FiredTurn == b.turn:
		return fmt.Errorf("the %s sniper has already fired this turn (rules 17.4)", side)
	case !m.Type.Kind.Infantry():
		return fmt.Errorf("a sniper fires only at infantry, not %s (rules 17.4)", m.Label())
	case s.Hex.Distance(m.Pose.Hex) > sniperRange:
		return fmt.Errorf("%s in %s is %d hexes from the sniper, more than %d (rules 17.4)", m.Label(), b.Board().Label(m.Pose.Hex), s.Hex.Distance(m.Pose.Hex), sniperRange)
	}
	if l := b.Board().LOS(s.Hex, m.Pose.Hex, b.Smoke); !l.Clear {
		return fmt.Errorf("the sniper in %s has no line of sight to %s: %s", b.Board().Label(s.Hex), b.Board().Label(m.Pose.Hex), l.BlockedBy.Reason)
	}
	return nil
}

// WithdrawSniper takes the acting side's sniper off the map (rules 17.3);
// it is not eliminated, and the next natural 12 of the other side brings
// it back, placed anew. The rules allow it in an After-Action phase; ours:
// Hexfire's After-Action phase passes by itself, so the owner withdraws it
// in its own Advance & Assault phase, the phase before its After-Action.
type WithdrawSniper struct{}

// Name implements Order.
func (WithdrawSniper) Name() string { return "withdraw-sniper" }

func (o WithdrawSniper) record(*board.Board) OrderRecord { return OrderRecord{Order: o.Name()} }
func (WithdrawSniper) parse(OrderRecord, *board.Board) (Order, error) {
	return WithdrawSniper{}, nil
}

func (WithdrawSniper) apply(b *Battle) ([]Event, error) {
	owner := b.Acting()
	s, ok := b.snipers[owner]
	switch {
	case !ok || !s.OnMap:
		return nil, fmt.Errorf("the %s have no sniper in play to withdraw", owner)
	case b.phase != AdvancePhase || owner != b.phasing:
		return nil, fmt.Errorf("a sniper is withdrawn in its side's Advance & Assault phase, before the After-Action (rules 17.3); this is the %s %s phase", b.phasing, b.phase)
	}
	s.OnMap = false
	b.snipers[owner] = s
	return []Event{{Kind: SniperWithdrawn, Hex: s.Hex, Text: fmt.Sprintf("the %s withdraw their sniper from %s", owner, b.Board().Label(s.Hex))}}, nil
}
