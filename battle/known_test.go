package battle

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/combat"
	"hexfire/maps"
)

// knownFixture is, on spotMap under fog, an M4 and a US squad in K2
// facing a Tiger in the open in M1 (spotted), a German squad in the woods
// of P2 at five hexes (a contact) and a Pak set up hidden in the crops of
// P3 (unknown); the Tiger's crew is veteran, which no watcher can tell.
func knownFixture(t *testing.T, fog string) *Battle {
	t.Helper()
	b := fixture{grid: spotMap, hidden: []int{4}, units: []unitAt{
		{"M4A3E8", maps.Allies, "K2", board.DirNE},
		{"US Rifle Squad", maps.Allies, "K2", board.DirNE},
		{"Tiger I", maps.Axis, "M1", board.DirSW},
		{"German Rifle Squad", maps.Axis, "P2", board.DirSW},
		{"Pak 40", maps.Axis, "P3", board.DirSW},
	}, placed: map[int]map[string]string{2: {"quality": "veteran"}},
		props: map[string]string{"fog": fog, "panzerfausts_axis": "3", "grenades_axis": "2"}}.battle(t)
	for b.Phase() != FirePhase || b.Phasing() != maps.Allies {
		apply(t, b, EndPhase{})
	}
	return b
}

// TestKnownBattle: the battle as the Allies know it holds their units and
// the spotted Tiger as a watcher sees it, and nothing else of the enemy;
// its answers are the ones the Allies could work out, and it takes no
// orders.
func TestKnownBattle(t *testing.T) {
	b := knownFixture(t, "true")
	for id, want := range map[UnitID]Known{3: Spotted, 4: Contact, 5: Unknown} {
		if k := b.Knowledge(maps.Allies, b.Unit(id)); k.Known != want {
			t.Fatalf("fixture: the Allies know unit #%d as %v, want %v", id, k.Known, want)
		}
	}
	k := b.View(maps.Allies).Known()
	var ids []UnitID
	for _, u := range k.Units() {
		ids = append(ids, u.ID)
	}
	if !slices.Equal(ids, []UnitID{1, 2, 3}) {
		t.Errorf("known units %v, want the M4, the US squad and the Tiger", ids)
	}
	for _, id := range []UnitID{4, 5} {
		if u := k.Unit(id); u != nil {
			t.Errorf("unit #%d, unknown to the Allies, is in their known battle: %+v", id, *u)
		}
	}
	for _, h := range []string{"P2", "P3"} {
		if us := k.UnitsAt(hexOf(t, b, h)); len(us) != 0 {
			t.Errorf("known units in %s: %v", h, us)
		}
	}
	tiger := k.Unit(3)
	if tiger == nil || tiger.Pose != b.Unit(3).Pose || tiger.Quality != combat.QualityOf(tiger.Type) || b.Unit(3).Quality == tiger.Quality {
		t.Errorf("the known Tiger %+v: want it where it stands, of its type's quality (the real one is %v)", tiger, b.Unit(3).Quality)
	}

	// A shot at the Tiger plans alike; one at the unknown Pak or at no
	// unit is refused with the same words as in the battle.
	if _, err := k.PlanFire(Fire{Unit: 1, Target: 3}); err != nil {
		t.Errorf("the M4 at the spotted Tiger: %v", err)
	}
	for _, target := range []UnitID{4, 5, 9} {
		_, real := b.PlanFire(Fire{Unit: 1, Target: target})
		_, known := k.PlanFire(Fire{Unit: 1, Target: target})
		if fmt.Sprint(known) != fmt.Sprint(real) || known == nil {
			t.Errorf("the M4 at #%d: known battle %v, battle %v: want the same refusal", target, known, real)
		}
	}
	// AP fire at the contact's hex is an order the Allies may give, and so
	// is fire at the hex of the Pak they know nothing of, as at any hex
	// under fog; the known plan shows no unit to strike in either.
	for _, h := range []string{"P2", "P3"} {
		o := FireAP{Units: []UnitID{2}, Target: hexOf(t, b, h)}
		real, err := b.PlanAP(o)
		if err != nil {
			t.Fatalf("AP fire at %s: %v", h, err)
		}
		known, err := k.PlanAP(o)
		if err != nil || len(known.Defenders) != 0 || known.Attack != real.Attack {
			t.Errorf("AP fire at %s in the known battle: %v, defenders %v, attack %+v, want the battle's attack %+v on no unit known",
				h, err, known.Defenders, known.Attack, real.Attack)
		}
	}

	// What the enemy has in hand, the seed and the scenario's enemy
	// placements are not in it.
	if n := k.Panzerfausts(maps.Axis) + k.Grenades(maps.Axis); n != 0 || b.Panzerfausts(maps.Axis) != 3 {
		t.Errorf("the known battle counts %d Axis Panzerfausts and grenades, want none", n)
	}
	if k.Config().Seed != 0 || b.Config().Seed == 0 {
		t.Errorf("the known battle's seed is %d", k.Config().Seed)
	}
	for _, p := range k.Scenario().Units {
		if p.Side != maps.Allies {
			t.Errorf("the known scenario places %s in %s", p.Type, b.Board().Label(p.Hex))
		}
	}
	if _, ok := k.Scenario().Properties["panzerfausts_axis"]; ok {
		t.Error("the known scenario keeps the Axis Panzerfaust pool")
	}

	// It takes no orders, and the battle is as it was.
	digest := b.Digest()
	if _, err := k.Apply(EndPhase{}); !errors.Is(err, errKnownBattle) {
		t.Errorf("an order to the known battle: %v, want it refused", err)
	}
	if b.Digest() != digest {
		t.Error("asking the known battle changed the battle")
	}
}

