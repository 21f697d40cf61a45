package shiftchart

import (
	"fmt"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/units"
)

// The names of the ratings this ruleset lists.
const (
	ratingFireTable    = "fire table"
	ratingP            = "P at contact"
	ratingImmobilizes  = "immobilizes"
	ratingArmourFront  = "armour front"
	ratingArmourRear   = "armour rear"
	ratingArmour       = "armour"
	ratingCloseAssault = "close assault"
)

// pOverrides are the contact P the excerpt prints against our formula, by
// catalogue weapon, with the reason.
var pOverrides = map[string]string{
	"Panzerfaust": "the excerpt rates every full-size Panzerfaust P20, one below the Panzerschreck, though sources give both about 200 mm",
}

// RateType returns the ratings of a unit type: for infantry the row of the
// support weapon they carry and their close assault modifier; for the
// others the guns' fire table, derived from the best round's penetration,
// and the armour values, derived from the plates.
func (Ruleset) RateType(t *units.Type) ([]combat.Rating, error) {
	if t.Kind.Infantry() {
		return infantryRatings(t), nil
	}
	out := []combat.Rating{gunTableRating(t)}
	if t.Kind != units.AFV {
		av, how := armourOf(combat.TargetOf(t), board.Front)
		return append(out, combat.Rating{Name: ratingArmour, Value: fmt.Sprint(av), Origin: combat.Derived, Reason: how}), nil
	}
	if t.History.Armour[units.FacingFront].MM == 0 || t.History.Armour[units.FacingSide].MM == 0 {
		return nil, fmt.Errorf("shiftchart: %s (%s) is an AFV without armour_front or armour_side in its history", t.Name, t.Source)
	}
	for _, f := range []struct {
		name   string
		aspect board.Aspect
	}{{ratingArmourFront, board.Front}, {ratingArmourRear, board.Rear}} {
		av, how := armourOf(combat.TargetOf(t), f.aspect)
		out = append(out, combat.Rating{Name: f.name, Value: fmt.Sprint(av), Origin: combat.Derived,
			Reason: how + " → ⌊mm/10⌋+1"})
	}
	return out, nil
}

// infantryRatings are an infantry type's: the fire table of the support
// weapon it carries, and the quality modifier of its close assault.
func infantryRatings(t *units.Type) []combat.Rating {
	fire := combat.Rating{Name: ratingFireTable, Value: "-", Origin: combat.Derived,
		Reason: "carries no anti-tank weapon of the excerpt's table: fires AP only"}
	if row, ok := RowOf(t.Weapon); ok {
		fire = combat.Rating{Name: ratingFireTable, Value: rowCells(row), Origin: combat.Printed,
			Reason: fmt.Sprintf("its %s: seed 002, Infantry Anti-Tank Weapons Table, %s row %q", t.Weapon, row.Nation, row.Weapon)}
	}
	if t.Kind == units.Leader {
		return []combat.Rating{fire} // a leader alone does not close-assault a vehicle
	}
	assault := combat.Rating{Name: ratingCloseAssault, Value: "+0", Origin: combat.Printed,
		Reason: "seed 002, Close Assault Table: regular troops; a placement's quality or engineers changes it"}
	if t.Elite {
		assault.Value = fmt.Sprintf("%+d", modVeteran)
		assault.Reason = "seed 002, Close Assault Table: veteran or elite infantry (the catalogue's elite type); engineers add -2"
	}
	return []combat.Rating{fire, assault}
}

// gunTableRating is a gun's row of the guns' fire table: P and modifier at
// the far end of each band.
func gunTableRating(t *units.Type) combat.Rating {
	w := combat.MainGunOf(t)
	if !hasGun(w.History) && heavyMG(w.History) {
		return combat.Rating{Name: ratingFireTable, Value: rowCells(rows[heavyMGRow]), Origin: combat.Printed,
			Reason: "seed 002, Infantry Anti-Tank Weapons Table, row \"" + heavyMGRow + "\": our choice for a vehicle whose heaviest weapon is a 12.7 mm machine gun"}
	}
	_, how, err := gunPenetration(w.History, float64(gunBands[0].metres))
	if err != nil {
		return combat.Rating{Name: ratingFireTable, Value: "-", Origin: combat.Derived, Reason: err.Error()}
	}
	cells := make([]string, len(gunBands))
	for i, b := range gunBands {
		mm, _, _ := gunPenetration(w.History, float64(b.metres))
		cells[i] = fmt.Sprintf("%dm %s", b.metres, cell{P: rating(mm), Mod: b.mod, Reach: true})
	}
	return combat.Rating{Name: ratingFireTable, Value: strings.Join(cells, " "), Origin: combat.Derived,
		Reason: "P = ⌊mm/10⌋+1 of the best round at each band's far end (at 250 m: " + how + "); the modifiers are the guns' bands, ours"}
}

// RateWeapon returns the ratings of a support weapon: the excerpt's row it
// fires by, printed, and its contact P against the formula; a weapon
// without a row has no anti-tank fire.
func (Ruleset) RateWeapon(w *units.Weapon) ([]combat.Rating, error) {
	row, ok := RowOf(w.Name)
	if !ok {
		return []combat.Rating{{Name: ratingFireTable, Value: "-", Origin: combat.Derived,
			Reason: "no row in the excerpt's weapons table (it lists no rifle-calibre machine gun or mortar): no anti-tank fire"}}, nil
	}
	where := fmt.Sprintf("seed 002, Infantry Anti-Tank Weapons Table, %s row %q", row.Nation, row.Weapon)
	if row.Weapon != w.Name {
		where += " (our choice of row for the catalogue's " + w.Name + ")"
	}
	star := "no"
	if row.Immobilizes {
		star = "yes (*)"
	}
	out := []combat.Rating{
		{Name: ratingFireTable, Value: rowCells(row), Origin: combat.Printed, Reason: where},
		{Name: ratingImmobilizes, Value: star, Origin: combat.Printed, Reason: where + ", its t column"},
	}
	return append(out, contactP(w, row)), nil
}

// rowCells writes a row's cells with their bands: "contact P11/-0 50m P11/-2".
func rowCells(row FireRow) string {
	var cells []string
	for b, c := range row.Cells {
		if c.Reach {
			cells = append(cells, bandNames[b]+" "+c.String())
		}
	}
	return strings.Join(cells, " ")
}

// contactP rates the weapon's contact P: the printed value, which the
// formula gives from the weapon's penetration unless an override says why
// not.
func contactP(w *units.Weapon, row FireRow) combat.Rating {
	printed := row.Cells[0].P
	r := combat.Rating{Name: ratingP, Value: fmt.Sprint(printed)}
	mm, how, err := gunPenetration(&w.History, float64(bandMetres[0]))
	switch {
	case err != nil:
		r.Origin, r.Reason = combat.Printed, "printed; no penetration figure to check it against"
	case rating(mm) == printed:
		r.Origin, r.Reason = combat.Printed, fmt.Sprintf("printed; the formula agrees: %s → ⌊mm/10⌋+1 = %d", how, printed)
	default:
		r.Origin = combat.Overridden
		r.Reason = fmt.Sprintf("the formula gives %d (%s); printed %d: %s", rating(mm), how, printed, pOverrides[w.Name])
	}
	return r
}

var _ combat.Rater = Ruleset{}
