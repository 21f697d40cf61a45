package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// viewMap writes a literal fog map, one row of twelve open hexes with woods
// in J3 and L2: an M4A3E8 in B2; a Tiger I in the open at D2, two hexes
// away; a German squad in the woods of L2, ten hexes away (too far to make
// out, near enough to see something move: a contact); and another in the
// woods of J3 set up hidden.
func viewMap(t *testing.T) string {
	t.Helper()
	return viewMapOf(t, "German Rifle Squad")
}

// viewMapOf is viewMap with the units of L2 and J3 of type typ, the one in
// L2 named "decoy".
func viewMapOf(t *testing.T, typ string) string {
	t.Helper()
	tsx, err := filepath.Abs("../../assets/tiles/hexfire-flat.tsx")
	if err != nil {
		t.Fatal(err)
	}
	ground := slices.Repeat([]string{"1"}, 36)
	ground[24+9], ground[12+11] = "8", "8" // woods in J3 and L2
	unit := func(id int, typ, side, hex string, x, y int, extra string) string {
		name := map[int]string{3: "decoy"}[id]
		return fmt.Sprintf(`  <object id="%d" name="`+name+`" x="%d" y="%d"><properties><property name="type" value="%s"/><property name="side" value="%s"/>%s</properties><point/></object>
`, id, x, y, typ, side, extra)
	}
	tmx := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="12" height="3" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="even" nextlayerid="3" nextobjectid="5">
 <properties><property name="title" value="Fog row"/><property name="fog" value="true"/><property name="turns" type="int" value="2"/></properties>
 <tileset firstgid="1" source="` + tsx + `"/>
 <layer id="1" name="ground" width="12" height="3"><data encoding="csv">` + strings.Join(ground, ",") + `</data></layer>
 <objectgroup id="2" name="units">
` + unit(1, "M4A3E8", "allies", "B2", 80, 84, "") +
		unit(2, "Tiger I", "axis", "D2", 176, 84, "") +
		unit(3, typ, "axis", "L2", 560, 84, "") +
		unit(4, typ, "axis", "J3", 464, 140, `<property name="hidden" type="bool" value="true"/>`) + ` </objectgroup>
</map>`
	path := filepath.Join(t.TempDir(), "fog-row.tmx")
	if err := os.WriteFile(path, []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// viewOut is the part of view --json these tests read.
type viewOut struct {
	Side  string `json:"side"`
	Fog   bool   `json:"fog"`
	Own   []struct{ ID, Hex, Type string }
	Enemy []struct {
		ID, Hex, Type, Known string
		SeenBy               []string `json:"seen_by"`
		Revealed             *struct {
			Event string
			Turn  int
		} `json:"revealed_by"`
	}
	Result *struct{ Winner string }
}

func viewJSON(t *testing.T, args ...string) (viewOut, string) {
	t.Helper()
	out, err := runCombatCLI(t, append([]string{"view", "--json"}, args...)...)
	if err != nil {
		t.Fatalf("view %v: %v", args, err)
	}
	var v viewOut
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("view %v: %v\n%s", args, err, out)
	}
	return v, out
}

// enemies lists a view's enemy entries as "id hex type known by".
func enemies(v viewOut) []string {
	var list []string
	for _, e := range v.Enemy {
		words := []string{e.ID, e.Hex, e.Type, e.Known}
		if len(e.SeenBy) > 0 {
			words = append(words, strings.Join(e.SeenBy, ","))
		}
		if e.Revealed != nil {
			words = append(words, fmt.Sprintf("%s@%d", e.Revealed.Event, e.Revealed.Turn))
		}
		list = append(list, strings.Join(words, " "))
	}
	return list
}

// TestViewOfDummies: with dummies for the German squads of viewMap, one a
// contact and one hidden, the Allies' view under fog is byte for byte
// their view of the squads; the Axis see their dummies as such; in the
// open the dummies are gone.
func TestViewOfDummies(t *testing.T) {
	squads, dummies := viewMap(t), viewMapOf(t, "Dummy")
	_, real := viewJSON(t, "--scenario", squads, "--side", "allies")
	_, fake := viewJSON(t, "--scenario", dummies, "--side", "allies")
	if real != fake {
		t.Errorf("the Allies' view of dummies is not their view of squads:\n%s\n%s", real, fake)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--side", "axis"}, `{"id":"3","hex":"L2","facing":0,"type":"Dummy","name":"decoy","dummy":true,"where":"map","markers":[]}`},
		{[]string{"--side", "axis", "--fog=false"}, `{"id":"3","facing":0,"type":"Dummy","name":"decoy","dummy":true,"where":"vanished","markers":[]}`},
		{[]string{"--side", "allies", "--fog=false"}, `"enemy":[{"id":"2","known":"spotted","hex":"D2"`},
	} {
		v, out := viewJSON(t, append([]string{"--scenario", dummies}, tt.args...)...)
		if !strings.Contains(out, tt.want) {
			t.Errorf("view %v:\n%s\nwant it to hold %s", tt.args, out, tt.want)
		}
		if tt.args[1] == "allies" && len(v.Enemy) != 1 {
			t.Errorf("view %v: the Allies see %v in the open, want the Tiger alone", tt.args, enemies(v))
		}
	}
	text, err := runCombatCLI(t, "view", "--scenario", dummies, "--side", "axis")
	if want := "decoy (dummy)"; err != nil || !strings.Contains(text, want) {
		t.Errorf("view --side axis: %v\n%s\nwant the own units to hold %q", err, text, want)
	}
}

// TestViewAtSetUp: each side's view of the literal fog map at set-up, and
// the same battle in the open.
func TestViewAtSetUp(t *testing.T) {
	path := viewMap(t)
	for _, tt := range []struct {
		args []string
		fog  bool
		want []string
	}{
		{[]string{"--side", "allies"}, true, []string{
			"2 D2 Tiger I spotted 1 set-up@0", // in the open at 2 hexes
			"c1 L2  contact 1",                // in woods at 10: something, not what
		}}, // the hidden squad in J3 is not there at all
		{[]string{"--side", "axis"}, true, []string{
			"1 B2 M4A3E8 spotted 2,3,4 set-up@0", // open ground is seen from afar
		}},
		{[]string{"--side", "allies", "--fog=false"}, false, []string{
			"2 D2 Tiger I spotted open@0", "3 L2 German Rifle Squad spotted open@0", "4 J3 German Rifle Squad spotted open@0",
		}},
	} {
		v, _ := viewJSON(t, append([]string{"--scenario", path}, tt.args...)...)
		if got := enemies(v); !slices.Equal(got, tt.want) || v.Fog != tt.fog {
			t.Errorf("view %v: fog %v, enemy\n%s\nwant fog %v,\n%s", tt.args, v.Fog, strings.Join(got, "\n"), tt.fog, strings.Join(tt.want, "\n"))
		}
		if side := tt.args[1]; v.Side != side || len(v.Own) == 0 {
			t.Errorf("view %v: side %q with %d own units", tt.args, v.Side, len(v.Own))
		}
	}
	out, err := runCombatCLI(t, "view", "--scenario", path, "--side", "allies")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Fog row (" + path + "), ruleset elimination, under fog of war\n",
		"the Allies' view after 0 orders: turn 1 of 2,",
		"  1    M4A3E8                       B2 N\n",
		"  2    Tiger I                      D2 N    spotted, seen by 1 (revealed: set-up)\n",
		"  c1   ?                            L2      contact, seen by 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("view text lacks %q:\n%s", want, out)
		}
	}
}

// TestViewOfASave: view --save after no order is the view at set-up, byte
// for byte; after the last order of a finished battle every enemy unit
// still on the map is shown, revealed by the battle's end.
func TestViewOfASave(t *testing.T) {
	path := viewMap(t)
	save := filepath.Join(t.TempDir(), "s.json")
	if _, err := runCombatCLI(t, "simulate", "--scenario", path, "--battles", "1", "--allies", "random", "--axis", "random", "--save", save); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"allies", "axis"} {
		_, setUp := viewJSON(t, "--scenario", path, "--side", side)
		if _, first := viewJSON(t, "--save", save, "--order", "0", "--side", side); first != setUp {
			t.Errorf("%s: view --save --order 0\n%s\nwant the view at set-up\n%s", side, first, setUp)
		}
		end, _ := viewJSON(t, "--save", save, "--side", side)
		if end.Result == nil || !end.Fog {
			t.Fatalf("%s: the last view of the save: result %v, fog %v; want the battle over, under fog", side, end.Result, end.Fog)
		}
		for _, e := range enemies(end) {
			if !strings.HasSuffix(e, " open@0") {
				t.Errorf("%s: at the end, enemy %s: want it shown, revealed by the end", side, e)
			}
		}
	}
}

func TestViewBadFlags(t *testing.T) {
	path := viewMap(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{}, `--side "": want allies or axis`},
		{[]string{"--side", "germans"}, `--side "germans": want allies or axis`},
		{[]string{"--side", "axis", "--order", "3"}, "--order needs --save"},
		{[]string{"--side", "axis", "--save", "x.json", "--scenario", path}, "--scenario with --save"},
		{[]string{"--side", "axis", "--save", "x.json", "--fog=false"}, "--fog with --save"},
		{[]string{"--side", "axis", "--fog=maybe"}, `"maybe": want true or false`},
		{[]string{"--side", "axis", "--save", "nosuch.json"}, "nosuch.json"},
		{[]string{"--side", "axis", "--scenario", "nosuch.tmx"}, "nosuch.tmx"},
	} {
		_, err := runCombatCLI(t, append([]string{"view"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("view %v: error %v, want one containing %q", tt.args, err, tt.want)
		}
	}
	save := filepath.Join(t.TempDir(), "s.json")
	if _, err := runCombatCLI(t, "simulate", "--scenario", path, "--battles", "1", "--allies", "random", "--axis", "random", "--save", save); err != nil {
		t.Fatal(err)
	}
	_, err := runCombatCLI(t, "view", "--side", "axis", "--save", save, "--order", "100000")
	if err == nil || !strings.Contains(err.Error(), "--order 100000: "+save+" holds") {
		t.Errorf("view --order past the save's end: error %v", err)
	}
}
