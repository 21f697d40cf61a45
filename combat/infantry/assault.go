package infantry

import (
	"errors"
	"fmt"
	"strconv"

	"hexfire/combat"
	"hexfire/units"
)

// maxRatio is the clamp of the odds ratio on both sides.
const maxRatio = 4

// OddsRatio returns the odds of an assault: the stronger side's APFP
// divided by the weaker side's, rounded down, clamped to 4. A side without
// firepower faces the full 4.
func OddsRatio(attack, defense int) combat.Ratio {
	switch {
	case defense <= 0:
		return combat.Ratio{Attacker: maxRatio, Defender: 1}
	case attack <= 0:
		return combat.Ratio{Attacker: 1, Defender: maxRatio}
	case attack >= defense:
		return combat.Ratio{Attacker: min(maxRatio, attack/defense), Defender: 1}
	}
	return combat.Ratio{Attacker: 1, Defender: min(maxRatio, defense/attack)}
}

// killNumbers are the kill numbers of the ratios 1-4 … 1-1 and 2-1 … 4-1.
var (
	killAgainstOdds = [maxRatio + 1]int{0, 6, 5, 4, 3}  // 1-1, 1-2, 1-3, 1-4
	killWithOdds    = [maxRatio + 1]int{0, 6, 8, 9, 10} // 1-1, 2-1, 3-1, 4-1
)

// KillNumber returns the unmodified kill number of a ratio.
func KillNumber(r combat.Ratio) int {
	if r.Attacker > 1 {
		return killWithOdds[min(r.Attacker, maxRatio)]
	}
	return killAgainstOdds[min(max(r.Defender, 1), maxRatio)]
}

// Check refuses an assault the rules do not allow.
func checkAssault(a combat.Assault) error {
	switch {
	case a.Attack < 1:
		return errors.New("the assaulting units have no AP firepower")
	case a.Attackers < 1:
		return errors.New("no unit assaults")
	case a.DefenderLeader > 0 || a.AttackerLeader > 0:
		return errors.New("a leader's modifier is negative")
	case a.AttackerGrenades < 0 || a.DefenderGrenades < 0:
		return fmt.Errorf("grenades %d and %d: none or more", a.AttackerGrenades, a.DefenderGrenades)
	case a.Mine == combat.MineDeclared:
		return errors.New("this ruleset has no magnetic mines")
	}
	return nil
}

// Kill returns the ratio and the modified kill number.
func killOf(a combat.Assault) (combat.Ratio, int) {
	r := OddsRatio(a.Attack, a.Defense)
	kill := KillNumber(r) + a.DefenderLeader - a.DefenderGrenades
	return r, kill
}

// Modifiers returns the attacker's roll modifiers: his leader and grenades
// (there is no cover in close assault).
func assaultModifiers(a combat.Assault) []combat.Modifier {
	var ms []combat.Modifier
	if a.AttackerLeader != 0 {
		ms = append(ms, combat.Modifier{Value: a.AttackerLeader, Label: "leader"})
	}
	if a.AttackerGrenades > 0 {
		ms = append(ms, combat.Modifier{Value: -a.AttackerGrenades, Label: "grenades"})
	}
	if a.Extra.Value != 0 {
		ms = append(ms, a.Extra)
	}
	return ms
}

// SuccessWays returns how many of the 36 rolls succeed: all of them when
// no unpinned defender holds the hex (Defenders 0), which is taken without
// a roll.
func successWays(a combat.Assault) uint64 {
	if a.Defenders == 0 {
		return 36
	}
	_, kill := killOf(a)
	mod := combat.SumModifiers(assaultModifiers(a))
	var ways uint64
	for roll := 2; roll <= 12; roll++ {
		if roll+mod <= kill {
			ways += combat.TwoDiceWays(roll)
		}
	}
	return ways
}

// FixedPoints returns the casualty points the attackers take whatever the
// roll, cover plus one per unpinned defender and one per level climbed,
// and their breakdown for the step lines: "6 points (cover 3, 3 defenders,
// 0 uphill)". A failed roll adds its excess over the kill number.
func fixedPoints(a combat.Assault) (int, string) {
	n := a.Cover + a.Defenders + a.Uphill
	return n, fmt.Sprintf("%d point%s (cover %d, %d defender%s, %d uphill)", n, plural(n), a.Cover, a.Defenders, plural(a.Defenders), a.Uphill)
}

// AttackerPointsOdds returns the exact distribution of ResolveAssault's
// AttackerPoints: ways[n] of the 36 rolls give the attackers n casualty
// points. A hex without an unpinned defender (Defenders 0) is taken
// without a roll or losses, so all 36 then give 0 points. It returns the
// error of Check for an assault the rules refuse.
func attackerPointsOdds(a combat.Assault) ([]uint64, error) {
	if err := checkAssault(a); err != nil {
		return nil, err
	}
	if a.Defenders == 0 {
		return []uint64{36}, nil
	}
	_, kill := killOf(a)
	mod := combat.SumModifiers(assaultModifiers(a))
	base, _ := fixedPoints(a)
	ways := make([]uint64, base+max(0, 12+mod-kill)+1)
	for roll := 2; roll <= 12; roll++ {
		ways[base+max(0, roll+mod-kill)] += combat.TwoDiceWays(roll)
	}
	return ways, nil
}

