package shiftchart

import (
	"fmt"
	"strconv"
	"strings"
)

// The tables of seed 002 (../shared/seeds/002_7ca9ce8bc9b3ae66.txt), in the
// layout the excerpt prints them: its Infantry Anti-Tank Weapons Table, its
// Infantry Anti-Tank Effects Chart and its Close Assault Table. The cells
// are the excerpt's text; init reads them into the values Resolve uses, and
// a test holds every row to the excerpt.

// bandNames are the range columns of the weapons table; bandMetres the
// distance each reaches. A shot falls in the first band that reaches its
// range in metres. The excerpt gives 50 to 750 m; "contact" is ours: up
// to 25 m, the distance the excerpt gives for close assault.
var (
	bandNames  = [numBands]string{"contact", "50m", "100m", "150m", "200m", "750m"}
	bandMetres = [numBands]int{25, 50, 100, 150, 200, 750}
)

const numBands = 6

// weaponRow is one row of the Infantry Anti-Tank Weapons Table: the nation,
// the weapon, its "t" column ("*": it may immobilize) and its cell per
// range band, "P<penetration>/-<to-hit modifier>", empty where it does not
// reach.
type weaponRow struct {
	nation, weapon, t string
	cells             [numBands]string
}

// weaponsTable is the excerpt's Infantry Anti-Tank Weapons Table, every row.
var weaponsTable = []weaponRow{
	{"American", `2.36" Bazooka`, "*", [numBands]string{"P11/-0", "P11/-2", "P11/-3", "P11/-6", "P11/-8", ""}},
	{"American", "Rifle Grenade", "*", [numBands]string{"P10/-0", "P10/-8", "", "", "", ""}},
	{"American", ".50-cal Machine Gun", "", [numBands]string{"P1/-0", "P1/-1", "P1/-1", "P1/-2", "P1/-2", "P1/-3"}},
	{"British", "PIAT", "*", [numBands]string{"P11/-0", "P11/-8", "", "", "", ""}},
	{"British", `ATR, .55" Boys Rifle`, "", [numBands]string{"P3/-0", "P3/-1", "P2/-4", "P2/-8", "", ""}},
	{"German", "Panzerfaust 30 (Klein)", "*", [numBands]string{"P14/-0", "P14/-8", "", "", "", ""}},
	{"German", "Panzerfaust 30", "*", [numBands]string{"P20/-0", "P20/-8", "", "", "", ""}},
	{"German", "Panzerfaust 60", "*", [numBands]string{"P20/-0", "P20/-7", "", "", "", ""}},
	{"German", "Panzerfaust 100", "*", [numBands]string{"P20/-0", "P20/-6", "P20/-8", "", "", ""}},
	{"German", "Panzerschreck 43", "*", [numBands]string{"P21/-0", "P21/-3", "P21/-6", "P21/-8", "", ""}},
	{"German", "Panzerschreck 54", "*", [numBands]string{"P21/-0", "P21/-2", "P21/-5", "P21/-7", "", ""}},
	{"German", "ATR, Panzerbusche 39", "", [numBands]string{"P4/-0", "P4/-1", "P4/-2", "P3/-5", "P3/-8", ""}},
	{"German", "Rifle Grenade, PzG 40", "*", [numBands]string{"P3/-0", "P3/-8", "", "", "", ""}},
	{"German", "Rifle Grenade, PzG 46", "*", [numBands]string{"P8/-0", "P8/-8", "", "", "", ""}},
	{"Japanese", "ATR, 20mm Type 97", "", [numBands]string{"P4/-0", "P4/-1", "P4/-2", "P3/-5", "P3/-8", ""}},
	{"Polish", "ATR, 7.92mm Marosczek", "", [numBands]string{"P4/-0", "P4/-1", "P4/-2", "P3/-5", "P3/-8", ""}},
	{"Soviet", "ATR, 14.5mm PTRD '41", "", [numBands]string{"P5/-0", "P4/-1", "P4/-2", "P4/-6", "P4/-8", ""}},
	{"Soviet", "ATR, 14.5mm PTRS '41", "", [numBands]string{"P5/-0", "P4/-1", "P4/-2", "P4/-6", "P4/-8", ""}},
	{"Soviet", "12.7mm DShK AAMG", "", [numBands]string{"P1/-0", "P1/-1", "P1/-1", "P1/-2", "P1/-2", "P1/-3"}},
}

// cell is one read cell of a fire table: the penetration and the to-hit
// modifier at one range band. Reach is false where the weapon does not
// reach.
type cell struct {
	P, Mod int
	Reach  bool
}

// String writes the cell as the excerpt does, "P21/-6", or "" out of reach.
func (c cell) String() string {
	if !c.Reach {
		return ""
	}
	return "P" + strconv.Itoa(c.P) + "/-" + strconv.Itoa(-c.Mod)
}

