package tohitkill

import "math"

// The written formula of the ratings (docs/RULES-tohit-tokill.md), fixed
// by the two numbers the excerpt prints: the Panzerfaust's 200 mm of
// penetration is its to-kill number 31, and the early model's 140 mm is
// 22.
const (
	toKillPerMM      = 31.0 / 200 // to-kill points per mm of penetration
	armourMMPerPoint = 10.0       // mm of effective armour per armour factor point
)

// toKillFromPenetration returns the basic to-kill number of a weapon that
// penetrates mm of armour: mm × 31 / 200, rounded.
func toKillFromPenetration(mm float64) int {
	return int(math.Round(mm * toKillPerMM))
}

// armourFactorFromPlate returns the armour factor of a plate mm thick
// sloped slope degrees from the vertical: its effective thickness,
// mm / cos(slope), over 10, rounded.
func armourFactorFromPlate(mm, slope float64) int {
	return int(math.Round(mm / math.Cos(slope*math.Pi/180) / armourMMPerPoint))
}
