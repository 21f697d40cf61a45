package maps

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"testing/fstest"

	"hexfire/fileio"
)

// Limits on a map sent as its files (LoadFiles), as a hexfire-server takes
// one uploaded: our own choices, well above a map of the program's own
// with its tileset and image beside it (about 140 KB in four files) and
// far below the loader's own limits, since a server keeps every battle's
// files.
const (
	// MaxFilesCount bounds the files of one map sent as its files.
	MaxFilesCount = 16
	// MaxFilesBytes bounds their bytes together.
	MaxFilesBytes = 2 << 20
	// MaxFileNameLength is the longest name of one of them, in bytes.
	MaxFileNameLength = 64
)

// CheckFileName checks the name of a file of a map sent as its files: a
// plain name, of letters, digits, '.', '_' and '-', not starting with '.',
// at most MaxFileNameLength bytes; no folder, so no path leads out of
// the set of files.
func CheckFileName(name string) error {
	if name == "" || len(name) > MaxFileNameLength {
		return fmt.Errorf("file name %s: want 1 to %d bytes", fileio.Quote(name), MaxFileNameLength)
	}
	if name[0] == '.' {
		return fmt.Errorf("file name %s: starts with '.'", fileio.Quote(name))
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
		if !ok {
			return fmt.Errorf("file name %s: a plain file name has only letters, digits, '.', '_' and '-' (no folder)", fileio.Quote(name))
		}
	}
	return nil
}

// CheckFiles checks a map's files, by name, against the limits above:
// how many, how large in all, and each name (CheckFileName).
func CheckFiles(files map[string][]byte) error {
	if len(files) > MaxFilesCount {
		return fmt.Errorf("%d files: at most %d", len(files), MaxFilesCount)
	}
	total := 0
	for _, name := range slices.Sorted(keys(files)) {
		if err := CheckFileName(name); err != nil {
			return err
		}
		total += len(files[name])
	}
	if total > MaxFilesBytes {
		return fmt.Errorf("%d bytes of files in all: at most %d", total, MaxFilesBytes)
	}
	return nil
}

// keys yields the names of files.
func keys(files map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for name := range files {
			if !yield(name) {
				return
			}
		}
	}
}

// LoadFiles loads the map name of files, a map and the tilesets,
// templates and images it refers to by their plain names, as Load
// does (the same loader and limits): nothing outside files can be read.
// The files must pass CheckFiles, and each must be read by the map: one
// it never reads is an error naming it.
func LoadFiles(files map[string][]byte, name string, types UnitTypes) (*Scenario, error) {
	if err := CheckFiles(files); err != nil {
		return nil, err
	}
	if _, ok := files[name]; !ok {
		return nil, fmt.Errorf("map %s: not one of the files", fileio.Quote(name))
	}
	mem := fstest.MapFS{}
	for n, data := range files {
		mem[n] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	rec := &readFS{fsys: mem, read: map[string]bool{}}
	sc, err := Load(rec, name, types)
	if err != nil {
		return nil, err
	}
	for _, n := range slices.Sorted(keys(files)) {
		if !rec.read[n] {
			return nil, fmt.Errorf("file %s: the map %s never refers to it", fileio.Quote(n), fileio.Quote(name))
		}
	}
	return sc, nil
}

// readFS is a file system that notes the names opened in it.
type readFS struct {
	fsys fs.FS
	mu   sync.Mutex
	read map[string]bool
}

func (r *readFS) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		r.mu.Lock()
		r.read[name] = true
		r.mu.Unlock()
	}
	return f, err
}

// FilesOf returns the files the map name in fsys reads, by name: the map
// itself and the tilesets, templates and images it refers to, as
// LoadFiles takes them. Each must lie beside the map under a plain name
// (CheckFileName), and together they must pass CheckFiles; the map must
// load.
func FilesOf(fsys fs.FS, name string, types UnitTypes) (map[string][]byte, error) {
	rec := &readFS{fsys: fsys, read: map[string]bool{}}
	_, err := Load(rec, name, types)
	for _, n := range slices.Sorted(func(yield func(string) bool) {
		for n := range rec.read {
			if !yield(n) {
				return
			}
		}
	}) {
		if CheckFileName(n) != nil {
			return nil, fmt.Errorf("map %s refers to %s, not a file beside it by a plain name (letters, digits, '.', '_' and '-'): copy it beside the map and refer to it by its name", fileio.Quote(name), fileio.Quote(n))
		}
	}
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for n := range rec.read {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		files[n] = data
	}
	if err := CheckFiles(files); err != nil {
		return nil, fmt.Errorf("map %s: %w", fileio.Quote(name), err)
	}
	return files, nil
}