// parseCell reads "P21/-6".
func parseCell(s string) (cell, error) {
	if s == "" {
		return cell{}, nil
	}
	p, mod, ok := strings.Cut(s, "/")
	pen, err1 := strconv.Atoi(strings.TrimPrefix(p, "P"))
	m, err2 := strconv.Atoi(mod)
	if !ok || !strings.HasPrefix(p, "P") || !strings.HasPrefix(mod, "-") || err1 != nil || err2 != nil || pen < 0 {
		return cell{}, fmt.Errorf("cell %q is not P<penetration>/-<modifier>", s)
	}
	return cell{P: pen, Mod: m, Reach: true}, nil
}

// FireRow is a read row of the weapons table: a weapon's cell per band and
// whether it may immobilize.
type FireRow struct {
	Nation, Weapon string
	Immobilizes    bool
	Cells          [numBands]cell
}

// rows are weaponsTable read, by weapon name.
var rows = func() map[string]FireRow {
	m := map[string]FireRow{}
	for i, r := range weaponsTable {
		fr := FireRow{Nation: r.nation, Weapon: r.weapon, Immobilizes: r.t == "*"}
		for b, s := range r.cells {
			c, err := parseCell(s)
			if err != nil {
				panic(fmt.Sprintf("shiftchart: weapons table row %d (%s), %s: %v", i+1, r.weapon, bandNames[b], err))
			}
			fr.Cells[b] = c
		}
		m[r.weapon] = fr
	}
	return m
}()

// effectsChart is the excerpt's Infantry Anti-Tank Effects Chart: a row per
// vulnerability A–F, a column per shift 0–4. "xtyk": a d10 of y or more
// kills, of x or more immobilizes; "yk" kills only, "xt" immobilizes only,
// "---" has no effect (other-rulesets.md, [INFERRED]).
var effectsChart = [numVuln][numShifts]string{
	{"2t3k", "4t5k", "5t6k", "8k", "9k"},
	{"4t5k", "5t6k", "6t7k", "8k", "10k"},
	{"5t6k", "6t7k", "7t8k", "9k", "10k"},
	{"7t8k", "7t8k", "8t9k", "10k", "10k"},
	{"8t9k", "9t10k", "9t10k", "10k", "---"},
	{"10t", "10t", "10t", "---", "---"},
}

const (
	numVuln   = 6 // vulnerabilities A to F
	numShifts = 5 // 0 to 4 column shifts
	// MaxShifts is the most columns a shot shifts: ours, the chart's last
	// column, since the excerpt does not say what more shifts do.
	MaxShifts = numShifts - 1
	// dieSides is the effects chart's die: ours, the excerpt names none
	// and its numbers run to 10.
	dieSides = 10
)

// entry is one read cell of the effects chart: the least d10 roll that
// immobilizes and the least that kills; 0 where the cell has none.
type entry struct{ immobilize, kill int }

// String writes the entry as the chart does.
func (e entry) String() string {
	var b strings.Builder
	if e.immobilize > 0 {
		b.WriteString(strconv.Itoa(e.immobilize) + "t")
	}
	if e.kill > 0 {
		b.WriteString(strconv.Itoa(e.kill) + "k")
	}
	if b.Len() == 0 {
		return "---"
	}
	return b.String()
}

// parseEntry reads "4t5k", "8k", "10t" or "---".
func parseEntry(s string) (entry, error) {
	var e entry
	if s == "---" {
		return e, nil
	}
	rest := s
	if t, after, ok := strings.Cut(rest, "t"); ok {
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || n > dieSides {
			return e, fmt.Errorf("entry %q: bad immobilize number", s)
		}
		e.immobilize, rest = n, after
	}
	if rest != "" {
		k, ok := strings.CutSuffix(rest, "k")
		n, err := strconv.Atoi(k)
		if !ok || err != nil || n < 1 || n > dieSides || (e.immobilize > 0 && n <= e.immobilize) {
			return e, fmt.Errorf("entry %q: bad kill number", s)
		}
		e.kill = n
	}
	if e == (entry{}) {
		return e, fmt.Errorf("entry %q is empty", s)
	}
	return e, nil
}

// chart is effectsChart read.
var chart = func() (c [numVuln][numShifts]entry) {
	for v := range numVuln {
		for s := range numShifts {
			e, err := parseEntry(effectsChart[v][s])
			if err != nil {
				panic(fmt.Sprintf("shiftchart: effects chart row %c, %d shifts: %v", 'A'+v, s, err))
			}
			c[v][s] = e
		}
	}
	return c
}()

// The Close Assault Table: 2d6 plus modifiers, this much or less destroys
// the vehicle, up to immobilizedUpTo immobilizes it, more has no effect.
const (
	destroyedUpTo   = 4
	immobilizedUpTo = 7
)

// The Close Assault Table's die-roll modifiers.
const (
	modStationary = -1 // the target vehicle is stationary
	modVeteran    = -1 // veteran or elite infantry
	modGreen      = +1 // militia or recruit infantry
	modEngineers  = -2 // combat engineers attack
	modRiders     = +3 // tank riders protect the vehicle
)
