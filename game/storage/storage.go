package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/maps"
	"hexfire/units"
)

// Storage keeps the game's files by name: the settings, the autosave, the
// last replay and the saves. On a desktop they are files in the user's
// config directory (Dir, dir.go); in a browser, entries of its local
// storage (browser_js.go over KeyStorage).
type Storage interface {
	// Where names the file in a message to the player: its path, or where
	// the browser keeps it.
	Where(name string) string
	// Read returns the file's bytes, or an error wrapping fs.ErrNotExist
	// when there is none.
	Read(name string) ([]byte, error)
	// Write replaces the file's bytes at once: a failed write leaves the
	// old bytes in place.
	Write(name string, data []byte) error
	// Remove removes the file; one that is not there is no error.
	Remove(name string) error
	// ReadSave reads and checks a save file without replaying it.
	ReadSave(name string) (battle.Save, error)
	// WriteSave writes battle b's save file.
	WriteSave(b *battle.Battle, name string) error
}

// StoredPrefix marks a scenario source kept in the game's Storage (a map
// the player picked in a browser) rather than on disk or embedded.
const StoredPrefix = "stored:"

// MaxStoredBytes bounds one value of a KeyStorage: the browsers' local
// storage holds about 5 MB an origin, and a save is read with
// battle.MaxSaveBytes as its limit on disk.
const MaxStoredBytes = battle.MaxSaveBytes

// KeyValues is a store of byte values by key: a browser's local storage,
// or a map in tests (storagetest.MapValues).
type KeyValues interface {
	// Get returns the value under key, and whether there is one.
	Get(key string) ([]byte, bool)
	// Set puts value under key, or fails (a full quota).
	Set(key string, value []byte) error
	// Remove removes the value under key, if there is one.
	Remove(key string)
}

// KeyStorage is a Storage over a key-value store (Values), each file a value under
// "hexfire/" and its name. Saves name their scenario as battle.Save does
// ("embedded:PATH", or StoredPrefix and a name in the same store).
type KeyStorage struct{ Values KeyValues }

// keyPrefix starts every key Hexfire writes, so other pages of the same
// origin keep their own.
const keyPrefix = "hexfire/"

// Where says the file is in the browser's storage.
func (s KeyStorage) Where(name string) string { return "browser storage: " + name }

// Read returns the value of the file, refused over MaxStoredBytes.
func (s KeyStorage) Read(name string) ([]byte, error) {
	data, ok := s.Values.Get(keyPrefix + name)
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: s.Where(name), Err: fs.ErrNotExist}
	}
	if len(data) > MaxStoredBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", s.Where(name), len(data), MaxStoredBytes)
	}
	return data, nil
}

// Write puts data under the file's key.
func (s KeyStorage) Write(name string, data []byte) error {
	if err := s.Values.Set(keyPrefix+name, data); err != nil {
		return fmt.Errorf("%s: %w", s.Where(name), err)
	}
	return nil
}

// Remove removes the file's key.
func (s KeyStorage) Remove(name string) error {
	s.Values.Remove(keyPrefix + name)
	return nil
}

// ReadSave reads and checks the save kept as name.
func (s KeyStorage) ReadSave(name string) (battle.Save, error) {
	data, err := s.Read(name)
	if err != nil {
		return battle.Save{}, err
	}
	sv, err := battle.ParseSave(data)
	if err != nil {
		return battle.Save{}, fmt.Errorf("load %s: %w", s.Where(name), err)
	}
	return sv, nil
}

// WriteSave keeps b's save as name, indented as a save file is.
func (s KeyStorage) WriteSave(b *battle.Battle, name string) error {
	data, err := json.MarshalIndent(b.Save(), "", "  ")
	if err == nil {
		err = s.Write(name, append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("save %s: %w", s.Where(name), err)
	}
	return nil
}

// storageFS shows a Storage as a file system for the map loader: a name
// that is not stored is looked up in the embedded assets, so a map picked
// in a browser finds the tilesets it shares with the embedded scenarios
// ("../tiles/hexfire-flat.tsx" from "scenarios/").
type storageFS struct{ s Storage }

func (f storageFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	data, err := f.s.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return assets.FS.Open(name)
	}
	if err != nil {
		return nil, err
	}
	return &storedFile{name: path.Base(name), Reader: bytes.NewReader(data), size: int64(len(data))}, nil
}

// storedFile is one stored value opened for reading.
type storedFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *storedFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *storedFile) Close() error               { return nil }
func (f *storedFile) Name() string               { return f.name }
func (f *storedFile) Size() int64                { return f.size }
func (f *storedFile) Mode() fs.FileMode          { return 0o444 }
func (f *storedFile) ModTime() time.Time         { return time.Time{} }
func (f *storedFile) IsDir() bool                { return false }
func (f *storedFile) Sys() any                   { return nil }

// OpenScenario opens a scenario source: StoredPrefix and a name in s, or
// what battle.OpenScenario opens (embedded or a file).
func OpenScenario(s Storage, source string, cat *units.Catalogue) (*maps.Scenario, error) {
	if name, ok := strings.CutPrefix(source, StoredPrefix); ok && s != nil {
		return maps.Load(storageFS{s}, name, cat)
	}
	return battle.OpenScenario(source, cat)
}

// OpenSaveScenario is battle.OpenSaveScenario for a save whose scenario
// may be kept in s.
func OpenSaveScenario(s Storage, sv battle.Save, cat *units.Catalogue) (*maps.Scenario, error) {
	if !strings.HasPrefix(sv.Scenario, StoredPrefix) || s == nil {
		return battle.OpenSaveScenario(sv, cat)
	}
	sc, err := OpenScenario(s, sv.Scenario, cat)
	if err != nil {
		return nil, fmt.Errorf("field \"scenario\": %w", err)
	}
	if sc.Digest != sv.ScenarioDigest {
		return nil, fmt.Errorf("field \"scenario_digest\": the scenario %s was %w", sv.Scenario, battle.ErrChanged)
	}
	if d := cat.Digest(); d != sv.CatalogueDigest {
		return nil, fmt.Errorf("field \"catalogue_digest\": the unit catalogue was %w", battle.ErrChanged)
	}
	return sc, nil
}

// saveLoader is a Storage that loads saves its own way (files: with
// battle.LoadSave, which reads a scenario relative to the save's folder).
type saveLoader interface {
	loadSave(name string, cat *units.Catalogue) (*battle.Battle, error)
}

// LoadSave reads the save called name from s and replays it on its
// scenario, as battle.LoadSave does with a file.
func LoadSave(s Storage, name string, cat *units.Catalogue) (*battle.Battle, error) {
	if l, ok := s.(saveLoader); ok {
		return l.loadSave(name, cat)
	}
	sv, err := s.ReadSave(name)
	if err != nil {
		return nil, err
	}
	sc, err := OpenSaveScenario(s, sv, cat)
	if err == nil {
		var b *battle.Battle
		if b, err = battle.Replay(sc, cat, sv); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("load %s: %w", s.Where(name), err)
}
