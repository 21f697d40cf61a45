package maps

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/board"
)

// arrivalMap is a 3x3 map with turns and one Tiger I at pixel (x, y)
// whose "arrives" property is arrives.
func arrivalMap(turns, x, y int, arrives string) string {
	return tmxMap(3, 3, fmt.Sprintf(`<properties><property name="turns" value="%d"/></properties>`, turns)+
		csvLayer("ground", 1, 1, 1, 1, 1, 1, 1, 1, 1)+
		fmt.Sprintf(`<objectgroup id="9" name="units"><object id="4" name="late" x="%d" y="%d"><properties>`+
			`<property name="type" value="Tiger I"/><property name="side" value="axis"/><property name="arrives" value="%s"/>`+
			`</properties><point/></object></objectgroup>`, x, y, arrives))
}

func TestArrives(t *testing.T) {
	for _, tc := range []struct {
		name, arrives string
		turns, x, y   int
		want          Arrival
		wantHex       string
	}{
		{"own edge hex", "3", 6, 32, 56, Arrival{Turn: 3}, "A1"},
		{"named edge", "2 north", 6, 80, 84, Arrival{Turn: 2, Edge: North}, "B2"},
		{"edge in capitals, spaces", "  6   EAST ", 6, 80, 84, Arrival{Turn: 6, Edge: East}, "B2"},
		{"no turn limit", "40 west", 0, 80, 84, Arrival{Turn: 40, Edge: West}, "B2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Load(testFS(t, arrivalMap(tc.turns, tc.x, tc.y, tc.arrives)), "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			u := s.Units[0]
			if u.Arrives != tc.want || s.Board.Label(u.Hex) != tc.wantHex {
				t.Errorf("arrives %+v in %s, want %+v in %s", u.Arrives, s.Board.Label(u.Hex), tc.want, tc.wantHex)
			}
			if _, ok := u.Properties["arrives"]; ok {
				t.Errorf("arrives left among the other properties")
			}
		})
	}
}

func TestArrivesErrors(t *testing.T) {
	const prefix = `maps: test.tmx: layer "units": object 4 "late": `
	for _, tc := range []struct {
		name, arrives string
		turns, x, y   int
		want          string
	}{
		{"empty", "", 6, 32, 56, `arrives "": want a turn and, if it enters by an edge, the edge`},
		{"three words", "2 north now", 6, 32, 56, `arrives "2 north now": want a turn`},
		{"turn not a number", "soon", 6, 32, 56, `arrives "soon": the turn "soon" is not a whole number from 1`},
		{"turn zero", "0 north", 6, 32, 56, `arrives "0 north": the turn "0" is not a whole number from 1`},
		{"turn negative", "-1", 6, 32, 56, `the turn "-1" is not a whole number from 1`},
		{"turn after the last", "7 north", 6, 32, 56, `arrives "7 north": turn 7 is after the last turn, 6`},
		{"turn huge", "99999999999999999999", 6, 32, 56, `the turn "99999999999999999999" is not a whole number from 1`},
		{"unknown edge", "2 up", 6, 32, 56, `arrives "2 up": "up" is not a map edge (north, east, south or west)`},
		{"own hex inside the map", "2", 6, 80, 84, `arrives "2": hex B2 is not on a map edge; place the unit on an edge hex or name the edge ("2 north")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Load(testFS(t, arrivalMap(tc.turns, tc.x, tc.y, tc.arrives)), "test.tmx", testTypes)
			if err == nil {
				t.Fatalf("Load = %+v, want an error containing %q", s.Units, tc.want)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tc.want) {
				t.Errorf("error = %q, want %q then %q", msg, prefix, tc.want)
			}
		})
	}
}

func TestEdges(t *testing.T) {
	b, err := board.New(board.DefaultLayout, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		hex  string
		want []Edge
	}{{"A1", []Edge{North, West}}, {"B1", []Edge{North}}, {"C2", []Edge{East}}, {"B3", []Edge{South}}, {"B2", nil}, {"C3", []Edge{East, South}}} {
		h, err := b.ParseHex(tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		if have := EdgesOf(b, h); fmt.Sprint(have) != fmt.Sprint(tc.want) {
			t.Errorf("EdgesOf(%s) = %v, want %v", tc.hex, have, tc.want)
		}
	}
	var labels []string
	for _, h := range EdgeHexes(b, South) {
		labels = append(labels, b.Label(h))
	}
	if have := strings.Join(labels, " "); have != "A3 B3 C3" {
		t.Errorf("south edge = %s, want A3 B3 C3", have)
	}
}
