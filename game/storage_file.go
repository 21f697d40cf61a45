package game

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"hexfire/battle"
	"hexfire/units"
)

// dirStorage keeps the game's files in a folder (the user's config
// directory): a relative name is a file in it, an absolute one (a -save
// given on the command line) is itself; with no folder, names are paths
// from the working directory. Writes go through fileio.WriteFileAtomic,
// saves through battle's own atomic WriteSave.
type dirStorage struct{ dir string }

func (s dirStorage) path(name string) string {
	if s.dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.dir, name)
}

func (s dirStorage) Where(name string) string { return s.path(name) }

func (s dirStorage) Read(name string) ([]byte, error) { return os.ReadFile(s.path(name)) }

func (s dirStorage) Write(name string, data []byte) error {
	return writeFileAtomic(s.path(name), data)
}

func (s dirStorage) Remove(name string) error {
	if err := os.Remove(s.path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (s dirStorage) ReadSave(name string) (battle.Save, error) { return battle.ReadSave(s.path(name)) }

func (s dirStorage) WriteSave(b *battle.Battle, name string) error {
	p := s.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return b.WriteSave(p)
}

func (s dirStorage) loadSave(name string, cat *units.Catalogue) (*battle.Battle, error) {
	return battle.LoadSave(s.path(name), cat)
}
