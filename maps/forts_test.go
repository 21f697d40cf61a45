package maps

import (
	"fmt"
	"strings"
	"testing"

	"hexfire/board"
	"hexfire/fileio"
)

// fortObject is one object of a fortifications layer at map pixel (x, y)
// with the given properties.
func fortObject(id, x, y int, props string) string {
	return fmt.Sprintf(`<object id="%d" x="%d" y="%d"><properties>%s</properties><point/></object>`, id, x, y, props)
}

func fortLayer(objects ...string) string {
	return `<objectgroup id="8" name="fortifications">` + strings.Join(objects, "") + `</objectgroup>`
}

func TestFortificationsLayer(t *testing.T) {
	// Hex centres of the 3×2 flat-topped test map (even columns shifted
	// down): A1 (32, 56), B1 (80, 28), C1 (128, 56), A2 (32, 112), B2 (80, 84).
	body := csvLayer("ground", 1, 1, 1, 1, 1, 1) + fortLayer(
		fortObject(1, 32, 56, `<property name="kind" value="foxhole"/>`),
		fortObject(2, 80, 28, `<property name="kind" value="bunker"/><property name="facing" type="int" value="3"/>`),
		`<object id="3" type="wire" x="128" y="56"><point/></object>`,
		fortObject(4, 32, 112, `<property name="kind" value=" minefield "/>`),
	)
	s, err := Load(testFS(t, tmxMap(3, 2, body)), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]board.Fort{
		"A1": {Kind: board.Foxhole},
		"B1": {Kind: board.Bunker, Facing: board.DirS},
		"C1": {Kind: board.Wire},
		"A2": {Kind: board.Minefield},
		"B2": {},
		"C2": {},
	}
	for label, f := range want {
		h, _ := s.Board.ParseHex(label)
		if have := s.Board.Fort(h); have != f {
			t.Errorf("%s: %v, want %v", label, have, f)
		}
	}
}

func TestFortificationErrors(t *testing.T) {
	ground := csvLayer("ground", 1, 1, 1, 1, 3, 1) // building in B2
	for _, tc := range []struct {
		name, layer, want string
	}{
		{"unknown kind", fortLayer(fortObject(5, 32, 28, `<property name="kind" value="moat"/>`)),
			`layer "fortifications": object 5 "": kind "moat": not a fortification (want one of foxhole, trench, sandbags, bunker, earth-bunker, minefield, wire)`},
		{"no kind", fortLayer(fortObject(5, 32, 28, ``)), `object 5 "": no kind`},
		{"bad facing", fortLayer(fortObject(5, 32, 28, `<property name="kind" value="bunker"/><property name="facing" value="9"/>`)), `object 5 "": facing "9": want a direction 0..5`},
		{"facing on a trench", fortLayer(fortObject(5, 32, 28, `<property name="kind" value="trench"/><property name="facing" value="1"/>`)), `only a bunker has a facing, not a trench`},
		{"off the map", fortLayer(fortObject(5, -300, 28, `<property name="kind" value="wire"/>`)), `object 5 "": position (-300, 28) is off the 3x2 map`},
		{"foxhole in a building", fortLayer(fortObject(5, 80, 84, `<property name="kind" value="foxhole"/>`)), `object 5 "": hex B2: a foxhole may not be dug in building`},
		{"hidden on a fortification", fortLayer(fortObject(5, 32, 28, `<property name="kind" value="trench"/><property name="hidden" value="true"/>`)),
			`layer "fortifications": object 5 "": hidden "true": only a unit is set up hidden, not a fortification`},
		{"two in a hex", fortLayer(fortObject(5, 32, 56, `<property name="kind" value="wire"/>`), fortObject(6, 33, 57, `<property name="kind" value="minefield"/>`)),
			`object 6 "": hex A1 already holds a wire: one fortification a hex`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(testFS(t, tmxMap(3, 2, ground+tc.layer)), "test.tmx", testTypes)
			if err == nil || !strings.HasPrefix(err.Error(), "maps: test.tmx: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestFortificationErrorShort: a kind of 10 000 characters is quoted cut,
// and the error stays one short line.
func TestFortificationErrorShort(t *testing.T) {
	long := strings.Repeat("x", 10000)
	body := csvLayer("ground", 1, 1, 1, 1, 1, 1) + fortLayer(fortObject(5, 32, 56, `<property name="kind" value="`+long+`"/>`))
	_, err := Load(testFS(t, tmxMap(3, 2, body)), "test.tmx", testTypes)
	if err == nil {
		t.Fatal("a kind of 10 000 x loaded")
	}
	if len(err.Error()) > fileio.MaxErrorLength || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %d bytes: %.200v", len(err.Error()), err)
	}
}
