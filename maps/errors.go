package maps

import (
	"fmt"
	"regexp"

	"hexfire/fileio"
)

// loadError is an error of Load: its message starts with "maps: " and the
// file name, on one line of at most fileio.fileio.MaxErrorLength bytes.
type loadError struct {
	msg string
	err error
}

func (e *loadError) Error() string { return e.msg }
func (e *loadError) Unwrap() error { return e.err }

func newLoadError(name string, err error) error {
	return &loadError{msg: fileio.Clip("maps: " + name + ": " + err.Error()), err: err}
}

// leadingLine matches the line number that opens the scan's errors.
var leadingLine = regexp.MustCompile(`^line [0-9]+: `)

// hideOutside returns err, a problem with the contents of the file at p,
// as it is when p lies in the map's folder. For a file outside it the
// error keeps only the line it gives, if any: a map may name any file as
// its tileset or template, and an error must not show the contents of a
// file its author may not own.
func (l *loader) hideOutside(p string, err error) error {
	if err == nil || l.src.beside(l.name, p) {
		return err
	}
	where := "the file"
	if line := leadingLine.FindString(err.Error()); line != "" {
		where = line[:len(line)-len(": ")] + " of the file"
	}
	return fmt.Errorf("an error on %s, which lies outside the map's folder: its contents are not shown (put the file beside the map to see the error)", where)
}
