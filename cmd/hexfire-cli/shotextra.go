package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/units"
)

// extraShotFlags are the flags of odds and roll that the rulesets beyond
// the default one read: the map's scale, troop quality, movement,
// engineers and tank riders, the close assault of a vehicle, and raw
// facts for a firer or target outside the catalogue.
type extraShotFlags struct {
	hexMetres               int
	quality                 string
	firerMoved, targetMoved bool
	engineers, assault      bool
	riders                  int
	swName, penMM, armourMM string
	ammo                    string
	across                  int
	approached              bool
	repeats                 int
	offAxis                 float64
	movedMP                 string
	night, intoSight        bool
	outOfSight              bool
	second, secondAspect    string
	secondRange             int
	firerStates             string
	targetStates            string
	outsideArc              bool
	targetMoveMP            string
}

func (f *extraShotFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.hexMetres, "hex-m", 50, "metres per hex (the map's hex_m), for the rulesets with ranges in metres")
	fs.StringVar(&f.quality, "quality", "", "firer's troop quality: green, regular, veteran or elite (default: a catalogue firer's own, elite or regular)")
	fs.BoolVar(&f.firerMoved, "firer-moved", false, "the firer carries a Move marker")
	fs.BoolVar(&f.targetMoved, "target-moved", false, "the target carries a Move marker, or is moving")
	fs.BoolVar(&f.engineers, "engineers", false, "the firer is a unit of combat engineers")
	fs.IntVar(&f.riders, "riders", 0, "infantry units riding on the target (tank riders)")
	fs.BoolVar(&f.assault, "assault", false, "the firer close-assaults the target vehicle instead of firing (rulesets with a close assault of vehicles)")
	fs.StringVar(&f.swName, "sw-name", "", "raw support weapon by name, fired by a squad, for a ruleset with its own weapons table (shiftchart: e.g. \"Panzerschreck 43\")")
	fs.StringVar(&f.penMM, "pen-mm", "", "raw gun: the armour in mm its round defeats square on, at any range (instead of --firer)")
	fs.StringVar(&f.ammo, "ammo", "", "the round the gun fires, as the catalogue names it (APCBC, APCR, HEAT…); default: the ruleset's (d20)")
	fs.IntVar(&f.across, "across", 0, "metres the target moved across the line of sight in its last move, with --target-moved (d20)")
	fs.BoolVar(&f.approached, "approached", false, "the target's last move closed the range, with --target-moved (d20)")
	fs.IntVar(&f.repeats, "repeats", 0, "AT shots the firer already fired at this target in a row, one a segment (d20: 1 is a second shot)")
	fs.Float64Var(&f.offAxis, "off-axis", 0, "degrees between the firer's facing and the line to the target, 0-180 (d20: limited-traverse mounts)")
	fs.StringVar(&f.movedMP, "moved-mp", "", "the firer's latest move, this segment or the one before: MP spent/its MP, e.g. 4/10 (d20: more than half may not fire)")
	fs.BoolVar(&f.night, "night", false, "the battle is fought at night (the map property night)")
	fs.BoolVar(&f.intoSight, "into-sight", false, "the target's latest move began out of the firer's sight (d20)")
	fs.BoolVar(&f.outOfSight, "out-of-sight", false, "the target is moving and its move ends out of the firer's sight (d20)")
	fs.StringVar(&f.second, "second", "", "a second vehicle the volley may strike, by catalogue name (d20: a Panzerfaust's volley)")
	fs.StringVar(&f.secondAspect, "second-aspect", "front", "the armour the second vehicle shows the firer: front, side or rear")
	fs.IntVar(&f.secondRange, "second-range", 0, "the second vehicle's range in hexes (default: --range)")
	fs.StringVar(&f.firerStates, "firer-states", "", "the ruleset's states the firer carries, name=count,… (d20: suppressed=1)")
	fs.StringVar(&f.targetStates, "target-states", "", "the ruleset's states the target carries, name=count,…")
	fs.BoolVar(&f.outsideArc, "outside-arc", false, "the target is outside the firer's forward arc, so its turret turned (strikedice)")
	fs.StringVar(&f.targetMoveMP, "target-move-mp", "", "with --target-moved: the MP its last move cost and its full MP, spent/full (strikedice: 6/10 is flat out)")
	fs.StringVar(&f.armourMM, "armour-mm", "", "raw AFV target's upright plates in mm, front/side (100/80), for rulesets that rate armour from it")
}

