package maps

import (
	"fmt"
	"strings"
	"testing"
)

// dummyObject is a unit object of type Dummy, id 4 and named "decoy", in
// hex A1, with more properties.
func dummyObject(props string) string {
	return `<objectgroup id="9" name="units"><object id="4" name="decoy" x="32" y="56"><properties>` +
		`<property name="type" value="Dummy"/><property name="side" value="axis"/>` + props +
		`</properties><point/></object></objectgroup>`
}

func TestDummyLoads(t *testing.T) {
	for _, tc := range []struct {
		name, props string
		hidden      bool
	}{
		{"plain", ``, false},
		{"hidden, facing and a note", `<property name="hidden" value="true"/><property name="facing" value="3"/><property name="note" value="x"/>`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The catalogue knows no Dummy: the loader never asks it.
			s, err := Load(testFS(t, tmxMap(3, 2, csvLayer("ground", 1, 1, 1, 1, 1, 1)+dummyObject(tc.props))), "test.tmx", testTypes)
			if err != nil {
				t.Fatal(err)
			}
			p := s.Units[0]
			if !p.Dummy() || p.Type != DummyType || p.Side != Axis || p.Hidden != tc.hidden || s.Board.Label(p.Hex) != "A1" {
				t.Errorf("placement = %+v, want an axis Dummy in A1, hidden %v", p, tc.hidden)
			}
		})
	}
}

func TestDummyErrors(t *testing.T) {
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	for _, tc := range []struct{ name, props, want string }{
		{"weapons", `<property name="weapons" value="MG34"/>`, `weapons "MG34": a Dummy has no strength`},
		{"weapon", `<property name="weapon" value="none"/>`, `weapon "none": a Dummy has no strength`},
		{"quality", `<property name="quality" value="elite"/>`, `quality "elite": a Dummy has no strength`},
		{"rounds", `<property name="rounds" value="3"/>`, `rounds "3": a Dummy has no strength`},
		{"engineers", `<property name="engineers" value="no"/>`, `engineers "no": a Dummy has no strength`},
		{"script", `<property name="script" value="hold"/>`, `script "hold": a Dummy follows no script`},
		{"two: the first in the fixed order", `<property name="rounds" value="2"/><property name="weapons" value="Bren"/>`, `weapons "Bren"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(testFS(t, tmxMap(3, 2, ground+dummyObject(tc.props))), "test.tmx", testTypes)
			prefix := `maps: test.tmx: layer "units": object 4 "decoy": `
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to start with %q and contain %q", err, prefix, tc.want)
			}
		})
	}
}

func TestDummiesCountAsUnits(t *testing.T) {
	var objs strings.Builder
	for i := range MaxUnits + 1 {
		fmt.Fprintf(&objs, `<object id="%d" x="32" y="56"><properties><property name="type" value="Dummy"/><property name="side" value="allies"/></properties><point/></object>`, i+1)
	}
	body := csvLayer("ground", 1, 1, 1, 1, 1, 1) + `<objectgroup id="9" name="units">` + objs.String() + `</objectgroup>`
	_, err := Load(testFS(t, tmxMap(3, 2, body)), "test.tmx", testTypes)
	if want := fmt.Sprintf("more than the limit of %d units", MaxUnits); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error = %v, want %q", err, want)
	}
}
