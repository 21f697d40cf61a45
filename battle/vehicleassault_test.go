package battle

import (
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
	"hexfire/units"
)

// assaultingRuleset is scriptedRuleset with a close assault of vehicles:
// one d6, 1 eliminates the vehicle, 2 immobilizes it, more does nothing.
// It keeps the last assault it was asked to plan.
type assaultingRuleset struct{ scriptedRuleset }

const assaultingName = "vehicle-assault-test"

var lastAssault combat.Shot

func init() { combat.Register(assaultingRuleset{}) }

func (assaultingRuleset) Name() string { return assaultingName }
func (assaultingRuleset) CheckVehicleAssault(s combat.Shot) error {
	lastAssault = s
	if s.Target.Kind == units.Gun {
		return combat.ErrTooManySequences // any error: the ruleset refuses Guns
	}
	return nil
}
func (assaultingRuleset) ResolveVehicleAssault(_ combat.Shot, d combat.Dice) combat.Outcome {
	switch d.Roll(6) {
	case 1:
		return combat.Outcome{Hit: true, Effects: []combat.Effect{{Kind: combat.Eliminated}}}
	case 2:
		return combat.Outcome{Hit: true, Effects: []combat.Effect{{Kind: combat.Immobilized}}}
	}
	return combat.Outcome{}
}
func (r assaultingRuleset) VehicleAssaultOdds(s combat.Shot) (combat.Odds, error) {
	return combat.Enumerate(func(d combat.Dice) combat.Outcome { return r.ResolveVehicleAssault(s, d) })
}

// TestAssaultVehicle: in the Advance phase an infantry unit close-assaults
// an enemy vehicle next to it under a ruleset that offers it; the shot
// carries its engineers and the vehicle's riders; each unit assaults once;
// the battle refuses it elsewhere and replays it from a save.
func TestAssaultVehicle(t *testing.T) {
	f := fixture{grid: openMap, dice: []int{1, 6}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C3", 0},   // 1: engineers, assaults the Tiger
		{"US Rifle Squad", maps.Allies, "E3", 0},   // 2: assaults the halftrack carrying a squad
		{"US Rifle Squad", maps.Allies, "A1", 0},   // 3: too far from anything
		{"Tiger I", maps.Axis, "C4", 0},            // 4
		{"SdKfz 251", maps.Axis, "E4", 0},          // 5
		{"German Rifle Squad", maps.Axis, "E4", 0}, // 6: rides in the halftrack
		{"Pak 40", maps.Axis, "C2", 0},             // 7
	}}
	sc := f.scenario(t)
	sc.Ruleset = assaultingName
	sc.Units[0].Properties = map[string]string{"engineers": "yes"}
	b, err := New(sc, testCatalogue, Config{Seed: 1, Dice: combat.NewFixedDice(f.dice...)})
	if err != nil {
		t.Fatal(err)
	}
	b.Unit(6).Carrier = 5
	if err := b.Check(AssaultVehicle{Unit: 1, Target: 4}); err == nil || !strings.Contains(err.Error(), "Advance & Assault phase") {
		t.Errorf("in the Fire phase: %v", err)
	}
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}) // Fire, Movement, Defensive Fire
	for _, tt := range []struct {
		o    AssaultVehicle
		want string
	}{
		{AssaultVehicle{Unit: 3, Target: 4}, "not in or next to"},
		{AssaultVehicle{Unit: 1, Target: 2}, "friendly"},
		{AssaultVehicle{Unit: 4, Target: 1}, "belongs to the axis"},
		{AssaultVehicle{Unit: 1, Target: 7}, "too many"},
	} {
		if err := b.Check(tt.o); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.o, err, tt.want)
		}
	}
	p, err := b.PlanAssaultVehicle(AssaultVehicle{Unit: 1, Target: 4})
	if err != nil || !p.Shot.FirerEngineers || p.Shot.Range != 1 || p.Odds.Total != 6 {
		t.Fatalf("plan %+v, %v", p.Shot, err)
	}
	if err := b.Check(AssaultVehicle{Unit: 1, Target: 4}); err != nil {
		t.Errorf("Check: %v", err)
	}
	events := apply(t, b, AssaultVehicle{Unit: 1, Target: 4})
	if events[0].Kind != VehicleAssaulted || events[0].Outcome == nil || !b.Unit(4).Eliminated || !b.Unit(1).Has(Advanced) {
		t.Errorf("events %+v; the Tiger eliminated %v", events, b.Unit(4).Eliminated)
	}
	if err := b.Check(AssaultVehicle{Unit: 1, Target: 5}); err == nil || !strings.Contains(err.Error(), "advanced or assaulted") {
		t.Errorf("a second assault: %v", err)
	}
	apply(t, b, AssaultVehicle{Unit: 2, Target: 5})
	if lastAssault.Target.Riders != 1 || lastAssault.FirerEngineers || b.Unit(5).Eliminated {
		t.Errorf("riders %d, engineers %v; halftrack eliminated %v", lastAssault.Target.Riders, lastAssault.FirerEngineers, b.Unit(5).Eliminated)
	}

	// On seeded dice, from a save.
	if b, err = New(sc, testCatalogue, Config{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{}, AssaultVehicle{Unit: 1, Target: 4}, AssaultVehicle{Unit: 2, Target: 5})
	if _, err := Replay(sc, testCatalogue, b.Save()); err != nil {
		t.Errorf("the save does not replay: %v", err)
	}

	sc.Ruleset = "elimination"
	if b, err = New(sc, testCatalogue, Config{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	apply(t, b, EndPhase{}, EndPhase{}, EndPhase{})
	if err := b.Check(AssaultVehicle{Unit: 1, Target: 4}); err == nil || !strings.Contains(err.Error(), "no close assault of a vehicle") {
		t.Errorf("under elimination: %v", err)
	}
}

// TestEngineersProperty: "engineers" takes yes or no, for infantry only.
func TestEngineersProperty(t *testing.T) {
	for _, tt := range []struct {
		typ, value, err string
	}{
		{"US Rifle Squad", "yes", ""},
		{"US Rifle Squad", "no", ""},
		{"US Rifle Squad", "maybe", `property "engineers": "maybe" is not yes or no`},
		{"M4A3E8", "yes", "only infantry"},
	} {
		sc := fixture{grid: openMap, units: []unitAt{{tt.typ, maps.Allies, "C3", board.DirN}}}.scenario(t)
		sc.Units[0].Properties = map[string]string{"engineers": tt.value}
		b, err := New(sc, testCatalogue, Config{Seed: 1})
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s %s: %v", tt.typ, tt.value, err)
		case tt.err == "" && b.Unit(1).Engineers != (tt.value == "yes"):
			t.Errorf("%s %s: engineers %v", tt.typ, tt.value, b.Unit(1).Engineers)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s %s: %v, want %q", tt.typ, tt.value, err, tt.err)
		}
	}
}
