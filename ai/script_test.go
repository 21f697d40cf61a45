package ai

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/maps"
)

func TestParseScript(t *testing.T) {
	tests := []struct {
		src   string
		verbs []Verb
		when  [][][]Trigger // per rule
	}{
		{"hold", []Verb{Hold}, [][][]Trigger{nil}},
		{"ambush 4", []Verb{Ambush}, [][][]Trigger{nil}},
		{"advance E7 F8 H9", []Verb{Advance}, [][][]Trigger{nil}},
		{"move-to H5; hold", []Verb{MoveTo, Hold}, [][][]Trigger{nil, nil}},
		{"patrol A3 D3", []Verb{Patrol}, [][][]Trigger{nil}},
		{"withdraw when immobile or 2 lost; advance E7", []Verb{Withdraw, Advance},
			[][][]Trigger{{{{Kind: WhenImmobile}}, {{Kind: WhenLost, N: 2}}}, nil}},
		{"WITHDRAW C1 when enemy within 3 and turn 5\nface C1", []Verb{Withdraw, Face},
			[][][]Trigger{{{{Kind: WhenEnemyNear, N: 3}, {Kind: WhenTurn, N: 5}}}, nil}},
		{"free", []Verb{Free}, [][][]Trigger{nil}},
		{"", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			s, err := ParseScript(tt.src)
			if err != nil {
				t.Fatalf("ParseScript: %v", err)
			}
			if len(s.Rules) != len(tt.verbs) {
				t.Fatalf("%d rules, want %d", len(s.Rules), len(tt.verbs))
			}
			for i, r := range s.Rules {
				if r.Verb != tt.verbs[i] {
					t.Errorf("rule %d verb = %v, want %v", i, r.Verb, tt.verbs[i])
				}
				if have, want := len(r.When), len(tt.when[i]); have != want {
					t.Fatalf("rule %d: %d alternatives, want %d", i, have, want)
				}
				for j := range r.When {
					if have, want := r.When[j], tt.when[i][j]; !equalTriggers(have, want) {
						t.Errorf("rule %d alternative %d = %v, want %v", i, j, have, want)
					}
				}
			}
		})
	}
}

func equalTriggers(a, b []Trigger) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseScriptErrors(t *testing.T) {
	tests := []struct {
		src  string
		pos  int
		want string
	}{
		{"ambush x", 8, "want a number of hexes"},
		{"ambush", 7, "want a number of hexes"},
		{"ambush 0", 8, "≥ 1"},
		{"charge E4", 1, "unknown command"},
		{"hold; advance", 14, "want a hex label"},
		{"advance E7 7F", 12, "want a hex label"},
		{"move-to H5 H6", 12, "one hex"},
		{"patrol A3", 10, "at least 2"},
		{"hold now", 6, "unexpected"},
		{"withdraw when", 14, "want a condition"},
		{"withdraw when 2 gone", 17, "lost"},
		{"withdraw when enemy near 2", 21, "within"},
		{"withdraw when sunset", 15, "want a condition"},
		{"face", 5, "want a hex label"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, err := ParseScript(tt.src)
			var se *ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("ParseScript(%q) error = %v, want a *ScriptError", tt.src, err)
			}
			if se.Pos != tt.pos || !strings.Contains(se.Msg, tt.want) {
				t.Errorf("error = %v, want position %d and %q", err, tt.pos, tt.want)
			}
		})
	}
}

func TestCheckScripts(t *testing.T) {
	bd := board.MustParseASCII(board.DefaultLayout, openMap)
	h, _ := bd.ParseHex("B2")
	tests := []struct {
		script string
		want   string // "" for no error
	}{
		{"hold; advance C3 D4", ""},
		{"ambush x", `maps/x.tmx: unit 7 "Pak 40": script "ambush x": position 8: want a number of hexes, not "x"`},
		{"advance C3 Z40", `maps/x.tmx: unit 7 "Pak 40": script "advance C3 Z40": position 12: hex Z40 is off the 8x6 map`},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			sc := &maps.Scenario{Path: "maps/x.tmx", Board: bd, Units: []maps.Placement{
				{ID: 7, Type: "Pak 40", Side: maps.Axis, Hex: h, Script: tt.script}}}
			err := CheckScripts(sc)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckScripts = %v, want nil", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("CheckScripts = %v, want %s", err, tt.want)
			}
		})
	}
}

// TestScriptsFireAP: script commands fire AP at infantry, which AT fire
// cannot harm: a hold tank at a squad in the open, and a hold squad at a
// squad moving past it.
func TestScriptsFireAP(t *testing.T) {
	tests := []struct {
		name  string
		units []unitAt
		until func(*battle.Battle) bool
	}{
		{"hold tank at a squad", []unitAt{
			{"M4A3E8", maps.Allies, "B3", board.DirSE, "hold"},
			{"German Rifle Squad", maps.Axis, "E3", 0, "hold"},
		}, phaseIs(maps.Allies, battle.Movement)},
		{"hold squad at a moving squad", []unitAt{
			{"US Rifle Squad", maps.Allies, "C3", 0, "hold"},
			{"German Rifle Squad", maps.Axis, "F1", 0, "move-to F6"},
		}, phaseIs(maps.Axis, battle.DefensiveFire)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture{grid: openMap, units: tt.units, turns: 5}.battle(t)
			op, err := opponentOf(b)
			if err != nil {
				t.Fatal(err)
			}
			fired := false
			for _, o := range play(t, b, op, tt.until) {
				if f, ok := o.(battle.FireAP); ok && slices.Contains(f.Units, 1) {
					fired = true
				}
			}
			if !fired {
				t.Errorf("unit 1 fired AP = false, want true")
			}
		})
	}
}