// apply puts the flags into shot s, built from the other flags; raw
// tells whether the base flags gave no firer.
func (f *extraShotFlags) apply(s *combat.Shot, rng int) error {
	if f.quality != "" {
		q, err := combat.ParseQuality(f.quality)
		if err != nil {
			return fmt.Errorf("--quality: %w", err)
		}
		s.FirerQuality = q
	}
	if f.across < 0 || f.repeats < 0 {
		return fmt.Errorf("--across %d, --repeats %d: neither can be negative", f.across, f.repeats)
	}
	s.Metres = rng * f.hexMetres
	s.FirerMoved, s.TargetMoved, s.FirerEngineers = f.firerMoved, f.targetMoved, f.engineers
	s.Target.Riders = f.riders
	s.Ammo, s.TargetAcross, s.TargetApproached, s.RepeatShots = f.ammo, f.across, f.approached, f.repeats
	if f.offAxis < 0 || f.offAxis > 180 {
		return fmt.Errorf("--off-axis %g: want degrees from 0 to 180", f.offAxis)
	}
	s.FirerOffAxis, s.Night, s.TargetIntoSight, s.TargetOutOfSight = f.offAxis, f.night, f.intoSight, f.outOfSight
	if f.movedMP != "" {
		spent, mp, ok := strings.Cut(f.movedMP, "/")
		var errSpent, errMP error
		s.FirerMovedMP, errSpent = strconv.Atoi(spent)
		s.FirerMP, errMP = strconv.Atoi(mp)
		if !ok || errSpent != nil || errMP != nil || s.FirerMovedMP < 1 || s.FirerMP < 1 || s.FirerMovedMP > maxMP || s.FirerMP > maxMP {
			return fmt.Errorf("--moved-mp %q: want MP spent/the unit's MP, each 1 to %d, e.g. 4/10", f.movedMP, maxMP)
		}
	}
	s.OutsideFrontArc = f.outsideArc
	if f.targetMoveMP != "" {
		spent, full, ok := strings.Cut(f.targetMoveMP, "/")
		a, errA := strconv.Atoi(spent)
		b, errB := strconv.Atoi(full)
		if !ok || errA != nil || errB != nil || a < 0 || b < 1 || a > b || b > maxMP {
			return fmt.Errorf("--target-move-mp %q: want spent/full MP, e.g. 6/10, with 0 <= spent <= full <= %d", f.targetMoveMP, maxMP)
		}
		if !f.targetMoved {
			return errors.New("--target-move-mp needs --target-moved")
		}
		s.TargetMoveMP, s.TargetMP = a, b
	}
	if f.armourMM != "" {
		if s.Target.Kind != units.AFV {
			return errors.New("--armour-mm: the target must be an AFV (--kind afv)")
		}
		h := &units.History{}
		parts := strings.Split(f.armourMM, "/")
		if len(parts) != 2 {
			return fmt.Errorf("--armour-mm %s: want front/side in mm, e.g. 100/80", fileio.Quote(f.armourMM))
		}
		for i, facing := range []units.Facing{units.FacingFront, units.FacingSide} {
			mm, err := strconv.ParseFloat(parts[i], 64)
			if err != nil || mm <= 0 || mm > 1000 {
				return fmt.Errorf("--armour-mm %s: %s is not a thickness in mm (0-1000)", fileio.Quote(f.armourMM), fileio.Quote(parts[i]))
			}
			h.Armour[facing] = units.Plate{MM: mm}
		}
		s.Target.History = h
	}
	return nil
}

// buildSecond puts --second, --second-aspect and --second-range into s,
// whose range is rng hexes.
func (f *extraShotFlags) buildSecond(cat *units.Catalogue, s *combat.Shot, rng int) error {
	if f.second == "" {
		return nil
	}
	t, err := cat.Lookup(f.second)
	if err != nil {
		return fmt.Errorf("--second: %w", err)
	}
	aspect, ok := board.ParseAspect(f.secondAspect)
	if !ok {
		return fmt.Errorf("--second-aspect %q: want front, side or rear", f.secondAspect)
	}
	second := f.secondRange // checked by flagRanges
	if second == 0 {
		second = rng
	}
	s.Second = &combat.SecondTarget{Target: combat.TargetOf(t), Aspect: aspect, Metres: second * f.hexMetres}
	return nil
}

