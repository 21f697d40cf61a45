package battle

import (
	"testing"

	"hexfire/board"
	"hexfire/maps"
)

// grenadesFixture: two US squads and a leader in C4 next to a German squad
// and half squad in C3, each side with the grenades its props give.
func grenadesFixture(t *testing.T, allies, axis string) *Battle {
	t.Helper()
	return fixture{grid: infantryMap, props: map[string]string{"grenades_allies": allies, "grenades_axis": axis}, units: []unitAt{
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 1
		{"US Rifle Squad", maps.Allies, "C4", 0},        // 2
		{"US Leader", maps.Allies, "C4", 0},             // 3
		{"German Rifle Squad", maps.Axis, "C3", 0},      // 4
		{"German Rifle Half Squad", maps.Axis, "C3", 0}, // 5
		{"Tiger I", maps.Axis, "H1", board.DirS},        // 6
	}}.battle(t)
}

// TestGrenadesOneAUnit: each unit of an attack may use one grenade counter
// (rules 12.52), each −1 to the roll, as far as the side's pool goes; the
// pool loses what was thrown.
func TestGrenadesOneAUnit(t *testing.T) {
	tests := []struct {
		name     string
		pool     string
		grenades int
		want     string // "" when the attack is taken
	}{
		{"one a unit: three for two squads and a leader", "5", 3, ""},
		{"fewer than one a unit", "5", 1, ""},
		{"a fourth for three units", "5", 4, "one a unit at most"},
		{"more than the pool holds", "2", 3, "one a unit at most"},
		{"an empty pool", "0", 1, "no grenades left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := grenadesFixture(t, tt.pool, "0")
			o := FireAP{Units: []UnitID{1, 2}, Leader: 3, Target: hexOf(t, b, "C3"), Grenades: tt.grenades}
			p, err := b.PlanAP(o)
			if tt.want != "" {
				assertRefused(t, b, o, tt.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Attack.Grenades != tt.grenades {
				t.Errorf("the attack throws %d grenades, want %d", p.Attack.Grenades, tt.grenades)
			}
			before := b.Grenades(maps.Allies)
			apply(t, b, o)
			if have := before - b.Grenades(maps.Allies); have != tt.grenades {
				t.Errorf("the pool lost %d grenades, want %d", have, tt.grenades)
			}
		})
	}
}

// TestDefendersThrowOneAUnit: in a close assault the defenders throw one
// grenade for each unpinned infantry unit, as far as their pool goes, each
// −1 to the assaulters' kill number; the assaulters choose theirs.
func TestDefendersThrowOneAUnit(t *testing.T) {
	for _, tt := range []struct {
		pool string
		want int
	}{{"5", 2}, {"1", 1}, {"0", 0}} {
		b := grenadesFixture(t, "2", tt.pool)
		toPhase(t, b, 1, maps.Allies, AdvancePhase)
		p, err := b.PlanAssault(Assault{Units: []UnitID{1, 2}, Target: hexOf(t, b, "C3"), Grenades: 2})
		if err != nil {
			t.Fatal(err)
		}
		if p.DefenderGrenades != tt.want || p.Assault.DefenderGrenades != tt.want || p.Assault.AttackerGrenades != 2 {
			t.Errorf("axis pool %s: defenders throw %d (%d in the assault), attackers %d; want %d and 2",
				tt.pool, p.DefenderGrenades, p.Assault.DefenderGrenades, p.Assault.AttackerGrenades, tt.want)
		}
	}
}

// TestOlderSavesThrowOneGrenadeAnAttack: a battle that follows a save of
// before version 5 throws one grenade an attack, as that save did.
func TestOlderSavesThrowOneGrenadeAnAttack(t *testing.T) {
	b := grenadesFixture(t, "5", "5")
	b.config.Version = grenadesByUnitVersion - 1
	if have := b.GrenadeLimit(maps.Allies, 1, 2, 3); have != 1 {
		t.Errorf("GrenadeLimit in a version 4 battle = %d, want 1", have)
	}
	if have := b.saveVersion(); have != grenadesByUnitVersion-1 {
		t.Errorf("a version 4 battle saves as version %d, want 4", have)
	}
	b.config.Version = 0
	if have := b.GrenadeLimit(maps.Allies, 1, 2, 3); have != 3 {
		t.Errorf("GrenadeLimit in a new battle = %d, want 3", have)
	}
}
