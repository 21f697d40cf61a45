package fileio

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"short", "Tiger I", `"Tiger I"`},
		{"empty", "", `""`},
		{"line breaks escaped", "a\nb\"c", `"a\nb\"c"`},
		{"exactly the limit", strings.Repeat("x", MaxQuotedLength-2), `"` + strings.Repeat("x", MaxQuotedLength-2) + `"`},
		// 59 bytes of room beside the quotes and "…": 39 for the head, 20 for the tail.
		{"one over the limit", strings.Repeat("x", MaxQuotedLength-1), `"` + strings.Repeat("x", 39) + "…" + strings.Repeat("x", 20) + `"`},
		{"a path keeps its end", "/home/someone/maps/" + strings.Repeat("deep/", 20) + "tiles.tsx", `"/home/someone/maps/deep/deep/deep/deep/…/deep/deep/tiles.tsx"`},
		{"5 MB", strings.Repeat("ab", 5<<19), `"` + strings.Repeat("ab", 19) + "a…" + strings.Repeat("ab", 10) + `"`},
		{"control characters", strings.Repeat("\x01", 100), `"` + strings.Repeat(`\x01`, 9) + "…" + strings.Repeat(`\x01`, 5) + `"`},
		{"invalid UTF-8", strings.Repeat("\xff", 100), `"` + strings.Repeat(`\xff`, 9) + "…" + strings.Repeat(`\xff`, 5) + `"`},
		{"wide runes stay whole", strings.Repeat("é", 100), `"` + strings.Repeat("é", 19) + "…" + strings.Repeat("é", 10) + `"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Quote(tt.in)
			if got != tt.want {
				t.Errorf("Quote = %s, want %s", got, tt.want)
			}
			if len(got) > MaxQuotedLength+len(`\U0010ffff`) || !utf8.ValidString(got) {
				t.Errorf("Quote = %s: %d bytes or not UTF-8", got, len(got))
			}
		})
	}
}

func TestClip(t *testing.T) {
	long := strings.Repeat("é", MaxErrorLength)
	for _, tt := range []struct {
		name, in, want string
	}{
		{"short", "maps: a.tmx: no layer", "maps: a.tmx: no layer"},
		{"one line", "line 1\nline 2\r\nline 3", "line 1 line 2 line 3"},
		{"cut on a character", long, strings.Repeat("é", (MaxErrorLength-len("…"))/2) + "…"},
		{"exactly the limit", strings.Repeat("x", MaxErrorLength), strings.Repeat("x", MaxErrorLength)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Clip(tt.in)
			if got != tt.want {
				t.Errorf("Clip = %q, want %q", got, tt.want)
			}
			if len(got) > MaxErrorLength || !utf8.ValidString(got) {
				t.Errorf("Clip: %d bytes or not UTF-8", len(got))
			}
		})
	}
}
