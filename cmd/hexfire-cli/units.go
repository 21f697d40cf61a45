package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/units"
)

func init() {
	commands["units"] = command{summary: "list the unit catalogue and support weapons", run: runUnits}
}

// unitJSON is one unit type in the --json listing.
type unitJSON struct {
	Name      string      `json:"name"`
	Nation    string      `json:"nation"`
	Kind      string      `json:"kind"`
	Turret    bool        `json:"turret,omitempty"`
	ATFP      string      `json:"atfp,omitempty"`
	GunAPFP   int         `json:"gun_apfp,omitempty"`
	MGs       []string    `json:"mg,omitempty"`
	Armour    string      `json:"armour,omitempty"`
	MP        int         `json:"mp,omitempty"`
	CR        int         `json:"cr,omitempty"`
	APFP      int         `json:"apfp,omitempty"`
	Range     int         `json:"range,omitempty"`
	Elite     bool        `json:"elite,omitempty"`
	Modifier  int         `json:"modifier,omitempty"`
	Transport string      `json:"transport,omitempty"`
	Tows      bool        `json:"tows,omitempty"`
	GunShield bool        `json:"gun_shield,omitempty"`
	Weapon    string      `json:"weapon,omitempty"`
	History   historyJSON `json:"history"`
	Ours      []string    `json:"ours,omitempty"`
}

// historyJSON is an entry's historical facts in the --json listing, each
// as the catalogue writes it.
type historyJSON struct {
	Armour       map[string]string `json:"armour,omitempty"` // by facing: "80 mm @ 55°"
	OpenTop      bool              `json:"open_top,omitempty"`
	Calibre      string            `json:"calibre,omitempty"`
	Penetration  map[string]string `json:"penetration,omitempty"` // by ammunition
	ROF          int               `json:"rof,omitempty"`
	Size         string            `json:"size,omitempty"`
	RoadSpeed    float64           `json:"speed_road,omitempty"`
	CountrySpeed float64           `json:"speed_country,omitempty"`
	Crew         int               `json:"crew,omitempty"`
	MachineGuns  []string          `json:"machine_guns,omitempty"`
	RangeM       int               `json:"range_m,omitempty"`
	Sources      []string          `json:"sources,omitempty"`
}

// weaponJSON is one support weapon in the --json listing.
type weaponJSON struct {
	Name     string      `json:"name"`
	Type     string      `json:"type"`
	ATFP     string      `json:"atfp,omitempty"`
	APFP     int         `json:"apfp"`
	Range    int         `json:"range"`
	MinRange int         `json:"min_range,omitempty"`
	Pool     bool        `json:"pool,omitempty"`
	History  historyJSON `json:"history"`
	Ours     []string    `json:"ours,omitempty"`
}

// ratingJSON is one rating in the --rules --json listing.
type ratingJSON struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Origin string `json:"origin"` // derived, printed, overridden or typed
	Reason string `json:"reason"`
}

// ratedJSON is one unit type or weapon with its ratings under a ruleset.
type ratedJSON struct {
	Name    string       `json:"name"`
	Nation  string       `json:"nation,omitempty"`
	Kind    string       `json:"kind,omitempty"`
	Ratings []ratingJSON `json:"ratings"`
}

