package units

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"hexfire/fileio"
)

// Parse reads one catalogue file into c. The format is line based:
//
//	# a comment (also after a value)
//	[unit Tiger I]          starts a unit type
//	kind   = afv            one field per line, key = value
//	armour  = E/D
//	ours   = mp, cr: why    the listed fields are our own values, and why
//	source = crew: Jentz    the listed historical facts are from this reference
//	[weapon Bazooka]        starts a support weapon
//
// Unit fields: nation, kind, turret, atfp, gun_apfp, mg ("360 4, ff 3"),
// armour, mp, cr, apfp, range, elite, modifier, transport, tows, gun_shield,
// weapon. Weapon fields: type (L/H/X), atfp, apfp, range, min_range, pool, mortar (yes for an on-board mortar), mg (yes for a machine gun, which may lay a fire lane: rules 13.9).
//
// Both take the historical facts of History: armour_front, armour_side,
// armour_rear, armour_top ("80 @ 55", mm at degrees from the vertical),
// open_top, calibre ("88 mm L/56"), pen_AMMO for each Ammo ("120/110 mm at
// 100/500 m vs 30°", ranges in m or yd, or "90 mm vs 0°" at any range), rof,
// size ("6.32 x 3.56 x 3.00 m"), speed_road, speed_country (km/h), crew,
// machine_guns ("2 x 7.92"), range_m. Every fact given needs a source note or
// an ours note. Errors name the file, line, entry and field.
func (c *Catalogue) Parse(file string, data []byte) error {
	file = path.Base(file)
	fmt.Fprintf(c.sum, "%d:%s%d:", len(file), file, len(data))
	c.sum.Write(data)
	p := parser{c: c, file: file}
	for i, line := range strings.Split(string(data), "\n") {
		p.line = i + 1
		if err := p.parseLine(line); err != nil {
			return err
		}
	}
	return p.finish()
}

type parser struct {
	c      *Catalogue
	file   string
	line   int
	unit   *Type
	weapon *Weapon
	seen   map[string]bool
	start  int // line of the current entry's header
}

func (p *parser) errorf(format string, args ...any) error {
	where := fmt.Sprintf("units: %s:%d: ", p.file, p.line)
	switch {
	case p.unit != nil:
		where += fmt.Sprintf("unit %q: ", p.unit.Name)
	case p.weapon != nil:
		where += fmt.Sprintf("weapon %q: ", p.weapon.Name)
	}
	return fmt.Errorf(where+format, args...)
}

func (p *parser) parseLine(line string) error {
	if i := strings.Index(line, "#"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return nil
	}
	if strings.HasPrefix(line, "[") {
		return p.header(line)
	}
	key, value, ok := strings.Cut(line, "=")
	if !ok {
		return p.errorf("want \"key = value\" or \"[unit NAME]\", got %s", fileio.Quote(line))
	}
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	if p.unit == nil && p.weapon == nil {
		return p.errorf("field %q before any [unit …] or [weapon …] header", key)
	}
	if p.seen[key] && key != "ours" && key != "source" {
		return p.errorf("field %q given twice", key)
	}
	p.seen[key] = true
	var err error
	if p.unit != nil {
		err = p.unitField(key, value)
	} else {
		err = p.weaponField(key, value)
	}
	if err != nil {
		return p.errorf("field %q: %v", key, err)
	}
	return nil
}

func (p *parser) header(line string) error {
	at := p.line
	if err := p.finish(); err != nil {
		return err
	}
	p.line, p.start = at, at
	inner, ok := strings.CutSuffix(line[1:], "]")
	if !ok {
		return p.errorf("header %s has no closing ]", fileio.Quote(line))
	}
	what, name, _ := strings.Cut(strings.TrimSpace(inner), " ")
	name = strings.TrimSpace(name)
	if name == "" {
		return p.errorf("header %s has no name", fileio.Quote(line))
	}
	source := fmt.Sprintf("%s:%d", p.file, p.line)
	switch what {
	case "unit":
		if old, dup := p.c.types[name]; dup {
			return p.errorf("unit %q already defined at %s", name, old.Source)
		}
		p.unit = &Type{Name: name, Source: source}
	case "weapon":
		if old, dup := p.c.weapons[name]; dup {
			return p.errorf("weapon %q already defined at %s", name, old.Source)
		}
		p.weapon = &Weapon{Name: name, Source: source}
	default:
		return p.errorf("header %s: want [unit NAME] or [weapon NAME]", fileio.Quote(line))
	}
	p.seen = map[string]bool{}
	return nil
}

// unitFields lists the keys a unit may have, for the ours check.
var unitFields = []string{"nation", "kind", "turret", "atfp", "gun_apfp", "mg", "armour", "mp", "cr",
	"apfp", "range", "elite", "modifier", "transport", "tows", "gun_shield", "weapon"}

