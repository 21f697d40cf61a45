package killzone

import (
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/combat/d20"
	"hexfire/combat/elimination" // the default ruleset
	"hexfire/combat/seamtest"
	"hexfire/combat/shiftchart"
	"hexfire/combat/strikedice"
	"hexfire/combat/tohitkill"
	"hexfire/maps"
	"hexfire/units"
)

var catalogue = func() *units.Catalogue {
	c, err := units.Default(elimination.Ruleset{})
	if err != nil {
		panic(err)
	}
	return c
}()

func defaultScenario(t testing.TB) *maps.Scenario {
	t.Helper()
	sc, err := maps.Default(catalogue)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// pair is a firer and a target for a battle of two units.
type pair struct {
	firer, target string
	firerSide     maps.Side
	rules         string // the ruleset; "" for the scenario's
}

// twoUnits starts a battle on sc with only the firer (unit 1, whose side
// moves first, so it may fire at once) in pose from and the target (unit
// 2) in pose to, in the open as the study table's kill zones are (the
// shipped scenarios are fought under fog, where PlanFire wants the
// target spotted first).
func twoUnits(t testing.TB, sc *maps.Scenario, p pair, from, to board.Pose) *battle.Battle {
	t.Helper()
	c := *sc
	c.FirstSide = p.firerSide
	c.Units = []maps.Placement{
		{ID: 1, Type: p.firer, Side: p.firerSide, Hex: from.Hex, Facing: from.Facing},
		{ID: 2, Type: p.target, Side: battle.Opponent(p.firerSide), Hex: to.Hex, Facing: to.Facing},
	}
	b, err := battle.New(&c, catalogue, battle.Config{Seed: 1, Ruleset: p.rules, Fog: battle.FogOff})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hex(t testing.TB, bd *board.Board, label string) board.Hex {
	t.Helper()
	h, err := bd.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestZoneEqualsPlanFire checks every hex of the default map, for pairs
// in both directions under every ruleset, against the battle's own PlanFire with the
// two units really standing there: the same odds summary, to-hit number,
// aspect, hindrance and line of sight, and no odds exactly where PlanFire
// refuses the shot.
func TestZoneEqualsPlanFire(t *testing.T) {
	sc := defaultScenario(t)
	tests := []struct {
		pair
		at         string
		turns      bool
		reverse    bool
		wantShots  int // at least this many hexes with odds: the test would be empty otherwise
		wantRefuse string
	}{
		{pair{"M4A3E8", "Tiger I", maps.Allies, ""}, "E4", false, false, 40, ""},
		{pair{"M4A3E8", "Tiger I", maps.Allies, ""}, "C1", false, true, 40, ""},
		{pair{"Pz IV H", "M4A3E8", maps.Axis, shiftchart.Name}, "C1", false, false, 40, ""},
		{pair{"Pz IV H", "M4A3E8", maps.Axis, shiftchart.Name}, "E4", false, true, 40, ""},
		{pair{"StuG III G", "M4A3E8", maps.Axis, ""}, "L8", false, false, 10, "forward firing arc"},
		{pair{"StuG III G", "M4A3E8", maps.Axis, ""}, "E4", true, true, 40, ""},
		{pair{"US Bazooka Team", "Panther", maps.Allies, ""}, "E8", false, false, 5, "reaches"},
		{pair{"US Bazooka Team", "Panther", maps.Allies, ""}, "K8", false, true, 5, "reaches"},
		// Every other ruleset, since each says which fields of a shot it
		// never reads (combat.OddsKey) and the zone shares odds by it: d20
		// reads the off-axis angle of a gun that does not traverse.
		{pair{"StuG III G", "M4A3E8", maps.Axis, d20.Name}, "E4", false, false, 10, ""},
		{pair{"M4A3E8", "Panther", maps.Allies, d20.Name}, "E4", false, true, 40, ""},
		{pair{"M4A3E8", "Tiger I", maps.Allies, tohitkill.Name}, "E4", false, false, 40, ""},
		{pair{"Pz IV H", "M4A3E8", maps.Axis, strikedice.Name}, "E4", false, true, 40, ""},
		{pair{"M4A3E8", "Pz IV H", maps.Allies, seamtest.Name}, "E4", false, false, 40, ""},
	}
	for _, tt := range tests {
		name := tt.firer + " at " + tt.target + " " + tt.rules
		if tt.reverse {
			name += " reverse"
		}
		t.Run(name, func(t *testing.T) {
			at := hex(t, sc.Board, tt.at)
			probe := twoUnits(t, sc, tt.pair, board.Pose{Hex: at}, board.Pose{Hex: at.Neighbor(0)})
			q := Query{Firer: probe.Unit(1), Target: probe.Unit(2), At: at, Reverse: tt.reverse,
				FirerFacing: 3, TargetFacing: 1, FirerTurns: tt.turns}
			z, err := Compute(probe, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(z.Cells) != sc.Board.Width*sc.Board.Height {
				t.Fatalf("%d cells, want one per hex (%d)", len(z.Cells), sc.Board.Width*sc.Board.Height)
			}
			shots, refused := 0, false
			for h := range sc.Board.Hexes() {
				c, ok := z.Cell(h)
				if !ok || c.Hex != h {
					t.Fatalf("Cell(%s) = %v, %v", sc.Board.Label(h), c.Hex, ok)
				}
				if h == at {
					if c.Shot || c.Clear || c.Range != 0 {
						t.Errorf("the fixed hex has %+v, want it empty", c)
					}
					continue
				}
				from, to := q.poses(h)
				los := sc.Board.LOS(from.Hex, to.Hex, nil)
				if c.Clear != los.Clear || c.Range != los.Range {
					t.Fatalf("%s: clear %v range %d, LOS says %v %d", sc.Board.Label(h), c.Clear, c.Range, los.Clear, los.Range)
				}
				b := twoUnits(t, sc, tt.pair, from, to)
				plan, err := b.PlanFire(battle.Fire{Unit: 1, Target: 2})
				if err != nil {
					if c.Shot {
						t.Fatalf("%s: kill zone has odds, PlanFire refuses: %v", sc.Board.Label(h), err)
					}
					if c.Clear && c.Refused != err.Error() {
						t.Fatalf("%s: refused %q, PlanFire %q", sc.Board.Label(h), c.Refused, err)
					}
					refused = refused || c.Refused != "" && strings.Contains(c.Refused, tt.wantRefuse)
					continue
				}
				if !c.Shot {
					t.Fatalf("%s: kill zone is empty (clear %v, %q), PlanFire gives odds", sc.Board.Label(h), c.Clear, c.Refused)
				}
				shots++
				want := plan.Odds.Summary(b.States())
				if !summariesEqual(c.Summary, want) || c.ToHit != plan.Odds.ToHit || c.Aspect != plan.Shot.Aspect || c.Hindrance != plan.Shot.Hindrance {
					t.Fatalf("%s: zone %+v to-hit %d aspect %v hindrance %d; PlanFire %+v %d %v %d", sc.Board.Label(h),
						c.Summary, c.ToHit, c.Aspect, c.Hindrance, want, plan.Odds.ToHit, plan.Shot.Aspect, plan.Shot.Hindrance)
				}
			}
			if shots < tt.wantShots {
				t.Errorf("%d hexes with odds, want at least %d", shots, tt.wantShots)
			}
			if tt.wantRefuse != "" && !refused {
				t.Errorf("no hex refused for %q", tt.wantRefuse)
			}
		})
	}
}

func summariesEqual(a, b combat.Summary) bool {
	if a.Total != b.Total || a.Hit != b.Hit || a.Destroy != b.Destroy || a.Immobilize != b.Immobilize || a.Fighting != b.Fighting || len(a.Counters) != len(b.Counters) {
		return false
	}
	for i := range a.Counters {
		if a.Counters[i] != b.Counters[i] {
			return false
		}
	}
	return true
}

func TestBandOf(t *testing.T) {
	tests := []struct {
		destroy float64
		want    string
	}{
		{0, "0%"}, {0.0001, "under 10%"}, {0.0999, "under 10%"}, {0.1, "10-25%"}, {0.4, "25-50%"},
		{0.5, "50-75%"}, {0.75, "75-100%"}, {1, "75-100%"},
	}
	for _, tt := range tests {
		if got := BandOf(tt.destroy).Label; got != tt.want {
			t.Errorf("BandOf(%v) = %q, want %q", tt.destroy, got, tt.want)
		}
	}
	if _, ok := Shade(Cell{}); ok {
		t.Error("a cell without a shot has a shade")
	}
}
