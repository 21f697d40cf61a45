package storage

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"hexfire/battle"
	"hexfire/units"
)

// Dir keeps the game's files in the folder Path (the user's config
// directory): a relative name is a file in it, an absolute one (a -save
// given on the command line) is itself; with no folder, names are paths
// from the working directory. Writes go through fileio.WriteFileAtomic,
// saves through battle's own atomic WriteSave.
type Dir struct{ Path string }

func (s Dir) path(name string) string {
	if s.Path == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.Path, name)
}

// Where is the file's path.
func (s Dir) Where(name string) string { return s.path(name) }

// Read reads the file.
func (s Dir) Read(name string) ([]byte, error) { return os.ReadFile(s.path(name)) }

// Write replaces the file atomically, making its folder first.
func (s Dir) Write(name string, data []byte) error {
	return writeFileAtomic(s.path(name), data)
}

// Remove removes the file; a missing one is no error.
func (s Dir) Remove(name string) error {
	if err := os.Remove(s.path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// ReadSave reads and checks the save file at name.
func (s Dir) ReadSave(name string) (battle.Save, error) { return battle.ReadSave(s.path(name)) }

// WriteSave writes b's save file at name, making its folder first.
func (s Dir) WriteSave(b *battle.Battle, name string) error {
	p := s.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return b.WriteSave(p)
}

func (s Dir) loadSave(name string, cat *units.Catalogue) (*battle.Battle, error) {
	return battle.LoadSave(s.path(name), cat)
}