func runUnits(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("units", flag.ContinueOnError)
	fs.SetOutput(stdout)
	jsonOut := fs.Bool("json", false, "print JSON")
	nation := fs.String("nation", "", "only this nation (US, UK, DE, SU)")
	rules := fs.String("rules", "", "list the ratings under this ruleset ("+strings.Join(combat.Names(), ", ")+"), each marked derived, printed, overridden or typed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("units: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	cat, err := loadCatalogue()
	if err != nil {
		return err
	}
	var types []*units.Type
	for _, t := range cat.Types() {
		if *nation == "" || strings.EqualFold(t.Nation, *nation) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return fmt.Errorf("units: no unit of nation %s (try US, UK, DE, SU)", fileio.Quote(*nation))
	}
	if *rules != "" {
		return writeRatings(stdout, *rules, types, cat.Weapons(), *jsonOut)
	}
	if *jsonOut {
		return writeUnitsJSON(stdout, types, cat.Weapons())
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tNATION\tKIND\tATFP\tGUN\tMG\tARMOUR\tMP\tCR\tINFANTRY\tOTHER\tOURS")
	for _, t := range types {
		atfp := t.ATFP.String()
		if t.ATFP != units.NoRating && t.Turret {
			atfp += " (turret)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.Name, t.Nation, t.Kind.Words(), atfp,
			dash(t.GunAPFP), strings.Join(mgStrings(t.MGs), ", "), t.Armour, dash(t.MP), dash(t.CR),
			infantry(t), strings.Join(other(t), ", "), strings.Join(oursFields(t.Ours), ","))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout)
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "WEAPON\tTYPE\tATFP\tAPFP-RANGE\tOTHER\tOURS")
	for _, w := range cat.Weapons() {
		var notes []string
		if w.MinRange > 0 {
			notes = append(notes, fmt.Sprintf("min range %d", w.MinRange))
		}
		if w.Range == 1 {
			notes = append(notes, "adjacent only")
		}
		if w.Pool {
			notes = append(notes, "side pool")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d-%d\t%s\t%s\n", w.Name, w.Type, w.ATFP, w.APFP, w.Range,
			strings.Join(notes, ", "), strings.Join(oursFields(w.Ours), ","))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nOURS lists the fields whose values are Hexfire's own choice (reasons: --json or units/data).")
	return nil
}

func writeUnitsJSON(w io.Writer, types []*units.Type, weapons []*units.Weapon) error {
	out := struct {
		Units   []unitJSON   `json:"units"`
		Weapons []weaponJSON `json:"weapons"`
	}{}
	for _, t := range types {
		u := unitJSON{Name: t.Name, Nation: t.Nation, Kind: t.Kind.String(), Turret: t.Turret,
			GunAPFP: t.GunAPFP, MGs: mgStrings(t.MGs), MP: t.MP, CR: t.CR, APFP: t.APFP,
			Range: t.Range, Elite: t.Elite, Modifier: t.Modifier, Transport: t.Transport, Tows: t.Tows,
			GunShield: t.GunShield, Weapon: t.Weapon, History: history(t.History), Ours: notes(t.Ours)}
		if t.ATFP != units.NoRating {
			u.ATFP = t.ATFP.String()
		}
		if t.Armour.Front != units.NoRating {
			u.Armour = t.Armour.String()
		}
		out.Units = append(out.Units, u)
	}
	for _, wp := range weapons {
		j := weaponJSON{Name: wp.Name, Type: wp.Type.String(), APFP: wp.APFP, Range: wp.Range,
			MinRange: wp.MinRange, Pool: wp.Pool, History: history(wp.History), Ours: notes(wp.Ours)}
		if wp.ATFP != units.NoRating {
			j.ATFP = wp.ATFP.String()
		}
		out.Weapons = append(out.Weapons, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func dash(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func mgStrings(mgs []units.MG) []string {
	var s []string
	for _, m := range mgs {
		s = append(s, fmt.Sprintf("%s %d", m.Arc, m.APFP))
	}
	return s
}

// infantry returns "5-6-4" (APFP-range-CR) for infantry, with the leader's
// modifier, or "".
func infantry(t *units.Type) string {
	if !t.Kind.Infantry() {
		return ""
	}
	s := fmt.Sprintf("%d-%d-%d", t.APFP, t.Range, t.CR)
	if t.Modifier != 0 {
		s = fmt.Sprintf("%d %s", t.Modifier, s)
	}
	if t.Elite {
		s += " elite"
	}
	return s
}

func other(t *units.Type) []string {
	var s []string
	if t.Transport != "" {
		s = append(s, t.Transport)
	}
	if t.Tows {
		s = append(s, "tows")
	}
	if t.GunShield {
		s = append(s, "gun shield")
	}
	if t.Weapon != "" {
		s = append(s, t.Weapon)
	}
	return s
}

func oursFields(ns []units.Note) []string {
	var fields []string
	for _, n := range ns {
		fields = append(fields, n.Fields...)
	}
	return fields
}

func notes(ns []units.Note) []string {
	var s []string
	for _, n := range ns {
		s = append(s, strings.Join(n.Fields, ", ")+": "+n.Reason)
	}
	return s
}

func history(h units.History) historyJSON {
	j := historyJSON{OpenTop: h.OpenTop, ROF: h.ROF, RoadSpeed: h.RoadSpeed, CountrySpeed: h.CountrySpeed,
		Crew: h.Crew, RangeM: h.RangeM, Sources: notes(h.Sources)}
	for f, p := range h.Armour {
		if p.MM > 0 {
			if j.Armour == nil {
				j.Armour = map[string]string{}
			}
			j.Armour[units.Facing(f).String()] = p.String()
		}
	}
	if h.Gun.MM > 0 {
		j.Calibre = h.Gun.String()
	}
	for _, p := range h.Pen {
		if j.Penetration == nil {
			j.Penetration = map[string]string{}
		}
		j.Penetration[p.Ammo.String()] = p.String()
	}
	if h.Length > 0 {
		j.Size = fmt.Sprintf("%g x %g x %g m", h.Length, h.Width, h.Height)
	}
	for _, m := range h.MGs {
		j.MachineGuns = append(j.MachineGuns, fmt.Sprintf("%d x %g mm", m.Count, m.Calibre))
	}
	return j
}

// writeRatings lists every unit type's and weapon's ratings under the
// ruleset called name, as a table or as JSON.
func writeRatings(w io.Writer, name string, types []*units.Type, weapons []*units.Weapon, asJSON bool) error {
	rs, err := combat.Lookup(name)
	if err != nil {
		return err
	}
	rater, ok := rs.(combat.Rater)
	if !ok {
		return fmt.Errorf("units: the %s ruleset does not rate units from their history", name)
	}
	var rated, ratedWeapons []ratedJSON
	for _, t := range types {
		ratings, err := rater.RateType(t)
		if err != nil {
			return err
		}
		rated = append(rated, ratedJSON{Name: t.Name, Nation: t.Nation, Kind: t.Kind.String(), Ratings: ratingsJSON(ratings)})
	}
	for _, wp := range weapons {
		ratings, err := rater.RateWeapon(wp)
		if err != nil {
			return err
		}
		ratedWeapons = append(ratedWeapons, ratedJSON{Name: wp.Name, Ratings: ratingsJSON(ratings)})
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Ruleset string      `json:"ruleset"`
			Units   []ratedJSON `json:"units"`
			Weapons []ratedJSON `json:"weapons"`
		}{name, rated, ratedWeapons})
	}
	fmt.Fprintf(w, "Ratings under %s: derived from the unit's history by the ruleset's formula, printed as the rules print it,\noverridden against the formula, or typed in the catalogue where the ruleset has no formula.\n\n", name)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tRATING\tVALUE\tORIGIN\tREASON")
	for _, r := range slices.Concat(rated, ratedWeapons) {
		for i, rating := range r.Ratings {
			entry := r.Name
			if i > 0 {
				entry = ""
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", entry, rating.Name, rating.Value, rating.Origin, rating.Reason)
		}
	}
	return tw.Flush()
}

func ratingsJSON(rs []combat.Rating) []ratingJSON {
	out := make([]ratingJSON, len(rs))
	for i, r := range rs {
		out[i] = ratingJSON{Name: r.Name, Value: r.Value, Origin: r.Origin.String(), Reason: r.Reason}
	}
	return out
}
