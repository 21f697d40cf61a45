package maps

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/board"
)

// TestPropertyRanges loads maps with every number and text the loader
// reads at the edges of its range (docs/MAPS.md): the bounds themselves
// load, one step beyond and the extremes of a 64-bit integer are refused
// with an error naming the property and the value.
func TestPropertyRanges(t *testing.T) {
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	mapProperty := func(name, value string) string {
		return tmxMap(3, 2, `<properties><property name="`+name+`" value="`+value+`"/></properties>`+ground)
	}
	tileProperty := func(name, value string) string {
		return fmt.Sprintf(mapOpen, 2, 1, ` <tileset firstgid="1" name="inline" tilewidth="64" tileheight="56" tilecount="2" columns="2">
  <image source="terrain.png" width="16" height="8"/>
  <tile id="0"><properties><property name="`+name+`" value="`+value+`"/></properties></tile>
 </tileset>
`+csvLayer("ground", 1, 1))
	}
	unit := func(attrs, props string) string {
		return tmxMap(3, 2, ground+`<objectgroup id="9" name="units"><object id="3" x="32" y="56"`+attrs+`><properties><property name="type" value="Tiger I"/><property name="side" value="axis"/>`+props+`</properties><point/></object></objectgroup>`)
	}
	mapAttr := func(attr, value string) string {
		return strings.Replace(tmxMap(3, 2, ground), attr+`="`, attr+`="`+value+`" x-`+attr+`="`, 1)
	}
	const maxInt, minInt = "9223372036854775807", "-9223372036854775808"
	type edge struct {
		value string
		want  string // part of the error; "" when the value loads
	}
	cases := []struct {
		what  string
		tmx   func(value string) string
		edges []edge
		check func(s *Scenario, value string) bool // what a value that loads gives
	}{
		{"map property hex_m", func(v string) string { return mapProperty("hex_m", v) },
			[]edge{{"1", ""}, {"10000", ""}, {"0", `hex_m "0": want metres per hex, a whole number from 1 to 10000`}, {"10001", `hex_m "10001"`}, {maxInt, `hex_m "` + maxInt + `"`}, {minInt, `hex_m "` + minInt + `"`}, {"fifty", `hex_m "fifty"`}},
			func(s *Scenario, v string) bool { return fmt.Sprint(s.HexMetres) == v }},
		{"map property turns", func(v string) string { return mapProperty("turns", v) },
			[]edge{{"0", ""}, {"1000", ""}, {"-1", `turns "-1": want turns (0: no limit), a whole number from 0 to 1000`}, {"1001", `turns "1001"`}, {maxInt, `turns "` + maxInt + `"`}, {minInt, `turns "` + minInt + `"`}},
			func(s *Scenario, v string) bool { return fmt.Sprint(s.Turns) == v }},
		{"map property title", func(v string) string { return mapProperty("title", v) },
			[]edge{{strings.Repeat("é", MaxTitleLength), ""}, {strings.Repeat("é", MaxTitleLength+1), "map property title is 49 characters long, more than the limit of 48"}},
			func(s *Scenario, v string) bool { return s.Title == v }},
		{"map property victory", func(v string) string { return mapProperty("victory", v) },
			[]edge{{strings.Repeat("x", MaxPropertyLength), ""}, {strings.Repeat("x", MaxPropertyLength+1), `property "victory" is 16385 bytes long, more than the limit of 16384`}},
			func(s *Scenario, v string) bool { return s.Properties["victory"] == v }},
		{"map property ruleset", func(v string) string { return mapProperty("ruleset", v) },
			[]edge{{strings.Repeat("r", MaxNameLength), ""}, {strings.Repeat("r", MaxNameLength+1), "map property ruleset is 65 characters long"}, {" ", "map property ruleset is empty"}},
			func(s *Scenario, v string) bool { return s.Ruleset == v }},
		{"map property first_side", func(v string) string { return mapProperty("first_side", v) },
			[]edge{{"axis", ""}, {"Allies", ""}, {"russia", `first_side: side "russia": want allies or axis`}},
			func(s *Scenario, v string) bool { return string(s.FirstSide) == strings.ToLower(v) }},
		{"tile property level", func(v string) string { return tileProperty("level", v) },
			[]edge{{"0", ""}, {fmt.Sprint(board.MaxLevel), ""}, {"-1", `level "-1" out of range 0..2`}, {"3", `level "3" out of range 0..2`}, {maxInt, `level "` + maxInt + `"`}},
			func(s *Scenario, v string) bool { return fmt.Sprint(s.Board.Cell(board.Hex{}).Level) == v }},
		{"unit property facing", func(v string) string { return unit("", `<property name="facing" value="`+v+`"/>`) },
			[]edge{{"0", ""}, {"5", ""}, {"-1", `facing "-1": want a direction 0..5`}, {"6", `facing "6"`}, {maxInt, `facing "` + maxInt + `"`}},
			func(s *Scenario, v string) bool { return fmt.Sprint(int(s.Units[0].Facing)) == v }},
		{"unit property hidden", func(v string) string { return unit("", `<property name="hidden" value="`+v+`"/>`) },
			[]edge{{"true", ""}, {"Yes", ""}, {"false", ""}, {"maybe", `object 3 "": hidden "maybe": want true or false (yes or no)`}},
			func(s *Scenario, v string) bool { return s.Units[0].Hidden == (v == "true" || v == "Yes") }},
		{"unit name", func(v string) string { return unit(` name="`+v+`"`, "") },
			[]edge{{strings.Repeat("n", MaxNameLength), ""}, {strings.Repeat("n", MaxNameLength+1), "the name is 65 characters long, more than the limit of 64"}},
			func(s *Scenario, v string) bool { return s.Units[0].Name == v }},
		{"map width", func(v string) string { return mapAttr("width", v) },
			[]edge{{"0", "map size 0x2: width and height must be from 1 to 500 hexes"}, {"501", "map size 501x2"}, {maxInt, "map size " + maxInt + "x2"}},
			nil},
		{"map tile width", func(v string) string { return mapAttr("tilewidth", v) },
			[]edge{{"0", "tile size 0x56 must be positive"}, {"1025", "map tile size 1025x56: at most 1024 pixels a side"}, {maxInt, "map tile size " + maxInt + "x56"}},
			nil},
		{"map hexsidelength", func(v string) string { return mapAttr("hexsidelength", v) },
			[]edge{{"-1", "hexsidelength -1 must be between 0 and 64"}, {"65", "hexsidelength 65 must be between 0 and 64"}, {maxInt, "hexsidelength " + maxInt + " must be between 0 and 64"}},
			nil},
	}
	for _, side := range []string{"allies", "axis"} {
		for _, pool := range []string{"smoke", "panzerfausts", "grenades"} {
			name := pool + "_" + side
			edges := []edge{{"0", ""}, {"99", ""}, {"-1", name + ` "-1": want `}, {"100", name + ` "100"`}, {maxInt, name + ` "` + maxInt + `"`}, {minInt, name + ` "` + minInt + `"`}}
			if pool == "panzerfausts" {
				edges = append(edges, edge{"allotment", ""})
			}
			cases = append(cases, struct {
				what  string
				tmx   func(value string) string
				edges []edge
				check func(s *Scenario, value string) bool
			}{"map property " + name, func(v string) string { return mapProperty(name, v) }, edges,
				func(s *Scenario, v string) bool { return s.Properties[name] == v }})
		}
		name := "sniper_" + side
		cases = append(cases, struct {
			what  string
			tmx   func(value string) string
			edges []edge
			check func(s *Scenario, value string) bool
		}{"map property " + name, func(v string) string { return mapProperty(name, v) },
			[]edge{{"0", ""}, {"1", ""}, {"-1", name + ` "-1": want snipers, a whole number from 0 to 1`}, {"2", name + ` "2"`}, {maxInt, name + ` "` + maxInt + `"`}},
			func(s *Scenario, v string) bool { return s.Properties[name] == v }})
	}
	for _, tc := range cases {
		for _, e := range tc.edges {
			t.Run(tc.what+" "+testName(e.value), func(t *testing.T) {
				s, err := Load(testFS(t, tc.tmx(e.value)), "test.tmx", testTypes)
				if e.want == "" {
					if err != nil {
						t.Fatalf("error %v, want the value to load", err)
					}
					if !tc.check(s, e.value) {
						t.Errorf("loaded, but the scenario does not hold %q", e.value)
					}
					return
				}
				if err == nil || !strings.HasPrefix(err.Error(), "maps: test.tmx: ") || !strings.Contains(err.Error(), e.want) {
					t.Errorf("error %v, want one naming test.tmx and saying %q", err, e.want)
				}
			})
		}
	}
}

// testName names a test value by its first 16 bytes.
func testName(s string) string { return s[:min(len(s), 16)] }
