package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/battle/battletest"
	"hexfire/board"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/units"
)

func TestSimulateDeterministic(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"text", []string{"simulate", "--battles", "3", "--seed", "5"}},
		{"json against random", []string{"simulate", "--battles", "3", "--seed", "5", "--axis", "random", "--json"}},
		{"greedy", []string{"simulate", "--battles", "2", "--seed", "9", "--allies", "greedy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, err := runCombatCLI(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			second, err := runCombatCLI(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if first != second {
				t.Errorf("two runs differ:\n%s\n---\n%s", first, second)
			}
		})
	}
}

func TestSimulateJSON(t *testing.T) {
	out, err := runCombatCLI(t, "simulate", "--battles", "4", "--seed", "1", "--fog=false", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Battles   int                       `json:"battles"`
		Wins      map[string]int            `json:"wins"`
		MeanTurns *float64                  `json:"mean_turns"`
		Shots     map[string]map[string]int `json:"shots"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if have := r.Wins["allies"] + r.Wins["axis"] + r.Wins["draw"]; r.Battles != 4 || have != 4 {
		t.Errorf("battles %d, wins+draws %d, want 4 and 4", r.Battles, have)
	}
	if r.MeanTurns == nil || *r.MeanTurns < 1 {
		t.Errorf("mean_turns = %v, want a number ≥ 1", r.MeanTurns)
	}
	// Both sides fire their tanks' guns and AP fire in four battles of the
	// default scenario.
	for _, side := range []string{"allies", "axis"} {
		if r.Shots[side]["AP fire"] == 0 || len(r.Shots[side]) < 2 {
			t.Errorf("%s shots = %v, want AP fire and AT shots by weapon", side, r.Shots[side])
		}
	}
}

// TestAttackWeapons names an attack order's weapons for simulate's shots.
func TestAttackWeapons(t *testing.T) {
	b := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: 1})
	easy8 := battletest.Unit(t, b, "M4A3E8")
	bazooka := battletest.Unit(t, b, "US Bazooka Team")
	squad := battletest.Unit(t, b, "US Rifle Squad #5")
	tiger := battletest.Unit(t, b, "Tiger I")
	german := battletest.Unit(t, b, "German Rifle Squad #17")
	tests := []struct {
		o    battle.Order
		want string
	}{
		{battle.Fire{Unit: easy8, Target: tiger}, "M4A3E8"},
		{battle.Fire{Unit: bazooka, Target: tiger}, "Bazooka"},
		{battle.Fire{Unit: german, Target: easy8, Panzerfaust: true}, "Panzerfaust"},
		{battle.FireAP{Units: []battle.UnitID{squad}}, "AP fire"},
		{battle.Assault{Units: []battle.UnitID{squad}}, "close assault"},
		{battle.Overrun{Unit: easy8}, "overrun"},
		{battle.Move{Unit: easy8}, ""},
		{battle.EndPhase{}, ""},
	}
	for _, tt := range tests {
		if have := strings.Join(attackWeapons(b, tt.o), ", "); have != tt.want {
			t.Errorf("attackWeapons(%#v) = %q, want %q", tt.o, have, tt.want)
		}
	}
}

// smallScenario is a scenario on the ASCII map grid, with no units yet,
// and the hex of a label on it.
func smallScenario(t *testing.T, grid string) (*maps.Scenario, func(string) board.Hex) {
	t.Helper()
	bd := board.MustParseASCII(board.DefaultLayout, grid)
	at := func(l string) board.Hex {
		h, err := bd.ParseHex(l)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	return &maps.Scenario{Path: "test.tmx", Title: "test", Board: bd, HexMetres: 50, Ruleset: "elimination",
		FirstSide: maps.Allies, Sides: []maps.Side{maps.Allies, maps.Axis}, Properties: map[string]string{}}, at
}

// smallBattle starts a battle on sc with the default catalogue.
func smallBattle(t *testing.T, sc *maps.Scenario) *battle.Battle {
	t.Helper()
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	b, err := battle.New(sc, cat, battle.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAttackWeaponsOfAPFire: an AP attack counts once as AP fire and once
// under each support weapon fired in it.
func TestAttackWeaponsOfAPFire(t *testing.T) {
	sc, at := smallScenario(t, ". . . .\n. . . .\n. . . .\n. . . .\n")
	sc.Units = []maps.Placement{
		{ID: 1, Type: "US Rifle Squad", Side: maps.Allies, Hex: at("B1"), Properties: map[string]string{"weapons": "M1919A6"}},
		{ID: 2, Type: "US Rifle Squad", Side: maps.Allies, Hex: at("B1")},
		{ID: 3, Type: "German Rifle Squad", Side: maps.Axis, Hex: at("B4")},
	}
	b := smallBattle(t, sc)
	have := attackWeapons(b, battle.FireAP{Units: []battle.UnitID{1, 2}, Target: at("B4")})
	if want := []string{"AP fire", "M1919A6"}; !slices.Equal(have, want) {
		t.Errorf("attackWeapons = %q, want %q", have, want)
	}
}

// TestAttackWeaponsOfIndirectFire: mortars firing indirectly count once
// more as "mortar (indirect)", and off-board missions by their kind.
func TestAttackWeaponsOfIndirectFire(t *testing.T) {
	sc, at := smallScenario(t, ". . W . .\n. . W . .\n. . W . .\n. . W . .\n")
	sc.Properties["smoke_allies"] = "2"
	sc.Support = map[maps.Side][]maps.SupportMissions{maps.Allies: {{Kind: maps.HeavyBarrage, Count: 1, APFP: 20, ATFP: "C"}, {Kind: maps.FighterBomber, Count: 1, APFP: 12, ATFP: "B"}}}
	sc.Units = []maps.Placement{
		{ID: 1, Type: "US Rifle Half Squad", Side: maps.Allies, Hex: at("A2"), Properties: map[string]string{"weapons": "5cm Mortar"}},
		{ID: 2, Type: "US Leader", Side: maps.Allies, Hex: at("D1")},
		{ID: 3, Type: "German Rifle Squad", Side: maps.Axis, Hex: at("E2")},
	}
	b := smallBattle(t, sc)
	tests := []struct {
		o    battle.Order
		want []string
	}{
		{battle.FireAP{Units: []battle.UnitID{1}, Target: at("E2")}, []string{"AP fire", "5cm Mortar", "mortar (indirect)"}},
		{battle.CallFire{Spotter: 2, Kind: maps.HeavyBarrage, Target: at("E2")}, []string{"artillery (heavy barrage)"}},
		{battle.CallFire{Kind: maps.FighterBomber, Target: at("E2")}, []string{"air strike"}},
		{battle.CallFire{Spotter: 2, Kind: maps.HeavyBarrage, Target: at("E2"), Smoke: true}, []string{"smoke barrage"}},
	}
	for _, tt := range tests {
		if err := b.Check(tt.o); err != nil {
			t.Fatalf("%#v: %v", tt.o, err)
		}
		if have := attackWeapons(b, tt.o); !slices.Equal(have, tt.want) {
			t.Errorf("attackWeapons(%#v) = %q, want %q", tt.o, have, tt.want)
		}
	}
}

func TestSimulateErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--battles", "0"}, "--battles 0"},
		{[]string{"simulate", "--allies", "clever"}, `unknown player "clever"`},
		{[]string{"simulate", "--ai-level", "expert"}, `--ai-level: ai: unknown level "expert"`},
		{[]string{"simulate", "--rules", "nosuch", "--battles", "1"}, "nosuch"},
		{[]string{"simulate", "--scenario", "nosuch.tmx"}, "nosuch.tmx"},
		{[]string{"simulate", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := runCombatCLI(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestSimulateGivesATurnLimit(t *testing.T) {
	tmx := filepath.Join("..", "..", "maps", "testdata", "flat-even.tmx") // two tanks, no turns, no victory conditions
	for _, tt := range []struct {
		args     []string
		maxTurns float64
	}{
		{nil, defaultTurns},
		{[]string{"--turns", "2"}, 2},
	} {
		args := append([]string{"simulate", "--scenario", tmx, "--battles", "2", "--allies", "random", "--axis", "random", "--json"}, tt.args...)
		out, err := runCombatCLI(t, args...)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		var r struct {
			Unended   int     `json:"unended"`
			MeanTurns float64 `json:"mean_turns"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		if r.Unended != 0 || r.MeanTurns > tt.maxTurns {
			t.Errorf("%q: %d battles unended, mean turns %.2f, want every battle ended within %v turns", tt.args, r.Unended, r.MeanTurns, tt.maxTurns)
		}
	}
	if _, err := runCombatCLI(t, "simulate", "--turns", "0"); err == nil || !strings.Contains(err.Error(), "--turns 0") {
		t.Errorf("simulate --turns 0: error %v, want it refused", err)
	}
}

