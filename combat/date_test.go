package combat

import "testing"

func TestParseDate(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Date
		ok   bool
	}{
		{"1944-06", Date{1944, 6}, true},
		{" 1943-10 ", Date{1943, 10}, true},
		{"1935-01", Date{1935, 1}, true},
		{"1950-12", Date{1950, 12}, true},
		{"1944-6", Date{}, false},
		{"44-06", Date{}, false},
		{"1944-13", Date{}, false},
		{"1944-00", Date{}, false},
		{"1934-12", Date{}, false},
		{"1951-01", Date{}, false},
		{"June 1944", Date{}, false},
		{"", Date{}, false},
	} {
		got, err := ParseDate(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseDate(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestDateBefore(t *testing.T) {
	d := Date{1944, 6}
	for _, c := range []struct {
		y, m int
		want bool
	}{{1944, 6, false}, {1944, 7, true}, {1945, 1, true}, {1944, 5, false}, {1943, 12, false}} {
		if got := d.Before(c.y, c.m); got != c.want {
			t.Errorf("%v.Before(%d, %d) = %v, want %v", d, c.y, c.m, got, c.want)
		}
	}
	if (Date{}).String() != "undated" || d.String() != "1944-06" {
		t.Errorf("String: %q %q", Date{}.String(), d.String())
	}
}