// TestKnownBattleOpen: without fog the Allies know every unit as it is.
func TestKnownBattleOpen(t *testing.T) {
	b := knownFixture(t, "false")
	k := b.View(maps.Allies).Known()
	if len(k.Units()) != 5 || k.Unit(5) == nil || k.Unit(3).Quality != b.Unit(3).Quality || k.Panzerfausts(maps.Axis) != 3 {
		t.Errorf("the open known battle: %d units, Pak %v, Tiger's quality %v, %d Axis Panzerfausts",
			len(k.Units()), k.Unit(5), k.Unit(3).Quality, k.Panzerfausts(maps.Axis))
	}
	real, err := b.PlanFire(Fire{Unit: 1, Target: 5})
	if err != nil {
		t.Fatal(err)
	}
	known, err := k.PlanFire(Fire{Unit: 1, Target: 5})
	if err != nil {
		t.Fatalf("the M4 at the Pak in the open: %v", err)
	}
	if err := combat.EqualOdds(known.Odds, real.Odds); err != nil {
		t.Errorf("the M4 at the Pak in the open: the known battle's odds differ from the battle's: %v", err)
	}
}

// TestAPFireAtUnseenArmour: under fog a US squad may fire AP at a contact
// that is a Tiger (it cannot tell the Tiger is armour), and the fire does
// it no harm; in the open, or once the Tiger is spotted, the order is
// refused as harmless. In every ruleset with AP fire.
func TestAPFireAtUnseenArmour(t *testing.T) {
	for _, rules := range []string{"elimination", "strikedice", "shiftchart", "d20", "tohit-tokill"} {
		for _, tt := range []struct {
			fog, at string
			refused bool
		}{
			{"true", "K2", false}, // at five hexes in the woods: a contact
			{"true", "N2", true},  // at two: spotted
			{"false", "K2", true},
		} {
			t.Run(rules+" fog "+tt.fog+" from "+tt.at, func(t *testing.T) {
				b := fixture{grid: spotMap, rules: rules, dice: []int{1, 1, 1, 1, 1, 1}, props: map[string]string{"fog": tt.fog}, units: []unitAt{
					{"US Rifle Squad", maps.Allies, tt.at, board.DirNE},
					{"Tiger I", maps.Axis, "P2", board.DirSW},
				}}.battle(t)
				for b.Phase() != FirePhase || b.Phasing() != maps.Allies {
					apply(t, b, EndPhase{})
				}
				order := FireAP{Units: []UnitID{1}, Target: hexOf(t, b, "P2")}
				if _, err := b.PlanAP(order); err != nil && strings.Contains(err.Error(), "AP fire") && !strings.Contains(err.Error(), "armoured") {
					t.Skipf("%s: %v", rules, err)
				}
				_, err := b.Apply(order)
				if tt.refused != (err != nil) {
					t.Fatalf("AP fire at the Tiger: %v, want refused %v", err, tt.refused)
				}
				if tiger := b.Unit(2); !tiger.Active() || len(tiger.States) != 0 || tiger.Has(Immobile) {
					t.Errorf("the Tiger after AP fire: %+v", *tiger)
				}
			})
		}
	}
}

