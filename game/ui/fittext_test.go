package ui

import (
	"runtime"
	"strings"
	"testing"
)

// fitTextByRemoval is fitText as it was: re-measuring the whole string
// after each word or letter taken off. It is right, and quadratic.
func fitTextByRemoval(f Face, s string, width float64) string {
	for TextWidth(f, s) > width {
		if i := strings.LastIndexByte(s, ' '); i > 0 {
			s = s[:i]
			continue
		}
		r := []rune(s)
		if len(r) <= 2 {
			return s
		}
		s = string(r[:len(r)-1])
	}
	return s
}

func TestFitText(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	f := fonts.Face(12, false)
	for _, s := range []string{"", "a", "ab", "abc", "Tiger I", "US Rifle Squad", "Sherman Firefly Vc", "Panzerkampfwagen",
		"a b c d e f g h", "ab  cd", " lead", "Überschallgeschwindigkeit ñ", "M4A3E8 (76) W HVSS Easy Eight"} {
		for _, w := range []float64{0, 5, 10, 20, 40, 60, 100, 200} {
			if have, want := FitText(f, s, w), fitTextByRemoval(f, s, w); have != want {
				t.Errorf("fitText(%q, %g) = %q, want %q", s, w, have, want)
			}
		}
	}
}

// TestFitTextHuge fits a 1 MB name: the old way measured it once per
// letter taken off (5 GB); now the work follows the part that fits.
func TestFitTextHuge(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	f := fonts.Face(12, false)
	for _, s := range []string{strings.Repeat("Tiger ", 1<<20/6), strings.Repeat("W", 1<<20)} {
		var have string
		n := allocatedBytes(func() { have = FitText(f, s, 80) })
		if TextWidth(f, have) > 80 || len(have) < 2 || !strings.HasPrefix(s, have) {
			t.Errorf("fitText of %d bytes = %q: want a prefix of at least two letters within 80 px", len(s), have)
		}
		if n > 16<<20 {
			t.Errorf("fitText of %d bytes allocated %d MB, want under 16", len(s), n>>20)
		}
	}
}

// allocatedBytes runs fn and returns the bytes it allocated.
func allocatedBytes(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
