package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"hexfire/units"
)

func init() {
	commands["units"] = command{summary: "list the unit catalogue and support weapons", run: runUnits}
}

// unitJSON is one unit type in the --json listing.
type unitJSON struct {
	Name      string   `json:"name"`
	Nation    string   `json:"nation"`
	Kind      string   `json:"kind"`
	Turret    bool     `json:"turret,omitempty"`
	ATFP      string   `json:"atfp,omitempty"`
	GunAPFP   int      `json:"gun_apfp,omitempty"`
	MGs       []string `json:"mg,omitempty"`
	Armor     string   `json:"armor,omitempty"`
	MP        int      `json:"mp,omitempty"`
	CR        int      `json:"cr,omitempty"`
	APFP      int      `json:"apfp,omitempty"`
	Range     int      `json:"range,omitempty"`
	Elite     bool     `json:"elite,omitempty"`
	Modifier  int      `json:"modifier,omitempty"`
	Transport string   `json:"transport,omitempty"`
	Tows      bool     `json:"tows,omitempty"`
	GunShield bool     `json:"gun_shield,omitempty"`
	Weapon    string   `json:"weapon,omitempty"`
	Ours      []string `json:"ours,omitempty"`
}

// weaponJSON is one support weapon in the --json listing.
type weaponJSON struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	ATFP     string   `json:"atfp,omitempty"`
	APFP     int      `json:"apfp"`
	Range    int      `json:"range"`
	MinRange int      `json:"min_range,omitempty"`
	Pool     bool     `json:"pool,omitempty"`
	Ours     []string `json:"ours,omitempty"`
}

func runUnits(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("units", flag.ContinueOnError)
	fs.SetOutput(stdout)
	jsonOut := fs.Bool("json", false, "print JSON")
	nation := fs.String("nation", "", "only this nation (US, UK, DE, SU)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cat, err := units.Default()
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
		return fmt.Errorf("units: no unit of nation %q (try US, UK, DE, SU)", *nation)
	}
	if *jsonOut {
		return writeUnitsJSON(stdout, types, cat.Weapons())
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tNATION\tKIND\tATFP\tGUN\tMG\tARMOR\tMP\tCR\tINFANTRY\tOTHER\tOURS")
	for _, t := range types {
		atfp := t.ATFP.String()
		if t.ATFP != units.NoRating && t.Turret {
			atfp += " (turret)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.Name, t.Nation, t.Kind, atfp,
			dash(t.GunAPFP), strings.Join(mgStrings(t.MGs), ", "), t.Armor, dash(t.MP), dash(t.CR),
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
			GunShield: t.GunShield, Weapon: t.Weapon, Ours: notes(t.Ours)}
		if t.ATFP != units.NoRating {
			u.ATFP = t.ATFP.String()
		}
		if t.Armor.Front != units.NoRating {
			u.Armor = t.Armor.String()
		}
		out.Units = append(out.Units, u)
	}
	for _, wp := range weapons {
		j := weaponJSON{Name: wp.Name, Type: wp.Type.String(), APFP: wp.APFP, Range: wp.Range,
			MinRange: wp.MinRange, Pool: wp.Pool, Ours: notes(wp.Ours)}
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
