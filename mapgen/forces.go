package mapgen

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"hexfire/board"
	"hexfire/maps"
	"hexfire/units"
)

// Points is what a unit type costs in a quick battle, derived from its
// ratings (our own formula, documented in docs/SCENARIOS.md). The letters
// it reads are cat's: those the default ruleset derives from the history
// when the caller loaded cat with its rater (units.Load), NoRating
// otherwise.
//
//	firepower   6 × main-gun ATFP (A=1 … F=6) + gun APFP + the MGs' firepower
//	            + 2 × infantry APFP + 6 × its support weapon's ATFP + the weapon's APFP
//	protection  4 × (front + rear armour letters, A=1 … F=6) for an AFV,
//	            3 × casualty rating otherwise, + 10 per point of a leader's modifier
//	mobility    MP ÷ 2 for vehicles (Guns and infantry: range ÷ 2 for infantry)
//	extras      +4 turret, +4 transport, +2 tows, +2 gun shield, +4 elite
func Points(t *units.Type, cat *units.Catalogue) int {
	p := 6*rank(t.ATFP) + t.GunAPFP + 2*t.APFP
	for _, mg := range t.MGs {
		p += mg.APFP
	}
	if t.Weapon != "" {
		if w, err := cat.LookupWeapon(t.Weapon); err == nil {
			p += 6*rank(w.ATFP) + w.APFP
		}
	}
	if t.Kind == units.AFV {
		p += 4 * (rank(t.Armour.Front) + rank(t.Armour.Rear))
	} else {
		p += 3 * t.CR
	}
	p += -10 * t.Modifier
	switch {
	case t.Kind.Infantry():
		p += t.Range / 2
	case t.Kind != units.Gun:
		p += t.MP / 2
	}
	for _, extra := range []struct {
		has    bool
		points int
	}{{t.Turret, 4}, {t.Transport != "", 4}, {t.Tows, 2}, {t.GunShield, 2}, {t.Elite, 4}} {
		if extra.has {
			p += extra.points
		}
	}
	return p
}

func rank(r units.Rating) int { return r.Index() + 1 }

// shopping is the share of a side's points spent on each kind of unit, in
// the order they are bought; what is left over buys squads and half squads
// without a support weapon. Our own choice: a combined-arms force like the
// default scenario's, its infantry mostly riflemen. Support-weapon teams
// (bazookas, Panzerschrecks, PIATs, AT rifles, Molotov projectors) have a
// share of their own: bought among the other infantry, the dearer-likelier
// pick made the German, British and US ones, whose AT weapon makes them
// dearer than a rifle squad (a Panzerschreck team 34 points, a German
// rifle squad 26), half of it, and a force of AT teams cannot fight
// infantry.
var shopping = []struct {
	buys  func(*units.Type) bool
	share float64
}{
	{ofKind(units.AFV), 0.40},
	{ofKind(units.Gun), 0.10},
	{ofKind(units.Leader), 0.05},
	{ofKind(units.Vehicle), 0.05},
	{weaponTeam, 0.15},
	{rifleInfantry, 1},
}

// ofKind buys the types of kind k.
func ofKind(k units.Kind) func(*units.Type) bool {
	return func(t *units.Type) bool { return t.Kind == k }
}

// fighting reports whether t is a squad or a half squad.
func fighting(t *units.Type) bool { return t.Kind == units.Squad || t.Kind == units.HalfSquad }

// weaponTeam buys the squads and half squads that carry a support weapon.
func weaponTeam(t *units.Type) bool { return fighting(t) && t.Weapon != "" }

// rifleInfantry buys the squads and half squads without one.
func rifleInfantry(t *units.Type) bool { return fighting(t) && t.Weapon == "" }

// Buy returns the unit types nation buys with points: for each step of
// shopping in turn, random types of the nation that the step takes
// (dearer ones likelier) while its share (and the points left) can pay
// for one, the last step's squads and half squads without a support
// weapon with all that is left. The total is at most points and falls
// short of it by less than the cheapest of those.
func Buy(cat *units.Catalogue, nation string, points int, rng *rand.Rand) []string {
	var bought []string
	left := points
	for _, s := range shopping {
		var menu []*units.Type
		for _, t := range cat.Types() {
			if t.Nation == nation && s.buys(t) {
				menu = append(menu, t)
			}
		}
		budget := min(left, int(s.share*float64(points)))
		for {
			var affordable []*units.Type
			for _, t := range menu {
				if Points(t, cat) <= budget {
					affordable = append(affordable, t)
				}
			}
			if len(affordable) == 0 {
				break
			}
			t := pickByPoints(affordable, cat, rng)
			bought = append(bought, t.Name)
			budget -= Points(t, cat)
			left -= Points(t, cat)
		}
	}
	return bought
}

// pickByPoints picks one of ts at random, each with a chance in
// proportion to its points, so a force has its share of heavy tanks.
func pickByPoints(ts []*units.Type, cat *units.Catalogue, rng *rand.Rand) *units.Type {
	total := 0
	for _, t := range ts {
		total += Points(t, cat)
	}
	k := rng.IntN(max(1, total))
	for _, t := range ts {
		if k < Points(t, cat) {
			return t
		}
		k -= Points(t, cat)
	}
	return ts[len(ts)-1]
}

// BuyForces buys both sides' units with the options' points and deploys
// them in their zones, recording each side's total in the properties
// "points_allies" and "points_axis".
func (m *Map) BuyForces(cat *units.Catalogue) error {
	rng := rand.New(rand.NewPCG(m.Options.Seed, 4))
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		nation := m.Options.Allies
		if side == maps.Axis {
			nation = m.Options.Axis
		}
		var force []string
		if m.Options.Points > 0 {
			force = Buy(cat, nation, m.Options.Points, rng)
		}
		total := 0
		for _, name := range force {
			t, err := cat.Lookup(name)
			if err != nil {
				return fmt.Errorf("mapgen: %w", err)
			}
			total += Points(t, cat)
		}
		if err := m.Deploy(cat, side, force, rng); err != nil {
			return err
		}
		m.SetProperty("points_"+string(side), "int", fmt.Sprint(total))
	}
	return nil
}

