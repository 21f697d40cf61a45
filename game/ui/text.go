package ui

import (
	"fmt"
	"strings"
)

// Plural is "1 unit" or "N units" for word "unit" ("N hexes" for "hex").
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "x"), strings.HasSuffix(word, "s"):
		return fmt.Sprintf("%d %ses", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Wrap splits s into lines no wider than width in face f, at spaces.
func Wrap(f Face, s string, width float64) []string {
	if TextWidth(f, s) <= width {
		return []string{s}
	}
	var out []string
	cur := ""
	for _, w := range strings.Split(s, " ") {
		next := w
		if cur != "" {
			next = cur + " " + w
		}
		if cur != "" && TextWidth(f, next) > width {
			out = append(out, cur)
			next = "   " + w
		}
		cur = next
	}
	return append(out, cur)
}

// FitText shortens s, word by word from the end and then letter by letter
// (keeping at least two), until it fits in width pixels of face f. It
// measures prefixes of doubling length until one is too wide, then
// bisects, so its cost follows the part of s that fits, not all of s.
func FitText(f Face, s string, width float64) string {
	fits := func(n int) bool { return TextWidth(f, s[:n]) <= width }
	// cuts[k] is the byte length of the first k runes, as far as the
	// first prefix of a power-of-two length that is too wide.
	cuts := []int{0}
	wide := false
	for i := range s {
		if i == 0 {
			continue
		}
		cuts = append(cuts, i)
		if k := len(cuts) - 1; k&(k-1) == 0 && !fits(i) {
			wide = true
			break
		}
	}
	if !wide {
		if fits(len(s)) {
			return s
		}
		cuts = append(cuts, len(s))
	}
	lo, hi := 0, len(cuts)-1 // the first lo runes fit, the first hi do not
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; fits(cuts[mid]) {
			lo = mid
		} else {
			hi = mid
		}
	}
	// Cut after the last whole word that fits, else inside the first.
	if i := strings.LastIndexByte(s[:min(len(s), cuts[lo]+1)], ' '); i > 0 {
		return s[:i]
	}
	if lo >= 2 {
		return s[:cuts[lo]]
	}
	word := s // the first word, of which two letters stay
	if i := strings.IndexByte(s[min(1, len(s)):], ' '); i >= 0 {
		word = s[:i+1]
	}
	n := 0
	for i := range word {
		if n == 2 {
			return word[:i]
		}
		n++
	}
	return word
}