// TestFireAtAHexBelievedEmpty: under fog a US squad may fire AP at a hex
// where the Allies know of no enemy (reconnaissance by fire): at empty
// open ground it does nothing, at the crops where the Pak lies hidden it
// strikes the Pak and reveals it. In the open a hex seen empty is refused.
func TestFireAtAHexBelievedEmpty(t *testing.T) {
	for _, tt := range []struct {
		fog, hex string
		want     string // the refusal, "" for fire accepted
		revealed bool   // the Pak is spotted after the fire
	}{
		{"true", "M2", "", false},
		{"true", "P3", "", true},
		{"false", "M2", "there is no enemy unit in M2", false},
	} {
		t.Run("fog "+tt.fog+" at "+tt.hex, func(t *testing.T) {
			b := fixture{grid: spotMap, dice: []int{6, 6, 6, 6, 6, 6}, hidden: []int{1}, props: map[string]string{"fog": tt.fog}, units: []unitAt{
				{"US Rifle Squad", maps.Allies, "M3", board.DirNE},
				{"Pak 40", maps.Axis, "P3", board.DirSW},
			}}.battle(t)
			for b.Phase() != FirePhase || b.Phasing() != maps.Allies {
				apply(t, b, EndPhase{})
			}
			if tt.fog == "true" && b.Knowledge(maps.Allies, b.Unit(2)).Known != Unknown {
				t.Fatal("fixture: the Allies know the hidden Pak before the fire")
			}
			_, err := b.Apply(FireAP{Units: []UnitID{1}, Target: hexOf(t, b, tt.hex)})
			if got := fmt.Sprint(err); (tt.want == "") != (err == nil) || err != nil && !strings.Contains(got, tt.want) {
				t.Fatalf("AP fire at %s: %v, want %q", tt.hex, err, tt.want)
			}
			if got := b.Knowledge(maps.Allies, b.Unit(2)).Known == Spotted; tt.fog == "true" && got != tt.revealed {
				t.Errorf("the Pak spotted after the fire: %v, want %v", got, tt.revealed)
			}
		})
	}
}

// TestKnownLosses: an enemy unit the side saw eliminated stays in its
// known battle, eliminated, so that the side counts the loss it inflicted
// (the top bar's score, the destroy clauses).
func TestKnownLosses(t *testing.T) {
	b := fixture{grid: openMap, dice: []int{1, 1, 1, 1}, props: map[string]string{"fog": "true", "victory": "allies destroy 2; axis hold B1"},
		units: []unitAt{
			{"M4A3E8", maps.Allies, "B5", board.DirN},
			{"Tiger I", maps.Axis, "B2", board.DirN}, // faces away: rear D, EN 7
		}}.battle(t)
	if k := b.Knowledge(maps.Allies, b.Unit(2)); k.Known != Spotted {
		t.Fatalf("fixture: the Allies know the Tiger as %v, want it spotted", k.Known)
	}
	apply(t, b, Fire{Unit: 1, Target: 2})
	if !b.Unit(2).Eliminated {
		t.Fatal("fixture: the Tiger was not eliminated")
	}
	k := b.View(maps.Allies).Known()
	if n := k.Eliminated(maps.Axis); n != 1 {
		t.Errorf("the Allies' known battle counts %d Axis units eliminated, want the Tiger they saw go", n)
	}
	if u := k.Unit(2); u == nil || !u.Eliminated || u.OnMap() {
		t.Errorf("the known Tiger %+v, want it eliminated, off the map", u)
	}
	if k := b.Knowledge(maps.Allies, b.Unit(2)); !k.Gone || k.Last != nil {
		t.Errorf("the Allies' knowledge of the Tiger %+v, want it gone and no last sighting", k)
	}
}
