package battle

import (
	"errors"
	"fmt"
	"slices"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// Indirect fire: on-board mortars firing at a hex their unit cannot see
// (Valor & Victory rules 12.6) and off-board artillery and air missions
// (rules 21). docs/RULES.md, "Indirect fire", says what Hexfire does.

// CanSpot reports why u may not spot hex h for indirect fire, or nil: an
// active friendly unit on the map, not pinned, that sees h (rules 12.62,
// 21.3).
func (b *Battle) CanSpot(u *Unit, h board.Hex) error {
	switch {
	case u == nil || !u.Active():
		return errors.New("the spotter is not in play")
	case u.Dummy():
		return fmt.Errorf("%s is a dummy: it spots nothing", u.Label())
	case u.Has(Pinned):
		return fmt.Errorf("%s is pinned: a spotter must be unpinned", u.Label())
	case !b.Board().Sight(u.Pose.Hex, h, b.Smoke).Visible:
		return fmt.Errorf("%s does not see %s", u.Label(), b.Board().Label(h))
	}
	return nil
}

// SpotterFor returns the first unit of side, in the battle's order, that
// may spot hex h, or nil.
func (b *Battle) SpotterFor(side maps.Side, h board.Hex) *Unit {
	for _, u := range b.units {
		if u.Side == side && b.CanSpot(u, h) == nil {
			return u
		}
	}
	return nil
}

// indirectSpotter returns the unit that spots hex to for mortars in hex
// from that do not see it (line l), or says why they may not fire.
func (b *Battle) indirectSpotter(side maps.Side, from, to board.Hex, l board.LOS) (*Unit, error) {
	if s := b.SpotterFor(side, to); s != nil {
		return s, nil
	}
	bd := b.Board()
	return nil, fmt.Errorf("no line of sight from %s to %s (%s), and no unpinned friendly unit sees %s to spot for the mortar (rules 12.62)",
		bd.Label(from), bd.Label(to), l.BlockedBy.Reason, bd.Label(to))
}

// checkMortarHex refuses a mortar's fire from a building hex (rules
// 12.61; a bunker's is checkBunkerShot's, rules 20.5).
func (b *Battle) checkMortarHex(from board.Hex, mortar bool) error {
	if mortar && b.Board().Cell(from).Terrain == board.Building {
		return fmt.Errorf("no mortar fires from a building, as in %s (rules 12.61)", b.Board().Label(from))
	}
	return nil
}

// airBurst reports whether rounds falling on hex h burst in its trees,
// doubling the casualty points of the infantry there (rules 12.64, 21.6):
// woods holding infantry. Ours: the doubled points are spent as any AP
// attack's, over every unit the attack strikes.
func airBurst(bd *board.Board, h board.Hex, defenders []*Unit) bool {
	return bd.Cell(h).Terrain == board.Woods && slices.ContainsFunc(defenders, func(u *Unit) bool { return u.Type.Kind.Infantry() })
}

// CallFire calls one of the acting side's off-board missions of Kind on
// hex Target (rules 21.4). Spotter is the unpinned unit of the side that
// sees Target (rules 21.3); an air strike needs none (0). Missions are
// called in the side's Command phase, which the engine passes by itself,
// so it takes a CallFire, like a Transfer, among the side's first orders
// of its segment (TransferOpen). Smoke fires a smoke barrage instead
// (rules 21.7): an artillery mission of Kind must be left, and is kept;
// Smoke 2 lands where the barrage does, for two of the side's smoke
// factors.
type CallFire struct {
	Spotter UnitID
	Kind    maps.SupportKind
	Target  board.Hex
	Smoke   bool
}

// Name implements Order.
func (CallFire) Name() string { return "call-fire" }

func (o CallFire) apply(b *Battle) ([]Event, error) { return b.callFire(o) }

func (o CallFire) record(bd *board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Spotter, Hex: bd.Label(o.Target), Mission: string(o.Kind), Smoke: o.Smoke}
}

func (CallFire) parse(r OrderRecord, bd *board.Board) (Order, error) {
	h, err := hexField(r, bd)
	return CallFire{Spotter: r.Unit, Kind: maps.SupportKind(r.Mission), Target: h, Smoke: r.Smoke}, err
}

// SupportLeft returns the missions side has not used yet, by kind, in the
// scenario's order (map property support_SIDE).
func (b *Battle) SupportLeft(side maps.Side) []maps.SupportMissions {
	return slices.DeleteFunc(slices.Clone(b.support[side]), func(m maps.SupportMissions) bool { return m.Count == 0 })
}

