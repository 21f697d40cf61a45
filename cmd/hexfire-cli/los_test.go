package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLOSSeedExample is seed 001's worked example on the default map: the
// line E4 → C1 runs along hexsides, woods in C2 on one side and open D2 on
// the other, so it is clear (hexside rule 3).
func TestLOSSeedExample(t *testing.T) {
	out, err := runCombatCLI(t, "los", "--from", "E4", "--to", "C1")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"E4 → C1, range 4: clear\n", "runs along hexsides\n", "passes through E4 D3 C1\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("los output lacks %q; got\n%s", want, out)
		}
	}
}

func TestLOSJSON(t *testing.T) {
	tests := []struct {
		name, from, to string
		mapFile        string
		rng            int
		clear, hexside bool
		blockedIn      string // a hex label the blocked_by text names
	}{
		{"seed 001", "E4", "C1", "", 4, true, true, ""},
		{"through the village", "A9", "X7", "", 23, false, false, "M8"},
		{"fixture map", "A1", "D3", filepath.Join("..", "..", "maps", "testdata", "flat-even.tmx"), 3, true, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"los", "--from", tt.from, "--to", tt.to, "--json"}
			if tt.mapFile != "" {
				args = append(args, "--map", tt.mapFile)
			}
			out, err := runCombatCLI(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			var r struct {
				Range     int     `json:"range"`
				Clear     bool    `json:"clear"`
				BlockedBy *string `json:"blocked_by"`
				Hindrance *int    `json:"hindrance"`
				Hexside   bool    `json:"hexside"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if r.Range != tt.rng || r.Clear != tt.clear || r.Hexside != tt.hexside || r.Hindrance == nil {
				t.Errorf("range %d clear %v hexside %v hindrance %v, want %d %v %v and a hindrance", r.Range, r.Clear, r.Hexside, r.Hindrance, tt.rng, tt.clear, tt.hexside)
			}
			switch {
			case tt.clear && r.BlockedBy != nil:
				t.Errorf("blocked_by = %q, want null", *r.BlockedBy)
			case !tt.clear && (r.BlockedBy == nil || !strings.Contains(*r.BlockedBy, tt.blockedIn)):
				t.Errorf("blocked_by = %v, want a reason naming %s", r.BlockedBy, tt.blockedIn)
			}
		})
	}
}

func TestLOSErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--from", "E4"}, "--from and --to are required"},
		{[]string{"--from", "E4", "--to", "Z99"}, "--to: hex Z99 is off the 24x16 map"},
		{[]string{"--from", "4E", "--to", "C1"}, "--from: hex label \"4E\""},
		{[]string{"--from", "E4", "--to", "C1", "--map", "nowhere.tmx"}, "maps: nowhere.tmx"},
		{[]string{"--from", "E4", "--to", "C1", "extra"}, "unexpected argument \"extra\""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := runCombatCLI(t, append([]string{"los"}, tt.args...)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestLOSFortifications: the bunker in B3 of a literal map blocks the line
// B1 → B4 (rules 20.5), and the target's foxhole is named.
func TestLOSFortifications(t *testing.T) {
	dir := t.TempDir()
	tsx, err := filepath.Abs("../../assets/tiles/hexfire-flat.tsx")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="3" height="4" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="even" nextlayerid="3" nextobjectid="3">
 <tileset firstgid="1" source="` + tsx + `"/>
 <layer id="1" name="ground" width="3" height="4"><data encoding="csv">1,1,1,1,1,1,1,1,1,1,1,1</data></layer>
 <objectgroup id="2" name="fortifications">
  <object id="1" x="80" y="140"><properties><property name="kind" value="bunker"/></properties><point/></object>
  <object id="2" x="80" y="196"><properties><property name="kind" value="foxhole"/></properties><point/></object>
 </objectgroup>
</map>`
	path := filepath.Join(dir, "forts.tmx")
	if err := os.WriteFile(path, []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCombatCLI(t, "los", "--map", path, "--from", "B1", "--to", "B4")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"to B4: open, foxhole (cover +1)\n", "B1 → B4, range 3: blocked by bunker in B3\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("los output lacks %q; got\n%s", want, out)
		}
	}
}
