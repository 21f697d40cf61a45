package fileio

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxErrorLength is the longest error message Hexfire shows, in bytes:
// Clip cuts longer ones. Our own choice: two lines of a terminal, room
// for a file, an element and a few quoted values.
const MaxErrorLength = 400

// MaxQuotedLength is the longest value Quote returns, in bytes, quotes
// included (a few more when its last character is escaped).
const MaxQuotedLength = 64

// Quote returns s as an error message quotes a value read from a file or
// a command line: in double quotes with Go's escapes (so a line break or a
// control character cannot break the message), and cut to about
// MaxQuotedLength bytes, keeping its start and its end around "…". Every
// value an error takes from its input goes through Quote, so no message
// grows with the input.
func Quote(s string) string {
	q := strconv.Quote(s)
	if len(q) <= MaxQuotedLength {
		return q
	}
	// The head gets two thirds of the room, the tail the rest: the start
	// of a value says what it is, its end where a path or a line led.
	room := MaxQuotedLength - len(`"…"`)
	headRoom := room * 2 / 3
	head, used := 0, 0
	for head < len(s) {
		r, size := utf8.DecodeRuneInString(s[head:])
		n := quotedSize(r, size)
		if used+n > headRoom {
			break
		}
		used += n
		head += size
	}
	tail := len(s)
	for tail > head {
		r, size := utf8.DecodeLastRuneInString(s[:tail])
		n := quotedSize(r, size)
		if used+n > room {
			break
		}
		used += n
		tail -= size
	}
	return strconv.Quote(s[:head] + "…" + s[tail:])
}

// quotedSize is the bytes strconv.Quote writes for the rune r of size
// bytes.
func quotedSize(r rune, size int) int {
	if r == utf8.RuneError && size == 1 {
		return len(`\x00`)
	}
	return len(strconv.Quote(string(r))) - len(`""`)
}

// Clip returns an error message as Hexfire shows it: on one line (line
// breaks become spaces) and cut to at most MaxErrorLength bytes, ending in
// "…" when cut. It is the last guard of the length: the values in a
// message are cut by Quote.
func Clip(msg string) string {
	msg = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(msg)
	if len(msg) <= MaxErrorLength {
		return msg
	}
	cut := MaxErrorLength - len("…")
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut] + "…"
}