// TestActName names the other orders simulate counts: a Gun's load and
// unload are towing, anyone else's passengers boarding and unloading.
func TestActName(t *testing.T) {
	b := battletest.DefaultBattle(t, elimination.Ruleset{}, battle.Config{Seed: 1})
	easy8 := battletest.Unit(t, b, "M4A3E8")
	var gun, squad battle.UnitID
	for _, u := range b.Units() {
		switch {
		case u.Type.Kind == units.Gun && gun == 0:
			gun = u.ID
		case u.Type.Kind == units.Squad && squad == 0:
			squad = u.ID
		}
	}
	if gun == 0 || squad == 0 {
		t.Fatalf("the default scenario has no Gun (%d) or no squad (%d)", gun, squad)
	}
	tests := []struct {
		o    battle.Order
		want string
	}{
		{battle.Load{Unit: gun, Carrier: easy8}, "hook up"},
		{battle.Unload{Unit: gun}, "unhook"},
		{battle.Load{Unit: squad, Carrier: easy8}, "board"},
		{battle.Unload{Unit: squad}, "unload"},
		{battle.Enter{Unit: squad}, "arrive"},
		{battle.Exit{Unit: squad}, "exit"},
		{battle.Fire{Unit: easy8, Target: battletest.Unit(t, b, "Tiger I")}, ""},
	}
	for _, tt := range tests {
		if have := actName(b, tt.o); have != tt.want {
			t.Errorf("actName(%#v) = %q, want %q", tt.o, have, tt.want)
		}
	}
}