var weaponFields = []string{"type", "atfp", "apfp", "range", "min_range", "pool", "mortar", "mg"}

func (p *parser) unitField(key, value string) error {
	t := p.unit
	if known, err := historyField(&t.History, key, value); known {
		return err
	}
	var err error
	switch key {
	case "nation":
		t.Nation, err = parseNation(value)
	case "kind":
		t.Kind, err = ParseKind(value)
	case "turret":
		t.Turret, err = parseBool(value)
	case "atfp":
		t.ATFP, err = ParseRating(value)
	case "gun_apfp":
		t.GunAPFP, err = parseCount(value, 99)
	case "mg":
		t.MGs, err = parseMGs(value)
	case "armour":
		t.Armour, err = ParseArmour(value)
	case "mp":
		t.MP, err = parseCount(value, 99)
	case "cr":
		t.CR, err = parseCount(value, 9)
	case "apfp":
		t.APFP, err = parseCount(value, 99)
	case "range":
		t.Range, err = parseCount(value, 99)
	case "elite":
		t.Elite, err = parseBool(value)
	case "modifier":
		t.Modifier, err = strconv.Atoi(value)
		if err == nil && (t.Modifier > 0 || t.Modifier < -3) {
			err = fmt.Errorf("%q: a leader's modifier is -1 to -3", value)
		}
	case "transport":
		switch value {
		case "T1", "T2", "TH", "-":
			t.Transport = strings.TrimPrefix(value, "-")
		default:
			err = fmt.Errorf("%q is not a transport class (T1, T2, TH or -)", value)
		}
	case "tows":
		t.Tows, err = parseBool(value)
	case "gun_shield":
		t.GunShield, err = parseBool(value)
	case "weapon":
		t.Weapon = value
	case "ours":
		var n Note
		n, err = parseNote(value, slices.Concat(unitFields, historyFields))
		t.Ours = append(t.Ours, n)
	case "source":
		var n Note
		n, err = parseNote(value, historyFields)
		t.History.Sources = append(t.History.Sources, n)
	default:
		err = fmt.Errorf("unknown field (known: %s, %s, ours, source)", strings.Join(unitFields, ", "), strings.Join(historyFields, ", "))
	}
	return err
}

func (p *parser) weaponField(key, value string) error {
	w := p.weapon
	if known, err := historyField(&w.History, key, value); known {
		return err
	}
	var err error
	switch key {
	case "type":
		w.Type, err = ParseWeaponType(value)
	case "atfp":
		w.ATFP, err = ParseRating(value)
	case "apfp":
		w.APFP, err = parseCount(value, 99)
	case "range":
		w.Range, err = parseCount(value, 99)
	case "min_range":
		w.MinRange, err = parseCount(value, 99)
	case "pool":
		w.Pool, err = parseBool(value)
	case "mortar":
		w.Mortar, err = parseBool(value)
	case "mg":
		w.MG, err = parseBool(value)
	case "ours":
		var n Note
		n, err = parseNote(value, slices.Concat(weaponFields, historyFields))
		w.Ours = append(w.Ours, n)
	case "source":
		var n Note
		n, err = parseNote(value, historyFields)
		w.History.Sources = append(w.History.Sources, n)
	default:
		err = fmt.Errorf("unknown field (known: %s, %s, ours, source)", strings.Join(weaponFields, ", "), strings.Join(historyFields, ", "))
	}
	return err
}

