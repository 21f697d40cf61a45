package battle

import (
	"fmt"

	"hexfire/combat"
)

// PlanAssaultVehicle works out order o without rolling: it checks the
// phase, the assaulting unit (infantry on the map, not pinned, that has not
// advanced or assaulted in this phase), the vehicle (an enemy in the same
// or an adjacent hex) and the ruleset's own conditions, and returns the
// assault as a shot (the firer the assaulting unit) with its exact odds.
func (b *Battle) PlanAssaultVehicle(o AssaultVehicle) (FirePlan, error) {
	va := combat.VehicleAssaultOf(b.rules)
	if va == nil {
		return FirePlan{}, fmt.Errorf("the %s ruleset has no close assault of a vehicle", b.rules.Name())
	}
	if err := b.requirePhase(AdvancePhase, "infantry close-assault vehicles"); err != nil {
		return FirePlan{}, err
	}
	u, err := b.actor(o.Unit)
	if err != nil {
		return FirePlan{}, err
	}
	if err := b.checkTargetSpotted(u.Side, o.Target); err != nil {
		return FirePlan{}, err
	}
	target := b.Unit(o.Target)
	switch {
	case !u.Type.Kind.Infantry():
		return FirePlan{}, fmt.Errorf("%s is not infantry: only infantry close-assault", u.Label())
	case u.Carrier != 0:
		return FirePlan{}, fmt.Errorf("%s is aboard a vehicle", u.Label())
	case u.Has(Pinned):
		return FirePlan{}, fmt.Errorf("%s is pinned and may not assault", u.Label())
	case u.Has(Advanced):
		return FirePlan{}, fmt.Errorf("%s advanced or assaulted in this phase", u.Label())
	case target == nil || !target.OnMap():
		return FirePlan{}, fmt.Errorf("there is no unit #%d on the map to assault", o.Target)
	case target.Side == u.Side:
		return FirePlan{}, fmt.Errorf("%s is a friendly unit", target.Label())
	case u.Pose.Hex.Distance(target.Pose.Hex) > 1:
		return FirePlan{}, fmt.Errorf("%s is not in or next to the hex of %s", target.Label(), u.Label())
	}
	if err := b.checkForbidden(u, combat.ForbidFire, "assault"); err != nil {
		return FirePlan{}, err
	}
	p := FirePlan{Firer: u, Target: target}
	if p.Shot, err = b.ShotAt(u, u.Pose, target, target.Pose); err != nil {
		return FirePlan{}, err
	}
	if err := va.CheckVehicleAssault(p.Shot); err != nil {
		return FirePlan{}, err
	}
	if p.Odds, err = va.VehicleAssaultOdds(p.Shot); err != nil {
		return FirePlan{}, err
	}
	return p, nil
}

func (b *Battle) assaultVehicle(o AssaultVehicle) ([]Event, error) {
	p, err := b.PlanAssaultVehicle(o)
	if err != nil {
		return nil, err
	}
	out := combat.VehicleAssaultOf(b.rules).ResolveVehicleAssault(p.Shot, b.dice)
	if out.Err != nil {
		return nil, out.Err
	}
	p.Firer.Markers |= Advanced
	events := []Event{{Kind: VehicleAssaulted, Unit: p.Firer.ID, Target: p.Target.ID, Hex: p.Target.Pose.Hex, Outcome: &out,
		Text: fmt.Sprintf("%s close-assaults %s in %s: %s", p.Firer.Label(), p.Target.Label(), b.Board().Label(p.Target.Pose.Hex), out.Headline())}}
	return append(events, b.applyEffects(attack{firer: p.Firer, target: p.Target}, out.Effects)...), nil
}