// Accuracy weights of a mission's d6 (rules 21.4): on 1 to 4 it lands on
// the target hex, on 5 it scatters one hex, on 6 two; an air strike lands
// where it is called (ours: the rules' accuracy roll is for artillery).
const (
	onTargetUpTo = 4
	scatterOne   = 5
)

// A smoke barrage places Smoke 2 and costs two smoke factors (rules 21.7).
const (
	barrageSmoke   = 2
	barrageFactors = 2
)

// SupportPlan is a mission worked out but not rolled: who calls it, on
// what, the chance it lands there, and the odds of its attack if it does.
type SupportPlan struct {
	Side    maps.Side
	Mission maps.SupportMissions
	Spotter *Unit // nil for an air strike
	Target  board.Hex
	// OnTarget is the chance, out of 6, that the mission lands on Target.
	OnTarget int
	// Strike is its attack on Target should it land there.
	Strike Strike
}

// Strike is a mission's attack on the units of one hex (rules 21.5): one
// AP attack on the infantry, unarmoured vehicles and Guns, and one shot at
// each AFV (its Vehicles).
type Strike struct {
	Hex       board.Hex
	Owner     maps.Side // the side whose units are in the hex
	Defenders []*Unit   // the AP attack's targets, as AP fire has them
	Attack    combat.APAttack
	Odds      combat.APOdds // when there are Defenders
	VehicleStrike
}

// VehicleStrike is the rolls of rounds falling on a hex against its
// vehicles one by one: an off-board mission's against each AFV (rules
// 21.5), a mortar's against each vehicle (12.67).
type VehicleStrike struct {
	Vehicles []*Unit
	Shots    []combat.Shot // one for each of Vehicles
	ShotOdds []combat.Odds
}

// planVehicleStrike works out weapon w's roll against each vehicle on the
// map among us: AFVs only, or unarmoured vehicles as well.
func (b *Battle) planVehicleStrike(w combat.Weapon, us []*Unit, unarmoured bool) (VehicleStrike, error) {
	var vs VehicleStrike
	for _, u := range us {
		if u.Carrier != 0 || u.Type.Kind != units.AFV && (!unarmoured || u.Type.Kind != units.Vehicle) {
			continue
		}
		s := b.strikeShot(w, u)
		odds, err := b.rules.Odds(s)
		if err != nil {
			return vs, err
		}
		vs.Vehicles, vs.Shots, vs.ShotOdds = append(vs.Vehicles, u), append(vs.Shots, s), append(vs.ShotOdds, odds)
	}
	return vs, nil
}

// PlanSupport works out order o without rolling: it checks everything
// CallFire checks and returns the mission's chance of landing on its
// target and the odds of its attack there.
func (b *Battle) PlanSupport(o CallFire) (SupportPlan, error) {
	p := SupportPlan{Side: b.Acting(), Target: o.Target}
	bd := b.Board()
	i := slices.IndexFunc(b.support[p.Side], func(m maps.SupportMissions) bool { return m.Kind == o.Kind })
	switch {
	case !o.Kind.Known():
		return p, fmt.Errorf("no kind of mission %s: want light, heavy or air", fileio.Quote(string(o.Kind)))
	case !b.TransferOpen():
		return p, errors.New("off-board missions are called in the Command phase, before the side's first other order of its segment (rules 21.4)")
	case i < 0 || b.support[p.Side][i].Count == 0:
		return p, fmt.Errorf("the %s have no %s left (map property support_%s)", p.Side, o.Kind.Noun(), p.Side)
	case !bd.Contains(o.Target):
		return p, fmt.Errorf("%s is off the map", bd.Label(o.Target))
	case o.Smoke && !o.Kind.Artillery():
		return p, errors.New("fighter-bombers lay no smoke: a smoke barrage is an artillery mission's (rules 21.7)")
	case o.Smoke && b.supply[p.Side] < barrageFactors:
		return p, fmt.Errorf("a smoke barrage costs %d smoke factors and the %s have %d (rules 21.7)", barrageFactors, p.Side, b.supply[p.Side])
	}
	if o.Smoke {
		if err := b.smokeWouldChange(o.Target, barrageSmoke); err != nil {
			return p, err
		}
	}
	p.Mission = b.support[p.Side][i]
	p.OnTarget = 6
	if o.Kind.Artillery() {
		p.OnTarget = onTargetUpTo
		if o.Spotter == 0 {
			return p, fmt.Errorf("an artillery mission needs a spotter: select an unpinned unit of yours that sees %s (rules 21.3)", bd.Label(o.Target))
		}
		s, err := b.actor(o.Spotter)
		if err != nil {
			return p, fmt.Errorf("the spotter: %w", err)
		}
		if err := b.CanSpot(s, o.Target); err != nil {
			return p, fmt.Errorf("%w: an artillery mission needs an unpinned spotter who sees its target (rules 21.3)", err)
		}
		p.Spotter = s
	} else if o.Spotter != 0 {
		return p, errors.New("an air strike needs no spotter: the aircraft see the whole map (rules 21.3)")
	}
	if o.Smoke {
		return p, nil
	}
	var err error
	p.Strike, err = b.planStrike(p.Mission, o.Target)
	return p, err
}

