package d20

// The tables of seed 003 (../shared/seeds/003_54f46789877d974c.txt), in the
// layout the excerpt prints them: the Direct Fire Table with its
// ammunition and cannon rows, the infantry anti-tank weapons'
// characteristics, and the penetration results table. A cell the excerpt
// prints as "-" is 0 here: out of reach for a fire number, no modifier for
// an ammunition row, no result for the penetration table.

// rangeColumns are the Direct Fire Table's columns, "range in metres up
// to". A shot reads the first column that reaches its range.
var rangeColumns = [numColumns]int{50, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000}

const numColumns = 11

// Calibre classes and barrel length classes of the gun rows, in the
// excerpt's order (largest first).
const (
	over100 = iota
	cal86to100
	cal61to85
	cal46to60
	upTo45
	numCalibres
)

const (
	l55plus = iota
	l30to54
	upToL29
	numLengths
)

var calibreNames = [numCalibres]string{"over 100mm", "86-100mm", "61-85mm", "46-60mm", "up to 45mm"}
var lengthNames = [numLengths]string{"L55+", "L30-54", "up to L29"}

// gunTable is the Direct Fire Table's gun rows, [calibre][length], each
// with the eleven numbers the excerpt prints under the eleven range
// headers. Our reading [INFERRED] (docs/RULES-d20.md): the first number,
// under "50", is not a direct-fire number but the gun's HE fire number for
// area fire (8-7-6 by length in every class, falling with calibre, and
// worse than the number at 250 m), so a gun's direct fire at 50 m or less
// reads the 250 m column.
var gunTable = [numCalibres][numLengths][numColumns]int{
	over100: {
		{8, 3, 5, 6, 7, 9, 11, 13, 15, 17, 19},
		{7, 3, 6, 8, 9, 11, 15, 16, 17, 18, 20},
		{6, 5, 7, 9, 11, 15, 18, 19, 20, 0, 0},
	},
	cal86to100: {
		{8, 3, 6, 7, 8, 10, 12, 14, 16, 18, 19},
		{7, 3, 7, 9, 10, 12, 14, 17, 18, 19, 20},
		{6, 4, 8, 10, 12, 16, 18, 19, 20, 0, 0},
	},
	cal61to85: {
		{8, 3, 7, 8, 9, 11, 13, 15, 17, 19, 20},
		{7, 4, 8, 10, 11, 13, 17, 18, 19, 20, 0},
		{6, 5, 9, 11, 13, 17, 19, 20, 0, 0, 0},
	},
	cal46to60: {
		{7, 3, 7, 9, 10, 12, 14, 16, 18, 20, 0},
		{6, 4, 8, 11, 12, 14, 18, 19, 20, 0, 0},
		{5, 5, 9, 12, 14, 18, 19, 20, 0, 0, 0},
	},
	upTo45: {
		{6, 4, 8, 10, 11, 13, 15, 17, 19, 20, 0},
		{5, 5, 9, 12, 13, 15, 18, 19, 20, 0, 0},
		{4, 6, 10, 13, 15, 19, 20, 0, 0, 0, 0},
	},
}

// The ammunition rows of the Direct Fire Table.
const (
	rowHEAT = iota
	rowAPCR // APCR and SV
	rowHVAP // HVAP and APDS
	numAmmoRows
)

var ammoRowNames = [numAmmoRows]string{"HEAT", "APCR, SV", "HVAP, APDS"}

// ammoTable is the ammunition rows' modifier to the fire number per range
// column.
var ammoTable = [numAmmoRows][numColumns]int{
	rowHEAT: {0, 0, +1, +1, +2, +2, +3, +3, +4, +4, +5},
	rowAPCR: {0, 0, -1, -1, -1, 0, 0, +1, +2, +3, +4},
	rowHVAP: {0, 0, -1, -1, -1, -1, -1, 0, 0, 0, 0},
}

// The calibre classes of the cannon and HMG rows, in the excerpt's order.
// Which calibres fall in the two small classes is ours [DECIDED]: the
// excerpt heads them "20mm" and "13mm"; 16 to 22 mm reads as 20mm, up to
// 15 mm (the 12.7 mm HMGs and the 14.5 mm AT rifles) as 13mm.
const (
	cannonOver30 = iota
	cannon23to30
	cannon20
	hmg13
	numCannon
)

var cannonNames = [numCannon]string{">30mm", "23-30mm", "20mm", "13mm"}