// ZoneWidth is the number of columns of each side's deployment zone: the
// allies' at the west edge, the axis's at the east.
func (m *Map) ZoneWidth() int { return max(2, m.Options.Width/6) }

// Deploy places the named unit types (maps.DummyType for a dummy counter)
// for side in its deployment zone (set
// m.Zones[side] first for another than the default ZoneWidth columns at its
// edge: the allies' west, the axis's east), one
// unit to a hex, each on a hex it may enter, and faces vehicles and Guns
// toward the enemy. Infantry prefer cover, Guns cover they may enter,
// vehicles the roads and open ground, all nearer the front than the rear.
// The zone is recorded in m.Zones and the property "deploy_SIDE".
func (m *Map) Deploy(cat *units.Catalogue, side maps.Side, force []string, rng *rand.Rand) error {
	z, ok := m.Zones[side]
	if !ok {
		zw := m.ZoneWidth()
		z = [2]int{0, zw}
		if side == maps.Axis {
			z = [2]int{m.Options.Width - zw, m.Options.Width}
		}
		m.Zones[side] = z
	}
	from, to := z[0], z[1]
	m.SetProperty("deploy_"+string(side), "", fmt.Sprintf("%s-%s", m.Label(m.Hex(from, 0)), m.Label(m.Hex(to-1, m.Options.Height-1))))
	used := map[board.Hex]bool{}
	for _, u := range m.Units {
		used[u.Hex] = true
	}
	for _, name := range force {
		t, err := deployType(cat, name)
		if err != nil {
			return err
		}
		best, bestScore := board.Hex{}, -1e9
		for col := from; col < to; col++ {
			for row := range m.Options.Height {
				h := m.Hex(col, row)
				if used[h] || !m.MayStand(t, h) {
					continue
				}
				score := m.standScore(t, h) + rng.Float64()*2
				front := col - from
				if side == maps.Axis {
					front = to - 1 - col
				}
				score += 0.3 * float64(front)
				if score > bestScore {
					best, bestScore = h, score
				}
			}
		}
		if bestScore == -1e9 {
			return fmt.Errorf("mapgen: no room in the %s deployment zone for %s", side, name)
		}
		used[best] = true
		m.Units = append(m.Units, Unit{Type: name, Side: side, Hex: best, Facing: m.towardEnemy(side, rng)})
	}
	return nil
}

// dummyType stands in for a dummy counter (maps.DummyType) where a unit
// is deployed: it stands where a squad may and likes cover as one does.
var dummyType = &units.Type{Name: maps.DummyType, Kind: units.Squad}

// deployType returns the catalogue type called name, or dummyType for a
// dummy counter.
func deployType(cat *units.Catalogue, name string) (*units.Type, error) {
	if name == maps.DummyType {
		return dummyType, nil
	}
	t, err := cat.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("mapgen: %w", err)
	}
	return t, nil
}

// MayStand reports whether a unit of type t may start in h.
func (m *Map) MayStand(t *units.Type, h board.Hex) bool {
	c := m.At(h)
	if c.Terrain.Info().Water || c.Terrain == board.Bridge {
		return false
	}
	return t.Kind.Infantry() || c.Terrain.EntryCost(board.Wheeled) != board.Prohibited
}

// standScore is how much a unit of type t likes to start in h.
func (m *Map) standScore(t *units.Type, h board.Hex) float64 {
	c := m.At(h)
	cover := float64(c.Terrain.Info().Cover) + float64(c.Level)
	switch {
	case t.Kind.Infantry():
		return cover
	case t.Kind == units.Gun:
		return cover
	case c.Roads != 0:
		return 2 + float64(c.Level)
	}
	return float64(c.Level) - float64(c.Terrain.EntryCost(board.Wheeled))
}

// towardEnemy returns a facing toward the other side's edge.
func (m *Map) towardEnemy(side maps.Side, rng *rand.Rand) board.Direction {
	east := []board.Direction{board.DirNE, board.DirSE}
	if m.Options.Pointy {
		east = []board.Direction{board.DirSE} // right
	}
	d := east[rng.IntN(len(east))]
	if side == maps.Axis {
		d = d.Opposite()
	}
	return d
}

// PickObjectives chooses n hexes in the columns [from, to), the best
// positions first (houses, hilltops, road junctions, woods), at least
// three hexes apart.
func (m *Map) PickObjectives(rng *rand.Rand, n, from, to int) []board.Hex {
	type cand struct {
		h     board.Hex
		score float64
	}
	var cs []cand
	for _, h := range m.Hexes() {
		c := m.At(h)
		col := m.Col(h)
		if col < from || col >= to || c.Terrain.Info().Water || c.Terrain == board.Stream || c.Terrain == board.Bridge {
			continue
		}
		s := rng.Float64() + float64(c.Level)*1.5 + float64(c.Terrain.Info().Cover)
		if c.Roads.count() >= 3 {
			s += 2
		}
		if row := m.Layout.ToOffset(h).Row; row < 1 || row >= m.Options.Height-1 {
			s -= 3
		}
		cs = append(cs, cand{h, s})
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	var out []board.Hex
	for _, c := range cs {
		if len(out) == n {
			break
		}
		if !slices.ContainsFunc(out, func(o board.Hex) bool { return o.Distance(c.h) < 3 }) {
			out = append(out, c.h)
		}
	}
	return out
}
