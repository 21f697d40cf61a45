package boardview

import (
	"sync"

	"hexfire/combat"
	"hexfire/units"
)

// TypeRating is what a ruleset says of a unit type: its ratings when it
// rates types (combat.Rater), and the lines a panel prints of them.
type TypeRating struct {
	Ratings []combat.Rating
	Rated   bool // the ruleset rated the type; else Ratings is empty
	// Lines are "name value" for each rating but MP (a panel prints the
	// MP the battle allows), or the catalogue's ATFP and armour letters
	// when the ruleset does not rate types.
	Lines []string
}

// Rated returns ruleset r's ratings of unit type t, from a cache shared
// by every caller, who must not change its slices.
func Rated(r combat.Ruleset, t *units.Type) TypeRating {
	key := ratingKey{r.Name(), t}
	ratingCache.Lock()
	defer ratingCache.Unlock()
	if tr, ok := ratingCache.m[key]; ok {
		return tr
	}
	var tr TypeRating
	if rater, ok := r.(combat.Rater); ok {
		if rs, err := rater.RateType(t); err == nil {
			tr.Ratings, tr.Rated = rs, true
			for _, x := range rs {
				if x.Name != "MP" {
					tr.Lines = append(tr.Lines, x.Name+" "+x.Value)
				}
			}
		}
	}
	if !tr.Rated && t.ATFP != units.NoRating {
		tr.Lines = append(tr.Lines, "ATFP "+t.ATFP.String())
	}
	if !tr.Rated && t.Kind == units.AFV {
		tr.Lines = append(tr.Lines, "armour "+t.Armour.String())
	}
	ratingCache.m[key] = tr
	return tr
}

// ratingKey names a unit type under a ruleset.
type ratingKey struct {
	ruleset string
	t       *units.Type
}

// ratingCache keeps what Rated finds: a ruleset rates a type the same
// way every time, and the panel and the counters ask on every redraw. It
// holds one entry per type of the catalogue and registered ruleset at
// most.
var ratingCache = struct {
	sync.Mutex
	m map[ratingKey]TypeRating
}{m: map[ratingKey]TypeRating{}}