// cannonTable is the cannon and HMG rows' fire number per range column,
// [class][column].
var cannonTable = [numCannon][numColumns]int{
	cannonOver30: {3, 4, 7, 9, 12, 14, 16, 18, 20, 0, 0},
	cannon23to30: {3, 5, 8, 10, 13, 15, 17, 19, 20, 0, 0},
	cannon20:     {3, 5, 8, 10, 13, 16, 18, 20, 0, 0, 0},
	hmg13:        {3, 5, 8, 11, 14, 17, 19, 20, 0, 0, 0},
}

// infantryColumns are the range columns of the infantry anti-tank
// weapons' table, which the excerpt heads only "Range in metres". Ours
// [INFERRED]: 50 m a column, since the Panzerfaust models named for their
// reach (30, 60/100, 150 m) have one, two and three numbers.
var infantryColumns = [numInfantryColumns]int{50, 100, 150, 200, 250}

const numInfantryColumns = 5

// infantryRow is one weapon of the infantry anti-tank weapons'
// characteristics: its HEAT penetration and fire number per column (0:
// out of reach), whether it is a rocket launcher fired one round a phase
// (one hit at most) and whether it is a disposable launcher fired in
// volleys.
type infantryRow struct {
	weapon     string
	pen        int
	fn         [numInfantryColumns]int
	oneHit     bool
	disposable bool
}

// infantryTable is the excerpt's table, every row. The one-hit and
// disposable marks follow the excerpt's text on rocket launchers; reading
// the PIAT (a spigot mortar) as one of them is ours [DECIDED], it fires
// one bomb at a time like the Bazooka.
var infantryTable = []infantryRow{
	{"PIAT", 10, [5]int{8, 12, 18, 0, 0}, true, false},
	{"Bazooka", 20, [5]int{6, 10, 16, 20, 0}, true, false},
	{"Panzerschreck", 21, [5]int{6, 10, 18, 0, 0}, true, false},
	{"Panzerfaust K", 12, [5]int{10, 0, 0, 0, 0}, false, true},
	{"Panzerfaust 30", 18, [5]int{9, 0, 0, 0, 0}, false, true},
	{"Panzerfaust 60/100", 18, [5]int{9, 14, 0, 0, 0}, false, true},
	{"Panzerfaust 150", 20, [5]int{9, 14, 19, 0, 0}, false, true},
	{"37/50mm sticky bomb", 14, [5]int{5, 7, 10, 16, 20}, false, false},
	{"150mm sticky bomb", 18, [5]int{5, 6, 9, 14, 18}, false, false},
	{"Petard", 16, [5]int{8, 15, 0, 0, 0}, false, false},
	{"380mm rocket", 28, [5]int{6, 10, 14, 18, 20}, false, false},
	{"57mm RCL", 16, [5]int{5, 8, 12, 16, 18}, false, false},
	{"75mm RCL", 18, [5]int{5, 8, 10, 14, 17}, false, false},
}

// catalogueRows names the row each catalogue support weapon fires by
// (ours [DECIDED], from the weapon's history): the catalogue's Panzerfaust
// is a Panzerfaust 60.
var catalogueRows = map[string]string{
	"Panzerfaust": "Panzerfaust 60/100",
}

// infantryRowOf returns the row a support weapon fires by.
func infantryRowOf(name string) (infantryRow, bool) {
	if n, ok := catalogueRows[name]; ok {
		name = n
	}
	for _, r := range infantryTable {
		if r.weapon == name {
			return r, true
		}
	}
	return infantryRow{}, false
}

// penRow is one line of the penetration results table: the d10 faces that
// neutralise (from neutralFrom up to 10; 0: none) and that disable (1 up
// to disabledTo; 0: none).
type penRow struct {
	neutralFrom, disabledTo int
}

// penTable is the penetration results table, by penetration minus armour
// from -1 to 10 (index margin+1).
var penTable = [12]penRow{
	{10, 0}, // -1
	{9, 0},  // 0
	{2, 1},  // 1
	{3, 2},  // 2
	{4, 3},  // 3
	{5, 4},  // 4
	{6, 5},  // 5
	{7, 6},  // 6
	{8, 7},  // 7
	{9, 8},  // 8
	{10, 9}, // 9
	{0, 10}, // 10
}

// Margins outside the table: below -1 nothing, above 10 as 10.
const (
	leastMargin = -1
	mostMargin  = 10
)

// penRowOf returns the table's line for a margin.
func penRowOf(margin int) (penRow, bool) {
	if margin < leastMargin {
		return penRow{}, false
	}
	return penTable[min(margin, mostMargin)-leastMargin], true
}