// planStrike works out the attack of mission m on the units in hex h.
func (b *Battle) planStrike(m maps.SupportMissions, h board.Hex) (Strike, error) {
	st := Strike{Hex: h}
	us := b.UnitsAt(h)
	if len(us) == 0 {
		return st, nil
	}
	st.Owner = us[0].Side
	st.Defenders = b.hexDefenders(Opponent(st.Owner), h, false)
	if len(st.Defenders) > 0 {
		cover := b.apCover(h, st.Defenders)
		st.Attack = combat.APAttack{APFP: m.APFP, Cover: cover.Value, CoverName: cover.Label,
			AirBurst: airBurst(b.Board(), h, st.Defenders)}
		inf, err := b.infantryRules("an off-board mission")
		if err != nil {
			return st, err
		}
		if st.Odds, err = inf.APOdds(st.Attack, b.strikeDefenders(st)); err != nil {
			return st, err
		}
	}
	atfp, err := units.ParseRating(m.ATFP)
	if err != nil || atfp == units.NoRating || !combat.ResolvesOffBoard(b.rules) {
		return st, nil // the AFVs come through untouched
	}
	w := combat.Weapon{Name: m.Kind.Noun(), Class: combat.SupportWeapon, ATFP: atfp, Mortar: true, OffBoard: true}
	st.VehicleStrike, err = b.planVehicleStrike(w, us, false)
	return st, err
}

// strikeDefenders returns the casualty-point targets of strike st: no
// Gun's shield turns rounds from above (ours, as for a mortar's indirect
// fire).
func (b *Battle) strikeDefenders(st Strike) []combat.Defender {
	return b.unshieldedDefenders(st.Defenders, st.Hex)
}

// strikeShot is the roll of rounds of weapon w falling on vehicle u in its
// hex: a mission's (rules 21.5, to hit on 8 or less) or a mortar's (12.67,
// on 6 or less), with the hex's cover and nothing else, then ATFP against
// the rear armour.
func (b *Battle) strikeShot(w combat.Weapon, u *Unit) combat.Shot {
	cover := b.CoverAt(b.rules, u.Pose.Hex, u.Type)
	s := combat.Shot{
		Firer:     w.Name,
		FirerKind: units.Squad, // a mortar's group, or no unit: the ruleset reads the weapon
		Weapon:    w,
		Target:    combat.TargetOf(u.Type),
		Range:     1,
		Metres:    b.scenario.HexMetres,
		Aspect:    board.Rear,
		Terrain:   b.Board().Cell(u.Pose.Hex).Terrain,
		Cover:     cover.Value,
		CoverName: cover.Label,
		Date:      b.date,
		Night:     b.night,
	}
	s.Target.Name = u.Label()
	s.Target.Immobile = u.Has(Immobile)
	s.Target.States = u.StateSet()
	s.Target.Quality = u.Quality
	return s
}

// scatter returns where a mission aimed at hex h lands after the accuracy
// die acc and, when it scatters, the direction die dir (rules 21.4: 5
// scatters one hex, 6 two; ours: the direction die's faces 1 to 6 are the
// six hexsides clockwise from the map's direction 0, as the rules' scatter
// diagram is a picture we do not copy), and how far it scattered.
func scatter(h board.Hex, acc, dir int) (board.Hex, int) {
	n := 0
	switch {
	case acc == scatterOne:
		n = 1
	case acc > scatterOne:
		n = 2
	}
	for range n {
		h = h.Neighbor(board.Direction(dir - 1))
	}
	return h, n
}

