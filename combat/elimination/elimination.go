package elimination

import (
	"fmt"
	"strconv"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/infantry"
	"hexfire/units"
)

// Ruleset is the default ruleset: this package's AT fire, crew check and
// smoke rounds, and combat/infantry's AP fire and close assault. Its zero
// value is ready to use; it is registered with combat under Name. It is
// also the catalogue's units.LetterRater: the programs pass it to
// units.Default to derive the letters the catalogue leaves out.
type Ruleset struct{ infantry.Rules }

func init() { combat.Register(Ruleset{}) }

// Name returns "elimination".
func (Ruleset) Name() string { return Name }

// kindNoun names a unit kind in messages.
var kindNoun = map[units.Kind]string{
	units.AFV: "an AFV", units.Vehicle: "an unarmoured vehicle", units.Gun: "a Gun",
	units.Squad: "a squad", units.HalfSquad: "a half squad", units.Leader: "a leader",
}

// Check refuses a shot that this ruleset does not allow (§8, §9), saying
// why. Line of sight, arcs and Fire markers are the battle engine's checks.
func (Ruleset) Check(s combat.Shot) error {
	firer, target := s.Firer, s.Target.Name
	if firer == "" {
		firer = "the firer"
	}
	if target == "" {
		target = "the target"
	}
	w := s.Weapon
	switch {
	case w.OffBoard && s.Target.Kind != units.AFV:
		return fmt.Errorf("%s is %s: an off-board mission strikes it with AP fire", target, kindNoun[s.Target.Kind])
	case w.OffBoard && w.ATFP == units.NoRating:
		return fmt.Errorf("the %s has no anti-tank firepower (ATFP)", w.Name)
	case w.OffBoard && (s.Cover < 0 || s.Hindrance != 0 || s.Leader != 0):
		return fmt.Errorf("cover %d, hindrance %d, leader %d: an off-board mission takes the target hex's cover only (rules 21.5)", s.Cover, s.Hindrance, s.Leader)
	case w.OffBoard:
		return nil
	case s.Target.Kind.Infantry():
		return fmt.Errorf("%s is %s: anti-tank fire cannot harm infantry, use AP fire", target, kindNoun[s.Target.Kind])
	case s.Passenger && s.FirerKind == units.Gun:
		return fmt.Errorf("%s is being towed or carried: a Gun fires only when set up", firer)
	case s.Passenger:
		return fmt.Errorf("%s is riding in a vehicle: passengers may fire AP only, never AT", firer)
	case s.FirerKind.Infantry() && w.Class != combat.SupportWeapon:
		return fmt.Errorf("%s is infantry: it fires AT only with a support weapon", firer)
	case !s.FirerKind.Infantry() && w.Class == combat.SupportWeapon:
		return fmt.Errorf("%s is %s: support weapons are for infantry", firer, kindNoun[s.FirerKind])
	case w.ATFP == units.NoRating && w.Name == "":
		return fmt.Errorf("%s carries no anti-tank weapon", firer)
	case w.ATFP == units.NoRating:
		return fmt.Errorf("%s has no anti-tank firepower (ATFP)", w.Name)
	case w.Spent:
		return fmt.Errorf("the %s has already been fired: it is used up", w.Name)
	case s.Range < 1:
		return fmt.Errorf("range %d: the target must be in another hex", s.Range)
	case w.Range == 1 && s.Range > 1:
		return fmt.Errorf("the %s reaches adjacent targets only; %s is %d hexes away", w.Name, target, s.Range)
	case w.Range > 0 && s.Range > w.Range:
		return fmt.Errorf("the %s reaches %d hexes; %s is %d hexes away", w.Name, w.Range, target, s.Range)
	case s.Range < w.MinRange:
		return fmt.Errorf("the %s cannot fire closer than %d hexes; %s is %d away", w.Name, w.MinRange, target, s.Range)
	case s.Leader > 0:
		return fmt.Errorf("leader modifier %+d: a leader's modifier is negative", s.Leader)
	case s.Leader != 0 && !s.FirerKind.Infantry():
		return fmt.Errorf("leaders direct infantry AT fire only, not the fire of %s", kindNoun[s.FirerKind])
	case s.Cover < 0 || s.Hindrance < 0:
		return fmt.Errorf("cover %d and hindrance %d: neither can be negative", s.Cover, s.Hindrance)
	case s.Target.Kind == units.AFV && s.Aspect != board.Front && s.Aspect != board.Rear && s.Aspect != board.FrontRearTie:
		return fmt.Errorf("aspect %s: this ruleset knows front, rear and the hexside tie only", s.Aspect)
	case s.Target.Kind == units.AFV && s.Target.Armour.Front == units.NoRating:
		return fmt.Errorf("%s is an AFV without an armour factor", target)
	}
	return nil
}

