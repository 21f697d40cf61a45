package maps

import (
	"strconv"
	"unicode/utf8"
)

// maxQuoted is the most characters of a value from a file that an error
// message quotes; longer values are cut with "…".
const maxQuoted = 40

// MaxErrorLength is the longest error message Load returns, in bytes.
const MaxErrorLength = 400

// quote returns s quoted for an error message, cut to maxQuoted characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	n := 0
	for i := range s {
		if n == maxQuoted {
			return strconv.Quote(s[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(s)
}

// loadError is an error of Load: its message starts with "maps: " and the
// file name, and is cut to MaxErrorLength bytes.
type loadError struct {
	msg string
	err error
}

func (e *loadError) Error() string { return e.msg }
func (e *loadError) Unwrap() error { return e.err }

func newLoadError(name string, err error) error {
	msg := "maps: " + name + ": " + err.Error()
	if len(msg) > MaxErrorLength {
		cut := MaxErrorLength - len("…")
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return &loadError{msg: msg, err: err}
}
