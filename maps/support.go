package maps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hexfire/fileio"
)

// SupportKind is a kind of off-board fire support (Valor & Victory rules
// 21.2): a light or a heavy artillery barrage, or a fighter-bomber.
type SupportKind string

// The kinds of off-board support, as the map property writes them.
const (
	LightBarrage  SupportKind = "light"
	HeavyBarrage  SupportKind = "heavy"
	FighterBomber SupportKind = "air"
)

// supportKinds lists the kinds in the order the errors name them.
var supportKinds = []SupportKind{LightBarrage, HeavyBarrage, FighterBomber}

// Known reports whether k is one of the kinds of support.
func (k SupportKind) Known() bool { return slices.Contains(supportKinds, k) }

// Artillery reports whether missions of kind k are artillery, which need a
// spotter and may scatter (rules 21.3, 21.4), rather than air strikes.
func (k SupportKind) Artillery() bool { return k != FighterBomber }

// Noun names a mission of kind k for messages ("heavy barrage").
func (k SupportKind) Noun() string {
	if k == FighterBomber {
		return "air strike"
	}
	return string(k) + " barrage"
}

// SupportMissions is one entry of a side's off-board support (map
// property support_SIDE): Count missions of Kind, each attacking with
// APFP on the AP combat table and ATFP (a letter A to F, or "-" for none)
// on the armour elimination chart (rules 21.5).
type SupportMissions struct {
	Kind  SupportKind
	Count int
	APFP  int
	ATFP  string
}

// MaxSupportAPFP is the largest APFP a mission may have: our own choice,
// beyond the AP combat table's last row (41+), so that no strength read
// from a file is out of all proportion.
const MaxSupportAPFP = 60

// ParseSupport reads a side's off-board support, the value of map
// property support_SIDE: entries separated by commas, each "COUNT KIND
// APFP/ATFP" ("2 heavy 20/B, 1 air 12/C"), KIND light, heavy or air, each
// kind at most once, the counts adding up to at most MaxPool. The error
// names the entry and the value at fault.
func ParseSupport(value string) ([]SupportMissions, error) {
	var out []SupportMissions
	total := 0
	for _, entry := range strings.Split(value, ",") {
		fields := strings.Fields(entry)
		if len(fields) != 3 {
			return nil, fmt.Errorf("entry %s: want COUNT KIND APFP/ATFP, such as \"2 heavy 20/B\"", fileio.Quote(strings.TrimSpace(entry)))
		}
		m := SupportMissions{Kind: SupportKind(strings.ToLower(fields[1]))}
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 1 || n > MaxPool {
			return nil, fmt.Errorf("entry %s: count %s: want missions, a whole number from 1 to %d", fileio.Quote(strings.TrimSpace(entry)), fileio.Quote(fields[0]), MaxPool)
		}
		m.Count = n
		if !m.Kind.Known() {
			return nil, fmt.Errorf("entry %s: kind %s: want light, heavy or air", fileio.Quote(strings.TrimSpace(entry)), fileio.Quote(fields[1]))
		}
		for _, o := range out {
			if o.Kind == m.Kind {
				return nil, fmt.Errorf("entry %s: %s missions are listed twice", fileio.Quote(strings.TrimSpace(entry)), m.Kind)
			}
		}
		ap, at, ok := strings.Cut(fields[2], "/")
		if m.APFP, err = strconv.Atoi(ap); !ok || err != nil || m.APFP < 1 || m.APFP > MaxSupportAPFP {
			return nil, fmt.Errorf("entry %s: strength %s: want APFP/ATFP, APFP a whole number from 1 to %d", fileio.Quote(strings.TrimSpace(entry)), fileio.Quote(fields[2]), MaxSupportAPFP)
		}
		if at = strings.ToUpper(at); at != "-" && (len(at) != 1 || at[0] < 'A' || at[0] > 'F') {
			return nil, fmt.Errorf("entry %s: strength %s: want an ATFP letter A to F, or - for none", fileio.Quote(strings.TrimSpace(entry)), fileio.Quote(fields[2]))
		}
		m.ATFP = at
		if total += n; total > MaxPool {
			return nil, fmt.Errorf("%d missions in all: a side has at most %d", total, MaxPool)
		}
		out = append(out, m)
	}
	return out, nil
}

// readSupport fills s.Support from the map properties support_allies and
// support_axis.
func readSupport(s *Scenario) error {
	for _, side := range []Side{Allies, Axis} {
		name := "support_" + string(side)
		v, ok := s.Properties[name]
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		ms, err := ParseSupport(v)
		if err != nil {
			return fmt.Errorf("map property %s %s: %w", name, fileio.Quote(v), err)
		}
		if s.Support == nil {
			s.Support = map[Side][]SupportMissions{}
		}
		s.Support[side] = ms
	}
	return nil
}