// modifiers returns the to-hit modifiers of a shot in the order they are
// shown: cover, hindrance, gun shield, leader, valor (§9, Valor).
func modifiers(s combat.Shot, buf *[5]combat.Modifier) []combat.Modifier {
	ms := buf[:0]
	if s.Cover != 0 {
		label := s.CoverName
		if label == "" {
			label = "cover"
		}
		ms = append(ms, combat.Modifier{Value: s.Cover, Label: label})
	}
	if s.Hindrance != 0 {
		ms = append(ms, combat.Modifier{Value: s.Hindrance, Label: "hindrance"})
	}
	if s.GunShield && s.Target.Kind == units.Gun {
		ms = append(ms, combat.Modifier{Value: 1, Label: "gun shield"})
	}
	if s.Leader != 0 {
		ms = append(ms, combat.Modifier{Value: s.Leader, Label: "leader"})
	}
	if s.Valorous {
		ms = append(ms, combat.Modifier{Value: -1, Label: "valor"})
	}
	return ms
}

// Resolve rolls the shot (§10): to-hit 2d6, then for an AFV hit the
// hexside tie-break 1d6 if needed and the elimination 2d6, then the
// abandonment 1d6 whenever an immobile AFV survives.
func (r Ruleset) Resolve(s combat.Shot, d combat.Dice) combat.Outcome {
	var o combat.Outcome
	if err := r.Check(s); err != nil {
		o.Err = err
		o.Steps = []string{"refused: " + err.Error()}
		return o
	}
	o.Rolls = make([]combat.Roll, 0, 4)
	o.Steps = make([]string, 0, 4)
	faces := make([]int, 0, 6) // backing store for every roll's faces

	var buf [5]combat.Modifier
	mods := modifiers(s, &buf)
	need, _ := ToHitNumber(s.Weapon, s.Range)
	o.ToHit = need
	a, b := d.Roll(6), d.Roll(6)
	faces = append(faces, a, b)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "to-hit", Sides: 6, Dice: faces[0:2:2]})
	total := a + b + combat.SumModifiers(mods)
	o.Hit = total <= need

	line := make([]byte, 0, 64)
	line = append(line, "needs "...)
	line = strconv.AppendInt(line, int64(need), 10)
	line = append(line, " or less; rolled "...)
	line = strconv.AppendInt(line, int64(a+b), 10)
	if len(mods) > 0 {
		line = combat.AppendModifiers(line, mods)
		line = append(line, " = "...)
		line = strconv.AppendInt(line, int64(total), 10)
	}
	if o.Hit {
		line = append(line, ": hit"...)
	} else {
		line = append(line, ": miss"...)
	}
	o.Steps = append(o.Steps, string(line))
	if s.Weapon.Expendable {
		o.Steps = append(o.Steps, "the "+s.Weapon.Name+" is used up")
	}

	res := miss
	if o.Hit {
		res = r.hit(s, d, &o, faces)
	}
	if s.Target.Kind == units.AFV && res != eliminated &&
		(s.Target.Immobile || res == immobilized) {
		res = abandonment(d, &o, faces, res)
	}
	if de, ok := d.(interface{ Err() error }); ok && de.Err() != nil {
		o.Err, o.Hit = de.Err(), false
		return o
	}
	o.Effects = effects(res, s.Weapon.Expendable, valorCheck(s, a+b))
	return o
}

// valorCheck reports whether an infantry firer's natural 2 on the to-hit
// roll sends it to a valor check (infantry-combat.md).
func valorCheck(s combat.Shot, natural int) bool {
	return s.FirerKind.Infantry() && !s.Weapon.OffBoard && natural == 2
}

