package combat

import (
	"hexfire/board"
	"hexfire/units"
)

// Sighting is how well one unit makes out an enemy unit it has a clear line
// of sight to.
type Sighting uint8

// The sightings, from worst to best.
const (
	// Unseen: nothing is made out (a concealed unit beyond the distance
	// its ground hides it at, or the dark).
	Unseen Sighting = iota
	// Glimpsed: something is there, what it is cannot be told (a contact).
	Glimpsed
	// Identified: the unit is spotted: its type, facing and the states a
	// watcher could see.
	Identified
)

// Look is one unit's look at an enemy unit along a clear line of sight:
// what a ruleset's spotting rules read.
type Look struct {
	// Range in hexes, and the line's hindrance (board.Sight).
	Range, Hindrance int
	// Terrain and Fort are the ground the target stands on.
	Terrain board.Terrain
	Fort    board.FortKind
	// Target and Watcher are the two units' kinds.
	Target, Watcher units.Kind
	// Concealed: the target was set up hidden and has not given itself
	// away since (by firing, moving in sight, an assault, being spotted).
	Concealed bool
	// Night: the scenario is fought at night.
	Night bool
}

// SpottingRules is a ruleset whose spotting rules differ from the default
// (SpotDefault): how far a unit on each ground is spotted from.
type SpottingRules interface {
	Spot(Look) Sighting
}

// SpotOf is how well the watcher of look makes out its target under
// ruleset r: the ruleset's spotting rules, else SpotDefault.
func SpotOf(r Ruleset, look Look) Sighting {
	if s, ok := r.(SpottingRules); ok {
		return s.Spot(look)
	}
	return SpotDefault(look)
}

// Unlimited is a spotting distance without a limit.
const Unlimited = 1 << 30

// SpotDefault is Hexfire's spotting rule (docs/RULES.md, "Fog of war"):
// a unit is spotted within the distance its ground lets it be (and, set up
// concealed, the shorter distance its ground hides it at), a line hindered
// by crops, orchards or smoke shortens it, and beyond it an unconcealed
// unit is a contact. At night nothing is made out beyond two hexes. Every
// distance is ours: no excerpt gives one.
func SpotDefault(look Look) Sighting {
	limit := SpotDistance(look.Terrain, look.Fort, look.Concealed)
	if h := look.Hindrance; h > 0 {
		limit = min(limit, hinderedDistance(h))
	}
	if look.Night {
		if look.Range > nightDistance {
			return Unseen
		}
		limit = min(limit, nightDistance)
	}
	switch {
	case look.Range <= limit:
		return Identified
	case look.Concealed:
		return Unseen
	}
	return Glimpsed
}

// nightDistance is how far anything is made out at night (ours: two hexes,
// about 100 m at the usual scale).
const nightDistance = 2

// hinderedDistance is how far a unit is spotted along a line of hindrance
// h (ours: 8 hexes for +1, halving with each further point).
func hinderedDistance(h int) int {
	if h >= 4 {
		return 1
	}
	return 16 >> h
}

// SpotDistance is how far a unit on terrain t (in a position f) is
// spotted from, concealed or not, by the default rule (ours): open ground
// hides nothing; crops and orchards hide a unit beyond 6 hexes, or beyond 2
// set up concealed; woods and buildings beyond 4, concealed beyond 1 (an
// enemy must come next to it). An entrenchment or bunker hides a unit as
// crops do where its ground hides it less.
func SpotDistance(t board.Terrain, f board.FortKind, concealed bool) int {
	cover := t.Info().LOS
	switch f {
	case board.Foxhole, board.Trench, board.Sandbags, board.Bunker, board.EarthBunker:
		cover = max(cover, board.Hinders)
	}
	switch {
	case cover == board.Blocks && concealed:
		return 1
	case cover == board.Blocks:
		return 4
	case cover == board.Hinders && concealed:
		return 2
	case cover == board.Hinders:
		return 6
	}
	return Unlimited
}
