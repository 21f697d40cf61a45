package maps

import (
	"reflect"
	"strings"
	"testing"

	"hexfire/fileio"
)

// TestParseSupport reads a side's off-board support (map property
// support_SIDE): the entries it accepts and, for every fault, an error
// naming the entry and the value.
func TestParseSupport(t *testing.T) {
	tests := []struct {
		value string
		want  []SupportMissions
		err   string
	}{
		{"2 heavy 20/B", []SupportMissions{{HeavyBarrage, 2, 20, "B"}}, ""},
		{"1 light 12/d, 3 Air 16/-", []SupportMissions{{LightBarrage, 1, 12, "D"}, {FighterBomber, 3, 16, "-"}}, ""},
		{" 99 light 60/A ", []SupportMissions{{LightBarrage, 99, 60, "A"}}, ""},
		{"", nil, `entry "": want COUNT KIND APFP/ATFP`},
		{"2 heavy", nil, `entry "2 heavy": want COUNT KIND APFP/ATFP, such as "2 heavy 20/B"`},
		{"two heavy 20/B", nil, `entry "two heavy 20/B": count "two": want missions, a whole number from 1 to 99`},
		{"0 heavy 20/B", nil, `count "0"`},
		{"100 heavy 20/B", nil, `count "100"`},
		{"1 rockets 20/B", nil, `entry "1 rockets 20/B": kind "rockets": want light, heavy or air`},
		{"1 heavy 20/B, 1 heavy 12/C", nil, `entry "1 heavy 12/C": heavy missions are listed twice`},
		{"1 heavy 20", nil, `entry "1 heavy 20": strength "20": want APFP/ATFP, APFP a whole number from 1 to 60`},
		{"1 heavy 0/B", nil, `strength "0/B": want APFP/ATFP`},
		{"1 heavy 61/B", nil, `strength "61/B": want APFP/ATFP`},
		{"1 heavy 20/G", nil, `entry "1 heavy 20/G": strength "20/G": want an ATFP letter A to F, or - for none`},
		{"1 heavy 20/BB", nil, `strength "20/BB": want an ATFP letter`},
		{"50 heavy 20/B, 50 light 12/C", nil, "100 missions in all: a side has at most 99"},
	}
	for _, tt := range tests {
		got, err := ParseSupport(tt.value)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want one saying %q", tt.value, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %+v, %v; want %+v", tt.value, got, err, tt.want)
		}
	}
}

// TestLoadSupport: the loader reads support_allies and support_axis into
// the scenario, and refuses a bad one naming the file, the property and
// its value.
func TestLoadSupport(t *testing.T) {
	ground := csvLayer("ground", 1, 1, 1, 1, 1, 1)
	props := func(ps string) string { return tmxMap(3, 2, `<properties>`+ps+`</properties>`+ground) }
	s, err := Load(testFS(t, props(`<property name="support_allies" value="2 heavy 20/B"/><property name="support_axis" value="1 air 12/C"/>`)), "test.tmx", testTypes)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Side][]SupportMissions{Allies: {{HeavyBarrage, 2, 20, "B"}}, Axis: {{FighterBomber, 1, 12, "C"}}}
	if !reflect.DeepEqual(s.Support, want) {
		t.Errorf("support %+v, want %+v", s.Support, want)
	}
	s, err = Load(testFS(t, props("")), "test.tmx", testTypes)
	if err != nil || s.Support != nil {
		t.Errorf("no property: support %+v, %v; want none", s.Support, err)
	}
	_, err = Load(testFS(t, props(`<property name="support_axis" value="1 air 12/Q"/>`)), "test.tmx", testTypes)
	if want := `maps: test.tmx: map property support_axis "1 air 12/Q": entry "1 air 12/Q": strength "12/Q": want an ATFP letter A to F, or - for none`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// FuzzParseSupport feeds mangled support_SIDE values to ParseSupport: it
// returns an error of one short line, or missions within the limits it
// promises (each kind once, counts 1 to MaxPool in all, APFP 1 to
// MaxSupportAPFP, ATFP A to F or "-"); never a panic.
func FuzzParseSupport(f *testing.F) {
	for _, s := range []string{
		"2 light 12/D, 1 air 20/B", "1 heavy 20/-", "", ",", "2 light 12/D, 2 light 12/D",
		"99999999999999999999 heavy 1/A", "1 heavy 61/A", "1 heavy 12/Z", "1 heavy 12", "-1 air 1/A",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		ms, err := ParseSupport(value)
		if err != nil {
			if len(err.Error()) > fileio.MaxErrorLength || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q: longer than %d bytes or more than one line", err, fileio.MaxErrorLength)
			}
			return
		}
		total, seen := 0, map[SupportKind]bool{}
		for _, m := range ms {
			total += m.Count
			if seen[m.Kind] || !m.Kind.Known() || m.Count < 1 || m.APFP < 1 || m.APFP > MaxSupportAPFP ||
				(m.ATFP != "-" && (len(m.ATFP) != 1 || m.ATFP[0] < 'A' || m.ATFP[0] > 'F')) {
				t.Errorf("ParseSupport(%q) accepted %+v", value, m)
			}
			seen[m.Kind] = true
		}
		if total > MaxPool {
			t.Errorf("ParseSupport(%q): %d missions, more than %d", value, total, MaxPool)
		}
	})
}