// hit applies a hit to the target and returns the result before any
// abandonment check.
func (Ruleset) hit(s combat.Shot, d combat.Dice, o *combat.Outcome, faces []int) result {
	switch s.Target.Kind {
	case units.Vehicle:
		o.Steps = append(o.Steps, "unarmoured vehicle hit: eliminated, with any passengers")
		return eliminated
	case units.Gun:
		o.Steps = append(o.Steps, "Gun hit: eliminated")
		return eliminated
	}
	aspect := aspectStruck(s)
	if s.Weapon.Mortar {
		o.Steps = append(o.Steps, roundFromAbove(s.Weapon))
	}
	if aspect == board.FrontRearTie {
		die := d.Roll(6)
		faces = append(faces, die)
		o.Rolls = append(o.Rolls, combat.Roll{Purpose: "aspect", Sides: 6, Dice: faces[len(faces)-1:]})
		aspect = board.Front
		if die > frontArmourUpTo {
			aspect = board.Rear
		}
		o.Steps = append(o.Steps, "line of fire along the hexside: rolled "+strconv.Itoa(die)+": "+aspect.String()+" armour")
	}
	o.Aspect = aspect
	armour := s.Target.Armour.Front
	if aspect == board.Rear {
		armour = s.Target.Armour.Rear
	}
	head := s.Weapon.ATFP.String() + " vs " + aspect.String() + " " + armour.String() + ": "
	en := EliminationNumber(s.Weapon.ATFP, armour)
	switch en {
	case AlwaysEliminates:
		o.Steps = append(o.Steps, head+"E, any hit eliminates: eliminated")
		return eliminated
	case NoEffectPossible:
		o.Steps = append(o.Steps, head+"-, a hit cannot harm it: no effect")
		return noEffect
	}
	a, b := d.Roll(6), d.Roll(6)
	faces = append(faces, a, b)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "elimination", Sides: 6, Dice: faces[len(faces)-2:]})
	roll := a + b
	result := noEffect
	switch {
	case eliminates(s, roll, en):
		result = eliminated
	case roll == en:
		result = immobilized
	}
	o.Steps = append(o.Steps, head+"elimination number "+strconv.Itoa(en)+"; rolled "+strconv.Itoa(roll)+": "+resultWords(result))
	return result
}

// abandonment rolls the crew's check of an immobile AFV that has survived
// an attack (§10 step 6): on 1–2 it is abandoned, otherwise the result
// stands.
func abandonment(d combat.Dice, o *combat.Outcome, faces []int, result result) result {
	die, abandons, line := crewCheck(d)
	faces = append(faces, die)
	o.Rolls = append(o.Rolls, combat.Roll{Purpose: "abandonment", Sides: 6, Dice: faces[len(faces)-1:]})
	o.Steps = append(o.Steps, line)
	if abandons {
		return abandoned
	}
	return result
}

// PassengersGetOut implements combat.AbandonedPassengers: the passengers
// of an abandoned transport unload into its hex, marked Move (decided in
// the default ruleset's specification; the rules' 8.5 gives a passenger
// the fate of its transport, which the specification reads for a
// transport eliminated, not for one whose crew leaves it).
func (Ruleset) PassengersGetOut() bool { return true }

// CrewCheck rolls the crew's check of an immobile AFV that has survived an
// attack of any kind (§10 step 6; the battle calls it after a failed close
// assault): the roll, whether the crew abandons (1–2), and the step line.
func (Ruleset) CrewCheck(d combat.Dice) (combat.Roll, bool, string) {
	die, abandons, line := crewCheck(d)
	return combat.Roll{Purpose: "abandonment", Sides: 6, Dice: []int{die}}, abandons, line
}

// crewCheck rolls the crew check's die.
func crewCheck(d combat.Dice) (die int, abandons bool, line string) {
	die = d.Roll(6)
	line = "immobile: crew abandons on 2 or less; rolled " + strconv.Itoa(die)
	if die <= abandonUpTo {
		return die, true, line + ": abandoned"
	}
	return die, false, line + ": crew stays"
}

func resultWords(r result) string {
	if r == noEffect {
		return "no effect"
	}
	return r.String()
}

// OffBoardFire implements combat.OffBoardFire: an off-board mission hits
// an AFV on 8 or less and strikes its rear armour (rules 21.5).
func (Ruleset) OffBoardFire() bool { return true }

// roundFromAbove is the step line of a round that strikes the rear armour
// because it falls from above: a mortar's (12.67) or a mission's (21.5).
func roundFromAbove(w combat.Weapon) string {
	if w.OffBoard {
		return "the " + w.Name + " falls on the rear armour"
	}
	return "a mortar round strikes the rear armour"
}

// OddsKey clears the firer's off-axis angle, which this ruleset never
// reads (combat.OddsKeyRules).
func (Ruleset) OddsKey(s combat.Shot) combat.Shot { return combat.WithoutOffAxis(s) }