// TestAttackWeaponsOfFireLane: opportunity fire that lays an MG fire lane
// counts once more as "fire lane".
func TestAttackWeaponsOfFireLane(t *testing.T) {
	sc, at := smallScenario(t, ". . . .\n. . . .\n. . . .\n. . . .\n")
	sc.Units = []maps.Placement{
		{ID: 1, Type: "US Rifle Squad", Side: maps.Allies, Hex: at("B4")},
		{ID: 2, Type: "German Rifle Squad", Side: maps.Axis, Hex: at("B1"), Properties: map[string]string{"weapons": "MG34"}},
	}
	b := smallBattle(t, sc)
	for _, o := range []battle.Order{battle.EndPhase{}, battle.Move{Unit: 1, Path: []board.Pose{{Hex: at("B3")}, {Hex: at("B2")}}}} {
		if _, err := b.Apply(o); err != nil {
			t.Fatal(err)
		}
	}
	o := battle.FireAP{Units: []battle.UnitID{2}, Target: at("B3"), Lane: battle.LaneStraight}
	if err := b.Check(o); err != nil {
		t.Fatal(err)
	}
	if have, want := attackWeapons(b, o), []string{"AP fire", "MG34", "fire lane"}; !slices.Equal(have, want) {
		t.Errorf("attackWeapons = %q, want %q", have, want)
	}
}