// applyStates puts --firer-states and --target-states into s, refusing a
// state ruleset r does not declare.
func (f *extraShotFlags) applyStates(r combat.Ruleset, s *combat.Shot) error {
	var err error
	if s.FirerStates, err = parseStates(r, f.firerStates); err != nil {
		return fmt.Errorf("--firer-states: %w", err)
	}
	if s.Target.States, err = parseStates(r, f.targetStates); err != nil {
		return fmt.Errorf("--target-states: %w", err)
	}
	return nil
}

// maxMP bounds --moved-mp and --target-move-mp: our own choice, far
// beyond any unit's MP.
const maxMP = 99

// maxStateCount bounds a state's counters on the command line.
const maxStateCount = 99

// parseStates reads "name=count,…" into a StateSet of ruleset r's states.
func parseStates(r combat.Ruleset, text string) (combat.StateSet, error) {
	if text == "" {
		return "", nil
	}
	counts := map[string]int{}
	for part := range strings.SplitSeq(text, ",") {
		name, count, _ := strings.Cut(part, "=")
		if _, ok := combat.FindState(combat.StatesOfRuleset(r), name); !ok {
			return "", fmt.Errorf("%s is not a state of the %s ruleset", fileio.Quote(name), r.Name())
		}
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 || n > maxStateCount {
			return "", fmt.Errorf("%s: want name=count with a count of 1 to %d", fileio.Quote(part), maxStateCount)
		}
		counts[name] = n
	}
	return combat.StatesOf(counts), nil
}

// buildRawFirer makes the firer of --sw-name or --pen-mm; ok is false when
// neither is given.
func (f *extraShotFlags) buildRawFirer(s *combat.Shot) (bool, error) {
	switch {
	case f.swName != "" && f.penMM != "":
		return true, errors.New("give --sw-name or --pen-mm, not both")
	case f.swName != "":
		s.Firer, s.FirerKind = "squad", units.Squad
		s.Weapon = combat.Weapon{Name: f.swName, Class: combat.SupportWeapon}
		return true, nil
	case f.penMM != "":
		mm, err := strconv.ParseFloat(f.penMM, 64)
		if err != nil || mm <= 0 || mm > 1000 {
			return true, fmt.Errorf("--pen-mm %s is not a penetration in mm (0-1000)", fileio.Quote(f.penMM))
		}
		h := &units.History{Pen: []units.Penetration{{Ammo: units.HEAT, MM: []float64{mm}}}}
		s.Firer, s.FirerKind = "gun", units.AFV
		s.Weapon = combat.Weapon{Name: "gun", Class: combat.MainGun, History: h}
		return true, nil
	}
	return false, nil
}

// odds returns the exact odds of s under r: of the shot, or of the close
// assault with --assault.
func (f *extraShotFlags) odds(r combat.Ruleset, s combat.Shot) (combat.Odds, error) {
	if !f.assault {
		return r.Odds(s)
	}
	va := combat.VehicleAssaultOf(r)
	if va == nil {
		return combat.Odds{}, fmt.Errorf("the %s ruleset has no close assault of a vehicle", r.Name())
	}
	return va.VehicleAssaultOdds(s)
}

// resolve rolls s under r: the shot, or the close assault with --assault.
func (f *extraShotFlags) resolve(r combat.Ruleset, s combat.Shot, d combat.Dice) combat.Outcome {
	if !f.assault {
		if err := r.Check(s); err != nil {
			return combat.Outcome{Err: fmt.Errorf("shot refused: %w", err)}
		}
		return r.Resolve(s, d)
	}
	va := combat.VehicleAssaultOf(r)
	if va == nil {
		return combat.Outcome{Err: fmt.Errorf("the %s ruleset has no close assault of a vehicle", r.Name())}
	}
	if err := va.CheckVehicleAssault(s); err != nil {
		return combat.Outcome{Err: fmt.Errorf("assault refused: %w", err)}
	}
	return va.ResolveVehicleAssault(s, d)
}