func (b *Battle) callFire(o CallFire) ([]Event, error) {
	p, err := b.PlanSupport(o)
	if err != nil {
		return nil, err
	}
	noun := o.Kind.Noun()
	if o.Smoke {
		b.supply[p.Side] -= barrageFactors // a smoke barrage keeps its mission (rules 21.7)
		noun = "smoke barrage"
	} else {
		i := slices.IndexFunc(b.support[p.Side], func(m maps.SupportMissions) bool { return m.Kind == o.Kind })
		b.support[p.Side][i].Count-- // used, wherever it lands (rules 21.4, 21.8)
	}
	bd := b.Board()
	text := fmt.Sprintf("the %s call a %s on %s", p.Side, noun, bd.Label(o.Target))
	if p.Spotter != nil {
		text += ", spotted by " + p.Spotter.Label()
	}
	lands := o.Target
	if o.Kind.Artillery() {
		acc := b.dice.Roll(6)
		text += fmt.Sprintf(": accuracy %d", acc)
		if acc > onTargetUpTo {
			dir := b.dice.Roll(6)
			var n int
			lands, n = scatter(o.Target, acc, dir)
			text += fmt.Sprintf(", scatters %d hex%s (direction %d)", n, map[bool]string{true: "", false: "es"}[n == 1], dir)
		}
	}
	events := []Event{{Kind: SupportCalled, Unit: o.Spotter, Hex: lands, Text: text}}
	if !bd.Contains(lands) {
		events[0].Text += ": off the map, no effect"
		return events, nil
	}
	if lands != o.Target {
		events[0].Text += " to " + bd.Label(lands)
	}
	if o.Smoke {
		if b.smoke[lands] >= barrageSmoke {
			events[0].Text += fmt.Sprintf(": %s already holds Smoke %d", bd.Label(lands), b.smoke[lands])
			return events, nil
		}
		b.smoke[lands] = barrageSmoke
		return append(events, Event{Kind: SmokePlaced, Hex: lands,
			Text: fmt.Sprintf("the smoke barrage lays Smoke %d in %s", barrageSmoke, bd.Label(lands))}), nil
	}
	st, err := b.planStrike(p.Mission, lands)
	if err != nil {
		return nil, err
	}
	if len(st.Defenders) == 0 && len(st.Vehicles) == 0 {
		events[0].Text += ": no unit there it can harm"
		return events, nil
	}
	return append(events, b.strike(noun, st)...), nil
}

// strike rolls strike st and carries it out: the AP attack first, then
// each AFV's roll.
func (b *Battle) strike(noun string, st Strike) []Event {
	var events []Event
	bd := b.Board()
	if len(st.Defenders) > 0 {
		out := b.infantry.FireAP(st.Attack, b.strikeDefenders(st), b.dice)
		text := fmt.Sprintf("the %s strikes %s: ", noun, bd.Label(st.Hex))
		if out.Points == 0 {
			text += "no effect"
		} else {
			text += fmt.Sprintf("%d casualty point%s", out.Points, map[bool]string{true: "", false: "s"}[out.Points == 1])
		}
		events = append(events, Event{Kind: HexFired, Hex: st.Hex, AP: &out, Text: text})
		a := pendingAllocation{Owner: st.Owner, Target: st.Hex, Points: out.Points, Units: idsOf(st.Defenders)}
		events = append(events, b.settleAP(a, out.Fates)...)
	}
	return append(events, b.rollVehicleStrike(noun, st.VehicleStrike, nil)...)
}

// rollVehicleStrike rolls the rounds of vs against each of its vehicles
// still in play and carries out what they do. firers are the units that
// fired them (a mortar's group, whose natural 2 checks their valor as on
// any infantry AT roll), or nil for a mission, which no unit fires.
func (b *Battle) rollVehicleStrike(noun string, vs VehicleStrike, firers []*Unit) []Event {
	var events []Event
	for i, u := range vs.Vehicles {
		if !u.Active() {
			continue
		}
		out := b.rules.Resolve(vs.Shots[i], b.dice)
		events = append(events, Event{Kind: UnitFired, Target: u.ID, Hex: u.Pose.Hex, Outcome: &out,
			Text: fmt.Sprintf("the %s strikes %s in %s: %s", noun, u.Label(), b.Board().Label(u.Pose.Hex), out.Headline())})
		a, effects := attack{target: u}, targetEffects(out.Effects)
		if len(firers) > 0 {
			a.firer, a.group, effects = firers[0], firers, out.Effects
		}
		events = append(events, b.applyEffects(a, effects)...)
	}
	return events
}

// targetEffects keeps the effects of a mission's shot that fall on its
// target, its passengers and its hex: no unit fired it.
func targetEffects(es []combat.Effect) []combat.Effect {
	return slices.DeleteFunc(slices.Clone(es), func(e combat.Effect) bool {
		return e.On != combat.OnTarget && e.On != combat.OnPassengers && e.On != combat.OnHex
	})
}

// loadSupport reads each side's off-board missions from the scenario.
func loadSupport(sc *maps.Scenario) map[maps.Side][]maps.SupportMissions {
	out := map[maps.Side][]maps.SupportMissions{}
	for side, ms := range sc.Support {
		out[side] = slices.Clone(ms)
	}
	return out
}