// finish checks the entry being read for missing or inconsistent fields and
// adds it to the catalogue.
func (p *parser) finish() error {
	defer func() { p.unit, p.weapon = nil, nil }()
	p.line = p.start // errors point at the entry's header
	if w := p.weapon; w != nil {
		if !p.seen["type"] || !p.seen["range"] {
			return p.missing("type", "range")
		}
		if w.Range < 1 {
			return p.errorf("field \"range\": must be at least 1")
		}
		if w.MinRange > w.Range {
			return p.errorf("field \"min_range\": %d is beyond range %d", w.MinRange, w.Range)
		}
		if err := p.checkNotes(w.Ours, w.History.Sources); err != nil {
			return err
		}
		w.typedATFP = p.seen["atfp"]
		p.c.weapons[w.Name] = w
	}
	t := p.unit
	if t == nil {
		return nil
	}
	required := []string{"nation", "kind"}
	switch t.Kind {
	case AFV:
		required = append(required, "mp")
	case Vehicle:
		required = append(required, "cr", "mp")
	case Gun:
		required = append(required, "cr", "mp", "gun_shield")
	case Squad, HalfSquad:
		required = append(required, "apfp", "range", "cr")
	case Leader:
		required = append(required, "apfp", "range", "cr", "modifier")
	}
	if err := p.missing(required...); err != nil {
		return err
	}
	t.typedATFP, t.typedArmor = p.seen["atfp"], p.seen["armour"]
	switch {
	case t.Kind == AFV && !p.seen["armour"] && (!p.seen["armour_front"] || !p.seen["armour_side"]):
		return p.errorf("field \"armour\" is missing: type it, or give armour_front and armour_side to derive it from")
	case t.Kind == Gun && !p.seen["atfp"] && (!p.seen["calibre"] || len(t.History.Pen) == 0):
		return p.errorf("field \"atfp\" is missing: type it, or give the calibre and a pen_ row to derive it from")
	case t.Kind == AFV && p.seen["armour"] && t.Armour.Front == NoRating:
		return p.errorf("field \"armour\": an AFV needs an armour factor")
	case t.Kind != AFV && p.seen["armour"] && t.Armour.Front != NoRating:
		return p.errorf("field \"armour\": only AFVs have armour, this is a %s", t.Kind)
	case t.Kind.Infantry() && p.seen["atfp"]:
		return p.errorf("field \"atfp\": infantry fire AT only with a support weapon (field \"weapon\")")
	case t.Kind == Leader && t.Modifier == 0:
		return p.errorf("field \"modifier\": a leader needs a negative modifier")
	case t.Kind != Leader && p.seen["modifier"]:
		return p.errorf("field \"modifier\": only leaders have one, this is a %s", t.Kind)
	case t.Kind == Gun && t.MP > 1:
		return p.errorf("field \"mp\": a Gun has 0 or 1 MP, not %d", t.MP)
	}
	if err := p.checkNotes(t.Ours, t.History.Sources); err != nil {
		return err
	}
	p.c.addType(t)
	return nil
}

func (p *parser) missing(keys ...string) error {
	for _, k := range keys {
		if !p.seen[k] {
			return p.errorf("field %q is missing", k)
		}
	}
	return nil
}

// checkNotes makes sure every field an ours or source note names is given,
// and that every historical fact given has a source or is marked ours.
func (p *parser) checkNotes(ours, sources []Note) error {
	covered := map[string]bool{}
	for i, notes := range [][]Note{ours, sources} {
		key := [...]string{"ours", "source"}[i]
		for _, n := range notes {
			for _, f := range n.Fields {
				if !p.seen[f] {
					return p.errorf("field %q: names %q, which this entry does not set", key, f)
				}
				covered[f] = true
			}
		}
	}
	for _, f := range historyFields {
		if p.seen[f] && !covered[f] {
			return p.errorf("field %q: a historical fact needs its source (\"source = %s: reference\") or an estimate's reason (\"ours = %s: why\")", f, f, f)
		}
	}
	return nil
}

func parseNote(value string, known []string) (Note, error) {
	fields, reason, ok := strings.Cut(value, ":")
	reason = strings.TrimSpace(reason)
	if !ok || reason == "" {
		return Note{}, fmt.Errorf("%q: want \"field, field: reason\"", value)
	}
	var n Note
	for _, f := range strings.Split(fields, ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(known, f) {
			return Note{}, fmt.Errorf("%q is not a field (known: %s)", f, strings.Join(known, ", "))
		}
		n.Fields = append(n.Fields, f)
	}
	n.Reason = reason
	return n, nil
}

var nations = []string{"US", "UK", "DE", "SU"}

func parseNation(s string) (string, error) {
	if slices.Contains(nations, s) {
		return s, nil
	}
	return "", fmt.Errorf("%q is not a nation (%s)", s, strings.Join(nations, ", "))
}

func parseBool(s string) (bool, error) {
	switch s {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("%q: want yes or no", s)
}

// parseCount reads a whole number from 0 to max.
func parseCount(s string, max int) (int, error) {
	if s == "-" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > max {
		return 0, fmt.Errorf("%q: want a whole number from 0 to %d", s, max)
	}
	return n, nil
}

// parseMGs reads "360 4, ff 3" (arc and APFP per mount) or "-".
func parseMGs(s string) ([]MG, error) {
	if s == "-" {
		return nil, nil
	}
	var mgs []MG
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) != 2 {
			return nil, fmt.Errorf("%q: want mounts like \"360 4, ff 3\"", s)
		}
		var mg MG
		switch f[0] {
		case "360":
			mg.Arc = Arc360
		case "ff":
			mg.Arc = ArcForward
		default:
			return nil, fmt.Errorf("%q: arc %q is not 360 or ff", s, f[0])
		}
		n, err := parseCount(f[1], 99)
		if err != nil {
			return nil, err
		}
		mg.APFP = n
		mgs = append(mgs, mg)
	}
	return mgs, nil
}