// ResolveAssault rolls the attacker's 2d6 against the kill number. On a
// success every defender is eliminated and the attackers take the
// FixedPoints; on a failure they take the roll's excess over the kill
// number on top of that, and the defenders take one point per assaulting
// unit. A hex without an unpinned defender (Defenders 0) is taken without
// a roll: a success with no dice and no points.
func ResolveAssault(a combat.Assault, d combat.Dice) combat.AssaultOutcome {
	var o combat.AssaultOutcome
	if err := checkAssault(a); err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	o.Ratio, o.Kill = killOf(a)
	if a.Defenders == 0 {
		o.Success = true
		o.Steps = []string{"no unpinned defender: the hex is taken without a roll"}
		return o
	}
	o.Steps = append(o.Steps, killLine(a, o.Ratio, o.Kill))
	x, y := d.Roll(6), d.Roll(6)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "close assault", Sides: 6, Dice: []int{x, y}})
	ms := assaultModifiers(a)
	o.Natural = x + y
	o.Total = o.Natural + combat.SumModifiers(ms)
	o.Success = o.Total <= o.Kill
	line := fmt.Sprintf("needs %d or less; rolled %d", o.Kill, o.Natural)
	if len(ms) > 0 {
		line += combat.FormatModifiers(ms) + " = " + strconv.Itoa(o.Total)
	}
	base, baseText := fixedPoints(a)
	if o.Success {
		o.AttackerPoints = base
		o.Steps = append(o.Steps, line+": success, every defender eliminated", "the attackers take "+baseText)
	} else {
		over := o.Total - o.Kill
		o.AttackerPoints = over + base
		o.DefenderPoints = a.Attackers
		o.Steps = append(o.Steps, line+": failure",
			fmt.Sprintf("the attackers take %d points (%d over the kill number, cover %d, %d defender%s, %d uphill); the defenders take %d",
				o.AttackerPoints, over, a.Cover, a.Defenders, plural(a.Defenders), a.Uphill, o.DefenderPoints))
	}
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err = de.Err()
	}
	return o
}

func killLine(a combat.Assault, r combat.Ratio, kill int) string {
	line := fmt.Sprintf("%d APFP against %d: %s, kill number %d", a.Attack, a.Defense, r, KillNumber(r))
	if a.DefenderLeader != 0 {
		line += fmt.Sprintf(" %+d defending leader", a.DefenderLeader)
	}
	if a.DefenderGrenades > 0 {
		line += fmt.Sprintf(" %+d defenders' grenades", -a.DefenderGrenades)
	}
	if kill != KillNumber(r) {
		line += " = " + strconv.Itoa(kill)
	}
	return line
}

// ImmobilizeUpTo is the most casualty points that count against an AFV in
// a failed close assault; at this many the immobilization is automatic.
const ImmobilizeUpTo = 3

// Immobilize rolls the immobilization of an AFV that takes points in a
// failed close assault: 1d6 at or under the points (at most 3; 3 needs no
// die). It returns whether the AFV is immobilized.
func Immobilize(name string, points int, d combat.Dice) (bool, []combat.Roll, string) {
	points = min(points, ImmobilizeUpTo)
	if points >= ImmobilizeUpTo {
		return true, nil, fmt.Sprintf("%s takes %d points: immobilized", name, points)
	}
	die := d.Roll(6)
	ok := die <= points
	result := "no effect"
	if ok {
		result = "immobilized"
	}
	return ok, []combat.Roll{{Purpose: "immobilization", Sides: 6, Dice: []int{die}}},
		fmt.Sprintf("%s takes %d point%s: immobilized on %d or less, rolled %d: %s", name, points, plural(points), points, die, result)
}

// ValorNumber is what a unit must roll at or under on 2d6 to gain Valor:
// its casualty rating, a leader 6.
func ValorNumber(k units.Kind, cr int) int {
	if k == units.Leader {
		return leaderValor
	}
	return cr
}

// RallyNumber is what a pinned unit must roll at or under on 2d6 to rally
// early: 7 for leaders, elite infantry, vehicles and Guns, 6 for regular
// infantry.
func RallyNumber(k units.Kind, elite bool) int {
	if (k == units.Squad || k == units.HalfSquad) && !elite {
		return rallyRegular
	}
	return rallyOthers
}

const (
	leaderValor  = 6
	rallyRegular = 6
	rallyOthers  = 7
)

// Check2d6 rolls 2d6 plus a modifier against need: the roll, whether it
// succeeded, and a step line "valor: needs 4 or less, rolled 3: success".
func Check2d6(purpose string, need, modifier int, d combat.Dice) (bool, combat.Roll, string) {
	x, y := d.Roll(6), d.Roll(6)
	total := x + y + modifier
	line := fmt.Sprintf("%s: needs %d or less, rolled %d", purpose, need, x+y)
	if modifier != 0 {
		line += fmt.Sprintf(" %+d leader = %d", modifier, total)
	}
	ok := total <= need
	if ok {
		line += ": success"
	} else {
		line += ": failure"
	}
	return ok, combat.Roll{Purpose: purpose, Sides: 6, Dice: []int{x, y}}, line
}
